import NutriLensImaging

/// The part of a page a read is limited to (``OCRReadOptions/region``): a later reading of the same photo reads
/// only the nutrition table an earlier reading located, at the table's own scale, instead of the whole page again.
///
/// Why: on the label corpus a reading after the first re-read the whole page and then usually the table region once
/// more at its own scale, whose words replaced the page's there; the page pass of those readings was ~20 % of the
/// OCR CPU (docs/ocr.md, "Session 6"). The scanner does not read later readings this way by default (`keyed` lost
/// 12 of 1017 corpus fields); the read is here for callers who know where their table is.
public struct OCRReadRegion: Sendable, Equatable {
    /// The region, original image pixels (clipped to the image when read).
    public var rect: PixelRect
    /// Working pixels per original pixel the region is read at (`> 0`; capped like every working image by
    /// ``OCRReadOptions/maxUpscale``, ``OCRReadOptions/maxWorkingSide`` and ``OCRReadOptions/maxWorkingPixels``);
    /// `nil` = the scale that puts ``anchors``' x-height at ``OCRReadOptions/targetXHeight``.
    public var scale: Double?
    /// Words that located the table (``OCRPage/anchors``), original pixels: without ``scale`` their x-height sets the
    /// scale; without either the x-height is estimated from the region's pixels.
    public var anchors: [OCRWord]

    /// A region to read: `rect` in original pixels, `scale` working pixels per original pixel (a non-positive or
    /// non-finite value counts as `nil`), `anchors` the words that located it (original pixels).
    public init(rect: PixelRect, scale: Double? = nil, anchors: [OCRWord] = []) {
        self.rect = rect
        self.scale = scale.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        self.anchors = anchors
    }

    /// `page`'s table region, read at the scale `page` read those words at: its own table re-read's (the last
    /// ``OCRPass/Kind/table`` pass: the crop's height over the region's height on the upright page), else its last
    /// page pass's (``OCRPass/Kind/page`` or ``OCRPass/Kind/pageRescaled``: that image's height over the upright
    /// page's); `nil` when the page located no table.
    ///
    /// Why not the anchors' x-height: the anchors a page reports were located again among the table re-read's
    /// words, whose boxes differ from the page pass's that set the re-read's scale (corpus `eng_real_4`: x-height
    /// 13.7 px from the page pass, 19.8 px from the re-read's anchors; read at the latter, the region gave 5 words
    /// instead of 16). And a region the page pass read without a re-read, read at another scale, reads otherwise
    /// (`tabella_nutrizionale`: 18 keys with 4 failed checks at its own scale, 0 at the page's).
    public init?(table page: OCRPage) {
        guard let region = page.tableRegion else { return nil }
        let turned = page.orientation.quarterTurns % 2 == 1
        let regionHeight = turned ? region.width : region.height, pageHeight = turned ? page.imageWidth : page.imageHeight
        let scale: Double?
        if let table = page.timings.passes.last(where: { $0.kind == .table }) {
            scale = Double(table.height) / Double(max(1, regionHeight))
        } else if let pass = page.timings.passes.last(where: { $0.kind == .page || $0.kind == .pageRescaled }) {
            scale = Double(pass.height) / Double(max(1, pageHeight))
        } else {
            scale = nil
        }
        self.init(rect: region, scale: scale, anchors: page.anchors)
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
        let tagged = LineAssembly.replacing(inside: covered,
                                            of: words.map { (key: $0.lineID, block: $0.blockID, word: $0) },
                                            with: read.words.map { (key: $0.lineID, block: $0.blockID, word: $0) })
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

extension OCRWord {
    /// Whether at least half the word's box area lies inside `region` (same pixels as the box): the test by which
    /// a re-read of a region replaces the words of an earlier pass there.
    public func liesMostlyInside(_ region: PixelRect) -> Bool {
        region.intersection(box).map { $0.width * $0.height * 2 >= box.width * box.height } ?? false
    }
}
