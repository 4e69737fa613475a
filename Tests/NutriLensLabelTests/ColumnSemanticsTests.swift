import XCTest
@testable import NutriLensLabel

/// Which column is which, from the numbers as well as the header words, and what marks a prepared column.
final class ColumnSemanticsTests: XCTestCase {
    /// Class: two-column EU tables whose serving header OCR read on a line above the per-100 g one. The cells'
    /// ratio is the printed serving size: per 100 g = per serving × 100 / 29. Real rows: PP-OCRv6 tiny on
    /// danipisca07 tabella_nutrizionale.jpg ("per pezzo" over "Valori medi per 100 g (29 g) per 29 g").
    func testPerServingHeaderAboveTheTableDoesNotSwapTheColumns() throws {
        let table = try parseTable("""
            INFORMAZIONI NUTRIZIONALI
            per pezzo [0%*]
            Valori medi per 100 g [29 g) per 29 g
            Energia 1651 kJ/395 kcal 476kJ/115kcal
            grassi 19,3g 5,60
            di cui: acidi grassi saturi 7,90 2,39 12
            carboidrati 41,99 12,29
            di cui: zuccheri 249 79
            fibre 3,49 1g 0
            proteine 10,49 3g 6
            sale 0,2669 0,0779 1
            """)
        assertValue(table, "energy-kj_100g", "1651")
        assertValue(table, "energy-kcal_serving", "115")
        assertValue(table, "fat_100g", "19.3")
        assertValue(table, "fat_serving", "5.6")
        assertValue(table, "carbohydrates_100g", "41.9")
        assertValue(table, "carbohydrates_serving", "12.2")
        assertValue(table, "salt_100g", "0.266")
        XCTAssertTrue(table.findings.contains { $0.check == "columns-by-serving-ratio" })
    }

    /// Rendered: an Australian-style panel printing the serving column first under headers OCR gave in the EU order.
    func testServingColumnPrintedFirstUnderSwappedHeaders() throws {
        let table = try parseTable("""
            Servings per package: 8  Serving size: 40 g
            Per 100 g  Per serving
            Energy 640 kJ 1600 kJ
            Protein 2.4 g 6.0 g
            Fat, total 4.0 g 10.0 g
            Carbohydrate 20.0 g 50.0 g
            Sodium 48 mg 120 mg
            """)
        assertValue(table, "energy-kj_100g", "1600")
        assertValue(table, "proteins_100g", "6")
        assertValue(table, "proteins_serving", "2.4")
        assertValue(table, "carbohydrates_100g", "50")
    }

    /// The same numbers in the printed order are left alone, and a serving of about 100 g decides nothing.
    func testConsistentColumnsAreKept() throws {
        let table = try parseTable("""
            Per 100 g  Per serving (40 g)
            Energy 1600 kJ 640 kJ
            Protein 6.0 g 2.4 g
            Fat 10.0 g 4.0 g
            Carbohydrate 50.0 g 20.0 g
            """)
        assertValue(table, "proteins_100g", "6")
        assertValue(table, "proteins_serving", "2.4")
        XCTAssertFalse(table.findings.contains { $0.check == "columns-by-serving-ratio" })
    }

    /// Class: "milk" names the product far more often than a preparation ("MILK CHOCOLATE", "milk powder"); only
    /// "with … milk", "+ 125 ml lait", "mit Milch" make a prepared column. Real rows: PP-OCRv6 tiny on pxlshpr
    /// 713A721E (a US panel beside the product name "IRRESISTIBLY SMOOTH MILK CHOCOLATE").
    func testMilkInAProductNameIsNoPreparedColumn() throws {
        let table = try parseTable("""
            IRRESISTIBLY Nutrition Facts
            SMOOTH about 40 servings per container
            MILK Serving size 3 balls (36g)
            Amount per serving
            CHOCOLATE Calories 220
            % Daily Value*
            Total Fat 17g 22%
            Saturated Fat 13g 65%
            Total Carbohydrate 16g 6%
            Protein 2g
            """)
        assertValue(table, "energy-kcal_serving", "220")
        assertValue(table, "fat_serving", "17")
        assertValue(table, "saturated-fat_serving", "13")
        XCTAssertFalse(table.entries.contains { $0.preparation == .prepared })
    }

    func testWithMilkColumnIsPrepared() throws {
        let table = try parseTable("""
            Nutrition Facts
            Serving size 3/4 cup (30g)
            Amount per serving  Cereal  with 1/2 cup skim milk
            Calories 120 160
            Total Fat 1g 1g
            Total Carbohydrate 25g 31g
            Protein 2g 6g
            """)
        assertValue(table, "energy-kcal_serving", "120")
        assertValue(table, "energy-kcal_prepared_serving", "160")
        assertValue(table, "carbohydrates_prepared_serving", "31")
    }

    /// Class: spelled-out units of product sheets damaged by OCR ("Miligram", "iligram", "Miligam"): micronutrient
    /// amounts in mg, not grams. Real rows: PP-OCRv6 tiny on q-m rabbiteye VOED067386000.png.
    func testDamagedSpelledUnits() throws {
        let table = try parseTable("""
            Voedingswaarde per 100 Gram
            Energie 1512 Kilojoule
            Vetten 11 Gram
            Koolhydraten 41 Gram
            Eiwitten 23 Gram
            Magnesium 99 Miligram
            Fosfor 587 Miligam
            Vitamine B12 0.84 iligram
            Vitamine D 2.8 Microgam
            """)
        XCTAssertEqual(table["magnesium_100g"]?.unit, .milligram)
        XCTAssertEqual(table.nutriments["magnesium_100g"], Decimal(string: "0.099"))
        XCTAssertEqual(table.nutriments["phosphorus_100g"], Decimal(string: "0.587"))
        XCTAssertEqual(table.nutriments["vitamin-b12_100g"], Decimal(string: "0.00084"))
        XCTAssertEqual(table.nutriments["vitamin-d_100g"], Decimal(string: "0.0000028"))
        // A word of six letters that is no unit stays none.
        XCTAssertNil(NumberGrammar.scan(Array("5 Gramma")).first?.unit == .milligram ? 1 : nil)
    }

    /// Class: labels that write the gram "gm" or "gms" (Indian FSSAI panels, some US ones): amounts in grams, the
    /// header's "per 100 gm" a per-100 g basis, and "mg" beside them still milligrams.
    func testGmIsGrams() throws {
        let table = try parseTable("""
            NUTRITION INFORMATION
            Approx. values per 100 gm per serve (30 gm)
            Energy (kcal) 510 153
            Protein 6.2 gm 1.9 gm
            Carbohydrate 58.4 gms 17.5 gms
            Total Fat 27.9 gm 8.4 gm
            Sodium 640 mg 192 mg
            """)
        assertValue(table, "proteins_100g", "6.2")
        assertValue(table, "proteins_serving", "1.9")
        assertValue(table, "carbohydrates_100g", "58.4")
        assertValue(table, "fat_serving", "8.4")
        XCTAssertEqual(table["proteins_100g"]?.unit, .gram)
        XCTAssertEqual(table.nutriments["sodium_100g"], Decimal(string: "0.64"))
        XCTAssertEqual(NumberGrammar.scan(Array("3.2gm")).first?.unit, .gram)
    }

    /// Vitamin names glued to the name before them on product sheets ("RiboflavineVitamine B2").
    func testVitaminGluedToItsOtherName() throws {
        let table = try parseTable("""
            Voedingswaarde per 100 Gram
            Energie 1512 Kilojoule
            Vetten 11 Gram
            Koolhydraten 41 Gram
            RiboflavineVitamine B2 0.9 Milligram
            ThiamineVitamine B1 0.62 Milligram
            """)
        XCTAssertEqual(table.nutriments["vitamin-b2_100g"], Decimal(string: "0.0009"))
        XCTAssertEqual(table.nutriments["vitamin-b1_100g"], Decimal(string: "0.00062"))
    }
}
