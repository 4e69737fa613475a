import Foundation
import XCTest
import NutriLensTestSupport

/// The project's standard, kept by CI: every public declaration in Sources/ has a doc comment, and an initialiser's
/// comment names its parameters (`scripts/check-docstrings.py`, which says what counts). Runs the script with the
/// system's Python 3 (about a second, stdlib only); skipped with the reason when there is no `python3`.
final class DocCommentCheckTests: XCTestCase {
    func testEveryPublicDeclarationHasADocComment() throws {
        let (status, output) = try check([PackagePaths.root.appendingPathComponent("Sources").path])
        XCTAssertEqual(status, 0, "public declarations without a doc comment:\n\(output)")
        XCTAssertTrue(output.contains("total"), "the script printed no summary:\n\(output)")
    }

    /// The script on a file with one declaration of each kind it must find or pass over: what it reports is exactly
    /// the undocumented public ones (attributes, multi-line headers, an init naming one parameter of two, a case the
    /// enum's comment does not name, a protocol requirement, a `public extension`'s member), and not a documented
    /// declaration behind its attributes, a shared comment over `x, y`, cases the enum's comment names, a `public`
    /// member of an internal type or text in a string literal.
    func testScriptReportsEachKindOfMissingComment() throws {
        let folder = try TestPaths.temporaryFolder(self).appendingPathComponent("Fixture")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.fixture.write(to: folder.appendingPathComponent("Sample.swift"), atomically: true, encoding: .utf8)
        let (status, output) = try check([folder.path])
        XCTAssertEqual(status, 1, output)
        let reported = output.split(separator: "\n").filter { $0.contains("Sample.swift:") }
            .map { $0.split(separator: ":", maxSplits: 2).dropFirst().joined(separator: ":") }
        XCTAssertEqual(reported, [
            "3: var undocumented: no doc comment",
            "7: func attributed: no doc comment",
            "11: func multiLine: no doc comment",
            "15: init init: comment does not name parameter(s) b",
            "16: init init: no doc comment",
            "23: case three: no doc comment",
            "34: func requirement: no doc comment",
            "38: func implicitlyPublic: no doc comment",
        ], output)
        let summary = output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        XCTAssertTrue(summary.contains(["Fixture", "8", "/", "15"]), "8 of 15 public declarations undocumented:\n\(output)")
    }

    private static let fixture = #"""
/// Documented.
public struct A {
    public var undocumented: Int
    /// Canvas size in pixels.
    public var x: Double, y: Double
    @inlinable
    public func attributed() {}
    /// Documented above its attribute.
    @discardableResult
    public func documentedAttributed() -> Int { 0 }
    public func multiLine(
        a: Int
    ) {}
    /// Names only `a`.
    public init(a: Int, b: Int) {}
    public init(from decoder: Decoder) throws {}
    var internalOne: Int { 0 }
}

/// Kinds: `one` and `two`.
public enum E {
    case one, two
    case three
    /// Four.
    case four
}

struct Hidden {
    public var leaked: Int
}

/// P.
public protocol P {
    func requirement()
}

public extension A {
    func implicitlyPublic() {}
    private func hidden() {}
}

let text = """
public var inString: Int
"""
"""#

    /// Runs the script with `arguments`: its exit status and its output (stdout and stderr).
    private func check(_ arguments: [String]) throws -> (Int32, String) {
        try PythonScripts.run("check-docstrings.py", arguments)
    }
}
