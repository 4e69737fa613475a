import Foundation

/// What quantity of food a column of the table refers to.
public enum NutritionBasis: String, Sendable, Codable, Hashable {
    /// Per 100 g or per 100 ml (Open Food Facts suffix `_100g`).
    case per100g = "100g"
    /// Per serving / portion (Open Food Facts suffix `_serving`); see ``NutritionTable/servingSize``.
    case perServing = "serving"
}

/// Whether a column describes the food as sold or as prepared (e.g. "with 125 ml milk", "zubereitet").
public enum Preparation: String, Sendable, Codable, Hashable {
    /// The food as sold (Open Food Facts keys without infix).
    case asSold
    /// The food as prepared by the instructions (Open Food Facts `_prepared_` keys).
    case prepared
}

/// A qualifier printed with a value.
public enum ValueQualifier: String, Sendable, Codable, Hashable {
    /// "<0.5 g", "less than 1 g", "moins de 0,5 g": the value is the upper bound.
    case lessThan = "<"
    /// "traces", "Spuren", "tracce", "trazas", "Nil": the value is 0.
    case trace
}

/// An OCR repair applied to produce a value; any repair lowers the entry's confidence.
public enum ValueRepair: String, Sendable, Codable, Hashable {
    /// Letters read in place of digits (O/o→0, l/I/|→1, S→5, B→8).
    case letterAsDigit
    /// A trailing "9" that was the unit "g" ("129" → 12 g).
    case nineAsGram
    /// A "/" between kJ and kcal read as "1" and glued to the kcal number ("1239" → 239).
    case slashAsOne
    /// A decimal separator inserted because the printed number was implausible ("345" → 3.45).
    case insertedDecimalSeparator
    /// A separator read as another glyph between digits (":", ";", "'") taken as the decimal separator ("2:1" → 2.1).
    case misreadDecimalSeparator
    /// A decimal separator removed because the value only fits the table without it.
    case removedDecimalSeparator
    /// A leading digit OCR lost, restored because exactly one digit makes the kJ/kcal pair agree ("45 kcal" beside
    /// "1016 kJ" → 245 kcal).
    case restoredLeadingDigit
    /// kJ and kcal values were printed (or read) in each other's place.
    case swappedEnergyUnits
    /// The unit was not printed/read and was inferred (e.g. kJ vs kcal from the ratio).
    case inferredUnit
    /// The row label was not read; the nutrient was inferred from the declaration order.
    case inferredRow
}

/// One value of the table: a nutrient in one column (basis + preparation).
public struct NutritionEntry: Sendable, Codable, Hashable {
    /// The nutrient row.
    public var nutrient: Nutrient
    /// Per 100 g/ml or per serving.
    public var basis: NutritionBasis
    /// As sold or prepared.
    public var preparation: Preparation
    /// The value as printed, in ``unit`` (e.g. 2.9 for "2,9 g"; 0.5 for "<0.5 g"; 0 for "traces").
    /// Kept as `Decimal` so it never picks up binary-float noise.
    public var value: Decimal
    /// The unit as printed (or inferred, see ``repairs``).
    public var unit: NutrientUnit
    /// `<` or trace when printed; `nil` for a plain number. Qualified values are left out of sum checks.
    public var qualifier: ValueQualifier?
    /// The %RI printed next to the value (e.g. 7 for "(7%)"), kept apart from amounts.
    public var referenceIntakePercent: Decimal?
    /// 0…1: the probability that the value is right, from ``evidence`` by ``ReviewModel`` (calibrated on real label
    /// photos: of values at 0.9, nine in ten are right).
    public var confidence: Double
    /// `true` when a person should check this value: confidence under the parser's review threshold, chosen so that
    /// values not flagged are right at least 99 % of the time (docs/label.md, "Review flag").
    public var needsReview: Bool
    /// The source text the value came from (value cell, and the row label when known).
    public var sourceText: String
    /// The value's box in image pixels when the input had word geometry.
    public var box: TextBox?
    /// OCR repairs that produced the value.
    public var repairs: [ValueRepair]
    /// What supports or contradicts the value: the features ``confidence`` is computed from (``ReviewModel``);
    /// `nil` for entries made outside the parser.
    public var evidence: ReviewEvidence?

    /// Creates an entry.
    /// `nutrient`, `basis`, `preparation`: the column; `value` as printed, in `unit` (`Decimal`); `qualifier` `<` or
    /// trace; `referenceIntakePercent` the printed %RI (7 for "7%"); `confidence` 0...1; `needsReview` the review flag;
    /// `sourceText` the text read; `box` in image pixels; `repairs` the OCR repairs applied. ``evidence`` stays `nil`.
    public init(nutrient: Nutrient, basis: NutritionBasis, preparation: Preparation = .asSold, value: Decimal,
                unit: NutrientUnit, qualifier: ValueQualifier? = nil, referenceIntakePercent: Decimal? = nil,
                confidence: Double = 1, needsReview: Bool = false, sourceText: String = "", box: TextBox? = nil,
                repairs: [ValueRepair] = []) {
        self.nutrient = nutrient
        self.basis = basis
        self.preparation = preparation
        self.value = value
        self.unit = unit
        self.qualifier = qualifier
        self.referenceIntakePercent = referenceIntakePercent
        self.confidence = confidence
        self.needsReview = needsReview
        self.sourceText = sourceText
        self.box = box
        self.repairs = repairs
    }

    /// Open Food Facts key: `fat_100g`, `energy-kj_serving`, `sugars_prepared_100g`.
    public var key: String {
        NutritionEntry.key(nutrient: nutrient, basis: basis, preparation: preparation)
    }

    /// Builds an Open Food Facts key for a nutrient and column.
    public static func key(nutrient: Nutrient, basis: NutritionBasis, preparation: Preparation = .asSold) -> String {
        nutrient.rawValue + (preparation == .prepared ? "_prepared_" : "_") + basis.rawValue
    }

    /// The value in the key's unit (kJ, kcal or grams): "250 mg" of sodium gives 0.25.
    public var valueInKeyUnit: Decimal {
        guard let grams = unit.grams else { return value }
        return value * grams
    }
}

/// The serving (portion) size a per-serving column refers to.
public struct ServingSize: Sendable, Codable, Hashable {
    /// As printed, e.g. "30 g", "1 cup (228g)", "½ pack".
    public var text: String
    /// The amount in grams or millilitres when printed (228 for "1 cup (228g)"), else `nil`.
    public var quantity: Decimal?
    /// "g" or "ml" for ``quantity``.
    public var unit: String?

    /// Creates a serving size.
    /// `text` as printed; `quantity` the amount in `unit` (`"g"` or `"ml"`) when the text holds one.
    public init(text: String, quantity: Decimal? = nil, unit: String? = nil) {
        self.text = text
        self.quantity = quantity
        self.unit = unit
    }
}

/// A consistency check that did not pass (or a repair it triggered), for display and debugging.
public struct ConsistencyFinding: Sendable, Codable, Hashable {
    /// Stable identifier: `energy-ratio`, `energy-swap`, `energy-contradicted` (a kJ/kcal pair that disagrees, the
    /// side the macros contradict while confirming the other left out), `energy-vs-macros`, `energy-limit` (per 100 g above
    /// 900 kcal / 3700 kJ: repaired or dropped), `saturates-exceed-fat`, `sugars-exceed-carbohydrates`,
    /// `salt-vs-sodium`, `serving-vs-100g`, `mass-over-100g` (above 100 g, sodium above 40 g, per 100 g: the value
    /// is dropped), `ri-percent`, `column-basis-uncertain` (which column is per 100 g and which per serving rests on
    /// a weak cue, or the header and the serving ratio disagree: the keys are flagged, ``isReviewNote``).
    public var check: String
    /// The Open Food Facts keys involved.
    public var keys: [String]
    /// Human-readable explanation with the numbers.
    public var message: String

    /// `true` for a finding that only asks for review of values read as printed (`column-basis-uncertain`), no
    /// failed check of the text: the scanner's comparison of OCR readings by the grammar leaves it out.
    public var isReviewNote: Bool { check == TableBuilder.uncertainBasisCheck }

    /// Creates a finding.
    /// `check`: the stable identifier (see ``check``); `keys`: the Open Food Facts keys involved; `message`: the
    /// explanation with the numbers.
    public init(check: String, keys: [String], message: String) {
        self.check = check
        self.keys = keys
        self.message = message
    }
}

/// A parsed nutrition declaration: one entry per nutrient and column.
public struct NutritionTable: Sendable, Codable, Hashable {
    /// The entries, ordered by declaration order then column.
    public var entries: [NutritionEntry]
    /// The dominant label language (ISO 639-1: "de", "fr", "en", …) judged from the row names, `nil` if unknown.
    public var language: String?
    /// All languages whose row names were seen, most frequent first.
    public var languages: [String]
    /// The serving size when the label prints one.
    public var servingSize: ServingSize?
    /// Checks that failed or triggered repairs.
    public var findings: [ConsistencyFinding]

    /// Creates a table.
    /// `entries` in declaration order then column; `language` ISO 639-1 or nil; `languages` most frequent first;
    /// `servingSize` when printed; `findings` the checks that failed or repaired.
    public init(entries: [NutritionEntry], language: String? = nil, languages: [String] = [],
                servingSize: ServingSize? = nil, findings: [ConsistencyFinding] = []) {
        self.entries = entries
        self.language = language
        self.languages = languages
        self.servingSize = servingSize
        self.findings = findings
    }

    /// The entry for an Open Food Facts key such as `fat_100g`, or `nil`.
    public subscript(key: String) -> NutritionEntry? {
        entries.first { $0.key == key }
    }

    /// The entry for a nutrient and column, or `nil`.
    public func entry(_ nutrient: Nutrient, basis: NutritionBasis = .per100g,
                      preparation: Preparation = .asSold) -> NutritionEntry? {
        entries.first { $0.nutrient == nutrient && $0.basis == basis && $0.preparation == preparation }
    }

    /// Open Food Facts nutriments: key → value in the key's unit (kJ, kcal, grams).
    public var nutriments: [String: Decimal] {
        Dictionary(entries.map { ($0.key, $0.valueInKeyUnit) }, uniquingKeysWith: { first, _ in first })
    }

    /// Open Food Facts qualifiers: key → "<" or "trace" for qualified values.
    public var qualifiers: [String: String] {
        Dictionary(entries.compactMap { entry in entry.qualifier.map { (entry.key, $0.rawValue) } },
                   uniquingKeysWith: { first, _ in first })
    }

    /// `true` when any entry needs review.
    public var needsReview: Bool { entries.contains { $0.needsReview } }
}
