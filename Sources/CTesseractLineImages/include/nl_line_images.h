#ifndef NL_LINE_IMAGES_H
#define NL_LINE_IMAGES_H

/* Tesseract 5 hands every text line to its LSTM through an ImageData that, unless Tesseract was built with
 * -DTESSERACT_IMAGEDATA_AS_PIX (Debian's 5.3.0 is not), PNG-encodes the line with Leptonica's pixWriteMem(IFF_PNG)
 * (zlib level 6) and decodes it again with pixReadMem a moment later: ~11 % of a recognition's CPU, for a copy.
 * This target defines pixWriteMem and pixReadMem, which the dynamic linker binds libtesseract's calls to (the
 * executable's definitions come first in the global lookup scope); each calls Leptonica's own (dlsym RTLD_NEXT)
 * except in two cases:
 *   - pixWriteMem(IFF_PNG) on a thread between nl_line_images_begin() and nl_line_images_end() (NutriLensOCR
 *     brackets its TessBaseAPIRecognize calls), while enabled, for a Pix without a colormap: the bytes are a
 *     48-byte header tagged "NLRAWPX1" (width, height, depth, samples per pixel, words per line, resolution)
 *     followed by the Pix's raster, copied as is;
 *   - pixReadMem of such bytes (any thread): a new Pix with the same raster, depth, samples per pixel and
 *     resolution, i.e. what the PNG round trip gives back, without the deflate/inflate.
 * Everything else (other formats, other threads, a host application's own PNG writes outside a recognition, real
 * PNG/JPEG/TIFF bytes) goes to Leptonica unchanged. docs/ocr.md, "Session 6", has the measurement. */

/* Marks the calling thread as inside a Tesseract recognition (nestable). */
void nl_line_images_begin(void);
/* Ends what nl_line_images_begin() began on the calling thread. */
void nl_line_images_end(void);
/* Process-wide switch, on by default: 0 sends every PNG write to Leptonica again (for measuring). */
void nl_line_images_set_enabled(int enabled);
/* The process-wide switch: 1 on, 0 off. */
int nl_line_images_enabled(void);
/* 1 when raw line images are written (switch on and inside a recognition on this thread), else 0. */
int nl_line_images_active(void);
/* Number of line images this process passed raw since it started (all threads). */
unsigned long long nl_line_images_count(void);

#endif
