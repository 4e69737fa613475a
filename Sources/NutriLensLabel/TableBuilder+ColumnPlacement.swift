import Foundation

/// Which column each cell of a row belongs to. By default a row's cells fill the columns in order; a row with fewer
/// cells than columns is placed by its word boxes when the full rows show where the columns are: "2,0g 10%" under
/// "Masti 69,1g 20,7g 30%" is the per-serving saturates (its per-100 g cell lost), not the per-100 g one.
struct ColumnPlacement: Sendable {
    /// Per row (same indices as the rows it was made from): the cell index for each column, `nil` for a gap.
    private var slots: [[Int?]]

    /// Column of each cell per row. `rows` are the rows the table is built from, `columnCount` its value columns.
    init(rows: [AssembledRow], columnCount: Int) {
        let positions = Self.columnCentres(rows, columnCount: columnCount)
        slots = rows.map { row in
            let inOrder: [Int?] = Array(row.cells.indices)
            guard let positions, !row.nutrient.isEnergy, !row.cells.isEmpty, row.cells.count < columnCount,
                  let placed = Self.place(row.cells, positions: positions)
            else { return inOrder }
            return placed
        }
    }

    /// The cell of row `rowIndex` in `column`, or `nil` when the row has none there.
    func cell(of rows: [AssembledRow], row rowIndex: Int, column: Int) -> AssembledCell? {
        guard rowIndex < slots.count, column < slots[rowIndex].count, let index = slots[rowIndex][column],
              index < rows[rowIndex].cells.count else { return nil }
        return rows[rowIndex].cells[index]
    }

    /// Column centres along the reading direction, from rows whose cells fill every column on one line.
    struct Positions {
        var axis: (x: Double, y: Double)
        var centres: [Double]
        var spacing: Double
        /// Each column's figures from their lowest start to their highest end along the rows (medians over the full
        /// rows); empty when unknown, when ``extent(_:)`` takes a quarter spacing either side of the centre.
        var extents: [(low: Double, high: Double)] = []

        /// Where column `index`'s figures stand along the rows.
        func extent(_ index: Int) -> (low: Double, high: Double) {
            index < extents.count ? extents[index] : (centres[index] - spacing / 4, centres[index] + spacing / 4)
        }

        /// The box's length along the rows' direction (its sides projected on `axis`).
        func length(_ box: TextBox) -> Double { abs(box.width * axis.x) + abs(box.height * axis.y) }

        /// The box's extent across the rows (its height on level rows).
        func thickness(_ box: TextBox) -> Double { abs(box.height * axis.x) + abs(box.width * axis.y) }

        func position(_ box: TextBox) -> Double {
            (box.x + box.width / 2) * axis.x + (box.y + box.height / 2) * axis.y
        }
    }

    /// `nil` unless at least three full rows (every cell boxed, all on one line) agree on where the columns are:
    /// centres increasing along the rows' direction and further apart than a cell is wide.
    static func columnCentres(_ rows: [AssembledRow], columnCount: Int) -> Positions? {
        guard columnCount >= 2 else { return nil }
        let full = rows.filter { row in
            !row.nutrient.isEnergy && row.cells.count == columnCount && row.cells.allSatisfy { $0.box != nil }
                && Set(row.cells.map(\.lineIndex)).count == 1
        }
        guard full.count >= 3 else { return nil }
        var axisX = 0.0, axisY = 0.0
        for row in full {
            let first = row.cells.first!.box!, last = row.cells.last!.box!
            axisX += last.x + last.width / 2 - first.x - first.width / 2
            axisY += last.y + last.height / 2 - first.y - first.height / 2
        }
        let length = (axisX * axisX + axisY * axisY).squareRoot()
        guard length > 0 else { return nil }
        var positions = Positions(axis: (axisX / length, axisY / length), centres: [], spacing: 0)
        positions.centres = (0..<columnCount).map { column in
            median(full.map { positions.position($0.cells[column].box!) })
        }
        let widths = full.flatMap { $0.cells.map { positions.length($0.box!) } }
        positions.extents = (0..<columnCount).map { column in
            let halves = full.map { row -> (Double, Double) in
                let box = row.cells[column].box!
                let half = positions.length(box) / 2
                return (positions.position(box) - half, positions.position(box) + half)
            }
            return (median(halves.map(\.0)), median(halves.map(\.1)))
        }
        let gaps = zip(positions.centres.dropFirst(), positions.centres).map { $0 - $1 }
        guard let smallest = gaps.min(), smallest > median(widths) else { return nil }
        positions.spacing = smallest
        return positions
    }

    /// The columns of a short row's cells (in order, one cell per column) nearest their boxes, or `nil` when a cell
    /// has no box or lies between columns (more than a third of the column spacing from its column's centre).
    static func place(_ cells: [AssembledCell], positions: Positions) -> [Int?]? {
        let columnCount = positions.centres.count
        var cellPositions: [Double] = []
        for cell in cells {
            guard let box = cell.box else { return nil }
            cellPositions.append(positions.position(box))
        }
        // Monotonic assignment of cells to columns with the least total distance (few columns: exhaustive).
        var best: (cost: Double, columns: [Int])?
        func search(_ cellIndex: Int, from column: Int, cost: Double, columns: [Int]) {
            if cellIndex == cells.count {
                if best == nil || cost < best!.cost { best = (cost, columns) }
                return
            }
            guard column < columnCount else { return }
            for target in column..<columnCount where columnCount - target >= cells.count - cellIndex {
                let distance = abs(cellPositions[cellIndex] - positions.centres[target])
                search(cellIndex + 1, from: target + 1, cost: cost + distance, columns: columns + [target])
            }
        }
        search(0, from: 0, cost: 0, columns: [])
        guard let best else { return nil }
        for (cellIndex, column) in best.columns.enumerated()
        where abs(cellPositions[cellIndex] - positions.centres[column]) > positions.spacing / 3 {
            return nil
        }
        var slots = [Int?](repeating: nil, count: columnCount)
        for (cellIndex, column) in best.columns.enumerated() { slots[column] = cellIndex }
        return slots
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
