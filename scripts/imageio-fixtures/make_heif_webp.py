#!/usr/bin/env python3
"""HEIF/HEIC and WebP test fixtures (dev time only; the outputs are committed, tests never run this).

Needs Pillow (WebP) and heif-enc (Debian libheif-examples). Usage: make_heif_webp.py IMAGEIO_FIXTURES LABEL_FIXTURES TESTIMAGES

ImageIO fixtures are the 64x48 quadrant grid of make_png.py (colours QUAD_RGB), so tests can check pixels:
  quad.webp (lossless), quad-lossy.webp, quad-alpha.webp (right half transparent), orientation-6.webp (stored
  turned, EXIF chunk orientation 6), quad.heic, exif6.heic (stored turned, EXIF orientation 6 and no irot: HEIF
  readers must not apply it), irot.heic (stored turned, irot 90 degrees clockwise: libheif shows it upright),
  truncated/corrupt/huge variants of each format (corrupt-sps.heic: an SPS libde265 rejects with a line on stderr).
Label fixtures: TestImages/deg_exif6_en.jpg (stored sideways, EXIF 6) as deg_exif6_en-irot.heic (same stored pixels,
lossless, the turn as irot) and deg_exif6_en.webp (same stored pixels, lossy q85, the turn in the EXIF chunk).
"""
import io
import os
import struct
import subprocess
import sys
import tempfile

from PIL import Image

QUAD_RGB = [(200, 40, 40), (40, 160, 60), (40, 60, 200), (230, 210, 50)]


def quad(width=64, height=48):
    img = Image.new("RGB", (width, height))
    px = img.load()
    for y in range(height):
        for x in range(width):
            px[x, y] = QUAD_RGB[(2 if y >= height // 2 else 0) + (1 if x >= width // 2 else 0)]
    return img


def exif_orientation(value):
    exif = Image.Exif()
    exif[0x0112] = value
    return exif.tobytes()


def heif_enc(src_png, dest, quality=90):
    subprocess.run(["heif-enc", "-q", str(quality), src_png, "-o", dest], check=True, stdout=subprocess.DEVNULL)


# --- ISO-BMFF editing: add an irot property to the primary item --------------------------------------------------

def boxes(data, start, end):
    """(type, box start, payload start, box end) of the boxes in data[start:end]."""
    pos = start
    while pos + 8 <= end:
        size, kind = struct.unpack(">I4s", data[pos:pos + 8])
        yield kind.decode("latin1"), pos, pos + 8, pos + size
        pos += size


def find(data, start, end, kind):
    for k, b, p, e in boxes(data, start, end):
        if k == kind:
            return b, p, e
    raise KeyError(kind)


def add_irot(heic, angle_ccw_quarters):
    """heic bytes with an essential irot (angle = quarters of a turn anticlockwise) associated to the primary item.

    Grows ipco by the 9-byte irot box and the primary item's ipma entry by one association, fixes the sizes of
    meta/iprp/ipco/ipma, and shifts the iloc offsets of data that sits behind meta.
    """
    data = bytearray(heic)
    meta_b, meta_p, meta_e = find(data, 0, len(data), "meta")
    inner = meta_p + 4  # FullBox
    pitm_b, pitm_p, _ = find(data, inner, meta_e, "pitm")
    primary = struct.unpack(">H", data[pitm_p + 4:pitm_p + 6])[0]
    iprp_b, iprp_p, iprp_e = find(data, inner, meta_e, "iprp")
    ipco_b, ipco_p, ipco_e = find(data, iprp_p, iprp_e, "ipco")
    count = sum(1 for _ in boxes(data, ipco_p, ipco_e))
    ipma_b, ipma_p, ipma_e = find(data, iprp_p, iprp_e, "ipma")
    version, flags = data[ipma_p], int.from_bytes(data[ipma_p + 1:ipma_p + 4], "big")
    wide = flags & 1
    pos = ipma_p + 8
    entries = struct.unpack(">I", data[ipma_p + 4:ipma_p + 8])[0]
    insert_at = None
    for _ in range(entries):
        item = struct.unpack(">I" if version >= 1 else ">H", data[pos:pos + (4 if version >= 1 else 2)])[0]
        pos += 4 if version >= 1 else 2
        n = data[pos]
        if item == primary:
            data[pos] = n + 1
            insert_at = pos + 1 + n * (2 if wide else 1)
        pos += 1 + n * (2 if wide else 1)
    assert insert_at is not None, "primary item has no ipma entry"
    index = count + 1
    association = struct.pack(">H", 0x8000 | index) if wide else bytes([0x80 | index])
    irot = struct.pack(">I4sB", 9, b"irot", angle_ccw_quarters & 3)
    grow = len(irot) + len(association)
    # Insert from the back so earlier offsets stay valid.
    data[insert_at:insert_at] = association
    data[ipco_e:ipco_e] = irot
    # ipma follows ipco inside iprp, so the irot insertion moved it.
    for box_start, added in [(ipma_b + len(irot), len(association)), (ipco_b, len(irot)), (iprp_b, grow),
                             (meta_b, grow)]:
        size = struct.unpack(">I", data[box_start:box_start + 4])[0]
        data[box_start:box_start + 4] = struct.pack(">I", size + added)
    # iloc: absolute offsets (construction method 0) behind meta move by `grow`.
    iloc_b, iloc_p, _ = find(data, inner, meta_e + grow, "iloc")
    version = data[iloc_p]
    pos = iloc_p + 4
    offset_size, length_size = data[pos] >> 4, data[pos] & 15
    base_size, index_size = data[pos + 1] >> 4, (data[pos + 1] & 15 if version in (1, 2) else 0)
    pos += 2
    n_items = struct.unpack(">H" if version < 2 else ">I", data[pos:pos + (2 if version < 2 else 4)])[0]
    pos += 2 if version < 2 else 4

    def patch(at, size):
        if size == 0:
            return
        value = int.from_bytes(data[at:at + size], "big")
        if value >= meta_e:
            data[at:at + size] = (value + grow).to_bytes(size, "big")

    for _ in range(n_items):
        pos += 2 if version < 2 else 4  # item_ID
        method = 0
        if version in (1, 2):
            method = int.from_bytes(data[pos:pos + 2], "big") & 15
            pos += 2
        pos += 2  # data_reference_index
        if method == 0:
            patch(pos, base_size)
        pos += base_size
        extents = struct.unpack(">H", data[pos:pos + 2])[0]
        pos += 2
        for _ in range(extents):
            pos += index_size
            if method == 0:
                patch(pos, offset_size)
            pos += offset_size + length_size
    return bytes(data)


def set_ispe(heic, width, height):
    """Rewrites every ispe box to width x height (the container's declared size; the HEVC stream is unchanged)."""
    data = bytearray(heic)
    at = data.find(b"ispe")
    while at >= 0:
        data[at + 8:at + 16] = struct.pack(">II", width, height)
        at = data.find(b"ispe", at + 4)
    return bytes(data)


def main():
    out, labels, testimages = sys.argv[1:4]
    tmp = tempfile.mkdtemp()
    grid = quad()
    turned = grid.transpose(Image.Transpose.ROTATE_90)  # stored so that a 90-degree clockwise turn shows the grid
    grid.save(f"{tmp}/quad.png")
    turned.save(f"{tmp}/turned.png")

    grid.save(f"{out}/quad.webp", lossless=True)
    grid.save(f"{out}/quad-lossy.webp", quality=90)
    alpha = grid.convert("RGBA")
    apx = alpha.load()
    for y in range(48):
        for x in range(32, 64):
            apx[x, y] = (0, 0, 0, 0)
    alpha.save(f"{out}/quad-alpha.webp", lossless=True)
    turned.save(f"{out}/orientation-6.webp", lossless=True, exif=exif_orientation(6))

    heif_enc(f"{tmp}/quad.png", f"{out}/quad.heic")
    heif_enc(f"{tmp}/turned.png", f"{tmp}/turned.heic")
    turned_heic = open(f"{tmp}/turned.heic", "rb").read()
    open(f"{out}/irot.heic", "wb").write(add_irot(turned_heic, 3))  # 270 anticlockwise = 90 clockwise (EXIF 6)
    # heif-enc (libheif 1.15) copies a JPEG's EXIF block, orientation included, without turning the pixels.
    turned.save(f"{tmp}/turned.jpg", quality=95, exif=exif_orientation(6))
    heif_enc(f"{tmp}/turned.jpg", f"{out}/exif6.heic")

    quad_heic = open(f"{out}/quad.heic", "rb").read()
    quad_webp = open(f"{out}/quad-lossy.webp", "rb").read()
    open(f"{out}/truncated.heic", "wb").write(quad_heic[:len(quad_heic) - 60])
    open(f"{out}/truncated.webp", "wb").write(quad_webp[:len(quad_webp) // 2])
    open(f"{out}/truncated-header.heic", "wb").write(quad_heic[:40])
    bad = bytearray(quad_heic)
    mdat = bad.find(b"mdat")
    bad[mdat + 8:] = bytes((b ^ 0x5A) for b in bad[mdat + 8:])  # HEVC NAL units scrambled, container intact
    open(f"{out}/corrupt-data.heic", "wb").write(bytes(bad))
    bad = bytearray(quad_heic)
    meta = bad.find(b"meta")
    bad[meta - 4:meta] = struct.pack(">I", 3)  # meta box size smaller than its header
    open(f"{out}/corrupt-box.heic", "wb").write(bytes(bad))
    bad = bytearray(quad_webp)
    bad[30:] = bytes((b ^ 0x5A) for b in bad[30:])  # VP8 frame data scrambled after the frame header
    open(f"{out}/corrupt-data.webp", "wb").write(bytes(bad))
    open(f"{out}/huge-20000.heic", "wb").write(set_ispe(quad_heic, 20000, 20000))
    # Two bytes of the hvcC box changed (found by mutating it): libde265 rejects the SPS and prints
    # "SPS error: CB alignment" on stderr itself (a known limitation, HEIFWebPTests).
    bad = bytearray(quad_heic)
    hvcc = bad.find(b"hvcC")
    bad[hvcc + 13], bad[hvcc + 82] = 106, 13
    open(f"{out}/corrupt-sps.heic", "wb").write(bytes(bad))
    # VP8L header: 14-bit width-1 and height-1 after the 0x2F signature; 16384 x 16384 = 268 MP.
    lossless = bytearray(open(f"{out}/quad.webp", "rb").read())
    vp8l = lossless.find(b"VP8L") + 8
    assert lossless[vp8l] == 0x2F
    bits = int.from_bytes(lossless[vp8l + 1:vp8l + 5], "little")
    bits = (bits & ~0xFFFFFFF) | 16383 | (16383 << 14)
    lossless[vp8l + 1:vp8l + 5] = bits.to_bytes(4, "little")
    open(f"{out}/huge-16384.webp", "wb").write(bytes(lossless))

    # Label scan: the same stored (sideways) pixels as the JPEG, the turn carried by each format's own mechanism.
    label = Image.open(f"{testimages}/deg_exif6_en.jpg")
    assert label.getexif().get(0x0112) == 6
    label.save(f"{tmp}/label.png")
    # Lossless (x265 lossless, 4:4:4): the scan test compares every field with the JPEG's, so any difference is the
    # decoder's. Lossy re-encodes move single OCR reads (q80/85/92: one of 18 fields differs; see docs/imageio.md).
    subprocess.run(["heif-enc", "-L", "-p", "chroma=444", f"{tmp}/label.png", "-o", f"{tmp}/label.heic"], check=True,
                   stdout=subprocess.DEVNULL)
    open(f"{labels}/deg_exif6_en-irot.heic", "wb").write(add_irot(open(f"{tmp}/label.heic", "rb").read(), 3))
    label.save(f"{labels}/deg_exif6_en.webp", quality=85, exif=exif_orientation(6))


if __name__ == "__main__":
    main()
