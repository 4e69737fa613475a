// swift-tools-version:6.0
// NutriLens: photo of food packaging or a plate -> barcodes, nutrition table, food items.
// Layout: one target per pipeline stage (see README "Architecture"); C libraries enter only through the
// systemLibrary targets below (pkg-config), the small CImageShims target that owns libjpeg/libpng setjmp, and
// CTesseractLineImages (Tesseract's line images without a PNG round trip).
import PackageDescription

let package = Package(
    name: "NutriLens",
    products: [
        .library(name: "NutriLens", targets: ["NutriLens"]),
        // OCRStrategy and the OCR stage alone (ScannerConfiguration.ocr's type).
        .library(name: "NutriLensOCR", targets: ["NutriLensOCR"]),
        .library(name: "NutriLensLabel", targets: ["NutriLensLabel"]),
        .library(name: "NutriLensImaging", targets: ["NutriLensImaging"]),
        .library(name: "NutriLensClassifier", targets: ["NutriLensClassifier"]),
        .library(name: "NutriLensText", targets: ["NutriLensText"]),
        .executable(name: "nutrilens", targets: ["nutrilens"]),
    ],
    targets: [
        // MARK: C libraries (Debian -dev packages, found with pkg-config)
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // HEIF/HEIC (iPhone photos) and WebP (web images); both return error codes, so no C shim is needed.
        .systemLibrary(name: "CHEIF", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CZBar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev"])]),
        .systemLibrary(name: "CLeptonica", pkgConfig: "lept", providers: [.apt(["libleptonica-dev"])]),
        // GEMM for the neural text reader on Linux (Apple platforms use Accelerate).
        .systemLibrary(name: "CBLAS", pkgConfig: "openblas", providers: [.apt(["libopenblas-dev"])]),
        // C we write: setjmp/longjmp guards so libjpeg/libpng errors never unwind Swift frames.
        .target(name: "CImageShims", dependencies: ["CJPEG", "CPNG"]),
        // Tesseract's line images passed to its LSTM raw instead of through a PNG round trip (the
        // TESSERACT_IMAGEDATA_AS_PIX build option, by symbol interposition; see its header).
        .target(name: "CTesseractLineImages", dependencies: ["CLeptonica"]),

        // MARK: Pipeline stages
        .target(name: "NutriLensImaging",
                // Float rounding/sqrt lower to libm calls on Linux; no Foundation/Glibc import pulls libm in here.
                linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        .target(name: "NutriLensImageIO", dependencies: ["NutriLensImaging", "CImageShims", "CHEIF", "CWebP"]),
        .target(name: "NutriLensBarcode", dependencies: ["NutriLensImaging", "CZBar"]),
        .target(name: "NutriLensOCR", dependencies: ["NutriLensImaging", "CTesseract", "CLeptonica",
                                                     "CTesseractLineImages"]),
        .target(name: "NutriLensLabel"),
        // Neural text reader (PP-OCR detector + CTC recogniser from models/*.nlg); see docs/text.md.
        .target(name: "NutriLensText",
                dependencies: ["NutriLensImaging", .target(name: "CBLAS", condition: .when(platforms: [.linux]))]),
        .target(name: "NutriLensClassifier", dependencies: ["NutriLensImaging"]),
        .target(name: "NutriLens", dependencies: [
            "NutriLensImaging", "NutriLensImageIO", "NutriLensBarcode", "NutriLensOCR",
            "NutriLensLabel", "NutriLensClassifier", "NutriLensText",
        ]),
        // Ground truth, field scoring, reports and baseline comparison: for the CLI, the benchmarks and the tests; not
        // part of the NutriLens product.
        .target(name: "NutriLensEvaluation", dependencies: ["NutriLens", "NutriLensBarcode", "NutriLensClassifier",
                                                           "NutriLensImaging", "NutriLensImageIO"]),
        .executableTarget(name: "nutrilens", dependencies: ["NutriLens", "NutriLensEvaluation", "NutriLensImageIO",
                                                            "NutriLensOCR"]),

        // MARK: Benchmarks (release build: `swift run -c release nutrilens-bench --help`)
        .executableTarget(name: "nutrilens-bench",
                          dependencies: ["NutriLens", "NutriLensEvaluation", "NutriLensText", "CLeptonica",
                                         "CZBar"],
                          path: "Benchmarks/NutriLensBenchmarks"),

        // MARK: Tests (mirror the targets)
        // Shared by every test target: package-root and ../shared locators (XCTSkip when absent), seeded RNG.
        .target(name: "NutriLensTestSupport", path: "Tests/NutriLensTestSupport"),
        .testTarget(name: "NutriLensImagingTests", dependencies: ["NutriLensTestSupport", "NutriLensImaging"]),
        .testTarget(name: "NutriLensImageIOTests", dependencies: ["NutriLensTestSupport", "NutriLensImageIO"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "NutriLensBarcodeTests", dependencies: ["NutriLensTestSupport", "NutriLensBarcode",
                                                                   "NutriLensImageIO"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "NutriLensOCRTests", dependencies: ["NutriLensTestSupport", "NutriLensOCR",
                                                               "NutriLensImageIO"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "NutriLensLabelTests", dependencies: ["NutriLensTestSupport", "NutriLensLabel"]),
        .testTarget(name: "NutriLensClassifierTests", dependencies: ["NutriLensTestSupport", "NutriLensClassifier",
                                                                      "NutriLensImageIO"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "NutriLensEvaluationTests", dependencies: ["NutriLensTestSupport", "NutriLensEvaluation",
                                                                      "NutriLensClassifier"]),
        // Fixtures/ (HEIC/WebP label scans) is read from the package root like TestImages/, not bundled.
        .testTarget(name: "NutriLensTests", dependencies: ["NutriLensTestSupport", "NutriLens", "NutriLensEvaluation",
                                                            "NutriLensText", "nutrilens"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "NutriLensTextTests", dependencies: ["NutriLensTestSupport", "NutriLensText",
                                                                "NutriLensImageIO"],
                    resources: [.copy("Fixtures")]),

        // MARK: Fuzzing and reliability (owner: reliability; see docs/reliability.md)
        // `nutrilens-fuzz` replays saved inputs in an ordinary build; scripts/fuzz.sh rebuilds it with
        // `-sanitize=fuzzer,address -D NUTRILENS_LIBFUZZER` in a separate build folder, so libFuzzer supplies main.
        .target(name: "NutriLensFuzzTargets",
                dependencies: ["NutriLens", "NutriLensEvaluation", "NutriLensImageIO", "NutriLensLabel",
                               "NutriLensClassifier", "NutriLensText"],
                path: "Fuzz/NutriLensFuzzTargets"),
        .executableTarget(name: "nutrilens-fuzz", dependencies: ["NutriLensFuzzTargets"], path: "Fuzz/nutrilens-fuzz"),
        .testTarget(name: "NutriLensReliabilityTests",
                    dependencies: ["NutriLensTestSupport", "NutriLensFuzzTargets", "NutriLens", "NutriLensImageIO",
                                   "NutriLensLabel", "NutriLensClassifier", "NutriLensText"],
                    resources: [.copy("Fixtures")]),
    ]
)
