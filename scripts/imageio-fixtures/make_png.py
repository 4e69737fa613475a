#!/usr/bin/env python3
"""Writes the PNG fixtures for Tests/NutriLensImageIOTests (see scripts/make-imageio-fixtures.sh).

A small self-contained PNG encoder (zlib only) so every colour type, bit depth, tRNS form and Adam7 interlacing can
be produced exactly; general tools pick bit depths and palettes for you.

Each picture is a 2x2 grid of quadrant samples (top-left, top-right, bottom-left, bottom-right), W x H = 64 x 48.
The expected decoded 8-bit values are listed in Tests/NutriLensImageIOTests/PNGVariantTests.swift; they follow from
the samples below (low bit depths scale by 255/(2^d - 1), 16-bit by round(v * 255 / 65535)).
"""
import struct
import sys
import zlib
from pathlib import Path

W, H = 64, 48
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def pack_row(samples, depth):
    """Samples (ints) of one row -> bytes at `depth` bits per sample, MSB first, padded to a byte."""
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    out, acc, bits = bytearray(), 0, 0
    for s in samples:
        acc = (acc << depth) | s
        bits += depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)


def encode(pixels, color_type, depth, extra=(), interlace=False, w=W, h=H):
    """pixels[y][x] is a tuple of samples (one per channel)."""
    ihdr = struct.pack(">IIBBBBB", w, h, depth, color_type, 0, 0, 1 if interlace else 0)
    raw = bytearray()
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    for x0, y0, dx, dy in passes:
        xs, ys = range(x0, w, dx), range(y0, h, dy)
        if not xs or not ys:
            continue
        for y in ys:
            raw.append(0)  # filter: None
            raw += pack_row([s for x in xs for s in pixels[y][x]], depth)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
    for kind, payload in extra:
        data += chunk(kind, payload)
    data += chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")
    return data


def grid(quads, w=W, h=H):
    """quads: [TL, TR, BL, BR] sample tuples -> pixels[y][x]."""
    return [[quads[(y >= h // 2) * 2 + (x >= w // 2)] for x in range(w)] for y in range(h)]


def text_on_transparent(ink, w=W, h=H):
    """RGBA: transparent canvas with an opaque `ink`-coloured bar (rows 16..31, cols 8..55) and an antialiased
    half-transparent edge row (row 32)."""
    rows = []
    for y in range(h):
        row = []
        for x in range(w):
            if 16 <= y < 32 and 8 <= x < 56:
                row.append(ink + (255,))
            elif y == 32 and 8 <= x < 56:
                row.append(ink + (128,))
            else:
                row.append((0, 0, 0, 0))
        rows.append(row)
    return rows


def with_ihdr_size(png, width, height):
    """`png` with IHDR claiming `width` x `height` (CRC recomputed); the image data stays as it was."""
    at = png.index(b"IHDR")
    body = b"IHDR" + struct.pack(">II", width, height) + png[at + 12:at + 17]
    return png[:at] + body + struct.pack(">I", zlib.crc32(body)) + png[at + 21:]


def exif_orientation(value):
    tiff = b"MM\x00\x2a" + struct.pack(">I", 8) + struct.pack(">H", 1)
    tiff += struct.pack(">HHIHH", 0x0112, 3, 1, value, 0) + struct.pack(">I", 0)
    return tiff


def main(out_dir):
    out = Path(out_dir)
    files = {}
    # Grey at every bit depth: samples chosen so each quadrant differs.
    files["gray1.png"] = encode(grid([(0,), (1,), (1,), (0,)]), 0, 1)
    files["gray2.png"] = encode(grid([(0,), (1,), (2,), (3,)]), 0, 2)
    files["gray4.png"] = encode(grid([(1,), (6,), (9,), (15,)]), 0, 4)
    files["gray8.png"] = encode(grid([(10,), (90,), (170,), (250,)]), 0, 8)
    # 16-bit: 65280 scales to 254 but truncates to 255; 511 scales to 2 but truncates to 1.
    files["gray16.png"] = encode(grid([(65280,), (511,), (32896,), (0,)]), 0, 16)
    files["rgb8.png"] = encode(grid([(200, 40, 40), (40, 160, 60), (40, 60, 200), (230, 210, 50)]), 2, 8)
    files["rgb16.png"] = encode(grid([(65280, 511, 0), (0, 65535, 0), (0, 0, 65535), (32896, 32896, 32896)]), 2, 16)
    # Palette at 1, 2, 4, 8 bits; the 4-colour palette also has a tRNS making index 3 half transparent.
    palette = bytes([200, 40, 40, 40, 160, 60, 40, 60, 200, 230, 210, 50])
    files["palette1.png"] = encode(grid([(0,), (1,), (1,), (0,)]), 3, 1, [(b"PLTE", palette[:6])])
    files["palette2.png"] = encode(grid([(0,), (1,), (2,), (3,)]), 3, 2, [(b"PLTE", palette)])
    files["palette4.png"] = encode(grid([(0,), (1,), (2,), (3,)]), 3, 4, [(b"PLTE", palette)])
    files["palette8.png"] = encode(grid([(0,), (1,), (2,), (3,)]), 3, 8, [(b"PLTE", palette)])
    files["palette8-trns.png"] = encode(grid([(0,), (1,), (2,), (3,)]), 3, 8,
                                        [(b"PLTE", palette), (b"tRNS", bytes([255, 255, 255, 0]))])
    # Grey tRNS: sample 3 (2-bit) is fully transparent.
    files["gray2-trns.png"] = encode(grid([(0,), (1,), (2,), (3,)]), 0, 2, [(b"tRNS", struct.pack(">H", 3))])
    # Grey + alpha, 8 and 16 bit: dark opaque content, one quadrant transparent.
    files["gray-alpha8.png"] = encode(grid([(20, 255), (60, 255), (0, 0), (100, 128)]), 4, 8)
    files["gray-alpha16.png"] = encode(grid([(5140, 65535), (15420, 65535), (0, 0), (25700, 32896)]), 4, 16)
    # RGBA: dark text on transparent (-> white behind) and light text on transparent (-> black behind).
    files["rgba-dark-text.png"] = encode(text_on_transparent((20, 20, 40)), 6, 8)
    files["rgba-light-text.png"] = encode(text_on_transparent((240, 240, 220)), 6, 8)
    # Adam7 versions of several colour types and depths (same expected values as the non-interlaced ones).
    files["rgb8-adam7.png"] = encode(grid([(200, 40, 40), (40, 160, 60), (40, 60, 200), (230, 210, 50)]), 2, 8,
                                     interlace=True)
    files["gray1-adam7.png"] = encode(grid([(0,), (1,), (1,), (0,)]), 0, 1, interlace=True)
    files["palette4-adam7.png"] = encode(grid([(0,), (1,), (2,), (3,)]), 3, 4, [(b"PLTE", palette)], interlace=True)
    files["rgba16-adam7.png"] = encode(grid([(65280, 511, 0, 65535), (0, 65535, 0, 65535), (0, 0, 65535, 65535),
                                             (32896, 32896, 32896, 65535)]), 6, 16, interlace=True)
    # An odd size (7x5) so Adam7 passes are partial and some are empty.
    files["rgb8-adam7-7x5.png"] = encode(grid([(200, 40, 40), (40, 160, 60), (40, 60, 200), (230, 210, 50)], 7, 5),
                                         2, 8, interlace=True, w=7, h=5)
    # eXIf orientation 6: stored 48x64 with the grid turned counter-clockwise, shows 64x48 upright.
    quads = [(200, 40, 40), (40, 160, 60), (40, 60, 200), (230, 210, 50)]
    upright = grid(quads)
    stored = [[None] * H for _ in range(W)]
    for y in range(H):
        for x in range(W):
            sx, sy = y, W - 1 - x          # orientation 6: stored (sx, sy) of upright (x, y), stored height W
            stored[sy][sx] = upright[y][x]
    files["rgb8-exif6.png"] = encode(stored, 2, 8, [(b"eXIf", exif_orientation(6))], w=H, h=W)
    # A 60000 x 60000 IHDR (valid CRC) over a tiny IDAT: must be refused from the header, before allocation.
    files["huge-60000.png"] = with_ihdr_size(encode([[(0,)]], 0, 8, w=1, h=1), 60000, 60000)
    # 2,000,000 x 1: within the pixel budget, but a side beyond libpng's 1,000,000-pixel limit.
    files["wide-2000000.png"] = with_ihdr_size(encode([[(0,)]], 0, 8, w=1, h=1), 2_000_000, 1)
    for name, data in files.items():
        (out / name).write_bytes(data)


if __name__ == "__main__":
    main(sys.argv[1])
