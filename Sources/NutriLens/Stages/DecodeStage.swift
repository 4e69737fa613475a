import Foundation
import NutriLensImageIO
import NutriLensImaging

/// Adapter over `NutriLensImageIO`: file or bytes → upright `WorkingImage`. The only file that knows the decoder's API.
struct DecodeStage: Sendable {
    let options: DecodeOptions

    /// Colour is decoded for the classifier and for the neural text reader, which reads the colour working image:
    /// decoding grey whenever the classifier was off made `--no-classifier` change which text the neural engine read
    /// (shared corpus `eng_real_15.jpeg`: five fields one row off in one mode and right in the other).
    init(configuration: ScannerConfiguration) {
        let stages = configuration.stages
        let neuralText = stages.contains(.nutrition) && configuration.ocrEngine != .tesseract
        options = DecodeOptions(maxPixels: configuration.maxImagePixels, maxFileBytes: configuration.maxFileBytes,
                                targetMaxSide: configuration.workingMaxDimension,
                                applyOrientation: true, wantColor: stages.contains(.classifier) || neuralText)
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
