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
}

