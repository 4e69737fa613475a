import Foundation

/// Seeds that exist only as code (binary record formats), written by `nutrilens-fuzz` when
/// `NUTRILENS_FUZZ_WRITE_SEEDS` names a folder; file-based seeds (images, OCR text, sidecars) are copied by
/// `scripts/fuzz.sh`.
public enum BuiltInSeeds {
    /// Typical EU/US label rows, each a list of cells laid out left to right.
    static let tables: [[[String]]] = [
        [["Nutrition", "declaration"], ["per", "100", "g"], ["Energy", "1046", "kJ", "/", "250", "kcal"],
         ["Fat", "3,2", "g"], ["of", "which", "saturates", "1.1", "g"], ["Carbohydrate", "45", "g"],
         ["of", "which", "sugars", "12", "g"], ["Protein", "7.5", "g"], ["Salt", "<0.01", "g"]],
        [["Nährwerte", "pro", "100", "g", "pro", "Portion", "(30", "g)"], ["Brennwert", "1807", "kJ", "542", "kJ"],
         ["Fett", "14", "g", "4,2", "g"], ["Kohlenhydrate", "62", "g", "18,6", "g"], ["Eiweiß", "9,5", "g", "2,9", "g"],
         ["Salz", "0,17", "g", "0,05", "g"]],
        [["Nutrition", "Facts"], ["Serving", "size", "2/3", "cup", "(55g)"], ["Calories", "230"],
         ["Total", "Fat", "8g", "10%"], ["Sodium", "160mg", "7%"], ["Total", "Carbohydrate", "37g", "13%"],
         ["Protein", "3g"]],
    ]

    /// Named seed files for `target`, or an empty list when the target's seeds are all files.
    public static func seeds(for target: String) -> [(name: String, data: Data)] {
        switch target {
        case "label-words":
            return tables.enumerated().map { index, rows in
                let lines = rows.enumerated().map { row, cells in
                    cells.enumerated().map { column, text in
                        (text: text, x: 40 + column * 120, y: 40 + row * 36, w: 24 * text.count, h: 28)
                    }
                }
                return ("table-\(index).words", LabelWordsFuzz.encode(lines))
            }
        case "text-model":
            return [("tiny-det.nlg", TinyTextModel.detector()), ("tiny-rec.nlg", TinyTextModel.recognizer()),
                    ("header-only.nlg", TinyTextModel.detector().prefix(32))]
        case "model":
            var seeds = [("tiny.nlm", TinyModel.bytes())]
            // A residual block (save skip → pointwise → add skip) so the skip bookkeeping is in the corpus.
            var residual = TinyModel.layers
            residual[1].flags |= 2
            residual[2].flags |= 4
            seeds.append(("residual.nlm", TinyModel.bytes(layers: residual)))
            seeds.append(("header-only.nlm", TinyModel.bytes().prefix(64)))
            return seeds
        default:
            return []
        }
    }
}
