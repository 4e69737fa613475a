import Foundation

/// Words that mark a nutrition table in the languages NutriLens supports (EN, DE, FR, IT, ES, NL, PL, PT, SV,
/// DA, FI), as printed under EU Regulation 1169/2011 Annex XV and the US Nutrition Facts format.
///
/// Matching folds case and diacritics and tolerates one OCR edit in words of six letters or more
/// ("Energv" → "energy"), so the survey pass does not need perfect text.
public enum NutritionAnchors {
    /// Table titles: a single hit is strong evidence.
    public static let titles: Set<String> = [
        "nutrition", "nutritional", "naehrwerte", "nahrwerte", "nahrwertangaben", "nahrwertinformation",
        "nutritionnelles", "nutritionnelle", "nutrizionali", "nutrizionale", "nutricional", "nutricionais",
        "voedingswaarde", "voedingswaarden", "odzywcza", "wartosc", "naringsvarde", "naeringsindhold",
        "ravintosisalto", "facts",
    ]

    /// Row labels and units (energy, nutrients, bases).
    public static let rowWords: Set<String> = [
        // energy and its units
        "energy", "energie", "energia", "energi", "kj", "kcal", "calories", "kalorien", "kalorie",
        // fat
        "fat", "fett", "fett", "grassi", "grasas", "lipides", "matieres", "vet", "vetten", "tluszcz", "gordura",
        "gorduras", "fedt", "rasva", "rasvaa", "saturates", "saturated", "gesattigte", "satures", "saturi",
        "saturados", "verzadigde", "nasycone", "mattat", "mattet", "tyydyttyneet",
        // carbohydrate, sugars
        "carbohydrate", "carbohydrates", "kohlenhydrate", "glucides", "carboidrati", "hidratos", "koolhydraten",
        "weglowodany", "kolhydrater", "kulhydrat", "kulhydrater", "hiilihydraatit", "sugars", "zucker", "sucres",
        "zuccheri", "azucares", "suikers", "cukry", "acucares", "sockerarter", "sukkerarter", "sokerit", "sugar",
        // fibre, protein, salt, sodium
        "fibre", "fiber", "ballaststoffe", "fibres", "fibra", "fibras", "vezels", "blonnik", "kostfiber",
        "ravintokuitu", "protein", "proteins", "eiweiss", "eiweis", "proteines", "proteine", "proteinas",
        "eiwitten", "bialko", "proteiini", "salt", "salz", "sel", "sale", "sal", "zout", "sol", "suola",
        "sodium", "natrium", "sodio", "cholesterol",
        // bases
        "100g", "100ml", "portion", "serving", "portie", "porzione", "porcion", "porcao", "porcja", "annos",
    ]

    /// Folds case and diacritics and drops everything but letters and digits ("Nährwerte:" → "nahrwerte").
    public static func normalize(_ word: String) -> String {
        let folded = word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        return String(folded.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
            .replacingOccurrences(of: "ß", with: "ss")
            .replacingOccurrences(of: "ł", with: "l")
    }

    /// How strongly `word` marks a nutrition table: 2 for a title word, 1 for a row word or unit, 0 otherwise.
    public static func weight(of word: String) -> Int {
        let n = normalize(word)
        guard n.count >= 2 else { return 0 }
        if titles.contains(n) { return 2 }
        if rowWords.contains(n) { return 1 }
        if n.count >= 6 {
            if titles.contains(where: { editDistanceIsAtMostOne($0, n) }) { return 2 }
            if rowWords.contains(where: { $0.count >= 6 && editDistanceIsAtMostOne($0, n) }) { return 1 }
        }
        return 0
    }

    /// True when `a` and `b` differ by at most one substitution, insertion or deletion.
    static func editDistanceIsAtMostOne(_ a: String, _ b: String) -> Bool {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if abs(x.count - y.count) > 1 { return false }
        var i = 0, j = 0, edits = 0
        while i < x.count && j < y.count {
            if x[i] == y[j] { i += 1; j += 1; continue }
            edits += 1
            if edits > 1 { return false }
            if x.count > y.count { i += 1 } else if x.count < y.count { j += 1 } else { i += 1; j += 1 }
        }
        return edits + (x.count - i) + (y.count - j) <= 1
    }
}
