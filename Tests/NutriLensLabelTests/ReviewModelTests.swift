import XCTest
@testable import NutriLensLabel

/// Entry confidence is the review model's probability from the entry's evidence: the grammar's own confidence, the
/// OCR engine's confidence in the value cell, the table's checks and a second reading; `needsReview` is confidence
/// under the review threshold.
final class ReviewModelTests: XCTestCase {
    /// One table row per line, words boxed left to right; `confidences` overrides the 0.96 of a word by its text.
    private func lines(_ confidences: [String: Double] = [:], fat: String = "3.2") -> [TextLine] {
        let rows = [["Nutrition", "per", "100", "g"], ["Energy", "1046", "kJ"], ["Energy", "250", "kcal"],
                    ["Fat", fat, "g"], ["Carbohydrate", "44", "g"], ["Protein", "8.0", "g"], ["Salt", "0.40", "g"]]
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

    func testConfidenceIsTheModelsProbabilityOfTheEvidence() throws {
        let table = try XCTUnwrap(try NutritionParser().parse(lines: lines()))
        for entry in table.entries {
            let evidence = try XCTUnwrap(entry.evidence, entry.key)
            XCTAssertEqual(entry.confidence, ReviewModel.probability(evidence, text: .recognised), accuracy: 1e-12,
                           entry.key)
            XCTAssertEqual(entry.needsReview, entry.confidence < ReviewModel.reviewThreshold(.recognised), entry.key)
            XCTAssertEqual(evidence.recognitionConfidence ?? -1, 0.96, accuracy: 1e-9, entry.key)
        }
        // 1046 kJ / 250 kcal; 9 × 3.2 + 4 × 44 + 4 × 8 = 236.8 kcal: the column's energy matches its macros.
        XCTAssertEqual(table["fat_100g"]?.evidence?.column, .agrees)
        XCTAssertEqual(table["energy-kj_100g"]?.evidence?.energy, .agrees)
        XCTAssertEqual(table["salt_100g"]?.evidence?.energy, .unavailable)
    }

    func testLowWordConfidenceLowersItsEntryOnly() throws {
        let parser = NutritionParser()
        let clean = try XCTUnwrap(try parser.parse(lines: lines()))
        let doubtful = try XCTUnwrap(try parser.parse(lines: lines(["3.2": 0.2])))
        assertValue(doubtful, "fat_100g", "3.2")
        let fat = try XCTUnwrap(doubtful["fat_100g"]), cleanFat = try XCTUnwrap(clean["fat_100g"])
        XCTAssertEqual(fat.evidence?.recognitionConfidence ?? -1, 0.2, accuracy: 1e-9)
        XCTAssertLessThan(fat.confidence, cleanFat.confidence)
        for key in ["carbohydrates_100g", "proteins_100g", "salt_100g", "energy-kj_100g", "energy-kcal_100g"] {
            XCTAssertEqual(doubtful[key]?.confidence, clean[key]?.confidence, key)
        }
    }

    /// A second reading that gives another value lowers the value's confidence, one that agrees raises it; the
    /// first reading's values are kept.
    func testSecondReadingAgreementMovesConfidence() throws {
        let parser = NutritionParser()
        let clean = try XCTUnwrap(try parser.parse(lines: lines()))
        XCTAssertFalse(clean["fat_100g"]!.needsReview)
        let second = try XCTUnwrap(try parser.parse(lines: lines(), secondReading: lines(fat: "5.2")))
        XCTAssertEqual(second["fat_100g"]?.evidence?.secondReading, .disagrees)
        XCTAssertEqual(second["carbohydrates_100g"]?.evidence?.secondReading, .agrees)
        XCTAssertLessThan(second["fat_100g"]!.confidence, clean["fat_100g"]!.confidence)
        XCTAssertGreaterThan(second["carbohydrates_100g"]!.confidence, clean["carbohydrates_100g"]!.confidence)
        assertValue(second, "fat_100g", "3.2")
    }

    /// Evidence against a value flags it: a sub-row above its parent, or a second reading disagreeing with a value
    /// whose column fails the energy check. Plain text (session-10 weights) flags it even at a high grammar
    /// confidence (0.92); the session-16 recognised-text model weighs these contradictions less (sub-row above
    /// parent −0.90, second reading disagreeing −0.97) and more on the grammar's confidence (+1.21 per logit unit),
    /// which the grammar already lowers for such rows (every corpus field with `parent_disagrees` has a grammar
    /// confidence ≤ 0.51), so there the contradiction flags a value at the grammar confidence 0.8 and below.
    func testContradictedValuesAreFlagged() {
        for (text, grammarConfidence) in [(ReviewModel.Text.plain, 0.92), (.recognised, 0.92), (.recognised, 0.8)] {
            let plain = ReviewEvidence(grammarConfidence: grammarConfidence, recognitionConfidence: 0.95,
                                       column: .agrees)
            XCTAssertGreaterThan(ReviewModel.probability(plain, text: text), ReviewModel.reviewThreshold(text))
            var aboveParent = plain
            aboveParent.parentRow = .disagrees
            aboveParent.column = .disagrees
            var contradicted = plain
            contradicted.column = .disagrees
            contradicted.secondReading = .disagrees
            for evidence in [aboveParent, contradicted] {
                XCTAssertLessThan(ReviewModel.probability(evidence, text: text),
                                  ReviewModel.probability(plain, text: text) - 0.05, "\(text) \(grammarConfidence)")
                if text == .plain || grammarConfidence <= 0.8 {
                    XCTAssertLessThan(ReviewModel.probability(evidence, text: text), ReviewModel.reviewThreshold(text),
                                      "\(text) \(grammarConfidence)")
                }
            }
        }
    }

    /// A clean, consistent table that a second reading confirms is not flagged at all; read once, only values the
    /// checks say little about (fibre: 2 kcal/g barely moves the energy check) may fall under the 99 % bar.
    func testConfirmedCleanTableIsNotFlagged() throws {
        let text = """
            Nutrition information per 100 g
            Energy 1046 kJ / 250 kcal
            Fat 9.5 g
            of which saturates 1.2 g
            Carbohydrate 35 g
            of which sugars 12.5 g
            Fibre 3.1 g
            Protein 6.4 g
            Salt 0.75 g
            """
        let lines = text.split(separator: "\n").map { TextLine(text: String($0)) }
        let confirmed = try XCTUnwrap(try NutritionParser().parse(lines: lines, secondReading: lines))
        XCTAssertFalse(confirmed.needsReview, "\(confirmed.entries.filter(\.needsReview).map(\.key))")
        let once = try XCTUnwrap(try NutritionParser().parse(lines: lines))
        XCTAssertEqual(once.entries.filter(\.needsReview).map(\.key), ["fiber_100g"])
        XCTAssertTrue(once.entries.allSatisfy { $0.confidence > 0.95 })
    }

    func testWeightZeroLeavesTheGrammarsConfidence() throws {
        let grammarOnly = NutritionParser(options: .init(wordConfidenceWeight: 0))
        let clean = try XCTUnwrap(try grammarOnly.parse(lines: lines()))
        let doubtful = try XCTUnwrap(try grammarOnly.parse(lines: lines(["3.2": 0.2, "44": 0.1])))
        XCTAssertEqual(doubtful.entries.map(\.confidence), clean.entries.map(\.confidence))
        for entry in clean.entries {
            XCTAssertEqual(entry.confidence, entry.evidence?.grammarConfidence, entry.key)
        }
        // Plain text carries no recognition confidence: the feature is absent, not zero.
        let text = try XCTUnwrap(try NutritionParser().parse(text: lines().map(\.text).joined(separator: "\n")))
        XCTAssertTrue(text.entries.allSatisfy { $0.evidence?.recognitionConfidence == nil })
        XCTAssertEqual(ReviewModel.features(text.entries[0].evidence!)[3], 1)   // recognition_absent
    }

    func testFeatureVectorMatchesTheWeights() {
        for text in ReviewModel.Text.allCases {
            XCTAssertEqual(ReviewModel.featureNames.count, ReviewModel.fit(text).weights.count, "\(text)")
        }
        let evidence = ReviewEvidence(grammarConfidence: 0.5, servingRatio: .disagrees, secondReading: .agrees)
        let features = ReviewModel.features(evidence)
        XCTAssertEqual(features.count, ReviewModel.featureNames.count)
        XCTAssertEqual(features[0], 1)
        XCTAssertEqual(features[1], 0, accuracy: 1e-12)   // logit(0.5)
        XCTAssertEqual(features[ReviewModel.featureNames.firstIndex(of: "serving_disagrees")!], 1)
        XCTAssertEqual(features[ReviewModel.featureNames.firstIndex(of: "second_agrees")!], 1)
    }
}
