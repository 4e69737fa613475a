import Foundation
import NutriLensImaging
@testable import NutriLensOCR
import XCTest
import NutriLensTestSupport

/// The page re-read with Tesseract's local (Sauvola) threshold (session 5): a table under a light gradient that
/// Tesseract's global Otsu threshold blackens, and an evenly lit table that must not pay for it.
final class UnevenLightTests: XCTestCase {
    /// `image` under a lamp on its left: each pixel scaled by a factor falling linearly from 1 (left edge) to
    /// `darkest` (right edge), so the value columns on the right sit on paper far darker than the row names'.
    private func underGradient(_ image: GrayImage, darkest: Double) -> GrayImage {
        var pixels = [UInt8](repeating: 0, count: image.width * image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let factor = 1 - (1 - darkest) * Double(x) / Double(image.width - 1)
                pixels[y * image.width + x] = UInt8((Double(image[x, y]) * factor).rounded())
            }
        }
        return GrayImage(width: image.width, height: image.height, pixels: pixels)
    }

    /// As the scanner reads (sparse text for page and table), no cleaned re-read (so the test sees this pass alone),
    /// the local-threshold re-read on.
    private var options: OCRReadOptions {
        var options = OCRReadOptions.unlimited
        options.pageSegmentation = .sparse; options.tableSegmentation = .sparse
        options.cleanedTableReread = false
        options.localThresholdReread = true   // off by default (docs/ocr.md, "Session 5")
        return options
    }

    private func values(_ page: OCRPage) -> Set<String> { Set(page.words.map(\.text).filter(TableValueCount.isValue)) }

    func testGradientTableValuesAreReadOnlyWithTheLocalThresholdReread() throws {
        let label = try RenderedLabel.load("label_en_dejavu_medium")
        let dim = underGradient(label.image, darkest: 0.3)
        // The paper at the right edge falls to 255 × 0.3 ≈ 77, below a threshold between the left paper and the ink.
        XCTAssertLessThan(dim[dim.width - 5, 5], 80)

        var plainOptions = options
        plainOptions.localThresholdReread = false
        let plain = try SharedReaders.english.read(dim, options: plainOptions)
        // Otsu's one threshold falls between the left paper and the right paper: the value columns turn black.
        XCTAssertLessThanOrEqual(values(plain).count, 2, plain.text)
        XCTAssertTrue(values(plain).isDisjoint(with: ["7.1g", "62.0g", "9.8g", "2.9g"]), plain.text)
        XCTAssertTrue(plain.text.contains("Carbohydrate"), "the row names on the lit side still read: \(plain.text)")

        let local = try SharedReaders.english.read(dim, options: options)
        XCTAssertEqual(local.timings.passes.filter { $0.kind == .pageLocalThreshold }.count, 1, "\(local.timings.passes)")
        // Printed: 7.1 g / 2.1 g fat, 62.0 g carbohydrate, 9.8 g / 2.9 g protein, 373 / 112 kcal.
        let read = values(local)
        XCTAssertTrue(read.isSuperset(of: ["7.1g", "62.0g", "9.8g", "2.9g"]), local.text)
        XCTAssertGreaterThanOrEqual(read.count, 10, local.text)
        XCTAssertTrue(local.words.contains { $0.text == "373" }, local.text)
        XCTAssertNotNil(local.tableRegion)
    }

    func testEvenlyLitTableIsReadOnce() throws {
        // Every named row of the fixture carries its values in the Otsu reading: no second page pass.
        let label = try RenderedLabel.load("label_en_dejavu_medium")
        let page = try SharedReaders.english.read(label.image, options: options)
        XCTAssertEqual(page.timings.passes.filter { $0.kind == .pageLocalThreshold }.count, 0, "\(page.timings.passes)")
        XCTAssertTrue(values(page).isSuperset(of: ["7.1g", "62.0g", "9.8g", "2.9g"]), page.text)
    }

    func testIlluminationSpread() throws {
        XCTAssertEqual(PageIllumination(survey: GrayImage(width: 300, height: 200, fill: 180)).spread, 1)
        let label = try RenderedLabel.load("label_en_dejavu_medium")
        // Rendered: white paper everywhere (a tile mostly covered by a bold word would be the exception).
        XCTAssertLessThanOrEqual(PageIllumination(survey: label.image).spread, 1.10)
        // Under the lamp: the right tenth of the tiles' paper is at ~0.37 of the left tenth's.
        let dim = PageIllumination(survey: underGradient(label.image, darkest: 0.3)).spread
        XCTAssertGreaterThan(dim, 2.0)
        XCTAssertLessThan(dim, 3.3)
        // Smaller than one tile: one tile, no spread.
        XCTAssertEqual(PageIllumination(survey: GrayImage(width: 10, height: 5, fill: 90)).spread, 1)
    }

    func testSmallTableIsReadTwiceOnlyUnderUnevenLight() throws {
        // The fixture's first four rows (Energy kJ, kcal, Fat, saturates): fewer named rows than a full table has,
        // so only the illumination gate stops an evenly lit one from paying for a second page pass.
        let label = try RenderedLabel.load("label_en_dejavu_medium")
        let top = try label.image.cropped(to: PixelRect(x: 0, y: 0, width: label.image.width, height: 240))
        let even = try SharedReaders.english.read(top, options: options)
        XCTAssertEqual(even.timings.passes.filter { $0.kind == .pageLocalThreshold }.count, 0, "\(even.timings.passes)")
        XCTAssertTrue(values(even).isSuperset(of: ["7.1g", "2.1g"]), even.text)
        let dim = try SharedReaders.english.read(underGradient(top, darkest: 0.3), options: options)
        XCTAssertEqual(dim.timings.passes.filter { $0.kind == .pageLocalThreshold }.count, 1, "\(dim.timings.passes)")
    }

    func testLampLitPotPhotoValueColumnIsReadByTheLocalThreshold() throws {
        // Corpus A049E005: a pot under a lamp, the value column on the dark side; Otsu's page reads only row names.
        let corpus = try PackagePaths.shared("corpus/labels")
        let url = corpus.appendingPathComponent(
            "pxlshpr__NutritionLabelClassifier_legacy/NutritionClassifier-Test_Data/Images/A049E005-AB5E-4474-92B2-979EBC347FB5.jpg")
        let image = try decodeGray(url.path)
        XCTAssertGreaterThanOrEqual(PageIllumination(survey: image).spread, 1.5)
        var plainOptions = options
        plainOptions.localThresholdReread = false
        let plain = try SharedReaders.english.read(image, options: plainOptions)
        XCTAssertTrue(values(plain).isDisjoint(with: ["9.5g", "7.3g", "553kJ"]), plain.text)
        let local = try SharedReaders.english.read(image, options: options)
        let pass = try XCTUnwrap(local.timings.passes.first { $0.kind == .pageLocalThreshold })
        XCTAssertGreaterThan(pass.replaced ?? 0, 0, "the Sauvola reading is adopted")
        // Printed: energy 553 kJ / 133 kcal, fat 9.5 g, saturates 5.9 g, sugars 7.3 g (eng measured: 553kJ 133kcal
        // 9.5g 5.9g 14% 30% …).
        XCTAssertTrue(values(local).isSuperset(of: ["9.5g", "5.9g"]), local.text)
        XCTAssertGreaterThanOrEqual(values(local).count, values(plain).count + 5, local.text)
    }

    func testBlankPageIsNotReadTwice() throws {
        // No text, no table: nothing to compare, so the Sauvola pass must not run on a blank photo.
        let blank = GrayImage(width: 400, height: 300, fill: 200)
        let page = try SharedReaders.english.read(blank, options: options)
        XCTAssertTrue(page.words.isEmpty)
        XCTAssertEqual(page.timings.passes.filter { $0.kind == .pageLocalThreshold }.count, 0, "\(page.timings.passes)")
    }
}
