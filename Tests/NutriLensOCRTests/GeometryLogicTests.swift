import NutriLensImaging
@testable import NutriLensOCR
import XCTest

/// Pure logic: coordinate mapping, anchors, tokens, headers, row/column clustering, line assembly.
final class GeometryLogicTests: XCTestCase {
    func testTransformMapsRotatedScaledCropBackToOriginal() {
        // Original 400x300 whose content is turned 90° clockwise: upright is 300x400, made by 3 clockwise turns.
        var t = ImageTransform(originalWidth: 400, originalHeight: 300, uprightTurns: 3)
        XCTAssertEqual(t.uprightWidth, 300)
        XCTAssertEqual(t.uprightHeight, 400)
        let r = PixelRect(x: 10, y: 20, width: 30, height: 40)
        // Round trip original -> upright -> original.
        XCTAssertEqual(t.uprightToOriginal(t.originalToUpright(r)), r)
        // Upright point (0, 0) is the original's top-right corner for this rotation.
        XCTAssertEqual(t.toOriginal(0, 0), PixelPoint(x: 400, y: 0))
        // Crop origin and scale: working (20, 10) at scale 2 from origin (5, 7) is upright (15, 12).
        t.originX = 5; t.originY = 7; t.scaleX = 2; t.scaleY = 2
        XCTAssertEqual(t.toOriginal(20, 10), PixelPoint(x: 400 - 12, y: 15))
        for turns in 0...3 {
            let u = ImageTransform(originalWidth: 123, originalHeight: 77, uprightTurns: turns)
            XCTAssertEqual(u.uprightToOriginal(u.originalToUpright(r)), r, "turns \(turns)")
        }
    }

    func testAnchorWeights() {
        XCTAssertEqual(NutritionAnchors.weight(of: "Nährwerte"), 2)
        XCTAssertEqual(NutritionAnchors.weight(of: "NUTRITION"), 2)
        XCTAssertEqual(NutritionAnchors.weight(of: "nutritionnelles"), 2)
        XCTAssertEqual(NutritionAnchors.weight(of: "Énergie"), 1)
        XCTAssertEqual(NutritionAnchors.weight(of: "kcal"), 1)
        XCTAssertEqual(NutritionAnchors.weight(of: "Eiweiß"), 1)
        XCTAssertEqual(NutritionAnchors.weight(of: "Energv"), 1, "one OCR error in a long word is tolerated")
        XCTAssertEqual(NutritionAnchors.weight(of: "Ingredients"), 0)
        XCTAssertEqual(NutritionAnchors.weight(of: "Fat."), 1)
        XCTAssertEqual(NutritionAnchors.weight(of: "Fit"), 0, "short words must match exactly")
    }

    private func word(_ text: String, x: Int, y: Int, w: Int = 40, h: Int = 20, line: Int = 0) -> OCRWord {
        OCRWord(text: text, box: PixelRect(x: x, y: y, width: w, height: h), confidence: 0.9, blockID: 0, lineID: line,
                baseline: OCRBaseline(start: PixelPoint(x: Double(x), y: Double(y + h)), end: PixelPoint(x: Double(x + w), y: Double(y + h))))
    }

    func testLineAssemblyOrdersBlocksLinesAndWords() {
        let a = word("b", x: 100, y: 50), b = word("a", x: 10, y: 52), c = word("top", x: 10, y: 5)
        let d = word("right", x: 500, y: 0)
        let (words, lines) = LineAssembly.assemble([(key: 1, block: 0, word: a), (key: 1, block: 0, word: b),
                                                    (key: 0, block: 0, word: c), (key: 7, block: 3, word: d)])
        // Blocks by their top-most line (block 3 starts higher), lines top to bottom, words left to right.
        XCTAssertEqual(lines.map(\.text), ["right", "top", "a b"])
        XCTAssertEqual(lines.map(\.blockID), [0, 1, 1])
        XCTAssertEqual(words.map(\.lineID), [0, 1, 2, 2])
        XCTAssertEqual(lines[2].box, PixelRect(x: 10, y: 50, width: 130, height: 22))
    }

    /// A word box of a turned photo on the upright page and back, for the orientations OCR reports.
    func testUprightRectOfATurnedPageAndBack() {
        // 100×40 at (10, 20) of a 300×200 image: content turned 90° clockwise puts it at (20, 190) of the
        // 200×300 upright page, 40 wide and 100 high (the text runs down the photo).
        let expected: [PageOrientation: (Double, Double, Double, Double)] = [
            .upright: (10, 20, 100, 40), .clockwise90: (20, 190, 40, 100),
            .upsideDown: (190, 140, 100, 40), .clockwise270: (140, 10, 40, 100),
        ]
        for (orientation, want) in expected {
            let r = orientation.uprightRect(x: 10, y: 20, width: 100, height: 40, imageWidth: 300, imageHeight: 200)
            XCTAssertEqual([r.x, r.y, r.width, r.height], [want.0, want.1, want.2, want.3], "\(orientation)")
            let back = orientation.imageRect(fromUpright: r.x, y: r.y, width: r.width, height: r.height,
                                             imageWidth: 300, imageHeight: 200)
            XCTAssertEqual([back.x, back.y, back.width, back.height], [10, 20, 100, 40], "\(orientation) round trip")
        }
        // Fractional pixels stay fractional (levelled pages give them).
        let r = PageOrientation.clockwise270.uprightRect(x: 0.5, y: 1.25, width: 2, height: 3, imageWidth: 10, imageHeight: 8)
        XCTAssertEqual([r.x, r.y, r.width, r.height], [3.75, 0.5, 3, 2])
    }
}
