import Foundation

extension NutriLensScanner {
    /// Scans many inputs with at most `maxConcurrentScans` running at once (structured concurrency) and calls
    /// `deliver` with each result **in input order** as soon as it and all earlier ones are done, so callers can stream.
    /// A failing input gives a result with `error` and does not stop the batch. Cancelling the calling task stops
    /// starting new scans; those already running stop at their next stage boundary with `error.type == "cancelled"`.
    /// - Parameters:
    ///   - maxConcurrentScans: `>= 1`; defaults to the number of active processor cores.
    ///   - deliver: called on the calling task, once per input, with its index and result.
    public func scan(contentsOf inputs: [ScanInput], maxConcurrentScans: Int = ProcessInfo.processInfo.activeProcessorCount,
                     deliver: (Int, ScanResult) -> Void) async {
        let width = max(1, maxConcurrentScans)
        await withTaskGroup(of: (Int, ScanResult).self) { group in
            var next = 0
            var pending: [Int: ScanResult] = [:]
            var delivered = 0
            func launch() {
                let index = next
                let input = inputs[index]
                next += 1
                group.addTask { (index, await self.scan(input)) }
            }
            while next < inputs.count && next < width { launch() }
            for await (index, result) in group {
                pending[index] = result
                while let ready = pending.removeValue(forKey: delivered) {
                    deliver(delivered, ready)
                    delivered += 1
                }
                if next < inputs.count && !Task.isCancelled { launch() }
            }
            // Inputs never started because of cancellation still get a result, keeping one result per input.
            while delivered < inputs.count {
                deliver(delivered, pending.removeValue(forKey: delivered)
                        ?? ScanResult(path: inputs[delivered].path, error: ScanError.cancelled.failure))
                delivered += 1
            }
        }
    }

    /// Scans many inputs with bounded concurrency and returns one result per input, in input order.
    public func scan(contentsOf inputs: [ScanInput], maxConcurrentScans: Int = ProcessInfo.processInfo.activeProcessorCount) async -> [ScanResult] {
        var results: [ScanResult] = []
        results.reserveCapacity(inputs.count)
        await scan(contentsOf: inputs, maxConcurrentScans: maxConcurrentScans) { _, result in results.append(result) }
        return results
    }

    /// Files form of the batch scan.
    public func scan(contentsOf urls: [URL], maxConcurrentScans: Int = ProcessInfo.processInfo.activeProcessorCount) async -> [ScanResult] {
        await scan(contentsOf: urls.map(ScanInput.file), maxConcurrentScans: maxConcurrentScans)
    }
}
