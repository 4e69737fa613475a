// libpng behind setjmp: see nl_image_shims.h for the contract.
#include "nl_image_shims.h"
#include "nl_status_util.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>

struct nl_png {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t size;
    size_t pos;
    nl_status *status;
    png_bytep *rows;
    int header_read;
    uint32_t height;
    uint32_t next_row;  // rows handed out so far
    int interlaced;
    size_t row_bytes;
};

static void nl_png_read(png_structp png, png_bytep out, size_t length) {
    struct nl_png *dec = png_get_io_ptr(png);
    if (length > dec->size - dec->pos) {
        if (dec->status) dec->status->truncated = 1;
        png_error(png, "file ends before the PNG data does (truncated)");
    }
    memcpy(out, dec->data + dec->pos, length);
    dec->pos += length;
}

static void nl_png_error(png_structp png, png_const_charp message) {
    struct nl_png *dec = png_get_error_ptr(png);
    nl_status *st = dec->status;
    if (st) {
        snprintf(st->message, sizeof st->message, "%s", message ? message : "libpng error");
        if (st->truncated) st->result = NL_ERR_TRUNCATED;
        else if (message && strstr(message, "user limit")) st->result = NL_ERR_LIMIT;
        else if (message && (strstr(message, "memory") || strstr(message, "Out of")))
            st->result = NL_ERR_NOMEM;
        else st->result = NL_ERR_CORRUPT;
    }
    png_longjmp(png, 1);
}

static void nl_png_warning(png_structp png, png_const_charp message) {
    struct nl_png *dec = png_get_error_ptr(png);
    nl_status *st = dec->status;
    if (!st) return;
    st->warnings++;
    if (st->message[0] == 0) snprintf(st->message, sizeof st->message, "%s", message ? message : "libpng warning");
}

nl_png *nl_png_create(void) {
    struct nl_png *dec = calloc(1, sizeof *dec);
    if (!dec) return NULL;
    // png_create_* report their own failures by returning NULL, never by longjmp.
    dec->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, dec, nl_png_error, nl_png_warning);
    if (!dec->png) { free(dec); return NULL; }
    dec->info = png_create_info_struct(dec->png);
    if (!dec->info) {
        png_destroy_read_struct(&dec->png, NULL, NULL);
        free(dec);
        return NULL;
    }
    return dec;
}

void nl_png_destroy(nl_png *dec) {
    if (!dec) return;
    png_destroy_read_struct(&dec->png, &dec->info, NULL);
    free(dec->rows);
    free(dec);
}

int32_t nl_png_read_header(nl_png *dec, const uint8_t *data, size_t size, uint32_t max_side, nl_png_info *info,
                           nl_status *status) {
    memset(status, 0, sizeof *status);
    if (!dec || !data || !info || dec->header_read) return nl_usage(status, "nl_png_read_header: bad arguments");
    dec->data = data;
    dec->size = size;
    dec->pos = 0;
    dec->status = status;
    if (setjmp(png_jmpbuf(dec->png))) {
        dec->status = NULL;
        return status->result ? status->result : NL_ERR_CORRUPT;
    }
    png_set_read_fn(dec->png, dec, nl_png_read);
    if (max_side > 0) png_set_user_limits(dec->png, max_side, max_side);
    png_read_info(dec->png, dec->info);
    dec->header_read = 1;

    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(dec->png, dec->info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    info->width = (int32_t)width;
    info->height = (int32_t)height;
    info->bit_depth = bit_depth;
    info->color_type = color_type;
    info->interlaced = interlace == PNG_INTERLACE_ADAM7;
    info->has_trns = png_get_valid(dec->png, dec->info, PNG_INFO_tRNS) ? 1 : 0;

    // Palette -> RGB, grey below 8 bits -> 8 bits, tRNS -> alpha channel.
    png_set_expand(dec->png);
    // Scale 16 -> 8 bits as round(v * 255 / 65535) rather than dropping the low byte.
    if (bit_depth == 16) png_set_scale_16(dec->png);
    if (interlace == PNG_INTERLACE_ADAM7) png_set_interlace_handling(dec->png);
    png_read_update_info(dec->png, dec->info);
    info->channels = png_get_channels(dec->png, dec->info);
    dec->height = height;
    dec->interlaced = interlace == PNG_INTERLACE_ADAM7;
    dec->row_bytes = png_get_rowbytes(dec->png, dec->info);
    dec->status = NULL;
    return NL_OK;
}

int32_t nl_png_decode(nl_png *dec, uint8_t *dst, size_t stride, size_t dst_size, nl_status *status) {
    status->result = NL_OK;
    if (!dec || !dst || !dec->header_read || dec->rows || dec->next_row)
        return nl_usage(status, "nl_png_decode: header not read or rows already read");
    if (dec->height == 0 || stride < dec->row_bytes || dst_size < (size_t)(dec->height - 1) * stride + dec->row_bytes)
        return nl_usage(status, "nl_png_decode: destination buffer too small");
    dec->rows = malloc((size_t)dec->height * sizeof *dec->rows);
    if (!dec->rows) {
        status->result = NL_ERR_NOMEM;
        snprintf(status->message, sizeof status->message, "out of memory for %u row pointers", dec->height);
        return status->result;
    }
    for (size_t y = 0; y < dec->height; y++) dec->rows[y] = dst + y * stride;
    dec->status = status;
    if (setjmp(png_jmpbuf(dec->png))) {
        dec->status = NULL;
        return status->result ? status->result : NL_ERR_CORRUPT;
    }
    png_read_image(dec->png, dec->rows);
    dec->next_row = dec->height;
    dec->status = NULL;
    return nl_png_finish(dec, status);
}

int32_t nl_png_read_rows(nl_png *dec, uint8_t *dst, size_t stride, uint32_t rows, nl_status *status) {
    status->result = NL_OK;
    if (!dec || !dst || !dec->header_read || dec->interlaced || rows > dec->height - dec->next_row)
        return nl_usage(status, "nl_png_read_rows: not a non-interlaced image or past the last row");
    if (stride < dec->row_bytes) return nl_usage(status, "nl_png_read_rows: stride below the row size");
    dec->status = status;
    if (setjmp(png_jmpbuf(dec->png))) {
        dec->status = NULL;
        return status->result ? status->result : NL_ERR_CORRUPT;
    }
    for (uint32_t i = 0; i < rows; i++) {
        png_read_row(dec->png, dst + i * stride, NULL);
        dec->next_row++;
    }
    dec->status = NULL;
    return NL_OK;
}

int32_t nl_png_finish(nl_png *dec, nl_status *status) {
    if (!dec || dec->next_row != dec->height) return nl_usage(status, "nl_png_finish: rows left unread");
    // Every pixel is in; a damaged tail (missing IEND, bad CRC on a trailing text chunk) only earns a warning.
    nl_status tail;
    memset(&tail, 0, sizeof tail);
    dec->status = &tail;
    if (setjmp(png_jmpbuf(dec->png))) {
        status->warnings++;
        if (status->message[0] == 0)
            snprintf(status->message, sizeof status->message, "after image data: %s", tail.message);
        dec->status = NULL;
        return NL_OK;
    }
    png_read_end(dec->png, NULL);
    status->warnings += tail.warnings;
    if (status->message[0] == 0 && tail.message[0] != 0)
        snprintf(status->message, sizeof status->message, "%s", tail.message);
    dec->status = NULL;
    return NL_OK;
}
