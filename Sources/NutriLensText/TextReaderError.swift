import NutriLensImaging

/// Everything that can go wrong loading the text reader's models or reading an image. Each case names what the
/// user needs to act: the file, the size limit, the region.
public enum TextReaderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No model file was found; `searched` lists every path that was tried, in order.
    case modelNotFound(searched: [String])
    /// The file at `path` does not exist, cannot be read, or is larger than `TextModelFile.maxFileBytes`.
    case fileUnreadable(path: String)
    /// The model file ends early: `needed` bytes were required at the point parsing stopped, `actual` exist.
    case truncated(path: String, needed: Int, actual: Int)
    /// The file's SHA-256 differs from the one in its `.sha256` sidecar (corrupted or replaced file).
    case checksumMismatch(path: String, expected: String, actual: String)
    /// The `.sha256` sidecar is missing or does not start with 64 hex digits.
    case checksumFileInvalid(path: String)
    /// The file does not start with the `.nlg` magic bytes `NLGRAPH\0`.
    case badMagic(path: String)
    /// The `.nlg` version is not one this build reads (`supported`).
    case unsupportedVersion(path: String, found: UInt32, supported: UInt32)
    /// The structure, an operator or a tensor holds values this runtime cannot run (`reason` says which).
    case malformedModel(path: String, reason: String)
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
        case .modelNotFound(let searched):
            return "text reader models not found; looked in: \(searched.joined(separator: ", ")) "
                + "(set NUTRILENS_MODELS to the folder holding the .nlg files)"
        case .fileUnreadable(let path): return "\(path): file missing, unreadable or too large"
        case .truncated(let path, let needed, let actual):
            return "\(path): truncated model file (needs at least \(needed) bytes, has \(actual))"
        case .checksumMismatch(let path, let expected, let actual):
            return "\(path): SHA-256 \(actual) does not match the expected \(expected); the file is corrupt or replaced"
        case .checksumFileInvalid(let path): return "\(path): missing or invalid SHA-256 sidecar"
        case .badMagic(let path): return "\(path): not a NutriLens graph model (bad magic bytes)"
        case .unsupportedVersion(let path, let found, let supported):
            return "\(path): graph format version \(found) is not supported (this build reads \(supported))"
        case .malformedModel(let path, let reason): return "\(path): malformed model: \(reason)"
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
