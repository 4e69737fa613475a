#!/usr/bin/env python3
"""Derives the bad-input fixtures for Tests/NutriLensImageIOTests from the good ones (see make-imageio-fixtures.sh).

Every file is one class of bad input the decoder must reject with a distinct typed error."""
import random
import struct
import sys
import zlib
from pathlib import Path


def find_marker(data: bytes, marker: int) -> int:
    """Offset of the first JPEG marker FF `marker` in the header part."""
    return data.index(bytes([0xFF, marker]))


def main(out_dir):
    out = Path(out_dir)
    jpeg = (out / "downscale-160x120.jpg").read_bytes()
    small_jpeg = (out / "baseline.jpg").read_bytes()
    png = (out / "rgb8.png").read_bytes()
    sos = find_marker(jpeg, 0xDA)
    files = {}
    # Truncations: inside the entropy-coded data, and inside the header.
    files["truncated-scan.jpg"] = jpeg[: sos + (len(jpeg) - sos) // 2]
    files["truncated-header.jpg"] = jpeg[:40]
    idat = png.index(b"IDAT")
    files["truncated-idat.png"] = png[: idat + 30]
    files["truncated-signature.png"] = png[:20]
    # Corrupt entropy-coded data: garbage over the middle of the scan (no 0xFF so no fake markers).
    rng = random.Random(7)
    mid = sos + (len(jpeg) - sos) // 2
    garbage = bytes(rng.randrange(0, 255) for _ in range(64))
    files["corrupt-scan.jpg"] = jpeg[:mid] + garbage + jpeg[mid + 64:]
    # Corrupt header: frame height 0 in SOF0.
    sof = find_marker(small_jpeg, 0xC0)
    files["corrupt-header.jpg"] = small_jpeg[: sof + 5] + b"\x00\x00" + small_jpeg[sof + 7:]
    # PNG whose IHDR checksum is wrong (libpng checks it before any pixel work) ...
    ihdr_crc = png.index(b"IHDR") + 4 + 13
    files["corrupt-crc.png"] = png[:ihdr_crc] + bytes([png[ihdr_crc] ^ 0x55]) + png[ihdr_crc + 1:]
    # ... and one with a damaged compressed stream under a valid CRC, so zlib itself sees the damage.
    data_at = idat + 4 + 10
    flipped = png[:data_at] + bytes([png[data_at] ^ 0x55]) + png[data_at + 1:]
    length = struct.unpack(">I", png[idat - 4: idat])[0]
    body = flipped[idat: idat + 4 + length]
    files["corrupt-zlib.png"] = (flipped[: idat + 4 + length] + struct.pack(">I", zlib.crc32(body))
                                 + flipped[idat + 8 + length:])
    files["empty.jpg"] = b""
    rng = random.Random(42)
    files["random.bin"] = bytes([0x13, 0x37]) + bytes(rng.randrange(256) for _ in range(4094))
    files["text.jpg"] = b"This is a text file named like a JPEG.\n"
    # Smallest valid GIF89a (1x1, one colour).
    files["tiny.gif"] = bytes.fromhex("47494638396101000100800000000000ffffff21f90401000000002c000000000100010000"
                                      "02024401003b")
    # SOF0 claiming 60000 x 60000: must be refused from the header, before allocation.
    sof = find_marker(small_jpeg, 0xC0)
    files["huge-60000.jpg"] = small_jpeg[: sof + 5] + struct.pack(">HH", 60000, 60000) + small_jpeg[sof + 9:]
    # Lossless JPEG process (SOF3): valid marker, not something libjpeg-turbo 2.1 decodes.
    files["lossless-sof3.jpg"] = small_jpeg[:sof] + b"\xff\xc3" + small_jpeg[sof + 2:]
    # A PNG wearing a .jpg name: the format comes from the bytes.
    files["png-named.jpg"] = png
    # Recoverable damage: stray bytes between two header segments (libjpeg warns, pixels intact) and a PNG
    # missing its IEND.
    sof = find_marker(small_jpeg, 0xC0)
    files["extraneous-bytes.jpg"] = small_jpeg[:sof] + b"\x00\x11\x22" + small_jpeg[sof:]
    files["no-iend.png"] = png[:-12]
    for name, data in files.items():
        (out / name).write_bytes(data)


if __name__ == "__main__":
    main(sys.argv[1])
