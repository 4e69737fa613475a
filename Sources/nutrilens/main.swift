import Foundation
import NutriLens
import NutriLensEvaluation

/// `nutrilens COMMAND ...`: a thin layer over the NutriLens library.
enum CLI {
    static let commands = [ScanCommand.spec, ParseCommand.spec, EvalCommand.spec]

    static var overview: String {
        var lines = ["nutrilens: barcodes, nutrition tables and food items from photos of food packaging.", "",
                     "USAGE: nutrilens COMMAND [options] ARGS...", "", "COMMANDS:"]
        for c in commands { lines.append("  " + c.name.padding(toLength: 8, withPad: " ", startingAt: 0) + c.summary) }
        lines += ["", "Run 'nutrilens COMMAND --help' for a command's options."]
        return lines.joined(separator: "\n")
    }

    /// Runs the command line `arguments` (without the program name) and returns the exit code.
    static func run(_ arguments: [String]) async -> ExitCode {
        guard let name = arguments.first else {
            Terminal.err(overview)
            return .usage
        }
        if name == "--help" || name == "-h" || name == "help" {
            Terminal.out(overview)
            return .success
        }
        guard let spec = commands.first(where: { $0.name == name }) else {
            Terminal.err("nutrilens: \(UsageError.unknownCommand(name))\n\n\(overview)")
            return .usage
        }
        do {
            let args = try spec.parse(Array(arguments.dropFirst()))
            if args.helpRequested {
                Terminal.out(spec.helpText)
                return .success
            }
            switch name {
            case "scan": return try await ScanCommand.run(args)
            case "parse": return try ParseCommand.run(args)
            default: return try await EvalCommand.run(args)
            }
        } catch let error as UsageError {
            Terminal.err("nutrilens \(name): \(error)\nRun 'nutrilens \(name) --help' for usage.")
            return .usage
        } catch let error as ScanError {
            Terminal.err("nutrilens \(name): \(error)")
            return .setup
        } catch {
            Terminal.err("nutrilens \(name): \(error)")
            return .setup
        }
    }
}

StandardStreams.reserveClosedDescriptors()
let code = await CLI.run(Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)
