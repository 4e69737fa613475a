import Foundation

/// What supports or contradicts one value, the input of ``ReviewModel``: each feature is one a label of any country
/// and any OCR engine can have, so a model fitted on some photos carries over to others (measured leaving one
/// source folder out, docs/label.md "Review flag").
public struct ReviewEvidence: Sendable, Codable, Hashable {
    /// Outcome of one consistency check for this value.
    public enum Check: String, Sendable, Codable, Hashable {
        /// The check ran and the value passed it.
        case agrees
        /// The check ran and the value failed it.
        case disagrees
        /// The label (or the OCR text) lacks what the check needs.
        case unavailable
    }

    /// The grammar's own confidence (0…1) from how the value was read: fuzzy row names, missing units, repairs,
    /// inferred rows, checks the reading chose between.
    public var grammarConfidence: Double
    /// Lowest recognition confidence (0…1) the OCR engine gave the characters of the value cell; `nil` when the
    /// engine reports none.
    public var recognitionConfidence: Double?
    /// Per serving ≈ per 100 g × serving size / 100 for this row (the printed serving size, or for masses the size
    /// the energy columns imply).
    public var servingRatio: Check
    /// Energy rows: kJ and kcal of the column agree (Annex XIV band). Fat, carbohydrate, protein and fibre: the
    /// column's energy matches its macros × Annex XIV factors.
    public var energy: Check
    /// The value's column as a whole: its energy matches its macros (any macronutrient or salt row of a consistent
    /// column is more often read right); unavailable for micronutrients, which the check does not see.
    public var column: Check
    /// The %RI / %DI printed beside the value matches the amount (Annex XIII, FSANZ Schedule 1.2.8).
    public var referenceIntake: Check
    /// Sub-rows at most their parent (saturates ≤ fat, sugars ≤ carbohydrate, …) and a parent at least its sub-rows.
    public var parentRow: Check
    /// A second reading of the same label (another OCR engine or pass) gives the same value; see
    /// ``NutritionParser/parse(lines:secondReading:)``.
    public var secondReading: Check
    /// The value needed an OCR repair (``NutritionEntry/repairs``).
    public var repaired: Bool
    /// The row name was not read; the row comes from the declaration order.
    public var inferredRow: Bool
    /// A vitamin, mineral, sodium or cholesterol row (printed in mg/µg, often beside %DV-only rows): read wrong more
    /// often than the macronutrients, and outside the energy checks.
    public var micronutrient: Bool
    /// The value's row has fewer cells than the table's columns: the table holds energy in a column where the row has
    /// no value, or prints per 100 g and per serving columns of the value's preparation (at least three other rows
    /// valued in both) and the row has a value in only one. A value was lost, or moved into or out of the row by row
    /// or column assignment (realignment, pairing, lost-name inference), so the row's values are less certain.
    public var unpairedRow: Bool = false
    /// How many other rows of the table (other nutrients, any column) fail a check of their own: serving ratio, %RI
    /// or parent row disagrees. Such failures come from values read into the wrong row or column, which moves the
    /// values around them too.
    public var otherRowsContradicted: Int = 0

    /// Creates evidence; every check defaults to unavailable.
    /// `grammarConfidence` and `recognitionConfidence` 0...1 (`nil`: the engine gives none); the checks
    /// (`servingRatio`, `energy`, `column`, `referenceIntake`, `parentRow`, `secondReading`) and flags (`repaired`,
    /// `inferredRow`, `micronutrient`) as the properties. ``unpairedRow`` and ``otherRowsContradicted`` start at
    /// `false` and 0.
    public init(grammarConfidence: Double, recognitionConfidence: Double? = nil, servingRatio: Check = .unavailable,
                energy: Check = .unavailable, column: Check = .unavailable, referenceIntake: Check = .unavailable,
                parentRow: Check = .unavailable, secondReading: Check = .unavailable, repaired: Bool = false,
                inferredRow: Bool = false, micronutrient: Bool = false) {
        self.grammarConfidence = grammarConfidence
        self.recognitionConfidence = recognitionConfidence
        self.servingRatio = servingRatio
        self.energy = energy
        self.column = column
        self.referenceIntake = referenceIntake
        self.parentRow = parentRow
        self.secondReading = secondReading
        self.repaired = repaired
        self.inferredRow = inferredRow
        self.micronutrient = micronutrient
    }
}

extension ReviewEvidence {
    /// Decodes evidence; JSON written before session 19 lacks ``unpairedRow`` and ``otherRowsContradicted``, which
    /// then take their defaults (`false`, 0). Other missing keys throw `DecodingError.keyNotFound`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(grammarConfidence: try container.decode(Double.self, forKey: .grammarConfidence),
                  recognitionConfidence: try container.decodeIfPresent(Double.self, forKey: .recognitionConfidence),
                  servingRatio: try container.decode(Check.self, forKey: .servingRatio),
                  energy: try container.decode(Check.self, forKey: .energy),
                  column: try container.decode(Check.self, forKey: .column),
                  referenceIntake: try container.decode(Check.self, forKey: .referenceIntake),
                  parentRow: try container.decode(Check.self, forKey: .parentRow),
                  secondReading: try container.decode(Check.self, forKey: .secondReading),
                  repaired: try container.decode(Bool.self, forKey: .repaired),
                  inferredRow: try container.decode(Bool.self, forKey: .inferredRow),
                  micronutrient: try container.decode(Bool.self, forKey: .micronutrient))
        unpairedRow = try container.decodeIfPresent(Bool.self, forKey: .unpairedRow) ?? false
        otherRowsContradicted = try container.decodeIfPresent(Int.self, forKey: .otherRowsContradicted) ?? 0
    }
}

extension ReviewEvidence.Check {
    init(_ passed: Bool?) {
        switch passed {
        case true?: self = .agrees
        case false?: self = .disagrees
        case nil: self = .unavailable
        }
    }
}

/// Computes ``ReviewEvidence`` for the entries of a finished table.
enum ReviewEvidenceBuilder {

    /// Sets `evidence` on every entry from the table's own numbers (the recognition and second-reading features are
    /// added by the parser).
    static func attach(to entries: inout [NutritionEntry], servingGrams printed: Double?, intakes: ReferenceIntakes) {
        let snapshot = entries
        let impliedServing = TableBuilder.servingGramsFromEnergy(snapshot)
        let columns = Dictionary(grouping: snapshot.indices) { "\(snapshot[$0].basis)/\(snapshot[$0].preparation)" }
        var columnCheck: [String: Bool?] = [:]
        for (column, indices) in columns {
            columnCheck[column] = energyMatchesMacros(indices.map { snapshot[$0] })
        }
        for index in entries.indices {
            let entry = snapshot[index]
            let column = "\(entry.basis)/\(entry.preparation)"
            let siblings = columns[column]!.map { snapshot[$0] }
            var evidence = ReviewEvidence(grammarConfidence: entry.confidence)
            evidence.repaired = entry.repairs.contains { $0 != .inferredRow }
            evidence.inferredRow = entry.repairs.contains(.inferredRow)
            let size = entry.nutrient.isEnergy ? printed : printed ?? impliedServing
            evidence.servingRatio = .init(servingRatioAgrees(entry, in: snapshot, servingGrams: size))
            evidence.micronutrient = entry.nutrient.isMicronutrient
            evidence.column = entry.nutrient.isMicronutrient ? .unavailable : .init(columnCheck[column] ?? nil)
            switch entry.nutrient {
            case .energyKJ, .energyKcal:
                let kj = siblings.first { $0.nutrient == .energyKJ && $0.qualifier == nil }
                let kcal = siblings.first { $0.nutrient == .energyKcal && $0.qualifier == nil }
                if let kj, let kcal {
                    evidence.energy = .init(ConsistencyChecks.energyPairAgrees(kj: kj.value.asDouble, kcal: kcal.value.asDouble))
                }
            case .fat, .carbohydrates, .proteins, .fiber:
                evidence.energy = evidence.column
            default:
                break
            }
            if let percent = entry.referenceIntakePercent, entry.qualifier == nil,
               let intake = entry.nutrient.referenceIntake(in: intakes) {
                evidence.referenceIntake = .init(ServingColumnRepair.percentAgrees(
                    amount: entry.valueInKeyUnit.asDouble, intake: intake.asDouble, percent: percent))
            }
            evidence.parentRow = .init(parentRowAgrees(entry, siblings: siblings))
            evidence.unpairedRow = isUnpaired(entry, in: snapshot)
            entries[index].evidence = evidence
        }
        // The table's rows with an entry failing a check of its own, once per table.
        let contradicted = Set(entries.compactMap { entry -> Nutrient? in
            guard let evidence = entry.evidence,
                  [evidence.servingRatio, evidence.referenceIntake, evidence.parentRow].contains(.disagrees)
            else { return nil }
            return row(of: entry.nutrient)
        })
        for index in entries.indices {
            let others = contradicted.subtracting([row(of: entries[index].nutrient)]).count
            entries[index].evidence?.otherRowsContradicted = others
        }
    }

    /// The row a nutrient is read on: kJ and kcal are one row (the energy row, named by kcal); any other nutrient is
    /// its own.
    private static func row(of nutrient: Nutrient) -> Nutrient { nutrient.isEnergy ? .energyKcal : nutrient }

    /// See ``ReviewEvidence/unpairedRow``: a non-energy row without a value in a column of the table that holds
    /// energy (kJ or kcal), or, where the entry's preparation has a per 100 g and a per serving column with at least
    /// three other non-energy rows valued in both, without a value in one of them.
    private static func isUnpaired(_ entry: NutritionEntry, in entries: [NutritionEntry]) -> Bool {
        guard !entry.nutrient.isEnergy else { return false }
        func column(_ e: NutritionEntry) -> String { "\(e.basis)/\(e.preparation)" }
        let energyColumns = Set(entries.filter(\.nutrient.isEnergy).map(column))
        let own = Set(entries.filter { $0.nutrient == entry.nutrient }.map(column))
        if !energyColumns.subtracting(own).isEmpty { return true }
        let masses = entries.filter { $0.preparation == entry.preparation && !$0.nutrient.isEnergy }
        let per100 = Set(masses.filter { $0.basis == .per100g }.map(\.nutrient))
        let serving = Set(masses.filter { $0.basis == .perServing }.map(\.nutrient))
        guard per100.intersection(serving).subtracting([entry.nutrient]).count >= 3 else { return false }
        return !(per100.contains(entry.nutrient) && serving.contains(entry.nutrient))
    }

    /// The column's kcal (or kJ ÷ 4.184) against fat, carbohydrate, protein (and fibre) × Annex XIV factors; `nil`
    /// when energy or one of the three macros is missing or qualified.
    static func energyMatchesMacros(_ column: [NutritionEntry]) -> Bool? {
        func exact(_ nutrient: Nutrient) -> Double? {
            column.first { $0.nutrient == nutrient && $0.qualifier == nil }.map { $0.valueInKeyUnit.asDouble }
                ?? column.first { $0.nutrient == nutrient }.map { _ in 0 }
        }
        guard let fat = exact(.fat), let carbohydrates = exact(.carbohydrates), let proteins = exact(.proteins) else {
            return nil
        }
        let kcal = column.first { $0.nutrient == .energyKcal && $0.qualifier == nil }.map { $0.value.asDouble }
            ?? column.first { $0.nutrient == .energyKJ && $0.qualifier == nil }.map { $0.value.asDouble / 4.184 }
        guard let kcal else { return nil }
        let polyols = exact(.polyols) ?? 0
        let base = 9 * fat + 4 * max(0, carbohydrates - polyols) + 2.4 * polyols + 4 * proteins
        let estimate = (withFiber: base + 2 * (exact(.fiber) ?? 0), withoutFiber: base)
        return ConsistencyChecks.energyMismatch(kcal: kcal, estimate: estimate) == 0
    }

    private static func servingRatioAgrees(_ entry: NutritionEntry, in entries: [NutritionEntry],
                                           servingGrams: Double?) -> Bool? {
        guard let servingGrams, servingGrams > 0, entry.qualifier == nil,
              let other = entries.first(where: {
                  $0.nutrient == entry.nutrient && $0.preparation == entry.preparation && $0.basis != entry.basis
                      && $0.qualifier == nil
              }) else { return nil }
        let (per100, serving) = entry.basis == .per100g ? (entry, other) : (other, entry)
        let expected = per100.valueInKeyUnit.asDouble * servingGrams / 100
        let actual = serving.valueInKeyUnit.asDouble
        if entry.nutrient.isEnergy { return abs(actual - expected) <= max(6, 0.1 * expected) }
        return ServingColumnRepair.servingAgrees(per100: per100.valueInKeyUnit.asDouble, serving: actual,
                                                 grams: servingGrams)
    }

    private static func parentRowAgrees(_ entry: NutritionEntry, siblings: [NutritionEntry]) -> Bool? {
        func exceeds(_ sub: NutritionEntry, _ parent: NutritionEntry) -> Bool {
            sub.qualifier == nil && sub.valueInKeyUnit.asDouble > parent.valueInKeyUnit.asDouble + 0.05
        }
        if let parentNutrient = entry.nutrient.parentRow,
           let parent = siblings.first(where: { $0.nutrient == parentNutrient }) {
            return !exceeds(entry, parent)
        }
        let subs = siblings.filter { $0.nutrient.parentRow == entry.nutrient }
        guard !subs.isEmpty else { return nil }
        return !subs.contains { exceeds($0, entry) }
    }
}
