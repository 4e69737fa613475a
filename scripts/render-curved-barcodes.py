#!/usr/bin/env python3
"""Rendered labels with an EAN-13 on a curved pack or bottle (issue 23 class), for `nutrilens-bench barcodes`.

Each image is an EU table on a pack with its barcode, bent like the TestImages `deg_curved_*` renders
(`generate-testimages.py`'s cylindrical bend, amount 0.02-0.05; uneven light on half of them), so the code's module
width changes across the symbol. Seeded per image (`curved/<i>`), so a count and folder reproduce the same set.
The output folder is laid out as the shared barcode corpus expects (`OUT/zxing/curved/NAME.jpg` + `.json` sidecar):

    python3 scripts/render-curved-barcodes.py /tmp/curved 40
    nutrilens-bench barcodes /tmp/curved --no-zbarimg --no-zxing
"""
import importlib.util
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
spec = importlib.util.spec_from_file_location("generate_testimages", os.path.join(HERE, "generate-testimages.py"))
G = importlib.util.module_from_spec(spec)
spec.loader.exec_module(G)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    out, count = os.path.join(sys.argv[1], "zxing", "curved"), int(sys.argv[2])
    os.makedirs(out, exist_ok=True)
    os.makedirs(os.path.join(sys.argv[1], "zxing-cpp"), exist_ok=True)  # the benchmark lists both sources
    for i in range(count):
        rng = random.Random(f"curved/{i}")
        degr = {"curvature": round(rng.uniform(0.02, 0.05), 3)}
        lang = rng.choice(["en", "de", "fr", "es", "it", "nl"])
        if rng.random() < 0.5:
            degr["light"] = 0.25
        image, sidecar = G.make({"kind": "label", "layout": "eu", "lang": lang, "barcode": True, "degr": degr}, rng)
        G.save(image, os.path.join(out, f"curved{i:03d}"), rng, degr, sidecar)
    print(f"wrote {count} curved-pack labels with sidecars to {out}/")


if __name__ == "__main__":
    main()
