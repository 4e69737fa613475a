import Foundation
import NutriLens

/// How one scanned image compares with its ground truth.
public struct ImageScore: Codable, Sendable, Equatable {
    /// The image's path.
    public var path: String
    /// Scored nutriment keys in the truth.
    public var truthFields: Int
    /// Scored nutriment keys predicted.
    public var predictedFields: Int
    /// Keys predicted with the right value and qualifier.
    public var correctFields: Int
    /// Per key: `correct`, `wrong` (present in both, value or qualifier differs), `missed` (truth only),
    /// `spurious` (prediction only).
    public var outcomes: [String: FieldOutcome]
    /// Whether the whole table matched (every truth field correct, nothing spurious); absent when the truth has no table.
    public var tableExact: Bool?
    /// Barcodes the truth lists (0 when it lists none).
    public var truthBarcodes: Int
    /// Truth barcodes read: the scan read one with the same identity (GTIN-13 normal form for GTIN symbologies,
    /// otherwise the trimmed text; `BarcodeIdentity`).
    public var correctBarcodes: Int
    /// Predicted barcodes whose GTIN matches no truth barcode.
    public var spuriousBarcodes: Int
    /// Whether the predicted kind equals the truth's; absent when the truth has no kind.
    public var kindCorrect: Bool?
    /// The scan's error kind when the scan failed.
    public var error: ScanFailure.Kind?
    /// The scan's total milliseconds.
    public var totalMs: Double?
    /// Milliseconds of the scan's OCR stage (`ScanResult.timingsMs[.ocr]`); absent when OCR did not run.
    public var ocrMs: Double?

    /// Field recall of this image (1 when the truth has no fields).
    public var recall: Double { truthFields == 0 ? 1 : Double(correctFields) / Double(truthFields) }
    /// Field precision of this image (1 when nothing was predicted).
    public var precision: Double { predictedFields == 0 ? 1 : Double(correctFields) / Double(predictedFields) }

    enum CodingKeys: String, CodingKey {
        case path, outcomes, error
        case truthFields = "truth_fields", predictedFields = "predicted_fields", correctFields = "correct_fields"
        case tableExact = "table_exact", truthBarcodes = "truth_barcodes", correctBarcodes = "correct_barcodes"
        case spuriousBarcodes = "spurious_barcodes", kindCorrect = "kind_correct", totalMs = "total_ms"
        case ocrMs = "ocr_ms"
    }
}

/// What happened to one nutriment key on one image.
public enum FieldOutcome: String, Codable, Sendable {
    /// `correct`: in truth and prediction with the same value (at the printed precision) and qualifier; `wrong`: in
    /// both, value or qualifier differs; `missed`: in the truth only; `spurious`: in the prediction only.
    case correct, wrong, missed, spurious
}

extension ImageScore {
    /// Scores `result` against `truth` with the rules of `FieldScoring` and `GTIN`, for the `stages` the scan ran
    /// (default all). What a stage left out was not read, so it is not scored (since session 21; before,
    /// `--no-classifier` scored the kind the other stages' cheap signals give and `--no-barcode` missed every code):
    /// without `.nutrition` no field or table (`truthFields`, `predictedFields` 0, `outcomes` empty, `tableExact`
    /// nil), without `.barcode` no barcode (`truthBarcodes`, `correctBarcodes`, `spuriousBarcodes` 0), without
    /// `.classifier` no kind (`kindCorrect` nil). ``EvaluationReport/notScored`` names them for the report.
    public init(result: ScanResult, truth: GroundTruth, stages: ScannerConfiguration.Stages = .all) {
        path = result.path ?? "?"
        error = result.error?.kind
        totalMs = result.timingsMs?[.total]
        ocrMs = result.timingsMs?[.ocr]
        let nutritionRan = stages.contains(.nutrition)
        let truthValues = nutritionRan ? (truth.nutrition?.nutriments ?? [:]).filter { FieldScoring.isScored($0.key) } : [:]
        let predicted = nutritionRan ? (result.nutrition?.nutriments ?? [:]).filter { FieldScoring.isScored($0.key) } : [:]
        var outcomes: [String: FieldOutcome] = [:]
        for (key, value) in truthValues {
            guard let guess = predicted[key] else { outcomes[key] = .missed; continue }
            let ok = FieldScoring.fieldCorrect(predicted: guess, predictedQualifier: result.nutrition?.qualifiers?[key],
                                               truth: value, truthQualifier: truth.nutrition?.qualifiers?[key],
                                               printedDecimals: truth.printedDecimals[key])
            outcomes[key] = ok ? .correct : .wrong
        }
        for key in predicted.keys where truthValues[key] == nil { outcomes[key] = .spurious }
        self.outcomes = outcomes
        truthFields = truthValues.count
        predictedFields = predicted.count
        correctFields = outcomes.values.filter { $0 == .correct }.count
        tableExact = truthValues.isEmpty ? nil : (correctFields == truthFields && predictedFields == truthFields)

        let barcodeRan = stages.contains(.barcode)
        let truthGTINs = (barcodeRan ? truth.barcodes ?? [] : [])
            .map { BarcodeIdentity.identity(symbology: $0.symbology, text: $0.text) }
        let readGTINs = Set((barcodeRan ? result.barcodes ?? [] : [])
            .map { BarcodeIdentity.identity(symbology: $0.symbology, text: $0.text) })
        truthBarcodes = truthGTINs.count
        correctBarcodes = truthGTINs.filter { readGTINs.contains($0) }.count
        spuriousBarcodes = readGTINs.subtracting(truthGTINs).count
        kindCorrect = stages.contains(.classifier) ? truth.kind.map { $0 == result.kind } : nil
    }
}
