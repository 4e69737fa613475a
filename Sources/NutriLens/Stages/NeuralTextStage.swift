import Foundation
import NutriLensImaging
import NutriLensLabel
import NutriLensOCR
import NutriLensText

/// Adapter over `NutriLensText`: the working image read by the pure-Swift PP-OCR reader (``ScannerConfiguration/
/// TextEngine/neural``), its segments turned into lines for the label grammar (``RecognizedLines``).
///
/// One detection of the whole working image, then recognition of every box in the page orientation the boxes
/// suggest. Orientation: PP-OCR has no page-orientation step here (PaddleOCR's optional text-line classifier is not
/// converted), so a page turned by 90 or 180 degrees is found like this. The boxes' long sides say whether the text
/// runs across or down the photo, which leaves two turns (0 or 180; 90 or 270). The first is read; when the grammar
/// finds that reading not convincing (`ReadingScore.isConvincing`), the longest boxes are read again in the other
/// turn, and only when those read with more confidence (text upside down reads as low-probability characters) is the
/// whole page read that way too and the reading the grammar scores higher kept. The sample is read one line at a time,
/// cheapest first, only until the comparison is settled (``readsBetterTurned(_:_:quarterTurns:than:)``, session 20):
/// an unconvincing upright label reads 1-3 extra short lines (44 of the corpus's 53); the detector runs once in
/// every case. The page read the other way keeps the sample lines the check read in that turn (session 21).
///
/// Which boxes are recognised: ``ScannerConfiguration/textBoxes``. `.tableBand` reads the first box of each row
/// first, and then only the boxes in the band around the rows that name table parts (``TableBand``), every box when
/// no such band is found; `.all` reads every box.
struct NeuralTextStage: Sendable {
    let reader: TextReader
    let options: TextReadOptions
    let textBoxes: ScannerConfiguration.TextBoxes

    /// The default of ``ScannerConfiguration/textDetectorLongSide``: the detector sees the working image at this long
    /// side (never enlarged): the size at which PP-OCRv6 tiny + the grammar read the shared corpus at 0.826 recall /
    /// 0.920 precision in the dump evaluation (scripts/dump-label-text.py), 0.882 / 0.949 through this stage
    /// (docs/scanner.md); 960 and 1120 read fewer fields (docs/text.md, "Detection scale", session 18).
    static let detectorLongSide = 1280
    /// ``ScannerConfiguration/textDetectorLongSide``, clamped by ``clampedSide(_:)``.
    let detectorLongSide: Int
    /// A configured detector side within 32...4096, `TextReadOptions`' range.
    static func clampedSide(_ side: Int) -> Int { min(max(side, 32), 4096) }
    /// ``ScannerConfiguration/textSmallTextRedetection``: small text on a small photo detected again, enlarged.
    let redetectsSmallText: Bool
    /// ``ScannerConfiguration/textRedetectionLongSide``: an unconvincing shrunk photo detected again at this side.
    let redetectionLongSide: Int?
    /// ``ScannerConfiguration/textTableRegionRedetection``: an unconvincing shrunk photo's table region detected again.
    let redetectsTableRegion: Bool
    /// Boxes re-read in the other turn to decide the page's orientation: the longest, whose confidence says most.
    static let orientationSample = 8

    /// Loads the tiny preset from `configuration.textModelsFolder` or `TextModelLocator`'s discovery.
    /// - Throws: `ScanError.setup(stage: "ocr")` naming the paths searched, or the bad file and what is wrong with it
    ///   (`TextReaderError`: truncated, checksum mismatch, malformed graph, …).
    init(configuration: ScannerConfiguration) throws {
        do {
            reader = try TextReader(modelsFolder: configuration.textModelsFolder.map { URL(fileURLWithPath: $0, isDirectory: true) })
        } catch let error as TextReaderError {
            throw ScanError.setup(stage: "ocr", message: "neural text reader: \(error.description)")
        }
        // PaddleOCR's drop score (0.5, not fitted here): segments whose mean character probability is below it are
        // left out of the grammar's lines. Against keeping every segment (the dump evaluation's choice), the 128
        // corpus photos lose no correct field and 3 wrong ones; TestImages are unchanged (docs/scanner.md).
        detectorLongSide = Self.clampedSide(configuration.textDetectorLongSide)
        options = TextReadOptions(detectorLongSide: detectorLongSide, minimumConfidence: 0.5)
        textBoxes = configuration.textBoxes
        redetectsSmallText = configuration.textSmallTextRedetection
        redetectionLongSide = configuration.textRedetectionLongSide.map(Self.clampedSide)
        redetectsTableRegion = configuration.textTableRegionRedetection
    }

    /// One orientation's reading.
    struct Reading {
        /// Clockwise quarter turns of the page content the reading undid (0...3).
        var quarterTurns: Int
        /// The segments, aligned with the detected boxes (quads in working pixels, reading order of that turn);
        /// `nil` for a box not recognised (outside the table band, ``TableBand``).
        var segments: [RecognizedText?]
        var lines: [TextLine]
        var score: ReadingScore
        /// What the trace adds to the reading's name: " region WxH@SIDE" for the table region (its size in working
        /// pixels) detected again at detector side SIDE.
        var note = ""
    }

    /// What the stage read: the best reading, every reading made (for the trace) and its thread CPU.
    struct Output {
        var best: Reading
        var readings: [Reading]
        var cpuSeconds: Double
        /// Size of the image read, pixels.
        var width: Int, height: Int
        var trace: OCRReadingTrace {
            let tried = readings.map { reading in
                // A reading that skipped boxes says how many it recognised: its lines are not the whole page.
                let read = reading.segments.filter { $0 != nil }.count
                let band = read < reading.segments.count ? " band \(read)/\(reading.segments.count)" : ""
                return OCRReadingTrace.Reading(name: "neural q\(reading.quarterTurns)\(band)\(reading.note)", models: "ppocrv6_tiny",
                                               passes: [], score: reading.score)
            }
            return OCRReadingTrace(width: width, height: height, cpuSeconds: cpuSeconds, readings: tried,
                                   best: best.score)
        }
    }

    /// Reads `working.image`; `scoring` is the grammar's score of a reading's lines.
    /// - Throws: `ScanError.stageFailed(stage: "ocr")` when the reader rejects the image (`TextReaderError`).
    func read(_ working: WorkingImage, scoring: ([TextLine]) -> ReadingScore) throws -> Output {
        let start = ThreadCPUClock.now()
        let image = working.image
        // Never enlarged (PaddleOCR's limit_type "max", as the dump evaluation ran): a small photo's text is mostly
        // big enough, and enlarging costs detector time for nothing; `redetectsSmallText` is the measured exception.
        var options = options
        options.detectorLongSide = min(detectorLongSide, max(image.width, image.height))
        do {
            let boxes = try reader.detect(image, options: options)
            let turns = Self.candidateTurns(boxes.map { $0.quad })
            let first = try reading(image, boxes, quarterTurns: turns.first, scoring: scoring)
            var readings = [first]
            if !first.score.isConvincing, !boxes.isEmpty {
                let sample = Array(boxes.indices.sorted { Self.longSide(boxes[$0].quad) > Self.longSide(boxes[$1].quad) }
                    .prefix(Self.orientationSample))
                // Sample boxes the first reading skipped (outside its table band) are read in its turn now.
                let unread = sample.filter { first.segments[$0] == nil }
                let late = try recognize(image, unread.map { boxes[$0] }, quarterTurns: turns.first)
                let kept = sample.compactMap { first.segments[$0]?.confidence }.reduce(0, +)
                    + late.map(\.confidence).reduce(0, +)
                // Read one box at a time and only until the comparison is settled (NeuralTextStage+PageTurn).
                let check = try readsBetterTurned(image, sample.map { boxes[$0] }, quarterTurns: turns.second, than: kept)
                if check.better {
                    // The sample lines the check read in that turn are that reading's lines of those boxes.
                    let known = Dictionary(uniqueKeysWithValues: check.read.map { (sample[$0.key], $0.value) })
                    readings.append(try reading(image, boxes, quarterTurns: turns.second, known: known, scoring: scoring))
                }
            }
            let longSide = max(image.width, image.height)
            if redetectsTableRegion, options.detectorLongSide < longSide, !readings.contains(where: \.score.isConvincing),
               let region = try tableRegionReading(image, boxes, first: readings.max { $0.score < $1.score }!,
                                                   detectedAt: options.detectorLongSide, scoring: scoring) {
                readings.append(region)
            }
            if redetectsSmallText, !readings.contains(where: \.score.isConvincing),
               let side = Self.smallTextDetectorSide(boxes.map(\.quad), longSide: longSide,
                                                     detectedAt: options.detectorLongSide, configuredSide: detectorLongSide) {
                readings.append(try reading(image, detectedAt: side, options: options, after: readings, scoring: scoring))
            }
            if let wanted = redetectionLongSide, options.detectorLongSide < longSide,
               !readings.contains(where: \.score.isConvincing) {
                let side = min(wanted, longSide)
                if side > options.detectorLongSide {
                    readings.append(try reading(image, detectedAt: side, options: options, after: readings,
                                                scoring: scoring))
                }
            }
            let best = readings.max { $0.score < $1.score }!
            return Output(best: best, readings: readings, cpuSeconds: ThreadCPUClock.now() - start, width: image.width,
                          height: image.height)
        } catch let error as TextReaderError {
            throw ScanError.stageFailed(stage: "ocr", message: "neural text reader: \(error.description)")
        }
    }

    /// A second detection of `image` at long side `side`, read in the turn of the best of `readings` (non-empty): the
    /// reading ``redetectsSmallText`` and ``redetectionLongSide`` add.
    private func reading(_ image: DecodedImage, detectedAt side: Int, options: TextReadOptions, after readings: [Reading],
                         scoring: ([TextLine]) -> ReadingScore) throws -> Reading {
        var options = options
        options.detectorLongSide = side
        let turn = readings.max { $0.score < $1.score }!.quarterTurns
        return try reading(image, try reader.detect(image, options: options), quarterTurns: turn, scoring: scoring)
    }

    /// The boxes ``textBoxes`` asks for recognised as turned `quarterTurns`, the segments as upright lines, and their
    /// grammar score. `known` holds boxes (indices into `boxes`) already recognised in that turn, kept rather than read
    /// again where the reading needs them (a box reads the same alone or with others: `TextRecognizer.recognize`).
    private func reading(_ image: DecodedImage, _ boxes: [(quad: NutriLensText.TextQuad, score: Float)], quarterTurns: Int,
                         known: [Int: RecognizedText] = [:], scoring: ([TextLine]) -> ReadingScore) throws -> Reading {
        var segments = [RecognizedText?](repeating: nil, count: boxes.count)
        var rest = Array(boxes.indices)
        if textBoxes == .tableBand {
            let quads = boxes.map { Self.turned($0.quad, quarterTurns: quarterTurns) }
            let probes = TableBand.probes(quads)
            let read = try reader.recognizer.recognize(image, quads: probes.map(\.quad),
                                                   detectionScores: probes.map { boxes[$0.box].score },
                                                   padding: options.linePadding)
            var anchors = Set<Int>()
            for (probe, text) in zip(probes, read) {
                // A whole box's probe is its reading (the same call on the same quad): kept, in the band or not.
                if probe.isWhole { segments[probe.box] = text }
                if TableAnchors.namesTablePart(text.text) { anchors.insert(probe.box) }
            }
            rest = (TableBand.select(quads, anchors: anchors) ?? rest).filter { segments[$0] == nil }
        }
        for index in rest { segments[index] = known[index] }
        rest = rest.filter { segments[$0] == nil }
        for (index, text) in zip(rest, try recognize(image, rest.map { boxes[$0] }, quarterTurns: quarterTurns)) {
            segments[index] = text
        }
        let kept = segments.compactMap { $0 }.filter { $0.confidence >= options.minimumConfidence }
        let lines = RecognizedLines.lines(kept, quarterTurns: quarterTurns, width: image.width, height: image.height)
        return Reading(quarterTurns: quarterTurns, segments: segments, lines: lines, score: scoring(lines))
    }

    /// `boxes` read as text turned `quarterTurns` clockwise (in batches: `TextRecognizer.recognize(_:quads:...)`),
    /// one result per box in order.
    func recognize(_ image: DecodedImage, _ boxes: [(quad: NutriLensText.TextQuad, score: Float)],
                           quarterTurns: Int) throws -> [RecognizedText] {
        try reader.recognizer.recognize(image, quads: boxes.map { Self.turned($0.quad, quarterTurns: quarterTurns) },
                                        detectionScores: boxes.map(\.score), padding: options.linePadding)
    }

    /// `quad`'s corners rotated by `quarterTurns` so that the reading starts where upright text of that turn starts.
    static func turned(_ quad: NutriLensText.TextQuad, quarterTurns k: Int) -> NutriLensText.TextQuad {
        let c = quad.corners
        return NutriLensText.TextQuad(topLeft: c[k % 4], topRight: c[(k + 1) % 4], bottomRight: c[(k + 2) % 4],
                                      bottomLeft: c[(k + 3) % 4])
    }

    /// The two page turns the boxes allow, the likelier first: text running across the photo (most boxes longer
    /// than tall by 1.5, PaddleOCR's vertical-line rule) is upright or upside down, text running down it is turned
    /// 90 degrees clockwise (PaddleOCR reads such boxes that way) or counter-clockwise.
    static func candidateTurns(_ quads: [NutriLensText.TextQuad]) -> (first: Int, second: Int) {
        let tall = quads.filter { $0.height >= 1.5 * $0.width }.count
        let wide = quads.filter { $0.width >= 1.5 * $0.height }.count
        return tall > wide ? (1, 3) : (0, 2)
    }

    static func longSide(_ quad: NutriLensText.TextQuad) -> Double { max(quad.width, quad.height) }
}
