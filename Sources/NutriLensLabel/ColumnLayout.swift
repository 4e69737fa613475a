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
    /// `true` for US/CA panels (per serving by default; no per-100 g column implied).
    var isUSStyle = false

    /// Reads the layout from the header zone: the lines from 12 before to 3 after `tableStart` (the energy row, or
    /// the first row) that name no nutrient. `isUSStyle` selects the per-serving default of US/CA "Nutrition
    /// Facts" panels when no header names a column.
    static func detect(lines: [LineAnalysis], tableStart: Int?, isUSStyle: Bool) -> ColumnLayout {
        let start = tableStart ?? 0
        let zone = lines.filter { $0.lineIndex >= start - 12 && $0.lineIndex <= start + 3 && !$0.isNonTable }
        var servingSize: ServingSize?
        for line in zone where line.servingSize != nil {
            servingSize = line.servingSize
            if line.namesServing { break }
        }
        if servingSize == nil {
            servingSize = lines.first { $0.servingSize != nil && $0.namesServing && !$0.isNonTable }?.servingSize
        }
        // Header tokens in reading order (line, then position in line).
        var tokens: [(position: Double, spec: ColumnSpec)] = []
        for line in zone {
            if !line.mentions.isEmpty && !line.namesPer100 { continue }
            let preparation: Preparation = line.namesPrepared ? .prepared : .asSold
            // "Portion (100 ml)" with the unit misread: a bare 100 on a serving line is still the 100 g/ml column.
            let amounts = line.quantities.filter {
                !$0.isPercent && $0.qualifier == nil
                    && ($0.unit == .gram || $0.isVolume || ($0.unit == nil && $0.value == 100 && line.namesServing))
            }
            for quantity in amounts {
                let position = Double(quantity.start) + Double(line.lineIndex) * 10_000
                if quantity.value == 100 {
                    tokens.append((position, ColumnSpec(basis: .per100g, preparation: preparation)))
                } else if line.namesServing || servingSize?.quantity == quantity.value
                            || (line.isBareQuantityLine && line.lineIndex < start
                                && tokens.contains { $0.spec.basis == .per100g }) {
                    // "100 g" then "30 g" on the next line above the first row: the second column's header.
                    tokens.append((position, ColumnSpec(basis: .perServing, preparation: preparation)))
                    if servingSize == nil {
                        servingSize = ServingSizeParser.parse(line.text, quantities: [quantity])
                    }
                }
            }
            if line.namesServing, amounts.isEmpty, line.mentions.isEmpty, line.wordCount <= 5 {
                let position = Double(line.lineIndex) * 10_000 + 5_000
                tokens.append((position, ColumnSpec(basis: .perServing, preparation: preparation)))
            }
        }
        tokens.sort { $0.position < $1.position }
        var columns: [ColumnSpec] = []
        for token in tokens where !columns.contains(token.spec) {
            columns.append(token.spec)
        }
        if columns.isEmpty {
            let spec = ColumnSpec(basis: isUSStyle ? .perServing : .per100g, preparation: .asSold)
            return ColumnLayout(columns: [spec], servingSize: servingSize, fromHeaders: false, isUSStyle: isUSStyle)
        }
        // A per-serving header read before per 100 g is usually a title line ("Portion 30 g + 125 ml") that OCR
        // placed earlier; EU labels print per 100 g first.
        if !isUSStyle, let index = columns.firstIndex(where: { $0.basis == .per100g }), index > 0 {
            let per100 = columns.remove(at: index)
            columns.insert(per100, at: 0)
        }
        return ColumnLayout(columns: columns, servingSize: servingSize, fromHeaders: true, isUSStyle: isUSStyle)
    }
}
