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
/// box, and as confidence the lowest probability of its characters (one doubtful digit makes the word doubtful; a 9
/// read as the unit g counts with the probability the recogniser gave the g, ``gramTexts(_:threshold:)``). The
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
            let texts = unitTexts(gramTexts(segmentTokens))
            let words = zip(segmentTokens, texts).map { token, text -> TextWord in
                let part = quad.slice(from: token.first!.span.lowerBound, to: token.last!.span.upperBound)
                var confidence = token.map(\.confidence).min()!
                // A 9 read as the unit g is as sure as the recogniser was of the g: the review flag sees the doubt.
                if text.hasSuffix("g"), token.last?.text == "9", let g = token.last?.alternative, g.text == "g" {
                    confidence = min(confidence, g.confidence)
                }
                return TextWord(text: text, box: part.boundingBox, confidence: Double(confidence), quad: part)
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

    /// Least probability of "g" as the runner-up of a trailing "9" for the 9 to be read as the unit g
    /// (``gramTexts(_:threshold:)``). On the shared corpus a g read as 9 has g behind it at 0.0002-0.50 (median
    /// 0.23), a printed 9 at most 0.0011; fitted leaving one source folder out (docs/history/session-13-nine.md).
    static let gramRunnerUpThreshold: Float = 0.01

    /// The segment's token texts, with a "9" that ends an amount ("0.59", "12,09", "479", "Protein3.79") read as
    /// the unit "g" when the recogniser gave "g" at least `threshold` probability (0...1) as its runner-up for that
    /// 9, and no unit or percent sign follows as the next token ("0.89 Miligram", "69 %").
    ///
    /// Why: PP-OCRv6 tiny reads the unit g glued to the amount as 9 ("0.59" for 0,5 g); the text alone cannot
    /// tell that from a printed "Salt 0.19", but the recogniser's own probabilities can: behind a g read as 9 the
    /// runner-up is "g" with real probability, behind a printed 9 it is not (shared corpus, measured in
    /// docs/history/session-13-nine.md). Only the 9 changes: a separator the recogniser lost too ("479" for 4,7 g)
    /// is left to the grammar's flagged dropped-separator reading of "47g". Text from other engines never passes here.
    static func gramTexts(_ tokens: [[RecognizedCharacter]], threshold: Float = gramRunnerUpThreshold) -> [String] {
        let texts = tokens.map { $0.map(\.text).joined() }
        return tokens.indices.map { index in
            let token = tokens[index], text = texts[index]
            let next = index + 1 < texts.count ? texts[index + 1].first : nil
            guard token.count >= 2, let last = token.last, last.text == "9",
                  token[token.count - 2].text.first?.isNumber == true,
                  let alternative = last.alternative, alternative.text == "g", alternative.confidence >= threshold,
                  // "E129": one letter before the digits is an E-number, a code; row names are words.
                  text.prefix(while: \.isLetter).count != 1,
                  next.map({ !$0.isLetter && $0 != "%" }) ?? true
            else { return text }
            return String(text.dropLast()) + "g"
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
