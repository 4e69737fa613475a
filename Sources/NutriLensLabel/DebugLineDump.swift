import Foundation

/// Development aid: when the environment variable `NUTRILENS_LABEL_DUMP` names a file, every
/// `NutritionParser.parse(lines:)` call writes its input lines (text, words, boxes) there as JSON, so the grammar can be
/// iterated on real OCR output from text alone (`nutrilens scan photo.jpg` with the variable set, one photo per
/// process). Off, and free, when the variable is unset; write failures are ignored because a debugging aid must never
/// change what the parser returns.
enum DebugLineDump {
    static let variable = "NUTRILENS_LABEL_DUMP"

    static func write(_ lines: [TextLine]) {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(lines) else { return }
        try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
