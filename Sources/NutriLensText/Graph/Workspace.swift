import Foundation

/// Activation buffers of one forward pass: one growable buffer per slot of the network's memory plan, plus the
/// im2col / GEMM scratch, plus the channel-major copy of a batched input. A workspace is used by one pass at a time and kept for the next (no allocation in the
/// steady state); `WorkspacePool` hands them out to concurrent callers.
final class Workspace {
    private var buffers: [UnsafeMutablePointer<Float>?]
    private var capacities: [Int]

    init(slots: Int) {
        buffers = [UnsafeMutablePointer<Float>?](repeating: nil, count: slots + 2)
        capacities = [Int](repeating: 0, count: slots + 2)
    }

    deinit {
        for b in buffers { b?.deallocate() }
    }

    /// Total floats held (for memory figures).
    var floatsHeld: Int { capacities.reduce(0, +) }

    /// A buffer of at least `count` floats for `slot` (contents undefined); `slot == slots` is the scratch buffer,
    /// `slots + 1` the batched input, or a single pass's input written by `TextNetwork.run(shape:filling:_:)`.
    func buffer(_ slot: Int, count: Int) -> UnsafeMutablePointer<Float> {
        if capacities[slot] < count || buffers[slot] == nil {
            buffers[slot]?.deallocate()
            let capacity = max(count, 16)
            buffers[slot] = .allocate(capacity: capacity)
            capacities[slot] = capacity
        }
        return buffers[slot]!
    }
}

/// Hands out workspaces so concurrent forward passes never share buffers; keeps up to `maxIdle` for reuse.
final class WorkspacePool: @unchecked Sendable {  // all mutable state is guarded by `lock`
    private let lock = NSLock()
    private var idle: [Workspace] = []
    private let slots: Int
    private let maxIdle: Int

    init(slots: Int, maxIdle: Int = 2) {
        self.slots = slots
        self.maxIdle = maxIdle
    }

    func withWorkspace<R>(_ body: (Workspace) throws -> R) rethrows -> R {
        lock.lock()
        let workspace = idle.popLast() ?? Workspace(slots: slots)
        lock.unlock()
        defer {
            lock.lock()
            if idle.count < maxIdle { idle.append(workspace) }
            lock.unlock()
        }
        return try body(workspace)
    }
}
