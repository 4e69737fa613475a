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
                let data = FileHandle.standardInput.readDataToEndOfFile()
                result = NutritionTextReader.read(text: String(decoding: data, as: UTF8.self), name: "-")
            } else {
                result = NutritionTextReader.read(contentsOf: URL(fileURLWithPath: path))
            }
            if result.failed { failed += 1 }
            printer.print(result)
        }
        printer.finish()
        return failed > 0 ? .someFailed : .success
    }
}
