import Foundation

/// Runs a scanner over a folder of labelled images and scores it: the library side of `nutrilens eval`.
public enum Evaluator {
    /// Every JPEG/PNG (by content) under `folder`, recursively, that has a ground-truth sidecar, sorted by path.
    public static func labelledImages(under folder: String) -> [URL] {
        ImageFileDiscovery.imageFiles(under: folder).filter { GroundTruth.sidecarURL(for: $0) != nil }
    }

    /// Scans `images` (each must have a sidecar) with at most `jobs` at once and scores them.
    /// `progress` is called after each image, in input order, with (done, total, score).
    /// - Throws: `ScanError.unreadable` when a sidecar cannot be read or is not ground-truth JSON (the message names it).
    public static func evaluate(images: [URL], scanner: Scanner, jobs: Int, worstCount: Int = 10,
                                progress: (Int, Int, ImageScore) -> Void = { _, _, _ in }) async throws -> EvaluationReport {
        var truths: [GroundTruth] = []
        for image in images {
            guard let sidecar = GroundTruth.sidecarURL(for: image) else {
                throw ScanError.unreadable(path: image.relativePath, reason: "no ground-truth sidecar beside it")
            }
            do { truths.append(try GroundTruth.load(from: sidecar)) } catch {
                throw ScanError.unreadable(path: sidecar.relativePath, reason: "not a ground-truth sidecar (\(error))")
            }
        }
        var scores: [ImageScore] = []
        await scanner.scan(contentsOf: images.map(ScanInput.file), maxConcurrentScans: jobs) { index, result in
            let score = ImageScore(result: result, truth: truths[index])
            scores.append(score)
            progress(index + 1, images.count, score)
        }
        return EvaluationReport(scores: scores, worstCount: worstCount)
    }
}
