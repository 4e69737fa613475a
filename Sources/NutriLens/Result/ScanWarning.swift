/// Something a user should know that did not stop the scan, as it appears in `ScanResult.warnings`: a typed ``code``
/// to act on, and the ``message`` for people. JSON: the message alone, as a string (the same bytes as before the
/// codes existed); decoding infers the code from the message.
public struct ScanWarning: Codable, Sendable, Equatable, CustomStringConvertible {
    /// What kind of warning.
    public enum Code: String, Sendable, Equatable, CaseIterable {
        /// The decoder recovered from damage or dropped something (`decoder: …`, from `DecodedPhoto.warnings`).
        case decoder
        /// The barcode search stopped at its budget with steps left and found nothing: raise `barcodeTimeBudget`.
        case barcodeBudget = "barcode_budget"
        /// OCR stopped at its CPU budget; the table may be incomplete: raise `ocrTimeBudget`.
        case ocrBudget = "ocr_budget"
        /// `.foodFirst` routing skipped OCR because the photo looks like food.
        case ocrSkippedForFood = "ocr_skipped_for_food"
        /// `NutritionTextReader` found no nutrition table in the text.
        case noTableInText = "no_table_in_text"
        /// A decoded message this version does not know.
        case other
    }

    /// What kind of warning; decoding infers it from the message's start (``Code/other`` when no known start matches).
    public var code: Code
    /// One sentence for people, naming the setting or flag that changes it.
    public var message: String

    /// `code`: what kind of warning; `message`: the sentence shown to people (and written to JSON), which should start
    /// with the code's marker (see `prefixes`) so that decoding gives the same code back.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message (what `ScanResult` JSON holds for a warning).
    public var description: String { message }

    /// The message's start that marks each code (``Code/other`` has none).
    static let prefixes: [(Code, String)] = [
        (.decoder, "decoder: "), (.barcodeBudget, "barcode search stopped"), (.ocrBudget, "OCR stopped at its"),
        (.ocrSkippedForFood, "nutrition OCR skipped"), (.noTableInText, "no nutrition table found in the text"),
    ]

    /// Decodes a JSON string as the message and infers ``code`` from how it starts (`.other` when nothing matches).
    /// - Throws: `DecodingError` when the value is not a string.
    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        message = text
        code = Self.prefixes.first { text.hasPrefix($0.1) }?.0 ?? .other
    }

    /// Encodes the message alone, as a JSON string (``code`` is not written; decoding infers it).
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(message)
    }
}

extension ScanWarning {
    /// A decoder's warning (`DecodedPhoto.warnings`).
    static func decoder(_ text: String) -> ScanWarning { ScanWarning(.decoder, "decoder: " + text) }

    /// The barcode search ran out of its budget, naming the budget and the CLI flag that raises it.
    static func barcodeBudget(_ budget: Double) -> ScanWarning {
        ScanWarning(.barcodeBudget, "barcode search stopped at its \(budget) s budget; raise --barcode-budget")
    }

    /// OCR ran out of its budget, naming the budget (as typed) and the CLI flag that raises it.
    static func ocrBudget(_ budget: Double) -> ScanWarning {
        let seconds = budget == budget.rounded() && budget < 1e6 ? String(Int(budget)) : String(budget)
        return ScanWarning(.ocrBudget, "OCR stopped at its \(seconds) s budget; the table may be incomplete; raise --ocr-budget")
    }

    /// OCR skipped under `.foodFirst` routing; `probability` is the food probability, rounded to 2 decimals.
    static func ocrSkippedForFood(probability: Double) -> ScanWarning {
        ScanWarning(.ocrSkippedForFood, "nutrition OCR skipped: photo looks like food (p=\(probability))")
    }

    /// No table in text given to `NutritionTextReader`.
    static let noTableInText = ScanWarning(.noTableInText, "no nutrition table found in the text")
}
