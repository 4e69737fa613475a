import Foundation
import NutriLensImaging

/// EfficientNet-Lite0 (ImageNet-1k) in pure Swift, with a food head on top.
///
/// Load once (`init` reads and checks ~9 MB, ~50 ms release) and share: the type is immutable and `Sendable`;
/// concurrent `classify` calls each use their own scratch memory (~15 MB while running).
public final class FoodClassifier: Sendable {
    /// File name of the weights inside a models folder.
    public static let modelFileName = "efficientnet_lite0.nlm"
    /// File name of the class list inside a models folder.
    public static let classListFileName = "imagenet_classes.tsv"

    let network: Network
    let classes: ClassList
    let preprocessor: Preprocessor
    /// Food head tunables.
    public let configuration: FoodHeadConfiguration
    /// Header of the loaded model (input size, normalisation, temperature).
    public var header: ModelHeader { network.header }

    /// Loads `modelURL` (a `.nlm` file with its `.sha256` sidecar) and the class list `imagenet_classes.tsv`
    /// from the same folder unless `classListURL` is given.
    /// - Throws: `ClassifierError` naming the file: `.modelFile(ModelFileError)` (`fileUnreadable`, `truncated`,
    ///   `badMagic`, `unsupportedVersion`, `malformed`, `checksumFileInvalid`, `checksumMismatch`) or
    ///   `malformedClassList`.
    /// - Parameter configuration: the food head's tunables (defaults chosen on the shared food corpus).
    public init(modelURL: URL, classListURL: URL? = nil, configuration: FoodHeadConfiguration = FoodHeadConfiguration()) throws {
        let (header, layers) = try ModelFile.load(modelURL)
        network = Network(header: header, layers: layers)
        let listURL = classListURL ?? modelURL.deletingLastPathComponent().appendingPathComponent(Self.classListFileName)
        classes = try ClassList(contentsOf: listURL, count: header.classCount)
        preprocessor = Preprocessor(size: header.inputSize, mean: header.mean, std: header.std)
        self.configuration = configuration
    }

    /// Loads the model found by `ModelLocator.locate()` (explicit folder, `NUTRILENS_MODELS`, or `models/` beside
    /// the package/executable). Throws `ClassifierError.modelNotFound` listing the places searched.
    /// - Parameter configuration: the food head's tunables (defaults chosen on the shared food corpus).
    public convenience init(configuration: FoodHeadConfiguration = FoodHeadConfiguration()) throws {
        try self.init(modelURL: try ModelLocator.locate(), configuration: configuration)
    }

    /// Raw logits (before temperature) of the network on `crop` of `image` resampled to the input size;
    /// `classCount` values. A nil crop means the whole image (aspect ratio not preserved).
    public func logits(_ image: RGBImage, crop: PixelRect? = nil) -> [Float] {
        let workspace = network.makeWorkspace()
        return logits(image, crop: crop ?? PixelRect(x: 0, y: 0, width: image.width, height: image.height), workspace: workspace)
    }

    /// Logits for an already normalised `inputSize * inputSize * 3` HWC tensor: for tests against the reference and
    /// `nutrilens-bench classifier`'s network-only time, which is why it is public.
    public func logits(normalizedInput: [Float]) -> [Float] {
        precondition(normalizedInput.count == header.inputSize * header.inputSize * 3, "input tensor size")
        let workspace = network.makeWorkspace()
        return normalizedInput.withUnsafeBufferPointer { network.logits(input: $0.baseAddress!, workspace: workspace) }
    }

    func logits(_ image: RGBImage, crop: PixelRect, workspace: Network.Workspace) -> [Float] {
        let count = header.inputSize * header.inputSize * 3
        let input = UnsafeMutablePointer<Float>.allocate(capacity: count)
        defer { input.deallocate() }
        preprocessor.tensor(from: image, crop: crop, into: input)
        return network.logits(input: input, workspace: workspace)
    }

    /// Calibrated class probabilities: softmax of logits / temperature. Values 0...1 summing to 1.
    public func probabilities(fromLogits logits: [Float]) -> [Double] {
        Self.softmax(logits, temperature: Double(header.temperature))
    }

    /// softmax(logits / temperature), computed in Double after subtracting the largest logit (no overflow).
    static func softmax(_ logits: [Float], temperature t: Double) -> [Double] {
        let top = Double(logits.max() ?? 0)
        let e = logits.map { exp((Double($0) - top) / t) }
        let sum = e.reduce(0, +)
        return e.map { $0 / sum }
    }

    /// The crops classified for an image of this size: full image, centre square (87.5 % of the short side, the
    /// usual ImageNet evaluation crop), then four corner crops of `cornerCropFraction` of each side.
    public func crops(width: Int, height: Int) -> [PixelRect] {
        var out = [PixelRect(x: 0, y: 0, width: width, height: height)]
        guard configuration.multiCrop else { return out }
        let side = max(1, Int(Double(min(width, height)) * 0.875))
        out.append(PixelRect(x: (width - side) / 2, y: (height - side) / 2, width: side, height: side))
        let cw = max(1, Int(Double(width) * configuration.cornerCropFraction))
        let ch = max(1, Int(Double(height) * configuration.cornerCropFraction))
        for y in [0, height - ch] {
            for x in [0, width - cw] { out.append(PixelRect(x: x, y: y, width: cw, height: ch)) }
        }
        return out
    }

    /// Classifies the photo: runs the full and centre crops, then the corner crops when the photo looks like food
    /// (`cornerCropMinFoodness`), and merges per class keeping the highest (corner-weighted) score.
    public func classify(_ image: RGBImage) -> FoodClassification {
        FoodHead(classes: classes, configuration: configuration)
            .merge(cropProbabilities: cropLogits(image).map(probabilities(fromLogits:)))
    }

    /// Logits of the crops `classify` runs, in `crops(width:height:)` order: the corner crops only when the full or
    /// centre crop reaches `cornerCropMinFoodness`. Kept separate so evaluation can re-run the head (other
    /// temperatures, exponents) without re-running the network.
    func cropLogits(_ image: RGBImage) -> [[Float]] {
        let workspace = network.makeWorkspace()
        let head = FoodHead(classes: classes, configuration: configuration)
        var perCrop: [[Float]] = []
        for (i, rect) in crops(width: image.width, height: image.height).enumerated() {
            if i == 2 && perCrop.map({ head.foodness(probabilities(fromLogits: $0)) }).max()! < configuration.cornerCropMinFoodness {
                break
            }
            perCrop.append(logits(image, crop: rect, workspace: workspace))
        }
        return perCrop
    }

    /// `classify` for a decoded photo; a grey photo is classified as R = G = B (the network was trained on colour,
    /// so expect lower confidence).
    public func classify(_ image: DecodedImage) -> FoodClassification {
        switch image {
        case .color(let rgb): return classify(rgb)
        case .gray(let gray): return classify(Self.rgb(fromGray: gray))
        }
    }

    static func rgb(fromGray g: GrayImage) -> RGBImage {
        var px = [UInt8](repeating: 0, count: g.width * g.height * 3)
        for y in 0..<g.height {
            for x in 0..<g.width {
                let v = g.pixels[y * g.stride + x], o = (y * g.width + x) * 3
                px[o] = v; px[o + 1] = v; px[o + 2] = v
            }
        }
        return RGBImage(width: g.width, height: g.height, layout: .rgb, pixels: px)
    }
}
