import Foundation
import NutriLensImaging

/// Finds the folder holding `efficientnet_lite0.nlm`.
///
/// An explicit `folder` is the only place searched; otherwise `$NUTRILENS_MODELS` is, when set (a wrong setting is
/// reported rather than silently replaced by another model). With neither: `models/` in the current directory,
/// then in every ancestor of the running executable (an installed tree, or `.build/<config>/` inside the package),
/// then in every ancestor of this source file (a package checkout, e.g. when running tests).
public enum ModelLocator {
    /// Environment variable naming a folder that holds the model files.
    public static let environmentVariable = "NUTRILENS_MODELS"

    /// URL of the model file. Throws `ClassifierError.modelFile(.notFound)` listing every path tried.
    public static func locate(folder: URL? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
                              fileName: String = FoodClassifier.modelFileName) throws -> URL {
        let candidates = ModelFiles.searchFolders(folder: folder, environment: environment,
                                                  variable: environmentVariable, sourceFile: #filePath)
        let found = ModelFiles.firstFolder(among: candidates, holding: [fileName])
        if let folder = found.folder { return folder.appendingPathComponent(fileName) }
        throw ClassifierError.modelFile(.notFound(model: "classifier model", files: "efficientnet_lite0.nlm", searched: found.searched))
    }
}
