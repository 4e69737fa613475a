import Foundation
import NutriLensImaging

/// Adapter over `NutriLensImageIO`: file or bytes → upright `WorkingImage`. The only file that knows the decoder's API.
struct DecodeStage: Sendable {
    let maxImagePixels: Int
    let workingMaxDimension: Int?

    init(configuration: ScannerConfiguration) {
        maxImagePixels = configuration.maxImagePixels
        workingMaxDimension = configuration.workingMaxDimension
    }

    func decode(_ input: ScanInput) throws -> (WorkingImage, warnings: [String]) {
        switch input {
        case .image(let image, _):
            return (WorkingImage(image: image, originalWidth: image.width, originalHeight: image.height), [])
        case .file(let url):
            let data: Data
            do { data = try Data(contentsOf: url) } catch {
                throw ScanError.unreadable(path: url.relativePath, reason: Self.reason(for: url))
            }
            return (try decode(data: data), [])
        case .data(let data, _):
            return (try decode(data: data), [])
        }
    }

    private func decode(data: Data) throws -> WorkingImage {
        throw ScanError.stageFailed(stage: "decode", message: "JPEG/PNG decoding (NutriLensImageIO) is not wired into this build yet")
    }

    private static func reason(for url: URL) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) { return "no such file" }
        if isDirectory.boolValue { return "is a folder" }
        return "permission denied or I/O error"
    }
}
