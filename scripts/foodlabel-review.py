#!/usr/bin/env python3
"""The review flag on FoodLabel per variant and half (dev time only).

Reads the field TSVs `FoodLabelEvaluationTests` writes with `NUTRILENS_DUMP_FIELDS=PREFIX` (PREFIX-full_size.tsv,
PREFIX-crop_large.tsv, PREFIX-crop_small.tsv; columns: label, key, predicted, truth, right/wrong, confidence, review,
…) and prints, per variant and half (`FoodLabelEvaluation.half(of:)`: A developed on, B held out) and overall:
predicted fields, wrong ones, the share flagged, how often unflagged fields are right, wrong fields left unflagged and
right fields flagged. With `--list A|B`, the half's wrong unflagged fields too.

Usage: NUTRILENS_EVAL_ALL=1 NUTRILENS_DUMP_FIELDS=/tmp/fl swift test -c release --skip-build \
           --disable-swift-testing -Xswiftc -enable-testing --filter NutriLensLabelTests.FoodLabelEvaluationTests
       scripts/foodlabel-review.py /tmp/fl [--list A]
"""
import argparse

VARIANTS = ["full_size", "crop_large", "crop_small"]


def half(label):
    """0 (A) or 1 (B): FNV-1a 64 of the label id, below 500 modulo 1000 is A (FoodLabelEvaluation.half(of:))."""
    h = 0xcbf29ce484222325
    for byte in label.encode():
        h = ((h ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return 0 if h % 1000 < 500 else 1


def load(path):
    rows = []
    with open(path) as f:
        for line in f:
            c = line.rstrip("\n").split("\t")
            rows.append(dict(label=c[0], key=c[1], predicted=c[2], truth=c[3], right=c[4] == "right",
                             review=c[6] == "review", source=c[7]))
    return rows


def figures(rows):
    n = len(rows)
    flagged = sum(r["review"] for r in rows)
    unflagged = n - flagged
    wrong_unflagged = sum(not r["right"] and not r["review"] for r in rows)
    return (f"{n:5d} fields {sum(not r['right'] for r in rows):3d} wrong | flagged {100 * flagged / max(1, n):5.1f} % | "
            f"unflagged right {100 * (unflagged - wrong_unflagged) / max(1, unflagged):6.2f} % | "
            f"wrong unflagged {wrong_unflagged:3d} | right flagged {sum(r['right'] and r['review'] for r in rows):4d}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("prefix")
    parser.add_argument("--list", choices=["A", "B"])
    args = parser.parse_args()
    for variant in VARIANTS:
        rows = load(f"{args.prefix}-{variant}.tsv")
        for h, name in [(0, "A"), (1, "B")]:
            print(f"{variant:11s} {name}: {figures([r for r in rows if half(r['label']) == h])}")
        print(f"{variant:11s} *: {figures(rows)}")
        if args.list:
            for r in rows:
                if half(r["label"]) == "AB".index(args.list) and not r["right"] and not r["review"]:
                    print(f"    {r['label']} {r['key']}: predicted {r['predicted']} truth {r['truth']} «{r['source'][:60]}»")


if __name__ == "__main__":
    main()
