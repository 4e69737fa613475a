import NutriLensImaging
import NutriLensLabel
import NutriLensOCR
import NutriLensText

/// The neural reader's text segments as the label grammar takes them (the Swift form of `segment_to_line` in
/// scripts/ppocr_onnx.py, with which the grammar's dump evaluation read the shared corpus).
///
/// A PP-OCR segment ("Fat 7.1 g", "1550 kJ 370 kcal") becomes one ``TextLine`` whose words are its
/// space-separated tokens. Each word gets the part of the segment's quadrilateral its characters cover (their CTC
/// spans, `RecognizedCharacter.span`, which reach to the middle of the gaps on either side), that quad's bounding
/// box, and as confidence the lowest probability of its characters (one doubtful digit makes the word doubtful). The
/// grammar then builds rows from these quads (`VisualRows`) and splits glued tokens ("Protein3.3g") itself.
enum RecognizedLines {
    /// `segments` (quads in the pixels of an image whose content is turned `quarterTurns` clockwise quarter turns,
    /// 0...3, of size `width` x `height`) as lines on the upright page: every quad corner turned back like the
    /// Tesseract path's boxes (`PageOrientation.uprightRect`), so ``ReadPageMapping`` maps the grammar's boxes back.
    /// Segments with no non-space character are left out.
    static func lines(_ segments: [RecognizedText], quarterTurns: Int, width: Int, height: Int) -> [TextLine] {
        let orientation = PageOrientation(quarterTurns: quarterTurns)
        func upright(_ p: PixelPoint) -> TextPoint {
            let r = orientation.uprightRect(x: p.x, y: p.y, width: 0, height: 0, imageWidth: width, imageHeight: height)
            return TextPoint(x: r.x, y: r.y)
        }
        return segments.compactMap { segment in
            let quad = NutriLensLabel.TextQuad(topLeft: upright(segment.quad.topLeft),
                                               topRight: upright(segment.quad.topRight),
                                               bottomRight: upright(segment.quad.bottomRight),
                                               bottomLeft: upright(segment.quad.bottomLeft))
            let words = tokens(segment.characters).map { token -> TextWord in
                let part = quad.slice(from: token.first!.span.lowerBound, to: token.last!.span.upperBound)
                return TextWord(text: token.map(\.text).joined(), box: part.boundingBox,
                                confidence: Double(token.map(\.confidence).min()!), quad: part)
            }
            return words.isEmpty ? nil : TextLine(words: words)
        }
    }

    /// The runs of non-space characters (PP-OCR's dictionary ends with the space its CTC head emits between words).
    static func tokens(_ characters: [RecognizedCharacter]) -> [[RecognizedCharacter]] {
        var tokens: [[RecognizedCharacter]] = [], current: [RecognizedCharacter] = []
        for character in characters {
            if character.text.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { tokens.append(current) }
                current = []
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }
}
