import Foundation
import NutriLensImageIO
import NutriLensImaging
import XCTest
@testable import NutriLensBarcode
import NutriLensTestSupport

/// Read rate on the shared real photos (`../shared/corpus/barcodes/zxing`, EAN/UPC folders except the blurred
/// `ean13-5` and `upca-6`). Skips when `../shared` is absent. Floors are what the reader reaches (see
/// docs/barcode.md; on this sample: 97/106 upright, 51/55 upside down); a drop below them, or any wrong GTIN, fails.
final class CorpusEvaluationTests: XCTestCase {
    private static let folders = ["ean13-1", "ean13-3", "ean8-1", "upca-1", "upca-2", "upca-3", "upce-1", "upce-3",
                                  "upcean-extension-1"]

    /// Expected GTIN-13 from a zxing sidecar (`text` is 13/12/8 digits as printed; UPC-E compressed).
    private func expectedGTIN13(_ sidecar: URL) throws -> String? {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: sidecar)) as? [String: Any]
        guard let entry = (json?["barcodes"] as? [[String: Any]])?.first, let text = entry["text"] as? String,
              let symbology = entry["symbology"] as? String else { return nil }
        if symbology == "UPC-E" && text.count == 8 { return GTIN.expandUPCE(text).map { "0" + $0 } }
        return GTIN.gtin13(String(text.prefix(13)))
    }

    func testReadRateAndNoWrongGTINOnRealPhotos() throws {
        let root = try PackagePaths.shared("corpus/barcodes/zxing")
        // Step-count mode (no wall-clock budget): the result does not depend on machine load or the debug build's speed.
        let reader = BarcodeReader(options: BarcodeReadOptions(timeBudget: .infinity))
        // Debug builds run the ladder's image kernels unoptimised: every second photo keeps this under a minute.
        var total = 0, read = 0, wrong: [String] = []
        var flippedTotal = 0, flippedRead = 0
        for folder in Self.folders {
            let dir = root.appendingPathComponent(folder)
            let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") }.sorted()
            for (i, file) in files.enumerated() where i % 2 == 0 {
                let url = dir.appendingPathComponent(file)
                guard let expected = try expectedGTIN13(url.deletingPathExtension().appendingPathExtension("json")) else { continue }
                let image = try ImageDecoder.decode(contentsOf: url, options: DecodeOptions(wantColor: false)).image.grayscale
                let gtins = try reader.read(image).compactMap { $0.gtin.flatMap(GTIN.gtin13) }
                total += 1
                if gtins.contains(expected) { read += 1 }
                wrong += gtins.filter { $0 != expected }.map { "\(folder)/\(file): \($0) (expected \(expected))" }
                // Upside-down copies of every fourth photo.
                guard i % 4 == 0 else { continue }
                let flipped = image.rotated(by: .halfTurn)
                let flippedGTINs = try reader.read(flipped).compactMap { $0.gtin.flatMap(GTIN.gtin13) }
                flippedTotal += 1
                if flippedGTINs.contains(expected) { flippedRead += 1 }
                wrong += flippedGTINs.filter { $0 != expected }.map { "\(folder)/\(file) @180: \($0) (expected \(expected))" }
            }
        }
        let rate = Double(read) / Double(max(total, 1)), flippedRate = Double(flippedRead) / Double(max(flippedTotal, 1))
        print("barcode corpus: \(read)/\(total) at 0 deg, \(flippedRead)/\(flippedTotal) at 180 deg, wrong \(wrong.count)")
        XCTAssertEqual(total, 106, "corpus changed: update the floors")
        XCTAssertGreaterThanOrEqual(rate, 0.92, "read \(read)/\(total)")
        XCTAssertGreaterThanOrEqual(flippedRate, 0.92, "read \(flippedRead)/\(flippedTotal) upside down")
        XCTAssertEqual(wrong, [], "a checksum-valid wrong GTIN is worse than none")
    }
}
