import Foundation
import NutriLensImageIO
import NutriLensImaging
import XCTest
@testable import NutriLensBarcode
import NutriLensTestSupport

/// The label photos whose code `BarRegionFinder` does not see (cut by the photo's edge, or on a curved bottle) and
/// that coarse-first search must still read through `SymbolProbe` (session 4). Skips when `../shared` is absent.
final class LabelPhotoCorpusTests: XCTestCase {
    /// Photo (under `corpus/labels`) and its GTIN-13, from the sidecars (ai-lvlup 095155's sidecar lists no code, but
    /// the photo shows EAN-13 5907069000017 at its bottom edge).
    private static let photos = [
        ("julielee9067__ocr-nutrition-facts/images/eng_real_10.jpg", "0024463210196"),
        ("programistkajavy-art__ai-lvlup/20251114_095155.jpg", "5907069000017"),
        ("programistkajavy-art__ai-lvlup/20251114_095639.jpg", "5900783005979"),
        ("pxlshpr__NutritionLabelClassifier_legacy/NutritionClassifier-Test_Data/Images/7648338E-8AC8-4C03-AAA1-AC8FC76E7368.jpg",
         "7622201495473"),
    ]

    func testCodesTheFinderMissesAreReadThroughTheProbe() throws {
        let root = try PackagePaths.shared("corpus/labels")
        let reader = BarcodeReader(options: BarcodeReadOptions(timeBudget: .infinity))
        for (path, gtin) in Self.photos {
            // The scanner's working size: JPEG DCT-scaled decode to at most 2400 px (plus rounding).
            let photo = try ImageDecoder.decode(contentsOf: root.appendingPathComponent(path),
                                                options: DecodeOptions(targetMaxSide: 2400, wantColor: false))
            let gray = photo.image.grayscale
            XCTAssertGreaterThanOrEqual(gray.width * gray.height, reader.options.coarseFirstMinimumPixels, path)
            // No bar region: only the probe can send this photo to the ladder (main's order read it at native size).
            XCTAssertEqual(BarcodeReader.barRegions(in: gray), [], "\(path): the finder now sees it; pick another photo")
            XCTAssertEqual(try reader.read(gray).compactMap(\.gtin), [gtin], path)
        }
    }

    /// A 0.48 MP label photo (730 x 657) whose blurred UPC-A only the 2x unsharp step reads: its bar region, grown for
    /// quiet zones, covers the whole photo, and tilting that region spent the budget before the unsharp step (issue 23
    /// cost, session 12). The tilt step now leaves regions over half the image to the whole-image turns.
    func testASmallPhotoFilledByItsBarsStillReachesTheUnsharpStep() throws {
        let root = try PackagePaths.shared("corpus/labels")
        let url = root.appendingPathComponent("julielee9067__ocr-nutrition-facts/images/eng_real_4.jpeg")
        let gray = try ImageDecoder.decode(contentsOf: url, options: DecodeOptions(wantColor: false)).image.grayscale
        let crops = LadderImages.barRegionCrops(gray)
        XCTAssertFalse(crops.isEmpty, "the finder sees the bars")
        XCTAssertTrue(LadderImages.tiltedRegions(gray, degrees: 20).isEmpty, "regions: \(crops.map { ($0.image.width, $0.image.height) })")
        let codes = try BarcodeReader().read(gray)
        XCTAssertEqual(codes.compactMap(\.gtin), ["0059950125509"])
        XCTAssertEqual(codes.first?.step, .upscaledSharpened(factor: 2))
    }
}
