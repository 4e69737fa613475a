import Foundation
import NutriLensImaging
import NutriLensLabel
import NutriLensTestSupport
import XCTest
@testable import NutriLens
@testable import NutriLensText

/// The neural text engine in the scanner (`ScannerConfiguration.TextEngine.neural` / `.both`): PP-OCR segments into
/// the grammar's lines, page turns, engine attribution, and model-file errors at set-up.
final class NeuralEngineTests: XCTestCase {
    private static func scanner(_ engine: ScannerConfiguration.TextEngine,
                                languages: [String] = ["eng", "deu"]) throws -> NutriLensScanner {
        var configuration = ScannerConfiguration(languages: languages, stages: [.nutrition])
        configuration.ocrEngine = engine
        configuration.ocrTimeBudget = nil
        return try NutriLensScanner(configuration: configuration)
    }

    /// A segment "Fat 7.1g" with characters spread along a 200 px line: two words, each with the part of the quad its
    /// characters cover and the lowest of their confidences; a segment of spaces gives no line.
    func testSegmentsBecomeLinesOfWordsWithQuadsAndLeastConfidences() {
        let quad = NutriLensText.TextQuad(PixelRect(x: 100, y: 50, width: 200, height: 20))
        let texts = Array("Fat 7.1g").map(String.init)
        let confidences: [Float] = [0.99, 0.98, 0.97, 0.9, 0.95, 0.6, 0.99, 0.93]
        let characters = texts.indices.map { i in
            RecognizedCharacter(text: texts[i], confidence: confidences[i], steps: i...i,
                                span: Double(i) / 8...Double(i + 1) / 8,
                                quad: quad.slice(from: Double(i) / 8, to: Double(i + 1) / 8))
        }
        let segment = RecognizedText(quad: quad, text: texts.joined(), confidence: 0.9, minimumCharacterConfidence: 0.6,
                                     detectionScore: 0.8, characters: characters)
        let blank = RecognizedText(quad: quad, text: "  ", confidence: 0.9, minimumCharacterConfidence: 0.9,
                                   detectionScore: 0.8, characters: [characters[3], characters[3]])
        let lines = RecognizedLines.lines([segment, blank], quarterTurns: 0, width: 400, height: 300)
        XCTAssertEqual(lines.count, 1)
        XCTAssertEqual(lines[0].text, "Fat 7.1g")
        XCTAssertEqual(lines[0].words.map(\.text), ["Fat", "7.1g"])
        XCTAssertEqual(lines[0].words[0].box, TextBox(x: 100, y: 50, width: 75, height: 20))
        XCTAssertEqual(lines[0].words[1].box, TextBox(x: 200, y: 50, width: 100, height: 20))
        XCTAssertEqual(lines[0].words[0].confidence ?? 0, 0.97, accuracy: 1e-6)
        XCTAssertEqual(lines[0].words[1].confidence ?? 0, 0.6, accuracy: 1e-6)
        XCTAssertEqual(lines[0].words[1].quad?.topLeft, TextPoint(x: 200, y: 50))
    }

    /// A segment read on a page turned 90 degrees clockwise (text running down a 300 x 400 photo) lands on the
    /// upright page (400 x 300) running left to right, as the Tesseract path's boxes do.
    func testSegmentsOfATurnedPageLandOnTheUprightPage() throws {
        // Reading order of text running downwards at x 250...270, y 100...300: starts top right, ends bottom right.
        let quad = NutriLensText.TextQuad(topLeft: PixelPoint(x: 270, y: 100), topRight: PixelPoint(x: 270, y: 300),
                                          bottomRight: PixelPoint(x: 250, y: 300), bottomLeft: PixelPoint(x: 250, y: 100))
        let character = RecognizedCharacter(text: "7", confidence: 0.9, steps: 0...0, span: 0...1, quad: quad)
        let segment = RecognizedText(quad: quad, text: "7", confidence: 0.9, minimumCharacterConfidence: 0.9,
                                     detectionScore: 1, characters: [character])
        let line = RecognizedLines.lines([segment], quarterTurns: 1, width: 300, height: 400)[0]
        let word = line.words[0]
        XCTAssertEqual(word.box, TextBox(x: 100, y: 30, width: 200, height: 20))
        XCTAssertEqual(word.quad?.angle ?? 1, 0, accuracy: 1e-9)
        let mapping = ReadPageMapping(levelling: nil, quarterTurns: 1, inputWidth: 300, inputHeight: 400)
        XCTAssertEqual(mapping.working(try XCTUnwrap(word.box)), TextBox(x: 250, y: 100, width: 20, height: 200))
    }

    /// A TestImages label read by the neural engine alone gives its sidecar's values, and says so per field.
    func testNeuralEngineReadsATestImagesLabel() throws {
        let result = try Self.scanner(.neural).scan(TestPaths.testImages.appendingPathComponent("eu_en_table_serving_ri.jpg"))
        let nutrition = try XCTUnwrap(result.nutrition, "\(result)")
        XCTAssertEqual(nutrition.nutriments["energy-kj_100g"], 294)
        XCTAssertEqual(nutrition.nutriments["carbohydrates_100g"], 15)
        XCTAssertEqual(nutrition.nutriments["sugars_100g"], Decimal(string: "1.3"))
        XCTAssertEqual(nutrition.nutriments["salt_100g"], Decimal(string: "2.1"))
        XCTAssertEqual(nutrition.nutriments["carbohydrates_serving"], Decimal(string: "4.5"))
        XCTAssertEqual(nutrition.nutriments["salt_serving"], Decimal(string: "0.62"))
        XCTAssertEqual(Set(nutrition.fields?.values.map(\.engine) ?? []), [.neural])
        XCTAssertNotNil(result.timingsMs?[.ocr])
    }

    /// Pages turned 90 and 180 degrees (no EXIF): the orientation check reads them the right way up, and boxes come
    /// back in the photo's pixels.
    func testNeuralEngineReadsTurnedPages() throws {
        let scanner = try Self.scanner(.neural)
        let sideways = scanner.scan(TestPaths.testImages.appendingPathComponent("deg_rot90_en.jpg"))
        let n90 = try XCTUnwrap(sideways.nutrition, "\(sideways)")
        XCTAssertEqual(n90.nutriments["energy-kj_100g"], 2002)
        XCTAssertEqual(n90.nutriments["saturated-fat_100g"], 13)
        XCTAssertEqual(n90.nutriments["salt_100g"], Decimal(string: "0.46"))
        let salt = try XCTUnwrap(n90.fields?["salt_100g"]?.box)
        XCTAssertGreaterThan(salt.height, salt.width, "\(salt)")

        let upsideDown = scanner.scan(TestPaths.testImages.appendingPathComponent("deg_rot180_de.jpg"))
        let n180 = try XCTUnwrap(upsideDown.nutrition, "\(upsideDown)")
        XCTAssertEqual(n180.nutriments["energy-kj_100g"], 1236)
        XCTAssertEqual(n180.nutriments["fat_100g"], 21)
        XCTAssertEqual(n180.nutriments["proteins_100g"], 27)
    }

    /// A glossy UK pack with glare over the lower rows (shared corpus, openfoodfacts-dart `nutrition_en.jpg`): its
    /// sugars name reads "of whichiigars". Until session 13 the neural reading put the fibre values a column off
    /// (per 100 g "90g") and only `.both`'s Tesseract re-read of the flagged cells fixed them; with the glued g read
    /// as g (the recogniser's runner-up) and realignment comparing the table's own rows, the neural engine reads the
    /// table as printed, the lost sugars row inferred from the declaration order, and `.both` keeps it.
    func testGlossyPackWithALostRowNameReadsAsPrinted() throws {
        let photo = try PackagePaths.shared("corpus/labels/openfoodfacts__openfoodfacts-dart/nutrition_en.jpg")
        let expected: [String: Decimal] = [
            "fiber_100g": Decimal(string: "3.1")!, "fiber_serving": Decimal(string: "0.7")!,
            "sugars_100g": Decimal(string: "37.3")!, "sugars_serving": Decimal(string: "7.8")!,
            "proteins_100g": Decimal(string: "5.5")!, "proteins_serving": Decimal(string: "1.2")!,
            "salt_100g": Decimal(string: "0.6")!, "fat_100g": Decimal(string: "22.6")!, "energy-kj_100g": 2085,
        ]
        let neural = try XCTUnwrap(try Self.scanner(.neural).scan(photo).nutrition)
        for (key, value) in expected { XCTAssertEqual(neural.nutriments[key], value, key) }
        let result = try Self.scanner(.both, languages: ["eng", "deu", "fra"]).scan(photo)
        let both = try XCTUnwrap(result.nutrition, "\(result)")
        for (key, value) in expected { XCTAssertEqual(both.nutriments[key], value, "both \(key)") }
        XCTAssertEqual(both.fields?["energy-kj_100g"]?.engine, .neural)
    }

    /// With `.both`, the observer is told the lines the grammar parsed and then the re-read cells' second reading
    /// with its keys (what `--dump-lines` writes as `NAME.second.json`): parsing them as the scanner does gives the
    /// scan's values, confidences and review flags, so a refit of the review model can be measured from text alone.
    /// Photo: M-Strzelecki `nf131.jpg`, a US panel whose flagged cells Tesseract reads the same (since the session-16
    /// review model flags fewer cells, the glossy `nutrition_en.jpg` used before re-reads only its two sugars cells,
    /// which Tesseract reads "3739" and "789", so no re-read field carried agreement or disagreement).
    func testSecondReadingEventReproducesTheBothScan() throws {
        let photo = try PackagePaths.shared("corpus/labels/M-Strzelecki__OCRResearch/sample_images/nf131.jpg")
        final class Recorder: ScanObserver, @unchecked Sendable {
            // @unchecked Sendable: one scan on one thread writes these before `scan` returns.
            var lines: [TextLine]?
            var second: (lines: [TextLine], keys: Set<String>)?
            func scan(_ path: String?, observed event: ScanEvent) {
                switch event {
                case .textRead: break
                case .linesParsed(let parsed): lines = parsed
                case .secondReadingParsed(let parsed, let keys):
                    XCTAssertNotNil(lines, "the second reading follows the parsed lines")
                    second = (parsed, keys)
                }
            }
        }
        var configuration = ScannerConfiguration(languages: ["eng", "deu", "fra"], stages: [.nutrition])
        configuration.ocrEngine = .both
        configuration.ocrTimeBudget = nil
        let recorder = Recorder()
        let result = try NutriLensScanner(configuration: configuration, observer: recorder).scan(photo)
        let nutrition = try XCTUnwrap(result.nutrition, "\(result)")
        let lines = try XCTUnwrap(recorder.lines), second = try XCTUnwrap(recorder.second, "no cell was re-read")
        XCTAssertFalse(second.keys.isEmpty)
        let table = try XCTUnwrap(try NutritionParser().parse(lines: lines, secondReading: second.lines,
                                                              keys: second.keys))
        XCTAssertEqual(table.nutriments, nutrition.nutriments)
        for (key, detail) in nutrition.fields ?? [:] {
            let entry = try XCTUnwrap(table[key], key)
            XCTAssertEqual(detail.confidence, ScanResultJSON.rounded(entry.confidence, decimals: 3), key)
            XCTAssertEqual(detail.needsReview, entry.needsReview, key)
        }
        XCTAssertTrue(second.keys.contains { table[$0]?.evidence?.secondReading != .unavailable },
                      "the re-read fields carry the second reading's agreement")
    }

    /// `.tableBand` on a busy pack photo (shared corpus, programistkajavy `20251114_101224.jpg`: a Polish table beside
    /// pack text): the trace names the band and recognises fewer boxes than were detected, and the table reads as with
    /// every box recognised (`.all`, whose reading names no band).
    func testTableBandReadsABusyPacksTableAsEveryBoxDoes() throws {
        let photo = try PackagePaths.shared("corpus/labels/programistkajavy-art__ai-lvlup/20251114_101224.jpg")
        func scan(_ boxes: ScannerConfiguration.TextBoxes) throws -> (ScanResult, [String]) {
            var configuration = ScannerConfiguration(languages: ["eng"], stages: [.nutrition])
            configuration.textBoxes = boxes
            let observer = TraceNames()
            let result = try NutriLensScanner(configuration: configuration, observer: observer).scan(photo)
            return (result, observer.names)
        }
        let (all, allNames) = try scan(.all)
        let (band, bandNames) = try scan(.tableBand)
        XCTAssertEqual(allNames, ["neural q0"])
        let name = try XCTUnwrap(bandNames.first, "\(bandNames)")
        let counts = name.split(separator: " ").last?.split(separator: "/").compactMap { Int($0) } ?? []
        XCTAssertEqual(counts.count, 2, name)
        XCTAssertLessThan(counts[0], counts[1], name)
        let table = try XCTUnwrap(all.nutrition, "\(all)")
        XCTAssertGreaterThanOrEqual(table.nutriments.count, 6)
        XCTAssertEqual(band.nutrition?.nutriments, table.nutriments)
    }

    /// The names of the readings a scan made (`ScanEvent.textRead`).
    private final class TraceNames: ScanObserver, @unchecked Sendable {
        private let lock = NSLock()
        private var collected: [String] = []
        var names: [String] { lock.withLock { collected } }
        func scan(_ path: String?, observed event: ScanEvent) {
            if case .textRead(let trace) = event { lock.withLock { collected += trace.readings.map(\.name) } }
        }
    }

    /// A models folder without the files: a typed set-up error naming the path searched, at init, not per scan.
    func testMissingModelFolderIsASetupError() throws {
        var configuration = ScannerConfiguration(stages: [.nutrition])
        configuration.ocrEngine = .neural
        configuration.textModelsFolder = "/nonexistent/nutrilens-models"
        XCTAssertThrowsError(try NutriLensScanner(configuration: configuration)) { error in
            guard case ScanError.setup(let stage, let message) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(stage, "ocr")
            XCTAssertTrue(message.contains("/nonexistent/nutrilens-models/ppocrv6_tiny_det.nlg"), message)
        }
    }

    /// A corrupt model file (its checksum no longer matches): the typed error names the file.
    func testCorruptModelFileIsASetupError() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let models = PackagePathsForModels.models
        for name in ["ppocrv6_tiny_det.nlg", "ppocrv6_tiny_det.nlg.sha256", "ppocrv6_tiny_rec.nlg.sha256"] {
            try FileManager.default.copyItem(at: models.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        var bytes = try Data(contentsOf: models.appendingPathComponent("ppocrv6_tiny_rec.nlg"))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: folder.appendingPathComponent("ppocrv6_tiny_rec.nlg"))
        var configuration = ScannerConfiguration(stages: [.nutrition])
        configuration.ocrEngine = .both
        configuration.textModelsFolder = folder.path
        XCTAssertThrowsError(try NutriLensScanner(configuration: configuration)) { error in
            guard case ScanError.setup(let stage, let message) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(stage, "ocr")
            XCTAssertTrue(message.contains("ppocrv6_tiny_rec.nlg"), message)
        }
    }

    /// `--ocr-engine bad` exits 2 naming the engines; `--help` lists the option.
    func testCLIRejectsAnUnknownEngine() throws {
        let bad = try runCLI(["scan", "--ocr-engine", "bad", "x.jpg"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("neural, tesseract or both"), bad.stderr)
        XCTAssertTrue(try runCLI(["eval", "--help"]).stdout.contains("--ocr-engine"))
    }
}

private enum PackagePathsForModels {
    static var models: URL { TestPaths.testImages.deletingLastPathComponent().appendingPathComponent("models") }
}
