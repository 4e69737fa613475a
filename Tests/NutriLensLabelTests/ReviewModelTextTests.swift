import XCTest
@testable import NutriLensLabel

/// The review model is chosen by what the text is (``ReviewModel/Text``): a table none of whose values carries a
/// recogniser confidence is plain text and takes the plain-text model (session-10 weights, threshold 0.9624); any
/// recogniser confidence makes it recognised text (session-16 refit, threshold 0.9373). No option chooses it.
final class ReviewModelTextTests: XCTestCase {
    private let rows = [["Nutrition", "per", "100", "g"], ["Energy", "1046", "kJ"], ["Energy", "250", "kcal"],
                        ["Fat", "3.2", "g"], ["of", "which", "saturates", "1.2", "g"], ["Carbohydrate", "44", "g"],
                        ["Protein", "8.0", "g"], ["Salt", "0.40", "g"]]

    /// One table row per line; words boxed left to right when `boxed`, each with `confidence`.
    private func lines(boxed: Bool, confidence: Double?) -> [TextLine] {
        rows.enumerated().map { row, words in
            var x = 10.0
            return TextLine(words: words.map { text in
                let width = Double(text.count) * 14
                defer { x += width + 12 }
                let box = TextBox(x: x, y: 10 + Double(row) * 40, width: width, height: 24)
                return TextWord(text: text, box: boxed ? box : nil, confidence: confidence)
            })
        }
    }

    private func assertModel(_ table: NutritionTable, _ text: ReviewModel.Text, file: StaticString = #filePath,
                             line: UInt = #line) throws {
        XCTAssertEqual(ReviewModel.Text(table.entries.compactMap(\.evidence)), text, file: file, line: line)
        for entry in table.entries {
            let evidence = try XCTUnwrap(entry.evidence, entry.key, file: file, line: line)
            XCTAssertEqual(entry.confidence, ReviewModel.probability(evidence, text: text), accuracy: 1e-12,
                           entry.key, file: file, line: line)
            XCTAssertEqual(entry.needsReview, entry.confidence < ReviewModel.reviewThreshold(text), entry.key,
                           file: file, line: line)
        }
    }

    func testTheTextDecidesTheModel() throws {
        let parser = NutritionParser()
        let text = rows.map { $0.joined(separator: " ") }.joined(separator: "\n")
        try assertModel(try XCTUnwrap(try parser.parse(text: text)), .plain)
        try assertModel(try XCTUnwrap(try parser.parse(lines: lines(boxed: true, confidence: nil))), .plain)
        // Confidences without boxes reach no value cell: the evidence is that of plain text.
        try assertModel(try XCTUnwrap(try parser.parse(lines: lines(boxed: false, confidence: 0.9))), .plain)
        try assertModel(try XCTUnwrap(try parser.parse(lines: lines(boxed: true, confidence: 0.9))), .recognised)
    }

    /// The same values and checks get different probabilities from the two models, and plain text keeps exactly the
    /// session-10 model (what FoodLabel and `nutrilens parse` were measured with).
    func testPlainTextKeepsTheSessionTenModel() throws {
        let table = try XCTUnwrap(try NutritionParser().parse(text: rows.map { $0.joined(separator: " ") }
            .joined(separator: "\n")))
        let fat = try XCTUnwrap(table["fat_100g"]?.evidence)
        XCTAssertEqual(ReviewModel.reviewThreshold(.plain), 0.9624)
        let score = zip(ReviewModel.features(fat), ReviewModel.plain.weights).reduce(0) { $0 + $1.0 * $1.1 }
        XCTAssertEqual(table["fat_100g"]?.confidence ?? -1, 1 / (1 + exp(-score)), accuracy: 1e-12)
        XCTAssertNotEqual(ReviewModel.probability(fat, text: .plain), ReviewModel.probability(fat, text: .recognised),
                          accuracy: 1e-3)
    }

    /// In recognised text a value whose cell got no recogniser confidence counts as typical (the fitted fields'
    /// median recognition logit), not as doubtful (logit 0, i.e. confidence 0.5).
    func testRecognisedValueWithoutItsOwnConfidenceIsImputed() throws {
        let missing = ReviewEvidence(grammarConfidence: 0.9, column: .agrees)
        let logit = try XCTUnwrap(ReviewModel.recognised.absentRecognitionLogit)
        var typical = missing
        typical.recognitionConfidence = 1 / (1 + exp(-logit))
        var doubtful = missing
        doubtful.recognitionConfidence = 0.5
        XCTAssertEqual(ReviewModel.probability(missing, text: .recognised),
                       ReviewModel.probability(typical, text: .recognised), accuracy: 1e-9)
        XCTAssertGreaterThan(ReviewModel.probability(missing, text: .recognised),
                             ReviewModel.probability(doubtful, text: .recognised))
    }

    /// A threshold set in the options overrides both models' own.
    func testOptionThresholdOverridesBothModels() throws {
        let strict = NutritionParser(options: .init(reviewThreshold: 0.9999))
        for input in [lines(boxed: true, confidence: 0.9), lines(boxed: true, confidence: nil)] {
            let table = try XCTUnwrap(try strict.parse(lines: input))
            XCTAssertTrue(table.entries.allSatisfy(\.needsReview), "\(table.entries.map(\.confidence))")
        }
    }
}
