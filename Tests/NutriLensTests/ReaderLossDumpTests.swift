import Foundation
import NutriLensImaging
import NutriLensLabel
import NutriLensOCR
import NutriLensTestSupport
import XCTest
@testable import NutriLens
@testable import NutriLensText

/// Dev-time measurement behind docs/history/session-19-readerloss.md: every box the neural reader's detector finds on
/// a photo, with its detection score and its reading (text and mean character confidence, kept or not by the 0.5
/// drop score), as JSON, so a lost number can be told apart as "no box", "box read under the drop score" or "box
/// misread". Runs only when `NUTRILENS_READERLOSS_OUT` names the folder to write `NAME.boxes.json` to;
/// `NUTRILENS_READERLOSS_PHOTOS` lists photo paths relative to `NUTRILENS_READERLOSS_ROOT` (default
/// `../shared/corpus/labels`), comma-separated. `NUTRILENS_READERLOSS_BOX` / `_BIN` / `_UNCLIP` / `_SIDE` override
/// the detector's box threshold, binarisation threshold, unclip ratio and long side (the reading's page turn stays the
/// scanner's).
final class ReaderLossDumpTests: XCTestCase {
    func testDumpEveryBox() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let output = environment["NUTRILENS_READERLOSS_OUT"],
              let list = environment["NUTRILENS_READERLOSS_PHOTOS"] else { throw XCTSkip("NUTRILENS_READERLOSS_OUT not set") }
        let root = try environment["NUTRILENS_READERLOSS_ROOT"].map { URL(fileURLWithPath: $0) }
            ?? PackagePaths.shared("corpus/labels")
        var configuration = ScannerConfiguration(stages: [.nutrition])
        configuration.ocrEngine = .neural
        let decoder = DecodeStage(configuration: configuration)
        let stage = try NeuralTextStage(configuration: configuration)
        for relative in list.split(separator: ",").map(String.init) {
            let (working, _) = try decoder.decode(.file(root.appendingPathComponent(relative)))
            let parser = NutritionParser()
            let best = try stage.read(working) { ReadingScore(grammarOf: $0, parser: parser) }.best
            var options = stage.options
            // An explicit side may enlarge the photo (the scanner never does).
            options.detectorLongSide = environment["NUTRILENS_READERLOSS_SIDE"].flatMap(Int.init)
                ?? min(stage.detectorLongSide, max(working.image.width, working.image.height))
            options.boxThreshold = environment["NUTRILENS_READERLOSS_BOX"].flatMap(Float.init)
            options.binarizationThreshold = environment["NUTRILENS_READERLOSS_BIN"].flatMap(Float.init)
            options.unclipRatio = environment["NUTRILENS_READERLOSS_UNCLIP"].flatMap(Float.init)
            let boxes = try stage.reader.detect(working.image, options: options)
            let texts = try stage.reader.recognizer.recognize(
                working.image, quads: boxes.map { NeuralTextStage.turned($0.quad, quarterTurns: best.quarterTurns) },
                detectionScores: boxes.map(\.score), padding: options.linePadding)
            let rows: [[String: Any]] = zip(boxes, texts).map { box, text in
                ["quad": box.quad.corners.flatMap { [$0.x, $0.y] }, "score": box.score, "text": text.text,
                 "confidence": text.confidence]
            }
            let object: [String: Any] = ["photo": relative, "width": working.image.width, "height": working.image.height,
                                         "quarterTurns": best.quarterTurns, "boxes": rows]
            let name = relative.replacingOccurrences(of: "/", with: "__")
            try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
                .write(to: URL(fileURLWithPath: output).appendingPathComponent(name + ".boxes.json"))
        }
    }
}
