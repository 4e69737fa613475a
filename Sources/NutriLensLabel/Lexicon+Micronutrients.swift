import Foundation

// Vitamin and mineral row names in the lexicon's languages, beyond the English (and few German/French/Dutch) names
// in `Lexicon.allTerms`. Sources: Regulation (EU) No 1169/2011 Annex XIII Part A as published in each language
// (the vitamin and mineral names of the %NRV table), Open Food Facts `taxonomies/nutrients.txt` synonyms.
// They match only as spelt (after folding): "eisen" is one edit from German "einen", "calcio" from "cálculo"-like
// OCR debris. Names that are themselves common words in another lexicon language, FR "fer", HU "vas" (Spanish "vas"),
// DE/PL/SV "jod", FR "iode" (also "iodé": "sel iodé" in ingredient lists), name a row only when an amount in mg or µg
// follows them on the line (``Term/needsTraceAmount``; session 21: "Fer 3,4 mg 24%" of French %NRV blocks was lost).
extension Lexicon {
    /// Matched only as spelt (``Term/isFuzzy``): many are a letter away from common words of other languages.
    static let micronutrientTerms: [Term] = {
        var all: [Term] = []
        func terms(_ nutrient: Nutrient, _ language: String, _ phrases: [String]) -> [Term] {
            Lexicon.terms(nutrient, language, phrases, fuzzy: false)
        }
        // Vitamins by letter: "vitamin A" in its spellings (folded: vitamín → vitamin, witamina, A-vitamiini, A-vitamin).
        let vitamins: [(Nutrient, String)] = [(.vitaminA, "a"), (.vitaminD, "d"), (.vitaminE, "e"), (.vitaminC, "c"),
                                              (.vitaminB1, "b1"), (.vitaminB2, "b2"), (.vitaminB6, "b6"),
                                              (.vitaminB12, "b12"), (.vitaminB9, "b9")]
        for (nutrient, letter) in vitamins {
            all += terms(nutrient, "fr", ["vitamine \(letter)"])
            all += terms(nutrient, "es", ["vitamina \(letter)"])
            all += terms(nutrient, "pl", ["witamina \(letter)"])
            all += terms(nutrient, "fi", ["\(letter) vitamiini"])
            all += terms(nutrient, "hu", ["\(letter) vitamin"])
        }
        for (nutrient, language, name) in [(Nutrient.iron, "fr", "fer"), (.iron, "hu", "vas"), (.iodine, "de", "jod"),
                                           (.iodine, "pl", "jod"), (.iodine, "fr", "iode")] {
            all += terms(nutrient, language, [name]).map { term in
                var traced = term
                traced.needsTraceAmount = true
                return traced
            }
        }
        all += terms(.vitaminPP, "de", ["niacin", "vitamin b3"])
        all += terms(.vitaminPP, "fr", ["niacine", "vitamine b3", "vitamine pp"])
        all += terms(.vitaminPP, "es", ["niacina", "vitamina b3"])
        all += terms(.vitaminPP, "pl", ["niacyna", "witamina b3", "witamina pp"])
        all += terms(.vitaminPP, "ro", ["niacină"])
        all += terms(.vitaminB1, "es", ["tiamina"])
        all += terms(.vitaminB1, "sv", ["tiamin"])
        all += terms(.vitaminB1, "ro", ["tiamină"])
        all += terms(.vitaminB2, "es", ["riboflavina"])
        all += terms(.vitaminB2, "pl", ["ryboflawina"])
        all += terms(.vitaminB2, "ro", ["riboflavină"])
        all += terms(.vitaminB6, "de", ["pyridoxin"])
        all += terms(.vitaminB9, "de", ["folat", "folsaure"])
        all += terms(.vitaminB9, "fr", ["folates", "folacine"])
        all += terms(.vitaminB9, "es", ["ácido fólico", "folato"])
        all += terms(.vitaminB9, "it", ["acido folico", "folati"])
        all += terms(.vitaminB9, "pl", ["kwas foliowy"])
        all += terms(.vitaminB9, "pt", ["ácido fólico", "folatos"])
        all += terms(.vitaminB9, "sv", ["folsyra", "folat"])
        all += terms(.vitaminB9, "da", ["folsyre"])
        all += terms(.vitaminB9, "fi", ["foolihappo", "folaatti"])
        all += terms(.vitaminB9, "hr", ["folna kiselina"])
        all += terms(.vitaminB9, "sl", ["folna kislina"])
        all += terms(.vitaminB9, "cs", ["kyselina listová"])
        all += terms(.vitaminB9, "ro", ["acid folic"])
        all += terms(.vitaminB9, "hu", ["folsav"])
        all += terms(.vitaminB12, "de", ["cobalamin"])
        all += terms(.vitaminC, "en", ["ascorbic acid"])
        // Minerals.
        all += terms(.calcium, "de", ["calcium", "kalzium"])
        all += terms(.calcium, "es", ["calcio"])
        all += terms(.calcium, "pl", ["wapń"])
        all += terms(.calcium, "pt", ["cálcio"])
        all += terms(.calcium, "sv", ["kalcium"])
        all += terms(.calcium, "fi", ["kalsium"])
        all += terms(.calcium, "hr", ["kalcij", "kalcijum"])
        all += terms(.calcium, "cs", ["vápník"])
        all += terms(.calcium, "ro", ["calciu"])
        all += terms(.iron, "de", ["eisen"])
        all += terms(.iron, "es", ["hierro"])
        all += terms(.iron, "it", ["ferro"])
        all += terms(.iron, "nl", ["ijzer"])
        all += terms(.iron, "pl", ["żelazo"])
        all += terms(.iron, "sv", ["järn"])
        all += terms(.iron, "da", ["jern"])
        all += terms(.iron, "fi", ["rauta"])
        all += terms(.iron, "hr", ["željezo"])
        all += terms(.iron, "sl", ["železo"])
        all += terms(.iron, "sr", ["gvožđe"])
        all += terms(.iron, "ro", ["fier"])
        all += terms(.magnesium, "fr", ["magnésium"])
        all += terms(.magnesium, "es", ["magnesio"])
        all += terms(.magnesium, "pl", ["magnez"])
        all += terms(.magnesium, "pt", ["magnésio"])
        all += terms(.magnesium, "hr", ["magnezij", "magnezijum"])
        all += terms(.magnesium, "cs", ["hořčík"])
        all += terms(.magnesium, "ro", ["magneziu"])
        all += terms(.zinc, "it", ["zinco"])
        all += terms(.zinc, "pl", ["cynk"])
        all += terms(.zinc, "hr", ["cink"])
        all += terms(.zinc, "cs", ["zinek"])
        all += terms(.potassium, "fr", ["potassium"])
        all += terms(.potassium, "es", ["potasio"])
        all += terms(.potassium, "it", ["potassio"])
        all += terms(.potassium, "de", ["kalium"])
        all += terms(.potassium, "pl", ["potas"])
        all += terms(.potassium, "pt", ["potássio"])
        all += terms(.potassium, "hr", ["kalij", "kalijum"])
        all += terms(.potassium, "cs", ["draslík"])
        all += terms(.potassium, "ro", ["potasiu"])
        all += terms(.phosphorus, "es", ["fósforo"])
        all += terms(.phosphorus, "it", ["fosforo"])
        all += terms(.phosphorus, "hu", ["foszfor"])
        all += terms(.iodine, "es", ["yodo"])
        all += terms(.iodine, "it", ["iodio"])
        all += terms(.sodium, "fr", ["sodium"])
        all += terms(.sodium, "nl", ["natrium"])
        all += terms(.sodium, "pl", ["sód"])
        all += terms(.sodium, "pt", ["sódio"])
        all += terms(.sodium, "hr", ["natrij"])
        all += terms(.sodium, "cs", ["sodík"])
        all += terms(.sodium, "ro", ["sodiu"])
        all += terms(.sodium, "hu", ["nátrium"])
        return all
    }()
}
