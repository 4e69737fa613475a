/// Errors from barcode reading. An image without a barcode is not an error (the result list is empty).
public enum BarcodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The image has more pixels than `limit`; downscale it first (ZBar's scan time and the ladder's copies grow
    /// with the pixel count).
    case imageTooLarge(width: Int, height: Int, limit: Int)
    /// ZBar could not allocate its scanner or image (out of memory).
    case zbarUnavailable
    /// A `BarcodeReadOptions` value is out of range; `reason` names the field.
    case invalidOptions(reason: String)

    /// One sentence for a person: the image size and the limit, ZBar's failure, or the option that is out of range.
    public var description: String {
        switch self {
        case let .imageTooLarge(w, h, limit):
            return "image \(w)x\(h) exceeds the barcode reader's limit of \(limit) pixels; downscale it first"
        case .zbarUnavailable:
            return "ZBar could not create its image scanner (out of memory?)"
        case let .invalidOptions(reason):
            return "invalid barcode read options: \(reason)"
        }
    }
}
