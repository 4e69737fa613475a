import Foundation
import NutriLensImageIO
import NutriLensImaging

/// Loads corpus images as grey pixels for the barcode benchmark: JPEG, PNG and WebP (most of the zxing-cpp samples)
/// all go through `ImageDecoder` (grey decode, EXIF applied), which is what the "incl. decode" timing includes.
enum BenchImageLoader {
    static func gray(_ path: String) throws -> GrayImage {
        let photo = try ImageDecoder.decode(contentsOf: URL(fileURLWithPath: path), options: DecodeOptions(wantColor: false))
        return photo.image.grayscale
    }
}
