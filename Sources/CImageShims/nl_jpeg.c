// libjpeg-turbo behind setjmp: see nl_image_shims.h for the contract.
#include "nl_image_shims.h"
#include "nl_status_util.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

struct nl_jpeg_error {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    nl_status *status;
};

struct nl_jpeg {
    struct jpeg_decompress_struct cinfo;
    struct nl_jpeg_error err;
    struct jpeg_progress_mgr progress;
    int created;
    int header_read;
    int started;        // decode began: the output can no longer be configured
    int max_scans;
    int cmyk;           // output is CMYK from libjpeg and we convert it to RGB per row
    int cmyk_inverted;
    int want_gray;      // grey output requested (libjpeg does it, except for CMYK where nl_cmyk_row does)
    uint8_t *cmyk_row;  // one row of CMYK samples (only for CMYK/YCCK sources)
};

static void nl_copy_message(j_common_ptr cinfo, nl_status *st) {
    char buffer[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, buffer);
    snprintf(st->message, sizeof st->message, "%s", buffer);
}

static int32_t nl_classify_fatal(int code, const nl_status *st) {
    if (st->truncated) return NL_ERR_TRUNCATED;  // e.g. JERR_NO_IMAGE after the fake EOI libjpeg inserts at EOF
    switch (code) {
    case JERR_INPUT_EMPTY:
    case JERR_INPUT_EOF:
        return NL_ERR_TRUNCATED;
    case JERR_BAD_PRECISION:     // 12/16-bit samples
    case JERR_SOF_UNSUPPORTED:   // lossless, hierarchical
    case JERR_NOT_COMPILED:
    case JERR_NOTIMPL:
    case JERR_ARITH_NOTIMPL:
    case JERR_CONVERSION_NOTIMPL:
    case JERR_IMAGE_TOO_BIG:
    case JERR_WIDTH_OVERFLOW:
        return NL_ERR_UNSUPPORTED;
    case JERR_OUT_OF_MEMORY:
        return NL_ERR_NOMEM;
    default:
        return NL_ERR_CORRUPT;
    }
}

// Fatal errors: record, then leave libjpeg through the setjmp of the shim function that called it.
static void nl_jpeg_error_exit(j_common_ptr cinfo) {
    struct nl_jpeg_error *err = (struct nl_jpeg_error *)cinfo->err;
    nl_status *st = err->status;
    nl_copy_message(cinfo, st);
    st->lib_code = err->pub.msg_code;
    st->result = nl_classify_fatal(err->pub.msg_code, st);
    longjmp(err->jump, 1);
}

// Warnings (level -1) are corrupt-data reports; trace messages (level >= 0) are ignored. Nothing is printed:
// a library must not write to stderr behind its caller's back.
static void nl_jpeg_emit_message(j_common_ptr cinfo, int msg_level) {
    struct nl_jpeg_error *err = (struct nl_jpeg_error *)cinfo->err;
    if (msg_level >= 0) return;
    err->pub.num_warnings++;
    nl_status *st = err->status;
    st->warnings++;
    switch (err->pub.msg_code) {
    case JWRN_JPEG_EOF:
        st->truncated = 1;
        break;
    case JWRN_HIT_MARKER:
    case JWRN_HUFF_BAD_CODE:
    case JWRN_MUST_RESYNC:
    case JWRN_ARITH_BAD_CODE:
    case JWRN_NOT_SEQUENTIAL:
        st->damaged++;
        break;
    default:  // e.g. extraneous bytes before a marker: common in camera files, pixels intact
        break;
    }
    if (st->message[0] == 0) nl_copy_message(cinfo, st);
}

static void nl_jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }

// A crafted progressive file can hold thousands of tiny scans, each costing a full pass over the coefficients;
// libjpeg-turbo's own tools guard against this the same way (djpeg -maxscans).
static void nl_jpeg_progress(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) return;
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    nl_jpeg *dec = (nl_jpeg *)d;  // cinfo is the first member
    if (dec->max_scans > 0 && d->input_scan_number > dec->max_scans) {
        nl_status *st = dec->err.status;
        snprintf(st->message, sizeof st->message, "progressive JPEG has more than %d scans", dec->max_scans);
        st->result = NL_ERR_LIMIT;
        longjmp(dec->err.jump, 1);
    }
}

nl_jpeg *nl_jpeg_create(void) {
    nl_jpeg *dec = calloc(1, sizeof *dec);
    if (!dec) return NULL;
    nl_status scratch;
    memset(&scratch, 0, sizeof scratch);
    dec->cinfo.err = jpeg_std_error(&dec->err.pub);
    dec->err.pub.error_exit = nl_jpeg_error_exit;
    dec->err.pub.emit_message = nl_jpeg_emit_message;
    dec->err.pub.output_message = nl_jpeg_output_message;
    dec->err.status = &scratch;
    if (setjmp(dec->err.jump)) {
        free(dec);
        return NULL;
    }
    jpeg_create_decompress(&dec->cinfo);
    dec->created = 1;
    dec->progress.progress_monitor = nl_jpeg_progress;
    dec->cinfo.progress = &dec->progress;
    dec->err.status = NULL;
    return dec;
}

void nl_jpeg_destroy(nl_jpeg *dec) {
    if (!dec) return;
    if (dec->created) jpeg_destroy_decompress(&dec->cinfo);  // never calls error_exit
    free(dec->cmyk_row);
    free(dec);
}

static void nl_fill_info(const nl_jpeg *dec, nl_jpeg_info *info) {
    const struct jpeg_decompress_struct *c = &dec->cinfo;
    info->image_width = (int32_t)c->image_width;
    info->image_height = (int32_t)c->image_height;
    info->output_width = (int32_t)c->output_width;
    info->output_height = (int32_t)c->output_height;
    info->output_components = dec->cmyk ? (dec->want_gray ? 1 : 3) : (int32_t)c->out_color_components;
    info->jpeg_color_space = (int32_t)c->jpeg_color_space;
    info->progressive = c->progressive_mode ? 1 : 0;
    info->saw_adobe_marker = c->saw_Adobe_marker ? 1 : 0;
    info->cmyk_inverted = dec->cmyk_inverted;
    info->restart_interval = (int32_t)c->restart_interval;
}

int32_t nl_jpeg_read_header(nl_jpeg *dec, const uint8_t *data, size_t size, int32_t max_scans, nl_jpeg_info *info,
                            nl_status *status) {
    memset(status, 0, sizeof *status);
    if (!dec || !data || !info || dec->header_read) return nl_usage(status, "nl_jpeg_read_header: bad arguments");
    dec->err.status = status;
    dec->max_scans = max_scans;
    if (setjmp(dec->err.jump)) {
        dec->err.status = NULL;
        return status->result;
    }
    jpeg_mem_src(&dec->cinfo, data, (unsigned long)size);
    jpeg_read_header(&dec->cinfo, TRUE);
    dec->header_read = 1;
    struct jpeg_decompress_struct *c = &dec->cinfo;
    dec->cmyk = c->jpeg_color_space == JCS_CMYK || c->jpeg_color_space == JCS_YCCK;
    // Adobe APP14 marks Photoshop-style CMYK, stored inverted (255 = no ink). Files without it store plain ink.
    dec->cmyk_inverted = dec->cmyk && c->saw_Adobe_marker;
    dec->err.status = NULL;
    return nl_jpeg_configure(dec, 8, 0, info, status);
}

int32_t nl_jpeg_configure(nl_jpeg *dec, int32_t scale_num, int32_t want_gray, nl_jpeg_info *info, nl_status *status) {
    status->result = NL_OK;
    if (!dec || !info || !dec->header_read || dec->started || scale_num < 1 ||
        scale_num > 8)
        return nl_usage(status, "nl_jpeg_configure: bad arguments or state");
    dec->err.status = status;
    if (setjmp(dec->err.jump)) {
        dec->err.status = NULL;
        return status->result;
    }
    struct jpeg_decompress_struct *c = &dec->cinfo;
    if (c->jpeg_color_space == JCS_GRAYSCALE) c->out_color_space = JCS_GRAYSCALE;
    else if (dec->cmyk) c->out_color_space = JCS_CMYK;  // libjpeg undoes YCCK's YCC part; we undo the inversion
    else c->out_color_space = want_gray ? JCS_GRAYSCALE : JCS_RGB;
    dec->want_gray = want_gray || c->jpeg_color_space == JCS_GRAYSCALE;
    c->scale_num = (unsigned int)scale_num;
    c->scale_denom = 8;
    jpeg_calc_output_dimensions(c);
    nl_fill_info(dec, info);
    dec->err.status = NULL;
    return NL_OK;
}

// (a * b) / 255 rounded, exact for 0...255 inputs.
static inline unsigned nl_mul255(unsigned a, unsigned b) {
    unsigned t = a * b + 128;
    return (t + (t >> 8)) >> 8;
}

// One row of CMYK samples to RGB (3 bytes) or, with `gray`, BT.601 luma (77 R + 150 G + 29 B + 128) >> 8 (1 byte).
static void nl_cmyk_row(const uint8_t *src, uint8_t *dst, size_t width, int inverted, int gray) {
    for (size_t x = 0; x < width; x++, src += 4) {
        unsigned c = src[0], m = src[1], y = src[2], k = src[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        // Now every value is "255 - ink": R = (1 - C)(1 - K) and likewise for G, B.
        unsigned r = nl_mul255(c, k), g = nl_mul255(m, k), b = nl_mul255(y, k);
        if (gray) {
            *dst++ = (uint8_t)((77 * r + 150 * g + 29 * b + 128) >> 8);
        } else {
            *dst++ = (uint8_t)r; *dst++ = (uint8_t)g; *dst++ = (uint8_t)b;
        }
    }
}

int32_t nl_jpeg_start(nl_jpeg *dec, nl_status *status) {
    status->result = NL_OK;  // keep the warnings recorded while reading the header
    if (!dec || !dec->header_read || dec->started)
        return nl_usage(status, "nl_jpeg_start: header not read or started twice");
    dec->err.status = status;
    if (setjmp(dec->err.jump)) {
        dec->err.status = NULL;
        return status->result;
    }
    dec->started = 1;
    jpeg_start_decompress(&dec->cinfo);
    if (dec->cmyk) {
        dec->cmyk_row = malloc((size_t)dec->cinfo.output_width * 4);
        if (!dec->cmyk_row) ERREXIT1(&dec->cinfo, JERR_OUT_OF_MEMORY, 100);
    }
    dec->err.status = NULL;
    return NL_OK;
}

int32_t nl_jpeg_read_rows(nl_jpeg *dec, uint8_t *dst, size_t stride, uint32_t max_rows, uint32_t *rows_read,
                          nl_status *status) {
    status->result = NL_OK;
    *rows_read = 0;
    if (!dec || !dst || !dec->started) return nl_usage(status, "nl_jpeg_read_rows: not started");
    struct jpeg_decompress_struct *c = &dec->cinfo;
    size_t row_bytes = (size_t)c->output_width * (dec->cmyk ? (dec->want_gray ? 1 : 3) : (size_t)c->out_color_components);
    if (stride < row_bytes) return nl_usage(status, "nl_jpeg_read_rows: stride below the row size");
    dec->err.status = status;
    if (setjmp(dec->err.jump)) {
        dec->err.status = NULL;
        return status->result;
    }
    uint32_t done = 0;
    while (done < max_rows && c->output_scanline < c->output_height) {
        if (dec->cmyk) {
            JSAMPROW row = dec->cmyk_row;
            if (jpeg_read_scanlines(c, &row, 1) != 1) break;
            nl_cmyk_row(dec->cmyk_row, dst + (size_t)done * stride, c->output_width, dec->cmyk_inverted, dec->want_gray);
            done++;
        } else {
            JSAMPROW rows[16];
            uint32_t n = max_rows - done;
            if (n > 16) n = 16;
            for (uint32_t i = 0; i < n; i++) rows[i] = dst + (size_t)(done + i) * stride;
            JDIMENSION got = jpeg_read_scanlines(c, rows, n);
            if (got == 0) break;  // cannot happen with a memory source, which never suspends
            done += got;
        }
        *rows_read = done;
    }
    dec->err.status = NULL;
    return NL_OK;
}

int32_t nl_jpeg_finish(nl_jpeg *dec, nl_status *status) {
    status->result = NL_OK;
    if (!dec || !dec->started || dec->cinfo.output_scanline < dec->cinfo.output_height)
        return nl_usage(status, "nl_jpeg_finish: rows left unread");
    dec->err.status = status;
    if (setjmp(dec->err.jump)) {
        dec->err.status = NULL;
        return status->result;
    }
    jpeg_finish_decompress(&dec->cinfo);
    dec->err.status = NULL;
    return NL_OK;
}
