import Foundation
import NutriLensImaging

/// Where the nutrition table of a photo probably is, found before any word is read (``NutritionOCR/locateTable(_:options:)``).
public struct LayoutTableCandidate: Sendable, Equatable {
    /// The region to read, original image pixels; `nil` when the layout shows no table (or the page looks turned).
    public var region: PixelRect?
    /// Working pixels per original pixel of the analysed image: the page pass's scale (x-height at
    /// ``OCRReadOptions/targetXHeight``), the scale to read ``region`` at (``OCRReadRegion/scale``).
    public var scale: Double
    /// What the geometry found (``LayoutTableLocator/Table``, pixels of the analysed image), `nil` without a table.
    public var table: LayoutTableLocator.Table?
    /// Tesseract's own table blocks (`PT_TABLE`, automatic layout only), original pixels.
    public var tesseractTables: [PixelRect]
    /// Word boxes the layout found (0 when it did not run).
    public var words: Int
    /// Glyphs the survey found on horizontal text lines (``TextSizeEstimator``, on the page downscaled to
    /// ``OCRReadOptions/surveyMaxSide``): how much text the page holds, known before the layout runs.
    public var surveyGlyphs: Int
    /// The layout call: kind ``OCRPass/Kind/layout``, its thread CPU and word count.
    public var pass: OCRPass?
}

extension NutritionOCR {
    /// Locates the nutrition table of `image` from Tesseract's layout analysis alone (no recognition): the survey's
    /// x-height sets the scale the page pass would read at, the page is analysed at that scale with `segmentation`, and
    /// ``LayoutTableLocator`` finds rows of short cells stacked into columns. Costs a fraction of a page pass on a
    /// text-heavy page (the LSTM is not run).
    ///
    /// Upright pages only: when the survey finds the text running vertically the candidate has no region (the page
    /// needs orientation detection, which a region read skips).
    /// - Parameters:
    ///   - options: ``OCRReadOptions/targetXHeight``, the survey and working-size caps are used.
    ///   - segmentation: the layout Tesseract runs (`.sparse`, PSM 11, the page pass's: lines only; `.auto`, PSM 3:
    ///     columns and table blocks as well).
    ///   - locator: the geometry's thresholds.
    /// - Throws: ``OCRError/unsupportedImageSize(width:height:)`` for a side < 3 or > 32767 px; engine-loading errors.
    public func locateTable(_ image: GrayImage, options: OCRReadOptions = OCRReadOptions(),
                            segmentation: OCRSegmentation = .sparse,
                            locator: LayoutTableLocator = LayoutTableLocator()) throws -> LayoutTableCandidate {
        guard (3...32767).contains(image.width), (3...32767).contains(image.height) else {
            throw OCRError.unsupportedImageSize(width: image.width, height: image.height)
        }
        let started = ThreadCPUClock.now()
        let factor = PageReader.surveyFactor(image, options)
        let survey = image.scaled(by: factor)
        var candidate = LayoutTableCandidate(region: nil, scale: factor, table: nil, tesseractTables: [], words: 0,
                                             surveyGlyphs: 0, pass: nil)
        guard let estimate = TextSizeEstimator.estimate(survey.image) else { return candidate }
        candidate.surveyGlyphs = estimate.horizontalGlyphs
        guard !estimate.looksTurned else { return candidate }
        let scale = PageReader.workingScale(xHeight: estimate.xHeight / survey.scaleY, width: image.width,
                                            height: image.height, options: options)
        // The survey itself when it is close, as the page pass does.
        let working = abs(scale / survey.scaleY - 1) < 0.15 ? survey : image.scaled(by: scale)
        let layout = try pool.withEngine { $0.analyseLayout(working.image, segmentation: segmentation) }
        var transform = ImageTransform(originalWidth: image.width, originalHeight: image.height)
        (transform.scaleX, transform.scaleY) = (working.scaleX, working.scaleY)
        candidate.scale = transform.scale
        candidate.words = layout.words.count
        candidate.tesseractTables = layout.blocks.filter { $0.kind == .table }.map { transform.toOriginal($0.box) }
        if let table = locator.locate(layout, width: working.image.width, height: working.image.height) {
            candidate.table = table
            candidate.region = transform.toOriginal(table.region)
        }
        candidate.pass = OCRPass(kind: .layout, pageSegmentationMode: segmentation.tesseractMode, width: working.image.width,
                                 height: working.image.height, words: layout.words.count,
                                 cpuSeconds: ThreadCPUClock.now() - started)
        return candidate
    }
}
