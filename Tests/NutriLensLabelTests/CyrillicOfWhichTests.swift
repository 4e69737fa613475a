import XCTest
@testable import NutriLensLabel

/// The Russian "из них" ("of which") read by a Latin recogniser as "03 HNX" / "3 HNX" (з as 3) after the other
/// languages' saturates or sugars names (`LineAnalysis+CyrillicOfWhich.swift`). Its "3" stood as the row's amount
/// (FoodLabel full 0185, 0100). Constructed text: the class's shape with other figures.
final class CyrillicOfWhichTests: XCTestCase {
    func testThreeBeforeTheCyrillicThemIsNoAmount() throws {
        let table = try parseTable("""
            Energie / Energy / Énergie
            1890 kJ / 452 kcal
            Fett / Fat / Matières grasses / Tłuszcz
            24 g
            davon gesättigte Fettsäuren / of which saturates / dont acides gras
            saturés / w tym kwasy tłuszczowe nasycone / 03 HNX
            11 g
            Kohlenhydrate / Carbohydrate / Glucides
            52 g
            davon Zucker / of which sugars / dont sucres / 3 HNX
            38 g
            Eiweiß / Protein / Protéines
            6,2 g
            Salz / Salt / Sel
            0,21 g
            """)
        assertValue(table, "saturated-fat_100g", "11")
        assertValue(table, "sugars_100g", "38")
    }

    func testOnlyTheLookAlikeWordDropsTheFigure() {
        let line = "w tym cukry 3 HNX"
        let analysis = LineAnalyzer.analyze(line, lineIndex: 0)
        XCTAssertTrue(analysis.quantities.isEmpty, "the 3 of \"из\" is no amount")
        let kept = LineAnalyzer.analyze("Zucker 3 g", lineIndex: 0)
        XCTAssertEqual(kept.quantities.map(\.value), [3])
        let other = LineAnalyzer.analyze("davon Zucker 3 HX", lineIndex: 0)
        XCTAssertEqual(other.quantities.map(\.value), [3], "another word after the figure leaves it")
    }
}
