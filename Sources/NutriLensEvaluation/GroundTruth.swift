import Foundation
import NutriLens
import NutriLensClassifier

/// A ground-truth sidecar (`NAME.json` beside `NAME.jpg`), format of `../shared/docs/ground-truth.md`.
public struct GroundTruth: Codable, Sendable, Equatable {
    /// A barcode as labelled: symbology name and the digits printed under the bars.
    public struct Barcode: Codable, Sendable, Equatable {
        /// Ground-truth symbology name (`EAN-13`, `UPC-A`, `QR-Code`, …; the raw values of `Symbology`).
        public var symbology: String
        /// The digits (or text) printed under the bars, check digit included.
        public var text: String
        /// `symbology`: a ground-truth symbology name; `text`: as printed under the bars.
        public init(symbology: String, text: String) { self.symbology = symbology; self.text = text }
    }

    /// A labelled food item (only `label` is scored).
    public struct Food: Codable, Sendable, Equatable {
        /// The food's name as the classifier would report it (an ImageNet class name or "unknown food").
        public var label: String
        /// `label`: the food's name (an ImageNet class name, or "unknown food").
        public init(label: String) { self.label = label }
    }

    /// What the photo mainly shows; `nil` when the sidecar does not say (kind is then not scored).
    public var kind: ImageKind?
    /// Barcodes on the photo; `nil` or empty when it shows none (a read one is then spurious).
    public var barcodes: [Barcode]?
    /// The labelled table: the same type a scan produces (`fields` unused); `nutriments` is empty when the sidecar
    /// records none (a label too small to read: a reader should report nothing).
    public var nutrition: NutritionResult?
    /// Foods on the photo (only `label` is scored); `nil` when not labelled.
    public var foodItems: [Food]?
    /// Free text of the labeller (why a value is as it is, what the photo shows); never scored.
    public var notes: String?
    /// Nutriment key → number of decimals as written in the sidecar (`62.0` → 1), the printed precision scoring rounds
    /// to. Filled by `load(from:)`/`decode(_:)`; keys missing here fall back to the value's own decimals.
    public var printedDecimals: [String: Int] = [:]

    /// `kind`, `barcodes`, `nutrition` (its `nutriments` in the keys' units), `foodItems` and `notes` as in a sidecar
    /// (`nil`: not labelled); `printedDecimals` (key → decimals, >= 0) is what `load(from:)` fills from the sidecar's
    /// text.
    public init(kind: ImageKind? = nil, barcodes: [Barcode]? = nil, nutrition: NutritionResult? = nil, foodItems: [Food]? = nil,
                notes: String? = nil, printedDecimals: [String: Int] = [:]) {
        self.kind = kind
        self.barcodes = barcodes
        self.nutrition = nutrition
        self.foodItems = foodItems
        self.notes = notes
        self.printedDecimals = printedDecimals
    }

    enum CodingKeys: String, CodingKey {
        case kind, barcodes, nutrition, notes
        case foodItems = "food_items"
    }

    /// Decodes a sidecar, keeping each nutriment's printed precision (which `JSONDecoder`'s `Decimal` normalises away).
    /// - Throws: `DecodingError` when the JSON does not have the ground-truth shape.
    public static func decode(_ data: Data) throws -> GroundTruth {
        var truth = try JSONDecoder().decode(GroundTruth.self, from: data)
        let text = String(decoding: data, as: UTF8.self)
        for key in truth.nutrition?.nutriments.keys ?? [:].keys {
            truth.printedDecimals[key] = Self.literalDecimals(of: key, in: text)
        }
        return truth
    }

    /// The largest sidecar ``load(from:maxBytes:)`` reads by default: 1 MiB. A sidecar holds one photo's barcodes,
    /// kind and a few dozen nutriments; the largest of TestImages and the shared label corpus is 3.1 kB, so this is
    /// over 300 times that, and a file beyond it is not a sidecar (a mis-named export, a log).
    public static let maxFileBytes = 1 << 20

    /// Reads and decodes the sidecar at `url`, at most `maxBytes` bytes (default ``maxFileBytes``).
    /// - Throws: `JSONFileError` (`.unreadable`: missing, a directory, no permission; `.fileTooLarge`: over
    ///   `maxBytes`, not read; `.malformed`: not JSON of the ground-truth shape), one line naming the file.
    public static func load(from url: URL, maxBytes: Int = maxFileBytes) throws -> GroundTruth {
        try JSONFileError.decode(url, maxBytes: maxBytes, with: decode)
    }

    /// The sidecar beside an image (`a/b.jpg` → `a/b.json`), or `nil` when there is none.
    public static func sidecarURL(for image: URL) -> URL? {
        let url = image.deletingPathExtension().appendingPathExtension("json")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// Decimals of the number literal following `"key":` in `json` (nutriment keys are unique within a sidecar; the
    /// qualifier map uses the same keys but string values, which the digit pattern skips).
    static func literalDecimals(of key: String, in json: String) -> Int? {
        let pattern = "\"" + NSRegularExpression.escapedPattern(for: key) + "\"\\s*:\\s*-?[0-9]+(?:\\.([0-9]+))?"
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: json, range: NSRange(json.startIndex..., in: json)) else { return nil }
        let fraction = match.range(at: 1)
        return fraction.location == NSNotFound ? 0 : fraction.length
    }
}
