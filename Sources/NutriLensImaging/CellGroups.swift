/// Connected groups of marked cells in a coarse grid (a per-cell verdict over an image, e.g. "bar-like texture",
/// "light-on-dark text"), for the stages that judge an image cell by cell and then need the regions.
public enum CellGroups {
    /// The 8-connected groups of `marked` cells in a row-major `columns × rows` grid (`marked.count` must be
    /// `columns × rows`). Groups come in the order of their first cell in row-major order; each lists its cell
    /// indices in visiting order (depth-first), so sums over a group are reproducible run to run.
    public static func eightConnected(_ marked: [Bool], columns: Int, rows: Int) -> [[Int]] {
        precondition(marked.count == columns * rows, "marked must hold columns × rows cells")
        var seen = [Bool](repeating: false, count: marked.count)
        var groups: [[Int]] = []
        var stack: [Int] = []
        for start in marked.indices where marked[start] && !seen[start] {
            var group: [Int] = []
            seen[start] = true
            stack.append(start)
            while let i = stack.popLast() {
                group.append(i)
                let x = i % columns, y = i / columns
                for ny in max(0, y - 1)...min(rows - 1, y + 1) {
                    for nx in max(0, x - 1)...min(columns - 1, x + 1) {
                        let j = ny * columns + nx
                        if marked[j] && !seen[j] { seen[j] = true; stack.append(j) }
                    }
                }
            }
            groups.append(group)
        }
        return groups
    }
}
