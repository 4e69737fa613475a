#!/usr/bin/env python3
"""The review flag as the scanner sets it, per source folder (dev time only).

Reads the HTML report of `nutrilens eval --html FILE`: for every photo (`data-image-path`) and nutriment key, the
outcome eval scored (correct / wrong / spurious, by the Swift FieldScoring rules, so nothing is re-scored here), the
confidence the scanner stated (printed to 2 decimals) and whether it flagged the field for review. Only predicted
fields count (a value the user sees); a field is right when its outcome is `correct`.

Per source folder (first path component below ROOT) and overall: predicted fields, wrong ones, the share flagged,
how often the unflagged fields are right, wrong fields left unflagged, and the expected calibration error of the
stated confidence (10 equal-width bins); then a reliability table over all photos.

Usage: scripts/review-by-folder.py ROOT NAME=REPORT.html [NAME=…]
  e.g. scripts/review-by-folder.py ../shared/corpus/labels neural=/tmp/N.html both=/tmp/B.html
"""
import html
import importlib.util
import os
import re
import sys

import numpy as np

_spec = importlib.util.spec_from_file_location("fit", os.path.join(os.path.dirname(__file__), "fit-review-model.py"))
_fit = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_fit)
ece = _fit.ece


def folder_of(path, root):
    parts = os.path.relpath(os.path.normpath(path), os.path.normpath(root)).split(os.sep)
    return parts[0] if len(parts) > 1 else "."


CARD = re.compile(r'<article class="card image[^"]*" data-image-path="([^"]*)"(.*?)</article>', re.S)
ROW = re.compile(r'<tr class="(correct|wrong|spurious)[^"]*"><td class="key[^"]*">([^<]+)</td>'
                 r'<td class="num">[^<]*</td><td class="num">[^<]*</td><td class="num">([0-9.]+)</td><td>(.*?)</td></tr>')


def fields(report_path, root):
    """(folder, image, key, right, confidence, flagged) for every predicted field."""
    text = open(report_path, encoding="utf-8").read()
    rows = []
    for path, body in CARD.findall(text):
        path = html.unescape(path)
        for outcome, key, confidence, tags in ROW.findall(body):
            rows.append((folder_of(path, root), path, html.unescape(key), outcome == "correct", float(confidence),
                         'class="tag review"' in tags))
    return rows


def table(name, rows):
    print(f"\n{name}\n\n| folder | fields | wrong | flagged % | unflagged right % | wrong unflagged | ECE |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    folders = sorted({r[0] for r in rows})
    for folder in folders + ["all"]:
        sel = [r for r in rows if folder == "all" or r[0] == folder]
        y = np.array([r[3] for r in sel], float)
        p = np.array([r[4] for r in sel])
        flagged = np.array([r[5] for r in sel])
        unflagged = ~flagged
        right = y[unflagged].mean() * 100 if unflagged.any() else float("nan")
        e, _ = ece(p, y)
        label = "**all**" if folder == "all" else folder
        print(f"| {label} | {len(sel)} | {int((1 - y).sum())} | {flagged.mean() * 100:.1f} | {right:.1f} | "
              f"{int(((1 - y) * unflagged).sum())} | {e:.3f} |")
    y = np.array([r[3] for r in rows], float)
    _, bins = ece(np.array([r[4] for r in rows]), y)
    print("\n| confidence bin | fields | mean confidence | fraction right |\n|---|---:|---:|---:|")
    for lo, hi, n, conf, acc in bins:
        if n:
            print(f"| {lo:.1f}–{hi:.1f} | {n} | {conf:.3f} | {acc:.3f} |")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    root = sys.argv[1]
    for argument in sys.argv[2:]:
        name, _, report = argument.partition("=")
        rows = fields(report, root)
        table(f"{name} ({report}: {len({r[1] for r in rows})} photos with predicted fields)", rows)


if __name__ == "__main__":
    main()
