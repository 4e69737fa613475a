import Foundation

/// One fuzzed entry point: a name (`scripts/fuzz.sh` and `NUTRILENS_FUZZ_TARGET` use it) and a function that feeds
/// arbitrary bytes to a public NutriLens API.
///
/// `run` returns normally when the API either succeeded with a self-consistent result or threw its module's typed
/// error; it throws `InvariantViolation` when a result is inconsistent (the libFuzzer driver turns that into a crash
/// so the input is saved; the regression tests assert it does not happen). Crashes, hangs and runaway allocations
/// inside the API are what the sanitizer build catches.
public struct FuzzTarget: Sendable {
    /// Stable name: `image`, `heif`, `webp`, `label-text`, `label-words`, `model`, `ground-truth`, `text-model`.
    public let name: String
    /// The API under test, one line (shown by the replay tool's usage).
    public let summary: String
    /// Feeds one input to the API under test.
    public let run: @Sendable (Data) throws -> Void

    /// Every target, in the order `scripts/fuzz.sh all` runs them.
    public static let all: [FuzzTarget] = [
        FuzzTarget(name: "image", summary: "ImageDecoder.decode(data:) + readHeader: sniffing, JPEG, PNG, EXIF",
                   run: { try ImageDecoderFuzz.run($0) }),
        // The same entry points with HEIC/WebP seeds only, so fuzzing time goes to libheif's box parser and libde265,
        // and to libwebp's VP8/VP8L decoders and the RIFF chunk walk.
        FuzzTarget(name: "heif", summary: "ImageDecoder on HEIF/HEIC input: libheif boxes, grid, irot/imir, HEVC",
                   run: { try ImageDecoderFuzz.run($0, expecting: .heif) }),
        FuzzTarget(name: "webp", summary: "ImageDecoder on WebP input: libwebp VP8/VP8L/VP8X, EXIF chunk",
                   run: { try ImageDecoderFuzz.run($0, expecting: .webp) }),
        FuzzTarget(name: "label-text", summary: "NutritionParser.parse(text:) on arbitrary UTF-8",
                   run: { try LabelTextFuzz.run($0) }),
        FuzzTarget(name: "label-words", summary: "NutritionParser.parse(lines:) on word lists with boxes",
                   run: { try LabelWordsFuzz.run($0) }),
        FuzzTarget(name: "model", summary: "FoodClassifier(modelURL:) .nlm loader",
                   run: { try ModelLoaderFuzz.run($0) }),
        FuzzTarget(name: "ground-truth", summary: "GroundTruth.decode(_:) sidecar JSON reader",
                   run: { try GroundTruthFuzz.run($0) }),
        FuzzTarget(name: "text-model", summary: "TextDetector/TextRecognizer(modelData:) .nlg graph loader (+ a read when small)",
                   run: { try TextModelFuzz.run($0) }),
    ]

    /// The target called `name`, or `nil`.
    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}

/// A result that contradicts the API's documented contract (e.g. a decoded image whose pixel buffer is shorter than
/// `width * height * channels`). `detail` says which promise broke.
public struct InvariantViolation: Error, CustomStringConvertible {
    /// Which promise broke, with the values involved.
    public let detail: String
    public init(_ detail: String) { self.detail = detail }
    public var description: String { "invariant violated: \(detail)" }
}

/// Throws `InvariantViolation(detail())` unless `condition` holds.
@inline(__always)
func require(_ condition: Bool, _ detail: @autoclosure () -> String) throws {
    if !condition { throw InvariantViolation(detail()) }
}
