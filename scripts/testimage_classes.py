"""Label classes real packs use that the first TestImages set lacked (issue #22), rendered with their sidecars by
scripts/generate-testimages.py (`layout` names below; each function takes the generator's namespace `G`, a seeded
`random.Random` and the spec, and returns (image, nutrition, notes) like the generator's own layouts).

- `dark`: an EU table printed light on a dark or coloured panel.
- `au`: Australian/NZ "NUTRITION INFORMATION" panels (FSANZ Standard 1.2.8, Schedule 11 format) with 3–5 columns:
  per serving, [per serving with ½ cup skim milk], % Daily Intake (per serving) [with milk], per 100 g.
- `micro`: an EU table followed by vitamins and minerals in mg/µg with their %NRV (Regulation (EU) 1169/2011
  Annex XIII Part A).
- `bottle`: a linear (run-in) declaration wrapped round a bottle (strong cylindrical curvature).
- `busy`: a small table on a large pack crowded with claims, numbers, an ingredient list and a barcode.
- `eight`: a table whose row names are printed in eight languages, wrapped over several lines per row.
- `fop`: a UK front-of-pack reference-intake strip: "Each pack (N g) contains" over five icons side by side (energy,
  fat, saturates, sugars, salt), each name above its amount and its %RI, per portion (session 20).
- `stacked`: an EU table whose fat and saturates (and carbohydrate and sugars, and kJ and kcal) share one row, each
  cell two lines set tight (leading 0.95-1.15 font sizes), in small print, often light on a coloured panel, as FR
  pack proofs print them; the detector boxes such a cell's two lines as one (session 23).
- `serving-first`: two-amount tables whose per-serving column is printed before the per-100 g one, with servings of
  30-80 g and 125-330 g/ml (so the serving column is the smaller or the larger): AU/NZ "Quantity per Serving | % Daily
  Intake* (per Serving) | Quantity per 100g" under "Servings per package: N  Serving size: S g" (on one line or
  two), FR "pour 1 pot (125 g) | %AR* | pour 100 g" (header over one or two lines, often an ingredient list printed
  beside the table), DE "pro Portion (250 ml) | pro 100 ml" (session 24, issue 22 class 1).

Sidecar values are the numbers as printed (key units: kJ, kcal, grams; mg/µg converted to grams), written as plain
decimals (never 2.5e-06).
"""
import json
import math
import re
from decimal import Decimal

from PIL import Image, ImageDraw

LAYOUTS = ("dark", "au", "micro", "bottle", "busy", "eight", "fop", "stacked", "serving-first")
# The pool `--classes` draws from (as before session 23, so a seed renders what it rendered); `stacked` and
# `serving-first` are rendered with `--classes --layout NAME`.
RANDOM_LAYOUTS = ("dark", "au", "micro", "bottle", "busy", "eight", "fop")

# Row names for the eight-language table and the micronutrient block (Annex XV / Annex XIII wording per language).
EXTRA_LEX = {
    "pl": {"title": "Wartość odżywcza", "typical": "Wartość średnia", "per100": "w 100 g", "energy": "Wartość energetyczna",
           "fat": "Tłuszcz", "saturated-fat": "w tym kwasy tłuszczowe nasycone", "carbohydrates": "Węglowodany",
           "sugars": "w tym cukry", "fiber": "Błonnik", "proteins": "Białko", "salt": "Sól"},
    "pt": {"title": "Informação nutricional", "typical": "Valores médios", "per100": "por 100 g",
           "energy": "Energia", "fat": "Lípidos", "saturated-fat": "dos quais saturados",
           "carbohydrates": "Hidratos de carbono", "sugars": "dos quais açúcares", "fiber": "Fibra",
           "proteins": "Proteínas", "salt": "Sal"},
    "hr": {"title": "Hranjiva vrijednost", "per100": "na 100 g", "energy": "Energija", "fat": "Masti",
           "saturated-fat": "od kojih zasićene masne kiseline", "carbohydrates": "Ugljikohidrati",
           "sugars": "od kojih šećeri", "fiber": "Vlakna", "proteins": "Bjelančevine", "salt": "Sol"},
    "cs": {"title": "Výživové údaje", "per100": "na 100 g", "energy": "Energetická hodnota", "fat": "Tuky",
           "saturated-fat": "z toho nasycené mastné kyseliny", "carbohydrates": "Sacharidy", "sugars": "z toho cukry",
           "fiber": "Vláknina", "proteins": "Bílkoviny", "salt": "Sůl"},
    "ro": {"title": "Declarație nutrițională", "per100": "la 100 g", "energy": "Valoare energetică", "fat": "Grăsimi",
           "saturated-fat": "din care acizi grași saturați", "carbohydrates": "Glucide", "sugars": "din care zaharuri",
           "fiber": "Fibre", "proteins": "Proteine", "salt": "Sare"},
    "hu": {"title": "Tápérték", "per100": "100 g-ban", "energy": "Energia", "fat": "Zsír",
           "saturated-fat": "amelyből telített zsírsavak", "carbohydrates": "Szénhidrát", "sugars": "amelyből cukrok",
           "fiber": "Rost", "proteins": "Fehérje", "salt": "Só"},
    "sl": {"title": "Hranilna vrednost", "per100": "na 100 g", "energy": "Energijska vrednost", "fat": "Maščobe",
           "saturated-fat": "od tega nasičene maščobne kisline", "carbohydrates": "Ogljikovi hidrati",
           "sugars": "od tega sladkorji", "fiber": "Prehranske vlaknine", "proteins": "Beljakovine", "salt": "Sol"},
}

# Vitamins and minerals: (sidecar key, names en/de/fr, unit, EU NRV in that unit, significant figures printed).
MICRONUTRIENTS = [
    ("vitamin-d", ("Vitamin D", "Vitamin D", "Vitamine D"), "µg", 5, 2),
    ("vitamin-c", ("Vitamin C", "Vitamin C", "Vitamine C"), "mg", 80, 2),
    ("vitamin-b1", ("Thiamin", "Thiamin", "Thiamine"), "mg", 1.1, 2),
    ("vitamin-b2", ("Riboflavin", "Riboflavin", "Riboflavine"), "mg", 1.4, 2),
    ("vitamin-pp", ("Niacin", "Niacin", "Niacine"), "mg", 16, 2),
    ("vitamin-b6", ("Vitamin B6", "Vitamin B6", "Vitamine B6"), "mg", 1.4, 2),
    ("vitamin-b9", ("Folic acid", "Folsäure", "Acide folique"), "µg", 200, 3),
    ("vitamin-b12", ("Vitamin B12", "Vitamin B12", "Vitamine B12"), "µg", 2.5, 2),
    ("calcium", ("Calcium", "Calcium", "Calcium"), "mg", 800, 3),
    ("iron", ("Iron", "Eisen", "Fer"), "mg", 14, 2),
    ("magnesium", ("Magnesium", "Magnesium", "Magnésium"), "mg", 375, 3),
    ("zinc", ("Zinc", "Zink", "Zinc"), "mg", 10, 2),
]
GRAMS_PER_UNIT = {"mg": Decimal("0.001"), "µg": Decimal("0.000001")}

# FSANZ Standard 1.2.8, Schedule 1 reference values for %DI; skim milk per 100 ml (AUSNUT 2011–13, reduced-fat milk
# rounded) for the "with ½ cup skim milk" column (125 ml).
AU_DI = {"energy-kj": 8700, "proteins": 50, "fat": 70, "saturated-fat": 24, "carbohydrates": 310, "sugars": 90,
         "fiber": 30, "sodium": 2300}
SKIM_MILK_125ML = {"energy-kj": 181, "proteins": 4.4, "fat": 0.1, "saturated-fat": 0.1, "carbohydrates": 6.1,
                   "sugars": 6.1, "fiber": 0.0, "sodium": 56}


def _sig(value, figures):
    """A positive value rounded to `figures` significant figures, as a Decimal (the EC guidance for vitamins and
    minerals: 3 figures for vitamin A, folic acid, Ca, P, Mg, I, K; 2 for the others)."""
    d = Decimal(repr(value))
    return Decimal(format(d, f".{figures}g")) if d != 0 else d


def _plain(d):
    return format(Decimal(d).normalize(), "f")


def _number(d, comma):
    text = _plain(d)
    return text.replace(".", ",") if comma else text


# ---------------------------------------------------------------------------------------------------------------------
# Classes
# ---------------------------------------------------------------------------------------------------------------------

def dark(G, rng, spec):
    """An EU table rendered as usual, then printed light on a dark or coloured panel."""
    img, nutrition, notes = G.eu_table(rng, spec["lang"], spec.get("font", "DejaVuSans"), spec.get("size", 22),
                                       serving=spec.get("serving"), ri=spec.get("ri", False))
    paper = rng.choice([(20, 40, 90), (120, 20, 30), (20, 70, 40), (30, 30, 30), (90, 40, 110)])
    ink = rng.choice([(250, 250, 245), (255, 230, 120), (240, 240, 255)])
    notes.append(f"light text {ink} on a {paper} panel")
    return _on_panel(G, img, paper, ink), nutrition, notes


def _on_panel(G, img, paper, ink):
    """A black-on-white rendering reprinted as `ink` on `paper` (RGB tuples)."""
    grey = G.np.asarray(img.convert("L")).astype(G.np.float32) / 255.0
    out = G.np.zeros(grey.shape + (3,), G.np.float32)
    for c in range(3):
        out[..., c] = paper[c] + (1 - grey) * (ink[c] - paper[c])
    return Image.fromarray(out.clip(0, 255).astype(G.np.uint8))


def au(G, rng, spec):
    """FSANZ panel: per serving | [with ½ cup skim milk] | %DI per serving [with milk] | per 100 g."""
    columns = spec.get("columns", 3)
    _, grams = G.random_profile(rng, ["cereal", "biscuit", "bread", "yogurt"])
    grams["sodium"] = grams.pop("salt") / 2.5 * 1000  # mg per 100 g
    serving_g = rng.choice([30, 40, 45, 60])
    keys = ["energy-kj", "proteins", "fat", "saturated-fat", "carbohydrates", "sugars", "fiber", "sodium"]
    names = {"energy-kj": "Energy", "proteins": "Protein", "fat": "Fat, total", "saturated-fat": "- saturated",
             "carbohydrates": "Carbohydrate", "sugars": "- sugars", "fiber": "Dietary fibre", "sodium": "Sodium"}
    units = {"energy-kj": "kJ", "sodium": "mg"}
    grams["energy-kj"] = 37 * grams["fat"] + 17 * grams["carbohydrates"] + 17 * grams["proteins"] + 8 * grams["fiber"]

    def printed(key, amount):
        step = "1" if key in ("energy-kj", "sodium") else "0.1"
        return G.q(amount, step)

    per100 = {k: printed(k, grams[k]) for k in keys}
    serving = {k: printed(k, grams[k] * serving_g / 100) for k in keys}
    milk = {k: printed(k, grams[k] * serving_g / 100 + SKIM_MILK_125ML[k]) for k in keys}
    header = ["", ["Avg Quantity", "per Serving"]]
    if columns >= 4:
        header.append(["per Serving with", "1/2 cup skim milk"])
    header.append(["% Daily Intake*", "(per Serving)"])
    if columns >= 5:
        header.append(["% DI* with", "skim milk"])
    header.append(["Avg Quantity", "per 100 g"])
    t = G.Table(spec.get("font", "LiberationSans"), spec.get("size", 20))
    t.add(header, bold=True)
    for key in keys:
        unit = units.get(key, "g")
        cells = [names[key], f"{_plain(serving[key])} {unit}"]
        if columns >= 4:
            cells.append(f"{_plain(milk[key])} {unit}")
        cells.append(f"{round(float(serving[key]) / AU_DI[key] * 100)}%")
        if columns >= 5:
            cells.append(f"{round(float(milk[key]) / AU_DI[key] * 100)}%")
        cells.append(f"{_plain(per100[key])} {unit}")
        t.add(cells, indent=key in ("saturated-fat", "sugars"))
    title = "NUTRITION INFORMATION"
    servings = rng.choice([8, 10, 12, 15])
    table = t.render(title=title, footer="*Percentage daily intakes are based on an average adult diet of 8700 kJ.")
    head = _text_block(G, [f"Servings per package: {servings}", f"Serving size: {serving_g} g"],
                       spec.get("font", "LiberationSans"), spec.get("size", 20))
    img = _stack(head, table)
    nutriments = {}
    for key in keys:
        for suffix, column in (("_serving", serving), ("_100g", per100)):
            value = column[key] * (Decimal("0.001") if key == "sodium" else 1)
            nutriments[key + suffix] = value
    nutrition = {"language": "en", "serving_size": f"{serving_g} g", "nutriments": nutriments}
    notes = [f"AU/NZ panel, {columns} columns (per serving{', with milk' if columns >= 4 else ''}, %DI, per 100 g)",
             "energy in kJ only, sodium in mg"]
    if columns >= 4:
        notes.append("the with-milk column is prepared: not in the sidecar")
    return img, nutrition, notes


def micro(G, rng, spec):
    """An EU table per 100 g, then a vitamin and mineral block with amounts in mg/µg and %NRV."""
    lang = spec.get("lang", "en")
    img, nutrition, notes = G.eu_table(rng, lang, spec.get("font", "DejaVuSans"), spec.get("size", 22))
    comma = lang in G.COMMA_LANGS
    chosen = rng.sample(MICRONUTRIENTS, rng.randint(5, 8))
    chosen.sort(key=MICRONUTRIENTS.index)
    t = G.Table(spec.get("font", "DejaVuSans"), spec.get("size", 22))
    t.add([{"en": "Vitamins and minerals", "de": "Vitamine und Mineralstoffe", "fr": "Vitamines et minéraux"}
           .get(lang, "Vitamins and minerals"), "", "%NRV*"], bold=True)
    index = {"en": 0, "de": 1, "fr": 2}.get(lang, 0)
    for key, names, unit, nrv, figures in chosen:
        share = rng.uniform(0.15, 0.6)
        amount = _sig(nrv * share, figures)
        t.add([names[index], f"{_number(amount, comma)} {unit}", f"{round(float(amount) / nrv * 100)}%"])
        nutrition["nutriments"][key + "_100g"] = amount * GRAMS_PER_UNIT[unit]
    block = t.render(footer="*NRV: nutrient reference values")
    notes.append(f"vitamin and mineral block, {len(chosen)} rows in mg/µg with %NRV")
    return _stack(img, block), nutrition, notes


def bottle(G, rng, spec):
    """A linear declaration on a bottle's label band, bent round the bottle."""
    label, nutrition, notes = G.linear_text(rng, spec.get("lang", "en"), spec.get("font", "LiberationSans"),
                                            spec.get("size", 22))
    band = Image.new("RGB", (label.width + 80, label.height + 80), rng.choice(G.PACK_COLOURS))
    band.paste(label, (40, 40))
    amount = spec.get("bend", 0.09)
    img = G.bend(band, amount)
    notes.append(f"linear declaration on a bottle, cylindrical bend {amount}")
    return img, nutrition, notes


def busy(G, rng, spec):
    """A small EU table on a large pack with claims, numbers and an ingredient list around it."""
    lang = spec.get("lang", "en")
    table, nutrition, notes = G.eu_table(rng, lang, spec.get("font", "DejaVuSans"), spec.get("size", 15),
                                         serving=spec.get("serving"))
    W, H = 2200, 1600
    img = Image.new("RGB", (W, H), rng.choice(G.PACK_COLOURS))
    d = ImageDraw.Draw(img)
    family = spec.get("font", "DejaVuSans")
    ink = rng.choice([(30, 30, 70), (90, 20, 20), (20, 60, 30)])
    d.text((80, 60), rng.choice(["CRUNCHY OAT CLUSTERS", "GOLDEN CRACKERS", "FRUIT & NUT MUESLI"]),
           font=G.font(family, 110, True), fill=ink)
    claims = ["30% less sugar*", "High in fibre", "Net weight 500 g", "Best before: 12.2026", "Lot L24187",
              "Made with 45% wholegrain", "Recycle me", "Keep in a cool dry place", "Serves 12"]
    for i, claim in enumerate(rng.sample(claims, 6)):
        d.text((80 + (i % 2) * 900, 260 + (i // 2) * 90), claim, font=G.font(family, 48), fill=ink)
    ingredients = ("Ingredients: oat flakes (45%), wheat flour, sugar, palm fat, honey (4%), salt, raising agent "
                   "(sodium bicarbonate), emulsifier (soy lecithin), flavouring. May contain nuts.")
    lines, line = [], ""
    for word in ingredients.split(" "):
        if len(line) + len(word) > 48:
            lines.append(line)
            line = ""
        line += word + " "
    lines.append(line)
    for i, text in enumerate(lines):
        d.text((80, 620 + i * 34), text.strip(), font=G.font(family, 26), fill=ink)
    x, y = W - table.width - 120, H - table.height - 140
    img.paste(table, (x, y))
    code = G.random_gtin13(rng, "50")
    bar = G.draw_barcode(code, module=3)
    img.paste(bar, (80, H - bar.height - 80))
    notes.append(f"small table ({table.width}x{table.height} px) on a {W}x{H} pack with claims, numbers and ingredients")
    return img, nutrition, notes, [{"symbology": "EAN-13", "text": code}]


def eight(G, rng, spec):
    """Row names in eight languages, wrapped two or three to a line, one value column per 100 g."""
    languages = spec.get("languages") or ["en", "de", "fr", "it", "nl", "pl", "hr", "cs"]
    lex = {**G.LEX, **EXTRA_LEX}
    comma = True
    _, grams = G.random_profile(rng)
    per100 = {k: G.eu_round(k, v) for k, v in grams.items()}
    kj, kcal = G.energy_from(per100)
    per100["energy-kj"], per100["energy-kcal"] = G.eu_round("energy-kj", kj), G.eu_round("energy-kcal", kcal)
    size = spec.get("size", 17)
    t = G.Table(spec.get("font", "DejaVuSansCondensed"), size)
    t.add([_wrap([lex[l]["per100"] for l in languages], 3), "100 g"], bold=True)
    for key in G.EU_ORDER:
        names = _wrap([lex[l][key] for l in languages], 3 if key not in ("saturated-fat", "sugars") else 2)
        if key == "energy":
            value = f"{per100['energy-kj'].text(comma)} kJ / {per100['energy-kcal'].text(comma)} kcal"
        else:
            value = f"{per100[key].text(comma)} g"
        t.add([names, value])
    img = t.render(title=" / ".join(lex[l]["title"] for l in languages[:2]))
    nutriments, qualifiers = {}, {}
    for key in ["energy-kj", "energy-kcal"] + G.EU_ORDER[1:]:
        nutriments[key + "_100g"] = per100[key].value
        if per100[key].qualifier:
            qualifiers[key + "_100g"] = per100[key].qualifier
    nutrition = {"language": languages[0], "nutriments": nutriments}
    if qualifiers:
        nutrition["qualifiers"] = qualifiers
    return img, nutrition, [f"eight-language row names ({'/'.join(languages)}), wrapped over several lines",
                            "decimal comma"]


# ---------------------------------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------------------------------

# Regulation (EU) 1169/2011 Annex XIII Part B reference intakes of the front-of-pack strip's icons.
FOP_RI = {"energy-kj": 8400, "fat": 70, "saturated-fat": 20, "sugars": 90, "salt": 6}


def fop(G, rng, spec):
    """A UK front-of-pack strip: five icons side by side (name, amount, %RI), per portion, no per-100 g header."""
    size = spec.get("size", 22)
    f, bold = G.font(spec.get("font", "DejaVuSans"), size), G.font(spec.get("font", "DejaVuSans"), size, bold=True)
    portion = rng.choice([150, 200, 250, 300, 400])
    kj = rng.randint(400, 2200)
    fat = Decimal(str(round(rng.uniform(2, 30), 1)))
    sat = Decimal(str(round(float(fat) * rng.uniform(0.2, 0.6), 1)))
    sugars = Decimal(str(round(rng.uniform(1, 30), 1)))
    salt = Decimal(str(round(rng.uniform(0.2, 2.5), 1)))
    # The portion's fat and sugars alone give 37 and 17 kJ/g (Annex XIV): a kJ drawn below that (about one strip in
    # five before session 22) is raised to it plus 15 % for the protein and starch the strip does not show, without a
    # further random draw. The committed strips were already above it, so they regenerate byte for byte.
    kj = max(kj, math.ceil(1.15 * (37 * float(fat) + 17 * float(sugars))))
    kcal = round(kj / 4.184)
    icons = [("Energy", [f"{kj}kJ", f"{kcal}kcal"], round(kj / FOP_RI["energy-kj"] * 100)),
             ("Fat", [f"{_plain(fat)}g"], round(float(fat) / FOP_RI["fat"] * 100)),
             ("Saturates", [f"{_plain(sat)}g"], round(float(sat) / FOP_RI["saturated-fat"] * 100)),
             ("Sugars", [f"{_plain(sugars)}g"], round(float(sugars) / FOP_RI["sugars"] * 100)),
             ("Salt", [f"{_plain(salt)}g"], round(float(salt) / FOP_RI["salt"] * 100))]
    cell = int(max(bold.getlength(name) for name, _, _ in icons) + 1.6 * size)
    line = int(size * 1.4)
    width, top = cell * len(icons) + 2 * size, 2 * line
    img = Image.new("RGB", (width, top + 5 * line + 2 * line), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.text((size, size // 2), f"Each pack ({portion}g) contains", font=bold, fill=(0, 0, 0))
    for i, (name, amounts, percent) in enumerate(icons):
        x = size + i * cell
        d.rounded_rectangle((x + 4, top - 6, x + cell - 4, top + 5 * line), radius=size, outline=(0, 0, 0), width=2)
        d.text((x + size // 2, top), name, font=bold, fill=(0, 0, 0))
        for j, amount in enumerate(amounts):
            d.text((x + size // 2, top + (1 + j) * line + line // 2), amount, font=f, fill=(0, 0, 0))
        d.text((x + size // 2, top + 3 * line + line // 2), f"{percent}%", font=f, fill=(0, 0, 0))
    d.text((size, top + 5 * line + line // 2), "of an adult's reference intake", font=f, fill=(0, 0, 0))
    nutrition = {"language": "en", "serving_size": f"{portion}g", "nutriments": {
        "energy-kj_serving": kj, "energy-kcal_serving": kcal, "fat_serving": fat, "saturated-fat_serving": sat,
        "sugars_serving": sugars, "salt_serving": salt}}
    return img, nutrition, [f"front-of-pack reference-intake strip, per portion of {portion} g, no per-100 g header"]


def stacked(G, rng, spec):
    """Fat/saturates, carbohydrate/sugars and kJ/kcal each in one row of two-line cells, set tight."""
    lang = spec.get("lang", "fr")
    lex = G.LEX[lang]
    comma = lang in G.COMMA_LANGS
    family = spec.get("font", rng.choice(["DejaVuSansCondensed", "LiberationSansNarrow", "LiberationSans", "DejaVuSans"]))
    leading = spec.get("leading", round(rng.uniform(0.95, 1.15), 2))
    _, grams = G.random_profile(rng)
    per100 = {k: G.eu_round(k, v) for k, v in grams.items()}
    kj, kcal = G.energy_from(per100)
    per100["energy-kj"], per100["energy-kcal"] = G.eu_round("energy-kj", kj), G.eu_round("energy-kcal", kcal)
    columns = [per100]
    serving = spec.get("serving")
    if serving:
        ps = {k: G.eu_round(k, v * serving / 100) for k, v in grams.items()}
        ps["energy-kj"], ps["energy-kcal"] = G.eu_round("energy-kj", kj * serving / 100), G.eu_round("energy-kcal", kcal * serving / 100)
        columns.insert(0, ps)  # as the proofs: per portion first, then per 100 g

    def amount(p, unit):
        return f"{p.text(comma)} {unit}"

    t = G.Table(family, spec["size"], leading=leading)
    header = [lex["typical"]] + ([lex["serving"].format(s=f"{serving} g")] if serving else []) + [lex["per100"]]
    t.add(header, bold=True)
    t.add([lex["energy"]] + [[amount(c["energy-kj"], "kJ"), amount(c["energy-kcal"], "kcal")] for c in columns])
    for top, sub in (("fat", "saturated-fat"), ("carbohydrates", "sugars")):
        t.add([[lex[top], lex[sub]]] + [[amount(c[top], "g"), amount(c[sub], "g")] for c in columns])
    for key in ("fiber", "proteins", "salt"):
        t.add([lex[key]] + [amount(c[key], "g") for c in columns])
    img = t.render(title=lex["title"])
    notes = [f"EU table {lang}, two-line cells (fat/saturates, carbohydrate/sugars, kJ/kcal), leading {leading}",
             f"font {family} {spec['size']}px"]
    if spec.get("panel", rng.random() < 0.5):
        paper = rng.choice([(196, 160, 90), (110, 70, 40), (40, 90, 60), (200, 120, 40)])
        img = _on_panel(G, img, paper, (250, 248, 240))
        notes.append(f"light text on a {paper} panel")
    nutriments = {}
    for suffix, col in zip((["_serving"] if serving else []) + ["_100g"], columns):
        for key in ["energy-kj", "energy-kcal"] + G.EU_ORDER[1:]:
            nutriments[key + suffix] = col[key].value
    nutrition = {"language": lang, "nutriments": nutriments}
    if serving:
        nutrition["serving_size"] = f"{serving} g"
    return img, nutrition, notes


SIDE_TEXT = {
    "fr": "Ingrédients : lait entier, sucre, crème, protéines de lait, graines de courge, graines de tournesol, "
          "graines de lin, amidon transformé de maïs, épaississant : carraghénanes, arômes, ferments lactiques. "
          "A conserver entre 0 °C et +6 °C.",
    "en": "Ingredients: wholegrain rice, water, sunflower oil, stabiliser (471), salt. Store in a cool dry place. "
          "Once opened refrigerate and use within 3 days.",
    "de": "Zutaten: Wasser, Apfelsaft aus Apfelsaftkonzentrat, Zucker, Säuerungsmittel Citronensäure, natürliches "
          "Aroma. Gekühlt servieren.",
}


def serving_first(G, rng, spec):
    """Per serving before per 100 g (g or ml): AU/NZ with %DI, FR pot with %AR, DE drink portion."""
    variant = spec.get("variant") or rng.choice(["au", "fr", "de"])
    serving = spec.get("serving") or rng.choice([30, 40, 50, 60, 80, 125, 150, 200, 250, 330])
    family = spec.get("font", rng.choice(["LiberationSans", "DejaVuSans", "LiberationSansNarrow"]))
    size = spec.get("size", 20)
    lang = {"au": "en", "fr": "fr", "de": "de"}[variant]
    lex = G.LEX[lang]
    comma = lang in G.COMMA_LANGS
    unit = "ml" if variant == "de" else "g"
    _, grams = G.random_profile(rng, ["drink"] if variant == "de" else ["yogurt", "cereal", "biscuit", "bread"])
    per100 = {k: G.eu_round(k, v) for k, v in grams.items()}
    kj, kcal = G.energy_from(per100)
    per100["energy-kj"], per100["energy-kcal"] = G.eu_round("energy-kj", kj), G.eu_round("energy-kcal", kcal)
    ps = {k: G.eu_round(k, v * serving / 100) for k, v in grams.items()}
    ps["energy-kj"] = G.eu_round("energy-kj", kj * serving / 100)
    ps["energy-kcal"] = G.eu_round("energy-kcal", kcal * serving / 100)
    keys = ["energy-kj", "energy-kcal"] + G.EU_ORDER[1:]
    notes = [f"serving-first {variant}: per serving ({serving} {unit}) before per 100 {unit}", f"font {family} {size}px"]
    t = G.Table(family, size)
    two_lines = spec.get("two_line_header", rng.random() < 0.5)
    if variant == "au":
        header = ["", ["Quantity", "per Serving"], ["% Daily Intake*", "(per Serving)"], ["Quantity", "per 100g"]]
    elif variant == "fr":
        first = ["pour 1 pot", f"({serving} g)"] if two_lines else [f"pour 1 pot ({serving} g)"]
        header = [lex["typical"], first, "%AR*", "pour 100 g"]
    else:
        first = ["pro Portion", f"({serving} ml)"] if two_lines else [f"pro Portion ({serving} ml)"]
        header = [lex["typical"], first, "pro 100 ml"]
    t.add(header, bold=True)
    ri = {"energy-kj": 8400, "fat": 70, "saturated-fat": 20, "carbohydrates": 260, "sugars": 90, "proteins": 50,
          "salt": 6}
    if variant == "au":
        # FSANZ panels: energy in kJ only, sodium in mg (salt ÷ 2.5).
        for col, source in ((ps, grams), (per100, grams)):
            factor = serving / 100 if col is ps else 1
            col["sodium"] = G.q(source["salt"] / 2.5 * 1000 * factor, "1")
        keys = ["energy-kj", "proteins", "fat", "saturated-fat", "carbohydrates", "sugars", "fiber", "sodium"]
    names = dict(lex, **({"sodium": "Sodium", "proteins": "Protein", "fat": "Fat, total", "saturated-fat": "- saturated",
                          "carbohydrates": "Carbohydrate", "sugars": "- sugars", "fiber": "Dietary fibre"}
                         if variant == "au" else {}))

    def text(value, u):
        v = value if isinstance(value, Decimal) else value.value
        bound = "<" if getattr(value, "qualifier", None) == "<" else ""  # "<0,5 g": the EC guidance's small amounts
        return f"{bound}{_number(v, comma)} {u}"

    for key in keys:
        if key == "energy-kcal":
            continue
        u = {"energy-kj": "kJ", "sodium": "mg"}.get(key, "g")
        if key == "energy-kj" and variant != "au":
            amounts = [[text(c["energy-kj"], "kJ"), text(c["energy-kcal"], "kcal")] for c in (ps, per100)]
        else:
            amounts = [text(c[key], u) for c in (ps, per100)]
        cells = [lex["energy"] if key == "energy-kj" else names[key], amounts[0]]
        if variant != "de":
            intake = AU_DI.get(key) if variant == "au" else ri.get(key)
            served = ps[key] if isinstance(ps[key], Decimal) else ps[key].value
            cells.append(f"{round(float(served) / intake * 100)}%" if intake else "")
        cells.append(amounts[1])
        t.add(cells, indent=key in ("saturated-fat", "sugars"))
    title = "NUTRITION INFORMATION" if variant == "au" else lex["title"]
    footer = "*Percentage daily intakes are based on an average adult diet of 8700 kJ." if variant == "au" else None
    img = t.render(title=title, footer=footer)
    if variant == "au":
        count = rng.choice([2, 4, 5.6, 8])
        lines = ([f"Servings per package: {count}   Serving size: {serving} g"] if two_lines
                 else [f"Servings per package: {count}", f"Serving size: {serving} g"])
        img = _stack(_text_block(G, lines, family, size), img)
        notes.append("servings per package and serving size " + ("on one line" if two_lines else "on two lines"))
    if spec.get("side_text", rng.random() < 0.5):
        words = SIDE_TEXT[lang].split()
        per_line = max(3, len(words) // 12)
        side = _text_block(G, [" ".join(words[i:i + per_line]) for i in range(0, len(words), per_line)],
                           family, max(11, size - 3))
        both = Image.new("RGB", (side.width + 24 + img.width, max(side.height, img.height)), (255, 255, 255))
        both.paste(side, (0, 0))
        both.paste(img, (side.width + 24, 0))
        img = both
        notes.append("an ingredient list printed left of the table, its lines beside the table's rows")
    if spec.get("panel", rng.random() < 0.3):
        paper = rng.choice([(196, 160, 90), (120, 20, 30), (40, 90, 60)])
        img = _on_panel(G, img, paper, (250, 248, 240))
        notes.append(f"light text on a {paper} panel")
    nutriments, qualifiers = {}, {}
    for suffix, col in (("_serving", ps), ("_100g", per100)):
        for key in keys:
            value = col[key] if isinstance(col[key], Decimal) else col[key].value
            nutriments[key + suffix] = value * Decimal("0.001") if key == "sodium" else value
            if getattr(col[key], "qualifier", None) == "<":
                qualifiers[key + suffix] = "<"
    serving_text = {"au": f"{serving} g", "fr": f"1 pot ({serving} g)", "de": f"{serving} ml"}[variant]
    nutrition = {"language": lang, "serving_size": serving_text, "nutriments": nutriments}
    if qualifiers:
        nutrition["qualifiers"] = qualifiers
    return img, nutrition, notes


def _wrap(names, per_line):
    """Names joined by " / ", `per_line` to a printed line."""
    lines = []
    for i in range(0, len(names), per_line):
        lines.append(" / ".join(names[i:i + per_line]) + (" /" if i + per_line < len(names) else ""))
    return lines


def _text_block(G, lines, family, size):
    f = G.font(family, size)
    width = int(max(f.getlength(t) for t in lines)) + 2 * size
    img = Image.new("RGB", (width, int(len(lines) * size * 1.4) + size), (255, 255, 255))
    d = ImageDraw.Draw(img)
    for i, text in enumerate(lines):
        d.text((size, size // 2 + i * int(size * 1.4)), text, font=f, fill=(0, 0, 0))
    return img


def _stack(top, bottom, gap=16):
    img = Image.new("RGB", (max(top.width, bottom.width), top.height + gap + bottom.height), (255, 255, 255))
    img.paste(top, (0, 0))
    img.paste(bottom, (0, top.height + gap))
    return img


def render(G, layout, rng, spec):
    """-> (image, nutrition, notes, barcodes): `barcodes` lists every code drawn on the image as sidecar entries
    (`{"symbology", "text"}`), `[]` for layouts that draw none."""
    drawn = {"dark": dark, "au": au, "micro": micro, "bottle": bottle, "busy": busy, "eight": eight,
             "fop": fop, "stacked": stacked, "serving-first": serving_first}[layout](G, rng, spec)
    return drawn if len(drawn) == 4 else (*drawn, [])


def plain_decimals(path):
    """Rewrites numbers in e-notation in a JSON sidecar as plain decimals (2.5e-06 → 0.0000025)."""
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    fixed = re.sub(r"(?<![\w.])(-?\d+(?:\.\d+)?[eE][-+]?\d+)",
                   lambda m: format(Decimal(m.group(1)).normalize(), "f"), text)
    if fixed != text:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(fixed)
    json.loads(fixed)  # still valid JSON


COMMITTED = [
    ("class_dark_table_en", {"kind": "label", "layout": "dark", "lang": "en", "serving": 30, "ri": True}),
    ("class_au_panel_3col", {"kind": "label", "layout": "au", "columns": 3}),
    ("class_au_panel_5col", {"kind": "label", "layout": "au", "columns": 5, "size": 18}),
    ("class_micronutrients_de", {"kind": "label", "layout": "micro", "lang": "de"}),
    ("class_linear_bottle_en", {"kind": "label", "layout": "bottle", "lang": "en", "size": 24}),
    ("class_busy_pack_en", {"kind": "label", "layout": "busy", "lang": "en", "serving": 30}),
    ("class_eight_languages", {"kind": "label", "layout": "eight"}),
    ("class_front_of_pack_strip_en", {"kind": "label", "layout": "fop", "lang": "en"}),
]


def random_spec(rng, i, layout=None):
    layout = layout or rng.choice(RANDOM_LAYOUTS)
    spec = {"kind": "label", "layout": layout, "lang": rng.choice(["en", "de", "fr"]),
            "size": rng.randint(17, 24)}
    if layout == "au":
        spec["columns"] = rng.choice([3, 4, 5])
    if layout in ("dark", "busy"):
        spec["serving"] = rng.choice([None, 25, 30, 40])
    if layout == "bottle":
        spec["bend"] = round(rng.uniform(0.05, 0.11), 3)
    if layout == "stacked":
        spec["lang"] = rng.choice(["fr", "en", "de"])
        spec["size"] = rng.randint(11, 17)
        spec["serving"] = rng.choice([None, 100, 125, 150, 30])
    if layout == "serving-first":
        spec["variant"] = rng.choice(["au", "fr", "de"])
        spec["size"] = rng.randint(16, 24)
    if layout == "eight":
        pool = ["en", "de", "fr", "it", "nl", "es", "pl", "pt", "hr", "cs", "ro", "hu", "sl"]
        spec["languages"] = rng.sample(pool, 8)
    return f"r{i:05d}_class_{layout}", spec
