import NutriLensImaging

/// One barcode found in a photo.
public struct Barcode: Sendable, Equatable, Codable {
    /// Symbology as printed (a UPC-E stays UPC-E, a UPC-A stays UPC-A; ISBN is never reported as a symbology).
    public var symbology: Symbology
    /// The data as printed under the bars: 13 digits for EAN-13, 12 for UPC-A, 8 for UPC-E/EAN-8 (check digit
    /// included), 14 for ITF-14; the decoded text for Code 128 / QR Code; DataBar as ZBar reports it (`01` + GTIN-14).
    public var text: String
    /// GTIN normal form when the check digit verifies (GS1 mod-10): GTIN-13 for EAN/UPC (`GTIN.normalForm`),
    /// GTIN-14 for ITF-14 and DataBar; `nil` for other symbologies or when the check digit fails.
    public var gtin: String?
    /// EAN-2 or EAN-5 supplement printed to the right of an EAN/UPC symbol (issue number, price), never part of `gtin`.
    public var addOn: String?
    /// Outline in the ORIGINAL image's pixel coordinates: the four corners of the area where ZBar's scanlines
    /// decoded the symbol (for 1D codes a thin band across the bars), clockwise from top-left of that area.
    public var polygon: [PixelPoint]
    /// Reading direction in the original image.
    public var orientation: BarcodeOrientation
    /// Number of ZBar scanlines that decoded exactly this text, summed over the ladder steps that found it
    /// (ZBar itself drops EAN/UPC hits with fewer than 4). Higher is more trustworthy.
    public var quality: Int
    /// 0...1: how sure the reader is: `q / (q + 4)` for `q` = `quality` (4 scanlines -> 0.5, 12 -> 0.75), with the
    /// remaining doubt halved when two ladder steps read the same text; QR Code (Reed-Solomon protected) is 0.95.
    /// Every reported GTIN has already passed the acceptance rules described at `BarcodeReader`.
    public var confidence: Double
    /// The ladder step whose image first yielded this code.
    public var step: LadderStep

    /// Memberwise; the reader fills it. `text` as printed, `gtin` only when the check digit verifies, `polygon` in
    /// original-image pixels, `quality` ZBar scanlines (>= 0), `confidence` 0...1, `step` the first ladder step that
    /// read it; `symbology`, `addOn`, `orientation` as the properties.
    public init(symbology: Symbology, text: String, gtin: String?, addOn: String?, polygon: [PixelPoint],
                orientation: BarcodeOrientation, quality: Int, confidence: Double, step: LadderStep) {
        self.symbology = symbology; self.text = text; self.gtin = gtin; self.addOn = addOn
        self.polygon = polygon; self.orientation = orientation; self.quality = quality
        self.confidence = confidence; self.step = step
    }

    /// Axis-aligned bounds of `polygon` (original image pixels).
    public var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let xs = polygon.map(\.x), ys = polygon.map(\.y)
        return (xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0)
    }
}
