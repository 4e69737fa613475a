import Foundation
import NutriLensImaging

/// How complete a read of a nutrition table looks: visual rows with a nutrient row word, and how many of them
/// carry a value token.
///
/// Every row of a table carries at least one value ("Fat 9.5g"), so a region where most named rows have no value
/// lost its values in the OCR: on the corpus photos with the most truth numbers missing from the text the value
/// column was dropped whole (a gradient background binarised black, cell borders touching the digits) while the
/// row names read fine. Counted per visual row, not per word: "Saturated Fat", "Calories from Fat" hold two row
/// words and one value.
struct TableValueCount: Equatable {
    /// Words that read as an amount (see ``isValue(_:)``).
    var values: Int
    /// Visual rows holding a nutrient row word or unit without digits (``NutritionAnchors`` weight 1).
    var namedRows: Int
    /// Those of ``namedRows`` with a value token on the same visual row (centres within 0.6 × the shorter word's height: in a boxed table a word's box can take in a cell border and grow to three rows).
    var namedRowsWithValue: Int

    init(words: [OCRWord]) {
        let valueWords = words.filter { Self.isValue($0.text) }
        values = valueWords.count
        let names = words.filter { !$0.text.contains(where: \.isNumber) && NutritionAnchors.weight(of: $0.text) == 1 }
            .sorted { $0.box.centerY < $1.box.centerY }
        var rows: [[OCRWord]] = []
        for w in names {
            if let last = rows.last?.last, abs(w.box.centerY - last.box.centerY) <= 0.5 * Double(min(w.box.height, last.box.height)) {
                rows[rows.count - 1].append(w)
            } else {
                rows.append([w])
            }
        }
        namedRows = rows.count
        namedRowsWithValue = rows.filter { row in
            valueWords.contains { v in
                row.contains { abs(v.box.centerY - $0.box.centerY) <= 0.6 * Double(min(v.box.height, $0.box.height)) }
            }
        }.count
    }

    /// At least 3 named rows, and more than a quarter of them without a value. Why not "half": boxed tables keep
    /// a few garbled cells that still read as values (corpus `02CE7C0B…`: 3 of 5 rows "with a value", all wrong);
    /// on the corpus "a third" gave 976 correct fields, "a quarter" 979 at a higher precision (docs/ocr.md).
    var valuesLookMissing: Bool { namedRows >= 3 && 4 * namedRowsWithValue < 3 * namedRows }

    /// Whether `text` is one amount token: an optional "<"/"~", digits with an optional decimal part, an optional
    /// unit (g, mg, µg/ug/mcg, kJ, kcal, %), e.g. "9.5g", "553kJ", "<0,1", "14%". Garbled cells ("089]", "[55a")
    /// and "(100g)" do not count.
    static func isValue(_ text: String) -> Bool {
        text.range(of: #"^[<~]?\d+([.,]\d+)?(g|mg|µg|ug|mcg|kj|kcal|%)?$"#, options: [.regularExpression, .caseInsensitive]) != nil
    }
}
