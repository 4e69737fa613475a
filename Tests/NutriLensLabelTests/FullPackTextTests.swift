import XCTest
@testable import NutriLensLabel

/// Text of a whole pack (FoodLabel's full-photo variant): the table's lines come interleaved with the ingredient
/// list, directions and other columns, in the OCR service's reading order; and the other FoodLabel classes of
/// session 3 (row names and values split over lines by a multilingual layout).
final class FullPackTextTests: XCTestCase {
    /// Ingredient-list fragments between the table's rows ("Reismehl, Maismehl, Zucker} Weizenmehl") name sugar,
    /// starch or salt among other words; they took the next values and pushed every row's column over by one
    /// (the shape of FoodLabel full photos 0272, 0323).
    func testIngredientFragmentsBetweenRowsNameNoRow() throws {
        let table = try parseTable("""
            /100g
            /40g
            %RI*
            Energie / Energi / Energia / Énergie
            1567 kJ
            627 kJ
            371 kcal
            148 kcal
            Reismehl, Maismehl, Zucker} Weizenmehl
            Fett / Rasva / Matières grasses / Vetten
            3.2
            1.3 g
            2%
            Stärke Sonnenblumenöl, Backtriebmittel
            davon gesättigte Fettsäuren / varav mättat
            0.5
            0.2
            1%
            Kohlenhydrate / Kolhydrat / Hiilihydraatit
            69 g
            28 g
            11%
            skt fett (palm, shea), gräddpulver,
            davon Zucker / varav sockerarter / josta
            14 g
            5.6 g
            6%
            Eiweiß / Protein / Proteiini / Protéines
            12g
            4.8 g
            10%
            apiokastärkelse. kalciumkarbonat salt},
            Salz / Salt / Suola / Sel / Zout
            0,67 g
            0,27 g
            5%
            """)
        let expected: [(String, String)] = [
            ("fat_100g", "3.2"), ("fat_serving", "1.3"), ("saturated-fat_100g", "0.5"),
            ("saturated-fat_serving", "0.2"), ("carbohydrates_100g", "69"), ("sugars_100g", "14"),
            ("sugars_serving", "5.6"), ("proteins_100g", "12"), ("salt_100g", "0.67"), ("salt_serving", "0.27"),
        ]
        for (key, value) in expected { assertValue(table, key, value) }
        XCTAssertNil(table["starch_100g"])
    }

    /// Row-name lines with commas stay rows: "Fat, total" (AU), a name list "Protein, Eiweiß, Proteine", and a
    /// continuation ending in a comma.
    func testRowNamesWithCommasStayRows() throws {
        let table = try parseTable("""
            Energy 1046 kJ / 250 kcal
            Fat, total 3,2 g
            Kohlenhydrate, Glucides,
            30 g
            Protein, Eiweiß, Proteine
            12 g
            Salt, Salz 0,5 g
            """)
        assertValue(table, "fat_100g", "3.2")
        assertValue(table, "carbohydrates_100g", "30")
        assertValue(table, "proteins_100g", "12")
        assertValue(table, "salt_100g", "0.5")
    }

    /// A line of ingredients with an amount is kept: rows rebuilt from word boxes may join a table row with a
    /// side text block, and the row's amount must survive.
    func testLineWithAmountIsNotAnIngredientFragment() throws {
        let analysis = LineAnalyzer.analyze("Salt 0.5 g wheat flour, yeast, water", lineIndex: 0)
        XCTAssertFalse(analysis.isNonTable)
        let fragment = LineAnalyzer.analyze("Reismehl, Maismehl, Zucker} Weizenmehl", lineIndex: 0)
        XCTAssertTrue(fragment.isNonTable)
        let shares = LineAnalyzer.analyze("Zucker, Kakaobutter 32%, Vollmilchpulver", lineIndex: 0)
        XCTAssertTrue(shares.isNonTable)
    }

    /// A row name repeated in another language after its values ("Karbohydraten / Hiilihydraatit,") continues that
    /// row, even when the ingredient list above the table named the next row next to a number ("SOCKER/SUKKER" /
    /// "100 g"): only rows from the energy row on make a name a continuation (FoodLabel full photo 0001).
    func testContinuationLineAfterADescriptionNamingTheNextRow() throws {
        let table = try parseTable("""
            RISMJOL (18,9%), SOCKER/SUKKER
            100 g
            pro 100 g / per 30 g / per 30 g + 125 ml
            Energie / Énergie
            1896 kJ
            569 kJ
            452 kcal
            136kcal
            Fett /Matières grasses / Fett
            17,4g
            5,2g
            7,3 g
            Fedt / Rasva,
            davon gesättigte Fettsäuren
            2,4g
            0,7g
            1,9 g
            Kohlenhydrate Glucides / Kolhydrat
            62,8
            18,8g
            25,0 g
            Karbohydraten / Hiilihydraatit,
            davon Zucker / dont sucres
            17,5g
            5,3g
            11,1 g
            Eiweiss / Protéines
            7,7 g
            2,3 g
            6,6g
            Salz/Sel/ Salt / Suola
            0.22
            0,07g
            0,22
            """)
        let expected: [(String, String)] = [
            ("fat_100g", "17.4"), ("saturated-fat_100g", "2.4"), ("carbohydrates_100g", "62.8"),
            ("carbohydrates_serving", "18.8"), ("sugars_100g", "17.5"), ("sugars_serving", "5.3"),
            ("proteins_100g", "7.7"), ("salt_100g", "0.22"),
        ]
        for (key, value) in expected { assertValue(table, key, value) }
    }

    /// A row name repeated in another language with a full set of column values, where the next row's name was
    /// lost ("Fiber / Kostfibre/Ravintokuitu" then protein's three cells): the values go to the one mandatory row
    /// missing before the next row read (FoodLabel full photo 0001); a single repeated value was covered before.
    func testRepeatedRowWithAllColumnsTakesTheLostRow() throws {
        let table = try parseTable("""
            pro 100 g / per 30 g / per 30 g + 125 ml
            Energie / Énergie
            1896 kJ
            569 kJ
            823 kJ
            452 kcal
            136 kcal
            196 kcal
            Fett / Matières grasses
            17,4 g
            5,2 g
            7,3 g
            davon gesättigte Fettsäuren
            2,4 g
            0,7 g
            1,9 g
            Kohlenhydrate / Glucides
            62,8 g
            18,8 g
            25,0 g
            davon Zucker / dont sucres
            17,5 g
            5,3 g
            11,1 g
            Ballaststoffe / Fibres alimentaires
            6,2 g
            1,9 g
            1,9 g
            Fiber / Kostfibre / Ravintokuitu
            7,7 g
            2,3 g
            6,6 g
            Salz / Sel / Salt / Suola
            0,22 g
            0,07 g
            0,22 g
            """)
        assertValue(table, "fiber_100g", "6.2")
        assertValue(table, "proteins_100g", "7.7")
        assertValue(table, "proteins_serving", "2.3")
        assertValue(table, "salt_100g", "0.22")
    }

    /// A pending row's other languages printed on the next row's line ("Eiweiss protéines/" then "Salz/sel/ sale salt
    /// proteine/ protein", values after both) continue the pending row: protein keeps the first value, salt the
    /// second (FoodLabel small crop 0115). Names on separate lines (a column-wise dump) still pair in order.
    func testLanguagesOfAPendingRowOnTheNextRowsLine() throws {
        let table = try parseTable("""
            Energie/énergie/ energia/ energy
            2270kJ/
            544kcal
            Fett/ graisses/ grassi/ fat:
            34g
            Kohlenhydrate/ glucides/ carboidrati/
            51g
            Eiweiss protéines/
            Salz/sel/ sale salt proteine/ protein
            5.5g
            1.2g
            """)
        assertValue(table, "proteins_100g", "5.5")
        assertValue(table, "salt_100g", "1.2")
        let columnWise = try parseTable("""
            Fett
            Eiweiss
            Salz
            Fat
            Protein
            Salt
            34 g
            5,5 g
            1,2 g
            """)
        assertValue(columnWise, "fat_100g", "34")
        assertValue(columnWise, "proteins_100g", "5.5")
        assertValue(columnWise, "salt_100g", "1.2")
    }

    /// Row names below an energy row with its amount are the table's, even when the pack's reading order puts a
    /// header word after them ("= 1 Portion" below "davon Zucker"): they are no product names above a title
    /// (FoodLabel full photo 0059 lost fat, saturates, carbohydrate and sugars).
    func testRowNamesBelowTheEnergyRowAreNoProductNames() throws {
        let table = try parseTable("""
            Isernhägener Str. 16,
            Energie
            2174 kJ/521 kcal
            609 kJ/146 kcal
            Fett
            31g
            8,6
            davon gesättigte Fettsäuren
            4,5 g
            1,3 g
            Kohlenhydrate
            48 g
            14 g
            davon Zucker
            43 g
            12g
            = 1 Portion
            Eiweiß
            10g
            2,9
            Salz
            0,11 g
            0,03 g
            """)
        let expected: [(String, String)] = [
            ("fat_100g", "31"), ("saturated-fat_100g", "4.5"), ("carbohydrates_100g", "48"), ("sugars_100g", "43"),
            ("proteins_100g", "10"), ("salt_100g", "0.11"),
        ]
        for (key, value) in expected { assertValue(table, key, value) }
    }

    /// The table's last row repeated in another language with its own value, salt's name lost ("Proteines 3,3 g"
    /// then "Eiweiss / Proteine 0,17 g"): the value is salt's, the one mandatory row left after protein
    /// (FoodLabel 0097, 0100, 0185).
    func testRepeatedLastRowTakesTheLostSaltName() throws {
        let table = try parseTable("""
            Energie / Énergie / Energy
            198 kJ
            47 kcal
            Matières grasses / Fat / Fett
            1,8 g
            Dont acides gras saturés / of which saturates
            0,3 g
            Glucides / Carbohydrate / Kohlenhydrate
            4,2 g
            dont sucres / of which sugars / davon Zucker
            4,2 g
            Fibres alimentaires / Fibre / Ballaststoffe
            0 g
            Protéines / Protein
            3,3 g
            Eiweiss / Proteine
            0,17 g
            """)
        assertValue(table, "proteins_100g", "3.3")
        assertValue(table, "salt_100g", "0.17")
        XCTAssertTrue(table["salt_100g"]?.repairs.contains(.inferredRow) ?? false)
    }

    /// A row that swallowed the next row's cells (its name lost) plus one cell of debris ("0.9 g | 0.1 g | 1.2 g |
    /// 0.18 g | 17"): the second group of cells goes to the one mandatory row missing, the debris is dropped
    /// (FoodLabel large crop 0030).
    func testSwallowedRowWithOneCellOfDebris() throws {
        let table = try parseTable("""
            pro 100 g / pro Portion (15 g)
            Energie 3034 kJ / 738 kcal 455 kJ / 111 kcal
            Fett/Matières grasses 81.3 g 12.2 g
            davon gesättigte Fettsäuren 6.3 g 0.9 g
            Kohlenhydrate 0.3 g 0 g
            davon Zucker 0.2 g 0 g
            Eiweiss / Protéines 0.9 g 0.1 g 1.2 g 0.18 g 17
            """)
        assertValue(table, "proteins_100g", "0.9")
        assertValue(table, "proteins_serving", "0.1")
        assertValue(table, "salt_100g", "1.2")
        assertValue(table, "salt_serving", "0.18")
    }

    /// Values read a row early at the end of a single-column table ("Ballaststoffe 2.3 g / 6.7 g", "Eiweiss 0.27 g",
    /// "Salz" with none): they move forward one row each into the last row (FoodLabel 0273, 0236, 0042, 0431).
    func testValuesReadARowEarlyBeforeTheLastRow() throws {
        let table = try parseTable("""
            Energie 2188 kJ / 523 kcal
            Fett/matières grasses/grassi
            28g
            davon gesättigte Fettsäuren/dont acides gras saturés/
            15 g
            Kohlenhydrate/glucides/carboidrati
            60g
            davon Zucker/dont sucres/di cui zuccheri
            39 g
            Ballaststoffe/fibres alimentaires/fibre
            2.3g
            6.7g
            Eiweiss/protéines/proteine
            0.27g
            Salz/sel/sale
            """)
        assertValue(table, "fiber_100g", "2.3")
        assertValue(table, "proteins_100g", "6.7")
        assertValue(table, "salt_100g", "0.27")
    }

    /// A bare digit between two names of one row ("Salz 6 Sel", "Protein 0 Bialko") is debris, not the first of the
    /// values that follow (FoodLabel small crops 0465, 0490, 0150); a digit after the names stays a value.
    func testBareDigitBetweenNamesOfOneRowIsDebris() throws {
        let table = try parseTable("""
            Energie Énergie
            2340 kJ
            563 kcal
            Fett . Matières grasses
            40g
            davon gesättigte Fettsäuren
            19 g
            Kohlenhydrate . Glucides
            38 g
            Eiweiss . Protéines
            Salz 6 Sel
            8,7 g
            0,34g
            """)
        assertValue(table, "proteins_100g", "8.7")
        assertValue(table, "salt_100g", "0.34")
        XCTAssertTrue(LineAnalyzer.analyze("Salz 6 Sel", lineIndex: 0).quantities.isEmpty)
        XCTAssertEqual(LineAnalyzer.analyze("Salz Sel 6", lineIndex: 0).quantities.map(\.text), ["6"])
    }

    /// More values than the block's names, none impossible: the values right after the names are theirs, the
    /// trailing one is debris ("Eiweiss … / Salz … / 10g / 0.20g / 2g", FoodLabel small crop 0445).
    func testSurplusValueAfterANameBlockIsTrailingDebris() throws {
        let table = try parseTable("""
            Energie / énergie / energy
            1866 kJ
            446 kcal
            Fett / graisses / fat
            18g
            Kohlenhydrate / glucides /
            54 g
            Eiweiss / protéines / protein
            Salz / sel / salt
            10g
            0.20g
            2g
            """)
        assertValue(table, "proteins_100g", "10")
        assertValue(table, "salt_100g", "0.20")
    }

    /// A row that swallowed two rows whose names OCR lost ("dont sucres … 0.5g / 5.6g / 6.1g" then "Sel"): one
    /// value per missing mandatory row in declaration order, fibre then protein (FoodLabel small crop 0261).
    func testRowSwallowingTwoLostRows() throws {
        let table = try parseTable("""
            Valeur énergétique
            642kJ 152kcal
            Matières grasses/Vetten/Fett
            2.3g
            dont acides gras saturés/waarvan verzadigde
            0.3g
            Glucides/Koolhydraten/Kohlenhydrate
            27g
            dont sucres / waarvan suikers / davon Zucker
            0.5g
            5.6g
            6.1g
            Sel/Zout/Salz
            <0.01g
            """)
        assertValue(table, "sugars_100g", "0.5")
        assertValue(table, "fiber_100g", "5.6")
        assertValue(table, "proteins_100g", "6.1")
        assertValue(table, "salt_100g", "0.01", qualifier: .lessThan)
    }
}
