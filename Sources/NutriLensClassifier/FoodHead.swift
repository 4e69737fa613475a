/// Turns per-crop class probabilities into food items, an is-food probability and the printed-text evidence.
/// Crop 0 is the full image, crop 1 the centre crop, the rest corner crops (see `FoodClassifier.crops`).
struct FoodHead {
    let classes: ClassList
    let configuration: FoodHeadConfiguration

    /// Food-ness of one crop: food classes count fully, food sources and food context classes partly.
    func foodness(_ p: [Double]) -> Double {
        var sum = 0.0
        for (i, role) in classes.roles.enumerated() {
            switch role {
            case .food: sum += p[i]
            case .foodSource: sum += configuration.foodSourceWeight * p[i]
            case .context: sum += configuration.contextWeight * p[i]
            case .printed, .other: break
            }
        }
        return min(sum, 1)
    }

    func merge(cropProbabilities crops: [[Double]]) -> FoodClassification {
        precondition(!crops.isEmpty)
        // Whole-photo judgements come from the crops that see the whole scene (full, centre).
        let isFood = crops.prefix(2).map(foodness).max()!
        let full = crops[0]
        let printed = classes.roles.indices.filter { classes.roles[$0] == .printed }.reduce(0.0) { $0 + full[$1] }
        var best = [Int: Double]()
        for (c, p) in crops.enumerated() {
            let weight = c < 2 ? 1.0 : configuration.cornerCropWeight
            for i in classes.roles.indices where classes.roles[i] == .food {
                best[i] = max(best[i] ?? 0, weight * p[i])
            }
        }
        var items = best.filter { $0.value >= configuration.minItemConfidence }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { FoodItem(label: classes.names[$0.key], group: classes.groups[$0.key]!, confidence: $0.value, classIndex: $0.key) }
        let topConfidence = items.first?.confidence ?? 0
        if isFood >= configuration.foodThreshold && topConfidence < configuration.confidentItem {
            // Food, but ImageNet has no confident class for it (salad, rice, steak, ...).
            items.insert(FoodItem(label: FoodItem.unknownLabel, group: .unknown, confidence: isFood * (1 - topConfidence),
                                  classIndex: nil), at: 0)
        } else if isFood < configuration.foodThreshold {
            // Not a food photo: keep only items that are individually convincing (a fruit bowl in a kitchen shot).
            items = items.filter { $0.confidence >= configuration.confidentItem }
        }
        let top = full.indices.sorted { full[$0] > full[$1] }.prefix(5)
            .map { ClassScore(index: $0, name: classes.names[$0], probability: full[$0]) }
        return FoodClassification(items: Array(items.prefix(configuration.maxItems)), isFoodProbability: isFood,
                                  printedProbability: printed, topClasses: Array(top), cropsClassified: crops.count)
    }
}
