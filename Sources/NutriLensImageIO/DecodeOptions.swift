/// How `ImageDecoder` reads a photo. The defaults decode at full size, upright, in colour, with limits that stop a
/// hostile or mistaken input from exhausting memory.
public struct DecodeOptions: Sendable, Equatable {
    /// Largest accepted `width * height` at full scale, checked from the file header before any pixel memory is
    /// allocated (default 100 megapixels). Over it: `ImageDecodingError.tooLarge`.
    public var maxPixels: Int
    /// Largest accepted file or data size in bytes (default 256 MiB). Over it: `ImageDecodingError.fileTooLarge`;
    /// a file that large is never read.
    public var maxFileBytes: Int
    /// When set, decode smaller but keep the long side `>=` this many pixels: JPEG uses the smallest libjpeg DCT
    /// scale `n/8` (n = 1...8) that reaches it, so a 12 MP photo wanted at ~1500 px is never decoded at full size;
    /// PNG box-averages rows by the largest integer factor that reaches it while they are decoded (output
    /// `ceil(size / factor)`), so full-size pixels are never held. Never upscales: smaller images decode at full
    /// scale.
    public var targetMaxSide: Int?
    /// Rotate/mirror to the EXIF orientation (JPEG APP1, PNG eXIf) so row 0 is the top of the scene (default true).
    public var applyOrientation: Bool
    /// `true`: colour sources decode to `.color` (RGB). `false`: everything decodes to `.gray` (BT.601 luma), which
    /// for YCbCr JPEG comes straight from the Y plane and costs a third of the memory.
    public var wantColor: Bool
    /// Progressive JPEGs with more scans than this are rejected as corrupt (a crafted file can hold thousands of
    /// scans, each a full pass over the image). Real encoders write about 10.
    public var maxProgressiveScans: Int

    /// Defaults: 100 MP, 256 MiB, no downscale, orientation applied, colour, 1000 progressive scans.
    /// `maxPixels` 100 MP, `maxFileBytes` 256 MiB, `targetMaxSide` none (full size), `applyOrientation` on,
    /// `wantColor` on, `maxProgressiveScans` 1000; each is the property of that name, with its range there.
    public init(maxPixels: Int = 100_000_000, maxFileBytes: Int = 256 << 20, targetMaxSide: Int? = nil,
                applyOrientation: Bool = true, wantColor: Bool = true, maxProgressiveScans: Int = 1000) {
        self.maxPixels = maxPixels
        self.maxFileBytes = maxFileBytes
        self.targetMaxSide = targetMaxSide
        self.applyOrientation = applyOrientation
        self.wantColor = wantColor
        self.maxProgressiveScans = maxProgressiveScans
    }
}

extension DecodeOptions {
    /// Throws `.tooLarge` when `width * height` (from a header, before any allocation) is over `maxPixels` or overflows.
    func checkPixelLimit(width: Int, height: Int) throws {
        let product = width.multipliedReportingOverflow(by: height)
        guard !product.overflow, product.partialValue <= maxPixels else {
            throw ImageDecodingError.tooLarge(width: width, height: height, limit: maxPixels)
        }
    }
}
