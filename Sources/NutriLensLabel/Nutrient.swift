import Foundation

/// A nutrient row of a nutrition declaration, named by its Open Food Facts nutriment key.
///
/// `rawValue` is the Open Food Facts name (`energy-kj`, `saturated-fat`, …); append `_100g` or `_serving`
/// (see ``NutritionBasis``) for the full key used in `ground-truth.md` sidecars and in ``NutritionTable/nutriments``.
public enum Nutrient: String, Sendable, Codable, CaseIterable, Hashable {
    /// Energy in kilojoules ("Energy … kJ", "kilojoules"); key unit kJ.
    case energyKJ = "energy-kj"
    /// Energy in kilocalories ("… kcal", US/CA "Calories"); key unit kcal.
    case energyKcal = "energy-kcal"
    /// Total fat ("Fat", "Total Fat"); grams.
    case fat
    /// Saturated fatty acids ("of which saturates", "Saturated Fat"); grams, at most `fat`.
    case saturatedFat = "saturated-fat"
    /// Monounsaturated fatty acids ("mono-unsaturates"); grams, at most `fat`.
    case monounsaturatedFat = "monounsaturated-fat"
    /// Polyunsaturated fatty acids ("polyunsaturates"); grams, at most `fat`.
    case polyunsaturatedFat = "polyunsaturated-fat"
    /// Trans fatty acids ("Trans Fat", US/CA); grams.
    case transFat = "trans-fat"
    /// Cholesterol (US/CA, printed in mg); key unit grams.
    case cholesterol
    /// Carbohydrate as printed ("Carbohydrate", "Total Carbohydrate"): EU labels declare it without fibre, US/CA
    /// labels with it; the value is kept as printed. Grams.
    case carbohydrates
    /// Total sugars ("of which sugars", "Total Sugars"); grams, at most `carbohydrates`.
    case sugars
    /// Added sugars (US "Includes … Added Sugars"); grams, at most `sugars`.
    case addedSugars = "added-sugars"
    /// Polyols (EU optional row, a sub-row of carbohydrate); grams.
    case polyols
    /// Starch (EU optional row, a sub-row of carbohydrate); grams.
    case starch
    /// Dietary fibre ("Fibre", "Dietary Fiber"); grams.
    case fiber
    /// Protein; grams.
    case proteins
    /// Salt (EU: the salt equivalent, sodium × 2.5, Regulation (EU) No 1169/2011 Annex I); grams.
    case salt
    /// Sodium (US/CA and older EU labels, usually printed in mg); key unit grams.
    case sodium
    /// Calcium (printed in mg); key unit grams.
    case calcium
    /// Iron (printed in mg); key unit grams.
    case iron
    /// Potassium (printed in mg); key unit grams.
    case potassium
    /// Vitamin D (printed in µg); key unit grams.
    case vitaminD = "vitamin-d"
    /// Vitamin A (printed in µg); key unit grams.
    case vitaminA = "vitamin-a"
    /// Vitamin C (printed in mg); key unit grams.
    case vitaminC = "vitamin-c"
    /// Vitamin E (printed in mg); key unit grams.
    case vitaminE = "vitamin-e"
    /// Thiamin.
    case vitaminB1 = "vitamin-b1"
    /// Riboflavin.
    case vitaminB2 = "vitamin-b2"
    /// Niacin (Open Food Facts names it vitamin PP).
    case vitaminPP = "vitamin-pp"
    /// Vitamin B6, pyridoxine (printed in mg); key unit grams.
    case vitaminB6 = "vitamin-b6"
    /// Folate / folic acid (Open Food Facts names it vitamin B9).
    case vitaminB9 = "vitamin-b9"
    /// Vitamin B12, cobalamin (printed in µg); key unit grams.
    case vitaminB12 = "vitamin-b12"
    /// Magnesium (printed in mg); key unit grams.
    case magnesium
    /// Zinc (printed in mg); key unit grams.
    case zinc
    /// Phosphorus (printed in mg); key unit grams.
    case phosphorus
    /// Iodine (printed in µg); key unit grams.
    case iodine

    /// The unit of the Open Food Facts key: kJ for `energy-kj`, kcal for `energy-kcal`, grams for everything else.
    public var keyUnit: NutrientUnit {
        switch self {
        case .energyKJ: return .kilojoule
        case .energyKcal: return .kilocalorie
        default: return .gram
        }
    }

    /// `true` for the two energy rows.
    public var isEnergy: Bool { self == .energyKJ || self == .energyKcal }

    /// `true` for rows declared as a mass (g, mg, µg).
    public var isMass: Bool { !isEnergy }

    /// `true` for vitamins, minerals, sodium and cholesterol: rows printed in mg or µg, with up to three decimals
    /// in grams, that take no part in the macro checks.
    public var isMicronutrient: Bool {
        switch self {
        case .sodium, .cholesterol, .calcium, .iron, .potassium, .vitaminD, .vitaminA, .vitaminC, .vitaminE,
             .vitaminB1, .vitaminB2, .vitaminPP, .vitaminB6, .vitaminB9, .vitaminB12, .magnesium, .zinc,
             .phosphorus, .iodine:
            return true
        default:
            return false
        }
    }

    /// `true` for the vitamins and minerals outside the US panel's mandatory four (calcium, iron, potassium,
    /// vitamin D): read as a row only when the amount follows the name on the same line.
    var isRowOnlyWithAmountOnLine: Bool {
        isMicronutrient && ![.sodium, .cholesterol, .calcium, .iron, .potassium, .vitaminD].contains(self)
    }

    /// `true` for rows printed as "of which …" under another row (saturates, sugars, polyols, starch, …).
    public var isSubRow: Bool {
        switch self {
        case .saturatedFat, .monounsaturatedFat, .polyunsaturatedFat, .transFat, .sugars, .addedSugars, .polyols,
             .starch:
            return true
        default:
            return false
        }
    }

    /// The row a sub-row is part of, so never exceeds (Regulation (EU) 1169/2011 Annex I: saturates, mono-,
    /// polyunsaturates and trans fat are fat; sugars, polyols and starch are carbohydrate; 21 CFR 101.9(c)(6)(iii):
    /// added sugars are included in total sugars); `nil` for other rows.
    var parentRow: Nutrient? {
        switch self {
        case .saturatedFat, .monounsaturatedFat, .polyunsaturatedFat, .transFat: return .fat
        case .sugars, .polyols, .starch: return .carbohydrates
        case .addedSugars: return .sugars
        default: return nil
        }
    }

    /// Adult reference intake per day from Regulation (EU) No 1169/2011 Annex XIII Part B, in ``keyUnit``;
    /// `nil` for rows without one.
    public var referenceIntake: Decimal? {
        switch self {
        case .energyKJ: return 8400
        case .energyKcal: return 2000
        case .fat: return 70
        case .saturatedFat: return 20
        case .carbohydrates: return 260
        case .sugars: return 90
        case .proteins: return 50
        case .salt: return 6
        default: return nil
        }
    }

    /// Daily reference amount under `intakes`, in ``keyUnit``; `nil` for rows without one.
    func referenceIntake(in intakes: ReferenceIntakes) -> Decimal? {
        switch intakes {
        case .euAnnexXIII: return referenceIntake
        case .australiaNewZealand:
            // FSANZ Food Standards Code, Schedule 1.2.8 (reference values for %DI).
            switch self {
            case .energyKJ: return 8700
            case .proteins: return 50
            case .fat: return 70
            case .saturatedFat: return 24
            case .carbohydrates: return 310
            case .sugars: return 90
            case .fiber: return 30
            case .sodium: return Decimal(string: "2.3")
            default: return nil
            }
        }
    }

    /// Position in the Annex XV order of the declaration (energy first, salt last among the mandatory rows); used to
    /// place a row whose label OCR lost between its neighbours.
    public var declarationOrder: Int {
        switch self {
        case .energyKJ, .energyKcal: return 0
        case .fat: return 1
        case .saturatedFat: return 2
        case .monounsaturatedFat: return 3
        case .polyunsaturatedFat: return 4
        case .transFat: return 5
        case .cholesterol: return 6
        case .carbohydrates: return 7
        case .sugars: return 8
        case .addedSugars: return 9
        case .polyols: return 10
        case .starch: return 11
        case .fiber: return 12
        case .proteins: return 13
        case .salt: return 14
        case .sodium: return 15
        case .calcium, .iron, .potassium, .vitaminD, .vitaminA, .vitaminC, .vitaminE, .vitaminB1, .vitaminB2,
             .vitaminPP, .vitaminB6, .vitaminB9, .vitaminB12, .magnesium, .zinc, .phosphorus, .iodine: return 16
        }
    }
}

/// A unit printed on a nutrition label.
public enum NutrientUnit: String, Sendable, Codable, Hashable, CaseIterable {
    /// Kilojoule (energy).
    case kilojoule = "kJ"
    /// Kilocalorie; US "Calories" and "Cal" are kilocalories.
    case kilocalorie = "kcal"
    /// Gram.
    case gram = "g"
    /// Milligram (sodium, cholesterol, minerals on US panels).
    case milligram = "mg"
    /// Microgram; "mcg" and "ug" are read as µg.
    case microgram = "µg"

    /// `true` for kJ and kcal.
    public var isEnergy: Bool { self == .kilojoule || self == .kilocalorie }

    /// Grams per one of this unit for mass units (1, 0.001, 0.000001); `nil` for energy units.
    public var grams: Decimal? {
        switch self {
        case .gram: return 1
        case .milligram: return Decimal(string: "0.001")!
        case .microgram: return Decimal(string: "0.000001")!
        case .kilojoule, .kilocalorie: return nil
        }
    }
}

/// Which daily reference amounts a table's percentages (%RI, %DI) refer to.
enum ReferenceIntakes: Sendable, Hashable {
    /// EU/UK reference intakes, Regulation (EU) 1169/2011 Annex XIII Part B (8 400 kJ, saturates 20 g, salt 6 g).
    case euAnnexXIII
    /// Australian/NZ "% Daily Intake", FSANZ Schedule 1.2.8 (8 700 kJ, saturated fat 24 g, sodium 2 300 mg).
    case australiaNewZealand
}
