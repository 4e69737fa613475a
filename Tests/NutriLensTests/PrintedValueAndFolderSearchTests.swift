import Foundation
import XCTest
import NutriLens

/// `NutritionResult.printedValue(of:)` (values back in the unit printed on the label) and the counts of
/// `ImageFileDiscovery.search(folder:)` that the CLI's "no images" message quotes.
final class PrintedValueAndFolderSearchTests: XCTestCase {
    func testPrintedValueUndoesTheGramConversionExactly() {
        let n = NutritionResult(
            nutriments: ["vitamin-b12_100g": Decimal(string: "0.00000062")!, "sodium_serving": Decimal(string: "0.34")!,
                         "energy-kj_100g": 1356, "fat_100g": Decimal(string: "2.9")!, "salt_100g": Decimal(string: "1.3")!],
            fields: ["vitamin-b12_100g": NutrimentDetail(confidence: 0.9, needsReview: false, unit: "µg"),
                     "sodium_serving": NutrimentDetail(confidence: 0.9, needsReview: false, unit: "mg"),
                     "energy-kj_100g": NutrimentDetail(confidence: 0.9, needsReview: false, unit: "kJ"),
                     "fat_100g": NutrimentDetail(confidence: 0.9, needsReview: false, unit: "g")])
        XCTAssertEqual(n.printedValue(of: "vitamin-b12_100g")?.value, Decimal(string: "0.62"))
        XCTAssertEqual(n.printedValue(of: "vitamin-b12_100g")?.unit, "µg")
        XCTAssertEqual(n.printedValue(of: "sodium_serving")?.value, 340)
        XCTAssertEqual(n.printedValue(of: "sodium_serving")?.unit, "mg")
        XCTAssertEqual(n.printedValue(of: "energy-kj_100g")?.unit, "kJ")
        XCTAssertEqual(n.printedValue(of: "fat_100g")?.value, Decimal(string: "2.9"))
        XCTAssertEqual(n.printedValue(of: "salt_100g")?.unit, "g", "no detail: the key's own unit")
        XCTAssertNil(n.printedValue(of: "sugars_100g"))
    }

    func testFolderSearchCountsWhatItLookedAt() throws {
        let dir = try TestPaths.temporaryFolder(self)
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent(".cache"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: dir.appendingPathComponent("a/notes.txt"))
        try Data("x".utf8).write(to: dir.appendingPathComponent("a/b/list.csv"))
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: dir.appendingPathComponent("a/b/IMG_0001"))
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: dir.appendingPathComponent(".cache/thumb.jpg"))
        try fm.createSymbolicLink(atPath: dir.path + "/a/b/up", withDestinationPath: "../..")
        let search = ImageFileDiscovery.search(folder: dir.path + "/")
        XCTAssertEqual(search.files.map(\.path), [dir.path + "/a/b/IMG_0001"], "a JPEG by content; hidden folders skipped")
        XCTAssertEqual(search.foldersSearched, 3, "the folder, a and a/b; the link back up is not listed again")
        XCTAssertEqual(search.entriesSeen, 3)
        XCTAssertEqual(search.unreadablePaths, [])
        XCTAssertEqual(search.folder, dir.path + "/")
    }

    /// A link the walk cannot follow may have led to a folder of photos, so it is reported with the system's reason,
    /// never dropped: one to a folder that moved (dangling) and a loop. A dangling link named like an image stays a
    /// file to scan, whose scan says `file_not_found`.
    func testLinksThatCannotBeFollowedAreReportedNotDropped() throws {
        let dir = try TestPaths.temporaryFolder(self)
        let fm = FileManager.default
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: dir.appendingPathComponent("a.jpg"))
        try fm.createSymbolicLink(atPath: dir.path + "/2019", withDestinationPath: dir.path + "/moved/2019")
        try fm.createSymbolicLink(atPath: dir.path + "/loop1", withDestinationPath: "loop2")
        try fm.createSymbolicLink(atPath: dir.path + "/loop2", withDestinationPath: "loop1")
        try fm.createSymbolicLink(atPath: dir.path + "/moved.jpg", withDestinationPath: dir.path + "/moved/b.jpg")
        let search = ImageFileDiscovery.search(folder: dir.path)
        XCTAssertEqual(search.files.map(\.lastPathComponent), ["a.jpg", "moved.jpg"])
        XCTAssertEqual(search.unreadablePaths, [
            .init(path: dir.path + "/2019", kind: .link, reason: "No such file or directory"),
            .init(path: dir.path + "/loop1", kind: .link, reason: "Too many levels of symbolic links"),
            .init(path: dir.path + "/loop2", kind: .link, reason: "Too many levels of symbolic links"),
        ])
        XCTAssertEqual(search.unreadablePaths.first?.problem,
                       "a symbolic link that cannot be followed (No such file or directory)")
        XCTAssertEqual(search.entriesSeen, 5)
    }
}
