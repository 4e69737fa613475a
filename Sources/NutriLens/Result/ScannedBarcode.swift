import NutriLensBarcode
import NutriLensImaging

/// One barcode found in a photo, as it appears in `ScanResult.barcodes`.
///
/// JSON: `{"symbology": "EAN-13", "text": "5000159407236", "gtin": "5000159407236", "box": {...}, "quality": 12,
/// "confidence": 1}`.
public struct ScannedBarcode: Codable, Sendable, Equatable {
    /// Symbology name as in ground truth: `EAN-13`, `EAN-8`, `UPC-A`, `UPC-E`, `ITF-14`, `Code-128`, `QR-Code`,
    /// `DataBar`, `DataBar-Expanded`.
    public var symbology: String
    /// The decoded text: for EAN/UPC the digits as printed under the bars (UPC-E as 8 digits, UPC-A as 12).
    public var text: String
    /// GTIN normal form when the check digit verifies: 13 digits for EAN/UPC (UPC-E expanded, left-padded with
    /// zeros), 14 for ITF-14/DataBar; absent for symbologies without a GTIN or a failed check digit.
    public var gtin: String?
    /// EAN-2/EAN-5 supplement printed beside an EAN/UPC symbol; never part of `gtin`.
    public var addOn: String?
    /// Where the symbol was decoded in the upright image at full resolution, in pixels; absent when unknown.
    public var box: PixelRect?
    /// Number of agreeing ZBar scanlines (higher is more trustworthy); absent when unknown.
    public var quality: Int?
    /// The reader's certainty, 0…1 (see `NutriLensBarcode.BarcodeReader`); absent when unknown.
    public var confidence: Double?

    /// Creates a barcode; `gtin` defaults to the checked normal form of `text` (`NutriLensBarcode.GTIN.normalForm`).
    /// `symbology` a ground-truth name (`EAN-13`, …); `text` as decoded; `addOn` the EAN-2/EAN-5 supplement; `box` in
    /// upright full-resolution pixels; `quality` agreeing ZBar scanlines (>= 0); `confidence` 0...1; `nil`: unknown.
    public init(symbology: String, text: String, gtin: String? = nil, addOn: String? = nil, box: PixelRect? = nil,
                quality: Int? = nil, confidence: Double? = nil) {
        self.symbology = symbology
        self.text = text
        self.gtin = gtin ?? Symbology(rawValue: symbology).flatMap { GTIN.normalForm(of: text, symbology: $0) }
        self.addOn = addOn
        self.box = box
        self.quality = quality
        self.confidence = confidence
    }

    enum CodingKeys: String, CodingKey {
        case symbology, text, gtin, box, quality, confidence
        case addOn = "add_on"
    }
}
