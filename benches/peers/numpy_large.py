#!/usr/bin/env python3
"""NumPy on the shapes of `benches/large.rs`, for the README's side-by-side table.

Run by hand (not by CI), on the machine the Rust bench ran on, nothing else running:

    python3 -m venv /tmp/np && /tmp/np/bin/pip install numpy
    /tmp/np/bin/python benches/peers/numpy_large.py

Each case is timed as the best of 20 calls after 3 warm-up calls (the Rust
bench reports criterion's estimates; best-of is the kinder figure for NumPy).
The inputs are the ones `benches/large.rs` builds (see `inputs` there): the
same formula, so both sides compute on the same numbers.
"""

import datetime
import os
import platform
import time

import numpy as np

N = 1 << 20
ROWS = 1024


def inputs(n, lo, hi, dtype):
    """x[i] = lo + (hi - lo) * ((i * 7919) % n) / n: a permutation of a uniform grid."""
    i = np.arange(n, dtype=np.int64)
    return (lo + (hi - lo) * ((i * 7919) % n) / n).astype(dtype)


def best(f, reps=20, warm=3):
    for _ in range(warm):
        f()
    t = float("inf")
    for _ in range(reps):
        s = time.perf_counter()
        f()
        t = min(t, time.perf_counter() - s)
    return t


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def layer_norm(x, eps=1e-5):
    m = x.mean(axis=-1, keepdims=True)
    v = x.var(axis=-1, keepdims=True)
    return (x - m) / np.sqrt(v + eps)


def conv2d(x, w):
    """NHWC by HWIO, stride 1, SAME padding: what a NumPy user writes
    (a sliding-window view contracted with tensordot, which calls BLAS)."""
    kh, kw = w.shape[0], w.shape[1]
    p = np.pad(x, ((0, 0), (kh // 2, kh // 2), (kw // 2, kw // 2), (0, 0)))
    win = np.lib.stride_tricks.sliding_window_view(p, (kh, kw), axis=(1, 2))
    # win: [N, H, W, C, kh, kw]
    return np.tensordot(win, w, axes=([3, 4, 5], [2, 0, 1]))


def cases():
    for dt in (np.float32, np.float64):
        name = np.dtype(dt).name
        a = inputs(N, -10.0, 10.0, dt)
        b = inputs(N, -3.0, 3.0, dt)
        pos = inputs(N, 1e-3, 100.0, dt)
        yield f"add {name} 1M", lambda a=a, b=b: a + b
        yield f"sum {name} 1M", lambda a=a: a.sum()
        yield f"exp {name} 1M", lambda a=a: np.exp(a)
        yield f"log {name} 1M", lambda p=pos: np.log(p)
        yield f"sin {name} 1M", lambda a=a: np.sin(a)
        yield f"tanh {name} 1M", lambda b=b: np.tanh(b)
        yield f"sigmoid {name} 1M", lambda a=a: sigmoid(a)
        m = inputs(ROWS * ROWS, -10.0, 10.0, dt).reshape(ROWS, ROWS)
        yield f"softmax {name} 1024x1024", lambda m=m: softmax(m)
        yield f"layer_norm {name} 1024x1024", lambda m=m: layer_norm(m)
        for k in (512, 2048):
            x = inputs(k * k, -1.0, 1.0, dt).reshape(k, k)
            y = inputs(k * k, -0.5, 0.5, dt).reshape(k, k)
            yield f"matmul {name} {k}", lambda x=x, y=y: x @ y
    x = inputs(64 * 32 * 32 * 16, -1.0, 1.0, np.float32).reshape(64, 32, 32, 16)
    w = inputs(3 * 3 * 16 * 32, -0.5, 0.5, np.float32).reshape(3, 3, 16, 32)
    yield "conv2d float32 [64,32,32,16]*[3,3,16,32]", lambda: conv2d(x, w)


def main():
    print(f"# NumPy {np.__version__}, {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} cpus, {datetime.date.today()}, load {os.getloadavg()[0]:.2f}")
    print("| case | NumPy, best of 20 |")
    print("|---|---|")
    for name, f in cases():
        t = best(f, reps=5 if "2048" in name else 20)
        print(f"| {name} | {t * 1e3:.3f} ms |", flush=True)


if __name__ == "__main__":
    main()
