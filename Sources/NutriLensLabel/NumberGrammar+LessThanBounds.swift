import Foundation

// The figures a "<" bound is printed with, and the g of such a bound read as 9.
extension NumberGrammar {
    /// The bounds labels print after "<", in grams: the EC guidance on tolerances and rounding (Dec 2012, section 6)
    /// lets a value below a threshold be declared "<" that threshold: 0,5 g for fat, carbohydrate, sugars, protein
    /// and fibre, 0,1 g for saturates, 0,01 g for salt (0,005 g sodium); 21 CFR 101.9(c) prints "less than 1 gram"
    /// (< 1 g). A bound is one of these round figures, not a measurement.
    static let printedLessThanBounds: Set<Decimal> = [Decimal(string: "0.5")!, Decimal(string: "0.1")!,
                                                      Decimal(string: "0.01")!, Decimal(string: "0.005")!, 1]

    /// "<0,59" → < 0,5 g, "<0.19" → < 0,1 g: a "<" bound with no unit read whose last digit is a 9 (or an 8:
    /// "<0,58", session 21's renders) that, dropped, leaves one of the ``printedLessThanBounds``: that digit was its
    /// g (FoodLabel small crop 0063, large crop 0080). A bound reading "0,59" as printed would be a measurement to
    /// two decimals, which no label declares as a bound.
    /// A bound read with three decimals ending in that 8 or 9 has its g there too when the rest has one or two
    /// ("<0,038" → < 0,03 g, FoodLabel small and large crop 0083; session 26 flprec2): the only bound printed to three
    /// decimals is sodium's 0,005, and labels also print bounds outside the EC figures ("<0,03g", "<0,4g", "<0,3g" in
    /// FoodLabel's text), so those are believed without the list.
    /// `nil` when the digits are not of that form (the bound is then read as printed).
    static func lessThanBoundWithNineAsGram(digits: [Character]) -> ScannedQuantity.Reading? {
        guard digits.count >= 2, digits.last == "9" || digits.last == "8" else { return nil }
        let trimmed = Array(digits.dropLast())
        guard let last = trimmed.last, !isSeparator(last), var reading = parseDigits(trimmed, unit: .gram),
              printedLessThanBounds.contains(reading.value)
                || (reading.fractionDigits == 2 && reading.value > 0 && reading.value < 1) else { return nil }
        reading.repairs = [.nineAsGram]
        return reading
    }
}

extension ScannedQuantity {
    /// `true` for a "<" bound above 1 g (or unitless): no label prints one (the EC rounding guidance prints "<0,5 g",
    /// "<0,1 g", "<0,01 g" and "<0,005 g"; 21 CFR 101.9 "less than 1 g"; ``NumberGrammar/printedLessThanBounds``),
    /// so it is another figure misread, a %RI "<1%" whose "%" OCR read as a 4 ("<14" beside "5,7 g 0,3 g",
    /// FoodLabel full 0479). It takes no part in the serving-ratio pairing
    /// (``TableBuilder/pairedByServingRatio(_:leading:ratio:kcal:after:)``) or the alignment of amounts
    /// (``TableBuilder/amountsInReadingOrder(_:leading:after:)``), where as a bound it would pair with any small
    /// amount.
    var isBoundNoLabelPrints: Bool {
        qualifier == .lessThan && (unit == nil || unit == .gram) && doubleValue > 1
    }
}
