import NutriLensLabel
import NutriLensOCR

/// Receives what a scan did besides its result, for measuring and debugging: the library writes nothing to stderr
/// and reads no switch from the environment, so a caller that wants to see inside a scan installs one
/// (`NutriLensScanner(configuration:observer:)`; the CLI's `--trace FILE` and `--dump-lines DIR` are two).
///
/// Called on the scanning thread (several at once in a batch), once per event, before the scan returns; keep it cheap
/// and thread-safe.
public protocol ScanObserver: Sendable {
    /// `event` happened while scanning the input named `path` (`ScanResult.path`).
    func scan(_ path: String?, observed event: ScanEvent)
}

/// What a ``ScanObserver`` is told.
public enum ScanEvent: Sendable {
    /// How OCR read the photo: every reading made (its Tesseract passes, their thread CPU and words, the grammar's
    /// score) and every later reading the gate skipped. `OCRReadingTrace.line` is its one-line form.
    case textRead(OCRReadingTrace)
    /// The lines the label grammar parsed (boxes on the page as read upright), as `NutritionParser.parse(lines:)` got
    /// them: JSON-encodable, so the grammar can be iterated on from text alone. With
    /// ``ScannerConfiguration/textBoxes`` `.tableBand` these are the boxes read, not the whole page (the reading's
    /// name in ``textRead`` then says "band READ/DETECTED").
    case linesParsed([TextLine])
    /// With `--ocr-engine both` (`.both`), after ``linesParsed(_:)`` when cells were re-read: the second reading the
    /// grammar compared them with (the other engine's text of each re-read cell on the parsed lines) and the keys of
    /// the fields it is evidence for, as `NutritionParser.parse(lines:secondReading:keys:)` got them.
    case secondReadingParsed([TextLine], keys: Set<String>)
}
