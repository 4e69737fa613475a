#!/usr/bin/env python3
"""Splits the trailing-9 evidence TSV (NineEvidenceDumpTests) into true 9s and the unit g read as 9, by the photo's
sidecar values, and shows how the recogniser's runner-up for that 9 separates them; fits the least "g" runner-up
probability with one source folder left out at a time.

Usage: scripts/nine-evidence.py EVIDENCE.tsv [EVIDENCE2.tsv ...]
A token is "g" when its value without the 9 (in grams; with a decimal separator put back before its last digit when
it has none) is a sidecar value and the value as read is not; "nine" the other way round; else "unknown".
"""
import re
import sys
from collections import defaultdict


def number(text):
    try:
        return float(text.replace(",", "."))
    except ValueError:
        return None


def classify(token, values):
    run = re.search(r"[0-9][0-9.,]*9$", token)
    if not run:
        return "unknown"
    digits = run.group(0)
    as_read = number(digits)
    stem = digits[:-1]
    g_values = [number(stem)]
    if not re.search(r"[.,]", stem) and len(stem) >= 2:
        g_values.append(number(stem[:-1] + "." + stem[-1]))
    def hit(v):
        return v is not None and any(abs(v - w) < 1e-6 for w in values)
    nine, gram = hit(as_read), any(hit(v) for v in g_values)
    if gram and not nine:
        return "g"
    if nine and not gram:
        return "nine"
    return "unknown"


rows = []
for path in sys.argv[1:]:
    with open(path) as f:
        next(f)
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) < 7:
                continue
            photo, token, segment, conf, runner, runner_conf, values = parts[:7]
            values = [float(v) for v in values.split(",") if v]
            folder = photo.split("/")[0] if "/" in photo else path
            rows.append(dict(photo=photo, folder=folder, token=token, segment=segment, conf=float(conf),
                             runner=runner, p=float(runner_conf), kind=classify(token, values)))

def g_prob(r):
    return r["p"] if r["runner"] == "g" else 0.0

print("kind    count  runner-up g (count, p min/median/max)   other runner-ups")
for kind in ("g", "nine", "unknown"):
    rs = [r for r in rows if r["kind"] == kind]
    gs = sorted(g_prob(r) for r in rs if r["runner"] == "g")
    others = defaultdict(int)
    for r in rs:
        if r["runner"] != "g":
            others[r["runner"]] += 1
    med = gs[len(gs) // 2] if gs else 0
    print(f"{kind:7s} {len(rs):5d}  {len(gs):3d}  {min(gs, default=0):.4f}/{med:.4f}/{max(gs, default=0):.4f}   "
          + " ".join(f"{k!r}:{v}" for k, v in sorted(others.items(), key=lambda kv: -kv[1])[:8]))

print("\nper token (kind, folder, token, 9's probability, runner-up, its probability, segment):")
for r in sorted(rows, key=lambda r: (r["kind"], -g_prob(r))):
    print(f"  {r['kind']:7s} {r['folder'][:28]:28s} {r['token']:12s} {r['conf']:.3f} {r['runner']!r:5s} {r['p']:.4f}  {r['segment']}")

thresholds = [0.001, 0.002, 0.005, 0.01, 0.02, 0.03, 0.05, 0.1, 0.15, 0.2, 0.3]
def score(rs, t):
    gain = sum(1 for r in rs if r["kind"] == "g" and g_prob(r) >= t)
    loss = sum(1 for r in rs if r["kind"] == "nine" and g_prob(r) >= t)
    return gain, loss

print("\nthreshold sweep, all folders (g read as 9 caught / true 9 turned to g / unknown turned):")
for t in thresholds:
    gain, loss = score(rows, t)
    unknown = sum(1 for r in rows if r["kind"] == "unknown" and g_prob(r) >= t)
    print(f"  {t:<6} {gain:3d} / {loss:3d} / {unknown:3d}")

print("\nleave one folder out: threshold fitted on the others (most caught minus 3x turned, highest on ties), on the one left out:")
folders = sorted({r["folder"] for r in rows})
for folder in folders:
    train = [r for r in rows if r["folder"] != folder]
    test = [r for r in rows if r["folder"] == folder]
    best = max(thresholds, key=lambda t: (score(train, t)[0] - 3 * score(train, t)[1], t))
    gain, loss = score(test, best)
    total_g = sum(1 for r in test if r["kind"] == "g")
    total_n = sum(1 for r in test if r["kind"] == "nine")
    print(f"  {folder[:40]:40s} fitted {best:<6} caught {gain}/{total_g} g, turned {loss}/{total_n} true 9s")
