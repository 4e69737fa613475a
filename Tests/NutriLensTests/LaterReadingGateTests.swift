import Foundation
import NutriLensLabel
@testable import NutriLensOCR
import XCTest
@testable import NutriLens

/// Which later readings of a photo start (`LaterReadingGate`, docs/ocr.md "Session 8"): their work predicted from the
/// first reading's words, against a per-photo limit, and the failed-check evidence that lets a set reading through.
final class LaterReadingGateTests: XCTestCase {
    private let sparse = OCRStrategy.Reading.sparse
    private let auto = OCRStrategy.Reading.automaticLayout
    private let levelled = OCRStrategy.Reading.levelledSparse

    private func pass(_ kind: OCRPass.Kind, words: Int) -> OCRPass {
        OCRPass(kind: kind, pageSegmentationMode: 11, width: 1200, height: 1600, words: words, cpuSeconds: 0.5)
    }

    /// The work measure counts every recognition pass and neither the polarity check (its "words" are light
    /// glyphs) nor OSD.
    func testWordsCountRecognitionPassesOnly() {
        let passes = [pass(.polarity, words: 126), pass(.orientation, words: 0), pass(.page, words: 212),
                      pass(.table, words: 40), pass(.tableCleaned, words: 25), pass(.pageRescaled, words: 7)]
        XCTAssertEqual(LaterReadingGate.words(of: passes), 284)
        XCTAssertEqual(LaterReadingGate.words(of: [pass(.polarity, words: 30)]), 0)
    }

    /// The calibrated factors: PSM 11 as photographed = one first reading, a levelled page or PSM 3 half of one,
    /// each further model +0.375 (the set of three: 1.75).
    func testWorkFactorsPerWayOfReadingAndModelCount() {
        XCTAssertEqual(LaterReadingGate.workFactor(of: sparse, models: 1), 1.0)
        XCTAssertEqual(LaterReadingGate.workFactor(of: auto, models: 1), 0.5)
        XCTAssertEqual(LaterReadingGate.workFactor(of: levelled, models: 1), 0.5)
        XCTAssertEqual(LaterReadingGate.workFactor(of: sparse, models: 3), 1.75)
        XCTAssertEqual(LaterReadingGate.workFactor(of: auto, models: 3), 0.875)
        XCTAssertEqual(LaterReadingGate.workFactor(of: sparse, models: 2), 1.375)
    }

    /// A busy page (main's trace: `20251114_101253`, 361 first-reading words, 6 keys / 1 failed check): PSM 3 with
    /// `eng` fits the default 800 (361 + 180.5), the set's final reading (+ 631.75) does not; on a page of 100
    /// words every reading fits.
    func testTheLimitKeepsCheapReadingsAndSkipsTheSetReadingOfABusyPage() {
        let gate = LaterReadingGate(workLimit: 800)
        let busy = 361.0
        let psm3 = busy * LaterReadingGate.workFactor(of: auto, models: 1)
        XCTAssertTrue(gate.allows(predicted: psm3, spent: busy, models: 1, firstFindings: 1))
        let set = busy * LaterReadingGate.workFactor(of: sparse, models: 3)
        XCTAssertFalse(gate.allows(predicted: set, spent: busy + psm3, models: 3, firstFindings: 1))
        // Without the PSM 3 reading before it, the set reading alone (361 + 631.75) is still over.
        XCTAssertFalse(gate.allows(predicted: set, spent: busy, models: 3, firstFindings: 0))
        let small = 100.0
        XCTAssertTrue(gate.allows(predicted: small * 1.75, spent: small + small * 0.5 + small * 0.5, models: 3,
                                  firstFindings: 0))
    }

    func testTheLimitItselfIsAllowedAndOneWordMoreIsNot() {
        let gate = LaterReadingGate(workLimit: 800)
        XCTAssertTrue(gate.allows(predicted: 300, spent: 500, models: 1, firstFindings: 0))
        XCTAssertFalse(gate.allows(predicted: 301, spent: 500, models: 1, firstFindings: 0))
    }

    /// Two failed checks in the first reading let a reading with further models through whatever its work
    /// (`20251114_100211`: 549 words, 8 keys / 3 failed; the set read 8 / 2 and one more correct value); one does
    /// not, and the evidence never lets a primary-language reading through.
    func testFailedChecksLetTheFurtherModelsReadABusyPage() {
        let gate = LaterReadingGate(workLimit: 800)
        let words = 549.0
        let set = words * LaterReadingGate.workFactor(of: sparse, models: 3)
        XCTAssertTrue(gate.allows(predicted: set, spent: words, models: 3, firstFindings: 3))
        XCTAssertTrue(gate.allows(predicted: set, spent: words, models: 3, firstFindings: 2))
        XCTAssertTrue(gate.allows(predicted: set, spent: words, models: 2, firstFindings: 5))
        XCTAssertFalse(gate.allows(predicted: set, spent: words, models: 3, firstFindings: 1))
        XCTAssertFalse(gate.allows(predicted: words, spent: words, models: 1, firstFindings: 9))
    }
}

/// The gate in the OCR stage on a real label: TestImages `eu_fr_table.jpg` (a rendered French table). `eng` reads it
/// first (131 words, 18 keys, no failed check); the French row names route it to the set, whose reading (predicted
/// 131 × 1.75) did not win in main's trace. With a limit of 200 words that reading is skipped — the set's engines
/// are never loaded — and every truth value still parses; with the gate off the set reads the page.
final class LaterReadingGateScanTests: XCTestCase {
    private func read(gate: LaterReadingGate?) throws -> (table: NutritionTable, setEngines: Int?, trace: OCRReadingTrace) {
        var configuration = ScannerConfiguration(stages: [.nutrition], ocrEngine: .tesseract)
        configuration.ocrTimeBudget = nil  // debug builds on a busy CI are slow; the gate, not the budget, is tested
        configuration.ocr.laterReadingGate = gate
        let stage = try OCRStage(configuration: configuration)
        let url = TestPaths.testImages.appendingPathComponent("eu_fr_table.jpg")
        let (working, _) = try DecodeStage(configuration: configuration).decode(.file(url))
        let read = try stage.recognize(working)
        XCTAssertNil(read.warning)
        let table = try XCTUnwrap(try NutritionParser().parse(lines: read.lines))
        let readers = try XCTUnwrap(stage.readers as? TesseractReaders)
        let set = try readers.created.first.map { try readers.reader(for: $0.codes) as? NutritionOCR }
        return (table, set??.pool.loadedEngineCount, read.trace)
    }

    func testTheSetReadingIsSkippedOverTheLimitAndTheFieldsAreKept() throws {
        let expected = try TestPaths.truthNutriments(
            of: TestPaths.testImages.appendingPathComponent("eu_fr_table.jpg"))
        XCTAssertEqual(expected.count, 18)

        let gated = try read(gate: LaterReadingGate(workLimit: 200))
        XCTAssertEqual(gated.setEngines ?? 0, 0, "the set's reading was skipped: no engine of it loaded")
        XCTAssertEqual(gated.trace.gated.map(\.models), ["eng+deu+fra"])
        for (key, value) in expected { XCTAssertEqual(gated.table.nutriments[key], value, key) }

        let open = try read(gate: nil)
        XCTAssertEqual(open.trace.gated.count, 0)
        XCTAssertEqual(open.setEngines, 1, "without the gate the set reads the French page")
        XCTAssertEqual(open.table.nutriments, gated.table.nutriments, "the set's reading did not change a value")
    }
}
