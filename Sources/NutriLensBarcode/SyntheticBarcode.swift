import Foundation
import NutriLensImaging

/// Draws an EAN/UPC symbol into a grey image the way a camera sees it: module width, bar height, tilt, Gaussian blur,
/// ink spread, print contrast and sensor noise, optionally with a frame line beside the bars. For tests and
/// benchmarks: rendered photos of a failure class with a known code, as many as wanted, reproducible from a seed.
/// Public because `nutrilens-bench rendered` (another module, built without `-enable-testing`) renders with it.
public struct SyntheticBarcode: Sendable, Equatable {
    /// EAN/UPC family only (`EANPattern` draws EAN-13, EAN-8, UPC-A and UPC-E); another renders a blank 1 x 1 image.
    public var symbology: Symbology
    /// As printed (see `EANPattern.modules(of:symbology:)`).
    public var text: String
    /// Module width in pixels (> 0).
    public var moduleWidth: Double
    /// Bar height in pixels.
    public var barHeight: Double
    /// Clockwise tilt in degrees.
    public var angle = 0.0
    /// Gaussian blur (standard deviation) in pixels, >= 0.
    public var blur = 0.0
    /// Every bar this many pixels wider (negative: thinner).
    public var inkSpread = 0.0
    /// Grey levels of a full bar and of the paper, 0...255.
    public var dark = 0.0, light = 255.0
    /// Standard deviation of Gaussian sensor noise, grey levels.
    public var noise = 0.0
    /// A 1-module frame line this many modules right of the last bar (GS1 asks 7 modules of quiet zone for EAN-13,
    /// 9 for UPC-A), 1.3 bar heights tall; `nil`: none.
    public var frameLineGap: Double?
    /// Canvas size in pixels; the symbol is centred.
    public var width: Int, height: Int

    /// A symbol with the given geometry on a canvas that leaves `margin` modules around it; no blur, black on white.
    /// `symbology` and `text` as printed; `moduleWidth` and `barHeight` in pixels (> 0); `margin` in modules on each
    /// side (default 12, over GS1's 7-9 module quiet zones).
    public init(symbology: Symbology, text: String, moduleWidth: Double, barHeight: Double, margin: Double = 12) {
        self.symbology = symbology
        self.text = text
        self.moduleWidth = moduleWidth
        self.barHeight = barHeight
        let modules = Double(EANPattern.moduleCount(of: symbology) ?? 95)
        width = Int(((modules + 2 * margin) * moduleWidth).rounded(.up))
        height = Int((barHeight + 2 * margin * moduleWidth).rounded(.up))
    }

    /// The picture; `seed` drives the noise. Empty (1 x 1) when `text` is not a valid EAN/UPC text for `symbology`.
    public func render(seed: UInt64 = 0) -> GrayImage {
        guard let modules = EANPattern.modules(of: text, symbology: symbology), width > 0, height > 0 else {
            return GrayImage(width: 1, height: 1, pixels: [UInt8(clamping: Int(light))])
        }
        let m = moduleWidth, half = Double(modules.count) * m / 2
        var bars = EANPattern.bars(modules).map { (left: Double($0.start) * m - half - inkSpread / 2,
                                                    right: Double($0.end) * m - half + inkSpread / 2) }
        let frameLine = frameLineGap.map { gap -> Int in bars.append((half + gap * m, half + (gap + 1) * m)); return bars.count - 1 }
        // Pixel area blurs too: a box of 1 px has the variance of a Gaussian of 1/12 px².
        let sigma = (blur * blur + 1.0 / 12).squareRoot()
        let cosA = cos(angle * .pi / 180), sinA = sin(angle * .pi / 180)
        let cx = Double(width) / 2, cy = Double(height) / 2
        var rng = SplitMix(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                let u = dx * cosA + dy * sinA, v = -dx * sinA + dy * cosA
                var darkness = 0.0
                for (k, bar) in bars.enumerated() where u > bar.left - 5 * sigma && u < bar.right + 5 * sigma {
                    let tall = k == frameLine ? 0.65 * barHeight : 0.5 * barHeight
                    let across = NormalCDF.value((u - bar.left) / sigma) - NormalCDF.value((u - bar.right) / sigma)
                    let along = NormalCDF.value((v + tall) / sigma) - NormalCDF.value((v - tall) / sigma)
                    darkness += across * along
                }
                let grey = light - (light - dark) * min(1, darkness) + noise * rng.gaussian()
                pixels[y * width + x] = UInt8(clamping: Int(grey.rounded()))
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// A UPC-A of the class that edge-based decoders misread as another check-valid EAN-13 (issue 23): about 2 px per
    /// module, soft (blur 0.8-1.6 px, so one-module bars print grey), bars thinned or thickened by up to half a
    /// module, low contrast, sensor noise, tilted a few degrees. `seed` picks the code and every parameter.
    public static func softSmallUPCA(seed: UInt64) -> SyntheticBarcode {
        var rng = SplitMix(seed: seed)
        let payload = (0..<11).map { _ in String(Int(rng.uniform() * 10) % 10) }.joined()
        let check = GTIN.checkDigit(forPayload: payload) ?? 0
        let m = 1.6 + 0.8 * rng.uniform()
        var code = SyntheticBarcode(symbology: .upcA, text: payload + String(check), moduleWidth: m,
                                    barHeight: m * (25 + 35 * rng.uniform()), margin: 12 + 6 * rng.uniform())
        code.blur = 0.5 + 0.7 * rng.uniform()
        code.inkSpread = m * (-0.6 + 0.7 * rng.uniform())
        code.dark = 50 + 80 * rng.uniform()
        code.light = 170 + 60 * rng.uniform()
        code.noise = 2 + 4 * rng.uniform()
        code.angle = -4 + 8 * rng.uniform()
        return code
    }
}

/// SplitMix64 (Steele et al. 2014): small, seedable, the same numbers on every platform.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func uniform() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// Standard normal (Box-Muller).
    mutating func gaussian() -> Double {
        let u = max(uniform(), 1e-12), v = uniform()
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}
