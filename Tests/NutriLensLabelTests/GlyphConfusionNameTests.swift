import XCTest
@testable import NutriLensLabel

/// Row names the recogniser misread by a look-alike glyph (capital I read as l: "lron", "lodine"; "m" as "rn") and
/// vitamin indices printed as subscript digits ("B₆"). Lines are the project's OCR of pxlshpr 4527F77A ("lron 0.1mg"),
/// julielee eng_internet_2 ("Vitamin B₆ 0.2mg") and q-m VOED082117000 ("[ID] lodide"), in US-panel tables made
/// around them.
final class GlyphConfusionNameTests: XCTestCase {
    /// The names the lexicon lookup finds, less the short mineral names ("Fer") that name a row only beside an
    /// amount in mg or µg, which `LineAnalyzer.analyze` checks with the line's amounts.
    private func nutrients(_ text: String) -> [Nutrient] {
        LineAnalyzer.matchMentions(LineAnalyzer.words(LineAnalyzer.vitaminIndexDigits(Array(text))))
            .filter { !$0.needsTraceAmount }.map(\.nutrient)
    }

    func testCapitalIReadAsLowerCaseLStillNamesTheRow() throws {
        let table = try parseTable("""
            Nutrition Facts
            Serving size 1 bar (40g)
            Calories 190
            Total Fat 7g 9%
            Sodium 95mg 4%
            Total Carbohydrate 28g 10%
            Protein 4g
            Calcium 20mg 2%
            lron 0.1mg 0%
            Potassium 120mg 2%
            lodine 15mcg 10%
            """)
        assertValue(table, "iron_serving", "0.1", unit: .milligram)
        assertValue(table, "iodine_serving", "15", unit: .microgram)
        assertValue(table, "potassium_serving", "120", unit: .milligram)
        // The corrected name is a fuzzy name: its row's confidence is lowered like any misspelt row's.
        let iron = try XCTUnwrap(table["iron_serving"])
        let calcium = try XCTUnwrap(table["calcium_serving"])
        XCTAssertLessThan(iron.confidence, calcium.confidence)
    }

    func testOtherLookAlikeGlyphs() {
        XCTAssertEqual(nutrients("Kalziurn 120mg"), [.calcium])  // German, exact-only: m read as rn
        XCTAssertEqual(nutrients("rnagnez 27mg"), [.magnesium])  // Polish, exact-only
        XCTAssertEqual(nutrients("Macl 5"), [])
        XCTAssertEqual(nutrients("lodio 15mcg"), [.iodine])  // Italian, exact-only
        XCTAssertEqual(nutrients("lron/Fer"), [.iron])
        XCTAssertEqual(LineAnalyzer.analyze("lron/Fer", lineIndex: 0).mentions.map(\.nutrient), [.iron])
    }

    func testWordsThatAreNotMisreadNamesStayUnnamed() {
        // Short words: "ron", "lon" have too little left to tell a name; "Ion" has no look-alike glyph to correct.
        XCTAssertEqual(nutrients("ron 0mg"), [])
        XCTAssertEqual(nutrients("Ion 2g"), [])
        XCTAssertEqual(nutrients("lon 2g"), [])
        // "Fet" is no look-alike of "Fat" (a vowel, not a glyph confusion), and German "Fett" stays fat.
        XCTAssertEqual(nutrients("Fet 2g"), [])
        XCTAssertEqual(nutrients("Fett 2g"), [.fat])
        // Ingredient and pack words with an l or rn are not corrected into names.
        XCTAssertEqual(nutrients("Lemon juice, corn, salt"), [.salt])
        XCTAssertEqual(nutrients("Milk, lodized salt"), [.salt])
        XCTAssertEqual(nutrients("Zinn Eisl Lein"), [])
        // Malay "Saiz" (size) on a bilingual label (julielee eng_real_5): a lower-case i inside a word is no capital I,
        // so it never becomes German "Salz".
        XCTAssertEqual(nutrients("Saiz hidangan / Serving size 1 keping/ plece (80g)"), [])
        XCTAssertEqual(nutrients("Rlboflavin"), [.vitaminB2])  // fuzzy already (one edit in ten letters)
        XCTAssertEqual(nutrients("Zlnk 1mg"), [])  // exact-only German name: an l inside a word is not corrected
    }

    /// No word of the lexicon, read with one or two of its glyphs confused, spells a name of another nutrient: a
    /// correct name is never turned into a different row.
    func testNoLexiconWordTurnsIntoAnotherNutrientsName() {
        var nutrientsByWord: [[UInt8]: Set<String>] = [:]
        for term in Lexicon.allTerms where term.words.count == 1 {
            nutrientsByWord[Array(term.words[0].utf8), default: []].insert(term.nutrient?.rawValue ?? "ignored")
        }
        var collisions: [String] = []
        for (word, own) in nutrientsByWord {
            for reading in LineAnalyzer.glyphConfusionReadings(word) {
                if let other = nutrientsByWord[reading.word], other != own {
                    collisions.append("\(String(decoding: word, as: UTF8.self)) -> "
                                      + String(decoding: reading.word, as: UTF8.self))
                }
            }
        }
        XCTAssertEqual(collisions, [])
    }

    func testSubscriptVitaminIndexReadAsDigits() throws {
        XCTAssertEqual(nutrients("Vitamin B₆ 0.2mg"), [.vitaminB6])
        XCTAssertEqual(nutrients("Vitamin B₁₂ 1.2mcg"), [.vitaminB12])
        XCTAssertEqual(nutrients("Vitamin B¹ 0.1mg"), [.vitaminB1])
        let table = try parseTable("""
            Nutrition Facts
            Calories 120
            Total Fat 5g 6%
            Sodium 120mg 5%
            Total Carbohydrate 12g 4%
            Protein 8g
            Vitamin B₆ 0.2mg 10%
            Vitamin B₁₂ 1.2mcg 50%
            """)
        assertValue(table, "vitamin-b6_serving", "0.2", unit: .milligram)
        assertValue(table, "vitamin-b12_serving", "1.2", unit: .microgram)
    }

    func testSuperscriptAfterOtherWordsStaysAFootnoteMark() {
        // "Fat²": a footnote mark, not a digit of the name; only a word-initial B takes the index.
        XCTAssertEqual(LineAnalyzer.vitaminIndexDigits(Array("Fat² 3g")), Array("Fat² 3g"))
        XCTAssertEqual(LineAnalyzer.vitaminIndexDigits(Array("Herb₂")), Array("Herb₂"))
        XCTAssertEqual(LineAnalyzer.vitaminIndexDigits(Array("Vit. B₁₂")), Array("Vit. B12"))
    }
}
