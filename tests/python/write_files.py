"""Write .npz and .safetensors files with NumPy and safetensors, for
tests/container_io.rs to read (it checks values, dtypes and shapes).

Usage: python write_files.py OUT_DIR

Writes OUT_DIR/py_stored.npz (numpy.savez), OUT_DIR/py_compressed.npz
(numpy.savez_compressed), OUT_DIR/py.safetensors (safetensors.numpy) and
OUT_DIR/py_bf16.safetensors (written byte by byte: NumPy has no bfloat16).
The arrays are listed in tests/container_io.rs as `python_arrays()`; keep
both lists in step.
"""

import json
import os
import struct
import sys

import numpy as np
from safetensors.numpy import save_file


def arrays():
    inf = float("inf")
    return {
        "ints/int8": np.array([-128, -1, 0, 127], dtype=np.int8),
        "ints/int16": np.array([[-32768, 1], [2, 32767]], dtype=np.int16),
        "ints/int32": np.arange(6, dtype=np.int32).reshape(2, 3) * -3,
        "ints/int64": np.array([-(2**63), 2**63 - 1], dtype=np.int64),
        "uints/uint8": np.array([0, 255], dtype=np.uint8),
        "uints/uint16": np.array([0, 65535], dtype=np.uint16),
        "uints/uint32": np.array([0, 2**32 - 1], dtype=np.uint32),
        "uints/uint64": np.array([0, 2**64 - 1], dtype=np.uint64),
        "floats/float16": np.array([0.5, -2.0, inf], dtype=np.float16),
        "floats/float32": np.array([[1.5, -0.25], [3.0, 1e-30]], dtype=np.float32),
        "floats/float64": np.array([0.1, 1e300, -0.0], dtype=np.float64),
        "bool": np.array([True, False, True]),
        "complex/complex64": np.array([1 + 2j, complex(0.0, -0.5)], dtype=np.complex64),
        "scalar": np.array(2.5, dtype=np.float64),
        "empty": np.zeros((0, 3), dtype=np.float32),
    }


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    a = arrays()
    # complex128 and the layouts safetensors has no place for: .npz only.
    npz = dict(a)
    npz["complex/complex128"] = np.array([[1e-300 + 1j]], dtype=np.complex128)
    npz["layout/fortran"] = np.asfortranarray(np.arange(6, dtype=np.int16).reshape(2, 3))
    npz["layout/big_endian"] = np.array([1, 256], dtype=">i4")
    assert npz["layout/fortran"].flags.f_contiguous
    np.savez(os.path.join(out, "py_stored.npz"), **npz)
    np.savez_compressed(os.path.join(out, "py_compressed.npz"), **npz)
    save_file(a, os.path.join(out, "py.safetensors"), metadata={"written_by": "python"})

    # bfloat16 is the top half of float32's bits.
    values = [1.0, -2.5, 0.15625]
    raw = b"".join(struct.pack("<I", struct.unpack("<I", struct.pack("<f", v))[0])[2:] for v in values)
    header = json.dumps({"w/bf16": {"dtype": "BF16", "shape": [3], "data_offsets": [0, len(raw)]}})
    header = header.encode() + b" " * (-len(header) % 8)
    with open(os.path.join(out, "py_bf16.safetensors"), "wb") as f:
        f.write(struct.pack("<Q", len(header)) + header + raw)
    print("wrote", sorted(os.listdir(out)))


if __name__ == "__main__":
    main()
