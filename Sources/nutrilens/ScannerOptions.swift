import Foundation
import NutriLens
import NutriLensOCR

/// Options shared by `scan` and `eval` that shape the `NutriLensScanner`.
enum ScannerOptions {
    static let specs = [
        OptionSpec(name: "jobs", short: "j", valueName: "N", help: "Scan N images at once (default: number of cores)."),
        OptionSpec(name: "lang", short: "l", valueName: "LANGS", help: "Tesseract's languages, '+'-separated codes (default eng+deu+fra; with --ocr-engine both the first, or all of them with --lang-routing all, reads the re-read cells). The neural engine (the default) takes none: it reads Latin, Greek and Chinese characters in any language."),
        OptionSpec(name: "lang-routing", short: nil, valueName: "MODE", help: "How OCR spends the languages: routed (default: primary language first; the set for labels in another configured language and for tables it left unconvincing; ~0.86x the OCR CPU of all on real photos, as many fields), all (every reading with all of them), label-language (~0.6x CPU), primary."),
        OptionSpec(name: "ocr-readings", short: nil, valueName: "MODE", help: "thorough (default: the page, then levelled, PSM 3 and language-set readings while the table is unconvincing) or single (one reading; the levelled page too when it parsed no nutrient on a skewed page)."),
        OptionSpec(name: "fast", short: nil, valueName: nil, help: "Latency first: the neural engine without its second detections (--no-small-text-redetect --no-table-redetect; label corpus: 0.87x the OCR CPU summed, OCR p95 1056 -> 868 ms, 12 of 1282 correct fields fewer, on thumbnails and blurred photos); explicit options still apply. Tesseract's single reading (--fast before session 20, slower and fewer fields) is --ocr-engine tesseract --ocr-readings single --lang-routing primary."),
        OptionSpec(name: "ocr", short: nil, valueName: "KEY=VALUE", help: "Set one field of the OCR strategy, for measuring alternatives (repeatable; keys below)."),
        OptionSpec(name: "trace", short: nil, valueName: "FILE", help: "Append one line per photo read by OCR to FILE ('-' = stderr): every reading, its Tesseract passes with CPU and words, the grammar's score."),
        OptionSpec(name: "dump-lines", short: nil, valueName: "DIR", help: "Write the lines the label grammar parsed of each photo to DIR/NAME.lines.json (NAME: the path below the folder scanned, '/' as '__'), and DIR/list.txt; with --ocr-engine both also the second reading of the re-read cells and its keys to DIR/NAME.second.json."),
        OptionSpec(name: "no-barcode", short: nil, valueName: nil, help: "Skip barcode reading."),
        OptionSpec(name: "no-nutrition", short: nil, valueName: nil, help: "Skip OCR and the nutrition table."),
        OptionSpec(name: "no-classifier", short: nil, valueName: nil, help: "Skip food/kind classification (and kind routing)."),
        OptionSpec(name: "routing", short: nil, valueName: "MODE", help: "label-first (default: classifier only when no table), food-first (no OCR on food photos), none."),
        OptionSpec(name: "barcode-budget", short: nil, valueName: "SECONDS", help: "Work the barcode retry ladder may do per image, in seconds of the reference machine (0.25 = 5 weighted megapixels of ZBar sweep, the same codes on any machine; default 0.25)."),
        OptionSpec(name: "databar", short: nil, valueName: nil, help: "Also read GS1 DataBar (loose produce); Debian's libzbar may then print assertion warnings on stderr."),
        OptionSpec(name: "ocr-budget", short: nil, valueName: "SECONDS", help: "CPU time OCR may spend per image; a cut-short read is a warning; 0 = unlimited (default 5)."),
        OptionSpec(name: "max-size", short: nil, valueName: "PX", help: "Longest side of the working image; 0 = full size (default 2400)."),
        OptionSpec(name: "max-pixels", short: nil, valueName: "N", help: "Report images whose header declares more than N pixels as too_large, before decoding them (default 100000000 = 100 megapixels; at most 1000000000)."),
        OptionSpec(name: "max-file-bytes", short: nil, valueName: "N", help: "Report files bigger than N bytes as file_too_large without reading them (default 268435456 = 256 MiB)."),
        OptionSpec(name: "tessdata", short: nil, valueName: "DIR", help: "Folder with *.traineddata (default: discovered)."),
        OptionSpec(name: "ocr-engine", short: nil, valueName: "ENGINE", help: "Text engine: neural (default: the pure-Swift PP-OCRv6 tiny reader; --lang, --lang-routing, --ocr-readings, --ocr and --ocr-budget are Tesseract's and do not apply), tesseract, or both (neural, then Tesseract re-reads each value cell the review flags as one line; its text is kept where the table becomes more consistent, and the two engines' agreement feeds the review flag)."),
        OptionSpec(name: "text-boxes", short: nil, valueName: "WHICH", help: "Boxes the neural reader recognises: all (default) or table-band (the first box of each text row, then only the band of rows around those naming table parts, every box when fewer than two do; for busy pack photos: the same fields on the label corpus at 1.03x the OCR CPU there, where tables fill the photos)."),
        OptionSpec(name: "detector-side", short: nil, valueName: "PX", help: "Long side at which the neural reader detects text, 32-4096 (default 1280; never above the photo's own); for measuring alternatives."),
        OptionSpec(name: "no-small-text-redetect", short: nil, valueName: nil, help: "Do not detect a small photo again, enlarged up to 3x, when its text boxes are small (median under 16 px) and the reading is unconvincing (by default it is, and the better-scoring reading is kept: label corpus +6 correct, +2 wrong fields, both flagged, all on thumbnails)."),
        OptionSpec(name: "no-table-redetect", short: nil, valueName: nil, help: "Do not detect the table region of a photo that was shrunk for detection again from the photo's own pixels when its reading is unconvincing (by default it is, and the better-scoring reading is kept: label corpus +6 correct fields, no folder with more wrong ones, 1.12x OCR CPU)."),
        OptionSpec(name: "redetect-side", short: nil, valueName: "PX", help: "Detect a photo that was shrunk for detection again at long side PX (32-4096, never above the photo's own) when its reading is unconvincing; the better-scoring reading is kept. Off by default; for measuring alternatives."),
        OptionSpec(name: "text-models", short: nil, valueName: "DIR", help: "Folder with the neural reader's ppocrv6_tiny_{det,rec}.nlg (default: discovered: NUTRILENS_MODELS, then models/)."),
        OptionSpec(name: "model", short: nil, valueName: "FILE", help: "Classifier model file (default: discovered)."),
    ]

    static func configuration(from args: ParsedArguments) throws -> ScannerConfiguration {
        var config = args.flags.contains("fast") ? ScannerConfiguration.fast : ScannerConfiguration()
        if let langs = args.values["lang"] {
            let list = langs.split(whereSeparator: { $0 == "+" || $0 == "," }).map(String.init)
            guard !list.isEmpty, list.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0 == "_" } }) else {
                throw UsageError.invalidValue(option: "lang", value: langs, expected: "codes like eng+deu")
            }
            config.languages = list
        }
        if let mode = args.values["lang-routing"] {
            guard let routing = OCRStrategy.LanguageRouting(rawValue: mode) else {
                throw UsageError.invalidValue(option: "lang-routing", value: mode, expected: "all, routed, label-language or primary")
            }
            config.ocr.languageRouting = routing
        }
        if let mode = args.values["ocr-readings"] {
            // The readings of a preset and the levelled-page rule that goes with them.
            let presets: [String: OCRStrategy] = ["thorough": .thorough, "single": .fast]
            guard let preset = presets[mode] else {
                throw UsageError.invalidValue(option: "ocr-readings", value: mode, expected: "thorough or single")
            }
            config.ocr.readings = preset.readings
            config.ocr.levelledOnlyBelowKeys = preset.levelledOnlyBelowKeys
        }
        if args.flags.contains("no-barcode") { config.stages.remove(.barcode) }
        if args.flags.contains("no-nutrition") { config.stages.remove(.nutrition) }
        if args.flags.contains("no-classifier") { config.stages.remove(.classifier) }
        if let mode = args.values["routing"] {
            guard let routing = ScannerConfiguration.Routing(rawValue: mode) else {
                throw UsageError.invalidValue(option: "routing", value: mode, expected: "label-first, food-first or none")
            }
            config.routing = routing
        }
        if let text = args.values["barcode-budget"] {
            guard let seconds = Double(text), seconds > 0, seconds <= 60 else {
                throw UsageError.invalidValue(option: "barcode-budget", value: text, expected: "seconds, more than 0 and at most 60")
            }
            config.barcodeTimeBudget = seconds
        }
        if args.flags.contains("databar") { config.readsDataBar = true }
        if let text = args.values["ocr-budget"] {
            guard let seconds = Double(text), seconds >= 0, seconds <= 600 else {
                throw UsageError.invalidValue(option: "ocr-budget", value: text, expected: "seconds from 0 (unlimited) to 600")
            }
            config.ocrTimeBudget = seconds == 0 ? nil : seconds
        }
        if let size = try args.integer("max-size", in: 0...100_000) { config.workingMaxDimension = size == 0 ? nil : size }
        if let bytes = try args.integer("max-file-bytes", in: 1...Int.max) { config.maxFileBytes = bytes }
        if let pixels = try args.integer("max-pixels", in: 1...1_000_000_000) { config.maxImagePixels = pixels }
        config.tessdataPath = args.values["tessdata"]
        config.classifierModelPath = args.values["model"]
        if let name = args.values["ocr-engine"] {
            guard let engine = ScannerConfiguration.TextEngine(rawValue: name) else {
                throw UsageError.invalidValue(option: "ocr-engine", value: name, expected: "neural, tesseract or both")
            }
            config.ocrEngine = engine
        }
        config.textModelsFolder = args.values["text-models"]
        if let name = args.values["text-boxes"] {
            guard let boxes = ScannerConfiguration.TextBoxes(rawValue: name) else {
                throw UsageError.invalidValue(option: "text-boxes", value: name, expected: "table-band or all")
            }
            config.textBoxes = boxes
        }
        if let side = try args.integer("detector-side", in: 32...4096) { config.textDetectorLongSide = side }
        if args.flags.contains("no-small-text-redetect") { config.textSmallTextRedetection = false }
        if args.flags.contains("no-table-redetect") { config.textTableRegionRedetection = false }
        if let side = try args.integer("redetect-side", in: 32...4096) { config.textRedetectionLongSide = side }
        try OCRStrategyOptions.apply(args.allValues["ocr"] ?? [], to: &config.ocr, languages: config.languages)
        return config
    }

    /// The options that set only Tesseract: `--lang` (``ScannerConfiguration/languages``), `--lang-routing`,
    /// `--ocr-readings`, `--ocr` (``ScannerConfiguration/ocr``), `--ocr-budget` (``ScannerConfiguration/ocrTimeBudget``)
    /// and `--tessdata`.
    static let tesseractOnly = ["lang", "lang-routing", "ocr-readings", "ocr", "ocr-budget", "tessdata"]

    /// One line for stderr when options of ``tesseractOnly`` were given but only the neural engine reads text, so they
    /// change nothing (`nil` otherwise, and when the nutrition stage is off and nothing reads text): names them, says
    /// which engines they apply to and what the neural engine reads instead.
    static func unusedTesseractOptionsNote(_ args: ParsedArguments, configuration: ScannerConfiguration) -> String? {
        guard configuration.ocrEngine == .neural, configuration.stages.contains(.nutrition) else { return nil }
        let given = tesseractOnly.filter { args.values[$0] != nil }.map { "--" + $0 }
        guard !given.isEmpty else { return nil }
        return "note: " + given.joined(separator: ", ") + " only " + (given.count == 1 ? "applies" : "apply")
            + " to the Tesseract engine (--ocr-engine tesseract, or both for the cells it re-reads); the neural engine "
            + "(the default) reads Latin, Greek and Chinese characters in any language without them"
    }

    static func jobs(from args: ParsedArguments) throws -> Int {
        try args.integer("jobs", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
    }
}
