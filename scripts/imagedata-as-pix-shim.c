/* Measurement tool, not part of any build: an LD_PRELOAD shim that shows what a Tesseract built with
 * -DTESSERACT_IMAGEDATA_AS_PIX (Tesseract PR #2965; Debian's libtesseract 5.3.0 is built without it) would save.
 *
 * Without the option, Tesseract's ImageData PNG-encodes every text-line image it hands to the LSTM
 * (ImageData::SetPixInternal -> pixWriteMem(IFF_PNG), zlib level 6) and decodes it again (GetPixInternal ->
 * pixReadMem): 10-15 % of a recognition's CPU in perf. Here the "encoded" bytes are a tag plus a reference to the
 * Pix itself and decoding returns another reference, which is what the build option does (no encoding, no copy).
 * Leptonica PNG writes to memory by anything else in the process are faked the same way, and one Pix reference per
 * line image is never released (a few MB per corpus run), so this is for measuring only (docs/ocr.md, "Session 6").
 *
 *   gcc -O2 -shared -fPIC -o /tmp/imagedata-as-pix-shim.so scripts/imagedata-as-pix-shim.c -ldl -llept
 *   LD_PRELOAD=/tmp/imagedata-as-pix-shim.so OMP_THREAD_LIMIT=1 NUTRILENS_OCR_TRACE=1 \
 *       .build/release/nutrilens eval --jobs 1 --ocr-budget 0 ../shared/corpus/labels
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <leptonica/allheaders.h>

static const char tag[8] = {'N', 'L', 'P', 'I', 'X', 'R', 'E', 'F'};

l_ok pixWriteMem(l_uint8 **pdata, size_t *psize, PIX *pix, l_int32 format) {
    static l_ok (*real)(l_uint8 **, size_t *, PIX *, l_int32);
    if (!real) real = (l_ok (*)(l_uint8 **, size_t *, PIX *, l_int32))dlsym(RTLD_NEXT, "pixWriteMem");
    if (format != IFF_PNG || !pix) return real(pdata, psize, pix, format);
    PIX *ref = pixClone(pix);
    l_uint8 *data = malloc(sizeof tag + sizeof ref);
    if (!data) return 1;
    memcpy(data, tag, sizeof tag);
    memcpy(data + sizeof tag, &ref, sizeof ref);
    *pdata = data;
    *psize = sizeof tag + sizeof ref;
    return 0;
}

PIX *pixReadMem(const l_uint8 *data, size_t size) {
    static PIX *(*real)(const l_uint8 *, size_t);
    if (!real) real = (PIX * (*)(const l_uint8 *, size_t)) dlsym(RTLD_NEXT, "pixReadMem");
    if (size == sizeof tag + sizeof(PIX *) && memcmp(data, tag, sizeof tag) == 0) {
        PIX *ref;
        memcpy(&ref, data + sizeof tag, sizeof ref);
        return pixClone(ref);
    }
    return real(data, size);
}
