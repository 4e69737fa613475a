import Foundation

/// The last step of a parse: the OCR engine's confidence in each value cell joins the entry's ``ReviewEvidence``,
/// and ``ReviewModel`` turns the evidence into the entry's confidence and review flag.
///
/// Why the engine's confidence: the grammar's checks cannot see a misread digit that keeps the table consistent
/// ("13.2" for 18.2 g carbohydrate), but the engine often can. Measured on the Tesseract line dumps of the shared
/// label photos (docs/history/label-sessions-1-5.md, "Session 4"): of values whose lowest word confidence is under
/// 0.5, a third were wrong; of those at 0.9 or more, 6 %.
enum WordConfidence {
    /// Lowest confidence (0…1) of the pieces whose centre lies inside `box`, `nil` when none has one.
    static func lowest(in box: TextBox, pieces: [TextPiece]) -> Double? {
        pieces.filter { piece in
            piece.confidence != nil && piece.box.midX >= box.x && piece.box.midX <= box.maxX
                && piece.box.midY >= box.y && piece.box.midY <= box.maxY
        }.compactMap { $0.confidence.map { min(1, max(0, $0)) } }.min()
    }

    /// Adds each entry's recognition confidence to its evidence and sets confidence =
    /// ``ReviewModel/probability(_:text:)`` and `needsReview` = confidence < `reviewThreshold`, `nil` meaning the
    /// model's own threshold for the kind of text (or a reading the checks settled on, always reviewed; in plain text
    /// also a value of a disordered table, ``ReviewModel/flagsDisorder(_:)``; in recognised text a value of a column
    /// contradicting its macros beside another contradicted row, ``ReviewModel/flagsMisplacedRows(_:)``). The model is
    /// chosen once per table by ``ReviewModel/Text/init(_:)`` over its entries' evidence. Entries without evidence
    /// keep the grammar's confidence.
    static func apply(to table: inout NutritionTable, lines: [TextLine], reviewThreshold: Double?) {
        // Pieces, not words: a neural reader's segment ("Fat 3.2g 1.1g") is one word whose centre lies in no cell.
        let pieces = TextPieces.pieces(from: lines)
        // Readings the table's checks chose as the only one that fits stay flagged (TableBuilder.settleContradictions).
        let settled = Set(table.findings.filter { $0.check == TableBuilder.settledReadingCheck }.flatMap(\.keys))
        // Columns whose basis nothing firm decides stay flagged, by the finding that says why
        // (TableBuilder.ColumnBasisDecision.uncertainty); their confidence stays the reading's.
        let uncertainBasis = Set(table.findings.filter { $0.check == TableBuilder.uncertainBasisCheck }.flatMap(\.keys))
        for index in table.entries.indices {
            guard var evidence = table.entries[index].evidence else { continue }
            if evidence.recognitionConfidence == nil, let box = table.entries[index].box {
                evidence.recognitionConfidence = lowest(in: box, pieces: pieces)
            }
            table.entries[index].evidence = evidence
        }
        let text = ReviewModel.Text(table.entries.compactMap(\.evidence))
        let threshold = reviewThreshold ?? ReviewModel.reviewThreshold(text)
        for index in table.entries.indices {
            guard let evidence = table.entries[index].evidence else { continue }
            table.entries[index].confidence = ReviewModel.probability(evidence, text: text)
            table.entries[index].needsReview = table.entries[index].confidence < threshold
                || settled.contains(table.entries[index].key) || uncertainBasis.contains(table.entries[index].key)
                || (text == .plain && ReviewModel.flagsDisorder(evidence))
                || (text == .recognised && ReviewModel.flagsMisplacedRows(evidence))
        }
    }
}
