/// A food the classifier sees in the photo. JSON: `{"label": "pizza", "confidence": 0.91, "group": "dish"}`.
public struct FoodItem: Codable, Sendable, Equatable {
    /// Class label: the first synonym of the ImageNet class exactly as printed in the class list, case and spaces
    /// kept (e.g. `pizza`, `cheeseburger`, `Granny Smith`, `ice cream`), the same spelling the corpus sidecars use.
    public var label: String
    /// Calibrated probability, 0…1 (rounded to 3 decimals in JSON).
    public var confidence: Double?
    /// Coarse food group of the label (e.g. `fruit`, `dish`, `bakery`); absent when the classifier has none.
    public var group: String?

    public init(label: String, confidence: Double? = nil, group: String? = nil) {
        self.label = label
        self.confidence = confidence
        self.group = group
    }
}
