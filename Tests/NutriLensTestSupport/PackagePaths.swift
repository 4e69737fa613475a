import Foundation
import XCTest

/// Paths every test target needs, found from this file's location so no test depends on the working directory
/// `swift test` was started from.
///
/// The package root is the first folder above this file that holds `Package.swift`; the shared, read-only corpus
/// and docs live beside it in `../shared` (see BRIEF: never copied into the repository). Tests that use the shared
/// folder call ``shared(_:)``, which throws `XCTSkip` when it is absent, so a checkout without `../shared` (CI, a
/// copy of the repository elsewhere) skips those tests instead of failing them.
public enum PackagePaths {
    /// The package root (the folder holding `Package.swift`). Traps if there is none above this source file, which
    /// only happens when the test sources were moved out of the package: nothing could run in that case.
    public static let root: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            directory.deleteLastPathComponent()
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// `../shared` beside the package root (standardised, may not exist).
    public static var sharedFolder: URL {
        root.deletingLastPathComponent().appendingPathComponent("shared").standardizedFileURL
    }

    /// `relativePath` inside `../shared` (for example `"corpus/food"`), or `nil` when it does not exist.
    public static func sharedIfPresent(_ relativePath: String) -> URL? {
        let url = relativePath.isEmpty ? sharedFolder : sharedFolder.appendingPathComponent(relativePath)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// `relativePath` inside `../shared` (for example `"corpus/labels"`).
    /// - Throws: `XCTSkip` naming the missing path when it does not exist, so the calling test is reported as
    ///   skipped rather than failed.
    public static func shared(_ relativePath: String) throws -> URL {
        guard let url = sharedIfPresent(relativePath) else {
            throw XCTSkip("../shared/\(relativePath) not present (looked for \(sharedFolder.appendingPathComponent(relativePath).path))")
        }
        return url
    }
}
