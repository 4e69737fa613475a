import NutriLensImaging

/// Plane geometry for the DB post-processing: convex hulls, minimum-area rectangles and point ordering.
enum Geometry {
    typealias Point = SIMD2<Double>

    /// Convex hull (Andrew's monotone chain), counter-clockwise in image coordinates, no repeated points.
    static func convexHull(_ points: [Point]) -> [Point] {
        let sorted = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard sorted.count > 2 else { return sorted }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var lower: [Point] = [], upper: [Point] = []
        for p in sorted {
            while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    /// A rotated rectangle: centre, side lengths along `axis` (unit vector) and its normal.
    struct RotatedRect {
        var center: Point
        var axis: Point
        var width: Double   // along `axis`
        var height: Double  // along the normal

        var shortSide: Double { min(width, height) }

        /// The four corners.
        var corners: [Point] {
            let u = axis * (width / 2), v = Point(-axis.y, axis.x) * (height / 2)
            return [center - u - v, center + u - v, center + u + v, center - u + v]
        }

        /// The same rectangle grown by `distance` on every side (the unclip of a rectangle: a round-join offset
        /// whose minimum-area rectangle is the rectangle grown by the offset).
        func expanded(by distance: Double) -> RotatedRect {
            RotatedRect(center: center, axis: axis, width: width + 2 * distance, height: height + 2 * distance)
        }
    }

    /// Minimum-area enclosing rectangle of a convex polygon (rotating calipers over its edges; OpenCV's
    /// `minAreaRect` on the same points gives the same rectangle). One or two points give a degenerate rectangle.
    static func minimumAreaRect(hull: [Point]) -> RotatedRect {
        guard hull.count > 1 else {
            return RotatedRect(center: hull.first ?? .zero, axis: Point(1, 0), width: 0, height: 0)
        }
        var best = RotatedRect(center: .zero, axis: Point(1, 0), width: .infinity, height: .infinity)
        var bestArea = Double.infinity
        for i in 0..<hull.count {
            let edge = hull[(i + 1) % hull.count] - hull[i]
            let length = (edge * edge).sum().squareRoot()
            guard length > 0 else { continue }
            let u = edge / length, n = Point(-u.y, u.x)
            var minU = Double.infinity, maxU = -Double.infinity, minN = Double.infinity, maxN = -Double.infinity
            for p in hull {
                let a = (p * u).sum(), b = (p * n).sum()
                minU = min(minU, a); maxU = max(maxU, a); minN = min(minN, b); maxN = max(maxN, b)
            }
            let area = (maxU - minU) * (maxN - minN)
            if area < bestArea - 1e-9 {
                bestArea = area
                let c = u * ((minU + maxU) / 2) + n * ((minN + maxN) / 2)
                best = RotatedRect(center: c, axis: u, width: maxU - minU, height: maxN - minN)
            }
        }
        return best
    }

    /// Corners ordered top-left, top-right, bottom-right, bottom-left as PaddleOCR's `order_points_clockwise`:
    /// smallest and largest x + y, then of the other two the smaller y - x is top-right.
    static func orderClockwise(_ p: [Point]) -> [Point] {
        let sums = p.map { $0.x + $0.y }
        let tl = sums.indices.min { sums[$0] < sums[$1] }!, br = sums.indices.max { sums[$0] < sums[$1] }!
        let rest = p.indices.filter { $0 != tl && $0 != br }
        guard rest.count == 2 else { return p }
        let d0 = p[rest[0]].y - p[rest[0]].x, d1 = p[rest[1]].y - p[rest[1]].x
        let (tr, bl) = d0 <= d1 ? (rest[0], rest[1]) : (rest[1], rest[0])
        return [p[tl], p[tr], p[br], p[bl]]
    }

    /// Whether (`x`, `y`) lies inside the convex quadrilateral with corners `qx`, `qy` (any winding) or on its
    /// boundary.
    @inline(__always)
    static func contains(_ qx: [Double], _ qy: [Double], x: Double, y: Double) -> Bool {
        var sign = 0.0
        for i in 0..<4 {
            let j = i == 3 ? 0 : i + 1
            let c = (qx[j] - qx[i]) * (y - qy[i]) - (qy[j] - qy[i]) * (x - qx[i])
            if abs(c) < 1e-9 { continue }
            if sign == 0 { sign = c } else if (c > 0) != (sign > 0) { return false }
        }
        return true
    }
}
