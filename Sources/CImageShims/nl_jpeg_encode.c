// JPEG encoding for report thumbnails (`nutrilens eval --html`): libjpeg compression into memory, setjmp-guarded
// like the decoder so a libjpeg error never unwinds Swift frames.
#include "nl_image_shims.h"
#include "nl_status_util.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

struct nl_encode_error {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    nl_status *status;
};

static void nl_encode_error_exit(j_common_ptr cinfo) {
    struct nl_encode_error *err = (struct nl_encode_error *)cinfo->err;
    char buffer[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, buffer);
    snprintf(err->status->message, sizeof err->status->message, "%s", buffer);
    err->status->lib_code = err->pub.msg_code;
    err->status->result = err->pub.msg_code == JERR_OUT_OF_MEMORY ? NL_ERR_NOMEM : NL_ERR_USAGE;
    longjmp(err->jump, 1);
}

// Compression has no corrupt-data warnings worth reporting; nothing is printed.
static void nl_encode_emit_message(j_common_ptr cinfo, int msg_level) { (void)cinfo; (void)msg_level; }

int32_t nl_jpeg_encode(const uint8_t *pixels, int32_t width, int32_t height, size_t stride, int32_t components,
                       int32_t quality, uint8_t **out, size_t *out_size, nl_status *status) {
    memset(status, 0, sizeof *status);
    if (!pixels || !out || !out_size || width <= 0 || height <= 0 || width > 65500 || height > 65500 ||
        (components != 1 && components != 3) || stride < (size_t)width * (size_t)components ||
        quality < 1 || quality > 100)
        return nl_usage(status, "nl_jpeg_encode: bad arguments");
    *out = NULL;
    *out_size = 0;
    struct jpeg_compress_struct cinfo;
    struct nl_encode_error err;
    // libjpeg's memory destination mallocs and grows this buffer and keeps `mem` pointing at it; its address escapes,
    // so it stays in memory and is current after a longjmp.
    unsigned char *mem = NULL;
    unsigned long size = 0;
    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = nl_encode_error_exit;
    err.pub.emit_message = nl_encode_emit_message;
    err.status = status;
    if (setjmp(err.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(mem);
        return status->result;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &mem, &size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = components;
    cinfo.in_color_space = components == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = mem;
    *out_size = (size_t)size;
    return NL_OK;
}

void nl_free(void *pointer) { free(pointer); }
