import XCTest
@testable import NutriLens

/// The neural text reader reads the colour working image: the decoder keeps colour whenever it reads, not only for
/// the classifier (before session 12, `--no-classifier` made the neural engine read grey and read other text).
final class DecodeColourTests: XCTestCase {
    private func wantsColour(_ stages: ScannerConfiguration.Stages, _ engine: ScannerConfiguration.TextEngine) -> Bool {
        var configuration = ScannerConfiguration(stages: stages)
        configuration.ocrEngine = engine
        return DecodeStage(configuration: configuration).options.wantColor
    }

    func testColourIsDecodedForTheNeuralReaderAndTheClassifier() {
        XCTAssertTrue(wantsColour([.nutrition], .neural))
        XCTAssertTrue(wantsColour([.nutrition], .both))
        XCTAssertTrue(wantsColour([.nutrition, .classifier], .tesseract))
        XCTAssertFalse(wantsColour([.nutrition], .tesseract))
        XCTAssertFalse(wantsColour([.barcode], .neural))
    }
}
