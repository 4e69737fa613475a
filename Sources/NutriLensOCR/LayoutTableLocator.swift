import NutriLensImaging

/// Finds a nutrition table on a page from word boxes alone, before any word is read (``PageLayout``: Tesseract's
/// layout analysis), so a first reading can read only the table instead of every word of the page.
///
/// Why geometry and not text: the LSTM's cost follows the amount of text it reads (docs/ocr.md, "Session 6"); on
/// text-heavy packs (ingredients in five languages, 200–350 words) the table is 40–80 of the words, but the anchor
/// words that locate it today (``TableLocator``) are known only after everything was read.
///
/// What a table looks like without its text: rows of a few short *cells* (a nutrient name, a value, a %RI) separated by
/// gaps wider than a word space, and the cells of consecutive rows stack into *columns* (left or right edges aligned)
/// at an even row pitch. A paragraph (ingredients, storage advice) is lines of evenly spaced words filling its block:
/// one long cell per line, which never stacks into a column of short cells.
///
/// 1. Word boxes are grouped into visual rows by their vertical centres (not by Tesseract's lines, which the sparse
///    layout splits at wide gaps), and a row is cut into cells at gaps wider than ``cellGap`` word heights.
/// 2. A cell is *short* with at most ``maximumCellWords`` words and ``maximumCellWidth`` word heights wide.
/// 3. Short cells of consecutive rows (no more than ``maximumRowGap`` word heights apart) whose left or right edges lie
///    within ``alignment`` word heights form a column; a column needs ``minimumColumnCells`` cells.
/// 4. Columns sharing rows (half the shorter one's height) and no further apart than ``maximumColumnGap`` word heights
///    form a table; one needs ``minimumColumns`` columns (a list of short lines — an address, allergens — is one
///    column), and the table with the most cells wins.
/// 5. Cells of any length on the table's rows within ``attachGap`` word heights of it are taken in (long nutrient
///    names, headers); the region is that box grown by ``headerRows`` row pitches above (title, "per 100 g" headers, which
///    can be long lines), ``footerRows`` below and one word height each side.
///
/// All geometry is in the pixels of the analysed image; words of ruling lines and pictures are ignored.
public struct LayoutTableLocator: Sendable, Equatable {
    /// A gap between two words of a row wider than this many word heights separates two cells (default 1.2: a word
    /// space is ~0.3–0.6 word heights).
    public var cellGap = 1.2
    /// Words a short cell holds at most (default 5: "of which saturates", "1046 kJ / 250 kcal").
    public var maximumCellWords = 5
    /// Width of a short cell at most, word heights (default 12).
    public var maximumCellWidth = 12.0
    /// Distance between the edges of two stacked cells for them to align, word heights (default 1.0).
    public var alignment = 1.0
    /// Vertical gap between two consecutive cells of a column at most, word heights (default 2.5: a table row pitch is
    /// ~1.2–2 word heights; one missing or merged row is tolerated).
    public var maximumRowGap = 2.5
    /// Cells a column needs (default 3).
    public var minimumColumnCells = 3
    /// Horizontal gap between two columns of one table at most, word heights (default 20: wide tables put the values
    /// far right of the names).
    public var maximumColumnGap = 20.0
    /// Columns a table needs (default 2: a name column and a value column; one column of short lines is a list —
    /// an address, allergens — or a strip of noise at a photo's edge).
    public var minimumColumns = 2
    /// A cell of any length on the table's rows no further than this many word heights from it is taken in
    /// (default 2).
    public var attachGap = 2.0
    /// Row pitches the region reaches above the table's first row (default 3: a title and a header row).
    public var headerRows = 3.0
    /// Row pitches the region reaches below the table's last row (default 1.5).
    public var footerRows = 1.5

    /// A region covering more of the page than this share is no table to read alone (0…1, default 1: any): reading
    /// most of the page as a region saves little and risks the rest.
    public var maximumPageShare = 1.0

    public init() {}

    /// The located table: its region and how it was found.
    public struct Table: Sendable, Equatable {
        /// The region to read: the table's cells grown by the header, footer and side margins, clipped to the image
        /// (pixels of the analysed image).
        public var region: PixelRect
        /// The table's cells alone (pixels of the analysed image).
        public var cells: PixelRect
        /// Columns of stacked short cells the table has (≥ 1).
        public var columns: Int
        /// Visual rows holding one of its cells.
        public var rows: Int
        /// Median row pitch, pixels.
        public var rowPitch: Double
    }

    /// A cell: words of one visual row between two wide gaps.
    struct Cell {
        var box: PixelRect
        var words: Int
        var row: Int
    }

    /// The table on `layout` of an image `width`×`height`, `nil` when no column of short cells stacks (a page of
    /// paragraphs, a photo of food, a blank page).
    public func locate(_ layout: PageLayout, width: Int, height: Int) -> Table? {
        let words = layout.textWords.map(\.box)
        guard words.count >= minimumColumnCells, let h = median(words.map { Double($0.height) }), h > 0 else { return nil }
        // Boxes far from the text's height are rules, pictures, specks or merged lines.
        let glyphs = words.filter { Double($0.height) >= 0.4 * h && Double($0.height) <= 2.5 * h }
        let cells = Self.cells(of: Self.rows(of: glyphs), gap: cellGap * h)
        let short = cells.filter { $0.words <= maximumCellWords && Double($0.box.width) <= maximumCellWidth * h }
        let columns = self.columns(of: short, wordHeight: h).filter { $0.count >= minimumColumnCells }
        guard !columns.isEmpty else { return nil }
        let tables = self.tables(of: columns, wordHeight: h).filter { $0.count >= minimumColumns }
        guard let best = tables.max(by: { $0.joined().count < $1.joined().count }) else { return nil }
        let members = best.joined()
        var box = members.dropFirst().reduce(members.first!.box) { $0.union($1.box) }
        // Cells of any length on the table's rows that touch it (a long nutrient name, a header spanning the
        // columns) belong to it; a paragraph beside it starts further away.
        var grown = true
        while grown {
            grown = false
            for cell in cells where cell.box.centerY >= Double(box.y) && cell.box.centerY <= Double(box.maxY)
                && cell.box.horizontalGap(to: box) <= attachGap * h
                && (cell.box.x < box.x || cell.box.maxX > box.maxX) {
                box = box.union(cell.box)
                grown = true
            }
        }
        let rowTops = Dictionary(grouping: members, by: \.row).values.map { Double($0.map(\.box.y).min()!) }.sorted()
        let pitch = median(zip(rowTops.dropFirst(), rowTops).map { $0 - $1 }) ?? 1.5 * h
        let above = Int((headerRows * pitch).rounded()), below = Int((footerRows * pitch).rounded()), side = Int(h.rounded())
        let x0 = max(0, box.x - side), y0 = max(0, box.y - above)
        let x1 = min(width, box.maxX + side), y1 = min(height, box.maxY + below)
        guard Double((x1 - x0) * (y1 - y0)) <= maximumPageShare * Double(width * height) else { return nil }
        return Table(region: PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0)), cells: box,
                     columns: best.count, rows: rowTops.count, rowPitch: pitch)
    }

    /// Word boxes grouped into visual rows, top to bottom, each left to right: a word joins the row whose last word's
    /// vertical centre is within half the smaller height of its own.
    static func rows(of boxes: [PixelRect]) -> [[PixelRect]] {
        var rows: [[PixelRect]] = []
        var centres: [Double] = []
        for b in boxes.sorted(by: { $0.centerY < $1.centerY }) {
            if let i = centres.indices.last(where: { abs(centres[$0] - b.centerY) <= 0.5 * Double(min(b.height, rows[$0][0].height)) }) {
                rows[i].append(b)
                centres[i] = rows[i].map(\.centerY).reduce(0, +) / Double(rows[i].count)
            } else {
                rows.append([b])
                centres.append(b.centerY)
            }
        }
        return rows.map { $0.sorted { $0.x < $1.x } }
    }

    /// The cells of `rows`: runs of words whose gaps are at most `gap` pixels.
    static func cells(of rows: [[PixelRect]], gap: Double) -> [Cell] {
        var cells: [Cell] = []
        for (index, row) in rows.enumerated() {
            var current = Cell(box: row[0], words: 1, row: index)
            for b in row.dropFirst() {
                if Double(b.x - current.box.maxX) > gap {
                    cells.append(current)
                    current = Cell(box: b, words: 1, row: index)
                } else {
                    current.box = current.box.union(b)
                    current.words += 1
                }
            }
            cells.append(current)
        }
        return cells
    }

    /// Short cells stacked into columns: a cell extends the column whose last cell is in an earlier row, at most
    /// ``maximumRowGap`` word heights above it, with the left or the right edge within ``alignment`` word heights.
    func columns(of cells: [Cell], wordHeight h: Double) -> [[Cell]] {
        var columns: [[Cell]] = []
        for cell in cells.sorted(by: { ($0.row, $0.box.x) < ($1.row, $1.box.x) }) {
            let fits = columns.indices.filter { i in
                let last = columns[i].last!
                let gap = Double(cell.box.y - last.box.maxY)
                return last.row < cell.row && gap <= maximumRowGap * h
                    && (abs(Double(cell.box.x - last.box.x)) <= alignment * h
                        || abs(Double(cell.box.maxX - last.box.maxX)) <= alignment * h)
            }
            // The closest aligned column takes the cell (two columns never share one).
            if let i = fits.min(by: { columns[$0].last!.box.maxY > columns[$1].last!.box.maxY }) {
                columns[i].append(cell)
            } else {
                columns.append([cell])
            }
        }
        return columns
    }

    /// Columns grouped into tables: two columns belong together when their vertical spans overlap by half the shorter
    /// one and the horizontal gap between them is at most ``maximumColumnGap`` word heights (transitively).
    func tables(of columns: [[Cell]], wordHeight h: Double) -> [[[Cell]]] {
        let spans = columns.map { c in c.dropFirst().reduce(c[0].box) { $0.union($1.box) } }
        var group = Array(columns.indices)
        func root(_ i: Int) -> Int { group[i] == i ? i : root(group[i]) }
        for i in columns.indices { for j in columns.indices where j > i {
            let a = spans[i], b = spans[j]
            let overlap = min(a.maxY, b.maxY) - max(a.y, b.y)
            if 2 * overlap >= min(a.height, b.height), a.horizontalGap(to: b) <= maximumColumnGap * h { group[root(j)] = root(i) }
        } }
        return Dictionary(grouping: columns.indices, by: root).values.map { $0.map { columns[$0] } }
    }
}
