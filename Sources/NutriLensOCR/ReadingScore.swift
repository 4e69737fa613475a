import Foundation

/// How well a reading of a page reads as a nutrition table: what the reading loop (``ReadingSession``) compares
/// readings by. Computed by the caller's scorer (``ReadingScorer``; the scanner's parses the lines with the label
/// grammar), so this module needs no grammar.
///
/// Why a grammar score and not OCR confidence: a wrong skew estimate still gives confident words, but they no longer
/// line up into "name … value unit" rows, so fewer nutrients parse. Measured on ../shared/corpus/labels
/// (docs/history/ocr-sessions.md, "Deskew"): always levelling lost 10 points of field recall, choosing by this score
/// gains on both sets.
public struct ReadingScore: Comparable, Sendable, CustomStringConvertible {
    /// Distinct keys parsed, each weighted by the grammar's confidence (0…1), minus 0.5 per failed consistency check;
    /// 0 when the lines parse to no table. Readings are ordered by it.
    public var value: Double
    /// Distinct Open Food Facts keys parsed (`fat_100g`, `fat_serving`, …).
    public var fields: Int
    /// Failed consistency checks (`energy-ratio`, `saturates-exceed-fat`, …).
    public var findings: Int
    /// Every column (per 100 g, per serving, …) has the same nutrients: no row lost a value in one column.
    public var columnsComplete: Bool
    /// Languages (ISO 639-1) of the row names recognised, most frequent first; empty when nothing parsed. The first
    /// decides whether the configured language set reads the page (``OCRStrategy/LanguageRouting``).
    public var languages: [String]

    /// `value`: keys weighted by confidence minus 0.5 per failed check (0 for no table); `fields`, `findings`: counts;
    /// `columnsComplete`: no column lost a nutrient another has; `languages`: ISO 639-1 codes, most frequent first.
    public init(value: Double, fields: Int, findings: Int, columnsComplete: Bool, languages: [String]) {
        self.value = value
        self.fields = fields
        self.findings = findings
        self.columnsComplete = columnsComplete
        self.languages = languages
    }

    /// Lines that parse to no table.
    public static let none = ReadingScore(value: 0, fields: 0, findings: 0, columnsComplete: false, languages: [])

    /// A reading good enough that another is not worth its OCR time: at least as many keys as the EU mandatory seven
    /// (energy, fat, saturates, carbohydrate, sugars, protein, salt), every check passed, and no column missing a
    /// nutrient another column has (TestImages `deg_png_en`: per 100 g read whole, two per-serving values lost; the
    /// second reading read all 18).
    public var isConvincing: Bool { fields >= 7 && findings == 0 && columnsComplete }

    /// Orders readings by ``value`` alone (the other fields do not break ties: the earlier reading is kept).
    public static func < (a: ReadingScore, b: ReadingScore) -> Bool { a.value < b.value }

    /// `8f 1c 6.90`: keys, failed checks, value (the trace's spelling).
    public var description: String {
        "\(fields)f \(findings)c " + String(format: "%.2f", value)
    }
}

/// Scores the lines of one reading (boxes on the upright page, ``OCRReadingResult/lines``). Called once per reading,
/// on the reading thread.
public typealias ReadingScorer = @Sendable ([OCRLine]) -> ReadingScore
