import XCTest
@testable import NutriLensLabel

/// Two-amount tables whose per-serving column is printed first (session 24, issue 22 class 1): the serving size
/// printed after "Servings per package: N" on one line, one header line's order where OCR mostly lost a column, a
/// header line giving the serving column by its mass beside "100 g", the serving ratio from two pairs (energy
/// included), and the magnitudes under a printed serving of 100 g or more. Word boxes and text written for these
/// tests (not copied from any photo).
final class ServingFirstBasisTests: XCTestCase {
    /// One printed word, 10 px a character wide and 18 px high, left edge `x`, top `y`.
    private static func word(_ text: String, _ x: Double, _ y: Double) -> TextWord {
        TextWord(text: text, box: TextBox(x: x, y: y, width: Double(text.count) * 10, height: 18), confidence: 0.95)
    }

    /// One visual line of `(text, x)` pieces, each split into words 6 px apart.
    private static func line(_ pieces: [(String, Double)], _ y: Double) -> TextLine {
        TextLine(words: pieces.flatMap { text, x -> [TextWord] in
            var left = x
            return text.split(separator: " ").map { part in
                defer { left += Double(part.count) * 10 + 6 }
                return word(String(part), left, y)
            }
        })
    }

    func testServingSizeAfterServingsPerPackageOnOneLine() {
        let cases: [(String, Decimal?)] = [
            ("Servings per Package: 3 Serving Size: 150 g", 150),
            ("SERVINGS PER PACKAGE:7.5 SERVING SIZE: 40g", 40),
            ("Servings per package: 6   Serving size: 250 mL", 250),
            ("Servings per package: 12", nil),
            ("8 servings per container", nil),
        ]
        for (text, grams) in cases {
            XCTAssertEqual(LineAnalyzer.analyze(text, lineIndex: 0).servingSize?.quantity, grams, text)
        }
    }

    /// "Quantity per Serving  Quantity per 100g" on one line over rows most of which lost their second amount: the
    /// line's order (serving first) gives the two columns, not the one-amount rule's per 100 g. No serving size is
    /// printed; the three pairs imply a 25 g serving, so the per-100 g column is clearly the larger and the
    /// magnitudes confirm the order (read the other way round it would be 400 g): not flagged.
    func testOneLineHeaderOrdersAMostlyLostColumn() throws {
        let table = try XCTUnwrap(try grammarParser.parse(text: """
            NUTRITION INFORMATION
            Quantity per Serving  Quantity per 100g
            Energy 210 kJ 840 kJ
            Protein 2.2 g
            Fat, total 0.6 g 2.4 g
            Carbohydrate 7.5 g
            Sugars 3.9 g
            Sodium 95 mg 380 mg
            """))
        assertValue(table, "energy-kj_serving", "210")
        assertValue(table, "energy-kj_100g", "840")
        assertValue(table, "fat_serving", "0.6")
        assertValue(table, "fat_100g", "2.4")
        assertValue(table, "proteins_serving", "2.2")
        XCTAssertNil(table["proteins_100g"])
        XCTAssertFalse(table.findings.contains { $0.check == TableBuilder.uncertainBasisCheck })
    }

    /// "pour 1 pot" on one header line and "de 150 g | AQR | 100g" on the next, with an ingredient list printed
    /// left of the table (its last word, a nutrient name, on the header's visual line): the mass beside "100g" names
    /// the serving column, printed first, and the 150 g pot confirms it (the per-serving figures are the larger).
    func testFrenchPotHeaderOverTwoLinesBesideAnIngredientList() throws {
        var lines = [Self.line([("Lait entier, sucre, crème,", 10), ("VALEURS", 300), ("pour 1 pot", 430),
                                ("% des", 520), ("pour", 600)], 40),
                     Self.line([("ferments, protéines", 10), ("MOYENNES", 300), ("de 150 g", 430), ("AQR", 520),
                                ("100g", 600)], 62)]
        let rows: [(String, String, String, String)] = [
            ("Energie", "651 kJ", "8%", "434 kJ"), ("", "155 kcal", "", "103 kcal"),
            ("Matières grasses", "6,0 g", "9%", "4,0 g"), ("dont saturées", "3,9 g", "20%", "2,6 g"),
            ("Glucides", "19 g", "7%", "12,7 g"), ("dont sucres", "18 g", "20%", "12 g"),
            ("Protéines", "5,4 g", "11%", "3,6 g"), ("Sel", "0,18 g", "3%", "0,12 g"),
        ]
        for (index, row) in rows.enumerated() {
            var pieces: [(String, Double)] = [(row.1, 440), (row.3, 600)]
            if !row.0.isEmpty { pieces.insert((row.0, 300), at: 0) }
            if !row.2.isEmpty { pieces.insert((row.2, 525), at: pieces.count - 1) }
            lines.append(Self.line(pieces, 92 + Double(index) * 24))
        }
        let table = try XCTUnwrap(try grammarParser.parse(lines: lines))
        let expected = ["energy-kj_serving": "651", "energy-kj_100g": "434", "fat_serving": "6", "fat_100g": "4",
                        "carbohydrates_serving": "19", "carbohydrates_100g": "12.7", "salt_serving": "0.18",
                        "salt_100g": "0.12"]
        for (key, value) in expected.sorted(by: { $0.key < $1.key }) { assertValue(table, key, value) }
        XCTAssertEqual(table.servingSize?.quantity, 150)
        XCTAssertFalse(table.findings.contains { $0.check == TableBuilder.uncertainBasisCheck })
    }

    /// A line whose figures are "100 g" and one other mass names two columns only when it holds nothing else: a row
    /// line ("Fett 100 g 20 g") or a line with a third amount gives no serving column.
    func testHundredAndAnotherMassNameAServingColumnOnlyAlone() {
        let header = ColumnLayout.detect(lines: [LineAnalyzer.analyze("MOYENNES de 125 g AQR 100g", lineIndex: 0),
                                                 LineAnalyzer.analyze("Energie 535 kJ 430 kJ", lineIndex: 1)],
                                         tableStart: 1, isUSStyle: false)
        XCTAssertEqual(header.columns, [ColumnSpec(basis: .perServing, preparation: .asSold),
                                        ColumnSpec(basis: .per100g, preparation: .asSold)])
        XCTAssertEqual(header.servingSize?.quantity, 125)
        let three = ColumnLayout.detect(lines: [LineAnalyzer.analyze("100 g 125 g 250 g", lineIndex: 0),
                                                LineAnalyzer.analyze("Energie 535 kJ 430 kJ", lineIndex: 1)],
                                        tableStart: 1, isUSStyle: false)
        XCTAssertFalse(three.columns.contains(ColumnSpec(basis: .perServing, preparation: .asSold)))
    }

    /// Two pairs agreeing with the printed 40 g serving (energy and one row; the other rows lost a figure) put the
    /// per-serving column first against the EU default; two pairs leave the table flagged.
    func testServingRatioFromEnergyAndOneRow() throws {
        let table = try XCTUnwrap(try grammarParser.parse(text: """
            NUTRITION INFORMATION
            Serving size: 40 g
            per serving
            per 100 g
            Energy 336 kJ 840 kJ
            Protein 2.2 g
            Fat 0.8 g 2.0 g
            Carbohydrate 7.5 g
            Sodium 95 mg
            """))
        assertValue(table, "energy-kj_serving", "336")
        assertValue(table, "energy-kj_100g", "840")
        assertValue(table, "fat_serving", "0.8")
        assertValue(table, "fat_100g", "2.0")
        XCTAssertTrue(table.findings.contains { $0.check == TableBuilder.uncertainBasisCheck })
    }

    /// The magnitudes (per 100 g clearly the larger) confirm a weak cue only when no serving of 100 g or more is
    /// printed: under "Serving size: 150 g" the per-serving column is the larger.
    func testMagnitudesConfirmNothingUnderAPrintedServingAbove100g() {
        XCTAssertTrue(TableBuilder.magnitudesConfirm(impliedServingGrams: 40))
        XCTAssertTrue(TableBuilder.magnitudesConfirm(impliedServingGrams: 40, printedServingGrams: 30))
        XCTAssertFalse(TableBuilder.magnitudesConfirm(impliedServingGrams: 40, printedServingGrams: 150))
        XCTAssertFalse(TableBuilder.magnitudesConfirm(impliedServingGrams: 90))
    }

    /// DE drink: "pro Portion (250 ml) | pro 100 ml", the portion larger than 100 ml printed first and confirmed by
    /// its ratio: not flagged.
    func testGermanDrinkPortionFirst() throws {
        let table = try XCTUnwrap(try grammarParser.parse(text: """
            Nährwertangaben
            Durchschnittliche Nährwerte pro Portion (250 ml) pro 100 ml
            Brennwert 450 kJ / 106 kcal 180 kJ / 42 kcal
            Fett 0,3 g 0,1 g
            Kohlenhydrate 25 g 10 g
            davon Zucker 25 g 10 g
            Eiweiß 0,5 g 0,2 g
            Salz 0,05 g 0,02 g
            """))
        assertValue(table, "energy-kj_serving", "450")
        assertValue(table, "energy-kj_100g", "180")
        assertValue(table, "carbohydrates_serving", "25")
        assertValue(table, "carbohydrates_100g", "10")
        XCTAssertFalse(table.findings.contains { $0.check == TableBuilder.uncertainBasisCheck })
    }
}
