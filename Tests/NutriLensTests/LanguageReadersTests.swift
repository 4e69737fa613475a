import NutriLensImaging
import NutriLensOCR
import NutriLensTestSupport
import XCTest
@testable import NutriLens

/// The OCR stage's readers (`TesseractReaders`) for other model lists than the primary language: none loaded at
/// set-up, each created on the first read that needs it and reused after.
final class LanguageReadersTests: XCTestCase {
    private func readers(_ configuration: ScannerConfiguration) throws -> TesseractReaders {
        var configuration = configuration
        configuration.ocrEngine = .tesseract
        return try XCTUnwrap(OCRStage(configuration: configuration).readers as? TesseractReaders)
    }

    func testSetReadersAreCreatedOnFirstUseOnlyAndReused() throws {
        let readers = try readers(ScannerConfiguration(stages: [.nutrition]))
        XCTAssertEqual(readers.created, [], "nothing but the primary language is loaded at set-up")
        let primary = try XCTUnwrap(readers.primary as? NutritionOCR)
        XCTAssertEqual(primary.pool.configuration.languages.codes, ["eng"])
        XCTAssertEqual(primary.pool.loadedEngineCount, 1, "the primary language is preloaded")
        XCTAssertEqual(primary.pool.configuration.tesseractVariables["tessedit_do_invert"], "0",
                       "the inverted-line retry only on pages with light-on-dark text")

        let reader = try XCTUnwrap(try readers.reader(for: ["deu", "eng"]) as? NutritionOCR)
        XCTAssertEqual(reader.pool.configuration.languages.codes, ["deu", "eng"])
        XCTAssertEqual(reader.pool.loadedEngineCount, 0, "models load on the first read, not when the list is picked")
        XCTAssertNotNil(reader.invertingPool, "light-on-dark pages of a German label get their own engines too")
        XCTAssertTrue(try readers.reader(for: ["deu", "eng"]) as? NutritionOCR === reader, "the same list reuses its reader")
        let englishFirst = try readers.reader(for: ["eng", "deu"]) as? NutritionOCR
        XCTAssertFalse(englishFirst === reader, "order matters: eng+deu is another engine")
        XCTAssertEqual(readers.created.map(\.description), ["deu+eng", "eng+deu"])

        // A read loads one engine, and the next read reuses it.
        let page = GrayImage(width: 64, height: 32, pixels: [UInt8](repeating: 255, count: 64 * 32))
        _ = try reader.read(page)
        _ = try reader.read(page)
        XCTAssertEqual(reader.pool.loadedEngineCount, 1)
        XCTAssertEqual(readers.created.count, 2)
    }

    func testReadersAreCreatedOnceWhenThreadsAskTogether() throws {
        let readers = try readers(ScannerConfiguration(stages: [.nutrition]))
        let results = ConcurrentSlots<ObjectIdentifier?>(count: 8, initial: nil)
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            results.set(i, (try? readers.reader(for: ["fra", "eng"]) as? NutritionOCR).map(ObjectIdentifier.init))
        }
        XCTAssertEqual(readers.created.map(\.description), ["fra+eng"])
        XCTAssertEqual(Set(results.values.compactMap { $0 }).count, 1)
        XCTAssertFalse(results.values.contains(nil))
    }

    func testAListTheOCRModuleRejectsIsNotKept() throws {
        let readers = try readers(ScannerConfiguration(stages: [.nutrition]))
        XCTAssertThrowsError(try readers.reader(for: ["eng", "de u"]))
        XCTAssertEqual(readers.created, [])
    }

    func testOneLanguageOrAllLanguagesOrThePrimaryAloneNeedNoOtherReaders() throws {
        let single = try readers(ScannerConfiguration(languages: ["eng"], stages: [.nutrition]))
        XCTAssertNil(try single.reader(for: ["eng", "deu"]))
        var configuration = ScannerConfiguration(languages: ["eng", "deu"], stages: [.nutrition])
        configuration.ocr.languageRouting = .allLanguages
        let all = try readers(configuration)
        XCTAssertNil(try all.reader(for: ["deu", "eng"]))
        XCTAssertEqual(all.primary.modelName, "eng+deu")
        XCTAssertEqual(all.primary.modelCount, 2)
        configuration.ocr.languageRouting = .primary
        XCTAssertNil(try readers(configuration).reader(for: ["deu", "eng"]))
    }

    /// `OCRStrategy.tesseractVariables` reach every engine, after the strategy's own.
    func testStrategyTesseractVariablesReachTheEngines() throws {
        var configuration = ScannerConfiguration(stages: [.nutrition])
        configuration.ocr.tesseractVariables = ["textord_min_xheight": "8"]
        let readers = try readers(configuration)
        let primary = try XCTUnwrap(readers.primary as? NutritionOCR)
        XCTAssertEqual(primary.pool.configuration.tesseractVariables, ["textord_min_xheight": "8", "tessedit_do_invert": "0"])
        let set = try XCTUnwrap(try readers.reader(for: ["eng", "deu"]) as? NutritionOCR)
        XCTAssertEqual(set.invertingPool?.configuration.tesseractVariables,
                       ["textord_min_xheight": "8", "tessedit_do_invert": "1"])
    }

    func testAMissingLanguagePackFailsAtSetUpThoughItsModelsLoadLater() {
        XCTAssertThrowsError(try OCRStage(configuration: ScannerConfiguration(languages: ["eng", "zzz"],
                                                                              stages: [.nutrition], ocrEngine: .tesseract))) { error in
            XCTAssertTrue("\(error)".contains("tesseract-ocr-zzz"), "\(error)")
        }
    }
}
