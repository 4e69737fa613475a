import NutriLensImaging
import XCTest
@testable import NutriLens

/// `WorkingImage.gray`: the grey every grey-reading stage (barcode, OCR) uses, converted once per photo.
final class WorkingImageTests: XCTestCase {
    func testGrayOfAColourPhotoIsItsLumaAndTheSameForEveryCopy() {
        // White, black, pure red, green, blue and a mid grey.
        let rgb: [UInt8] = [255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 128, 128, 128]
        let colour = RGBImage(width: 3, height: 2, layout: .rgb, pixels: rgb)
        let working = WorkingImage(image: .color(colour), originalWidth: 6, originalHeight: 4)
        let copy = working
        let gray = working.gray
        XCTAssertEqual(gray.width, 3); XCTAssertEqual(gray.height, 2)
        XCTAssertEqual(gray.pixels, colour.luminance().pixels)
        // BT.601: white and black stay, green is the brightest primary and blue the darkest.
        XCTAssertEqual(gray[0, 0], 255); XCTAssertEqual(gray[1, 0], 0)
        XCTAssertGreaterThan(gray[0, 1], gray[2, 0]); XCTAssertGreaterThan(gray[2, 0], gray[1, 1])
        XCTAssertEqual(copy.gray.pixels, gray.pixels)
        XCTAssertEqual(working.scaleToOriginal, 2)
    }

    func testGrayOfAGreyPhotoIsThePhotoItselfAndConcurrentReadsAgree() async {
        let source = GrayImage(width: 4, height: 4, pixels: (0..<16).map { UInt8($0 * 16) })
        XCTAssertEqual(WorkingImage(image: .gray(source), originalWidth: 4, originalHeight: 4).gray.pixels, source.pixels)
        let colour = RGBImage(width: 64, height: 64, layout: .rgb, pixels: (0..<(64 * 64 * 3)).map { UInt8($0 % 251) })
        let working = WorkingImage(image: .color(colour), originalWidth: 64, originalHeight: 64)
        let reads = await withTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<8 { group.addTask { working.gray.pixels } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(Set(reads).count, 1)
        XCTAssertEqual(reads.first, colour.luminance().pixels)
    }
}
