import Foundation

/// Column headers read from word geometry: the header words above each value column, over as many header lines as the
/// label prints ("Avg Quantity / per Serving", "per Serving with / ½ cup skim milk", "% Daily Intake* / (per
/// Serving)", "Avg Quantity / per 100 g"). Reading order alone cannot tell which words head which column once a header
/// wraps: both lines' words come one after the other, and a %DI column between two amount columns has no cells of its
/// own (its percentages are kept with the amount before them).
///
/// Class: 3–5 column panels (FSANZ Standard 1.2.8 "Quantity per serving | % Daily Intake | Quantity per 100 g", US/CA
/// "per ¾ cup | with ½ cup skim milk", EU "per 100 g | per portion | %RI") with headers on two or more lines.
enum HeaderColumns {
    /// One header cell: the words over one column, top line first.
    private struct Cell {
        var low: Double
        var high: Double
        var words: [(line: Int, position: Double, text: String)]
        var text: String {
            words.sorted { ($0.line, $0.position) < ($1.line, $1.position) }.map(\.text).joined(separator: " ")
        }
    }

    /// The spec of each value column (left to right) when every column's header names its basis, or `nil`.
    /// - Parameters:
    ///   - headerLines: the lines above the table's first row (no row names), top first, with word boxes; the block
    ///     used ends at the first line (going up) that stands mostly over the row names.
    ///   - positions: the value columns' centres along the rows' direction (from full rows' cell boxes).
    static func specs(headerLines: [LineAnalysis], positions: ColumnPlacement.Positions) -> [ColumnSpec]? {
        guard let first = positions.centres.first, positions.spacing > 0 else { return nil }
        // Header words over the value columns (the name column's title and notes start further left).
        // Only the header block right above the table: lines most of whose words stand over the value columns (a
        // title or "Serving size: 60 g" line starts over the names).
        var words: [(line: Int, low: Double, high: Double, text: String)] = []
        for line in headerLines.reversed() {
            let chars = Array(line.text)
            let lineWords = line.wordBoxes.filter { $0.end <= chars.count }.map { piece in
                let centre = positions.position(piece.box)
                let half = (abs(piece.box.width * positions.axis.x) + abs(piece.box.height * positions.axis.y)) / 2
                return (line: line.lineIndex, low: centre - half, high: centre + half,
                        text: String(chars[piece.start..<piece.end]))
            }
            // A column rule read as a glyph ("|", "l", "[") would join the header cells on both sides of it.
            let over = lineWords.filter { $0.high >= first - positions.spacing / 2 && !Self.isRule($0.text) }
            guard !lineWords.isEmpty, over.count * 2 >= lineWords.count + 1 else { break }
            words += over
        }
        guard !words.isEmpty else { return nil }
        let heights = headerLines.flatMap(\.wordBoxes).map {
            abs($0.box.height * positions.axis.x) + abs($0.box.width * positions.axis.y)
        }.sorted()
        let gap = 0.6 * heights[heights.count / 2]
        // Header cells: words whose extents along the rows overlap or nearly touch, on any header line.
        var cells: [Cell] = []
        for word in words.sorted(by: { $0.low < $1.low }) {
            if let last = cells.last, word.low <= last.high + gap {
                cells[cells.count - 1].high = max(last.high, word.high)
                cells[cells.count - 1].words.append((word.line, word.low, word.text))
            } else {
                cells.append(Cell(low: word.low, high: word.high, words: [(word.line, word.low, word.text)]))
            }
        }
        // Percentage columns (%DI, %RI, %DV, %NRV) hold no amounts.
        let amountCells = cells.filter { cell in
            let folded = TextFolding.fold(cell.text)
            return !cell.text.contains("%") && !folded.contains("daily intake") && !folded.contains("reference intake")
        }
        guard amountCells.count == positions.centres.count else { return nil }
        var specs: [ColumnSpec] = []
        for (cell, centre) in zip(amountCells, positions.centres) {
            // Each value column lies under its header cell (numbers are right-aligned: within the cell's reach).
            guard centre >= cell.low - positions.spacing / 2, centre <= cell.high + positions.spacing / 2 else { return nil }
            let analysis = LineAnalyzer.analyze(cell.text, lineIndex: 0)
            let preparation: Preparation = analysis.namesPrepared ? .prepared : .asSold
            if analysis.namesPer100 {
                specs.append(ColumnSpec(basis: .per100g, preparation: preparation))
            } else if analysis.namesServing || analysis.servingSize != nil {
                specs.append(ColumnSpec(basis: .perServing, preparation: preparation))
            } else {
                return nil
            }
        }
        return Set(specs).count == specs.count ? specs : nil
    }

    /// A word that is a table rule read as text.
    private static func isRule(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return !trimmed.isEmpty && trimmed.count <= 2 && trimmed.allSatisfy { "|lI![]/\\".contains($0) }
    }
}
