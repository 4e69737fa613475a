#!/usr/bin/env python3
"""Field figures of a `nutrilens eval --report` per layout and degradation of a rendered set (dev time only).

The set is one made by `scripts/generate-testimages.py --count N [--classes]` (image names r00000_LAYOUT_LANG or
r00000_class_LAYOUT; the sidecars' notes name the energy form, columns, font, text size and degradations). For each
group: images, images with every field / barcode / kind right, correct / truth / predicted fields, recall and
precision, barcodes and kind. Session 21 (history/session-21-sweep.md).

Usage: scripts/eval-by-layout.py SETDIR REPORT.json [--md] [--list] [--groups all,layout,degradation,...]
  --md      a Markdown table
  --list    also every image below 100 % with its lost fields and notes
  --groups  only these groups (all, layout, degradation, degradations per image, eu energy, eu columns, font, text px)
"""
import json, os, re, sys
from collections import defaultdict

if len(sys.argv) < 3 or sys.argv[1] in ("-h", "--help"):
    sys.exit(__doc__)
setdir, report = sys.argv[1], sys.argv[2]
md = "--md" in sys.argv
rep = json.load(open(report))

DEGR = [("perspective", r"perspective"), ("small rotation", r"rotated -?[\d.]+ deg"), ("uneven light", r"uneven light"),
        ("blur", r"gaussian blur"), ("noise", r"noise sigma"), ("curvature", r"curvature"), ("JPEG q<60", r"JPEG quality"),
        ("pixels 90/180/270", r"pixels rotated"), ("EXIF orientation", r"EXIF orientation")]

def groups(name, notes):
    g = []
    m = re.match(r"r\d+_(class_)?([a-z]+)", name)
    lay = m.group(2)
    if m.group(1):
        lay = "class " + lay
        if lay == "class au":
            lay += " " + re.search(r"(\d) columns", notes).group(1) + "col"
    elif lay == "eu" and "multilingual" in notes:
        lay = "eu multilingual"
    g.append(("layout", lay))
    if lay.startswith("eu"):
        e = re.search(r"energy (\w+)", notes)
        if e: g.append(("eu energy", e.group(1)))
        g.append(("eu columns", ("serving" if "per serving column" in notes else "100g only") + (" +%RI" if "%RI column" in notes else "")))
    fm = re.search(r"font (\w+) (\d+)px", notes)
    if fm:
        g.append(("font", fm.group(1)))
        px = int(fm.group(2)); g.append(("text px", "16-19" if px < 20 else "20-24" if px <= 24 else "25-30"))
    found = [label for label, pat in DEGR if re.search(pat, notes)]
    for label in found: g.append(("degradation", label))
    if not found: g.append(("degradation", "none"))
    g.append(("degradations per image", str(min(len(found), 3)) + ("+" if len(found) >= 3 else "")))
    return g

stats = defaultdict(lambda: defaultdict(int))
below = []
for s in rep["image_scores"]:
    name = os.path.splitext(os.path.basename(s["path"]))[0]
    notes = json.load(open(os.path.join(setdir, name + ".json"))).get("notes", "")
    oc = s["outcomes"]
    bad = {k: v for k, v in oc.items() if v != "correct"}
    for g in groups(name, notes) + [("all", "all")]:
        st = stats[g]
        st["images"] += 1; st["truth"] += s["truth_fields"]; st["pred"] += s["predicted_fields"]; st["correct"] += s["correct_fields"]
        st["perfect"] += (not bad and s.get("kind_correct", True) and s["correct_barcodes"] == s["truth_barcodes"] and not s["spurious_barcodes"])
        st["tb"] += s["truth_barcodes"]; st["cb"] += s["correct_barcodes"]; st["kind"] += bool(s.get("kind_correct", True))
    if bad or s["correct_barcodes"] != s["truth_barcodes"] or s["spurious_barcodes"] or not s.get("kind_correct", True):
        extra = []
        if s["correct_barcodes"] != s["truth_barcodes"]: extra.append(f"barcode {s['correct_barcodes']}/{s['truth_barcodes']}")
        if s["spurious_barcodes"]: extra.append(f"spurious barcodes {s['spurious_barcodes']}")
        if not s.get("kind_correct", True): extra.append("kind wrong")
        below.append((name, s["correct_fields"], s["truth_fields"], s["predicted_fields"], " ".join(f"{k}:{v}" for k, v in sorted(bad.items())) + (" " if bad and extra else "") + " ".join(extra), notes))

def pct(a, b): return f"{100*a/b:.1f}" if b else "-"
cur = None
if md: print("| group | value | images | all right | correct / truth / predicted | recall % | precision % |\n|---|---|---|---|---|---|---|")
only = sys.argv[sys.argv.index("--groups") + 1].split(",") if "--groups" in sys.argv else None
for g in sorted(stats, key=lambda g: (g[0] != "all", g[0], g[1])):
    st = stats[g]
    if only and g[0] not in only: continue
    if md:
        print(f"| {g[0]} | {g[1]} | {st['images']} | {st['perfect']} | {st['correct']} / {st['truth']} / {st['pred']} | {pct(st['correct'], st['truth'])} | {pct(st['correct'], st['pred'])} |")
    else:
        print(f"{g[0]:24s} {g[1]:22s} {st['images']:4d} img {st['perfect']:4d} all-right  {st['correct']:5d}/{st['truth']:5d}/{st['pred']:5d}  R {pct(st['correct'], st['truth']):>5s}  P {pct(st['correct'], st['pred']):>5s}  barcodes {st['cb']}/{st['tb']} kind {st['kind']}")
if "--list" in sys.argv:
    print(f"\nimages below 100 % ({len(below)}):")
    for b in sorted(below):
        print(f"  {b[0]}  {b[1]}/{b[2]}/{b[3]}  {b[4]}   [{b[5]}]")
