import NutriLensImaging

/// Everything that can go wrong loading or running the classifier. Each case names the file involved so a user
/// can fix it (re-fetch the model, point `NUTRILENS_MODELS` at the right folder, ...).
public enum ClassifierError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The model file (or the folder searched for it) is missing, unreadable, corrupt or malformed; the shared
    /// cases of every model loader, each naming the file.
    case modelFile(ModelFileError)
    /// The class list (`imagenet_classes.tsv`) is missing rows or has a bad line.
    case malformedClassList(path: String, reason: String)

    /// One sentence naming the file and what is wrong with it (for `.modelFile`, the ``ModelFileError``'s own).
    public var description: String {
        switch self {
        case .modelFile(let error): return error.description
        case .malformedClassList(let path, let reason): return "\(path): malformed class list: \(reason)"
        }
    }
}
