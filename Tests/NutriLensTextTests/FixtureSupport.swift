import Foundation
import NutriLensImageIO
import NutriLensImaging
import NutriLensTestSupport
@testable import NutriLensText

/// Committed fixtures (made by scripts/ppocr-fixtures.py from ONNX Runtime runs of the same models) and the
/// package's models, loaded once per test process.
enum FixtureSupport {
    static func url(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil)!
    }

    static var modelsFolder: URL { PackagePaths.root.appendingPathComponent("models") }

    static let detector: TextDetector = try! TextDetector(
        modelURL: modelsFolder.appendingPathComponent(TextModelLocator.detectorFileName(.tiny)))
    static let recognizer: TextRecognizer = try! TextRecognizer(
        modelURL: modelsFolder.appendingPathComponent(TextModelLocator.recognizerFileName(.tiny)))
    static let reader = TextReader(detector: detector, recognizer: recognizer)

    /// A PNG/JPEG decoded as the reader gets it (grey files stay grey).
    static func image(_ url: URL) throws -> DecodedImage {
        try ImageDecoder.decode(contentsOf: url).image
    }

    static func floats(_ name: String) throws -> [Float] {
        let data = try Data(contentsOf: url(name))
        return data.withUnsafeBytes { raw in
            (0..<(data.count / 4)).map { Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self))) }
        }
    }

    /// A probability map stored as round(p * 65535), little-endian uint16.
    static func quantizedMap(_ name: String) throws -> [Float] {
        let data = try Data(contentsOf: url(name))
        return data.withUnsafeBytes { raw in
            (0..<(data.count / 2)).map { Float(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 2, as: UInt16.self))) / 65535 }
        }
    }

    /// `lines.tsv`: file, ONNX Runtime's text and score, source.
    static func lines() throws -> [(file: String, text: String, score: Float, source: String)] {
        let text = try String(contentsOf: url("lines.tsv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { row in
            let f = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return (f[0], f[1], Float(f[2]) ?? -1, f[3])
        }
    }
}

/// Largest |a - b| over the largest |b|: the error relative to the output's scale. Per-element relative error is
/// meaningless where a value is near zero (most of a probability map, most softmax outputs), while every value is
/// a sum of products whose rounding error grows with the magnitudes involved, i.e. with the tensor's scale.
func scaledError(_ a: [Float], _ b: [Float]) -> Float {
    precondition(a.count == b.count, "\(a.count) vs \(b.count) values")
    let scale = max(b.map(abs).max() ?? 0, .leastNormalMagnitude)
    return zip(a, b).map { abs($0 - $1) }.max()! / scale
}
