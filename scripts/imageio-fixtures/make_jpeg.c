// Writes one synthetic JPEG fixture for Tests/NutriLensImageIOTests (see scripts/make-imageio-fixtures.sh).
//
// usage: make_jpeg OUT MODE ORIENTATION WIDTH HEIGHT
//   MODE: baseline | progressive | gray | cmyk (Adobe APP14, inverted) | cmyk-plain (no APP14, plain ink)
//         | ycck (Adobe APP14 transform 2) | restart (restart marker every MCU row) | arith (arithmetic coding)
//   ORIENTATION: EXIF tag value 1-8, or 0 for no EXIF segment.
// The upright picture is a 2x2 grid of known colours (see QUAD_* below; grey mode uses QUAD_GRAY). With an
// orientation, the stored pixels are the upright picture turned the opposite way, so a correct decoder that applies
// the tag shows the grid upright again.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

static const unsigned char QUAD_RGB[4][3] = {{200, 40, 40}, {40, 160, 60}, {40, 60, 200}, {230, 210, 50}};
static const unsigned char QUAD_GRAY[4] = {40, 100, 160, 220};

// Stored (sx, sy) of upright (x, y) for orientation o; sw, sh are the stored sizes.
static void stored_xy(int o, int x, int y, int sw, int sh, int *sx, int *sy) {
    switch (o) {
    case 2: *sx = sw - 1 - x; *sy = y; break;
    case 3: *sx = sw - 1 - x; *sy = sh - 1 - y; break;
    case 4: *sx = x; *sy = sh - 1 - y; break;
    case 5: *sx = y; *sy = x; break;
    case 6: *sx = y; *sy = sh - 1 - x; break;
    case 7: *sx = sw - 1 - y; *sy = sh - 1 - x; break;
    case 8: *sx = sw - 1 - y; *sy = x; break;
    default: *sx = x; *sy = y; break;
    }
}

static void put16(unsigned char *p, int v, int le) {
    if (le) { p[0] = v & 255; p[1] = v >> 8; } else { p[0] = v >> 8; p[1] = v & 255; }
}
static void put32(unsigned char *p, unsigned v, int le) {
    if (le) { put16(p, v & 0xFFFF, 1); put16(p + 2, v >> 16, 1); } else { put16(p, v >> 16, 0); put16(p + 2, v & 0xFFFF, 0); }
}

int main(int argc, char **argv) {
    if (argc != 6) { fprintf(stderr, "usage: %s OUT MODE ORIENTATION WIDTH HEIGHT\n", argv[0]); return 2; }
    const char *out = argv[1], *mode = argv[2];
    int orient = atoi(argv[3]), w = atoi(argv[4]), h = atoi(argv[5]);
    int gray = !strcmp(mode, "gray");
    int cmyk = !strcmp(mode, "cmyk") || !strcmp(mode, "cmyk-plain") || !strcmp(mode, "ycck");
    int inverted = cmyk && strcmp(mode, "cmyk-plain") != 0;
    int comps = gray ? 1 : cmyk ? 4 : 3;
    int sw = orient >= 5 ? h : w, sh = orient >= 5 ? w : h;
    unsigned char *px = calloc((size_t)sw * sh * comps, 1);
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            int q = (y >= h / 2) * 2 + (x >= w / 2);
            int sx, sy;
            stored_xy(orient, x, y, sw, sh, &sx, &sy);
            unsigned char *p = px + ((size_t)sy * sw + sx) * comps;
            if (gray) { p[0] = QUAD_GRAY[q]; continue; }
            const unsigned char *c = QUAD_RGB[q];
            if (!cmyk) { memcpy(p, c, 3); continue; }
            int mx = c[0] > c[1] ? c[0] : c[1];
            if (c[2] > mx) mx = c[2];
            int k = 255 - mx;  // ink
            for (int i = 0; i < 3; i++) {
                int ink = mx ? (mx - c[i]) * 255 / mx : 0;
                p[i] = inverted ? 255 - ink : ink;
            }
            p[3] = inverted ? 255 - k : k;
        }
    }

    FILE *f = fopen(out, "wb");
    if (!f) { perror(out); return 1; }
    struct jpeg_compress_struct c;
    struct jpeg_error_mgr jerr;
    c.err = jpeg_std_error(&jerr);
    jpeg_create_compress(&c);
    jpeg_stdio_dest(&c, f);
    c.image_width = sw;
    c.image_height = sh;
    c.input_components = comps;
    c.in_color_space = gray ? JCS_GRAYSCALE : cmyk ? JCS_CMYK : JCS_RGB;
    jpeg_set_defaults(&c);
    jpeg_set_quality(&c, 95, TRUE);
    if (cmyk) {
        jpeg_set_colorspace(&c, strcmp(mode, "ycck") ? JCS_CMYK : JCS_YCCK);
        c.write_Adobe_marker = inverted;
        c.write_JFIF_header = FALSE;
    }
    if (!strcmp(mode, "progressive")) jpeg_simple_progression(&c);
    if (!strcmp(mode, "restart")) c.restart_in_rows = 1;
    if (!strcmp(mode, "arith")) c.arith_code = TRUE;
    jpeg_start_compress(&c, TRUE);
    if (orient > 0) {
        int le = orient % 2 == 0;  // exercise both TIFF byte orders
        unsigned char app1[6 + 8 + 2 + 12 + 4];
        memset(app1, 0, sizeof app1);
        memcpy(app1, "Exif\0\0", 6);
        unsigned char *t = app1 + 6;
        memcpy(t, le ? "II" : "MM", 2);
        put16(t + 2, 42, le);
        put32(t + 4, 8, le);
        put16(t + 8, 1, le);            // one IFD0 entry
        put16(t + 10, 0x0112, le);      // Orientation
        put16(t + 12, 3, le);           // SHORT
        put32(t + 14, 1, le);           // count
        put16(t + 18, orient, le);      // value, left-justified in the 4-byte field
        put32(t + 22, 0, le);           // no next IFD
        jpeg_write_marker(&c, JPEG_APP0 + 1, app1, sizeof app1);
    }
    while (c.next_scanline < c.image_height) {
        JSAMPROW row = px + (size_t)c.next_scanline * sw * comps;
        jpeg_write_scanlines(&c, &row, 1);
    }
    jpeg_finish_compress(&c);
    jpeg_destroy_compress(&c);
    fclose(f);
    free(px);
    return 0;
}
