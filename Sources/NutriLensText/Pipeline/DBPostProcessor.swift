/// A text box found by the detector, in the coordinates of the probability map's source (the image region the
/// caller passed, before scaling to the network size).
struct DetectedBox: Sendable, Equatable {
    /// Corners top-left, top-right, bottom-right, bottom-left (PaddleOCR's order), in source pixels.
    var corners: [SIMD2<Double>]
    /// Mean map probability inside the (un-expanded) box.
    var score: Float
}

/// Differentiable-binarisation post-processing (Liao et al. 2020, as PaddleOCR's `DBPostProcess` with
/// `score_mode=fast`, `box_type=quad`): threshold the map, take each connected component's minimum-area rectangle,
/// keep it when its short side is >= 3 map pixels and the mean probability inside reaches `boxThreshold`, grow it by
/// `area * unclipRatio / perimeter` on every side, drop it when the grown short side is < 5, scale to the source.
struct DBPostProcessor {
    var threshold: Float
    var boxThreshold: Float
    var unclipRatio: Float
    var maxCandidates: Int
    /// PaddleOCR's `min_size`.
    static let minimumSize = 3.0

    /// Boxes of `map` (`mapWidth` x `mapHeight`) scaled to a `sourceWidth` x `sourceHeight` source.
    func boxes(map: UnsafeBufferPointer<Float>, mapWidth: Int, mapHeight: Int, sourceWidth: Int, sourceHeight: Int) -> [DetectedBox] {
        let components = ConnectedComponents(map: map, width: mapWidth, height: mapHeight, threshold: threshold).components
        var out: [DetectedBox] = []
        let sx = Double(sourceWidth) / Double(mapWidth), sy = Double(sourceHeight) / Double(mapHeight)
        for component in components.prefix(maxCandidates) {
            let rect = Geometry.minimumAreaRect(hull: Geometry.convexHull(component.extremes))
            guard rect.shortSide >= Self.minimumSize else { continue }
            let score = meanProbability(map: map, width: mapWidth, height: mapHeight, quad: rect.corners)
            guard score >= boxThreshold else { continue }
            let area = rect.width * rect.height, perimeter = 2 * (rect.width + rect.height)
            let grown = rect.expanded(by: area * Double(unclipRatio) / perimeter)
            guard grown.shortSide >= Self.minimumSize + 2 else { continue }
            let corners = grown.corners.map { p in
                SIMD2(min(max(p.x * sx, 0), Double(sourceWidth - 1)), min(max(p.y * sy, 0), Double(sourceHeight - 1)))
            }
            let ordered = Geometry.orderClockwise(corners)
            // PaddleOCR's filter_tag_det_res: drop boxes 3 px or less wide or high after clipping.
            let w = ((ordered[1] - ordered[0]) * (ordered[1] - ordered[0])).sum().squareRoot()
            let h = ((ordered[3] - ordered[0]) * (ordered[3] - ordered[0])).sum().squareRoot()
            guard w > 3, h > 3 else { continue }
            out.append(DetectedBox(corners: ordered, score: score))
        }
        return out
    }

    /// Mean probability over the map pixels whose centres lie in `quad` or on its edges. PaddleOCR's
    /// `box_score_fast` averages under `cv2.fillPoly` of the corners truncated to integers, which on slanted boxes
    /// shifts the polygon up-left onto low-probability pixels and scores them lower (by up to 0.16 on the test
    /// fixtures; axis-aligned boxes score the same), so borderline slanted boxes survive `boxThreshold` here.
    func meanProbability(map: UnsafeBufferPointer<Float>, width: Int, height: Int, quad: [SIMD2<Double>]) -> Float {
        let xs = quad.map(\.x), ys = quad.map(\.y)
        let x0 = min(max(Int(xs.min()!.rounded(.down)), 0), width - 1), x1 = min(max(Int(xs.max()!.rounded(.up)), 0), width - 1)
        let y0 = min(max(Int(ys.min()!.rounded(.down)), 0), height - 1), y1 = min(max(Int(ys.max()!.rounded(.up)), 0), height - 1)
        var sum: Double = 0, count = 0
        for y in y0...y1 {
            for x in x0...x1 where Geometry.contains(xs, ys, x: Double(x), y: Double(y)) {
                sum += Double(map[y * width + x])
                count += 1
            }
        }
        return count == 0 ? 0 : Float(sum / Double(count))
    }
}
