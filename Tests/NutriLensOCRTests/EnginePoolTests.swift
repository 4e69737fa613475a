import Foundation
import NutriLensImaging
@testable import NutriLensOCR
import NutriLensTestSupport
import XCTest

final class EnginePoolTests: XCTestCase {
    func testConcurrentReadsMatchSequentialAndRespectCapacity() throws {
        let label = try RenderedLabel.load("label_en_bold")
        let reader = SharedReaders.english
        let sequential = try reader.read(label.image, options: .unlimited).words.map(\.text)
        let results = ConcurrentSlots<[String]>(count: 3, initial: [])
        DispatchQueue.concurrentPerform(iterations: 3) { i in
            results.set(i, (try? reader.read(label.image, options: .unlimited).words.map(\.text)) ?? ["<error>"])
        }
        for r in results.values { XCTAssertEqual(r, sequential) }
        XCTAssertLessThanOrEqual(reader.pool.loadedEngineCount, reader.pool.capacity)
        XCTAssertEqual(reader.pool.capacity, 2)
    }

    func testPoolReturnsEngineWhenBodyThrows() throws {
        struct Boom: Error {}
        let pool = try OCREnginePool(capacity: 1)
        XCTAssertThrowsError(try pool.withEngine { _ in throw Boom() })
        // With capacity 1, a leaked engine would block here forever.
        XCTAssertEqual(try pool.withEngine { $0.configuration.languages.codes }, ["eng"])
    }

    func testPoolWithoutPreloadLoadsOnFirstUseOnly() throws {
        let pool = try OCREnginePool(capacity: 2, preload: false)
        XCTAssertEqual(pool.loadedEngineCount, 0)
        XCTAssertEqual(try pool.withEngine { $0.configuration.languages.codes }, ["eng"])
        XCTAssertEqual(pool.loadedEngineCount, 1)
        // Sequential use reuses the engine returned to the pool instead of loading a second one.
        _ = try pool.withEngine { $0.configuration.languages.codes }
        XCTAssertEqual(pool.loadedEngineCount, 1)
    }

    func testPoolWithoutPreloadReportsAMissingLanguageOnUse() throws {
        let missing = try OCRConfiguration(languages: OCRLanguages(codes: ["eng"]), tessdataPath: "/nonexistent-tessdata")
        let pool = try OCREnginePool(configuration: missing, capacity: 1, preload: false)
        XCTAssertThrowsError(try pool.withEngine { _ in 0 })
        XCTAssertEqual(pool.loadedEngineCount, 0)
    }

    /// A pooled engine carries nothing from one page to the next that changes a reading: the value cells of
    /// `label_en_bold` re-read as single lines (``NutritionOCR/readCells(_:)``, the `.both` engine's second opinion)
    /// give the same text and confidence on a freshly loaded engine as on the same engine after it read another page
    /// (`label_de_fr`, with the three languages the scanner loads, whose sub-language choice Tesseract keeps per
    /// engine) and other cells, and in the reverse order (issues 21/22, session 17: `--ocr-engine both` did not repeat
    /// with two jobs; the pool was a suspect, the grammar score's summation order the cause).
    func testCellReadsDoNotDependOnWhatTheEngineReadBefore() throws {
        let label = try RenderedLabel.load("label_en_bold")
        let cells = try label.words.filter { $0.text.first?.isNumber == true }.prefix(8).map { word in
            let margin = word.box.height / 2
            let box = PixelRect(x: word.box.x - margin, y: word.box.y - margin, width: word.box.width + 2 * margin,
                                height: word.box.height + 2 * margin)
            return (image: try label.image.cropped(to: box), textHeight: Double(word.box.height))
        }
        XCTAssertEqual(cells.count, 8)
        let configuration = OCRConfiguration(languages: try OCRLanguages("fra+deu+eng"))
        let fresh = try NutritionOCR(configuration: configuration, poolCapacity: 1).readCells(cells)
        XCTAssertGreaterThanOrEqual(fresh.filter { !$0.text.isEmpty }.count, 6, "\(fresh)")

        let used = try NutritionOCR(configuration: configuration, poolCapacity: 1)
        let other = try RenderedLabel.load("label_de_fr")
        XCTAssertFalse(try used.read(other.image, options: .unlimited).words.isEmpty)
        _ = try used.readCells(other.words.filter { $0.text.first?.isLetter == true }.prefix(6).map { word in
            (image: try other.image.cropped(to: word.box), textHeight: Double(word.box.height))
        })
        XCTAssertEqual(try used.readCells(cells), fresh)
        XCTAssertEqual(try used.readCells(cells.reversed()), fresh.reversed())
        XCTAssertEqual(used.pool.loadedEngineCount, 1)
    }
}
