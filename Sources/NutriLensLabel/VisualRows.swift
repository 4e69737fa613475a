import Foundation

/// Rebuilds visual table rows from word geometry: each piece of text is linked to its nearest left neighbour on the
/// same line of text, and each chain of links is one row, ordered along the text. OCR engines often return a table
/// row as several lines or segments (label, then each value cell); joining them restores "label value value" rows,
/// and never merges label and value tokens (bug case 16).
///
/// Lines of text are found in a levelled frame: the page turned by the median direction of the text (from the
/// engine's quadrilaterals; for axis-aligned boxes, 90° turns only, see ``TextOrientation``), so a tilted photo does
/// not merge neighbouring rows. Two pieces are on one line when their centres lie within half a text height across
/// the text, after following the left piece's own direction to the right one (a curved bottle's rows bend slowly, so
/// neighbours stay within that bound where a straight line through the whole table would not).
enum VisualRows {
    struct Row {
        var text: String
        var box: TextBox
        var wordBoxes: [(start: Int, end: Int, box: TextBox)]
        /// Character ranges of the row's figures set far taller than the page's other figures
        /// (``OversizedFigures``).
        var oversizedSpans: [Range<Int>] = []
    }

    /// `nil` unless at least 80 % of the words carry boxes.
    static func rows(from lines: [TextLine]) -> [Row]? {
        let words = lines.flatMap(\.words).filter { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
        guard !words.isEmpty, Double(words.filter { $0.box != nil }.count) >= 0.8 * Double(words.count) else {
            return nil
        }
        return rows(from: TextPieces.pieces(from: lines), orientation: TextOrientation.detect(lines))
    }

    static func rows(from pieces: [TextPiece], orientation: TextOrientation) -> [Row] {
        let frame = LevelledFrame(pieces: pieces, orientation: orientation)
        let placed = pieces.map { frame.place($0) }
        guard !placed.isEmpty else { return [] }
        // A table's vertical rule read as a glyph ("|" 120 px tall among 20 px words) would link rows it crosses
        // (us_panel_pack_upc: "Includes 0g Added Sugars" + "Protein 2g"): rules join the row their centre falls in
        // once the rows stand.
        let heights = placed.map(\.height).sorted()
        let medianHeight = heights[heights.count / 2]
        let isRule = placed.map { $0.height > 2.5 * medianHeight && 3 * $0.length < $0.height }
        // Specks read as words ("ra", "an", "|" 4–8 px high among 24 px text on a noisy photo) would link across the
        // words they sit in: pieces under 0.4 of the median height with two characters or fewer are left out.
        let isSpeck = pieces.indices.map { placed[$0].height < 0.4 * medianHeight && pieces[$0].text.count <= 2 }
        let linked = placed.indices.filter { !isRule[$0] && !isSpeck[$0] }
        let oversized = OversizedFigures.indices(pieces: pieces, heights: placed.map(\.height))
        var chains = RowLinking.chains(linked.map { placed[$0] }).map { $0.map { linked[$0] } }
        func centreY(_ chain: [Int]) -> Double { chain.map { placed[$0].y }.reduce(0, +) / Double(chain.count) }
        chains.sort { (centreY($0), placed[$0[0]].x) < (centreY($1), placed[$1[0]].x) }
        for rule in placed.indices where isRule[rule] {
            let y = placed[rule].y
            if let index = chains.firstIndex(where: { chain in
                chain.contains { abs(placed[$0].y - y) <= placed[$0].height / 2 } }) {
                chains[index].append(rule)
            } else {
                let position = chains.firstIndex { centreY($0) > y } ?? chains.count
                chains.insert([rule], at: position)
            }
        }
        return chains.map { chain in
            let ordered = chain.sorted { placed[$0].left < placed[$1].left }
            var text = ""
            var boxes: [(start: Int, end: Int, box: TextBox)] = []
            var oversizedSpans: [Range<Int>] = []
            for (position, index) in ordered.enumerated() {
                if position > 0 { text += " " }
                let start = text.count
                text += pieces[index].text
                boxes.append((start, text.count, pieces[index].box))
                if oversized.contains(index) { oversizedSpans.append(start..<text.count) }
            }
            let box = ordered.dropFirst().reduce(pieces[ordered[0]].box) { $0.union(pieces[$1].box) }
            return Row(text: text, box: box, wordBoxes: boxes, oversizedSpans: oversizedSpans)
        }
    }
}

/// A piece in the levelled frame: x along the text, y across it (pixels).
struct PlacedPiece {
    var x: Double
    var y: Double
    var length: Double
    var height: Double
    /// The piece's own direction relative to the frame's (radians; 0 without a quadrilateral).
    var tilt: Double
    var left: Double { x - length / 2 }
    var right: Double { x + length / 2 }
}

/// The page turned so that the text runs along x: by the median direction of the pieces' quadrilaterals when most
/// pieces have one, else by the 90° turn ``TextOrientation`` reads from axis-aligned boxes.
struct LevelledFrame {
    var orientation: TextOrientation
    /// Direction of the text (radians) when quadrilaterals set it.
    var angle: Double?

    init(pieces: [TextPiece], orientation: TextOrientation) {
        self.orientation = orientation
        // Angles of pieces long enough to show a direction (two characters and more than their height).
        let angles = pieces.compactMap { piece -> Double? in
            guard let quad = piece.quad, piece.text.count >= 2, quad.length > quad.height else { return nil }
            return quad.angle
        }.sorted()
        if pieces.filter({ $0.quad != nil }).count * 2 >= pieces.count, !angles.isEmpty {
            // Median on the circle: measured from the first angle so directions near ±π do not average to 0.
            let reference = angles[angles.count / 2]
            let unwrapped = angles.map { remainder($0 - reference, 2 * .pi) }.sorted()
            angle = reference + unwrapped[unwrapped.count / 2]
        }
    }

    func place(_ piece: TextPiece) -> PlacedPiece {
        if let angle {
            let (sine, cosine) = (sin(angle), cos(angle))
            let centre = piece.quad?.centre ?? TextPoint(x: piece.box.midX, y: piece.box.midY)
            let x = centre.x * cosine + centre.y * sine, y = -centre.x * sine + centre.y * cosine
            if let quad = piece.quad {
                // A short piece's corners give its direction only to a pixel or two over its length ("Suikers"
                // tilted 3° by the detector): only pieces three heights long or more carry a direction of their own.
                let tilt = quad.length >= 3 * quad.height ? remainder(quad.angle - angle, 2 * .pi) : 0
                return PlacedPiece(x: x, y: y, length: quad.length, height: quad.height, tilt: tilt)
            }
            // A box without corners: its extent along the levelled axes.
            let length = abs(piece.box.width * cosine) + abs(piece.box.height * sine)
            let height = abs(piece.box.width * sine) + abs(piece.box.height * cosine)
            return PlacedPiece(x: x, y: y, length: length, height: min(height, piece.box.height + piece.box.width),
                               tilt: 0)
        }
        let frame = orientation.readingFrame(piece.box)
        return PlacedPiece(x: frame.midX, y: frame.midY, length: frame.width, height: frame.height, tilt: 0)
    }
}

/// Links each piece to its nearest left neighbour on the same line of text; chains of links are rows.
enum RowLinking {
    /// A first-pass link: x of its two ends, mean y and slope across/along the text.
    private struct ObservedLink {
        var x0, x1, y, slope: Double
    }

    /// Chains of indices into `pieces`, each ordered left to right.
    ///
    /// Pieces with quadrilaterals follow their own direction. Axis-aligned boxes carry none, so on a bent or curved
    /// page (a crisp packet's right column drifting half a row up towards the bottom) the direction comes from the
    /// links a first pass made nearby: the median slope of the links that span the same stretch of x within four
    /// text heights above or below.
    static func chains(_ pieces: [PlacedPiece]) -> [[Int]] {
        var links = link(pieces) { left, right in tan((left.tilt + right.tilt) / 2) }
        if pieces.allSatisfy({ $0.tilt == 0 }) {
            let heights = pieces.map(\.height).sorted()
            let window = 4 * heights[heights.count / 2]
            var observed: [ObservedLink] = []
            for link in links {
                let (a, b) = (pieces[link.left], pieces[link.right])
                let slope = (b.y - a.y) / max(1, b.x - a.x)
                if abs(slope) < 0.3, b.x > a.x { observed.append(ObservedLink(x0: a.x, x1: b.x, y: (a.y + b.y) / 2, slope: slope)) }
            }
            observed.sort { $0.y < $1.y }
            if observed.contains(where: { $0.slope != 0 }) {
                links = link(pieces) { left, right in
                    let y = (left.y + right.y) / 2
                    let span = right.x - left.x
                    var slopes: [Double] = []
                    var index = Self.firstIndex(in: observed, atLeast: y - window)
                    while index < observed.count, observed[index].y <= y + window {
                        let link = observed[index]
                        let overlap = min(link.x1, right.x) - max(link.x0, left.x)
                        if overlap >= 0.5 * min(span, link.x1 - link.x0) { slopes.append(link.slope) }
                        index += 1
                    }
                    guard !slopes.isEmpty else { return 0 }
                    return slopes.sorted()[slopes.count / 2]
                }
            }
        }
        var next = [Int?](repeating: nil, count: pieces.count)
        var previous = [Int?](repeating: nil, count: pieces.count)
        for pair in links where next[pair.left] == nil && previous[pair.right] == nil {
            next[pair.left] = pair.right
            previous[pair.right] = pair.left
        }
        return pieces.indices.filter { previous[$0] == nil }.map { start in
            var chain = [start]
            while let following = next[chain.last!] { chain.append(following) }
            return chain
        }
    }

    private static func firstIndex(in sorted: [ObservedLink], atLeast y: Double) -> Int {
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].y < y { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The links a greedy pass keeps, cheapest first (each piece at most one left and one right neighbour): pairs
    /// whose across-text offset, after following `slope` from the left piece, is within half the taller piece's
    /// height; cost = horizontal gap + 3 × offset.
    private static func link(_ pieces: [PlacedPiece],
                             slope: (PlacedPiece, PlacedPiece) -> Double) -> [(left: Int, right: Int)] {
        let byY = pieces.indices.sorted { pieces[$0].y < pieces[$1].y }
        // Candidates lie within four tallest heights across the text (half a height, plus what a slope adds over
        // a wide gap), which also bounds the work on huge inputs.
        let reach = 4 * (pieces.map(\.height).max() ?? 0)
        var pairs: [(cost: Double, left: Int, right: Int)] = []
        var low = 0
        for (position, right) in byY.enumerated() {
            let piece = pieces[right]
            while pieces[byY[low]].y < piece.y - reach { low += 1 }
            var index = low
            while index < byY.count, pieces[byY[index]].y <= piece.y + reach {
                defer { index += 1 }
                let left = byY[index]
                guard index != position else { continue }
                let other = pieces[left]
                guard other.x < piece.x else { continue }
                // Follow the left piece to its right end, the gap at the pair's slope, the right piece from its
                // left end to its centre: long straight segments on a curve keep their own direction.
                let gap = max(0, piece.left - other.right)
                let rise = tan(other.tilt) * other.length / 2 + slope(other, piece) * gap
                    + tan(piece.tilt) * piece.length / 2
                let offset = abs(piece.y - other.y - rise)
                guard offset <= max(piece.height, other.height) / 2 else { continue }
                pairs.append((gap + 3 * offset, left, right))
            }
        }
        pairs.sort { ($0.cost, $0.left, $0.right) < ($1.cost, $1.left, $1.right) }
        var hasRight = [Bool](repeating: false, count: pieces.count)
        var hasLeft = [Bool](repeating: false, count: pieces.count)
        var kept: [(left: Int, right: Int)] = []
        for pair in pairs where !hasRight[pair.left] && !hasLeft[pair.right] {
            hasRight[pair.left] = true
            hasLeft[pair.right] = true
            kept.append((pair.left, pair.right))
        }
        return kept
    }
}
