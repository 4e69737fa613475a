#!/usr/bin/env python3
"""Renders the synthetic EAN/UPC fixtures of Tests/NutriLensBarcodeTests/Fixtures (grey PNG, 8-bit).

Encoding follows GS1 General Specifications 5.2 (EAN/UPC symbol structure: L/G/R digit sets, EAN-13 first-digit
parity, UPC-E parity from number system + check digit, EAN-5 add-on parity). Re-run after changing it:
    pip install Pillow && python3 scripts/make_barcode_fixtures.py
Dev tool only: tests read the committed PNGs and never need Python.
"""
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

OUT = Path(__file__).resolve().parent.parent / "Tests/NutriLensBarcodeTests/Fixtures"

L = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"]
R = ["".join("1" if b == "0" else "0" for b in code) for code in L]
G = [code[::-1] for code in R]
EAN13_PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"]
UPCE_PARITY_NS0 = ["GGGLLL", "GGLGLL", "GGLLGL", "GGLLLG", "GLGGLL", "GLLGGL", "GLLLGG", "GLGLGL", "GLGLLG", "GLLGLG"]
EAN5_PARITY = ["GGLLL", "GLGLL", "GLLGL", "GLLLG", "LGGLL", "LLGGL", "LLLGG", "LGLGL", "LGLLG", "LLGLG"]


def digit(d, parity):
    return (L if parity == "L" else G)[int(d)]


def ean13(code):
    assert len(code) == 13
    left = "".join(digit(d, p) for d, p in zip(code[1:7], EAN13_PARITY[int(code[0])]))
    right = "".join(R[int(d)] for d in code[7:])
    return "101" + left + "01010" + right + "101"


def ean8(code):
    assert len(code) == 8
    return "101" + "".join(L[int(d)] for d in code[:4]) + "01010" + "".join(R[int(d)] for d in code[4:]) + "101"


def upce(code):
    assert len(code) == 8 and code[0] in "01"
    parity = UPCE_PARITY_NS0[int(code[7])]
    if code[0] == "1":
        parity = "".join("L" if p == "G" else "G" for p in parity)
    return "101" + "".join(digit(d, p) for d, p in zip(code[1:7], parity)) + "010101"


def ean5(code):
    assert len(code) == 5
    checksum = (3 * sum(int(code[i]) for i in (0, 2, 4)) + 9 * sum(int(code[i]) for i in (1, 3))) % 10
    parts = [digit(d, p) for d, p in zip(code, EAN5_PARITY[checksum])]
    return "01011" + "01".join(parts)


def render(modules, module_px=3, height=120, quiet=11):
    """Bars as a white-background grey image with `quiet` modules of quiet zone on each side."""
    width = (len(modules) + 2 * quiet) * module_px
    img = Image.new("L", (width, height + 2 * quiet * module_px // 2), 255)
    draw = ImageDraw.Draw(img)
    top = quiet * module_px // 2
    for i, m in enumerate(modules):
        if m == "1":
            x = (quiet + i) * module_px
            draw.rectangle([x, top, x + module_px - 1, top + height - 1], fill=0)
    return img


def on_canvas(symbol, size, at=None, fill=255):
    canvas = Image.new("L", size, fill)
    if at is None:
        at = ((size[0] - symbol.width) // 2, (size[1] - symbol.height) // 2)
    canvas.paste(symbol, at)
    return canvas


def save(img, name):
    OUT.mkdir(parents=True, exist_ok=True)
    img.save(OUT / name, optimize=True)


def main():
    e13 = render(ean13("4006381333931"))
    save(on_canvas(e13, (400, 220)), "ean13_4006381333931.png")
    for angle in (20, 30, 45, -30):
        # PIL rotates counter-clockwise for positive angles.
        rotated = on_canvas(e13, (400, 400)).rotate(angle, resample=Image.BILINEAR, fillcolor=255)
        save(rotated, f"ean13_rot{'m' if angle < 0 else ''}{abs(angle)}.png")
    inverted = Image.eval(on_canvas(e13, (400, 220)), lambda v: 255 - v)
    save(inverted, "ean13_inverted.png")
    save(on_canvas(e13, (400, 220)).filter(ImageFilter.GaussianBlur(1.4)), "ean13_blurred.png")
    # Small code in a big "photo": 1-pixel modules, 40 px tall, in a 1600x1200 mid-grey scene.
    small = render(ean13("4006381333931"), module_px=1, height=40)
    save(on_canvas(small, (1600, 1200), at=(1100, 820), fill=170), "ean13_small_in_big.png")
    # A 1-module frame line (cut-out box edge) 6 modules before the first bar, inside the 11-module quiet zone.
    # ZBar's EAN decoder needs > 3/4 of a 7-module digit (5.25 modules) of quiet zone, so closer lines defeat it.
    framed = on_canvas(e13, (400, 220))
    draw = ImageDraw.Draw(framed)
    x0 = (400 - e13.width) // 2 + 11 * 3 - 6 * 3 - 3
    draw.rectangle([x0, 20, x0 + 2, 200], fill=0)
    save(framed, "ean13_frame_line.png")
    # Two products: EAN-13 above a UPC-A.
    two = Image.new("L", (420, 420), 255)
    two.paste(e13, (20, 20))
    two.paste(render(ean13("0036000291452")), (20, 230))
    save(two, "two_codes_ean13_upca.png")
    save(on_canvas(render(ean13("0036000291452")), (400, 220)), "upca_036000291452.png")
    save(on_canvas(render(upce("01234565")), (300, 200)), "upce_01234565.png")
    save(on_canvas(render(ean8("96385074")), (300, 200)), "ean8_96385074.png")
    # EAN-13 + EAN-5 add-on (price 52495), 9 modules apart.
    addon = render(ean13("9780735200449") + "0" * 9 + ean5("52495"))
    save(on_canvas(addon, (520, 220)), "ean13_addon_52495.png")
    # No barcode: soft gradient with text-like blobs.
    blank = Image.linear_gradient("L").resize((320, 240))
    d = ImageDraw.Draw(blank)
    for i in range(6):
        d.rectangle([20 + 45 * i, 100, 40 + 45 * i, 130], fill=40)
    save(blank, "no_barcode.png")


if __name__ == "__main__":
    main()
