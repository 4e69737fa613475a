/// Why an imaging kernel refused its arguments.
///
/// Every case names the offending value and the image geometry so a caller can correct the request; kernels never
/// trap on caller-supplied parameters.
public enum ImagingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A scale factor outside the supported range (integer downscale needs `1 <= factor <= min(width, height)`;
    /// fractional area downscale needs a factor `>= 1` that leaves at least one output pixel).
    case invalidScaleFactor(factor: Double, width: Int, height: Int)
    /// A requested output size that is empty, or (for area downscaling) larger than the source.
    case invalidTargetSize(width: Int, height: Int, sourceWidth: Int, sourceHeight: Int)
    /// A crop rectangle that is empty or not fully inside the image.
    case cropOutOfBounds(rect: PixelRect, width: Int, height: Int)
    /// A Sauvola window half-size outside `1...maxRadius` (the window must fit the image and its sums 32 bits).
    case invalidWindowRadius(radius: Int, maxRadius: Int)
    /// A numeric parameter outside its documented range.
    case parameterOutOfRange(name: String, value: Double, allowed: ClosedRange<Double>)

    /// One sentence naming the refused value and the image size, e.g. "crop rectangle x=… is empty or outside the
    /// 640x480 image".
    public var description: String {
        switch self {
        case let .invalidScaleFactor(f, w, h):
            return "scale factor \(f) is not usable for a \(w)x\(h) image (need >= 1 and at most the smaller side)"
        case let .invalidTargetSize(w, h, sw, sh):
            return "target size \(w)x\(h) is not valid for a \(sw)x\(sh) source"
        case let .cropOutOfBounds(r, w, h):
            return "crop rectangle x=\(r.x) y=\(r.y) \(r.width)x\(r.height) is empty or outside the \(w)x\(h) image"
        case let .invalidWindowRadius(r, m):
            return "Sauvola window half-size \(r) is outside 1...\(m) for this image"
        case let .parameterOutOfRange(name, v, allowed):
            return "\(name) = \(v) is outside \(allowed.lowerBound)...\(allowed.upperBound)"
        }
    }
}
