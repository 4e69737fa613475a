extension RGBImage {
    /// BT.601 luma, `Y = (77 R + 150 G + 29 B + 128) >> 8` (ITU-R BT.601 weights 0.299/0.587/0.114 in 8.8 fixed point).
    /// Alpha is ignored. Returns a tightly packed image of the same size.
    public func luminance() -> GrayImage {
        var out = [UInt8](repeating: 0, count: width * height)
        let bpp = layout.bytesPerPixel
        let (ri, bi) = layout == .bgra ? (2, 0) : (0, 2)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    var o = y * stride
                    let row = y * width
                    for x in 0..<width {
                        let r = UInt32(src[o + ri]), g = UInt32(src[o + 1]), b = UInt32(src[o + bi])
                        dst[row + x] = UInt8((77 * r + 150 * g + 29 * b + 128) >> 8)
                        o += bpp
                    }
                }
            }
        }
        return GrayImage(width: width, height: height, stride: width, pixels: out)
    }
}
