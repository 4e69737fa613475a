import Foundation
import NutriLensImaging
import XCTest
@testable import NutriLensClassifier

/// Bad model files are typed errors naming the file, never crashes.
final class ModelLoadingTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("nl-classifier-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Writes `bytes` as a model file in the temp folder with a sidecar holding `digestOf` bytes' SHA-256.
    func writeModel(_ bytes: [UInt8], digestOf digestBytes: [UInt8]? = nil, name: String = "m.nlm") throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        let digest = (digestBytes ?? bytes).withUnsafeBytes { ModelFiles.sha256Hex($0) }
        try "\(digest)  \(name)\n".write(to: URL(fileURLWithPath: url.path + ".sha256"), atomically: true, encoding: .utf8)
        return url
    }

    var realModel: [UInt8] { get throws { [UInt8](try Data(contentsOf: FixtureSupport.modelURL)) } }

    func testMissingFileNamesThePath() {
        let url = folder.appendingPathComponent("absent.nlm")
        XCTAssertThrowsError(try FoodClassifier(modelURL: url)) { error in
            XCTAssertEqual(error as? ClassifierError, .modelFile(.fileUnreadable(path: url.path)))
            XCTAssertTrue("\(error)".contains("absent.nlm"))
        }
    }

    func testTruncatedFileReportsTruncation() throws {
        let bytes = try realModel
        for cut in [10, 40, 64 + 30, bytes.count / 2, bytes.count - 3] {
            let url = try writeModel(Array(bytes.prefix(cut)))
            XCTAssertThrowsError(try ModelFile.load(url), "cut at \(cut)") { error in
                guard case .modelFile(.truncated(let path, let needed, let actual))? = error as? ClassifierError else {
                    return XCTFail("cut at \(cut): \(error)")
                }
                XCTAssertEqual(path, url.path)
                XCTAssertEqual(actual, cut)
                XCTAssertGreaterThan(needed, cut)
            }
        }
    }

    func testFlippedWeightByteFailsChecksum() throws {
        var bytes = try realModel
        let original = bytes
        bytes[bytes.count / 2] ^= 0x40
        let url = try writeModel(bytes, digestOf: original)
        XCTAssertThrowsError(try FoodClassifier(modelURL: url)) { error in
            guard case .modelFile(.checksumMismatch(let path, let expected, let actual))? = error as? ClassifierError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(path, url.path)
            XCTAssertEqual(expected, original.withUnsafeBytes { ModelFiles.sha256Hex($0) })
            XCTAssertNotEqual(expected, actual)
        }
    }

    func testMissingSidecarIsReported() throws {
        let url = try writeModel(try realModel)
        try FileManager.default.removeItem(atPath: url.path + ".sha256")
        XCTAssertThrowsError(try ModelFile.load(url)) { error in
            XCTAssertEqual(error as? ClassifierError, .modelFile(.checksumFileInvalid(path: url.path + ".sha256")))
        }
    }

    func testBadMagicAndVersion() throws {
        var bytes = try realModel
        bytes[0] = UInt8(ascii: "X")
        XCTAssertThrowsError(try ModelFile.load(try writeModel(bytes, name: "magic.nlm"))) { error in
            XCTAssertEqual(error as? ClassifierError, .modelFile(.badMagic(path: self.folder.appendingPathComponent("magic.nlm").path, format: "NutriLens model")))
        }
        bytes = try realModel
        bytes[8] = 7  // version field (u32 LE at offset 8)
        XCTAssertThrowsError(try ModelFile.load(try writeModel(bytes, name: "v7.nlm"))) { error in
            XCTAssertEqual(error as? ClassifierError,
                           .modelFile(.unsupportedVersion(path: self.folder.appendingPathComponent("v7.nlm").path, format: "model format", found: 7, supported: 1)))
        }
    }

    func testInconsistentLayerIsMalformed() throws {
        var bytes = try realModel
        bytes[64 + 20] &+= 1  // first layer's input channel count: 3 -> 4
        XCTAssertThrowsError(try ModelFile.load(try writeModel(bytes))) { error in
            guard case .modelFile(.malformed(_, let reason))? = error as? ClassifierError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("layer 0"), reason)
        }
    }

    /// Corrupt dimensions must be rejected before any size is multiplied out or allocated.
    func testHugeDimensionsAreRejectedNotAllocated() throws {
        var bytes = try realModel
        // First layer record starts at 64: kind, kernel, stride, padBegin, padEnd, cin, cout, ... (u32 LE each).
        bytes.replaceSubrange((64 + 24)..<(64 + 28), with: [0, 0, 0, 0x40])  // cout = 2^30
        XCTAssertThrowsError(try ModelFile.load(try writeModel(bytes, name: "huge.nlm"))) { error in
            guard case .modelFile(.malformed(_, let reason))? = error as? ClassifierError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("out of range"), reason)
        }
        bytes = try realModel
        bytes.replaceSubrange((64 + 4)..<(64 + 8), with: [0xff, 0xff, 0xff, 0x7f])  // kernel = 2^31 - 1
        XCTAssertThrowsError(try ModelFile.load(try writeModel(bytes, name: "kernel.nlm")))
    }

    /// A residual add whose skip tensor has another spatial size would read past a buffer: rejected at load.
    func testResidualShapeMismatchIsRejected() throws {
        var bytes = try realModel
        let (_, layers) = try ModelFile.load(FixtureSupport.modelURL)
        // Walk the records to the first layer that saves a skip, then give the next depthwise layer stride 2.
        var offset = 64, saved = false
        for layer in layers {
            if layer.flags.contains(.saveSkip) { saved = true }
            if saved && layer.kind == .depthwise {
                bytes[offset + 8] = 2
                break
            }
            offset += 48 + ((layer.weights.count + layer.bias.count) * 2 + 3) / 4 * 4
        }
        XCTAssertThrowsError(try ModelFile.load(try writeModel(bytes, name: "skip.nlm"))) { error in
            guard case .modelFile(.malformed(_, let reason))? = error as? ClassifierError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("residual"), reason)
        }
    }

    func testRealModelHeader() throws {
        let (header, layers) = try ModelFile.load(FixtureSupport.modelURL)
        XCTAssertEqual(header.inputSize, 224)
        XCTAssertEqual(header.classCount, 1000)
        XCTAssertEqual(header.mean[0], 127 / 255, accuracy: 1e-6)
        XCTAssertEqual(header.std[2], 128 / 255, accuracy: 1e-6)
        XCTAssertEqual(header.temperature, 1.0, accuracy: 0.5)
        XCTAssertEqual(layers.count, 51)
        XCTAssertEqual(layers.filter { $0.kind == .depthwise }.count, 16)  // one per MBConv block
        XCTAssertEqual(layers.filter { $0.flags.contains(.addSkip) }.count, 9)  // stride-1 blocks with equal channels
        XCTAssertEqual(layers.reduce(0) { $0 + $1.weights.count + $1.bias.count }, 4_631_000)
    }

    func testLocatorExplicitFolderAndEnvironment() throws {
        XCTAssertThrowsError(try ModelLocator.locate(folder: folder)) { error in
            XCTAssertEqual(error as? ClassifierError,
                           .modelFile(.notFound(model: "classifier model", files: "efficientnet_lite0.nlm", searched: [self.folder.appendingPathComponent(FoodClassifier.modelFileName).path])))
        }
        let models = FixtureSupport.modelURL.deletingLastPathComponent()
        XCTAssertEqual(try ModelLocator.locate(environment: [ModelLocator.environmentVariable: models.path]).path,
                       FixtureSupport.modelURL.standardizedFileURL.path)
        // Without hints the package checkout's models/ is found from the source tree.
        XCTAssertEqual(try ModelLocator.locate(environment: [:]).path, FixtureSupport.modelURL.standardizedFileURL.path)
    }

    func testMalformedClassList() throws {
        let url = folder.appendingPathComponent("classes.tsv")
        try "0\tcat\tnon-food\tother\n".write(to: url, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ClassList(contentsOf: url, count: 2)) { error in
            guard case .malformedClassList(let path, let reason)? = error as? ClassifierError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, url.path)
            XCTAssertTrue(reason.contains("class 1"), reason)
        }
        try "0\tbanana\tfruit\tother\n".write(to: url, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ClassList(contentsOf: url, count: 1))
    }

    func testSHA256KnownVectors() {
        func hex(_ s: String) -> String { Array(s.utf8).withUnsafeBytes { ModelFiles.sha256Hex($0) } }
        XCTAssertEqual(hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(hex(String(repeating: "a", count: 1000)),
                       "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}
