import XCTest
@testable import NutriLensLabel
import NutriLensTestSupport

/// The grammar alone: entry confidence and `needsReview` from the grammar's own checks (`wordConfidenceWeight` 0),
/// which is what the rule tests assert on; the calibrated confidence users see is tested in `ReviewModelTests`.
let grammarParser = NutritionParser(options: .init(wordConfidenceWeight: 0))

/// Parses `text` with ``grammarParser`` and fails the test when no table comes back.
func parseTable(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> NutritionTable {
    guard let table = try grammarParser.parse(text: text) else {
        XCTFail("no table parsed from:\n\(text)", file: file, line: line)
        throw XCTSkip("no table")
    }
    return table
}

/// Parses FoodLabel full photo `id`'s text (Textract, `../shared/corpus/labels/FoodLabel/ocr/full_size/ID.txt`);
/// skips the test without the shared corpus.
func foodLabelFullPhotoTable(_ id: String, file: StaticString = #filePath, line: UInt = #line) throws -> NutritionTable {
    let folder = try PackagePaths.shared("corpus/labels/FoodLabel/ocr/full_size")
    return try parseTable(String(contentsOf: folder.appendingPathComponent("\(id).txt"), encoding: .utf8),
                          file: file, line: line)
}

/// Asserts the table's value for an Open Food Facts key (value as printed, in the printed unit).
func assertValue(_ table: NutritionTable, _ key: String, _ expected: String, unit: NutrientUnit? = nil,
                 qualifier: ValueQualifier? = nil, file: StaticString = #filePath, line: UInt = #line) {
    guard let entry = table[key] else {
        XCTFail("missing \(key); have \(table.entries.map { "\($0.key)=\($0.value)" })", file: file, line: line)
        return
    }
    XCTAssertEqual(entry.value, Decimal(string: expected)!, "\(key)", file: file, line: line)
    if let unit { XCTAssertEqual(entry.unit, unit, "\(key) unit", file: file, line: line) }
    XCTAssertEqual(entry.qualifier, qualifier, "\(key) qualifier", file: file, line: line)
}

/// Reads one quantity with the number grammar.
func scanOne(_ text: String) -> ScannedQuantity? {
    NumberGrammar.scan(Array(text)).first
}

/// The property tests' seeded generator (SplitMix64, from NutriLensTestSupport).
typealias SeededGenerator = SeededRandom

/// An assembled row of the nutrient named `name` (its Open Food Facts key) whose cells are the quantities of
/// `cells` read as one line at `line`: the row-level rules' input without running the assembler.
func assembledRow(_ name: String, cells: String, line: Int) -> AssembledRow {
    let analysis = LineAnalyzer.analyze(cells, lineIndex: line)
    var row = AssembledRow(mention: LineAnalysis.Mention(nutrient: Nutrient(rawValue: name)!, language: "en",
                                                         unitHint: nil, start: 0, end: 0, edits: 0), line: analysis)
    row.cells = analysis.quantities.map { AssembledCell(quantity: $0, lineIndex: line) }
    return row
}

/// The row assembler after reading `text`, one line per text line, lines that hold no table left out: the table
/// builder's input (rows, energy cells) without the parser's line selection.
func finishedAssembler(_ text: String) -> RowAssembler {
    var assembler = RowAssembler()
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let analysis = LineAnalyzer.analyze(String(line), lineIndex: index)
        if !analysis.isNonTable { assembler.consume(analysis) }
    }
    assembler.finish()
    return assembler
}

/// The rows ``finishedAssembler(_:)`` makes of `text`.
func assembledRows(_ text: String) -> [AssembledRow] { finishedAssembler(text).rows }
