import Foundation

/// What one line of label text contains, in reading order: row names, quantities, unit words and header facts.
struct LineAnalysis: Sendable {
    /// A row name found in the line.
    struct Mention: Sendable, Hashable {
        var nutrient: Nutrient
        var language: String
        var unitHint: NutrientUnit?
        var start: Int
        var end: Int
        /// Edits needed to match the lexicon (0 = exact); fuzzy matches lower confidence.
        var edits: Int
        /// A short mineral name that counts only beside an amount in mg or µg (``Lexicon/Term/needsTraceAmount``).
        var needsTraceAmount = false
    }

    enum Event: Sendable {
        case mention(Mention)
        case quantity(ScannedQuantity)
        /// "kJ" / "kcal" printed without a number next to it (e.g. in "Energy (kJ)").
        case unitWord(NutrientUnit, Int)
        /// "of which" / "dont" / "davon" on a line without a row name: the sub-row's name follows on a later line.
        case ofWhich(Int)
    }

    var text: String
    var events: [Event]
    /// The line is a reference-intake statement, ingredient list or other prose whose numbers are no amounts.
    var isNonTable: Bool
    /// The line names a per-100 g/ml column ("per 100 g", "100 ml", "pro 100 g").
    var namesPer100: Bool
    /// The line names a per-serving column; the serving size when printed.
    var namesServing: Bool
    var servingSize: ServingSize?
    /// The line names a prepared column ("prepared", "+ 125 ml milk").
    var namesPrepared: Bool
    /// Offsets of the words that mark preparation ("zubereitet", "+ 125 ml milk"), to pick the column they name.
    var preparedPositions: [Int] = []
    /// Offsets of serving words ("per Serving", "Portion"), to order columns named on one line.
    var servingPositions: [Int] = []
    /// The line has a table title or column-header word ("Nutrition", "Nährwerte", "typical values").
    var hasTitleWord: Bool
    /// The line's position in the input and its box (when the input had geometry).
    var lineIndex: Int
    var box: TextBox?
    var wordBoxes: [(start: Int, end: Int, box: TextBox)]
    /// Character ranges of figures far taller than the page's others (``OversizedFigures``): no amount of one cell.
    var oversizedSpans: [Range<Int>] = []

    /// Number of whitespace-separated words in the line.
    var wordCount: Int { text.split(whereSeparator: { $0.isWhitespace }).count }

    /// `true` when the line is only a quantity with its unit ("30 g", "(100 ml)").
    var isBareQuantityLine: Bool {
        quantities.count == 1 && mentions.isEmpty
            && text.filter({ $0.isLetter }).count <= 3
    }

    var mentions: [Mention] { events.compactMap { if case .mention(let m) = $0 { return m } else { return nil } } }
    var quantities: [ScannedQuantity] {
        events.compactMap { if case .quantity(let q) = $0 { return q } else { return nil } }
    }
}

/// Tokenises a line into folded words with character offsets and matches them against the ``Lexicon``.
enum LineAnalyzer {
    struct Word {
        var folded: String
        var start: Int
        var end: Int
        /// A digit lies between the previous word and this one, so a phrase cannot continue across it.
        var followsNumber = false
        var bytes: [UInt8] { Array(folded.utf8) }
    }

    static let termsByFirstByte: [UInt8: [Lexicon.PreparedTerm]] = {
        let prepared = Lexicon.allTerms.filter { !$0.words.isEmpty }.map { term in
            Lexicon.PreparedTerm(term: term, bytes: term.wordBytes, joined: Array(term.words.joined().utf8),
                                 length: term.words.reduce(0) { $0 + $1.count })
        }
        return Dictionary(grouping: prepared, by: { $0.bytes[0][0] })
    }()

    /// Letter runs of the line, folded, with their offsets (digits split words so "Fett17,4g" gives "fett", "g").
    static func words(_ chars: [Character]) -> [Word] {
        var words: [Word] = []
        var current = ""
        var start = 0
        var sawDigit = false
        for (index, character) in chars.enumerated() {
            if character.isNumber && current.isEmpty { sawDigit = true }
            if character.isASCII, character.isNumber, current == "b" || (current.first == "b" && current.count <= 3
                && current.dropFirst().allSatisfy(\.isNumber)) {
                // "B6", "B12": a vitamin's name keeps its digits (the grammar never reads them as a value).
                current.append(character)
            } else if character.isLetter {
                if current.isEmpty { start = index }
                if character.isASCII {
                    current.append(Character(character.lowercased()))
                } else {
                    current += TextFolding.fold(String(character))
                }
            } else if !current.isEmpty {
                words.append(Word(folded: current, start: start, end: index, followsNumber: sawDigit))
                current = ""
                sawDigit = character.isNumber
            }
        }
        if !current.isEmpty {
            words.append(Word(folded: current, start: start, end: chars.count, followsNumber: sawDigit))
        }
        return words
    }

    /// Analyses one line. `wordBoxes` maps character ranges to boxes when geometry is known.
    /// US panels print the added-sugars amount inside the row name: "Includes 10g Added Sugars 20%", "(Incl. 2g
    /// Added Sugars, 4% DV)" (21 CFR 101.9(c)(6)(iii)). The amount between "Includes"/"Incl." and the row name is
    /// that row's value: its event moves to just after the name, so the %DV after the name stays a percent.
    private static func moveAmountsNamedBeforeTheirRow(_ events: inout [(Int, LineAnalysis.Event)],
                                                       words: [Word], mentions: [LineAnalysis.Mention]) {
        for mention in mentions where mention.nutrient == .addedSugars {
            // "Includes", "Incl.", OCR's "Inchudes".
            guard let includesWord = words.last(where: { $0.end <= mention.start && $0.folded.hasPrefix("inc") })
            else { continue }
            let inside = events.indices.filter { index in
                guard case .quantity(let quantity) = events[index].1 else { return false }
                return quantity.start >= includesWord.end && quantity.end <= mention.start && !quantity.isPercent
            }
            guard inside.count == 1 else { continue }
            events[inside[0]].0 = mention.end
        }
    }

    /// "Sodium mg 74", "Cholesterol (mg) 3": a milli/microgram unit printed right after a vitamin, mineral,
    /// sodium or cholesterol row name, before a bare amount (Indian and Gulf tables put it in a unit column), is
    /// that amount's unit. Macronutrients are never declared in mg; grams need no rule (a bare mass is grams).
    /// A unit in brackets is the name column's ("Total Sodium/sodium/sódio (mg) 20 5", a trilingual table that
    /// prints each row's unit in its name and bare numbers in the value columns): it is the unit of every bare
    /// amount after it on the row, up to the next row name (`first`: the row's first amount on the line, as
    /// already read; only bare numbers and percentages may stand between it and this one: FSANZ Standard 1.2.8
    /// panels put the %DI between the per-serving and per-100 g amounts, "Iron (mg) 3.0 (25%)* 9.7").
    static func applyUnitPrintedBefore(_ quantity: inout ScannedQuantity, _ chars: [Character],
                                       after name: LineAnalysis.Mention?, first: ScannedQuantity? = nil) {
        guard let name, name.nutrient.isMicronutrient, quantity.unit == nil, !quantity.isPercent, !quantity.isVolume,
              !quantity.isEnergyOfUnknownUnit else { return }
        if let first, first.start >= name.end, first.end <= quantity.start, let unit = first.unit,
           unit == .milligram || unit == .microgram,
           chars[first.end..<quantity.start].allSatisfy({
               " %*()<".contains($0) || NumberGrammar.isDigit($0) || NumberGrammar.isSeparator($0) }),
           namesBracketedUnit(chars, from: name.end, to: first.start) == unit {
            setUnit(unit, of: &quantity)
            return
        }
        var end = quantity.start
        while end > 0, " ()".contains(chars[end - 1]) { end -= 1 }
        var start = end
        while start > 0, chars[start - 1].isLetter { start -= 1 }
        guard start < end, start == 0 || " (".contains(chars[start - 1]),
              name.end <= start, chars[name.end..<start].allSatisfy({ " ()/".contains($0) }) else { return }
        guard let unit = NumberGrammar.smallMassUnit(word: String(chars[start..<end])) else { return }
        setUnit(unit, of: &quantity)
    }

    /// The milli/microgram unit printed in brackets between a row name and its first amount ("(mg)"), else `nil`.
    private static func namesBracketedUnit(_ chars: [Character], from start: Int, to end: Int) -> NutrientUnit? {
        let between = String(chars[start..<end]).replacingOccurrences(of: " ", with: "")
        guard between.hasPrefix("("), let close = between.firstIndex(of: ")"),
              between[between.index(after: close)...].isEmpty else { return nil }
        return NumberGrammar.smallMassUnit(word: String(between[between.index(after: between.startIndex)..<close]))
    }

    private static func setUnit(_ unit: NutrientUnit, of quantity: inout ScannedQuantity) {
        quantity.primary.unit = unit
        quantity.alternatives = quantity.alternatives.filter { $0.unit == nil }.map { reading in
            var reading = reading
            reading.unit = unit
            return reading
        }
    }

    /// "per" before a basis in a line's words: the lexicon's, Polish "w" and Scandinavian "i" ("w 100 g", "i 100 g")
    /// and OCR's glued "per100g".
    private static let perWords = Lexicon.perWords.union(["w", "i", "per100g"])

    static func analyzeWhole(_ text: String, lineIndex: Int, box: TextBox?,
                                     wordBoxes: [(start: Int, end: Int, box: TextBox)]) -> LineAnalysis {
        let chars = vitaminIndexDigits(Array(text))
        let words = words(chars)
        let folded = words.map(\.folded)
        var events: [(Int, LineAnalysis.Event)] = []

        // "1530 Kilojoule", "364 Kilocalorie": a spelled-out energy unit right after a number is that number's unit,
        // not the "Kilojoules" row name.
        var mentions = matchMentions(words).filter { mention in
            guard mention.unitHint?.isEnergy == true, mention.nutrient.isEnergy else { return true }
            let spelled = String(chars[mention.start..<mention.end]).lowercased()
            guard spelled.hasPrefix("kilo") else { return true }
            var index = mention.start - 1
            while index >= 0, chars[index] == " " { index -= 1 }
            return !(index >= 0 && chars[index].isNumber)
        }

        let gluedStarts = Set(mentions.map(\.end).filter { $0 < chars.count && (chars[$0].isNumber || chars[$0] == "<") })
        var quantities = NumberGrammar.scan(chars, gluedStarts: gluedStarts).filter { quantity in
            // A number inside a row name (OCR noise such as "Fett1") is kept; one that overlaps a mention is not.
            !mentions.contains { $0.start < quantity.end && quantity.start < $0.end }
        }
        mentions = mentions.filter { !$0.needsTraceAmount || Self.tracedAmountFollows($0, in: mentions, quantities) }
        for mention in mentions { events.append((mention.start, .mention(mention))) }
        markEnergyPair(&quantities, chars)
        for index in quantities.indices {
            let nameBefore = mentions.last { $0.end <= quantities[index].start }
            let firstAfterName = nameBefore.flatMap { name in quantities[..<index].first { $0.start >= name.end } }
            applyUnitPrintedBefore(&quantities[index], chars, after: nameBefore, first: firstAfterName)
        }
        let lastMentionStart = mentions.last?.start ?? -1
        let firstMentionStart = mentions.first?.start ?? Int.max
        let hasPerWord = !Set(words.map(\.folded)).isDisjoint(with: perWords)
        for var quantity in quantities {
            // 8400 kJ / 2000 kcal is the reference intake of the footnote, even when its sentence was cut.
            if quantity.isReferenceIntakeEnergy { continue }
            // "03 HNX": the Russian "из них" ("of which"), not an amount.
            if Self.isCyrillicOfWhichLetters(quantity, chars, words: words) { continue }
            // "per 100 kcal" ("Por/per/pour 100kcal") states a basis some labels add (values per 100 kcal of the
            // food), never the food's energy.
            if quantity.unit == .kilocalorie, quantity.value == 100, quantity.qualifier == nil,
               let before = words.last(where: { $0.end <= quantity.start }), perWords.contains(before.folded),
               chars[before.end..<quantity.start].allSatisfy(\.isWhitespace) { continue }
            // "100g 100g" alone on a line heads two per-100 g columns (product | %RI base); OCR lost the "per".
            let repeatedHeader = mentions.isEmpty && quantities.count >= 2
                && quantities.allSatisfy { $0.isHundredGramsOrMillilitres }
            if quantity.isHundredGramsOrMillilitres
                && (hasPerWord || quantity.start < firstMentionStart && !mentions.isEmpty || repeatedHeader) {
                quantity.isHeaderAmount = true
            }
            // "Serving Size 1 Container (150g)", "1 Cup (228g)": a bracketed mass after a household measure is the
            // serving size, wherever OCR put it on a row line ("1 Container (1509) Trans Fat 0g").
            if quantity.isBracketed, !quantity.isPercent, quantity.unit == nil || quantity.unit == .gram,
               let before = words.last(where: { $0.end <= quantity.start }),
               Lexicon.householdMeasureWords.contains(before.folded),
               chars[before.end..<quantity.start].allSatisfy({ $0 == " " || $0 == "(" || $0 == "[" }) {
                quantity.isHeaderAmount = true
            }
            // A lone "1" between row names is a column rule "|" read as a digit ("Fett 1 Grassi"); any bare digit
            // between two names of one row is debris too ("Salz 6 Sel").
            if quantity.isSeparatorLike && quantity.start < lastMentionStart { continue }
            if isRuleBeforeOfWhich(quantity, words: words, lastMention: mentions.last) { continue }
            if quantity.start < lastMentionStart, quantity.start > firstMentionStart, quantity.unit == nil,
               quantity.qualifier == nil, !quantity.isPercent, quantity.text.filter(\.isNumber).count == 1,
               Set(mentions.map(\.nutrient)).count == 1 { continue }
            events.append((quantity.start, .quantity(quantity)))
        }

        // Unit words and trace words that are not part of a quantity.
        let mentionWordIndices = Set(words.indices.filter { index in
            mentions.contains { $0.start <= words[index].start && words[index].end <= $0.end }
        })
        let plainWords = words.indices.filter { index in
            !mentionWordIndices.contains(index)
                && !quantities.contains { $0.start <= words[index].start && words[index].end <= $0.end }
        }
        let cellLike = plainWords.count <= 3
        let proseWords = plainWords.filter { index in
            let word = words[index].folded
            return word.count > 1 && !Lexicon.ofWhichWords.contains(word) && !NumberGrammar.traceWords.contains(word)
                && !["kj", "kcal", "g", "mg", "ml"].contains(word)
        }
        if mentions.isEmpty && (proseWords.count >= 2 && !amountsFollowBracketedUnit(chars, quantities: quantities)
                                    || isPackTextWithNumbers(folded: folded, chars: chars)) {
            // "Packung enthält ca. 11 Portionen", "10 Portionen": counts in prose are no amounts. Nor are the bare
            // numbers of pack text after a table ("Postfach 255", "Waldstr. 27", "1 Packung", "emballage = 16,5",
            // "0800 86 00 60"), which the table's last row would otherwise take. Bare numbers right after a bracketed
            // unit end a wrapped row name and are its amounts ("taire /ibra dietética* (g) 0 0", session 20).
            events.removeAll { event in
                if case .quantity(let quantity) = event.1 { return quantity.unit == nil && !quantity.isPercent
                    && !quantity.isEnergyOfUnknownUnit && !quantity.isVolume }
                return false
            }
        }
        if mentions.isEmpty, let index = plainWords.first(where: { Lexicon.ofWhichWords.contains(words[$0].folded) }) {
            events.append((words[index].start, .ofWhich(words[index].start)))
        }
        for index in plainWords {
            let word = words[index]
            switch word.folded {
            case "kj", "kjoule": events.append((word.start, .unitWord(.kilojoule, word.start)))
            // "Energy(kJ) 459 1480" / "(Cal) 110 355": FSANZ panels print the kcal row under the kJ one as a
            // bracketed "Cal" (large calories); "Fat Cal" and "Calories" are row names and never reach here.
            case "kcal", "kcals", "cal", "cals": events.append((word.start, .unitWord(.kilocalorie, word.start)))
            default:
                if NumberGrammar.traceWords.contains(word.folded), cellLike || !mentions.isEmpty {
                    let reading = ScannedQuantity.Reading(value: 0, unit: .gram, repairs: [], fractionDigits: 0)
                    let quantity = ScannedQuantity(primary: reading, alternatives: [], qualifier: .trace,
                                                   isPercent: false, isVolume: false, isEnergyOfUnknownUnit: false,
                                                   start: word.start,
                                                   end: word.end, text: String(chars[word.start..<word.end]))
                    events.append((word.start, .quantity(quantity)))
                }
            }
        }
        moveAmountsNamedBeforeTheirRow(&events, words: words, mentions: mentions)
        events.sort { $0.0 < $1.0 }

        let wordSet = Set(folded)
        // A phrase does not run across a number: "Total Fat 14g % Daily 18% Value" is a row beside the panel's
        // "% Daily Value" heading, not the %DV statement.
        let isNonTable = Lexicon.nonTablePhrases.contains { containsPhrase(words, $0) }
        // "Portion 100" on a line naming a serving: the 100 g / 100 ml column with its unit lost.
        let per100 = quantities.contains { $0.headerBasis(bareHundred: servingWordIn(folded)) == .per100g }
        let servingWord = !wordSet.isDisjoint(with: Lexicon.servingWords)
            || zip(folded, folded.dropFirst()).contains { perWords.contains($0.0) && Lexicon.packageWords.contains($0.1) }
        var preparedPositions = words.filter { Lexicon.preparedWords.contains($0.folded) }.map(\.start)
        for (index, word) in words.enumerated() where Lexicon.preparationIngredients.contains(word.folded) {
            let before = words[max(0, index - 4)..<index]
            let afterVolume = quantities.contains { $0.isVolume && $0.end <= word.start && word.start - $0.end <= 12 }
            let afterPlus = chars[max(0, word.start - 16)..<word.start].contains("+")
            if before.contains(where: { Lexicon.withWords.contains($0.folded) }) || afterVolume || afterPlus {
                preparedPositions.append(word.start)
            }
        }
        preparedPositions += chars.indices.filter { chars[$0] == "+" && quantities.contains { $0.isVolume } }
        let prepared = !preparedPositions.isEmpty
        let title = !wordSet.isDisjoint(with: Lexicon.tableTitleWords)
        var serving: ServingSize?
        let perAmount = hasPerWord && mentions.isEmpty
            && quantities.contains { $0.headerBasis() == .perServing }
        // "8 servings per container", "Servings per package: 8": a count, not the serving size.
        // Malay "Hidangan setiap bungkusan", Indonesian "Jumlah sajian per kemasan", Turkish "porsiyon sayısı".
        let countLine = containsPhrase(folded, ["servings", "per"]) || containsPhrase(folded, ["per", "container"])
            || containsPhrase(folded, ["portions", "per"]) || folded.first == "servings"
            || containsPhrase(folded, ["setiap", "bungkusan"]) || containsPhrase(folded, ["per", "kemasan"])
            || containsPhrase(folded, ["jumlah", "sajian"]) || containsPhrase(folded, ["jumlah", "hidangan"])
            || containsPhrase(folded, ["porsiyon", "sayisi"])
        if (servingWord || folded.contains("size") || perAmount) && !countLine {
            // On a line a visual row joined with table rows ("Serving size Cholesterol 10mg 3% Incl. 13g Added
            // Sugars"), an amount after a row name is that row's, not the serving size.
            let keyEnds = words.filter { Lexicon.servingWords.contains($0.folded) || $0.folded == "size"
                || perWords.contains($0.folded) }.map(\.end)
            let eligible = mentions.isEmpty ? quantities : quantities.filter { quantity in
                guard let key = keyEnds.last(where: { $0 <= quantity.start }) else {
                    return !mentions.contains { $0.end <= quantity.start }
                }
                return !mentions.contains { $0.start >= key && $0.end <= quantity.start }
            }
            serving = ServingSizeParser.parse(text, quantities: eligible)
        } else if countLine, let size = words.indices.last(where: { index in
            // "Servings per Package: 2 Serving Size: 125 g", "SERVINGS PER PACKAGE:5.6 SERVING SIZE: 50g" (FSANZ
            // 1.2.8 panels print both on one line): the serving size is the amount after its own "serving size".
            index > 0 && words[index].folded == "size" && Lexicon.servingWords.contains(words[index - 1].folded)
        }) {
            serving = ServingSizeParser.parse(text, quantities: quantities.filter { $0.start >= words[size].end })
        }
        // Prose (ingredient lists, footnotes such as "2,000 calories a day is used for general nutrition advice"):
        // many words, under 40 % of them row names (an ingredient line naming sugar, starch and salt among eight
        // other words). Its numbers are no amounts.
        let tableVocabulary = Lexicon.ofWhichWords.union(Lexicon.tableTitleWords).union(perWords)
            .union(["g", "mg", "kj", "kcal", "ml"])
        let letterWords = words.filter { $0.folded.count >= 2 && !tableVocabulary.contains($0.folded) }
        let mentionWords = letterWords.filter { word in mentions.contains { $0.start <= word.start && word.end <= $0.end } }
        // "Amount per serving | Cereal | with ½ cup skim milk": a column header naming a serving and a preparation
        // is no prose, however many words it takes.
        let namesPreparedServing = mentions.isEmpty && servingWord && prepared && letterWords.count <= 10
        let isProse = mentions.isEmpty ? letterWords.count >= 5 && !namesPreparedServing
            : letterWords.count >= 6 && Double(mentionWords.count) < 0.4 * Double(letterWords.count)
                || quantities.allSatisfy(\.isPercent)
                    && isIngredientFragment(chars, letterWords: letterWords.count, mentionWords: mentionWords.count)
        // "Eisen, Zink, Riboflavin, Thiamin, Vitamin B6," — a fortification or ingredient list naming vitamins and
        // minerals, with no amount: no row (an iron row would wait for the next amounts).
        let micronutrientList = quantities.allSatisfy(\.isPercent) && chars.filter({ $0 == "," }).count >= 2
            && Set(mentions.map(\.nutrient).filter(\.isMicronutrient)).count >= 3
        return LineAnalysis(text: text, events: events.map(\.1), isNonTable: isNonTable || isProse || micronutrientList,
                            namesPer100: per100,
                            namesServing: servingWord, servingSize: serving, namesPrepared: prepared,
                            preparedPositions: preparedPositions,
                            servingPositions: words.filter { Lexicon.servingWords.contains($0.folded) }.map(\.start),
                            hasTitleWord: title, lineIndex: lineIndex, box: box, wordBoxes: wordBoxes)
    }

    /// A piece of an ingredient list that a full-pack photo's reading order put between table rows ("Reismehl,
    /// Maismehl, Zucker} Weizenmehl", "Stärke Sonnenblumenöl, Backtriebmittel"): ingredients are separated by
    /// commas, multilingual row names by "/", "|" or "·". A line without amounts (ingredient shares in % aside) of
    /// three or more words with a comma after a word, under half of them row names, names no row. Lines with amounts
    /// keep their rows: visual rows rebuilt from word boxes may join a table row with a side text block.
    private static func isIngredientFragment(_ chars: [Character], letterWords: Int, mentionWords: Int) -> Bool {
        guard letterWords >= 3, mentionWords * 2 < letterWords else { return false }
        return chars.indices.contains { index in
            chars[index] == "," && index > 0 && (chars[index - 1].isLetter || ")]}".contains(chars[index - 1]))
        }
    }

    /// "2600 / 627" with no units: two whole numbers in the kJ/kcal ratio separated by "/" are an energy pair,
    /// even when the "(kJ / kcal)" header stands on another line.
    private static func markEnergyPair(_ quantities: inout [ScannedQuantity], _ chars: [Character]) {
        let plain = quantities.indices.filter {
            quantities[$0].unit == nil && !quantities[$0].isPercent && !quantities[$0].isVolume
                && quantities[$0].qualifier == nil && quantities[$0].primary.fractionDigits == 0
        }
        guard plain.count == 2, quantities.count == 2 else { return }
        let first = quantities[plain[0]], second = quantities[plain[1]]
        guard first.end <= second.start, String(chars[first.end..<second.start]).contains("/") else { return }
        let kj = first.value.asDouble
        let kcal = second.value.asDouble
        guard kj >= 40, ConsistencyChecks.energyPairAgrees(kj: kj, kcal: kcal) else { return }
        quantities[plain[0]].isEnergyOfUnknownUnit = true
        quantities[plain[1]].isEnergyOfUnknownUnit = true
    }

    private static func servingWordIn(_ words: [String]) -> Bool {
        !Set(words).isDisjoint(with: Lexicon.servingWords)
    }

    /// `true` when `phrase` occurs in `words` with no number between its words.
    private static func containsPhrase(_ words: [Word], _ phrase: [String]) -> Bool {
        guard !phrase.isEmpty, words.count >= phrase.count else { return false }
        return (0...(words.count - phrase.count)).contains { start in
            words[start..<(start + phrase.count)].map(\.folded) == phrase
                && !words[(start + 1)..<(start + phrase.count)].contains { $0.followsNumber }
        }
    }

    private static func containsPhrase(_ words: [String], _ phrase: [String]) -> Bool {
        guard !phrase.isEmpty, words.count >= phrase.count else { return false }
        for start in 0...(words.count - phrase.count) where Array(words[start..<(start + phrase.count)]) == phrase {
            return true
        }
        return false
    }
}
