import Foundation

/// Whether a piece of label text belongs to a nutrition table by its words alone: the cheap test a text reader runs on
/// a first, partial reading of a photo to find where the table lies before reading the rest.
public enum TableAnchors {
    /// `true` when `text` (one recognised line, or just its start) names a nutrient row ("Energy", "Total Fat",
    /// "Kohlenhydrate", fuzzy as the grammar matches them), a per-100 g/ml column ("per 100 g", "100 ml"), a serving
    /// ("Serving size", "Portion") or has a table title word ("Nutrition Facts", "Nährwerte", "Wartość odżywcza").
    ///
    /// The same lexicon and line analysis the grammar parses rows with (`Lexicon`, `LineAnalyzer`), so a line the
    /// grammar would take as a row name or a column header is an anchor. Deliberately generous: row names inside prose
    /// (an ingredient list naming sugar) count too, since a reader that uses this to skip text loses only speed by an
    /// extra anchor and fields by a missed one. Ignored phrases alone ("Calories from fat") are no anchors.
    public static func namesTablePart(_ text: String) -> Bool {
        let line = LineAnalyzer.analyzeWhole(text, lineIndex: 0, box: nil, wordBoxes: [])
        return !line.mentions.isEmpty || line.namesPer100 || line.namesServing || line.hasTitleWord
    }
}
