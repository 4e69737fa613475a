#!/usr/bin/env python3
"""What recall the FoodLabel OCR text allows, per variant and half (dev time only; issue 22's recall target).

Reads the output of the FoodLabel evaluation run with NUTRILENS_EVAL_VERBOSE=1 (mismatch lines "0056
carbohydrates_100g: truth 54 predicted 49" and "unnamed 0056 fiber_100g" for truth zeros of rows the text never
names) and sorts every truth field the grammar did not get right into:
  unnamed-zero        truth 0 for a row the text never names (FoodLabel records an absent row, mostly fibre, as 0)
  sidecar-wrong       an audited sidecar error (scripts/foodlabel-misses.py SIDECAR_WRONG_FIELDS)
  sidecar-probable    a field the label's printed value and energy show the sidecar has wrong, proposed for that list
                      but not audited (PROBABLE_SIDECAR_WRONG, session 26 flprec2)
  not-in-text         the true number occurs nowhere in the OCR text (Textract lost it, or the crop cut it)
  in-text             the true number is somewhere in the text: what the grammar could still win (an upper bound:
                      "in the text" is loose, a "3" occurs in most tables)
The ceiling is right + in-text over truth: the recall the text allows if the grammar got every in-text value; "with
the sidecars mended" also counts the sidecar fields as right (the label prints what the grammar emits).

Usage: scripts/foodlabel-recall-ceiling.py OUT [FOODLABEL_ROOT]   (root default ../shared/corpus/labels/FoodLabel)
"""
import collections
import importlib.util
import json
import os
import re
import sys

_spec = importlib.util.spec_from_file_location(
    'misses', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'foodlabel-misses.py'))
misses = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(misses)


# Session 26 flprec2 (docs/history/session-26-flprec2.md): the label prints the value emitted and its energy agrees
# (0104 protein 3,9 g: 60.8 kcal, 61 printed; 0362 fibre 1,0 g: 79.1 kcal, 79 printed), or prints it plainly (0166
# salt "0,03 g", truth 0). The lead read them on all three variants and moved them into SIDECAR_WRONG_FIELDS
# (session 26); new candidates go here until they are audited.
PROBABLE_SIDECAR_WRONG = {}


def main():
    output = open(sys.argv[1], encoding='utf-8').read()
    root = sys.argv[2] if len(sys.argv) > 2 else '../shared/corpus/labels/FoodLabel'
    parts = re.split(r"FoodLabel (\w+):", output)
    for index in range(1, len(parts), 2):
        variant, body = parts[index], parts[index + 1]
        unnamed = set(re.findall(r"^unnamed (\d{4} \S+)$", body, re.M))
        truth_count = collections.Counter()
        labels = sorted(name[:4] for name in os.listdir(f'{root}/gt') if name.endswith('.json'))
        for label in labels:
            with open(f'{root}/gt/{label}.json', encoding='utf-8') as f:
                nutriments = json.load(f)['nutrition']['nutriments']
            truth_count[misses.half(label)] += sum(1 for key in misses.ORDER if key in nutriments)
        counts = collections.Counter()
        for label, key, truth, predicted in re.findall(r"^(\d{4}) (\S+): truth (\S+) predicted (\S+)$", body, re.M):
            if truth == '-':
                continue
            text = open(f'{root}/ocr/{variant}/{label}.txt', encoding='utf-8').read()
            numbers = set(re.findall(r'\d+(?:[.,]\d+)?', text))
            if f'{label} {key}' in unnamed:
                kind = 'unnamed-zero'
            elif misses.sidecar_kind(label, key, True) is not None:
                kind = 'sidecar-wrong'
            elif key in PROBABLE_SIDECAR_WRONG.get(label, ()):
                kind = 'sidecar-probable'
            elif not misses.printed_forms(truth) & numbers:
                kind = 'not-in-text'
            else:
                kind = 'in-text'
            counts[(misses.half(label), kind)] += 1
        print(variant)
        for half in 'AB':
            truth = truth_count[half]
            missed = sum(value for (h, _), value in counts.items() if h == half)
            right = truth - missed
            ceiling = right + counts[(half, 'in-text')]
            kinds = ', '.join(f'{kind} {counts[(half, kind)]}'
                              for kind in ('unnamed-zero', 'sidecar-wrong', 'sidecar-probable', 'not-in-text', 'in-text'))
            mended = ceiling + counts[(half, 'sidecar-wrong')] + counts[(half, 'sidecar-probable')]
            print(f'  half {half}: truth {truth}, right {right} ({100 * right / truth:.1f} %); missed: {kinds}; '
                  f'ceiling {ceiling} ({100 * ceiling / truth:.1f} %), with the sidecars mended {mended} '
                  f'({100 * mended / truth:.1f} %)')
        truth = sum(truth_count.values())
        missed = sum(counts.values())
        ceiling = truth - missed + sum(value for (_, kind), value in counts.items() if kind == 'in-text')
        print(f'  all: truth {truth}, right {truth - missed}, ceiling {ceiling} ({100 * ceiling / truth:.1f} %)')


if __name__ == '__main__':
    main()
