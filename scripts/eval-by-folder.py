#!/usr/bin/env python3
"""Per-source-folder field figures and stage times from `nutrilens eval --report` JSON files (dev time only).

A photo's folder is the first path component below ROOT (for the shared corpus, ROOT = ../shared/corpus/labels:
one folder per source repository). For each report: correct / truth / predicted fields, recall and precision per
folder and overall, then the median and p95 of the OCR stage (`ocr_ms`, reports from session 11 on) and of the whole
scan (`total_ms`).

Usage: scripts/eval-by-folder.py ROOT NAME=REPORT.json [NAME=REPORT.json ...]
  e.g. scripts/eval-by-folder.py ../shared/corpus/labels tesseract=/tmp/tesseract.json neural=/tmp/neural.json
"""
import json
import os
import sys
from collections import defaultdict


def folder_of(path, root):
    relative = os.path.relpath(os.path.normpath(path), os.path.normpath(root))
    parts = relative.split(os.sep)
    return parts[0] if len(parts) > 1 else "."


def percentile(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    root = sys.argv[1]
    reports = []
    for argument in sys.argv[2:]:
        name, _, path = argument.partition("=")
        with open(path) as f:
            reports.append((name, json.load(f)))
    folders = sorted({folder_of(s["path"], root) for _, r in reports for s in r["image_scores"]})
    table = {}
    for name, report in reports:
        counts = defaultdict(lambda: [0, 0, 0, 0])
        for score in report["image_scores"]:
            for key in (folder_of(score["path"], root), "ALL"):
                c = counts[key]
                c[0] += score["correct_fields"]
                c[1] += score["truth_fields"]
                c[2] += score["predicted_fields"]
                c[3] += 1
        table[name] = counts
    width = max(len(f) for f in folders + ["ALL"])
    print(f"{'folder':<{width}} {'n':>4} " + " ".join(f"{n + ' c/t/p':>16} {'R':>5} {'P':>5}" for n, _ in reports))
    for folder in folders + ["ALL"]:
        n = table[reports[0][0]][folder][3]
        cells = []
        for name, _ in reports:
            c, t, p, _ = table[name][folder]
            cells.append(f"{f'{c}/{t}/{p}':>16} {c / t if t else 0:5.3f} {c / p if p else 0:5.3f}")
        print(f"{folder:<{width}} {n:>4} " + " ".join(cells))
    print()
    for name, report in reports:
        ocr = [s["ocr_ms"] for s in report["image_scores"] if s.get("ocr_ms") is not None]
        total = [s["total_ms"] for s in report["image_scores"] if s.get("total_ms") is not None]
        print(f"{name}: ocr median {percentile(ocr, 0.5):.0f} ms p95 {percentile(ocr, 0.95):.0f} ms; "
              f"scan median {percentile(total, 0.5):.0f} ms p95 {percentile(total, 0.95):.0f} ms ({len(total)} scans)")


if __name__ == "__main__":
    main()
