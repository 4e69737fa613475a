import Foundation
import NutriLensImaging

/// One metadata value of an `.nlg` file.
enum MetadataValue: Sendable, Equatable {
    case string(String)
    case floats([Float])
    case strings([String])
}

/// A constant tensor (weights, biases, broadcast constants): `shape` has 1...5 positive dims, `data` their product.
struct WeightTensor: Sendable {
    let shape: [Int]
    let data: [Float]
}

/// One node record as stored: an op code, value indices, tensor indices and op-specific integer and float fields.
/// Their meaning per op is in `GraphOp.swift`; here they are only bounded.
struct NodeRecord: Sendable {
    let opCode: UInt32
    let output: Int
    let inputs: [Int]
    let tensors: [Int]
    let ints: [Int]
    let floats: [Float]
}

/// The parsed structure of an `.nlg` file (format: top of `scripts/convert_ppocr.py`), before any op is checked.
///
/// Every count is bounded before it is used to allocate or multiply, value indices must refer to values defined
/// earlier (the node list is in execution order, value 0 is the input), so a crafted file ends in a
/// `TextReaderError`, never a trap or a huge allocation.
struct GraphFile: Sendable {
    static let magic: [UInt8] = Array("NLGRAPH".utf8) + [0]
    static let supportedVersion: UInt32 = 1
    /// Larger than any PP-OCR model (v6 small recogniser 21 MB); the file is read whole.
    static let maxFileBytes = 256 << 20
    static let maxTensorDim = 1 << 24

    let path: String
    let metadata: [String: MetadataValue]
    let tensors: [WeightTensor]
    let valueNames: [String]
    let nodes: [NodeRecord]
    let outputValue: Int

    /// Reads `url`, parses the structure (so a short file reports `truncated`), then checks the SHA-256 sidecar
    /// `<file>.sha256`. Throws `TextReaderError`.
    static func load(_ url: URL) throws -> GraphFile {
        let path = url.path
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let size = (attributes?[.size] as? NSNumber)?.intValue, size <= maxFileBytes,
              let data = FileManager.default.contents(atPath: path), data.count <= maxFileBytes
        else { throw TextReaderError.modelFile(.fileUnreadable(path: path)) }
        let parsed = try data.withUnsafeBytes { try GraphFile(parsing: $0, path: path) }
        try verifyChecksum(data, path: path)
        return parsed
    }

    /// Parses `data` already verified by the caller (an app bundling a model in memory): everything but the
    /// sidecar check. `name` stands in for the path in errors.
    static func parse(_ data: Data, name: String) throws -> GraphFile {
        guard data.count <= maxFileBytes else { throw TextReaderError.modelFile(.fileUnreadable(path: name)) }
        return try data.withUnsafeBytes { try GraphFile(parsing: $0, path: name) }
    }

    static func verifyChecksum(_ data: Data, path: String) throws {
        if let error = ModelFileError(ModelFiles.verifySidecar(of: data, path: path), path: path) {
            throw TextReaderError.modelFile(error)
        }
    }

    init(parsing bytes: UnsafeRawBufferPointer, path: String) throws {
        self.path = path
        var reader = ByteReader(bytes: bytes, path: path)
        guard bytes.count >= Self.magic.count else {
            throw TextReaderError.modelFile(.truncated(path: path, needed: 32, actual: bytes.count))
        }
        guard Array(bytes[0..<Self.magic.count]) == Self.magic else { throw TextReaderError.modelFile(.badMagic(path: path, format: "NutriLens graph model")) }
        try reader.skip(Self.magic.count)
        let version = try reader.u32()
        guard version == Self.supportedVersion else {
            throw TextReaderError.modelFile(.unsupportedVersion(path: path, format: "graph format", found: version, supported: Self.supportedVersion))
        }
        let metadataCount = try reader.count(0...64, "metadata count")
        let tensorCount = try reader.count(0...4096, "tensor count")
        let valueCount = try reader.count(2...65_536, "value count")
        let nodeCount = try reader.count(1...4096, "node count")
        outputValue = try reader.count(1...(valueCount - 1), "output value")

        var metadata: [String: MetadataValue] = [:]
        for _ in 0..<metadataCount {
            let key = try reader.string(limit: 256)
            switch try reader.count(1...3, "metadata type of \(key)") {
            case 1: metadata[key] = .string(try reader.string())
            case 2:
                let n = try reader.elementCount(limit: 1 << 20, elementBytes: 4, "float count of \(key)")
                metadata[key] = .floats(try reader.floats(n))
            default:
                let n = try reader.elementCount(limit: 1 << 20, elementBytes: 4, "string count of \(key)")
                metadata[key] = .strings(try (0..<n).map { _ in try reader.string(limit: 64) })
            }
        }
        self.metadata = metadata

        var tensors: [WeightTensor] = []
        tensors.reserveCapacity(tensorCount)
        for index in 0..<tensorCount {
            let rank = try reader.count(1...5, "tensor \(index) rank")
            var shape: [Int] = []
            var elements = 1
            for _ in 0..<rank {
                let dim = try reader.count(1...Self.maxTensorDim, "tensor \(index) dimension")
                // Bounded by the bytes left: a file cannot claim more floats than it holds.
                let (product, overflow) = elements.multipliedReportingOverflow(by: dim)
                guard !overflow, product <= reader.remaining / 4 else {
                    throw TextReaderError.modelFile(.truncated(path: path, needed: bytes.count &+ 1, actual: bytes.count))
                }
                elements = product
                shape.append(dim)
            }
            tensors.append(WeightTensor(shape: shape, data: try reader.floats(elements)))
        }
        self.tensors = tensors

        valueNames = try (0..<valueCount).map { _ in try reader.string(limit: 1024) }

        var defined = [Bool](repeating: false, count: valueCount)
        defined[0] = true
        var nodes: [NodeRecord] = []
        for index in 0..<nodeCount {
            let opCode = try reader.u32()
            let output = try reader.count(1...(valueCount - 1), "node \(index) output")
            let inputCount = try reader.count(1...8, "node \(index) input count")
            let tensorRefs = try reader.count(0...4, "node \(index) tensor count")
            let intCount = try reader.count(0...16, "node \(index) int count")
            let floatCount = try reader.count(0...4, "node \(index) float count")
            let inputs = try (0..<inputCount).map { _ in try reader.count(0...(valueCount - 1), "node \(index) input") }
            let refs = try (0..<tensorRefs).map { _ in try reader.count(0...max(0, tensorCount - 1), "node \(index) tensor") }
            guard refs.allSatisfy({ $0 < tensorCount }) else {
                throw TextReaderError.modelFile(.malformed(path: path, reason: "node \(index) refers to a missing tensor"))
            }
            let ints = try (0..<intCount).map { _ in Int(try reader.i32()) }
            let floats = try (0..<floatCount).map { _ in try reader.f32() }
            guard inputs.allSatisfy({ defined[$0] }) else {
                throw TextReaderError.modelFile(.malformed(path: path, reason: "node \(index) reads a value before it is computed"))
            }
            guard !defined[output] else {
                throw TextReaderError.modelFile(.malformed(path: path, reason: "node \(index) writes value \(output) a second time"))
            }
            defined[output] = true
            nodes.append(NodeRecord(opCode: opCode, output: output, inputs: inputs, tensors: refs, ints: ints, floats: floats))
        }
        guard reader.remaining == 0 else {
            throw TextReaderError.modelFile(.malformed(path: path, reason: "\(reader.remaining) trailing bytes after the last node"))
        }
        guard defined[outputValue] else {
            throw TextReaderError.modelFile(.malformed(path: path, reason: "the output value is never computed"))
        }
        self.nodes = nodes
    }

    // MARK: typed metadata

    func string(_ key: String) throws -> String {
        guard case .string(let s)? = metadata[key] else { throw missing(key, "a string") }
        return s
    }

    func floats(_ key: String, count: Int) throws -> [Float] {
        guard case .floats(let f)? = metadata[key], f.count == count, f.allSatisfy(\.isFinite) else {
            throw missing(key, "\(count) finite numbers")
        }
        return f
    }

    func float(_ key: String, in range: ClosedRange<Float>) throws -> Float {
        let value = try floats(key, count: 1)[0]
        guard range.contains(value) else { throw missing(key, "a number in \(range)") }
        return value
    }

    func strings(_ key: String) throws -> [String] {
        guard case .strings(let s)? = metadata[key] else { throw missing(key, "a string list") }
        return s
    }

    private func missing(_ key: String, _ what: String) -> TextReaderError {
        .modelFile(.malformed(path: path, reason: "metadata \"\(key)\" must be \(what)"))
    }
}
