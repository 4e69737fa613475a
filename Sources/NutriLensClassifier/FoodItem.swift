/// One food the classifier sees in a photo: what `FoodClassifier` returns and what `ScanResult.foodItems` lists.
///
/// JSON (as `nutrilens scan` prints it): `{"confidence": 0.81, "group": "dish", "label": "pizza"}`; ``classIndex``
/// stays out (it numbers ImageNet's classes, not foods).
public struct FoodItem: Sendable, Equatable, Codable {
    /// ImageNet class name (its first synonym exactly as printed in the class list, case and spaces kept: "Granny
    /// Smith", "cheeseburger", "ice cream"; the spelling the corpus sidecars use), or `FoodItem.unknownLabel` when the
    /// photo shows food that no ImageNet class fits confidently.
    public var label: String
    /// Food group of the class; `.unknown` for the "unknown food" item.
    public var group: FoodGroup
    /// Calibrated probability in 0...1 that this item is in the photo (max over the crops that saw it).
    public var confidence: Double
    /// ImageNet-1k class index (0..<1000), nil for "unknown food".
    public var classIndex: Int?

    /// Label of the item reported when the photo is food but no class is confident.
    public static let unknownLabel = "unknown food"

    /// `label`: an ImageNet class name or `FoodItem.unknownLabel`; `group` its food group; `confidence` 0...1;
    /// `classIndex` 0..<1000 (nil for "unknown food").
    public init(label: String, group: FoodGroup, confidence: Double, classIndex: Int? = nil) {
        self.label = label
        self.group = group
        self.confidence = confidence
        self.classIndex = classIndex
    }

    enum CodingKeys: String, CodingKey {
        case label, group, confidence
    }
}

/// One ImageNet class with its calibrated probability, for diagnostics (`FoodClassification.topClasses`).
public struct ClassScore: Sendable, Equatable, Codable {
    /// Class index 0..<1000.
    public var index: Int
    /// First synonym of the class, e.g. "espresso", "Egyptian cat".
    public var name: String
    /// Softmax probability 0...1 at the model's calibrated temperature.
    public var probability: Double
}

/// What the food head concluded about a photo.
public struct FoodClassification: Sendable, Equatable, Codable {
    /// Food items, highest confidence first; at most `FoodHeadConfiguration.maxItems`. Empty when the photo
    /// is not food.
    public var items: [FoodItem]
    /// Probability 0...1 that the photo mainly shows food (food classes, plus part of the mass of food sources and
    /// food context classes such as plate or soup bowl), from the full-image and centre crops.
    public var isFoodProbability: Double
    /// Probability mass 0...1 on printed-text/packaging classes (menu, web site, packet, carton, ...) in the full
    /// image: evidence for a nutrition label or a product shot, used by `ImageKindScorer`.
    public var printedProbability: Double
    /// Top five ImageNet classes of the full-image crop.
    public var topClasses: [ClassScore]
    /// Forward passes run: 6 with the corner crops, 2 when the photo did not look like food, 1 without multi-crop.
    public var cropsClassified: Int
}
