import XCTest
@testable import NutriLensLabel

/// Rows from a neural reader's segments (one box per text segment, possibly tilted or on a curved pack) and words
/// the recogniser glued. Rendered cases: a two-column table whose segments are laid out with exact quadrilaterals,
/// turned by an angle or bent along a curve, as PP-OCR's detector and Apple Vision report them.
final class SegmentGeometryTests: XCTestCase {
    // MARK: glued words

    func testGluedWordsAreSplit() {
        func parts(_ text: String) -> [String] { TextPieces.split(text).map(\.text) }
        XCTAssertEqual(parts("perServing"), ["per", "Serving"])
        XCTAssertEqual(parts("Protein3.3g"), ["Protein", "3.3g"])
        XCTAssertEqual(parts("TotalFat"), ["Total", "Fat"])
        XCTAssertEqual(parts("3.3gProtein"), ["3.3g", "Protein"])
        XCTAssertEqual(parts("DailyValue"), ["Daily", "Value"])
        XCTAssertEqual(parts("Energy 1550 kJ"), ["Energy", "1550", "kJ"])
        // One case throughout (PP-OCRv4 on pxlshpr 77B1E2FD: "Perserving Per 100g").
        XCTAssertEqual(parts("Perserving"), ["Per", "serving"])
        XCTAssertEqual(parts("ofwhich"), ["of", "which"])
        XCTAssertEqual(parts("Lessthan"), ["Less", "than"])
        XCTAssertEqual(parts("perpack"), ["per", "pack"])
        XCTAssertEqual(parts("Protein"), ["Protein"])
        XCTAssertEqual(parts("percent"), ["percent"])
        // Units, vitamin names and capitals misread inside a word stay whole.
        XCTAssertEqual(parts("1550kJ"), ["1550kJ"])
        XCTAssertEqual(parts("500mL"), ["500mL"])
        XCTAssertEqual(parts("B12"), ["B12"])
        XCTAssertEqual(parts("ThuszCz"), ["ThuszCz"])
        XCTAssertEqual(parts("mehaniCkim"), ["mehaniCkim"])
    }

    func testSplitPartsShareTheSegmentBox() {
        let word = TextWord(text: "Protein3.3g", box: TextBox(x: 100, y: 50, width: 110, height: 20))
        let pieces = TextPieces.pieces(from: [TextLine(words: [word])])
        XCTAssertEqual(pieces.map(\.text), ["Protein", "3.3g"])
        XCTAssertEqual(pieces[0].box.x, 100, accuracy: 0.01)
        XCTAssertEqual(pieces[0].box.width, 70, accuracy: 0.01)   // 7 of 11 characters
        XCTAssertEqual(pieces[1].box.x, 170, accuracy: 0.01)
    }

    // MARK: rendered segment layouts

    /// A per 100 g | per serving table as segments: name, then each cell its own segment.
    static let table: [(name: String, cells: [String])] = [
        ("Energy", ["1550 kJ", "370 kcal"]), ("Fat", ["12.5g", "3.8g"]), ("of which saturates", ["4.1g", "1.2g"]),
        ("Carbohydrate", ["55.0g", "16.5g"]), ("of which sugars", ["21.0g", "6.3g"]), ("Fibre", ["3.2g", "1.0g"]),
        ("Protein", ["7.4g", "2.2g"]), ("Salt", ["0.45g", "0.14g"]),
    ]

    /// Segments of the table (header "Per 100g" / "perServing 30g" glued as neural readers do) placed along
    /// `baseline(x, row)` → (y, angle) with text 24 px high and rows 34 px apart (pitch 1.4 heights).
    static func segments(baseline: (Double, Int) -> (y: Double, angle: Double)) -> [TextLine] {
        var rows: [[(String, Double)]] = [[("Per 100g", 420), ("perServing 30g", 640)]]
        rows += table.map { row in [(row.name, 40)] + zip(row.cells, [420.0, 640.0]).map { ($0, $1) } }
        rows[1] = [("Energy", 40), ("1550 kJ 370 kcal", 420), ("465 kJ 111 kcal", 640)]
        var lines: [TextLine] = []
        for (index, row) in rows.enumerated() {
            for (text, x) in row {
                let length = Double(text.count) * 12
                let (y, angle) = baseline(x + length / 2, index)
                let (dx, dy) = (cos(angle) * length / 2, sin(angle) * length / 2)
                let (nx, ny) = (-sin(angle) * 12, cos(angle) * 12)   // half the 24 px height, across the text
                let centre = TextPoint(x: x + length / 2, y: y)
                let quad = TextQuad(topLeft: TextPoint(x: centre.x - dx - nx, y: centre.y - dy - ny),
                                    topRight: TextPoint(x: centre.x + dx - nx, y: centre.y + dy - ny),
                                    bottomRight: TextPoint(x: centre.x + dx + nx, y: centre.y + dy + ny),
                                    bottomLeft: TextPoint(x: centre.x - dx + nx, y: centre.y - dy + ny))
                lines.append(TextLine(words: [TextWord(text: text, confidence: 0.95, quad: quad)]))
            }
        }
        return lines
    }

    private func assertReadsTable(_ lines: [TextLine], file: StaticString = #filePath, line: UInt = #line) throws {
        let table = try XCTUnwrap(NutritionParser().parse(lines: lines), file: file, line: line)
        let expected: [String: String] = [
            "energy-kj_100g": "1550", "energy-kcal_100g": "370", "energy-kj_serving": "465", "energy-kcal_serving": "111",
            "fat_100g": "12.5", "fat_serving": "3.8", "saturated-fat_100g": "4.1", "saturated-fat_serving": "1.2",
            "carbohydrates_100g": "55", "carbohydrates_serving": "16.5", "sugars_100g": "21", "sugars_serving": "6.3",
            "fiber_100g": "3.2", "fiber_serving": "1", "proteins_100g": "7.4", "proteins_serving": "2.2",
            "salt_100g": "0.45", "salt_serving": "0.14",
        ]
        XCTAssertEqual(table.nutriments.mapValues { "\($0)" }, expected, file: file, line: line)
        XCTAssertEqual(table.servingSize?.quantity, 30, file: file, line: line)
    }

    func testLevelTable() throws {
        try assertReadsTable(Self.segments { _, row in (100 + 34 * Double(row), 0) })
    }

    /// Turned 8°: across the 700 px table a row drifts 98 px, almost three row pitches; levelled by the median
    /// segment angle the rows are straight again.
    func testTiltedTable() throws {
        let angle = 8 * Double.pi / 180
        let lines = Self.segments { x, row in (100 + 34 * Double(row) + tan(angle) * x, angle) }
        let rows = try XCTUnwrap(VisualRows.rows(from: lines)).map(\.text)
        XCTAssertTrue(rows.contains("Fat 12.5g 3.8g"), "\(rows)")
        try assertReadsTable(lines)
        // Turned the other way.
        try assertReadsTable(Self.segments { x, row in (400 + 34 * Double(row) - tan(angle) * x, -angle) })
    }

    /// A curved bottle: the baseline bends by 45 px from the middle to the edges (more than a row pitch), each
    /// segment a straight quadrilateral tilted with the local slope at its centre.
    func testCurvedPack() throws {
        let lines = Self.segments { x, row in
            let t = (x - 400) / 400
            return (100 + 34 * Double(row) + 45 * t * t, atan(2 * 45 * t / 400))
        }
        try assertReadsTable(lines)
    }

    /// The same table from an engine with axis-aligned boxes only (no quadrilaterals), tilted 3°: the first links
    /// give the slope that joins the far column.
    func testTiltedAxisAlignedBoxes() throws {
        let angle = 3 * Double.pi / 180
        let lines = Self.segments { x, row in (100 + 34 * Double(row) + tan(angle) * x, angle) }.map { line in
            TextLine(words: line.words.map { TextWord(text: $0.text, box: $0.quad!.boundingBox, confidence: 0.95) })
        }
        try assertReadsTable(lines)
    }
}
