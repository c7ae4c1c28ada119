"""ivy_rs.Container: construction, attribute and key-chain access, printing
as Rust prints it, nestable ops, operators, cont_map, save/load read back
with NumPy."""

import numpy as np
import pytest

import ivy_rs as ivy


def make():
    return ivy.Container(a=ivy.asarray([1.0, 2.0]), b={"c": ivy.asarray([3.0]), "d": [4.0, 5.0]})


def test_access():
    c = make()
    np.testing.assert_array_equal(np.asarray(c.b.c), [3.0])
    np.testing.assert_array_equal(np.asarray(c["b/d"]), [4.0, 5.0])
    assert isinstance(c.b, ivy.Container)
    assert set(c.keys()) == {"a", "b"}
    assert "b/c" in c
    assert c.cont_all_key_chains() == ["a", "b/c", "b/d"]
    c["b/e"] = [6.0]
    assert c.cont_num_arrays() == 4
    with pytest.raises(KeyError, match="x/y"):
        c["x/y"]
    with pytest.raises(AttributeError):
        c.nope


def test_from_dict_equals_kwargs():
    d = ivy.Container({"a": [1.0, 2.0], "b": {"c": [3.0], "d": [4.0, 5.0]}})
    assert d == make()


def test_printing_is_rust_display():
    c = ivy.Container(a=ivy.asarray([1.0, 2.0]))
    assert repr(c) == "{\n    a: ivy.array([1., 2.])\n}"


def test_nestable_ops_and_operators():
    c = make()
    t = ivy.tan(c)
    assert isinstance(t, ivy.Container)
    np.testing.assert_allclose(np.asarray(t.b.d), np.tan([4.0, 5.0]).astype(np.float32), rtol=1e-6)
    np.testing.assert_allclose(np.asarray(c.tan().a), np.tan([1.0, 2.0]).astype(np.float32), rtol=1e-6)
    s = c + 1
    np.testing.assert_array_equal(np.asarray(s.b.c), [4.0])
    s = 2 * c - c
    np.testing.assert_array_equal(np.asarray(s.a), [1.0, 2.0])
    s = ivy.add(ivy.asarray([10.0]), c)
    np.testing.assert_array_equal(np.asarray(s.b.c), [13.0])
    m = ivy.sum(c, axis=0)
    np.testing.assert_array_equal(np.asarray(m.b.d), 9.0)


def test_cont_map():
    c = make()
    seen = []
    d = c.cont_map(lambda x, kc: (seen.append(kc), x + 1)[1])
    assert seen == ["a", "b/c", "b/d"]
    np.testing.assert_array_equal(np.asarray(d.b.d), [5.0, 6.0])


def test_save_load_read_back_with_numpy(tmp_path):
    c = make()
    p = str(tmp_path / "c.npz")
    c.cont_save(p)
    z = np.load(p)
    assert sorted(z.files) == ["a", "b/c", "b/d"]
    np.testing.assert_array_equal(z["b/c"], [3.0])
    back = ivy.Container.cont_load(p)
    assert back == c


def test_key_chains_in_dicts_make_levels():
    # Ivy: Container({'a/b': 1, 'c.d': 2}) is {a: {b: 1}, c: {d: 2}}.
    c = ivy.Container({"a/b": [1.0], "c.d": [2.0]})
    assert c.cont_all_key_chains() == ["a/b", "c/d"]
    assert float(np.asarray(c.a.b)[0]) == 1.0
