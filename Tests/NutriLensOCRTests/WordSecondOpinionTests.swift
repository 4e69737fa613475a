import NutriLensImaging
@testable import NutriLensOCR
import XCTest

/// `WordSecondOpinion`: which words are re-read, how they are grouped into regions, how the better reading is kept,
/// and the whole path through `NutritionOCR(pool:secondOpinionPool:)` on a rendered German/French label.
final class WordSecondOpinionTests: XCTestCase {
    private func word(_ text: String, x: Int, y: Int = 100, width: Int = 40, height: Int = 20, confidence: Double,
                      line: Int = 0, block: Int = 0) -> RawWord {
        RawWord(text: text, box: PixelRect(x: x, y: y, width: width, height: height), confidence: confidence,
                block: block, line: line, baseline: nil)
    }

    func testNumericRulePicksUnsureWordsWithDigitsOrPercent() {
        let rule = WordSecondOpinion()
        XCTAssertEqual(rule.candidates, .numeric)
        XCTAssertEqual(rule.maximumConfidence, 0.875, "Tesseract's own acceptance: certainty -2.5 = 87.5 %")
        XCTAssertTrue(rule.isCandidate(text: "4.4g", confidence: 0.6))
        XCTAssertTrue(rule.isCandidate(text: "12%", confidence: 0.874))
        XCTAssertTrue(rule.isCandidate(text: "%", confidence: 0.3))
        XCTAssertFalse(rule.isCandidate(text: "4.4g", confidence: 0.875), "sure enough: the set would not re-read it")
        XCTAssertFalse(rule.isCandidate(text: "Fett", confidence: 0.2), "no digit: a row name is not re-read")
        let all = WordSecondOpinion(candidates: .all)
        XCTAssertTrue(all.isCandidate(text: "Fett", confidence: 0.2))
        XCTAssertFalse(all.isCandidate(text: "Fett", confidence: 0.95))
    }

    func testNeighbouringCandidatesOfOneLineShareARegion() {
        let rule = WordSecondOpinion()
        let words = [
            word("Fat", x: 10, confidence: 0.5),                       // 0: no digit
            word("3.1g", x: 200, confidence: 0.5),                     // 1
            word("12%", x: 250, confidence: 0.6),                      // 2: gap 10 px < 1.5 × 20 → joins 1
            word("4%", x: 400, confidence: 0.6),                       // 3: gap 110 px → its own region
            word("0.5g", x: 200, y: 140, confidence: 0.7, line: 1),    // 4: another line
            word("100", x: 300, y: 140, confidence: 0.95, line: 1),    // 5: sure
        ]
        XCTAssertEqual(rule.groups(words), [[1, 2], [3], [4]])
        // Union of 3.1g and 12% (200...290 × 100...120), half a height (10 px) wider each side, 2.5 → 3 px taller.
        XCTAssertEqual(rule.region(of: [1, 2], in: words, width: 1000, height: 1000),
                       PixelRect(x: 190, y: 97, width: 110, height: 26))
        // Clipped to the image.
        XCTAssertEqual(rule.region(of: [1, 2], in: words, width: 295, height: 1000).maxX, 295)
    }

    func testAnotherLanguagesReadingWinsWordByWordAndNeighboursCutInAreIgnored() {
        let rule = WordSecondOpinion()
        let words = [
            word("Fat", x: 10, confidence: 0.9),
            word("3.19", x: 200, confidence: 0.5, line: 3, block: 2),
            word("12%", x: 250, confidence: 0.8, line: 3, block: 2),
        ]
        let neighbour = word("at", x: 185, width: 12, confidence: 0.99)   // cut in by the margin
        let set = [neighbour, word("3.1g", x: 201, confidence: 0.85), word("17%", x: 251, confidence: 0.6)]
        let primary = [neighbour, word("3.19", x: 201, confidence: 0.5), word("17%", x: 251, confidence: 0.6)]
        let outcome = rule.merged(words, groups: [[1, 2]], readings: [set], primaryReadings: [primary])
        // "3.1g": another language read it so; "17%": the cut alone changed it (the primary model reads it so too).
        XCTAssertEqual(outcome.words.map(\.text), ["Fat", "3.1g", "12%"])
        XCTAssertEqual(outcome.replaced, 1)
        XCTAssertEqual(outcome.candidates, 2)
        XCTAssertEqual(outcome.regions, 1)
        // The replacement keeps the line and block of the word it replaces (line assembly groups by them).
        XCTAssertEqual(outcome.words[1].line, 3)
        XCTAssertEqual(outcome.words[1].block, 2)
        XCTAssertEqual(outcome.words[1].box.x, 201)
    }

    func testCutThatReadsUnlikeThePageIsNotTrusted() {
        let rule = WordSecondOpinion()
        let words = [word("43g", x: 200, confidence: 0.8), word("100g", x: 260, confidence: 0.7),
                     word("kcal", x: 400, confidence: 0.9)]
        let groups = [[0, 1]]
        // The primary model reads the cut "439g": the cut, not the language, changed "43g"; "100g" reads as on the
        // page, so the set's "100mg" is another language's reading.
        let changed = rule.merged(words, groups: groups,
                                  readings: [[word("439", x: 200, confidence: 0.96), word("100mg", x: 260, confidence: 0.8)]],
                                  primaryReadings: [[word("439g", x: 200, confidence: 0.83), word("100g", x: 260, confidence: 0.7)]])
        XCTAssertEqual(changed.words.map(\.text), ["43g", "100mg", "kcal"])
        XCTAssertEqual(changed.replaced, 1)
        // The set splits the group otherwise ("100 9" for "100g"): nothing is replaced.
        let split = rule.merged([words[1]], groups: [[0]],
                                readings: [[word("100", x: 260, width: 30, confidence: 0.73), word("9", x: 292, width: 8, confidence: 0.93)]],
                                primaryReadings: [[word("100g", x: 260, confidence: 0.7)]])
        XCTAssertEqual(split.words.map(\.text), ["100g"])
        XCTAssertEqual(split.replaced, 0)
        let nothing = rule.merged(words, groups: groups, readings: [[]], primaryReadings: [[]])
        XCTAssertEqual(nothing.words, words, "an empty second reading (e.g. budget spent) changes nothing")
    }

    /// The whole path on a rendered German/French label: English reads the page, fra+deu+eng re-read only its unsure
    /// words; every word differing from the English-only reading is one the second opinion replaced.
    func testSecondOpinionChangesOnlyTheWordsItReplaced() throws {
        let label = try RenderedLabel.load("label_de_fr")
        let reader = NutritionOCR(pool: SharedReaders.english.pool, secondOpinionPool: SharedReaders.europe.pool)
        // Without the rule the pool is not used: the English-only reading.
        let english = try reader.read(label.image, options: .unlimited)
        XCTAssertFalse(english.timings.passes.contains { $0.kind == .secondOpinion }, "\(english.timings.passes)")
        XCTAssertNil(english.timings.passes.first?.replaced)
        var options = OCRReadOptions.unlimited
        options.secondOpinion = WordSecondOpinion(candidates: .all)
        let page = try reader.read(label.image, options: options)

        let second = page.timings.passes.filter { $0.kind == .secondOpinion }
        XCTAssertFalse(second.isEmpty, "\(page.timings.passes)")
        for pass in second {
            XCTAssertEqual(pass.pageSegmentationMode, 7)
            XCTAssertGreaterThan(try XCTUnwrap(pass.regions), 0)
            XCTAssertLessThanOrEqual(try XCTUnwrap(pass.regions), pass.words, "a region holds at least one candidate")
        }
        // Only unsure words are candidates: fewer than the page pass read.
        let pagePass = try XCTUnwrap(page.timings.passes.first { $0.kind == .page })
        XCTAssertLessThan(try XCTUnwrap(second.first).words, pagePass.words)
        // The same words except the replaced ones (which take the box of their second reading).
        XCTAssertEqual(page.words.count, english.words.count)
        XCTAssertEqual(page.tableRegion, english.tableRegion)
        let changed = zip(page.words, english.words).filter { $0.text != $1.text }
        for (after, before) in zip(page.words, english.words) where after.text == before.text {
            XCTAssertEqual(after.box, before.box, "an unchanged word keeps its page box")
        }
        XCTAssertLessThanOrEqual(changed.count, second.compactMap(\.replaced).reduce(0, +), "\(changed)")
        XCTAssertTrue(changed.allSatisfy { $1.confidence < 0.875 }, "a sure word was changed: \(changed)")
    }
}
