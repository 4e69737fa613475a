import Foundation
import NutriLens
import NutriLensBarcode

/// The identity `eval` compares barcodes by (`../shared/docs/ground-truth.md`, "Scoring"): the GTIN-13 normal form, so
/// UPC-A `012345678905` ≡ EAN-13 `0012345678905`, UPC-E is expanded to UPC-A first, EAN-8 is left-padded.
/// The GTIN arithmetic itself lives in `NutriLensBarcode.GTIN`; this only adds the sidecar spelling of symbologies
/// and keeps a misread check digit comparable (it then matches nothing, instead of vanishing).
public enum BarcodeIdentity {
    /// GTIN-13 normal form of a code as labelled or read; GTIN-14 for ITF-14/DataBar with a non-zero indicator;
    /// `nil` for symbologies without a GTIN (Code-128, QR-Code) or non-digit text.
    public static func normalForm(symbology: String, text: String) -> String? {
        guard let sym = Symbology(rawValue: canonicalSymbology(symbology)) else { return nil }
        if let gtin = GTIN.normalForm(of: text, symbology: sym) { return GTIN.gtin13(gtin) ?? gtin }
        // Invalid check digit (a misread, or a typo in a sidecar): compare the digits as printed, padded.
        guard sym.isEANUPC, sym != .upcE else { return nil }
        return GTIN.gtin13(text)
    }

    /// What `eval` compares: ``normalForm(symbology:text:)`` for GTIN symbologies, otherwise the text without
    /// surrounding whitespace and line breaks (a Code-128 on a pack may encode a trailing CR LF that the sidecar,
    /// written from the printed digits, leaves out).
    public static func identity(symbology: String, text: String) -> String {
        normalForm(symbology: symbology, text: text) ?? text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Folds spelling variants (`EAN13`, `ean-13`, `UPCA`, `QR`) onto the ground-truth names.
    static func canonicalSymbology(_ name: String) -> String {
        let folded = name.uppercased().filter { $0.isLetter || $0.isNumber }
        switch folded {
        case "EAN13", "ISBN13": return Symbology.ean13.rawValue
        case "EAN8": return Symbology.ean8.rawValue
        case "UPCA": return Symbology.upcA.rawValue
        case "UPCE": return Symbology.upcE.rawValue
        case "ITF14": return Symbology.itf14.rawValue
        case "CODE128": return Symbology.code128.rawValue
        case "QR", "QRCODE": return Symbology.qrCode.rawValue
        case "DATABAR", "GS1DATABAR": return Symbology.dataBar.rawValue
        default: return name
        }
    }
}
