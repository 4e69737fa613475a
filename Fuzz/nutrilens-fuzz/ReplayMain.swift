// The ordinary (non-libFuzzer) build: replays saved inputs through a target, to reproduce a crash file under the
// debugger or a sanitizer without libFuzzer. `nutrilens-fuzz TARGET FILE...`; exit 1 when any input fails a check.
#if !NUTRILENS_LIBFUZZER
import Foundation
import NutriLensFuzzTargets

@main
struct ReplayMain {
    static func main() {
        let args = CommandLine.arguments.dropFirst()
        guard let name = args.first, let target = FuzzTarget.named(name), args.count >= 2 else {
            let list = FuzzTarget.all.map { "  \($0.name): \($0.summary)" }.joined(separator: "\n")
            FileHandle.standardError.write(Data("usage: nutrilens-fuzz TARGET FILE...\ntargets:\n\(list)\n".utf8))
            exit(2)
        }
        var failed = 0
        for (url, error) in ReplayCorpus.replay(target, files: args.dropFirst().map { URL(fileURLWithPath: $0) }) {
            if let error {
                failed += 1
                print("FAIL \(url.path): \(error)")
            } else {
                print("ok   \(url.path)")
            }
        }
        exit(failed == 0 ? 0 : 1)
    }
}
#endif
