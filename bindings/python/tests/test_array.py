"""ivy_rs.Array against NumPy: operators, comparisons, indexing,
__setitem__, conversions, properties, NumPy and DLPack round trips."""

import operator

import numpy as np
import pytest

import ivy_rs

A = np.array([[1.5, -2.0, 3.0], [4.0, 5.5, -6.0]], dtype=np.float32)
B = np.array([[2.0, 1.0, -1.5], [0.5, 3.0, 2.0]], dtype=np.float32)
I = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.int32)
J = np.array([[3, 1, 2], [1, 2, 1]], dtype=np.int32)


def close(x, want):
    got = np.asarray(x)
    want = np.asarray(want)
    assert got.shape == want.shape, (got.shape, want.shape)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)


FLOAT_OPS = [operator.add, operator.sub, operator.mul, operator.truediv, operator.pow,
             operator.lt, operator.le, operator.gt, operator.ge, operator.eq, operator.ne]
INT_OPS = [operator.add, operator.sub, operator.mul, operator.floordiv, operator.mod,
           operator.and_, operator.or_, operator.xor, operator.lshift, operator.rshift]


@pytest.mark.parametrize("op", FLOAT_OPS)
def test_float_operators(op):
    a, b = ivy_rs.asarray(A), ivy_rs.asarray(B)
    close(op(a, b), op(A, B))
    close(op(a, 2.0), op(A, np.float32(2.0)))


@pytest.mark.parametrize("op", [operator.add, operator.sub, operator.mul, operator.truediv])
def test_reflected_with_scalars(op):
    a = ivy_rs.asarray(A)
    close(op(3.0, a), op(np.float32(3.0), A))


@pytest.mark.parametrize("op", INT_OPS)
def test_int_operators(op):
    a, b = ivy_rs.asarray(I), ivy_rs.asarray(J)
    close(op(a, b), op(I, J))
    close(op(a, 2), op(I, np.int32(2)))


def test_unary_and_matmul():
    a = ivy_rs.asarray(A)
    close(-a, -A)
    close(+a, +A)
    close(abs(a), abs(A))
    close(~ivy_rs.asarray(I), ~I)
    close(a @ ivy_rs.asarray(B.T), A @ B.T)


def test_scalars_are_weak():
    a = ivy_rs.asarray(np.array([1, 2], dtype=np.int8))
    assert (a + 1).dtype == ivy_rs.int8
    f = ivy_rs.asarray(np.array([1, 2], dtype=np.float16))
    assert (f * 2.5).dtype == ivy_rs.float16


def test_numpy_operand():
    a = ivy_rs.asarray(A)
    close(a + B, A + B)


INDICES = [
    1, -1, (1, 2), slice(None), slice(1, None), slice(None, None, -1), (slice(None), 1),
    (Ellipsis, 0), (None, 0), (0, None, slice(None, 2)), (Ellipsis, None),
    np.array([1, 0]), (slice(None), np.array([2, 0, 1])), A > 0, (np.array([0, 1]), np.array([2, 0])),
    (1, slice(0, 3, 2)),
]


@pytest.mark.parametrize("index", INDICES, ids=[repr(i)[:30] for i in INDICES])
def test_getitem(index):
    a = ivy_rs.asarray(A)
    close(a[index], A[index])


@pytest.mark.parametrize("index,value", [
    ((0, 1), 9.0), (slice(None), 0.0), ((Ellipsis, 0), np.array([7.0, 8.0], dtype=np.float32)),
    (A > 2, -1.0), ((1, slice(None, None, 2)), 5.0),
])
def test_setitem(index, value):
    a = ivy_rs.asarray(A)
    want = A.copy()
    want[index] = value
    a[index] = value
    close(a, want)


def test_setitem_does_not_touch_other_arrays():
    a = ivy_rs.asarray(A)
    b = ivy_rs.reshape(a, (2, 3))
    a[0, 0] = 100.0
    close(b, A)
    assert float(a[0, 0]) == 100.0


def test_properties():
    a = ivy_rs.asarray(A)
    assert a.shape == (2, 3)
    assert a.ndim == 2
    assert a.size == 6
    assert a.dtype == ivy_rs.float32 == "float32"
    assert str(a.device) == "cpu"
    close(a.T, A.T)
    close(ivy_rs.asarray(np.ones((2, 3, 4), np.float32)).mT, np.ones((2, 4, 3), np.float32))
    assert a.to_device("cpu") is a
    assert len(a) == 2
    rows = list(a)
    close(rows[1], A[1])


def test_python_conversions():
    assert bool(ivy_rs.asarray(True)) is True
    assert int(ivy_rs.asarray(7)) == 7
    assert float(ivy_rs.asarray(2.5)) == 2.5
    assert complex(ivy_rs.asarray(1.5)) == 1.5 + 0j
    assert [10, 20, 30][ivy_rs.asarray(1)] == 20
    assert ivy_rs.asarray([[1, 2], [3, 4]]).tolist() == [[1, 2], [3, 4]]
    with pytest.raises(TypeError):
        bool(ivy_rs.asarray(A))
    with pytest.raises(TypeError):
        len(ivy_rs.asarray(1.0))


def test_repr_is_rust_display():
    a = ivy_rs.asarray([1.0, 2.0])
    assert repr(a) == "ivy.array([1., 2.])"


def test_dtype_inference_of_lists():
    # Ivy's default int dtype is int32.
    assert ivy_rs.asarray([1, 2]).dtype == ivy_rs.int32
    assert ivy_rs.asarray([1.0, 2]).dtype == ivy_rs.float32
    assert ivy_rs.asarray([True]).dtype == ivy_rs.bool
    assert ivy_rs.asarray([1j]).dtype == ivy_rs.complex64


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint8", "int16", "int32", "int64", "uint16",
                                   "uint32", "uint64", "float16", "float32", "float64", "complex64",
                                   "complex128"])
def test_numpy_round_trip(dtype):
    x = (np.arange(12).reshape(3, 4) % 5).astype(dtype)
    a = ivy_rs.asarray(x)
    assert a.dtype == dtype
    back = np.asarray(a)
    assert back.dtype == x.dtype
    np.testing.assert_array_equal(back, x)


def test_to_numpy_is_zero_copy():
    a = ivy_rs.asarray(A)
    v1 = np.from_dlpack(a)
    v2 = np.asarray(a)
    assert v1.__array_interface__["data"][0] == v2.__array_interface__["data"][0]
    assert not v1.flags.writeable
    np.testing.assert_array_equal(v1, A)


def test_dlpack_protocol():
    a = ivy_rs.asarray(A)
    assert a.__dlpack_device__() == (1, 0)
    b = ivy_rs.asarray(np.from_dlpack(a))
    np.testing.assert_array_equal(np.asarray(b), A)
    # Non-contiguous NumPy inputs are read through their strides.
    strided = np.arange(24, dtype=np.float64).reshape(4, 6)[::2, ::-3]
    np.testing.assert_array_equal(np.asarray(ivy_rs.asarray(strided)), strided)


def data_address(x):
    """Where the elements of an ivy_rs array live (through its NumPy view)."""
    return np.from_dlpack(x).__array_interface__["data"][0]


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint16", "int64", "float16", "float32",
                                   "complex128"])
def test_numpy_to_ivy_is_zero_copy(dtype):
    x = (np.arange(12).reshape(3, 4) % 3).astype(dtype)
    for a in (ivy_rs.asarray(x), ivy_rs.from_dlpack(x), ivy_rs.from_dlpack(x, copy=False),
              ivy_rs.Array(x)):
        assert data_address(a) == x.__array_interface__["data"][0], dtype
        np.testing.assert_array_equal(np.asarray(a), x)
    # The array keeps NumPy's memory alive after NumPy lets go of it.
    a = ivy_rs.asarray(x)
    del x
    np.testing.assert_array_equal(np.asarray(a), (np.arange(12).reshape(3, 4) % 3).astype(dtype))


def test_numpy_sharing_is_numpy_asarray_sharing():
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    a = ivy_rs.asarray(x)
    x[0, 0] = 9.0  # as with np.asarray, a write to the producer shows
    assert np.asarray(a)[0, 0] == 9.0
    c = ivy_rs.asarray(x, copy=True)
    x[0, 0] = 1.0
    assert np.asarray(c)[0, 0] == 9.0
    assert data_address(c) != x.__array_interface__["data"][0]


def test_copies_where_memory_cannot_be_shared():
    strided = np.arange(12, dtype=np.float64).reshape(3, 4).T
    a = ivy_rs.from_dlpack(strided)
    np.testing.assert_array_equal(np.asarray(a), strided)
    with pytest.raises(ValueError, match="not row-major contiguous"):
        ivy_rs.from_dlpack(strided, copy=False)
    with pytest.raises(ValueError, match="copy=False"):
        ivy_rs.asarray([1.0, 2.0], copy=False)
    with pytest.raises(ValueError, match="cast"):
        ivy_rs.asarray(np.ones(3, np.float32), dtype="float64", copy=False)


def test_legacy_dlpack_capsules_are_copies():
    a = ivy_rs.asarray(A)
    legacy = a.__dlpack__()
    assert "dltensor" in repr(legacy) and "versioned" not in repr(legacy)
    versioned = a.__dlpack__(max_version=(1, 0))
    assert "dltensor_versioned" in repr(versioned)
    # copy=False shares even with a legacy consumer (which must only read).
    shared = ivy_rs.from_dlpack(a.__dlpack__(copy=False))
    assert data_address(shared) == data_address(a)
    # A consumer of the legacy protocol reads a copy.
    b = ivy_rs.from_dlpack(legacy)
    np.testing.assert_array_equal(np.asarray(b), A)
    assert data_address(b) != data_address(a)


def test_array_namespace():
    a = ivy_rs.asarray(A)
    assert a.__array_namespace__() is ivy_rs
