import Foundation

/// Results of concurrent workers (`DispatchQueue.concurrentPerform`), one slot per worker index, read after they all
/// finished. `@unchecked Sendable`: every access to `slots` holds `lock`.
public final class ConcurrentSlots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value]

    /// `count` slots, each holding `initial` until a worker sets it.
    public init(count: Int, initial: Value) { slots = Array(repeating: initial, count: count) }

    /// Stores `value` in slot `index` (`0..<count`).
    public func set(_ index: Int, _ value: Value) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    /// Every slot, in index order.
    public var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
