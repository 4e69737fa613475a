#!/usr/bin/env python3
"""Per-source-folder figures of a grammar run over text dumps (dev time only).

Input: one or more field TSVs written by `LineDumpEvaluationTests` (`NUTRILENS_DUMP_FIELDS=FILE`; columns image, key,
predicted, truth, outcome, confidence, review, own_row, …). For each file: per source folder (first path component
of the image) and overall — truth / predicted / correct fields, recall, precision, own-row losses (the truth number
is on the nutrient's own row of the OCR text and the field is missing or wrong) and, from the `review` column, the
flag rate and how often unflagged fields are right.

With `--own-row FILE` the own-row flags come from another run's TSV (the same dumps), so a grammar whose run did not
write them (or wrote them from other row geometry) is counted against the same fields.

Usage: scripts/grammar-report.py [--own-row AFTER.tsv] RUN.tsv [RUN2.tsv …] [--markdown]
"""
import argparse
import csv
import sys
from collections import defaultdict


def read(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


def folder_of(image):
    return image.split("/")[0]


def summarise(rows, own_rows):
    stats = defaultdict(lambda: defaultdict(int))
    for row in rows:
        for group in (folder_of(row["image"]), "overall"):
            s = stats[group]
            s["images"] = s["images"]
            if row["truth"] != "-":
                s["truth"] += 1
            if row["predicted"] != "-":
                s["predicted"] += 1
                s["flagged"] += row["review"] == "review"
                if row["review"] != "review":
                    s["unflagged"] += 1
                    s["unflagged_right"] += row["outcome"] == "right"
            s["correct"] += row["outcome"] == "right"
            own = own_rows.get((row["image"], row["key"])) if own_rows is not None else row.get("own_row") == "1"
            if own:
                s["own_row"] += 1
                s["own_row_lost"] += row["outcome"] != "right"
    for row in rows:
        stats[folder_of(row["image"])]["_images"] = 0
    images = defaultdict(set)
    for row in rows:
        images[folder_of(row["image"])].add(row["image"])
        images["overall"].add(row["image"])
    for group in stats:
        stats[group]["images"] = len(images[group])
    return stats


def pct(a, b):
    return f"{100 * a / b:.1f}" if b else "–"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", nargs="+")
    parser.add_argument("--own-row", help="take own-row flags from this TSV")
    args = parser.parse_args()
    own_rows = None
    if args.own_row:
        own_rows = {(r["image"], r["key"]): r["own_row"] == "1" for r in read(args.own_row) if r["truth"] != "-"}
    for path in args.runs:
        stats = summarise(read(path), own_rows)
        print(f"\n{path}")
        print("| folder | images | truth | predicted | correct | recall % | precision % | own-row lost / own-row "
              "| flagged % | unflagged right % |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for group in sorted(stats, key=lambda g: (g == "overall", g)):
            s = stats[group]
            print(f"| {group} | {s['images']} | {s['truth']} | {s['predicted']} | {s['correct']} | "
                  f"{pct(s['correct'], s['truth'])} | {pct(s['correct'], s['predicted'])} | "
                  f"{s['own_row_lost']} / {s['own_row']} | {pct(s['flagged'], s['predicted'])} | "
                  f"{pct(s['unflagged_right'], s['unflagged'])} |")


if __name__ == "__main__":
    sys.exit(main())
