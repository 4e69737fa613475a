/// A deliberately small command-line parser (no outside packages): long options `--name`, `--name value`,
/// `--name=value`, short aliases `-j 4`, `--` ending options, and `--help`/`-h` everywhere.

/// One option a command accepts.
struct OptionSpec: Sendable {
    /// Long name without dashes (`jobs`).
    var name: String
    /// Optional one-letter alias (`j`).
    var short: Character?
    /// Placeholder for the value (`N`); `nil` for a flag that takes no value.
    var valueName: String?
    /// One-line help.
    var help: String
}

/// A command's grammar and help text.
struct CommandSpec: Sendable {
    var name: String
    var summary: String
    /// Usage line after the command name, e.g. `[options] PATH...`.
    var usage: String
    var options: [OptionSpec]
    /// Minimum number of positional arguments.
    var minimumPositionals: Int
    /// Extra paragraphs after the option list (exit codes, examples).
    var details: String = ""

    /// Full `--help` text.
    var helpText: String {
        var lines = ["\(summary)", "", "USAGE: nutrilens \(name) \(usage)", "", "OPTIONS:"]
        let all = options + [OptionSpec(name: "help", short: "h", valueName: nil, help: "Show this help.")]
        let labels = all.map { o -> String in
            var s = o.short.map { "-\($0), " } ?? "    "
            s += "--\(o.name)"
            if let v = o.valueName { s += " \(v)" }
            return s
        }
        let width = (labels.map(\.count).max() ?? 0) + 2
        for (label, o) in zip(labels, all) {
            lines.append("  " + label + String(repeating: " ", count: width - label.count) + o.help)
        }
        if !details.isEmpty { lines += ["", details] }
        return lines.joined(separator: "\n")
    }
}

/// The parsed command line of one command.
struct ParsedArguments: Equatable {
    /// Flags given (long names).
    var flags: Set<String> = []
    /// Option values (long name → last value given).
    var values: [String: String] = [:]
    /// Every value of each option, in the order given (for options that may repeat, such as `--ocr`).
    var allValues: [String: [String]] = [:]
    /// Positional arguments, in order.
    var positionals: [String] = []
    /// True when `--help`/`-h` was given (other errors are then not reported).
    var helpRequested = false

    /// The value of `name` parsed as an integer within `range`.
    /// - Throws: `UsageError.invalidValue` when it is not an integer in range.
    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = values[name] else { return nil }
        guard let n = Int(text), range.contains(n) else {
            throw UsageError.invalidValue(option: name, value: text, expected: "an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }
}

/// A command line that does not fit the command's grammar. The CLI prints it with a hint and exits 2.
enum UsageError: Error, Equatable, CustomStringConvertible {
    case unknownCommand(String)
    case unknownOption(String)
    case missingValue(option: String)
    case unexpectedValue(option: String)
    case invalidValue(option: String, value: String, expected: String)
    case missingArgument(String)
    /// More positional arguments than the command takes: what it takes (`one DIR`) and what was given.
    case tooManyArguments(expected: String, given: [String])
    case conflictingOptions(String, String)

    var description: String {
        switch self {
        case .unknownCommand(let c): return "unknown command '\(c)'"
        case .unknownOption(let o): return "unknown option '\(o)'"
        case .missingValue(let o): return "option --\(o) needs a value"
        case .unexpectedValue(let o): return "option --\(o) takes no value"
        case .invalidValue(let o, let v, let e): return "invalid value '\(v)' for --\(o): expected \(e)"
        case .missingArgument(let what): return "missing \(what)"
        case .tooManyArguments(let expected, let given):
            return "expected \(expected), got \(given.count): " + given.map { "'\($0)'" }.joined(separator: " ")
        case .conflictingOptions(let a, let b): return "--\(a) and --\(b) cannot be used together"
        }
    }
}

extension CommandSpec {
    /// Parses `arguments` (after the command name).
    /// - Throws: `UsageError` for unknown options, missing/unexpected values, or too few positionals.
    func parse(_ arguments: [String]) throws -> ParsedArguments {
        var out = ParsedArguments()
        var pending: [UsageError] = []
        var index = 0
        var onlyPositionals = false
        func spec(long name: String) -> OptionSpec? { options.first { $0.name == name } }
        while index < arguments.count {
            let arg = arguments[index]
            index += 1
            if onlyPositionals || arg == "-" || !arg.hasPrefix("-") {
                out.positionals.append(arg)
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            if arg == "--help" || arg == "-h" { out.helpRequested = true; continue }
            var name: String, inlineValue: String?
            if arg.hasPrefix("--") {
                let body = arg.dropFirst(2)
                if let eq = body.firstIndex(of: "=") {
                    name = String(body[..<eq]); inlineValue = String(body[body.index(after: eq)...])
                } else {
                    name = String(body)
                }
            } else {
                let body = arg.dropFirst()
                guard let letter = body.first, let option = options.first(where: { $0.short == letter }) else {
                    pending.append(.unknownOption(arg)); continue
                }
                name = option.name
                if body.count > 1 { inlineValue = String(body.dropFirst()) }
            }
            guard let option = spec(long: name) else { pending.append(.unknownOption(arg)); continue }
            if option.valueName == nil {
                if inlineValue != nil { pending.append(.unexpectedValue(option: name)); continue }
                out.flags.insert(name)
            } else if let value = inlineValue {
                out.values[name] = value
                out.allValues[name, default: []].append(value)
            } else if index < arguments.count {
                out.values[name] = arguments[index]
                out.allValues[name, default: []].append(arguments[index])
                index += 1
            } else {
                pending.append(.missingValue(option: name))
            }
        }
        if out.helpRequested { return out }
        if let first = pending.first { throw first }
        if out.positionals.count < minimumPositionals {
            throw UsageError.missingArgument(usage.split(separator: " ").last.map(String.init) ?? "argument")
        }
        return out
    }
}
