#!/usr/bin/env python3
"""Renders the NutriLensOCR test fixtures: small nutrition tables with known words and ink boxes.

Writes Tests/NutriLensOCRTests/Fixtures/<name>.png (8-bit grey) and <name>.json:
  {"width": W, "height": H, "font": "...", "xHeight": px,
   "words": [{"text": "...", "box": [x, y, w, h], "line": n}, ...]}
Boxes are the exact ink bounds of each word (from the rendered pixels), the same thing Tesseract reports.
Dev-time only (Pillow + DejaVu/Liberation fonts from Debian's fonts-dejavu-core / fonts-liberation):
  pip install pillow && python3 scripts/make-ocr-fixtures.py
"""
import json
import os
from PIL import Image, ImageDraw, ImageFont

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "NutriLensOCRTests", "Fixtures")
FONTS = {
    "DejaVuSans": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "LiberationSerif": "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf",
    "LiberationSansNarrow": "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf",
    "DejaVuSansBold": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
}

# Rows: cells separated into columns; each cell is a list of words rendered with single spaces.
EN_ROWS = [
    ["Nutrition information"],
    ["Typical values", "per 100 g", "per 30 g"],
    ["Energy", "1569 kJ", "471 kJ"],
    ["", "373 kcal", "112 kcal"],
    ["Fat", "7.1 g", "2.1 g"],
    ["of which saturates", "1.2 g", "0.4 g"],
    ["Carbohydrate", "62.0 g", "18.6 g"],
    ["of which sugars", "21.9 g", "6.6 g"],
    ["Fibre", "8.4 g", "2.5 g"],
    ["Protein", "9.8 g", "2.9 g"],
    ["Salt", "0.45 g", "0.14 g"],
]

PARAGRAPH_ROWS = [
    ["Ingredients: wholegrain oats (55%), sugar, rapeseed oil,"],
    ["honey (4%), barley malt extract, salt, natural flavouring."],
    ["Store in a cool dry place. Best before: see top of pack."],
]

DE_FR_ROWS = [
    ["Nährwertangaben / Valeurs nutritionnelles"],
    ["pro 100 g / pour 100 g"],
    ["Brennwert / Énergie", "1653 kJ / 395 kcal"],
    ["Fett / Matières grasses", "19,3 g"],
    ["davon gesättigte Fettsäuren", "7,9 g"],
    ["dont acides gras saturés", ""],
    ["Kohlenhydrate / Glucides", "41,9 g"],
    ["davon Zucker / dont sucres", "24 g"],
    ["Eiweiß / Protéines", "10,4 g"],
    ["Salz / Sel", "0,27 g"],
]


def render(name, rows, font_key, size, margin=None, columns=None):
    font = ImageFont.truetype(FONTS[font_key], size)
    space = font.getlength(" ")
    line_h = int(size * 1.6)
    margin = margin if margin is not None else int(size * 1.5)
    ncols = max(len(r) for r in rows)
    # Column x positions from the widest cell of each column (single-cell rows span the table).
    widths = [0.0] * ncols
    for r in rows:
        if len(r) == 1:
            continue
        for i, cell in enumerate(r):
            widths[i] = max(widths[i], font.getlength(cell))
    gap = size * 2
    xs = [margin]
    for w in widths[:-1]:
        xs.append(xs[-1] + w + gap)
    width = int(max(xs[-1] + widths[-1], max(font.getlength(r[0]) for r in rows) + margin) + margin)
    height = int(margin * 2 + line_h * len(rows))
    img = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(img)
    words = []
    for li, r in enumerate(rows):
        y = margin + li * line_h
        for ci, cell in enumerate(r):
            x = xs[ci]
            # Right-align numeric columns like printed tables.
            if ci > 0 and len(r) > 1:
                x = xs[ci] + widths[ci] - font.getlength(cell)
            for word in cell.split():
                draw.text((x, y), word, font=font, fill=0)
                mask = Image.new("L", (width, height), 0)
                ImageDraw.Draw(mask).text((x, y), word, font=font, fill=255)
                bx0, by0, bx1, by1 = mask.getbbox()
                words.append({"text": word, "box": [bx0, by0, bx1 - bx0, by1 - by0], "line": li})
                x += font.getlength(word) + space
    xbox = font.getbbox("x")
    meta = {"width": width, "height": height, "font": font_key, "size": size,
            "xHeight": xbox[3] - xbox[1], "words": words}
    img.save(os.path.join(OUT, name + ".png"), optimize=True)
    with open(os.path.join(OUT, name + ".json"), "w", encoding="utf-8") as f:
        json.dump(meta, f, ensure_ascii=False, indent=1)
    print(name, width, height, "x-height", meta["xHeight"])


def main():
    os.makedirs(OUT, exist_ok=True)
    # Same English table at three text sizes (x-height ~6, ~12, ~40 px) and in three more fonts.
    render("label_en_dejavu_small", EN_ROWS, "DejaVuSans", 11)
    render("label_en_dejavu_medium", EN_ROWS, "DejaVuSans", 22)
    render("label_en_dejavu_large", EN_ROWS, "DejaVuSans", 72)
    render("label_en_serif", EN_ROWS, "LiberationSerif", 26)
    render("label_en_narrow", EN_ROWS, "LiberationSansNarrow", 24)
    render("label_en_bold", EN_ROWS, "DejaVuSansBold", 20)
    render("label_de_fr", DE_FR_ROWS, "DejaVuSans", 24)
    # Running text for the table-localisation test (the test pastes it above a table).
    render("paragraph_ingredients", PARAGRAPH_ROWS, "DejaVuSans", 28)


if __name__ == "__main__":
    main()
