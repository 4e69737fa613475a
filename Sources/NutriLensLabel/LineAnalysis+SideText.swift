import Foundation

// A line's entry point, and table rows that visual-row grouping joined with side text.
extension LineAnalyzer {
    /// - Parameter oversizedSpans: character ranges of figures far taller than the page's others
    ///   (``OversizedFigures``), kept with the line (and shifted with a table row cut from side text).
    static func analyze(_ text: String, lineIndex: Int, box: TextBox? = nil,
                        wordBoxes: [(start: Int, end: Int, box: TextBox)] = [],
                        oversizedSpans: [Range<Int>] = []) -> LineAnalysis {
        var whole = analyzeWhole(text, lineIndex: lineIndex, box: box, wordBoxes: wordBoxes)
        whole.oversizedSpans = oversizedSpans
        return whole.isNonTable ? tableRowAfterSideText(whole) ?? tableRowBeforeSideText(whole) ?? whole : whole
    }

    /// A US panel photographed with the pack's side text level with it ("Total Carbohydrate 0g 0% SHAKE WELL
    /// BEFORE OPENING", "Calories 10 Calories from Fat WHOLE FOODS MARKET"): visual rows join the row and the
    /// prose, and the whole line was dropped. The head — the line's first row name at its start and the amounts
    /// right after it — is kept when it reads as table text on its own and holds no "less than" bound (the %DV
    /// footnote's "Sodium Less than 2,400mg").
    private static func tableRowBeforeSideText(_ whole: LineAnalysis) -> LineAnalysis? {
        guard case .mention(let name)? = whole.events.first,
              whole.text.prefix(name.start).allSatisfy({ !$0.isLetter && !$0.isNumber }) else { return nil }
        var end = name.end
        for event in whole.events.dropFirst() {
            guard case .quantity(let quantity) = event, quantity.qualifier != .lessThan else { break }
            end = quantity.end
        }
        guard end > name.end, end < whole.text.count else { return nil }
        var head = analyzeWhole(String(whole.text.prefix(end)), lineIndex: whole.lineIndex, box: whole.box,
                                wordBoxes: whole.wordBoxes.filter { $0.end <= end })
        head.oversizedSpans = whole.oversizedSpans.filter { $0.upperBound <= end }
        guard !head.isNonTable, head.mentions.count == 1,
              head.quantities.contains(where: { !$0.isPercent }) else { return nil }
        return head
    }

    /// `true` when a row name's text prints its unit in brackets ("Glucides/Hidratos de carbono (g)", "Sodium
    /// (mg)"): tables that give the unit in the name column and bare numbers in the value columns.
    private static func namesMassUnit(_ name: String) -> Bool {
        let folded = name.lowercased().replacingOccurrences(of: " ", with: "")
        return bracketedMassUnits.contains { folded.contains($0) }
    }

    /// Visual rows rebuilt from word boxes join a table row with the text beside it: a %DV statement ("*Percent
    /// Daily Values (DV) are Sodium 65mg 3% Protein 159 30%") or an ingredient list ("milk, cocoa butter, chocolate
    /// soy cithin Vit.D Omeg 0 Calcium 58mg 4%"), and the whole line was dropped as non-table text. The line from
    /// the first row name on is kept when that tail reads as table text on its own, its first row name (repeated in
    /// other languages or not) is followed by an amount with a printed mass unit (g, mg, µg) or by a bare amount
    /// after a unit printed in the name ("le sureau, orange, kiwi Glucides/Hidratos de carbono (g) 75 19", an
    /// ingredient list left of a trilingual table, session 14), and it holds no energy amount and no "less than"
    /// bound (reference-intake statements and the US footnote's "Total Fat Less than 65g" stay dropped).
    private static func tableRowAfterSideText(_ whole: LineAnalysis) -> LineAnalysis? {
        let chars = Array(whole.text)
        for mention in whole.mentions where mention.start > 0 {
            let shifted = whole.wordBoxes.filter { $0.start >= mention.start }
                .map { (start: $0.start - mention.start, end: $0.end - mention.start, box: $0.box) }
            let box = shifted.map(\.box).reduce(nil as TextBox?) { partial, box in partial.map { $0.union(box) } ?? box }
            var tail = analyzeWhole(String(chars[mention.start...]), lineIndex: whole.lineIndex,
                                    box: whole.box == nil ? nil : box, wordBoxes: shifted)
            tail.oversizedSpans = whole.oversizedSpans.filter { $0.lowerBound >= mention.start }
                .map { ($0.lowerBound - mention.start)..<($0.upperBound - mention.start) }
            guard !tail.isNonTable, case .mention(let name)? = tail.events.first,
                  let firstAmount = tail.events.firstIndex(where: { if case .quantity = $0 { true } else { false } }),
                  tail.events[1..<firstAmount].allSatisfy({
                      if case .mention(let other) = $0 { other.nutrient == name.nutrient } else { false }
                  }),
                  case .quantity(let first) = tail.events[firstAmount], !first.isPercent,
                  first.unit?.grams != nil
                      || (first.unit == nil && namesMassUnit(String(chars[mention.start..<(mention.start + first.start)]))),
                  !tail.quantities.contains(where: { $0.qualifier == .lessThan || $0.unit?.isEnergy == true
                      || $0.isEnergyOfUnknownUnit })
            else { continue }
            return tail
        }
        return nil
    }
}
