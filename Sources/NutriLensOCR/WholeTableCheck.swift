import NutriLensImaging

/// Whether a page's located table region (``OCRPage/tableRegion``) holds the WHOLE nutrition table, growing it by
/// line heights where the page's own words show where the table ends, so that a later reading of the same photo may
/// read only that region (``OCRReadRegion``) and lose no row, value column or header.
///
/// Why: a region located from a few anchor words is often part of the table. Read alone it loses the rows below it,
/// the per-100 g header above it or a value column beside it, and those losses were most of what region-only later
/// readings cost in session 6 (docs/ocr.md: corpus `eng_real_4`, region = title + one row, 9 → 0 fields;
/// `02CE7C0B`, header cut, every value landed in `_serving`). The check uses only the words the page already read:
///
/// 1. *Rows*: at least ``minimumNamedRows`` visual rows inside hold a nutrient row word and a numeric token
///    (``TableGeometry/rows``), else the region is not a table worth trusting.
/// 2. *Rows do not continue past the top or bottom edge*: no nutrient row word, and no number aligned with one of
///    the table's value columns, of the table's line height (0.6–1.6×), overlapping the region horizontally, lies
///    within ``rowReach`` row pitches outside the edge; such a word grows the region to take it in (and the check
///    runs again from the new edge).
/// 3. *Value columns end inside*: a number or unit on one of the table's named rows, left or right of the region
///    within ``sideReach`` line heights, grows it; the outermost value column ends at least ``margin`` line heights inside.
/// 4. *Headers inside*: a header cell ("per 100 g", "%RI", "per serving", ``TableHeaderCell``) within
///    ``headerReach`` row pitches above the region and overlapping it horizontally grows it, and so does any word
///    (up to 3 line heights tall) within a row pitch above the top edge over a value column: a header the reading
///    could not make out.
///
/// A region that would have to cover more than ``maximumPageShare`` of the page saves little over reading the page
/// and is ``Verdict/incomplete(_:)`` (``Incompleteness/tooLarge``). All geometry is on the upright page
/// (``OCRPage/orientation``); the returned rectangle is in the page's original pixels, like ``OCRPage/tableRegion``.
public struct WholeTableCheck: Sendable, Equatable {
    /// The outcome of ``check(_:)``.
    public enum Verdict: Sendable, Equatable {
        /// The region holds the whole table: the located region, or that region grown (original pixels).
        case whole(PixelRect)
        /// The whole page should be read: why.
        case incomplete(Incompleteness)

        /// The rectangle of ``whole(_:)``, `nil` for ``incomplete(_:)``.
        public var rect: PixelRect? {
            if case .whole(let r) = self { return r }
            return nil
        }
    }

    /// Why a region cannot stand for the whole table.
    public enum Incompleteness: String, Sendable, Equatable {
        /// The page located no table region.
        case noRegion
        /// Fewer than ``minimumNamedRows`` rows with a nutrient name and a value inside the region.
        case fewRows
        /// Grown to take in the rest of the table, the region covers more than ``maximumPageShare`` of the page.
        case tooLarge
    }

    /// Rows inside the region that carry a nutrient row word and a numeric token (≥ 1; default 3).
    public var minimumNamedRows = 3
    /// Row pitches (median baseline distance of the named rows) beyond the top or bottom edge in which a row word
    /// or an aligned number means the table continues (default 1).
    public var rowReach = 1.0
    /// Row pitches above the top edge searched for header cells (default 3: a header sits a row or two above the
    /// first value row, sometimes under a title row).
    public var headerReach = 3.0
    /// Line heights beside the region in which a number on a named row belongs to that row (default 8).
    public var sideReach = 8.0
    /// Line heights kept between the table's outermost words and the region's edge (default 0.5).
    public var margin = 0.5
    /// Largest share of the page's area the (grown) region may cover (0…1, default 0.6).
    public var maximumPageShare = 0.6

    /// The default rule.
    public init() {}

    /// Checks `page`'s table region against the page's words; see the type's description.
    public func check(_ page: OCRPage) -> Verdict {
        guard let located = page.tableRegion else { return .incomplete(.noRegion) }
        let transform = ImageTransform(originalWidth: page.imageWidth, originalHeight: page.imageHeight,
                                       uprightTurns: (4 - page.orientation.quarterTurns) % 4)
        // Words on the upright page (baselines are in the photo's pixels: dropped for a turned page, the rows then
        // group by box bottoms).
        let words = page.words.map { word -> OCRWord in
            var upright = word
            upright.box = transform.originalToUpright(word.box)
            if transform.uprightTurns != 0 { upright.baseline = nil }
            return upright
        }
        let pageWidth = transform.uprightWidth, pageHeight = transform.uprightHeight
        guard let region = grown(transform.originalToUpright(located), words: words, width: pageWidth, height: pageHeight)
        else { return .incomplete(.fewRows) }
        if Double(region.width * region.height) > maximumPageShare * Double(pageWidth * pageHeight) {
            return .incomplete(.tooLarge)
        }
        return .whole(transform.uprightToOriginal(region))
    }

    /// `region` grown until no word outside it shows the table continuing (upright page pixels); `nil` when it does
    /// not hold ``minimumNamedRows`` named rows.
    func grown(_ start: PixelRect, words: [OCRWord], width: Int, height: Int) -> PixelRect? {
        var region = start
        // The region only grows and stays inside the page, so the loop ends; the bound only guards against a bug.
        for _ in 0...words.count {
            let inside = words.filter { $0.liesMostlyInside(region) }
            let table = TableGeometry(words: inside)
            let named = table.rows.filter(Self.isNamedRow)
            guard named.count >= max(1, minimumNamedRows) else { return nil }
            let lineHeight = median(named.flatMap(\.words).map { Double($0.box.height) }) ?? 10
            let pitch = min(4 * lineHeight, max(lineHeight,
                        median(zip(named.dropFirst(), named).map { $0.baselineY - $1.baselineY }) ?? 1.5 * lineHeight))
            let pad = Int((margin * lineHeight).rounded())
            var next = region
            func take(_ box: PixelRect) { next = next.union(box.insetClipped(dx: pad, dy: pad, width: width, height: height)) }
            let outside = words.filter { !$0.liesMostlyInside(region) }
            for word in outside where continuesRows(word, region: region, columns: table.columns,
                                                    lineHeight: lineHeight, pitch: pitch) {
                take(word.box)
            }
            for word in outside where (TableGeometry.isNumericToken(word.text) || Self.isUnit(word.text))
                && word.box.horizontalGap(to: region) <= sideReach * lineHeight
                && named.contains(where: { Double($0.box.y) <= word.box.centerY && word.box.centerY <= Double($0.box.maxY) }) {
                take(word.box)
            }
            // Header cells from the rows near and inside the top, taken whole when any part lies outside.
            let top = Double(region.y) - headerReach * pitch
            let headerZone = words.filter { Double($0.box.maxY) > top && $0.box.y < region.maxY
                && Self.overlapsHorizontally($0.box, region) }
            for cell in TableGeometry(words: headerZone).headers where cell.box.union(region) != region {
                take(cell.box)
            }
            // Text just above the top edge over a value column is that column's header even when the reading
            // could not make it out (corpus `02CE7C0B`: its "per 100 g" row read as "[tase", "rite"): taken when no
            // taller than a few lines.
            for word in outside where word.box.maxY <= region.y + word.box.height / 2
                && Double(region.y - word.box.maxY) <= pitch && Double(word.box.height) <= 3 * lineHeight
                && table.columns.contains(where: { word.box.maxX > $0.minX && word.box.x < $0.maxX }) {
                take(word.box)
            }
            // The outermost value columns end a margin inside the edge.
            if let first = table.columns.first, first.minX - pad < next.x {
                next = PixelRect(x: max(0, first.minX - pad), y: next.y, width: next.maxX - max(0, first.minX - pad),
                                 height: next.height)
            }
            if let last = table.columns.last, last.maxX + pad > next.maxX {
                next.width = min(width, last.maxX + pad) - next.x
            }
            if next == region { return region }
            region = next
        }
        return region
    }

    /// Whether `word`, outside `region`, shows the table's rows continuing past its top or bottom edge: a nutrient
    /// row word (or table title) or a number aligned with one of `columns`, of the table's line height, overlapping the
    /// region horizontally by at least half its width, within ``rowReach`` row pitches of the edge.
    func continuesRows(_ word: OCRWord, region: PixelRect, columns: [TableColumn], lineHeight: Double, pitch: Double) -> Bool {
        let h = Double(word.box.height)
        guard h >= 0.6 * lineHeight, h <= 1.6 * lineHeight,
              let overlap = Self.horizontalOverlap(word.box, region), 2 * overlap >= word.box.width else { return false }
        let reach = rowReach * pitch
        let near = (word.box.y >= region.maxY - word.box.height / 2 && Double(word.box.y - region.maxY) <= reach)
            || (word.box.maxY <= region.y + word.box.height / 2 && Double(region.y - word.box.maxY) <= reach)
        guard near else { return false }
        if !word.text.contains(where: \.isNumber) && NutritionAnchors.weight(of: word.text) > 0 { return true }
        let slack = Int(0.5 * lineHeight)
        return TableGeometry.isNumericToken(word.text)
            && columns.contains { word.box.maxX > $0.minX - slack && word.box.x < $0.maxX + slack }
    }

    /// A row with a nutrient row word (not a number with a unit) and a numeric token: a value row of the table.
    static func isNamedRow(_ row: TableRow) -> Bool {
        row.words.contains { !$0.text.contains(where: \.isNumber) && NutritionAnchors.weight(of: $0.text) == 1 }
            && row.words.contains { TableGeometry.isNumericToken($0.text) }
    }

    /// A unit printed as its own word beside a value ("7.1 g", "1569 kJ"): g, mg, µg, mcg, ml, kJ, kcal, %.
    static func isUnit(_ text: String) -> Bool {
        ["g", "mg", "µg", "mcg", "ml", "kj", "kcal", "%"].contains(text.lowercased())
    }

    /// The width `a` and `b` share horizontally, `nil` when none.
    static func horizontalOverlap(_ a: PixelRect, _ b: PixelRect) -> Int? {
        let w = min(a.maxX, b.maxX) - max(a.x, b.x)
        return w > 0 ? w : nil
    }

    static func overlapsHorizontally(_ a: PixelRect, _ b: PixelRect) -> Bool { horizontalOverlap(a, b) != nil }

}
