import XCTest
@testable import NutriLensLabel

/// Parses `text` and fails the test when no table comes back.
func parseTable(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> NutritionTable {
    guard let table = try NutritionParser().parse(text: text) else {
        XCTFail("no table parsed from:\n\(text)", file: file, line: line)
        throw XCTSkip("no table")
    }
    return table
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

/// Deterministic pseudo-random numbers (SplitMix64) so property tests reproduce from their seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
