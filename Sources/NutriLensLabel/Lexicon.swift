import Foundation

/// Row names of nutrition declarations by language, with "of which" forms and the words that mark column headers,
/// preparation and non-table text.
///
/// Sources: Regulation (EU) No 1169/2011 Annex XV wording per language and Open Food Facts
/// `taxonomies/nutrients.txt` synonyms, as collected in `../shared/docs/eu-label-facts.md`; US/CA/AU panel
/// wording ("Total Fat", "Calories", "Sodium", "per serve"). Terms are written as printed and folded on load
/// (see ``TextFolding``), so diacritics here are for readability only.
enum Lexicon {
    /// One row name: folded words, the nutrient it names and the language it was taken from.
    struct Term: Sendable {
        let words: [String]
        let nutrient: Nutrient?
        let language: String
        /// For energy rows: the unit the row name itself states ("Energy (kJ)", "Calories").
        let unitHint: NutrientUnit?
        /// `true` for phrases that contain a row name but are not a row ("Calories from fat").
        let isIgnored: Bool
        /// `false` for names matched only as spelt (after folding): short foreign mineral names one edit away from
        /// common words ("eisen" / German "einen").
        var isFuzzy = true
        /// `true` for short mineral names that are common words elsewhere (FR "fer", HU "vas", DE/PL "jod", FR
        /// "iode"): a row name only on a line that prints an amount in mg or µg after it (``LineAnalysis/Mention``).
        var needsTraceAmount = false
        /// The words as UTF-8 bytes, and all words joined, for fast fuzzy comparison.
        var wordBytes: [[UInt8]] { words.map { Array($0.utf8) } }
    }

    /// A term prepared for matching: byte arrays computed once.
    struct PreparedTerm: Sendable {
        let term: Term
        let bytes: [[UInt8]]
        let joined: [UInt8]
        let length: Int
    }

    static func terms(_ nutrient: Nutrient?, _ language: String, _ phrases: [String],
                      unitHint: NutrientUnit? = nil, ignored: Bool = false, fuzzy: Bool = true) -> [Term] {
        phrases.map { Term(words: TextFolding.words($0), nutrient: nutrient, language: language,
                           unitHint: unitHint, isIgnored: ignored, isFuzzy: fuzzy) }
    }

    /// All row names. Longer phrases win over shorter ones at the same place (see ``LexiconMatcher``), so
    /// "saturated fat" is saturates and not fat, and "Calories from fat" is ignored.
    static let allTerms: [Term] = {
        var all: [Term] = []
        // Energy
        all += terms(.energyKJ, "en", ["energy", "energy value"])
        // "Energy (kJ) 1404 351": the unit in the name is the unit of the row's bare amounts.
        all += terms(.energyKJ, "en", ["energy kj"], unitHint: .kilojoule)
        all += terms(.energyKJ, "de", ["energie", "brennwert", "energiewert", "energiegehalt"])
        all += terms(.energyKJ, "fr", ["valeur énergétique", "valeurs énergétiques"])
        all += terms(.energyKJ, "es", ["valor energético"])
        all += terms(.energyKJ, "it", ["energia", "valore energetico"])
        all += terms(.energyKJ, "nl", ["energiewaarde"])
        all += terms(.energyKJ, "pl", ["wartość energetyczna"])
        all += terms(.energyKJ, "sv", ["energi", "energivärde"])
        all += terms(.energyKJ, "fi", ["energiaa"])
        all += terms(.energyKJ, "hr", ["energija", "energetska vrijednost"])
        all += terms(.energyKJ, "cs", ["energetická hodnota"])
        all += terms(.energyKJ, "ro", ["valoare energetică"])
        all += terms(.energyKcal, "en", ["calories", "calories kcal"], unitHint: .kilocalorie)
        all += terms(.energyKJ, "en", ["kilojoules"], unitHint: .kilojoule)
        all += terms(nil, "en", ["calories from fat", "calories from saturated fat", "fat calories", "fat cal",
                                 "calories fat"], ignored: true)
        // A part of total sugars no regulation defines as a row (nf37 "Natural Fruit Sugars 6g" above "Added Sugar").
        all += terms(nil, "en", ["natural sugars", "natural fruit sugars", "naturally occurring sugars", "fruit sugars",
                                 "natural sugar", "fruit sugar"], ignored: true)
        // Fat
        all += terms(.fat, "en", ["fat", "fats", "total fat"])
        all += terms(.fat, "de", ["fett", "fette"])
        all += terms(.fat, "fr", ["matières grasses", "lipides", "graisses"])
        all += terms(.fat, "es", ["grasas", "grasa", "grasas totales", "grasa total"])
        all += terms(.fat, "it", ["grassi"])
        all += terms(.fat, "nl", ["vet", "vetten"])
        all += terms(.fat, "pl", ["tłuszcz"])
        all += terms(.fat, "pt", ["lípidos", "gorduras", "gordura", "gorduras totais"])
        all += terms(.fat, "da", ["fedt"])
        all += terms(.fat, "fi", ["rasva", "rasvaa", "rasvat"])
        all += terms(.fat, "hr", ["masti"])
        all += terms(.fat, "cs", ["tuky"])
        all += terms(.fat, "ro", ["grăsimi"])
        // Saturates
        all += terms(.saturatedFat, "en", ["saturates", "saturated fat", "saturated fatty acids", "saturated",
                                           "sat fat", "saturated fats"])
        all += terms(.saturatedFat, "de", ["gesättigte fettsäuren", "gesättigte", "gesättigten fettsäuren"])
        all += terms(.saturatedFat, "fr", ["acides gras saturés", "saturés", "saturées", "gras saturés"])
        all += terms(.saturatedFat, "es", ["ácidos grasos saturados", "saturadas", "grasas saturadas",
                                           "grasa saturada"])
        all += terms(.saturatedFat, "it", ["acidi grassi saturi", "saturi", "grassi saturi"])
        all += terms(.saturatedFat, "nl", ["verzadigde vetzuren", "verzadigde", "verzadigd vet"])
        all += terms(.saturatedFat, "pl", ["kwasy tłuszczowe nasycone", "nasycone", "nasycone kwasy tłuszczowe"])
        all += terms(.saturatedFat, "pt", ["ácidos gordos saturados", "saturados", "gorduras saturadas"])
        all += terms(.saturatedFat, "sv", ["mättat fett", "mättade fettsyror", "mättat"])
        all += terms(.saturatedFat, "da", ["mættede fedtsyrer", "mættede"])
        all += terms(.saturatedFat, "fi", ["tyydyttyneet rasvat", "tyydyttynyttä rasvaa", "tyydyttyneitä rasvoja",
                                           "tyydyttynyttä", "tyydyttyneet"])
        all += terms(.saturatedFat, "hr", ["zasićene masne kiseline", "zasićene"])
        all += terms(.saturatedFat, "cs", ["nasycené mastné kyseliny", "nasycené"])
        // Mono- and polyunsaturates, trans, cholesterol
        all += terms(.monounsaturatedFat, "en", ["monounsaturates", "mono unsaturates", "monounsaturated fat",
                                                 "monounsaturated", "mono unsaturated fat", "mono unsaturated"])
        // "einfach ungesättigte" / "Fettsäuren": the name wrapped before its last word, which alone names no row
        // (FoodLabel 0127, 0333 in every variant); unknown, its value went to the saturates row above.
        all += terms(.monounsaturatedFat, "de", ["einfach ungesättigte fettsäuren", "einfach ungesättigte"])
        all += terms(.monounsaturatedFat, "fr", ["acides gras monoinsaturés", "mono insaturés"])
        all += terms(.monounsaturatedFat, "es", ["monoinsaturados", "ácidos grasos monoinsaturados"])
        all += terms(.monounsaturatedFat, "it", ["monoinsaturi", "acidi grassi monoinsaturi"])
        all += terms(.monounsaturatedFat, "nl", ["enkelvoudig onverzadigde vetzuren", "enkelvoudig onverzadigd",
                                                 "vetzuren enkelvoudig onverzadigd"])
        all += terms(.monounsaturatedFat, "pl", ["jednonienasycone"])
        all += terms(.monounsaturatedFat, "sv", ["enkelomättat fett"])
        all += terms(.polyunsaturatedFat, "en", ["polyunsaturates", "poly unsaturates", "polyunsaturated fat",
                                                 "polyunsaturated", "poly unsaturated fat", "poly unsaturated"])
        all += terms(.polyunsaturatedFat, "de", ["mehrfach ungesättigte fettsäuren", "mehrfach ungesättigte"])
        all += terms(.polyunsaturatedFat, "fr", ["acides gras polyinsaturés", "poly insaturés"])
        all += terms(.polyunsaturatedFat, "es", ["poliinsaturados", "ácidos grasos poliinsaturados"])
        all += terms(.polyunsaturatedFat, "it", ["polinsaturi", "acidi grassi polinsaturi"])
        all += terms(.polyunsaturatedFat, "nl", ["meervoudig onverzadigde vetzuren", "meervoudig onverzadigd",
                                                 "vetzuren meervoudig onverzadigd"])
        all += terms(.polyunsaturatedFat, "pl", ["wielonienasycone"])
        all += terms(.polyunsaturatedFat, "sv", ["fleromättat fett"])
        all += terms(.transFat, "en", ["trans fat", "trans fatty acids", "trans"])
        all += terms(.transFat, "nl", ["transvetzuren", "transvet"])
        all += terms(.transFat, "de", ["transfettsäuren", "trans fettsäuren"])
        all += terms(.transFat, "fr", ["acides gras trans"])
        // "Cholest.": the abbreviation 21 CFR 101.9(j)(13)(ii)(B) allows on small US panels (with "Sat. Fat", "Total Carb.").
        all += terms(.cholesterol, "en", ["cholesterol", "cholest"])
        all += terms(.cholesterol, "de", ["cholesterin"])
        // Carbohydrate
        all += terms(.carbohydrates, "en", ["carbohydrate", "carbohydrates", "total carbohydrate",
                                            "total carbohydrates", "carbs", "total carb", "total carbs"])
        all += terms(.carbohydrates, "de", ["kohlenhydrate", "kohlenhydraten"])
        all += terms(.carbohydrates, "fr", ["glucides"])
        all += terms(.carbohydrates, "es", ["hidratos de carbono", "carbohidratos"])
        all += terms(.carbohydrates, "it", ["carboidrati"])
        all += terms(.carbohydrates, "nl", ["koolhydraten"])
        all += terms(.carbohydrates, "pl", ["węglowodany"])
        all += terms(.carbohydrates, "pt", ["carboidratos"])
        all += terms(.carbohydrates, "sv", ["kolhydrat", "kolhydrater"])
        all += terms(.carbohydrates, "da", ["kulhydrat", "kulhydrater"])
        all += terms(.carbohydrates, "no", ["karbohydrat", "karbohydrater", "karbohydraten"])
        all += terms(.carbohydrates, "fi", ["hiilihydraatit", "hiilihydraatteja", "hiilihydraatti"])
        all += terms(.carbohydrates, "hr", ["ugljikohidrati"])
        all += terms(.carbohydrates, "cs", ["sacharidy"])
        all += terms(.carbohydrates, "ro", ["glucide"])
        // Sugars
        all += terms(.sugars, "en", ["sugars", "sugar", "total sugars", "total sugar"])
        all += terms(.sugars, "de", ["zucker"])
        all += terms(.sugars, "fr", ["sucres"])
        all += terms(.sugars, "es", ["azúcares"])
        all += terms(.sugars, "it", ["zuccheri"])
        all += terms(.sugars, "nl", ["suikers", "suiker"])
        all += terms(.sugars, "pl", ["cukry"])
        all += terms(.sugars, "pt", ["açúcares"])
        all += terms(.sugars, "sv", ["sockerarter", "socker"])
        all += terms(.sugars, "da", ["sukkerarter"])
        all += terms(.sugars, "fi", ["sokerit", "sokereita", "sokereja"])
        all += terms(.sugars, "hr", ["šećeri"])
        all += terms(.sugars, "ro", ["zaharuri"])
        all += terms(.addedSugars, "en", ["added sugars", "includes added sugars", "incl added sugars"])
        // Polyols, starch
        all += terms(.polyols, "en", ["polyols"])
        all += terms(.polyols, "de", ["mehrwertige alkohole", "polyole"])
        all += terms(.polyols, "fr", ["polyalcools"])
        all += terms(.polyols, "es", ["polialcoholes"])
        all += terms(.polyols, "it", ["polioli"])
        all += terms(.polyols, "nl", ["polyolen"])
        all += terms(.polyols, "pl", ["poliole"])
        all += terms(.polyols, "pt", ["polióis"])
        all += terms(.polyols, "sv", ["polyoler"])
        all += terms(.starch, "en", ["starch"])
        all += terms(.starch, "de", ["stärke"])
        all += terms(.starch, "fr", ["amidon"])
        all += terms(.starch, "es", ["almidón"])
        all += terms(.starch, "it", ["amido"])
        all += terms(.starch, "nl", ["zetmeel"])
        all += terms(.starch, "pl", ["skrobia"])
        all += terms(.starch, "sv", ["stärkelse"])
        all += terms(.starch, "fi", ["tärkkelys"])
        // Fibre
        all += terms(.fiber, "en", ["fibre", "fiber", "dietary fiber", "dietary fibre", "fibres", "fibers"])
        all += terms(.fiber, "de", ["ballaststoffe", "ballaststoff", "nahrungsfasern"])
        all += terms(.fiber, "fr", ["fibres alimentaires"])
        all += terms(.fiber, "es", ["fibra alimentaria", "fibra"])
        all += terms(.fiber, "it", ["fibra alimentare", "fibre alimentari"])
        all += terms(.fiber, "nl", ["vezels", "voedingsvezel", "voedingsvezels"])
        all += terms(.fiber, "pl", ["błonnik", "błonnik pokarmowy"])
        all += terms(.fiber, "pt", ["fibra alimentar"])
        all += terms(.fiber, "sv", ["kostfiber", "fiber"])
        all += terms(.fiber, "da", ["kostfibre", "kostfibrer"])
        all += terms(.fiber, "fi", ["ravintokuitu", "ravintokuitua"])
        all += terms(.fiber, "hr", ["vlakna", "prehrambena vlakna"])
        all += terms(.fiber, "cs", ["vláknina"])
        // Protein
        all += terms(.proteins, "en", ["protein", "proteins"])
        all += terms(.proteins, "de", ["eiweiß", "eiweiss", "eiweis", "protein"])
        all += terms(.proteins, "fr", ["protéines"])
        all += terms(.proteins, "es", ["proteínas"])
        all += terms(.proteins, "it", ["proteine"])
        all += terms(.proteins, "nl", ["eiwitten", "eiwit"])
        all += terms(.proteins, "pl", ["białko"])
        all += terms(.proteins, "fi", ["proteiini", "proteiinia"])
        all += terms(.proteins, "hr", ["bjelančevine"])
        all += terms(.proteins, "cs", ["bílkoviny"])
        all += terms(.proteins, "ro", ["proteine"])
        // Salt and sodium
        all += terms(.salt, "en", ["salt", "salt equivalent", "equivalent as salt"])
        all += terms(.salt, "de", ["salz", "kochsalz"])
        all += terms(.salt, "fr", ["sel"])
        all += terms(.salt, "es", ["sal"])
        all += terms(.salt, "it", ["sale"])
        all += terms(.salt, "nl", ["zout"])
        all += terms(.salt, "pl", ["sól"])
        all += terms(.salt, "fi", ["suola", "suolaa"])
        all += terms(.salt, "hr", ["sol"])
        all += terms(.salt, "ro", ["sare"])
        all += terms(.sodium, "en", ["sodium"])
        all += terms(.sodium, "de", ["natrium"])
        all += terms(.sodium, "es", ["sodio"])
        all += terms(.sodium, "it", ["sodio"])
        all += terms(.calcium, "en", ["calcium"])
        all += terms(.iron, "en", ["iron"])
        // "Potas." is the US panel's own abbreviation (21 CFR 101.9(j)(13)(ii)(B) simplified/tabular formats).
        all += terms(.potassium, "en", ["potassium", "potas"])
        all += terms(.vitaminD, "en", ["vitamin d", "vit d"])
        // Other vitamins and minerals (US/CA panels list them with mg/mcg amounts, EU labels in the %RI section).
        // Short words that OCR noise can reach from table words ("fer", "jod") match only as spelt and beside an
        // amount in mg or µg (`micronutrientTerms`).
        all += terms(.vitaminA, "en", ["vitamin a", "vit a"])
        all += terms(.vitaminC, "en", ["vitamin c", "vit c"])
        all += terms(.vitaminE, "en", ["vitamin e", "vit e"])
        all += terms(.vitaminB1, "en", ["thiamin", "thiamine", "vitamin b1", "vit b1", "thiamin b1"])
        all += terms(.vitaminB2, "en", ["riboflavin", "riboflavine", "vitamin b2", "vit b2", "riboflavin b2"])
        all += terms(.vitaminPP, "en", ["niacin", "niacine", "vitamin b3", "vit b3", "niacin b3", "vitamin pp"])
        all += terms(.vitaminB6, "en", ["vitamin b6", "vit b6", "pyridoxine"])
        all += terms(.vitaminB9, "en", ["folate", "folic acid", "folacin", "vitamin b9", "vit b9"])
        all += terms(.vitaminB9, "de", ["folsäure"])
        all += terms(.vitaminB9, "fr", ["acide folique"])
        all += terms(.vitaminB12, "en", ["vitamin b12", "vit b12", "cobalamin"])
        all += terms(.magnesium, "en", ["magnesium"])
        all += terms(.zinc, "en", ["zinc"])
        all += terms(.zinc, "de", ["zink"])
        all += terms(.phosphorus, "en", ["phosphorus"])
        all += terms(.phosphorus, "de", ["phosphor"])
        all += terms(.phosphorus, "fr", ["phosphore"])
        all += terms(.iodine, "en", ["iodine"])
        // Rows NutriLens has no key for, named so that OCR-fuzzy matching does not take them for a vitamin it has
        // ("Biotine/Vitamine H" is not "vitamine e").
        all += terms(nil, "en", ["biotin", "vitamin h", "pantothenic acid", "vitamin b5"], ignored: true)
        all += terms(nil, "nl", ["biotine", "vitamine h", "pantotheenzuur", "panthotheenzuur", "vitamine b5"],
                     ignored: true)
        // French/Dutch "vitamine", Dutch/Nordic mineral names (rabbiteye NL product sheets print them with amounts).
        all += terms(.vitaminA, "nl", ["vitamine a"])
        all += terms(.vitaminC, "nl", ["vitamine c"])
        all += terms(.vitaminD, "nl", ["vitamine d"])
        all += terms(.vitaminE, "nl", ["vitamine e"])
        all += terms(.vitaminB1, "nl", ["vitamine b1"])
        all += terms(.vitaminB2, "nl", ["vitamine b2"])
        all += terms(.vitaminPP, "nl", ["vitamine b3", "vitamine pp"])
        all += terms(.vitaminB6, "nl", ["vitamine b6"])
        all += terms(.vitaminB9, "nl", ["foliumzuur", "vitamine b9", "vitamine b11", "vitamin b11"])
        all += terms(.vitaminB12, "nl", ["vitamine b12"])
        all += terms(.phosphorus, "nl", ["fosfor"])
        all += terms(.potassium, "nl", ["kalium"])
        all += terms(.iodine, "nl", ["jodium"])
        // Central European and Balkan packs (SK, SL, HU, SR beside CS/HR/RO; Regulation 1169/2011 Annex XV wording
        // as printed; names already listed for a neighbour language, such as SK "tuky", "cukry", are not repeated).
        // Short names that are common words elsewhere are left out: "so", "só", HU "rost", CS "sůl" (Italian "sul").
        all += terms(.energyKJ, "sl", ["energijska vrednost"])
        all += terms(.energyKJ, "hu", ["energiatartalom"])
        all += terms(.energyKJ, "sr", ["energetska vrednost"])
        all += terms(.fat, "sl", ["maščobe"])
        all += terms(.fat, "hu", ["zsír", "zsírok"])
        all += terms(.saturatedFat, "sk", ["nasýtené mastné kyseliny"])
        all += terms(.saturatedFat, "sl", ["nasičene maščobne kisline", "nasičene maščobe", "nasičene"])
        all += terms(.saturatedFat, "ro", ["acizi grași saturați", "din care acizi grași saturați"])
        all += terms(.carbohydrates, "sl", ["ogljikovi hidrati"])
        all += terms(.carbohydrates, "hu", ["szénhidrát", "szénhidrátok"])
        all += terms(.carbohydrates, "sr", ["ugljeni hidrati"])
        all += terms(.sugars, "sl", ["sladkorji"])
        all += terms(.sugars, "hu", ["cukrok", "cukor"])
        all += terms(.fiber, "sl", ["prehranske vlaknine", "vlaknine"])
        all += terms(.fiber, "ro", ["fibre alimentare"])
        all += terms(.proteins, "sk", ["bielkoviny"])
        all += terms(.proteins, "sl", ["beljakovine"])
        all += terms(.proteins, "hu", ["fehérje", "fehérjék"])
        all += terms(.proteins, "sr", ["proteini"])
        all += terms(.salt, "sk", ["soľ"])
        // Malay (Malaysia, Brunei, Singapore: Food Regulations 1985 reg. 18B, labels printed "Tenaga / Energy",
        // "Jumlah lemak / Total fat", "Asid lemak tepu", "Karbohidrat", "Jumlah gula", "Serat diet", "Garam") and
        // Indonesian (BPOM regulation 22/2019 "Informasi Nilai Gizi": "Energi total", "Lemak total", "Lemak jenuh",
        // "Karbohidrat total", "Gula", "Serat pangan", "Garam (Natrium)" in mg). Both languages share most words.
        // Short names ("gula") match only as spelt by their length (``TextFolding/tolerance(forLength:)``); bare
        // "serat" is exact-only, one edit from Indonesian "sehat" (healthy) of marketing text.
        all += terms(.energyKJ, "ms", ["tenaga", "jumlah tenaga", "nilai tenaga"])
        all += terms(.energyKJ, "id", ["energi total", "jumlah energi"])
        // Indonesian "Energi dari lemak" is the US "Calories from fat": no energy row.
        all += terms(nil, "id", ["energi dari lemak", "energi dari lemak jenuh"], ignored: true)
        all += terms(.fat, "ms", ["lemak", "jumlah lemak"])
        all += terms(.fat, "id", ["lemak total", "total lemak"])
        all += terms(.saturatedFat, "ms", ["lemak tepu", "asid lemak tepu"])
        all += terms(.saturatedFat, "id", ["lemak jenuh", "asam lemak jenuh"])
        // Unsaturates named in full, so that their leading "lemak" is not read as a second fat row.
        all += terms(.monounsaturatedFat, "ms", ["asid lemak monotaktepu", "lemak tak tepu tunggal",
                                                 "asid lemak tak tepu tunggal"])
        all += terms(.monounsaturatedFat, "id", ["lemak tidak jenuh tunggal", "lemak tak jenuh tunggal",
                                                 "asam lemak tak jenuh tunggal"])
        all += terms(.polyunsaturatedFat, "ms", ["asid lemak politaktepu", "lemak tak tepu poli",
                                                 "asid lemak tak tepu poli"])
        all += terms(.polyunsaturatedFat, "id", ["lemak tidak jenuh ganda", "lemak tak jenuh ganda",
                                                 "asam lemak tak jenuh ganda"])
        all += terms(.transFat, "ms", ["lemak trans", "asid lemak trans"])
        all += terms(.cholesterol, "ms", ["kolesterol"])
        all += terms(.carbohydrates, "ms", ["karbohidrat", "jumlah karbohidrat"])
        all += terms(.carbohydrates, "id", ["karbohidrat total", "total karbohidrat"])
        all += terms(.sugars, "ms", ["gula", "jumlah gula"])
        all += terms(.sugars, "id", ["gula total", "total gula"])
        all += terms(.fiber, "ms", ["serat diet", "serat dietari", "serat makanan"])
        all += terms(.fiber, "id", ["serat pangan"])
        all += terms(.fiber, "ms", ["serat"], fuzzy: false)
        all += terms(.salt, "ms", ["garam"])
        // "Garam (Natrium) 150 mg": the Indonesian label's sodium row, in mg.
        all += terms(.sodium, "id", ["garam natrium"])
        // Turkish (Türk Gıda Kodeksi Gıda Etiketleme ve Tüketicileri Bilgilendirme Yönetmeliği, 26.1.2017, the
        // wording of Regulation (EU) 1169/2011 Annex XV: "Enerji", "Yağ", "Doymuş yağ", "Karbonhidrat", "Şekerler",
        // "Lif", "Protein", "Tuz"). Folding writes ş ğ ı as s g i, as OCR often prints them (PP-OCRv6 tiny's
        // dictionary has all three). "yağ", "lif", "tuz" are too short for fuzzy matching.
        all += terms(.energyKJ, "tr", ["enerji", "enerji değeri"])
        all += terms(.fat, "tr", ["yağ", "toplam yağ"])
        all += terms(.saturatedFat, "tr", ["doymuş yağ", "doymuş yağ asitleri", "doymuş yağlar"])
        all += terms(.monounsaturatedFat, "tr", ["tekli doymamış yağ", "tekli doymamış yağ asitleri"])
        all += terms(.polyunsaturatedFat, "tr", ["çoklu doymamış yağ", "çoklu doymamış yağ asitleri"])
        all += terms(.transFat, "tr", ["trans yağ", "trans yağ asitleri"])
        all += terms(.cholesterol, "tr", ["kolesterol"])
        all += terms(.carbohydrates, "tr", ["karbonhidrat", "karbonhidratlar"])
        all += terms(.sugars, "tr", ["şekerler", "şeker"])
        all += terms(.polyols, "tr", ["polioller"])
        all += terms(.starch, "tr", ["nişasta"])
        all += terms(.fiber, "tr", ["lif", "diyet lifi", "lifler"])
        all += terms(.salt, "tr", ["tuz"])
        all += terms(.sodium, "tr", ["sodyum"])
        all += micronutrientTerms
        return all
    }()

    /// Words that introduce a sub-row ("of which", "davon", …). They carry no nutrient themselves.
    static let ofWhichWords: Set<String> = Set([
        "of which", "davon", "dont", "di cui", "waarvan", "w tym", "varav", "heraf", "hvorav", "josta", "joista",
        "de las cuales", "de los cuales", "dos quais", "das quais", "od toho", "od kojih", "din care", "including",
        // Malay "yang terdiri daripada" ("yang" alone is too common a word to count as table vocabulary).
        "terdiri daripada",
    ].flatMap { TextFolding.words($0) })

    /// Words for "per" before a basis ("per 100 g", "pro Portion", "je 100 g", "pour 100 g", "por porción", "na 100
    /// g"): what makes "100 g" a column header rather than a portion's weight.
    /// Malay/Indonesian "setiap 100 g"; Turkish "100 g için", "porsiyon başına" (after the basis).
    static let perWords: Set<String> = ["per", "pro", "je", "pour", "par", "por", "para", "na", "setiap", "icin",
                                        "basina"]

    /// Words naming a per-serving column ("Portion", "serving", "per serve", "annos" …).
    static let servingWords: Set<String> = [
        "serving", "servings", "serve", "portion", "portions", "portie", "porcion", "porcao", "porzione", "porcja",
        "porcji", "annos", "annosta", "annoksessa", "portionen", "porce", "porcija",
        // Malay "hidangan", Indonesian "sajian" / "takaran saji", Turkish "porsiyon" ("1 porsiyonda").
        "hidangan", "sajian", "saji", "porsiyon", "porsiyonda", "porsiyonluk",
    ]

    /// Package-unit words that name a serving only after "per"/"pro"/"pour" ("per ½ pack", "pro Riegel").
    static let packageWords: Set<String> = [
        "pack", "packung", "piece", "stuck", "biscuit", "bar", "riegel", "slice", "cup", "scheibe", "tranche",
        "pezzo", "can", "bottle", "glass", "glas", "sachet", "beutel", "stick",
    ]

    /// Household measures a serving size names before its mass in brackets ("1 Container (150g)", "2/3 cup (55g)";
    /// 21 CFR 101.9(b)(5), FSANZ "1 tub (170g)").
    static let householdMeasureWords: Set<String> = packageWords.union([
        "container", "cups", "tbsp", "tsp", "tablespoon", "tablespoons", "teaspoon", "teaspoons", "pieces", "bars",
        "slices", "cookies", "cookie", "crackers", "pouch", "packet", "tub", "pot", "jar", "scoop", "scoops", "oz",
    ])

    /// Words marking a column as "prepared" rather than "as sold".
    static let preparedWords: Set<String> = [
        "prepared", "zubereitet", "zubereitung", "prepare", "preparee", "preparado", "preparada", "preparato",
        "preparata", "bereid", "przygotowanego", "przygotowany", "tillagad", "tilberedt", "valmistettu",
        "valmistettuna",
    ]

    /// What a food is prepared with ("with ½ cup skim milk", "+ 125 ml lait", "mit Milch"): these mark a
    /// prepared column only after a "with" word, a "+" or a volume, since alone they name the product ("MILK
    /// CHOCOLATE Serving size 3 balls").
    static let preparationIngredients: Set<String> = [
        "milch", "milk", "lait", "latte", "leche", "melk", "mjolk", "maelk", "maitoa", "mlekiem", "water", "wasser", "eau",
        "acqua", "agua",
    ]

    /// "with" in the supported languages, for ``preparationIngredients``.
    static let withWords: Set<String> = ["with", "mit", "avec", "con", "met", "z", "ze", "med", "com"]

    /// Words that make a line a reference-intake statement or other non-table text whose numbers must not be
    /// read as amounts ("Reference intake of an average adult (8400 kJ/2000 kcal)").
    static let nonTablePhrases: [[String]] = [
        "reference intake", "reference intakes", "referenzmenge", "apport de reference", "apports de reference",
        "assunzioni di riferimento", "ingesta de referencia", "ingestas de referencia", "referentie inname",
        "referensintag", "vertailuarvo", "referenceindtag", "dose de referencia", "referencyjne spozycie",
        "daily value", "daily values", "percent daily", "calories a day", "calorie diet", "diet of 2000", "2000 calorie", "average adult",
        "durchschnittlichen erwachsenen", "adulte type", "ingredients", "zutaten", "ingredienti", "ingredientes",
        "ingredienten", "ingredienser", "ainesosat", "skladniki", "best before", "mindestens haltbar",
        // US small-panel statement (21 CFR 101.9(f)(4)): "Not a significant source of vitamin D, calcium, iron".
        "significant source",
        // "NOT FOR RETAIL SALE": Italian "sale" is salt.
        "retail sale", "for sale",
        // Malay/Indonesian ingredient lists ("Ramuan:", "Bahan-bahan:", "Komposisi:") and the Indonesian %AKG
        // footnote ("*Persen AKG berdasarkan kebutuhan energi 2150 kkal"); Turkish "İçindekiler:" and the reference
        // intake ("Ortalama bir yetişkin için referans alım (8400 kJ/2000 kcal)").
        "ramuan", "bahan bahan", "komposisi", "persen akg", "kebutuhan energi", "icindekiler", "referans alim",
        "ortalama bir yetiskin",
    ].map { TextFolding.words($0) }

    /// Words that mark a nutrition declaration (table title or column header) but name no row.
    static let tableTitleWords: Set<String> = [
        "nutrition", "nutritional", "nahrwerte", "nahrwertangaben", "nahrwertinformationen", "nahrwert",
        "valeurs", "nutritionnelles", "nutritionnelle", "valori", "nutrizionali", "nutricional", "informacion",
        "voedingswaarde", "voedingswaarden", "wartosc", "wartosci", "informacja", "odzywcza", "naringsvarde", "naringsinnehall",
        "naringsdeklaration", "ravintosisalto", "ravintoarvot", "facts", "information", "typical", "values",
        "durchschnittlich", "durchschnittliche", "durchschnittswerte", "moyenne", "moyennes", "average", "nutritives",
        "nutritive", "nutritivi", "nutrizionale", "nutritionnelles", "energetiques", "naehrwerte", "valor", "valores",
        "voedingswaarden", "gemiddelde", "ravintoarvot", "naringsvarde", "naringsinnehall", "serving", "portion",
        "prepared", "zubereitet", "prepare", "as", "sold", "per", "contains", "quantity", "avg", "amount",
        // Malay "Maklumat Pemakanan" / "Maklumat Khasiat", Indonesian "Informasi Nilai Gizi" and its "%AKG"
        // column, Turkish "Besin Değerleri" / "Beslenme Bildirimi".
        "maklumat", "pemakanan", "khasiat", "informasi", "nilai", "gizi", "akg", "besin", "degerleri", "beslenme",
        "bildirimi",
    ]
}
