import XCTest
@testable import NutriLensLabel

/// The one reader of header amounts (`ScannedQuantity.headerBasis`, `NumberGrammar.headerAmount`): what a header's
/// amount says about its column's basis, one row per printed form (EU "per 100 g" / "pro 100 ml", French "pour 1 pot
/// de 125 g", FSANZ "per serving 33.3gWith ½ cup", US "½ cup (30 g)").
final class HeaderAmountTests: XCTestCase {
    private func basis(_ text: String, bareHundred: Bool = false) -> [NutritionBasis?] {
        NumberGrammar.scan(Array(text)).map { $0.headerBasis(bareHundred: bareHundred) }
    }

    func testAmountsInHeadersNameTheirBasis() {
        XCTAssertEqual(basis("per 100 g"), [.per100g])
        XCTAssertEqual(basis("pro 100 ml"), [.per100g])
        XCTAssertEqual(basis("pro100ml"), [.per100g])
        XCTAssertEqual(basis("pour 1 pot de 125 g"), [nil, .perServing])
        XCTAssertEqual(basis("½ cup (30 g)"), [.perServing])
        XCTAssertEqual(basis("per 25 cl"), [.perServing])
        // No basis: a percentage, an energy, a milligram amount, a bare number.
        XCTAssertEqual(basis("100 %"), [nil])
        XCTAssertEqual(basis("per 100 kcal"), [nil])
        XCTAssertEqual(basis("100 mg"), [nil])
        XCTAssertEqual(basis("Portion 100"), [nil])
        // A bare 100 where the context says its unit was lost.
        XCTAssertEqual(basis("Portion 100", bareHundred: true), [.per100g])
        XCTAssertEqual(basis("Portion 30", bareHundred: true), [nil])
    }

    func testHundredGramCellsAreUnqualified() {
        let cells = NumberGrammar.scan(Array("100 g <100 g 100 ml 100"))
        XCTAssertEqual(cells.map(\.isHundredGramsOrMillilitres), [true, false, true, false])
    }

    /// One header word with the word after it on its line (word boxes): the unit printed apart or glued on.
    func testHeaderWordsReadWithTheWordAfterThem() throws {
        func amount(_ word: String, _ next: String = "", per: Bool = false) -> (String, NutritionBasis?)? {
            NumberGrammar.headerAmount(word: word, next: next, bareHundred: per)
                .map { ("\($0.amount.value)", $0.basis) }
        }
        XCTAssertEqual(amount("100", "g")?.1, .per100g)
        XCTAssertEqual(amount("100", "mL")?.1, .per100g)
        XCTAssertEqual(amount("125g")?.0, "125")
        XCTAssertEqual(amount("125g")?.1, .perServing)
        // A unit glued to the next, capitalised, word ("33.3gWith ½ cup skim milk").
        XCTAssertEqual(amount("33.3gWith")?.0, "33.3")
        XCTAssertEqual(amount("33.3gWith")?.1, .perServing)
        XCTAssertEqual(amount("100mL")?.1, .per100g)
        // The grammar's repairs and separators: O read for 0, a decimal comma.
        XCTAssertEqual(amount("1OOg")?.1, .per100g)
        XCTAssertEqual(amount("100,0", "g")?.1, .per100g)
        XCTAssertEqual(amount("1,5", "g")?.0, "1.5")
        // "per 100" whose unit stands on the next line; the same 100 without "per" names nothing.
        XCTAssertEqual(amount("100", per: true)?.1, .per100g)
        XCTAssertNil(amount("100"))
        // Only amounts starting in the word count: the next word's amount is its own.
        XCTAssertNil(amount("Serving", "30g"))
        XCTAssertNil(amount("2000", "kcal"))
    }
}
