#!/usr/bin/env python3
"""Renders EU nutrition tables in every lexicon language, for measuring what a text engine and the grammar read of
accented Latin, ß, ł ą ę ś ż, µ, % and the decimal comma (issue 21, "Languages"; dev time only).

Per language: COUNT tables (per 100 g, per serving and %RI columns, the language's own decimal separator) rendered by
scripts/generate-testimages.py's `eu_table`, and for en/de/fr a vitamin and mineral block in mg/µg with %NRV
(testimage_classes `micro`). The languages of scripts/testimage_classes.py's EXTRA_LEX (pl pt hr cs ro hu sl) borrow
the English header words they lack ("Typical values", "%RI*") and print the decimal comma, as their labels do.
Files are named `LANG_NN.jpg` with the shared-format sidecar, so `nutrilens eval --dump-lines D OUT` scores them and
`scripts/language-report.py OUT R.json D` tabulates them per language.

Usage: scripts/language-rows.py OUT [--count N] [--seed S]
"""
import argparse
import importlib.util
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load_generator():
    spec = importlib.util.spec_from_file_location("generate_testimages", os.path.join(HERE, "generate-testimages.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules["generate_testimages"] = module
    spec.loader.exec_module(module)
    return module


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--count", type=int, default=3, help="tables per language (default 3)")
    ap.add_argument("--seed", type=int, default=2112)
    args = ap.parse_args()
    G = load_generator()
    classes = G.testimage_classes
    for lang, words in classes.EXTRA_LEX.items():
        G.LEX[lang] = {**G.LEX["en"], "typical": words.get("typical", words["title"]), **words}
        G.COMMA_LANGS.add(lang)
    os.makedirs(args.out, exist_ok=True)
    fonts = ["DejaVuSans", "LiberationSans", "DejaVuSansCondensed", "LiberationSerif"]
    specs = []
    for lang in G.LEX:
        for i in range(args.count):
            specs.append((f"{lang}_{i:02d}", {"kind": "label", "layout": "eu", "lang": lang, "pack": False,
                                              "serving": 30 if i % 2 == 0 else None, "ri": i % 2 == 0,
                                              "font": fonts[i % len(fonts)], "size": 22}))
    for lang in ("en", "de", "fr"):
        for i in range(args.count):
            specs.append((f"{lang}_micro_{i:02d}", {"kind": "label", "layout": "micro", "lang": lang, "pack": False,
                                                    "font": fonts[i % len(fonts)], "size": 22}))
    for name, spec in specs:
        rng = random.Random(f"{args.seed}/{name}")
        img, sidecar = G.make(spec, rng)
        path = G.save(img, os.path.join(args.out, name), rng, {"format": "png"}, sidecar)
        classes.plain_decimals(os.path.splitext(path)[0] + ".json")
    print(f"wrote {len(specs)} images with sidecars to {args.out}/")


if __name__ == "__main__":
    main()
