import Foundation
import NutriLensImaging

/// A second reading, with more language models, of only the words a primary-language reading was unsure of.
///
/// Why: with several models loaded (`eng+deu+fra`) Tesseract re-runs the LSTM of each further model on every word
/// the first is not sure of (`classify_word_and_language`; a word is accepted when it is a dictionary word or its
/// certainty is above `stopper_nondict_certainty_base` −2.5, i.e. a confidence of 0.875). On real photos that is most
/// words, and the page costs ~1.9× what the primary model alone does. Most of them are words no nutrition field uses;
/// the ones that matter are numbers and units, which the further models often read better even on English labels.
/// So the page is read with the primary model only, and the words the rule picks (``isCandidate(text:confidence:)``)
/// are read again, each group of neighbouring ones as one line (PSM 7) cut out of the same image with a margin
/// (the LSTM needs a little context), by engines loaded with the whole set, and by the primary model alike; where the
/// primary model reads the cut-out word as on the page and the set reads it otherwise, a further language won and
/// its reading replaces the page's (``merged(_:groups:readings:primaryReadings:)``).
///
/// Measured figures and the rule's choice: docs/ocr.md, "Session 4". Fewer fields than reading whole pages with the
/// set (TestImages 398 vs 414 of 422): the LSTM reads a cut-out word differently from the same word in the page pass,
/// whatever the language, so most of what the further models win on a page is not won back here. Opt-in.
public struct WordSecondOpinion: Sendable, Equatable {
    /// Which low-confidence words are read again.
    public enum Candidates: String, Sendable, Equatable {
        /// Words holding a digit or "%" (values, energy, reference intakes, numbers merged with their unit).
        case numeric
        /// Every word (row names in other languages too).
        case all
    }

    /// Which words are read again (default ``Candidates/numeric``).
    public var candidates: Candidates
    /// Words with a primary-model confidence (0...1) below this are read again. Default 0.875: Tesseract's own
    /// multi-language acceptance (certainty −2.5 = confidence 100 + 5 × (−2.5) %), so a word the set would not
    /// have re-read is not re-read here either.
    public var maximumConfidence: Double
    /// Candidates on the same line closer than this many word heights are read as one region (fewer Tesseract
    /// calls, and each word sees its neighbours). Default 1.5.
    public var joinGap: Double
    /// Margin around a region, in region heights: horizontally ``horizontalMargin``, vertically a quarter of it.
    /// Default 0.5.
    public var horizontalMargin: Double

    public init(candidates: Candidates = .numeric, maximumConfidence: Double = 0.875, joinGap: Double = 1.5,
                horizontalMargin: Double = 0.5) {
        self.candidates = candidates
        self.maximumConfidence = maximumConfidence
        self.joinGap = joinGap
        self.horizontalMargin = horizontalMargin
    }

    /// Whether a word the primary model read as `text` with `confidence` (0...1) is read again.
    public func isCandidate(text: String, confidence: Double) -> Bool {
        guard confidence < maximumConfidence else { return false }
        switch candidates {
        case .all: return true
        case .numeric: return text.contains { $0.isNumber || $0 == "%" }
        }
    }

    /// What one second opinion did, for the pass accounting (``OCRPass``).
    struct Outcome {
        var words: [RawWord]
        var candidates = 0
        var regions = 0
        var replaced = 0
    }

    /// Groups of candidate word indices of `words`, each read as one region: candidates of one Tesseract line
    /// (same block and line), left to right, while the gap to the next is below ``joinGap`` heights.
    func groups(_ words: [RawWord]) -> [[Int]] {
        let picked = words.indices.filter { isCandidate(text: words[$0].text, confidence: words[$0].confidence) }
            .sorted { (words[$0].block, words[$0].line, words[$0].box.x) < (words[$1].block, words[$1].line, words[$1].box.x) }
        var groups: [[Int]] = []
        for i in picked {
            if let last = groups.last?.last, words[last].block == words[i].block, words[last].line == words[i].line {
                let gap = words[i].box.x - (words[last].box.x + words[last].box.width)
                let height = max(words[last].box.height, words[i].box.height)
                if Double(gap) <= joinGap * Double(height) { groups[groups.count - 1].append(i); continue }
            }
            groups.append([i])
        }
        return groups
    }

    /// The union of `group`'s word boxes.
    func box(of group: [Int], in words: [RawWord]) -> PixelRect {
        group.dropFirst().reduce(words[group[0]].box) { $0.union(words[$1].box) }
    }

    /// The region cut out for `group`: the union of its boxes with the margin, clipped to `width`×`height`.
    func region(of group: [Int], in words: [RawWord], width: Int, height: Int) -> PixelRect {
        let box = box(of: group, in: words)
        let dx = Int((horizontalMargin * Double(box.height)).rounded()), dy = Int((horizontalMargin / 4 * Double(box.height)).rounded())
        let x0 = max(0, box.x - dx), y0 = max(0, box.y - dy)
        let x1 = min(width, box.x + box.width + dx), y1 = min(height, box.y + box.height + dy)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// The second reading's words lying on `group` (at least half their width over the group's box, their centre
    /// within its rows), left to right; the rest belong to neighbours cut in by the margin.
    func onGroup(_ group: [Int], of words: [RawWord], _ reading: [RawWord]) -> [RawWord] {
        let box = box(of: group, in: words)
        return reading.filter { s in
            let overlap = min(s.box.x + s.box.width, box.x + box.width) - max(s.box.x, box.x)
            let centreY = s.box.y + s.box.height / 2
            return overlap * 2 >= s.box.width && centreY >= box.y && centreY <= box.y + box.height
        }.sorted { $0.box.x < $1.box.x }
    }

    /// `words` with a word replaced by the set's reading of its region (`readings[g]`) where another language
    /// changed it. The cut-out region is trusted only where it reads like the page: the primary model's reading of
    /// it (`primaryReadings[g]`) splits the group into the same words, and the word in question reads exactly as on
    /// the page. Measured (docs/ocr.md, "Session 4"): cut out, the LSTM often reads a word differently from the page
    /// pass whatever the language ("43g" → "439g", "100g" → "100 9", "0.19" → "O19"), so without this check the
    /// second opinion replaced more right words than wrong ones. The set's reading must split the group alike too;
    /// replacements keep the block and line of the word they replace, because line assembly groups by them.
    func merged(_ words: [RawWord], groups: [[Int]], readings: [[RawWord]], primaryReadings: [[RawWord]]) -> Outcome {
        var out = words
        var replaced = 0
        for ((group, reading), primaryReading) in zip(zip(groups, readings), primaryReadings) {
            let set = onGroup(group, of: words, reading), primary = onGroup(group, of: words, primaryReading)
            guard set.count == group.count, primary.count == group.count else { continue }
            for (k, i) in group.enumerated() where primary[k].text == words[i].text && set[k].text != words[i].text {
                out[i] = set[k]
                out[i].block = words[i].block
                out[i].line = words[i].line
                replaced += 1
            }
        }
        return Outcome(words: out, candidates: groups.map(\.count).reduce(0, +), regions: groups.count, replaced: replaced)
    }

    /// Reads the candidates of `words` (read by `primary` from `image`, boxes in its pixels) again, cut out, with
    /// `primary` and with `engine` (more languages), and keeps the readings another language changed.
    func apply(to words: [RawWord], image: GrayImage, primary: OCREngine, engine: OCREngine, budget: OCRTimeBudget) -> Outcome {
        let groups = groups(words)
        guard !groups.isEmpty else { return Outcome(words: words) }
        let regions = groups.map { region(of: $0, in: words, width: image.width, height: image.height) }
        let readings = engine.recognize(regions: regions, of: image, segmentation: .singleLine, budget: budget)
        let primaryReadings = primary.recognize(regions: regions, of: image, segmentation: .singleLine, budget: budget)
        return merged(words, groups: groups, readings: readings, primaryReadings: primaryReadings)
    }
}
