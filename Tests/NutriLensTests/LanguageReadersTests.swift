import NutriLensImaging
import NutriLensOCR
import NutriLensTestSupport
import XCTest
@testable import NutriLens

/// The OCR stage's readers for other model lists than the primary language: none loaded at set-up, each created on
/// the first read that needs it and reused after.
final class LanguageReadersTests: XCTestCase {
    func testSetReadersAreCreatedOnFirstUseOnlyAndReused() throws {
        let stage = try OCRStage(configuration: ScannerConfiguration(stages: [.nutrition]), environment: [:])
        let readers = try XCTUnwrap(stage.languageReaders, "eng+deu+fra under .routed needs set readers")
        XCTAssertEqual(readers.created, [], "nothing but the primary language is loaded at set-up")
        XCTAssertEqual(stage.ocr.pool.configuration.languages.codes, ["eng"])
        XCTAssertEqual(stage.ocr.pool.loadedEngineCount, 1, "the primary language is preloaded")

        let germanFirst = try OCRLanguages("deu+eng")
        let reader = try readers.reader(for: germanFirst)
        XCTAssertEqual(reader.pool.configuration.languages.codes, ["deu", "eng"])
        XCTAssertEqual(reader.pool.loadedEngineCount, 0, "models load on the first read, not when the list is picked")
        XCTAssertNotNil(reader.invertingPool, "light-on-dark pages of a German label get their own engines too")
        XCTAssertTrue(try readers.reader(for: germanFirst) === reader, "the same list reuses its reader")
        let englishFirst = try readers.reader(for: OCRLanguages("eng+deu"))
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
        let made = Counter()
        let readers = LanguageReaders { languages in
            made.increment()
            return NutritionOCR(pool: try OCREnginePool(configuration: OCRConfiguration(languages: languages), preload: false))
        }
        let languages = try OCRLanguages("fra+eng")
        let results = ConcurrentSlots<ObjectIdentifier?>(count: 8, initial: nil)
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            results.set(i, (try? readers.reader(for: languages)).map(ObjectIdentifier.init))
        }
        XCTAssertEqual(made.value, 1)
        XCTAssertEqual(Set(results.values.compactMap { $0 }).count, 1)
        XCTAssertFalse(results.values.contains(nil))
    }

    func testAFailedCreationIsNotKept() throws {
        struct Refused: Error {}
        let attempts = Counter()
        let readers = LanguageReaders { languages in
            attempts.increment()
            if attempts.value == 1 { throw Refused() }
            return NutritionOCR(pool: try OCREnginePool(configuration: OCRConfiguration(languages: languages), preload: false))
        }
        XCTAssertThrowsError(try readers.reader(for: .english))
        XCTAssertEqual(readers.created, [])
        XCTAssertNoThrow(try readers.reader(for: .english))
        XCTAssertEqual(readers.created, [.english])
    }

    func testOneLanguageOrAllLanguagesNeedsNoSetReaders() throws {
        let single = try OCRStage(configuration: ScannerConfiguration(languages: ["eng"], stages: [.nutrition]),
                                  environment: [:])
        XCTAssertNil(single.languageReaders)
        var configuration = ScannerConfiguration(languages: ["eng", "deu"], stages: [.nutrition])
        configuration.languageRouting = .allLanguages
        let all = try OCRStage(configuration: configuration, environment: [:])
        XCTAssertNil(all.languageReaders)
        XCTAssertEqual(all.ocr.pool.configuration.languages.codes, ["eng", "deu"])
    }

    func testAMissingLanguagePackFailsAtSetUpThoughItsModelsLoadLater() {
        XCTAssertThrowsError(try OCRStage(configuration: ScannerConfiguration(languages: ["eng", "zzz"], stages: [.nutrition]),
                                          environment: [:])) { error in
            XCTAssertTrue("\(error)".contains("tesseract-ocr-zzz"), "\(error)")
        }
    }
}

/// A thread-safe count for the concurrency tests.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    func increment() { lock.lock(); count += 1; lock.unlock() }
}
