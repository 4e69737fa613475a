/// 8-connected components of a thresholded probability map, as runs per row joined by union-find. For each
/// component it keeps the leftmost and rightmost pixel of every row: their centres span the same convex hull as
/// all its pixels (what OpenCV's `findContours` + `minAreaRect` measure in PaddleOCR's DB post-processing).
struct ConnectedComponents {
    /// One component: its rows' extreme pixels, pixel count and bounding box (inclusive).
    struct Component {
        var extremes: [SIMD2<Double>] = []
        var pixels = 0
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
    }

    private(set) var components: [Component] = []

    /// Components of `map > threshold` in a `width` x `height` row-major map, in order of their first pixel
    /// (top-down, then left to right).
    init(map: UnsafeBufferPointer<Float>, width: Int, height: Int, threshold: Float) {
        struct Run { var y: Int; var start: Int; var end: Int; var label: Int }  // end exclusive
        var runs: [Run] = []
        var parent: [Int] = []
        func find(_ x: Int) -> Int {
            var r = x
            while parent[r] != r { r = parent[r] }
            var c = x
            while parent[c] != r { let n = parent[c]; parent[c] = r; c = n }
            return r
        }
        var previousRow = 0..<0  // run indices of the previous row
        for y in 0..<height {
            let rowStart = runs.count
            let base = y * width
            var x = 0
            while x < width {
                guard map[base &+ x] > threshold else { x &+= 1; continue }
                let start = x
                while x < width && map[base &+ x] > threshold { x &+= 1 }
                let label = parent.count
                parent.append(label)
                // 8-connectivity: a run touches a previous-row run overlapping [start - 1, x].
                for r in previousRow where runs[r].end >= start && runs[r].start <= x {
                    let a = find(runs[r].label), b = find(label)
                    if a != b { parent[max(a, b)] = min(a, b) }
                }
                runs.append(Run(y: y, start: start, end: x, label: label))
            }
            previousRow = rowStart..<runs.count
        }
        var index = [Int: Int]()
        for run in runs {
            let root = find(run.label)
            let c: Int
            if let existing = index[root] { c = existing } else {
                c = components.count
                index[root] = c
                components.append(Component())
            }
            components[c].extremes.append(SIMD2(Double(run.start), Double(run.y)))
            if run.end - 1 != run.start { components[c].extremes.append(SIMD2(Double(run.end - 1), Double(run.y))) }
            components[c].pixels += run.end - run.start
            components[c].minX = min(components[c].minX, run.start)
            components[c].maxX = max(components[c].maxX, run.end - 1)
            components[c].minY = min(components[c].minY, run.y)
            components[c].maxY = max(components[c].maxY, run.y)
        }
    }
}
