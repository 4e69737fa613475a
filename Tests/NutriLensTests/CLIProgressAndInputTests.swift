#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import XCTest
import NutriLensEvaluation
import NutriLensTestSupport

/// The progress bar (on a terminal only, in every format), what `scan` says about inputs that hold nothing to scan,
/// linked folders, and `--max-pixels`.
final class CLIProgressAndInputTests: XCTestCase {
    /// Decoding only: fast, and no tessdata or model needed.
    private let decodeOnly = ["--no-barcode", "--no-nutrition", "--no-classifier"]

    /// Permission bits do not stop root, so as root the CLI runs as `nobody` through util-linux's setpriv: the launcher
    /// to run it with (empty when not root).
    /// - Throws: `XCTSkip` as root without setpriv.
    private func launcherThatPermissionsStop() throws -> [String] {
        guard geteuid() == 0 else { return [] }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("running as root without /usr/bin/setpriv: permission bits cannot lock a folder")
        }
        return ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    }

    private func folder(with names: [String]) throws -> URL {
        let dir = try TestPaths.temporaryFolder(self).appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.copyItem(at: TestPaths.testImages.appendingPathComponent(name), to: dir.appendingPathComponent(name))
        }
        return dir
    }

    /// On a terminal the bar counts to the total with a rate and the time left, whatever stdout gets; on a pipe, none.
    func testProgressBarOnATerminalInEveryFormatAndNoneOnAPipe() throws {
        let dir = try folder(with: ["barcode_ean13.jpg", "barcode_upca.jpg", "eu_de_table.jpg"])
        for format in ["--human", "--json", "--jsonl"] {
            let run = try runCLIWithTerminalStderr(["scan", format] + decodeOnly + [dir.path])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stderr.contains("] 3/3  "), "\(format): the bar reaches 3/3:\n\(run.stderr.debugDescription)")
            XCTAssertTrue(run.stderr.contains("] 0/3  ETA --:--"), "\(format): drawn before the first result")
            XCTAssertNotNil(run.stderr.range(of: #"3/3  [0-9.]+ (img/s|s/img)  ETA 0:00"#, options: .regularExpression),
                            "\(format): rate and time left:\n\(run.stderr.debugDescription)")
            XCTAssertTrue(run.stderr.contains("\r\u{1B}[K"), "\(format): redrawn in place")
            XCTAssertTrue(run.stderr.contains("3 files: 3 scanned, 0 failed"), "\(format): the summary follows")
            XCTAssertFalse(run.stdout.contains("ETA"), "\(format): nothing of the bar on stdout")
            let quiet = try runCLIWithTerminalStderr(["scan", format, "-q"] + decodeOnly + [dir.path])
            XCTAssertFalse(quiet.stderr.contains("ETA"), "\(format) -q: no bar")
        }
        for format in ["--human", "--jsonl"] {
            let piped = try runCLI(["scan", format] + decodeOnly + [dir.path])
            XCTAssertEqual(piped.status, 0, piped.stderr)
            XCTAssertFalse(piped.stderr.contains("ETA"), "\(format): no bar when stderr is a pipe:\n\(piped.stderr)")
            XCTAssertFalse(piped.stderr.contains("\r"), format)
            XCTAssertTrue(piped.stderr.hasPrefix("3 files: 3 scanned"), piped.stderr)
        }
    }

    /// `eval` draws the bar on a terminal too.
    func testEvalProgressBarOnATerminal() throws {
        let dir = try folder(with: ["barcode_ean13.jpg", "barcode_ean13.json", "barcode_upca.jpg", "barcode_upca.json"])
        let run = try runCLIWithTerminalStderr(["eval", "--no-nutrition", "--no-classifier", dir.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertNotNil(run.stderr.range(of: #"\] 2/2  [0-9.]+ (img/s|s/img)  ETA 0:00"#, options: .regularExpression),
                        run.stderr.debugDescription)
    }

    /// An empty folder and a folder of other files: exit 1, naming the folder and what was searched.
    func testFoldersWithoutImagesExitOneNamingWhatWasSearched() throws {
        let root = try TestPaths.temporaryFolder(self)
        let empty = root.appendingPathComponent("empty"), notes = root.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: notes.appendingPathComponent("2024"), withIntermediateDirectories: true)
        try Data("oats".utf8).write(to: notes.appendingPathComponent("list.txt"))
        try Data("{}".utf8).write(to: notes.appendingPathComponent("2024/a.json"))

        let none = try runCLI(["scan", "--jsonl"] + decodeOnly + [empty.path])
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual(none.stdout, "")
        XCTAssertTrue(none.stderr.contains("no images in '\(empty.path)': searched 1 folder recursively and found no file"), none.stderr)
        XCTAssertTrue(none.stderr.contains(".jpg"), "says what counts as an image")

        let other = try runCLI(["scan", "--human"] + decodeOnly + [notes.path])
        XCTAssertEqual(other.status, 1)
        XCTAssertTrue(other.stderr.contains("no images in '\(notes.path)': searched 2 folders recursively and 2 files, none of them an image"),
                      other.stderr)

        // With images elsewhere the run goes on, and still says so and exits 1.
        let photos = try folder(with: ["barcode_ean13.jpg"])
        let mixed = try runCLI(["scan", "--jsonl"] + decodeOnly + [empty.path, photos.path])
        XCTAssertEqual(mixed.status, 1)
        XCTAssertEqual(mixed.jsonLines.count, 1)
        XCTAssertTrue(mixed.stderr.contains("no images in '\(empty.path)'"), mixed.stderr)

        let eval = try runCLI(["eval"] + decodeOnly + [notes.path])
        XCTAssertEqual(eval.status, 1)
        XCTAssertTrue(eval.stderr.contains("no images in '\(notes.path)'"), eval.stderr)
        let unlabelled = try runCLI(["eval"] + decodeOnly + [photos.path])
        XCTAssertEqual(unlabelled.status, 1)
        XCTAssertTrue(unlabelled.stderr.contains("1 image found, none with a ground-truth sidecar"), unlabelled.stderr)
    }

    /// A path that does not exist is reported like a missing file, exit 1.
    func testNonexistentPathExitsOne() throws {
        let dir = try TestPaths.temporaryFolder(self)
        let missing = dir.appendingPathComponent("holiday-photos").path
        let run = try runCLI(["scan", "--human"] + decodeOnly + [missing])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stdout.contains("✗ file_not_found: no such file: \(missing)"), run.stdout)
        XCTAssertTrue(run.stderr.hasPrefix("1 file: 0 scanned, 1 failed"), run.stderr)
    }

    /// Messages name a path as it was typed (session 21: `no such file: /abs/cwd/x` beside `"path": "x"`), and an
    /// archive is told to be unpacked, with its own `archive` type.
    func testMessagesUseThePathAsTypedAndArchivesAreToldToBeUnpacked() throws {
        let dir = try TestPaths.temporaryFolder(self)
        var zip = Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00])
        zip.append(Data(repeating: 0, count: 64))
        try zip.write(to: dir.appendingPathComponent("photos.zip"))
        var tar = Data("IMG_0001.jpg".utf8) + Data(repeating: 0, count: 245) + Data("ustar\u{0}00".utf8)
        tar.append(Data(repeating: 0, count: 1024 - tar.count))
        try tar.write(to: dir.appendingPathComponent("photos.tar"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let run = try runCLI(["scan", "--jsonl"] + decodeOnly + ["photos.zip", "photos.tar", "sub/missing.jpg", "./gone.png"],
                             in: dir)
        XCTAssertEqual(run.status, 1, run.stderr)
        let errors = run.jsonLines.map { ($0["path"] as? String ?? "", ($0["error"] as? [String: Any]) ?? [:]) }
        XCTAssertEqual(errors.map(\.0), ["photos.zip", "photos.tar", "sub/missing.jpg", "./gone.png"])
        XCTAssertEqual(errors.map { $0.1["type"] as? String }, ["archive", "archive", "file_not_found", "file_not_found"])
        XCTAssertEqual(errors.map { $0.1["message"] as? String }, [
            "an archive (ZIP), not an image: unpack it and scan the folder",
            "an archive (tar), not an image: unpack it and scan the folder",
            "no such file: sub/missing.jpg", "no such file: ./gone.png",
        ])
        let human = try runCLI(["scan", "--human"] + decodeOnly + ["photos.zip"], in: dir)
        XCTAssertTrue(human.stdout.contains("✗ archive: an archive (ZIP), not an image: unpack it and scan the folder"),
                      human.stdout)
    }

    /// `--files-from` and `--skip-done` files that cannot be read: exit 3 and one line naming the file as given and
    /// why (before session 21: `cannot read the --files-from list 'x'`, no reason); a missing results file is
    /// "nothing done yet".
    func testListAndResultsFilesThatCannotBeReadSayWhy() throws {
        let launcher = try launcherThatPermissionsStop()
        let dir = try TestPaths.temporaryFolder(self)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder"), withIntermediateDirectories: true)
        let locked = dir.appendingPathComponent("locked.txt")
        try "barcode_ean13.jpg\n".write(to: locked, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
        let photo = TestPaths.testImages.appendingPathComponent("barcode_ean13.jpg").path
        let cases: [([String], String)] = [
            (["--files-from", "nolist.txt"], "cannot read the --files-from list 'nolist.txt': no such file"),
            (["--files-from", "folder"], "cannot read the --files-from list 'folder': is a directory"),
            (["--files-from", "locked.txt"], "cannot read the --files-from list 'locked.txt': Permission denied"),
            (["--skip-done", "folder", photo], "cannot read the --skip-done results file 'folder': is a directory"),
            (["--skip-done", "locked.txt", photo], "cannot read the --skip-done results file 'locked.txt': Permission denied"),
        ]
        for (arguments, message) in cases {
            let run = try runCLI(["scan", "--jsonl"] + decodeOnly + arguments, in: dir, launcher: launcher)
            XCTAssertEqual(run.status, 3, arguments.joined(separator: " "))
            XCTAssertEqual(run.stderr, "nutrilens scan: \(message)\n")
            XCTAssertEqual(run.stdout, "")
        }
        let fresh = try runCLI(["scan", "--jsonl"] + decodeOnly + ["--skip-done", "none-yet.jsonl", photo], in: dir)
        XCTAssertEqual(fresh.status, 0, fresh.stderr)
        XCTAssertEqual(fresh.jsonLines.count, 1)
    }

    /// A folder that cannot be listed is a result with `unreadable`, like a file; its readable siblings are scanned.
    func testUnreadableFolderIsReportedLikeAnUnreadableFile() throws {
        let launcher = try launcherThatPermissionsStop()
        let dir = try folder(with: ["barcode_ean13.jpg"])
        let locked = dir.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.testImages.appendingPathComponent("barcode_upca.jpg"),
                                         to: locked.appendingPathComponent("hidden.jpg"))
        chmod(locked.path, 0)
        addTeardownBlock { chmod(locked.path, 0o755) }
        let run = try runCLI(["scan", "--jsonl"] + decodeOnly + [dir.path], launcher: launcher)
        guard !run.stderr.contains("setpriv:") else { throw XCTSkip("setpriv could not switch user: \(run.stderr)") }
        XCTAssertEqual(run.status, 1, run.stderr)
        let lines = run.jsonLines
        XCTAssertEqual(lines.compactMap { $0["path"] as? String }, [locked.path, dir.path + "/barcode_ean13.jpg"], run.stdout)
        let error = lines.first?["error"] as? [String: Any]
        XCTAssertEqual(error?["type"] as? String, "unreadable")
        XCTAssertEqual(error?["message"] as? String, "cannot read \(locked.path): the folder cannot be listed (Permission denied)")

        let whole = try runCLI(["scan", "--jsonl"] + decodeOnly + [locked.path], launcher: launcher)
        XCTAssertEqual(whole.status, 1)
        XCTAssertEqual(whole.jsonLines.count, 1, "the folder given is reported, not called empty")
        XCTAssertFalse(whole.stderr.contains("no images"), whole.stderr)
    }

    /// A link below a folder that cannot be followed (its folder moved or unmounted, a link loop) may have led to
    /// photos: scan reports it as an `unreadable` result and exits 1, eval names it, scores the rest and exits 3 (not
    /// everything could be scored). A dangling link named like an image stays a file whose scan says file_not_found.
    func testLinksThatCannotBeFollowedAreReportedByScanAndEval() throws {
        let dir = try folder(with: ["barcode_ean13.jpg", "barcode_ean13.json"])
        let gone = dir.deletingLastPathComponent().appendingPathComponent("unmounted/photos").path
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/older", withDestinationPath: gone)
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/loop", withDestinationPath: "loop")
        let scan = try runCLI(["scan", "--jsonl"] + decodeOnly + [dir.path])
        XCTAssertEqual(scan.status, 1, scan.stderr)
        XCTAssertEqual(scan.jsonLines.compactMap { $0["path"] as? String },
                       [dir.path + "/loop", dir.path + "/older", dir.path + "/barcode_ean13.jpg"], scan.stdout)
        let errors = scan.jsonLines.compactMap { $0["error"] as? [String: Any] }
        XCTAssertEqual(errors.compactMap { $0["type"] as? String }, ["unreadable", "unreadable"])
        XCTAssertEqual(errors.last?["message"] as? String,
                       "cannot read \(dir.path)/older: a symbolic link that cannot be followed (No such file or directory)")
        XCTAssertTrue(scan.stderr.hasPrefix("3 files: 1 scanned, 2 failed"), scan.stderr)

        let reportURL = dir.deletingLastPathComponent().appendingPathComponent("report.json")
        let eval = try runCLI(["eval", "-q", "--jobs", "1", "--report", reportURL.path] + decodeOnly + [dir.path])
        XCTAssertEqual(eval.status, 3, eval.stderr)
        let report = try JSONDecoder().decode(EvaluationReport.self, from: Data(contentsOf: reportURL))
        XCTAssertEqual(report.images, 1)
        XCTAssertEqual(report.skipped?[dir.path + "/older"],
                       "a symbolic link that cannot be followed (No such file or directory)", "the report records it")
        XCTAssertEqual(report.skipped?.count, 2)
        XCTAssertTrue(eval.stdout.hasPrefix("1 images (0 failed)"), eval.stdout)
        XCTAssertEqual(eval.stderr.split(separator: "\n").map(String.init), [
            "nutrilens eval: skipped \(dir.path)/loop: a symbolic link that cannot be followed (Too many levels of symbolic links)",
            "nutrilens eval: skipped \(dir.path)/older: a symbolic link that cannot be followed (No such file or directory)",
            "nutrilens eval: 2 paths not read (above); 1 scored"])

        // Nothing else to score: eval says so and exits 3, not "no labelled images" (1).
        try FileManager.default.removeItem(at: dir.appendingPathComponent("barcode_ean13.json"))
        let none = try runCLI(["eval", "-q"] + decodeOnly + [dir.path])
        XCTAssertEqual(none.status, 3, none.stderr)
        XCTAssertEqual(none.stdout, "")
        XCTAssertTrue(none.stderr.hasSuffix("nutrilens eval: no image could be scored: no labelled image in '\(dir.path)' "
                                            + "outside the 2 paths that could not be read (above)\n"), none.stderr)
    }

    /// A subfolder that cannot be listed, and the entries of one that can be listed but not searched (r without x):
    /// scan reports each path as `unreadable`; eval names each, scores the readable labelled image and exits 3 (it
    /// exited 0 with "skipped the folder" before session 21, and dropped the r-only folder's entries in silence).
    func testUnreadableSubfoldersMakeEvalExitThreeAndScanReportEachPath() throws {
        let launcher = try launcherThatPermissionsStop()
        let dir = try folder(with: ["barcode_ean13.jpg", "barcode_ean13.json"])
        let locked = dir.appendingPathComponent("locked"), listOnly = dir.appendingPathComponent("list-only")
        for sub in [locked, listOnly] {
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            for ext in ["jpg", "json"] {
                try FileManager.default.copyItem(at: TestPaths.testImages.appendingPathComponent("barcode_upca.\(ext)"),
                                                 to: sub.appendingPathComponent("barcode_upca.\(ext)"))
            }
        }
        chmod(locked.path, 0)
        chmod(listOnly.path, 0o444)
        addTeardownBlock { chmod(locked.path, 0o755); chmod(listOnly.path, 0o755) }
        let eval = try runCLI(["eval", "-q", "--jobs", "1"] + decodeOnly + [dir.path], launcher: launcher)
        guard !eval.stderr.contains("setpriv:") else { throw XCTSkip("setpriv could not switch user: \(eval.stderr)") }
        XCTAssertEqual(eval.status, 3, eval.stderr)
        XCTAssertTrue(eval.stdout.hasPrefix("1 images (0 failed)"), eval.stdout)
        XCTAssertEqual(eval.stderr.split(separator: "\n").map(String.init), [
            "nutrilens eval: skipped \(listOnly.path)/barcode_upca.jpg: cannot be examined (Permission denied)",
            "nutrilens eval: skipped \(listOnly.path)/barcode_upca.json: cannot be examined (Permission denied)",
            "nutrilens eval: skipped \(locked.path): the folder cannot be listed (Permission denied)",
            "nutrilens eval: 3 paths not read (above); 1 scored"])

        let scan = try runCLI(["scan", "--jsonl"] + decodeOnly + [dir.path], launcher: launcher)
        XCTAssertEqual(scan.status, 1, scan.stderr)
        XCTAssertEqual(scan.jsonLines.compactMap { $0["path"] as? String },
                       [listOnly.path + "/barcode_upca.jpg", listOnly.path + "/barcode_upca.json", locked.path,
                        dir.path + "/barcode_ean13.jpg"], scan.stdout)
        XCTAssertEqual((scan.jsonLines.first?["error"] as? [String: Any])?["message"] as? String,
                       "cannot read \(listOnly.path)/barcode_upca.jpg: cannot be examined (Permission denied)")
    }

    /// Links to folders are followed once: a loop ends, a link back into the tree adds nothing, a link out of it adds
    /// its photos under the link's path.
    func testLinkedFoldersAreFollowedOnceAndLoopsEnd() throws {
        let root = try TestPaths.temporaryFolder(self)
        let dir = root.appendingPathComponent("photos"), outside = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("a"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        for (name, folder) in [("barcode_ean13.jpg", dir.appendingPathComponent("a")), ("barcode_upca.jpg", outside)] {
            try FileManager.default.copyItem(at: TestPaths.testImages.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: dir.path + "/a/loop", withDestinationPath: dir.path)       // to an ancestor
        try fm.createSymbolicLink(atPath: dir.path + "/a/self", withDestinationPath: ".")            // to itself
        try fm.createSymbolicLink(atPath: dir.path + "/b", withDestinationPath: "a")                 // to a sibling
        try fm.createSymbolicLink(atPath: dir.path + "/ext", withDestinationPath: outside.path)      // out of the tree
        try fm.createSymbolicLink(atPath: outside.path + "/back", withDestinationPath: dir.path)     // and back in
        try fm.createSymbolicLink(atPath: dir.path + "/a/same.jpg", withDestinationPath: "barcode_ean13.jpg")
        let run = try runCLI(["scan", "--jsonl"] + decodeOnly + [dir.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.jsonLines.compactMap { $0["path"] as? String },
                       [dir.path + "/a/barcode_ean13.jpg", dir.path + "/ext/barcode_upca.jpg"], run.stdout)
    }

    /// `--max-pixels N` on scan and eval; the too-large message names the flag, not the library setting.
    func testMaxPixelsFlag() throws {
        let photo = TestPaths.testImages.appendingPathComponent("barcode_ean13.jpg").path
        let tight = try runCLI(["scan", "--jsonl", "--max-pixels", "1000"] + decodeOnly + [photo])
        XCTAssertEqual(tight.status, 1)
        let error = try XCTUnwrap(tight.jsonLines.first?["error"] as? [String: Any])
        XCTAssertEqual(error["type"] as? String, "too_large")
        let message = try XCTUnwrap(error["message"] as? String)
        XCTAssertTrue(message.hasSuffix("over the 1000-pixel limit; downscale it or raise --max-pixels"), message)
        XCTAssertEqual(try runCLI(["scan", "--jsonl", "--max-pixels", "100000000"] + decodeOnly + [photo]).status, 0)
        let bad = try runCLI(["scan", "--max-pixels", "0", photo])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("invalid value '0' for --max-pixels"), bad.stderr)

        let dir = try folder(with: ["barcode_ean13.jpg", "barcode_ean13.json"])
        let eval = try runCLI(["eval", "--json", "--max-pixels", "1000"] + decodeOnly + [dir.path])
        XCTAssertEqual(eval.status, 0, eval.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(eval.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["failed_images"] as? Int, 1, "eval applies the limit")
    }

    /// `--help` and the README document the options.
    func testHelpAndReadmeDocumentTheOptions() throws {
        let scan = try runCLI(["scan", "--help"]).stdout
        for text in ["--max-pixels N", "--human", "progress bar", "time left", "%RI/%DV", "no image"] {
            XCTAssertTrue(scan.contains(text), "scan --help mentions \(text)")
        }
        XCTAssertTrue(try runCLI(["eval", "--help"]).stdout.contains("--max-pixels N"))
        let readme = try String(contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        for text in ["--max-pixels N", "$ nutrilens scan --human", "ETA", "%RI"] {
            XCTAssertTrue(readme.contains(text), "README mentions \(text)")
        }
    }
}
