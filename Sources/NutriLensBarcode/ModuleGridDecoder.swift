/// A second EAN decoder that shares nothing with ZBar's edge measurements: with a symbol's module grid fixed (the
/// registration fitted for a candidate), every digit position is scored against every digit pattern on the grey
/// profiles themselves, and the check-valid digit strings that explain the profiles best are found exactly by
/// dynamic programming over (weighted digit sum mod 10, left-half number sets).
///
/// Its best strings are the candidate's rivals: a wrong candidate whose bars were mis-measured by one module loses
/// to the true code here, because the true code's patterns fit the grey levels better position by position.
/// EAN-13 (UPC-A is an EAN-13 with leading digit 0) and EAN-8 only; UPC-E is left to ZBar's rivals (its check digit
/// depends on the expanded form).
struct ModuleGridDecoder {
    /// One digit position: where its 7 modules start and which (digit, number set) patterns it may hold.
    private struct Slot {
        var offset: Int
        var weight: Int
        var options: [(digit: Int, modules: [Bool], setB: Bool)]
    }

    private let ean13: Bool
    private let slots: [Slot]
    /// `cost[slot][option]`: squared residual of the profiles with that option in the slot, summed over the lines.
    private var cost: [[Double]]

    /// Scores every digit pattern at every position of the symbol `modules` (read as `symbology`) on the profiles,
    /// each line at its own fitted registration and grey levels (`fits[i]` belongs to `profiles[i]`; lines without a
    /// fit are skipped): the squared residual of the profile against the blurred pattern with that one position
    /// swapped, over the position's 7 modules and one on each side. `nil` for UPC-E and non-EAN/UPC, or no fit.
    init?(symbology: Symbology, modules: [Bool], profiles: [FitProfile], fits: [PatternFit.Fit?]) {
        let aOrB = (0...9).flatMap { d in [(d, EANPattern.setA[d], false), (d, EANPattern.setB[d], true)] }
        let a = (0...9).map { ($0, EANPattern.setA[$0], false) }, c = (0...9).map { ($0, EANPattern.setC[$0], false) }
        switch symbology {
        case .ean13, .upcA:
            // Digits 1...12 of the 13 (digit 0 is carried by the left half's number sets); GS1 weights 3,1,3,... from
            // digit 1 on, 1 for digit 0.
            slots = (0..<6).map { Slot(offset: 3 + 7 * $0, weight: $0 % 2 == 0 ? 3 : 1, options: aOrB) }
                + (0..<6).map { Slot(offset: 50 + 7 * $0, weight: $0 % 2 == 0 ? 3 : 1, options: c) }
            ean13 = true
        case .ean8:
            slots = (0..<4).map { Slot(offset: 3 + 7 * $0, weight: $0 % 2 == 0 ? 3 : 1, options: a) }
                + (0..<4).map { Slot(offset: 36 + 7 * $0, weight: $0 % 2 == 0 ? 3 : 1, options: c) }
            ean13 = false
        default:
            return nil
        }
        guard modules.count == (ean13 ? 95 : 67), fits.contains(where: { $0 != nil }) else { return nil }
        let W = Double(modules.count)
        cost = slots.map { [Double](repeating: 0, count: $0.options.count) }
        // Modules of context on each side of a slot: beyond them a bar edge is more than 3.5 blurs away from the slot's
        // window (blur <= 1 module in practice), and the local pattern is cut there.
        let context = 5
        var local = [Bool](repeating: false, count: 7 + 2 * context)
        var edges: [(left: Double, right: Double)] = []
        edges.reserveCapacity(12)
        for (p, fit) in zip(profiles, fits) {
            guard let fit else { continue }
            let r = fit.registration
            for (j, slot) in slots.enumerated() {
                let i0 = max(0, Int(r.position(Double(slot.offset - 1), modules: W).rounded(.up)))
                let i1 = min(p.count - 1, Int(r.position(Double(slot.offset + 8), modules: W).rounded(.down)))
                guard i1 > i0 else { continue }
                let first = slot.offset - context
                for k in local.indices { let u = first + k; local[k] = u >= 0 && u < modules.count && modules[u] }
                for (o, option) in slot.options.enumerated() {
                    for k in 0..<7 { local[context + k] = option.modules[k] }
                    edges.removeAll(keepingCapacity: true)
                    var k = 0
                    while k < local.count {
                        guard local[k] else { k += 1; continue }
                        var e = k
                        while e < local.count && local[e] { e += 1 }
                        let l = r.position(Double(first + k), modules: W) - r.spread / 2
                        let h = r.position(Double(first + e), modules: W) + r.spread / 2
                        if h > l { edges.append((l, h)) }
                        k = e
                    }
                    var sum = 0.0
                    p.values.withUnsafeBufferPointer { values in
                        PatternFit.darkness(edges, sigma: r.sigma, from: i0, through: i1) { i, f in
                            let e = values[i] - (fit.light - fit.depth * f)
                            sum += e * e
                        }
                    }
                    cost[j][o] += sum
                }
            }
        }
    }

    /// How many times the squared residual of `rival` exceeds that of `candidate` over the digit positions where the
    /// two differ (both as `cost(of:)` takes them); `nil` when either does not fit the grid or they do not differ.
    /// The rest of the symbol is the same for both and only dilutes the evidence with the model's own error.
    func residualRatio(of rival: String, over candidate: String) -> Double? {
        guard let r = slotOptions(rival), let c = slotOptions(candidate) else { return nil }
        var rivalCost = 0.0, ownCost = 0.0
        for j in slots.indices where r[j] != c[j] {
            rivalCost += cost[j][r[j]]; ownCost += cost[j][c[j]]
        }
        guard rivalCost > 0 || ownCost > 0 else { return nil }
        return rivalCost / max(ownCost, 1e-9)
    }

    /// The option index of every slot for `text`; `nil` when it does not fit the grid.
    private func slotOptions(_ text: String) -> [Int]? {
        var digits = text.compactMap(\.wholeNumberValue)
        guard digits.count == text.count else { return nil }
        if ean13 && digits.count == 12 { digits.insert(0, at: 0) }
        guard digits.count == (ean13 ? 13 : 8) else { return nil }
        let sets = ean13 ? EANPattern.ean13Parity[digits[0]] : []
        let body = ean13 ? Array(digits.dropFirst()) : digits
        var out: [Int] = []
        for (j, slot) in slots.enumerated() {
            let setB = ean13 && j < 6 && sets[j]
            guard let o = slot.options.firstIndex(where: { $0.digit == body[j] && $0.setB == setB }) else { return nil }
            out.append(o)
        }
        return out
    }

    /// The summed slot cost of `text` (13-digit EAN-13, 12-digit UPC-A, or 8-digit EAN-8 matching this grid); `nil`
    /// when it does not fit the grid.
    func cost(of text: String) -> Double? {
        slotOptions(text).map { options in options.enumerated().reduce(0) { $0 + cost[$1.offset][$1.element] } }
    }

    /// The `count` cheapest digit strings with a valid check digit (and, for EAN-13, a left-half set pattern that
    /// encodes a leading digit), best first: EAN-13 text (13 digits) or EAN-8 text.
    func bestCodes(count k: Int) -> [String] {
        let states = ean13 ? 10 * 64 : 10
        // Layer j: for each (state, rank) the cost (infinity: empty) and the (previous state x k + rank, option).
        var costs = [[Double]](repeating: [], count: slots.count + 1)
        var back = [[(previous: Int32, option: Int16)]](repeating: [], count: slots.count + 1)
        costs[0] = [Double](repeating: .infinity, count: states * k)
        back[0] = [(Int32, Int16)](repeating: (-1, -1), count: states * k)
        costs[0][0] = 0
        for (j, slot) in slots.enumerated() {
            var next = [Double](repeating: .infinity, count: states * k)
            var from = [(previous: Int32, option: Int16)](repeating: (-1, -1), count: states * k)
            for state in 0..<states {
                let sum = state % 10, sets = state / 10
                // Left-half number sets that lead to no leading digit are dead ends.
                if ean13 && j <= 6 && !Self.validSetPrefixes[j].contains(sets) { continue }
                for rank in 0..<k {
                    let c = costs[j][state * k + rank]
                    guard c < .infinity else { break }
                    for (o, option) in slot.options.enumerated() {
                        let s2 = (sum + slot.weight * option.digit) % 10 + 10 * (sets | (option.setB ? 1 << j : 0))
                        let total = c + cost[j][o]
                        // Keep the k cheapest of state s2, sorted.
                        let base = s2 * k
                        guard total < next[base + k - 1] else { continue }
                        var i = base + k - 1
                        while i > base && total < next[i - 1] {
                            next[i] = next[i - 1]; from[i] = from[i - 1]
                            i -= 1
                        }
                        next[i] = total
                        from[i] = (Int32(state * k + rank), Int16(o))
                    }
                }
            }
            costs[j + 1] = next
            back[j + 1] = from
        }
        var finals: [(cost: Double, index: Int, lead: Int)] = []
        for state in 0..<states {
            let sum = state % 10, sets = state / 10
            var lead = 0
            if ean13 {
                guard let d = Self.leadDigit[sets] else { continue }
                lead = d
            }
            guard (sum + lead) % 10 == 0 else { continue }
            for rank in 0..<k where costs[slots.count][state * k + rank] < .infinity {
                finals.append((costs[slots.count][state * k + rank], state * k + rank, lead))
            }
        }
        return finals.sorted { $0.cost < $1.cost }.prefix(k).map { final in
            var digits: [Int] = []
            var index = final.index
            for j in stride(from: slots.count, to: 0, by: -1) {
                let e = back[j][index]
                digits.append(slots[j - 1].options[Int(e.option)].digit)
                index = Int(e.previous)
            }
            return (ean13 ? String(final.lead) : "") + digits.reversed().map(String.init).joined()
        }
    }

    /// For `j` = 0...6, the number-set patterns of the first `j` left-half digits that some leading digit's pattern
    /// starts with (bits as in `leadDigit`).
    private static let validSetPrefixes: [Set<Int>] = (0...6).map { j in
        Set(leadDigit.keys.map { $0 & ((1 << j) - 1) })
    }

    /// EAN-13's leading digit for each pattern of number sets of the left half (bit i set: digit i + 1 in set B).
    private static let leadDigit: [Int: Int] = Dictionary(uniqueKeysWithValues: EANPattern.ean13Parity.enumerated().map { d, sets in
        (sets.enumerated().reduce(0) { $0 | ($1.element ? 1 << $1.offset : 0) }, d)
    })
}
