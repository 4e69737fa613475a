import Foundation

/// What one value column holds.
struct ColumnSpec: Sendable, Hashable {
    var basis: NutritionBasis
    var preparation: Preparation
}

/// The amount columns of a table (left to right), read from header text such as "per 100 g | per portion (30 g) |
/// %RI*". %RI columns are not amount columns: percent cells are kept with the amount before them.
struct ColumnLayout: Sendable {
    var columns: [ColumnSpec]
    var servingSize: ServingSize?
    /// `true` when the columns came from printed headers rather than the default.
    var fromHeaders: Bool

    /// Reads the layout from the lines up to and around the first rows. `isUSStyle` selects the per-serving
    /// default of US/CA "Nutrition Facts" panels when no header names a column.
    static func detect(lines: [LineAnalysis], firstRowLine: Int?, isUSStyle: Bool) -> ColumnLayout {
        var servingSize: ServingSize?
        for line in lines where line.servingSize != nil {
            servingSize = line.servingSize
            if line.namesServing { break }
        }
        // Header tokens in reading order (line, then position in line).
        var tokens: [(line: Int, position: Double, spec: ColumnSpec)] = []
        let limit = firstRowLine.map { $0 + 3 } ?? Int.max
        for line in lines where line.lineIndex <= limit && !line.isNonTable {
            let hasRowName = !line.mentions.isEmpty
            if hasRowName && !line.namesPer100 { continue }
            let preparation: Preparation = line.namesPrepared ? .prepared : .asSold
            for quantity in line.quantities where !quantity.isPercent && quantity.qualifier == nil {
                guard quantity.unit == .gram || quantity.isVolume else { continue }
                let position = Double(quantity.start) + Double(line.lineIndex) * 10_000
                if quantity.value == 100 {
                    tokens.append((line.lineIndex, position, ColumnSpec(basis: .per100g, preparation: preparation)))
                } else if line.namesServing || servingSize?.quantity == quantity.value {
                    tokens.append((line.lineIndex, position, ColumnSpec(basis: .perServing, preparation: preparation)))
                }
            }
            if line.namesServing, !line.quantities.contains(where: { $0.value != 100 && !$0.isPercent }),
               !hasRowName {
                let position = Double(line.lineIndex) * 10_000 + 5_000
                tokens.append((line.lineIndex, position, ColumnSpec(basis: .perServing, preparation: preparation)))
            }
        }
        tokens.sort { $0.position < $1.position }
        var columns: [ColumnSpec] = []
        for token in tokens where !columns.contains(token.spec) {
            columns.append(token.spec)
        }
        if columns.isEmpty {
            let spec = ColumnSpec(basis: isUSStyle ? .perServing : .per100g, preparation: .asSold)
            return ColumnLayout(columns: [spec], servingSize: servingSize, fromHeaders: false)
        }
        // EU labels always print per 100 g first (Regulation 1169/2011 Art. 32); a per-serving header read
        // before it is usually a title line ("Portion 30 g + 125 ml") that OCR placed earlier.
        if !isUSStyle, let index = columns.firstIndex(where: { $0.basis == .per100g }), index > 0,
           !columns[..<index].contains(where: { $0.basis == .per100g }) {
            let per100 = columns.remove(at: index)
            columns.insert(per100, at: 0)
        }
        return ColumnLayout(columns: columns, servingSize: servingSize, fromHeaders: true)
    }
}
