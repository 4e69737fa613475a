/// Plain scalar implementations of every SIMD kernel in this module, one pixel at a time.
///
/// They exist so tests can check each vector kernel against an obviously-correct version (same integer formulas,
/// same rounding, so results are bit-identical unless a kernel's documentation says otherwise) and so benchmarks
/// can report the vector speed-up. Public because `nutrilens-bench kernels` (another module, built without
/// `-enable-testing`) times them; production code should call the SIMD
/// kernels (the methods on `GrayImage` / `RGBImage`), which produce the same pixels much faster.
public enum ScalarReference {}
