#!/usr/bin/env python3
"""RapidOCR (PyPI rapidocr_onnxruntime: PP-OCRv4 detector + recogniser in ONNX Runtime) as a scan peer. Dev time only.

Usage: rapidocr_peer.py IMAGE...   (needs: pip install rapidocr_onnxruntime pillow; nothing of it runs in a scan)
Prints one JSON object per image: {"path", "ms", "cpuMs", "lines", "error"}. `lines` is a JSON array of
NutriLensLabel `TextLine`s (the format of the `.lines.json` dumps): one line per detected segment, its
whitespace-separated tokens as words, each with the part of the segment's quadrilateral its characters take
(characters are taken as equally wide: RapidOCR 1.4 returns no character positions) and the segment's score as
confidence. `nutrilens-bench scan` puts them through NutriLens's own grammar (`NutritionTextReader.read(lines:)`), so
the table compares what RapidOCR's pixels-to-text step delivers. `ms` is wall time, `cpuMs` process CPU time, of
EXIF transpose + RapidOCR's detection, angle classification and recognition for that image, measured in-process with
ONNX Runtime on one thread (intra/inter op 1); interpreter start-up, imports and model loading are excluded, as a
long-running Python service would pay them once.
"""
import json
import sys
import time

import numpy as np
from PIL import Image, ImageOps
from rapidocr_onnxruntime import RapidOCR


def word(text, quad, u0, u1, confidence):
    """The token `text` spanning fractions u0...u1 of the segment's reading direction, as a `TextWord` object."""
    q = np.array(quad, np.float64)
    points = np.array([q[0] + u0 * (q[1] - q[0]), q[0] + u1 * (q[1] - q[0]),
                       q[3] + u1 * (q[2] - q[3]), q[3] + u0 * (q[2] - q[3])])
    (x0, y0), (x1, y1) = points.min(axis=0), points.max(axis=0)
    return {"text": text,
            "box": {"x": round(x0, 1), "y": round(y0, 1), "width": round(x1 - x0, 1), "height": round(y1 - y0, 1)},
            "quad": {name: {"x": round(p[0], 1), "y": round(p[1], 1)}
                     for name, p in zip(("topLeft", "topRight", "bottomRight", "bottomLeft"), points)},
            "confidence": round(float(confidence), 4)}


def segment_to_line(quad, text, score):
    """One RapidOCR segment (quad clockwise from top-left, text, score) as a `TextLine` object; None when blank."""
    words, start, n = [], None, max(len(text), 1)
    for i, ch in enumerate(text + " "):
        if ch.isspace():
            if start is not None:
                words.append(word(text[start:i], quad, start / n, i / n, score))
            start = None
        elif start is None:
            start = i
    return {"text": " ".join(w["text"] for w in words), "words": words} if words else None


def main():
    engine = RapidOCR(intra_op_num_threads=1, inter_op_num_threads=1)
    for path in sys.argv[1:]:
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            image = np.asarray(ImageOps.exif_transpose(Image.open(path)).convert("RGB"))[:, :, ::-1].copy()
            segments, _ = engine(image)
            lines = [line for line in (segment_to_line(*s) for s in segments or []) if line]
            error = None
        except Exception as exc:  # a bad file must not stop the comparison run
            lines, error = [], str(exc)
        print(json.dumps({"path": path, "ms": (time.perf_counter() - wall) * 1000,
                          "cpuMs": (time.process_time() - cpu) * 1000, "lines": lines, "error": error},
                         ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
