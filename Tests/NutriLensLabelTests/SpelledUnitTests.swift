import XCTest
@testable import NutriLensLabel

/// Product sheets (GS1/GDSN exports, Dutch retailer sheets) spell units out ("97 Milligram", "389 Microgram",
/// "1530 Kilojoule") and name vitamins in French/Dutch ("Vitamine C", "Foliumzuur"). Each unit spelling and each
/// name must land on its own nutrient with the amount converted to grams exactly.
final class SpelledUnitTests: XCTestCase {
    func testSpelledUnitsGiveTheirUnit() {
        let cases: [(text: String, value: String, unit: NutrientUnit?)] = [
            ("12 Gram", "12", .gram), ("12 Gramm", "12", .gram), ("12 grammes", "12", .gram),
            ("12 gramos", "12", .gram), ("12 grammi", "12", .gram), ("12 gramas", "12", .gram),
            ("97 Milligram", "97", .milligram), ("97 Milligramm", "97", .milligram),
            ("97 milligrammes", "97", .milligram), ("97 miligramos", "97", .milligram),
            ("0,83 Microgram", "0.83", .microgram), ("0,83 Mikrogramm", "0.83", .microgram),
            ("389 microgrammes", "389", .microgram), ("389 microgramos", "389", .microgram),
            ("1530 Kilojoule", "1530", .kilojoule), ("1530 kilojoules", "1530", .kilojoule),
            ("364 Kilocalorie", "364", .kilocalorie), ("364 Kilokalorien", "364", .kilocalorie),
            // Tesseract misreads seen on real photos: kcal as kcol/keal/kral, mg without its descender, µ as p.
            ("91kcol", "91", .kilocalorie), ("221 keal", "221", .kilocalorie), ("450 kral", "450", .kilocalorie),
            ("170ma", "170", .milligram), ("3.4 pg", "3.4", .microgram),
            // Letter O for zero before a milligram unit (bug case 4's class): "Omg", "Omcg".
            ("Omg", "0", .milligram), ("Omcg", "0", .microgram),
        ]
        for item in cases {
            guard let quantity = scanOne(item.text) else { XCTFail("no quantity in \(item.text)"); continue }
            XCTAssertEqual(quantity.value, Decimal(string: item.value)!, item.text)
            XCTAssertEqual(quantity.unit, item.unit, item.text)
        }
        // "Calories" stays a row name: "100 Calories from Fat" must not make 100 an amount of the "from fat" row.
        XCTAssertNil(scanOne("100 Calories")?.unit)
        // Longer words are not units.
        XCTAssertNil(scanOne("12 grammatica")?.unit)
    }

    func testDutchProductSheetWithSpelledUnits() throws {
        let table = try parseTable("""
            Voedingswaarde per 100 Gram
            Energie 1530 Kilojoule
            Energie 364 Kilocalorie
            Vetten 12 Gram
            Vetzuren, totaal verzadigd 5 Gram
            Koolhydraten 42 Gram
            Suikers 23 Gram
            Magnesium 97 Milligram
            Fosfor 584 Milligram
            Biotine/Vitamine H 28 Microgram
            Vitamine B12 0.83 Microgram
            Foliumzuur/Vitamine B11 111 Microgram
            Niacine/Vitamine B3 10 Milligram
            Vitamine C 25 Milligram
            Vitamine E 6 Milligram
            Vitamin A 389 Microgram
            Kalium 410 Milligram
            Eiwitten 23 Gram
            Zout 0.86 Gram
            """)
        let expected: [(String, String)] = [
            ("energy-kj_100g", "1530"), ("energy-kcal_100g", "364"), ("fat_100g", "12"), ("saturated-fat_100g", "5"),
            ("carbohydrates_100g", "42"), ("sugars_100g", "23"), ("magnesium_100g", "0.097"),
            ("phosphorus_100g", "0.584"), ("vitamin-b12_100g", "0.00000083"), ("vitamin-b9_100g", "0.000111"),
            ("vitamin-pp_100g", "0.01"), ("vitamin-c_100g", "0.025"), ("vitamin-e_100g", "0.006"),
            ("vitamin-a_100g", "0.000389"), ("potassium_100g", "0.41"), ("proteins_100g", "23"), ("salt_100g", "0.86"),
        ]
        for (key, value) in expected {
            XCTAssertEqual(table.nutriments[key], Decimal(string: value)!, key)
        }
        // Biotin has no Open Food Facts key here: its 28 µg must not become vitamin E (fuzzy "vitamine h").
        XCTAssertEqual(table["vitamin-e_100g"]?.value, 6)
        XCTAssertEqual(table["vitamin-e_100g"]?.unit, .milligram)
    }
}

/// Dutch GS1 product sheets name the fatty-acid rows "Vetzuren, enkelvoudig onverzadigd", "…meervoudig onverzadigd"
/// and "Transvetzuren"; German and French labels "Transfettsäuren", "acides gras trans".
final class FattyAcidNameTests: XCTestCase {
    func testDutchFattyAcidRows() throws {
        let table = try parseTable("""
            Energie 1552 Kilojoule
            Energie 370 Kilocalorie
            Vetten 16 Gram
            Vetzuren, totaal verzadigd 7 Gram
            Vetzuren, enkelvoudig onverzadigd 5.5 Gram
            Vetzuren, meervoudig onverzadigd 2 Gram
            Transvetzuren 0.09 Gram
            Koolhydraten 48 Gram
            Eiwitten 7.5 Gram
            """)
        let expected: [(String, String)] = [
            ("fat_100g", "16"), ("saturated-fat_100g", "7"), ("monounsaturated-fat_100g", "5.5"),
            ("polyunsaturated-fat_100g", "2"), ("trans-fat_100g", "0.09"), ("carbohydrates_100g", "48"),
        ]
        for (key, value) in expected { assertValue(table, key, value) }
    }

    func testTransFatNames() throws {
        for name in ["Transfettsäuren", "acides gras trans", "Transvetzuren"] {
            let table = try parseTable("Fett 16 g\n\(name) 0,1 g\nEiweiß 7 g")
            assertValue(table, "trans-fat_100g", "0.1")
        }
    }
}
