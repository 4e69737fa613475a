/// Composites grey+alpha or RGBA pixels onto an opaque background chosen to keep text readable.
///
/// Text drawn on a transparent canvas has no colour behind it; OCR engines and barcode readers that see the raw
/// colour channels read dark-on-nothing as dark-on-black (tesseract#369). The background is therefore picked from
/// the content: white when the mostly-opaque pixels are dark on average (dark text), black when they are light.
enum AlphaFlattening {
    /// Pixels with alpha at or above this count as content when choosing the background.
    static let opaqueThreshold: UInt8 = 128

    /// Background value (0 or 255) for interleaved pixels with `channels` = 2 (GA) or 4 (RGBA), alpha last:
    /// 255 when the mean BT.601 luma of pixels with alpha >= 128 is below 128, or when no pixel is that opaque.
    static func background(_ pixels: [UInt8], channels: Int) -> UInt8 {
        var lumaSum = 0, count = 0
        pixels.withUnsafeBufferPointer { p in
            var o = 0
            while o < p.count {
                if p[o + channels - 1] >= opaqueThreshold {
                    if channels == 2 {
                        lumaSum += Int(p[o])
                    } else {
                        lumaSum += (77 * Int(p[o]) + 150 * Int(p[o + 1]) + 29 * Int(p[o + 2]) + 128) >> 8
                    }
                    count += 1
                }
                o += channels
            }
        }
        guard count > 0 else { return 255 }
        return lumaSum < 128 * count ? 255 : 0
    }

    /// Drops the alpha channel of tightly packed GA/RGBA pixels by compositing onto `background`
    /// (`out = (c * a + bg * (255 - a)) / 255`, rounded). Returns 1 (grey) or 3 (RGB) bytes per pixel.
    static func flatten(_ pixels: [UInt8], channels: Int, background: UInt8) -> [UInt8] {
        precondition(channels == 2 || channels == 4)
        let colour = channels - 1
        let pixelCount = pixels.count / channels
        let bg = UInt32(background)
        return [UInt8](unsafeUninitializedCapacity: pixelCount * colour) { out, count in
            pixels.withUnsafeBufferPointer { src in
                var s = 0, d = 0
                for _ in 0..<pixelCount {
                    let a = UInt32(src[s + colour]), inv = 255 - a
                    for c in 0..<colour {
                        let t = UInt32(src[s + c]) * a + bg * inv + 128
                        out[d + c] = UInt8((t + (t >> 8)) >> 8)
                    }
                    s += channels
                    d += colour
                }
            }
            count = pixelCount * colour
        }
    }
}
