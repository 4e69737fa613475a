/// What a detector model file says about its input and post-processing (PaddleOCR's inference.yml, copied into
/// the `.nlg` metadata by `scripts/convert_ppocr.py`).
public struct DetectorConfiguration: Sendable, Equatable {
    /// Model name, e.g. "PP-OCRv6_tiny_det".
    public let modelName: String
    /// Network channels are B, G, R (PaddleOCR reads images with OpenCV) rather than R, G, B.
    public let channelOrderBGR: Bool
    /// Input sides must be multiples of this (32 for DBNet: five stride-2 stages).
    public let sizeMultiple: Int
    /// DB binarisation threshold on the probability map (PP-OCRv6: 0.2).
    public let threshold: Float
    /// Minimum mean probability inside a box (PP-OCRv6 tiny: 0.4, small: 0.45).
    public let boxThreshold: Float
    /// Unclip ratio: boxes grow by `area * ratio / perimeter` on every side (PP-OCRv6: 1.4).
    public let unclipRatio: Float
    /// At most this many connected components become candidates (3000).
    public let maxCandidates: Int
    let normalization: Normalization

    init(_ file: GraphFile) throws {
        let task = try file.string("task")
        guard task == "text-detection" else { throw TextReaderError.wrongTask(path: file.path, expected: "text-detection", found: task) }
        modelName = try file.string("model")
        channelOrderBGR = try Self.bgr(file)
        normalization = try Self.normalization(file)
        sizeMultiple = Int(try file.float("input-size-multiple", in: 1...256))
        threshold = try file.float("db-threshold", in: 0.01...0.99)
        boxThreshold = try file.float("db-box-threshold", in: 0...1)
        unclipRatio = try file.float("db-unclip-ratio", in: 0...10)
        maxCandidates = Int(try file.float("db-max-candidates", in: 1...100_000))
    }

    static func bgr(_ file: GraphFile) throws -> Bool {
        let order = try file.string("channel-order")
        guard order == "BGR" || order == "RGB" else {
            throw TextReaderError.modelFile(.malformed(path: file.path, reason: "channel order \(order)"))
        }
        return order == "BGR"
    }

    static func normalization(_ file: GraphFile) throws -> Normalization {
        let scale = try file.float("input-scale", in: 1e-6...1)
        let mean = try file.floats("mean", count: 3), std = try file.floats("std", count: 3)
        guard std.allSatisfy({ $0 > 1e-6 }) else { throw TextReaderError.modelFile(.malformed(path: file.path, reason: "std must be > 0")) }
        return Normalization(scale: scale, mean: mean, std: std)
    }
}

/// What a recogniser model file says about its input and output classes.
public struct RecognizerConfiguration: Sendable, Equatable {
    /// Model name, e.g. "PP-OCRv6_tiny_rec".
    public let modelName: String
    /// Network channels are B, G, R (PaddleOCR reads images with OpenCV) rather than R, G, B.
    public let channelOrderBGR: Bool
    /// Line height in pixels the network takes (48).
    public let inputHeight: Int
    /// Lines narrower than this are zero-padded to it (320: PaddleOCR's `rec_image_shape` 3,48,320).
    public let minimumWidth: Int
    /// CTC classes: index 0 is the blank (""), then the dictionary, then " " (PaddleOCR's `use_space_char`).
    public let labels: [String]
    let normalization: Normalization

    init(_ file: GraphFile) throws {
        let task = try file.string("task")
        guard task == "text-recognition" else {
            throw TextReaderError.wrongTask(path: file.path, expected: "text-recognition", found: task)
        }
        modelName = try file.string("model")
        channelOrderBGR = try DetectorConfiguration.bgr(file)
        normalization = try DetectorConfiguration.normalization(file)
        inputHeight = Int(try file.float("input-height", in: 8...256))
        minimumWidth = Int(try file.float("input-min-width", in: 8...4096))
        labels = try file.strings("ctc-labels")
        guard labels.count >= 2, labels[0].isEmpty else {
            throw TextReaderError.modelFile(.malformed(path: file.path, reason: "ctc-labels must start with the blank"))
        }
    }
}
