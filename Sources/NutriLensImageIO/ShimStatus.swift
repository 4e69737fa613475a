import CImageShims

extension nl_status {
    /// The library's message text (fatal error, or first warning when the call succeeded).
    var messageText: String {
        withUnsafeBytes(of: message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The typed error for a failed shim call on `format` data.
    func error(format: ImageFormat) -> ImageDecodingError {
        let text = messageText
        switch UInt32(bitPattern: result) {
        case NL_ERR_TRUNCATED.rawValue: return .truncated(format: format, detail: text)
        case NL_ERR_UNSUPPORTED.rawValue: return .unsupported(format: format.displayName, detail: text)
        case NL_ERR_NOMEM.rawValue: return .outOfMemory(detail: text)
        default: return .corrupt(format: format, detail: text)
        }
    }
}
