import Foundation
import NutriLensImaging

/// What a nutrition-table column holds, from its header cell.
public enum TableColumnBasis: String, Sendable, Equatable, Hashable, Codable {
    /// "per 100 g", "pro 100 g", "pour 100 g", "100 g".
    case per100g
    /// "per 100 ml".
    case per100ml
    /// "per serving", "per portion", "pro Portion", "per 30 g" (a quantity other than 100).
    case perServing
    /// Reference intake: "%RI", "RI*", "% AR", "GDA", "%DV".
    case referenceIntake
    /// The product as sold: "as sold", "tel que vendu", "unzubereitet".
    case asSold
    /// The product prepared as directed: "as prepared", "prepared", "zubereitet", "préparé".
    case asPrepared
}

/// A header cell: the words that name a column's basis, e.g. ["per", "100", "g"].
public struct TableHeaderCell: Sendable, Equatable {
    public var basis: TableColumnBasis
    public var words: [OCRWord]
    /// Union of the word boxes, original image pixels.
    public var box: PixelRect
}

/// A table row: words whose baselines lie on one line (± half a cap height), left to right.
public struct TableRow: Sendable, Equatable {
    public var words: [OCRWord]
    /// Mean baseline y in original pixels (box bottom for words without a baseline).
    public var baselineY: Double
    public var box: PixelRect
    /// The row's text, words joined by spaces.
    public var text: String { words.map(\.text).joined(separator: " ") }
}

/// A column of numeric tokens (values such as "7.1 g", "1569", "<0,5"), as an x-range in original pixels.
public struct TableColumn: Sendable, Equatable {
    public var minX: Int
    public var maxX: Int
    /// Numeric tokens assigned to the column.
    public var tokens: [OCRWord]
    /// The header cell above the column, when one overlaps it horizontally.
    public var header: TableHeaderCell?
}

/// Rows, value columns and header cells of a nutrition table, from word geometry alone (no grammar).
///
/// Rows come from baselines rather than Tesseract's line segmentation, so a value column Tesseract put in its own
/// block still lands in its label's row (tesseract issue #2937: tables need row geometry).
public struct TableGeometry: Sendable, Equatable {
    public var rows: [TableRow]
    public var columns: [TableColumn]
    public var headers: [TableHeaderCell]

    /// Analyses `words` (typically the page words inside ``OCRPage/tableRegion``).
    public init(words: [OCRWord]) {
        rows = Self.rows(words)
        headers = rows.flatMap { Self.headerCells(in: $0.words) }
        columns = Self.columns(rows.flatMap(\.words).filter { Self.isNumericToken($0.text) }, headers: headers)
    }

    /// The numeric token of `row` in `column`, if any.
    public func value(in row: TableRow, column: TableColumn) -> OCRWord? {
        row.words.first { Self.isNumericToken($0.text) && $0.box.maxX > column.minX && $0.box.x < column.maxX }
    }

    // MARK: rows

    /// Groups words whose baseline y differ by less than half the median word height; rows top to bottom.
    static func rows(_ words: [OCRWord]) -> [TableRow] {
        guard !words.isEmpty else { return [] }
        let tolerance = 0.5 * (median(words.map { Double($0.box.height) }) ?? 10)
        let base = { (w: OCRWord) -> Double in w.baseline?.y(atX: w.box.centerX) ?? Double(w.box.maxY) }
        var groups: [(y: Double, words: [OCRWord])] = []
        for w in words.sorted(by: { base($0) < base($1) }) {
            let y = base(w)
            if let last = groups.indices.last, abs(groups[last].y - y) < tolerance {
                groups[last].words.append(w)
                groups[last].y = groups[last].words.map(base).reduce(0, +) / Double(groups[last].words.count)
            } else {
                groups.append((y, [w]))
            }
        }
        return groups.map { g in
            let ws = g.words.sorted { $0.box.x < $1.box.x }
            return TableRow(words: ws, baselineY: g.y, box: ws.dropFirst().reduce(ws[0].box) { $0.union($1.box) })
        }
    }

    // MARK: columns

    /// Numeric tokens: digits with an optional decimal point or comma, a leading `<`/`>`/`~`, and a trailing unit
    /// (`g`, `mg`, `µg`, `kJ`, `kcal`, `ml`, `%`). "7,1g", "<0.5", "1569kJ", "12%" qualify; "E150d" does not.
    public static func isNumericToken(_ text: String) -> Bool {
        var s = Substring(text.lowercased())
        while let f = s.first, "<>~≤(".contains(f) { s = s.dropFirst() }
        while let l = s.last, ")*,.;:/".contains(l) { s = s.dropLast() }
        for unit in ["kcal", "kj", "mg", "µg", "mcg", "ml", "g", "%"] where s.hasSuffix(unit) {
            s = s.dropLast(unit.count)
            break
        }
        guard let first = s.first, first.isNumber, let last = s.last, last.isNumber else { return false }
        return s.allSatisfy { $0.isNumber || $0 == "." || $0 == "," }
    }

    /// Merges numeric tokens into columns by horizontal overlap (with a gap tolerance of half a word height);
    /// keeps columns with at least two tokens, left to right.
    static func columns(_ tokens: [OCRWord], headers: [TableHeaderCell]) -> [TableColumn] {
        guard !tokens.isEmpty else { return [] }
        let slack = Int(0.5 * (median(tokens.map { Double($0.box.height) }) ?? 10))
        var cols: [TableColumn] = []
        for t in tokens.sorted(by: { $0.box.x < $1.box.x }) {
            if let i = cols.indices.last, t.box.x <= cols[i].maxX + slack {
                cols[i].maxX = max(cols[i].maxX, t.box.maxX)
                cols[i].tokens.append(t)
            } else {
                cols.append(TableColumn(minX: t.box.x, maxX: t.box.maxX, tokens: [t], header: nil))
            }
        }
        cols = cols.filter { $0.tokens.count >= 2 }
        for i in cols.indices {
            cols[i].header = headers.first { $0.box.maxX > cols[i].minX && $0.box.x < cols[i].maxX }
        }
        return cols
    }

    // MARK: headers

    /// Header cells in one row's words: "per/pro/pour/par/je 100 g|ml", "100g", "per serving|portion",
    /// "pro Portion", "per 30 g", "%RI", "RI", "%AR", "GDA", "%DV", "as sold", "as prepared", "zubereitet".
    static func headerCells(in words: [OCRWord]) -> [TableHeaderCell] {
        let norm = words.map { $0.text.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "*():;,")) }
        var cells: [TableHeaderCell] = []
        var i = 0
        let prepositions: Set<String> = ["per", "pro", "pour", "par", "je", "per:", "por", "na", "för", "pr."]
        let servings: Set<String> = ["serving", "portion", "portie", "porzione", "porción", "porcja", "annos", "pezzo", "piece"]
        func cell(_ basis: TableColumnBasis, _ range: Range<Int>) -> TableHeaderCell {
            let ws = Array(words[range])
            return TableHeaderCell(basis: basis, words: ws, box: ws.dropFirst().reduce(ws[0].box) { $0.union($1.box) })
        }
        while i < words.count {
            let w = norm[i]
            let next = i + 1 < words.count ? norm[i + 1] : ""
            let next2 = i + 2 < words.count ? norm[i + 2] : ""
            if ["%ri", "ri", "%ar", "ar", "gda", "%dv", "%rdi", "%ri*", "%vnr", "%ir", "%rm"].contains(w)
                || (w == "%" && ["ri", "ar", "dv", "gda"].contains(next)) {
                let end = w == "%" ? i + 2 : i + 1
                cells.append(cell(.referenceIntake, i..<end)); i = end; continue
            }
            if (w == "as" || w == "tel") && ["sold", "que"].contains(next) || w == "unzubereitet" || w == "vendu" {
                let end = w == "tel" && next2 == "vendu" ? i + 3 : (w == "as" ? i + 2 : i + 1)
                cells.append(cell(.asSold, i..<min(end, words.count))); i = end; continue
            }
            if w == "as" && next == "prepared" || ["prepared", "zubereitet", "préparé", "preparato", "bereid"].contains(w) {
                let end = w == "as" ? i + 2 : i + 1
                cells.append(cell(.asPrepared, i..<end)); i = end; continue
            }
            if w == "100g" || w == "100ml" {
                cells.append(cell(w == "100g" ? .per100g : .per100ml, i..<i + 1)); i += 1; continue
            }
            if prepositions.contains(w) {
                if next == "100g" || next == "100ml" {
                    cells.append(cell(next == "100g" ? .per100g : .per100ml, i..<i + 2)); i += 2; continue
                }
                if next == "100" && (next2 == "g" || next2 == "ml") {
                    cells.append(cell(next2 == "g" ? .per100g : .per100ml, i..<i + 3)); i += 3; continue
                }
                if servings.contains(next) { cells.append(cell(.perServing, i..<i + 2)); i += 2; continue }
                if let q = Double(next.replacingOccurrences(of: ",", with: ".")), q != 100, next2 == "g" || next2 == "ml" {
                    cells.append(cell(.perServing, i..<i + 3)); i += 3; continue
                }
                // "30g" read as one word (Tesseract joins value and unit across a thin space).
                if let unit = ["ml", "g"].first(where: { next.hasSuffix($0) }),
                   let q = Double(next.dropLast(unit.count).replacingOccurrences(of: ",", with: ".")), q != 100 {
                    cells.append(cell(.perServing, i..<i + 2)); i += 2; continue
                }
            }
            i += 1
        }
        return cells
    }
}
