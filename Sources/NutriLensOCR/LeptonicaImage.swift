import CLeptonica
import Foundation
import NutriLensImaging

/// An owned 8 bpp Leptonica `Pix`: the form Tesseract consumes without another copy (`TessBaseAPISetImage2`).
///
/// Used for the geometric steps Tesseract needs between our `GrayImage` and recognition (area-averaging
/// downscale, interpolating upscale, quarter-turn rotation, crop). Not shared between threads.
final class LeptonicaImage {
    let pix: UnsafeMutablePointer<Pix>

    init(owning pix: UnsafeMutablePointer<Pix>) { self.pix = pix }

    deinit {
        var p: UnsafeMutablePointer<Pix>? = pix
        pixDestroy(&p)
    }

    /// Copies `image`'s rows into a new 8 bpp Pix (Leptonica stores bytes big-endian within 32-bit words, hence
    /// the swap after the row copies).
    convenience init(_ image: GrayImage) {
        guard let pix = pixCreate(Int32(image.width), Int32(image.height), 8) else {
            fatalError("pixCreate failed for \(image.width)x\(image.height): out of memory")
        }
        let wplBytes = Int(pixGetWpl(pix)) * 4
        let dst = UnsafeMutableRawPointer(pixGetData(pix)!)
        image.pixels.withUnsafeBytes { src in
            for y in 0..<image.height {
                (dst + y * wplBytes).copyMemory(from: src.baseAddress! + y * image.stride, byteCount: image.width)
            }
        }
        pixEndianByteSwap(pix)
        self.init(owning: pix)
    }

    var width: Int { Int(pixGetWidth(pix)) }
    var height: Int { Int(pixGetHeight(pix)) }

    /// Scaled by `factor` (area-mapped when shrinking, linear interpolation when enlarging); `self` at 1.
    func scaled(by factor: Double) -> LeptonicaImage {
        if abs(factor - 1) < 1e-3 { return self }
        let f = Float(factor)
        return LeptonicaImage(owning: pixScale(pix, f, f)!)
    }

    /// Rotated clockwise by `quarterTurns` × 90°; `self` for 0.
    func rotatedClockwise(quarterTurns: Int) -> LeptonicaImage {
        let q = ((quarterTurns % 4) + 4) % 4
        if q == 0 { return self }
        return LeptonicaImage(owning: pixRotateOrth(pix, Int32(q))!)
    }

    /// The pixels inside `rect` (clipped to the image); `self` when `rect` covers the whole image.
    func cropped(to rect: PixelRect) -> LeptonicaImage {
        if rect.x <= 0 && rect.y <= 0 && rect.maxX >= width && rect.maxY >= height { return self }
        var box: UnsafeMutablePointer<Box>? = boxCreate(Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        defer { boxDestroy(&box) }
        return LeptonicaImage(owning: pixClipRectangle(pix, box, nil)!)
    }

    /// Copies the pixels back into a packed `GrayImage`.
    func grayImage() -> GrayImage {
        let w = width, h = height
        let copy = pixCopy(nil, pix)!
        pixEndianByteSwap(copy)
        var c: UnsafeMutablePointer<Pix>? = copy
        defer { pixDestroy(&c) }
        let wplBytes = Int(pixGetWpl(copy)) * 4
        let src = UnsafeRawPointer(pixGetData(copy)!)
        var out = [UInt8](repeating: 0, count: w * h)
        out.withUnsafeMutableBytes { dst in
            for y in 0..<h { (dst.baseAddress! + y * w).copyMemory(from: src + y * wplBytes, byteCount: w) }
        }
        return GrayImage(width: w, height: h, stride: w, pixels: out)
    }
}
