#!/usr/bin/env python3
"""Side-by-side reader for the barcode benchmark: decodes images with zxing-cpp (PyPI `zxing-cpp`).

stdin: one "PATH<TAB>ROTATION" per line (rotation 0 or 180 degrees).
stdout: one JSON object per line: {"path", "rotation", "ms", "results": [{"format", "text"}]}.
Time covers Pillow load + rotation + decode. Dev tool only; builds and tests never need it.
"""
import json
import sys
import time

import zxingcpp
from PIL import Image

for line in sys.stdin:
    line = line.rstrip("\n")
    if not line:
        continue
    path, rotation = line.split("\t")
    t0 = time.perf_counter()
    img = Image.open(path)
    img.load()
    if int(rotation):
        img = img.rotate(int(rotation), expand=True)
    try:
        found = zxingcpp.read_barcodes(img)
        results = [{"format": str(r.format).split(".")[-1], "text": r.text} for r in found]
    except Exception as exc:  # a decoder failure counts as "nothing found"
        results = [{"error": str(exc)}]
    ms = (time.perf_counter() - t0) * 1000
    print(json.dumps({"path": path, "rotation": int(rotation), "ms": ms, "results": results}), flush=True)
