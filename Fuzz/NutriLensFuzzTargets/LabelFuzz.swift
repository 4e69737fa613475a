import Foundation
import NutriLensLabel

/// Checks shared by both label targets: a table the parser returns must be internally consistent and encodable.
enum LabelChecks {
    static func check(_ table: NutritionTable?, minimumRows: Int) throws {
        guard let table else { return }
        try require(Set(table.entries.map(\.nutrient)).count >= minimumRows,
                    "table with \(table.entries.count) entries below minimumRows \(minimumRows)")
        for entry in table.entries {
            try require((0...1).contains(entry.confidence), "confidence \(entry.confidence) for \(entry.key)")
            try require(!entry.value.isNaN, "NaN value for \(entry.key)")
            try require(table[entry.key] != nil, "subscript misses \(entry.key)")
        }
        // ScanResult embeds the table; it must survive JSON.
        _ = try JSONEncoder().encode(table)
    }
}

/// Fuzzes `NutritionParser.parse(text:)` with arbitrary bytes read as UTF-8 (invalid sequences become U+FFFD, as
/// they would from a lossy OCR text file).
enum LabelTextFuzz {
    static let parser = NutritionParser(options: .init(maximumCharacters: 20_000, maximumLines: 500))

    static func run(_ data: Data) throws {
        let text = String(decoding: data, as: UTF8.self)
        let table: NutritionTable?
        do { table = try parser.parse(text: text) } catch is NutritionParsingError { return }
        try LabelChecks.check(table, minimumRows: parser.options.minimumRows)
    }
}

/// Fuzzes `NutritionParser.parse(lines:)` with OCR-like word lists: geometry-driven row rebuilding, column layout.
///
/// Input format (so mutations stay meaningful): a sequence of records `x y w h conf flags len text[len]`, the first
/// six fields one byte each (box in units of 4 px, confidence in 1/255); flag bit 0 starts a new line, bit 1 drops
/// the box, bit 2 drops the confidence. Leftover bytes are ignored.
public enum LabelWordsFuzz {
    static let parser = NutritionParser(options: .init(maximumCharacters: 20_000, maximumLines: 500))

    public static func lines(from data: Data) -> [TextLine] {
        let bytes = [UInt8](data)
        var lines: [[TextWord]] = [[]]
        var i = 0
        while i + 7 <= bytes.count {
            let (x, y, w, h, conf, flags, len) = (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3], bytes[i + 4],
                                                  bytes[i + 5], Int(bytes[i + 6]))
            i += 7
            let end = min(bytes.count, i + len)
            let text = String(decoding: bytes[i..<end], as: UTF8.self)
            i = end
            let box = flags & 2 != 0 ? nil
                : TextBox(x: Double(x) * 4, y: Double(y) * 4, width: Double(w) * 4, height: Double(h) * 4)
            let word = TextWord(text: text, box: box, confidence: flags & 4 != 0 ? nil : Double(conf) / 255)
            if flags & 1 != 0 && !(lines.last?.isEmpty ?? true) { lines.append([]) }
            lines[lines.count - 1].append(word)
        }
        return lines.filter { !$0.isEmpty }.map { TextLine(words: $0) }
    }

    static func run(_ data: Data) throws {
        let table: NutritionTable?
        do { table = try parser.parse(lines: lines(from: data)) } catch is NutritionParsingError { return }
        try LabelChecks.check(table, minimumRows: parser.options.minimumRows)
    }

    /// Encodes lines in the input format above (seed corpus and tests): one record per word, boxes at 4 px units.
    public static func encode(_ lines: [[(text: String, x: Int, y: Int, w: Int, h: Int)]]) -> Data {
        var out = [UInt8]()
        for line in lines {
            for (index, word) in line.enumerated() {
                let utf8 = Array(word.text.utf8.prefix(255))
                out += [UInt8(clamping: word.x / 4), UInt8(clamping: word.y / 4), UInt8(clamping: word.w / 4),
                        UInt8(clamping: word.h / 4), 230, index == 0 ? 1 : 0, UInt8(utf8.count)]
                out += utf8
            }
        }
        return Data(out)
    }
}
