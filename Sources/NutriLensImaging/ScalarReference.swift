/// Plain scalar implementations of every SIMD kernel in this module, one pixel at a time.
///
/// They exist so tests can check each vector kernel against an obviously-correct version (same integer formulas,
/// same rounding, so results are bit-identical unless a kernel's documentation says otherwise) and so benchmarks
/// can report the vector speed-up. They are public for those two uses; production code should call the SIMD
/// kernels (the methods on `GrayImage` / `RGBImage`), which produce the same pixels much faster.
public enum ScalarReference {}
