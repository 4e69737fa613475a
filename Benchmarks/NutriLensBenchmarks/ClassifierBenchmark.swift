import Foundation
import NutriLensClassifier
import NutriLensImaging

/// `nutrilens-bench classifier [--models DIR] [--runs N] [--single-thread-only]`: model load time, one 224 x 224
/// crop forward pass, and the whole multi-crop food pass on a 640 x 480 photo-sized image. Prints median and
/// minimum of N runs (milliseconds), wall clock and this thread's CPU time (the CPU figure is what one core needs;
/// it stays meaningful on a shared, loaded machine where wall time does not). Run it in a release build; all work
/// is on the calling thread.
enum ClassifierBenchmark {
    static func run(arguments: [String]) throws {
        var runs = 10
        var folder: URL? = nil
        var i = 0
        while i < arguments.count {
            switch arguments[i] {
            case "--runs": i += 1; runs = max(1, Int(arguments[i]) ?? runs)
            case "--models": i += 1; folder = URL(fileURLWithPath: arguments[i])
            default: break
            }
            i += 1
        }
        let modelURL = try ModelLocator.locate(folder: folder)
        BenchOutput.line("model: \(modelURL.path)")

        var loadTimes: [(Double, Double)] = []
        var classifier: FoodClassifier? = nil
        for _ in 0..<max(3, runs / 2) {
            let t = time { classifier = try? FoodClassifier(modelURL: modelURL) }
            loadTimes.append(t)
        }
        guard let classifier else { _ = try FoodClassifier(modelURL: modelURL); return }
        report("load (read + sha256 + fp16->fp32)", loadTimes)

        // Deterministic photo-like content: smooth gradients plus noise, so nothing depends on a decoder.
        var state: UInt64 = 0x9E3779B97F4A7C15
        let width = 640, height = 480
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let noise = Int(state >> 59)
                let o = (y * width + x) * 3
                pixels[o] = UInt8((x * 255 / width + noise) & 255)
                pixels[o + 1] = UInt8((y * 255 / height + noise) & 255)
                pixels[o + 2] = UInt8(((x + y) * 255 / (width + height)) & 255)
            }
        }
        let image = RGBImage(width: width, height: height, layout: .rgb, pixels: pixels)
        let square = PixelRect(x: 80, y: 0, width: 480, height: 480)
        _ = classifier.logits(image, crop: square)  // warm-up: page in weights and buffers
        report("one crop (resample 480->224 + network)", (0..<runs).map { _ in time { _ = classifier.logits(image, crop: square) } })
        let input = [Float](repeating: 0.1, count: classifier.header.inputSize * classifier.header.inputSize * 3)
        report("network only (224x224x3 tensor -> 1000 logits)", (0..<runs).map { _ in time { _ = classifier.logits(normalizedInput: input) } })
        // The corner crops only run on food-looking photos, so force them for the worst case.
        var all = FoodHeadConfiguration()
        all.cornerCropMinFoodness = 0
        let everyCrop = try FoodClassifier(modelURL: modelURL, configuration: all)
        let crops = everyCrop.crops(width: width, height: height).count
        report("classify: multi-crop food pass (\(crops) crops)", (0..<max(3, runs / 2)).map { _ in time { _ = everyCrop.classify(image) } })
        let plain = classifier.classify(image).cropsClassified
        report("classify: default configuration on this non-food image (\(plain) crops)",
               (0..<max(3, runs / 2)).map { _ in time { _ = classifier.classify(image) } })
    }

    /// (wall ms, thread CPU ms) of one call.
    static func time(_ body: () -> Void) -> (Double, Double) {
        let start = DispatchTime.now().uptimeNanoseconds, cpuStart = threadCPUTime()
        body()
        return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6, (threadCPUTime() - cpuStart) * 1e3)
    }

    static func threadCPUTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func report(_ name: String, _ times: [(Double, Double)]) {
        let wall = times.map(\.0).sorted(), cpu = times.map(\.1).sorted()
        BenchOutput.line(String(format: "%@: wall median %.1f ms (min %.1f), CPU median %.1f ms (min %.1f), %d runs", name,
                     wall[wall.count / 2], wall[0], cpu[cpu.count / 2], cpu[0], wall.count))
    }
}
