import NutriLensImaging
import XCTest
@testable import NutriLens
@testable import NutriLensText

/// PP-OCRv6 tiny reads the unit g as 9: a lone "9" token where the unit stands becomes "g" before the grammar sees
/// the segment (``RecognizedLines/unitTexts(_:)``); a 9 that is an amount stays.
final class NineAsUnitTests: XCTestCase {
    func testLoneNineAfterAnAmountIsTheUnit() {
        XCTAssertEqual(RecognizedLines.unitTexts(["Fibre", "1,6", "9"]), ["Fibre", "1,6", "g"])
        XCTAssertEqual(RecognizedLines.unitTexts(["Proteine", "14", "9", "28%"]), ["Proteine", "14", "g", "28%"])
        XCTAssertEqual(RecognizedLines.unitTexts(["Salt", "0.25", "9", "4%"]), ["Salt", "0.25", "g", "4%"])
    }

    func testNineThatIsAnAmountStays() {
        // The amount itself, after a row name.
        XCTAssertEqual(RecognizedLines.unitTexts(["Fat", "9", "12%"]), ["Fat", "9", "12%"])
        // After an amount that already has its unit, or before another amount.
        XCTAssertEqual(RecognizedLines.unitTexts(["Fat", "1.6g", "9"]), ["Fat", "1.6g", "9"])
        XCTAssertEqual(RecognizedLines.unitTexts(["Fat", "14", "9", "3.1"]), ["Fat", "14", "9", "3.1"])
        // Energy rows and other tokens.
        XCTAssertEqual(RecognizedLines.unitTexts(["1569", "kJ", "9"]), ["1569", "kJ", "9"])
        XCTAssertEqual(RecognizedLines.unitTexts(["9"]), ["9"])
        XCTAssertEqual(RecognizedLines.unitTexts(["1.2.3", "9"]), ["1.2.3", "9"])
    }
}

/// A "9" glued to an amount becomes the unit g only when the recogniser's runner-up for it is "g" with real
/// probability (``RecognizedLines/gramTexts(_:threshold:)``): "Salt 0.59" with g behind the 9 is 0.5 g,
/// with another digit behind it, or g at a trace of probability, it stays 0.59.
final class NineRunnerUpTests: XCTestCase {
    /// `text` as a segment whose every "9" has `nineAlternative` as its runner-up (other characters "8" at 0.05).
    private func segment(_ text: String, nineAlternative: RecognizedCharacter.Alternative?) -> RecognizedText {
        let quad = NutriLensText.TextQuad(PixelRect(x: 0, y: 0, width: 180, height: 20))
        let texts = Array(text).map(String.init), n = Double(texts.count)
        let characters = texts.indices.map { i in
            RecognizedCharacter(text: texts[i], confidence: 0.9, steps: i...i, span: Double(i) / n...Double(i + 1) / n,
                                quad: quad.slice(from: Double(i) / n, to: Double(i + 1) / n),
                                alternative: texts[i] == "9" ? nineAlternative : .init(text: "8", confidence: 0.05))
        }
        return RecognizedText(quad: quad, text: text, confidence: 0.9, minimumCharacterConfidence: 0.9,
                              detectionScore: 0.8, characters: characters)
    }

    private func words(_ text: String, _ alternative: RecognizedCharacter.Alternative?) -> [String] {
        RecognizedLines.lines([segment(text, nineAlternative: alternative)], quarterTurns: 0, width: 200, height: 40)
            .flatMap { $0.words.map(\.text) }
    }

    func testNineWithGAsRunnerUpIsTheUnit() {
        XCTAssertEqual(words("Salt 0.59", .init(text: "g", confidence: 0.3)), ["Salt", "0.5g"])
        // The word is as sure as the g was (0.3), not as the 9 (0.9): the review flag sees the doubt.
        let line = RecognizedLines.lines([segment("Salt 0.59", nineAlternative: .init(text: "g", confidence: 0.3))],
                                         quarterTurns: 0, width: 200, height: 40)
        XCTAssertEqual(line.first?.words.map(\.confidence) ?? [], [0.9, 0.3].map { Double(Float($0)) })
        XCTAssertEqual(words("Fat 12,09", .init(text: "g", confidence: RecognizedLines.gramRunnerUpThreshold)),
                       ["Fat", "12,0g"])
        // The separator lost too: only the 9 changes; the grammar's dropped-separator reading does the rest.
        XCTAssertEqual(words("Weglowodany 479", .init(text: "g", confidence: 0.5)), ["Weglowodany", "47g"])
        // Glued to the row name: the grammar splits "Protein3.7g" itself.
        XCTAssertEqual(words("Protein3.79", .init(text: "g", confidence: 0.5)), ["Protein3.7g"])
    }

    func testNineWithoutGAsRunnerUpStays() {
        XCTAssertEqual(words("Salt 0.59", .init(text: "8", confidence: 0.3)), ["Salt", "0.59"])
        XCTAssertEqual(words("Salt 0.59", nil), ["Salt", "0.59"])
        let below = RecognizedLines.gramRunnerUpThreshold.nextDown
        XCTAssertEqual(words("Salt 0.59", .init(text: "g", confidence: below)), ["Salt", "0.59"])
        // A 9 that is no amount's last digit: a lone 9 is unitTexts' case; letters before it are a word.
        XCTAssertEqual(words("Fat 9", .init(text: "g", confidence: 0.5)), ["Fat", "9"])
        // An E-number (one letter before the digits) is a code, not an amount.
        XCTAssertEqual(words("E129", .init(text: "g", confidence: 0.5)), ["E129"])
        // A unit or percent sign already follows: the 9 is printed.
        XCTAssertEqual(words("0.89 Miligram", .init(text: "g", confidence: 0.5)), ["0.89", "Miligram"])
        XCTAssertEqual(words("Energy 369 %", .init(text: "g", confidence: 0.5)), ["Energy", "369", "%"])
    }
}
