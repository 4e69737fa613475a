import Foundation
import NutriLensImaging
import NutriLensLabel
import XCTest
@testable import NutriLens

/// Pages photographed sideways or upside down: OCR turns them upright, and the label grammar must get the boxes of
/// the upright page (its rows are built from boxes), with result boxes mapped back to the photo's pixels.
final class TurnedPageTests: XCTestCase {
    /// A 100×40 box at (10, 20) of a 300×200 input, for each turn: where it lies on the upright page.
    func testQuarterTurnsPutBoxesOnTheUprightPageAndBack() {
        let box = TextBox(x: 10, y: 20, width: 100, height: 40)
        let expected: [Int: TextBox] = [
            0: box,
            // Content turned 90° clockwise: the upright page (200×300) is the input turned counter-clockwise.
            1: TextBox(x: 20, y: 190, width: 40, height: 100),
            2: TextBox(x: 190, y: 140, width: 100, height: 40),
            3: TextBox(x: 140, y: 10, width: 40, height: 100),
        ]
        for turns in 0...3 {
            let mapping = ReadPageMapping(levelling: nil, quarterTurns: turns, inputWidth: 300, inputHeight: 200)
            XCTAssertEqual(mapping.upright(box), expected[turns], "turns \(turns)")
            XCTAssertEqual(mapping.working(mapping.upright(box)), box, "turns \(turns) round trip")
        }
    }

    /// `deg_rot90_en.jpg` (pixels turned 90°, text running bottom to top) and `deg_rot180_de.jpg` (upside down):
    /// before the fix the first parsed nothing and the second paired values with the wrong rows.
    func testSidewaysAndUpsideDownTablesParseWithBoxesInThePhoto() throws {
        var configuration = ScannerConfiguration(languages: ["eng", "deu"], stages: [.nutrition], ocrEngine: .tesseract)
        configuration.ocrTimeBudget = nil  // an upside-down page costs three reads; debug builds on a busy CI are slow
        let scanner = try NutriLensScanner(configuration: configuration)
        let sideways = scanner.scan(TestPaths.testImages.appendingPathComponent("deg_rot90_en.jpg"))
        let n90 = try XCTUnwrap(sideways.nutrition, "\(sideways)")
        XCTAssertEqual(n90.nutriments["energy-kj_100g"], 2002)
        XCTAssertEqual(n90.nutriments["energy-kcal_100g"], 478)
        XCTAssertEqual(n90.nutriments["saturated-fat_100g"], 13)
        XCTAssertEqual(n90.nutriments["salt_100g"], Decimal(string: "0.46"))
        // In the 530×612 photo "0.46 g" stands upright near the right edge, near the top: a tall, narrow box.
        let salt = try XCTUnwrap(n90.fields?["salt_100g"]?.box)
        XCTAssertGreaterThan(salt.height, salt.width, "\(salt)")
        XCTAssertGreaterThan(salt.x, 400, "\(salt)")
        XCTAssertLessThan(salt.y, 200, "\(salt)")

        let upsideDown = scanner.scan(TestPaths.testImages.appendingPathComponent("deg_rot180_de.jpg"))
        let n180 = try XCTUnwrap(upsideDown.nutrition, "\(upsideDown)")
        XCTAssertEqual(n180.nutriments["energy-kj_100g"], 1236)
        XCTAssertEqual(n180.nutriments["fat_100g"], 21)
        XCTAssertEqual(n180.nutriments["saturated-fat_100g"], Decimal(string: "3.2"))
        XCTAssertEqual(n180.nutriments["proteins_100g"], 27)
        XCTAssertEqual(n180.nutriments["salt_100g"], Decimal(string: "1.9"))
    }
}
