"""The Python package against NumPy and Python Ivy, in one run (by hand).

    python -m venv /tmp/v && /tmp/v/bin/pip install numpy ivy==1.0.0.5
    /tmp/v/bin/pip install ./bindings/python      # a release wheel
    /tmp/v/bin/python benches/peers/python_package.py

Rows (median of repeated timings; Python Ivy rows only if `import ivy`
works, with its NumPy backend):

- `ivy_rs.add(a, b)` and `a + b` on float32[16] and float32[1,000,000],
  against NumPy's `a + b` and Python Ivy's `ivy.add(a, b)`;
- `c.cont_map(lambda x, kc: x + 1)` per float32[4] leaf (a container of
  256 leaves), against Python Ivy's `Container.cont_map`;
- one `value_and_grad` step of the 784-256-10 MLP on a batch of 64 from
  Python (the loss of benches/mlp.rs); compare with `cargo bench --bench mlp`
  (`mlp_step/ivy`), the same step from Rust.
"""

import statistics
import time

import numpy as np

import ivy_rs


def per_call(f, target=0.2, repeats=7):
    """Median seconds per call of f()."""
    n = 1
    while True:
        t = time.perf_counter()
        for _ in range(n):
            f()
        dt = time.perf_counter() - t
        if dt > target / 10:
            break
        n *= 4
    n = max(1, int(n * (target / 10) / dt * 10 / repeats))
    out = []
    for _ in range(repeats):
        t = time.perf_counter()
        for _ in range(n):
            f()
        out.append((time.perf_counter() - t) / n)
    return statistics.median(out)


def fmt(s):
    if s < 1e-6:
        return f"{s * 1e9:8.0f} ns"
    if s < 1e-3:
        return f"{s * 1e6:8.2f} us"
    return f"{s * 1e3:8.2f} ms"


def row(name, s, base=None):
    extra = f"   ({s / base:.2f}x NumPy)" if base else ""
    print(f"{name:<48}{fmt(s)}{extra}")


try:
    import ivy as pyivy

    pyivy.set_backend("numpy")
except Exception as e:  # noqa: BLE001
    pyivy = None
    print(f"(Python Ivy not available: {e})")

for n in (16, 1_000_000):
    na = np.arange(n, dtype=np.float32)
    nb = np.ones(n, dtype=np.float32)
    a, b = ivy_rs.asarray(na), ivy_rs.asarray(nb)
    base = per_call(lambda: na + nb)
    print(f"-- float32[{n}]")
    row("numpy a + b", base)
    row("ivy_rs a + b", per_call(lambda: a + b), base)
    row("ivy_rs.add(a, b)", per_call(lambda: ivy_rs.add(a, b)), base)
    if pyivy is not None:
        pa, pb = pyivy.array(na), pyivy.array(nb)
        row("Python Ivy ivy.add(a, b)", per_call(lambda: pyivy.add(pa, pb), target=0.5), base)

LEAVES = 256
print(f"-- cont_map(lambda x, kc: x + 1), per float32[4] leaf ({LEAVES} leaves)")
leaf = np.ones(4, dtype=np.float32)
c = ivy_rs.Container({f"k{i}": {"w": leaf} for i in range(LEAVES // 2)} | {f"j{i}": leaf for i in range(LEAVES // 2)})
t_rs = per_call(lambda: c.cont_map(lambda x, kc: x + 1)) / LEAVES
row("ivy_rs Container.cont_map", t_rs)
if pyivy is not None:
    pc = pyivy.Container({f"k{i}": {"w": pyivy.array(leaf)} for i in range(LEAVES // 2)}
                         | {f"j{i}": pyivy.array(leaf) for i in range(LEAVES // 2)})
    t_py = per_call(lambda: pc.cont_map(lambda x, kc: x + 1), target=1.0, repeats=3) / LEAVES
    row("Python Ivy Container.cont_map", t_py)
    print(f"{'ivy_rs faster by':<48}{t_py / t_rs:8.0f}x")

print("-- value_and_grad step, MLP 784-256-10, batch 64, float32")
ivy_rs.seed(seed_value=0)
rng = np.random.default_rng(0)
w = ivy_rs.Container({
    "l1": {"w": (rng.standard_normal((784, 256)) * np.sqrt(2 / 784)).astype(np.float32),
           "b": np.full(256, 0.01, np.float32)},
    "l2": {"w": (rng.standard_normal((256, 10)) * np.sqrt(2 / 256)).astype(np.float32),
           "b": np.full(10, 0.01, np.float32)},
})
x = ivy_rs.asarray(rng.standard_normal((64, 784)).astype(np.float32))
onehot = ivy_rs.asarray(np.eye(10, dtype=np.float32)[rng.integers(0, 10, 64)])


def loss(w):
    h = ivy_rs.relu(x @ w["l1/w"] + w["l1/b"])
    logp = ivy_rs.log_softmax(h @ w["l2/w"] + w["l2/b"])
    return -ivy_rs.mean(ivy_rs.sum(logp * onehot, axis=-1))


step = ivy_rs.value_and_grad(loss)
row("ivy_rs value_and_grad (from Python)", per_call(lambda: step(w), target=1.0))
print("compare: cargo bench --bench mlp (mlp_step/ivy, the same step from Rust)")
