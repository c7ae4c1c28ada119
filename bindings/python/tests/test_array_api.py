"""ivy_rs as an Array API 2024.12 namespace (`xp`)."""

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
