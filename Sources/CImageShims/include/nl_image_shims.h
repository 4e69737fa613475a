// setjmp-guarded libjpeg/libpng entry points. Owned by the ImageIO stage; see nl_jpeg.c / nl_png.c.
#ifndef NL_IMAGE_SHIMS_H
#define NL_IMAGE_SHIMS_H
#include <stddef.h>
#include <stdint.h>
#endif
