import Foundation

/// How a `Scanner` is set up. A value type with defaults that work on a stock Debian install
/// (`scripts/setup.sh`); build it once and hand it to `Scanner(configuration:)`.
public struct ScannerConfiguration: Sendable, Equatable {
    /// Pipeline stages that can be switched on and off.
    public struct Stages: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Barcode reading (ZBar with a retry ladder).
        public static let barcode = Stages(rawValue: 1 << 0)
        /// OCR of the nutrition table (Tesseract) followed by the label grammar.
        public static let nutrition = Stages(rawValue: 1 << 1)
        /// Food items and image kind (pure-Swift CNN).
        public static let classifier = Stages(rawValue: 1 << 2)
        /// Every stage.
        public static let all: Stages = [.barcode, .nutrition, .classifier]
    }

    /// Tesseract language codes (ISO 639-2/T as Tesseract names them: `eng`, `deu`, `fra`, …) used for OCR, in order
    /// of preference; the first is the *primary* language (see ``languageRouting``). Default `["eng", "deu", "fra"]`.
    /// Each needs `<code>.traineddata` under `tessdataPath`.
    public var languages: [String]
    /// Stages to run. Default `.all`. Decoding always runs.
    public var stages: Stages
    /// Budget of the barcode retry ladder (scales, binarisations, tilts, tiles) per image, in seconds of the reference
    /// machine, `> 0`: spent as work (`BarcodeReadOptions.workBudget`, weighted megapixels swept by ZBar), so the codes
    /// found are the same on any machine under any load; the step running when it is spent finishes, and 4x this in
    /// thread CPU time stops the ladder on a much slower machine. Default 0.25.
    public var barcodeTimeBudget: Double
    /// Seconds of CPU time (the scanning thread's) OCR may spend per image (all Tesseract passes together), `> 0`;
    /// `nil` = unlimited. CPU time, so the fields found do not change when other work holds the cores. When it runs
    /// out, Tesseract's recognition is cancelled, the words read so far are parsed and `ScanResult.warnings`
    /// says the table may be incomplete. Default 5 (a label reads in well under 2 s in release builds).
    public var ocrTimeBudget: Double?
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

    /// How OCR spends the configured languages on a page.
    ///
    /// With several models loaded Tesseract re-recognises every word the first model is unsure of with each further
    /// model; on real photos that is most words (eng+deu+fra ≈ 1.9× the CPU of eng). Measured in docs/ocr.md
    /// ("Session 5"; release, `OMP_THREAD_LIMIT=1 nutrilens eval --jobs 1 --ocr-budget 0 --lang-routing MODE`,
    /// eng+deu+fra, OCR-stage thread CPU summed over the 128 shared label photos): `.allLanguages` 222.5 s, 992
    /// correct fields at 90.9 % precision, TestImages 414/418; `.routed` 191.7 s (0.86×), 1003 at 91.4 %, 414/418.
    public enum LanguageRouting: String, Sendable, Equatable, CaseIterable {
        /// Every reading with every configured language (the default before session 5).
        case allLanguages = "all"
        /// Readings with the primary language; the whole set once the label grammar finds the row names are mostly
        /// in another configured language, and at the end, for a table that is still not convincing (fewer than 7
        /// nutrients, a failed check or a column with a hole) after a primary reading of at least 3 keys
        /// (`LanguageRouting.minimumKeysForFinalReading`), a set reading of the earliest way of reading where the
        /// primary language found a key, then of the one with the most keys. Default.
        case routed
        /// As `.routed` without the last reading: only the label's language brings in the whole set.
        case labelLanguage = "label-language"
        /// The primary language only (cheapest; the other codes are ignored).
        case primary
    }

    /// Language routing policy. Default `.routed` (since session 5: 0.86× the OCR CPU of `.allLanguages` on real
    /// photos with 11 more correct fields and the same TestImages fields). With one configured language every
    /// policy is the same.
    public var languageRouting: LanguageRouting = .routed

    /// How many ways OCR reads a page before the label grammar takes the best reading.
    ///
    /// Measured on the 128 shared label photos (release, `OMP_THREAD_LIMIT=1 nutrilens eval --jobs 1 --ocr-budget 0`,
    /// Debian's libtesseract 5.3, session 8, docs/speed.md): `.thorough` with `.routed` languages 1017 correct of
    /// 1099 fields predicted (recall 73.7 %, precision 92.5 %), OCR-stage CPU median 844 ms, p95 3.6 s; `.single`
    /// with `.primary` languages (``fast``) 982 of 1084 (71.2 %, 90.6 %), median 383 ms, p95 1.7 s, 0.44× the CPU;
    /// TestImages 414 / 418 and 388 / 406.
    public enum OCRReadings: String, Sendable, Equatable, CaseIterable {
        /// The page at PSM 11 (sparse text); then, while the table it gave is not convincing and the predicted
        /// work allows (`LaterReadingGate`, at most ~800 first-reading words per photo), the page levelled when it
        /// is skewed and PSM 3 (automatic layout), and the language set as ``languageRouting`` says. Default.
        case thorough
        /// The page at PSM 11 once (with its table re-read at Tesseract's preferred scale, which is part of that
        /// reading), and the levelled page only when that reading parsed no nutrient on a skewed page where a table
        /// was located (TestImages `deg_rotate_small_*`: 7°); ``languageRouting`` may add a reading with the
        /// configured language set.
        case single
    }

    /// OCR readings per page. Default `.thorough`.
    public var ocrReadings: OCRReadings = .thorough

    /// Also read GS1 DataBar / DataBar Expanded (loose fresh produce, coupons). Default `false`: Debian's libzbar
    /// prints assertion warnings from its DataBar decoder on the process's stderr, which no ZBar setting avoids
    /// (`NutriLensBarcode.BarcodeReadOptions.readsDataBar`).
    public var readsDataBar = false

    /// Latency first: one OCR reading with the primary language (`ocrReadings = .single`,
    /// `languageRouting = .primary`), every other setting the default. Labels in the other configured languages
    /// are read with the primary language's model only. Figures: ``OCRReadings``; with `ocrTimeBudget` also
    /// lowered, the slowest photos are cut short too (docs/speed.md, "Session 8").
    public static var fast: ScannerConfiguration {
        var configuration = ScannerConfiguration()
        configuration.ocrReadings = .single
        configuration.languageRouting = .primary
        return configuration
    }

    /// Kind routing policy. Default `.labelFirst`.
    public var routing: Routing
    /// Food probability (0…1) above which `.foodFirst` routing skips OCR. Default 0.9.
    public var foodThreshold: Double

    public init(languages: [String] = ["eng", "deu", "fra"], stages: Stages = .all, barcodeTimeBudget: Double = 0.25,
                ocrTimeBudget: Double? = 5,
                maxImagePixels: Int = 100_000_000, maxFileBytes: Int = 256 << 20, workingMaxDimension: Int? = 2400, tessdataPath: String? = nil,
                classifierModelPath: String? = nil, routing: Routing = .labelFirst, foodThreshold: Double = 0.9) {
        self.languages = languages
        self.stages = stages
        self.barcodeTimeBudget = barcodeTimeBudget
        self.ocrTimeBudget = ocrTimeBudget
        self.maxImagePixels = maxImagePixels
        self.maxFileBytes = maxFileBytes
        self.workingMaxDimension = workingMaxDimension
        self.tessdataPath = tessdataPath
        self.classifierModelPath = classifierModelPath
        self.routing = routing
        self.foodThreshold = foodThreshold
    }
}
