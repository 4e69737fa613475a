#!/usr/bin/env python3
"""How much of the printed nutrition the PP-OCRv6 tiny reader finds at several detector sizes (dev time only).

For every label photo of ../shared/corpus/labels with a sidecar (FoodLabel excluded), the photo is turned upright
(EXIF), shrunk to the scanner's working size (long side at most 2400 px, area averaging) and read by the reference
pipeline (scripts/ppocr_onnx.py: ONNX Runtime, PaddleOCR's pre- and post-processing) with the detector at each
long side given (never enlarged). Per size it stores the boxes' short sides in detector pixels, their texts and
quads, and how many sidecar values appear as numeric tokens (`\\d+([.,]\\d+)?`, comma as decimal point; a value in g
also counts when printed in mg). The numbers behind docs/text.md, "Detection scale".

Usage: scripts/detection-scale-sweep.py 480,640,960,1280 OUT.json [CORPUS]
  OUT.json is rewritten after each photo and resumed from when it exists. Prints per photo: size, (side, values
  found, boxes) per detector size; at the end the totals per size.
"""
import json
import os
import re
import sys

import numpy as np
from PIL import Image, ImageOps

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ppocr_onnx  # noqa: E402

NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
WORKING_MAX = 2400  # ScannerConfiguration.workingMaxDimension


def label_photos(root):
    found = []
    for folder, _, files in os.walk(root):
        if "FoodLabel" in folder:
            continue
        for name in files:
            stem, ext = os.path.splitext(name)
            if ext.lower() in (".jpg", ".jpeg", ".png") and os.path.exists(os.path.join(folder, stem + ".json")):
                found.append(os.path.join(folder, name))
    return sorted(found)


def short_sides(segments, side, working):
    sides = []
    for segment in segments:
        q = np.array(segment["quad"])
        edges = [np.linalg.norm(q[(i + 1) % 4] - q[i]) for i in range(4)]
        sides.append(min((edges[0] + edges[2]) / 2, (edges[1] + edges[3]) / 2) * side / working)
    return sides


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sizes = [int(s) for s in sys.argv[1].split(",")]
    out = sys.argv[2]
    root = sys.argv[3] if len(sys.argv) > 3 else os.path.join(os.path.dirname(__file__), "..", "..", "shared", "corpus", "labels")
    readers = {s: ppocr_onnx.Reader("v6tiny", long_side=s) for s in sizes}
    results = json.load(open(out)) if os.path.exists(out) else {}
    for path in label_photos(root):
        relative = os.path.relpath(path, root)
        if relative in results:
            continue
        truth = json.load(open(os.path.splitext(path)[0] + ".json")).get("nutrition", {}).get("nutriments", {})
        values = [float(v) for v in truth.values() if isinstance(v, (int, float))]
        image = ImageOps.exif_transpose(Image.open(path)).convert("RGB")
        long_side = max(image.size)
        if long_side > WORKING_MAX:
            f = WORKING_MAX / long_side
            image = image.resize((round(image.size[0] * f), round(image.size[1] * f)), Image.BOX)
        bgr = np.asarray(image)[:, :, ::-1].copy()
        working = max(image.size)
        entry = {"long": long_side, "work": working}
        for s in sizes:
            segments = readers[s].read(bgr)
            text = " ".join(seg["text"] for seg in segments if seg["score"] >= 0.5)
            tokens = {float(t.replace(",", ".")) for t in NUMBER.findall(text)}
            found = sum(1 for v in values if any(abs(t - v) < 1e-9 or abs(t - v * 1000) < 1e-6 for t in tokens))
            entry[str(s)] = {"heights": short_sides(segments, min(s, working), working), "found": found,
                             "n": len(values), "boxes": len(segments), "texts": [seg["text"] for seg in segments],
                             "quads": [seg["quad"] for seg in segments]}
        results[relative] = entry
        with open(out + ".tmp", "w") as f:
            json.dump(results, f)
        os.replace(out + ".tmp", out)
        print(relative, long_side, [(s, entry[str(s)]["found"], entry[str(s)]["boxes"]) for s in sizes], flush=True)
    for s in sizes:
        print(f"long side {s}: values found {sum(e[str(s)]['found'] for e in results.values())} of "
              f"{sum(e[str(s)]['n'] for e in results.values())}")


if __name__ == "__main__":
    main()
