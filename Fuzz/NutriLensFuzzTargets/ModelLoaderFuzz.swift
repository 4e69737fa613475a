import Foundation
import NutriLensClassifier

/// Fuzzes the `.nlm` model loader through its public entry, `FoodClassifier(modelURL:classListURL:)`.
///
/// The loader reads from a file, so each input is written to one scratch file per process (on /dev/shm when there
/// is one). The structure is parsed before the SHA-256 sidecar is checked, so every header and layer record is
/// exercised even though no input has a matching sidecar.
enum ModelLoaderFuzz {
    static let scratch: URL = {
        let shm = URL(fileURLWithPath: "/dev/shm")
        let base = FileManager.default.fileExists(atPath: shm.path) ? shm : FileManager.default.temporaryDirectory
        return base.appendingPathComponent("nutrilens-fuzz-model-\(getpid()).nlm")
    }()

    static func run(_ data: Data) throws {
        try data.write(to: scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            let classifier = try FoodClassifier(modelURL: scratch, classListURL: scratch)
            throw InvariantViolation("model without a checksum sidecar loaded (input \(classifier.header.inputSize) px)")
        } catch let error as ClassifierError {
            switch error {
            case .modelFile(.truncated(_, let needed, let actual)):
                try require(needed > actual, "truncated with needed \(needed) <= actual \(actual)")
            case .modelFile(.checksumFileInvalid), .modelFile(.badMagic), .modelFile(.unsupportedVersion),
                 .modelFile(.malformed), .modelFile(.fileUnreadable):
                break
            default:
                throw InvariantViolation("unexpected loader error \(error)")
            }
        }
    }
}

/// Writes small but structurally valid `.nlm` files (format: header comment of `scripts/convert_efficientnet_lite0.py`,
/// reader `NutriLensClassifier/ModelFile.swift`) for seeds and tests: conv 3x3/2 → depthwise 3x3 → pointwise →
/// global average pool → fully connected.
public enum TinyModel {
    /// One layer record: kind (1 conv, 2 depthwise, 3 pointwise, 4 pool, 5 fully connected), kernel, stride,
    /// padding, channels, flags (1 ReLU6, 2 save skip, 4 add skip).
    public struct Layer: Sendable {
        public var kind: UInt32, kernel: UInt32, stride: UInt32, padBegin: UInt32, padEnd: UInt32
        public var inputChannels: UInt32, outputChannels: UInt32, flags: UInt32
        public var weightCount: UInt32 {
            switch kind {
            case 1: return outputChannels * kernel * kernel * inputChannels
            case 2: return kernel * kernel * inputChannels
            case 3, 5: return inputChannels * outputChannels
            default: return 0
            }
        }
        public var biasCount: UInt32 { kind == 4 ? 0 : outputChannels }
        public init(kind: UInt32, kernel: UInt32 = 1, stride: UInt32 = 1, padBegin: UInt32 = 0, padEnd: UInt32 = 0,
                    inputChannels: UInt32, outputChannels: UInt32, flags: UInt32 = 0) {
            (self.kind, self.kernel, self.stride, self.padBegin, self.padEnd) = (kind, kernel, stride, padBegin, padEnd)
            (self.inputChannels, self.outputChannels, self.flags) = (inputChannels, outputChannels, flags)
        }
    }

    /// The default five-layer network on a 16 x 16 input with 4 classes.
    public static let layers: [Layer] = [
        Layer(kind: 1, kernel: 3, stride: 2, padBegin: 1, padEnd: 1, inputChannels: 3, outputChannels: 8, flags: 1),
        Layer(kind: 2, kernel: 3, stride: 1, padBegin: 1, padEnd: 1, inputChannels: 8, outputChannels: 8, flags: 1),
        Layer(kind: 3, inputChannels: 8, outputChannels: 8),
        Layer(kind: 4, inputChannels: 8, outputChannels: 8),
        Layer(kind: 5, inputChannels: 8, outputChannels: 4),
    ]

    /// File bytes for `layers` (weights are small fp16 values), `classCount` = last layer's outputs.
    public static func bytes(layers: [Layer] = layers, inputSize: UInt32 = 16) -> Data {
        var out = [UInt8]()
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
        func f32(_ v: Float) { u32(v.bitPattern) }
        out += Array("NLMODEL".utf8) + [0]
        u32(1)
        u32(inputSize); u32(3)
        f32(0.5); f32(0.5); f32(0.5)
        f32(0.25); f32(0.25); f32(0.25)
        u32(layers.last?.outputChannels ?? 0)
        f32(1)
        u32(UInt32(layers.count))
        u32(layers.reduce(0) { $0 + $1.weightCount + $1.biasCount })
        u32(0)
        for layer in layers {
            for v in [layer.kind, layer.kernel, layer.stride, layer.padBegin, layer.padEnd, layer.inputChannels,
                      layer.outputChannels, layer.flags, layer.weightCount, layer.biasCount, 0, 0] { u32(v) }
            for i in 0..<Int(layer.weightCount + layer.biasCount) {
                let half = Float16(Float(i % 7 - 3) / 16)
                withUnsafeBytes(of: half.bitPattern.littleEndian) { out += $0 }
            }
            while out.count % 4 != 0 { out.append(0) }
        }
        return Data(out)
    }
}
