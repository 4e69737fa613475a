import Foundation
import NutriLensImaging

/// Reads the text of an image: PP-OCR detection, then recognition of each box (shared/docs/text-reader.md,
/// docs/text.md).
///
/// ```swift
/// let reader = try TextReader()                                   // models/ppocrv6_tiny_{det,rec}.nlg
/// for line in try reader.read(.color(photo)) { print(line.text, line.confidence, line.quad) }
/// ```
/// Load once and share: `Sendable`; concurrent `read` calls are safe and each uses one thread (parallelism comes
/// from concurrent scans). Results are deterministic on a given machine.
public final class TextReader: Sendable {
    /// The detection model (boxes alone: `detect`; probability maps: `detector.probabilityMap`).
    public let detector: TextDetector
    /// The recognition model (single quads or line crops: `recognizer.recognize`).
    public let recognizer: TextRecognizer

    /// Loads `preset`'s models from `modelsFolder`, or from where `TextModelLocator` finds them.
    /// - Throws: `TextReaderError` (`modelNotFound`, or any loading error of either file).
    public convenience init(modelsFolder: URL? = nil, preset: TextModelPreset = .tiny) throws {
        let folder = try TextModelLocator.locate(preset: preset, folder: modelsFolder)
        try self.init(detectorURL: folder.appendingPathComponent(TextModelLocator.detectorFileName(preset)),
                      recognizerURL: folder.appendingPathComponent(TextModelLocator.recognizerFileName(preset)))
    }

    /// Loads a detection and a recognition model file (`.nlg` + `.sha256` sidecars). Throws `TextReaderError`.
    /// `detectorURL`, `recognizerURL`: the two `.nlg` files, each with its `.sha256` sidecar beside it.
    public convenience init(detectorURL: URL, recognizerURL: URL) throws {
        self.init(detector: try TextDetector(modelURL: detectorURL), recognizer: try TextRecognizer(modelURL: recognizerURL))
    }

    /// A reader from models already loaded (e.g. one detector shared by two recognisers).
    /// `detector` and `recognizer` are used as they are (both are immutable and `Sendable`, so sharing is safe).
    public init(detector: TextDetector, recognizer: TextRecognizer) {
        self.detector = detector
        self.recognizer = recognizer
    }

    /// The lines of `image` in reading order (top to bottom, left to right within 10 px), each with its
    /// quadrilateral in `image`'s pixels, text, confidences and character positions.
    /// - Throws: `TextReaderError.regionOutsideImage`, `.inputTooLarge` (detector side beyond the activation
    ///   bound), `.modelFile(.malformed)` only for models that cannot run at this size.
    public func read(_ image: DecodedImage, options: TextReadOptions = TextReadOptions()) throws -> [RecognizedText] {
        let source = ImageSource(image, bgr: recognizer.configuration.channelOrderBGR)
        let boxes = try detectBoxes(image, options: options).map { (corners: $0.corners, score: $0.score) }
        return try recognizer.recognize(source, lines: boxes, padding: options.linePadding)
            .filter { $0.confidence >= options.minimumConfidence }
    }

    /// `read(_:options:)` for a colour image (any `ColorLayout`; alpha ignored).
    public func read(_ image: RGBImage, options: TextReadOptions = TextReadOptions()) throws -> [RecognizedText] {
        try read(.color(image), options: options)
    }

    /// `read(_:options:)` for a grey image (its value feeds all three network channels).
    public func read(_ image: GrayImage, options: TextReadOptions = TextReadOptions()) throws -> [RecognizedText] {
        try read(.gray(image), options: options)
    }

    /// The detector's boxes alone (reading order), as quads in `image`'s pixels with their detection scores.
    public func detect(_ image: DecodedImage, options: TextReadOptions = TextReadOptions()) throws -> [(quad: TextQuad, score: Float)] {
        try detectBoxes(image, options: options).map { box in
            (TextQuad(topLeft: PixelPoint(x: box.corners[0].x, y: box.corners[0].y),
                      topRight: PixelPoint(x: box.corners[1].x, y: box.corners[1].y),
                      bottomRight: PixelPoint(x: box.corners[2].x, y: box.corners[2].y),
                      bottomLeft: PixelPoint(x: box.corners[3].x, y: box.corners[3].y)), box.score)
        }
    }

    func detectBoxes(_ image: DecodedImage, options: TextReadOptions) throws -> [DetectedBox] {
        let side = min(max(options.detectorLongSide, TextReadOptions.longSideRange.lowerBound), TextReadOptions.longSideRange.upperBound)
        var settings = detector.defaultPostProcessor
        if let t = options.binarizationThreshold { settings.threshold = min(max(t, 0), 1) }
        if let t = options.boxThreshold { settings.boxThreshold = min(max(t, 0), 1) }
        if let r = options.unclipRatio { settings.unclipRatio = min(max(r, 0), 10) }
        return try detector.detect(image, region: options.regionOfInterest, longSide: side, settings: settings,
                                   splitsStackedLines: options.splitsStackedLines)
    }
}
