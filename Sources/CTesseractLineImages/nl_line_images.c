#define _GNU_SOURCE
#include "nl_line_images.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <leptonica/allheaders.h>

static const char kTag[8] = {'N', 'L', 'R', 'A', 'W', 'P', 'X', '1'};

/* 48 bytes, no padding: the tag and ten 32-bit fields. */
typedef struct {
    char tag[8];
    int32_t width, height, depth, spp, wpl, xres, yres, reserved[3];
} raw_header;

static _Thread_local int depth_inside;
static int switched_on = 1;
static unsigned long long passed;

void nl_line_images_begin(void) { depth_inside++; }
void nl_line_images_end(void) { if (depth_inside > 0) depth_inside--; }
void nl_line_images_set_enabled(int enabled) { __atomic_store_n(&switched_on, enabled ? 1 : 0, __ATOMIC_RELAXED); }
int nl_line_images_enabled(void) { return __atomic_load_n(&switched_on, __ATOMIC_RELAXED); }
int nl_line_images_active(void) { return depth_inside > 0 && __atomic_load_n(&switched_on, __ATOMIC_RELAXED); }
unsigned long long nl_line_images_count(void) { return __atomic_load_n(&passed, __ATOMIC_RELAXED); }

typedef l_ok (*write_fn)(l_uint8 **, size_t *, PIX *, l_int32);
typedef PIX *(*read_fn)(const l_uint8 *, size_t);

/* Leptonica's own definition of `name` (the next one after this object in the lookup order), looked up once. */
static void *leptonica(const char *name, void **cache) {
    void *f = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
    if (!f) {
        f = dlsym(RTLD_NEXT, name);
        __atomic_store_n(cache, f, __ATOMIC_RELEASE);
    }
    return f;
}

static void *real_write, *real_read;

l_ok pixWriteMem(l_uint8 **pdata, size_t *psize, PIX *pix, l_int32 format) {
    if (format == IFF_PNG && pix && pdata && psize && !pixGetColormap(pix) && nl_line_images_active()) {
        raw_header h;
        memset(&h, 0, sizeof h);
        memcpy(h.tag, kTag, sizeof kTag);
        h.width = pixGetWidth(pix);
        h.height = pixGetHeight(pix);
        h.depth = pixGetDepth(pix);
        h.spp = pixGetSpp(pix);
        h.wpl = pixGetWpl(pix);
        h.xres = pixGetXRes(pix);
        h.yres = pixGetYRes(pix);
        size_t raster = (size_t)h.wpl * 4 * (size_t)h.height;
        l_uint8 *data = malloc(sizeof h + raster); /* freed by the caller with lept_free (free) */
        if (data && h.width > 0 && h.height > 0) {
            memcpy(data, &h, sizeof h);
            memcpy(data + sizeof h, pixGetData(pix), raster);
            *pdata = data;
            *psize = sizeof h + raster;
            __atomic_add_fetch(&passed, 1, __ATOMIC_RELAXED);
            return 0;
        }
        free(data);
    }
    write_fn real = (write_fn)leptonica("pixWriteMem", &real_write);
    return real ? real(pdata, psize, pix, format) : 1;
}

PIX *pixReadMem(const l_uint8 *data, size_t size) {
    if (data && size >= sizeof(raw_header) && memcmp(data, kTag, sizeof kTag) == 0) {
        raw_header h;
        memcpy(&h, data, sizeof h);
        int depth_ok = h.depth == 1 || h.depth == 2 || h.depth == 4 || h.depth == 8 || h.depth == 16 || h.depth == 32;
        if (!depth_ok || h.width <= 0 || h.height <= 0 || h.width > (1 << 24) || h.height > (1 << 24)) return NULL;
        PIX *pix = pixCreateNoInit(h.width, h.height, h.depth);
        if (!pix) return NULL;
        size_t raster = (size_t)pixGetWpl(pix) * 4 * (size_t)h.height;
        if (pixGetWpl(pix) != h.wpl || size != sizeof h + raster) {
            pixDestroy(&pix);
            return NULL;
        }
        memcpy(pixGetData(pix), data + sizeof h, raster);
        pixSetSpp(pix, h.spp);
        pixSetResolution(pix, h.xres, h.yres);
        return pix;
    }
    read_fn real = (read_fn)leptonica("pixReadMem", &real_read);
    return real ? real(data, size) : NULL;
}
