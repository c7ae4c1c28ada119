"""ivy_rs as an Array API 2024.12 namespace (`xp`)."""

import numpy as np
import pytest

import ivy_rs as xp


def test_namespace():
    x = xp.asarray([1.0, 2.0])
    assert x.__array_namespace__() is xp
    assert xp.__array_api_version__ == "2024.12"
    assert xp.linalg.matrix_norm is xp.matrix_norm
    assert xp.fft.fft is xp._ivy_rs.fft
    assert xp.fft(xp.asarray([1.0, 0.0])).dtype == xp.complex64  # the module is also Ivy's op
    assert hash(xp.float32) == hash(xp.Dtype("float32"))
    assert {xp.float32: 1}[xp.float32] == 1


def test_info():
    info = xp.__array_namespace_info__()
    assert info.capabilities()["boolean indexing"] is True
    assert str(info.default_device()) == "cpu"
    assert info.default_dtypes()["real floating"] == xp.float32
    assert set(info.dtypes(kind="integral")) == {"int8", "int16", "int32", "int64", "uint8", "uint16",
                                                 "uint32", "uint64"}


def test_isdtype_finfo_iinfo():
    assert xp.isdtype(xp.float32, "real floating")
    assert xp.isdtype(xp.int8, ("bool", "signed integer"))
    assert not xp.isdtype(xp.uint8, "signed integer")
    assert xp.iinfo(xp.int8).max == 127
    assert xp.finfo(xp.float32).bits == 32
    assert abs(xp.finfo(xp.float32).eps - 1.1920929e-07) < 1e-12


def test_result_type():
    assert xp.result_type(xp.int8, xp.int16) == xp.int16
    assert xp.result_type(xp.asarray([1], dtype="int8"), 1) == xp.int8


def test_creation_keywords():
    x = xp.asarray([1, 2], dtype=xp.float64, device="cpu")
    assert x.dtype == xp.float64
    assert xp.asarray(x) is x
    assert xp.asarray(x, copy=True) is not x


def test_concat_axis_none_flattens():
    # axis=None is a value (flatten), not "the default" (0).
    a, b = xp.zeros((0, 2)), xp.ones((3, 1))
    assert xp.concat([a, b], axis=None).shape == (3,)
    assert xp.concat([xp.ones((2, 2)), xp.ones((1, 2))]).shape == (3, 2)
    assert xp.concat.__text_signature__ == "(xs, *, axis=0)"


def test_linalg_trace_is_over_the_last_two_axes():
    x = np.arange(2 * 3 * 3, dtype=np.int32).reshape(2, 3, 3)
    t = xp.linalg.trace(xp.asarray(x))
    np.testing.assert_array_equal(np.asarray(t), np.trace(x, axis1=-2, axis2=-1))
    assert xp.linalg.trace(xp.zeros((0, 3, 3))).shape == (0,)
    t = xp.linalg.trace(xp.asarray(x), offset=1, dtype=xp.int64)
    assert t.dtype == xp.int64
    np.testing.assert_array_equal(np.asarray(t), np.trace(x, offset=1, axis1=-2, axis2=-1))
    # Without dtype, the dtype `sum` gives: narrow integers widen.
    assert xp.linalg.trace(xp.ones((2, 2), dtype=xp.uint8)).dtype == xp.uint32
    assert xp.linalg.trace(xp.ones((2, 2), dtype=xp.float16)).dtype == xp.float16
    # Ivy's own trace keeps Ivy's axes (0 and 1).
    np.testing.assert_array_equal(np.asarray(xp.trace(xp.asarray(x))), np.trace(x))


def test_complex_expm1_special_cases():
    inf, nan = float("inf"), float("nan")
    z = xp.asarray([complex(-inf, 1.0), complex(inf, 0.0), complex(1.0, inf), complex(nan, 0.0)])
    got = np.asarray(xp.expm1(z))
    assert got[0] == complex(-1.0, 0.0)
    assert got[1] == complex(inf, 0.0)
    assert np.isnan(got[2].real) and np.isnan(got[2].imag)
    assert np.isnan(got[3].real) and got[3].imag == 0.0


def test_fft_freq_functions_take_the_standards_device():
    np.testing.assert_allclose(np.asarray(xp.fft.fftfreq(4, d=0.5, device="cpu")),
                               np.fft.fftfreq(4, d=0.5), rtol=1e-6)
    np.testing.assert_allclose(np.asarray(xp.fft.rfftfreq(5)), np.fft.rfftfreq(5), rtol=1e-6)
    with pytest.raises(ValueError, match="cpu"):
        xp.fft.fftfreq(4, device="cuda")
