import Foundation
import NutriLens
import NutriLensImageIO

extension HTMLReport.Thumbnail {
    /// Decodes `url` downscaled (libjpeg DCT scaling, PNG row averaging: long side between `maxSide` and about twice
    /// that, never the full-size pixels) and encodes it as a JPEG for the page.
    /// - Parameters:
    ///   - maxSide: wanted long side in pixels, `>= 16` (default 480).
    ///   - maxPixels: the decoder's pixel limit (the scan's, so a photo the scan accepted makes a preview).
    /// - Throws: `ImageDecodingError` when the file cannot be decoded, `ImageEncodingError` when encoding fails.
    public static func make(contentsOf url: URL, maxSide: Int = 480, maxPixels: Int = 100_000_000) throws -> Self {
        let photo = try ImageDecoder.decode(contentsOf: url, options: DecodeOptions(maxPixels: maxPixels,
                                                                                    targetMaxSide: max(16, maxSide)))
        let jpeg = try JPEGEncoder.encode(photo.image, quality: 78)
        return Self(jpeg: jpeg, width: photo.image.width, height: photo.image.height,
                    scale: Double(photo.image.width) / Double(max(1, photo.fullWidth)))
    }
}
