import NutriLensImaging

/// A cheap "is any symbol here at all?" sweep for big photos where `BarRegionFinder` sees no bars.
///
/// The finder misses codes cut by the photo's border (their bars are too short for `BarPatternCheck`, or the cut code
/// leaves too few bar-like cells) and QR codes (not bars). ZBar still decodes those from a sparse sweep: the 2x
/// box-downscaled copy (a quarter of the pixels; label-photo codes have modules of several pixels), every
/// `lineSpacing`-th row and column (ZBar's X/Y density). That is about 1/16 of the native ladder step's sweep.
/// Any decoded symbol — valid or not, any symbology — only means "run the ladder"; the ladder's own steps and
/// acceptance rules decide what is reported, so a spurious probe hit costs time, never a wrong code.
enum SymbolProbe {
    /// Rows and columns between ZBar's scanlines on the half-size copy (4: every 8th row of the input). On the label
    /// corpus a truncated EAN-13 only 60 input pixels tall still gives the probe several scanlines.
    static let lineSpacing = 4

    /// Whether a sparse ZBar sweep over `image` decodes any symbol or add-on. `image` is packed (stride = width).
    /// `dataBar` as in `BarcodeReadOptions.readsDataBar`. Throws `BarcodeError.zbarUnavailable` when ZBar cannot
    /// allocate its scanner.
    static func seesSymbol(in image: GrayImage, dataBar: Bool = false) throws -> Bool {
        // Too small to halve: the caller's size threshold keeps this from happening; probe at full size then.
        let half = image.width >= 64 && image.height >= 64 ? ((try? image.downscaled(by: 2)) ?? image) : image
        let (symbols, addOns) = try ZBarImageScanner(lineSpacing: lineSpacing, dataBar: dataBar).scan(half)
        return !symbols.isEmpty || !addOns.isEmpty
    }
}
