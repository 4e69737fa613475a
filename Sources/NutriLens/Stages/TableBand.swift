import Foundation
import NutriLensImaging
import NutriLensText

/// Which detected text boxes of a photo to recognise when only the nutrition table is wanted
/// (``ScannerConfiguration/TextBoxes/tableBand``): box geometry only, no pixels, so it is tested on synthetic layouts.
///
/// 1. ``probes(_:)``: the boxes grouped into geometric rows (along the page's reading direction, so a tilted or
///    quarter-turned page groups the same way), the first box of each row in reading order is read first — a table
///    row starts with its name, and the first words of a title, header or serving line say what it is. A long first
///    box is read only over its first ``probeAspect`` text heights (a paragraph's first words).
/// 2. The reader tests each probe's text with `TableAnchors.namesTablePart` (row names, per-100 g and serving
///    headers, table titles).
/// 3. ``select(_:anchors:)``: the band across the whole page (every column: a two-column table, two tables side by
///    side, a serving size printed beside the title) from the first anchor row to the last, widened by
///    ``marginRows`` row heights and ``marginShare`` of its own height on both sides; every box that reaches into it
///    is read. Fewer than ``minimumAnchorRows`` anchor rows: no band, every box is read (photos without a table,
///    barcodes-only photos, a page read in the wrong turn, whose probes read as noise).
///
/// Nothing here reads text: a box outside the band is never recognised, so its words are not in the reading's lines.
enum TableBand {
    /// A long first box of a row is read over at most this many text heights from its start: 10 heights is 480
    /// columns of the recogniser's 48-pixel line (1.5 of its 320-column minimum), 12-16 characters, the length of the
    /// longest single row names ("Kohlenhydrate", "Carbohydrates"); a longer name is matched fuzzily or is one of the
    /// table's many anchors.
    static let probeAspect = 10.0
    /// Rows added above and below the outermost anchor rows, in median box heights: a title, a serving line or a
    /// footer row whose first box names nothing, and the last rows of a table whose last name was misread.
    static let marginRows = 3.0
    /// Share of the anchor span added on both sides besides ``marginRows``: a tilted or curved table whose value
    /// column drifts against its name column.
    static let marginShare = 0.1
    /// Anchor rows needed for a band: one row name alone is as likely a word in prose as a table.
    static let minimumAnchorRows = 2

    /// One box to read first: `box` indexes the quads given, `quad` is what to read (the box, or its start), and
    /// `isWhole` says the reading is the box's own (reusable as its final reading).
    struct Probe: Equatable {
        var box: Int
        var quad: TextQuad
        var isWhole: Bool
    }

    /// The page's axes: `along` the mean reading direction of the boxes (unit vector), `across` it pointing to the
    /// next line (90 degrees clockwise in image coordinates).
    struct Axes {
        var along: (x: Double, y: Double)
        var across: (x: Double, y: Double)

        init(_ quads: [TextQuad]) {
            // The mean of the boxes' reading directions as unit vectors (boxes already turned into reading order;
            // unit vectors, not angles, so an upside-down page's directions near +180 and -180 degrees average).
            var x = 0.0, y = 0.0
            for quad in quads {
                let angle = quad.angleDegrees * .pi / 180
                x += cos(angle)
                y += sin(angle)
            }
            let length = (x * x + y * y).squareRoot()
            along = length > 0 ? (x / length, y / length) : (1, 0)
            across = (-along.y, along.x)
        }

        func alongPosition(_ p: PixelPoint) -> Double { p.x * along.x + p.y * along.y }
        func acrossPosition(_ p: PixelPoint) -> Double { p.x * across.x + p.y * across.y }
        /// Extent of a quad across the lines (its top and bottom along ``across``).
        func acrossExtent(_ quad: TextQuad) -> ClosedRange<Double> {
            let positions = quad.corners.map(acrossPosition)
            return positions.min()!...positions.max()!
        }
    }

    /// The boxes grouped into rows (indices, each row in reading order, rows from the top of the page): a box joins
    /// the row whose running centre across the lines lies within half the smaller of the two heights of its own
    /// centre; otherwise it starts a row. `quads` are turned into reading order.
    static func rows(_ quads: [TextQuad]) -> [[Int]] {
        let axes = Axes(quads)
        let centres = quads.map { q in q.corners.map(axes.acrossPosition).reduce(0, +) / 4 }
        let alongs = quads.map { axes.alongPosition($0.topLeft) }
        var rows: [(centre: Double, height: Double, members: [Int])] = []
        for index in quads.indices.sorted(by: { centres[$0] < centres[$1] }) {
            let height = max(quads[index].height, 1)
            if let last = rows.indices.last,
               abs(centres[index] - rows[last].centre) <= 0.5 * min(height, rows[last].height) {
                let count = Double(rows[last].members.count)
                rows[last].centre = (rows[last].centre * count + centres[index]) / (count + 1)
                rows[last].members.append(index)
            } else {
                rows.append((centres[index], height, [index]))
            }
        }
        return rows.map { $0.members.sorted { alongs[$0] < alongs[$1] } }
    }

    /// The first box of every row (``rows(_:)``), cut to its first ``probeAspect`` heights when longer.
    static func probes(_ quads: [TextQuad]) -> [Probe] {
        rows(quads).compactMap { row in
            guard let first = row.first else { return nil }
            let quad = quads[first]
            let limit = probeAspect * max(quad.height, 1)
            guard quad.width > limit else { return Probe(box: first, quad: quad, isWhole: true) }
            return Probe(box: first, quad: quad.slice(from: 0, to: limit / quad.width), isWhole: false)
        }
    }

    /// The boxes to read given the boxes whose probe named a table part (`anchors`, indices into `quads`): every box
    /// reaching into the band around the anchor rows, in index order; `nil` when there are fewer than
    /// ``minimumAnchorRows`` anchor rows, meaning read every box.
    static func select(_ quads: [TextQuad], anchors: Set<Int>) -> [Int]? {
        let rows = rows(quads)
        let anchorRows = rows.filter { row in row.contains { anchors.contains($0) } }
        guard anchorRows.count >= minimumAnchorRows else { return nil }
        let axes = Axes(quads)
        let extents = anchorRows.flatMap { $0 }.map { axes.acrossExtent(quads[$0]) }
        let heights = anchorRows.flatMap { $0 }.map { quads[$0].height }.sorted()
        let top = extents.map(\.lowerBound).min()!, bottom = extents.map(\.upperBound).max()!
        let margin = marginRows * heights[heights.count / 2] + marginShare * (bottom - top)
        let band = (top - margin)...(bottom + margin)
        return quads.indices.filter { band.overlaps(axes.acrossExtent(quads[$0])) }
    }
}
