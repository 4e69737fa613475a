#if canImport(Accelerate)
import Accelerate
#elseif canImport(CBLAS)
import CBLAS
#endif

/// Which of OpenBLAS's kernel families (its "core types") does the reader's GEMMs, for benchmark reports.
///
/// OpenBLAS built with `DYNAMIC_ARCH` (Debian's `libopenblas0`) picks its kernels once, when the library loads: from
/// the CPU, or from the `OPENBLAS_CORETYPE` environment variable when it is set. The choice moves the OCR stage's CPU
/// by a third on one machine (docs/text.md, "OpenBLAS kernels": Haswell's AVX2 kernels 1.3x Cooperlake's AVX-512
/// ones on a Zen 5 core), so every timing should say which kernels it ran on. The library never sets or reads the
/// variable.
public enum BLASCore {
    /// The core type OpenBLAS loaded, as `openblas_get_corename()` spells it ("Haswell", "SkylakeX",
    /// "Cooperlake", "Zen", ...); nil on Apple platforms (Accelerate).
    public static var loadedCoreType: String? {
        #if !canImport(Accelerate) && canImport(CBLAS)
        guard let name = openblas_get_corename() else { return nil }
        return String(cString: name)
        #else
        return nil
        #endif
    }
}
