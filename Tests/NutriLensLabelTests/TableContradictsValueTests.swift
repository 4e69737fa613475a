import XCTest
@testable import NutriLensLabel
import NutriLensTestSupport

/// Values the table's own figures contradict and that nothing names a right value for (issue 22: never an unflagged
/// value the table contradicts; session 25 flprec): a sub-row above the bound its parent prints
/// (`TableBuilder.leaveOutSubRowsAboveBound`), a repaired reading that puts the disjoint masses over 100 g
/// (`TableBuilder.leaveOutRepairedReadingOverMassSum`) unless the energy witnesses it, a kcal read as 0 beside a kJ figure the macros confirm
/// (`TableBuilder.energySideContradictedByMacros`). Written for these tests (EN, DE, FR, IT, PL tables), not copied
/// from a corpus.
final class TableContradictsValueTests: XCTestCase {
    // MARK: a sub-row above its parent's bound

    /// "<0,5 g" fat with saturates read "1" (a "/" of the bilingual name taken for a digit, the real "0,1 g" lost):
    /// saturates cannot exceed 0,5 g, so the 1 is left out; the other rows stay.
    func testSaturatesAboveTheFatBoundAreLeftOut() throws {
        for (fat, saturates) in [("Fat <0.5 g", "of which saturates 1"),
                                 ("Fett / matières grasses <0,5 g", "davon gesättigte Fettsäuren 1"),
                                 ("Grassi < 0,5 g", "di cui acidi grassi saturi 2 g")] {
            let table = try parseTable("""
                Nutrition per 100 g
                Energy 1431 kJ / 338 kcal
                \(fat)
                \(saturates)
                Carbohydrate 70 g
                of which sugars 3.1 g
                Protein 14 g
                Salt 0.02 g
                """)
            XCTAssertNil(table["saturated-fat_100g"], "\(saturates): \(table.entries.map(\.key))")
            assertValue(table, "fat_100g", "0.5", qualifier: .lessThan)
            assertValue(table, "carbohydrates_100g", "70")
            assertValue(table, "proteins_100g", "14")
            XCTAssertTrue(table.findings.contains { $0.check == "contradicted-value" && $0.keys == ["saturated-fat_100g"] })
        }
    }

    /// Sugars above a "<1 g" carbohydrate bound go the same way; sugars within the bound, or saturates as a bound
    /// themselves under a bound, stay.
    func testSugarsAboveTheCarbohydrateBoundGoAndValuesWithinStay() throws {
        let above = try parseTable("""
            Nährwerte pro 100 g
            Energie 2736 kJ / 665 kcal
            Fett 72 g
            davon gesättigte Fettsäuren 9,5 g
            Kohlenhydrate <1 g
            davon Zucker 6 g
            Eiweiß 4,2 g
            Salz 0,9 g
            """)
        XCTAssertNil(above["sugars_100g"])
        assertValue(above, "saturated-fat_100g", "9.5")
        let within = try parseTable("""
            Nutrition per 100 g
            Energy 1431 kJ / 338 kcal
            Fat <0.5 g
            of which saturates 0.1 g
            Carbohydrate <1 g
            of which sugars <0.5 g
            Protein 14 g
            """)
        assertValue(within, "saturated-fat_100g", "0.1")
        assertValue(within, "sugars_100g", "0.5", qualifier: .lessThan)
    }

    // MARK: a repaired reading over the mass sum

    /// "154" under salt in a chocolate table (the printed 0,05 g run over by a rule and a footnote mark): the only
    /// readings are 15,4 g (a separator inserted) and 1,54 g; 15,4 g with 31 g fat, 52 g carbohydrate, 4,1 g fibre
    /// and 7,9 g protein makes 110 g. The energy (531 kcal) fits the macros, so the salt reading is the wrong one:
    /// left out.
    func testRepairedSaltReadingOverTheMassSumIsLeftOut() throws {
        for (energy, salt) in [("Energy 2222 kJ / 531 kcal", "Salt 154"), ("Energie 2222 kJ / 531 kcal", "Sel 154")] {
            let table = try parseTable("""
                Per 100 g
                \(energy)
                Fat 31 g
                of which saturates 19 g
                Carbohydrate 52 g
                of which sugars 47 g
                Fibre 4.1 g
                Protein 7.9 g
                \(salt)
                """)
            XCTAssertNil(table["salt_100g"], "\(salt): \(table["salt_100g"].map { "\($0.value)" } ?? "-")")
            assertValue(table, "fat_100g", "31")
            assertValue(table, "carbohydrates_100g", "52")
            assertValue(table, "proteins_100g", "7.9")
            XCTAssertTrue(table.findings.contains { $0.check == "contradicted-value" && $0.keys == ["salt_100g"] })
        }
    }

    /// Printed figures that sum past 105 g (a seasoning: 12 g salt printed as such) are only flagged, never left
    /// out: the sum does not say which is wrong.
    func testPrintedFiguresOverTheMassSumStay() throws {
        let table = try parseTable("""
            Nutrition per 100 g
            Energy 2385 kJ / 576 kcal
            Fat 48 g
            Carbohydrate 10 g
            Fibre 9 g
            Protein 28 g
            Salt 12 g
            """)
        assertValue(table, "salt_100g", "12")
        assertValue(table, "fat_100g", "48")
        XCTAssertTrue(table["salt_100g"]!.needsReview)
    }

    /// A fibre "67 g" read 6,7 g (separator restored) in a table that prints 106.2 g of disjoint masses: the energy
    /// (439 kcal) is what the macros give with 6,7 g fibre, so the reading is witnessed and stays.
    func testRepairedReadingTheEnergyWitnessesStays() throws {
        let table = try parseTable("""
            Typical values per 100g
            Energy 1857 kJ / 439 kcal
            Fat 6.0 g
            of which saturates 0.9 g
            Carbohydrate 81 g
            of which sugars 50 g
            Fibre 67 g
            Protein 12 g
            Salt 0.49 g
            """)
        assertValue(table, "fiber_100g", "6.7")
        XCTAssertFalse(table.findings.contains { $0.check == "contradicted-value" })
    }

    // MARK: a kcal read as 0

    /// "kcal 67 L'O" style damage: the kcal cell read as 0 beside 281 kJ, with macros giving 67 kcal (281 kJ is
    /// 67.2 kcal): the 0 is left out and the kJ kept.
    func testZeroKcalBesideAKilojouleFigureTheMacrosConfirmIsLeftOut() throws {
        for energy in ["Energy 281 kJ / 0 kcal", "Wartość energetyczna 281 kJ 0 kcal"] {
            let table = try parseTable("""
                Nutrition per 100 g
                \(energy)
                Fat 3.7 g
                of which saturates 0.4 g
                Carbohydrate 6.2 g
                of which sugars 5.2 g
                Fibre 1.8 g
                Protein 1.4 g
                Salt 0.96 g
                """)
            XCTAssertNil(table["energy-kcal_100g"], energy)
            assertValue(table, "energy-kj_100g", "281")
            assertValue(table, "fat_100g", "3.7")
        }
    }
}

/// The FoodLabel cases the classes were found on (Textract text; skipped without ../shared): small crop 0007 (A,
/// saturates "1" under "<0.5 g" fat), 0268 (A, "kcal 67 L'O" read as 0 kcal beside 281 kJ), 0237 (B, salt "122"
/// over the masses' sum), full photo 0484 (A, a side recipe's "250 g" read as fibre 25,0 g, over the masses' sum).
/// Each value is left out; the rows the checks confirm keep their values. Since the continuation-cell reading
/// (session 25) 0484's wrapped "fibres alimentaires / fibre alimentari" row takes its own 3,7 g, so the check must
/// let the printed value through rather than leave the row out.
final class TableContradictsFoodLabelTests: XCTestCase {
    private func table(_ variant: String, _ id: String) throws -> NutritionTable {
        let folder = try PackagePaths.shared("corpus/labels/FoodLabel/ocr/\(variant)")
        return try parseTable(String(contentsOf: folder.appendingPathComponent("\(id).txt"), encoding: .utf8))
    }

    func testFoodLabelValuesTheTableContradicts() throws {
        let t0007 = try table("crop_small", "0007")
        XCTAssertNil(t0007["saturated-fat_100g"])
        assertValue(t0007, "fat_100g", "0.5", qualifier: .lessThan)
        assertValue(t0007, "proteins_100g", "35")
        let t0268 = try table("crop_small", "0268")
        XCTAssertNil(t0268["energy-kcal_100g"])
        assertValue(t0268, "energy-kj_100g", "281")
        let t0237 = try table("crop_small", "0237")
        XCTAssertNil(t0237["salt_100g"])
        assertValue(t0237, "fat_100g", "40")
        assertValue(t0237, "carbohydrates_100g", "47.8")
        let t0484 = try table("full_size", "0484")
        assertValue(t0484, "fiber_100g", "3.7")
    }
}
