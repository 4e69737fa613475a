import XCTest
@testable import NutriLensLabel

/// Values the table's own checks contradict once the readings are chosen (`TableBuilder.settleContradictions`,
/// `ConsistencyChecks.macroEnergyFloorKcal`, `TableBuilder.bareInferredPartner`): the one printable reading that
/// fits is taken, else a suspect value is left out; a value no check singles out stays. The cases are the
/// programistkajavy-art Polish packs' damage (a separator lost in run-in text, a sub-row above its parent, a figure
/// impossible as printed, the next row's amount taken as the kJ), in several languages and layouts.
final class ContradictedValueTests: XCTestCase {
    // MARK: the one reading that fits

    /// Run-in text (mozzarella pouch, PL): "Węglowodany: 1,5 g" read "15 g." — 18,5 g fat, 18 g protein and 15 g
    /// carbohydrate make 298 kcal against 245 printed; 1,5 g makes 244.5.
    func testRunInCarbohydrateWithLostSeparatorIsTheReadingThatFits() throws {
        let texts = [
            """
            Wartość odżywcza w 100g: Wartość energetyczna: 1016 kJ / 245 kcal; Tłuszcz: 18,5 g
            w tym kwasy tłuszczowe nasycone: 13,0 g; Węglowodany: 15 g; Białko: 18,0 g; Sól: 0,50 g
            """,
            """
            Nährwerte pro 100 g
            Energie 1016 kJ / 245 kcal
            Fett 18,5 g
            davon gesättigte Fettsäuren 13,0 g
            Kohlenhydrate 15 g
            Eiweiß 18,0 g
            Salz 0,50 g
            """,
            """
            Nutrition per 100 g
            Energy 1016 kJ / 245 kcal
            Fat 18.5 g
            Carbohydrate 15 g
            Protein 18.0 g
            """,
        ]
        for text in texts {
            let table = try parseTable(text)
            assertValue(table, "carbohydrates_100g", "1.5")
            assertValue(table, "fat_100g", "18.5")
            assertValue(table, "proteins_100g", "18")
            XCTAssertTrue(table["carbohydrates_100g"]!.needsReview, text)
            XCTAssertTrue(table.findings.contains { $0.check == "contradiction-reading" }, text)
        }
    }

    /// The same table whose energy fits 15 g as printed keeps it; two readings that would each fit (carbohydrate
    /// 1,5 or protein 1,8) choose neither.
    func testPrintedValueStaysWhenItFitsOrWhenTwoReadingsWould() throws {
        let fitting = try parseTable("""
            Nutrition per 100 g
            Energy 1249 kJ / 298 kcal
            Fat 18.5 g
            Carbohydrate 15 g
            Protein 18 g
            """)
        assertValue(fitting, "carbohydrates_100g", "15")
        let ambiguous = try parseTable("""
            Nutrition per 100 g
            Energy 1004 kJ / 240 kcal
            Fat 18.5 g
            Carbohydrate 15 g
            Protein 18 g
            """)
        assertValue(ambiguous, "carbohydrates_100g", "15")
        assertValue(ambiguous, "proteins_100g", "18")
        XCTAssertFalse(ambiguous.findings.contains { $0.check == "contradiction-reading" })
    }

    // MARK: the energy floor when a macro was not read

    /// "479" for "4,7 g" (g read as 9, separator lost) under 60 kcal with no fat row read: 47 g carbohydrate alone
    /// holds 188 kcal, so the reading that fits and that labels print, 4,7 g, is taken (4,79 is not printed).
    func testEnergyFloorReadsGlueGramWhenFatIsMissing() throws {
        for name in ["Weglowodany", "Carbohydrate", "Kohlenhydrate"] {
            let table = try parseTable("""
                Wartość energetyczna 253 kJ / 60 kcal
                \(name) 479
                Białko 3,2 g
                Sól 0,10 g
                """)
            assertValue(table, "carbohydrates_100g", "4.7")
        }
    }

    // MARK: left out

    /// "337" (three stacked cells read as one) as carbohydrate beside 8,8 g fat under 135 kcal: 33,7 g breaks the
    /// energy, 3,37 g is not a number labels print: no value. With energy that 33,7 g fits, it is read so.
    func testImpossibleFigureWithNoPrintableFittingReadingIsLeftOut() throws {
        for (header, energy) in [("Wartość odżywcza 100 g", "Wartość energetyczna 558 kJ / 135 kcal"),
                                 ("Nutrition per 100 g", "Energy 558 kJ / 135 kcal")] {
            let table = try parseTable("""
                \(header)
                \(energy)
                Fat 8,8 g
                Carbohydrates 337
                Salt 0,08 g
                """)
            XCTAssertNil(table["carbohydrates_100g"], "\(table.entries.map(\.key))")
            assertValue(table, "fat_100g", "8.8")
            XCTAssertTrue(table.findings.contains { $0.check == "contradicted-value" && $0.keys == ["carbohydrates_100g"] })
        }
        let fits = try parseTable("""
            Nutrition per 100 g
            Energy 895 kJ / 214 kcal
            Fat 8,8 g
            Carbohydrates 337
            Salt 0,08 g
            """)
        assertValue(fits, "carbohydrates_100g", "33.7")
    }

    /// Balsamic vinegar: "nasycone" / "15g" (the carbohydrate's 15 g) under fat "0g" and 82 kcal: 15 g and 1,5 g
    /// saturates both exceed the fat, and only leaving the saturates out makes the table consistent.
    func testSubRowAboveItsParentWithNoFittingReadingIsLeftOut() throws {
        for (fat, saturates) in [("Tłuszcz 0g", "w tym kwasy tłuszczowe nasycone 15g"),
                                 ("Fat 0 g", "of which saturates 15 g"),
                                 ("Fett 0 g", "davon gesättigte Fettsäuren 15 g")] {
            let table = try parseTable("""
                Energy 350 kJ / 82 kcal
                \(fat)
                \(saturates)
                Protein 1 g
                """)
            XCTAssertNil(table["saturated-fat_100g"], "\(table.entries.map { "\($0.key)=\($0.value)" })")
            assertValue(table, "fat_100g", "0")
        }
        // Saturates within the fat stay.
        let fine = try parseTable("Energy 350 kJ / 82 kcal\nFat 8 g\nof which saturates 1.5 g\nProtein 1 g")
        assertValue(fine, "saturated-fat_100g", "1.5")
    }

    /// M-Strzelecki nf90 (a cookie panel, 97.2 kcal per serving): fat 3,9 g, carbohydrate 9 g and protein "2.49"
    /// (2,4 g, its g read as 9) hold 81 kcal, too little. Leaving the repaired protein out would only switch the
    /// energy check off: a column whose macros hold too little loses no value.
    func testMacrosBelowTheEnergyLoseNoValue() throws {
        for energy in ["Energy 407 kJ / 97 kcal", "Energy Value 97.2 kcal", "Energie 407 kJ / 97 kcal"] {
            let table = try parseTable("""
                Nutrition per 100 g
                \(energy)
                Total Fat 3.9 g
                Carbohydrates 9g
                Protein 2.49
                """)
            XCTAssertNotNil(table["proteins_100g"], "\(table.entries.map { "\($0.key)=\($0.value)" })")
            assertValue(table, "fat_100g", "3.9")
        }
    }

    // MARK: the energy partner

    /// "(135 kcal" over "129" (fat "12 g" with its g read as 9, the "558 kJ" lost): a bare number that no reading
    /// makes agree with the printed kcal is left out, not shown as 129 kJ.
    func testBareNumberContradictingTheReadEnergyIsNoKilojoules() throws {
        for energy in ["Wartość energetyczna", "Energy", "Energie"] {
            let table = try parseTable("""
                \(energy)
                135 kcal
                129
                Fat 8,8 g
                Protein 2,7 g
                """)
            XCTAssertNil(table["energy-kj_100g"], "\(table.entries.map { "\($0.key)=\($0.value)" })")
            assertValue(table, "energy-kcal_100g", "135")
            XCTAssertTrue(table.findings.contains { $0.check == "energy-partner" })
        }
        // A bare number that fits the kcal is its kJ.
        let partner = try parseTable("Energy\n135 kcal\n558\nFat 8,8 g\nProtein 2,7 g")
        assertValue(partner, "energy-kj_100g", "558")
    }
}
