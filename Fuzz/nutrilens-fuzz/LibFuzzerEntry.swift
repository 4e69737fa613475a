// Built only by scripts/fuzz.sh (`-D NUTRILENS_LIBFUZZER -sanitize=fuzzer,address`); the ordinary build compiles
// ReplayMain.swift instead. SwiftPM links executables with `--defsym main=nutrilens_fuzz_main`, so libFuzzer's own
// `main` never links in: `nutrilens_fuzz_main` hands control to `LLVMFuzzerRunDriver`, which parses the libFuzzer
// flags, calls `LLVMFuzzerInitialize` and then `LLVMFuzzerTestOneInput` per input.
#if NUTRILENS_LIBFUZZER
import Foundation
import NutriLensFuzzTargets

nonisolated(unsafe) private var selected: FuzzTarget?

/// Picks the target from `NUTRILENS_FUZZ_TARGET` once, before the first input.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<Int32>,
                             _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    let name = ProcessInfo.processInfo.environment["NUTRILENS_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget.named(name) else {
        let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
        FileHandle.standardError.write(Data("set NUTRILENS_FUZZ_TARGET to one of: \(names) (got '\(name)')\n".utf8))
        exit(2)
    }
    if let folder = ProcessInfo.processInfo.environment["NUTRILENS_FUZZ_WRITE_SEEDS"] {
        // scripts/fuzz.sh asks for the code-only seeds once, then runs the fuzzer proper.
        for (name, data) in BuiltInSeeds.seeds(for: name) {
            _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: data)
        }
        exit(0)
    }
    selected = target
    return 0
}

/// One input. An `InvariantViolation` (or any non-typed error) aborts so libFuzzer saves the input as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 || data == nil ? Data() : Data(bytes: data!, count: size)
    do {
        try selected!.run(bytes)
    } catch {
        FileHandle.standardError.write(Data("nutrilens-fuzz \(selected!.name): \(error)\n".utf8))
        abort()
    }
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(_ argc: UnsafeMutablePointer<Int32>,
                       _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                       _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

/// The process entry point (see the comment at the top of the file).
@_cdecl("nutrilens_fuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var vector = argv
    return runDriver(&count, &vector, { data, size in fuzzerTestOneInput(data, size) })
}
#endif
