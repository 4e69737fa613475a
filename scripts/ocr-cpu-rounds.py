#!/usr/bin/env python3
"""The OCR stage's thread CPU per photo, as the minimum over rounds (issue 21's measurement; dev time only).

The OCR stage is deterministic: the same photo takes the same work on every run, and what varies between runs is
what the machine adds (other processes' cache and memory traffic, frequency, interrupts, page faults). That noise
only ever adds time, so each photo's MINIMUM thread CPU over several rounds is the standard noise-robust estimate
of its cost; the median / p95 / sum over the corpus are taken of those minima. One round's p95 (the 7th costliest
of 128 photos) moves by +-6 % between runs of one binary on an idle machine; the minima of 3 rounds roughly halve
that (typically 2-3 %, at worst 9 % on the p95), and they move with the hour: quote 5 rounds, run as a pair
(docs/text.md, "How the OCR stage's CPU is measured").

Each round runs every binary once over the corpus, one after the other (never two at once), the order alternating
from round to round (A B, B A, A B, ...), each as
    OMP_THREAD_LIMIT=1 BIN eval --jobs 1 --ocr-budget 0 -q --trace OUT/LABEL.rN.trace --report OUT/LABEL.rN.json CORPUS
Then it prints, per binary: the median / p95 / sum of the per-photo minima (and of each round, for the spread),
and with two binaries the per-photo ratio of the minima (median, sum ratio, p95 ratio), the ten costliest photos
(the p95 is the 7th), plus whether the two binaries read the same: the reports' outcomes and every trace reading (the trace lines without `cpu=`) compared
photo by photo.

Usage:
  scripts/ocr-cpu-rounds.py [--rounds 3] [--out DIR] [--corpus ../shared/corpus/labels] LABEL=BIN [LABEL=BIN]
  scripts/ocr-cpu-rounds.py --summarize [--out DIR] LABEL [LABEL]     # the traces already in DIR
The first binary is the base of the ratio. `--extra "ARGS"` adds arguments to every eval (e.g. `--ocr-engine both`).
The environment is passed through (OPENBLAS_CORETYPE: the figures of issue 21 are on the pinned Haswell kernels).
"""
import argparse
import glob
import importlib.util
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
import time

CPU = re.compile(r" cpu=\d+ms")


def _trace_cpu_ratio():
    """scripts/trace-cpu-ratio.py as a module: its trace line pattern and its p95 rank (the 7th costliest of 128)."""
    spec = importlib.util.spec_from_file_location(
        "trace_cpu_ratio", os.path.join(os.path.dirname(os.path.abspath(__file__)), "trace-cpu-ratio.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_RATIO = _trace_cpu_ratio()
LINE, percentile = _RATIO.LINE, _RATIO.percentile


def read_trace(path):
    """Photo path -> (OCR thread CPU in ms, the trace line without its cpu= field)."""
    with open(path) as f:
        matches = [(LINE.search(line), line.rstrip("\n")) for line in f]
    return {m.group(2): (int(m.group(1)), CPU.sub("", line)) for m, line in matches if m}


def read_outcomes(path):
    """Photo path -> its field outcomes in an eval report (None if the report is missing)."""
    if not os.path.exists(path):
        return None
    with open(path) as f:
        report = json.load(f)
    return {s["path"]: (s["outcomes"], s["predicted_fields"], s["correct_fields"]) for s in report["image_scores"]}


def run_round(label, binary, round_index, args):
    trace = os.path.join(args.out, f"{label}.r{round_index}.trace")
    report = os.path.join(args.out, f"{label}.r{round_index}.json")
    command = [binary, "eval", "--jobs", "1", "--ocr-budget", "0", "-q", "--trace", trace, "--report", report]
    command += shlex.split(args.extra) + [args.corpus]
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    started = time.time()
    print(f"round {round_index} {label}: {' '.join(command)}", file=sys.stderr, flush=True)
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    load = os.getloadavg()[0]
    print(f"  {time.time() - started:.0f} s wall, load average {load:.1f}", file=sys.stderr, flush=True)


def summary(values):
    return (f"median {statistics.median(values):4.0f} ms  p95 {percentile(values, 0.95):4.0f} ms  "
            f"sum {sum(values) / 1000:5.1f} s")


def summarize(labels, out):
    minima, readings, outcomes = {}, {}, {}
    for label in labels:
        traces = sorted(glob.glob(os.path.join(out, f"{label}.r*.trace")))
        if not traces:
            sys.exit(f"no trace {out}/{label}.r*.trace")
        rounds = [read_trace(t) for t in traces]
        photos = set.intersection(*(set(r) for r in rounds))
        print(f"{label}: {len(traces)} rounds, {len(photos)} photos")
        for trace, run in zip(traces, rounds):
            print(f"  {os.path.basename(trace):>14}: {summary([run[p][0] for p in photos])}")
        minima[label] = {p: min(r[p][0] for r in rounds) for p in photos}
        print(f"  {'minimum':>14}: {summary(list(minima[label].values()))}")
        # Every round of one binary must read the same (a deterministic stage).
        lines = {p: {r[p][1] for r in rounds} for p in photos}
        unstable = [p for p in photos if len(lines[p]) > 1]
        if unstable:
            print(f"  WARNING: {len(unstable)} photos read differently between rounds, e.g. {unstable[0]}")
        readings[label] = {p: next(iter(lines[p])) for p in photos}
        outcomes[label] = [read_outcomes(t[:-len(".trace")] + ".json") for t in traces]
    if len(labels) == 2:
        base, new = labels
        photos = sorted(set(minima[base]) & set(minima[new]))
        ratios = [minima[new][p] / minima[base][p] for p in photos if minima[base][p] > 0]
        b = [minima[base][p] for p in photos]
        n = [minima[new][p] for p in photos]
        print(f"{new}/{base} per photo (minima): median {statistics.median(ratios):.3f}, "
              f"sum ratio {sum(n) / sum(b):.3f}, p95 {percentile(n, 0.95)} / {percentile(b, 0.95)} = "
              f"{percentile(n, 0.95) / percentile(b, 0.95):.3f}")
        # The photos around the p95 rank (the 7th costliest of 128): what sets the figure.
        print("costliest photos (minima, ms):")
        for p in sorted(photos, key=lambda p: -minima[new][p])[:10]:
            print(f"  {minima[base][p]:5d} {minima[new][p]:5d}  {minima[new][p] / minima[base][p]:.3f}  "
                  f"{'/'.join(p.split('/')[-2:])}")
        differing = [p for p in photos if readings[base][p] != readings[new][p]]
        print(f"trace readings: {len(photos) - len(differing)} of {len(photos)} photos identical"
              + (f"; differ: {', '.join(os.path.basename(p) for p in differing[:5])}" if differing else ""))
        first = [o for o in outcomes[base] if o], [o for o in outcomes[new] if o]
        if first[0] and first[1]:
            same = [p for p in first[0][0] if first[1][0].get(p) == first[0][0][p]]
            print(f"report outcomes: {len(same)} of {len(first[0][0])} photos identical")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binaries", nargs="+", help="LABEL=BIN (or LABEL with --summarize); the first is the base")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", default="/tmp/ocr-cpu-rounds")
    parser.add_argument("--corpus", default="../shared/corpus/labels")
    parser.add_argument("--extra", default="", help="more eval arguments, one string")
    parser.add_argument("--summarize", action="store_true", help="only summarize the traces already in --out")
    args = parser.parse_args()
    if len(args.binaries) > 2:
        sys.exit("one or two binaries")
    if args.summarize:
        summarize([b.split("=", 1)[0] for b in args.binaries], args.out)
        return
    pairs = []
    for item in args.binaries:
        label, sep, binary = item.partition("=")
        if not sep or not os.access(binary, os.X_OK):
            sys.exit(f"not LABEL=executable: {item}")
        pairs.append((label, os.path.abspath(binary)))
    os.makedirs(args.out, exist_ok=True)
    for label, _ in pairs:
        for old in glob.glob(os.path.join(args.out, f"{label}.r*.*")):
            os.remove(old)
    print(f"OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', '(unset)')}", file=sys.stderr)
    for round_index in range(1, args.rounds + 1):
        order = pairs if round_index % 2 == 1 else pairs[::-1]
        for label, binary in order:
            run_round(label, binary, round_index, args)
    summarize([label for label, _ in pairs], args.out)


if __name__ == "__main__":
    main()
