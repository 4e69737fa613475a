// Unaligned vector loads/stores used by the kernels. Swift's `loadUnaligned` / `storeBytes` lower to single
// movdqu / ldr q instructions, so kernels can walk rows that start at any byte offset (odd strides, crops).

extension UnsafeRawPointer {
    @inline(__always) func vector<V: SIMD>(at byteOffset: Int, as: V.Type = V.self) -> V {
        loadUnaligned(fromByteOffset: byteOffset, as: V.self)
    }
}

extension UnsafeMutableRawPointer {
    @inline(__always) func vector<V: SIMD>(at byteOffset: Int, as: V.Type = V.self) -> V {
        UnsafeRawPointer(self).loadUnaligned(fromByteOffset: byteOffset, as: V.self)
    }

    @inline(__always) func storeVector<V: SIMD>(_ v: V, at byteOffset: Int) {
        storeBytes(of: v, toByteOffset: byteOffset, as: V.self)
    }
}

/// A new byte array of `count` bytes whose contents are written by `body` (no zero-fill first).
@inline(__always)
func makeBytes(count: Int, _ body: (UnsafeMutableRawPointer) -> Void) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { buf, initialized in
        if count > 0 { body(UnsafeMutableRawPointer(buf.baseAddress!)) }
        initialized = count
    }
}
