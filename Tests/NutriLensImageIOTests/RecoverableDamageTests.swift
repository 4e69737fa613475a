import Foundation
import XCTest
@testable import NutriLensImageIO

/// Damage that leaves every pixel intact decodes, with the library's warning passed on; and decoders share no
/// state across threads.
final class RecoverableDamageTests: XCTestCase {
    func testExtraneousBytesBeforeAMarkerAreAWarningNotAnError() throws {
        // Camera firmware often leaves stray bytes before EOI; libjpeg reports them as a corrupt-data warning.
        let photo = try Fixture.decode("extraneous-bytes.jpg")
        XCTAssertEqual(photo.warnings.count, 1)
        XCTAssertTrue(photo.warnings.first?.contains("3 extraneous bytes") ?? false, "\(photo.warnings)")
        guard let image = colorImage(photo) else { return }
        assertQuadrants(image, Fixture.quadRGB, tolerance: 6)
    }

    func testPNGMissingIENDKeepsItsPixelsAndWarns() throws {
        let photo = try Fixture.decode("no-iend.png")
        XCTAssertFalse(photo.warnings.isEmpty)
        guard let image = colorImage(photo) else { return }
        assertQuadrants(image, Fixture.quadRGB, tolerance: 0)
    }

    func testCleanFilesHaveNoWarnings() throws {
        XCTAssertEqual(try Fixture.decode("baseline.jpg").warnings, [])
        XCTAssertEqual(try Fixture.decode("rgba16-adam7.png").warnings, [])
    }

    func testConcurrentDecodesAreIndependent() throws {
        // Good and bad files interleaved on several threads: each result must match its own file.
        let names = ["progressive.jpg", "corrupt-scan.jpg", "palette4-adam7.png", "truncated-idat.png",
                     "cmyk.jpg", "orientation-7.jpg", "huge-60000.png", "gray16.png"]
        let inputs = try names.map { try Data(contentsOf: Fixture.url($0)) }
        let expected = inputs.map { data in Result { try ImageDecoder.decode(data: data) } }
        let mismatches = Mismatches()
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            let k = i % inputs.count
            let got = Result { try ImageDecoder.decode(data: inputs[k]) }
            switch (got, expected[k]) {
            case (.success(let a), .success(let b)) where a == b: break
            case (.failure(let a as ImageDecodingError), .failure(let b as ImageDecodingError)) where a == b: break
            default: mismatches.add(names[k])
            }
        }
        XCTAssertEqual(mismatches.names, [])
    }
}

/// Names collected by concurrent workers. `@unchecked Sendable`: every access to `list` holds `lock`.
private final class Mismatches: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ name: String) { lock.lock(); list.append(name); lock.unlock() }
    var names: [String] { lock.lock(); defer { lock.unlock() }; return list }
}
