import Foundation
import NutriLensImaging
import NutriLensOCR

/// Per-scan account of the OCR stage's Tesseract calls, written to stderr (one line per scan) when the environment
/// variable `NUTRILENS_OCR_TRACE` is set, for measuring which readings make a photo slow:
///
///     ocr-trace 1234x987 cpu=812ms reads=2 fields=9 convincing=0 | psm11 eng+deu+fra: page/11 540ms 212w, table/11 120ms 40w => 8f 1c 6.90 | psm3 ...
///
/// (`=>` keys parsed, failed checks, ``LabelReadingScore`` value of that reading.) Later readings the
/// ``LaterReadingGate`` did not start are listed in the head as `gated=psm11/eng+deu+fra~730,…` (predicted work in
/// first-reading words), so that scripts splitting at ` | ` see only readings that ran.
///
/// `cpu` is the OCR stage's thread CPU time (recognition plus survey, scaling and parsing the hypotheses).
struct OCRStageTrace {
    static let isEnabled = ProcessInfo.processInfo.environment["NUTRILENS_OCR_TRACE"] != nil

    private let startCPU = ThreadCPUClock.now()
    private var reads: [String] = []
    private var gated: [String] = []

    /// Records one reading: which hypothesis, with which models, and its passes.
    mutating func add(_ hypothesis: String, languages: String, passes: [OCRPass], score: LabelReadingScore) {
        let p = passes.map {
            "\($0.kind.rawValue)/\($0.pageSegmentationMode) \(Int(($0.cpuSeconds * 1000).rounded()))ms \($0.words)w"
        }
        reads.append("\(hypothesis) \(languages): " + p.joined(separator: ", ")
                     + " => \(score.fields)f \(score.findings)c \(String(format: "%.2f", score.value))")
    }

    /// Records a later reading ``LaterReadingGate`` did not start, with its predicted work in first-reading words.
    mutating func gate(_ hypothesis: String, languages: String, predicted: Double) {
        gated.append("\(hypothesis.replacingOccurrences(of: " ", with: "_"))/\(languages)~\(Int(predicted.rounded()))")
    }

    /// `eng+deu`.
    static func languages(of ocr: NutritionOCR) -> String { ocr.pool.configuration.languages.description }

    /// Writes the line for a scan of a `width`×`height` image whose best reading scored `best`.
    func emit(width: Int, height: Int, best: LabelReadingScore) {
        let cpu = Int(((ThreadCPUClock.now() - startCPU) * 1000).rounded())
        let line = "ocr-trace \(width)x\(height) cpu=\(cpu)ms reads=\(reads.count) fields=\(best.fields) "
            + "convincing=\(best.isConvincing ? 1 : 0)" + (gated.isEmpty ? "" : " gated=" + gated.joined(separator: ","))
            + " | " + reads.joined(separator: " | ") + "\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
