import XCTest
import NutriLensLabel
@testable import NutriLens

/// The image kind when OCR read a nutrition table's words but the grammar parsed no field (a US panel read too
/// badly for numbers, a blurred EU table): its row names still make it a label.
final class KindFromOCRTextTests: XCTestCase {
    func testAnchorWordsCountsDistinctTableWordsInAnyLanguageAndForgivesOneEdit() {
        let lines = [TextLine(text: "Nutrition Facts"), TextLine(text: "Total Fat 8g 10%"),
                     TextLine(text: "FAT Sodium 160mg"), TextLine(text: "Kohlenhydrate 12 g"),
                     TextLine(text: "Proteln 3g"),  // one OCR edit (i read as l) in a long word
                     TextLine(text: "Ingredients: tomatoes, water")]
        // nutrition, facts, fat (twice, once), sodium, kohlenhydrate, protein (edit) = 6
        XCTAssertEqual(ClassifierStage.anchorWords(in: lines), 6)
        XCTAssertEqual(ClassifierStage.anchorWords(in: [TextLine(text: "Ingredients: tomatoes 60%, salt")]), 1)
        XCTAssertEqual(ClassifierStage.anchorWords(in: []), 0)
    }

    func testTableWordsWithoutParsedFieldsMakeALabelEvenWithABarcode() {
        // No network evidence: the signals alone decide.
        XCTAssertEqual(ClassifierStage.kind(nil, barcodeFound: false, nutritionRows: 0, anchorWords: 0).0, .other)
        XCTAssertEqual(ClassifierStage.kind(nil, barcodeFound: false, nutritionRows: 0, anchorWords: 3).0, .nutritionLabel)
        XCTAssertEqual(ClassifierStage.kind(nil, barcodeFound: true, nutritionRows: 0, anchorWords: 1).0, .barcode)
        XCTAssertEqual(ClassifierStage.kind(nil, barcodeFound: true, nutritionRows: 0, anchorWords: 3).0, .nutritionLabel)
        // One word is not enough: an ingredient list says "salt" (here with a barcode, which then wins).
        let one = ClassifierStage.kind(nil, barcodeFound: true, nutritionRows: 0, anchorWords: 1)
        let none = ClassifierStage.kind(nil, barcodeFound: true, nutritionRows: 0, anchorWords: 0)
        XCTAssertEqual(one.0, .barcode)
        XCTAssertEqual(one.1, none.1)
        XCTAssertEqual(ClassifierStage.kind(nil, barcodeFound: false, nutritionRows: 0, anchorWords: 2).0, .nutritionLabel)
        // The larger of the two signals counts, not their sum.
        let parsed = ClassifierStage.kind(nil, barcodeFound: false, nutritionRows: 4, anchorWords: 0).1
        XCTAssertEqual(ClassifierStage.kind(nil, barcodeFound: false, nutritionRows: 4, anchorWords: 2).1, parsed)
    }
}
