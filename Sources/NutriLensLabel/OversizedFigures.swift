import Foundation

/// Figures printed or detected far taller than the page's other figures, which are no single table cell.
///
/// Two classes, measured on the shared corpus (session 15, docs/history/session-15-polish.md):
/// - two cells stacked with no row spacing ("3,2 g" over "2,0 g", "4,7 g" over "4,7 g" on a Polish milk carton) that
///   the text detector framed as one box: the reader returns one blend of both lines ("389", "479"), 2.1–2.2 times
///   as tall as the page's other figures;
/// - a headline figure below or beside the table, such as the net quantity "300 g" printed at twice the table's
///   type size, which a row whose own amount OCR lost takes as its value (salt "300 g" read as 30.0 g).
///
/// The height is measured across the text in the levelled frame of ``VisualRows`` (a quadrilateral's side, so
/// turned and tilted pages measure the same), against the median over every piece with a digit, which on a label
/// photo is mostly the table's cells. Figures read right on the corpus reach 1.69 times that median (a photo turned
/// 90° whose pieces vary in size); the stacked and headline figures start at 1.92.
enum OversizedFigures {
    /// A figure at least this many times the median figure height is oversized: nearly two text lines (two stacked
    /// lines measure 2.1–2.2 with their spacing), leaving 10 % for the detector's margins.
    static let heightRatio = 1.8

    /// Fewest pieces with digits for a median to say what the page's figures measure.
    static let minimumFigures = 4

    /// Indices into `pieces` of the oversized figures: pieces with a digit whose height (`heights`, parallel to
    /// `pieces`, in pixels across the text) is at least ``heightRatio`` times the median of the pieces with a digit.
    /// Empty when fewer than ``minimumFigures`` pieces carry a digit.
    static func indices(pieces: [TextPiece], heights: [Double]) -> Set<Int> {
        let figures = pieces.indices.filter { pieces[$0].text.contains(where: \.isNumber) && heights[$0] > 0 }
        guard figures.count >= minimumFigures else { return [] }
        let sorted = figures.map { heights[$0] }.sorted()
        let median = sorted[sorted.count / 2]
        return Set(figures.filter { heights[$0] >= heightRatio * median })
    }
}
