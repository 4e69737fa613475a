import Foundation
import NutriLensImaging
import NutriLensLabel

/// Adapter over `NutriLensLabel`: OCR lines or plain text → `NutritionResult` (nil when there is no nutrition table).
struct LabelStage: Sendable {
    let parser = NutritionParser()

    /// Parses OCR lines (word boxes on the page as OCR read it upright; `mapping` takes them to working-image
    /// pixels); boxes in the result are mapped to the original image, and every field names `engine`. With
    /// `rereads` (`.both`), Tesseract's reading of the re-read cells is the second-reading evidence of their fields,
    /// and the fields whose value Tesseract's text gave name `.tesseract`.
    /// - Throws: `ScanError.stageFailed(stage: "parse")` when the input exceeds the parser's size limits.
    func parse(_ lines: [TextLine], working: WorkingImage?, mapping: ReadPageMapping? = nil,
               engine: ScannerConfiguration.TextEngine? = nil,
               rereads: CellRereads.Outcome? = nil) throws -> NutritionResult? {
        guard let rereads else {
            return try Self.mapErrors { try parser.parse(lines: lines) }
                .map { Self.result(from: $0, working: working, mapping: mapping, engine: engine) }
        }
        return try Self.mapErrors {
            try parser.parse(lines: lines, secondReading: rereads.secondReading, keys: rereads.keys)
        }.map { table in
            var result = Self.result(from: table, working: working, mapping: mapping, engine: engine)
            var seen: Set<String> = []
            for entry in table.entries where seen.insert(entry.key).inserted {
                guard let box = entry.box, rereads.tesseractCells.contains(where: { CellRereads.overlaps($0, box) })
                else { continue }
                result.fields?[entry.key]?.engine = .tesseract
            }
            return result
        }
    }

    /// Parses plain text, one OCR line per line.
    func parse(text: String) throws -> NutritionResult? {
        try Self.mapErrors { try parser.parse(text: text) }.map { Self.result(from: $0, working: nil) }
    }

    /// Number of distinct nutrients in a result: the "nutrition anchor" signal for the kind scorer.
    static func anchorCount(_ nutrition: NutritionResult?) -> Int {
        Set((nutrition?.nutriments.keys).map { $0.map(NutritionResult.nutrientName(of:)) } ?? []).count
    }

    private static func mapErrors(_ body: () throws -> NutritionTable?) throws -> NutritionTable? {
        do { return try body() } catch let error as NutritionParsingError {
            throw ScanError.stageFailed(stage: "parse", message: error.description)
        }
    }

    static func result(from table: NutritionTable, working: WorkingImage?, mapping: ReadPageMapping? = nil,
                       engine: ScannerConfiguration.TextEngine? = nil) -> NutritionResult {
        var fields: [String: NutrimentDetail] = [:]
        for entry in table.entries where fields[entry.key] == nil {
            let box = entry.box.map { read -> PixelRect in
                let b = mapping?.working(read) ?? read
                let rect = PixelRect(x: Int(b.x.rounded()), y: Int(b.y.rounded()),
                                     width: Int(b.width.rounded()), height: Int(b.height.rounded()))
                return working?.toOriginal(rect) ?? rect
            }
            fields[entry.key] = NutrimentDetail(confidence: ScanResultJSON.rounded(entry.confidence, decimals: 3),
                                                needsReview: entry.needsReview, sourceText: entry.sourceText,
                                                unit: entry.unit.rawValue,
                                                referenceIntakePercent: entry.referenceIntakePercent, box: box,
                                                engine: engine)
        }
        let serving = table.servingSize
        let quantity = serving?.quantity.flatMap { $0 > 0 && serving?.unit != nil ? $0 : nil }
        return NutritionResult(language: table.language, servingSize: serving?.text, servingQuantity: quantity,
                               servingQuantityUnit: quantity == nil ? nil : serving?.unit,
                               nutriments: table.nutriments, qualifiers: table.qualifiers, fields: fields)
    }
}
