import Foundation
import NutriLensFuzzTargets
import NutriLensImaging
import NutriLensText
import XCTest

/// The `.nlg` loader on truncated, corrupted and crafted files: every case ends in a typed `TextReaderError`,
/// never a trap or a huge allocation (docs/reliability.md, docs/text.md "Model file").
final class TextModelLoaderTests: XCTestCase {
    typealias Node = TinyTextModel.Node

    func loadDetector(_ data: Data) -> TextReaderError? {
        do { _ = try TextDetector(modelData: data); return nil } catch { return error as? TextReaderError }
    }

    func loadRecognizer(_ data: Data) -> TextReaderError? {
        do { _ = try TextRecognizer(modelData: data); return nil } catch { return error as? TextReaderError }
    }

    func testTinyModelsLoadAndRead() throws {
        let reader = TextReader(detector: try TextDetector(modelData: TinyTextModel.detector()),
                                recognizer: try TextRecognizer(modelData: TinyTextModel.recognizer()))
        XCTAssertEqual(reader.detector.configuration.boxThreshold, 0.5)
        XCTAssertEqual(reader.recognizer.configuration.labels, ["", "a", "b", "1"])
        _ = try reader.read(GrayImage(width: 40, height: 30, fill: 128))
        let line = try reader.recognizer.recognize(line: .gray(GrayImage(width: 64, height: 16, fill: 10)))
        XCTAssertEqual(line.characters.map(\.text).joined(), line.text)
    }

    /// Every prefix of a valid file: `truncated` with `needed > actual` (or `badMagic` before the magic is complete).
    func testEveryTruncationIsReported() {
        for data in [TinyTextModel.detector(), TinyTextModel.recognizer()] {
            for length in 0..<data.count {
                switch loadDetector(data.prefix(length)) {
                case .modelFile(.truncated(_, let needed, let actual))?:
                    XCTAssertEqual(actual, length)
                    XCTAssertGreaterThan(needed, actual)
                case .modelFile(.badMagic)?: XCTAssertLessThan(length, 8)
                default: XCTFail("prefix \(length): \(String(describing: loadDetector(data.prefix(length))))")
                }
            }
        }
    }

    /// Every single-byte corruption of both tiny models loads or fails with a typed error (no trap); loaded ones
    /// still read an image.
    func testByteCorruptionsNeverTrap() throws {
        for data in [TinyTextModel.detector(), TinyTextModel.recognizer()] {
            for offset in 0..<data.count {
                for value: UInt8 in [0xFF, 0x00] {
                    var bad = data
                    bad[offset] = value
                    XCTAssertNoThrow(try FuzzTarget.named("text-model")!.run(bad), "offset \(offset) value \(value)")
                }
            }
        }
    }

    /// Crafted records that pass the structure checks but describe impossible graphs.
    func testCraftedGraphsAreRejected() {
        var nodes = TinyTextModel.detectorNodes
        nodes[0].op = 99
        XCTAssertTrue(loadDetector(TinyTextModel.detector(nodes: nodes))?.description.contains("unknown op code 99") == true)
        nodes = TinyTextModel.detectorNodes
        nodes[3].tensors = [[4, 5, 1, 1], [4]]  // gate conv expects 5 input channels, gets 4
        XCTAssertTrue(loadDetector(TinyTextModel.detector(nodes: nodes))?.description.contains("conv expects [1, 5") == true)
        nodes = TinyTextModel.detectorNodes
        nodes[4].inputs = [2, 7]  // reads value 7 before node 7 computes it
        XCTAssertTrue(loadDetector(TinyTextModel.detector(nodes: nodes))?.description.contains("before it is computed") == true)
        nodes = TinyTextModel.detectorNodes
        nodes[0].ints[0] = Int32.max  // kernel size 2^31 - 1: bounded before any multiplication
        XCTAssertTrue(loadDetector(TinyTextModel.detector(nodes: nodes))?.description.contains("out of range") == true)
        nodes = TinyTextModel.detectorNodes
        nodes[5].ints = [16, 16]  // map 8x the input: the detector's output must be input-sized
        XCTAssertTrue(loadDetector(TinyTextModel.detector(nodes: nodes))?.description.contains("not a map of the input size") == true)
        var rec = TinyTextModel.recognizerNodes
        rec[2].ints = [1, 5, -1]  // reshape 4 x T into 5 x ?
        XCTAssertTrue(loadRecognizer(TinyTextModel.recognizer(nodes: rec))?.description.contains("reshape") == true)
        XCTAssertEqual(loadRecognizer(TinyTextModel.detector()), .wrongTask(path: "<memory>", expected: "text-recognition",
                                                                             found: "text-detection"))
        var meta = TinyTextModel.recognizerMetadata
        meta[8] = ("ctc-labels", ["", "a"])  // 2 labels for a 4-class output
        XCTAssertTrue(loadRecognizer(TinyTextModel.encode(meta, TinyTextModel.recognizerNodes))?.description.contains("labels") == true)
    }

    /// Counts and dimensions far beyond the file's size are refused before anything is allocated.
    func testHugeClaimsAreBoundedByTheFileSize() {
        var header = Data("NLGRAPH".utf8) + [0]
        for v: UInt32 in [1, 0, 1, 2, 1, 1] { withUnsafeBytes(of: v.littleEndian) { header.append(contentsOf: $0) } }
        var tensor = header
        for v: UInt32 in [2, 1 << 24, 1 << 24] { withUnsafeBytes(of: v.littleEndian) { tensor.append(contentsOf: $0) } }
        guard case .modelFile(.truncated(_, let needed, let actual))? = loadDetector(tensor) else { return XCTFail("huge tensor accepted") }
        XCTAssertGreaterThan(needed, actual)
        var counts = Data("NLGRAPH".utf8) + [0]
        for v: UInt32 in [1, 0, 4096, 65_536, 4096, 1] { withUnsafeBytes(of: v.littleEndian) { counts.append(contentsOf: $0) } }
        guard case .modelFile(.truncated)? = loadDetector(counts) else { return XCTFail("\(String(describing: loadDetector(counts)))") }
        var version = header
        version.replaceSubrange(8..<12, with: [9, 0, 0, 0])
        XCTAssertEqual(loadDetector(version), .modelFile(.unsupportedVersion(path: "<memory>", format: "graph format", found: 9, supported: 1)))
    }

    /// Inputs whose activations would exceed the runtime's bounds are refused with `inputTooLarge`.
    func testOversizedInputIsRefused() throws {
        let detector = try TextDetector(modelData: TinyTextModel.detector())
        XCTAssertThrowsError(try detector.network.outputShape(forInput: [1, 3, 8192, 8192])) { error in
            guard case TextReaderError.inputTooLarge(8192, 8192, _)? = error as? TextReaderError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try detector.network.run(input: [0, 0], shape: [1, 3, 32, 32])) { error in
            guard case TextReaderError.invalidInput? = error as? TextReaderError else { return XCTFail("\(error)") }
        }
        // PP-OCRv6's pyramid adds upsampled maps to finer ones: a side that is not a multiple of 32 cannot run.
        let folder = try TextModelLocator.locate()
        let real = try TextDetector(modelURL: folder.appendingPathComponent(TextModelLocator.detectorFileName(.tiny)))
        XCTAssertEqual(try real.network.outputShape(forInput: [1, 3, 64, 96]), [1, 1, 64, 96])
        XCTAssertThrowsError(try real.network.outputShape(forInput: [1, 3, 40, 40])) { error in
            guard case TextReaderError.invalidInput(let reason)? = error as? TextReaderError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("broadcast"), reason)
        }
    }

    /// Files on disk: a missing sidecar, a changed byte, a truncated copy and a missing file, each with its error.
    func testFilesOnDisk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nlg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("tiny.nlg")
        let data = TinyTextModel.detector()
        try data.write(to: url)
        XCTAssertThrowsError(try TextDetector(modelURL: url)) { error in
            XCTAssertEqual(error as? TextReaderError, .modelFile(.checksumFileInvalid(path: url.path + ".sha256")))
        }
        try "\(String(repeating: "0", count: 64))  tiny.nlg\n".write(to: url.appendingPathExtension("sha256"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try TextDetector(modelURL: url)) { error in
            guard case .modelFile(.checksumMismatch(_, let expected, _))? = error as? TextReaderError else { return XCTFail("\(error)") }
            XCTAssertEqual(expected, String(repeating: "0", count: 64))
        }
        try data.prefix(data.count - 3).write(to: url)
        XCTAssertThrowsError(try TextDetector(modelURL: url)) { error in
            guard case .modelFile(.truncated)? = error as? TextReaderError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try TextDetector(modelURL: folder.appendingPathComponent("missing.nlg"))) { error in
            guard case .modelFile(.fileUnreadable)? = error as? TextReaderError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try TextModelLocator.locate(folder: folder)) { error in
            guard case .modelFile(.notFound(_, _, let searched))? = error as? TextReaderError else { return XCTFail("\(error)") }
            XCTAssertEqual(searched, [folder.appendingPathComponent("ppocrv6_tiny_det.nlg").standardizedFileURL.path])
        }
        XCTAssertThrowsError(try TextModelLocator.locate(environment: ["NUTRILENS_MODELS": folder.path])) { error in
            guard case .modelFile(.notFound(_, _, let searched))? = error as? TextReaderError else { return XCTFail("\(error)") }
            XCTAssertEqual(searched.count, 1)
        }
    }
}
