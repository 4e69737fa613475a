// OpenBLAS's CBLAS interface (Debian libopenblas-dev; pkg-config "openblas" gives the include folder).
// Only cblas_sgemm and openblas_set_num_threads are used (Sources/NutriLensText/Kernels/BLAS.swift).
#include <cblas.h>
