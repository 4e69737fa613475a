import NutriLensImaging

/// The engine seam: what the reading loop (``ReadingSession``) needs from a text engine to read one page. Implemented
/// today by ``NutritionOCR`` (Tesseract); a second engine (the neural reader) implements it too, and the loop's rules
/// do not change.
///
/// A reader returns the page's words and lines with axis-aligned boxes in the pixels of the image it was given, their
/// confidences (0…1), the page's orientation, the located table region and the Tesseract-style passes it made
/// (``OCRPage``). An engine that finds quadrilaterals reports their bounding boxes.
public protocol OCRPageReader: Sendable {
    /// Short name of the models it reads with, for traces: `eng`, `eng+deu+fra`.
    var modelName: String { get }
    /// How many models a word may be recognised with: the cost measure of ``LaterReadingGate`` (Tesseract tries each
    /// further model on words the first is unsure of). 1 for an engine with one recogniser.
    var modelCount: Int { get }

    /// Reads `image` with `options` (segmentation, orientation and polarity hints, time budget). An image without
    /// text gives an empty page.
    /// - Throws: ``OCRError`` for an image the engine cannot take or an engine that cannot be loaded.
    func read(_ image: GrayImage, options: OCRReadOptions) throws -> OCRPage

    /// Reads each crop as one line of text: the second opinion on cells another engine located (``NutritionOCR/
    /// readCells(_:)``). `textHeight`: the text's height in the crop, pixels.
    /// - Throws: ``OCRError`` when an engine cannot be loaded.
    func readCells(_ cells: [(image: GrayImage, textHeight: Double)]) throws -> [OCRCellText]
}

/// The readers one scan may use: the primary one, which makes every reading, and the readers of other model lists the
/// language routing may switch to (``OCRStrategy/LanguageRouting``). An engine without language models returns `nil`
/// from ``reader(for:)``, and routing then never switches.
public protocol OCRPageReaders: Sendable {
    /// The configured model names, primary first (`["eng", "deu", "fra"]`); routing picks lists from them.
    var languageCodes: [String] { get }
    /// The reader every reading starts with.
    var primary: any OCRPageReader { get }
    /// The reader of `codes` (configured model names in load order), created on first use; `nil` when this engine
    /// has no reader for other lists.
    /// - Throws: ``OCRError`` when the list cannot be loaded.
    func reader(for codes: [String]) throws -> (any OCRPageReader)?
}

extension NutritionOCR: OCRPageReader {
    /// The pool's models as Tesseract names them, `+`-joined (`eng`, `eng+deu+fra`).
    public var modelName: String { pool.configuration.languages.description }
    /// How many models the pool's engines load (Tesseract tries each further one on words the first is unsure of).
    public var modelCount: Int { pool.configuration.languages.codes.count }
}
