import Foundation

/// Food group of an ImageNet food class, from `models/imagenet_classes.tsv` (which follows
/// `shared/docs/imagenet_food_classes.tsv`: dish, dessert_sweet -> dessert, bread_pastry -> bakery, ...).
public enum FoodGroup: String, Sendable, Codable, CaseIterable {
    /// The six groups of the class list's 46 food classes: `fruit` (Granny Smith, banana, lemon, …), `vegetable`
    /// (broccoli, cucumber, mushroom, …), `dish` (pizza, cheeseburger, carbonara, …), `bakery` (bagel, French loaf,
    /// pretzel, dough), `dessert` (ice cream, ice lolly, trifle, chocolate sauce), `drink` (espresso, red wine,
    /// eggnog).
    case fruit, vegetable, dish, bakery, dessert, drink
    /// The "unknown food" answer: the photo shows food but no ImageNet class fits confidently.
    case unknown

    /// Dishes, desserts and bakery: ImageNet-1k has a dozen classes for the thousands of prepared foods there are,
    /// so a photo of one it lacks lands on the nearest class it has (ribs -> meat loaf, cake -> chocolate sauce).
    /// Fruit, vegetables and drinks are covered far better. Their confidence is discounted
    /// (`FoodHeadConfiguration.preparedFoodExponent`).
    public var isPreparedFood: Bool { self == .dish || self == .dessert || self == .bakery }
}

/// What an ImageNet class says about a photo beyond its name.
enum ClassRole: String, Sendable {
    /// Prepared food or produce (the 46 classes with a `FoodGroup`).
    case food
    /// Raw/live food sources: crabs, lobsters, salmon, wild fungi. Food-ish, not a dish.
    case foodSource = "food_source"
    /// Tableware, cookware, food places (plate, soup bowl, restaurant): food is likely nearby.
    case context
    /// Printed text, screens and packaging (menu, web site, book jacket, packet, carton): evidence for a label.
    case printed
    /// Everything else.
    case other
}

/// The model's classes: index -> name, food group (nil for non-food), role.
struct ClassList: Sendable {
    let names: [String]
    let groups: [FoodGroup?]
    let roles: [ClassRole]

    /// Reads `index<TAB>name<TAB>group<TAB>role` lines (`#` comments allowed); needs exactly `count` rows 0..<count.
    init(contentsOf url: URL, count: Int) throws {
        let path = url.path
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw ClassifierError.modelFile(.fileUnreadable(path: path))
        }
        var names = [String?](repeating: nil, count: count)
        var groups = [FoodGroup?](repeating: nil, count: count)
        var roles = [ClassRole](repeating: .other, count: count)
        for (lineNumber, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let index = Int(fields[0]), (0..<count).contains(index), !fields[1].isEmpty,
                  let role = ClassRole(rawValue: fields[3]) else {
                throw ClassifierError.malformedClassList(path: path, reason: "line \(lineNumber + 1): \(line.prefix(60))")
            }
            let group = FoodGroup(rawValue: fields[2])
            guard (group != nil && group != .unknown) == (role == .food), group != nil || fields[2] == "non-food" else {
                throw ClassifierError.malformedClassList(path: path, reason: "line \(lineNumber + 1): group \(fields[2]) for role \(fields[3])")
            }
            names[index] = fields[1]
            groups[index] = group
            roles[index] = role
        }
        if let missing = names.firstIndex(where: { $0 == nil }) {
            throw ClassifierError.malformedClassList(path: path, reason: "no row for class \(missing) (need \(count))")
        }
        self.names = names.map { $0! }
        self.groups = groups
        self.roles = roles
    }
}
