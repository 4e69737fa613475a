#!/usr/bin/env python3
"""Per-language figures for the tables of scripts/language-rows.py (dev time only): fields correct / truth /
predicted from a `nutrilens eval --report` JSON, and what the text engine read of the printed words that carry
letters beyond ASCII (ä ö ü ß é è à ç ł ą ę ś ż ő č ř ș ț …) and of µ, %, and decimal commas, from the
`--dump-lines` folder of the same run.

Usage: scripts/language-report.py ROOT REPORT.json DUMPS [--misreads]
  e.g. scripts/language-rows.py /tmp/lang && nutrilens eval --ocr-engine neural --dump-lines /tmp/lang-lines
       --report /tmp/lang.json /tmp/lang && scripts/language-report.py /tmp/lang /tmp/lang.json /tmp/lang-lines
"""
import difflib
import json
import os
import re
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import testimage_classes  # noqa: E402


def lexicon():
    import importlib.util
    spec = importlib.util.spec_from_file_location("generate_testimages",
                                                  os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                               "generate-testimages.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    lex = dict(module.LEX)
    lex.update(testimage_classes.EXTRA_LEX)
    return lex


def read_words(dumps, name):
    path = os.path.join(dumps, name + ".lines.json")
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        lines = json.load(f)
    return [word for line in lines for word in line.get("text", "").split()]


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 3:
        sys.exit(__doc__)
    root, report_path, dumps = args
    show = "--misreads" in sys.argv
    lex = lexicon()
    with open(report_path) as f:
        report = json.load(f)
    fields = defaultdict(lambda: [0, 0, 0])
    words = defaultdict(lambda: [0, 0])        # non-ASCII printed words: found exactly / printed
    misreads = defaultdict(set)
    special = defaultdict(lambda: defaultdict(lambda: [0, 0]))   # µ, %, decimal comma: read / printed
    for score in report["image_scores"]:
        name = os.path.splitext(os.path.relpath(score["path"], root))[0]
        lang = name.split("_")[0]
        c = fields[lang]
        c[0] += score["correct_fields"]
        c[1] += score["truth_fields"]
        c[2] += score["predicted_fields"]
        read = read_words(dumps, name.replace("/", "__"))
        text = " ".join(read)
        printed = " ".join(v for k, v in lex[lang].items() if k not in ("ri_note", "serving")).split()
        for word in {w.strip("*%()") for w in printed}:
            if not word or all(ord(ch) < 128 for ch in word):
                continue
            words[lang][1] += 1
            if word in read or word in text:
                words[lang][0] += 1
            else:
                close = difflib.get_close_matches(word, read, n=1, cutoff=0.5)
                misreads[lang].add(f"{word}→{close[0] if close else '∅'}")
        with open(os.path.join(root, name + ".json"), encoding="utf-8") as f:
            notes = json.load(f).get("notes", "")
        if "mg/µg" in notes:
            special[lang]["µg"][1] += 1
            # PP-OCR's dictionary writes the micro sign as Greek mu (U+03BC), which the grammar takes too.
            special[lang]["µg"][0] += "µg" in text or "\u03bcg" in text
        if "%RI" in notes or "%NRV" in notes or "mg/µg" in notes:
            special[lang]["%"][1] += 1
            special[lang]["%"][0] += bool(re.search(r"\d%", text))
        if "decimal comma" in notes:
            special[lang]["decimal comma"][1] += 1
            special[lang]["decimal comma"][0] += bool(re.search(r"\d,\d", text))
    print(f"{'lang':<5} {'fields c/t/p':>14} {'R':>6} {'P':>6}  {'accented words read exactly':>28}  special")
    total = [0, 0, 0]
    for lang in sorted(fields):
        c, t, p = fields[lang]
        total = [total[0] + c, total[1] + t, total[2] + p]
        found, printed = words[lang]
        extra = ", ".join(f"{k} {v[0]}/{v[1]}" for k, v in special[lang].items())
        print(f"{lang:<5} {f'{c}/{t}/{p}':>14} {c / t if t else 0:6.3f} {c / p if p else 0:6.3f}  "
              f"{f'{found}/{printed}':>28}  {extra}")
        if show and misreads[lang]:
            print("      " + "; ".join(sorted(misreads[lang])))
    c, t, p = total
    print(f"{'ALL':<5} {f'{c}/{t}/{p}':>14} {c / t:6.3f} {c / p:6.3f}")


if __name__ == "__main__":
    main()
