import Foundation

// The Russian / Belarusian "of which" ("из них") as a Latin reading recognises it: its "з" is a 3.
extension LineAnalyzer {
    /// Latin look-alikes of Cyrillic "них" ("of them") as the recogniser reads it, folded: н as H, и as N or H, х as X.
    static let cyrillicThemReadings: Set<String> = ["hnx", "hhx", "hux", "nnx"]

    /// `true` for a bare "3" or "03" read right before a Latin look-alike of "них": the letters "из" of the Russian
    /// sub-row word "из них" ("of which"), its "з" read as a 3 and its "и" as a 0 or dropped, not an amount.
    ///
    /// Class: multilingual EU packs that add a Russian or Belarusian column of names ("… W tym nasycone kwasy
    /// tłuszczowe / 03 HNX", "… nasycené mastné kyseliny - - 3 HNX"): the "3" stood as the saturates row's amount
    /// (0,3 g or 3 g for 6,8 / 1,8 g printed beside; FoodLabel full 0185, 0100). The Latin reading never gives a
    /// word "hnx" otherwise; a figure glued to any other word stays.
    /// - Parameters:
    ///   - quantity: a number scanned on the line.
    ///   - chars: the line's characters.
    ///   - words: the line's words (``words(_:)``).
    static func isCyrillicOfWhichLetters(_ quantity: ScannedQuantity, _ chars: [Character], words: [Word]) -> Bool {
        guard quantity.unit == nil, quantity.qualifier == nil, !quantity.isPercent,
              quantity.text == "3" || quantity.text == "03",
              let next = words.first(where: { $0.start >= quantity.end }),
              cyrillicThemReadings.contains(next.folded) else { return false }
        return chars[quantity.end..<next.start].allSatisfy { $0 == " " }
    }
}
