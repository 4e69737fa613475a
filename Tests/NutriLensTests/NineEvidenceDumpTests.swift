import Foundation
import NutriLensTestSupport
import XCTest
@testable import NutriLens
@testable import NutriLensText

/// Dev-time measurement behind ``RecognizedCharacter/alternative`` (docs/history/session-13-nine.md):
/// every numeric token the neural reader ends with "9", with the recogniser's runner-up for that 9 and the photo's
/// sidecar values, as a TSV that `scripts/nine-evidence.py` splits into true 9s and g read as 9.
/// Runs only when `NUTRILENS_NINE_EVIDENCE` names the TSV to write; `NUTRILENS_NINE_PHOTOS` is the folder of photos
/// with JSON sidecars (default `../shared/corpus/labels`).
final class NineEvidenceDumpTests: XCTestCase {
    func testDumpTrailingNineEvidence() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let output = environment["NUTRILENS_NINE_EVIDENCE"] else { throw XCTSkip("NUTRILENS_NINE_EVIDENCE not set") }
        let folder = try environment["NUTRILENS_NINE_PHOTOS"].map { URL(fileURLWithPath: $0) }
            ?? PackagePaths.shared("corpus/labels")
        var configuration = ScannerConfiguration(stages: [.nutrition])
        configuration.ocrEngine = .neural
        let decoder = DecodeStage(configuration: configuration)
        let stage = try NeuralTextStage(configuration: configuration)
        let photos = (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { ["jpg", "jpeg", "png", "webp"].contains($0.pathExtension.lowercased()) }
            .filter { FileManager.default.fileExists(atPath: $0.deletingPathExtension().appendingPathExtension("json").path) }
            .sorted { $0.path < $1.path }
        let rows = Rows(count: photos.count)
        DispatchQueue.concurrentPerform(iterations: photos.count) { index in
            let photo = photos[index]
            guard let (working, _) = try? decoder.decode(.file(photo)) else { return }
            var options = stage.options
            options.detectorLongSide = min(NeuralTextStage.detectorLongSide, max(working.image.width, working.image.height))
            guard let segments = try? stage.reader.read(working.image, options: options) else { return }
            let values = Self.sidecarValues(photo.deletingPathExtension().appendingPathExtension("json"))
            let name = String(photo.path.dropFirst(folder.path.count + 1))
            var out: [String] = []
            for segment in segments where segment.confidence >= options.minimumConfidence {
                for token in RecognizedLines.tokens(segment.characters) {
                    guard token.count >= 2, let last = token.last, last.text == "9",
                          token[token.count - 2].text.first?.isNumber == true else { continue }
                    let text = token.map(\.text).joined()
                    out.append([name, text, segment.text, String(last.confidence), last.alternative?.text ?? "",
                                String(last.alternative?.confidence ?? 0), values].joined(separator: "\t"))
                }
            }
            rows.set(index, out)
        }
        let header = "photo\ttoken\tsegment\tnine_confidence\trunner_up\trunner_up_confidence\tsidecar_values"
        try ([header] + rows.all.flatMap { $0 }).joined(separator: "\n").appending("\n")
            .write(toFile: output, atomically: true, encoding: .utf8)
    }

    /// Each photo's rows, written from concurrent iterations under a lock.
    private final class Rows: @unchecked Sendable {
        private let lock = NSLock()
        private var rows: [[String]]
        init(count: Int) { rows = Array(repeating: [], count: count) }
        func set(_ index: Int, _ value: [String]) { lock.lock(); rows[index] = value; lock.unlock() }
        var all: [[String]] { lock.lock(); defer { lock.unlock() }; return rows }
    }

    /// Every number in the sidecar's `nutrition` object, comma-separated.
    private static func sidecarValues(_ url: URL) -> String {
        guard let data = try? Data(contentsOf: url), let object = try? JSONSerialization.jsonObject(with: data),
              let nutrition = (object as? [String: Any])?["nutrition"] else { return "" }
        var numbers: [String] = []
        func walk(_ value: Any) {
            if let dictionary = value as? [String: Any] { dictionary.values.forEach(walk) }
            else if let array = value as? [Any] { array.forEach(walk) }
            else if let number = value as? NSNumber, !(value is Bool) { numbers.append(number.stringValue) }
        }
        walk(nutrition)
        return numbers.joined(separator: ",")
    }
}
