#include "nl_text_kernels.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

int nl_text_kernels_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

// Coefficients of VectorMath.erf (NutriLensText/Kernels/VectorMath.swift): erf(c) = c P(t) / Q(t), t = c^2 / 3.92^2.
#define NL_ERF_LIMIT 3.92f
#define NL_P0 1.8377795219421387f
#define NL_P1 15.918187141418457f
#define NL_P2 13.029953956604004f
#define NL_P3 12.330772399902344f
#define NL_P4 2.853985548019409f
#define NL_P5 1.1283791065216064f
#define NL_Q0 33.506874084472656f
#define NL_Q1 62.935489654541016f
#define NL_Q2 53.02726745605469f
#define NL_Q3 26.507261276245117f
#define NL_Q4 7.65140438079834f

__attribute__((target("avx2,fma")))
static inline __m256 nl_gelu8(__m256 x) {
    // max/min with the constant first return x when x is NaN, so NaN passes through as in the Swift clamp.
    __m256 c = _mm256_mul_ps(x, _mm256_set1_ps(0.70710678118654752f));
    c = _mm256_min_ps(_mm256_set1_ps(NL_ERF_LIMIT), _mm256_max_ps(_mm256_set1_ps(-NL_ERF_LIMIT), c));
    __m256 t = _mm256_mul_ps(_mm256_mul_ps(c, c), _mm256_set1_ps(1.0f / (NL_ERF_LIMIT * NL_ERF_LIMIT)));
    __m256 p = _mm256_fmadd_ps(_mm256_set1_ps(NL_P0), t, _mm256_set1_ps(NL_P1));
    p = _mm256_fmadd_ps(p, t, _mm256_set1_ps(NL_P2));
    p = _mm256_fmadd_ps(p, t, _mm256_set1_ps(NL_P3));
    p = _mm256_fmadd_ps(p, t, _mm256_set1_ps(NL_P4));
    p = _mm256_fmadd_ps(p, t, _mm256_set1_ps(NL_P5));
    __m256 q = _mm256_fmadd_ps(_mm256_set1_ps(NL_Q0), t, _mm256_set1_ps(NL_Q1));
    q = _mm256_fmadd_ps(q, t, _mm256_set1_ps(NL_Q2));
    q = _mm256_fmadd_ps(q, t, _mm256_set1_ps(NL_Q3));
    q = _mm256_fmadd_ps(q, t, _mm256_set1_ps(NL_Q4));
    q = _mm256_fmadd_ps(q, t, _mm256_set1_ps(1.0f));
    __m256 erf = _mm256_div_ps(_mm256_mul_ps(c, p), q);
    return _mm256_mul_ps(_mm256_mul_ps(_mm256_set1_ps(0.5f), x), _mm256_add_ps(_mm256_set1_ps(1.0f), erf));
}

__attribute__((target("avx2,fma")))
void nl_gelu_avx2(const float *in, float *out, long count, float bias, const float *residual) {
    const __m256 b = _mm256_set1_ps(bias);
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256 y = nl_gelu8(_mm256_add_ps(_mm256_loadu_ps(in + i), b));
        if (residual) y = _mm256_add_ps(y, _mm256_loadu_ps(residual + i));
        _mm256_storeu_ps(out + i, y);
    }
    if (i < count) {
        // The tail through the same vector code on a zero-padded copy: every element gets the same arithmetic.
        float buffer[8] = {0, 0, 0, 0, 0, 0, 0, 0}, extra[8] = {0, 0, 0, 0, 0, 0, 0, 0};
        long n = count - i;
        for (long j = 0; j < n; j++) {
            buffer[j] = in[i + j];
            if (residual) extra[j] = residual[i + j];
        }
        __m256 y = nl_gelu8(_mm256_add_ps(_mm256_loadu_ps(buffer), b));
        if (residual) y = _mm256_add_ps(y, _mm256_loadu_ps(extra));
        _mm256_storeu_ps(buffer, y);
        for (long j = 0; j < n; j++) out[i + j] = buffer[j];
    }
}

__attribute__((target("avx2,fma")))
void nl_depthwise_row_avx2(float *out, const float *src, const float *w, long taps, long from, long to) {
    long x = from;
    if (taps == 3) {
        const __m256 w0 = _mm256_set1_ps(w[0]), w1 = _mm256_set1_ps(w[1]), w2 = _mm256_set1_ps(w[2]);
        for (; x + 8 <= to; x += 8) {
            __m256 s = _mm256_mul_ps(w0, _mm256_loadu_ps(src + x));
            s = _mm256_fmadd_ps(w1, _mm256_loadu_ps(src + x + 1), s);
            s = _mm256_fmadd_ps(w2, _mm256_loadu_ps(src + x + 2), s);
            _mm256_storeu_ps(out + x, _mm256_add_ps(_mm256_loadu_ps(out + x), s));
        }
    } else if (taps == 5) {
        const __m256 w0 = _mm256_set1_ps(w[0]), w1 = _mm256_set1_ps(w[1]), w2 = _mm256_set1_ps(w[2]);
        const __m256 w3 = _mm256_set1_ps(w[3]), w4 = _mm256_set1_ps(w[4]);
        for (; x + 8 <= to; x += 8) {
            __m256 s = _mm256_mul_ps(w0, _mm256_loadu_ps(src + x));
            s = _mm256_fmadd_ps(w1, _mm256_loadu_ps(src + x + 1), s);
            s = _mm256_fmadd_ps(w2, _mm256_loadu_ps(src + x + 2), s);
            s = _mm256_fmadd_ps(w3, _mm256_loadu_ps(src + x + 3), s);
            s = _mm256_fmadd_ps(w4, _mm256_loadu_ps(src + x + 4), s);
            _mm256_storeu_ps(out + x, _mm256_add_ps(_mm256_loadu_ps(out + x), s));
        }
    }
    // The rest (and other tap counts) with the same operations one lane at a time.
    for (; x < to; x++) {
        float s = w[0] * src[x];
        for (long k = 1; k < taps; k++) s = __builtin_fmaf(w[k], src[x + k], s);
        out[x] += s;
    }
}

#else

int nl_text_kernels_available(void) { return 0; }

void nl_gelu_avx2(const float *in, float *out, long count, float bias, const float *residual) {
    (void)in; (void)out; (void)count; (void)bias; (void)residual;
}

void nl_depthwise_row_avx2(float *out, const float *src, const float *w, long taps, long from, long to) {
    (void)out; (void)src; (void)w; (void)taps; (void)from; (void)to;
}

#endif
