import NutriLensLabel
@testable import NutriLensOCR
import XCTest
@testable import NutriLens

/// Language routing: primary-language readings first, the configured set only when the grammar says it can pay.
final class LanguageRoutingTests: XCTestCase {
    private let parser = NutritionParser()

    private func score(_ text: String) -> ReadingScore {
        ReadingScore(grammarOf: text.split(separator: "\n").map { TextLine(text: String($0)) }, parser: parser)
    }

    /// The language plan of `codes` under a strategy with `mode`, `labelLanguages` and `final` languages.
    private func plan(_ codes: [String], _ mode: OCRStrategy.LanguageRouting = .routed,
                      labelLanguages: OCRStrategy.LabelLanguages = .configuredSet,
                      final: [String]? = nil) throws -> LanguagePlan {
        try LanguagePlan(codes: codes, strategy: OCRStrategy(languageRouting: mode, labelLanguages: labelLanguages,
                                                             finalReadingLanguages: final))
    }

    /// A German table read with one per-serving value lost: not convincing, row names German.
    private var holedGerman: ReadingScore {
        score("""
            Nährwerte pro 100 g pro Portion
            Brennwert 1046 kJ / 250 kcal 523 kJ / 125 kcal
            Fett 3,2 g 1,6 g
            davon gesättigte Fettsäuren 1,1 g
            Kohlenhydrate 42 g 21 g
            davon Zucker 5,0 g 2,5 g
            Eiweiß 12 g 6,0 g
            Salz 1,0 g 0,50 g
            """)
    }

    /// The same loss on an English table.
    private var holedEnglish: ReadingScore {
        score("""
            Nutrition per 100 g per serving
            Energy 1046 kJ / 250 kcal 523 kJ / 125 kcal
            Fat 3.2 g 1.6 g
            of which saturates 1.1 g
            Carbohydrate 42 g 21 g
            of which sugars 5.0 g 2.5 g
            Protein 12 g 6.0 g
            Salt 1.0 g 0.50 g
            """)
    }

    /// A French table (per 100 g only), row names as the French model reads them.
    private var french: ReadingScore {
        score("""
            Valeurs nutritionnelles pour 100 g
            Énergie 1046 kJ / 250 kcal
            Matières grasses 3,2 g
            dont acides gras saturés 1,1 g
            Glucides 42 g
            dont sucres 5,0 g
            Protéines 12 g
            Sel 1,0 g
            """)
    }

    func testLabelLanguageOrderPicksTheModelsOfTheLabelsOwnLanguageFirst() throws {
        XCTAssertEqual(french.languages.first, "fr")
        typealias Order = OCRStrategy.LabelLanguages
        let expected: [(Order, german: [String], french: [String])] = [
            (.configuredSet, ["eng", "deu", "fra"], ["eng", "deu", "fra"]),
            (.label, ["deu"], ["fra"]),
            (.labelThenPrimary, ["deu", "eng"], ["fra", "eng"]),
            (.labelFirst, ["deu", "eng", "fra"], ["fra", "eng", "deu"]),
        ]
        for (order, german, frenchCodes) in expected {
            let routing = try plan(["eng", "deu", "fra"], labelLanguages: order)
            XCTAssertEqual(routing.labelReadingCodes(for: holedGerman), german, order.rawValue)
            XCTAssertEqual(routing.labelReadingCodes(for: french), frenchCodes, order.rawValue)
            XCTAssertNil(routing.labelReadingCodes(for: holedEnglish), "English rows stay with eng (\(order.rawValue))")
            XCTAssertNil(try plan(["eng", "deu"], labelLanguages: order).labelReadingCodes(for: french),
                         "French is not configured")
        }
        // A German primary language routes an English label to English first.
        XCTAssertEqual(try plan(["deu", "eng", "fra"], labelLanguages: .labelThenPrimary)
            .labelReadingCodes(for: holedEnglish), ["eng", "deu"])
        // Only routing policies read a label-language set.
        XCTAssertNil(try plan(["eng", "deu", "fra"], .primary, labelLanguages: .label).labelReadingCodes(for: holedGerman))
    }

    /// The final reading's models: the configured set by default; another list must start with the primary language
    /// and hold only other configured ones, or the strategy is refused at set-up (it was silently replaced before).
    func testFinalReadingModelsMustStartWithThePrimaryAndBeConfigured() throws {
        let codes = ["eng", "deu", "fra"]
        XCTAssertEqual(try plan(codes).finalReadingCodes, codes)
        XCTAssertEqual(try plan(codes, final: ["eng", "fra"]).finalReadingCodes, ["eng", "fra"])
        XCTAssertEqual(try plan(codes, final: codes).finalReadingCodes, codes)
        for bad in [["deu", "eng"], ["eng", "spa"], ["eng"], ["eng", "deu", "deu"]] {
            XCTAssertThrowsError(try plan(codes, final: bad), "\(bad)") { error in
                guard case OCRError.invalidStrategy(let reason)? = error as? OCRError else { return XCTFail("\(error)") }
                XCTAssertTrue(reason.contains("primary language"), reason)
            }
        }
    }

    func testTessdataCodesMapToTheGrammarsLanguageCodes() {
        XCTAssertEqual(OCRLanguages.iso639_1(for: "eng"), "en")
        XCTAssertEqual(OCRLanguages.iso639_1(for: "deu"), "de")
        XCTAssertEqual(OCRLanguages.iso639_1(for: "fra"), "fr")
        XCTAssertEqual(OCRLanguages.iso639_1(for: "NLD"), "nl")
        XCTAssertNil(OCRLanguages.iso639_1(for: "osd"))
        XCTAssertNil(OCRLanguages.iso639_1(for: "chi_sim"))
    }

    func testScoreCarriesTheRowNameLanguages() {
        XCTAssertEqual(holedGerman.languages.first, "de")
        XCTAssertEqual(holedEnglish.languages.first, "en")
        XCTAssertEqual(score("Ingredients: wheat flour").languages, [])
    }

    func testConfiguredSetIsReadWhenTheRowNamesAreMostlyInAnotherConfiguredLanguage() throws {
        let routing = try plan(["eng", "deu", "fra"])
        XCTAssertEqual(routing.otherLanguages, ["de", "fr"])
        XCTAssertFalse(routing.readsWithConfiguredSet)
        XCTAssertTrue(routing.needsConfiguredSet(holedGerman), "German row names")
        XCTAssertFalse(routing.needsConfiguredSet(holedEnglish), "English label: the other models cannot help")
        XCTAssertFalse(routing.needsConfiguredSet(score("Ingredients: wheat flour")), "nothing recognised")
        let completeGerman = score("""
            Nährwerte pro 100 g
            Brennwert 1046 kJ / 250 kcal
            Fett 3,2 g
            davon gesättigte Fettsäuren 1,1 g
            Kohlenhydrate 42 g
            davon Zucker 5,0 g
            Eiweiß 12 g
            Salz 1,0 g
            """)
        XCTAssertTrue(completeGerman.isConvincing, "\(completeGerman)")
        XCTAssertTrue(routing.needsConfiguredSet(completeGerman), "a convincing German reading may still be misread")
        // Dutch is not configured: its label stays with the primary model.
        let dutch = score("Voedingswaarde per 100 g\nVetten 3,2 g\nKoolhydraten 42 g\nEiwitten 12 g\nZout 1,0 g")
        XCTAssertEqual(dutch.languages.first, "nl")
        XCTAssertFalse(routing.needsConfiguredSet(dutch))
        XCTAssertTrue(try plan(["eng", "nld"]).needsConfiguredSet(dutch))
    }

    func testUnconvincingTableGetsOneLastConfiguredReadingUnlessRoutingIsLanguageOnly() throws {
        let routing = try plan(["eng", "deu", "fra"])
        XCTAssertTrue(routing.needsFinalConfiguredReading(holedEnglish), "a column with a hole")
        XCTAssertFalse(routing.needsFinalConfiguredReading(score("Ingredients: wheat flour")), "no table at all")
        let complete = score("""
            Nutrition per 100 g
            Energy 1046 kJ / 250 kcal
            Fat 3.2 g
            of which saturates 1.1 g
            Carbohydrate 42 g
            of which sugars 5.0 g
            Protein 12 g
            Salt 1.0 g
            """)
        XCTAssertTrue(complete.isConvincing, "\(complete)")
        XCTAssertFalse(routing.needsFinalConfiguredReading(complete))
        let languageOnly = try plan(["eng", "deu"], .labelLanguage)
        XCTAssertFalse(languageOnly.needsFinalConfiguredReading(holedEnglish))
        XCTAssertTrue(languageOnly.needsConfiguredSet(holedGerman))
        XCTAssertFalse(try plan(["eng"]).needsFinalConfiguredReading(holedEnglish))
    }

    func testGermanPrimaryRoutesEnglishLabelsToTheSet() throws {
        let routing = try plan(["deu", "eng"])
        XCTAssertEqual(routing.otherLanguages, ["en"])
        XCTAssertTrue(routing.needsConfiguredSet(holedEnglish))
        XCTAssertFalse(routing.needsConfiguredSet(holedGerman))
    }

    func testOneLanguageOrTheOtherPoliciesTurnRoutingOff() throws {
        let single = try plan(["eng"])
        XCTAssertFalse(single.isMultilingual)
        XCTAssertFalse(single.readsWithConfiguredSet)
        XCTAssertFalse(single.needsConfiguredSet(holedGerman))
        let configured = try plan(["eng", "deu"], .allLanguages)
        XCTAssertTrue(configured.readsWithConfiguredSet)
        XCTAssertFalse(configured.needsConfiguredSet(holedGerman), "every reading already used the set")
        let primary = try plan(["eng", "deu"], .primary)
        XCTAssertFalse(primary.readsWithConfiguredSet)
        XCTAssertFalse(primary.needsConfiguredSet(holedGerman))
        XCTAssertFalse(primary.needsFinalConfiguredReading(holedEnglish))
        XCTAssertFalse(configured.needsFinalConfiguredReading(holedEnglish))
        XCTAssertEqual(ScannerConfiguration().ocr.languageRouting, .routed)
        XCTAssertEqual(OCRStrategy.LanguageRouting(rawValue: "label-language"), .labelLanguage)
        XCTAssertNil(OCRStrategy.LanguageRouting(rawValue: "bogus"))
    }

    /// A rendered German label (TestImages `eu_de_table.jpg`, "<" qualifiers, decimal commas) through the routed
    /// path of the default configuration (eng first, eng+deu+fra when the grammar asks): every value of its truth.
    func testGermanRenderedLabelIsReadThroughTheRoutedPath() throws {
        var configuration = ScannerConfiguration(stages: [.nutrition], ocrEngine: .tesseract)
        configuration.ocr.languageRouting = .routed
        configuration.ocrTimeBudget = nil  // debug builds on a busy CI are slow; routing, not the budget, is tested
        let scanner = try NutriLensScanner(configuration: configuration)
        let url = TestPaths.testImages.appendingPathComponent("eu_de_table.jpg")
        let result = scanner.scan(url)
        let nutrition = try XCTUnwrap(result.nutrition, "\(result)")
        XCTAssertEqual(nutrition.language, "de")
        let expected = try TestPaths.truthNutriments(of: url)
        XCTAssertEqual(expected.count, 18)
        for (key, value) in expected {
            XCTAssertEqual(nutrition.nutriments[key], value, key)
        }
    }
}

extension LanguagePlan {
    /// Whether the page is read with another list once its row names are in another configured language.
    func needsConfiguredSet(_ best: ReadingScore) -> Bool { labelReadingCodes(for: best) != nil }
}
