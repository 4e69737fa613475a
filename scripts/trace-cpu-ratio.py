#!/usr/bin/env python3
"""OCR stage thread CPU of two `nutrilens eval --trace` runs, photo by photo (dev time only).

Each trace line `ocr-trace WxH cpu=Nms ... path=P | ...` gives the OCR stage's thread CPU for one photo. This
prints, for the photos both traces hold: the median and p95 of each run, and the per-photo ratio NEW / BASE (median,
and the ratio of the sums). Run the two binaries at the same time (e.g. one job each on two cores), so both see the
same machine load: on a shared machine only the ratio is a figure worth quoting.

Usage: scripts/trace-cpu-ratio.py BASE.jsonl NEW.jsonl
"""
import re
import statistics
import sys

LINE = re.compile(r"cpu=(\d+)ms .*?path=(.+?) \|")


def read(path):
    cpu = {}
    with open(path) as f:
        for line in f:
            match = LINE.search(line)
            if match:
                cpu[match.group(2)] = int(match.group(1))
    return cpu


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    base, new = read(sys.argv[1]), read(sys.argv[2])
    photos = sorted(set(base) & set(new))
    if not photos:
        sys.exit("no photo in both traces")
    for name, run in (("base", base), ("new", new)):
        values = [run[p] for p in photos]
        print(f"{name:>4}: median {statistics.median(values):.0f} ms, p95 {percentile(values, 0.95):.0f} ms, "
              f"sum {sum(values)} ms")
    ratios = [new[p] / base[p] for p in photos if base[p] > 0]
    print(f"photos {len(photos)}; new/base per photo: median {statistics.median(ratios):.3f}, "
          f"sum ratio {sum(new[p] for p in photos) / sum(base[p] for p in photos):.3f}")


if __name__ == "__main__":
    main()
