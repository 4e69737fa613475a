// setjmp-guarded libjpeg/libpng entry points for NutriLensImageIO.
//
// libjpeg and libpng report fatal errors by longjmp. A longjmp across Swift frames is undefined behaviour, so every
// call into either library happens inside one of the functions below, each of which owns its own setjmp and turns a
// library error into an nl_status. Swift only ever sees return codes and copied message text.
//
// Life cycle: create -> read_header (once) -> the caller checks its pixel limit and allocates the destination ->
// JPEG: configure (any number of times) -> start -> read_rows until done -> finish; PNG: decode, or read_rows
// until done -> finish -> destroy. destroy is safe after any failure and on NULL. A decoder is used by one
// thread at a time; separate decoders are independent.
#ifndef NL_IMAGE_SHIMS_H
#define NL_IMAGE_SHIMS_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Outcome class of a shim call; Swift maps each to an ImageDecodingError case.
typedef enum {
    NL_OK = 0,
    NL_ERR_TRUNCATED = 1,   ///< input ended before the image data did
    NL_ERR_CORRUPT = 2,     ///< malformed stream (bad marker, CRC, Huffman/zlib data, ...)
    NL_ERR_UNSUPPORTED = 3, ///< valid file using a feature we do not decode (12-bit JPEG, lossless, ...)
    NL_ERR_NOMEM = 4,       ///< the library could not allocate its working memory
    NL_ERR_LIMIT = 5,       ///< a resource guard tripped (too many progressive scans, dimension over user limit)
    NL_ERR_USAGE = 6        ///< the shim was called out of order or with a bad buffer (a bug on the Swift side)
} nl_result;

/// Error/warning record filled by every call. `message` is NUL-terminated library text.
typedef struct {
    int32_t result;          ///< nl_result
    int32_t lib_code;        ///< libjpeg msg_code of the fatal error (0 for libpng / none)
    int32_t warnings;        ///< number of corrupt-data warnings seen so far
    int32_t truncated;       ///< 1 once the library reported reaching the end of input early
    int32_t damaged;         ///< warnings that mean pixels were lost (bad Huffman code, resync, premature marker)
    char message[200];       ///< the fatal error text, or else the first warning text
} nl_status;

// MARK: JPEG

/// What read_header learned and configure chose.
typedef struct {
    int32_t image_width;       ///< stored (un-oriented) width at full scale, from SOF
    int32_t image_height;      ///< stored height at full scale
    int32_t output_width;      ///< width after DCT scaling
    int32_t output_height;     ///< height after DCT scaling
    int32_t output_components; ///< bytes per output pixel: 1 (grey) or 3 (RGB)
    int32_t jpeg_color_space;  ///< libjpeg J_COLOR_SPACE of the file (1 grey, 2 RGB, 3 YCbCr, 4 CMYK, 5 YCCK)
    int32_t progressive;       ///< 1 for SOF2 progressive files
    int32_t saw_adobe_marker;  ///< 1 when an Adobe APP14 segment was present
    int32_t cmyk_inverted;     ///< 1 when CMYK/YCCK samples are stored inverted (Adobe convention)
    int32_t restart_interval;  ///< MCUs between restart markers (0 = none)
} nl_jpeg_info;

typedef struct nl_jpeg nl_jpeg;

/// Allocates a decoder; NULL only when out of memory.
nl_jpeg *nl_jpeg_create(void);
/// Releases the decoder and everything libjpeg allocated. NULL is ignored.
void nl_jpeg_destroy(nl_jpeg *dec);
/// Parses markers up to the first scan over `data[0..<size]` (not copied: keep it alive until destroy) and fills
/// `info` for full-scale colour output. `max_scans` (> 0) bounds the number of progressive scans decode accepts.
int32_t nl_jpeg_read_header(nl_jpeg *dec, const uint8_t *data, size_t size, int32_t max_scans, nl_jpeg_info *info,
                            nl_status *status);
/// Chooses the output: DCT scale `scale_num/8` (1...8) and grey (`want_gray`, or always for grey files) or RGB.
/// CMYK/YCCK are converted by nl_jpeg_read_rows (to RGB, or to BT.601 luma when grey is wanted). Updates `info`'s output fields. May be called repeatedly
/// between read_header and decode to probe sizes; nothing is allocated for the image until decode.
int32_t nl_jpeg_configure(nl_jpeg *dec, int32_t scale_num, int32_t want_gray, nl_jpeg_info *info, nl_status *status);
/// Starts decompression with the configured output. After this, nl_jpeg_read_rows hands out rows top to bottom.
int32_t nl_jpeg_start(nl_jpeg *dec, nl_status *status);
/// Decodes up to `max_rows` next rows into `dst` (rows `stride` bytes apart, each `output_width *
/// output_components` bytes) and stores how many it wrote in `*rows_read` (0 only once all rows are out).
int32_t nl_jpeg_read_rows(nl_jpeg *dec, uint8_t *dst, size_t stride, uint32_t max_rows, uint32_t *rows_read,
                          nl_status *status);
/// Reads the rest of the stream up to EOI (where trailing damage shows up as warnings).
int32_t nl_jpeg_finish(nl_jpeg *dec, nl_status *status);

// MARK: PNG

typedef struct {
    int32_t width;          ///< stored width
    int32_t height;         ///< stored height
    int32_t bit_depth;      ///< 1, 2, 4, 8 or 16 as stored
    int32_t color_type;     ///< PNG colour type as stored (0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA)
    int32_t interlaced;     ///< 1 for Adam7
    int32_t has_trns;       ///< 1 when a tRNS chunk gives transparency
    int32_t channels;       ///< bytes per output pixel after expansion: 1 G, 2 GA, 3 RGB, 4 RGBA (always 8-bit)
} nl_png_info;

typedef struct nl_png nl_png;

nl_png *nl_png_create(void);
void nl_png_destroy(nl_png *dec);
/// Reads the chunks before the image data of `data[0..<size]` (kept alive until destroy, not copied), rejecting
/// images wider or taller than `max_side` (png_set_user_limits), and sets up expansion to 8-bit channels: palette ->
/// RGB, low-bit grey -> 8-bit, tRNS -> alpha, 16-bit -> 8-bit scaled (png_set_scale_16, not truncation), Adam7
/// de-interlacing.
int32_t nl_png_read_header(nl_png *dec, const uint8_t *data, size_t size, uint32_t max_side, nl_png_info *info,
                           nl_status *status);
/// Decodes every row into `dst` (`height` rows of `stride` bytes holding `width * channels` bytes each), then reads
/// the chunks after the image data (damage there only counts as a warning: every pixel is already in).
int32_t nl_png_decode(nl_png *dec, uint8_t *dst, size_t stride, size_t dst_size, nl_status *status);
/// Streaming alternative to nl_png_decode for non-interlaced images: decodes the next `rows` rows into `dst`
/// (`rows` rows of `stride` bytes). Call until all `height` rows are read, then nl_png_finish.
int32_t nl_png_read_rows(nl_png *dec, uint8_t *dst, size_t stride, uint32_t rows, nl_status *status);
/// Reads the chunks after the image data (leniently, as nl_png_decode does).
int32_t nl_png_finish(nl_png *dec, nl_status *status);

// MARK: JPEG encoding

/// Compresses `height` rows of `width` pixels (`components` 1 = grey or 3 = RGB bytes per pixel, rows `stride` bytes
/// apart) at libjpeg `quality` 1...100 into a buffer allocated with malloc: `*out` (release it with nl_free) and
/// `*out_size` bytes. Returns NL_OK, NL_ERR_NOMEM, or NL_ERR_USAGE for bad arguments.
int32_t nl_jpeg_encode(const uint8_t *pixels, int32_t width, int32_t height, size_t stride, int32_t components,
                       int32_t quality, uint8_t **out, size_t *out_size, nl_status *status);
/// Releases a buffer nl_jpeg_encode returned. NULL is ignored.
void nl_free(void *pointer);

#ifdef __cplusplus
}
#endif
#endif
