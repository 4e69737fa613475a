import Foundation
import NutriLensImageIO
import NutriLensImaging

/// Adapter over `NutriLensImageIO`: file or bytes → upright `WorkingImage`. The only file that knows the decoder's API.
struct DecodeStage: Sendable {
    let options: DecodeOptions

    init(configuration: ScannerConfiguration) {
        options = DecodeOptions(maxPixels: configuration.maxImagePixels, maxFileBytes: configuration.maxFileBytes,
                                targetMaxSide: configuration.workingMaxDimension,
                                applyOrientation: true, wantColor: configuration.stages.contains(.classifier))
    }

    /// - Throws: `ScanError.decoding` or `.unreadable`.
    func decode(_ input: ScanInput) throws -> (WorkingImage, warnings: [ScanWarning]) {
        let photo: DecodedPhoto
        do {
            switch input {
            case .image(let image, _):
                return (WorkingImage(image: image, originalWidth: image.width, originalHeight: image.height), [])
            case .file(let url):
                photo = try ImageDecoder.decode(contentsOf: url, options: options)
            case .data(let data, _):
                photo = try ImageDecoder.decode(data: data, options: options)
            }
        } catch let error as ImageDecodingError {
            throw ScanError.decoding(error)
        }
        let working = WorkingImage(image: photo.image, originalWidth: photo.fullWidth, originalHeight: photo.fullHeight)
        return (working, photo.warnings.map(ScanWarning.decoder))
    }
}
