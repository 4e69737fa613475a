import Foundation
import NutriLensOCR

/// How a `NutriLensScanner` is set up. A value type with defaults that work on a stock Debian install
/// (`scripts/setup.sh`); build it once and hand it to `NutriLensScanner(configuration:)`.
public struct ScannerConfiguration: Sendable, Equatable {
    /// Pipeline stages that can be switched on and off.
    public struct Stages: OptionSet, Sendable, Hashable {
        /// The stage bits: `barcode` 1, `nutrition` 2, `classifier` 4.
        public let rawValue: Int
        /// `rawValue`: any combination of the bits above (other bits are ignored by the scanner).
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Barcode reading (ZBar with a retry ladder).
        public static let barcode = Stages(rawValue: 1 << 0)
        /// OCR of the nutrition table (the ``ocrEngine``) followed by the label grammar.
        public static let nutrition = Stages(rawValue: 1 << 1)
        /// Food items and image kind (pure-Swift CNN).
        public static let classifier = Stages(rawValue: 1 << 2)
        /// Every stage.
        public static let all: Stages = [.barcode, .nutrition, .classifier]
    }

    /// Tesseract language codes (ISO 639-2/T as Tesseract names them: `eng`, `deu`, `fra`, …) used by Tesseract, in order
    /// of preference; the first is the *primary* language (see `OCRStrategy.languageRouting`). Default
    /// `["eng", "deu", "fra"]`.
    /// Each needs `<code>.traineddata` under `tessdataPath`.
    ///
    /// Read only when Tesseract reads: ``ocrEngine`` `.tesseract`, and `.both`, where Tesseract re-reads the flagged
    /// value cells with the primary language (the whole list under `OCRStrategy.LanguageRouting.allLanguages`, CLI
    /// `--lang-routing all`). The neural engine (`.neural`, the default) ignores it and takes no language setting:
    /// its recogniser's dictionary (PP-OCRv6 tiny, 6,906 labels: 299 Latin letters, ASCII, Latin-1 Supplement and
    /// Latin Extended-A, as EU, Turkish, Malay and Indonesian labels use them; 50 Greek; 6,174 CJK ideographs) reads
    /// any of those scripts in one pass, and has no Cyrillic, Arabic, Hebrew, Thai, Devanagari, Hangul or kana.
    /// Which languages' row names the label grammar knows is the lexicon's (docs/label.md), whatever the engine.
    public var languages: [String]
    /// Stages to run. Default `.all`. Decoding always runs.
    public var stages: Stages
    /// Budget of the barcode retry ladder (scales, binarisations, tilts, tiles) per image, in seconds of the reference
    /// machine, `> 0`: spent as work (`BarcodeReadOptions.workBudget`, weighted megapixels swept by ZBar), so the codes
    /// found are the same on any machine under any load; the step running when it is spent finishes, and 4x this in
    /// thread CPU time stops the ladder on a much slower machine. Default 0.25.
    public var barcodeTimeBudget: Double
    /// Seconds of CPU time (the scanning thread's) Tesseract may spend per image (all its passes together), `> 0`;
    /// `nil` = unlimited. CPU time, so the fields found do not change when other work holds the cores. When it runs
    /// out, Tesseract's recognition is cancelled, the words read so far are parsed and `ScanResult.warnings`
    /// says the table may be incomplete. Default 5 (a label reads in well under 2 s in release builds). The same value
    /// as `ocr.readOptions.timeBudget`.
    public var ocrTimeBudget: Double? {
        get { ocr.readOptions.timeBudget }
        set { ocr.readOptions.timeBudget = newValue }
    }
    /// How OCR reads a photo: the readings, their stop and skip rules, the later-reading gate, language routing and
    /// the options of every Tesseract call (`NutriLensOCR.OCRStrategy`; presets `.thorough`, the default, and
    /// `.fast`; `ScannerConfiguration.fast` does not use the latter). Two configurations with different strategies
    /// can scan side by side in one process.
    public var ocr: OCRStrategy
    /// The text engines that read: ``TextEngine``. Default `.neural`: on the 128 shared label photos it reads 1216 of
    /// 1379 fields at 0.949 precision where Tesseract reads 1023 at 0.927, and TestImages 522 of 523 (docs/scanner.md,
    /// "Text engines", per source folder).
    public var ocrEngine: TextEngine
    /// Folder holding the neural text reader's models (`ppocrv6_tiny_det.nlg`, `ppocrv6_tiny_rec.nlg` and their
    /// `.sha256` sidecars); `nil` means discover (`NutriLensText.TextModelLocator`: `NUTRILENS_MODELS`, then `models/`
    /// in the working directory or above the binary or package). Used when ``ocrEngine`` is `.neural` or `.both`.
    public var textModelsFolder: String?

    /// Which of the boxes the neural reader detects it recognises (``ocrEngine`` `.neural` and `.both`):
    /// ``TextBoxes``. Default `.all`: on the 128 shared label photos `.tableBand` reads the same fields but costs
    /// 1.03x the OCR CPU (median per photo), since nearly every box of those photos lies in the table's band
    /// (docs/text.md, "Recognising only the table band").
    public var textBoxes: TextBoxes = .all

    /// Long side, in pixels, at which the neural reader's detector sees the working image (``ocrEngine`` `.neural`
    /// and `.both`), 32...4096, rounded to a multiple of 32 by the detector; never above the image's own long side.
    /// Default 1280 (`NeuralTextStage.detectorLongSide`): 960 and 1120 read fewer fields on the shared label photos
    /// (docs/text.md, "Detection scale", per source folder). For measuring alternatives. Sides above about 2000 on a
    /// 3000 x 4000 photo exceed the detector's activation bound (`TextNetwork.maxActivationFloats`): the text stage
    /// then fails with `TextReaderError.inputTooLarge` (a `stage_failed` in the result); 1920 works.
    public var textDetectorLongSide = NeuralTextStage.detectorLongSide

    /// Whether the neural reader detects a small photo once more, enlarged up to 3x, when its table text is small (the
    /// median detected box under 16 px at the photo's own size) and the reading is not convincing, keeping the reading
    /// the grammar scores higher (``ocrEngine`` `.neural` and `.both`; docs/text.md, "Small text on small photos").
    /// Default `true` (session 19): on the shared label photos it reads 6 more correct fields and 2 more wrong ones,
    /// both flagged for review, all on julielee9067's thumbnails, at 1.8-2.5x the OCR CPU of the six photos that take
    /// it (1.03x the corpus's); photos at least as large as ``textDetectorLongSide`` never take it.
    public var textSmallTextRedetection = true

    /// When set, a photo the neural reader detected below its own size (long side over ``textDetectorLongSide``) whose
    /// reading is not convincing is detected once more at this long side (never above the photo's own, 32...4096), and
    /// the reading the grammar scores higher is kept (docs/text.md, "Unconvincing large photos detected again").
    /// Default `nil` (off): at 1920 on the shared label photos it reads 10 more correct fields and 1 more wrong one
    /// (M-Strzelecki, programistkajavy) at 1.4x the OCR CPU (sum over the corpus; 28 photos detected twice). For
    /// measuring alternatives.
    public var textRedetectionLongSide: Int? = nil

    /// When true (the default), a photo the neural reader detected below its own size whose reading is not convincing
    /// has its table region (the rows from the first to the last row whose boxes name table parts, grown by two box
    /// heights) detected once more from the photo's own pixels, at the region's long side up to
    /// ``textDetectorLongSide`` (only when that is at least 1.25x the first detection's scale); the boxes found again
    /// keep their first reading, the new ones are recognised, the first reading's boxes outside the region are kept,
    /// and the reading the grammar scores higher is kept (docs/text.md, "The table region detected again"). On the
    /// shared label photos: 6 more correct fields, no folder with more wrong ones (programistkajavy), 1.12x the OCR
    /// CPU summed (21 of 128 photos detected twice).
    public var textTableRegionRedetection = true

    /// Which detected text boxes the neural reader recognises.
    public enum TextBoxes: String, Sendable, Equatable, Codable, CaseIterable {
        /// Every box (the default): the whole page's text is in the reading (the trace and
        /// ``ScanEvent/linesParsed``).
        case all
        /// The first box of every text row first; then, when at least two rows name table parts (a nutrient, a
        /// per-100 g or serving header, a table title: the grammar's lexicon), only the boxes in the band of rows
        /// around them, across the whole width of the page; otherwise every box. Text outside the band is not read,
        /// so ``ScanEvent/linesParsed`` and the trace's reading (named "band READ/DETECTED") hold only part of the
        /// page; the boxes that are read are read exactly as by `.all`. For photos where the table is a small part
        /// of a busy page; where the table fills the photo, the first boxes read are extra work (``TableBand``).
        case tableBand = "table-band"
    }

    /// Also read GS1 DataBar / DataBar Expanded (loose fresh produce, coupons). Default `false`: Debian's libzbar
    /// prints assertion warnings from its DataBar decoder on the process's stderr, which no ZBar setting avoids
    /// (`NutriLensBarcode.BarcodeReadOptions.readsDataBar`).
    public var readsDataBar = false

    /// The text engines a scanner reads with. `NutrimentDetail.engine` says which one read each field.
    public enum TextEngine: String, Sendable, Equatable, Codable, CaseIterable {
        /// Tesseract's LSTM through its C API (`NutriLensOCR.TesseractReaders`), one engine pool per language list,
        /// read as ``ocr`` (an `OCRStrategy`) says.
        case tesseract
        /// The pure-Swift PP-OCR reader (`NutriLensText.TextReader`, models in ``textModelsFolder``): one detection
        /// of the whole working image (long side 1280), recognition of the boxes ``textBoxes`` names (every box
        /// by default), rows from the boxes' geometry.
        /// ``ocr`` and ``ocrTimeBudget`` do not apply.
        case neural
        /// Neural first; then Tesseract re-reads, one line each (PSM 7), the value cells of the fields the review
        /// model flags (at most 16 per photo), and its text of a cell is kept where the grammar then scores the table
        /// higher. The two engines' agreement on each re-read field is review evidence; fields whose value Tesseract
        /// gave name it as their engine. ``ocr``'s readings and ``ocrTimeBudget`` do not apply.
        case both
    }
    /// Inputs whose header declares more pixels than this fail with a `too_large` error before any allocation.
    /// Default 100 megapixels.
    public var maxImagePixels: Int
    /// Inputs (files or `Data`) bigger than this many bytes fail with a `file_too_large` error without being read,
    /// `> 0`. Default 256 MiB (`NutriLensImageIO.DecodeOptions`' default).
    public var maxFileBytes: Int
    /// Longest side, in pixels, of the working image the stages see; bigger photos are decoded downscaled (libjpeg DCT
    /// scaling) to about this. `nil` keeps full resolution. Default 2400.
    public var workingMaxDimension: Int?
    /// Folder holding `*.traineddata`; `nil` means discover (`NutriLensOCR.TessdataLocator`: `TESSDATA_PREFIX`, then
    /// the Debian/Homebrew folders).
    public var tessdataPath: String?
    /// Classifier model file (`efficientnet_lite0.nlm`); `nil` means discover (`NutriLensClassifier.ModelLocator`:
    /// `NUTRILENS_MODELS`, then `models/` in the working directory or above the binary or package).
    public var classifierModelPath: String?
    /// How the image kind is used to skip work.
    public enum Routing: String, Sendable, Equatable, CaseIterable {
        /// Every enabled stage runs on every image.
        case none
        /// Labels first (default): barcode, OCR and grammar run; the classifier runs only when no nutrition table was
        /// found (a label needs no food items, and the network is the second-costliest stage).
        case labelFirst = "label-first"
        /// Food first: the classifier runs first; when its food probability is at least `foodThreshold` and no barcode
        /// was found, OCR is skipped (for folders of mostly plate photos).
        case foodFirst = "food-first"
    }

    /// Latency first: the default configuration (the neural engine) without its two second detections
    /// (``textSmallTextRedetection`` and ``textTableRegionRedetection`` `false`): every photo is detected once at
    /// ``textDetectorLongSide`` and its boxes recognised once. The page-turn check stays (an upside-down page is read
    /// the right way up; it costs little since it stops when decided), as do the barcode and classifier stages.
    /// Session 20, paired runs (the default and `.fast` at once, one job each, `scripts/trace-cpu-ratio.py`): on the
    /// 128 shared label photos 1270 of 1379 fields correct, 1300 read, against the default's 1282 / 1314 (the 12
    /// fewer all on julielee9067's thumbnails and programistkajavy's photos, the ones the second detections serve), at
    /// 0.87x the OCR CPU summed (per photo median 0.99x: most photos take no second detection; OCR p95 1056 -> 868 ms);
    /// TestImages the same 528 / 529 / 528 at the same CPU. Against Tesseract's single reading (`.fast` before
    /// session 20) on TestImages: 528 instead of 484 correct fields (511 read) at 0.61x its OCR CPU summed, 0.80x per
    /// photo (median).
    /// The Tesseract engine's single reading (`.fast` before session 20) is slower than the neural default and reads
    /// fewer fields; it is still `ocrEngine = .tesseract` with `ocr = .fast` (CLI `--ocr-engine tesseract
    /// --ocr-readings single --lang-routing primary`).
    public static var fast: ScannerConfiguration {
        var configuration = ScannerConfiguration()
        configuration.textSmallTextRedetection = false
        configuration.textTableRegionRedetection = false
        return configuration
    }

    /// Kind routing policy. Default `.labelFirst`.
    public var routing: Routing
    /// Food probability (0…1) above which `.foodFirst` routing skips OCR. Default 0.9.
    public var foodThreshold: Double

    /// Every parameter is the property of that name, with its unit and range there. Defaults: `languages` `["eng",
    /// "deu", "fra"]`, `stages` `.all`, `barcodeTimeBudget` 0.25 s, `ocrTimeBudget` 5 s CPU, `maxImagePixels` 100 M,
    /// `maxFileBytes` 256 MiB, `workingMaxDimension` 2400 px, `tessdataPath` and `classifierModelPath` nil
    /// (discovered), `routing` `.labelFirst`, `foodThreshold` 0.9, `ocr` `.thorough`, `ocrEngine` `.neural`. Not
    /// checked here: `NutriLensScanner.init` throws `ScanError.setup` for a value out of range.
    public init(languages: [String] = ["eng", "deu", "fra"], stages: Stages = .all, barcodeTimeBudget: Double = 0.25,
                ocrTimeBudget: Double? = 5,
                maxImagePixels: Int = 100_000_000, maxFileBytes: Int = 256 << 20, workingMaxDimension: Int? = 2400, tessdataPath: String? = nil,
                classifierModelPath: String? = nil, routing: Routing = .labelFirst, foodThreshold: Double = 0.9,
                ocr: OCRStrategy = .thorough, ocrEngine: TextEngine = .neural) {
        self.ocrEngine = ocrEngine
        self.languages = languages
        self.stages = stages
        self.barcodeTimeBudget = barcodeTimeBudget
        self.ocr = ocr
        self.ocr.readOptions.timeBudget = ocrTimeBudget
        self.maxImagePixels = maxImagePixels
        self.maxFileBytes = maxFileBytes
        self.workingMaxDimension = workingMaxDimension
        self.tessdataPath = tessdataPath
        self.classifierModelPath = classifierModelPath
        self.routing = routing
        self.foodThreshold = foodThreshold
    }
}
