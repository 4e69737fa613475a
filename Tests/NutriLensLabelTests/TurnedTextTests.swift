import XCTest
@testable import NutriLensLabel

/// A label photographed sideways: the OCR engine reads the turned text but reports word boxes in the image's axes
/// (taller than wide), one line per table row or one line per cell. Rows must be rebuilt along the text, not along
/// the image's y axis (M-Strzelecki sample_nutrilabel_rotated, robotoff 2509757363133_2).
final class TurnedTextTests: XCTestCase {
    /// An upright two-column table as cells: (text, column x, row index).
    private let cells: [(String, Double, Int)] = [
        ("Typical values", 0, 0), ("Per 100g", 300, 0), ("Per 35g", 450, 0),
        ("Energy", 0, 1), ("2035kJ", 300, 1), ("712kJ", 450, 1),
        ("488kcal", 300, 2), ("171kcal", 450, 2),
        ("Fat", 0, 3), ("30.0g", 300, 3), ("10.5g", 450, 3),
        ("of which saturates", 0, 4), ("3.7g", 300, 4), ("1.3g", 450, 4),
        ("Carbohydrate", 0, 5), ("53.3g", 300, 5), ("18.7g", 450, 5),
        ("of which sugars", 0, 6), ("0.4g", 300, 6), ("0.1g", 450, 6),
        ("Fibre", 0, 7), ("4.5g", 300, 7), ("1.6g", 450, 7),
        ("Protein", 0, 8), ("5.6g", 300, 8), ("2.0g", 450, 8),
        ("Salt", 0, 9), ("1.3g", 300, 9), ("0.5g", 450, 9),
    ]

    /// Each cell as one OCR line of words (9 px per character, rows 40 px apart), turned by `turn`.
    private func lines(turn: (TextBox) -> TextBox, wordsInReadingOrder: Bool = true) -> [TextLine] {
        cells.map { text, x, row in
            var cursor = x
            var words: [TextWord] = []
            for piece in text.split(separator: " ") {
                let box = TextBox(x: cursor, y: 100 + Double(row) * 40, width: Double(piece.count) * 9, height: 16)
                words.append(TextWord(text: String(piece), box: turn(box)))
                cursor += box.width + 9
            }
            return TextLine(words: wordsInReadingOrder ? words : words.reversed())
        }
    }

    private let imageSide = 2000.0

    private func assertTable(_ lines: [TextLine], file: StaticString = #filePath, line: UInt = #line) throws {
        guard let table = try NutritionParser().parse(lines: lines) else {
            return XCTFail("no table", file: file, line: line)
        }
        let expected: [(String, String)] = [
            ("energy-kj_100g", "2035"), ("energy-kcal_100g", "488"), ("energy-kj_serving", "712"),
            ("energy-kcal_serving", "171"), ("fat_100g", "30.0"), ("fat_serving", "10.5"),
            ("saturated-fat_100g", "3.7"), ("carbohydrates_100g", "53.3"), ("sugars_100g", "0.4"),
            ("sugars_serving", "0.1"), ("fiber_100g", "4.5"), ("proteins_100g", "5.6"), ("proteins_serving", "2.0"),
            ("salt_100g", "1.3"), ("salt_serving", "0.5"),
        ]
        for (key, value) in expected { assertValue(table, key, value, file: file, line: line) }
    }

    func testUprightReference() throws {
        try assertTable(lines(turn: { $0 }))
        XCTAssertEqual(TextOrientation.detect(lines(turn: { $0 })), .upright)
    }

    /// Turned 90° anticlockwise: image x = text y, image y = side − text x (words read upwards).
    func testTurnedAnticlockwise() throws {
        let turned = lines(turn: { TextBox(x: $0.y, y: self.imageSide - $0.maxX, width: $0.height, height: $0.width) })
        XCTAssertEqual(TextOrientation.detect(turned), .bottomToTop)
        try assertTable(turned)
    }

    /// Turned 90° clockwise: image x = side − text y, image y = text x (words read downwards).
    func testTurnedClockwise() throws {
        let turned = lines(turn: { TextBox(x: self.imageSide - $0.maxY, y: $0.x, width: $0.height, height: $0.width) })
        XCTAssertEqual(TextOrientation.detect(turned), .topToBottom)
        try assertTable(turned)
    }

    /// Entries keep the image's boxes (the scanner maps them back to the photo), not the reading-frame ones.
    func testBoxesStayInImageAxes() throws {
        let turned = lines(turn: { TextBox(x: $0.y, y: self.imageSide - $0.maxX, width: $0.height, height: $0.width) })
        let table = try XCTUnwrap(try NutritionParser().parse(lines: turned))
        let fat = try XCTUnwrap(table["fat_100g"]?.box)
        // "30.0g" is row 3 (text y 220…236), column x 300…345 → image x 220, y 1655, 16 × 45.
        XCTAssertEqual(fat, TextBox(x: 220, y: 1655, width: 16, height: 45))
    }

    /// Tall narrow words alone (digits "1", "l", a few tall glyphs) do not turn an upright page.
    func testUprightPageWithFewTallWordsStaysUpright() {
        var upright = lines(turn: { $0 })
        upright.append(TextLine(words: [TextWord(text: "III", box: TextBox(x: 10, y: 900, width: 6, height: 20))]))
        XCTAssertEqual(TextOrientation.detect(upright), .upright)
    }
}
