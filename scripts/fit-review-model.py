#!/usr/bin/env python3
"""Fits NutriLensLabel's review model (Sources/NutriLensLabel/ReviewModel.swift) and measures it leaving one source
folder out (dev time only).

Input: field TSVs written by `LineDumpEvaluationTests` (`NUTRILENS_DUMP_FIELDS=FILE`), one per engine and reading
setup, each named ENGINE[+SECOND].tsv or given as NAME=PATH; the feature columns are `ReviewModel.featureNames`.
Only predicted fields count (a value the user sees); the label is outcome == right.

Model: logistic regression with an L2 penalty (Newton's method), and a review threshold: the lowest probability at
which the training fields not flagged are right at least TARGET of the time in every setup (default 0.995, so that
unseen folders stay above 0.99).

Leave-one-folder-out: for each source folder (first path component of the image), the model and threshold are fitted
on the other folders (all engines) and applied to the held-out folder. Reported per folder and engine: fields, flag
rate, how often unflagged fields are right; overall: the same, expected calibration error (ECE, 10 equal-width bins)
and a reliability table. Then the model fitted on every folder, printed as Swift for ReviewModel.swift.

Threshold rules: by default the threshold is chosen on the training folders' in-sample probabilities, which are
optimistic (target 0.995 there gave about 99.0 % held out); `--nested` chooses it on the training folders' own
leave-one-folder-out probabilities, so `--target 0.99` means 99 % on folders the model did not see.
`--impute` gives plain text (no recogniser confidence) the median recognition logit instead of 0; `--apply` checks
the model fitted on every folder on FoodLabel's field TSVs beside the Swift model's own flags there.

Usage: scripts/fit-review-model.py v6tiny=/work/runs/v6tiny.tsv tesseract=/work/runs/tess.tsv \
         v6tiny+tesseract=/work/runs/v6tiny-second.tsv [--target 0.995] [--l2 1.0] [--drop recognition_absent]
       scripts/fit-review-model.py --nested --target 0.99 --impute --drop recognition_absent --folder-reliability \
         scan=SCAN.tsv both=BOTH.tsv --apply small=FL-crop_small.tsv --apply full=FL-full_size.tsv
       scripts/fit-review-model.py --plain-halves --apply small=FL-crop_small.tsv --apply large=FL-crop_large.tsv \
         --apply full=FL-full_size.tsv     (the plain-text model: FoodLabel half A fit, half B measure; session 16)
       (session 14: SCAN/BOTH from `nutrilens eval [--ocr-engine both] --dump-lines DIR` and LineDumpEvaluationTests;
       FL-* from FoodLabelEvaluationTests with NUTRILENS_DUMP_FIELDS=FL; docs/history/session-14-trust.md)
"""
import argparse
import csv
import sys
from collections import defaultdict

import numpy as np


def load(name, path):
    rows = []
    with open(path, newline="") as f:
        reader = csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
        names = [c for c in reader.fieldnames if c not in
                 ("image", "key", "predicted", "truth", "outcome", "confidence", "review", "own_row", "source", "repairs",
                  "unpaired_row", "other_rows_contradicted")]   # the last two: rule evidence, not weighed (session 19)
        for r in reader:
            if r["predicted"] == "-" or r[names[0]] == "-":
                continue
            rows.append(dict(setup=name, folder=r["image"].split("/")[0], image=r["image"], key=r["key"],
                             x=[float(r[n]) for n in names], y=1.0 if r["outcome"] == "right" else 0.0,
                             swift=float(r["confidence"]), review=r["review"] == "review"))
    return names, rows


def load_foodlabel(path, names):
    """Rows of `FoodLabelEvaluationTests`' field TSV (`NUTRILENS_DUMP_FIELDS=PREFIX`, no header: label, key,
    predicted, truth, right/wrong, confidence, review, source, repairs, then the features in `names` order, then the
    rule evidence the model does not weigh: unpaired row 0/1, other rows contradicted; session 19)."""
    rows = []
    with open(path) as f:
        for line in f:
            cells = line.rstrip("\n").split("\t")
            features = cells[9:9 + len(names)]
            if len(features) != len(names):
                sys.exit(f"{path}: {len(features)} feature columns, the corpus TSVs have {len(names)}")
            rows.append(dict(x=[float(v) for v in features], y=1.0 if cells[4] == "right" else 0.0,
                             swift=float(cells[5]), review=cells[6] == "review"))
    return rows


def absent_masks(x, names):
    """Fields whose engine gave no recogniser confidence (`recognition_absent`: plain text), per feature column."""
    masks = {}
    if "recognition_absent" in names:
        masks["recognition_logit"] = x[:, names.index("recognition_absent")] == 1
    return masks


def imputed(x, names, masks, train, values=None):
    """`x` with each absent recogniser feature set to the median of the training fields that have it (`values` when
    given): text without the feature then counts as typical, neither doubtful nor sure."""
    out, used = x.copy(), {}
    for feature, mask in masks.items():
        j = names.index(feature)
        present = train & ~mask
        v = values[feature] if values else (float(np.median(x[present, j])) if present.any() else 0.0)
        out[mask, j] = v
        used[feature] = v
    return out, used


def summary(p, y, flagged):
    """Flag share %, unflagged right %, wrong unflagged, ECE of probabilities `p` for outcomes `y`."""
    unflagged = ~flagged
    right = y[unflagged].mean() * 100 if unflagged.any() else float("nan")
    return flagged.mean() * 100, right, int(((1 - y) * unflagged).sum()), ece(p, y)[0]


def fit(x, y, l2):
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], l2)
    penalty[0] = 0  # no penalty on the bias
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + penalty * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty) + 1e-9 * np.eye(x.shape[1])
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def threshold_for(p, y, target):
    """Lowest threshold whose unflagged fields (p >= t) are right at least `target` of the time."""
    order = np.argsort(-p)
    ps, ys = p[order], y[order]
    correct = np.cumsum(ys)
    counts = np.arange(1, len(ys) + 1)
    precision = correct / counts
    best = 1.0
    for i in range(len(ps)):
        if precision[i] >= target and (i + 1 == len(ps) or ps[i] != ps[i + 1]):
            best = ps[i]
    # the precision must hold for every prefix down to the threshold, not only at it
    ok = [i for i in range(len(ps)) if ps[i] >= best]
    while ok and precision[ok[-1]] < target:
        best = ps[ok[-1]] + 1e-12
        ok = [i for i in range(len(ps)) if ps[i] >= best]
    return float(best)


def ece(p, y, bins=10):
    total, table = 0.0, []
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        mask = (p >= lo) & ((p < hi) if b < bins - 1 else (p <= hi))
        if mask.sum() == 0:
            table.append((lo, hi, 0, None, None))
            continue
        conf, acc = p[mask].mean(), y[mask].mean()
        total += mask.sum() / len(p) * abs(conf - acc)
        table.append((lo, hi, int(mask.sum()), conf, acc))
    return total, table


def half_of(label):
    """FoodLabelEvaluation.half(of:): 0 (A) when the 64-bit FNV-1a hash of the label id is below 500 modulo 1000."""
    h = 0xcbf29ce484222325
    for byte in label.encode():
        h = ((h ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return 0 if h % 1000 < 500 else 1


# ReviewModel.featureNames (FoodLabel's field TSVs have no header; the corpus TSVs name their columns).
FEATURES = ["bias", "grammar_logit", "recognition_logit", "recognition_absent", "serving_agrees", "serving_disagrees",
            "energy_agrees", "energy_disagrees", "column_agrees", "column_disagrees", "ri_agrees", "ri_disagrees",
            "parent_disagrees", "second_agrees", "second_disagrees", "repaired", "inferred_row", "micronutrient"]

# Features plain text never has: no recogniser confidence (the absent flag is then the bias) and, in FoodLabel, no
# second reading; they keep weight 0 in the plain-text model.
PLAIN_UNUSED = ("recognition_logit", "recognition_absent", "second_agrees", "second_disagrees")


def threshold_matching(p, y, variant, targets):
    """Lowest threshold at which every variant's unflagged fields are right at least as often as `targets[variant]`
    (as `threshold_for`: the precision at the threshold, over all fields at or above it)."""
    order = np.argsort(-p)
    ps, ys, vs = p[order], y[order], variant[order]
    best = 1.0
    correct = {v: np.cumsum(ys * (vs == v)) for v in targets}
    counts = {v: np.cumsum(vs == v) for v in targets}
    for i in range(len(ps)):
        if i + 1 < len(ps) and ps[i] == ps[i + 1]:
            continue
        if all(counts[v][i] == 0 or correct[v][i] / counts[v][i] >= targets[v] - 1e-12 for v in targets):
            best = ps[i]
    return float(best)


def plain_halves(args):
    """The plain-text review model: fitted on FoodLabel half A (every variant), its threshold the lowest at which
    each variant's unflagged half-A fields are right as often as under the TSVs' own flags (the Swift model's) or
    `--target`, whichever is lower; then both measured on half B."""
    names = FEATURES
    xs, ys, swift_p, swift_f, variant, half = [], [], [], [], [], []
    for item in args.apply:
        name, path = item.split("=", 1)
        with open(path) as f:
            labels = [line.split("\t", 1)[0] for line in f if line.strip()]
        for label, r in zip(labels, load_foodlabel(path, names)):
            xs.append(r["x"]); ys.append(r["y"]); swift_p.append(r["swift"]); swift_f.append(r["review"])
            variant.append(name); half.append(half_of(label))
    x, y = np.array(xs), np.array(ys)
    swift_p, swift_f, variant, half = np.array(swift_p), np.array(swift_f), np.array(variant), np.array(half)
    for feature in PLAIN_UNUSED + tuple(args.drop):
        x[:, names.index(feature)] = 0
    a = half == 0
    w = fit(x[a], y[a], args.l2)
    p = 1 / (1 + np.exp(-x @ w))
    variants = [item.split("=", 1)[0] for item in args.apply]
    targets = {v: min(args.target, y[a & (variant == v) & ~swift_f].mean()) for v in variants}
    t = threshold_matching(p[a], y[a], variant[a], targets)
    print(f"Plain-text model fitted on FoodLabel half A ({int(a.sum())} fields), threshold {t:.4f} (half-A targets: "
          + ", ".join(f"{v} {targets[v] * 100:.2f} %" for v in variants) + ")\n")
    print("| half | variant | fields | wrong | fit flagged % | fit unflagged right % | fit wrong unfl. | fit ECE |"
          " Swift flagged % | Swift right % | Swift wrong unfl. | Swift ECE |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for h, label in ((0, "A (fitted)"), (1, "B (held out)")):
        for v in variants + ["all"]:
            m = (half == h) & ((variant == v) if v != "all" else True)
            fl, right, missed, e = summary(p[m], y[m], p[m] < t)
            sfl, sright, smissed, se = summary(swift_p[m], y[m], swift_f[m])
            print(f"| {label} | {v} | {int(m.sum())} | {int((1 - y[m]).sum())} | {fl:.1f} | {right:.2f} | {missed} |"
                  f" {e:.3f} | {sfl:.1f} | {sright:.2f} | {smissed} | {se:.3f} |")
    wall = fit(x, y, args.l2)
    pall = 1 / (1 + np.exp(-x @ wall))
    tall = threshold_matching(pall, y, variant, {v: min(args.target, y[(variant == v) & ~swift_f].mean())
                                                 for v in variants})
    print(f"\nFitted on both halves: threshold {tall:.4f}, flagged {np.mean(pall < tall) * 100:.1f} %")
    print("    weights: [" + ", ".join(f"{v:.4f}" for v in wall) + "]")
    print("\n" + "\n".join(f"    {n}: A {va:+.3f}, A+B {vb:+.3f}" for n, va, vb in zip(names, w, wall)))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("inputs", nargs="*", help="NAME=PATH field TSVs")
    parser.add_argument("--target", type=float, default=0.995)
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--strictest", action="store_true",
                        help="threshold meeting the target in every setup at once (default: all setups pooled)")
    parser.add_argument("--drop", action="append", default=[], metavar="FEATURE",
                        help="fit with this feature's column zeroed (its weight is 0), e.g. a feature too rare in the "
                             "fitted setups to carry over (repeatable)")
    parser.add_argument("--held-out", help="write each field's held-out probability and flag here (TSV)")
    parser.add_argument("--apply", action="append", default=[], metavar="NAME=TSV",
                        help="a FoodLabel field TSV (FoodLabelEvaluationTests, NUTRILENS_DUMP_FIELDS=PREFIX) to check "
                             "the model fitted on every folder on, against the Swift model's flags in it (repeatable)")
    parser.add_argument("--nested", action="store_true",
                        help="choose each fold's threshold on the training folders' own leave-one-folder-out "
                             "probabilities (target then means held-out precision), and the final one likewise")
    parser.add_argument("--impute", action="store_true",
                        help="a recogniser confidence the engine does not give (plain text) takes the median of the "
                             "training fields that have it instead of 0 (the model's logit feature then counts such text "
                             "as typical; in Swift a constant for the absent case)")
    parser.add_argument("--plain-halves", action="store_true",
                        help="fit the plain-text model instead: on FoodLabel half A of the --apply TSVs (all variants "
                             "pooled), threshold on half A, measured on half B against the TSVs' own flags")
    parser.add_argument("--folder-reliability", action="store_true",
                        help="print a held-out reliability table per folder and setup")
    args = parser.parse_args()
    if args.plain_halves:
        return plain_halves(args)
    rows, names = [], None
    for item in args.inputs:
        name, path = item.split("=", 1)
        names, loaded = load(name, path)
        rows += loaded
    x = np.array([r["x"] for r in rows])
    y = np.array([r["y"] for r in rows])
    for feature in args.drop:
        x[:, names.index(feature)] = 0
    folders = sorted({r["folder"] for r in rows})
    setups = sorted({r["setup"] for r in rows})
    held = np.zeros(len(rows))
    thresholds = {}
    def strictest_threshold(p, mask):
        """The threshold that meets the target in every setup (single reading and with a second one) at once."""
        return max(threshold_for(p[mask & setup_mask[s]], y[mask & setup_mask[s]], args.target)
                   for s in setups if (mask & setup_mask[s]).any())

    setup_mask = {s: np.array([r["setup"] == s for r in rows]) for s in setups}
    masks = absent_masks(x, names) if args.impute else {}
    folder_of = np.array([r["folder"] for r in rows])

    def nested_threshold(train):
        """The threshold chosen on held-out probabilities of the training folders themselves (each training folder
        scored by a model fitted on the other training folders): no in-sample optimism."""
        inner = np.zeros(len(rows))
        for other in sorted(set(folder_of[train])):
            inner_train = train & (folder_of != other)
            xi, _ = imputed(x, names, masks, inner_train)
            w = fit(xi[inner_train], y[inner_train], args.l2)
            held_mask = train & (folder_of == other)
            inner[held_mask] = 1 / (1 + np.exp(-xi[held_mask] @ w))
        return threshold_for(inner[train], y[train], args.target)

    for folder in folders:
        train = folder_of != folder
        xi, _ = imputed(x, names, masks, train)
        w = fit(xi[train], y[train], args.l2)
        p = 1 / (1 + np.exp(-xi @ w))
        if args.nested:
            thresholds[folder] = nested_threshold(train)
        else:
            thresholds[folder] = (strictest_threshold(p, train) if args.strictest
                                  else threshold_for(p[train], y[train], args.target))
        held[~train] = p[~train]
    flagged = np.array([held[i] < thresholds[r["folder"]] for i, r in enumerate(rows)])

    if args.held_out:
        with open(args.held_out, "w") as f:
            f.write("setup\timage\tkey\tright\theld_out\tflagged\t" + "\t".join(names) + "\n")
            for i, r in enumerate(rows):
                f.write(f"{r['setup']}\t{r['image']}\t{r['key']}\t{int(r['y'])}\t{held[i]:.3f}\t{int(flagged[i])}\t"
                        + "\t".join(f"{v:g}" for v in r["x"]) + "\n")
    print(f"Leave one source folder out ({len(rows)} predicted fields, {len(folders)} folders, setups {', '.join(setups)};"
          f" threshold target {args.target} on the training folders)\n")
    swift_p = np.array([r["swift"] for r in rows])
    swift_flag = np.array([r["review"] for r in rows])
    print("Held out: the model and threshold fitted on the other folders. Swift: the weights in ReviewModel.swift as the"
          " TSV states them (fitted in session 10 on older output of these folders: not held out).\n")
    print("| folder | setup | fields | wrong | flagged % | unflagged right % | wrong unflagged | ECE | threshold |"
          " Swift flagged % | Swift right % | Swift wrong unfl. | Swift ECE |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for folder in folders + ["all"]:
        for setup in setups:
            idx = [i for i, r in enumerate(rows) if r["setup"] == setup and (folder == "all" or r["folder"] == folder)]
            if not idx:
                continue
            yy = y[idx]
            fl, right, missed, e = summary(held[idx], yy, flagged[idx])
            sfl, sright, smissed, se = summary(swift_p[idx], yy, swift_flag[idx])
            print(f"| {folder} | {setup} | {len(idx)} | {int((1 - yy).sum())} | {fl:.1f} | {right:.1f} | {missed} | "
                  f"{e:.3f} | {thresholds.get(folder, float('nan')):.3f} | {sfl:.1f} | {sright:.1f} | {smissed} | "
                  f"{se:.3f} |")
    if args.folder_reliability:
        for setup in setups:
            print(f"\n{setup}: held-out reliability per folder (bin: fields, mean probability, fraction right)")
            for folder in folders:
                idx = [i for i, r in enumerate(rows) if r["setup"] == setup and r["folder"] == folder]
                if not idx:
                    continue
                _, table = ece(held[idx], y[idx])
                cells = [f"{lo:.1f}–{hi:.1f}: {n}, {conf:.2f}, {acc:.2f}" for lo, hi, n, conf, acc in table if n]
                print(f"- {folder}: " + "; ".join(cells))
    for setup in setups:
        idx = [i for i, r in enumerate(rows) if r["setup"] == setup]
        e, table = ece(held[idx], y[idx])
        print(f"\n{setup}: held-out ECE {e:.3f}; reliability (held-out probability bins)")
        print("| bin | fields | mean probability | fraction right |")
        print("|---|---:|---:|---:|")
        for lo, hi, n, conf, acc in table:
            if n:
                print(f"| {lo:.1f}–{hi:.1f} | {n} | {conf:.3f} | {acc:.3f} |")
    e, _ = ece(held, y)
    print(f"\nall setups: held-out ECE {e:.3f}, flagged {flagged.mean() * 100:.1f} %, unflagged right "
          f"{y[~flagged].mean() * 100:.2f} % ({int((~flagged).sum())} fields, {int(((1 - y) * ~flagged).sum())} wrong)")

    xi, impute_values = imputed(x, names, masks, np.ones(len(rows), bool))
    w = fit(xi, y, args.l2)
    p_all = 1 / (1 + np.exp(-xi @ w))
    if impute_values:
        print("\nImputed for absent recogniser features: "
              + ", ".join(f"{k} {v:.4f}" for k, v in impute_values.items()))
    if args.nested:
        t = nested_threshold(np.ones(len(rows), bool))
    else:
        t = (strictest_threshold(p_all, np.ones(len(rows), bool)) if args.strictest
             else threshold_for(p_all, y, args.target))
    print(f"\nFitted on all folders: threshold {t:.4f}, flagged {np.mean(p_all < t) * 100:.1f} %, "
          f"unflagged right {y[p_all >= t].mean() * 100:.2f} %")
    print("\n    static let weights: [Double] = [")
    print("        " + ", ".join(f"{v:.4f}" for v in w) + ",")
    print("    ]")
    print(f"    public static let reviewThreshold = {t:.4f}")
    print("\n" + "\n".join(f"    {n}: {v:+.3f}" for n, v in zip(names, w)))

    if args.apply:
        print("\nOutside the fit (model fitted on every folder, threshold above; Swift: the TSV's own flags)\n")
        print("| set | fields | wrong | flagged % | unflagged right % | ECE | Swift flagged % | Swift right % |"
              " Swift ECE |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for item in args.apply:
            name, path = item.split("=", 1)
            other = load_foodlabel(path, names)
            ox = np.array([r["x"] for r in other])
            for feature in args.drop:
                ox[:, names.index(feature)] = 0
            if impute_values:
                ox, _ = imputed(ox, names, absent_masks(ox, names), np.ones(len(ox), bool), impute_values)
            oy = np.array([r["y"] for r in other])
            op = 1 / (1 + np.exp(-ox @ w))
            fl, right, _, e = summary(op, oy, op < t)
            sfl, sright, _, se = summary(np.array([r["swift"] for r in other]), oy,
                                         np.array([r["review"] for r in other]))
            print(f"| {name} | {len(other)} | {int((1 - oy).sum())} | {fl:.1f} | {right:.2f} | {e:.3f} | {sfl:.1f} | "
                  f"{sright:.2f} | {se:.3f} |")


if __name__ == "__main__":
    sys.exit(main())
