import NutriLensOCR

/// `--ocr KEY=VALUE` (repeatable): one field of the OCR strategy (`NutriLensOCR.OCRStrategy`), for measuring
/// alternatives with `nutrilens eval` and `scan`. Applied after `--fast`, `--lang-routing`, `--ocr-readings` and
/// `--ocr-budget`.
enum OCRStrategyOptions {
    /// One key: its name, its values as `--help` shows them, and how a value sets the strategy (`false`: bad value).
    struct Key: Sendable {
        let name: String
        let values: String
        let help: String
        let apply: @Sendable (inout OCRStrategy, String) -> Bool
    }

    /// Prefix of a Tesseract variable key: `tesseract.NAME=VALUE`.
    static let tesseractPrefix = "tesseract."

    static let keys: [Key] = [
        Key(name: "readings", values: "R+R+…, R = psm11|psm3|psm6, levelled-… (default psm11+levelled-psm11+psm3)",
            help: "the readings in the order tried; the first as photographed") { strategy, value in
            let readings = value.split(separator: "+").map { OCRStrategy.Reading(String($0)) }
            guard !readings.isEmpty, !readings.contains(nil) else { return false }
            strategy.readings = readings.compactMap { $0 }
            return true
        },
        Key(name: "gate-work", values: "WORDS > 0 | off (default 800)",
            help: "predicted work all readings of a photo may add up to, in first-reading words") { strategy, value in
            if value == "off" { strategy.laterReadingGate = nil; return true }
            guard let words = Double(value), words > 0, words.isFinite else { return false }
            strategy.laterReadingGate = LaterReadingGate(workLimit: words)
            return true
        },
        Key(name: "levelled-below-keys", values: "N >= 1 | always (default 5; --fast 1)",
            help: "read the levelled page only after a first reading of fewer keys") { strategy, value in
            if value == "always" { strategy.levelledOnlyBelowKeys = nil; return true }
            guard let keys = Int(value), keys >= 1 else { return false }
            strategy.levelledOnlyBelowKeys = keys
            return true
        },
        switchKey("stop-without-table", "a first reading without any table ends the photo's reading",
                  \.stopsWithoutTable),
        switchKey("skip-psm3-after-keyless", "no PSM 3 reading after a first reading that parsed no key",
                  \.skipsAutomaticLayoutAfterKeyless),
        switchKey("reuse-orientation", "later readings keep the first reading's quarter turn", \.reusesOrientation),
        enumKey("lang-routing", "when the configured languages read (as --lang-routing)", \.languageRouting),
        enumKey("label-languages", "the models that read a label in another configured language", \.labelLanguages),
        Key(name: "final-languages", values: "set | eng+deu… (default set)",
            help: "the models of the last reading of an unconvincing table (the primary language first)") { strategy, value in
            strategy.finalReadingLanguages = value == "set" ? nil : value.split(separator: "+").map(String.init)
            return value == "set" || !value.isEmpty
        },
        Key(name: "polarity", values: "where-found|every-page (default where-found)",
            help: "Tesseract's inverted-line retry on pages with light-on-dark text, or on every page") { strategy, value in
            switch value {
            case "where-found": strategy.readOptions.polarity = .lineRetryWhereFound
            case "every-page": strategy.readOptions.polarity = .tesseractLineRetry
            default: return false
            }
            return true
        },
        Key(name: "x-height", values: "PX 8-64 (default 24)",
            help: "the x-height pages and tables are scaled to before recognition") { strategy, value in
            guard let px = Double(value), (8...64).contains(px) else { return false }
            strategy.readOptions.targetXHeight = px
            return true
        },
        Key(name: "table-reread", values: "when-useful|never|always (default when-useful)",
            help: "when the located table is read again at its own scale") { strategy, value in
            switch value {
            case "when-useful": strategy.readOptions.tableReread = .whenUseful
            case "never": strategy.readOptions.tableReread = .never
            case "always": strategy.readOptions.tableReread = .always
            default: return false
            }
            return true
        },
    ]

    /// The `--help` paragraph listing every key.
    static var help: String {
        let tesseract = tesseractPrefix + "NAME=VALUE"
        let width = max(keys.map(\.name.count).max() ?? 0, tesseract.count) + 2
        let lines = keys.map { key in
            "  " + key.name + String(repeating: " ", count: width - key.name.count) + key.values + "\n"
                + String(repeating: " ", count: width + 2) + key.help
        }
        return (["--ocr KEY=VALUE sets one field of the OCR strategy (repeat it for several):"] + lines
            + ["  " + tesseract + String(repeating: " ", count: width - tesseract.count)
               + "a Tesseract variable every engine is loaded with (docs/ocr.md)"])
            .joined(separator: "\n")
    }

    /// Applies `assignments` (`KEY=VALUE` each, in order) to `strategy`, then checks the result against the configured
    /// `languages`.
    /// - Throws: `UsageError.invalidValue` naming the valid keys for an unknown key, the valid values for a bad value,
    ///   and the field for a strategy that cannot read (e.g. a levelled first reading).
    static func apply(_ assignments: [String], to strategy: inout OCRStrategy, languages: [String]) throws {
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "=") else {
                throw UsageError.invalidValue(option: "ocr", value: assignment, expected: "KEY=VALUE; " + validKeys)
            }
            let name = String(assignment[..<equals]), value = String(assignment[assignment.index(after: equals)...])
            if name.hasPrefix(tesseractPrefix), name.count > tesseractPrefix.count {
                strategy.tesseractVariables[String(name.dropFirst(tesseractPrefix.count))] = value
                continue
            }
            guard let key = keys.first(where: { $0.name == name }) else {
                throw UsageError.invalidValue(option: "ocr", value: assignment, expected: "a known key; " + validKeys)
            }
            guard key.apply(&strategy, value) else {
                throw UsageError.invalidValue(option: "ocr", value: assignment, expected: "\(name)=\(key.values)")
            }
        }
        do { try strategy.validate(languages: languages) } catch let error as OCRError {
            throw UsageError.invalidValue(option: "ocr", value: assignments.joined(separator: " "),
                                          expected: "a strategy that can read (\(error))")
        }
    }

    private static var validKeys: String {
        "valid keys: " + (keys.map(\.name) + [tesseractPrefix + "NAME"]).joined(separator: ", ")
    }

    private static func switchKey(_ name: String, _ help: String,
                                  _ field: WritableKeyPath<OCRStrategy, Bool> & Sendable) -> Key {
        Key(name: name, values: "on|off (default on)", help: help) { strategy, value in
            guard value == "on" || value == "off" else { return false }
            strategy[keyPath: field] = value == "on"
            return true
        }
    }

    private static func enumKey<E: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ help: String, _ field: WritableKeyPath<OCRStrategy, E> & Sendable
    ) -> Key where E.RawValue == String {
        let values = E.allCases.map(\.rawValue).joined(separator: "|")
            + " (default \(OCRStrategy.thorough[keyPath: field].rawValue))"
        return Key(name: name, values: values, help: help) { strategy, value in
            guard let parsed = E(rawValue: value) else { return false }
            strategy[keyPath: field] = parsed
            return true
        }
    }
}
