import XCTest
@testable import NutriLensLabel

/// OCR damage on small crops of one-column multilingual tables (FoodLabel, session 3 round 2): a separator lost
/// in a sub-row that then exceeds its parent row, and a row name lost between the energy row and the next row.
final class SmallCropDamageTests: XCTestCase {
    /// "61g" saturates under "11 g" fat (FoodLabel small 0048): saturates above fat is impossible (Annex I), so the
    /// dropped-separator reading 6,1 g is believed as readily as for a mass above 100 g.
    func testSaturatesAboveFatTakeTheDroppedSeparatorReading() throws {
        let table = try parseTable("""
            Energie I Energie
            621 kJ (149 kcal)
            Matières grasses I Fett
            11 g
            dont acides gras saturés I davon gesättigte Fettsduren 61g
            Glucides I Kohlenhydrate
            4.1g
            dont sucres I davon Zucker
            3.4g
            Proteines I Eiweiss
            8.5g
            Sel I Salz
            0.48g
            """)
        assertValue(table, "saturated-fat_100g", "6.1", unit: .gram)
        XCTAssertEqual(table["saturated-fat_100g"]?.repairs, [.insertedDecimalSeparator])
        assertValue(table, "fat_100g", "11", unit: .gram)
        XCTAssertFalse(table.findings.contains { $0.check == "saturates-exceed-fat" })
    }

    /// Sugars above carbohydrate the same way; a sub-row below its parent keeps its printed reading ("61g"
    /// saturates under 70 g fat).
    func testSubRowOnlyRepairedWhenAboveItsParent() throws {
        let repaired = try parseTable("""
            Energie
            1450 kJ / 345 kcal
            Fett
            1,2 g
            davon gesättigte Fettsäuren
            0,3 g
            Kohlenhydrate
            72 g
            davon Zucker
            95 g
            Eiweiss
            9,5 g
            Salz
            0,8 g
            """)
        assertValue(repaired, "sugars_100g", "9.5")
        let kept = try parseTable("""
            Energie
            2900 kJ / 705 kcal
            Fett
            70 g
            davon gesättigte Fettsäuren
            61g
            Kohlenhydrate
            5,0 g
            davon Zucker
            2,0 g
            Eiweiss
            13 g
            Salz
            0,1 g
            """)
        assertValue(kept, "saturated-fat_100g", "61")
    }

    /// A parent read from another row (fat "3,4" where the energy needs 24 g, a whole pack's shifted rows) is not
    /// trusted: the sub-row above it keeps its printed reading and the finding stays.
    func testSubRowKeptWhenTheParentBreaksTheEnergyCheck() throws {
        let table = try parseTable("""
            Energie
            2080 kJ / 497 kcal
            Fett
            3,4 g
            davon gesättigte Fettsäuren
            14 g
            Kohlenhydrate
            62 g
            davon Zucker
            30 g
            Eiweiss
            6,8 g
            Salz
            0,09 g
            """)
        assertValue(table, "saturated-fat_100g", "14")
        XCTAssertTrue(table.findings.contains { $0.check == "saturates-exceed-fat" })
    }

    /// "Energie / 1937 kJ/462 kcal / 18g / davon / gesättigte Fettsäuren / 2,5g" (FoodLabel small 0491): fat's
    /// name was lost; the mass cell between the energy row and the first row read is fat's, inferred.
    func testMassCellBeforeTheFirstRowTakesTheLostFatName() throws {
        let table = try parseTable("""
            Energie
            1937 kJ/462 kcal
            18g
            davon
            gesättigte Fettsäuren
            2,5g
            Kohlenhydrate
            60g
            davon Zucker
            13g
            Ballaststoffe
            8,0 g
            Eiweiß
            11g
            Salz
            0,05g
            """)
        assertValue(table, "fat_100g", "18", unit: .gram)
        XCTAssertEqual(table["fat_100g"]?.repairs.contains(.inferredRow), true)
        assertValue(table, "saturated-fat_100g", "2.5")
        assertValue(table, "carbohydrates_100g", "60")
        assertValue(table, "salt_100g", "0.05")
    }

    /// A header's "100 g" above an empty fat row (the values half a row off, FoodLabel small 0222) is no lost row:
    /// fat's name was read, so nothing is inferred and the realignment keeps its say.
    func testLeadingCellWithFatNamedIsNoLostRow() throws {
        let table = try parseTable("""
            Energiewert / valeur énergétique /
            100 g
            valore energetico
            1616 kJ
            Fett / matières grasses / grassi
            (387 kcal)
            davon gesättigte Fettsäuren / dont acides
            23 g
            gras saturés / di cui acidi grassi saturi
            Kohlenhydrate / glucides / carboidrati
            10g
            davon Zucker / dont sucres / di cui zuccheri
            39 g
            Ballaststoffe / fibres alimentaires / fibre alimentari
            0,5 g
            Eiweiss / protéines / proteine
            1,1 g
            Salz / sel / sale
            5,5 g
            Die Packung enthält 4 Portionen /
            0,78 g g
            """)
        XCTAssertNotEqual(table["fat_100g"]?.value, 100)
        XCTAssertFalse(table.entries.contains { $0.repairs.contains(.inferredRow) && $0.nutrient == .fat })
    }
}

/// Row assembly around an "of which" whose sub-row name OCR cut.
final class CutOfWhichNameTests: XCTestCase {
    /// "davon gesätt / Fettsäuren / 5,4g / dont acides / gras saturés" (FoodLabel small 0118): the German name
    /// was cut, so the value follows an open "davon"; the French "dont" must not drop it, the French saturates name
    /// takes it.
    func testValueAfterACutOfWhichWaitsForTheNextLanguagesName() throws {
        let table = try parseTable("""
            Energie
            1365kJ
            324kcal
            Fett . Matières sses .
            8g
            davon gesätt
            Fettsäuren
            5,4g
            dont acides
            gras saturés di cui acidi grassi saturi
            Kohlenhydrate Glucides o Carboidrati
            56g
            davon Zucker dont sucres di cui zuccheri
            56g
            Eiweiss . Protéines . Proteine
            6,9g
            Salz . Sel D Sale
            0,23g
            """)
        assertValue(table, "fat_100g", "8")
        assertValue(table, "saturated-fat_100g", "5.4")
        assertValue(table, "carbohydrates_100g", "56")
        assertValue(table, "sugars_100g", "56")
    }
}

/// "per 100 kcal" bases, which some labels print beside per 100 g.
final class PerHundredKilocalorieTests: XCTestCase {
    /// "Energia/Energy/Energie (kJ/Kcal) 944/226; …" then "/ Por/per/pour 100kcal" (FoodLabel small 0461): the
    /// "100kcal" after a per-word states a basis, not the food's energy; 944 kJ / 226 kcal stay the energy pair.
    func testPerHundredKilocaloriesIsNoEnergyValue() throws {
        let table = try parseTable("""
            Déclaration Nutritionnelle - valeurs
            Energia/Energy/Energie (kJ/Kcal) 944/226; Lípidos/Fat/Graisses 14,6g; dos squais
            saturados/ of which saturates/dont acides gras saturés 2,5g; Hidratos de Carbono/
            Carbohydrate/Glucides 0g; dos quais acúcares/of which sugars/dont sucres 0g:
            Proteinas/Protein/Proteines. 24,0g; Sal/salt/sel
            1,24g,
            100g*
            / Por/per/pour 100kcal
            """)
        assertValue(table, "energy-kcal_100g", "226")
        assertValue(table, "energy-kj_100g", "944")
        assertValue(table, "fat_100g", "14.6")
    }

    /// A food with 100 kcal per 100 g prints "100 kcal" with no per-word before it: that is its energy.
    func testHundredKilocaloriesAsTheEnergyValueIsKept() throws {
        let table = try parseTable("""
            Energie pour 100 g
            418 kJ / 100 kcal
            Fett 2,0 g
            Kohlenhydrate 15 g
            Eiweiss 5,5 g
            Salz 0,5 g
            """)
        assertValue(table, "energy-kcal_100g", "100")
    }
}

/// Bounds whose decimal separator OCR lost.
final class LessThanBoundSeparatorTests: XCTestCase {
    /// "<05g" (FoodLabel small 0281 sugars): no label prints a whole bound with a leading zero; it is "<0,5 g".
    func testLeadingZeroBoundTakesItsSeparator() throws {
        let quantity = try XCTUnwrap(scanOne("<05g"))
        XCTAssertEqual(quantity.qualifier, .lessThan)
        XCTAssertEqual(quantity.value, Decimal(string: "0.5"))
        XCTAssertEqual(quantity.primary.repairs, [.insertedDecimalSeparator])
        // Printed bounds stay as printed.
        XCTAssertEqual(scanOne("<0,5 g")?.value, Decimal(string: "0.5"))
        XCTAssertEqual(scanOne("<5 g")?.value, 5)
        XCTAssertEqual(scanOne("<10 g")?.value, 10)
    }

    func testLeadingZeroBoundInATable() throws {
        let table = try parseTable("""
            Energy 648 kJ / 156 kcal
            Fat 11g
            of which saturates 3,5g
            Carbohydrate 4,2g
            of which sugars <05g
            Protein 10g
            Salt 1,4g
            """)
        assertValue(table, "sugars_100g", "0.5", qualifier: .lessThan)
    }
}
