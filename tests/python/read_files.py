"""Read the .npz and .safetensors files tests/container_io.rs wrote with
ivy, with NumPy and safetensors, and check their names, order, dtypes,
shapes and values. Exits non-zero (with the differences) if any is wrong.

Usage: python read_files.py DIR

Reads DIR/ivy.npz (stored), DIR/ivy_compressed.npz (deflated),
DIR/ivy.safetensors (every dtype but complex128) and DIR/ivy_bf16.safetensors
(bfloat16, read byte by byte: NumPy has no bfloat16). The arrays are the
ones `rust_arrays()` in tests/container_io.rs builds; keep both in step.
"""

import json
import os
import struct
import sys
import zipfile

import numpy as np
from safetensors import safe_open
from safetensors.numpy import load_file


def expected():
    return {
        "zz/first": np.array([1], dtype=np.int8),
        "a/bool": np.array([[True, False], [False, True]]),
        "a/int8": np.array([-128, 5, 127], dtype=np.int8),
        "a/int16": np.array([-300, 300], dtype=np.int16),
        "a/int32": np.array(-7, dtype=np.int32),
        "a/int64": np.array([-(2**63), 2**63 - 1], dtype=np.int64),
        "b/uint8": np.array([0, 200, 255], dtype=np.uint8),
        "b/uint16": np.array([65535], dtype=np.uint16),
        "b/uint32": np.array([2**32 - 1, 1], dtype=np.uint32),
        "b/uint64": np.array([[2**64 - 1]], dtype=np.uint64),
        "c/float16": np.array([0.1, -np.inf], dtype=np.float16),
        "c/float32": (np.arange(6, dtype=np.float32) * 0.5).reshape(2, 3),
        "c/float64": np.array([0.1, -0.0, 1e-300], dtype=np.float64),
        "d/complex64": np.array([1 - 2j], dtype=np.complex64),
        "d/complex128": np.array([0.1 + 1e300j], dtype=np.complex128),
        "e/empty": np.zeros((0, 2), dtype=np.float32),
    }


problems = []


def check(file, name, got, want):
    where = f"{file}: {name}"
    if got.dtype != want.dtype:
        problems.append(f"{where}: dtype {got.dtype}, expected {want.dtype}")
    elif got.shape != want.shape:
        problems.append(f"{where}: shape {got.shape}, expected {want.shape}")
    elif not np.array_equal(got, want) or not np.array_equal(np.signbit(got.real), np.signbit(want.real)):
        problems.append(f"{where}: values {got!r}, expected {want!r}")


def main():
    d = sys.argv[1]
    want = expected()
    order = list(want)
    for file in ["ivy.npz", "ivy_compressed.npz"]:
        path = os.path.join(d, file)
        with np.load(path) as z:
            if z.files != order:
                problems.append(f"{file}: members {z.files}, expected {order}")
            for name in z.files:
                if name in want:
                    check(file, name, z[name], want[name])
        kinds = {i.compress_type for i in zipfile.ZipFile(path).infolist()}
        wanted = {zipfile.ZIP_DEFLATED} if "compressed" in file else {zipfile.ZIP_STORED}
        if kinds != wanted:
            problems.append(f"{file}: compression {kinds}, expected {wanted}")

    file = "ivy.safetensors"
    path = os.path.join(d, file)
    st_order = [k for k in order if k != "d/complex128"]
    got = load_file(path)
    if sorted(got) != sorted(st_order):
        problems.append(f"{file}: tensors {sorted(got)}, expected {sorted(st_order)}")
    for name, arr in got.items():
        if name in want:
            check(file, name, arr, want[name])
    with safe_open(path, framework="np") as f:
        recorded = json.loads((f.metadata() or {}).get("ivy_key_chains", "null"))
    if recorded != st_order:
        problems.append(f"{file}: metadata order {recorded}, expected {st_order}")

    # bfloat16 by hand: the top half of float32's bits.
    file = "ivy_bf16.safetensors"
    with open(os.path.join(d, file), "rb") as f:
        raw = f.read()
    (n,) = struct.unpack("<Q", raw[:8])
    header = json.loads(raw[8 : 8 + n])
    info = header["w/bf16"]
    if info["dtype"] != "BF16" or info["shape"] != [3]:
        problems.append(f"{file}: {info}")
    start, end = info["data_offsets"]
    data = raw[8 + n + start : 8 + n + end]
    bits = struct.unpack("<3H", data)
    values = [struct.unpack("<f", struct.pack("<I", b << 16))[0] for b in bits]
    if values != [1.0, -2.5, 0.15625]:
        problems.append(f"{file}: values {values}")

    if problems:
        print("\n".join(problems))
        sys.exit(1)
    print(f"python (numpy {np.__version__}) read every file ivy wrote: ok")


if __name__ == "__main__":
    main()
