import XCTest
@testable import NutriLensLabel

/// Which value column is per 100 g and which per serving, from where the header words stand (session 22, issue 22
/// class 1). Rendered layouts with word boxes as a segment reader gives them: header words left-aligned over their
/// columns, numbers right-aligned, a %DI/%RI column between amount columns, photos taken at a slant.
final class HeaderBasisTests: XCTestCase {
    /// One printed word: 11 px a character wide, 20 px high, left edge `x`, top `y`; `tilt` moves it down by that
    /// fraction of `x` (a photo taken at a slant).
    private static func word(_ text: String, _ x: Double, _ y: Double, tilt: Double = 0) -> TextWord {
        TextWord(text: text, box: TextBox(x: x, y: y + x * tilt, width: Double(text.count) * 11, height: 20),
                 confidence: 0.95)
    }

    /// Words of `text` from left edge `x` (or ending at right edge `-x` when `x` is negative: right-aligned).
    private static func words(_ text: String, _ x: Double, _ y: Double, tilt: Double) -> [TextWord] {
        let parts = text.split(separator: " ").map(String.init)
        let width = Double(parts.map(\.count).reduce(0, +)) * 11 + Double(parts.count - 1) * 6
        var left = x >= 0 ? x : -x - width
        return parts.map { part in
            defer { left += Double(part.count) * 11 + 6 }
            return word(part, left, y, tilt: tilt)
        }
    }

    /// A table: header lines of (text, x) cells, then rows of a name at x 10 and (text, x) cells, 30 px apart.
    private static func table(title: [String], header: [[(String, Double)]], rows: [(String, [(String, Double)])],
                              tilt: Double = 0) -> [TextLine] {
        var lines: [TextLine] = []
        var y = 10.0
        for text in title {
            lines.append(TextLine(words: words(text, 10, y, tilt: tilt)))
            y += 30
        }
        for cells in header {
            lines.append(TextLine(words: cells.flatMap { words($0.0, $0.1, y, tilt: tilt) }))
            y += 24
        }
        y += 10
        for (name, cells) in rows {
            lines.append(TextLine(words: words(name, 10, y, tilt: tilt) + cells.flatMap { words($0.0, $0.1, y, tilt: tilt) }))
            y += 30
        }
        return lines
    }

    /// FSANZ 1.2.8 panel "Quantity per Serving | % Daily Intake* | Quantity per 100g", the serving (125 g) larger
    /// than 100 g: header words left-aligned at x 300 / 420 / 540, amounts right-aligned at 380 / 470 / 620.
    private static func australianPanel(serving: Double, tilt: Double = 0, headers: Bool = true) -> [TextLine] {
        let factor = serving / 100
        let per100: [(String, Double, String)] = [("Energy", 741, "kJ"), ("Protein", 2.5, "g"), ("Fat, total", 0.4, "g"),
                                                  ("- saturated", 0.1, "g"), ("Carbohydrate", 30.7, "g"),
                                                  ("- sugars", 0.1, "g"), ("Sodium", 4, "mg")]
        func printed(_ value: Double, _ unit: String) -> String {
            unit == "g" ? String(format: "%.1f %@", value, unit) : String(format: "%.0f %@", value, unit)
        }
        // %DI of the serving against FSANZ Schedule 1.2.8 (8700 kJ, protein 50 g, fat 70 g, saturates 24 g,
        // carbohydrate 310 g, sugars 90 g, sodium 2300 mg).
        let intakes: [String: Double] = ["Energy": 8700, "Protein": 50, "Fat, total": 70, "- saturated": 24,
                                         "Carbohydrate": 310, "- sugars": 90, "Sodium": 2300]
        let rows = per100.map { name, value, unit -> (String, [(String, Double)]) in
            let percent = Int((value * factor / intakes[name]! * 100).rounded())
            return (name, [(printed(value * factor, unit), -380), (percent < 1 ? "<1%" : "\(percent)%", -470),
                           (printed(value, unit), -620)])
        }
        let header: [[(String, Double)]] = headers
            ? [[("Quantity", 300), ("% Daily", 420), ("Quantity", 540)],
               [("per Serving", 300), ("Intake*", 420), ("per 100g", 540)]]
            : []
        return table(title: ["NUTRITION INFORMATION", "Servings per package: 4",
                             "Serving size: \(String(format: "%g", serving))g"],
                     header: header, rows: rows, tilt: tilt)
    }

    private func assertAustralian(_ table: NutritionTable?, serving: Double, file: StaticString = #filePath,
                                  line: UInt = #line) {
        guard let table else { return XCTFail("no table", file: file, line: line) }
        let factor = serving / 100
        assertValue(table, "energy-kj_100g", "741", file: file, line: line)
        assertValue(table, "energy-kj_serving", String(format: "%.0f", 741 * factor), file: file, line: line)
        assertValue(table, "proteins_100g", "2.5", file: file, line: line)
        assertValue(table, "proteins_serving", String(format: "%.1f", 2.5 * factor).replacingOccurrences(of: ".0", with: ""),
                    file: file, line: line)
        assertValue(table, "carbohydrates_100g", "30.7", file: file, line: line)
        XCTAssertEqual(table.nutriments["sodium_100g"], Decimal(string: "0.004"), file: file, line: line)
    }

    /// Serving-first panel, serving larger than 100 g: the serving values are the larger ones, and the header's
    /// word positions, not the magnitudes, say which column is which.
    func testServingFirstPanelWithServingAbove100g() throws {
        assertAustralian(try grammarParser.parse(lines: Self.australianPanel(serving: 125)), serving: 125)
    }

    func testServingFirstPanelWithServingBelow100g() throws {
        assertAustralian(try grammarParser.parse(lines: Self.australianPanel(serving: 40)), serving: 40)
    }

    /// The same panel photographed at a slant (each row drops 2.5 px per 100 px, 15 px across the table, half a
    /// row's pitch): the header words still stand over their columns along the rows' direction.
    func testTiltedServingFirstPanel() throws {
        assertAustralian(try grammarParser.parse(lines: Self.australianPanel(serving: 125, tilt: 0.025)), serving: 125)
        assertAustralian(try grammarParser.parse(lines: Self.australianPanel(serving: 125, tilt: -0.025)), serving: 125)
    }

    /// French dairy pot: "pour 1 pot de 125 g | % des AQR* | pour 100 g" on one header line, the pot's column first.
    func testFrenchPotColumnFirst() throws {
        let rows: [(String, [(String, Double)])] = [
            ("Energie", [("464 kJ", -380), ("6 %", -450), ("371 kJ", -600)]),
            ("Energie", [("110 kcal", -380), ("6 %", -450), ("88 kcal", -600)]),
            ("Matières grasses", [("3,8 g", -380), ("5 %", -450), ("3,0 g", -600)]),
            ("dont acides gras saturés", [("2,5 g", -380), ("13 %", -450), ("2,0 g", -600)]),
            ("Glucides", [("15 g", -380), ("6 %", -450), ("12 g", -600)]),
            ("dont sucres", [("15 g", -380), ("17 %", -450), ("12 g", -600)]),
            ("Protéines", [("4,0 g", -380), ("8 %", -450), ("3,2 g", -600)]),
            ("Sel", [("0,13 g", -380), ("2 %", -450), ("0,10 g", -600)]),
        ]
        let lines = Self.table(title: ["Valeurs nutritionnelles moyennes"],
                               header: [[("pour 1 pot de 125 g", 280), ("% des AQR*", 410), ("pour 100 g", 530)]],
                               rows: rows)
        let table = try XCTUnwrap(try grammarParser.parse(lines: lines))
        let expected = ["energy-kj_100g": "371", "energy-kcal_100g": "88", "energy-kcal_serving": "110", "fat_100g": "3",
                        "fat_serving": "3.8", "salt_100g": "0.1", "salt_serving": "0.13"]
        for (key, value) in expected.sorted(by: { $0.key < $1.key }) { assertValue(table, key, value) }
    }

    /// FSANZ cereal panel with five columns: per serving | %DI | per serving with ½ cup skim milk | %DI | per
    /// 100 g. The milk column is the prepared food per serving; nothing is one column off.
    func testFiveColumnPanelWithMilkBetweenPercentColumns() throws {
        let rows: [(String, [(String, Double)])] = [
            ("Energy", [("490 kJ", -330), ("6%", -400), ("680 kJ", -520), ("8%", -590), ("1470 kJ", -700)]),
            ("Protein", [("3.8 g", -330), ("8%", -400), ("8.3 g", -520), ("17%", -590), ("11.5 g", -700)]),
            ("Fat, total", [("0.5 g", -330), ("1%", -400), ("0.6 g", -520), ("1%", -590), ("1.4 g", -700)]),
            ("- saturated", [("0.1 g", -330), ("0%", -400), ("0.2 g", -520), ("1%", -590), ("0.3 g", -700)]),
            ("Carbohydrate", [("22.3 g", -330), ("7%", -400), ("29.2 g", -520), ("9%", -590), ("67.0 g", -700)]),
            ("- sugars", [("1.0 g", -330), ("1%", -400), ("7.6 g", -520), ("8%", -590), ("2.8 g", -700)]),
            ("Sodium", [("90 mg", -330), ("4%", -400), ("150 mg", -520), ("7%", -590), ("270 mg", -700)]),
        ]
        let lines = Self.table(
            title: ["NUTRITION INFORMATION", "Servings per package: 22", "Serving size: 33.3g (2 biscuits)"],
            header: [[("Quantity", 260), ("%DI*", 370), ("per Serving with", 420), ("%DI*", 560), ("Quantity", 620)],
                     [("per Serving", 260), ("½ cup skim milk", 420), ("per 100g", 620)]],
            rows: rows)
        let table = try XCTUnwrap(try grammarParser.parse(lines: lines))
        assertValue(table, "energy-kj_serving", "490")
        assertValue(table, "energy-kj_100g", "1470")
        assertValue(table, "proteins_serving", "3.8")
        assertValue(table, "proteins_100g", "11.5")
        assertValue(table, "carbohydrates_100g", "67")
        XCTAssertEqual(table["proteins_prepared_serving"]?.value, Decimal(string: "8.3"))
        XCTAssertEqual(table["energy-kj_prepared_serving"]?.value, Decimal(680))
        XCTAssertEqual(table.nutriments["sodium_100g"], Decimal(string: "0.27"))
    }

    /// UK front-of-pack strip "One typical slice contains" with its per-100 g energy on a footnote line: the strip
    /// is per portion (the slice), the footnote's energy per 100 g.
    func testFrontOfPackStripWithPer100gFootnote() throws {
        var lines = FrontOfPackStripTests.lines(header: ["One typical slice contains"])
        let bottom = lines.compactMap { $0.words.first?.box?.maxY }.max()! + 40
        lines.append(TextLine(words: ["Typical", "energy", "values", "per", "100g:", "1149kJ/277kcal"].enumerated().map {
            FrontOfPackStripTests.word($1, 40 + Double($0) * 130, bottom)
        }))
        let table = try XCTUnwrap(try grammarParser.parse(lines: lines))
        assertValue(table, "energy-kj_serving", "1042")
        assertValue(table, "fat_serving", "15.5")
        assertValue(table, "salt_serving", "0.3")
        XCTAssertNil(table["fat_100g"])
        XCTAssertNil(table["salt_100g"])
        assertValue(table, "energy-kj_100g", "1149")
        assertValue(table, "energy-kcal_100g", "277")
    }

    /// Header words over the columns and the cells' ratio to the printed serving size disagree (the panel prints
    /// 160 g servings, its serving-size line says 62.5 g, as if the columns were swapped): the header decides, and
    /// every value is flagged.
    func testHeaderAgainstServingRatioIsFlagged() throws {
        let lines = Self.australianPanel(serving: 160).map { line -> TextLine in
            var line = line
            line.words = line.words.map { word in
                var word = word
                if word.text == "160g" { word.text = "62.5g" }
                return word
            }
            return line
        }
        for parser in [grammarParser, NutritionParser()] {
            let table = try XCTUnwrap(try parser.parse(lines: lines))
            assertValue(table, "energy-kj_100g", "741")
            assertValue(table, "energy-kj_serving", "1186")
            XCTAssertTrue(table.findings.contains { $0.check == TableBuilder.uncertainBasisCheck })
            XCTAssertTrue(table.entries.allSatisfy(\.needsReview), "\(table.entries.filter { !$0.needsReview }.map(\.key))")
        }
        // The finding flags the fields and says why; the confidence users see stays the reading's, not lowered
        // under the review threshold: values read from clean words keep one at or above it.
        let scanned = try XCTUnwrap(try NutritionParser().parse(lines: lines))
        let finding = try XCTUnwrap(scanned.findings.first { $0.check == TableBuilder.uncertainBasisCheck })
        XCTAssertEqual(Set(finding.keys), Set(scanned.entries.map(\.key)))
        XCTAssertTrue(scanned.entries.allSatisfy(\.needsReview))
        let threshold = ReviewModel.reviewThreshold(ReviewModel.Text(scanned.entries.compactMap(\.evidence)))
        XCTAssertTrue(scanned.entries.contains { $0.confidence >= threshold }, "\(scanned.entries.map(\.confidence))")
    }

    /// No header word names the columns and no serving size is printed: the order rests on a default (per 100 g
    /// first), so the values are flagged. With the header "Per 100 g | Per serving" read they are not.
    func testColumnsFromADefaultOnlyAreFlagged() throws {
        let rows = """
            Energy 926 kJ 741 kJ
            Protein 3.1 g 2.5 g
            Fat 0.5 g 0.4 g
            Carbohydrate 38.4 g 30.7 g
            Sugars 0.1 g 0.1 g
            """
        for parser in [grammarParser, NutritionParser()] {
            let bare = try XCTUnwrap(try parser.parse(text: "NUTRITION INFORMATION\n" + rows))
            XCTAssertTrue(bare.entries.allSatisfy(\.needsReview))
            XCTAssertTrue(bare.findings.contains { $0.check == TableBuilder.uncertainBasisCheck })
            let headed = try XCTUnwrap(try parser.parse(text: "NUTRITION INFORMATION\nPer 100 g  Per serving\n" + rows))
            assertValue(headed, "energy-kj_100g", "926")
            XCTAssertFalse(headed.findings.contains { $0.check == TableBuilder.uncertainBasisCheck })
        }
    }

    /// Header words and serving ratio agreeing leave the values unflagged by this rule.
    func testHeaderAndRatioAgreeingAreNotFlagged() throws {
        let table = try XCTUnwrap(try grammarParser.parse(lines: Self.australianPanel(serving: 125)))
        XCTAssertFalse(table.findings.contains { $0.check == TableBuilder.uncertainBasisCheck })
        XCTAssertFalse(table["proteins_100g"]!.needsReview)
    }

    /// Headers naming both bases over rows read with one amount where some rows show two (a column OCR mostly lost):
    /// which basis the lone amounts have is a guess, so the table is flagged. Read whole, the same table is not.
    func testOneAmountARowUnderTwoBasesIsFlagged() throws {
        let header = "NUTRITION INFORMATION\nServing size: 125 g\nQuantity per Serving  Quantity per 100g\n"
        let lost = try XCTUnwrap(try grammarParser.parse(text: header + """
            Energy 926 kJ 741 kJ
            Protein 4.1 g
            Fat 4.0 g 3.2 g
            Carbohydrate 41.0 g
            Sugars 1.0 g
            Sodium 4 mg
            """))
        XCTAssertTrue(lost.findings.contains { $0.check == TableBuilder.uncertainBasisCheck }, "\(lost.findings)")
        XCTAssertTrue(lost.entries.filter { $0.nutrient == .proteins }.allSatisfy(\.needsReview))
        let whole = try XCTUnwrap(try grammarParser.parse(text: header + """
            Energy 926 kJ 741 kJ
            Protein 4.1 g 3.3 g
            Fat 4.0 g 3.2 g
            Carbohydrate 41.0 g 32.8 g
            Sugars 1.0 g 0.8 g
            Sodium 4 mg 3 mg
            """))
        XCTAssertFalse(whole.findings.contains { $0.check == TableBuilder.uncertainBasisCheck }, "\(whole.findings)")
    }
}
