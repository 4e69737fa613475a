import NutriLens

/// How `scan` and `parse` print results.
enum OutputFormat: Equatable {
    /// Readable summary (default on a terminal).
    case human
    /// One pretty JSON array, streamed element by element.
    case json
    /// One compact JSON object per line (default when stdout is not a terminal).
    case jsonl

    static let options = [
        OptionSpec(name: "human", short: nil, valueName: nil, help: "Print the readable summary even when stdout is not a terminal."),
        OptionSpec(name: "json", short: nil, valueName: nil, help: "Print a JSON array of result objects."),
        OptionSpec(name: "jsonl", short: nil, valueName: nil, help: "Print one JSON object per line (JSON Lines)."),
    ]

    /// The format chosen by `--human`/`--json`/`--jsonl`, else human on a terminal and JSON Lines otherwise.
    static func from(_ args: ParsedArguments, isTTY: Bool) throws -> OutputFormat {
        let chosen = ["human", "json", "jsonl"].filter(args.flags.contains)
        if chosen.count > 1 { throw UsageError.conflictingOptions(chosen[0], chosen[1]) }
        switch chosen.first {
        case "human": return .human
        case "json": return .json
        case "jsonl": return .jsonl
        default: return isTTY ? .human : .jsonl
        }
    }
}

/// Streams results to stdout in the chosen format.
struct ResultPrinter {
    let format: OutputFormat
    private var count = 0

    init(format: OutputFormat) { self.format = format }

    mutating func print(_ result: ScanResult) {
        switch format {
        case .human:
            Terminal.out(HumanSummary.describe(result))
        case .jsonl:
            Terminal.out(Self.encode(result, style: .compact))
        case .json:
            let body = Self.encode(result, style: .pretty).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
            Terminal.out((count == 0 ? "[\n" : ",\n") + body)
        }
        count += 1
    }

    /// Closes the JSON array (prints `[]` when there were no results).
    func finish() {
        if format == .json { Terminal.out(count == 0 ? "[]" : "]") }
    }

    static func encode(_ result: ScanResult, style: ScanResultJSON.Style) -> String {
        (try? ScanResultJSON.string(result, style: style))
            ?? #"{"error":{"message":"result could not be encoded","type":"internal"}}"#
    }
}
