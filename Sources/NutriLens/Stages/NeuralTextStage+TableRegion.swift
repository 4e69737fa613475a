import Foundation
import NutriLensImaging
import NutriLensLabel
import NutriLensOCR
import NutriLensText

/// The located table of an unconvincing large photo detected again at a larger scale (session 19, issue 21,
/// docs/text.md "The table region detected again"). A photo whose long side is over the detector's is shrunk for
/// detection; on a 3000 x 4000 photo of a cup whose table covers a fifth of it, the table's text is then 4-8 px and the
/// DB detector merges stacked cells or finds none (docs/history/session-19-readerloss.md, class A1). The first reading
/// still names the table's rows: the rows whose boxes name table parts (`TableAnchors.namesTablePart`, as
/// ``TableBand`` uses them) locate it. That region (``tableRegion(_:anchors:width:height:)``), grown by ``tableRegionMarginHeights`` box heights, is detected once
/// more from the photo's own pixels at ``tableRegionDetectorSide(_:longSide:detectedAt:configuredSide:)`` (its long side
/// up to the configured detector side, never enlarged past the photo's pixels), the boxes it finds anew are recognised
/// in the reading's turn (those the first detection found the same keep their reading), the first reading's boxes
/// outside the region are kept as read, and the grammar scores the result
/// against the other readings. The detector maps the region's boxes back to whole-image pixels
/// (`TextReadOptions.regionOfInterest`).
extension NeuralTextStage {
    /// Margin around the table's boxes, in their median box height (a box is about 2.4 text heights, so 2 box heights
    /// is about five text lines): a title, serving line or footer row whose first box names nothing, and the value
    /// cells of a column the first detection did not find (they lie beside the named rows, inside their span across,
    /// so the across margin is what matters most). Chosen before measuring, not fitted.
    static let tableRegionMarginHeights = 2.0
    /// The region is detected again only when that raises the detection scale at least this much over the first
    /// detection's (1.25x): less changes too little to find a box the first missed, and costs a detection all the same.
    static let tableRegionMinimumGain = 1.25

    /// The table's region in image pixels, or `nil` without a table: the bounding rectangle of every box on the rows
    /// (``TableBand/rows(_:)``, along the page's reading direction) from the first to the last row with a box that
    /// names a table part (`anchors`, indices into `quads`; at least ``TableBand/minimumAnchorRows`` such rows), grown
    /// by ``tableRegionMarginHeights`` of those boxes' median height on every side and clipped to the `width` x
    /// `height` image. A row spans the page, so a value column beside the names is in it (and so is other text on the
    /// same rows). `quads` are the first detection's boxes turned into reading order (``turned(_:quarterTurns:)``), in
    /// image pixels. ``TableBand/select(_:anchors:)``'s band (3 rows and 10 % more) was measured first: it made the
    /// regions larger (so detected at a lower scale) and read 1 field fewer (docs/history/session-19-tableredetect.md).
    static func tableRegion(_ quads: [NutriLensText.TextQuad], anchors: Set<Int>, width: Int, height: Int) -> PixelRect? {
        let rows = TableBand.rows(quads)
        let named = rows.indices.filter { rows[$0].contains(where: anchors.contains) }
        guard width > 0, height > 0, named.count >= TableBand.minimumAnchorRows else { return nil }
        let band = rows[named.first!...named.last!].flatMap { $0 }
        let rects = band.map { quads[$0].boundingRect }
        let heights = band.map { quads[$0].height }.sorted()
        let margin = Int((tableRegionMarginHeights * heights[heights.count / 2]).rounded(.up))
        let x0 = max(0, rects.map(\.x).min()! - margin), y0 = max(0, rects.map(\.y).min()! - margin)
        let x1 = min(width, rects.map(\.maxX).max()! + margin), y1 = min(height, rects.map(\.maxY).max()! + margin)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The detector side for `region` (its long side up to `configuredSide`: never enlarged past the photo's own
    /// pixels), or `nil` when that scale is not at least ``tableRegionMinimumGain`` times the first detection's
    /// (`detectedAt` over the photo's `longSide`): a region that is most of the photo, or a photo detected at its own
    /// size.
    static func tableRegionDetectorSide(_ region: PixelRect, longSide: Int, detectedAt: Int, configuredSide: Int) -> Int? {
        let regionSide = max(region.width, region.height)
        guard regionSide > 0, longSide > 0 else { return nil }
        let side = min(configuredSide, regionSide)
        let gain = (Double(side) / Double(regionSide)) / (Double(detectedAt) / Double(longSide))
        return gain >= tableRegionMinimumGain ? side : nil
    }

    /// Intersection over union of two boxes' rectangles above which a box of the region's detection is the first
    /// detection's box found again (0.9: corners within a few percent of the box's size), and keeps its first reading.
    static let tableRegionSameBoxOverlap = 0.9

    /// Intersection over union of `a` and `b` (0...1; 0 when either is empty).
    static func overlap(_ a: PixelRect, _ b: PixelRect) -> Double {
        let w = min(a.maxX, b.maxX) - max(a.x, b.x), h = min(a.maxY, b.maxY) - max(a.y, b.y)
        guard w > 0, h > 0 else { return 0 }
        let inter = Double(w * h)
        return inter / (Double(a.width * a.height + b.width * b.height) - inter)
    }

    /// Whether `quad`'s centre lies in `region` (a first-detection box the region's detection replaces).
    static func centre(of quad: NutriLensText.TextQuad, isIn region: PixelRect) -> Bool {
        let x = quad.corners.map(\.x).reduce(0, +) / 4, y = quad.corners.map(\.y).reduce(0, +) / 4
        return x >= Double(region.x) && x < Double(region.maxX) && y >= Double(region.y) && y < Double(region.maxY)
    }

    /// The reading with the table region of `first` (a reading of `boxes`, the first detection at `detectedAt`)
    /// detected again, or `nil` when `first` locates no table or the region would not be detected at a larger scale.
    func tableRegionReading(_ image: DecodedImage, _ boxes: [(quad: NutriLensText.TextQuad, score: Float)], first: Reading,
                            detectedAt: Int, scoring: ([TextLine]) -> ReadingScore) throws -> Reading? {
        let quads = boxes.map { Self.turned($0.quad, quarterTurns: first.quarterTurns) }
        let anchors = Set(first.segments.indices.filter { first.segments[$0].map { TableAnchors.namesTablePart($0.text) } ?? false })
        guard let region = Self.tableRegion(quads, anchors: anchors, width: image.width, height: image.height),
              let side = Self.tableRegionDetectorSide(region, longSide: max(image.width, image.height),
                                                      detectedAt: detectedAt, configuredSide: detectorLongSide)
        else { return nil }
        var options = options
        options.detectorLongSide = side
        options.regionOfInterest = region
        let inside = try reader.detect(image, options: options)
        let isInside = boxes.map { Self.centre(of: $0.quad, isIn: region) }
        let outside = boxes.indices.filter { !isInside[$0] }
        // A box the first detection found the same (its rectangle overlapping at least `tableRegionSameBoxOverlap`)
        // keeps its first reading: the recogniser crops it from the same photo pixels either way.
        let replaced = boxes.indices.filter { isInside[$0] && first.segments[$0] != nil }
        let same = inside.map { box in
            replaced.first { Self.overlap(box.quad.boundingRect, boxes[$0].quad.boundingRect) >= Self.tableRegionSameBoxOverlap }
        }
        let fresh = inside.indices.filter { same[$0] == nil }
        var read = [RecognizedText?](repeating: nil, count: inside.count)
        for (index, text) in zip(fresh, try recognize(image, fresh.map { inside[$0] }, quarterTurns: first.quarterTurns)) {
            read[index] = text
        }
        for index in inside.indices { if let old = same[index] { read[index] = first.segments[old] } }
        let segments = outside.map { first.segments[$0] } + read
        let kept = segments.compactMap { $0 }.filter { $0.confidence >= options.minimumConfidence }
        let lines = RecognizedLines.lines(kept, quarterTurns: first.quarterTurns, width: image.width, height: image.height)
        return Reading(quarterTurns: first.quarterTurns, segments: segments, lines: lines, score: scoring(lines),
                       note: " region \(region.width)x\(region.height)@\(side)")
    }
}
