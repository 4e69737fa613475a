#!/usr/bin/env python3
"""The Python pipeline a user would script instead of NutriLens: Pillow + pyzbar + pytesseract.

Usage: python_pipeline.py IMAGE...   (needs: pip install pillow pyzbar pytesseract; Debian tesseract-ocr, libzbar0)
Prints one JSON object per image: {"path", "ms", "cpuMs", "text", "barcodes": [{"symbology", "text"}]}. `ms` is the
wall time of decode + EXIF transpose + grey + pyzbar.decode + pytesseract.image_to_string(psm 6) for that image,
measured in-process (the interpreter start-up and imports are excluded, as a long-running Python service would pay
them once); `cpuMs` the CPU time of the same work, this process's and the tesseract process pytesseract starts.
"""
import json
import os
import sys
import time

from PIL import Image, ImageOps
from pyzbar import pyzbar
import pytesseract

SYMBOLOGY = {"EAN13": "EAN-13", "EAN8": "EAN-8", "UPCA": "UPC-A", "UPCE": "UPC-E", "CODE128": "Code-128",
             "QRCODE": "QR-Code", "I25": "ITF-14", "DATABAR": "DataBar"}

for path in sys.argv[1:]:
    start, cpu = time.perf_counter(), os.times()
    try:
        image = ImageOps.exif_transpose(Image.open(path))
        gray = image.convert("L")
        codes = [{"symbology": SYMBOLOGY.get(c.type, c.type), "text": c.data.decode("ascii", "replace")}
                 for c in pyzbar.decode(gray)]
        text = pytesseract.image_to_string(gray, config="--psm 6")
        error = None
    except Exception as exc:  # a bad file must not stop the comparison run
        codes, text, error = [], "", str(exc)
    ms = (time.perf_counter() - start) * 1000
    end = os.times()
    cpu_ms = (end.user + end.system + end.children_user + end.children_system
              - cpu.user - cpu.system - cpu.children_user - cpu.children_system) * 1000
    print(json.dumps({"path": path, "ms": ms, "cpuMs": cpu_ms, "text": text, "barcodes": codes, "error": error}),
          flush=True)
