import Foundation
import XCTest
import NutriLens
import NutriLensClassifier
@testable import NutriLensEvaluation

final class EvaluationScoringTests: XCTestCase {
    func d(_ s: String) -> Decimal { Decimal(string: s)! }

    func testRoundingToPrintedPrecision() {
        XCTAssertTrue(FieldScoring.valuesMatch(predicted: d("2.90"), truth: d("2.9"), printedDecimals: 1))
        XCTAssertTrue(FieldScoring.valuesMatch(predicted: d("2.9"), truth: d("2.90"), printedDecimals: 2))
        XCTAssertTrue(FieldScoring.valuesMatch(predicted: d("62"), truth: d("62.0"), printedDecimals: 1))
        // The truth literal 62.0 says one decimal is printed: 62.04 rounds to 62.0, 62.1 does not.
        XCTAssertTrue(FieldScoring.valuesMatch(predicted: d("62.04"), truth: d("62.0"), printedDecimals: 1))
        XCTAssertFalse(FieldScoring.valuesMatch(predicted: d("62.1"), truth: d("62.0"), printedDecimals: 1))
        XCTAssertFalse(FieldScoring.valuesMatch(predicted: d("0.45"), truth: d("0.5"), printedDecimals: 2))
        // Half rounds away from zero: 0.045 at 2 decimals is 0.05.
        XCTAssertTrue(FieldScoring.valuesMatch(predicted: d("0.045"), truth: d("0.05"), printedDecimals: 2))
        // Without a literal precision the truth's own decimals are used.
        XCTAssertTrue(FieldScoring.valuesMatch(predicted: d("7.10"), truth: d("7.1"), printedDecimals: nil))
        XCTAssertFalse(FieldScoring.valuesMatch(predicted: d("7.2"), truth: d("7.1"), printedDecimals: nil))
        XCTAssertFalse(FieldScoring.valuesMatch(predicted: d("1569"), truth: d("1596"), printedDecimals: 0))
    }

    func testQualifiersMustMatch() {
        XCTAssertTrue(FieldScoring.fieldCorrect(predicted: d("0.5"), predictedQualifier: "<", truth: d("0.5"), truthQualifier: "<", printedDecimals: 1))
        XCTAssertFalse(FieldScoring.fieldCorrect(predicted: d("0.5"), predictedQualifier: nil, truth: d("0.5"), truthQualifier: "<", printedDecimals: 1))
        XCTAssertFalse(FieldScoring.fieldCorrect(predicted: d("0.5"), predictedQualifier: "<", truth: d("0.5"), truthQualifier: nil, printedDecimals: 1))
        XCTAssertTrue(FieldScoring.fieldCorrect(predicted: 0, predictedQualifier: "traces", truth: 0, truthQualifier: "trace", printedDecimals: 0))
        XCTAssertTrue(FieldScoring.fieldCorrect(predicted: 0, predictedQualifier: "Spuren", truth: 0, truthQualifier: "trace", printedDecimals: 0))
    }

    func testSidecarKeepsPrintedDecimals() throws {
        let json = #"{"kind":"nutrition_label","nutrition":{"nutriments":{"carbohydrates_100g": 62.0,"fat_100g":7.1,"energy-kj_100g":1569,"salt_100g":0.450},"qualifiers":{"fat_100g":"<"}},"notes":"x"}"#
        let truth = try GroundTruth.decode(Data(json.utf8))
        XCTAssertEqual(truth.printedDecimals, ["carbohydrates_100g": 1, "fat_100g": 1, "energy-kj_100g": 0, "salt_100g": 3])
        XCTAssertEqual(truth.kind, .nutritionLabel)
        XCTAssertEqual(truth.nutrition?.nutriments["salt_100g"], d("0.45"))
        // A label too small to read: nutrition without nutriments is valid and expects nothing.
        let unreadable = try GroundTruth.decode(Data(#"{"kind":"nutrition_label","nutrition":{"language":"en"}}"#.utf8))
        XCTAssertEqual(unreadable.nutrition?.nutriments, [:])
        XCTAssertNil(ImageScore(result: result([:]), truth: unreadable).tableExact)
    }

    func truth(_ nutriments: [String: String], qualifiers: [String: String]? = nil, barcodes: [GroundTruth.Barcode]? = nil,
               kind: ImageKind? = .nutritionLabel) -> GroundTruth {
        GroundTruth(kind: kind, barcodes: barcodes,
                    nutrition: NutritionResult(nutriments: nutriments.mapValues { d($0) }, qualifiers: qualifiers))
    }

    func result(_ nutriments: [String: String], qualifiers: [String: String]? = nil, barcodes: [ScannedBarcode]? = nil,
                kind: ImageKind? = .nutritionLabel) -> ScanResult {
        ScanResult(path: "x.jpg", kind: kind, barcodes: barcodes,
                   nutrition: NutritionResult(nutriments: nutriments.mapValues { d($0) }, qualifiers: qualifiers))
    }

    func testImageScoreCountsEachOutcome() {
        let t = truth(["fat_100g": "7.1", "sugars_100g": "0.5", "salt_100g": "0.45", "proteins_100g": "9.8"], qualifiers: ["sugars_100g": "<"])
        let r = result(["fat_100g": "7.10", "sugars_100g": "0.5", "salt_100g": "0.46", "fiber_100g": "3",
                        "omega-3-fat_100g": "1.2"])
        let s = ImageScore(result: r, truth: t)
        XCTAssertEqual(s.outcomes, ["fat_100g": .correct, "sugars_100g": .wrong, "salt_100g": .wrong,
                                    "proteins_100g": .missed, "fiber_100g": .spurious])
        XCTAssertEqual(s.truthFields, 4)
        XCTAssertEqual(s.predictedFields, 4, "omega-3 is not a scored nutrient: it must not count against precision")
        XCTAssertEqual(s.correctFields, 1)
        XCTAssertEqual(s.tableExact, false)
        XCTAssertEqual(s.recall, 0.25)
    }

    func testExactTableAndBarcodeNormalForms() {
        let t = truth(["fat_100g": "7.1", "energy-kcal_100g": "373"],
                      barcodes: [GroundTruth.Barcode(symbology: "UPC-A", text: "012345678905"),
                                 GroundTruth.Barcode(symbology: "UPC-E", text: "04252614")])
        let r = result(["fat_100g": "7.1", "energy-kcal_100g": "373"],
                       barcodes: [ScannedBarcode(symbology: "EAN-13", text: "0012345678905"),
                                  ScannedBarcode(symbology: "EAN-13", text: "0042100005264"),
                                  ScannedBarcode(symbology: "EAN-13", text: "4006381333931")], kind: .barcode)
        let s = ImageScore(result: r, truth: t)
        XCTAssertEqual(s.tableExact, true)
        XCTAssertEqual(s.truthBarcodes, 2)
        XCTAssertEqual(s.correctBarcodes, 2)
        XCTAssertEqual(s.spuriousBarcodes, 1)
        XCTAssertEqual(s.kindCorrect, false)
    }

    func testTableOnANonLabelCountsAgainstPrecision() {
        let t = GroundTruth(kind: .foodPhoto)
        let s = ImageScore(result: result(["fat_100g": "3"], kind: .foodPhoto), truth: t)
        XCTAssertNil(s.tableExact)
        XCTAssertEqual(s.predictedFields, 1)
        XCTAssertEqual(s.precision, 0)
        XCTAssertEqual(s.kindCorrect, true)
    }

    func testReportAggregatesPerNutrientAndOverall() {
        let a = ImageScore(result: result(["fat_100g": "7.1", "salt_100g": "0.4"]), truth: truth(["fat_100g": "7.1", "salt_100g": "0.45"]))
        let b = ImageScore(result: result(["fat_100g": "2"]), truth: truth(["fat_100g": "2", "sugars_100g": "1"]))
        let c = ImageScore(result: result(["fat_100g": "5"]), truth: truth(["fat_100g": "5"]))
        let report = EvaluationReport(scores: [a, b, c], worstCount: 2)
        XCTAssertEqual(report.fields, EvaluationReport.FieldTotals(truth: 5, predicted: 4, correct: 3))
        XCTAssertEqual(report.fields.recall, 0.6)
        XCTAssertEqual(report.fields.precision, 0.75)
        XCTAssertEqual(report.perNutrient["fat_100g"], EvaluationReport.FieldTotals(truth: 3, predicted: 3, correct: 3))
        XCTAssertEqual(report.perNutrient["salt_100g"], EvaluationReport.FieldTotals(truth: 1, predicted: 1, correct: 0))
        XCTAssertEqual(report.perNutrient["sugars_100g"], EvaluationReport.FieldTotals(truth: 1, predicted: 0, correct: 0))
        XCTAssertEqual(report.tables, EvaluationReport.Accuracy(total: 3, correct: 1))
        // a: recall .5 precision .5 (sum 1.0); b: recall .5 precision 1 (1.5); c perfect and not listed.
        XCTAssertEqual(report.worstImages.map(\.correctFields), [1, 1])
        XCTAssertEqual(report.worstImages.first?.outcomes["salt_100g"], .wrong)
    }

    func testBaselineComparisonFindsRegressions() throws {
        let good = EvaluationReport(scores: [
            ImageScore(result: result(["fat_100g": "7.1", "salt_100g": "0.45", "sugars_100g": "3"]),
                       truth: truth(["fat_100g": "7.1", "salt_100g": "0.45", "sugars_100g": "3"]))])
        let worse = EvaluationReport(scores: [
            ImageScore(result: result(["fat_100g": "7.1", "salt_100g": "0.4", "sugars_100g": "3"]),
                       truth: truth(["fat_100g": "7.1", "salt_100g": "0.45", "sugars_100g": "3"]))])
        XCTAssertEqual(good.regressions(against: good), [])
        XCTAssertEqual(good.regressions(against: worse), [], "an improvement is not a regression")
        let found = worse.regressions(against: good, minimumFieldsPerNutrient: 1).map(\.metric)
        XCTAssertEqual(found, ["fields.recall", "fields.precision", "tables.rate",
                               "per_nutrient.salt_100g.recall", "per_nutrient.salt_100g.precision"])
        // Round trip through the JSON report keeps everything the comparison needs.
        let reloaded = try JSONDecoder().decode(EvaluationReport.self, from: ScanResultJSON.encoder().encode(good))
        XCTAssertEqual(worse.regressions(against: reloaded, minimumFieldsPerNutrient: 1).count, 5)
        XCTAssertEqual(reloaded.fields, good.fields)
    }
    /// What a scan did not run is not scored (session 21): `--no-classifier` scored the kind the barcode and table
    /// signals give (2 of 3 on three TestImages, a "regression" against the run with the classifier), `--no-barcode`
    /// missed every code.
    func testStagesThatDidNotRunAreNotScoredNorCompared() throws {
        let t = truth(["fat_100g": "7.1", "salt_100g": "0.45"],
                      barcodes: [GroundTruth.Barcode(symbology: "EAN-13", text: "4006381333931")], kind: .nutritionLabel)
        let r = result(["fat_100g": "7.1"], kind: .barcode)  // what the kind scorer says from signals alone
        let all = ImageScore(result: r, truth: t)
        XCTAssertEqual([all.truthFields, all.correctFields, all.truthBarcodes, all.correctBarcodes], [2, 1, 1, 0])
        XCTAssertEqual(all.kindCorrect, false)

        let noClassifier = ImageScore(result: r, truth: t, stages: [.nutrition, .barcode])
        XCTAssertNil(noClassifier.kindCorrect)
        XCTAssertEqual([noClassifier.truthFields, noClassifier.correctFields, noClassifier.truthBarcodes], [2, 1, 1])
        let noBarcode = ImageScore(result: r, truth: t, stages: [.nutrition, .classifier])
        XCTAssertEqual([noBarcode.truthBarcodes, noBarcode.correctBarcodes, noBarcode.spuriousBarcodes], [0, 0, 0])
        XCTAssertEqual(noBarcode.kindCorrect, false)
        let noNutrition = ImageScore(result: r, truth: t, stages: [.barcode, .classifier])
        XCTAssertEqual([noNutrition.truthFields, noNutrition.predictedFields, noNutrition.correctFields], [0, 0, 0])
        XCTAssertEqual(noNutrition.outcomes, [:])
        XCTAssertNil(noNutrition.tableExact)
        XCTAssertEqual(noNutrition.truthBarcodes, 1)

        XCTAssertEqual(EvaluationReport.unscoredMetrics(stages: .all), [])
        XCTAssertEqual(EvaluationReport.unscoredMetrics(stages: [.nutrition, .barcode]), ["kind"])
        XCTAssertEqual(EvaluationReport.unscoredMetrics(stages: [.classifier]), ["fields", "tables", "barcodes"])

        // A full baseline against a run without the classifier and the barcode reader: only the fields compare.
        let baseline = EvaluationReport(scores: [ImageScore(result: result(["fat_100g": "7.1", "salt_100g": "0.45"],
            barcodes: [ScannedBarcode(symbology: "EAN-13", text: "4006381333931")]), truth: t)])
        XCTAssertEqual(baseline.kind, EvaluationReport.Accuracy(total: 1, correct: 1))
        var partial = EvaluationReport(scores: [ImageScore(result: r, truth: t, stages: [.nutrition])])
        partial.notScored = EvaluationReport.unscoredMetrics(stages: [.nutrition])
        XCTAssertEqual(partial.kind, EvaluationReport.Accuracy(total: 0, correct: 0))
        XCTAssertNil(partial.kind.rate)
        XCTAssertNil(partial.barcodes.rate)
        XCTAssertEqual(partial.regressions(against: baseline, minimumFieldsPerNutrient: 1).map(\.metric),
                       ["fields.recall", "tables.rate", "per_nutrient.salt_100g.recall"])
        XCTAssertEqual(baseline.regressions(against: partial), [], "a baseline without a stage compares nothing of it")
        let reloaded = try JSONDecoder().decode(EvaluationReport.self, from: ScanResultJSON.encoder().encode(partial))
        XCTAssertEqual(reloaded.notScored, ["barcodes", "kind"])
        XCTAssertTrue(String(decoding: try ScanResultJSON.encoder().encode(partial), as: UTF8.self)
            .contains(#""not_scored":["barcodes","kind"]"#))

        // The HTML page: "–" tiles that say why, and cards that say the stage did not run.
        let truthWithoutTable = GroundTruth(kind: .barcode, barcodes: t.barcodes)
        let entry = HTMLReport.Entry(score: ImageScore(result: r, truth: truthWithoutTable, stages: [.nutrition]),
                                     result: r, truth: truthWithoutTable, thumbnail: nil)
        let page = HTMLReport(title: "t", report: partial, entries: [entry], baseline: baseline).render()
        XCTAssertTrue(page.contains(#"data-metric="kind-right">–</div><div class="label">image kind</div><div class="detail">not scored: the stage did not run</div>"#), page)
        XCTAssertTrue(page.contains(#"data-metric="barcodes-read">–<"#))
        XCTAssertTrue(page.contains(#"data-metric="fields-recall">50.0%<"#))
        XCTAssertTrue(page.contains("kind: truth barcode · not scored: the classifier did not run"))
        XCTAssertTrue(page.contains("barcodes: truth 4006381333931 · not scored: the barcode stage did not run"))
        XCTAssertFalse(page.contains("kind: truth barcode · read"))
    }
}
