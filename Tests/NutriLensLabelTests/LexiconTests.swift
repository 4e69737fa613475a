import XCTest
@testable import NutriLensLabel

/// Row names per language resolve to the right nutrient, with diacritic folding and OCR tolerance.
final class LexiconTests: XCTestCase {
    private func nutrients(_ text: String) -> [Nutrient] {
        LineAnalyzer.matchMentions(LineAnalyzer.words(Array(text))).map(\.nutrient)
    }

    func testMandatoryRowNamesPerLanguage() {
        let table: [(language: String, names: [String])] = [
            ("en", ["Energy", "Fat", "of which saturates", "Carbohydrate", "of which sugars", "Protein", "Salt"]),
            ("de", ["Brennwert", "Fett", "davon gesättigte Fettsäuren", "Kohlenhydrate", "davon Zucker", "Eiweiß", "Salz"]),
            ("fr", ["Valeur énergétique", "Matières grasses", "dont acides gras saturés", "Glucides", "dont sucres",
                    "Protéines", "Sel"]),
            ("es", ["Valor energético", "Grasas", "de las cuales saturadas", "Hidratos de carbono",
                    "de los cuales azúcares", "Proteínas", "Sal"]),
            ("it", ["Energia", "Grassi", "di cui acidi grassi saturi", "Carboidrati", "di cui zuccheri", "Proteine", "Sale"]),
            ("nl", ["Energiewaarde", "Vetten", "waarvan verzadigde vetzuren", "Koolhydraten", "waarvan suikers",
                    "Eiwitten", "Zout"]),
            ("pl", ["Wartość energetyczna", "Tłuszcz", "w tym kwasy tłuszczowe nasycone", "Węglowodany", "w tym cukry",
                    "Białko", "Sól"]),
            ("pt", ["Valor energético", "Lípidos", "dos quais ácidos gordos saturados", "Hidratos de carbono",
                    "dos quais açúcares", "Proteínas", "Sal"]),
            ("sv", ["Energi", "Fett", "varav mättat fett", "Kolhydrat", "varav sockerarter", "Protein", "Salt"]),
            ("da", ["Energi", "Fedt", "heraf mættede fedtsyrer", "Kulhydrat", "heraf sukkerarter", "Protein", "Salt"]),
            ("fi", ["Energiaa", "Rasvaa", "josta tyydyttynyttä rasvaa", "Hiilihydraatteja", "josta sokereita",
                    "Proteiinia", "Suolaa"]),
        ]
        let expected: [Nutrient] = [.energyKJ, .fat, .saturatedFat, .carbohydrates, .sugars, .proteins, .salt]
        for (language, names) in table {
            for (name, nutrient) in zip(names, expected) {
                XCTAssertEqual(nutrients(name), [nutrient], "\(language): \(name)")
            }
        }
    }

    /// Central European and Balkan names (session 4); a language's name that another already has ("tuky",
    /// "cukry", "sacharidy") resolves through that one.
    func testCentralEuropeanAndBalkanRowNames() {
        let cases: [(String, Nutrient)] = [
            ("Energetska vrednost", .energyKJ), ("Energijska vrednost", .energyKJ), ("Energiatartalom", .energyKJ),
            ("Maščobe", .fat), ("Zsír", .fat), ("Tuky", .fat),
            ("nasičene maščobne kisline", .saturatedFat), ("nasýtené mastné kyseliny", .saturatedFat),
            ("din care acizi grași saturați", .saturatedFat),
            ("Ogljikovi hidrati", .carbohydrates), ("Szénhidrát", .carbohydrates), ("Ugljeni hidrati", .carbohydrates),
            ("Sladkorji", .sugars), ("Cukrok", .sugars), ("Cukry", .sugars),
            ("Prehranske vlaknine", .fiber), ("Fibre alimentare", .fiber),
            ("Bielkoviny", .proteins), ("Beljakovine", .proteins), ("Fehérje", .proteins), ("Proteini", .proteins),
            ("Soľ", .salt),
        ]
        for (name, nutrient) in cases { XCTAssertEqual(nutrients(name), [nutrient], name) }
        // Left out on purpose: CS "sůl" folds to Italian "sul" ("percentuali espresse sul …", FoodLabel 0413).
        XCTAssertEqual(nutrients("percentuali espresse sul prodotto"), [])
    }

    func testOCRNoiseAndFoldingTolerated() {
        XCTAssertEqual(nutrients("Kohlenhydrale"), [.carbohydrates])       // t→l
        XCTAssertEqual(nutrients("EIWEISS"), [.proteins])                  // ß spelled ss, upper case
        XCTAssertEqual(nutrients("Proteines"), [.proteins])                // accent lost
        XCTAssertEqual(nutrients("Ballaststofle"), [.fiber])
        XCTAssertEqual(nutrients("dontsucres"), [.sugars])                 // space lost
    }

    func testLongestMatchWinsAndNearMissesDoNot() {
        XCTAssertEqual(nutrients("Monounsaturates"), [.monounsaturatedFat])
        XCTAssertEqual(nutrients("Polyunsaturates"), [.polyunsaturatedFat])
        XCTAssertEqual(nutrients("Saturated Fat"), [.saturatedFat])
        XCTAssertEqual(nutrients("Calories from Fat"), [])                 // US panel line, not a row
        XCTAssertEqual(nutrients("Total Fat"), [.fat])
        XCTAssertEqual(nutrients("Fett"), [.fat])
        XCTAssertEqual(nutrients("Fest"), [])                              // short words need exact match
        XCTAssertEqual(nutrients("Salat"), [])
        XCTAssertEqual(nutrients("dont acides gras"), [])                 // "gras" is not "grasa"
        XCTAssertEqual(nutrients("fonti di calore"), [])                   // "calore" is not "calories"
    }

    func testMultilingualRowResolvesToOneNutrient() {
        let names = nutrients("Fett / Matières grasses / Grassi / Fat / Vetten / Tłuszcz / Fedt / Rasva")
        XCTAssertEqual(Set(names), [.fat])
        let saturates = nutrients("davon gesättigte Fettsäuren / dont acides gras saturés / di cui acidi grassi saturi")
        XCTAssertEqual(Set(saturates), [.saturatedFat])
    }

    /// M-Strzelecki nf131 prints "Mono Unsaturated Fat - 37g" and "Poly Unsaturated Fat - 4g" with a space after
    /// the prefix; only "Fat" was read as a name, so fat took 37 g and monounsaturates went missing.
    func testSpacedMonoAndPolyUnsaturatedFat() throws {
        let table = try parseTable("""
            NUTRITION FACTS
            Per 100 Grams
            ~ 900 kcal.
            Saturated Fat - 21
            Mono Unsaturated Fat - 37g
            Poly Unsaturated Fat - 4g
            """)
        assertValue(table, "monounsaturated-fat_100g", "37")
        assertValue(table, "polyunsaturated-fat_100g", "4")
        assertValue(table, "saturated-fat_100g", "21")
        XCTAssertNil(table["fat_100g"])
    }

    /// M-Strzelecki nf37 splits sugars into "Natural Fruit Sugars 6g" and "Added Sugar 7.49" without a total: the
    /// natural part is no sugars row (total sugars would be 13.4 g).
    func testNaturalFruitSugarsIsNoSugarsRow() throws {
        let table = try parseTable("""
            NUTRITIONAL FACTS PER 100 ml
            Energy 53 kcal
            Protein 0.29
            Carbohydrate 13.49
            Natural Fruit Sugars 6g
            Added Sugar 7.49
            Fat 0g
            """)
        XCTAssertNil(table["sugars_100g"])
        assertValue(table, "added-sugars_100g", "7.4")
        assertValue(table, "carbohydrates_100g", "13.4")
        XCTAssertNil(table["carbohydrates_serving"])
    }

    /// julielee9067 eng_real_8: Tesseract split "Protein" into "P rotein"; the unread row left its "1g" to nobody
    /// and the fibre row ("Fiber 4%:" / "Dietary 1 g") lost its amount with it.
    func testNameWithItsFirstLetterSplitOff() throws {
        let table = try parseTable("""
            Amount Per Serving
            Calories 150
            Total Fat 9g 15°
            Saturated Fat 2.5 g 14%
            Sodium 150 6°
            mg
            Total Carbohydrate 159 5%
            Fiber 4%:
            Dietary 1 g
            Sugars 1g
            P rotein 1g
            """)
        assertValue(table, "proteins_serving", "1")
        assertValue(table, "sugars_serving", "1")
        assertValue(table, "fiber_serving", "1")
        // A lone letter before a short word makes no row ("a fat" is not "afat"; "S alt" has four letters).
        XCTAssertTrue(LineAnalyzer.matchMentions(LineAnalyzer.words(Array("S alt 3 g"))).isEmpty)
    }
}
