import XCTest
@testable import NutriLensLabel

/// One complete table per language, in the layouts OCR produces (row per line, or label and value on separate
/// lines), with exact expected values.
final class LanguageTableTests: XCTestCase {
    private struct Case {
        var language: String
        var text: String
    }

    /// Every case declares the same values: 1046 kJ / 250 kcal, fat 9.5, saturates 1.2, carbohydrate 35,
    /// sugars 12.5, fibre 3.1, protein 6.4, salt 0.75 (per 100 g).
    private let cases: [Case] = [
        Case(language: "en", text: """
            Nutrition information Typical values per 100g
            Energy 1046kJ / 250kcal
            Fat 9.5g
            of which saturates 1.2g
            Carbohydrate 35g
            of which sugars 12.5g
            Fibre 3.1g
            Protein 6.4g
            Salt 0.75g
            """),
        Case(language: "de", text: """
            Nährwerte pro 100 g
            Brennwert 1046 kJ / 250 kcal
            Fett 9,5 g
            davon gesättigte Fettsäuren 1,2 g
            Kohlenhydrate 35 g
            davon Zucker 12,5 g
            Ballaststoffe 3,1 g
            Eiweiß 6,4 g
            Salz 0,75 g
            """),
        Case(language: "fr", text: """
            Valeurs nutritionnelles pour 100 g
            Valeur énergétique
            1046 kJ
            250 kcal
            Matières grasses
            9,5 g
            dont acides gras saturés
            1,2 g
            Glucides
            35 g
            dont sucres
            12,5 g
            Fibres alimentaires
            3,1 g
            Protéines
            6,4 g
            Sel
            0,75 g
            """),
        Case(language: "es", text: """
            Información nutricional por 100 g
            Valor energético 1046 kJ (250 kcal)
            Grasas 9,5 g
            de las cuales saturadas 1,2 g
            Hidratos de carbono 35 g
            de los cuales azúcares 12,5 g
            Fibra alimentaria 3,1 g
            Proteínas 6,4 g
            Sal 0,75 g
            """),
        Case(language: "it", text: """
            Valori nutrizionali per 100 g
            Energia 1046 kJ / 250 kcal
            Grassi 9,5 g
            di cui acidi grassi saturi 1,2 g
            Carboidrati 35 g
            di cui zuccheri 12,5 g
            Fibre 3,1 g
            Proteine 6,4 g
            Sale 0,75 g
            """),
        Case(language: "nl", text: """
            Voedingswaarde per 100 g
            Energie 1046 kJ / 250 kcal
            Vetten 9,5 g
            waarvan verzadigde vetzuren 1,2 g
            Koolhydraten 35 g
            waarvan suikers 12,5 g
            Vezels 3,1 g
            Eiwitten 6,4 g
            Zout 0,75 g
            """),
        Case(language: "pl", text: """
            Wartość odżywcza w 100 g
            Wartość energetyczna 1046 kJ / 250 kcal
            Tłuszcz 9,5 g
            w tym kwasy tłuszczowe nasycone 1,2 g
            Węglowodany 35 g
            w tym cukry 12,5 g
            Błonnik 3,1 g
            Białko 6,4 g
            Sól 0,75 g
            """),
        Case(language: "pt", text: """
            Informação nutricional por 100 g
            Energia 1046 kJ / 250 kcal
            Lípidos 9,5 g
            dos quais saturados 1,2 g
            Hidratos de carbono 35 g
            dos quais açúcares 12,5 g
            Fibra alimentar 3,1 g
            Proteínas 6,4 g
            Sal 0,75 g
            """),
        Case(language: "sv", text: """
            Näringsvärde per 100 g
            Energi 1046 kJ / 250 kcal
            Fett 9,5 g
            varav mättat fett 1,2 g
            Kolhydrat 35 g
            varav sockerarter 12,5 g
            Kostfiber 3,1 g
            Protein 6,4 g
            Salt 0,75 g
            """),
        Case(language: "da", text: """
            Næringsindhold pr. 100 g
            Energi 1046 kJ / 250 kcal
            Fedt 9,5 g
            heraf mættede fedtsyrer 1,2 g
            Kulhydrat 35 g
            heraf sukkerarter 12,5 g
            Kostfibre 3,1 g
            Protein 6,4 g
            Salt 0,75 g
            """),
        Case(language: "fi", text: """
            Ravintosisältö / 100 g
            Energiaa 1046 kJ / 250 kcal
            Rasvaa 9,5 g
            josta tyydyttynyttä rasvaa 1,2 g
            Hiilihydraatteja 35 g
            josta sokereita 12,5 g
            Ravintokuitua 3,1 g
            Proteiinia 6,4 g
            Suolaa 0,75 g
            """),
    ]

    func testEveryLanguageGivesTheSameTable() throws {
        for item in cases {
            let table = try parseTable(item.text)
            let expected: [(String, String)] = [
                ("energy-kj_100g", "1046"), ("energy-kcal_100g", "250"), ("fat_100g", "9.5"),
                ("saturated-fat_100g", "1.2"), ("carbohydrates_100g", "35"), ("sugars_100g", "12.5"),
                ("fiber_100g", "3.1"), ("proteins_100g", "6.4"), ("salt_100g", "0.75"),
            ]
            for (key, value) in expected {
                assertValue(table, key, value)
            }
            XCTAssertEqual(table.entries.count, expected.count, "\(item.language): \(table.entries.map(\.key))")
            XCTAssertFalse(table.needsReview, "\(item.language): clean table should not need review")
            XCTAssertTrue(table.findings.isEmpty, "\(item.language): \(table.findings)")
        }
    }

    func testLanguageIsReported() throws {
        XCTAssertEqual(try parseTable(cases[1].text).language, "de")
        XCTAssertEqual(try parseTable(cases[5].text).language, "nl")
        XCTAssertEqual(try parseTable(cases[6].text).language, "pl")
    }

    func testMultilingualRowsAcrossLines() throws {
        // Swiss/Nordic packs: each row name in several languages, spread over lines, value after the last one.
        let table = try parseTable("""
            Energie / Energie / Energi /
            1896 kJ
            Energia
            452 kcal
            Fett / Matières grasses / Fett/
            17,4 g
            Fedt / Rasva,
            davon gesättigte Fettsäuren /
            2,4g
            dont acides gras saturés /
            varav / heraf mättat fett
            josta tyydyttyneet rasvat
            Kohlenhydrate / Glucides / Kolhydrat/
            62,8 g
            Karbohydrater / Hiilihydraatit,
            davon Zucker / dont sucres
            17,5 g
            Eiweiß / Protéines / Protein / Proteiini
            7,7g
            Salz / Sel / Salt/ Suola
            0,22 g
            """)
        assertValue(table, "energy-kj_100g", "1896")
        assertValue(table, "energy-kcal_100g", "452")
        assertValue(table, "fat_100g", "17.4")
        assertValue(table, "saturated-fat_100g", "2.4")
        assertValue(table, "carbohydrates_100g", "62.8")
        assertValue(table, "sugars_100g", "17.5")
        assertValue(table, "proteins_100g", "7.7")
        assertValue(table, "salt_100g", "0.22")
    }

    func testColumnWiseReadingOrder() throws {
        // Some OCR services read the label column first, then the value column.
        let table = try parseTable("""
            Fat
            of which saturates
            Carbohydrate
            of which sugars
            Protein
            Salt
            3.2 g
            1.1 g
            40 g
            5.0 g
            7.5 g
            0.9 g
            """)
        assertValue(table, "fat_100g", "3.2")
        assertValue(table, "saturated-fat_100g", "1.1")
        assertValue(table, "carbohydrates_100g", "40")
        assertValue(table, "sugars_100g", "5")
        assertValue(table, "proteins_100g", "7.5")
        assertValue(table, "salt_100g", "0.9")
    }

    func testValuesReadOneRowLateAreShiftedBack() throws {
        // Each value sits under the next row name (OCR read the value column half a row low); the surplus value
        // after the last row and the energy check (9×14 + 4×1.5 + 4×1.2 + 2×5 ≈ 147 kcal) confirm the shift.
        let table = try parseTable("""
            pour 100 g :
            Energie
            611 kJ / 146 kcal
            Matières grasses
            dont acides gras saturés
            14 g
            Glucides
            2,1 g
            dont sucres
            1,5 g
            Fibres alimentaires
            <0,1 g
            Protéines
            5 g
            Sel
            1,2 g
            3,8 g
            """)
        assertValue(table, "fat_100g", "14")
        assertValue(table, "saturated-fat_100g", "2.1")
        assertValue(table, "carbohydrates_100g", "1.5")
        assertValue(table, "sugars_100g", "0.1", qualifier: .lessThan)
        assertValue(table, "fiber_100g", "5")
        assertValue(table, "proteins_100g", "1.2")
        assertValue(table, "salt_100g", "3.8")
    }

    func testShortLateReadWindow() throws {
        // Two names then one value, then a row with two values: the first value belongs to the first name.
        let table = try parseTable("""
            Fett 4,2 g
            Ballaststoffe
            Eiweiss
            0,7 g
            Salz
            5,1 g
            1,1 g
            """)
        assertValue(table, "fiber_100g", "0.7")
        assertValue(table, "proteins_100g", "5.1")
        assertValue(table, "salt_100g", "1.1")
    }

    func testValuesPrintedBeforeTheirNamesAreRealigned() throws {
        // Two-column table read row by row with the value column half a row above the names: each name is followed
        // by the next row's values. 9×14 + 4×54 + 4×7.6 + 2×4 ≈ 380 kcal confirms the realignment.
        let table = try parseTable("""
            Pour 100 g | Pour 1 part de 56 g
            1555 kJ 870 kJ
            Valeurs énergétiques
            370 kcal 207 kcal
            14 g 7,9 g
            Matières grasses
            6,1 g 3,4 g
            dont acides gras saturés
            54 g 30 g
            Glucides
            15 g 8,4 g
            dont sucres
            4 g 2,2 g
            Fibres alimentaires
            7,6 g 4,3 g
            Protéines
            1 g 0,56 g
            Sel
            """)
        assertValue(table, "fat_100g", "14")
        assertValue(table, "saturated-fat_100g", "6.1")
        assertValue(table, "carbohydrates_100g", "54")
        assertValue(table, "sugars_100g", "15")
        assertValue(table, "fiber_100g", "4")
        assertValue(table, "proteins_100g", "7.6")
        assertValue(table, "salt_100g", "1")
        assertValue(table, "salt_serving", "0.56")
        XCTAssertEqual(table.servingSize?.quantity, 56)
    }

    func testLostRowNameAfterRepeatedNameIsInferred() throws {
        // The carbohydrate name was not read; its value follows the saturates name repeated in English.
        let table = try parseTable("""
            Fett / matières grasses / grassi
            9,8 g
            davon gesättigte Fettsäuren / dont acides gras saturés
            2,3 g
            of which saturates
            62 g
            davon Zucker / dont sucres / of which sugars
            21 g
            Eiweiss / protéines
            7 g
            """)
        assertValue(table, "saturated-fat_100g", "2.3")
        assertValue(table, "carbohydrates_100g", "62")
        XCTAssertEqual(table["carbohydrates_100g"]?.repairs, [.inferredRow])
        XCTAssertLessThan(table["carbohydrates_100g"]!.confidence, table["sugars_100g"]!.confidence)
    }
}
