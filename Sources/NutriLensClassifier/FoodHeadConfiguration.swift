/// Tunables of the food head. Defaults were chosen on the shared food corpus (see docs/classifier.md for figures).
public struct FoodHeadConfiguration: Sendable, Equatable {
    /// Classify the centre and four corner crops as well as the full image (multi-item plates). When false only
    /// the full image runs: ~6x faster, misses small side items.
    public var multiCrop: Bool = true
    /// Fraction of width and height each corner crop covers (0.5 = exact quadrants; a little more overlaps them so
    /// an item on a quadrant border is whole in at least one crop).
    public var cornerCropFraction: Double = 0.55
    /// Corner crops see items out of context and over-trust them; their scores are multiplied by this.
    public var cornerCropWeight: Double = 0.8
    /// The corner crops only run when the full or centre crop reaches this food-ness: labels, barcodes and other
    /// non-food photos then cost 2 forward passes instead of 6. On the shared corpus every food photo scored
    /// >= 0.25 and every non-food photo <= 0.07.
    public var cornerCropMinFoodness: Double = 0.1
    /// Classes whose merged network score (max over crops, corner-weighted) is below this are not reported.
    public var minItemConfidence: Double = 0.1
    /// At most this many items are reported.
    public var maxItems: Int = 5
    /// When the photo is food (`isFoodProbability >= foodThreshold`) but no item's confidence reaches this,
    /// "unknown food" is reported with confidence `isFoodProbability x (1 - best item confidence)`. On photos that
    /// are not food, only classes whose network score reaches this are reported.
    public var confidentItem: Double = 0.4
    /// Open-set discount for prepared food (`FoodGroup.isPreparedFood`: dish, dessert, bakery): the reported
    /// confidence is `score ^ preparedFoodExponent` (1 = no discount). A photo of a dish ImageNet lacks gets a
    /// confident-looking score on the nearest class it has; the exponent lowers mid scores much more than high ones
    /// (1.75: 0.73 -> 0.58, 0.95 -> 0.91). Value: the exponent (grid 1...4, step 0.25) minimising the top
    /// answer's log-loss on the 62 food photos of `../shared/corpus/food` at the shipped temperature; its
    /// out-of-sample effect is measured by 5-fold cross-validation in `CorpusEvaluationTests` (docs/classifier.md).
    public var preparedFoodExponent: Double = 1.75
    /// `isFoodProbability` at or above which the photo counts as food.
    public var foodThreshold: Double = 0.5
    /// Weight of food-source classes (crab, wild mushrooms) in `isFoodProbability`.
    public var foodSourceWeight: Double = 0.5
    /// Weight of food-context classes (plate, soup bowl, restaurant, frying pan) in `isFoodProbability`.
    public var contextWeight: Double = 0.6

    /// The defaults above, each with the range and source given at its property; set fields afterwards to change one.
    public init() {}
}
