#!/usr/bin/env python3
"""Classes of the FoodLabel mismatches, per OCR variant and per half of the labels (dev time only).

Reads the output of the FoodLabel evaluation run with NUTRILENS_EVAL_VERBOSE=1 (lines "0056 carbohydrates_100g:
truth 54 predicted 49") and sorts every mismatch into:
  truth-0-not-read   truth 0, nothing predicted: FoodLabel records a row the label does not print (mostly fibre) as 0
  truth-not-in-text  the true number occurs nowhere in the OCR text (Textract lost it, or the sidecar is wrong)
  sidecar-suspect    labels whose sidecar was checked by hand and disagrees with its own label text (SIDECAR_SUSPECT)
  grammar-wrong      the true number is somewhere in the text and the grammar gave another value, split by what
                     the value given is: neighbour-row (the true value of the row above or below in the declaration
                     order: names and values read out of step), other-row (of a row further away), or other
  grammar-missed     the true number is somewhere in the text and the grammar gave none
  extra              a value where the sidecar has none
"In the text" is loose (a "3" occurs on most full photos), so the grammar classes are an upper bound on what the
grammar loses. Halves as in FoodLabelEvaluation.half(of:): A (64-bit FNV-1a of the id mod 1000 < 500) is the
half rules are developed on, B is held out.

With --by-field only the audited fields of those labels (SIDECAR_WRONG_FIELDS) are 'sidecar-wrong'; their other
mismatches are sorted like any label's.

Usage: NUTRILENS_EVAL_ALL=1 NUTRILENS_EVAL_VERBOSE=1 swift test ... --filter NutriLensLabelTests.FoodLabelEvaluationTests > OUT
       scripts/foodlabel-misses.py OUT [FOODLABEL_ROOT] [--by-field]   (root default ../shared/corpus/labels/FoodLabel)
"""
import collections
import json
import re
import sys

# Checked by hand (docs/label.md, "FoodLabel sidecars"): 0039 from sugars on each truth is the row above's;
# 0175 truth is the 20 g portion column (59 kcal), the label's per 100 g column says 295 kcal; 0373 saturated fat 31
# is the carbohydrate value (the label prints no saturates row).
# Added in session 20 (flwrong; each read beside the OCR text of all three variants, reasons in docs/label.md
# "FoodLabel sidecars"): 0047 fibre recorded absent, printed 0.2 g | 0.1 g; 0219 fibre 0, printed 5 g | 1,5 g on a
# 30 g portion; 0242 another product's values (2330 kcal, above any food's 900); 0281 56 kcal, printed 648 kJ / 156
# kcal (ratio 4.15); 0312 fat 117.8 g (over 100 g), printed 17,8 g; 0361 salt 0.01, printed "sel 0,02 g" on every
# variant; 0420 saturates 22 above fat 4.9 (printed 2,2 g) and fibre 15 (printed 1,5 g); 0422 613 kcal is the
# printed 613 kJ (149 kcal printed); 0470 fat 2.5, printed 3,5 g, with 8,8 g per 250 ml and 64 kcal confirming 3.5.
# Added in session 23 (flfull2): 0049 the serving column (83 kcal, 2,6 g fat) beside the printed per-100 g 434 kcal, 13 g.
# Added in session 26 (lead, from flfull4's and flprec2's notes; read on all three variants): 0104 protein 2.9, printed
# 3,9 g (60.8 kcal with it, 61 printed; 4,7 g per 120 g portion); 0362 fibre 0, printed 1,0 g (79.1 kcal with it, 79
# printed); 0166 salt 0, printed 0,03 g.
SIDECAR_SUSPECT = {'0039', '0175', '0373', '0047', '0219', '0242', '0281', '0312', '0361', '0420', '0422', '0470',
                   '0049', '0104', '0362', '0166'}
# Session 24 (flfull3): the fields of those labels audited one by one against the label text (docs/label.md
# "FoodLabel sidecars"). Only these fields are the sidecar's error; the labels' other mismatches are sorted like any
# other label's (0039's fat, saturates and carbohydrate, 0175's per-100 g carbohydrate, sugars, protein and salt and
# 0281's carbohydrate are printed as the sidecar says and are the grammar's). None: every field of the label.
SIDECAR_WRONG_FIELDS = {
    '0039': {'sugars_100g', 'fiber_100g', 'proteins_100g', 'salt_100g'},
    '0175': {'energy-kcal_100g', 'fat_100g', 'saturated-fat_100g'},
    '0373': {'saturated-fat_100g'},
    '0047': {'fiber_100g'}, '0219': {'fiber_100g'}, '0242': None, '0281': {'energy-kcal_100g'},
    '0312': {'fat_100g'}, '0361': {'salt_100g'}, '0420': {'saturated-fat_100g', 'fiber_100g'},
    '0422': {'energy-kcal_100g'}, '0470': {'fat_100g'}, '0049': None,
    '0104': {'proteins_100g'}, '0362': {'fiber_100g'}, '0166': {'salt_100g'},
}


def half(label_id):
    value = 0xcbf29ce484222325
    for byte in label_id.encode():
        value = ((value ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return 'A' if value % 1000 < 500 else 'B'


def printed_forms(truth):
    text = truth.rstrip('0').rstrip('.') if '.' in truth else truth
    return {text, text.replace('.', ',')}


# Declaration order of Regulation (EU) 1169/2011 Annex XV, the order FoodLabel's rows are printed in.
ORDER = ['energy-kcal_100g', 'fat_100g', 'saturated-fat_100g', 'carbohydrates_100g', 'sugars_100g', 'fiber_100g',
         'proteins_100g', 'salt_100g']


def wrong_kind(root, label, key, predicted):
    """neighbour-row / other-row / other: whose true value the grammar gave this key."""
    with open(f'{root}/gt/{label}.json', encoding='utf-8') as f:
        truth = json.load(f)['nutrition']['nutriments']
    if key not in ORDER:
        return 'grammar-wrong-other'
    distances = [abs(ORDER.index(other) - ORDER.index(key)) for other, value in truth.items()
                 if other != key and other in ORDER and abs(value - float(predicted)) < 1e-6]
    if not distances:
        return 'grammar-wrong-other'
    return 'grammar-wrong-neighbour-row' if min(distances) == 1 else 'grammar-wrong-other-row'


def sidecar_kind(label, key, by_field):
    """'sidecar-wrong' / 'sidecar-suspect' for a mismatch the sidecar is blamed for, None to sort it further."""
    if not by_field:
        return 'sidecar-suspect' if label in SIDECAR_SUSPECT else None
    if label not in SIDECAR_WRONG_FIELDS:
        return None
    fields = SIDECAR_WRONG_FIELDS[label]
    return 'sidecar-wrong' if fields is None or key in fields else None


def main():
    args = [arg for arg in sys.argv[1:] if arg != '--by-field']
    by_field = '--by-field' in sys.argv
    output = open(args[0], encoding='utf-8').read()
    root = args[1] if len(args) > 1 else '../shared/corpus/labels/FoodLabel'
    parts = re.split(r"FoodLabel (\w+):", output)
    for index in range(1, len(parts), 2):
        variant, body = parts[index], parts[index + 1]
        counts = collections.Counter()
        for label, key, truth, predicted in re.findall(r"^(\d{4}) (\S+): truth (\S+) predicted (\S+)$", body, re.M):
            text = open(f'{root}/ocr/{variant}/{label}.txt', encoding='utf-8').read()
            numbers = set(re.findall(r'\d+(?:[.,]\d+)?', text))
            kind = sidecar_kind(label, key, by_field)
            if kind is not None:
                pass
            elif truth == '-':
                kind = 'extra'
            elif truth == '0' and predicted == '-':
                kind = 'truth-0-not-read'
            elif not printed_forms(truth) & numbers:
                kind = 'truth-not-in-text'
            else:
                kind = wrong_kind(root, label, key, predicted) if predicted != '-' else 'grammar-missed'
            counts[(half(label), kind)] += 1
        print(variant)
        for name in 'AB':
            print(f'  half {name}:', ', '.join(f'{kind} {n}' for (h, kind), n in sorted(counts.items()) if h == name))


if __name__ == '__main__':
    main()
