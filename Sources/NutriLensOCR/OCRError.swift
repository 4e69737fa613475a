/// Errors thrown by NutriLensOCR. Every case carries what a user needs to fix the problem.
///
/// An image without text is *not* an error: it yields an empty ``OCRPage``.
public enum OCRError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No tessdata directory was found. `searched` lists the directories tried, in order
    /// (`TESSDATA_PREFIX`, then the Debian locations).
    case tessdataNotFound(searched: [String])
    /// `<language>.traineddata` is not in `tessdataPath`. Install `debianPackage` (e.g. `tesseract-ocr-deu`).
    case languagePackMissing(language: String, debianPackage: String, tessdataPath: String)
    /// A language code that is not a tessdata model name (allowed: letters, digits, `_`; joined with `+`).
    case invalidLanguageCode(String)
    /// `TessBaseAPIInit4` returned non-zero although the model files exist (corrupt or incompatible model).
    case engineInitFailed(languages: String, tessdataPath: String)
    /// The image (after scaling) is too small or too large for Tesseract (`width`×`height` pixels; limits 3...32767).
    case unsupportedImageSize(width: Int, height: Int)
    /// An ``OCRStrategy`` that cannot be read with (no readings, a levelled first reading, a limit out of range, …);
    /// the text says which field and what it may be.
    case invalidStrategy(String)

    /// One sentence naming the problem and the fix (the package to install, the variable to set, the field's range).
    public var description: String {
        switch self {
        case .tessdataNotFound(let searched):
            return "no tessdata directory found (searched \(searched.joined(separator: ", "))); "
                + "install tesseract-ocr-eng or set TESSDATA_PREFIX"
        case .languagePackMissing(let lang, let pkg, let path):
            return "Tesseract language pack '\(lang)' is missing from \(path); install the Debian package \(pkg)"
        case .invalidLanguageCode(let code):
            return "'\(code)' is not a Tesseract language code (expected e.g. eng, deu, chi_sim)"
        case .engineInitFailed(let langs, let path):
            return "Tesseract failed to load '\(langs)' from \(path) (model file corrupt or incompatible?)"
        case .unsupportedImageSize(let w, let h):
            return "image \(w)x\(h) is outside Tesseract's supported size (3...32767 px per side)"
        case .invalidStrategy(let reason):
            return "invalid OCR strategy: \(reason)"
        }
    }
}
