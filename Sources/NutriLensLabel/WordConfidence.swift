import Foundation

/// The OCR engine's own confidence in the words of a value cell, folded into the entry's confidence.
///
/// Why: the grammar's checks cannot see a misread digit that keeps the table consistent ("13.2" for 18.2 g
/// carbohydrate), but the engine often can. Measured on the Tesseract line dumps of the shared label photos
/// (docs/label.md, "Session 4"): of values whose lowest word confidence is under 0.5, a third were wrong; of those
/// at 0.9 or more, 6 %. Alone it separates right from wrong values worse than the grammar's confidence; multiplied
/// in at half weight it separates better than either.
enum WordConfidence {
    /// Lowers each entry's confidence by the lowest recognition confidence (0…1) of the input words whose box
    /// centre lies inside the entry's box: × (1 − weight × (1 − lowest)), so at weight 0.5 a word read at
    /// confidence 0 halves the entry's confidence and one at 1 leaves it unchanged. Sets `needsReview` when the
    /// confidence falls under `reviewThreshold`. Entries
    /// without a box, and words without a confidence, are left alone (plain-text input, OCR engines that report
    /// none).
    static func apply(to table: inout NutritionTable, lines: [TextLine], weight: Double, reviewThreshold: Double) {
        guard weight > 0 else { return }
        // Pieces, not words: a neural reader's segment ("Fat 3.2g 1.1g") is one word whose centre lies in no cell.
        let words = TextPieces.pieces(from: lines).compactMap { piece -> (box: TextBox, confidence: Double)? in
            guard let confidence = piece.confidence else { return nil }
            return (piece.box, min(1, max(0, confidence)))
        }
        guard !words.isEmpty else { return }
        for index in table.entries.indices {
            guard let box = table.entries[index].box else { continue }
            let inside = words.filter { word in
                word.box.midX >= box.x && word.box.midX <= box.maxX && word.box.midY >= box.y && word.box.midY <= box.maxY
            }
            guard let lowest = inside.map(\.confidence).min() else { continue }
            table.entries[index].confidence *= 1 - weight * (1 - lowest)
            if table.entries[index].confidence < reviewThreshold { table.entries[index].needsReview = true }
        }
    }
}
