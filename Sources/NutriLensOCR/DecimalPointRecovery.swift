import NutriLensImaging

/// Puts back a decimal separator Tesseract dropped between two digits ("4.4 g" read "44g", "1,7" read "17"), from
/// the pixels of the word: the dot is still on the page, a small compact blob sitting on the digits' baseline in the
/// gap between two glyphs; the LSTM merges it away on small, blurred or rendered-sans text (bug-case B.14,
/// TestImages `eu_multilingual_*`, `eu_fr_paren_energy`).
///
/// Deliberately strict, because a wrong decimal point is worse than a missing one: the word must be digits with an
/// optional unit and no separator; its binarised pixels must split into exactly one large connected component per
/// character (so component *k* is character *k*); there must be exactly one small blob that lies horizontally
/// between two of them, both digits, with its bottom on the baseline (a dot) or just below it (a comma). A
/// thousands group ("1979 kJ") has no blob in its gaps and is never touched.
enum DecimalPointRecovery {
    /// `words` (boxes in `image` pixels) with recovered separators in their text.
    static func apply(to words: [RawWord], image: GrayImage) -> [RawWord] {
        var out = words
        for i in words.indices {
            if let fixed = recovered(words[i], image: image) { out[i].text = fixed }
        }
        return out
    }

    /// Candidate text: optional "<", two or more digits, optional unit letters; no "." or ",".
    static func isCandidate(_ text: String) -> Bool {
        let chars = Array(text.drop(while: { $0 == "<" }))
        let digits = chars.prefix(while: \.isNumber)
        let rest = chars.dropFirst(digits.count)
        return digits.count >= 2 && rest.count <= 4 && rest.allSatisfy { $0.isLetter || $0 == "%" }
    }

    /// The text with the separator inserted, or `nil` when the pixels show none (or are ambiguous).
    static func recovered(_ word: RawWord, image: GrayImage) -> String? {
        guard isCandidate(word.text), word.box.height >= 8, word.box.width >= 8 else { return nil }
        let chars = Array(word.text)
        // A comma hangs below the box of the digits; give it room.
        let pad = 2, below = word.box.height / 3
        let x0 = max(0, word.box.x - pad), y0 = max(0, word.box.y - pad)
        let x1 = min(image.width, word.box.maxX + pad), y1 = min(image.height, word.box.maxY + below)
        guard x1 - x0 >= 4, y1 - y0 >= 4 else { return nil }
        let comps = InkComponents.find(in: image, x0: x0, y0: y0, x1: x1, y1: y1)
        guard let tallest = comps.map(\.height).max(), tallest >= 6 else { return nil }
        let glyphs = comps.filter { Double($0.height) >= 0.4 * Double(tallest) }.sorted { $0.minX < $1.minX }
        guard glyphs.count == chars.count else { return nil }
        let digitIndices = chars.indices.filter { chars[$0].isNumber }
        let digitHeights = digitIndices.map { Double(glyphs[$0].height) }.sorted()
        let digitBottoms = digitIndices.map { Double(glyphs[$0].maxY) }.sorted()
        let h = digitHeights[digitHeights.count / 2], baseline = digitBottoms[digitBottoms.count / 2]
        var found: (index: Int, comma: Bool)?
        // Blobs cut by the crop's edge are pieces of the next row or a rule, not a separator.
        for blob in comps where Double(blob.height) < 0.4 * Double(tallest) && blob.minY > y0 && blob.maxY < y1 {
            let w = Double(blob.width), bh = Double(blob.height)
            guard w >= max(2, 0.07 * h), bh >= max(2, 0.07 * h), w <= 0.32 * h, bh <= 0.45 * h,
                  Double(blob.pixelCount) >= 0.45 * w * bh else { continue }
            // Between glyph k-1 and glyph k, not overlapping either.
            guard let k = glyphs.firstIndex(where: { $0.minX > blob.maxX - 1 }), k > 0,
                  glyphs[k - 1].maxX <= blob.minX + 1 else { continue }
            let top = Double(blob.minY), bottom = Double(blob.maxY)
            let dot = bh <= 0.3 * h && abs(bottom - baseline) <= 0.15 * h
            let comma = !dot && top >= baseline - 0.3 * h && bottom > baseline + 0.08 * h && bottom <= baseline + 0.4 * h
            guard dot || comma else { continue }
            guard found == nil else { return nil }  // two separators: not a number we understand
            found = (k, comma)
        }
        guard let (k, comma) = found, chars[k - 1].isNumber, chars[k].isNumber else { return nil }
        return String(chars[..<k]) + (comma ? "," : ".") + String(chars[k...])
    }
}

/// 8-connected ink components of a small region of a grey image, ink being the minority side of a threshold
/// halfway between the region's 5th and 95th percentile (so light text on dark panels works too).
struct InkComponents {
    /// Bounding box (region-independent image pixels, max exclusive) and ink pixel count of one component.
    struct Component: Equatable {
        var minX: Int, minY: Int, maxX: Int, maxY: Int, pixelCount: Int
        var width: Int { maxX - minX }
        var height: Int { maxY - minY }
    }

    /// Components of `image` inside `x0..<x1` × `y0..<y1`; empty for a flat region (contrast < 40 grey levels).
    static func find(in image: GrayImage, x0: Int, y0: Int, x1: Int, y1: Int) -> [Component] {
        let w = x1 - x0, h = y1 - y0
        var histogram = [Int](repeating: 0, count: 256)
        for y in y0..<y1 { for x in x0..<x1 { histogram[Int(image[x, y])] += 1 } }
        func percentile(_ p: Double) -> Int {
            let target = Int(Double(w * h) * p)
            var sum = 0
            for v in 0..<256 { sum += histogram[v]; if sum > target { return v } }
            return 255
        }
        let low = percentile(0.05), high = percentile(0.95)
        guard high - low >= 40 else { return [] }
        let threshold = (low + high) / 2
        let darkCount = histogram[0...threshold].reduce(0, +)
        let inkIsDark = darkCount * 2 <= w * h
        var ink = [Bool](repeating: false, count: w * h)
        for y in 0..<h { for x in 0..<w {
            let v = Int(image[x0 + x, y0 + y])
            ink[y * w + x] = inkIsDark ? v <= threshold : v > threshold
        } }
        var seen = [Bool](repeating: false, count: w * h)
        var out: [Component] = []
        var stack: [Int] = []
        for start in 0..<(w * h) where ink[start] && !seen[start] {
            var c = Component(minX: Int.max, minY: Int.max, maxX: Int.min, maxY: Int.min, pixelCount: 0)
            seen[start] = true
            stack.append(start)
            while let p = stack.popLast() {
                let px = p % w, py = p / w
                c.minX = min(c.minX, px); c.maxX = max(c.maxX, px + 1)
                c.minY = min(c.minY, py); c.maxY = max(c.maxY, py + 1)
                c.pixelCount += 1
                for dy in -1...1 { for dx in -1...1 {
                    let nx = px + dx, ny = py + dy
                    guard nx >= 0, ny >= 0, nx < w, ny < h else { continue }
                    let q = ny * w + nx
                    if ink[q] && !seen[q] { seen[q] = true; stack.append(q) }
                } }
            }
            c.minX += x0; c.maxX += x0; c.minY += y0; c.maxY += y0
            out.append(c)
        }
        return out
    }
}
