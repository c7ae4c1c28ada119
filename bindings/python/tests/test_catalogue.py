"""Every generated op called from Python on the catalogue's sample
arguments gives what the same call gives in Rust (same dtype, shape and
bits; the same error message when Rust fails)."""

import numpy as np
import pytest

import ivy_rs

DTYPES = ["float32", "float64", "int32", "int64", "bool", "complex64"]
OPS = [name for name, _ in ivy_rs.__ops__]


def cases():
    for name in OPS:
        supported = set(ivy_rs._supported_dtypes(name))
        for d in DTYPES:
            if d in supported:
                yield name, d
                break
        else:
            yield name, "float32"


def same(a, b):
    assert a.dtype == b.dtype, (a.dtype, b.dtype)
    assert a.shape == b.shape, (a.shape, b.shape)
    na, nb = np.asarray(a), np.asarray(b)
    assert na.tobytes() == nb.tobytes() or np.array_equal(na, nb, equal_nan=True)


def test_every_op_is_generated():
    assert len(OPS) > 300
    for name in OPS:
        assert callable(getattr(ivy_rs, name)), name
        assert getattr(ivy_rs, name).__doc__, name


def test_standalone_ops_are_provided():
    for name in ivy_rs.__standalone__:
        assert callable(getattr(ivy_rs, name)), name


@pytest.mark.parametrize("name,dtype", list(cases()))
def test_op_matches_rust(name, dtype):
    args, rust = ivy_rs._catalogue_sample(name, dtype)
    f = getattr(ivy_rs, name)
    ivy_rs.seed(seed_value=0)
    if isinstance(rust, str):
        with pytest.raises(ivy_rs.IvyError) as e:
            f(*args)
        assert str(e.value) == rust
        return
    out = f(*args)
    outs = list(out) if isinstance(out, (tuple, list)) else [out]
    assert len(outs) == len(rust)
    for a, b in zip(outs, rust):
        same(a, b)


def test_methods_are_the_functions():
    x = ivy_rs.Array([[1.0, 2.0], [3.0, 4.0]])
    same(x.tan(), ivy_rs.tan(x))
    same(x.sum(axis=0, keepdims=True), ivy_rs.sum(x, axis=0, keepdims=True))
    same(x.add(1), ivy_rs.add(x, 1))


def test_signatures_follow_the_spec():
    import inspect

    sig = inspect.signature(ivy_rs.sum)
    params = list(sig.parameters.values())
    assert params[0].name == "x"
    assert params[0].kind == inspect.Parameter.POSITIONAL_OR_KEYWORD
    kw = {p.name: p for p in params[1:]}
    assert set(kw) >= {"axis", "dtype", "keepdims"}
    assert all(p.kind == inspect.Parameter.KEYWORD_ONLY for p in kw.values())
    assert "Keyword arguments" in ivy_rs.sum.__doc__
