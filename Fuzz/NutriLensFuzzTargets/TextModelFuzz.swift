import Foundation
import NutriLensImaging
import NutriLensText

/// Fuzzes the `.nlg` graph loader through its public entries `TextDetector(modelData:)` and
/// `TextRecognizer(modelData:)`: everything a file can say (header, metadata, tensors, node records, op fields, the
/// graph's shapes at the probe size) except the SHA-256 sidecar, which in-memory loading leaves to the caller.
/// A model that loads and is small (<= 200 kB) also reads a 32 x 32 image, so the kernels see fuzzed graphs.
enum TextModelFuzz {
    static func run(_ data: Data) throws {
        for task in ["detector", "recognizer"] {
            do {
                if task == "detector" {
                    let detector = try TextDetector(modelData: data, name: "fuzz.nlg")
                    guard TinyTextModel.weightCount(data) <= 50_000 else { continue }
                    let reader = TextReader(detector: detector, recognizer: try TextRecognizer(modelData: TinyTextModel.recognizer()))
                    let lines = try reader.read(GrayImage(width: 32, height: 32, fill: 200), options: TextReadOptions(detectorLongSide: 32))
                    try require(lines.allSatisfy { $0.confidence >= 0.5 && $0.confidence <= 1.0001 }, "line confidence out of range")
                } else {
                    let recognizer = try TextRecognizer(modelData: data, name: "fuzz.nlg")
                    guard TinyTextModel.weightCount(data) <= 50_000 else { continue }
                    let line = try recognizer.recognize(line: .gray(GrayImage(width: 32, height: 16, fill: 40)))
                    try require(line.characters.map(\.text).joined() == line.text, "characters do not spell the text")
                    try require(line.characters.allSatisfy { $0.span.lowerBound >= 0 && $0.span.upperBound <= 1 }, "span outside 0...1")
                }
            } catch let error as TextReaderError {
                if case .modelFile(.truncated(_, let needed, let actual)) = error {
                    try require(needed > actual, "truncated with needed \(needed) <= actual \(actual)")
                }
                if case .modelFile(.checksumMismatch) = error { throw InvariantViolation("in-memory loading checked a checksum") }
            }
        }
    }
}

/// Small, structurally valid `.nlg` files (format: top of `scripts/convert_ppocr.py`, reader
/// `NutriLensText/Model/GraphFile.swift`) for seeds and tests: a detector (conv, depthwise, squeeze-excitation gate,
/// upsample, concat, sigmoid map) and a recogniser (conv + GELU, average pool, reshape, transpose, layer norm,
/// linear, softmax over 4 CTC labels) on 16-pixel-high lines.
public enum TinyTextModel {
    /// One node record: op code, input value indices, the shapes of its tensors (filled with small values), the
    /// op's int and float fields (`GraphOp.swift`). Node i writes value i + 1.
    public struct Node: Sendable {
        public var op: UInt32, inputs: [UInt32], tensors: [[Int]], ints: [Int32], floats: [Float]
        public init(op: UInt32, inputs: [UInt32], tensors: [[Int]], ints: [Int32], floats: [Float]) {
            (self.op, self.inputs, self.tensors, self.ints, self.floats) = (op, inputs, tensors, ints, floats)
        }
    }

    public static func detector(nodes: [Node]? = nil) -> Data {
        encode(detectorMetadata, nodes ?? detectorNodes)
    }

    public static func recognizer(nodes: [Node]? = nil) -> Data {
        encode(recognizerMetadata, nodes ?? recognizerNodes)
    }

    /// Metadata of a valid detector (values are `String`, `[Float]` or `[String]`).
    public static var detectorMetadata: [(String, Any)] {
        [
            ("task", "text-detection"), ("model", "tiny-det"), ("channel-order", "BGR"), ("input-scale", [Float(1) / 255]),
            ("mean", [Float(0.485), 0.456, 0.406]), ("std", [Float(0.229), 0.224, 0.225]), ("input-size-multiple", [Float(32)]),
            ("db-threshold", [Float(0.3)]), ("db-box-threshold", [Float(0.5)]), ("db-unclip-ratio", [Float(1.5)]),
            ("db-max-candidates", [Float(100)]),
        ]
    }

    public static let detectorNodes = [
        Node(op: 1, inputs: [0], tensors: [[4, 3, 3, 3], [4]], ints: [3, 3, 2, 2, 1, 1, 1, 1, 1, 0, 1], floats: [0, 0]),
        Node(op: 1, inputs: [1], tensors: [[4, 1, 3, 3], [4]], ints: [3, 3, 1, 1, 1, 1, 1, 1, 4, 0, 4], floats: [1.0 / 6, 0.5]),
        Node(op: 9, inputs: [2], tensors: [], ints: [], floats: []),
        Node(op: 1, inputs: [3], tensors: [[4, 4, 1, 1], [4]], ints: [1, 1, 1, 1, 0, 0, 0, 0, 1, 0, 3], floats: [0.2, 0.5]),
        Node(op: 6, inputs: [2, 4], tensors: [], ints: [3, 0], floats: []),
        Node(op: 10, inputs: [5], tensors: [], ints: [2, 2], floats: []),
        Node(op: 11, inputs: [6, 6], tensors: [], ints: [1], floats: []),
        Node(op: 1, inputs: [7], tensors: [[1, 8, 1, 1], [1]], ints: [1, 1, 1, 1, 0, 0, 0, 0, 1, 0, 2], floats: [0, 0]),
    ]

    public static var recognizerMetadata: [(String, Any)] {
        [
            ("task", "text-recognition"), ("model", "tiny-rec"), ("channel-order", "BGR"), ("input-scale", [Float(1) / 255]),
            ("mean", [Float(0.5), 0.5, 0.5]), ("std", [Float(0.5), 0.5, 0.5]), ("input-height", [Float(16)]),
            ("input-min-width", [Float(32)]), ("ctc-labels", ["", "a", "b", "1"]),
        ]
    }

    public static let recognizerNodes = [
        Node(op: 1, inputs: [0], tensors: [[4, 3, 3, 3], [4]], ints: [3, 3, 2, 1, 1, 1, 1, 1, 1, 0, 5], floats: [0, 0]),
        Node(op: 8, inputs: [1], tensors: [], ints: [8, 2, 8, 2, 0, 0, 0, 0, 0, 0], floats: []),
        Node(op: 12, inputs: [2], tensors: [], ints: [1, 4, -1], floats: []),
        Node(op: 13, inputs: [3], tensors: [], ints: [0, 2, 1], floats: []),
        Node(op: 16, inputs: [4], tensors: [[4], [4]], ints: [], floats: [1e-5]),
        Node(op: 3, inputs: [5], tensors: [[4, 4], [4]], ints: [0], floats: [0, 0]),
        Node(op: 15, inputs: [6], tensors: [], ints: [2], floats: []),
    ]

    /// An upper bound of the weights a file holds (its tensors are inside it): bytes / 4.
    static func weightCount(_ data: Data) -> Int { data.count / 4 }

    /// File bytes: header, metadata (String -> string, [Float] -> float list, [String] -> string list), tensors,
    /// value names, nodes; the last node's value is the output.
    public static func encode(_ meta: [(String, Any)], _ nodes: [Node]) -> Data {
        var out = Data()
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
        func string(_ s: String) {
            let b = Array(s.utf8)
            u32(UInt32(b.count))
            out.append(contentsOf: b)
            out.append(contentsOf: [UInt8](repeating: 0, count: (4 - b.count % 4) % 4))
        }
        let tensorCount = nodes.reduce(0) { $0 + $1.tensors.count }
        out.append(contentsOf: Array("NLGRAPH".utf8) + [0])
        for v in [1, meta.count, tensorCount, nodes.count + 1, nodes.count, nodes.count] { u32(UInt32(v)) }
        for (key, value) in meta {
            string(key)
            if let s = value as? String { u32(1); string(s) }
            else if let f = value as? [Float] { u32(2); u32(UInt32(f.count)); f.forEach { u32($0.bitPattern) } }
            else if let l = value as? [String] { u32(3); u32(UInt32(l.count)); l.forEach(string) }
        }
        var index = 0
        for node in nodes {
            for shape in node.tensors {
                u32(UInt32(shape.count))
                shape.forEach { u32(UInt32($0)) }
                for i in 0..<shape.reduce(1, *) { u32(Float(Double((index + i) % 7) / 8 - 0.35).bitPattern) }
                index += 1
            }
        }
        for v in 0...nodes.count { string("v\(v)") }
        var tensor: UInt32 = 0
        for (i, node) in nodes.enumerated() {
            for v in [node.op, UInt32(i + 1), UInt32(node.inputs.count), UInt32(node.tensors.count), UInt32(node.ints.count),
                      UInt32(node.floats.count)] { u32(v) }
            node.inputs.forEach(u32)
            for _ in node.tensors { u32(tensor); tensor += 1 }
            node.ints.forEach { u32(UInt32(bitPattern: $0)) }
            node.floats.forEach { u32($0.bitPattern) }
        }
        return out
    }
}
