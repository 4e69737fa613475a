#!/usr/bin/env python3
"""Render labelled nutrition-label test images with ground-truth sidecars (../shared/docs/ground-truth.md format).

    pip install Pillow numpy
    python3 scripts/generate-testimages.py                      # the committed set -> TestImages/ (deterministic)
    python3 scripts/generate-testimages.py --count 2000 --out /tmp/bench-images --seed 7   # random set for benchmarks

Each image NAME.jpg/.png gets NAME.json with kind, barcodes, nutrition (language, serving_size, nutriments as printed,
qualifiers) and notes naming the layout and degradations. Layouts: EU/UK tables (per 100 g, per serving, %RI, kJ/kcal
on one line, two lines or two rows), multilingual rows, linear text, US "Nutrition Facts" panels, packs with an EAN-13,
barcode-only pack sides, and non-label images. Degradations: perspective, small-angle and 90/180 rotation, EXIF
orientation, blur, noise, JPEG quality, uneven light, cylindrical curvature.

Printed values follow the EU rounding guidance (European Commission, "Guidance document for competent authorities for
the control of compliance ... with regard to the setting of tolerances for nutrient values", Dec 2012, section 6) and
US 21 CFR 101.9(c) rounding, so the truth is exactly what is printed.
"""
import argparse
import json
import math
import os
import random
import sys
from decimal import Decimal, ROUND_HALF_UP

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import testimage_classes  # noqa: E402  (label classes of issue #22, in their own module)

SCALE = 1.0  # set from --scale in main()
COMMITTED_BEND = False  # main() sets it for the committed set (see curvature_committed)
COMMITTED_MASSES = False  # main() sets it for the committed set (see random_profile)
# Most grams of fat + carbohydrate + protein + fibre + salt a random 100 g holds before rounding: with water and ash
# they make up the 100 g (Regulation (EU) 1169/2011 Annex I: disjoint parts); nut butters and seeds print up to ~97 g,
# and five figures rounded up by at most 0.5 g each still print at most 99.5 g.
MAX_MACRO_GRAMS = 97.0
FONT_DIRS = ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/liberation"]
FONTS = {  # family -> (regular, bold)
    "DejaVuSans": ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
    "DejaVuSansCondensed": ("DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf"),
    "LiberationSans": ("LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf"),
    "LiberationSansNarrow": ("LiberationSansNarrow-Regular.ttf", "LiberationSansNarrow-Bold.ttf"),
    "LiberationSerif": ("LiberationSerif-Regular.ttf", "LiberationSerif-Bold.ttf"),
}


def font_path(name):
    for d in FONT_DIRS:
        p = os.path.join(d, name)
        if os.path.exists(p):
            return p
    raise SystemExit(f"font {name} not found (install fonts-dejavu-core fonts-liberation)")


_font_cache = {}


def font(family, size, bold=False):
    key = (family, size, bold)
    if key not in _font_cache:
        _font_cache[key] = ImageFont.truetype(font_path(FONTS[family][1 if bold else 0]), size)
    return _font_cache[key]


# ---------------------------------------------------------------------------------------------------------------------
# Values and rounding
# ---------------------------------------------------------------------------------------------------------------------

def q(x, step):
    """Round x to a multiple of step (a Decimal string like '0.1'), half up, returning a Decimal."""
    step = Decimal(step)
    return (Decimal(repr(x)) / step).quantize(Decimal("1"), rounding=ROUND_HALF_UP) * step


class Printed:
    """A printed nutrient amount: value (Decimal, in the key's unit), qualifier (None, '<', 'trace')."""

    def __init__(self, value, qualifier=None):
        self.value = Decimal(value)
        self.qualifier = qualifier

    def text(self, comma, decimals=None):
        if self.qualifier == "trace":
            return None
        v = self.value
        s = f"{v:.{decimals}f}" if decimals is not None else format(v, "f")
        if comma:
            s = s.replace(".", ",")
        return ("<" if self.qualifier == "<" else "") + s


def eu_round(nutrient, grams, always_one_decimal=False):
    """EU guidance rounding of a per-100 g/serving amount; returns Printed (value as printed)."""
    if nutrient in ("energy-kj", "energy-kcal"):
        return Printed(q(grams, "1"))
    if nutrient == "salt":
        if grams >= 1:
            return Printed(q(grams, "0.1"))
        if grams > 0.0125:
            return Printed(q(grams, "0.01"))
        return Printed("0.01", "<")
    if nutrient == "saturated-fat":
        if grams >= 10:
            return Printed(q(grams, "0.1" if always_one_decimal else "1"))
        if grams > 0.1:
            return Printed(q(grams, "0.1"))
        return Printed("0.1", "<")
    if grams >= 10:
        return Printed(q(grams, "0.1" if always_one_decimal else "1"))
    if grams > 0.5:
        return Printed(q(grams, "0.1"))
    return Printed("0.5", "<")


def random_profile(rng, kinds=None):
    """A plausible per-100 g composition in grams (fat, saturates ≤ fat, carbohydrate, sugars ≤ carbohydrate, ...).

    Fat, carbohydrate, protein, fibre and salt together hold at most MAX_MACRO_GRAMS: a draw above that (the jitter
    of up to 1.4x on crisps or cheese: about one table in six before session 22, which the grammar's mass-sum check
    then saw as impossible) is scaled down to it, without a further random draw, so every other table and image of a
    seed stays as it was. The committed set (COMMITTED_MASSES) keeps its one table over 100 g (`deg_light_de`,
    110.4 g) so that it regenerates byte for byte. Energy is computed from the printed macros by the callers."""
    kind = rng.choice(kinds or ["cereal", "biscuit", "yogurt", "soup", "crisps", "bread", "drink", "cheese", "sauce"])
    base = {
        "cereal": (6, 62, 9, 8, 0.5), "biscuit": (22, 65, 6, 3, 0.7), "yogurt": (3.5, 12, 4, 0.2, 0.12),
        "soup": (2.1, 6.5, 1.4, 1.1, 0.75), "crisps": (31, 53, 6.5, 4.4, 1.4), "bread": (2.6, 44, 9.4, 6, 1.0),
        "drink": (0.1, 10.6, 0.2, 0.1, 0.02), "cheese": (34, 0.1, 25, 0, 1.8), "sauce": (0.4, 14, 1.2, 1.5, 1.6),
    }[kind]
    jitter = lambda v: max(0.0, v * rng.uniform(0.6, 1.4))
    fat, carbs, protein, fiber, salt = (jitter(v) for v in base)
    total = fat + carbs + protein + fiber + salt
    if total > MAX_MACRO_GRAMS and not COMMITTED_MASSES:
        fat, carbs, protein, fiber, salt = (v * MAX_MACRO_GRAMS / total for v in (fat, carbs, protein, fiber, salt))
    sat = fat * rng.uniform(0.08, 0.65)
    sugars = carbs * rng.uniform(0.02, 0.7)
    if rng.random() < 0.15:
        sugars = rng.uniform(0.0, 0.45)  # prints as "<0.5 g"
    return kind, {"fat": fat, "saturated-fat": sat, "carbohydrates": carbs, "sugars": sugars,
                  "fiber": fiber, "proteins": protein, "salt": salt}


def energy_from(printed):
    """Energy from Annex XIV factors of Regulation (EU) 1169/2011 on the printed macros: (kJ, kcal)."""
    g = {k: float(p.value) if p.qualifier is None else 0.0 for k, p in printed.items()}
    kj = 37 * g["fat"] + 17 * g["carbohydrates"] + 17 * g["proteins"] + 8 * g.get("fiber", 0)
    kcal = 9 * g["fat"] + 4 * g["carbohydrates"] + 4 * g["proteins"] + 2 * g.get("fiber", 0)
    return kj, kcal


EU_ORDER = ["energy", "fat", "saturated-fat", "carbohydrates", "sugars", "fiber", "proteins", "salt"]
RI = {"energy-kcal": 2000, "fat": 70, "saturated-fat": 20, "carbohydrates": 260, "sugars": 90, "proteins": 50, "salt": 6}

# ---------------------------------------------------------------------------------------------------------------------
# Lexicon (EU Regulation 1169/2011 Annex XV wording in each language)
# ---------------------------------------------------------------------------------------------------------------------

LEX = {
    "en": {"title": "Nutrition Information", "typical": "Typical values", "per100": "per 100 g",
           "serving": "per {s} serving", "ri": "%RI*", "energy": "Energy", "fat": "Fat",
           "saturated-fat": "of which saturates", "carbohydrates": "Carbohydrate", "sugars": "of which sugars",
           "fiber": "Fibre", "proteins": "Protein", "salt": "Salt", "trace": "trace",
           "ri_note": "*Reference intake of an average adult (8400 kJ/2000 kcal)"},
    "de": {"title": "Nährwertangaben", "typical": "Durchschnittliche Nährwerte", "per100": "pro 100 g",
           "serving": "pro Portion ({s})", "ri": "%RM*", "energy": "Brennwert", "fat": "Fett",
           "saturated-fat": "davon gesättigte Fettsäuren", "carbohydrates": "Kohlenhydrate",
           "sugars": "davon Zucker", "fiber": "Ballaststoffe", "proteins": "Eiweiß", "salt": "Salz",
           "trace": "Spuren", "ri_note": "*Referenzmenge für einen durchschnittlichen Erwachsenen"},
    "fr": {"title": "Valeurs nutritionnelles", "typical": "Valeurs moyennes", "per100": "pour 100 g",
           "serving": "par portion ({s})", "ri": "%AR*", "energy": "Énergie", "fat": "Matières grasses",
           "saturated-fat": "dont acides gras saturés", "carbohydrates": "Glucides", "sugars": "dont sucres",
           "fiber": "Fibres alimentaires", "proteins": "Protéines", "salt": "Sel", "trace": "traces",
           "ri_note": "*Apport de référence pour un adulte type"},
    "es": {"title": "Información nutricional", "typical": "Valores medios", "per100": "por 100 g",
           "serving": "por ración ({s})", "ri": "%IR*", "energy": "Valor energético", "fat": "Grasas",
           "saturated-fat": "de las cuales saturadas", "carbohydrates": "Hidratos de carbono",
           "sugars": "de los cuales azúcares", "fiber": "Fibra alimentaria", "proteins": "Proteínas", "salt": "Sal",
           "trace": "trazas", "ri_note": "*Ingesta de referencia de un adulto medio"},
    "it": {"title": "Dichiarazione nutrizionale", "typical": "Valori medi", "per100": "per 100 g",
           "serving": "per porzione ({s})", "ri": "%AR*", "energy": "Energia", "fat": "Grassi",
           "saturated-fat": "di cui acidi grassi saturi", "carbohydrates": "Carboidrati", "sugars": "di cui zuccheri",
           "fiber": "Fibre", "proteins": "Proteine", "salt": "Sale", "trace": "tracce",
           "ri_note": "*Assunzione di riferimento di un adulto medio"},
    "nl": {"title": "Voedingswaarde", "typical": "Gemiddelde waarden", "per100": "per 100 g",
           "serving": "per portie ({s})", "ri": "%RI*", "energy": "Energie", "fat": "Vetten",
           "saturated-fat": "waarvan verzadigde vetzuren", "carbohydrates": "Koolhydraten",
           "sugars": "waarvan suikers", "fiber": "Voedingsvezel", "proteins": "Eiwitten", "salt": "Zout",
           "trace": "sporen", "ri_note": "*Referentie-inname van een gemiddelde volwassene"},
}
COMMA_LANGS = {"de", "fr", "es", "it", "nl"}

# ---------------------------------------------------------------------------------------------------------------------
# EAN-13 / UPC-A drawing (GS1 General Specifications 5.2.1: L/G/R element sets, parity by the first digit)
# ---------------------------------------------------------------------------------------------------------------------

L_CODES = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"]
G_CODES = ["".join("1" if c == "0" else "0" for c in code)[::-1] for code in L_CODES]
R_CODES = ["".join("1" if c == "0" else "0" for c in code) for code in L_CODES]
PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"]


def check_digit(digits):
    s = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(digits)))
    return str((10 - s % 10) % 10)


def random_gtin13(rng, prefix):
    body = prefix + "".join(str(rng.randrange(10)) for _ in range(12 - len(prefix)))
    return body + check_digit(body)


def ean13_modules(code):
    parity = PARITY[int(code[0])]
    bits = "101"
    for i, d in enumerate(code[1:7]):
        bits += (L_CODES if parity[i] == "L" else G_CODES)[int(d)]
    bits += "01010"
    for d in code[7:13]:
        bits += R_CODES[int(d)]
    return bits + "101"


def ean8_modules(code):
    return "101" + "".join(L_CODES[int(d)] for d in code[:4]) + "01010" + "".join(R_CODES[int(d)] for d in code[4:]) + "101"


def draw_barcode(code, module=3, height=None, upc=False):
    """An EAN-13 (or EAN-8 for 8 digits) symbol with human-readable digits, on white, with quiet zones."""
    bits = ean8_modules(code) if len(code) == 8 else ean13_modules(code)
    quiet = 11 * module
    height = height or 60 * module
    text_h = 9 * module
    w = len(bits) * module + 2 * quiet
    img = Image.new("L", (w, height + text_h + 2 * module), 255)
    d = ImageDraw.Draw(img)
    guard = {0, 1, 2, len(bits) - 1, len(bits) - 2, len(bits) - 3}
    mid = len(bits) // 2
    guard |= {mid - 2, mid - 1, mid, mid + 1, mid + 2}
    for i, b in enumerate(bits):
        if b == "1":
            x = quiet + i * module
            bottom = height + (text_h // 2 if i in guard else 0)
            d.rectangle([x, module, x + module - 1, bottom], fill=0)
    f = ImageFont.truetype(font_path("DejaVuSansMono.ttf"), int(text_h * 0.9))
    if len(code) == 13:
        shown = code[1:] if upc else code
        if upc:
            d.text((quiet - 7 * module, height + module), shown[0], font=f, fill=0)
            d.text((quiet + 10 * module, height + module), shown[1:6], font=f, fill=0)
            d.text((quiet + 50 * module, height + module), shown[6:11], font=f, fill=0)
            d.text((quiet + 96 * module, height + module), shown[11], font=f, fill=0)
        else:
            d.text((quiet - 8 * module, height + module), code[0], font=f, fill=0)
            d.text((quiet + 5 * module, height + module), code[1:7], font=f, fill=0)
            d.text((quiet + 51 * module, height + module), code[7:], font=f, fill=0)
    else:
        d.text((quiet + 5 * module, height + module), code[:4], font=f, fill=0)
        d.text((quiet + 37 * module, height + module), code[4:], font=f, fill=0)
    return img.convert("RGB")


# ---------------------------------------------------------------------------------------------------------------------
# Layouts. Each returns (RGB image, nutrition dict for the sidecar, notes list).
# ---------------------------------------------------------------------------------------------------------------------

def decimal_json(d):
    """Decimal -> JSON-ready number keeping the printed decimals (62.0 stays 62.0)."""
    if d == 0:
        return 0
    return int(d) if d == d.to_integral() and d.as_tuple().exponent >= 0 else float(d)


class Table:
    """Rows of cells drawn as a grid; a cell is a list of lines."""

    def __init__(self, family, size, ink=(0, 0, 0), paper=(255, 255, 255), rules=True, leading=1.3):
        self.family, self.size, self.ink, self.paper, self.rules = family, size, ink, paper, rules
        self.leading = leading  # line pitch inside a cell, in font sizes
        self.rows = []  # (cells, bold, indent)

    def add(self, cells, bold=False, indent=False):
        self.rows.append(([c if isinstance(c, list) else [c] for c in cells], bold, indent))

    def render(self, title=None, footer=None):
        pad = max(6, self.size // 2)
        regular, bold = font(self.family, self.size), font(self.family, self.size, True)
        ncol = max(len(c) for c, _, _ in self.rows)
        widths = [0] * ncol
        line_h = int(self.size * self.leading)
        for cells, b, indent in self.rows:
            f = bold if b else regular
            for i, cell in enumerate(cells):
                w = max((f.getlength(t) for t in cell), default=0) + (self.size * 1.2 if indent and i == 0 else 0)
                widths[i] = max(widths[i], int(w))
        col_w = [w + 2 * pad for w in widths]
        title_h = int(self.size * 1.7) if title else 0
        heights = [len(max(cells, key=len)) * line_h + pad for cells, _, _ in self.rows]
        foot_font = font(self.family, max(10, int(self.size * 0.62)))
        foot_h = int(self.size * 1.1) if footer else 0
        W = sum(col_w) + 2
        H = title_h + sum(heights) + foot_h + 2
        img = Image.new("RGB", (W, H), self.paper)
        d = ImageDraw.Draw(img)
        if title:
            d.text((pad, pad // 2), title, font=font(self.family, int(self.size * 1.25), True), fill=self.ink)
        y = title_h
        for (cells, b, indent), h in zip(self.rows, heights):
            f = bold if b else regular
            x = 1
            for i in range(ncol):
                cell = cells[i] if i < len(cells) else [""]
                for j, t in enumerate(cell):
                    if i == 0:
                        tx = x + pad + (self.size * 1.2 if indent else 0)
                    else:
                        tx = x + col_w[i] - pad - f.getlength(t)  # numbers right-aligned
                    d.text((tx, y + pad // 2 + j * line_h), t, font=f, fill=self.ink)
                x += col_w[i]
            if self.rules:
                d.line([(0, y), (W, y)], fill=self.ink, width=1)
            y += h
        if self.rules:
            d.line([(0, y), (W, y)], fill=self.ink, width=1)
            d.rectangle([0, title_h, W - 1, y], outline=self.ink, width=2)
            x = 1
            for w in col_w[:-1]:
                x += w
                d.line([(x, title_h), (x, y)], fill=self.ink, width=1)
        if footer:
            d.text((pad, y + 3), footer, font=foot_font, fill=self.ink)
        return img


def eu_table(rng, lang, family, size, serving=None, ri=False, energy_form="one_line", multilingual=None,
             always_one_decimal=False, trace_row=None):
    """EU/UK table. energy_form: one_line ('1569 kJ / 373 kcal'), two_lines (kJ and kcal stacked in one cell),
    two_rows (separate 'Energy' kJ and kcal rows), paren ('1569 kJ (373 kcal)')."""
    lex = LEX[lang]
    comma = lang in COMMA_LANGS or (multilingual and rng.random() < 0.7)
    _, grams = random_profile(rng)
    per100 = {k: eu_round(k, v, always_one_decimal) for k, v in grams.items()}
    if trace_row:
        per100[trace_row] = Printed("0", "trace")
    kj, kcal = energy_from(per100)
    per100["energy-kj"], per100["energy-kcal"] = eu_round("energy-kj", kj), eu_round("energy-kcal", kcal)
    columns = [per100]
    serving_g = None
    if serving:
        serving_g = serving
        per_serving = {k: eu_round(k, v * serving_g / 100, always_one_decimal) for k, v in grams.items()}
        if trace_row:
            per_serving[trace_row] = Printed("0", "trace")
        skj, skcal = kj * serving_g / 100, kcal * serving_g / 100
        per_serving["energy-kj"], per_serving["energy-kcal"] = eu_round("energy-kj", skj), eu_round("energy-kcal", skcal)
        columns.append(per_serving)

    def label(key):
        if multilingual:
            return " / ".join(LEX[l][key] for l in multilingual)
        return lex[key]

    def cell(p, unit):
        if p.qualifier == "trace":
            return lex["trace"]
        return f"{p.text(comma)} {unit}"

    t = Table(family, size)
    header = [lex["typical"], lex["per100"]]
    serving_text = f"{serving_g} g" if serving_g else None
    if serving:
        header.append(lex["serving"].format(s=serving_text))
    if ri:
        header.append(lex["ri"])
    t.add(header, bold=True)
    for key in EU_ORDER:
        if key == "energy":
            kjs = [f"{c['energy-kj'].text(comma)} kJ" for c in columns]
            kcals = [f"{c['energy-kcal'].text(comma)} kcal" for c in columns]
            ri_cell = f"{round(float(columns[-1]['energy-kcal'].value) / RI['energy-kcal'] * 100)}%" if ri else None
            if energy_form == "two_rows":
                t.add([label("energy")] + kjs + ([""] if ri else []))
                t.add([""] + kcals + ([ri_cell] if ri else []))
            elif energy_form == "two_lines":
                t.add([label("energy")] + [[a, b] for a, b in zip(kjs, kcals)] + ([ri_cell] if ri else []))
            elif energy_form == "paren":
                t.add([label("energy")] + [f"{a} ({b})" for a, b in zip(kjs, kcals)] + ([ri_cell] if ri else []))
            else:
                t.add([label("energy")] + [f"{a} / {b}" for a, b in zip(kjs, kcals)] + ([ri_cell] if ri else []))
            continue
        cells = [label(key)] + [cell(c[key], "g") for c in columns]
        if ri:
            p = columns[-1][key]
            cells.append(f"{round(float(p.value) / RI[key] * 100)}%" if key in RI and p.qualifier is None else "")
        t.add(cells, indent=key in ("saturated-fat", "sugars"))
    title = lex["title"] if not multilingual else " / ".join(LEX[l]["title"] for l in multilingual)
    img = t.render(title=title, footer=lex["ri_note"] if ri else None)

    nutriments, qualifiers = {}, {}
    for suffix, col in zip(["_100g", "_serving"], columns):
        for key in ["energy-kj", "energy-kcal"] + EU_ORDER[1:]:
            p = col[key]
            nutriments[key + suffix] = decimal_json(p.value)
            if p.qualifier:
                qualifiers[key + suffix] = p.qualifier
    nutrition = {"language": multilingual[0] if multilingual else lang}
    if serving_text:
        nutrition["serving_size"] = serving_text
    nutrition["nutriments"] = nutriments
    if qualifiers:
        nutrition["qualifiers"] = qualifiers
    notes = [f"EU table {lang}{' multilingual ' + '/'.join(multilingual) if multilingual else ''}",
             f"energy {energy_form}", f"font {family} {size}px"]
    if serving:
        notes.append("per serving column")
    if ri:
        notes.append("%RI column")
    if comma:
        notes.append("decimal comma")
    return img, nutrition, notes


def linear_text(rng, lang, family, size):
    """The linear form allowed when space is short: 'Nutrition information per 100 g: Energy 1569 kJ/373 kcal; ...'."""
    lex = LEX[lang]
    comma = lang in COMMA_LANGS
    _, grams = random_profile(rng)
    per100 = {k: eu_round(k, v) for k, v in grams.items()}
    kj, kcal = energy_from(per100)
    per100["energy-kj"], per100["energy-kcal"] = eu_round("energy-kj", kj), eu_round("energy-kcal", kcal)
    parts = [f"{lex['energy']} {per100['energy-kj'].text(comma)} kJ/{per100['energy-kcal'].text(comma)} kcal"]
    for key in EU_ORDER[1:]:
        parts.append(f"{lex[key]} {per100[key].text(comma)} g")
    text = f"{lex['title']} {lex['per100']}: " + "; ".join(parts) + "."
    f = font(family, size)
    width = int(size * rng.uniform(22, 30))
    words, lines, cur = text.split(" "), [], ""
    for w in words:
        trial = (cur + " " + w).strip()
        if f.getlength(trial) > width and cur:
            lines.append(cur)
            cur = w
        else:
            cur = trial
    lines.append(cur)
    line_h = int(size * 1.35)
    img = Image.new("RGB", (width + 2 * size, len(lines) * line_h + size), (255, 255, 255))
    d = ImageDraw.Draw(img)
    for i, line in enumerate(lines):
        d.text((size, size // 2 + i * line_h), line, font=f, fill=(0, 0, 0))
    nutriments, qualifiers = {}, {}
    for key in ["energy-kj", "energy-kcal"] + EU_ORDER[1:]:
        nutriments[key + "_100g"] = decimal_json(per100[key].value)
        if per100[key].qualifier:
            qualifiers[key + "_100g"] = per100[key].qualifier
    nutrition = {"language": lang, "nutriments": nutriments}
    if qualifiers:
        nutrition["qualifiers"] = qualifiers
    return img, nutrition, [f"linear text {lang}", f"font {family} {size}px"] + (["decimal comma"] if comma else [])


def us_round_fat(g):
    return Decimal(0) if g < 0.5 else (q(g, "0.5") if g < 5 else q(g, "1"))


def us_round_mg(mg, small=5):
    if mg < small:
        return Decimal(0)
    return q(mg, "5") if mg <= 140 else q(mg, "10")


def us_panel(rng, family, size):
    """US FDA 'Nutrition Facts' panel (2016 format): per-serving amounts with %DV (ignored by the truth)."""
    _, grams = random_profile(rng, ["cereal", "biscuit", "crisps", "bread", "cheese"])
    serving_g = rng.choice([28, 30, 40, 55, 85])
    s = lambda v: v * serving_g / 100
    fat, sat = us_round_fat(s(grams["fat"])), us_round_fat(s(grams["saturated-fat"]))
    trans = Decimal(0)
    chol_mg = Decimal(0) if rng.random() < 0.6 else us_round_mg(rng.uniform(5, 60))
    sodium_mg = us_round_mg(s(grams["salt"]) / 2.5 * 1000)
    carbs, fiber = q(s(grams["carbohydrates"]), "1"), q(s(grams["fiber"]), "1")
    sugars = q(s(grams["sugars"]), "1")
    added = q(float(sugars) * rng.uniform(0, 1), "1")
    protein = q(s(grams["proteins"]), "1")
    cal = 9 * float(fat) + 4 * float(carbs) + 4 * float(protein)
    calories = q(cal, "5") if cal <= 50 else q(cal, "10")
    serving_text = rng.choice([f"1 cup ({serving_g}g)", f"2/3 cup ({serving_g}g)", f"1 package ({serving_g}g)",
                               f"{rng.choice([2, 3, 4])} pieces ({serving_g}g)"])
    W = size * 17
    rows = [("Total Fat", f"{fat}g", round(float(fat) / 78 * 100), True, False),
            ("Saturated Fat", f"{sat}g", round(float(sat) / 20 * 100), False, True),
            ("Trans Fat", f"{trans}g", None, False, True),
            ("Cholesterol", f"{chol_mg}mg", round(float(chol_mg) / 300 * 100), True, False),
            ("Sodium", f"{sodium_mg}mg", round(float(sodium_mg) / 2300 * 100), True, False),
            ("Total Carbohydrate", f"{carbs}g", round(float(carbs) / 275 * 100), True, False),
            ("Dietary Fiber", f"{fiber}g", round(float(fiber) / 28 * 100), False, True),
            ("Total Sugars", f"{sugars}g", None, False, True),
            (f"Includes {added}g Added Sugars", "", round(float(added) / 50 * 100), False, True),
            ("Protein", f"{protein}g", None, True, False)]
    line_h = int(size * 1.45)
    H = int(size * 9.5) + len(rows) * line_h + size * 2
    img = Image.new("RGB", (W, H), (255, 255, 255))
    d = ImageDraw.Draw(img)
    m = size // 2
    d.rectangle([2, 2, W - 3, H - 3], outline=(0, 0, 0), width=3)
    y = m
    d.text((m, y), "Nutrition Facts", font=font(family, int(size * 2.1), True), fill=0)
    y += int(size * 2.6)
    d.line([(m, y), (W - m, y)], fill=0, width=1)
    d.text((m, y + 4), "Serving size", font=font(family, size, True), fill=0)
    d.text((W - m - font(family, size, True).getlength(serving_text), y + 4), serving_text, font=font(family, size, True), fill=0)
    y += line_h + 4
    d.rectangle([m, y, W - m, y + size // 2], fill=0)
    y += size // 2 + 4
    d.text((m, y), "Amount per serving", font=font(family, int(size * 0.8), True), fill=0)
    y += int(size * 1.0)
    d.text((m, y), "Calories", font=font(family, int(size * 1.7), True), fill=0)
    cf = font(family, int(size * 2.0), True)
    d.text((W - m - cf.getlength(str(calories)), y - size // 4), str(calories), font=cf, fill=0)
    y += int(size * 2.3)
    d.rectangle([m, y, W - m, y + size // 4], fill=0)
    y += size // 4 + 2
    dv = font(family, int(size * 0.8), True)
    d.text((W - m - dv.getlength("% Daily Value*"), y), "% Daily Value*", font=dv, fill=0)
    y += int(size * 1.1)
    for name, amount, pct, bold, indent in rows:
        d.line([(m + (size if indent else 0), y), (W - m, y)], fill=0, width=1)
        x = m + (size if indent else 0)
        bf = font(family, size, bold)
        d.text((x, y + 3), name, font=bf, fill=0)
        if amount:
            d.text((x + bf.getlength(name + " "), y + 3), amount, font=font(family, size), fill=0)
        if pct is not None:
            pf = font(family, size, True)
            d.text((W - m - pf.getlength(f"{pct}%"), y + 3), f"{pct}%", font=pf, fill=0)
        y += line_h
    d.rectangle([m, y, W - m, y + size // 3], fill=0)
    nutriments = {
        "energy-kcal_serving": decimal_json(calories), "fat_serving": decimal_json(fat),
        "saturated-fat_serving": decimal_json(sat), "trans-fat_serving": decimal_json(trans),
        "cholesterol_serving": decimal_json(chol_mg / 1000), "sodium_serving": decimal_json(sodium_mg / 1000),
        "carbohydrates_serving": decimal_json(carbs), "fiber_serving": decimal_json(fiber),
        "sugars_serving": decimal_json(sugars), "added-sugars_serving": decimal_json(added),
        "proteins_serving": decimal_json(protein),
    }
    return img, {"language": "en", "serving_size": serving_text, "nutriments": nutriments}, \
        [f"US Nutrition Facts panel", f"font {family} {size}px"]


# ---------------------------------------------------------------------------------------------------------------------
# Composition: packs, barcodes, non-label images
# ---------------------------------------------------------------------------------------------------------------------

PACK_COLOURS = [(245, 236, 210), (230, 242, 250), (255, 255, 255), (250, 228, 228), (235, 245, 225)]


def on_pack(rng, label, barcode=None, upc=False, colour=None):
    """Places a label (and optionally a barcode) on a coloured pack panel with some decoration."""
    colour = colour or rng.choice(PACK_COLOURS)
    bw, bh = (0, 0)
    bar = None
    if barcode:
        bar = draw_barcode(barcode, module=max(2, round(rng.choice([2, 3]) * SCALE)), upc=upc)
        bw, bh = bar.size
    margin = int(rng.randint(30, 70) * SCALE)
    W = max(label.width, bw) + 2 * margin + (bw + margin if bar and rng.random() < 0.5 else 0)
    side_by_side = bar is not None and W > max(label.width, bw) + 2 * margin
    H = label.height + 2 * margin + (0 if side_by_side or not bar else bh + margin)
    img = Image.new("RGB", (W, H), colour)
    d = ImageDraw.Draw(img)
    for _ in range(3):  # decorative stripes away from the text
        c = tuple(max(0, v - rng.randint(20, 60)) for v in colour)
        y = rng.choice([rng.randint(0, margin // 3), H - rng.randint(1, margin // 3)])
        d.rectangle([0, y, W, y + rng.randint(3, 8)], fill=c)
    img.paste(label, (margin, margin))
    if bar:
        if side_by_side:
            img.paste(bar, (margin * 2 + label.width, H - margin - bh))
        else:
            img.paste(bar, (W - margin - bw, margin * 2 + label.height - margin // 2))
    return img


def barcode_side(rng, code, upc=False):
    """A pack side that mainly shows a barcode, with a little small print."""
    colour = rng.choice(PACK_COLOURS)
    bar = draw_barcode(code, module=max(2, round(rng.choice([3, 4]) * SCALE)), upc=upc)
    W, H = bar.width + 160, bar.height + 220
    img = Image.new("RGB", (W, H), colour)
    d = ImageDraw.Draw(img)
    f = font("DejaVuSans", 16)
    d.text((20, 20), "Best before: see top of pack", font=f, fill=(40, 40, 40))
    d.text((20, 44), "Store in a cool, dry place.", font=f, fill=(40, 40, 40))
    img.paste(bar, (80, 120))
    return img


def other_image(rng, variant):
    """Non-label images: a drawn plate of 'food' shapes or a landscape-like gradient (kind 'other')."""
    W, H = 640, 480
    if variant == "plate":
        img = Image.new("RGB", (W, H), (180, 140, 100))
        d = ImageDraw.Draw(img)
        d.ellipse([120, 40, 520, 440], fill=(245, 245, 245), outline=(200, 200, 200), width=6)
        for _ in range(14):
            x, y, r = rng.randint(200, 440), rng.randint(120, 360), rng.randint(15, 45)
            d.ellipse([x - r, y - r, x + r, y + r], fill=rng.choice([(200, 40, 30), (60, 150, 40), (230, 190, 60)]))
        return img, "drawn plate with round shapes (not a photo, not a label)"
    arr = np.zeros((H, W, 3), np.uint8)
    arr[..., 0] = np.linspace(90, 200, H)[:, None]
    arr[..., 1] = np.linspace(140, 230, H)[:, None]
    arr[..., 2] = 255
    arr[H * 2 // 3:, :, :] = (70, 120, 60)
    return Image.fromarray(arr), "sky/field gradient, no text"


# ---------------------------------------------------------------------------------------------------------------------
# Degradations (each returns the new image; order: geometry, light, optics, sensor)
# ---------------------------------------------------------------------------------------------------------------------

def perspective(img, rng, strength):
    W, H = img.size
    pad = int(max(W, H) * 0.08)
    canvas = Image.new("RGB", (W + 2 * pad, H + 2 * pad), (120, 120, 110))
    canvas.paste(img, (pad, pad))
    W2, H2 = canvas.size
    s = strength * min(W, H)
    dst = [(pad + rng.uniform(-s, s) * 0.3, pad + rng.uniform(0, s)), (W2 - pad + rng.uniform(-s, s) * 0.3, pad + rng.uniform(0, s) * 0.5),
           (W2 - pad + rng.uniform(-s, s) * 0.3, H2 - pad - rng.uniform(0, s) * 0.5), (pad + rng.uniform(-s, s) * 0.3, H2 - pad - rng.uniform(0, s))]
    src = [(pad, pad), (W2 - pad, pad), (W2 - pad, H2 - pad), (pad, H2 - pad)]
    # Solve the homography mapping output (dst) to input (src) pixels, as PIL's PERSPECTIVE transform wants.
    A, b = [], []
    for (x, y), (u, v) in zip(dst, src):
        A.append([x, y, 1, 0, 0, 0, -u * x, -u * y]); b.append(u)
        A.append([0, 0, 0, x, y, 1, -v * x, -v * y]); b.append(v)
    coeffs = np.linalg.solve(np.array(A, float), np.array(b, float))
    return canvas.transform(canvas.size, Image.PERSPECTIVE, tuple(coeffs), Image.BICUBIC, fillcolor=(120, 120, 110))


def rotate_small(img, angle):
    return img.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=(128, 128, 120))


def uneven_light(img, rng, depth):
    W, H = img.size
    arr = np.asarray(img).astype(np.float32)
    cx, cy = rng.uniform(0, W), rng.uniform(0, H)
    yy, xx = np.mgrid[0:H, 0:W]
    dist = np.sqrt((xx - cx) ** 2 + (yy - cy) ** 2) / math.hypot(W, H)
    gain = 1.0 - depth * dist / dist.max()
    return Image.fromarray(np.clip(arr * gain[..., None], 0, 255).astype(np.uint8))


def curvature(img, amount, wrap=math.pi / 3):
    """A label printed round a can or bottle (a cylinder with a vertical axis), photographed from a little above or
    below. The label's width covers `wrap` radians either side of the point facing the camera (60 degrees by default:
    the edges foreshortened 2x, cos 60 = 0.5, still legible). A label point at angle theta shows at x = R sin(theta),
    so the middle keeps its width and the text is squeezed towards the edges, as on a real bottle; each column sinks
    by amount * H * (1 - cos theta) / (1 - cos wrap), i.e. `amount` * H at the edges (the rim of a cylinder seen at an
    angle is an ellipse). Columns are sampled at 4x and filtered down, so squeezed text is averaged, not dropped.

    Before session 21 the horizontal mapping was the inverse (x = sin applied to the source side): the middle was
    squeezed 1.43x and the edges stretched up to 4.5x, which no photo of a bottle shows."""
    W, H = img.size
    arr = np.asarray(img)
    radius = (W - 1) / (2 * wrap)  # source pixels per radian of the cylinder
    out_w = int(round(2 * radius * math.sin(wrap))) + 1
    fine = 4
    xs = (np.arange(out_w * fine) + 0.5) / fine - 0.5  # each fine column's x in output pixels
    theta = np.arcsin(np.clip((xs - (out_w - 1) / 2) / radius, -math.sin(wrap), math.sin(wrap)))
    src = np.clip(np.round((W - 1) / 2 + radius * theta).astype(int), 0, W - 1)
    shift = (amount * H * (1 - np.cos(theta)) / (1 - math.cos(wrap))).astype(int)
    pad = int(amount * H) + 2
    out = np.full((H + 2 * pad, out_w * fine, 3), 128, np.uint8)
    for x in range(out_w * fine):
        top = pad + shift[x] - pad // 2
        out[top: top + H, x] = arr[:, src[x]]
    return Image.fromarray(out).resize((out_w, H + 2 * pad), Image.LANCZOS)


def curvature_committed(img, amount):
    """The bend the committed curved TestImages (`deg_curved_en`, `deg_curved_fr`, `class_linear_bottle_en`) were
    rendered with before session 21: the middle squeezed 1.43x and the edges stretched, the inverse of a bottle. Kept
    only so that the committed set regenerates byte for byte: with `curvature` `deg_curved_fr`'s EAN-13 falls on the
    squeezed edge and is not read at the default barcode budget (docs/history/session-21-sweep.md); random sets
    (`--count`) use `curvature`."""
    W, H = img.size
    arr = np.asarray(img)
    pad = int(amount * H) + 2
    out = np.full((H + 2 * pad, W, 3), 128, np.uint8)
    xs = np.arange(W)
    shift = (amount * H * (1 - np.cos((xs / (W - 1) - 0.5) * math.pi))).astype(int)
    for x in range(W):
        out[pad + shift[x] - pad // 2: pad + shift[x] - pad // 2 + H, x] = arr[:, x]
    xsrc = (W - 1) / 2 + (W - 1) / 2 * np.sin((xs / (W - 1) - 0.5) * math.pi * 0.9) / math.sin(math.pi * 0.45)
    out = out[:, np.clip(xsrc.round().astype(int), 0, W - 1)]
    return Image.fromarray(out)


def bend(img, amount):
    """The cylinder bend of the set being rendered: `curvature_committed` for the committed set, else `curvature`."""
    return curvature_committed(img, amount) if COMMITTED_BEND else curvature(img, amount)


def noise(img, rng, sigma):
    arr = np.asarray(img).astype(np.float32)
    gen = np.random.default_rng(rng.randrange(1 << 30))
    return Image.fromarray(np.clip(arr + gen.normal(0, sigma, arr.shape), 0, 255).astype(np.uint8))


def apply_degradations(img, rng, degr):
    notes = []
    if "curvature" in degr:
        img = bend(img, degr["curvature"]); notes.append(f"curvature {degr['curvature']}")
    if "perspective" in degr:
        img = perspective(img, rng, degr["perspective"]); notes.append(f"perspective {degr['perspective']}")
    if "rotate" in degr:
        img = rotate_small(img, degr["rotate"]); notes.append(f"rotated {degr['rotate']} deg")
    if "light" in degr:
        img = uneven_light(img, rng, degr["light"]); notes.append(f"uneven light {degr['light']}")
    if "blur" in degr:
        img = img.filter(ImageFilter.GaussianBlur(degr["blur"])); notes.append(f"gaussian blur {degr['blur']} px")
    if "noise" in degr:
        img = noise(img, rng, degr["noise"]); notes.append(f"noise sigma {degr['noise']}")
    if "quarter" in degr:  # pixels rotated by 90/180/270 (counter-clockwise), no EXIF to undo it
        img = img.rotate(degr["quarter"], expand=True); notes.append(f"pixels rotated {degr['quarter']} deg (no EXIF)")
    return img, notes


EXIF_STORE = {3: 180, 6: 90, 8: 270}  # orientation tag -> CCW rotation applied to the stored pixels


def save(img, path_base, rng, degr, sidecar):
    fmt = degr.get("format", "jpg")
    notes = []
    if fmt == "png":
        path = path_base + ".png"
        img.save(path, optimize=True)
    else:
        path = path_base + ".jpg"
        quality = degr.get("jpeg_quality", 88)
        kwargs = {"quality": quality}
        if "exif_orientation" in degr:
            o = degr["exif_orientation"]
            img = img.rotate(EXIF_STORE[o], expand=True)
            exif = Image.Exif()
            exif[0x0112] = o
            kwargs["exif"] = exif.tobytes()
            notes.append(f"stored rotated, EXIF orientation {o}")
        img.save(path, **kwargs)
        if quality < 60:
            notes.append(f"JPEG quality {quality}")
    sidecar["notes"] = "; ".join([sidecar.get("notes", "")] + notes).strip("; ")
    with open(path_base + ".json", "w", encoding="utf-8") as fh:
        json.dump(sidecar, fh, ensure_ascii=False, indent=2)
        fh.write("\n")
    return path


# ---------------------------------------------------------------------------------------------------------------------
# Image specs: the committed set (fixed list) and random sets (--count)
# ---------------------------------------------------------------------------------------------------------------------

BARCODE_PREFIXES = {"en": "50", "de": "40", "fr": "30", "es": "84", "it": "80", "nl": "87"}


def make(spec, rng):
    """Renders one spec -> (image, sidecar dict)."""
    kind = spec["kind"]
    sidecar = {}
    notes = []
    if kind == "other":
        img, note = other_image(rng, spec.get("variant", "plate"))
        sidecar["kind"] = "other"
        notes.append(note)
    elif kind == "barcode":
        code = spec["code"]
        img = barcode_side(rng, code, upc=spec.get("upc", False))
        sym = "EAN-8" if len(code) == 8 else ("UPC-A" if spec.get("upc") else "EAN-13")
        text = code[1:] if spec.get("upc") else code
        sidecar["kind"] = "barcode"
        sidecar["barcodes"] = [{"symbology": sym, "text": text}]
        notes.append(f"pack side with {sym}")
    else:
        layout = spec["layout"]
        family, size = spec.get("font", "DejaVuSans"), round(spec.get("size", 22) * SCALE)
        drawn_codes = []  # codes a class layout draws itself (the busy pack's EAN-13)
        if layout in testimage_classes.LAYOUTS:
            label, nutrition, n, drawn_codes = testimage_classes.render(sys.modules[__name__], layout, rng,
                                                                        dict(spec, size=size))
            nutrition["nutriments"] = {k: decimal_json(Decimal(v)) for k, v in nutrition["nutriments"].items()}
            spec = dict(spec, pack=spec.get("pack", layout not in ("busy", "bottle")))
        elif layout == "us":
            label, nutrition, n = us_panel(rng, family, size)
        elif layout == "linear":
            label, nutrition, n = linear_text(rng, spec["lang"], family, size)
        else:
            label, nutrition, n = eu_table(rng, spec["lang"], family, size, serving=spec.get("serving"),
                                           ri=spec.get("ri", False), energy_form=spec.get("energy", "one_line"),
                                           multilingual=spec.get("multilingual"),
                                           always_one_decimal=spec.get("one_decimal", False),
                                           trace_row=spec.get("trace"))
        notes += n
        sidecar["kind"] = "nutrition_label"
        if drawn_codes:
            sidecar["barcodes"] = drawn_codes
        if spec.get("barcode"):
            upc = layout == "us"
            code = random_gtin13(rng, "00" if upc else BARCODE_PREFIXES.get(spec.get("lang", "en"), "50"))
            img = on_pack(rng, label, barcode=code, upc=upc)
            sidecar["barcodes"] = drawn_codes + [{"symbology": "UPC-A" if upc else "EAN-13",
                                                  "text": code[1:] if upc else code}]
            notes.append("on pack with barcode")
        else:
            img = on_pack(rng, label) if spec.get("pack", True) else label
        sidecar["nutrition"] = nutrition
    img, dn = apply_degradations(img, rng, spec.get("degr", {}))
    sidecar["notes"] = "; ".join(notes + dn)
    return img, sidecar


def committed_specs(rng):
    """The fixed set committed in TestImages/: every layout, language and degradation at least once."""
    S = []
    add = lambda name, **kw: S.append((name, kw))
    add("eu_en_table_serving_ri", kind="label", layout="eu", lang="en", serving=30, ri=True, barcode=True)
    add("eu_en_two_line_energy", kind="label", layout="eu", lang="en", energy="two_lines", font="LiberationSans")
    add("eu_en_one_decimal", kind="label", layout="eu", lang="en", one_decimal=True, serving=45, font="LiberationSansNarrow", size=24)
    add("eu_de_table", kind="label", layout="eu", lang="de", serving=40, barcode=True)
    add("eu_de_two_rows_energy", kind="label", layout="eu", lang="de", energy="two_rows", font="DejaVuSansCondensed")
    add("eu_fr_table", kind="label", layout="eu", lang="fr", serving=25, ri=True, font="LiberationSans")
    add("eu_fr_paren_energy", kind="label", layout="eu", lang="fr", energy="paren", size=20)
    add("eu_es_table", kind="label", layout="eu", lang="es", barcode=True, font="LiberationSerif", size=24)
    add("eu_it_table", kind="label", layout="eu", lang="it", serving=50, energy="two_lines")
    add("eu_nl_table", kind="label", layout="eu", lang="nl", trace="sugars", font="LiberationSans")
    add("eu_multilingual_de_fr_it", kind="label", layout="eu", lang="de", multilingual=["de", "fr", "it"], size=18)
    add("eu_multilingual_en_fr_nl", kind="label", layout="eu", lang="en", multilingual=["en", "fr", "nl"], size=18, serving=30)
    add("linear_en", kind="label", layout="linear", lang="en", size=20)
    add("linear_de", kind="label", layout="linear", lang="de", size=20, font="LiberationSans")
    add("us_panel", kind="label", layout="us", size=20)
    add("us_panel_pack_upc", kind="label", layout="us", size=22, barcode=True, font="LiberationSans")
    add("us_panel_narrow", kind="label", layout="us", size=20, font="LiberationSansNarrow")
    # Degradations
    add("deg_perspective_en", kind="label", layout="eu", lang="en", serving=30, degr={"perspective": 0.12})
    add("deg_perspective_de", kind="label", layout="eu", lang="de", degr={"perspective": 0.18, "light": 0.3})
    add("deg_rotate_small_fr", kind="label", layout="eu", lang="fr", degr={"rotate": 4.0})
    add("deg_rotate_small_en", kind="label", layout="eu", lang="en", ri=True, serving=30, degr={"rotate": -7.0})
    add("deg_rot90_en", kind="label", layout="eu", lang="en", degr={"quarter": 90})
    add("deg_rot180_de", kind="label", layout="eu", lang="de", degr={"quarter": 180})
    add("deg_exif6_en", kind="label", layout="eu", lang="en", serving=30, degr={"exif_orientation": 6})
    add("deg_exif3_it", kind="label", layout="eu", lang="it", degr={"exif_orientation": 3})
    add("deg_blur_en", kind="label", layout="eu", lang="en", size=26, degr={"blur": 1.2})
    add("deg_blur_us", kind="label", layout="us", size=24, degr={"blur": 1.0})
    add("deg_noise_es", kind="label", layout="eu", lang="es", degr={"noise": 14})
    add("deg_noise_light_nl", kind="label", layout="eu", lang="nl", degr={"noise": 9, "light": 0.45})
    add("deg_jpeg_q25_en", kind="label", layout="eu", lang="en", serving=30, degr={"jpeg_quality": 25})
    add("deg_light_de", kind="label", layout="eu", lang="de", serving=40, degr={"light": 0.55})
    add("deg_curved_en", kind="label", layout="eu", lang="en", degr={"curvature": 0.04})
    add("deg_curved_fr", kind="label", layout="eu", lang="fr", barcode=True, degr={"curvature": 0.03, "light": 0.25})
    add("deg_png_en", kind="label", layout="eu", lang="en", serving=30, degr={"format": "png"})
    # Barcodes and non-labels
    add("barcode_ean13", kind="barcode", code=random_gtin13(rng, "50"))
    add("barcode_upca", kind="barcode", code=random_gtin13(rng, "00"), upc=True)
    add("barcode_ean8", kind="barcode", code=(lambda b: b + check_digit(b))("".join(str(rng.randrange(10)) for _ in range(7))),
        degr={"rotate": 3.0})
    add("other_plate", kind="other", variant="plate")
    add("other_landscape", kind="other", variant="landscape", degr={"format": "png"})
    S += testimage_classes.COMMITTED
    return S


def random_spec(rng, i):
    r = rng.random()
    if r < 0.05:
        return f"r{i:05d}_other", {"kind": "other", "variant": rng.choice(["plate", "landscape"])}
    if r < 0.12:
        return f"r{i:05d}_barcode", {"kind": "barcode", "code": random_gtin13(rng, rng.choice(list(BARCODE_PREFIXES.values())))}
    layout = rng.choices(["eu", "linear", "us"], weights=[7, 1, 2])[0]
    lang = rng.choice(list(LEX))
    spec = {"kind": "label", "layout": layout, "lang": lang, "font": rng.choice(list(FONTS)), "size": rng.randint(16, 30),
            "barcode": rng.random() < 0.3}
    if layout == "eu":
        spec.update(serving=rng.choice([None, None, 25, 30, 40, 50]), ri=rng.random() < 0.3,
                    energy=rng.choice(["one_line", "two_lines", "two_rows", "paren"]), one_decimal=rng.random() < 0.2)
        if rng.random() < 0.1:
            spec["multilingual"] = rng.sample(list(LEX), 3)
            spec["lang"] = spec["multilingual"][0]
            spec["size"] = min(spec["size"], 20)
    degr = {}
    for name, p, val in [("perspective", 0.25, lambda: round(rng.uniform(0.05, 0.2), 2)),
                         ("rotate", 0.25, lambda: round(rng.uniform(-8, 8), 1)),
                         ("light", 0.25, lambda: round(rng.uniform(0.2, 0.6), 2)),
                         ("blur", 0.2, lambda: round(rng.uniform(0.5, 1.5), 1)),
                         ("noise", 0.2, lambda: rng.randint(4, 16)),
                         ("curvature", 0.1, lambda: round(rng.uniform(0.02, 0.05), 3)),
                         ("jpeg_quality", 0.2, lambda: rng.randint(20, 70)),
                         ("quarter", 0.05, lambda: rng.choice([90, 180, 270])),
                         ("exif_orientation", 0.05, lambda: rng.choice([3, 6, 8]))]:
        if rng.random() < p:
            degr[name] = val()
    spec["degr"] = degr
    return f"r{i:05d}_{layout}_{spec['lang']}", spec


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=None, help="output folder (default: TestImages/ for the committed set)")
    ap.add_argument("--count", type=int, default=0, help="render N random images instead of the committed set")
    ap.add_argument("--seed", type=int, default=20240501, help="random seed (the committed set uses the default)")
    ap.add_argument("--classes", action="store_true",
                    help="with --count: render only the label classes of scripts/testimage_classes.py (AU/NZ panels, "
                         "light on dark, vitamins in mg/µg, linear on a bottle, busy packs, eight languages, "
                         "front-of-pack strips)")
    ap.add_argument("--layout", choices=testimage_classes.LAYOUTS, default=None,
                    help="with --classes: render only this class (e.g. stacked: two-line cells set tight)")
    ap.add_argument("--scale", type=float, default=1.0,
                    help="size factor for text, barcodes and margins (the committed set uses 1.0: 18-26 px text; 1.5 "
                         "measured no better on OCR, which rescales text to its own x-height)")
    args = ap.parse_args()
    global SCALE, COMMITTED_BEND, COMMITTED_MASSES
    SCALE = args.scale
    COMMITTED_BEND = COMMITTED_MASSES = args.count == 0
    rng = random.Random(args.seed)
    out = args.out or ("TestImages" if args.count == 0 else "testimages-random")
    os.makedirs(out, exist_ok=True)
    if args.classes:
        random_spec_of = lambda r, i: testimage_classes.random_spec(r, i, args.layout)  # noqa: E731
    else:
        random_spec_of = random_spec
    specs = committed_specs(rng) if args.count == 0 else [random_spec_of(rng, i) for i in range(args.count)]
    for name, spec in specs:
        img_rng = random.Random(f"{args.seed}/{name}")  # per-image stream: editing one spec leaves the others unchanged
        img, sidecar = make(spec, img_rng)
        path = save(img, os.path.join(out, name), img_rng, spec.get("degr", {}), sidecar)
        testimage_classes.plain_decimals(os.path.splitext(path)[0] + ".json")
    print(f"wrote {len(specs)} images with sidecars to {out}/")


if __name__ == "__main__":
    main()
