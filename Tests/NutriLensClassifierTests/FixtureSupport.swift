import Foundation
import NutriLensImaging
import NutriLensTestSupport
@testable import NutriLensClassifier

/// Committed fixtures (see Fixtures/README.md) and the package's model folder.
enum FixtureSupport {
    static func url(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil)!
    }

    /// Binary PPM (P6, maxval 255) -> RGBImage.
    static func ppm(_ name: String) throws -> RGBImage {
        let data = try Data(contentsOf: url(name + ".ppm"))
        var fields: [String] = [], index = data.startIndex, current = ""
        while fields.count < 4 {
            let byte = data[index]
            index += 1
            if byte == 0x20 || byte == 0x0a || byte == 0x0d || byte == 0x09 {
                if !current.isEmpty { fields.append(current); current = "" }
            } else {
                current.append(Character(UnicodeScalar(byte)))
            }
        }
        precondition(fields[0] == "P6" && fields[3] == "255", "not a P6 PPM")
        let width = Int(fields[1])!, height = Int(fields[2])!
        return RGBImage(width: width, height: height, layout: .rgb, pixels: [UInt8](data[index..<(index + width * height * 3)]))
    }

    /// The numpy reference logits dumped next to a fixture.
    static func referenceLogits(_ name: String) throws -> [Float] {
        let data = try Data(contentsOf: url(name + ".logits.f32"))
        return data.withUnsafeBytes { raw in
            (0..<(data.count / 4)).map { Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self))) }
        }
    }

    static var modelURL: URL { PackagePaths.root.appendingPathComponent("models").appendingPathComponent(FoodClassifier.modelFileName) }

    /// Loaded once per test process: the model is 9 MB and immutable.
    static let classifier: FoodClassifier = try! FoodClassifier(modelURL: modelURL)
}
