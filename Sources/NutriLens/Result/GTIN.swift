/// GTIN-13 normal form, the identity `eval` uses to compare barcodes (`../shared/docs/ground-truth.md`, "Scoring"):
/// UPC-A `012345678905` ≡ EAN-13 `0012345678905`; UPC-E is expanded to UPC-A first; EAN-8 is left-padded.
///
/// Rules: GS1 General Specifications §3.2 (GTIN formats) and the UPC-E zero-suppression table.
public enum GTIN {
    /// The 13-digit normal form of an EAN/UPC symbol's text, or `nil` for other symbologies, non-digit text, or a
    /// UPC-E whose number system is not 0 or 1. Check digits are kept as read (not validated) so a misread still
    /// compares unequal.
    public static func normalForm(symbology: String, text: String) -> String? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        switch canonicalSymbology(symbology) {
        case "UPC-E":
            guard let upcA = expandUPCE(text) else { return nil }
            return "0" + upcA
        case "EAN-13", "EAN-8", "UPC-A", "GTIN", "EAN":
            return text.count <= 13 ? String(repeating: "0", count: 13 - text.count) + text
                : (text.count == 14 && text.hasPrefix("0") ? String(text.dropFirst()) : nil)
        default:
            return nil
        }
    }

    /// Expands a UPC-E code (6 digits with implied number system 0, 7 digits without check digit, or 8 digits) to the
    /// 12-digit UPC-A it stands for; `nil` when the input is not a UPC-E code.
    public static func expandUPCE(_ text: String) -> String? {
        let digits = text.compactMap { $0.wholeNumberValue }
        guard digits.count == text.count else { return nil }
        let numberSystem: Int, data: [Int], check: Int?
        switch digits.count {
        case 6: numberSystem = 0; data = digits; check = nil
        case 7: numberSystem = digits[0]; data = Array(digits[1...6]); check = nil
        case 8: numberSystem = digits[0]; data = Array(digits[1...6]); check = digits[7]
        default: return nil
        }
        guard numberSystem == 0 || numberSystem == 1 else { return nil }
        let (d1, d2, d3, d4, d5, d6) = (data[0], data[1], data[2], data[3], data[4], data[5])
        let body: [Int]
        switch d6 {
        case 0, 1, 2: body = [d1, d2, d6, 0, 0, 0, 0, d3, d4, d5]
        case 3: body = [d1, d2, d3, 0, 0, 0, 0, 0, d4, d5]
        case 4: body = [d1, d2, d3, d4, 0, 0, 0, 0, 0, d5]
        default: body = [d1, d2, d3, d4, d5, 0, 0, 0, 0, d6]
        }
        let first11 = [numberSystem] + body
        let checkDigit = check ?? GTIN.checkDigit(first11)
        return (first11 + [checkDigit]).map(String.init).joined()
    }

    /// GS1 mod-10 check digit of `digits` (the code without its check digit): weights 3,1,3,… from the right.
    public static func checkDigit(_ digits: [Int]) -> Int {
        var sum = 0
        for (i, d) in digits.reversed().enumerated() { sum += d * (i % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10
    }

    /// Folds spelling variants (`EAN13`, `ean-13`, `UPCA`) onto the ground-truth names.
    static func canonicalSymbology(_ name: String) -> String {
        let folded = name.uppercased().filter { $0.isLetter || $0.isNumber }
        switch folded {
        case "EAN13": return "EAN-13"
        case "EAN8": return "EAN-8"
        case "UPCA": return "UPC-A"
        case "UPCE": return "UPC-E"
        case "ISBN13": return "EAN-13"
        default: return name
        }
    }
}
