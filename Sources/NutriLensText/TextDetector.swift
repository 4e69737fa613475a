import Foundation
import NutriLensImaging

/// The text detector: a DBNet probability map from a PP-OCR detection model, then boxes.
///
/// Load once and share: `Sendable`, and concurrent calls are safe. One call uses one thread.
public final class TextDetector: Sendable {
    /// Input geometry, normalisation and post-processing settings from the model file.
    public let configuration: DetectorConfiguration
    /// The network, for reference tests and `nutrilens-bench textreader --stages-only` (per-node profile and
    /// stage times), which is why it and `TextNetwork` are public; the reader needs nothing else from it.
    public let network: TextNetwork

    /// Loads and validates a detection model (`.nlg`, checked against its `.sha256` sidecar).
    /// - Throws: `TextReaderError`: `.modelFile(ModelFileError)` (`fileUnreadable`, `truncated`, `checksumMismatch`,
    ///   `malformed`, ...) or `wrongTask`.
    /// `modelURL`: the detector's `.nlg` file (e.g. `models/ppocrv6_tiny_det.nlg`), its sidecar beside it.
    public convenience init(modelURL: URL) throws {
        try self.init(file: try GraphFile.load(modelURL))
    }

    /// Loads a detection model from bytes the caller has already verified (e.g. bundled in an app): the same checks
    /// as `init(modelURL:)` except the `.sha256` sidecar. `name` stands in for a path in errors.
    /// - Throws: `TextReaderError`.
    /// `modelData`: the `.nlg` file's bytes.
    public convenience init(modelData: Data, name: String = "<memory>") throws {
        try self.init(file: try GraphFile.parse(modelData, name: name))
    }

    init(file: GraphFile) throws {
        configuration = try DetectorConfiguration(file)
        let m = configuration.sizeMultiple
        network = try TextNetwork(file: file, probeShape: [1, 3, 2 * m, 3 * m])
        let out = try network.outputShape(forInput: [1, 3, 2 * m, 3 * m])
        guard out == [1, 1, 2 * m, 3 * m] else {
            throw TextReaderError.modelFile(.malformed(path: file.path, reason: "detector output \(out) is not a map of the input size"))
        }
    }

    /// Network input size for a `width` x `height` region at `longSide` (PaddleOCR's resize_long, multiples of 32).
    public func networkSize(width: Int, height: Int, longSide: Int) -> (width: Int, height: Int) {
        let s = DetectorInput.networkSize(height: height, width: width, longSide: longSide, multiple: configuration.sizeMultiple)
        return (s.width, s.height)
    }

    /// The text-probability map (0...1, row-major `width` x `height` at network size) of `region` (whole image when
    /// `nil`) resampled to the network size for `longSide`.
    /// - Throws: `TextReaderError.regionOutsideImage`, `.inputTooLarge`.
    public func probabilityMap(_ image: DecodedImage, region: PixelRect? = nil, longSide: Int) throws -> ProbabilityMap {
        let area = try Self.clip(region, image)
        let size = networkSize(width: area.width, height: area.height, longSide: longSide)
        return try withMap(image, region: area, size: size) { map in
            ProbabilityMap(width: size.width, height: size.height, values: Array(map))
        }
    }

    /// Boxes of `region` (whole image when `nil`) in image pixels, in PaddleOCR's reading order (top to bottom,
    /// left to right within 10 px).
    /// `splitsStackedLines`: boxes holding lines stacked a pixel or two apart are split into one box per line
    /// (`StackedLineSplitter`).
    func detect(_ image: DecodedImage, region: PixelRect?, longSide: Int, settings: DBPostProcessor,
                splitsStackedLines: Bool = false) throws -> [DetectedBox] {
        let area = try Self.clip(region, image)
        let size = networkSize(width: area.width, height: area.height, longSide: longSide)
        let boxes = try withMap(image, region: area, size: size) { map in
            Self.imageBoxes(map: map, mapWidth: size.width, mapHeight: size.height, region: area, settings: settings)
        }
        guard splitsStackedLines else { return boxes }
        let split = StackedLineSplitter.split(boxes, image: ImageSource(image, bgr: false))
        return split.count == boxes.count ? boxes : Self.readingOrder(split)
    }

    /// The boxes of a probability map (`mapWidth` x `mapHeight`, the network size) of `region` in the pixels of the
    /// whole image, in reading order: map coordinates scaled by the region's size over the map's (x and y apart, as
    /// the input was resampled), then moved by the region's origin. A region detected at its own scale therefore
    /// yields the boxes a detection of the whole image at that scale would give there.
    static func imageBoxes(map: UnsafeBufferPointer<Float>, mapWidth: Int, mapHeight: Int, region: PixelRect,
                           settings: DBPostProcessor) -> [DetectedBox] {
        let boxes = settings.boxes(map: map, mapWidth: mapWidth, mapHeight: mapHeight, sourceWidth: region.width,
                                   sourceHeight: region.height)
        let offset = SIMD2(Double(region.x), Double(region.y))
        return readingOrder(boxes.map { DetectedBox(corners: $0.corners.map { $0 + offset }, score: $0.score) })
    }

    /// The post-processing this model's configuration asks for.
    var defaultPostProcessor: DBPostProcessor {
        DBPostProcessor(threshold: configuration.threshold, boxThreshold: configuration.boxThreshold,
                        unclipRatio: configuration.unclipRatio, maxCandidates: configuration.maxCandidates)
    }

    private func withMap<R>(_ image: DecodedImage, region: PixelRect, size: (width: Int, height: Int),
                            _ body: (UnsafeBufferPointer<Float>) throws -> R) throws -> R {
        let plane = size.width * size.height
        guard 3 * plane <= TextNetwork.maxActivationFloats else {
            throw TextReaderError.inputTooLarge(width: size.width, height: size.height, limit: TextNetwork.maxActivationFloats)
        }
        let source = ImageSource(image, bgr: configuration.channelOrderBGR)
        return try network.run(shape: [1, 3, size.height, size.width], filling: { input in
            DetectorInput.tensor(source, region: region, height: size.height, width: size.width,
                                 normalization: configuration.normalization, into: input)
        }) { map, _ in try body(map) }
    }

    static func clip(_ region: PixelRect?, _ image: DecodedImage) throws -> PixelRect {
        guard let r = region else { return PixelRect(x: 0, y: 0, width: image.width, height: image.height) }
        let x0 = max(0, r.x), y0 = max(0, r.y), x1 = min(image.width, r.maxX), y1 = min(image.height, r.maxY)
        guard x1 > x0, y1 > y0 else {
            throw TextReaderError.regionOutsideImage(region: r, width: image.width, height: image.height)
        }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// PaddleOCR's `sorted_boxes`: by top-left corner (y, then x), then neighbours whose top-left y differ by
    /// less than 10 px swapped into left-to-right order.
    static func readingOrder(_ boxes: [DetectedBox]) -> [DetectedBox] {
        var b = boxes.sorted { ($0.corners[0].y, $0.corners[0].x) < ($1.corners[0].y, $1.corners[0].x) }
        guard b.count > 1 else { return b }
        for i in 0..<(b.count - 1) {
            var j = i
            while j >= 0 && abs(b[j + 1].corners[0].y - b[j].corners[0].y) < 10 && b[j + 1].corners[0].x < b[j].corners[0].x {
                b.swapAt(j, j + 1)
                j -= 1
            }
        }
        return b
    }
}

/// A detector probability map at network size: `values[y * width + x]` in 0...1.
public struct ProbabilityMap: Sendable, Equatable {
    /// Map width in pixels (the network input's, a multiple of 32).
    public let width: Int
    /// Map height in pixels.
    public let height: Int
    /// `width * height` probabilities, row-major.
    public let values: [Float]
}
