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
            let segmentTokens = tokens(segment.characters)
            let texts = unitTexts(segmentTokens.map { $0.map(\.text).joined() })
            let words = zip(segmentTokens, texts).map { token, text -> TextWord in
                let part = quad.slice(from: token.first!.span.lowerBound, to: token.last!.span.upperBound)
                return TextWord(text: text, box: part.boundingBox,
                                confidence: Double(token.map(\.confidence).min()!), quad: part)
            }
            return words.isEmpty ? nil : TextLine(words: words)
        }
    }

    /// A segment's tokens with a lone "9" that stands where a unit stands read as "g": right after a bare amount
    /// ("1,6", "14") and last in the segment or before a percentage ("Fibre 1,6 9", "Proteine 14 9 28%").
    ///
    /// Why: PP-OCRv6 tiny reads the unit g as 9 (shared/docs/text-reader.md; "12.6g" → "12.69"); glued to the digits
    /// the grammar weighs both readings by consistency (`NumberGrammar.nineAsGramReadings`), but after the space that
    /// labels print between amount and unit ("1,6 g") the 9 is a token of its own, and the grammar took it for the
    /// next column's amount (danipisca07 `tabella_nutrizionale_2`: fibre 9, the rows above shifted). The risk is a
    /// segment that spans two value columns whose second amount is a lone 9 ("Fat 14 9"); the corpus figures per
    /// folder before and after are in docs/scanner.md ("Text engines").
    static func unitTexts(_ texts: [String]) -> [String] {
        var out = texts
        for index in texts.indices.dropFirst() where texts[index] == "9" {
            let previous = texts[index - 1]
            let bareAmount = previous.first?.isNumber == true && previous.last?.isNumber == true
                && previous.allSatisfy { $0.isNumber || $0 == "," || $0 == "." }
                && previous.filter { $0 == "," || $0 == "." }.count <= 1
            let next = index + 1 < texts.count ? texts[index + 1] : nil
            if bareAmount, next == nil || next!.hasSuffix("%") { out[index] = "g" }
        }
        return out
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
