import NutriLensImaging

/// One barcode found in a photo, as it appears in `ScanResult.barcodes`.
///
/// JSON: `{"symbology": "EAN-13", "text": "5000159407236", "gtin": "5000159407236", "box": {...}}`.
public struct ScannedBarcode: Codable, Sendable, Equatable {
    /// Symbology name as in ground truth: `EAN-13`, `EAN-8`, `UPC-A`, `UPC-E`, `Code-128`, `QR-Code`, `DataBar`, …
    public var symbology: String
    /// The decoded text: for EAN/UPC the digits as printed under the bars (UPC-E as 8 digits, UPC-A as 12).
    public var text: String
    /// GTIN-13 normal form (13 digits, UPC-E expanded, left-padded with zeros) for EAN/UPC symbologies;
    /// absent for symbologies that carry no GTIN.
    public var gtin: String?
    /// Where the symbol lies in the upright image, in pixels; absent when the reader gives no location.
    public var box: PixelRect?
    /// The reader's quality score (ZBar: number of agreeing scan lines, `>= 1`); absent when unknown.
    public var quality: Int?

    public init(symbology: String, text: String, gtin: String? = nil, box: PixelRect? = nil, quality: Int? = nil) {
        self.symbology = symbology
        self.text = text
        self.gtin = gtin ?? GTIN.normalForm(symbology: symbology, text: text)
        self.box = box
        self.quality = quality
    }
}
