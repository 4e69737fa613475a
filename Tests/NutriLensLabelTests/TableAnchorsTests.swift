import NutriLensLabel
import XCTest

/// `TableAnchors.namesTablePart`: the words that place a nutrition table on a photo, tested on the first words of
/// lines as a text reader's first, partial reading gives them (languages of the corpus, OCR-style slips).
final class TableAnchorsTests: XCTestCase {
    func testRowNamesHeadersServingsAndTitlesAreAnchors() {
        for text in ["Energy", "Total Fat 8g", "of which saturates", "Kohlenhydrate", "Wartość energetyczna",
                     "Tłuszcz", "Valeurs nutritionnelles", "per 100 g", "100 ml", "Serving size 1 cup (228g)",
                     "Nutrition Facts", "Nährwerte", "Proteine", "Sodium 160mg", "Carbohydrat"] {
            XCTAssertTrue(TableAnchors.namesTablePart(text), text)
        }
    }

    func testOtherPackTextIsNoAnchor() {
        for text in ["Best before end", "www.example.com", "Made in Italy", "Store in a cool dry place",
                     "Net wt 500 g", "5 901234 123457", "Calories from fat", ""] {
            XCTAssertFalse(TableAnchors.namesTablePart(text), text)
        }
    }
}
