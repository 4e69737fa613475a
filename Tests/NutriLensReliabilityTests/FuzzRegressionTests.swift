import Foundation
import NutriLensClassifier
import NutriLensFuzzTargets
import NutriLensLabel
import XCTest

/// Replays every committed fuzz finding (Fixtures/<target>/*) and the built-in seeds through the same
/// `FuzzTarget.run` the libFuzzer build calls: each must end in a typed error or a self-consistent result.
final class FuzzRegressionTests: XCTestCase {
    static let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")

    func files(for target: FuzzTarget) -> [URL] {
        let folder = Self.fixtures.appendingPathComponent(target.name)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
    }

    func testTargetsAreNamedUniquely() {
        XCTAssertEqual(Set(FuzzTarget.all.map(\.name)).count, FuzzTarget.all.count)
        XCTAssertEqual(FuzzTarget.all.map(\.name), ["image", "heif", "webp", "label-text", "label-words", "model", "ground-truth",
                                                   "text-model"])
    }

    func testCommittedFindingsReplayCleanly() throws {
        var replayed = 0
        for target in FuzzTarget.all {
            for (url, error) in ReplayCorpus.replay(target, files: files(for: target)) {
                replayed += 1
                XCTAssertNil(error, "\(target.name)/\(url.lastPathComponent): \(error.map { "\($0)" } ?? "")")
            }
        }
        XCTAssertGreaterThan(replayed, 0, "no regression fixtures found under \(Self.fixtures.path)")
    }

    func testBuiltInSeedsReplayCleanly() throws {
        for target in FuzzTarget.all {
            for (name, data) in BuiltInSeeds.seeds(for: target.name) {
                XCTAssertNoThrow(try target.run(data), "\(target.name) seed \(name)")
            }
        }
    }

    /// The tiny model seed must be structurally valid, or the model fuzzer only ever explores the first error path:
    /// a valid structure gets as far as the checksum sidecar, which it lacks.
    func testTinyModelSeedParsesUpToTheChecksum() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tiny-\(UUID().uuidString).nlm")
        try TinyModel.bytes().write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertThrowsError(try FoodClassifier(modelURL: url, classListURL: url)) { error in
            XCTAssertEqual(error as? ClassifierError, .modelFile(.checksumFileInvalid(path: url.path + ".sha256")))
        }
        // One byte short: the reader must say how many bytes it needed, not trap.
        try TinyModel.bytes().dropLast().write(to: url)
        XCTAssertThrowsError(try FoodClassifier(modelURL: url, classListURL: url)) { error in
            guard case .modelFile(.truncated(_, let needed, let actual))? = error as? ClassifierError else { return XCTFail("\(error)") }
            XCTAssertEqual(actual, TinyModel.bytes().count - 1)
            XCTAssertEqual(needed, TinyModel.bytes().count)
        }
    }

    func testWordListEncodingRoundTrips() {
        let data = LabelWordsFuzz.encode([[(text: "Fat", x: 40, y: 80, w: 72, h: 28), (text: "3,2 g", x: 400, y: 80, w: 120, h: 28)],
                                          [(text: "Salt", x: 40, y: 120, w: 96, h: 28)]])
        let lines = LabelWordsFuzz.lines(from: data)
        XCTAssertEqual(lines.map(\.text), ["Fat 3,2 g", "Salt"])
        XCTAssertEqual(lines[0].words[1].box, .init(x: 400, y: 80, width: 120, height: 28))
    }
}
