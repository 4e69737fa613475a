import XCTest
@testable import NutriLensLabel

/// Values a label cannot print as read are flagged (lower confidence, `needsReview`) or repaired instead of being
/// trusted: a macronutrient in milligrams, a US panel's sodium in grams, a sub-row above its parent row; and
/// "not more than" is an upper bound. Rows are Tesseract's text of the shared label photos.
final class ImplausibleValueFlagTests: XCTestCase {
    /// M-Strzelecki nf80 (Indian FSSAI table): "not more than 14.4g" is recorded as "<14.4".
    func testNotMoreThanIsAnUpperBound() throws {
        let table = try parseTable("""
            *Nutritional Information per 100 g product (approx..)
            Carbohydrates 67.2g
            *Sugars 22.4g
            Proteins 6.9g
            Total Fat 22.8g
            Trans fatty acids not more than 0.2g
            Saturated fatty acids not more than 14.4g
            Mono unsaturated fatty acids 6.6g
            Energy 502 kcal
            """)
        assertValue(table, "saturated-fat_100g", "14.4", qualifier: .lessThan)
        assertValue(table, "trans-fat_100g", "0.2", qualifier: .lessThan)
        assertValue(table, "monounsaturated-fat_100g", "6.6")
        assertValue(table, "fat_100g", "22.8")
        XCTAssertEqual(table.qualifiers["saturated-fat_100g"], "<")
    }

    /// pxlshpr 4CF0CBA5: "Sod ium" split by OCR, so the sugars row took sodium's "105mg". Sugars are printed in
    /// grams, so the mg cell is no sugars value (session 18, `TableBuilder.droppingMilligramCells`; before, the
    /// entry stayed flagged), and the gram rows around it are not flagged.
    func testMacronutrientInMilligramsIsNoValue() throws {
        let table = try parseTable("""
            Nutrition Facts
            Total Fat 0g 0%
            Saturated Fat 0g 0%
            Trans Fat 0g
            Total Carbohydrate 9g 3%
            Sugars 105mg
            Protein 23g
            """)
        XCTAssertNil(table["sugars_serving"])
        assertValue(table, "proteins_serving", "23", unit: .gram)
        XCTAssertFalse(try XCTUnwrap(table["carbohydrates_serving"]).needsReview)
        XCTAssertFalse(try XCTUnwrap(table["fat_serving"]).needsReview)
    }

    /// julielee eng_real_10 (US panel at low resolution): "Sodium 70rd" beside a stray "1g" is no sodium amount a US
    /// panel prints (21 CFR 101.9: milligrams); the same panel's "Sodium 150mg" and an EU table's "Natrium 0,4 g"
    /// are trusted.
    func testUSPanelSodiumInGramsIsFlagged() throws {
        let rows = """
            Nutrition Facts
            Calories 55
            Total Fat 0.3g 1%
            Cholesterol 0mg 0%
            Sodium
            te 1g
            Total Carbohydrate 15g 5%
            """
        let flagged = try XCTUnwrap(try parseTable(rows)["sodium_serving"])
        XCTAssertEqual(flagged.value, 1)
        XCTAssertEqual(flagged.unit, .gram)
        XCTAssertTrue(flagged.needsReview)
        let trusted = try parseTable(rows.replacingOccurrences(of: "te 1g", with: "150mg"))
        assertValue(trusted, "sodium_serving", "150", unit: .milligram)
        XCTAssertFalse(trusted["sodium_serving"]!.needsReview)
        let eu = try parseTable("""
            Nährwerte pro 100 g
            Energie 1046 kJ / 250 kcal
            Fett 3,2 g
            Kohlenhydrate 44 g
            Eiweiß 8,0 g
            Natrium 0,4 g
            """)
        assertValue(eu, "sodium_100g", "0.4", unit: .gram)
        XCTAssertFalse(eu["sodium_100g"]!.needsReview)
    }

    /// M-Strzelecki nf54: "Monounsaturated Fat 47g" under "Fat - Total 21g" (4,7 g printed). Mono-unsaturates are
    /// fat (Annex I): without the carbohydrate row the energy check cannot confirm fat, so both are flagged with a
    /// finding; with it (470 kcal = 9 × 21 + 4 × 63 + 4 × 6,4) the dropped separator is restored.
    func testMonounsaturatesAboveFat() throws {
        let rows = """
            Energy 470kcal
            Protein 6.4g
            Fat - Total 21g
            - Saturated Fat 9.4g
            - Monounsaturated Fat 47g
            - Polyunsaturated Fat 1.3g
            """
        let unchecked = try parseTable(rows)
        XCTAssertTrue(try XCTUnwrap(unchecked["monounsaturated-fat_100g"]).needsReview)
        XCTAssertTrue(unchecked.findings.contains {
            $0.check == "sub-row-exceeds-parent" && $0.keys == ["monounsaturated-fat_100g", "fat_100g"]
        })
        XCTAssertFalse(try XCTUnwrap(unchecked["saturated-fat_100g"]).needsReview)

        let checked = try parseTable(rows + "\nCarbohydrate 63g")
        assertValue(checked, "monounsaturated-fat_100g", "4.7")
        XCTAssertEqual(checked["monounsaturated-fat_100g"]?.repairs, [.insertedDecimalSeparator])
        XCTAssertFalse(checked.findings.contains { $0.check == "sub-row-exceeds-parent" })
        assertValue(checked, "fat_100g", "21")
    }

    /// pxlshpr 7A7E14B8 shape: "Includes 50g Added Sugars" under "Total Sugars 18g" — added sugars are part of total
    /// sugars (21 CFR 101.9(c)(6)(iii)). No repair (the energy check does not confirm total sugars, so either row
    /// may be the misread one): a finding, and both flagged.
    func testAddedSugarsAboveTotalSugars() throws {
        let table = try parseTable("""
            Nutrition Facts
            Calories 120
            Total Fat 0g 0%
            Total Carbohydrate 30g 11%
            Total Sugars 18g
            Includes 50g Added Sugars 100%
            Protein 0g
            """)
        assertValue(table, "added-sugars_serving", "50")
        XCTAssertTrue(table.findings.contains {
            $0.check == "sub-row-exceeds-parent" && $0.keys == ["added-sugars_serving", "sugars_serving"]
        })
        XCTAssertTrue(try XCTUnwrap(table["added-sugars_serving"]).needsReview)
        XCTAssertTrue(try XCTUnwrap(table["sugars_serving"]).needsReview)
        XCTAssertFalse(try XCTUnwrap(table["carbohydrates_serving"]).needsReview)
    }
}

/// Per-100 g amounts few foods reach (salt above 5 g, fibre above 20 g) are flagged for review, not changed:
/// FoodLabel full photo 0303 "Salt … 13g" (0,13 g printed), 0199 "Ballaststoffe … 50 g" (5,0 g). Here the energy
/// counts the 30 g of fibre (Annex XIV, 2 kcal/g), so nothing witnesses a lost separator; 0199's own shape, a fibre
/// the energy contradicts once counted, is read with its separator (`NumberDamageWitnessTests`, session 17).
final class RareAmountTests: XCTestCase {
    func testRareSaltAndFibreAreFlagged() throws {
        let rows = """
            Nährwerte pro 100 g
            Energie 1007 kJ / 241 kcal
            Fett 3,2 g
            Kohlenhydrate 30 g
            Ballaststoffe 30 g
            Eiweiß 8,0 g
            Salz 13 g
            """
        let table = try parseTable(rows)
        assertValue(table, "salt_100g", "13")
        assertValue(table, "fiber_100g", "30")
        XCTAssertTrue(table["salt_100g"]!.needsReview)
        XCTAssertTrue(table["fiber_100g"]!.needsReview)
        XCTAssertFalse(table["fat_100g"]!.needsReview)
        let usual = try parseTable(rows.replacingOccurrences(of: "Ballaststoffe 30 g", with: "Ballaststoffe 3,0 g")
            .replacingOccurrences(of: "13 g", with: "1,3 g")
            .replacingOccurrences(of: "1007 kJ / 241 kcal", with: "782 kJ / 187 kcal"))
        XCTAssertFalse(usual["salt_100g"]!.needsReview)
        XCTAssertFalse(usual["fiber_100g"]!.needsReview)
        XCTAssertGreaterThan(usual["salt_100g"]!.confidence, table["salt_100g"]!.confidence)
    }

    /// Per serving as well, and trans fat above 10 g: julielee9067 eng_real_10 read "Trans Fat) 70" (70 g trans fat
    /// in a serving of a US panel) as a trusted value; here 15 g under 30 g of fat.
    func testRareServingAmountsAndTransFatAreFlagged() throws {
        let rows = """
            Nutrition Facts
            Serving Size 1 cup (240g)
            Calories 410
            Total Fat 30g 46%
            Saturated Fat 3g 15%
            Trans Fat 15g
            Sodium 3500mg 150%
            Total Carbohydrate 31g 11%
            Protein 5g
            """
        let table = try parseTable(rows)
        assertValue(table, "trans-fat_serving", "15")
        XCTAssertTrue(table["trans-fat_serving"]!.needsReview)
        XCTAssertTrue(table["sodium_serving"]!.needsReview)
        XCTAssertFalse(table["fat_serving"]!.needsReview)
        let usual = try parseTable(rows.replacingOccurrences(of: "Trans Fat 15g", with: "Trans Fat 0g")
            .replacingOccurrences(of: "3500mg 150%", with: "350mg 15%"))
        XCTAssertFalse(usual["trans-fat_serving"]!.needsReview)
        XCTAssertFalse(usual["sodium_serving"]!.needsReview)
    }
}

/// A row with no reference intake (fibre) printed with a %RI that is another row's for the same amount took that
/// row's cell: danipisca07 tabella_nutrizionale_2 read "\ Fibre 14 g | 28%", protein's 14 g (28 % of 50 g) a row late.
final class ReferenceIntakeOfOtherRowTests: XCTestCase {
    func testFibreWithProteinsPercentIsFlagged() throws {
        let rows = """
            DICHIARAZIONE NUTRIZIONALE | %AR*
            valori medi per 100 g di prodotto
            Energia 1547 kJ/365 kcal 18%
            Grassi 1.5 g | 2%
            Carboidrati 73 g | 28%
            di cui zuccheri 1.6 g | 2%
            Fibre 14 g | 28%
            """
        let table = try parseTable(rows)
        assertValue(table, "fiber_100g", "14")
        XCTAssertTrue(table["fiber_100g"]!.needsReview)
        XCTAssertTrue(table.findings.contains { $0.check == "ri-percent-of-other-row" && $0.keys == ["fiber_100g"] })
        // Fibre printed without a %RI, or with one that fits no other row, is not flagged for it.
        let plain = try parseTable(rows.replacingOccurrences(of: "Fibre 14 g | 28%", with: "Fibre 3.0 g"))
        XCTAssertFalse(plain.findings.contains { $0.check == "ri-percent-of-other-row" })
        XCTAssertFalse(plain["fiber_100g"]!.needsReview)
    }
}
