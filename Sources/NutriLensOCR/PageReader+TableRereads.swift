import NutriLensImaging

/// The table re-reads of one read (``PageReader``): the located table read again at its own scale, or on a cleaned
/// crop (flattened background, ruling lines removed), adopted only when it reads more of the table than the pass it
/// would replace.
extension PageReader {
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
