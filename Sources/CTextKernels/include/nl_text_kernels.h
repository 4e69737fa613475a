// Elementwise kernels of the neural text reader compiled for AVX2 + FMA and chosen at run time.
//
// SwiftPM without unsafe flags compiles Swift for baseline x86-64 (4-lane SSE2, no FMA). These functions carry
// their instruction set in a per-function target attribute and run only after the CPU reports AVX2 and FMA
// (`nl_text_kernels_available`), the way OpenBLAS picks its kernels, so the package needs no build flag and the
// binary still runs on any x86-64 CPU (the Swift loops are the fallback). Results differ from the Swift loops in
// the last bits (FMA rounds once); on one machine they are deterministic.
#ifndef NL_TEXT_KERNELS_H
#define NL_TEXT_KERNELS_H

#ifdef __cplusplus
extern "C" {
#endif

/// 1 when this CPU runs the AVX2 + FMA kernels below (x86-64 with both features), else 0.
int nl_text_kernels_available(void);

/// out[i] = gelu(in[i] + bias) + (residual ? residual[i] : 0) for i < count, with GELU's exact-erf form by the
/// same (5, 5) rational erf as the Swift `VectorMath.erf` (max abs error 3.9e-7). `out` may equal `in` (in place)
/// but must not otherwise overlap `in` or `residual`. Call only when `nl_text_kernels_available()` is 1.
void nl_gelu_avx2(const float *in, float *out, long count, float bias, const float *residual);

/// One kernel row of a depthwise convolution: out[x] += w[0] src[x] + ... + w[taps - 1] src[x + taps - 1] for
/// x in [from, to), the taps' products summed first (fused multiply-adds in tap order), then added to out[x].
/// `out` must not overlap `src`. Call only when `nl_text_kernels_available()` is 1.
void nl_depthwise_row_avx2(float *out, const float *src, const float *w, long taps, long from, long to);

#ifdef __cplusplus
}
#endif
#endif
