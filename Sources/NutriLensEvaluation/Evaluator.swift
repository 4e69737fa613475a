import Foundation
import NutriLens

/// Runs a scanner over a folder of labelled images and scores it: the library side of `nutrilens eval`.
public enum Evaluator {
    /// Every JPEG/PNG (by content) under `folder`, recursively, that has a ground-truth sidecar, sorted by path.
    public static func labelledImages(under folder: String) -> [URL] {
        labelledImages(in: ImageFileDiscovery.search(folder: folder))
    }

    /// The files of a folder search that have a ground-truth sidecar, in its order.
    public static func labelledImages(in search: FolderSearch) -> [URL] {
        search.files.filter { GroundTruth.sidecarURL(for: $0) != nil }
    }

    /// Scans `images` with at most `jobs` at once and scores them against their sidecars. An image whose sidecar is
    /// missing or not ground-truth JSON is not scanned; it is listed in `EvaluationReport.skipped` with the reason.
    /// What the scanner's stages leave out is not scored (`ImageScore.init(result:truth:stages:)`,
    /// `EvaluationReport.notScored`).
    /// `progress` is called after each scanned image, in input order, with (done, total, score); `scanned` with each
    /// image, its result, its truth and its score (for reports that show more than the scores, ``HTMLReport``).
    public static func evaluate(images: [URL], scanner: NutriLensScanner, jobs: Int, worstCount: Int = 10,
                                progress: (Int, Int, ImageScore) -> Void = { _, _, _ in },
                                scanned: (URL, ScanResult, GroundTruth, ImageScore) -> Void = { _, _, _, _ in })
        async -> EvaluationReport {
        var labelled: [(URL, GroundTruth)] = []
        var skipped: [String: String] = [:]
        for image in images {
            guard let sidecar = GroundTruth.sidecarURL(for: image) else {
                skipped[image.relativePath] = "no ground-truth sidecar beside it"
                continue
            }
            do { labelled.append((image, try GroundTruth.load(from: sidecar))) } catch {
                let reason = (error as? JSONFileError)?.reason ?? "\(error)"
                skipped[image.relativePath] = "its sidecar \(sidecar.relativePath) is not a ground-truth sidecar: \(reason)"
            }
        }
        var scores: [ImageScore] = []
        await scanner.scan(contentsOf: labelled.map { ScanInput.file($0.0) }, maxConcurrentScans: jobs) { index, result in
            let score = ImageScore(result: result, truth: labelled[index].1, stages: scanner.configuration.stages)
            scores.append(score)
            scanned(labelled[index].0, result, labelled[index].1, score)
            progress(index + 1, labelled.count, score)
        }
        var report = EvaluationReport(scores: scores, worstCount: worstCount)
        report.skipped = skipped.isEmpty ? nil : skipped
        let unscored = EvaluationReport.unscoredMetrics(stages: scanner.configuration.stages)
        report.notScored = unscored.isEmpty ? nil : unscored
        return report
    }
}
