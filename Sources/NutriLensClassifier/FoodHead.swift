import Foundation

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

    /// Confidence reported for a class whose merged network score is `score`: prepared-food classes are
    /// discounted for the dishes ImageNet lacks (see `FoodHeadConfiguration.preparedFoodExponent`).
    func confidence(score: Double, group: FoodGroup) -> Double {
        group.isPreparedFood ? pow(score, configuration.preparedFoodExponent) : score
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
        // Which classes are reported depends on the network's score (did it see the class?); the confidence
        // reported for them is the score after the open-set discount.
        let isFoodPhoto = isFood >= configuration.foodThreshold
        let minimumScore = isFoodPhoto ? configuration.minItemConfidence
            // Not a food photo: keep only items that are individually convincing (a fruit bowl in a kitchen shot).
            : max(configuration.minItemConfidence, configuration.confidentItem)
        var items = best.filter { $0.value >= minimumScore }.map { index, score -> FoodItem in
            let group = classes.groups[index]!
            return FoodItem(label: classes.names[index], group: group,
                            confidence: confidence(score: score, group: group), classIndex: index)
        }
        let topConfidence = items.map(\.confidence).max() ?? 0
        if isFoodPhoto && topConfidence < configuration.confidentItem {
            // Food, but no class is confident: ImageNet lacks the dish (salad, rice, steak, ...) or sees it poorly.
            items.append(FoodItem(label: FoodItem.unknownLabel, group: .unknown, confidence: isFood * (1 - topConfidence),
                                  classIndex: nil))
        }
        items.sort { $0.confidence != $1.confidence ? $0.confidence > $1.confidence
                                                   : ($0.classIndex ?? -1) < ($1.classIndex ?? -1) }
        let top = full.indices.sorted { full[$0] > full[$1] }.prefix(5)
            .map { ClassScore(index: $0, name: classes.names[$0], probability: full[$0]) }
        return FoodClassification(items: Array(items.prefix(configuration.maxItems)), isFoodProbability: isFood,
                                  printedProbability: printed, topClasses: Array(top), cropsClassified: crops.count)
    }
}
