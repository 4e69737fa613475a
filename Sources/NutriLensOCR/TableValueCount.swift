import Foundation

/// How complete a read of a nutrition table looks: value tokens against nutrient row words.
///
/// A table's every row carries at least one value ("Fat 9.5g", two with a per-serving column), so a region with
/// the row words read but fewer values than row words lost its values in the OCR: on the corpus photos with the
/// most truth numbers missing from the text, the values were dropped whole (a gradient background binarised
/// black, cell borders touching the digits) while the row names read fine.
struct TableValueCount: Equatable {
    /// Words that read as an amount: an optional "<"/"~", digits with an optional decimal part, an optional unit
    /// (g, mg, µg/mcg, kJ, kcal, %), e.g. "9.5g", "553kJ", "<0,1", "14%". Garbled cells ("089]", "[55a") do not count.
    var values: Int
    /// Nutrient row words and units without digits (``NutritionAnchors`` weight 1: "Energy", "Fat", "kcal").
    var rowWords: Int

    init(words: [OCRWord]) {
        values = words.filter { Self.isValue($0.text) }.count
        rowWords = words.filter { !$0.text.contains(where: \.isNumber) && NutritionAnchors.weight(of: $0.text) == 1 }.count
    }

    /// Fewer values than row words (and at least two row words, so a stray "Fat" in an ingredient list is no table).
    var valuesLookMissing: Bool { rowWords >= 2 && values < rowWords }

    /// Whether `text` is one amount token (see ``values``).
    static func isValue(_ text: String) -> Bool {
        text.range(of: #"^[<~]?\d+([.,]\d+)?(g|mg|µg|ug|mcg|kj|kcal|%)?$"#, options: [.regularExpression, .caseInsensitive]) != nil
    }
}
