import Foundation
import NutriLensOCR

/// The OCR readers for the model lists ``LanguageRouting`` may pick besides the primary language alone (the whole
/// configured set `eng+deu+fra`, a label's own language first such as `deu+eng`), each created on the first read
/// that needs it and reused by every later one, from any thread.
///
/// Why lazily: every list is its own Tesseract engine with its own copy of each model (~0.2 s CPU and tens of MiB
/// per model), and most scans need none of them (on ../shared/corpus/labels 48 of 128 photos read the set at all),
/// so loading them at `NutriLensScanner` set-up would cost every scan's start-up time and memory for a few pages.
final class LanguageReaders: @unchecked Sendable {
    private let lock = NSLock()
    private var readers: [OCRLanguages: NutritionOCR] = [:]
    private var order: [OCRLanguages] = []
    private let make: @Sendable (OCRLanguages) throws -> NutritionOCR

    /// - Parameter make: creates the reader for a model list; called at most once per list (under a lock, so keep
    ///   it cheap: create pools without loading engines, `OCREnginePool(configuration:preload: false)`).
    init(make: @escaping @Sendable (OCRLanguages) throws -> NutritionOCR) {
        self.make = make
    }

    /// The reader for `languages` (order matters: `deu+eng` and `eng+deu` are two readers), created now if no read
    /// needed it before.
    /// - Throws: whatever `make` throws; nothing is kept then, so a later call tries again.
    func reader(for languages: OCRLanguages) throws -> NutritionOCR {
        lock.lock()
        defer { lock.unlock() }
        if let reader = readers[languages] { return reader }
        let reader = try make(languages)
        readers[languages] = reader
        order.append(languages)
        return reader
    }

    /// The model lists whose readers exist, in the order they were first needed.
    var created: [OCRLanguages] {
        lock.lock()
        defer { lock.unlock() }
        return order
    }
}
