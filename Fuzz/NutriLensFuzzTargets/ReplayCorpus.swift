import Foundation

/// Runs a target over files (regression fixtures or a libFuzzer crash file) outside libFuzzer.
public enum ReplayCorpus {
    /// Each file's outcome: `nil` when the target returned normally, else the error it threw.
    public static func replay(_ target: FuzzTarget, files: [URL]) -> [(URL, Error?)] {
        files.map { url in
            do {
                try target.run(try Data(contentsOf: url))
                return (url, nil)
            } catch {
                return (url, error)
            }
        }
    }
}
