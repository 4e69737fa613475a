import NutriLensImaging

extension GrayImage {
    /// Scaled by `factor` with NutriLensImaging's kernels: area average when shrinking (no aliasing of thin
    /// strokes), bilinear when enlarging. Output sides are `max(1, round(side × factor))`; `self` when the
    /// factor leaves the size unchanged. Returns the exact per-axis factors the rounding produced.
    func scaled(by factor: Double) -> (image: GrayImage, scaleX: Double, scaleY: Double) {
        let w = Swift.max(1, Int((Double(width) * factor).rounded())), h = Swift.max(1, Int((Double(height) * factor).rounded()))
        if w == width && h == height { return (self, 1, 1) }
        // Sizes are ≥ 1 and below the 2^28-pixel limit (the reader caps working sides at maxWorkingSide).
        let out = (w < width || h < height) && w <= width && h <= height
            ? try! downscaled(toWidth: w, height: h) : try! resized(toWidth: w, height: h)
        return (out, Double(w) / Double(width), Double(h) / Double(height))
    }

    /// Turned clockwise by `quarterTurns` × 90° (exact pixel permutation); `self` for 0.
    func rotatedClockwise(quarterTurns: Int) -> GrayImage {
        let turn = QuarterTurn(clockwiseQuarterTurns: quarterTurns)
        return turn == .none ? self : rotated(by: turn)
    }
}
