import NutriLensImaging
@testable import NutriLensOCR
import XCTest

final class TableLocalisationTests: XCTestCase {
    func testTableRegionCoversTheTableAndNotTheParagraph() throws {
        let (canvas, label, placed) = try labelUnderIngredients(x: 700, y: 650)
        let page = try SharedReaders.english.read(canvas, options: .unlimited)
        let region = try XCTUnwrap(page.tableRegion, page.text)
        for w in label.words {
            let box = PixelRect(x: w.box.x + placed.x, y: w.box.y + placed.y, width: w.box.width, height: w.box.height)
            XCTAssertEqual(region.intersection(box), box, "\(w.text) outside table region \(region)")
        }
        XCTAssertLessThan(region.y, placed.y + 40)
        XCTAssertGreaterThan(region.y, 400, "region must not reach up into the ingredients paragraph")
        XCTAssertTrue(page.anchors.contains { $0.text == "Energy" })
        // Words outside the table are still returned, in canvas coordinates.
        XCTAssertTrue(page.words.contains { $0.text.hasPrefix("Ingredients") && $0.box.y < 200 }, page.text)
        // Table numbers come back at canvas coordinates.
        let salt = try XCTUnwrap(label.words.first { $0.text == "0.45" })
        XCTAssertTrue(page.words.contains {
            $0.text.hasPrefix("0.45") && abs($0.box.x - (salt.box.x + placed.x)) <= 3 && abs($0.box.y - (salt.box.y + placed.y)) <= 3
        })
    }

}
