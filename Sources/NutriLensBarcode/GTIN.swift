/// GS1 Global Trade Item Number arithmetic: check digits, UPC-E expansion and the GTIN-13/GTIN-14 normal forms.
///
/// Pure functions over decimal digit strings; no ZBar involved. Rules follow the GS1 General Specifications
/// (section 7.9, "Check digit calculation": weights 3 and 1 alternating from the rightmost data digit) and the
/// UPC-E zero-suppression table (GS1 General Specifications 5.2.2.4.2).
public enum GTIN {
    /// The GS1 mod-10 check digit for `payload` (the digits before the check digit).
    ///
    /// - Parameter payload: 1...17 decimal digits, e.g. the first 12 digits of an EAN-13.
    /// - Returns: 0...9, or `nil` when `payload` is empty or holds a non-digit.
    public static func checkDigit(forPayload payload: String) -> Int? {
        guard let digits = decimalDigits(payload), !digits.isEmpty else { return nil }
        var sum = 0
        // Weight 3 falls on the digit right next to the check digit, whatever the code's length.
        for (offset, digit) in digits.reversed().enumerated() {
            sum += digit * (offset % 2 == 0 ? 3 : 1)
        }
        return (10 - sum % 10) % 10
    }

    /// Whether `code` is all digits, 8, 12, 13 or 14 long (GTIN-8/12/13/14), and its last digit is the GS1 check digit.
    public static func hasValidCheckDigit(_ code: String) -> Bool {
        guard [8, 12, 13, 14].contains(code.count), let digits = decimalDigits(code) else { return false }
        return checkDigit(forPayload: String(code.dropLast())) == digits.last
    }

    /// Expands an 8-digit UPC-E (number system, six data digits, check digit) to its 12-digit UPC-A.
    ///
    /// Example: `01234565` -> `012345000065`. Returns `nil` when the input is not 8 digits, the number system is not
    /// 0 or 1 (the only ones UPC-E encodes), or the check digit does not match the expanded UPC-A.
    public static func expandUPCE(_ upce: String) -> String? {
        guard upce.count == 8, let d = decimalDigits(upce), d[0] <= 1 else { return nil }
        let ns = d[0], x = Array(d[1...6]), check = d[7]
        let body: [Int]
        // The last data digit says where the manufacturer/product zeros were suppressed.
        switch x[5] {
        case 0, 1, 2: body = [x[0], x[1], x[5], 0, 0, 0, 0, x[2], x[3], x[4]]
        case 3: body = [x[0], x[1], x[2], 0, 0, 0, 0, 0, x[3], x[4]]
        case 4: body = [x[0], x[1], x[2], x[3], 0, 0, 0, 0, 0, x[4]]
        default: body = [x[0], x[1], x[2], x[3], x[4], 0, 0, 0, 0, x[5]]
        }
        let payload = ([ns] + body).map(String.init).joined()
        guard checkDigit(forPayload: payload) == check else { return nil }
        return payload + String(check)
    }

    /// The GTIN normal form of a retail code as printed, or `nil` when it is malformed or its check digit is wrong.
    ///
    /// - EAN-13 -> itself; UPC-A (12) -> `0` + 12; UPC-E (8) -> `0` + expanded UPC-A; EAN-8 -> `00000` + 8
    ///   (GTIN-13 normal form, so every retail code compares as 13 digits).
    /// - ITF-14 -> its 14 digits; DataBar -> the 14-digit GTIN (a leading Application Identifier `01` is dropped).
    /// - Code 128 / QR Code -> `nil` (they carry no GTIN by themselves).
    public static func normalForm(of text: String, symbology: Symbology) -> String? {
        let gtin: String
        switch symbology {
        case .ean13 where text.count == 13: gtin = text
        case .upcA where text.count == 12: gtin = "0" + text
        case .upcE:
            guard let upcA = expandUPCE(text) else { return nil }
            gtin = "0" + upcA
        case .ean8 where text.count == 8: gtin = "00000" + text
        case .itf14 where text.count == 14: gtin = text
        case .dataBar, .dataBarExpanded:
            if text.count == 14 { gtin = text }
            else if text.count >= 16 && text.hasPrefix("01") { gtin = String(text.dropFirst(2).prefix(14)) }
            else { return nil }
        default: return nil
        }
        return hasValidCheckDigit(gtin) ? gtin : nil
    }

    /// The GTIN-13 form of any GTIN-8/12/13 string, or of a GTIN-14 whose indicator digit is 0; `nil` otherwise.
    ///
    /// Used to compare codes across symbologies (`012345678905` UPC-A equals EAN-13 `0012345678905`). The check
    /// digit is not verified here; use `hasValidCheckDigit` for that.
    public static func gtin13(_ gtin: String) -> String? {
        guard decimalDigits(gtin) != nil else { return nil }
        switch gtin.count {
        case 8, 12, 13: return String(repeating: "0", count: 13 - gtin.count) + gtin
        case 14 where gtin.hasPrefix("0"): return String(gtin.dropFirst())
        default: return nil
        }
    }

    private static func decimalDigits(_ s: String) -> [Int]? {
        var out: [Int] = []
        out.reserveCapacity(s.utf8.count)
        for b in s.utf8 {
            guard b >= 0x30 && b <= 0x39 else { return nil }
            out.append(Int(b - 0x30))
        }
        return out
    }
}
