// Otsu, "A Threshold Selection Method from Gray-Level Histograms", IEEE Trans. SMC 9(1), 1979: choose the level
// t that maximises the between-class variance w0(t) w1(t) (mu0(t) - mu1(t))^2 of the two classes [0, t] and
// (t, 255].

/// A global Otsu binarisation: the chosen threshold and the 0/255 image.
public struct OtsuResult: Sendable, Equatable {
    /// Pixels `<= threshold` are ink (0), the rest paper (255).
    public var threshold: UInt8
    /// Packed 0/255 image of the source size.
    public var image: GrayImage
}

extension GrayImage {
    /// Otsu's global threshold (0...255): the level maximising between-class variance of `[0, t]` vs
    /// `(t, 255]`; the lowest such level on ties. A single-level image returns that level.
    public func otsuThreshold() -> UInt8 { OtsuSelection.threshold(histogram: histogram()) }

    /// `binarized(threshold: otsuThreshold())` with the threshold. Equals `ScalarReference.otsuBinarized(_:)`.
    public func otsuBinarized() -> OtsuResult {
        let t = otsuThreshold()
        return OtsuResult(threshold: t, image: binarized(threshold: t))
    }
}

enum OtsuSelection {
    /// Between-class variance maximiser over a 256-bin histogram (256 steps, not per pixel).
    static func threshold(histogram h: [Int]) -> UInt8 {
        let total = Double(h.reduce(0, +))
        guard total > 0 else { return 0 }
        var sumAll = 0.0
        for v in 0..<256 { sumAll += Double(v) * Double(h[v]) }
        var w0 = 0.0, sum0 = 0.0, best = -1.0, bestT = 0
        for t in 0..<256 {
            w0 += Double(h[t])
            sum0 += Double(t) * Double(h[t])
            let w1 = total - w0
            if w0 == 0 { continue }
            if w1 == 0 { break }
            let mu0 = sum0 / w0, mu1 = (sumAll - sum0) / w1
            let between = w0 * w1 * (mu0 - mu1) * (mu0 - mu1)
            if between > best { best = between; bestT = t }
        }
        if best < 0 { return UInt8(h.firstIndex { $0 > 0 } ?? 0) }
        return UInt8(bestT)
    }
}

extension ScalarReference {
    /// Otsu threshold from a scalar histogram and a scalar binarisation. Same output as
    /// `GrayImage.otsuBinarized()`.
    public static func otsuBinarized(_ image: GrayImage) -> OtsuResult {
        let t = OtsuSelection.threshold(histogram: histogram(image))
        return OtsuResult(threshold: t, image: binarized(image, threshold: t))
    }
}
