import Foundation

/// Tesseract user-words and user-patterns for nutrition tables, used by default (``OCRConfiguration/vocabulary``).
///
/// Measured effect (docs/ocr.md): with the patterns, "2.5 g" no longer reads as "2.59" and "1.2 g" no longer
/// loses its point ("12g") on the rendered fixtures; the LSTM beam search scores pattern-shaped words higher
/// (user patterns work with LSTM since Tesseract 4.1, PR #2328). Not a whitelist: any character can still win.
///
/// Tesseract takes these only as files, so they are written once per process to a private temporary directory.
public enum NutritionVocabulary {
    /// Pattern syntax (tesseract `dict/trie.h`): `\d` digit, `\*` repeats the previous class zero or more times.
    public static let patterns = [
        #"\d\*g"#, #"\d\*.\d\*g"#, #"\d\*,\d\*g"#, #"\d\*mg"#, #"\d\*.\d\*mg"#, #"\d\*,\d\*mg"#,
        #"\d\*kJ"#, #"\d\*kcal"#, #"\d\*.\d\*"#, #"\d\*,\d\*"#, #"<\d\*.\d\*g"#, #"<\d\*,\d\*g"#, #"\d\*%"#,
    ]

    /// Row labels and units of EU/UK/US tables in the supported languages, as printed.
    public static let words = [
        "kJ", "kcal", "Energy", "Energie", "Énergie", "Energia", "Energía", "Energi", "Brennwert", "Fat", "Fett",
        "Grassi", "Grasas", "Lipides", "Vet", "Saturates", "saturates", "Carbohydrate", "Carbohydrates",
        "Kohlenhydrate", "Glucides", "Carboidrati", "Koolhydraten", "Sugars", "Zucker", "Sucres", "Zuccheri",
        "Suikers", "Fibre", "Fiber", "Ballaststoffe", "Fibres", "Protein", "Eiweiß", "Protéines", "Proteine",
        "Eiwitten", "Salt", "Salz", "Sel", "Sale", "Zout", "Sodium", "Nutrition", "Nährwerte", "Nährwertangaben",
        "nutritionnelles", "nutrizionali", "Voedingswaarde",
    ]

    /// Paths of the two files, written on first use; `nil` when the temporary directory is not writable.
    ///
    /// The directory is named for the user and the files' content, not the process: every process of a user shares
    /// it (each rewrites the same bytes atomically), so repeated runs leave one directory behind, not one per run.
    static let files: (words: String, patterns: String)? = {
        let wordsText = words.joined(separator: "\n") + "\n", patternsText = patterns.joined(separator: "\n") + "\n"
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("nutrilens-ocr-vocabulary-\(getuid())-\(contentDigest(wordsText + "\u{0}" + patternsText))")
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let w = dir.appendingPathComponent("nutrition.user-words"), p = dir.appendingPathComponent("nutrition.user-patterns")
            try wordsText.write(to: w, atomically: true, encoding: .utf8)
            try patternsText.write(to: p, atomically: true, encoding: .utf8)
            return (w.path, p.path)
        } catch {
            return nil
        }
    }()

    /// FNV-1a (64-bit) of `text`'s UTF-8 bytes as 16 hex digits: stable across processes, unlike `Hasher`.
    static func contentDigest(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
