import NutriLensLabel
@testable import NutriLensOCR
import XCTest
@testable import NutriLens

/// Under `.routed`, which ways of reading the configured set reads at the end for a table the primary language
/// left unconvincing (`OCRStrategy.finalConfiguredReadings`, `LanguagePlan.needsFinalConfiguredReading`).
final class FinalConfiguredReadingTests: XCTestCase {
    private let parser = NutritionParser()
    private let photographed = OCRStrategy.Reading(levelled: false, segmentation: .sparse)
    private let levelled = OCRStrategy.Reading(levelled: true, segmentation: .sparse)
    private let autoLayout = OCRStrategy.Reading(levelled: false, segmentation: .auto)

    private func score(_ text: String) -> ReadingScore {
        ReadingScore(grammarOf: text.split(separator: "\n").map { TextLine(text: String($0)) }, parser: parser)
    }

    /// `deg_exif6_en`'s table (per 100 g and per serving) as `eng` read it: "llg" for 11 g.
    private let exif6Rows = [
        "Nutrition per 100 g per serving",
        "Energy 470 kJ / 112 kcal 141 kJ / 34 kcal",
        "Fat 3.8g 1.2g",
        "of which saturates 1.7g 0.5g",
        "Carbohydrate 16g 4.8g",
        "of which sugars llg 3.2g",
        "Protein 3.4g 1.0g",
        "Salt 0.09 g 0.03 g",
    ]

    /// The sugars row as read: the per-serving sugars value is lost, so the columns do not match.
    private var sugarsMisread: ReadingScore { score(exif6Rows.joined(separator: "\n")) }

    /// The same table with its sugars row missing altogether and protein's per-serving value lost (13 keys).
    private var sugarsRowMissing: ReadingScore {
        score(exif6Rows.filter { !$0.contains("sugars") }
            .map { $0.hasPrefix("Protein") ? "Protein 3.4g" : $0 }.joined(separator: "\n"))
    }

    private var twoKeys: ReadingScore { score("Fat 3.2 g\nSalt 1.0 g") }
    private var noTable: ReadingScore { score("Ingredients: wheat flour, sugar") }

    func testTheReadingsUsedHaveTheKeyCountsTheDecisionsAssume() {
        XCTAssertEqual(sugarsMisread.fields, 15, "sugars per 100 g taken from the per-serving 3.2g")
        XCTAssertFalse(sugarsMisread.isConvincing, "\(sugarsMisread)")
        XCTAssertEqual(sugarsRowMissing.fields, 13)
        XCTAssertFalse(sugarsRowMissing.isConvincing, "\(sugarsRowMissing)")
        XCTAssertEqual(twoKeys.fields, 2)
        XCTAssertEqual(noTable.fields, 0)
    }

    func testSetReadsWhereTheTableWasFirstFoundThenTheMostCompleteLayout() {
        // Decision table: primary-language readings in the order read → what the set reads, in order.
        let cases: [(String, [(reading: OCRStrategy.Reading, score: ReadingScore)], [OCRStrategy.Reading])] = [
            // eu_multilingual_en_fr_nl: PSM 11 scored higher, PSM 3 found more keys → both, PSM 11 first.
            ("more keys later", [(photographed, sugarsRowMissing), (autoLayout, sugarsMisread)], [photographed, autoLayout]),
            // deg_exif6_en: equal keys, whatever the scores → only where the table was first found.
            ("equal keys", [(photographed, sugarsMisread), (autoLayout, sugarsMisread)], [photographed]),
            ("most keys first", [(photographed, sugarsMisread), (levelled, sugarsRowMissing), (autoLayout, twoKeys)],
             [photographed]),
            // deg_rotate_small_en: nothing as photographed, the table read only on the levelled page.
            ("found only levelled", [(photographed, noTable), (levelled, sugarsRowMissing)], [levelled]),
            ("found levelled, completed by PSM 3", [(photographed, noTable), (levelled, sugarsRowMissing),
                                                    (autoLayout, sugarsMisread)], [levelled, autoLayout]),
            ("no table anywhere", [(photographed, noTable), (levelled, noTable)], []),
        ]
        for (name, readings, expected) in cases {
            XCTAssertEqual(OCRStrategy.finalConfiguredReadings(readings), expected, name)
        }
    }

    func testOnlyATableOfAtLeastThreeKeysThatIsNotConvincingGetsTheSet() throws {
        let routing = try LanguagePlan(codes: ["eng", "deu", "fra"], strategy: .thorough)
        XCTAssertEqual(LanguagePlan.minimumKeysForFinalReading, 3)
        XCTAssertTrue(routing.needsFinalConfiguredReading(sugarsMisread))
        XCTAssertFalse(routing.needsFinalConfiguredReading(twoKeys), "two keys: no table the set could complete")
        XCTAssertFalse(routing.needsFinalConfiguredReading(noTable))
        XCTAssertFalse(try LanguagePlan(codes: ["eng", "deu", "fra"], strategy: OCRStrategy(languageRouting: .labelLanguage))
            .needsFinalConfiguredReading(sugarsMisread))
    }
}
