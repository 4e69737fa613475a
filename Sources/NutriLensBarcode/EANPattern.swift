/// The module patterns of EAN/UPC symbols (GS1 General Specifications 5.2.1.2: number sets A (`L`), B (`G`) and C
/// (`R`), EAN-13 leading-digit parity, UPC-E parity from number system and check digit).
///
/// A symbol is a row of modules, each dark (bar) or light (space): EAN-13 and UPC-A 95 (UPC-A is an EAN-13 whose
/// leading digit is 0), EAN-8 67, UPC-E 51. Quiet zones are not part of it.
enum EANPattern {
    /// Number set A (odd parity), the 7 modules of each digit 0...9, dark = `true`; written `L` in most references.
    static let setA: [[Bool]] = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111",
                                 "0111011", "0110111", "0001011"].map(bits)
    /// Number set C (`R`): set A with dark and light swapped.
    static let setC: [[Bool]] = setA.map { $0.map { !$0 } }
    /// Number set B (`G`, even parity): set C reversed.
    static let setB: [[Bool]] = setC.map { Array($0.reversed()) }
    /// EAN-13: the sets (`false` = A, `true` = B) of the six left-half digits for each leading digit 0...9.
    static let ean13Parity: [[Bool]] = ["AAAAAA", "AABABB", "AABBAB", "AABBBA", "ABAABB", "ABBAAB", "ABBBAA",
                                        "ABABAB", "ABABBA", "ABBABA"].map { $0.map { $0 == "B" } }
    /// UPC-E with number system 0: the sets of its six digits for each check digit 0...9 (number system 1 swaps A/B).
    static let upcEParity: [[Bool]] = ["BBBAAA", "BBABAA", "BBAABA", "BBAAAB", "BABBAA", "BAABBA", "BAAABB",
                                       "BABABA", "BABAAB", "BAABAB"].map { $0.map { $0 == "B" } }

    static let normalGuard: [Bool] = [true, false, true]
    static let centreGuard: [Bool] = [false, true, false, true, false]
    static let upcESpecialGuard: [Bool] = [false, true, false, true, false, true]

    /// Number of modules of `symbology`'s symbol without quiet zones: 95, 67 or 51; `nil` outside EAN/UPC.
    static func moduleCount(of symbology: Symbology) -> Int? {
        switch symbology {
        case .ean13, .upcA: return 95
        case .ean8: return 67
        case .upcE: return 51
        default: return nil
        }
    }

    /// The symbol's modules, left to right, dark = `true`, for `text` as printed: 13 digits for EAN-13, 12 for UPC-A,
    /// 8 for EAN-8 and UPC-E (number system 0 or 1, six digits, check digit). The check digit is drawn as given, not
    /// verified. `nil` for other symbologies, wrong lengths or non-digits.
    static func modules(of text: String, symbology: Symbology) -> [Bool]? {
        let digits = text.compactMap(\.wholeNumberValue)
        guard digits.count == text.count else { return nil }
        switch symbology {
        case .ean13 where digits.count == 13:
            return ean13(digits)
        case .upcA where digits.count == 12:
            return ean13([0] + digits)
        case .ean8 where digits.count == 8:
            return normalGuard + digits[0..<4].flatMap { setA[$0] } + centreGuard + digits[4...].flatMap { setC[$0] }
                + normalGuard
        case .upcE where digits.count == 8 && digits[0] <= 1:
            let parity = upcEParity[digits[7]].map { digits[0] == 1 ? !$0 : $0 }
            return normalGuard + (1...6).flatMap { i in parity[i - 1] ? setB[digits[i]] : setA[digits[i]] }
                + upcESpecialGuard
        default:
            return nil
        }
    }

    private static func ean13(_ digits: [Int]) -> [Bool] {
        let parity = ean13Parity[digits[0]]
        return normalGuard + (1...6).flatMap { i in parity[i - 1] ? setB[digits[i]] : setA[digits[i]] } + centreGuard
            + digits[7...].flatMap { setC[$0] } + normalGuard
    }

    /// Dark runs of `modules` as half-open module intervals `[start, end)`, left to right.
    static func bars(_ modules: [Bool]) -> [(start: Int, end: Int)] {
        var out: [(start: Int, end: Int)] = []
        var i = 0
        while i < modules.count {
            guard modules[i] else { i += 1; continue }
            var j = i
            while j < modules.count && modules[j] { j += 1 }
            out.append((i, j))
            i = j
        }
        return out
    }

    private static func bits(_ s: String) -> [Bool] { s.map { $0 == "1" } }
}
