import Foundation
import XCTest
@testable import NutriLensImageIO
import NutriLensTestSupport

/// Decodes every JPEG/PNG/WebP of the shared corpus (../shared/corpus beside the package root). Skips when absent.
final class CorpusDecodeTests: XCTestCase {
    private func files(under root: URL, extensions: Set<String>) -> [URL] {
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var found: [URL] = []
        while let url = walker?.nextObject() as? URL {
            if extensions.contains(url.pathExtension.lowercased()) { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }

    func testEveryCorpusPhotoDecodes() throws {
        let root = try PackagePaths.shared("corpus")
        let photos = files(under: root, extensions: ["jpg", "jpeg", "png"])
        XCTAssertFalse(photos.isEmpty, "corpus has no JPEG/PNG files")
        var failures: [String] = []
        for url in photos {
            do {
                let header = try ImageDecoder.readHeader(contentsOf: url)
                // A 1024 px long side keeps the debug-build run short; JPEGs scale in the DCT, PNGs decode in full.
                let photo = try ImageDecoder.decode(contentsOf: url, options: DecodeOptions(targetMaxSide: 1024))
                XCTAssertEqual([photo.fullWidth, photo.fullHeight], [header.uprightWidth, header.uprightHeight], url.path)
                XCTAssertGreaterThanOrEqual(max(photo.image.width, photo.image.height),
                                            min(1024, max(header.width, header.height)), url.path)
            } catch {
                failures.append("\(url.path): \(error)")
            }
        }
        XCTAssertEqual(failures, [], "\(failures.count) of \(photos.count) corpus photos failed")
    }

    func testCorpusWebPDecodesWithTheHeaderSize() throws {
        let root = try PackagePaths.shared("corpus")
        let webp = files(under: root, extensions: ["webp"])
        if webp.isEmpty { throw XCTSkip("no WebP files in the corpus") }
        var failures: [String] = []
        for url in webp {
            do {
                let header = try ImageDecoder.readHeader(contentsOf: url)
                let photo = try ImageDecoder.decode(contentsOf: url, options: DecodeOptions(wantColor: false))
                XCTAssertEqual(photo.format, .webp, url.path)
                XCTAssertEqual([photo.fullWidth, photo.fullHeight], [header.uprightWidth, header.uprightHeight], url.path)
            } catch {
                failures.append("\(url.path): \(error)")
            }
        }
        XCTAssertEqual(failures, [], "\(failures.count) of \(webp.count) corpus WebP files failed")
    }
}
