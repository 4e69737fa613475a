import Foundation
import NutriLens

/// `nutrilens parse FILE...`: the label grammar alone, on OCR text files.
enum ParseCommand {
    static let spec = CommandSpec(
        name: "parse", summary: "Read nutrition tables from OCR text files (one OCR line per line, UTF-8).",
        usage: "[options] FILE...",
        options: OutputFormat.options,
        minimumPositionals: 1,
        details: """
        FILE '-' reads standard input. Each file gives one result object with path, nutrition (absent when the text
        holds no nutrition table) and error: a file that cannot be read has scan's error types (file_not_found,
        unreadable: a folder, no permission, not UTF-8 text; file_too_large over 256 MiB).
        Exit status: 0 all files read, 1 some file unreadable, 2 usage error.
        """)

    static func run(_ args: ParsedArguments) throws -> ExitCode {
        let format = try OutputFormat.from(args, isTTY: Terminal.stdoutIsTTY)
        var printer = ResultPrinter(format: format)
        var failed = 0
        for path in args.positionals {
            let result: ScanResult
            if path == "-" {
                result = readStandardInput()
            } else {
                result = NutritionTextReader.read(contentsOf: URL(fileURLWithPath: path))
            }
            if result.failed { failed += 1 }
            printer.print(result)
        }
        printer.finish()
        return failed > 0 ? .someFailed : .success
    }

    /// Standard input as one result named `-`. A descriptor that cannot be read (closed with `<&-`) is an
    /// `unreadable` result with the system's reason (`cannot read -: Bad file descriptor`), where
    /// `readDataToEndOfFile` crashed with a stack dump (status 132) until session 22.
    static func readStandardInput() -> ScanResult {
        do {
            let data = try FileHandle.standardInput.readToEnd() ?? Data()
            return NutritionTextReader.read(text: String(decoding: data, as: UTF8.self), name: "-")
        } catch {
            let code = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code
            let reason = code.map { String(cString: strerror(Int32($0))) } ?? error.localizedDescription
            return ScanResult(path: "-", error: ScanError.unreadable(path: "-", reason: reason).failure)
        }
    }
}
