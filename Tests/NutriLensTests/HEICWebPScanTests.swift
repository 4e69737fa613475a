import Foundation
import XCTest
@testable import NutriLens
import NutriLensEvaluation
import NutriLensTestSupport

/// A label scan given as HEIC and as WebP reads the same as its JPEG. The fixtures hold the JPEG's stored (sideways)
/// pixels with the turn in each format's own place: an `irot` box in the HEIC, the EXIF chunk in the WebP
/// (scripts/imageio-fixtures/make_heif_webp.py). The HEIC is lossless, so a differing field is the decoder's fault;
/// the WebP is lossy (q85).
final class HEICWebPScanTests: XCTestCase {
    func testHEICAndWebPOfALabelScanReadTheSameFieldsAsTheJPEG() async throws {
        let fixtures = PackagePaths.root.appendingPathComponent("Tests/NutriLensTests/Fixtures")
        let jpeg = TestPaths.testImages.appendingPathComponent("deg_exif6_en.jpg")
        let urls = [jpeg, fixtures.appendingPathComponent("deg_exif6_en-irot.heic"),
                    fixtures.appendingPathComponent("deg_exif6_en.webp")]
        let scanner = try NutriLensScanner(configuration: ScannerConfiguration(stages: [.nutrition]))
        let results = await scanner.scan(contentsOf: urls, maxConcurrentScans: 2)
        XCTAssertTrue(results.allSatisfy { $0.error == nil }, "\(results.compactMap(\.error))")
        let truth = try GroundTruth.load(from: jpeg.deletingPathExtension().appendingPathExtension("json"))
        let reference = try XCTUnwrap(results[0].nutrition?.nutriments)
        XCTAssertGreaterThanOrEqual(ImageScore(result: results[0], truth: truth).correctFields, 16,
                                    "the JPEG itself reads (18 truth fields)")
        for (url, result) in zip(urls.dropFirst(), results.dropFirst()) {
            let name = url.lastPathComponent
            XCTAssertEqual([result.width, result.height], [797, 504], "\(name): upright like the JPEG")
            XCTAssertEqual(result.nutrition?.nutriments, reference, name)
            XCTAssertEqual(ImageScore(result: result, truth: truth).correctFields,
                           ImageScore(result: results[0], truth: truth).correctFields, name)
        }
    }
}
