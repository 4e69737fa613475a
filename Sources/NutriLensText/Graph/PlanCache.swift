import Foundation

/// The buffer plans of recent passes (`TextNetwork.plan(_:cut:)`), by input shape and column cut: a recogniser reads
/// one line at a time, and the padded lines share one width and a few dozen cuts, so the plan's shape inference (once,
/// or twice with a re-widening cut), memory offsets and scratch sizes are the same for most lines. A plan depends
/// only on its key and the network, so a cached plan is the plan. At most `capacity` plans are kept; a full cache is
/// emptied before the next one is stored (wide lines each have their own width). Safe to use from several threads.
final class PlanCache: @unchecked Sendable {  // all mutable state is guarded by `lock`
    /// A pass's input shape (`[1, C, H, W]`) and its column cut (nil: every column).
    struct Key: Hashable {
        let shape: [Int]
        let cut: ColumnCut?
    }

    /// Per value its shape, per slot the floats it needs, the scratch floats, per value its offset in its slot.
    typealias Plan = (shapes: [[Int]], slots: [Int], scratch: Int, offsets: [Int])

    /// Most plans kept (a few hundred small integer arrays each).
    let capacity: Int
    private let lock = NSLock()
    private var plans: [Key: Plan] = [:]

    init(capacity: Int = 256) {
        self.capacity = max(1, capacity)
    }

    /// The plan for `key`: the stored one, or `make()`'s, stored when it returns (a throwing `make` stores nothing).
    func plan(_ key: Key, make: () throws -> Plan) rethrows -> Plan {
        lock.lock()
        let stored = plans[key]
        lock.unlock()
        if let stored { return stored }
        let made = try make()
        lock.lock()
        if plans.count >= capacity { plans.removeAll(keepingCapacity: true) }
        plans[key] = made
        lock.unlock()
        return made
    }

    /// Plans held (for tests).
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return plans.count
    }
}
