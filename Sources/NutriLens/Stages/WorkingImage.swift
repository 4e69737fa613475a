import Foundation
import NutriLensImaging

/// The decoded photo as the stages see it: possibly downscaled for speed, plus the upright size of the original so
/// results report full-resolution dimensions and boxes.
struct WorkingImage: Sendable {
    /// Pixels at working resolution, upright.
    let image: DecodedImage
    /// Upright width of the original, in pixels.
    let originalWidth: Int
    /// Upright height of the original, in pixels.
    let originalHeight: Int
    private let grayCache: GrayOnce

    init(image: DecodedImage, originalWidth: Int, originalHeight: Int) {
        self.image = image
        self.originalWidth = originalWidth
        self.originalHeight = originalHeight
        grayCache = GrayOnce(image)
    }

    /// `image` as 8-bit grey (BT.601 luma for a colour photo), computed on first use and shared by every stage and
    /// copy of this value: the barcode and OCR stages both read grey, and a 2400 px colour photo costs a full
    /// luma pass (~5 ms, 4.3 MB) each time it is converted.
    var gray: GrayImage { grayCache.value }

    /// Factor from working to original coordinates (`>= 1` when the working image was downscaled).
    var scaleToOriginal: Double { Double(originalWidth) / Double(image.width) }

    /// `rect` (working coordinates) mapped to the original image.
    func toOriginal(_ rect: PixelRect) -> PixelRect {
        let s = scaleToOriginal
        if s == 1 { return rect }
        return PixelRect(x: Int((Double(rect.x) * s).rounded()), y: Int((Double(rect.y) * s).rounded()),
                         width: Int((Double(rect.width) * s).rounded()), height: Int((Double(rect.height) * s).rounded()))
    }
}

/// The grey of one decoded image, converted at most once. A class so that the `WorkingImage` copies the stages
/// receive share it; `@unchecked Sendable` because every access to `cached` holds `lock`.
private final class GrayOnce: @unchecked Sendable {
    private let source: DecodedImage
    private let lock = NSLock()
    private var cached: GrayImage?

    init(_ source: DecodedImage) { self.source = source }

    var value: GrayImage {
        // A grey source is its own grey: no conversion, nothing to cache.
        if case .gray(let g) = source { return g }
        lock.lock()
        defer { lock.unlock() }
        if let cached { return cached }
        let g = source.grayscale
        cached = g
        return g
    }
}
