import XCTest
@testable import NutriLensLabel

/// A row's amounts read after the next row's name, told apart by the %RI printed beside them, and an EU table with
/// an RM column on a pack whose Italian prose says "% di grassi" (issue 22, session 27; FoodLabel full 0125).
/// Constructed multilingual text of that class.
final class PercentNamesRowTests: XCTestCase {
    /// German/French/Italian quark, per 100 g | portion (150 g) | %RM | RM, under the product name `name`: the
    /// portion's kJ misread (371 for 420), protein's figures after the salt name, a pack weight after protein's.
    private static func quark(name: String) -> String {
        name + "\n" + """
        Ingredienti: latte scremato pastorizzato, fermenti lattici
        Nährwerte / Valeurs nutritives / Valori nutritivi
        100 g
        1 Portion (150 g)
        % RM*
        RM
        Energie / énergie / energia
        280 kJ
        371 kJ
        8400 kJ
        (66 kcal)
        (99 kcal)
        5 %
        (2000 kcal)
        Fett / matières grasses / grassi
        0,3 g
        0,5 g
        1 %
        70 g
        davon gesättigte Fettsäuren / dont acides gras saturés
        0,2 g
        0,3 g
        2 %
        20 g
        Kohlenhydrate / glucides / carboidrati
        3,8 g
        5,7 g
        2 %
        260 g
        davon Zucker / dont sucres / di cui zuccheri
        3,8 g
        5,7 g
        6 %
        Eiweiss / protéines / proteine
        90 g
        proteine
        500g
        Salz / sel / sale
        12 g
        18 g
        36 %
        50 g
        0,09 g
        0,14 g
        2 %
        6 g
        *RM = Referenzmenge für einen durchschnittlichen Erwachsenen (8400 kJ/2000 kcal)
        """
    }

    /// German/French/Italian, per 100 g | portion (150 g) | %RM | RM, the portion's kJ misread (371 for 420, so the
    /// energy columns give no serving ratio): protein's figures follow the salt name, and a pack weight "500g"
    /// follows the protein name. 18 g is 36 % of protein's 50 g; 0,14 g is 2 % of salt's 6 g.
    func testAmountsAfterTheNextNameGoBackByTheirPercent() throws {
        let table = try parseTable(Self.quark(name: "Quark magro / Magerquark / séré maigre"))
        assertValue(table, "proteins_100g", "12")
        assertValue(table, "proteins_serving", "18")
        assertValue(table, "salt_100g", "0.09")
        assertValue(table, "salt_serving", "0.14")
        assertValue(table, "fat_100g", "0.3")
        assertValue(table, "carbohydrates_100g", "3.8")
    }

    /// The same pack with "(0,5% di grassi nella sostanza secca)" in its Italian name: the Italian "% di" is no
    /// Australian "%DI", so the table keeps the Annex XIII intakes (salt 6 g, which FSANZ has not) and its RM column
    /// is dropped.
    func testItalianPercentDiIsNoDailyIntakeColumn() throws {
        let table = try parseTable(Self.quark(
            name: "Quark magro / Magerquark / séré maigre (0,5% di grassi nella sostanza secca)"))
        assertValue(table, "proteins_100g", "12")
        assertValue(table, "salt_100g", "0.09")
        assertValue(table, "salt_serving", "0.14")
        XCTAssertFalse(table.entries.contains { [90, 50, 260, 70].contains($0.value) },
                       "\(table.entries.map { "\($0.key)=\($0.value)" })")
    }

    /// English/Dutch, a table read a row late: every row holds the next row's pair, so salt's row holds protein's
    /// 7,5 | 3,4 g (7 %, protein's share) and its own. The row above (protein) holds fibre's pair, so nothing moves
    /// there and the pairing settles the table as a whole.
    func testTableReadARowLateIsLeftToThePairing() throws {
        let table = try parseTable("""
            Nutrition / Voedingswaarde per 100 g per bar (45 g) %RI*
            Energy / Energie
            1950 kJ
            878 kJ
            466 kcal
            210 kcal
            Fat / Vet
            Saturates / waarvan verzadigd
            22 g
            9,9 g (14%)
            Carbohydrate / Koolhydraten
            9,0 g
            4,1 g (20%)
            Sugars / waarvan suikers
            55 g
            25 g (10%)
            Fibre / Vezels
            30 g
            14 g (15%)
            Protein / Eiwitten
            6,0 g
            2,7 g
            Salt / Zout
            7,5 g
            3,4 g (7%)
            0,50 g
            0,23 g (4%)
            """)
        assertValue(table, "fiber_100g", "6.0")
        assertValue(table, "proteins_100g", "7.5")
        assertValue(table, "salt_100g", "0.50")
        assertValue(table, "sugars_100g", "30")
    }
}
