import NutriLensImaging

/// The table re-reads of one read (``PageReader``): the located table read again at its own scale, on a cleaned
/// crop (flattened background, ruling lines removed), or the page with Tesseract's local threshold under uneven
/// light, each adopted only when it reads more of the table than the pass it would replace.
extension PageReader {
    /// Named rows with a value below which the page's table counts as incomplete: an EU table has 7–8 rows (energy,
    /// fat, saturates, carbohydrate, sugars, protein, salt), a US panel more.
    static let localThresholdRows = 6
    /// ``PageIllumination/spread`` from which a page counts as unevenly lit (rendered labels and flat scans: 1.00–1.10).
    /// At 1.15 the corpus adopted 15 local readings, 5 better and 10 worse; at 1.75, 9: 5 better (+20 correct
    /// fields), 4 worse (−1 correct, 11 wrong fields added) (docs/ocr.md, "Session 5").
    static let localThresholdSpread = 1.75

    /// The page read once more with Tesseract's local (Sauvola) threshold, when its Otsu reading looks incomplete
    /// under uneven light: the first reading of a photo (no ``OCRReadOptions/knownOrientation``), a table located
    /// with fewer than ``localThresholdRows`` named rows carrying a value, and a survey ``PageIllumination/spread`` ≥
    /// ``localThresholdSpread``. `nil` (the Otsu words kept) unless the local reading locates a table with more
    /// named rows with a value and ≥ 2 more values (``TableValueCount``), each counted in its own table region.
    /// Why not Sauvola for every page: on the corpus it moved 75 photos both ways (956 vs 992 correct fields).
    mutating func rereadLocallyThresholded(_ working: GrayImage, words: [OCRWord], table: TableLocator.Result?,
                                           transform: ImageTransform, clock: inout StageClock)
        -> (words: [(RawWord, OCRWord)], table: TableLocator.Result)? {
        guard options.knownOrientation == nil, let table else { return nil }
        let before = TableValueCount(words: words.filter { $0.liesMostlyInside(table.region) })
        guard before.namedRowsWithValue < Self.localThresholdRows,
              PageIllumination(survey: survey.image).spread >= Self.localThresholdSpread else { return nil }
        guard !budget.isSpent else { budgetExhausted = true; return nil }
        engine.setVariable("thresholding_method", String(OCRReadOptions.Thresholding.sauvola.rawValue))
        let raw = recognize(working, segmentation: options.pageSegmentation, kind: .pageLocalThreshold)
        engine.setVariable("thresholding_method", String(options.thresholding.rawValue))
        let pass = timings.passes.lastIndex { $0.kind == .pageLocalThreshold }
        if let pass { timings.passes[pass].replaced = 0 }
        timings.recognition += clock.lap()
        // Cut short by the budget, it is not the whole page: the Otsu reading stays.
        guard !budgetExhausted else { return nil }
        let reread = raw.map { ($0, convert($0, transform)) }
        guard let found = TableLocator.locate(words: reread.map(\.1), imageWidth: image.width, imageHeight: image.height)
        else { return nil }
        let after = TableValueCount(words: reread.map(\.1).filter { $0.liesMostlyInside(found.region) })
        guard after.namedRowsWithValue > before.namedRowsWithValue, after.values >= before.values + 2 else { return nil }
        if let pass { timings.passes[pass].replaced = words.count }
        return (reread, found)
    }

    /// Re-reads the table region at its own x-height, or returns `nil` when ``OCRReadOptions/tableReread`` says
    /// the page pass is good enough. Words are paired with their original-coordinate form.
    mutating func rereadTable(_ table: TableLocator.Result, full: GrayImage, transform: ImageTransform,
                              clock: inout StageClock) -> [(RawWord, OCRWord)]? {
        let region = table.region
        let tableXHeight = anchorXHeight(table, transform: transform)
        let pageWordsXHeight = transform.scale * tableXHeight
        let covers = Double(region.width * region.height) / Double(image.width * image.height)
        switch options.tableReread {
        case .never: return nil
        case .always: break
        case .whenUseful:
            let off = abs(pageWordsXHeight / options.targetXHeight - 1) > 0.25
            guard off || options.tableSegmentation != options.pageSegmentation && covers < 0.5 else { return nil }
        }
        guard tableXHeight > 0, let (crop, t) = workingCrop(region, upright: transform.originalToUpright(region),
                                                            xHeight: tableXHeight, full: full, transform: transform)
        else { return nil }
        timings.prepare += clock.lap()
        guard !budget.isSpent else { budgetExhausted = true; return nil }
        let raw = recognize(crop, segmentation: options.tableSegmentation, kind: .table)
        timings.recognition += clock.lap()
        // A re-read cut short by the budget must not replace the page pass's words with none.
        if budgetExhausted && raw.isEmpty { return nil }
        return raw.map { ($0, convert($0, t)) }
    }

    /// Puts a re-read of `region` in place of `tagged`'s words there (those mostly inside it), its line and block
    /// numbers moved past the page's so lines of the two passes never merge, and locates the table again among the
    /// re-read words: the same `region` with the anchors read now, or `found` when none are.
    func adopt(_ reread: [(RawWord, OCRWord)], in region: PixelRect, replacing found: TableLocator.Result,
               into tagged: inout [(key: Int, block: Int, word: OCRWord)]) -> TableLocator.Result {
        tagged = LineAssembly.replacing(inside: region, of: tagged,
                                        with: reread.map { (key: $0.0.line, block: $0.0.block, word: $0.1) })
        return TableLocator.locate(words: reread.map(\.1), imageWidth: image.width, imageHeight: image.height)
            .map { TableLocator.Result(region: region, anchors: $0.anchors) } ?? found
    }

    /// Anchor x-height of a located table on the upright page (original boxes of a turned photo have x and y
    /// swapped), original pixels; 0 when the anchors give none.
    func anchorXHeight(_ table: TableLocator.Result, transform: ImageTransform) -> Double {
        Self.xHeight(of: table.anchors.map { w in
            (transform.originalToUpright(w.box),
             w.baseline.map { OCRBaseline(start: transform.originalToUpright($0.start), end: transform.originalToUpright($0.end)) })
        })
    }

    /// Reads the table once more when more than a quarter of its named rows show no value (``TableValueCount``):
    /// the region widened on the upright page to 1.5 region widths further right (a region located from row names
    /// alone ends where the names end; not to the left, where ingredient text often is), scaled to the target
    /// x-height, background-flattened (``BackgroundFlattening``), ruling lines removed (``RulingLineRemoval``).
    /// `nil` (page words kept) unless, against the page's words in the same widened region, the cleaned read has
    /// ≥ 2 more values, more named rows with a value, and ≥ 3/4 of the named rows.
    mutating func rereadCleaned(_ table: TableLocator.Result, words: [OCRWord], full: GrayImage,
                                transform: ImageTransform, clock: inout StageClock)
        -> (region: PixelRect, words: [(RawWord, OCRWord)])? {
        guard TableValueCount(words: words.filter { $0.liesMostlyInside(table.region) }).valuesLookMissing else { return nil }
        let tableXHeight = anchorXHeight(table, transform: transform)
        guard tableXHeight > 0 else { return nil }
        let upright = transform.originalToUpright(table.region)
        let left = upright.x
        let right = min(transform.uprightWidth, upright.maxX + upright.width * 3 / 2)
        let widened = PixelRect(x: left, y: upright.y, width: right - left, height: upright.height)
        let region = transform.uprightToOriginal(widened)
        let before = TableValueCount(words: words.filter { $0.liesMostlyInside(region) })
        guard let (scaled, t) = workingCrop(region, upright: widened, xHeight: tableXHeight, full: full,
                                            transform: transform) else { return nil }
        // Cell and rule sizes in x-heights of the working crop (the scale may be capped below the target).
        let xHeight = max(4, tableXHeight * t.scaleY)
        let flat = BackgroundFlattening.flattened(scaled, cell: Int(3 * xHeight))
        let crop = RulingLineRemoval.removed(from: flat, minimumHorizontal: Int(5 * xHeight),
                                             minimumVertical: Int(3 * xHeight)).image
        timings.prepare += clock.lap()
        guard !budget.isSpent else { budgetExhausted = true; return nil }
        let raw = recognize(crop, segmentation: options.tableSegmentation, kind: .tableCleaned)
        timings.recognition += clock.lap()
        let reread = raw.map { ($0, convert($0, t)) }
        let after = TableValueCount(words: reread.map(\.1))
        guard after.values >= before.values + 2, after.namedRowsWithValue > before.namedRowsWithValue,
              after.namedRows * 4 >= before.namedRows * 3 else { return nil }
        return (region, reread)
    }
}
