#!/usr/bin/env bash
# Regenerates Tests/NutriLensImageIOTests/Fixtures: synthetic JPEG/PNG variants with known pixel values, EXIF
# orientations 1-8, and one file per bad-input class; HEIC/WebP variants (and the HEIC/WebP label scans in
# Tests/NutriLensTests/Fixtures). Needs cc + libjpeg-dev, python3 with Pillow, and heif-enc (libheif-examples).
# The outputs are committed; tests never run this.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/Tests/NutriLensImageIOTests/Fixtures"
src="$root/scripts/imageio-fixtures"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"
cc -O2 -Wall -o "$tmp/make_jpeg" "$src/make_jpeg.c" -ljpeg

for mode in baseline progressive gray cmyk cmyk-plain ycck restart arith; do
  "$tmp/make_jpeg" "$out/$mode.jpg" "$mode" 0 64 48
done
for o in 1 2 3 4 5 6 7 8; do
  "$tmp/make_jpeg" "$out/orientation-$o.jpg" baseline "$o" 64 48
done
"$tmp/make_jpeg" "$out/downscale-160x120.jpg" baseline 0 160 120
"$tmp/make_jpeg" "$out/downscale-orientation-6.jpg" progressive 6 160 120

python3 "$src/make_png.py" "$out"
python3 "$src/make_bad.py" "$out"
python3 "$src/make_heif_webp.py" "$out" "$root/Tests/NutriLensTests/Fixtures" "$root/TestImages"
echo "fixtures in $out: $(ls "$out" | wc -l) files, $(du -sh "$out" | cut -f1)"
