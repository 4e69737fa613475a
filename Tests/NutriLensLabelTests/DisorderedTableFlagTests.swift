import XCTest
@testable import NutriLensLabel

/// The review flag on disordered tables (``ReviewModel/flagsDisorder(_:)``, session 19): a row with fewer cells than
/// the table's columns, or another row failing a check of its own, flags the value whatever the model's probability;
/// an ordered table keeps the model's flags. Rendered text, plain (no recogniser confidences), independent of FoodLabel.
final class DisorderedTableFlagTests: XCTestCase {
    private func parse(_ rows: [String]) throws -> NutritionTable {
        try XCTUnwrap(try NutritionParser().parse(text: rows.joined(separator: "\n")))
    }

    private let twoColumns = ["Nutrition facts", "per 100 g per portion (30 g)",
                              "Energy 1500 kJ / 357 kcal 450 kJ / 107 kcal", "Fat 10 g 3.0 g",
                              "of which saturates 4.0 g 1.2 g", "Carbohydrate 50 g 15 g", "of which sugars 20 g 6.0 g",
                              "Protein 15 g 4.5 g", "Salt 1.0 g 0.30 g"]

    /// Per 100 g and per portion, every row in both, every serving ratio 0.3: nothing is disordered or flagged.
    func testOrderedTwoColumnTableStaysUnflagged() throws {
        let table = try parse(twoColumns)
        try assertInStep(table, entries: 16)
    }

    /// Every entry of `table` (`entries` of them) has evidence of neither class and is not flagged.
    private func assertInStep(_ table: NutritionTable, entries: Int, line: UInt = #line) throws {
        XCTAssertEqual(table.entries.count, entries, line: line)
        for entry in table.entries {
            let evidence = try XCTUnwrap(entry.evidence, entry.key, line: line)
            XCTAssertFalse(evidence.unpairedRow, entry.key, line: line)
            XCTAssertEqual(evidence.otherRowsContradicted, 0, entry.key, line: line)
            XCTAssertFalse(entry.needsReview, entry.key, line: line)
        }
    }

    /// The sugars row lost its per-portion cell: its one value is flagged (which column it belongs to is what a lost
    /// or moved cell makes uncertain); the rows with both cells are not, though its value is as confident as theirs.
    func testRowWithFewerCellsThanTheTableIsFlagged() throws {
        var rows = twoColumns
        rows[6] = "of which sugars 20 g"
        let table = try parse(rows)
        let sugars = try XCTUnwrap(table["sugars_100g"])
        XCTAssertEqual(sugars.value, 20)
        XCTAssertNil(table["sugars_serving"])
        XCTAssertTrue(try XCTUnwrap(sugars.evidence).unpairedRow)
        XCTAssertGreaterThanOrEqual(sugars.confidence, ReviewModel.reviewThreshold(.plain))   // the model alone passes it
        XCTAssertTrue(sugars.needsReview)
        for key in ["fat_100g", "fat_serving", "carbohydrates_100g", "proteins_serving", "salt_100g"] {
            let entry = try XCTUnwrap(table[key], key)
            XCTAssertFalse(try XCTUnwrap(entry.evidence).unpairedRow, key)
            XCTAssertFalse(entry.needsReview, key)
        }
    }

    /// The same table read by a recogniser (words with boxes and confidences): the recognised-text model decides
    /// alone; the rule is for plain text, where no recogniser confidence tells such values apart.
    func testRecognisedTextKeepsTheModelsFlag() throws {
        var rows = twoColumns
        rows[6] = "of which sugars 20 g"
        let lines = RecognisedLines.lines(rows)
        let table = try XCTUnwrap(try NutritionParser().parse(lines: lines))
        let sugars = try XCTUnwrap(table["sugars_100g"])
        XCTAssertEqual(sugars.value, 20)
        XCTAssertNotNil(sugars.evidence?.recognitionConfidence)
        XCTAssertTrue(try XCTUnwrap(sugars.evidence).unpairedRow)
        XCTAssertEqual(sugars.needsReview, sugars.confidence < ReviewModel.reviewThreshold(.recognised))
    }

    private let withIntakes = ["Nutrition facts", "per 100 g %RI*", "Energy 1500 kJ / 357 kcal 18%", "Fat 10 g 14%",
                               "of which saturates 4.0 g 20%", "Carbohydrate 50 g 19%", "of which sugars 20 g 22%",
                               "Protein 15 g 30%", "Salt 1.0 g 17%"]

    /// Every %RI fits its amount (Annex XIII): no row fails a check, nothing is flagged.
    func testTableWhoseChecksAllPassStaysUnflagged() throws {
        try assertInStep(try parse(withIntakes), entries: 8)
    }

    /// Salt's "50%" is not 1.0 g of the 6 g reference intake (17 %): salt fails its own check, so the values of the
    /// other rows, whose checks pass, are flagged too: a cell read into the wrong row moves the rows around it.
    func testAnotherRowFailingItsCheckFlagsTheTable() throws {
        var rows = withIntakes
        rows[8] = "Salt 1.0 g 50%"
        let table = try parse(rows)
        let salt = try XCTUnwrap(table["salt_100g"])
        XCTAssertEqual(salt.evidence?.referenceIntake, .disagrees)
        XCTAssertEqual(salt.evidence?.otherRowsContradicted, 0)   // its own failure is counted by its own feature
        let fat = try XCTUnwrap(table["fat_100g"])
        XCTAssertEqual(fat.value, 10)
        XCTAssertEqual(fat.evidence?.referenceIntake, .agrees)
        XCTAssertEqual(fat.evidence?.otherRowsContradicted, 1)
        XCTAssertGreaterThanOrEqual(fat.confidence, ReviewModel.reviewThreshold(.plain))
        XCTAssertTrue(table.entries.allSatisfy(\.needsReview))
    }

    /// Energy printed in two columns (prepared and as sold) and the masses in one: every mass row lacks the value of
    /// a column the table holds energy in, so which column its value is cannot be vouched for.
    func testRowMissingFromAColumnWithEnergyIsUnpaired() {
        func entry(_ nutrient: Nutrient, _ preparation: Preparation, _ value: Decimal) -> NutritionEntry {
            NutritionEntry(nutrient: nutrient, basis: .per100g, preparation: preparation, value: value,
                           unit: nutrient.keyUnit, confidence: 0.95)
        }
        var entries = [entry(.energyKJ, .prepared, 255), entry(.energyKcal, .prepared, 61),
                       entry(.energyKJ, .asSold, 1239), entry(.energyKcal, .asSold, 299),
                       entry(.fat, .prepared, 0.16), entry(.carbohydrates, .prepared, 12.5),
                       entry(.proteins, .prepared, 0.8)]
        ReviewEvidenceBuilder.attach(to: &entries, servingGrams: nil, intakes: .euAnnexXIII)
        for entry in entries {
            XCTAssertEqual(entry.evidence?.unpairedRow, !entry.nutrient.isEnergy, entry.key)
        }
        // The same masses with energy in their column only: in step with the table.
        var single = Array(entries[0..<2]) + Array(entries[4...])
        ReviewEvidenceBuilder.attach(to: &single, servingGrams: nil, intakes: .euAnnexXIII)
        XCTAssertTrue(single.allSatisfy { $0.evidence?.unpairedRow == false })
    }

    /// Evidence encoded before the two features existed decodes with their defaults; a round trip keeps them.
    func testEvidenceWithoutTheDisorderKeysDecodes() throws {
        var evidence = ReviewEvidence(grammarConfidence: 0.8, referenceIntake: .agrees)
        evidence.unpairedRow = true
        evidence.otherRowsContradicted = 2
        XCTAssertEqual(try JSONDecoder().decode(ReviewEvidence.self, from: try JSONEncoder().encode(evidence)), evidence)
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: try JSONEncoder().encode(evidence))
                                   as? [String: Any])
        object.removeValue(forKey: "unpairedRow")
        object.removeValue(forKey: "otherRowsContradicted")
        let old = try JSONDecoder().decode(ReviewEvidence.self, from: try JSONSerialization.data(withJSONObject: object))
        XCTAssertFalse(old.unpairedRow)
        XCTAssertEqual(old.otherRowsContradicted, 0)
        XCTAssertEqual(old.referenceIntake, .agrees)
        XCTAssertEqual(old.grammarConfidence, 0.8)
        object.removeValue(forKey: "energy")
        XCTAssertThrowsError(try JSONDecoder().decode(ReviewEvidence.self,
                                                      from: try JSONSerialization.data(withJSONObject: object)))
    }
}
