import NutriLensImaging

/// The part of a page a read is limited to (``OCRReadOptions/region``): a later reading of the same photo reads
/// only the nutrition table an earlier reading located, at the table's own scale, instead of the whole page again.
///
/// Why: on the label corpus a reading after the first re-read the whole page and then usually the table region once
/// more at its own scale, whose words replaced the page's there; the page pass of those readings was ~20 % of the
/// OCR CPU (docs/ocr.md, "Session 6").
public struct OCRReadRegion: Sendable, Equatable {
    /// The region, original image pixels (clipped to the image when read).
    public var rect: PixelRect
    /// Words that located the table (``OCRPage/anchors``), original pixels: their x-height sets the scale the
    /// region is read at. Without any (or without a usable size) the x-height is estimated from the region's pixels.
    public var anchors: [OCRWord]

    public init(rect: PixelRect, anchors: [OCRWord] = []) {
        self.rect = rect
        self.anchors = anchors
    }

    /// `page`'s table region and anchors; `nil` when the page located no table.
    public init?(table page: OCRPage) {
        guard let region = page.tableRegion else { return nil }
        self.init(rect: region, anchors: page.anchors)
    }
}

extension OCRPage {
    /// This page with `read`'s words in place of its own inside `read`'s region: a region read
    /// (``OCRReadOptions/region``) merged into a whole reading of the same image, so a reader of lines sees a whole
    /// page. Inside = at least half a word's area in ``OCRPage/tableRegion`` of `read` (the region it covered; `region`
    /// when `read` has none). Lines are assembled again in reading order on the upright page; the table region,
    /// anchors, timings and budget flag are `read`'s, orientation and x-height this page's.
    /// - Precondition: both pages read the same image (same size and orientation).
    public func replacingRegion(_ region: PixelRect, with read: OCRPage) -> OCRPage {
        let covered = read.tableRegion ?? region
        let inside = { (w: OCRWord) -> Bool in
            covered.intersection(w.box).map { $0.width * $0.height * 2 >= w.box.width * w.box.height } ?? false
        }
        var tagged = words.filter { !inside($0) }.map { (key: $0.lineID, block: $0.blockID, word: $0) }
        // Line and block numbers of the region read moved past this page's so the two readings' lines never merge.
        let keyOffset = (words.map(\.lineID).max() ?? 0) + 1, blockOffset = (words.map(\.blockID).max() ?? 0) + 1
        tagged += read.words.map { (key: $0.lineID + keyOffset, block: $0.blockID + blockOffset, word: $0) }
        let transform = ImageTransform(originalWidth: imageWidth, originalHeight: imageHeight,
                                       uprightTurns: (4 - orientation.quarterTurns) % 4)
        let (mergedWords, mergedLines) = LineAssembly.assemble(tagged, upright: transform.originalToUpright)
        var page = OCRPage(imageWidth: imageWidth, imageHeight: imageHeight, words: mergedWords, lines: mergedLines,
                           tableRegion: covered, anchors: read.anchors.isEmpty ? anchors : read.anchors,
                           orientation: orientation, xHeight: xHeight, timings: read.timings)
        page.budgetExhausted = read.budgetExhausted
        page.lightOnDark = read.lightOnDark ?? lightOnDark
        return page
    }
}
