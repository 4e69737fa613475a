import Foundation
import NutriLensImaging

/// Which PP-OCR models the reader loads.
public enum TextModelPreset: String, Sendable, CaseIterable {
    /// PP-OCRv6 tiny detector + recogniser (committed in models/; 1.7 + 4.5 MB).
    case tiny
    /// PP-OCRv6 small (10 + 21 MB, not committed: `scripts/convert_ppocr.py --models small`); more accurate, slower.
    case small
}

/// Finds the folder holding the reader's model files, like the classifier's `ModelLocator`: an explicit folder is
/// the only place searched; otherwise `$NUTRILENS_MODELS` is, when set; with neither, `models/` in the current
/// directory, then above the running executable, then above this source file (a package checkout).
public enum TextModelLocator {
    /// Environment variable naming a folder that holds the model files.
    public static let environmentVariable = "NUTRILENS_MODELS"

    /// `ppocrv6_<preset>_det.nlg`.
    public static func detectorFileName(_ preset: TextModelPreset) -> String { "ppocrv6_\(preset.rawValue)_det.nlg" }
    /// `ppocrv6_<preset>_rec.nlg`.
    public static func recognizerFileName(_ preset: TextModelPreset) -> String { "ppocrv6_\(preset.rawValue)_rec.nlg" }

    /// The folder holding both of `preset`'s files. Throws `TextReaderError.modelFile(.notFound)` listing every
    /// detector path tried.
    public static func locate(preset: TextModelPreset = .tiny, folder: URL? = nil,
                              environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        let candidates = ModelFiles.searchFolders(folder: folder, environment: environment, variable: environmentVariable,
                                                  sourceFile: #filePath)
        let found = ModelFiles.firstFolder(among: candidates,
                                           holding: [detectorFileName(preset), recognizerFileName(preset)])
        if let folder = found.folder { return folder }
        throw TextReaderError.modelFile(.notFound(model: "text reader models", files: "the .nlg files", searched: found.searched))
    }
}
