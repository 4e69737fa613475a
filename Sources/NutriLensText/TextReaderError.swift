import NutriLensImaging

/// Everything that can go wrong loading the text reader's models or reading an image. Each case names what the
/// user needs to act: the file, the size limit, the region.
public enum TextReaderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The model file (or the folder searched for it) is missing, unreadable, corrupt or malformed; the shared
    /// cases of every model loader, each naming the file.
    case modelFile(ModelFileError)
    /// The model is valid but made for another task (a recogniser where a detector was expected, ...).
    case wrongTask(path: String, expected: String, found: String)
    /// A network input of `width` x `height` would need more than `limit` floats in one activation
    /// (`TextNetwork.maxActivationFloats`) or in one pass (`TextNetwork.maxWorkspaceFloats`); use a smaller
    /// detector side.
    case inputTooLarge(width: Int, height: Int, limit: Int)
    /// A tensor handed to `TextNetwork.run` does not fit the network (float count, rank, channels, or a size the
    /// graph cannot take, e.g. a detector side that is not a multiple of 32); `reason` says which.
    case invalidInput(reason: String)
    /// The region of interest does not overlap the `width` x `height` image.
    case regionOutsideImage(region: PixelRect, width: Int, height: Int)

    /// One sentence naming the file, limit or region involved.
    public var description: String {
        switch self {
        case .modelFile(let error): return error.description
        case .wrongTask(let path, let expected, let found):
            return "\(path): a \(found) model where a \(expected) model was expected"
        case .inputTooLarge(let width, let height, let limit):
            return "network input \(width)x\(height) needs more than \(limit) floats; use a smaller size"
        case .invalidInput(let reason): return "invalid network input: \(reason)"
        case .regionOutsideImage(let region, let width, let height):
            return "region \(region.x),\(region.y) \(region.width)x\(region.height) does not overlap the \(width)x\(height) image"
        }
    }
}
