import CZBar

/// A barcode symbology as printed on the pack. Raw values are the names used in ground-truth sidecars
/// (`../shared/docs/ground-truth.md`) and in `ScanResult` JSON.
public enum Symbology: String, Sendable, Codable, CaseIterable, Hashable {
    case ean13 = "EAN-13"
    case ean8 = "EAN-8"
    case upcA = "UPC-A"
    case upcE = "UPC-E"
    /// Interleaved 2 of 5 with exactly 14 digits (GTIN-14 on outer cases); other ITF lengths are not read.
    case itf14 = "ITF-14"
    case code128 = "Code-128"
    /// GS1 DataBar Omnidirectional / Stacked (a GTIN-14).
    case dataBar = "DataBar"
    /// GS1 DataBar Expanded (Application Identifier strings).
    case dataBarExpanded = "DataBar-Expanded"
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
