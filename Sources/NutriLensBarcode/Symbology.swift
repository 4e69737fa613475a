import CZBar

/// A barcode symbology as printed on the pack. Raw values are the names used in ground-truth sidecars
/// (`../shared/docs/ground-truth.md`) and in `ScanResult` JSON.
public enum Symbology: String, Sendable, Codable, CaseIterable, Hashable {
    /// EAN-13: 13 digits, the last a GS1 mod-10 check digit; its GTIN-13 is the text itself.
    case ean13 = "EAN-13"
    /// EAN-8: 8 digits with a check digit, for small packs; its GTIN-13 is the text with five leading zeros.
    case ean8 = "EAN-8"
    /// UPC-A: 12 digits with a check digit (North America); its GTIN-13 is "0" + the text.
    case upcA = "UPC-A"
    /// UPC-E: the 8-digit zero-suppressed form of a UPC-A (number system 0 or 1, check digit last); its GTIN-13 is
    /// "0" + the expanded UPC-A.
    case upcE = "UPC-E"
    /// Interleaved 2 of 5 with exactly 14 digits (GTIN-14 on outer cases); other ITF lengths are not read.
    case itf14 = "ITF-14"
    /// Code 128 (any ASCII text; no GTIN is derived from it).
    case code128 = "Code-128"
    /// GS1 DataBar Omnidirectional / Stacked (a GTIN-14).
    case dataBar = "DataBar"
    /// GS1 DataBar Expanded (Application Identifier strings).
    case dataBarExpanded = "DataBar-Expanded"
    /// QR Code (any text, often a URL; Reed-Solomon protected, so a read is taken as right: confidence 0.95).
    case qrCode = "QR-Code"

    /// EAN/UPC family: codes that always carry a GTIN and may have an EAN-2/EAN-5 add-on.
    public var isEANUPC: Bool { self == .ean13 || self == .ean8 || self == .upcA || self == .upcE }

    /// Maps a ZBar symbol type; `nil` for types NutriLens does not enable (ISBN, add-ons, partials, others).
    init?(zbar type: zbar_symbol_type_t, textLength: Int) {
        switch type {
        case ZBAR_EAN13: self = .ean13
        case ZBAR_EAN8: self = .ean8
        case ZBAR_UPCA: self = .upcA
        case ZBAR_UPCE: self = .upcE
        case ZBAR_I25 where textLength == 14: self = .itf14
        case ZBAR_CODE128: self = .code128
        case ZBAR_DATABAR: self = .dataBar
        case ZBAR_DATABAR_EXP: self = .dataBarExpanded
        case ZBAR_QRCODE: self = .qrCode
        default: return nil
        }
    }
}

/// Which way a 1D symbol reads in the image it was found in (ZBar's orientation, mapped back to the original image).
public enum BarcodeOrientation: String, Sendable, Codable, Hashable {
    /// Upright, read left to right.
    case up
    /// Sideways, read top to bottom.
    case right
    /// Upside down, read right to left.
    case down
    /// Sideways, read bottom to top.
    case left
    /// ZBar could not tell (it reports -1, e.g. for QR codes or single-scanline hits).
    case unknown

    /// Maps ZBar's `zbar_orientation_t` (-1...3); any other value is `.unknown`, never a crash.
    init(zbar raw: Int32) {
        switch raw {
        case 0: self = .up
        case 1: self = .right
        case 2: self = .down
        case 3: self = .left
        default: self = .unknown
        }
    }

    /// This orientation after turning the image it refers to by `quarterTurns` x 90 degrees clockwise.
    func turned(clockwiseQuarterTurns quarterTurns: Int) -> BarcodeOrientation {
        let order: [BarcodeOrientation] = [.up, .right, .down, .left]
        guard let i = order.firstIndex(of: self) else { return .unknown }
        return order[((i + quarterTurns) % 4 + 4) % 4]
    }
}
