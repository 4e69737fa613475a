import XCTest
@testable import NutriLensLabel

/// Tables read one row off whose energy moves only a few percent (`TableBuilder+SequenceAlignment`, session 23): a
/// row's amount read on the far side of its name, so one row takes the next row's amount and the rows after it are
/// one off; fibre, protein or salt are small, so the macros stay within the energy check's 15 % and the old
/// precondition (a failed check) never ran the alignment. Re-dealt only by a plain alignment that confirms the energy
/// within 5 %. Amounts whose g OCR read as a 9 ("09"), which the alignment now reads either way. And a mandatory
/// row whose name OCR lost inside the table's names, which a plain alignment gives its amount (marked inferred).
/// Constructed text of the classes (other numbers and words than the FoodLabel photos they were found on: full 0380,
/// 0375, 0150, 0314); each case was run through main's `nutrilens parse` (b5bd468) first, where all but the
/// loose table left as read fail.
final class SequenceAlignmentPlainTests: XCTestCase {
    /// Protein's "9,6 g" printed above its name and read after fibre's amount, side-text words among the rows; the
    /// salt amount below comes twice ("0,21 g", "021"). Main: protein 0,21 (salt's), 496 of 534 kcal from the
    /// macros (7 % off, inside the 15 % check). Aligned: protein 9,6, 533 kcal.
    func testAmountAboveItsNameIsRealigned() throws {
        let table = try parseTable("""
            Zutaten: Zucker, Kakaobutter, Milchpulver.
            Energie energie
            2230 kl (534 kcal)
            CO2
            Mandeln, Milch
            Fett I matières grasses
            31 g
            davon gesättigte Fettsäuren
            I
            dont acides gras saturés
            18 g
            Klimabilanz
            Bilan climatique
            Kohlenhydrate glucides
            52g
            Bilancio
            davon Zucker dont sucres
            49 g
            climatico
            sucre, beurre de cacao
            Ballaststoffe fibres alimentaires
            3.4g
            ingrédients naturels.
            9,6 g
            amandes, lait
            Eiweiss protéines
            Salz | sel
            0,21 g
            021
            Trocken lagern und vor Wärme schützen
            """)
        assertValue(table, "fiber_100g", "3.4")
        assertValue(table, "proteins_100g", "9.6")
        assertValue(table, "salt_100g", "0.21")
        assertValue(table, "fat_100g", "31")
        XCTAssertEqual(table["proteins_100g"]?.needsReview, false, "the macros confirm the energy now")
    }

    /// Run-in French text whose lines OCR read out of order: saturates' "0,1 g" lands after "Fibres :", fibre's
    /// amount on the next line. Main: fibre 0,1 and no saturates (83 of 92 kcal). Aligned in reading order of the
    /// amounts: saturates 0,1, fibre 5,2.
    func testRunInTextReadOutOfOrderIsRealigned() throws {
        let table = try parseTable("""
            Haricots blancs au naturel. Ingrédients : eau, haricots blancs, sel.
            Déclaration nutritionnelle. Pour 100 g de produit égoutté :
            Energie
            gras 387 kJ/92 kcal - Matières grasses : 0,8 g (dont acides
            saturés g produit
            Fibres : 0,1 g) - Glucides : 12 g (dont sucres : 0,4 g)
            alimentaires : 5,2 g - Protéines : 6,9 g - Sel : 0,5 g
            À conserver au réfrigérateur après ouverture.
            """)
        assertValue(table, "saturated-fat_100g", "0.1")
        assertValue(table, "fiber_100g", "5.2")
        assertValue(table, "carbohydrates_100g", "12")
        assertValue(table, "proteins_100g", "6.9")
        assertValue(table, "salt_100g", "0.5")
    }

    /// Three languages, amounts printed between the names so most are read above their own name, saturates' name
    /// wrapped onto a line that takes carbohydrate's "15g", and "0g" read as "09". Main: carbohydrate 14, sugars 1,2,
    /// no saturates. The "09" amounts count at 0 g in the fit: carbohydrate 15, sugars 14, fibre 1,2.
    func testGramReadAsNineCountsInTheFit() throws {
        let table = try parseTable("""
            Nährwerte . Valeurs nutritives
            moyennes Valori nutritivi medi 100ml
            Energie Énergie Energia
            270kJ.64kcal
            Fett Matières grasses Grassi
            0g
            davon gesättigte Fettsäuren dont acides
            0g
            gras saturés di cui acidi grassi saturi
            15g
            Kohlenhydrate Glucides Carboidrati
            14g
            davon Zucker dont sucres
            Nahrungsfasern Fibres alimentaires Fibre 1,2g 09
            di cui zuccheri
            Eiweiss Protéines Proteine
            09
            Salz Sel Sale
            """)
        assertValue(table, "saturated-fat_100g", "0")
        assertValue(table, "carbohydrates_100g", "15")
        assertValue(table, "sugars_100g", "14")
        assertValue(table, "fiber_100g", "1.2")
        assertValue(table, "proteins_100g", "0")
    }

    /// Run-in multilingual text whose carbohydrate name was cut to "Hidratos / de 28 g": main dealt 28 g to
    /// sugars (sugars' own 3,4 g dropped) and gave no carbohydrate. The names' sequence lacks one mandatory row
    /// between fat and salt; the plain alignment of every amount gives it 28 g (its row marked inferred) and sugars
    /// 3,4 g, and the macros give the 250 kcal printed.
    func testLostMandatoryNameTakesItsAmount() throws {
        let table = try parseTable("""
            Ingredientes: Aceitunas, agua, sal.
            Declaración nutricional/Nutrition declaration/Déclaration nutritionnelle
            Valores medios por 100 g/Average values per 100 g/Durchschnittswerte je 100 g: 1046 kJ/250 kcal;
            Grasas/Fat/Matières grasses/Fett: 12,5 g, de las cuales/of which/dont/davon
            saturadas/saturates/acides gras saturés/gesättigte Fettsäuren: 2,2 g; Hidratos
            de 28 g, de los cuales/of which
            dont/davon: azúcares/sugars/sucres/Zucker 3,4 g; Fibra/Fibre/Fibres
            alimentaires/Ballaststoffe 2,0 g; Proteínas/Protein/Protéines/Eiweiß: 5,5 g;
            Sal/Salt/Sel/Salz 1,2 g.
            """)
        assertValue(table, "carbohydrates_100g", "28")
        assertValue(table, "sugars_100g", "3.4")
        assertValue(table, "fiber_100g", "2")
        assertValue(table, "proteins_100g", "5.5")
    }

    /// A table read right whose macros fall 9 % short of its kcal (rounding, an unnamed ingredient) with a bare "2"
    /// under the carbohydrate amount: taking "2" as sugars and sugars' 8,4 as fibre would confirm the energy (191 of
    /// 193 kcal), but that alignment passes over fibre's "0,7 g", so it is not plain and the rows stay as read.
    func testLooseTableWithANonPlainFitStaysAsRead() throws {
        let table = try parseTable("""
            Nährwerte / Valeurs nutritives / Valori nutrizionali pro 100 g
            Energie/énergie/ energia
            812 kJ/193 kcal
            Fett / matières grasses / grassi
            4,2g
            davon gesättigte Fettsäuren /
            dont saturées / di cui acidi grassi saturi
            1,8g
            Kohlenhydrate / glucides / carboidrati
            19 g
            2
            davon Zucker / dont sucres / di cui zuccheri
            8,4g
            Ballaststoffe / fibres / fibre
            0,7 g
            Eiweiss / protéines / proteine
            15 g
            Salz / sel / sale
            2,1g
            """)
        assertValue(table, "sugars_100g", "8.4")
        assertValue(table, "fiber_100g", "0.7")
        assertValue(table, "proteins_100g", "15")
    }
}
