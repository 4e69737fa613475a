import XCTest
@testable import NutriLensLabel

/// The review flag on values read into the wrong rows of recognised text (``ReviewModel/flagsMisplacedRows(_:)``,
/// session 25): a column whose energy contradicts its macros, beside another row failing a check of its own, flags
/// every value of the column whatever the model's probability. Rendered text with word boxes and confidences, as a
/// recogniser gives it.
final class MisplacedRowsFlagTests: XCTestCase {
    /// `rows` parsed as recognised lines (``RecognisedLines``).
    private func parse(_ rows: [String]) throws -> NutritionTable {
        try XCTUnwrap(try NutritionParser().parse(lines: RecognisedLines.lines(rows)))
    }

    /// Per 100 g: 1500 kJ / 357 kcal = 9 × 10 + 4 × 50 + 4 × 15 (+ 2 × 3 fibre): every check passes.
    private let inStep = ["Nutrition information", "per 100 g", "Energy 1500 kJ / 357 kcal", "Fat 10 g",
                          "of which saturates 4.0 g", "Carbohydrate 50 g", "of which sugars 2.0 g", "Fibre 3.0 g",
                          "Protein 15 g", "Salt 1.0 g"]

    func testTableInStepKeepsTheModelsFlags() throws {
        let table = try parse(inStep)
        let carbohydrates = try XCTUnwrap(table["carbohydrates_100g"])
        XCTAssertEqual(carbohydrates.value, 50)
        XCTAssertEqual(carbohydrates.evidence?.column, .agrees)
        XCTAssertTrue(table.entries.allSatisfy { !ReviewModel.flagsMisplacedRows($0.evidence!) })
        XCTAssertTrue(table.entries.allSatisfy { !$0.needsReview })
    }

    /// The saturates and carbohydrate numbers of the per-serving column swapped (adam-poulton `adam_label-7`'s class:
    /// "41.0g" and "0.8g" on crowded lines, the carbohydrate's per 100 g value lost), as the grammar hands them to
    /// the review: saturates 41.0 g above fat 4.0 g fails its own check, and the column's 926 kJ (221 kcal) is not
    /// 9 × 4.0 + 4 × 0.8 + 4 × 4.1. The carbohydrate value 0.8 fails no check of its own and the model passes it
    /// (0.95 from the grammar, 0.97 from the recogniser); the rule flags it and the column's other macros.
    func testSwappedRowsFlagTheColumn() throws {
        func entry(_ nutrient: Nutrient, _ basis: NutritionBasis, _ value: Decimal) -> NutritionEntry {
            NutritionEntry(nutrient: nutrient, basis: basis, value: value, unit: nutrient.keyUnit, confidence: 0.95)
        }
        var entries = [entry(.energyKJ, .perServing, 926), entry(.energyKJ, .per100g, 741),
                       entry(.fat, .perServing, 4.0), entry(.fat, .per100g, 3.2),
                       entry(.saturatedFat, .perServing, 41.0), entry(.carbohydrates, .perServing, 0.8),
                       entry(.proteins, .perServing, 4.1), entry(.proteins, .per100g, 3.3)]
        ReviewEvidenceBuilder.attach(to: &entries, servingGrams: 125, intakes: .euAnnexXIII)
        for index in entries.indices { entries[index].evidence?.recognitionConfidence = 0.97 }
        var table = NutritionTable(entries: entries)
        WordConfidence.apply(to: &table, lines: [], reviewThreshold: nil)
        let carbohydrates = try XCTUnwrap(table["carbohydrates_serving"])
        let evidence = try XCTUnwrap(carbohydrates.evidence)
        XCTAssertEqual(evidence.column, .disagrees)
        XCTAssertEqual(evidence.parentRow, .unavailable)
        XCTAssertEqual(evidence.servingRatio, .unavailable)
        XCTAssertEqual(evidence.otherRowsContradicted, 2)                  // fat and saturates: the parent check fails
        XCTAssertEqual(ReviewModel.Text(table.entries.compactMap(\.evidence)), .recognised)
        XCTAssertGreaterThanOrEqual(carbohydrates.confidence, ReviewModel.reviewThreshold(.recognised))
        XCTAssertTrue(carbohydrates.needsReview)
        XCTAssertTrue(try XCTUnwrap(table["proteins_serving"]).needsReview)
        // The per 100 g column's macros are not checked (no carbohydrate): the rule leaves them to the model.
        let protein = try XCTUnwrap(table["proteins_100g"])
        XCTAssertEqual(protein.evidence?.column, .unavailable)
        XCTAssertEqual(protein.needsReview, protein.confidence < ReviewModel.reviewThreshold(.recognised))
    }

    /// The column contradicts its macros but no other row fails a check (energy misprinted or misread, a macro
    /// misread by itself): nothing says which rows moved, so the rule leaves the flags to the model.
    func testColumnMismatchAloneKeepsTheModelsFlags() throws {
        var rows = inStep
        rows[5] = "Carbohydrate 4.0 g"
        let table = try parse(rows)
        let protein = try XCTUnwrap(table["proteins_100g"])
        XCTAssertEqual(protein.evidence?.column, .disagrees)
        XCTAssertEqual(protein.evidence?.otherRowsContradicted, 0)
        XCTAssertFalse(ReviewModel.flagsMisplacedRows(try XCTUnwrap(protein.evidence)))
        XCTAssertEqual(protein.needsReview, protein.confidence < ReviewModel.reviewThreshold(.recognised))
    }

    /// The rule's evidence alone: both parts needed.
    func testBothPartsAreNeeded() {
        var evidence = ReviewEvidence(grammarConfidence: 0.9, recognitionConfidence: 0.95, column: .disagrees)
        XCTAssertFalse(ReviewModel.flagsMisplacedRows(evidence))
        evidence.otherRowsContradicted = 1
        XCTAssertTrue(ReviewModel.flagsMisplacedRows(evidence))
        evidence.column = .agrees
        XCTAssertFalse(ReviewModel.flagsMisplacedRows(evidence))
        evidence.column = .unavailable                                      // micronutrients: no column check
        XCTAssertFalse(ReviewModel.flagsMisplacedRows(evidence))
    }
}
