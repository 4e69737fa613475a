import XCTest
@testable import NutriLensLabel

/// A table printing "g" after its amounts whose unit-less cells all end in 8: each 8 is the g
/// (`TableBuilder.readingGramEights`; FoodLabel small, large and full 0330, session 26 flprec2). Main read "78" and
/// "198" as 7,8 g and 19,8 g (a lost separator), which the energy cannot tell from 7 g and 19 g. Written for these
/// tests (DE, EN), not copied from a corpus.
final class GramEightsTests: XCTestCase {
    /// Every unit-less cell ends in 8, four cells print their g: the 8s are the unit (a decimal "1,98" was already
    /// read 1,9 g; the whole numbers follow it now).
    func testUnitLessCellsEndingInEightAreTheirGrams() throws {
        let german = try parseTable("""
            Nährwerte pro 100 g
            Energie 1779 kJ / 422 kcal
            Fett 9,2g
            davon gesättigte Fettsäuren 1g
            Kohlenhydrate 62g
            davon Zucker 2,7g
            Ballaststoffe 78
            Eiweiss 198
            Salz 1,98
            """)
        assertValue(german, "fiber_100g", "7")
        assertValue(german, "proteins_100g", "19")
        assertValue(german, "salt_100g", "1.9")
        assertValue(german, "carbohydrates_100g", "62")
        let english = try englishTable(sugars: "28", fibre: "38", protein: "88")
        assertValue(english, "sugars_100g", "2")
        assertValue(english, "fiber_100g", "3")
        assertValue(english, "proteins_100g", "8")
        assertValue(english, "fat_100g", "12")
    }

    /// One unit-less cell ending in 8 is no evidence ("18 g" is printed), and a unit-less cell ending otherwise
    /// says the table's bare cells are figures without a unit: both stay as main read them.
    func testALoneEightOrOtherBareCellsStayAsRead() throws {
        let lone = try englishTable(sugars: "18", fibre: "3g", protein: "8g")
        assertValue(lone, "sugars_100g", "18")
        let mixed = try englishTable(sugars: "28", fibre: "3", protein: "8.8")
        assertValue(mixed, "sugars_100g", "28")
        assertValue(mixed, "fiber_100g", "3")
        assertValue(mixed, "proteins_100g", "8.8")
    }

    /// The rows as `readingGramEights` sees them: the printed reading stays as an alternative, and energy cells
    /// ("1779", "(422 kcal) (169") are not counted.
    func testTheReadingKeepsThePrintedOneAsAnAlternative() {
        let rows = [assembledRow("fat", cells: "9.2g", line: 1), assembledRow("carbohydrates", cells: "62g", line: 2),
                    assembledRow("sugars", cells: "2.7g", line: 3), assembledRow("fiber", cells: "78", line: 4),
                    assembledRow("proteins", cells: "198", line: 5)]
        let read = TableBuilder.readingGramEights(rows)
        XCTAssertEqual(read[3].cells[0].quantity.value, 7)
        XCTAssertEqual(read[3].cells[0].quantity.primary.repairs, [.nineAsGram])
        XCTAssertTrue(read[3].cells[0].quantity.alternatives.contains { $0.value == 78 })
        XCTAssertEqual(read[4].cells[0].quantity.value, 19)
        XCTAssertEqual(read[0].cells[0].quantity.value, Decimal(string: "9.2")!)
    }

    /// An English table printing g after fat, saturates, carbohydrate and salt, with the other three cells as given.
    private func englishTable(sugars: String, fibre: String, protein: String) throws -> NutritionTable {
        try parseTable("""
            Nutrition per 100 g
            Energy 1590 kJ / 380 kcal
            Fat 12g
            of which saturates 4.5g
            Carbohydrate 55g
            of which sugars \(sugars)
            Fibre \(fibre)
            Protein \(protein)
            Salt 0.6g
            """)
    }
}
