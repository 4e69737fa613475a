import NutriLensImaging
@testable import NutriLensOCR
import XCTest

/// `OCRTimings.passes` (what each Tesseract call was for and its CPU) and `OCRReadOptions.knownOrientation`.
final class PassAccountingTests: XCTestCase {
    func testUprightPageIsOnePagePassWithItsCost() throws {
        let label = try RenderedLabel.load("label_en_dejavu_medium")
        let page = try SharedReaders.english.read(label.image, options: .unlimited)
        let passes = page.timings.passes
        XCTAssertEqual(passes.first?.kind, .polarity, "the light-on-dark check runs first (OCRReadOptions.polarity)")
        XCTAssertEqual(passes.first?.words, 0, "a dark-on-light label has no light-on-dark glyphs")
        let first = try XCTUnwrap(passes.first { $0.kind == .page })
        XCTAssertEqual(first.pageSegmentationMode, 11, "default page segmentation is sparse text (PSM 11), the scanner's")
        XCTAssertFalse(passes.contains { $0.kind == .orientation }, "an upright page must not pay for OSD: \(passes)")
        // The page pass returned the words (no table re-read replaced them: the text is at the target size).
        XCTAssertEqual(passes.filter { $0.kind != .orientation && $0.kind != .polarity }.last?.words, page.words.count,
                       "\(passes)")
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
}
