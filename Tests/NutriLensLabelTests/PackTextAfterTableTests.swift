import XCTest
@testable import NutriLensLabel

/// Pack text printed after a table's last row, whose bare numbers that row took: an address ("Postfach 255",
/// "Bergstr. 14"), a count of packs or portions ("1 confezione", "envase = 12,5"), a telephone number
/// ("0800 12 34 56"). Constructed multilingual text of that class (issue 22, session 16); none is a cell.
final class PackTextAfterTableTests: XCTestCase {
    /// German/French: the salt value is printed after a post-office box line; the box number is no amount.
    func testPostOfficeBoxNumberIsNotTheLastRowsValue() throws {
        let table = try parseTable("""
            Nährwerte / Valeurs nutritives pro 100 g / pour 100 g
            Energie / Énergie 1580 kJ / 377 kcal
            Fett / Matières grasses 12 g
            davon gesättigte Fettsäuren / dont acides gras saturés 4,1 g
            Kohlenhydrate / Glucides 58 g
            davon Zucker / dont sucres 21 g
            Eiweiss / Protéines 7,5 g
            Salz / Sel
            Postfach 255
            0,3 g
            """)
        assertValue(table, "salt_100g", "0.3")
        assertValue(table, "proteins_100g", "7.5")
    }

    /// German: a street address (abbreviated "str.") after the salt row, whose value OCR lost: salt stays empty.
    func testStreetNumberIsNotTheLastRowsValue() throws {
        let table = try parseTable("""
            Nährwerte pro 100 g
            Energie 2100 kJ / 502 kcal
            Fett 28 g
            davon gesättigte Fettsäuren 16 g
            Kohlenhydrate 55 g
            davon Zucker 44 g
            Eiweiß 6,2 g
            Salz
            Hergestellt von: Muster GmbH
            Bergstr. 14
            """)
        XCTAssertNil(table["salt_100g"], "salt took \(table["salt_100g"].map { "\($0.value)" } ?? "")")
        assertValue(table, "proteins_100g", "6.2")
    }

    /// Italian/Spanish: a count of portions per pack ("envase = 12,5") printed after the salt row.
    func testPortionCountIsNotTheLastRowsValue() throws {
        let table = try parseTable("""
            Valori nutrizionali / Información nutricional per 100 g / por 100 g
            Energia / Energía 1720 kJ / 410 kcal
            Grassi / Grasas 15 g
            di cui acidi grassi saturi / de las cuales saturadas 2,5 g
            Carboidrati / Hidratos de carbono 60 g
            di cui zuccheri / de los cuales azúcares 12 g
            Proteine / Proteínas 8,0 g
            Sale / Sal
            1 confezione
            envase = 12,5
            """)
        XCTAssertNil(table["salt_100g"], "salt took \(table["salt_100g"].map { "\($0.value)" } ?? "")")
        assertValue(table, "carbohydrates_100g", "60")
    }

    /// English/Dutch: a free-phone number after the salt row.
    func testTelephoneNumberIsNotTheLastRowsValue() throws {
        let table = try parseTable("""
            Nutrition / Voedingswaarde per 100 g
            Energy / Energie 1500 kJ / 358 kcal
            Fat / Vetten 3,0 g
            of which saturates / waarvan verzadigde 0,5 g
            Carbohydrate / Koolhydraten 70 g
            of which sugars / waarvan suikers 5,0 g
            Protein / Eiwitten 11 g
            Salt / Zout
            Questions? Vragen?
            0800 12 34 56
            """)
        XCTAssertNil(table["salt_100g"], "salt took \(table["salt_100g"].map { "\($0.value)" } ?? "")")
        assertValue(table, "proteins_100g", "11")
    }

    /// What reads as a telephone number and what stays a line of amounts.
    func testTelephoneNumberShape() {
        XCTAssertTrue(LineAnalyzer.isTelephoneNumber(Array("0800 86 00 60")))
        XCTAssertTrue(LineAnalyzer.isTelephoneNumber(Array("+41 61 555 12 34")))
        XCTAssertTrue(LineAnalyzer.isTelephoneNumber(Array("030/123 45 67")))
        XCTAssertFalse(LineAnalyzer.isTelephoneNumber(Array("0,8 0,5 1,2")))
        XCTAssertFalse(LineAnalyzer.isTelephoneNumber(Array("0 0 0")))
        XCTAssertFalse(LineAnalyzer.isTelephoneNumber(Array("12 3,5 0,1")))
        XCTAssertFalse(LineAnalyzer.isTelephoneNumber(Array("1580 377")))
    }

    /// The words are read on lines without row names only: a row's own bare amounts stay.
    func testRowLineKeepsItsBareAmount() throws {
        let table = try parseTable("""
            Nährwerte pro 100 g
            Energie 1580 kJ / 377 kcal
            Fett 12
            Kohlenhydrate 58
            Eiweiß 7,5
            Salz 0,3
            """)
        assertValue(table, "salt_100g", "0.3")
    }
}
