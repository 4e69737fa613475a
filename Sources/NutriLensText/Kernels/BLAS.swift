#if canImport(Accelerate)
import Accelerate
#elseif canImport(CBLAS)
import CBLAS
#endif

/// Single-precision GEMM through the platform BLAS: OpenBLAS on Linux (Debian `libopenblas-dev`; it picks its
/// AVX2/AVX-512 kernels at run time, while Swift code here compiles for baseline x86-64), Accelerate on Apple
/// platforms. Row-major, no transposes: `C = A * B + beta * C`.
///
/// Kernels: OpenBLAS's choice is overridden by the environment variable `OPENBLAS_CORETYPE` when set (on a Zen 5
/// core, `Haswell`'s AVX2 kernels take 1.3x the OCR stage CPU of the AVX-512 ones; docs/text.md, "OpenBLAS
/// kernels"). The library respects it; ``BLASCore/loadedCoreType`` reports which kernels were loaded.
///
/// Threads: the reader wants one core per scan (parallelism comes from concurrent scans), so the first use calls
/// `openblas_set_num_threads(1)`. That setting is process-wide: any other OpenBLAS user in the same process
/// (numpy embedded in an app, say) also runs single-threaded afterwards. With one thread OpenBLAS computes in the
/// calling thread, so concurrent calls from several threads are safe and each result is deterministic.
enum BLAS {
    /// Runs once, on first use (Swift initialises globals and static lets once, thread-safely).
    static let singleThreaded: Bool = {
        #if !canImport(Accelerate) && canImport(CBLAS)
        openblas_set_num_threads(1)
        #endif
        return true
    }()

    /// `C[m x n] = A[m x k] * B[k x n] + beta * C`, leading dimensions in floats; all sizes > 0 and < 2^31.
    @inline(__always)
    static func sgemm(m: Int, n: Int, k: Int, a: UnsafePointer<Float>, lda: Int, b: UnsafePointer<Float>, ldb: Int,
                      c: UnsafeMutablePointer<Float>, ldc: Int, beta: Float = 0) {
        _ = singleThreaded
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, Int32(m), Int32(n), Int32(k), 1, a, Int32(lda),
                    b, Int32(ldb), beta, c, Int32(ldc))
    }

    /// As `sgemm` with B transposed: `C[m x n] = A[m x k] * B[n x k]^T + beta * C`.
    @inline(__always)
    static func sgemmTransposedB(m: Int, n: Int, k: Int, a: UnsafePointer<Float>, lda: Int, b: UnsafePointer<Float>,
                                 ldb: Int, c: UnsafeMutablePointer<Float>, ldc: Int, beta: Float = 0) {
        _ = singleThreaded
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, Int32(m), Int32(n), Int32(k), 1, a, Int32(lda),
                    b, Int32(ldb), beta, c, Int32(ldc))
    }
}
