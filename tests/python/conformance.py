#!/usr/bin/env python3
"""Writes tests/data/conformance.jsonl.gz: NumPy's results on the ops of the
catalogue that NumPy has, replayed by tests/conformance.rs.

Run by hand (not by CI), with numpy and ml_dtypes installed:

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install numpy ml_dtypes
    IVY_CATALOGUE_JSON=/tmp/ops.json cargo test -p ivy --test it -- --ignored conformance::dump_catalogue
    /tmp/venv/bin/python tests/python/conformance.py /tmp/ops.json

The op list and the dtypes each op claims (and the dtype it computes them in,
after Ivy's casts) come from the catalogue dump, never from a list kept here:
an op of the catalogue that NumPy has but this script does not know is
reported at the end.

Each line of the output is one case:
  {"op": name, "a": [positional args], "k": {keyword args},
   "o": [NumPy's outputs] (absent when NumPy raised), "ivy": rule (optional)}
Arguments are tagged: {"arr": ARRAY}, {"list": [ARRAY, ...]}, {"i": int},
{"f": float}, {"b": bool}, {"ints": [..]}, {"dt": dtype}. An ARRAY is
{"d": dtype, "s": shape, "v": hex}: each element's bits as fixed-width
big-endian hex (complex: real then imaginary), so every value -- NaN, -0.0,
subnormals, integer edges -- round-trips exactly.

"ivy" marks a case computed in the dtype Ivy's rules give rather than the one
NumPy would pick (see IVY_RULES in tests/conformance.rs).
"""

import gzip
import json
import math
import os
import sys
import warnings

import ml_dtypes
import numpy as np

warnings.simplefilter("ignore")
BF16 = np.dtype(ml_dtypes.bfloat16)
DT = {
    "bool": np.dtype(np.bool_),
    "int8": np.dtype(np.int8),
    "int16": np.dtype(np.int16),
    "int32": np.dtype(np.int32),
    "int64": np.dtype(np.int64),
    "uint8": np.dtype(np.uint8),
    "uint16": np.dtype(np.uint16),
    "uint32": np.dtype(np.uint32),
    "uint64": np.dtype(np.uint64),
    "float16": np.dtype(np.float16),
    "bfloat16": BF16,
    "float32": np.dtype(np.float32),
    "float64": np.dtype(np.float64),
    "complex64": np.dtype(np.complex64),
    "complex128": np.dtype(np.complex128),
}
NAME = {v: k for k, v in DT.items()}
UINT = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}
rng = np.random.default_rng(20261125)


def is_float(d):
    return d.kind == "f" or d == BF16 or d.kind == "V" and d == BF16


def kind(name):
    d = DT[name]
    if name == "bool":
        return "b"
    if name.startswith("complex"):
        return "c"
    if name in ("float16", "bfloat16", "float32", "float64"):
        return "f"
    return "u" if name.startswith("uint") else "i"


def real_of(name):
    return {"complex64": "float32", "complex128": "float64"}.get(name, name)


def finfo(name):
    return ml_dtypes.finfo(BF16) if name == "bfloat16" else np.finfo(DT[name])


def enc(a, name=None):
    a = np.asarray(a)
    name = name or NAME[a.dtype]
    a = a.astype(DT[name])
    shape = list(a.shape)
    flat = a.reshape(-1)
    k = kind(name)
    if k == "c":
        w = flat.dtype.itemsize // 2
        parts = flat.view(UINT[w]).reshape(-1, 2)
        h = "".join(f"{r:0{2 * w}x}{i:0{2 * w}x}" for r, i in parts)
    else:
        w = flat.dtype.itemsize
        h = "".join(f"{v:0{2 * w}x}" for v in flat.view(UINT[w]))
    return {"d": name, "s": shape, "v": h}


# ---------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------

EDGE_REALS = [
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -3.0, 1e-3, -1e-3, math.pi, -math.e,
    10.0, -10.0, 100.0, 1e4, -1e6, 1e20, 1e-20, 1 + 2**-20, 1 - 2**-20,
    -1 - 2**-20, 20.0, 89.0, 710.0, -745.0, 11.0, 0.9999, 1.5, 2.5, -2.5,
]


def specials(name):
    """The special values of a dtype, as a 1-D array of it."""
    k = kind(name)
    d = DT[name]
    if k == "b":
        return np.array([False, True], dtype=d)
    if k in "iu":
        ii = np.iinfo(d)
        v = [ii.min, ii.min + 1, -1, 0, 1, 2, 3, 7, ii.max - 1, ii.max]
        v = [x for x in v if ii.min <= x <= ii.max]
        return np.array(v, dtype=object).astype(d)
    if k == "f":
        fi = finfo(name)
        mx, tiny = float(fi.max), float(fi.tiny)
        sub = float(fi.smallest_subnormal)
        v = [math.nan, math.inf, -math.inf, mx, -mx, tiny, -tiny, sub] + EDGE_REALS
        return np.array(v, dtype=np.float64).astype(d)
    parts = [0.0, -0.0, 1.0, -1.0, 2.5, math.inf, -math.inf, math.nan, 1e-20]
    z = [complex(r, i) for r in parts for i in parts]
    return np.array(z, dtype=np.complex128).astype(d)


def small_specials(name):
    """Fewer special values, for the Cartesian products of binary ops."""
    k = kind(name)
    d = DT[name]
    if k in "biu":
        return specials(name)
    if k == "f":
        fi = finfo(name)
        v = [math.nan, math.inf, -math.inf, 0.0, -0.0, 1.0, -1.0, 2.5, -0.5, float(fi.max), float(fi.tiny)]
        return np.array(v, dtype=np.float64).astype(d)
    parts = [0.0, -0.0, 1.0, -2.5, math.inf, math.nan]
    z = [complex(r, i) for r in parts for i in parts]
    return np.array(z, dtype=np.complex128).astype(d)


def rand(name, shape, lo=None, hi=None):
    k = kind(name)
    d = DT[name]
    n = int(np.prod(shape))
    if k == "b":
        return (rng.random(shape) < 0.5).astype(d)
    if k in "iu":
        ii = np.iinfo(d)
        lo = ii.min if lo is None else max(int(lo), ii.min)
        hi = ii.max if hi is None else min(int(hi), ii.max)
        small = rng.integers(max(lo, -20), min(hi, 20) + 1, size=n)
        full = rng.integers(lo, hi, size=n, endpoint=True, dtype=d)
        pick = rng.random(n) < 0.5
        return np.where(pick, small.astype(d), full).astype(d).reshape(shape)
    lo = -6.0 if lo is None else lo
    hi = 6.0 if hi is None else hi
    v = rng.uniform(lo, hi, size=shape)
    if k == "c":
        v = v + 1j * rng.uniform(lo, hi, size=shape)
    return v.astype(d)


# ---------------------------------------------------------------------------
# NumPy's side
# ---------------------------------------------------------------------------


def via_f32(f):
    """f with bfloat16 operands computed in float32 and the float32 result
    rounded back once: what ml_dtypes' own loops do, and what Ivy does; some
    NumPy functions have no bfloat16 loop or mishandle NaN in it."""

    def g(*xs, **kw):
        if not any(isinstance(x, np.ndarray) and x.dtype == BF16 for x in xs):
            return f(*xs, **kw)
        xs2 = [x.astype(np.float32) if isinstance(x, np.ndarray) and x.dtype == BF16 else x for x in xs]
        r = np.asarray(f(*xs2, **kw))
        return r.astype(BF16) if r.dtype == np.float32 else r

    return g


def erf(x):
    v = np.vectorize(math.erf, otypes=[np.float64])(x.astype(np.float64))
    return v.astype(x.dtype)


UNARY = {
    "abs": np.abs, "acos": np.arccos, "acosh": np.arccosh, "asin": np.arcsin,
    "asinh": np.arcsinh, "atan": np.arctan, "atanh": np.arctanh, "cos": np.cos,
    "cosh": np.cosh, "exp": np.exp, "exp2": np.exp2, "expm1": np.expm1,
    "log": np.log, "log10": np.log10, "log1p": np.log1p, "log2": np.log2,
    "sin": np.sin, "sinh": np.sinh, "sqrt": np.sqrt, "tan": np.tan,
    "tanh": np.tanh, "erf": erf, "deg2rad": np.deg2rad, "rad2deg": np.rad2deg,
    "reciprocal": np.reciprocal, "sign": np.sign, "ceil": np.ceil,
    "floor": np.floor, "trunc": np.trunc, "negative": np.negative,
    "positive": np.positive, "square": np.square, "isfinite": np.isfinite,
    "isinf": np.isinf, "isnan": np.isnan, "isreal": np.isreal,
    "logical_not": np.logical_not, "bitwise_invert": np.invert,
    "real": np.real, "imag": np.imag, "conj": np.conj, "signbit": np.signbit,
    "nan_to_num": lambda x: (np.nan_to_num(x.astype(np.float32), posinf=float(ml_dtypes.finfo(BF16).max),
                                           neginf=float(ml_dtypes.finfo(BF16).min)).astype(BF16)
                             if x.dtype == BF16 else np.nan_to_num(x)),
}
BINARY = {
    "add": np.add, "subtract": np.subtract, "multiply": np.multiply,
    "divide": np.divide, "floor_divide": np.floor_divide,
    "remainder": np.remainder, "pow": np.power, "atan2": np.arctan2,
    "maximum": np.maximum, "minimum": np.minimum, "fmin": np.fmin,
    "logaddexp": np.logaddexp, "logaddexp2": np.logaddexp2,
    "copysign": np.copysign, "hypot": np.hypot, "nextafter": np.nextafter, "equal": np.equal,
    "not_equal": np.not_equal, "greater": np.greater,
    "greater_equal": np.greater_equal, "less": np.less,
    "less_equal": np.less_equal, "logical_and": np.logical_and,
    "logical_or": np.logical_or, "logical_xor": np.logical_xor,
    "bitwise_and": np.bitwise_and, "bitwise_or": np.bitwise_or,
    "bitwise_xor": np.bitwise_xor, "bitwise_left_shift": np.left_shift,
    "bitwise_right_shift": np.right_shift, "gcd": np.gcd, "lcm": np.lcm,
    "fmod": np.fmod,
}
# Ops of the catalogue with no NumPy counterpart to compare against, and why.

SUM_LIKE = {"sum", "prod", "cumsum", "cumprod"}


def sum_dtype(name):
    k = kind(name)
    if k == "b":
        return "int32"
    if k == "i":
        return "int32" if DT[name].itemsize < 4 else name
    if k == "u":
        return "uint32" if DT[name].itemsize < 4 else name
    return name


CASES = []


def case(op, args, kw, fn, rule=None):
    """Records one case; `fn()` computes NumPy's outputs (a list)."""
    c = {"op": op, "a": args}
    if kw:
        c["k"] = kw
    try:
        outs = fn()
        c["o"] = [enc(o) for o in outs]
    except (ValueError, TypeError, IndexError, ZeroDivisionError, np.exceptions.AxisError):
        pass
    if rule:
        c["ivy"] = rule
    CASES.append(c)


def A(x, name=None):
    return {"arr": enc(x, name)}


def out_cast(r, name):
    """NumPy's result in the dtype Ivy returns (equal to NumPy's own dtype
    unless a rule says otherwise)."""
    return np.asarray(r).astype(DT[name])


def unary_cases(op, info):
    f = UNARY[op] if op == "nan_to_num" else via_f32(UNARY[op])
    for d, k in info["kernel"].items():
        rule = "cast" if k != d else None
        out = {"Same": k, "Real": real_of(k), "Bool": "bool"}[info["out"]]
        inputs = [specials(d), rand(d, (16,)), rand(d, (3, 4)), rand(d, ()), rand(d, (0,)), rand(d, (2, 0))]
        for x in inputs:
            case(op, [A(x, d)], None, lambda x=x: [out_cast(f(x.astype(DT[k])), out)], rule)


def binary_inputs(op, d):
    k = kind(d)
    s = small_specials(d)
    a, b = np.meshgrid(s, s, indexing="ij")
    pairs = [(a.reshape(-1), b.reshape(-1))]
    bits = DT[d].itemsize * 8
    shift = op in ("bitwise_left_shift", "bitwise_right_shift")
    nonneg_pow = op == "pow" and k in "iu"

    def second(shape):
        if shift:
            return rng.integers(0, bits + 2, size=shape).astype(DT[d])
        if nonneg_pow:
            return rng.integers(0, 9, size=shape).astype(DT[d])
        return rand(d, shape)

    if shift or nonneg_pow:
        pairs = [(s, np.resize(second((s.size,)), s.shape))]
    pairs += [
        (rand(d, (16,)), second((16,))),
        (rand(d, (3, 1)), second((1, 4))),
        (rand(d, ()), second((5,))),
        (rand(d, (0,)), second((0,))),
        (rand(d, (2, 0)), second((1, 0))),
    ]
    return pairs


def binary_cases(op, info):
    # ml_dtypes steps bfloat16 by its own bits; through float32 the step
    # would round away.
    f = BINARY[op] if op == "nextafter" else via_f32(BINARY[op])
    for d, k in info["kernel"].items():
        rule = "cast" if k != d else None
        out = {"Same": k, "Real": real_of(k), "Bool": "bool"}[info["out"]]
        for x1, x2 in binary_inputs(op, d):
            case(op, [A(x1, d), A(x2, d)], None,
                 lambda x1=x1, x2=x2: [out_cast(f(x1.astype(DT[k]), x2.astype(DT[k])), out)], rule)


def round_cases(info):
    for d, k in info["kernel"].items():
        for dec in (0, 1, 2, -1, -2):
            inputs = [specials(d), rand(d, (16,)), rand(d, ())]
            if kind(d) in "iu":
                inputs = [rand(d, (16,)), specials(d)]
            for x in inputs:
                if kind(d) == "c" and dec != 0:
                    # NumPy scales the complex number as a whole, so a non-
                    # finite part spreads NaN to the other; Ivy rounds each.
                    x = x[np.isfinite(x)]
                if kind(d) in "iu" and dec < 0:
                    # NumPy's integer rounding overflows near the extremes.
                    ii = np.iinfo(DT[d])
                    x = x[(x > ii.min // 2) & (x < ii.max // 2)] if x.size else x
                case("round", [A(x, d)], {"decimals": {"i": dec}},
                     lambda x=x, dec=dec: [np.round(x, dec)])


def angle_cases(info):
    for d, k in info["kernel"].items():
        for deg in (False, True):
            for x in (specials(d), rand(d, (8,))):
                case("angle", [A(x, d)], {"deg": {"b": deg}},
                     lambda x=x, deg=deg: [out_cast(via_f32(np.angle)(x.astype(DT[k]), deg=deg), real_of(k))],
                     "cast" if k != d else None)


AXES = [None, 0, 1, -1, [0, 1]]


def axis_kw(ax):
    if ax is None:
        return {}
    return {"axis": {"ints": ax} if isinstance(ax, list) else {"i": ax}}


def np_axis(ax):
    return tuple(ax) if isinstance(ax, list) else ax


def reduction_cases(op, info):
    for d, k in info["kernel"].items():
        rule = "cast" if k != d else None
        xs = [rand(d, (3, 4)), rand(d, (0, 3)), np.resize(specials(d), 8).reshape(2, 4)]
        if kind(d) in "fc":
            xs.append(rand(d, (2, 5), -1.0, 1.0))
        for x in xs:
            for ax in AXES:
                for keep in (False, True):
                    kw = axis_kw(ax)
                    if keep:
                        kw["keepdims"] = {"b": True}
                    xa = x.astype(DT[k])
                    npax = np_axis(ax)
                    if op in ("sum", "prod"):
                        sd = sum_dtype(d)
                        r = "sum_dtype" if sd != d and kind(d) in "biu" else rule

                        def fn(xa=xa, npax=npax, keep=keep, sd=sd):
                            g = np.sum if op == "sum" else np.prod
                            return [g(xa, axis=npax, keepdims=keep, dtype=DT[sd])]

                        case(op, [A(x, d)], kw, fn, r)
                    elif op in ("var", "std"):
                        for corr in (0.0, 1.0):
                            kw2 = dict(kw)
                            kw2["correction"] = {"f": repr(corr)}
                            g = np.var if op == "var" else np.std

                            def fn(xa=xa, npax=npax, keep=keep, corr=corr, g=g):
                                return [out_cast(via_f32(g)(xa, axis=npax, keepdims=keep, ddof=corr), k)]

                            case(op, [A(x, d)], kw2, fn, rule)
                    elif op == "logsumexp":
                        def fn(xa=xa, npax=npax, keep=keep):
                            v = xa.astype(np.float64)
                            m = np.max(v, axis=npax, keepdims=True) if v.size else np.zeros([1] * v.ndim)
                            m = np.where(np.isfinite(m), m, 0)
                            s = np.log(np.sum(np.exp(v - m), axis=npax, keepdims=True)) + m
                            if not keep:
                                s = np.squeeze(s, axis=npax if npax is not None else tuple(range(v.ndim)))
                            return [np.asarray(s).astype(DT[k])]

                        case(op, [A(x, d)], kw, fn, rule)
                    else:
                        g = {"mean": np.mean, "min": np.min, "max": np.max, "all": np.all, "any": np.any}[op]
                        o = {"Same": k, "Bool": "bool"}[info["out"]]

                        def fn(xa=xa, npax=npax, keep=keep, g=g, o=o):
                            return [out_cast(via_f32(g)(xa, axis=npax, keepdims=keep), o)]

                        case(op, [A(x, d)], kw, fn, rule)


def arg_cases(op, info):
    g = np.argmax if op == "argmax" else np.argmin
    for d in info["kernel"]:
        for x in (rand(d, (3, 4)), np.resize(specials(d), 8).reshape(2, 4), rand(d, (0, 3))):
            for ax in (None, 0, 1, -1):
                for keep in (False, True):
                    kw = axis_kw(ax)
                    if keep:
                        kw["keepdims"] = {"b": True}
                    case(op, [A(x, d)], kw,
                         lambda x=x, ax=ax, keep=keep: [np.asarray(g(x, axis=ax, keepdims=keep)).astype(np.int64)])


def cum_cases(op, info):
    g = np.cumsum if op == "cumsum" else np.cumprod
    for d, k in info["kernel"].items():
        sd = sum_dtype(d)
        rule = "sum_dtype" if sd != d else None
        for x in (rand(d, (3, 4)), rand(d, (6,)), rand(d, (0, 2))):
            for ax in (0, 1, -1):
                if ax >= x.ndim:
                    continue
                case(op, [A(x, d)], {"axis": {"i": ax}},
                     lambda x=x, ax=ax, sd=sd: [g(x, axis=ax, dtype=DT[sd])], rule)


def linalg_cases(name, info):
    for d, k in info["kernel"].items():
        f = via_f32
        if name == "matmul":
            for s1, s2 in (((2, 3), (3, 4)), ((2, 2, 3), (3, 1)), ((4,), (4, 2)), ((0, 3), (3, 2)), ((3,), (3,))):
                x1, x2 = rand(d, s1, -3, 3), rand(d, s2, -3, 3)
                case(name, [A(x1, d), A(x2, d)], None,
                     lambda x1=x1, x2=x2: [out_cast(f(np.matmul)(x1.astype(DT[k]), x2.astype(DT[k])), k)])
        elif name == "outer":
            x1, x2 = rand(d, (3,)), rand(d, (4,))
            case(name, [A(x1, d), A(x2, d)], None, lambda x1=x1, x2=x2: [out_cast(f(np.outer)(x1, x2), k)])
        elif name == "trace":
            for off in (0, 1, -1):
                x = rand(d, (3, 4), -3, 3)
                case(name, [A(x, d)], {"offset": {"i": off}},
                     lambda x=x, off=off: [out_cast(np.trace(x.astype(DT[k]), offset=off), k)])
        elif name == "diagonal":
            for off in (0, 1, -2):
                x = rand(d, (2, 3, 4))
                case(name, [A(x, d)], {"offset": {"i": off}},
                     lambda x=x, off=off: [np.diagonal(x, offset=off, axis1=-2, axis2=-1)])
        elif name == "vecdot":
            x1, x2 = rand(d, (3, 4), -3, 3), rand(d, (1, 4), -3, 3)
            case(name, [A(x1, d), A(x2, d)], None,
                 lambda x1=x1, x2=x2: [out_cast(f(np.vecdot)(x1.astype(DT[k]), x2.astype(DT[k])), k)])
        elif name == "vector_norm":
            for ordv in (2.0, 1.0, math.inf, -math.inf, 0.0, 3.0):
                for ax in (None, 1):
                    x = rand(d, (3, 4))
                    kw = {"ord": {"f": repr(ordv)}}
                    kw.update(axis_kw(ax))
                    case(name, [A(x, d)], kw,
                         lambda x=x, ordv=ordv, ax=ax: [out_cast(np.linalg.vector_norm(x.astype(np.complex128 if kind(d) == "c" else np.float64), ord=ordv, axis=ax), real_of(k))])


def misc_cases(name, info):
    for d in info["kernel"]:
        x = rand(d, (3, 4))
        if name == "where":
            c = rand("bool", (3, 1))
            y = rand(d, (1, 4))
            case(name, [A(c, "bool"), A(x, d), A(y, d)], None, lambda c=c, y=y, x=x: [np.where(c, x, y)])
        elif name == "clip":
            lo, hi = rand(d, (1, 4)), rand(d, (3, 1))
            lo, hi = np.minimum(lo, hi[0, 0]), np.maximum(hi, lo.max())
            case(name, [A(x, d)], {"x_min": {"arr": enc(lo, d)}, "x_max": {"arr": enc(hi, d)}},
                 lambda x=x, lo=lo, hi=hi: [via_f32(np.clip)(x, lo, hi)])
        elif name == "sort":
            for v in (rand(d, (3, 5)), specials(d)):
                case(name, [A(v, d)], None, lambda v=v: [via_f32(np.sort)(v, axis=-1, kind="stable")])
        elif name == "msort":
            for v in (rand(d, (4, 3)), specials(d)):
                case(name, [A(v, d)], None, lambda v=v: [via_f32(np.sort)(v, axis=0, kind="stable")])
        elif name == "argsort":
            for v in (rand(d, (3, 5)), specials(d)):
                case(name, [A(v, d)], None, lambda v=v: [via_f32(np.argsort)(v, axis=-1, kind="stable").astype(np.int64)])
        elif name == "flip":
            case(name, [A(x, d)], {"axis": {"ints": [1]}}, lambda x=x: [np.flip(x, axis=1)])
        elif name == "roll":
            case(name, [A(x, d), {"ints": [2]}], {"axis": {"ints": [1]}}, lambda x=x: [np.roll(x, 2, axis=1)])
        elif name == "tile":
            case(name, [A(x, d), {"ints": [2, 1]}], None, lambda x=x: [np.tile(x, (2, 1))])
        elif name in ("tril", "triu"):
            g = np.tril if name == "tril" else np.triu
            for kk in (0, 1, -1):
                case(name, [A(x, d)], {"k": {"i": kk}}, lambda x=x, kk=kk, g=g: [g(x, kk)])
        elif name == "concat":
            y = rand(d, (2, 4))
            case(name, [{"list": [enc(x, d), enc(y, d)]}], None, lambda x=x, y=y: [np.concatenate([x, y])])
        elif name == "stack":
            y = rand(d, (3, 4))
            case(name, [{"list": [enc(x, d), enc(y, d)]}], {"axis": {"i": 1}}, lambda x=x, y=y: [np.stack([x, y], axis=1)])
        elif name == "swapaxes":
            case(name, [A(x, d), {"i": 0}, {"i": 1}], None, lambda x=x: [np.swapaxes(x, 0, 1)])
        elif name == "permute_dims":
            y = rand(d, (2, 3, 4))
            case(name, [A(y, d), {"ints": [2, 0, 1]}], None, lambda y=y: [np.transpose(y, (2, 0, 1))])


def small_ints(d, shape):
    """Values 0..4 in dtype d, so that repeats and matches are common."""
    return (np.random.default_rng(7).integers(0, 5, size=shape)).astype(DT[d])


def array_api_cases(name, info):
    """The Array API functions written over other ops (indexing, searching,
    unique, cumulative, closeness, logspace)."""
    i64 = np.int64
    for d in info["kernel"]:
        x = rand(d, (3, 4))
        if name == "take":
            idx = np.array([2, 0, -1, 1], dtype=i64)
            case(name, [A(x, d), A(idx, "int64")], None, lambda x=x, idx=idx: [np.take(x, idx)])
            case(name, [A(x, d), A(idx, "int64")], {"axis": {"i": 1}},
                 lambda x=x, idx=idx: [np.take(x, idx, axis=1)])
        elif name == "take_along_axis":
            idx = np.argsort(x.astype(np.float64), axis=1).astype(i64)
            case(name, [A(x, d), A(idx, "int64")], {"axis": {"i": 1}},
                 lambda x=x, idx=idx: [np.take_along_axis(x, idx, axis=1)])
        elif name == "moveaxis":
            y = rand(d, (2, 3, 4))
            case(name, [A(y, d), {"ints": [0]}, {"ints": [-1]}], None, lambda y=y: [np.moveaxis(y, 0, -1)])
            case(name, [A(y, d), {"ints": [0, 1]}, {"ints": [2, 0]}], None,
                 lambda y=y: [np.moveaxis(y, [0, 1], [2, 0])])
        elif name == "diff":
            y = rand(d, (3, 5))
            for n, ax in ((1, -1), (2, -1), (1, 0)):
                # Each difference is rounded to the dtype, as NumPy does in
                # float16 and Ivy in every dtype.
                def fn(y=y, n=n, ax=ax):
                    for _ in range(n):
                        y = via_f32(np.diff)(y, axis=ax)
                    return [y]
                case(name, [A(y, d)], {"n": {"i": n}, "axis": {"i": ax}}, fn)
        elif name == "count_nonzero":
            y = np.resize(specials(d), (3, 4))
            case(name, [A(y, d)], None, lambda y=y: [np.array(np.count_nonzero(y), dtype=i64)])
            case(name, [A(y, d)], {"axis": {"ints": [1]}},
                 lambda y=y: [np.count_nonzero(y, axis=1).astype(i64)])
        elif name in ("cumulative_sum", "cumulative_prod"):
            f = np.cumulative_sum if name == "cumulative_sum" else np.cumulative_prod
            y = small_ints(d, (3, 4)) if kind(d) in "iub" else rand(d, (3, 4))
            for incl in (False, True):
                case(name, [A(y, d)], {"axis": {"i": 1}, "dtype": {"dt": d}, "include_initial": {"b": incl}},
                     lambda y=y, incl=incl, f=f: [via_f32(lambda v: f(v, axis=1, include_initial=incl))(y).astype(DT[d])])
        elif name in ("isclose", "allclose"):
            a = specials(d)
            b = np.flip(a).copy()
            for en in (False, True):
                if name == "isclose":
                    fn = lambda a=a, b=b, en=en: [via_f32(lambda u, v: np.isclose(u, v, equal_nan=en))(a, b)]
                else:
                    fn = lambda a=a, b=b, en=en: [np.array(via_f32(lambda u, v: np.allclose(u, v, equal_nan=en))(a, a))]
                case(name, [A(a, d), A(b if name == "isclose" else a, d)], {"equal_nan": {"b": en}}, fn)
        elif name == "logspace":
            if kind(d) != "f":
                continue
            for base, endpoint in ((10.0, True), (2.0, False)):
                case(name, [{"f": "0.0"}, {"f": "3.0"}, {"i": 4}],
                     {"base": {"f": repr(base)}, "endpoint": {"b": endpoint}, "dtype": {"dt": d}},
                     lambda base=base, endpoint=endpoint: [np.logspace(0.0, 3.0, 4, base=base, endpoint=endpoint).astype(DT[d])])
        elif name in ("unique_values", "unique_counts", "unique_inverse", "unique_all"):
            y = small_ints(d, (4, 5))
            v, first, inv, counts = np.unique(y, return_index=True, return_inverse=True, return_counts=True)
            inv = inv.reshape(y.shape).astype(i64)
            out = {"unique_values": [v], "unique_counts": [v, counts.astype(i64)],
                   "unique_inverse": [v, inv],
                   "unique_all": [v, first.astype(i64), inv, counts.astype(i64)]}[name]
            case(name, [A(y, d)], None, lambda out=out: out)
        elif name == "searchsorted":
            a = np.sort(small_ints(d, (8,)).astype(np.float64)).astype(DT[d])
            v = small_ints(d, (2, 3))
            for side in ("left", "right"):
                case(name, [A(a, d), A(v, d)], {"side": {"s": side}},
                     lambda a=a, v=v, side=side: [np.searchsorted(a, v, side=side).astype(i64)])
        elif name == "isin":
            e, t = small_ints(d, (3, 4)), small_ints(d, (3,))
            for inv in (False, True):
                case(name, [A(e, d), A(t, d)], {"invert": {"b": inv}},
                     lambda e=e, t=t, inv=inv: [np.isin(e, t, invert=inv)])


def index_enc(idx, d):
    """An index tuple as tagged items: ints, slices, ..., None, arrays."""
    items = []
    for it in idx:
        if it is Ellipsis:
            items.append({"el": True})
        elif it is None:
            items.append({"na": True})
        elif isinstance(it, slice):
            items.append({"sl": [it.start, it.stop, 1 if it.step is None else it.step]})
        elif isinstance(it, np.ndarray):
            items.append({"arr": enc(it, "bool" if it.dtype == np.bool_ else "int64")})
        else:
            items.append({"i": int(it)})
    return {"index": items}


def index_cases(name, info):
    """get_item / set_item against NumPy's x[idx] and y[idx] = v (y a copy)."""
    for d in info["kernel"]:
        x = rand(d, (3, 4, 5))
        rows = np.array([2, 0, -1], dtype=np.int64)
        mask = np.array([True, False, True, True])
        indices = [
            (1,), (-1, slice(None, None, 2)), (Ellipsis, None, slice(1, 3)),
            (slice(None, None, -1), 0), (slice(3, 0, -2), Ellipsis, slice(-2, None)),
            (rows, slice(1, None)), (rows, slice(None), np.array([0, 4, 1], dtype=np.int64)),
            (slice(None), mask), (1, mask, slice(None, None, 3)),
            (x.astype(np.float64) > x.astype(np.float64).mean(),),
            (3,), (0, 4), (Ellipsis, Ellipsis), (0, 0, 0, 0), (slice(None), np.array([4], dtype=np.int64)),
        ]
        for idx in indices:
            if name == "get_item":
                case(name, [A(x, d), index_enc(idx, d)], None, lambda x=x, idx=idx: [np.asarray(x[idx])])
            else:
                v = rand(d, ())
                def fn(x=x, idx=idx, v=v):
                    y = x.copy()
                    y[idx] = v
                    return [y]
                case(name, [A(x, d), index_enc(idx, d), A(v, d)], None, fn)


def trunc_divide_cases(info):
    """C's division: toward zero, 0 for a zero divisor (Ivy's rule, NumPy has
    no such ufunc): computed with Python's integers and wrapped, or as
    trunc(a / b) for floats."""
    for d, k in info["kernel"].items():
        for x1, x2 in binary_inputs("trunc_divide", d)[1:]:
            def fn(x1=x1, x2=x2):
                a, b = np.broadcast_arrays(x1, x2)
                if kind(d) in "iu":
                    bits = DT[d].itemsize * 8
                    out = []
                    for p, q in zip(a.reshape(-1).tolist(), b.reshape(-1).tolist()):
                        r = 0 if q == 0 else abs(p) // abs(q) * (1 if (p < 0) == (q < 0) else -1)
                        r &= (1 << bits) - 1
                        if kind(d) == "i" and r >= 1 << (bits - 1):
                            r -= 1 << bits
                        out.append(r)
                    return [np.array(out, dtype=object).astype(DT[d]).reshape(a.shape)]
                return [via_f32(lambda p, q: np.trunc(np.true_divide(p, q)))(a, b)]

            case("trunc_divide", [A(x1, d), A(x2, d)], None, fn)


def astype_cases(info):
    names = list(info["kernel"])
    for s in names:
        for t_ in names:
            ks, kt = kind(s), kind(t_)
            xs = [rand(s, (12,))]
            if kt in "iu" and ks in "fc":
                # Float to integer outside the target's range (and NaN) is
                # undefined behaviour in NumPy (C casts); Ivy saturates.
                ii = np.iinfo(DT[t_])
                lo, hi = max(float(ii.min), -1e4), min(float(ii.max), 1e4)
                if s in ("float16", "bfloat16"):
                    lo, hi = max(lo, -200.0), min(hi, 200.0)
                v = rng.uniform(lo, hi, size=12)
                if ks == "c":
                    v = v + 1j * rng.uniform(-5, 5, size=12)
                xs = [v.astype(DT[s])]
            else:
                xs.append(specials(s))
            for x in xs:
                case("astype", [A(x, s), {"dt": t_}], None,
                     lambda x=x, t_=t_: [via_f32(lambda v: v.astype(np.float32))(x).astype(DT[t_])
                                         if x.dtype == BF16 and kind(t_) in "iu" else x.astype(DT[t_])])


def shape_cases(name, info):
    for d in info["kernel"]:
        x = rand(d, (2, 3))
        if name == "reshape":
            case(name, [A(x, d), {"ints": [3, -1]}], None, lambda x=x: [x.reshape(3, -1)])
        elif name == "expand_dims":
            case(name, [A(x, d)], {"axis": {"ints": [-1]}}, lambda x=x: [np.expand_dims(x, -1)])
        elif name == "squeeze":
            y = rand(d, (1, 3, 1))
            case(name, [A(y, d)], None, lambda y=y: [np.squeeze(y)])
        elif name == "repeat":
            case(name, [A(x, d), {"ints": [2]}], {"axis": {"i": 1}}, lambda x=x: [np.repeat(x, 2, axis=1)])
            case(name, [A(x, d), {"ints": [3]}], None, lambda x=x: [np.repeat(x, 3)])
        elif name == "broadcast_to":
            y = rand(d, (3, 1))
            case(name, [A(y, d), {"ints": [2, 3, 4]}], None, lambda y=y: [np.broadcast_to(y, (2, 3, 4))])
        elif name == "matrix_transpose":
            y = rand(d, (2, 3, 4))
            case(name, [A(y, d)], None, lambda y=y: [np.swapaxes(y, -1, -2)])
        elif name == "meshgrid":
            a, b = rand(d, (3,)), rand(d, (2,))
            for ix in ("xy", "ij"):
                case(name, [{"list": [enc(a, d), enc(b, d)]}], {"indexing": {"s": ix}},
                     lambda a=a, b=b, ix=ix: list(np.meshgrid(a, b, indexing=ix)))
        elif name == "broadcast_arrays":
            a, b = rand(d, (3, 1)), rand(d, (1, 4))
            case(name, [{"list": [enc(a, d), enc(b, d)]}], None,
                 lambda a=a, b=b: [np.array(v) for v in np.broadcast_arrays(a, b)])
        elif name == "split":
            y = rand(d, (2, 6))
            for n in (1, 2, 3, 6):
                case(name, [A(y, d)], {"num_or_size_splits": {"sections": n}, "axis": {"i": 1}},
                     lambda y=y, n=n: np.split(y, n, axis=1))
            for sizes in ([1, 5], [2, 0, 4], [6]):
                case(name, [A(y, d)], {"num_or_size_splits": {"sizes": sizes}, "axis": {"i": -1}},
                     lambda y=y, sizes=sizes: np.split(y, np.cumsum(sizes)[:-1], axis=-1))
            case(name, [A(y, d)], None, lambda y=y: np.split(y, 2, axis=0))
        elif name == "unstack":
            case(name, [A(x, d)], {"axis": {"i": 1}}, lambda x=x: [x[:, i] for i in range(3)])
        elif name == "nonzero":
            y = specials(d)[:12].reshape(3, -1) if specials(d).size >= 12 else np.resize(specials(d), (3, 4))
            case(name, [A(y, d)], None, lambda y=y: [i.astype(np.int64) for i in np.nonzero(y)])
        elif name == "argwhere":
            y = np.resize(specials(d), (3, 4))
            case(name, [A(y, d)], None, lambda y=y: [np.argwhere(y).astype(np.int64)])


def creation_cases(name, info):
    for d in info["kernel"]:
        dt = {"dtype": {"dt": d}}
        if name in ("zeros", "ones", "empty"):
            if name == "empty":
                continue
            g = np.zeros if name == "zeros" else np.ones
            for sh in ([2, 3], [], [0, 4]):
                case(name, [{"ints": sh}], dt, lambda sh=sh, g=g: [g(sh, dtype=DT[d])])
        elif name == "full":
            fv = {"f": "2.5"} if kind(d) in "fc" else {"i": 7} if kind(d) in "iu" else {"b": True}
            val = 2.5 if kind(d) in "fc" else 7 if kind(d) in "iu" else True
            case(name, [{"ints": [2, 3]}, fv], dt, lambda val=val: [np.full((2, 3), val, dtype=DT[d])])
        elif name in ("zeros_like", "ones_like", "full_like"):
            x = rand(d, (2, 3))
            if name == "full_like":
                fv = {"i": 1} if kind(d) != "b" else {"b": True}
                case(name, [A(x, d), fv], None, lambda x=x: [np.full_like(x, 1)])
            else:
                g = np.zeros_like if name == "zeros_like" else np.ones_like
                case(name, [A(x, d)], None, lambda x=x, g=g: [g(x)])
        elif name == "eye":
            for kk in (0, 1, -2):
                case(name, [{"i": 3}], {"n_cols": {"i": 4}, "k": {"i": kk}, "dtype": {"dt": d}},
                     lambda kk=kk: [np.eye(3, 4, kk, dtype=DT[d])])
        elif name == "arange" and kind(d) in "iuf":
            case(name, [{"i": 2}], {"stop": {"i": 11}, "step": {"i": 3}, "dtype": {"dt": d}},
                 lambda: [np.arange(2, 11, 3).astype(DT[d])])
        elif name == "linspace" and kind(d) == "f":
            for ep in (True, False):
                case(name, [{"f": "-1.0"}, {"f": "2.0"}, {"i": 7}], {"endpoint": {"b": ep}, "dtype": {"dt": d}},
                     lambda ep=ep: [np.linspace(-1.0, 2.0, 7, endpoint=ep).astype(DT[d])])


def act_ref(name, v, **kw):
    """Activation functions in float64 (the reference, rounded once)."""
    if name == "relu":
        return np.maximum(v, 0)
    if name == "leaky_relu":
        return np.where(v > 0, v, v * kw.get("alpha", 0.2))
    if name == "sigmoid":
        return 1 / (1 + np.exp(-v))
    if name == "silu":
        return v / (1 + np.exp(-v))
    if name == "softplus":
        return np.log1p(np.exp(-np.abs(v))) + np.maximum(v, 0)
    if name == "mish":
        return v * np.tanh(np.log1p(np.exp(-np.abs(v))) + np.maximum(v, 0))
    if name == "softsign":
        return v / (1 + np.abs(v))
    if name == "hardswish":
        return v * np.clip(v + 3, 0, 6) / 6
    if name == "gelu":
        return 0.5 * v * (1 + np.vectorize(math.erf)(v / math.sqrt(2))) if v.size else v
    if name == "softmax":
        e = np.exp(v - v.max(axis=-1, keepdims=True))
        return e / e.sum(axis=-1, keepdims=True)
    if name == "relu6":
        return np.clip(v, 0, 6)
    if name == "thresholded_relu":
        return np.where(v > 0, v, 0)
    if name == "logsigmoid":
        return -(np.log1p(np.exp(-np.abs(v))) + np.maximum(-v, 0))
    if name == "selu":
        a, s = 1.6732632423543772848170429916717, 1.0507009873554804934193349852946
        return np.where(v > 0, s * v, s * a * np.expm1(np.minimum(v, 0)))
    if name == "elu":
        return np.where(v > 0, v, np.expm1(np.minimum(v, 0)))
    if name == "celu":
        return np.maximum(v, 0) + np.minimum(np.expm1(np.minimum(v, 0)), 0)
    if name == "hardtanh":
        return np.clip(v, -1, 1)
    if name == "softshrink":
        return np.where(v > 0.5, v - 0.5, np.where(v < -0.5, v + 0.5, 0))
    if name == "hardshrink":
        return np.where(np.abs(v) > 0.5, v, 0)
    if name == "scaled_tanh":
        return 1.7159 * np.tanh(0.67 * v)
    if name == "hardsilu":
        return v * np.clip(v + 3, 0, 6) / 6
    if name == "log_softmax":
        s = v - v.max(axis=-1, keepdims=True)
        return s - np.log(np.exp(s).sum(axis=-1, keepdims=True))
    raise KeyError(name)


def activation_cases(name, info):
    for d, k in info["kernel"].items():
        rule = "cast" if k != d else None
        for x in (rand(d, (3, 5)), rand(d, (7,), -30, 30), rand(d, (0, 2))):
            wide = np.complex128 if kind(k) == "c" else np.float64
            if name == "relu" and kind(k) in "iu":
                ref = lambda x=x: [np.maximum(x, np.zeros((), DT[k]))]
            elif name == "relu6" and kind(k) in "iu":
                ref = lambda x=x: [np.minimum(np.maximum(x, np.zeros((), DT[k])), np.full((), 6, DT[k]))]
            elif name == "thresholded_relu" and kind(k) in "iu":
                ref = lambda x=x: [np.where(x > 0, x, np.zeros((), DT[k]))]
            else:
                ref = lambda x=x, wide=wide: [np.asarray(act_ref(name, x.astype(wide))).astype(DT[k])]
            case(name, [A(x, d)], None, ref, rule)


EINSUM = [
    ("ij,jk->ik", [(2, 3), (3, 4)]),
    ("ij,jk", [(2, 3), (3, 4)]),
    ("ii", [(3, 3)]),
    ("ii->i", [(3, 3)]),
    ("ij->ji", [(2, 3)]),
    ("ij->", [(2, 3)]),
    ("ij->j", [(2, 3)]),
    ("bij,bjk->bik", [(2, 2, 3), (2, 3, 2)]),
    ("...ij,...jk->...ik", [(2, 2, 3), (3, 2)]),
    ("...j,j", [(2, 3), (3,)]),
    ("i,i", [(4,), (4,)]),
    ("i,j->ij", [(3,), (2,)]),
    ("ij,jk,kl->il", [(2, 3), (3, 2), (2, 2)]),
    ("ii,i", [(3, 3), (3,)]),
    ("iij->j", [(2, 2, 3)]),
    ("ij,ij->ij", [(2, 3), (1, 3)]),
    ("ba,ca", [(2, 3), (4, 3)]),
    ("ij,jk->ik", [(0, 3), (3, 2)]),
    ("ij,kj->ik", [(2, 3), (2, 4)]),
]


def einsum_cases(info):
    for d, k in info["kernel"].items():
        for eq, shapes in EINSUM:
            xs = [rand(d, s, -3, 3) for s in shapes]
            case("einsum", [{"s": eq}, {"list": [enc(x, d) for x in xs]}], None,
                 lambda eq=eq, xs=xs: [out_cast(via_f32(lambda *a: np.einsum(eq, *a))(*[x.astype(DT[k]) for x in xs]), k)])


def exp_manip_cases(name, info):
    """Ivy's experimental manipulation functions that NumPy has."""
    for d in info["kernel"]:
        x = rand(d, (2, 3, 4))
        a, b = rand(d, (3,)), rand(d, (3,))
        m, n = rand(d, (3, 2)), rand(d, (3, 4))
        if name == "flatten":
            case(name, [A(x, d)], None, lambda x=x: [x.reshape(-1)])
            case(name, [A(x, d)], {"start_dim": {"i": 1}}, lambda x=x: [x.reshape(2, -1)])
            z = rand(d, ())
            case(name, [A(z, d)], None, lambda z=z: [z.reshape(1)])
        elif name == "unflatten":
            case(name, [A(n, d), {"i": 1}, {"ints": [2, -1]}], None, lambda n=n: [n.reshape(3, 2, 2)])
        elif name in ("vstack", "hstack", "dstack", "column_stack"):
            f = getattr(np, name)
            for p in ((a, b), (m, n) if name != "vstack" else (m.T, n.T)):
                case(name, [{"list": [enc(p[0], d), enc(p[1], d)]}], None, lambda p=p, f=f: [f(p)])
        elif name in ("atleast_1d", "atleast_2d", "atleast_3d"):
            f = getattr(np, name)
            z = rand(d, ())
            case(name, [{"list": [enc(z, d), enc(a, d), enc(m, d), enc(x, d)]}], None,
                 lambda z=z, f=f: list(f(z, a, m, x)))
        elif name == "rot90":
            for k in (1, 2, 3, -1, 4):
                case(name, [A(x, d)], {"k": {"i": k}}, lambda x=x, k=k: [np.rot90(x, k)])
            case(name, [A(x, d)], {"axes": {"ints": [2, 0]}}, lambda x=x: [np.rot90(x, 1, (2, 0))])
        elif name in ("fliplr", "flipud"):
            f = getattr(np, name)
            case(name, [A(x, d)], None, lambda x=x, f=f: [f(x)])
        elif name == "heaviside":
            s = small_specials(d)
            p, q = np.meshgrid(s, s, indexing="ij")
            p, q = p.reshape(-1), q.reshape(-1)
            case(name, [A(p, d), A(q, d)], None, lambda p=p, q=q: [via_f32(np.heaviside)(p, q)])
        elif name == "trim_zeros":
            z = np.array([0, 0, 1, 0, 2, 0, 0]).astype(DT[d])
            for t in ("fb", "f", "b"):
                case(name, [A(z, d)], {"trim": {"s": t}}, lambda z=z, t=t: [np.trim_zeros(z, t)])
        elif name == "put_along_axis":
            idx = np.argsort(rng.random((3, 4)), axis=1).astype(np.int64)
            v = rand(d, (3, 4))

            def fn(n=n, idx=idx, v=v):
                r = n.copy()
                np.put_along_axis(r, idx, v, axis=1)
                return [r]
            case(name, [A(n, d), A(idx, "int64"), A(v, d), {"i": 1}], None, fn)


def np_pairs(flat, ndim):
    """numpy.pad's pad_width for ivy's flat list: one value, one (before,
    after) pair, or a pair per axis."""
    if len(flat) == 1:
        return flat[0]
    if len(flat) == 2:
        return tuple(flat)
    return tuple((flat[2 * i], flat[2 * i + 1]) for i in range(ndim))


def pad_cases(name, info):
    for d in info["kernel"]:
        k = kind(d)
        real = k in "iuf"
        pick = (lambda shape: rand(d, shape, -20, 20)) if k in "iu" else (lambda shape: rand(d, shape))
        xs = [pick((5,)), pick((3, 4))]
        widths = [[1], [2, 1], [0, 2, 3, 1]]
        if name == "zero_pad":
            for x in xs:
                for w in widths[:2]:
                    case(name, [A(x, d), {"ints": w}], None, lambda x=x, w=w: [np.pad(x, np_pairs(w, x.ndim))])
            continue
        if name == "constant_pad":
            v = {"i": 3} if k != "b" else {"b": True}
            for x in xs:
                for w in widths[:2]:
                    case(name, [A(x, d), {"ints": w}], {"value": v},
                         lambda x=x, w=w: [np.pad(x, np_pairs(w, x.ndim), constant_values=x.dtype.type(v.get("i", True)))])
            continue
        modes = ["constant", "edge", "reflect", "symmetric", "wrap"]
        if real:
            modes += ["linear_ramp", "maximum", "mean", "median", "minimum"]
        for x in xs:
            for mode in modes:
                for w in widths:
                    if len(w) == 4 and x.ndim != 2:
                        continue
                    f = via_f32(lambda a, mode=mode, w=w: np.pad(a, np_pairs(w, a.ndim), mode=mode))
                    case(name, [A(x, d), {"ints": w}], {"mode": {"s": mode}}, lambda x=x, f=f: [f(x)])
            # Wider than the array: repeated reflections.
            for mode in ("reflect", "symmetric", "wrap", "edge"):
                case(name, [A(x, d), {"ints": [7, 9]}], {"mode": {"s": mode}},
                     lambda x=x, mode=mode: [np.pad(x, (7, 9), mode=mode)])
            if real:
                for mode in ("reflect", "symmetric"):
                    # Odd reflections: within one period for floats (the
                    # closed form rounds like NumPy there), any width for
                    # integers (exact, wrapping).
                    for w in ([2, 1], [7, 9]) if k in "iu" else ([2, 1],):
                        case(name, [A(x, d), {"ints": w}], {"mode": {"s": mode}, "reflect_type": {"s": "odd"}},
                             lambda x=x, mode=mode, w=w: [np.pad(x, np_pairs(w, x.ndim), mode=mode, reflect_type="odd")])
                for mode in ("maximum", "mean", "median", "minimum"):
                    f = via_f32(lambda a, mode=mode: np.pad(a, (2, 3), mode=mode, stat_length=(1, 2)))
                    case(name, [A(x, d), {"ints": [2, 3]}], {"mode": {"s": mode}, "stat_length": {"ints": [1, 2]}},
                         lambda x=x, f=f: [f(x)])
                ev = {"i": 4} if k in "iu" else {"f": "-1.5"}
                evv = 4 if k in "iu" else -1.5
                f = via_f32(lambda a: np.pad(a, (3, 2), mode="linear_ramp", end_values=evv))
                case(name, [A(x, d), {"ints": [3, 2]}], {"mode": {"s": "linear_ramp"}, "end_values": ev},
                     lambda x=x, f=f: [f(x)])
                cv = {"i": 5} if k in "iu" else {"f": "2.5"}
                cvv = 5 if k in "iu" else 2.5
                case(name, [A(x, d), {"ints": [1, 2]}], {"constant_values": cv},
                     lambda x=x: [np.pad(x, (1, 2), constant_values=x.dtype.type(cvv))])
        # Special values are copied exactly; empty arrays pad only with
        # constants (NumPy raises for the other modes).
        sp = specials(d)
        for mode in ("constant", "edge", "reflect", "symmetric", "wrap"):
            case(name, [A(sp, d), {"ints": [3, 2]}], {"mode": {"s": mode}},
                 lambda sp=sp, mode=mode: [np.pad(sp, (3, 2), mode=mode)])
        e = rand(d, (0, 2))
        for mode in ("constant", "edge"):
            case(name, [A(e, d), {"ints": [1]}], {"mode": {"s": mode}},
                 lambda e=e, mode=mode: [np.pad(e, 1, mode=mode)])
        z = rand(d, ())
        case(name, [A(z, d), {"ints": [2]}], None, lambda z=z: [np.pad(z, 2)])



# ---------------------------------------------------------------------------
# linalg and fft extensions
# ---------------------------------------------------------------------------

LINALG_EXT = {"cholesky", "det", "slogdet", "inv", "solve", "qr", "svd", "svdvals", "eigh", "eigvalsh",
              "eig", "eigvals", "matrix_norm", "matrix_power", "matrix_rank", "pinv", "tensordot", "inner",
              "cross", "diag", "vander", "kron", "multi_dot", "tensorsolve"}
FFT_OPS = {"fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fftn", "ifftn", "rfftn", "irfftn", "fftfreq",
           "rfftfreq", "fftshift", "ifftshift"}


def wide(d):
    """The float64/complex128 twin of d, where NumPy computes the
    reference (then rounded once to d)."""
    return np.complex128 if kind(d) == "c" else np.float64


def well_conditioned(d, shape):
    n = shape[-1]
    return (rand(d, shape, -1, 1).astype(wide(d)) + n * np.eye(n)).astype(DT[d])


def hermitian(d, shape):
    a = rand(d, shape, -1, 1).astype(wide(d))
    return (a + np.swapaxes(a, -1, -2).conj()).astype(DT[d])


def spd(d, shape):
    a = well_conditioned(d, shape).astype(wide(d))
    return (a @ np.swapaxes(a, -1, -2).conj()).astype(DT[d])


def cast_all(outs, d):
    return [np.asarray(o).astype(DT[d]) for o in outs]


def linalg_ext_cases(name, info):
    """Decompositions are compared through what is unique: |Q| and |R| of
    the reduced QR of full-rank matrices, the singular values of svd, the
    eigenvalues of eigh, and eig's eigenvalues sorted (see `invariants` in
    tests/conformance.rs)."""
    la = np.linalg
    for d in info["kernel"]:
        w = wide(d)
        r = real_of(d)
        if name == "cholesky":
            for shape in ((3, 3), (2, 4, 4)):
                x = spd(d, shape)
                for up in (False, True):
                    case(name, [A(x, d)], {"upper": {"b": up}},
                         lambda x=x, up=up: cast_all([la.cholesky(x.astype(w), upper=up)], d))
            bad = np.array([[1, 2], [2, 1]]).astype(DT[d])
            case(name, [A(bad, d)], None, lambda: [la.cholesky(bad)])
        elif name in ("det", "inv"):
            for shape in ((3, 3), (2, 4, 4), (1, 1)):
                x = well_conditioned(d, shape)
                case(name, [A(x, d)], None, lambda x=x: cast_all([getattr(la, name)(x.astype(w))], d))
            if name == "inv":
                sing = np.array([[1, 2], [2, 4]]).astype(DT[d])
                case(name, [A(sing, d)], None, lambda: [la.inv(sing)])
        elif name == "slogdet":
            for shape in ((3, 3), (2, 4, 4)):
                x = well_conditioned(d, shape)
                case(name, [A(x, d)], None,
                     lambda x=x: [np.asarray(la.slogdet(x.astype(w))[0]).astype(DT[d]),
                                  np.asarray(la.slogdet(x.astype(w))[1]).astype(DT[r])])
        elif name == "solve":
            for sa, sb in (((3, 3), (3,)), ((2, 3, 3), (3,)), ((2, 3, 3), (2, 3, 2)), ((3, 3), (2, 3, 1))):
                a, b = well_conditioned(d, sa), rand(d, sb, -2, 2)
                case(name, [A(a, d), A(b, d)], None,
                     lambda a=a, b=b: cast_all([la.solve(a.astype(w), b.astype(w))], d))
            sing = np.array([[1, 2], [2, 4]]).astype(DT[d])
            case(name, [A(sing, d), A(np.ones(2, DT[d]), d)], None, lambda: [la.solve(sing, np.ones(2))])
        elif name == "qr":
            for shape in ((4, 3), (3, 3), (2, 5, 2)):
                x = well_conditioned(d, shape[:-2] + (shape[-1], shape[-1]))
                x = np.concatenate([x, rand(d, shape[:-2] + (shape[-2] - shape[-1], shape[-1]), -1, 1)], axis=-2)
                case(name, [A(x, d)], None,
                     lambda x=x: [np.abs(m).astype(DT[r]) for m in la.qr(x.astype(w))])
        elif name in ("svd", "svdvals"):
            for shape in ((4, 3), (3, 5), (2, 3, 3)):
                x = rand(d, shape, -2, 2)
                kw = {"full_matrices": {"b": False}} if name == "svd" else None
                case(name, [A(x, d)], kw, lambda x=x: [la.svd(x.astype(w), compute_uv=False).astype(DT[r])])
        elif name in ("eigh", "eigvalsh"):
            for shape in ((3, 3), (2, 4, 4)):
                x = hermitian(d, shape)
                case(name, [A(x, d)], None, lambda x=x: [la.eigvalsh(x.astype(w)).astype(DT[r])])
        elif name in ("eig", "eigvals"):
            c = {"float32": "complex64", "float64": "complex128"}.get(d, d)
            for shape in ((3, 3), (4, 4)):
                x = rand(d, shape, -2, 2)
                case(name, [A(x, d)], None,
                     lambda x=x, c=c: [np.sort_complex(la.eigvals(x.astype(w)).astype(np.complex128)).astype(DT[c])])
        elif name == "matrix_norm":
            for ordv, npord in (("fro", "fro"), ("nuc", "nuc"), ("1", 1), ("-1", -1), ("2", 2), ("-2", -2),
                                ("inf", np.inf), ("-inf", -np.inf)):
                x = rand(d, (2, 3, 4), -3, 3)
                for kd in (False, True):
                    case(name, [A(x, d)], {"ord": {"s": ordv}, "keepdims": {"b": kd}},
                         lambda x=x, npord=npord, kd=kd: [np.asarray(la.matrix_norm(x.astype(w), ord=npord, keepdims=kd)).astype(DT[r])])
        elif name == "matrix_power":
            for n in (0, 1, 3, -2):
                x = (well_conditioned(d, (3, 3)).astype(w) / 3).astype(DT[d])
                case(name, [A(x, d), {"i": n}], None, lambda x=x, n=n: cast_all([la.matrix_power(x.astype(w), n)], d))
        elif name == "matrix_rank":
            for k in (1, 2, 3):
                a, b = rand(d, (4, k), -1, 1).astype(w), rand(d, (k, 3), -1, 1).astype(w)
                x = (a @ b).astype(DT[d])
                case(name, [A(x, d)], None, lambda x=x: [np.asarray(la.matrix_rank(x)).astype(np.int64)])
        elif name == "pinv":
            for shape in ((4, 3), (2, 3, 5)):
                x = rand(d, shape, -2, 2)
                case(name, [A(x, d)], None, lambda x=x: cast_all([la.pinv(x.astype(w))], d))
        elif name == "tensordot":
            a, b = rand(d, (2, 3, 4), -3, 3), rand(d, (3, 4, 2), -3, 3)
            k = info["kernel"][d]
            case(name, [A(a, d), A(b, d)], None, lambda a=a, b=b, k=k: [out_cast(np.tensordot(a.astype(DT[k]), b.astype(DT[k]), axes=2), k)])
            case(name, [A(a, d), A(b, d)], {"x1_axes": {"ints": [0, 2]}, "x2_axes": {"ints": [0, 1]}},
                 lambda a=a, b=b, k=k: [out_cast(np.tensordot(a.astype(DT[k]), b.astype(DT[k]), axes=([0, 2], [0, 1])), k)])
            # NumPy's own spelling: axes as a pair of lists (and as a number).
            case(name, [A(a, d), A(b, d)], {"axes": {"pairs": [[2, 1], [1, 0]]}},
                 lambda a=a, b=b, k=k: [out_cast(np.tensordot(a.astype(DT[k]), b.astype(DT[k]), axes=([2, 1], [1, 0])), k)])
            c = rand(d, (4, 2), -3, 3)
            case(name, [A(a, d), A(c, d)], {"axes": {"i": 1}},
                 lambda a=a, c=c, k=k: [out_cast(np.tensordot(a.astype(DT[k]), c.astype(DT[k]), axes=1), k)])
        elif name == "inner":
            a, b = rand(d, (2, 3), -3, 3), rand(d, (4, 3), -3, 3)
            k = info["kernel"][d]
            case(name, [A(a, d), A(b, d)], None, lambda a=a, b=b, k=k: [out_cast(np.inner(a.astype(DT[k]), b.astype(DT[k])), k)])
        elif name == "cross":
            a, b = rand(d, (2, 3), -3, 3), rand(d, (3,), -3, 3)
            k = info["kernel"][d]
            case(name, [A(a, d), A(b, d)], None, lambda a=a, b=b, k=k: [out_cast(np.cross(a.astype(DT[k]), b.astype(DT[k])), k)])
            a2 = rand(d, (3, 2), -3, 3)
            case(name, [A(a2, d), A(a2[::-1].copy(), d)], {"axis": {"i": 0}},
                 lambda a2=a2, k=k: [out_cast(np.cross(a2.astype(DT[k]), a2[::-1].astype(DT[k]), axis=0), k)])
        elif name == "diag":
            for shape, kk in (((3,), 0), ((3,), 2), ((2,), -1), ((3, 4), 1), ((3, 4), -2)):
                x = rand(d, shape)
                case(name, [A(x, d)], {"k": {"i": kk}}, lambda x=x, kk=kk: [np.diag(x, kk)])
        elif name == "vander":
            x = rand(d, (4,), -3, 3)
            k = info["kernel"][d]
            for nn, inc in ((None, False), (3, True), (5, False)):
                kw = {"increasing": {"b": inc}}
                if nn is not None:
                    kw["n"] = {"i": nn}
                case(name, [A(x, d)], kw,
                     lambda x=x, nn=nn, inc=inc, k=k: [out_cast(via_f32(lambda v: np.vander(v, nn, increasing=inc))(x.astype(DT[k])), k)])
        elif name == "kron":
            a, b = rand(d, (2, 3), -3, 3), rand(d, (2, 2), -3, 3)
            k = info["kernel"][d]
            case(name, [A(a, d), A(b, d)], None, lambda a=a, b=b, k=k: [out_cast(np.kron(a.astype(DT[k]), b.astype(DT[k])), k)])
        elif name == "tensorsolve":
            a = well_conditioned(d, (6, 6)).reshape(2, 3, 3, 2)
            b = rand(d, (2, 3), -2, 2)
            case(name, [A(a, d), A(b, d)], None, lambda a=a, b=b: cast_all([la.tensorsolve(a.astype(w), b.astype(w))], d))
            a2 = np.moveaxis(a, 1, 3).copy()
            case(name, [A(a2, d), A(b, d)], {"axes": {"ints": [1]}},
                 lambda a2=a2, b=b: cast_all([la.tensorsolve(a2.astype(w), b.astype(w), axes=(1,))], d))
        elif name == "multi_dot":
            xs = [rand(d, (3,), -2, 2), rand(d, (3, 4), -2, 2), rand(d, (4, 2), -2, 2)]
            k = info["kernel"][d]
            case(name, [{"list": [enc(x, d) for x in xs]}], None,
                 lambda xs=xs, k=k: [out_cast(np.linalg.multi_dot([x.astype(DT[k]) for x in xs]), k)])


def fft_cases(name, info):
    f = np.fft
    for d in info["kernel"]:
        c = {"float32": "complex64", "float64": "complex128"}.get(d, d)
        r = real_of(d)
        if name in ("fftfreq", "rfftfreq"):
            if kind(d) != "f" or d in ("float16", "bfloat16"):
                continue
            for n, dd in ((1, 1.0), (4, 1.0), (7, 0.25)):
                case(name, [{"i": n}], {"d": {"f": repr(dd)}, "dtype": {"dt": d}},
                     lambda n=n, dd=dd: [getattr(f, name)(n, dd).astype(DT[d])])
            continue
        if name in ("fftshift", "ifftshift"):
            for shape, axes in (((5,), None), ((4, 3), None), ((4, 3), [1])):
                x = rand(d, shape)
                kw = {"axes": {"ints": axes}} if axes else None
                case(name, [A(x, d)], kw, lambda x=x, axes=axes: [getattr(f, name)(x, axes=axes)])
            continue
        if name in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft"):
            out = r if name in ("irfft", "hfft") else c
            for shape, n, axis, norm in (((8,), None, -1, "backward"), ((3, 5), 8, -1, "ortho"),
                                         ((4, 6), 3, 0, "forward"), ((7,), None, -1, "forward")):
                x = rand(d, shape, -2, 2)
                kw = {"axis": {"i": axis}, "norm": {"s": norm}}
                if n is not None:
                    kw["n"] = {"i": n}
                case(name, [A(x, d)], kw,
                     lambda x=x, n=n, axis=axis, norm=norm, out=out: [getattr(f, name)(x.astype(wide(d)), n=n, axis=axis, norm=norm).astype(DT[out])])
            continue
        if name in ("fftn", "ifftn", "rfftn", "irfftn"):
            out = r if name == "irfftn" else c
            for shape, s, axes, norm in (((4, 6), None, None, "backward"), ((2, 3, 4), [4, 4], [0, 2], "ortho"),
                                         ((3, 5), [6], None, "forward")):
                x = rand(d, shape, -2, 2)
                kw = {"norm": {"s": norm}}
                if s is not None:
                    kw["s"] = {"ints": s}
                if axes is not None:
                    kw["axes"] = {"ints": axes}
                case(name, [A(x, d)], kw,
                     lambda x=x, s=s, axes=axes, norm=norm, out=out: [getattr(f, name)(x.astype(wide(d)), s=s, axes=axes, norm=norm).astype(DT[out])])


def main():
    ops = json.load(open(sys.argv[1]))
    by_name = {o["name"]: o for o in ops}
    done, unknown = set(), []
    for o in ops:
        n = o["name"]
        if not o["callable"] or not o["kernel"]:
            continue
        if n in UNARY:
            unary_cases(n, o)
        elif n in BINARY:
            binary_cases(n, o)
        elif n == "round":
            round_cases(o)
        elif n == "angle":
            angle_cases(o)
        elif n in ("sum", "prod", "mean", "var", "std", "min", "max", "all", "any", "logsumexp"):
            reduction_cases(n, o)
        elif n in ("argmax", "argmin"):
            arg_cases(n, o)
        elif n in ("cumsum", "cumprod"):
            cum_cases(n, o)
        elif n in ("matmul", "outer", "trace", "diagonal", "vecdot", "vector_norm"):
            linalg_cases(n, o)
        elif n in ("where", "clip", "sort", "msort", "argsort", "flip", "roll", "tile", "tril", "triu",
                   "concat", "stack", "swapaxes", "permute_dims"):
            misc_cases(n, o)
        elif n == "trunc_divide":
            trunc_divide_cases(o)
        elif n in ("get_item", "set_item"):
            index_cases(n, o)
        elif n in ("take", "take_along_axis", "moveaxis", "diff", "count_nonzero", "cumulative_sum",
                   "cumulative_prod", "isclose", "allclose", "logspace", "unique_values", "unique_counts",
                   "unique_inverse", "unique_all",
                   "searchsorted", "isin"):
            array_api_cases(n, o)
        elif n in ("flatten", "unflatten", "vstack", "hstack", "dstack", "column_stack", "atleast_1d",
                   "atleast_2d", "atleast_3d", "rot90", "fliplr", "flipud", "heaviside", "trim_zeros",
                   "put_along_axis"):
            exp_manip_cases(n, o)
        elif n in ("pad", "constant_pad", "zero_pad"):
            pad_cases(n, o)
        elif n in LINALG_EXT:
            linalg_ext_cases(n, o)
        elif n in FFT_OPS:
            fft_cases(n, o)
        elif n == "astype":
            astype_cases(o)
        elif n == "einsum":
            einsum_cases(o)
        elif n in ("reshape", "expand_dims", "squeeze", "repeat", "broadcast_to", "matrix_transpose",
                   "meshgrid", "split", "unstack", "nonzero", "argwhere", "broadcast_arrays"):
            shape_cases(n, o)
        elif n in ("zeros", "ones", "eye", "arange", "linspace", "full", "zeros_like", "ones_like", "full_like"):
            creation_cases(n, o)
        elif n in ("relu", "leaky_relu", "sigmoid", "silu", "softplus", "mish", "softsign", "hardswish",
                   "gelu", "softmax", "log_softmax", "relu6", "thresholded_relu", "logsigmoid", "selu", "elu",
                   "celu", "hardtanh", "softshrink", "hardshrink", "scaled_tanh", "hardsilu"):
            activation_cases(n, o)
        else:
            unknown.append(n)
            continue
        done.add(n)
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "data", "conformance.jsonl.gz")
    with gzip.GzipFile(path, "wb", mtime=0) as fh:
        for c in CASES:
            fh.write((json.dumps(c, separators=(",", ":")) + "\n").encode())
    print(f"{len(CASES)} cases over {len(done)} ops -> {os.path.normpath(path)} ({os.path.getsize(path)} bytes)")
    print("not compared (no NumPy counterpart here):", " ".join(sorted(unknown)))


if __name__ == "__main__":
    main()
