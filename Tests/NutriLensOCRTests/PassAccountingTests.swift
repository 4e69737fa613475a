import NutriLensImaging
@testable import NutriLensOCR
import XCTest

/// `OCRTimings.passes` (what each Tesseract call was for and its CPU), `OCRReadOptions.knownOrientation` and a
/// reader whose table is re-read by another pool (`NutritionOCR(pool:tablePool:)`).
final class PassAccountingTests: XCTestCase {
    func testUprightPageIsOnePagePassWithItsCost() throws {
        let label = try RenderedLabel.load("label_en_dejavu_medium")
        let page = try SharedReaders.english.read(label.image, options: .unlimited)
        let passes = page.timings.passes
        let first = try XCTUnwrap(passes.first)
        XCTAssertEqual(first.kind, .page)
        XCTAssertEqual(first.pageSegmentationMode, 3, "default page segmentation is automatic (PSM 3)")
        XCTAssertFalse(passes.contains { $0.kind == .orientation }, "an upright page must not pay for OSD: \(passes)")
        // The page pass returned the words (no table re-read replaced them: the text is at the target size).
        XCTAssertEqual(passes.filter { $0.kind != .orientation }.last?.words, page.words.count, "\(passes)")
        XCTAssertGreaterThan(first.cpuSeconds, 0)
        XCTAssertEqual(page.timings.passesCPU, passes.map(\.cpuSeconds).reduce(0, +), accuracy: 1e-12)
        // The recorded size is the working image's: the fixture scaled (both sides by the same factor).
        XCTAssertEqual(Double(first.width) / Double(first.height), Double(label.image.width) / Double(label.image.height),
                       accuracy: 0.02)
    }

    func testKnownOrientationSkipsDetectionAndReadsTheSame() throws {
        let label = try RenderedLabel.load("label_en_dejavu_medium")
        let turned = rotate(label.image, quarterTurns: 1)
        // Unlimited time: a debug build on a loaded machine must not cut one of the two reads short.
        var options = OCRReadOptions()
        options.timeBudget = nil
        let detected = try SharedReaders.english.read(turned, options: options)
        XCTAssertEqual(detected.orientation, .clockwise90)
        XCTAssertTrue(detected.timings.passes.contains { $0.kind == .orientation }, "\(detected.timings.passes)")

        options.knownOrientation = .clockwise90
        let known = try SharedReaders.english.read(turned, options: options)
        XCTAssertEqual(known.orientation, .clockwise90)
        XCTAssertFalse(known.timings.passes.contains { $0.kind == .orientation }, "\(known.timings.passes)")
        XCTAssertEqual(known.lines.map(\.text), detected.lines.map(\.text))
        XCTAssertEqual(known.words.map(\.box), detected.words.map(\.box))

        // A wrong known orientation is obeyed, not second-guessed (the caller said it knows).
        options.knownOrientation = .upright
        let wrong = try SharedReaders.english.read(turned, options: options)
        XCTAssertEqual(wrong.orientation, .upright)
    }

    func testTableIsReReadWithTheTablePool() throws {
        let label = try RenderedLabel.load("label_de_fr")
        let split = NutritionOCR(pool: SharedReaders.english.pool, tablePool: SharedReaders.europe.pool)
        var options = OCRReadOptions()
        options.timeBudget = nil  // a debug build on a loaded machine must not cut the table re-read short
        let page = try split.read(label.image, options: options)
        let kinds = page.timings.passes.map(\.kind)
        XCTAssertEqual(kinds.first, .page)
        XCTAssertTrue(kinds.contains(.table), "a located table is always re-read by the table pool: \(kinds)")
        XCTAssertNotNil(page.tableRegion)
        // Inside the table the German/French models read what English alone cannot spell.
        let texts = Set(page.words.map(\.text))
        for word in ["Eiweiß", "Protéines", "Kohlenhydrate"] {
            XCTAssertTrue(texts.contains(word), "missing \(word) in:\n\(page.text)")
        }
        let missing = unmatched(label.words, in: page.words, tolerance: max(3, Int(0.15 * Double(label.meta.xHeight))))
        XCTAssertLessThanOrEqual(Double(missing.count) / Double(label.words.count), 0.2, "unmatched \(missing.map(\.text))")
    }
}
