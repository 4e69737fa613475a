import XCTest
@testable import NutriLensOCR

/// The vocabulary files Tesseract loads: one shared directory per user and content, not one per process.
final class NutritionVocabularyTests: XCTestCase {
    func testContentDigestIsFNV1a64() {
        // Reference values of FNV-1a 64 (offset basis for "", then the published vectors for "a" and "foobar").
        XCTAssertEqual(NutritionVocabulary.contentDigest(""), "cbf29ce484222325")
        XCTAssertEqual(NutritionVocabulary.contentDigest("a"), "af63dc4c8601ec8c")
        XCTAssertEqual(NutritionVocabulary.contentDigest("foobar"), "85944171f73967e8")
    }

    func testFilesHoldTheVocabularyInADirectoryNamedForUserAndContent() throws {
        let files = try XCTUnwrap(NutritionVocabulary.files)
        XCTAssertEqual(try String(contentsOfFile: files.words, encoding: .utf8),
                       NutritionVocabulary.words.joined(separator: "\n") + "\n")
        XCTAssertEqual(try String(contentsOfFile: files.patterns, encoding: .utf8),
                       NutritionVocabulary.patterns.joined(separator: "\n") + "\n")
        let directory = URL(fileURLWithPath: files.words).deletingLastPathComponent().lastPathComponent
        XCTAssertTrue(directory.hasPrefix("nutrilens-ocr-vocabulary-\(getuid())-"), directory)
        XCTAssertFalse(directory.hasSuffix("-\(ProcessInfo.processInfo.processIdentifier)"), directory)
        XCTAssertEqual(directory.count, "nutrilens-ocr-vocabulary-\(getuid())-".count + 16)
    }
}
