import Foundation

// A front-of-pack reference-intake strip: one column per nutrient, each name printed above its amount.
extension ColumnLayout {
    /// The index of the strip's amounts line when the text is a front-of-pack reference-intake strip, else `nil`.
    /// A strip (the UK/EU "GDA" or "traffic-light" icons: "Energy | Fat | Saturates | Sugars | Salt", each name
    /// above its amount and its "% of an adult's reference intake"): a line names energy and at least two other nutrients side by side with no amount on it, the first
    /// line after it with amounts holds at least three of them side by side (one per name, not a row's columns),
    /// and at least two figures after the names are percentages (the icons' %RI).
    ///
    /// Such a strip with no column header is per portion: Regulation (EU) 1169/2011 Art. 33(2) and the UK
    /// front-of-pack guidance let the front of the pack give the amounts per portion, with the %RI of the portion;
    /// a strip per 100 g says "per 100 g", which the header reading finds before this default is needed
    /// (`detectColumns`). julielee9067 `eng_real_17` ("Energy Fat Saturates Sugar" / "1042kJ 15.5g 8.5g 12.2g" /
    /// "22% 43% 14% 5%", the "Each … contains" line cut off) was read per 100 g; session 20,
    /// `FrontOfPackStripTests`.
    /// - Parameter lines: the table's lines in reading order (the header-zone lines `detectColumns` looks at are
    ///   not enough: the strip's names are its first row).
    static func frontOfPackStripEnd(_ lines: [LineAnalysis]) -> Int? {
        guard let namesIndex = lines.firstIndex(where: { line in
            let nutrients = Set(line.mentions.map(\.nutrient))
            return !line.isNonTable && line.quantities.isEmpty && nutrients.contains(where: \.isEnergy)
                && nutrients.filter({ !$0.isEnergy }).count >= 2
        }) else { return nil }
        let after = lines[(namesIndex + 1)...]
        guard let amounts = after.first(where: { !$0.quantities.isEmpty }),
              amounts.mentions.isEmpty,
              amounts.quantities.filter({ !$0.isPercent }).count >= 3,
              after.flatMap(\.quantities).filter(\.isPercent).count >= 2 else { return nil }
        return amounts.lineIndex
    }
}
