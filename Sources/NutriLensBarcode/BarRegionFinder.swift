import NutriLensImaging

/// Finds the parts of a photo that look like 1D bars: many parallel edges in one direction, close together.
///
/// Per 8 x 8 cell it sums the gradient structure tensor (`gx²`, `gy²`, `gx·gy`, 2 x 2 differences, which unlike central ones also see bars one pixel wide) and counts the
/// pixels with a clear edge; a cell is "bar-like" when the 3 x 3 cells around it (24 x 24 px) are coherent — one
/// dominant gradient orientation, `sqrt((Jxx - Jyy)² + 4 Jxy²) / (Jxx + Jyy) >= minimumCoherence` — and dense (at
/// least `minimumEdgeDensity` of the pixels are on an edge). Text is dense but mixes orientations; a table rule or a
/// box edge is coherent but sparse; a smooth shading has no clear edges; bars are both. Coherence does not depend on
/// the angle, so tilted codes are found too, and it ignores the gradient's sign, so white-on-dark bars are found.
/// Connected bar-like cells whose summed tensor also agrees on one orientation become a region.
///
/// On photos of at least `patternCheckMinimumPixels` a region must also pass `BarPatternCheck` (enough transitions in
/// one run across the bars, bars long compared with their spacing): on label photos the cell test alone also fires on
/// table rules, rows of small print and bold lettering (session 3: of the label photos >= 1 MP without a code, 42 had
/// a region before the check and 4 after).
///
/// Photos up to `analysisMaxSide` are analysed at full size (a 1-pixel module does not survive a 2x box downscale);
/// about 1-2 ms per megapixel in a release build, plus the pattern check's profiles (a few ms on a 5 MP photo).
/// The reader stops its ladder after the first step when there is no region (most label photos carry no barcode).
enum BarRegionFinder {
    /// Cell side in pixels of the (possibly downscaled) analysis image. `CellMap` sums a cell's columns in 8 vector
    /// lanes, so this must stay 8.
    static let cell = 8
    /// Longest side analysed; bigger inputs are box-downscaled by an integer factor to at most this (the scanner's
    /// working images are 2400 px, so it only applies to callers passing full-resolution photos).
    static let analysisMaxSide = 3200
    /// Window coherence a bar-like cell needs (1 = all gradients parallel). The five thresholds were chosen with
    /// `nutrilens-bench barregions` (see docs/barcode.md): a region on 160/162 zxing EAN/UPC photos, on 14/39
    /// TestImages (8 carry codes) and 84/128 label photos, whose regions cover a median 6 % of the photo.
    static let minimumCoherence = 0.9
    /// Fraction of a window's pixels with a clear edge (gradient >= `edgeThreshold`).
    static let minimumEdgeDensity = 0.2
    /// 2 x 2 difference magnitude `|gx| + |gy|` counted as an edge (grey levels between neighbours).
    static let edgeThreshold: Int32 = 16
    /// Coherence of a whole region's summed tensor: a region of scattered coherent text strokes points many ways.
    static let minimumRegionCoherence = 0.8
    /// Bar-like cells a region needs (six cells is about 40 x 32 px of bars).
    static let minimumCells = 6
    /// Images (analysis size) from which a region must also pass `BarPatternCheck`. Below it the whole ladder is
    /// cheap (it costs in proportion to the pixels) and low-resolution codes (240 px photos, 1-2 px modules, blur)
    /// give the profile test too little to go on, so the cell test alone decides, as before.
    static let patternCheckMinimumPixels = 1_000_000

    /// Regions in `image`'s pixels (each grown by half its size, at least 32 px, for quiet zones and digits; merged
    /// when they overlap), largest first. Empty when nothing looks like bars.
    /// `checkPattern`: `nil` applies `BarPatternCheck` from `patternCheckMinimumPixels` up, `true` at any size.
    static func regions(in image: GrayImage, checkPattern: Bool? = nil) -> [PixelRect] {
        let longest = max(image.width, image.height)
        let factor = max(1, (longest + analysisMaxSide - 1) / analysisMaxSide)
        guard let small = factor == 1 ? image.packed() : try? image.downscaled(by: factor),
              small.width >= 3 * cell, small.height >= 3 * cell else { return [] }
        let map = CellMap(small)
        let checksPattern = checkPattern ?? (small.width * small.height >= patternCheckMinimumPixels)
        let marked = map.barLikeCells()
        // Largest first: a code's biggest piece is checked first, and its other pieces (wide bars split the cells
        // into several components) join it without a check of their own.
        let components = map.components(of: marked)
            .filter { $0.cells >= minimumCells && CellMap.coherence($0.tensor) >= minimumRegionCoherence }
            .sorted { $0.cells > $1.cells }
        var boxes: [PixelRect] = [], unconfirmed: [PixelRect] = []
        for component in components {
            // Cells are marked by their 3 x 3 window, so the bars reach one cell beyond the marked ones.
            let s = cell * factor
            let x0 = (component.minX - 1) * s, y0 = (component.minY - 1) * s
            let x1 = (component.maxX + 2) * s, y1 = (component.maxY + 2) * s
            let margin = max(32, max(x1 - x0, y1 - y0) / 2)
            let box = clip(x0 - margin, y0 - margin, x1 + margin, y1 + margin, image.width, image.height)
            if !checksPattern || boxes.contains(where: { overlaps($0, box) })
                || BarPatternCheck.confirms(box: (component.minX, component.minY, component.maxX, component.maxY),
                                           tensor: component.tensor, in: small, cell: cell) {
                boxes.append(box)
            } else {
                unconfirmed.append(box)
            }
        }
        // A piece checked (and failed) before a confirmed neighbour it overlaps was known still belongs to it.
        while let i = unconfirmed.firstIndex(where: { u in boxes.contains { overlaps($0, u) } }) {
            boxes.append(unconfirmed.remove(at: i))
        }
        return merged(boxes).sorted { $0.width * $0.height > $1.width * $1.height }
    }

    private static func clip(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ w: Int, _ h: Int) -> PixelRect {
        let a = max(0, x0), b = max(0, y0)
        return PixelRect(x: a, y: b, width: min(w, x1) - a, height: min(h, y1) - b)
    }

    static func overlaps(_ a: PixelRect, _ b: PixelRect) -> Bool {
        a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
    }

    /// Unions of overlapping rectangles (repeated until none overlap).
    static func merged(_ rects: [PixelRect]) -> [PixelRect] {
        var out = rects
        var changed = true
        while changed {
            changed = false
            outer: for i in out.indices {
                for j in out.indices where j > i {
                    let a = out[i], b = out[j]
                    if overlaps(a, b) {
                        let x = min(a.x, b.x), y = min(a.y, b.y)
                        out[i] = PixelRect(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
                        out.remove(at: j)
                        changed = true
                        break outer
                    }
                }
            }
        }
        return out
    }
}

/// Per-cell sums of the gradient structure tensor and edge counts over one grey image.
struct CellMap {
    struct Tensor { var xx: Int64 = 0, yy: Int64 = 0, xy: Int64 = 0, edges: Int64 = 0, pixels: Int64 = 0 }
    struct Component { var cells = 0, minX = Int.max, minY = Int.max, maxX = -1, maxY = -1, tensor = Tensor() }

    let columns: Int, rows: Int
    private(set) var tensors: [Tensor]

    init(_ image: GrayImage) {
        let c = BarRegionFinder.cell, w = image.width, h = image.height
        let columns = w / c, rows = h / c
        // Per cell, eight lanes (one per pixel column of the cell) summed over the cell's rows, reduced once per cell:
        // the pixel loop then runs on 8-wide integer vectors. A cell whose 2 x 2 window would read past the row's end
        // (the last one when the width is a multiple of 8) takes the scalar path. Integer sums in any order are
        // exact, so the tensors are the same as a pixel-by-pixel loop's.
        let vectorColumns = min(columns, (w - 1) / c)
        // Accumulators of one cell row: Jxx, Jyy, Jxy and edge counts of cell `cx` at `4 cx ... 4 cx + 3`.
        var sums = [SIMD8<Int32>](repeating: .zero, count: 4 * columns)
        var tensors = [Tensor](repeating: Tensor(), count: columns * rows)
        let threshold = SIMD8<Int32>(repeating: BarRegionFinder.edgeThreshold)
        image.pixels.withUnsafeBufferPointer { buf in
            sums.withUnsafeMutableBufferPointer { acc in
                let p = UnsafeRawPointer(buf.baseAddress!)
                for cy in 0..<rows {
                    for i in acc.indices { acc[i] = .zero }
                    for y in (cy * c)..<(cy * c + c) where y < h - 1 {
                        let row = p + y * w, down = row + w
                        for cx in 0..<vectorColumns {
                            // 2 x 2 differences, both centred on (x + 0.5, y + 0.5): one-pixel bars still show
                            // (central differences skip them) and diagonal edges keep their true angle (plain
                            // forward differences sample gx and gy half a pixel apart).
                            let x = cx * c
                            let a = Self.lanes(row + x), b = Self.lanes(row + x + 1)
                            let cc = Self.lanes(down + x), d = Self.lanes(down + x + 1)
                            let gx = (b &- a &+ d &- cc) &>> 1
                            let gy = (cc &- a &+ d &- b) &>> 1
                            let magnitude = pointwiseMax(gx, 0 &- gx) &+ pointwiseMax(gy, 0 &- gy)
                            acc[4 * cx] &+= gx &* gx
                            acc[4 * cx + 1] &+= gy &* gy
                            acc[4 * cx + 2] &+= gx &* gy
                            acc[4 * cx + 3] &+= SIMD8<Int32>.zero.replacing(with: 1, where: magnitude .>= threshold)
                        }
                        let bytes = row.assumingMemoryBound(to: UInt8.self), below = down.assumingMemoryBound(to: UInt8.self)
                        for cx in vectorColumns..<columns {
                            var x = cx * c, lane = 0
                            while x < min(w - 1, cx * c + c) {
                                let a = Int32(bytes[x]), b = Int32(bytes[x + 1]), cc = Int32(below[x]), d = Int32(below[x + 1])
                                let gx = (b - a + d - cc) >> 1, gy = (cc - a + d - b) >> 1
                                acc[4 * cx][lane] &+= gx &* gx; acc[4 * cx + 1][lane] &+= gy &* gy
                                acc[4 * cx + 2][lane] &+= gx &* gy
                                acc[4 * cx + 3][lane] &+= abs(gx) + abs(gy) >= BarRegionFinder.edgeThreshold ? 1 : 0
                                x += 1; lane += 1
                            }
                        }
                    }
                    for cx in 0..<columns {
                        tensors[cy * columns + cx] = Tensor(
                            xx: Int64(acc[4 * cx].wrappedSum()), yy: Int64(acc[4 * cx + 1].wrappedSum()),
                            xy: Int64(acc[4 * cx + 2].wrappedSum()), edges: Int64(acc[4 * cx + 3].wrappedSum()),
                            pixels: Int64(c * c))
                    }
                }
            }
        }
        self.columns = columns; self.rows = rows; self.tensors = tensors
    }

    /// Eight consecutive grey bytes widened to 32-bit lanes.
    @inline(__always)
    private static func lanes(_ p: UnsafeRawPointer) -> SIMD8<Int32> {
        SIMD8<Int32>(truncatingIfNeeded: p.loadUnaligned(as: SIMD8<UInt8>.self))
    }

    /// `sqrt((Jxx - Jyy)² + 4 Jxy²) / (Jxx + Jyy)`: 1 when every gradient is parallel, 0 when isotropic.
    static func coherence(_ t: Tensor) -> Double {
        let sum = Double(t.xx + t.yy)
        guard sum > 0 else { return 0 }
        let d = Double(t.xx - t.yy), o = Double(t.xy)
        return (d * d + 4 * o * o).squareRoot() / sum
    }

    /// Cells whose 3 x 3 window is coherent and dense in edges.
    func barLikeCells() -> [Bool] {
        var out = [Bool](repeating: false, count: columns * rows)
        guard columns >= 3, rows >= 3 else { return out }
        for cy in 1..<(rows - 1) {
            for cx in 1..<(columns - 1) {
                var t = Tensor()
                for dy in -1...1 {
                    for dx in -1...1 {
                        let u = tensors[(cy + dy) * columns + cx + dx]
                        t.xx += u.xx; t.yy += u.yy; t.xy += u.xy; t.edges += u.edges; t.pixels += u.pixels
                    }
                }
                out[cy * columns + cx] = Double(t.edges) >= BarRegionFinder.minimumEdgeDensity * Double(t.pixels)
                    && Self.coherence(t) >= BarRegionFinder.minimumCoherence
            }
        }
        return out
    }

    /// 8-connected groups of marked cells with their cell bounds and summed tensor.
    func components(of marked: [Bool]) -> [Component] {
        CellGroups.eightConnected(marked, columns: columns, rows: rows).map { cells in
            var comp = Component()
            for i in cells {
                let x = i % columns, y = i / columns
                comp.cells += 1
                comp.minX = min(comp.minX, x); comp.maxX = max(comp.maxX, x)
                comp.minY = min(comp.minY, y); comp.maxY = max(comp.maxY, y)
                let t = tensors[i]
                comp.tensor.xx += t.xx; comp.tensor.yy += t.yy; comp.tensor.xy += t.xy
            }
            return comp
        }
    }
}
