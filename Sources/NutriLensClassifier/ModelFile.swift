import Foundation
import NutriLensImaging

/// Input geometry, normalisation and calibration stored in a `.nlm` header.
public struct ModelHeader: Sendable, Equatable {
    /// Side of the square RGB input in pixels (224 for EfficientNet-Lite0).
    public let inputSize: Int
    /// Per-channel (R, G, B) mean on 0...1 pixel values; network input = (pixel / 255 - mean) / std.
    public let mean: [Float]
    /// Per-channel (R, G, B) standard deviation on 0...1 pixel values.
    public let std: [Float]
    /// Number of output classes (1000 for ImageNet-1k).
    public let classCount: Int
    /// Softmax temperature fitted by `scripts/convert_efficientnet_lite0.py calibrate` (1 = uncalibrated).
    public let temperature: Float
}

/// Reader for the `.nlm` format written by `scripts/convert_efficientnet_lite0.py` (the format is documented at the
/// top of that script): 64-byte header, layer records of a 48-byte head plus fp16 weights and biases.
enum ModelFile {
    static let magic: [UInt8] = Array("NLMODEL".utf8) + [0]
    static let supportedVersion: UInt32 = 1
    static let headerSize = 64
    static let layerHeadSize = 48
    // Sanity bounds for untrusted files (EfficientNet-Lite0 uses k <= 5, stride <= 2, <= 1280 channels and at most
    // 112 x 112 x 96 = 1.2 M floats per activation).
    static let maxKernel = 15
    static let maxStride = 4
    static let maxChannels = 16_384
    static let maxActivationFloats = 16 << 20

    /// Loads and validates `url`: structure first (so a short file reports `truncated`), then the SHA-256 sidecar
    /// `<file>.sha256`. Throws `ClassifierError`.
    static func load(_ url: URL) throws -> (ModelHeader, [NetworkLayer]) {
        let path = url.path
        guard let data = FileManager.default.contents(atPath: path) else { throw ClassifierError.modelFile(.fileUnreadable(path: path)) }
        let parsed = try data.withUnsafeBytes { try parse($0, path: path) }
        try verifyChecksum(data, path: path)
        return parsed
    }

    static func verifyChecksum(_ data: Data, path: String) throws {
        if let error = ModelFileError(ModelFiles.verifySidecar(of: data, path: path), path: path) {
            throw ClassifierError.modelFile(error)
        }
    }

    static func parse(_ bytes: UnsafeRawBufferPointer, path: String) throws -> (ModelHeader, [NetworkLayer]) {
        var reader = Reader(bytes: bytes, path: path)
        guard bytes.count >= magic.count else { throw ClassifierError.modelFile(.truncated(path: path, needed: headerSize, actual: bytes.count)) }
        guard Array(bytes[0..<magic.count]) == magic else { throw ClassifierError.modelFile(.badMagic(path: path, format: "NutriLens model")) }
        reader.offset = magic.count
        let version = try reader.u32()
        guard version == supportedVersion else {
            throw ClassifierError.modelFile(.unsupportedVersion(path: path, format: "model format", found: version, supported: supportedVersion))
        }
        try reader.require(headerSize - reader.offset)
        let inputSize = Int(try reader.u32())
        let channels = Int(try reader.u32())
        let mean = [try reader.f32(), try reader.f32(), try reader.f32()]
        let std = [try reader.f32(), try reader.f32(), try reader.f32()]
        let classCount = Int(try reader.u32())
        let temperature = try reader.f32()
        let layerCount = Int(try reader.u32())
        let parameterCount = Int(try reader.u32())
        _ = try reader.u32()
        func bad(_ reason: String) -> ClassifierError { .modelFile(.malformed(path: path, reason: reason)) }
        guard channels == 3 else { throw bad("input channels \(channels), expected 3 (RGB)") }
        guard (16...1024).contains(inputSize) else { throw bad("input size \(inputSize) outside 16...1024") }
        guard std.allSatisfy({ $0 > 0 && $0.isFinite }), mean.allSatisfy({ $0.isFinite }) else { throw bad("bad normalisation") }
        guard temperature > 0, temperature.isFinite else { throw bad("temperature \(temperature) must be > 0") }
        guard (1...4096).contains(layerCount), (1...100_000).contains(classCount) else {
            throw bad("layer count \(layerCount) / class count \(classCount) out of range")
        }

        let table = HalfToFloat.table
        var layers: [NetworkLayer] = []
        var channelsIn = 3, size = inputSize, seenParameters = 0
        var skip: (channels: Int, size: Int)? = nil
        for index in 0..<layerCount {
            let head = try (0..<12).map { _ in Int(try reader.u32()) }
            guard let kind = LayerKind(rawValue: UInt32(head[0])) else { throw bad("layer \(index): unknown kind \(head[0])") }
            let (k, stride, padBegin, padEnd, cin, cout) = (head[1], head[2], head[3], head[4], head[5], head[6])
            let flags = LayerFlags(rawValue: UInt32(head[7]))
            let (weightCount, biasCount) = (head[8], head[9])
            // Bound every dimension before multiplying: a corrupt record must not overflow Int or ask for gigabytes.
            guard k <= maxKernel, (1...maxStride).contains(stride), padBegin <= maxKernel, padEnd <= maxKernel,
                  (1...maxChannels).contains(cin), (1...maxChannels).contains(cout) else {
                throw bad("layer \(index): kernel \(k), stride \(stride), padding \(padBegin)/\(padEnd), channels \(cin)->\(cout) out of range")
            }
            guard cin == channelsIn else { throw bad("layer \(index): \(cin) input channels, previous layer gives \(channelsIn)") }
            guard cout > 0, cout % 8 == 0 || kind == .fullyConnected else {
                throw bad("layer \(index): \(cout) output channels; the SIMD kernels need a multiple of 8")
            }
            let expectedWeights: Int
            switch kind {
            case .convolution: expectedWeights = cout * k * k * cin
            case .depthwise: expectedWeights = k * k * cin
            case .pointwise, .fullyConnected: expectedWeights = cin * cout
            case .globalAveragePool: expectedWeights = 0
            }
            let expectedBias = kind == .globalAveragePool ? 0 : cout
            guard weightCount == expectedWeights, biasCount == expectedBias else {
                throw bad("layer \(index): \(weightCount) weights / \(biasCount) biases, expected \(expectedWeights) / \(expectedBias)")
            }
            if kind == .convolution || kind == .depthwise {
                guard (1...maxKernel).contains(k), padBegin < k, padEnd < k,
                      size + padBegin + padEnd >= k else { throw bad("layer \(index): bad kernel/stride/padding") }
            }
            if kind == .depthwise || kind == .globalAveragePool {
                guard cin == cout else { throw bad("layer \(index): channel count must be preserved") }
            }
            var weights = try reader.halves(weightCount, table: table)
            let bias = try reader.halves(biasCount, table: table)
            reader.offset += (4 - reader.offset % 4) % 4
            seenParameters += weightCount + biasCount
            if kind == .convolution { weights = Self.convolutionToIm2colOrder(weights, k: k, cin: cin, cout: cout) }
            let layer = NetworkLayer(kind: kind, kernel: k, stride: stride, padBegin: padBegin, padEnd: padEnd,
                                     inputChannels: cin, outputChannels: cout, flags: flags, weights: weights, bias: bias)
            if flags.contains(.saveSkip) { skip = (cin, size) }
            let inputSide = size
            size = layer.outputSize(forInput: size)
            if kind == .convolution && size * size * k * k * cin > 4 * maxActivationFloats {
                throw bad("layer \(index): im2col matrix for \(inputSide)x\(inputSide)x\(cin), kernel \(k) too large")
            }
            guard size * size * cout <= maxActivationFloats else {
                throw bad("layer \(index): \(size)x\(size)x\(cout) activation exceeds \(maxActivationFloats) floats")
            }
            if flags.contains(.addSkip) {
                guard let kept = skip, kept == (cout, size) else {
                    throw bad("layer \(index): residual add without a skip tensor of the same shape")
                }
                skip = nil
            }
            channelsIn = cout
            layers.append(layer)
        }
        guard reader.offset == bytes.count else { throw bad("\(bytes.count - reader.offset) trailing bytes after the last layer") }
        guard seenParameters == parameterCount else { throw bad("\(seenParameters) parameters, header says \(parameterCount)") }
        guard layers.last?.kind == .fullyConnected, channelsIn == classCount else {
            throw bad("the last layer must be fully connected with \(classCount) outputs")
        }
        let header = ModelHeader(inputSize: inputSize, mean: mean, std: std, classCount: classCount, temperature: temperature)
        return (header, layers)
    }

    /// `[out][ky][kx][in]` (file) to `[ky][kx][in][out]`, the row order of the im2col matrix.
    static func convolutionToIm2colOrder(_ w: [Float], k: Int, cin: Int, cout: Int) -> [Float] {
        let rows = k * k * cin
        var out = [Float](repeating: 0, count: w.count)
        for o in 0..<cout {
            for r in 0..<rows { out[r * cout + o] = w[o * rows + r] }
        }
        return out
    }

    /// Bounds-checked little-endian cursor; running past the end throws `truncated`.
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        let path: String
        var offset = 0

        func require(_ count: Int) throws {
            guard count >= 0, offset + count <= bytes.count else {
                throw ClassifierError.modelFile(.truncated(path: path, needed: offset + max(count, 0), actual: bytes.count))
            }
        }
        mutating func u32() throws -> UInt32 {
            try require(4)
            defer { offset += 4 }
            return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        }
        mutating func f32() throws -> Float { Float(bitPattern: try u32()) }
        mutating func halves(_ count: Int, table: [Float]) throws -> [Float] {
            try require(count * 2)
            let start = offset
            offset += count * 2
            return [Float](unsafeUninitializedCapacity: count) { out, initialised in
                table.withUnsafeBufferPointer { t in
                    for i in 0..<count {
                        let bits = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: start + 2 * i, as: UInt16.self))
                        out[i] = t[Int(bits)]
                    }
                }
                initialised = count
            }
        }
    }
}

/// IEEE binary16 to binary32 by table: one lookup per weight beats converting 4.6 M values in software.
enum HalfToFloat {
    static let table: [Float] = (0..<65536).map { Float(Float16(bitPattern: UInt16($0))) }
}
