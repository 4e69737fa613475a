import Foundation

/// The Tesseract models an engine loads, e.g. `eng` or `eng+deu+fra` (first = primary language).
///
/// Codes are tessdata model names (ISO 639-2/T plus script suffixes such as `chi_sim`); Debian ships each as
/// `tesseract-ocr-<code with _ replaced by ->`.
public struct OCRLanguages: Sendable, Hashable, CustomStringConvertible {
    /// Model names in load order, non-empty.
    public let codes: [String]

    /// English only, Tesseract's and NutriLens's default.
    public static let english = OCRLanguages(validated: ["eng"])

    /// Parses `"eng+deu+fra"`.
    /// - Throws: ``OCRError/invalidLanguageCode(_:)`` for an empty list or a code with characters other than
    ///   ASCII letters, digits and `_`.
    public init(_ spec: String) throws {
        try self.init(codes: spec.split(separator: "+", omittingEmptySubsequences: false).map(String.init))
    }

    /// - Throws: ``OCRError/invalidLanguageCode(_:)`` as for ``init(_:)``.
    /// - Parameter codes: tessdata model names in load order, primary first (`["eng", "deu"]`); non-empty.
    public init(codes: [String]) throws {
        guard !codes.isEmpty else { throw OCRError.invalidLanguageCode("") }
        for code in codes {
            let ok = !code.isEmpty && code.unicodeScalars.allSatisfy {
                ($0.isASCII && CharacterSet.alphanumerics.contains($0)) || $0 == "_"
            }
            guard ok else { throw OCRError.invalidLanguageCode(code) }
        }
        self.codes = codes
    }

    private init(validated: [String]) { codes = validated }

    /// The `+`-joined form Tesseract takes (`eng+deu`).
    public var description: String { codes.joined(separator: "+") }

    /// The Debian package that installs `code`'s model, e.g. `tesseract-ocr-deu`, `tesseract-ocr-chi-sim`.
    public static func debianPackage(for code: String) -> String {
        "tesseract-ocr-" + code.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// The ISO 639-1 code (`"de"`) of a tessdata model name (`"deu"`), as the label grammar names the language of
    /// row names (`NutritionTable.language`); `nil` for a model without one (`osd`, `equ`, scripts such as `Latin`).
    /// Covers the EU/EEA languages with Tesseract models (ISO 639-2/T → 639-1, Library of Congress table).
    public static func iso639_1(for code: String) -> String? {
        iso639_1Codes[code.lowercased()]
    }

    private static let iso639_1Codes: [String: String] = [
        "eng": "en", "deu": "de", "fra": "fr", "spa": "es", "ita": "it", "nld": "nl", "pol": "pl", "por": "pt",
        "swe": "sv", "dan": "da", "fin": "fi", "ces": "cs", "hrv": "hr", "ron": "ro", "slk": "sk", "slv": "sl",
        "hun": "hu", "ell": "el", "bul": "bg", "est": "et", "lav": "lv", "lit": "lt", "mlt": "mt", "gle": "ga",
        "nor": "no", "isl": "is", "cat": "ca",
    ]
}

/// Finds the directory holding `*.traineddata`.
///
/// Order: an explicit path, `$TESSDATA_PREFIX` (with or without a trailing `tessdata`), then Debian's
/// `/usr/share/tesseract-ocr/5/tessdata`, `/usr/share/tesseract-ocr/4.00/tessdata`, `/usr/share/tessdata`.
public enum TessdataLocator {
    /// Debian/Fedora install locations, tried after `TESSDATA_PREFIX`.
    public static let systemDirectories = [
        "/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata", "/usr/share/tessdata",
        "/usr/local/share/tessdata",
    ]

    /// The first candidate directory that contains at least one `.traineddata` file.
    /// - Parameter explicit: a configured path; when given, it is the only candidate.
    /// - Throws: ``OCRError/tessdataNotFound(searched:)``.
    public static func locate(explicit: String? = nil,
                              environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        var candidates: [String] = []
        if let explicit {
            candidates = [explicit]
        } else {
            if let prefix = environment["TESSDATA_PREFIX"], !prefix.isEmpty {
                candidates += [prefix, (prefix as NSString).appendingPathComponent("tessdata")]
            }
            candidates += systemDirectories
        }
        let fm = FileManager.default
        for dir in candidates {
            if let items = try? fm.contentsOfDirectory(atPath: dir), items.contains(where: { $0.hasSuffix(".traineddata") }) {
                return dir
            }
        }
        throw OCRError.tessdataNotFound(searched: candidates)
    }

    /// Checks that every model of `languages` exists in `tessdataPath`.
    /// - Throws: ``OCRError/languagePackMissing(language:debianPackage:tessdataPath:)`` for the first missing one.
    public static func verify(_ languages: OCRLanguages, in tessdataPath: String) throws {
        for code in languages.codes {
            let file = (tessdataPath as NSString).appendingPathComponent(code + ".traineddata")
            guard FileManager.default.fileExists(atPath: file) else {
                throw OCRError.languagePackMissing(language: code, debianPackage: OCRLanguages.debianPackage(for: code),
                                                   tessdataPath: tessdataPath)
            }
        }
    }
}
