import Foundation

/// A fixed set of ``OCREngine``s shared by threads: each call checks one out, uses it exclusively, returns it.
///
/// Engines are created lazily up to `capacity` (default: active processor count), so a pool costs one model
/// load per engine actually used. A caller that finds all engines busy waits for one to be returned.
public final class OCREnginePool: @unchecked Sendable {
    // @unchecked Sendable: `idle` and `created` are only touched while holding `condition`'s lock, and an engine is
    // handed to one caller at a time (``withEngine(_:)``); `configuration` and `capacity` are immutable.
    /// The configuration of every engine in the pool.
    public let configuration: OCRConfiguration
    /// Maximum number of engines (≥ 1).
    public let capacity: Int
    private let condition = NSCondition()
    private var idle: [OCREngine] = []
    private var created = 0

    /// Creates the pool and, with `preload` (the default), loads the first engine so configuration errors surface
    /// here. `preload: false` defers every model load to first use: for a pool few reads need (engines differing
    /// only in a variable from a pool already loaded), whose load would otherwise cost start-up time and memory.
    /// - Throws: the ``OCRError`` of ``OCREngine/init(configuration:)`` (with `preload: false`, from ``withEngine(_:)``).
    /// - Parameters:
    ///   - configuration: of every engine in the pool.
    ///   - capacity: most engines alive at once, one per concurrent read (values below 1 count as 1; default the
    ///     active processor count).
    ///   - preload: load the first engine now (default) or on first use.
    public init(configuration: OCRConfiguration = OCRConfiguration(),
                capacity: Int = ProcessInfo.processInfo.activeProcessorCount, preload: Bool = true) throws {
        self.configuration = configuration
        self.capacity = max(1, capacity)
        if preload {
            idle = [try OCREngine(configuration: configuration)]
            created = 1
        }
    }

    /// Number of engines loaded so far (≤ `capacity`).
    public var loadedEngineCount: Int { condition.lock(); defer { condition.unlock() }; return created }

    /// Runs `body` with an engine no other thread is using, then returns the engine to the pool (also on throw).
    /// - Throws: whatever `body` throws, or the ``OCRError`` of loading a new engine.
    public func withEngine<R>(_ body: (OCREngine) throws -> R) throws -> R {
        let engine = try checkOut()
        defer { checkIn(engine) }
        OpenMPLimit.serialiseCurrentThread()
        return try body(engine)
    }

    private func checkOut() throws -> OCREngine {
        condition.lock()
        while true {
            if let e = idle.popLast() { condition.unlock(); return e }
            if created < capacity {
                created += 1
                condition.unlock()
                do { return try OCREngine(configuration: configuration) } catch {
                    condition.lock(); created -= 1; condition.signal(); condition.unlock()
                    throw error
                }
            }
            condition.wait()
        }
    }

    private func checkIn(_ engine: OCREngine) {
        condition.lock()
        idle.append(engine)
        condition.signal()
        condition.unlock()
    }
}
