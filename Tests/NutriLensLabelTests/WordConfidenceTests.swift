import XCTest
@testable import NutriLensLabel

/// The OCR engine's word confidence lowers the confidence of the entry whose value cell holds the word
/// (`NutritionParser.Options.wordConfidenceWeight`), so a misread digit the checks cannot see still gets flagged.
final class WordConfidenceTests: XCTestCase {
    /// One table row per line, words boxed left to right; `confidences` overrides the 0.96 of a word by its text.
    private func lines(_ confidences: [String: Double] = [:]) -> [TextLine] {
        let rows = [["Nutrition", "per", "100", "g"], ["Energy", "1046", "kJ"], ["Energy", "250", "kcal"],
                    ["Fat", "3.2", "g"], ["Carbohydrate", "44", "g"], ["Protein", "8.0", "g"], ["Salt", "0.40", "g"]]
        return rows.enumerated().map { row, words in
            var x = 10.0
            return TextLine(words: words.map { text in
                let width = Double(text.count) * 14
                defer { x += width + 12 }
                return TextWord(text: text, box: TextBox(x: x, y: 10 + Double(row) * 40, width: width, height: 24),
                                confidence: confidences[text] ?? 0.96)
            })
        }
    }

    func testLowWordConfidenceFlagsItsEntryOnly() throws {
        let parser = NutritionParser()
        let clean = try XCTUnwrap(try parser.parse(lines: lines()))
        let doubtful = try XCTUnwrap(try parser.parse(lines: lines(["3.2": 0.2])))
        assertValue(doubtful, "fat_100g", "3.2")
        let fat = try XCTUnwrap(doubtful["fat_100g"]), cleanFat = try XCTUnwrap(clean["fat_100g"])
        // × (1 − 0.5 × 0.8) against × (1 − 0.5 × 0.04) for the clean read.
        XCTAssertEqual(fat.confidence / cleanFat.confidence, 0.6 / 0.98, accuracy: 1e-9)
        XCTAssertTrue(fat.needsReview)
        XCTAssertFalse(cleanFat.needsReview)
        for key in ["carbohydrates_100g", "proteins_100g", "salt_100g", "energy-kj_100g", "energy-kcal_100g"] {
            XCTAssertEqual(doubtful[key]?.confidence, clean[key]?.confidence, key)
        }
    }

    func testWeightZeroLeavesTheGrammarsConfidence() throws {
        let grammarOnly = NutritionParser(options: .init(wordConfidenceWeight: 0))
        let clean = try XCTUnwrap(try grammarOnly.parse(lines: lines()))
        let doubtful = try XCTUnwrap(try grammarOnly.parse(lines: lines(["3.2": 0.2, "44": 0.1])))
        XCTAssertEqual(doubtful.entries.map(\.confidence), clean.entries.map(\.confidence))
        XCTAssertEqual(doubtful.entries.map(\.needsReview), clean.entries.map(\.needsReview))
        // Plain text carries no word confidence: the default weight changes nothing there.
        let text = lines().map(\.text).joined(separator: "\n")
        XCTAssertEqual(try NutritionParser().parse(text: text)?.entries.map(\.confidence),
                       try grammarOnly.parse(text: text)?.entries.map(\.confidence))
    }
}
