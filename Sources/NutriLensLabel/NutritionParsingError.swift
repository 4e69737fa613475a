import Foundation

/// Errors from ``NutritionParser``. Text that simply is not a nutrition table is not an error: `parse` returns `nil`.
public enum NutritionParsingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input has more characters than ``NutritionParser/Options/maximumCharacters``; split it or raise the limit.
    case inputTooLarge(characters: Int, limit: Int)
    /// The input has more lines than ``NutritionParser/Options/maximumLines``; OCR of one label gives a few hundred.
    case tooManyLines(count: Int, limit: Int)

    /// One sentence with the count and the limit, e.g. "input has 250000 characters, more than the limit of 200000 for
    /// one label".
    public var description: String {
        switch self {
        case .inputTooLarge(let characters, let limit):
            return "input has \(characters) characters, more than the limit of \(limit) for one label"
        case .tooManyLines(let count, let limit):
            return "input has \(count) lines, more than the limit of \(limit) for one label"
        }
    }
}
