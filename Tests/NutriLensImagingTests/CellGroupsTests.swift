import NutriLensImaging
import NutriLensTestSupport
import XCTest

final class CellGroupsTests: XCTestCase {
    func testDiagonalNeighboursJoinAndGroupsComeInRowMajorOrder() {
        // 5 × 3 grid:
        //   X . . X X
        //   . X . . .
        //   . . . . X
        let marked: [Bool] = [true, false, false, true, true,
                              false, true, false, false, false,
                              false, false, false, false, true]
        let groups = CellGroups.eightConnected(marked, columns: 5, rows: 3)
        XCTAssertEqual(groups.map { Set($0) }, [[0, 6], [3, 4], [14]])
    }

    func testEveryMarkedCellInExactlyOneGroup() {
        var random = SeededRandom(seed: 11)
        let columns = 17, rows = 11
        let marked = (0..<(columns * rows)).map { _ in Bool.random(using: &random) }
        let groups = CellGroups.eightConnected(marked, columns: columns, rows: rows)
        let cells = groups.flatMap { $0 }
        XCTAssertEqual(cells.count, Set(cells).count)
        XCTAssertEqual(Set(cells), Set(marked.indices.filter { marked[$0] }))
        XCTAssertTrue(CellGroups.eightConnected([Bool](repeating: false, count: 6), columns: 3, rows: 2).isEmpty)
    }
}
