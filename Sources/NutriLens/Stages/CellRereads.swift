import Foundation
import NutriLensImaging
import NutriLensLabel
import NutriLensOCR

/// The `.both` engine's second opinion (issue 21): the value cells of the neural reading that the review model flags
/// (low character confidence, failed consistency checks, repairs: ``NutritionEntry/needsReview``) are cut out of the
/// working image by the boxes the neural reader found and read again by Tesseract as single lines (PSM 7); each
/// field is then reconciled on its own.
///
/// Reconciling a cell: Tesseract's text replaces the neural words of that cell only when the label grammar then
/// scores the whole table higher (`ReadingScore`: the entries' confidence less 0.5 per failed check), so a second
/// reading is kept only where it makes the table more consistent. The score leaves out the per-100 g mass sum
/// (`NutritionParser.Options.massSumLowersConfidence`), which only flags: it lowers every value whose removal ends the
/// excess, so a misread that deletes any one of them ("Sf g" for "6,7g" fibre) would raise all the others back.
/// Whether the two engines agree on a field is passed to the review model as second-reading evidence (agreement
/// raises a field's confidence, disagreement lowers it; a field whose value Tesseract changed is a disagreement by
/// construction).
///
/// Not re-read: cells whose value shares a neural word with other text ("Protein3.3g"), where a whole-word
/// replacement would change the row name too.
struct CellRereads {
    /// At most this many cells are re-read per photo, least confident first: two columns of a full EU table (7 rows
    /// with energy in kJ and kcal) are 16 cells; a US panel's are fewer.
    static let maximumCells = 16
    /// Margin around a cell, as a share of its height: above/below and left/right. Neural boxes hug the glyphs;
    /// Tesseract's line finder wants some background round the text.
    static let verticalMargin = 0.3, horizontalMargin = 0.6

    /// What the re-reads changed.
    struct Outcome {
        /// The neural lines with every cell whose Tesseract text was kept replaced by it.
        var lines: [TextLine]
        /// The other engine's reading of each re-read cell (Tesseract's where its text was not kept, the neural one
        /// where it was), on the same lines: the grammar's second reading for ``keys``.
        var secondReading: [TextLine]
        /// Keys of the fields whose cells were re-read.
        var keys: Set<String>
        /// Boxes (page as read) of the cells whose Tesseract text was kept: those fields name Tesseract as engine.
        var tesseractCells: [TextBox]
        /// Cells read by Tesseract.
        var cellsRead: Int
    }

    /// A cell to re-read: the neural words that make it up and where they lie.
    struct Cell {
        var key: String
        var confidence: Double
        /// (line, word) indices of the neural words inside the cell, in reading order.
        var words: [(line: Int, word: Int)]
        /// The union of those words' boxes, page as read.
        var box: TextBox
    }

    /// Re-reads the unsure cells of `lines` (the neural reading, boxes on the page as read) with `reader`.
    /// - Returns: `nil` when nothing was re-read (no table, or nothing flagged).
    /// - Throws: `ScanError.stageFailed(stage: "ocr")` when Tesseract cannot be loaded.
    static func reread(lines: [TextLine], working: WorkingImage, mapping: ReadPageMapping, parser: NutritionParser,
                       reader: any OCRPageReader) throws -> Outcome? {
        guard mapping.levelling == nil, let table = (try? parser.parse(lines: lines)) ?? nil else { return nil }
        let cells = unsureCells(table, lines: lines)
        guard !cells.isEmpty else { return nil }
        let gray = working.gray
        // The page was read turned `k` quarter turns clockwise (its text's top pointing right for k = 1, the way
        // NeuralTextStage reads such boxes): a crop of the working image is upright after k counter-clockwise turns.
        let upright = QuarterTurn(clockwiseQuarterTurns: -mapping.quarterTurns)
        var crops: [(image: GrayImage, textHeight: Double)] = []
        var readable: [Cell] = []
        for cell in cells {
            let b = cell.box
            let padded = mapping.working(TextBox(x: b.x - horizontalMargin * b.height, y: b.y - verticalMargin * b.height,
                                                 width: b.width + 2 * horizontalMargin * b.height,
                                                 height: b.height * (1 + 2 * verticalMargin)))
            let x0 = max(0, Int(padded.x.rounded(.down))), y0 = max(0, Int(padded.y.rounded(.down)))
            let x1 = min(gray.width, Int((padded.x + padded.width).rounded(.up)))
            let y1 = min(gray.height, Int((padded.y + padded.height).rounded(.up)))
            guard x1 - x0 >= 3, y1 - y0 >= 3,
                  let crop = try? gray.cropped(to: PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
            else { continue }
            crops.append((upright == .none ? crop : crop.rotated(by: upright), b.height))
            readable.append(cell)
        }
        guard !readable.isEmpty else { return nil }
        let texts: [OCRCellText]
        do {
            texts = try reader.readCells(crops)
        } catch let error as OCRError {
            throw ScanError.stageFailed(stage: "ocr", message: error.description)
        }
        return reconcile(lines: lines, cells: readable, texts: texts.map(\.text), parser: parser, cellsRead: crops.count)
    }

    /// Keeps each cell's second text where the grammar then scores the table higher, least confident cell first
    /// (each decision on the lines as the earlier ones left them).
    static func reconcile(lines: [TextLine], cells: [Cell], texts: [String], parser: NutritionParser,
                          cellsRead: Int) -> Outcome {
        // The per-100 g mass sum flags values for review but does not choose between texts (ConsistencyChecks
        // `penalty`): scored with it, any text that deletes one of the values it lowers ends the excess and wins.
        var scoring = parser
        scoring.options.massSumLowersConfidence = false
        var current = lines
        var score = ReadingScore(grammarOf: lines, parser: scoring)
        var kept = Array(repeating: false, count: cells.count)
        for (index, cell) in cells.enumerated() {
            let text = texts[index].trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, text != neuralText(of: cell, in: lines) else { continue }
            let trial = replacing(cell, with: text, in: current)
            let trialScore = ReadingScore(grammarOf: compacted(trial), parser: scoring)
            if score < trialScore {
                current = trial
                score = trialScore
                kept[index] = true
            }
        }
        var second = current
        for (index, cell) in cells.enumerated() {
            let text = kept[index] ? neuralText(of: cell, in: lines) : texts[index].trimmingCharacters(in: .whitespaces)
            if !text.isEmpty { second = replacing(cell, with: text, in: second) }
        }
        return Outcome(lines: compacted(current), secondReading: compacted(second), keys: Set(cells.map(\.key)),
                       tesseractCells: cells.indices.filter { kept[$0] }.map { cells[$0].box }, cellsRead: cellsRead)
    }

    /// The flagged entries whose value is made of whole neural words, least confident first, one per box.
    static func unsureCells(_ table: NutritionTable, lines: [TextLine]) -> [Cell] {
        var cells: [Cell] = []
        for entry in table.entries.sorted(by: { $0.confidence < $1.confidence }) where entry.needsReview {
            guard let box = entry.box,
                  let cell = Self.cell(key: entry.key, confidence: entry.confidence, box: box, lines: lines),
                  !cells.contains(where: { overlaps($0.box, cell.box) })
            else { continue }
            cells.append(cell)
            if cells.count == maximumCells { break }
        }
        return cells
    }

    /// The neural words whose centres lie in `box`, when they lie wholly inside it (give or take a quarter of its
    /// height): a word that reaches out of the value's box carries other text too.
    static func cell(key: String, confidence: Double, box: TextBox, lines: [TextLine]) -> Cell? {
        let slack = 0.25 * box.height
        var words: [(line: Int, word: Int)] = []
        var union: TextBox?
        for (l, line) in lines.enumerated() {
            for (w, word) in line.words.enumerated() {
                guard let b = word.box else { continue }
                guard b.midX >= box.x, b.midX <= box.maxX, b.midY >= box.y, b.midY <= box.maxY else { continue }
                guard b.x >= box.x - slack, b.maxX <= box.maxX + slack else { return nil }
                words.append((l, w))
                union = union?.union(b) ?? b
            }
        }
        guard let union, let first = words.first, words.allSatisfy({ $0.line == first.line }) else { return nil }
        return Cell(key: key, confidence: confidence, words: words, box: union)
    }

    /// The neural words of `cell` joined by spaces.
    static func neuralText(of cell: Cell, in lines: [TextLine]) -> String {
        cell.words.map { lines[$0.line].words[$0.word].text }.joined(separator: " ")
    }

    /// `lines` with the cell's first word carrying `text` (its box the cell's) and its other words emptied, so the
    /// word indices of every cell stay valid; ``compacted(_:)`` drops the emptied words before parsing.
    static func replacing(_ cell: Cell, with text: String, in lines: [TextLine]) -> [TextLine] {
        var out = lines
        let line = cell.words[0].line
        var words = out[line].words
        let first = words[cell.words[0].word]
        words[cell.words[0].word] = TextWord(text: text, box: cell.words.count == 1 ? first.box : cell.box,
                                             confidence: first.confidence,
                                             quad: cell.words.count == 1 ? first.quad : nil)
        for position in cell.words.dropFirst() { words[position.word].text = "" }
        out[line] = TextLine(words: words)
        return out
    }

    /// `lines` without the words ``replacing(_:with:in:)`` emptied, their text the remaining words joined.
    static func compacted(_ lines: [TextLine]) -> [TextLine] {
        lines.map { line in
            line.words.contains(where: \.text.isEmpty) ? TextLine(words: line.words.filter { !$0.text.isEmpty }) : line
        }
    }

    static func overlaps(_ a: TextBox, _ b: TextBox) -> Bool {
        a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
    }
}
