/// Composites grey+alpha or RGBA pixels onto an opaque background chosen to keep text readable.
///
/// Text drawn on a transparent canvas has no colour behind it; OCR engines and barcode readers that see the raw
/// colour channels read dark-on-nothing as dark-on-black (tesseract#369, bug-cases.md #32). The background is
/// therefore picked from the content: white when the mostly-opaque pixels are dark on average (dark text), black
/// when they are light.
enum AlphaFlattening {
    /// Running BT.601 luma statistics of the content pixels (alpha >= 128) that decide the background.
    struct ContentLuma {
        var sum = 0
        var count = 0

        /// Adds the pixel at `p` (`channels` = 2: grey, alpha; 4: R, G, B, alpha) when it is mostly opaque.
        @inline(__always)
        mutating func add(_ p: UnsafePointer<UInt8>, channels: Int) {
            guard p[channels - 1] >= 128 else { return }
            sum += channels == 2 ? Int(p[0]) : (77 * Int(p[0]) + 150 * Int(p[1]) + 29 * Int(p[2]) + 128) >> 8
            count += 1
        }

        /// 255 (white) when the content's mean luma is below 128 or there is no content, else 0 (black).
        var background: UInt8 { count == 0 || sum < 128 * count ? 255 : 0 }
    }

    /// Background for tightly packed GA (`channels` 2) or RGBA (4) pixels; see `ContentLuma.background`.
    static func background(_ pixels: [UInt8], channels: Int) -> UInt8 {
        var luma = ContentLuma()
        pixels.withUnsafeBufferPointer { p in
            var o = 0
            while o < p.count {
                luma.add(p.baseAddress! + o, channels: channels)
                o += channels
            }
        }
        return luma.background
    }

    /// Drops the alpha channel of tightly packed GA/RGBA pixels by compositing onto `background`:
    /// `out = (c * a + bg * (255 - a)) / 255`, rounded, for straight alpha; with `premultiplied` (colour already
    /// `c * a / 255`, as the box-averaging PNG downscaler produces) `out = c + bg * (255 - a) / 255`.
    /// Returns 1 (grey) or 3 (RGB) bytes per pixel.
    static func flatten(_ pixels: [UInt8], channels: Int, background: UInt8, premultiplied: Bool = false) -> [UInt8] {
        precondition(channels == 2 || channels == 4)
        let colour = channels - 1
        let pixelCount = pixels.count / channels
        let bg = UInt32(background)
        return [UInt8](unsafeUninitializedCapacity: pixelCount * colour) { out, count in
            pixels.withUnsafeBufferPointer { src in
                var s = 0, d = 0
                for _ in 0..<pixelCount {
                    let a = UInt32(src[s + colour])
                    let weight = premultiplied ? 255 : a, behind = bg * (255 - a)
                    for c in 0..<colour {
                        out[d + c] = UInt8(min(255, (UInt32(src[s + c]) * weight + behind + 127) / 255))
                    }
                    s += channels
                    d += colour
                }
            }
            count = pixelCount * colour
        }
    }
}
