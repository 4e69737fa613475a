import CLeptonica
import NutriLensImaging

/// An owned 8 bpp Leptonica `Pix`, for the one Leptonica algorithm this module needs (connected components in
/// ``TextSizeEstimator``). Geometry (scale, rotate, crop) uses NutriLensImaging's kernels on `GrayImage`.
final class LeptonicaImage {
    let pix: UnsafeMutablePointer<Pix>

    /// Copies `image`'s rows into a new 8 bpp Pix (Leptonica stores bytes big-endian within 32-bit words, hence
    /// the swap after the row copies).
    init(_ image: GrayImage) {
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
        self.pix = pix
    }

    deinit {
        var p: UnsafeMutablePointer<Pix>? = pix
        pixDestroy(&p)
    }

    var width: Int { Int(pixGetWidth(pix)) }
    var height: Int { Int(pixGetHeight(pix)) }
}
