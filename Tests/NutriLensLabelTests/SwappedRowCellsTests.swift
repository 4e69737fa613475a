import XCTest
@testable import NutriLensLabel

/// Two-column tables (per 100 g | per serving with %RI) where OCR read one row's cells in two passes, the
/// per-serving cell with its %RI first (`TableBuilder.swappingRowCellsAgainstColumnRatio`; the class of FoodLabel
/// full photos such as 0056, Coop "100 g | 1 Stück (90 g) | %*" panels).
final class SwappedRowCellsTests: XCTestCase {
    /// Handmade 80 g-portion table: carbohydrate's serving cell "32 g 12%" read before its per-100 g "40 g"; the other
    /// rows (ratio 0.8) and the printed 80 g say which is which.
    func testServingCellReadFirstIsPutBack() throws {
        let table = try parseTable("""
            Nährwerte / valeurs nutritives
            100 g
            1 Portion (80 g)
            %*
            Energie / énergie
            1500 kJ
            1200 kJ 14%
            360 kcal
            288 kcal
            Fett / matières grasses
            20 g
            16 g 23%
            davon gesättigte Fettsäuren
            10 g
            8 g 40%
            Kohlenhydrate / glucides
            32 g 12%
            40 g
            davon Zucker / dont sucres
            25 g
            20 g 22%
            Eiweiss / protéines
            5 g
            4 g 8%
            Salz / sel
            1,0 g
            0,8 g 13%
            """)
        assertValue(table, "carbohydrates_100g", "40")
        assertValue(table, "carbohydrates_serving", "32")
        assertValue(table, "fat_100g", "20")
        assertValue(table, "sugars_serving", "20")
        XCTAssertEqual(table["carbohydrates_serving"]?.referenceIntakePercent, 12)
    }

    /// Ratio 0.95 (a 95 g pot): both orders fit within rounding, so the cells stay as read.
    func testRatioNearOneKeepsReadingOrder() {
        let rows = [Self.row("fat", ["10 g", "9,5 g"], line: 0), Self.row("carbohydrates", ["19 g", "20 g"], line: 10),
                    Self.row("sugars", ["10 g", "9,5 g"], line: 20), Self.row("proteins", ["10 g", "9,5 g"], line: 30)]
        let result = TableBuilder.swappingRowCellsAgainstColumnRatio(rows, servingGrams: 95)
        XCTAssertEqual(result[1].cells.map(\.quantity.text), ["19 g", "20 g"])
    }

    /// Ratio 0.5 from four rows; carbohydrate's pair "15 g | 30 g" fits it only swapped. Read on two lines it is
    /// swapped; printed on one line, left to right is the column order, so it stays (the consistency checks flag it).
    func testPairOnOneLineIsNotSwapped() {
        var rows = [Self.row("fat", ["8 g", "4 g"], line: 0), Self.row("carbohydrates", ["15 g", "30 g"], line: 10),
                    Self.row("sugars", ["8 g", "4 g"], line: 20), Self.row("proteins", ["8 g", "4 g"], line: 30),
                    Self.row("salt", ["1 g", "0,5 g"], line: 40)]
        XCTAssertEqual(TableBuilder.swappingRowCellsAgainstColumnRatio(rows, servingGrams: nil)[1].cells
            .map(\.quantity.text), ["30 g", "15 g"])
        for index in rows[1].cells.indices { rows[1].cells[index].lineIndex = 11 }
        XCTAssertEqual(TableBuilder.swappingRowCellsAgainstColumnRatio(rows, servingGrams: nil)[1].cells
            .map(\.quantity.text), ["15 g", "30 g"])
    }

    /// A row with its cells on the lines after the name (one cell per line), as a text-only OCR gives them.
    private static func row(_ name: String, _ cells: [String], line: Int) -> AssembledRow {
        let analysis = LineAnalyzer.analyze(name, lineIndex: line)
        var row = AssembledRow(mention: LineAnalysis.Mention(nutrient: Nutrient(rawValue: name)!, language: "en",
                                                             unitHint: nil, start: 0, end: 0, edits: 0), line: analysis)
        row.cells = cells.enumerated().map { offset, text in
            AssembledCell(quantity: LineAnalyzer.analyze(text, lineIndex: line + 1 + offset).quantities[0],
                          lineIndex: line + 1 + offset)
        }
        return row
    }
}
