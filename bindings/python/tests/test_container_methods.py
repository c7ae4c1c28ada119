"""ivy_rs.Container's cont_* methods, against Python Ivy's documented
container behaviour (the reference's section "a", whose examples are quoted
in the comments) or values computed independently with NumPy.

Ivy sorts keys on construction; ivy_rs keeps insertion order. Containers are
built here with their keys in sorted order, so both orders agree.
"""

import io
import json
import struct

import numpy as np
import pytest

import ivy_rs as ivy

C = ivy.Container


def a(x):
    return ivy.asarray(x)


def npv(x):
    return np.asarray(x)


def nested(c):
    """A container or dict of arrays as nested dicts of NumPy values."""
    if isinstance(c, (C, dict)):
        return {k: nested(v) for k, v in c.items()}
    if isinstance(c, (list, tuple)):
        return [nested(v) for v in c]
    return npv(c).tolist()


def abcd():
    # {a, b: {c, d}}
    return C(a=a([1.0, 2.0]), b={"c": a([3.0]), "d": a([4.0, 5.0])})


# ---------------------------------------------------------------- properties


def test_properties():
    c = C(a=ivy.zeros((2, 3)), b={"c": ivy.zeros((2, 4))})
    # `{a:(2,3), b:{c:(2,4)}}` -> cont_shape [2, None]; cont_shapes per leaf.
    assert c.cont_shape == [2, None]
    assert c.cont_shapes == {"a": (2, 3), "b": {"c": (2, 4)}}
    assert c.cont_dtype == "float32"
    assert C(a=a([1.0]), b=a([1])).cont_dtype is None
    assert str(c.cont_dev) == "cpu"
    assert c.cont_dev_str == "cpu"
    assert C().cont_dev is None
    # Ivy's defaults: print_limit 10, print_indent 4, key_length_limit None,
    # print_line_spacing 0.
    assert c.cont_config == {
        "print_limit": 10,
        "print_indent": 4,
        "key_length_limit": None,
        "print_line_spacing": 0,
    }


def test_counts_and_duplicates():
    c = C(a=a([1, 2, 3]), b={"c": a([4]), "d": a([5, 6])})
    assert c.cont_num_arrays(exclusive=True) == 3
    # Flattened keys (`b__c`), smallest arrays first.
    s = c.cont_size_ordered_arrays()
    assert s.keys() == ["b__c", "b__d", "a"]
    np.testing.assert_array_equal(npv(s.b__d), [5, 6])
    # `{a:x, b:{c:x, d:y}}` -> (("a","b/c"),): the same object, not an equal one.
    x = a([1.0, 2.0])
    y = a([1.0, 2.0])
    d = C(a=x, b={"c": x, "d": y})
    assert d.cont_duplicate_array_keychains() == (("a", "b/c"),)
    assert C(a=x, b=y).cont_duplicate_array_keychains() == ()


def test_truth_values():
    c = C(a=a(True), b={"c": a(0.0), "d": a([2])})
    b = c.cont_as_bools()
    assert [bool(v) for v in b.cont_to_flat_list()] == [True, False, True]
    with pytest.raises(ivy.IvyError, match="b/c"):
        c.cont_as_bools(assert_is_bool=True)
    # Leaves the key chains leave out are kept as they are, or pruned.
    kept = c.cont_as_bools(key_chains=["a"])
    np.testing.assert_array_equal(npv(kept["b/c"]), 0.0)
    assert kept.cont_as_bools(key_chains=["a"], prune_unapplied=True).cont_all_key_chains() == ["a"]

    assert C(a=a(True), b={"c": a(1)}).cont_all_true()
    assert not C(a=a(True), b={"c": a(0)}).cont_all_true()
    assert C(a=a(False), b={"c": a(0.0)}).cont_all_false()
    assert not C(a=a(False), b={"c": a(2)}).cont_all_false()
    with pytest.raises(ivy.IvyError):
        C(a=a(False), b={"c": a(0.0)}).cont_all_false(assert_is_bool=True)
    flags = C(count=a(0), flags={"x": a(True), "y": a(True)})
    assert flags.cont_all_true(True, ["flags/x", "flags/y"], prune_unapplied=True)
    assert not flags.cont_all_true(key_chains=["flags/x", "flags/y"])
    assert flags.cont_all_false(key_chains=["count"], prune_unapplied=True)


# ------------------------------------------------------- lists and iterators


def test_flat_and_nested_lists():
    c = abcd()
    d = c.cont_from_flat_list([a([9.0]), a([8.0]), a([7.0])])
    assert d.cont_all_key_chains() == ["a", "b/c", "b/d"]
    np.testing.assert_array_equal(npv(d["b/c"]), [8.0])
    with pytest.raises(ivy.IvyError):
        c.cont_from_flat_list([a([1.0])])
    # Values only, as nested lists.
    n = c.cont_to_nested_list()
    assert nested(n) == [[1.0, 2.0], [[3.0], [4.0, 5.0]]]
    e = C(a=a([[1, 2]]), b={"c": a(2.5)}).cont_with_entries_as_lists()
    assert e == {"a": [[1, 2]], "b": {"c": 2.5}}


def test_iterators():
    c = C(a={"b": {}}, c=a([1.0]))
    # `{a:{b:{}}, c:1}` -> ['c'], or ['a/b','c'] with include_empty.
    assert c.cont_all_key_chains() == ["c"]
    assert c.cont_all_key_chains(include_empty=True) == ["a/b", "c"]
    items = list(abcd().cont_to_iterator())
    assert [k for k, _ in items] == ["a", "b/c", "b/d"]
    np.testing.assert_array_equal(npv(items[2][1]), [4.0, 5.0])
    assert [k for k, _ in abcd().cont_to_iterator(key_chain="x")] == ["x/a", "x/b/c", "x/b/d"]
    assert [k for k, _ in abcd().cont_to_iterator(leaf_keys_only=True)] == ["a", "c", "d"]
    with_empty = list(c.cont_to_iterator(include_empty=True))
    assert with_empty[0][0] == "a/b" and isinstance(with_empty[0][1], C) and len(with_empty[0][1]) == 0
    assert list(abcd().cont_to_iterator_keys()) == ["a", "b/c", "b/d"]
    assert list(c.cont_to_iterator_keys(include_empty=True)) == ["a/b", "c"]
    vals = list(abcd().cont_to_iterator_values())
    assert [npv(v).tolist() for v in vals] == [[1.0, 2.0], [3.0], [4.0, 5.0]]
    assert len(list(c.cont_to_iterator_values(include_empty=True))) == 2


# ------------------------------------------------------------------ printing


def test_print_settings():
    c = C(a=ivy.arange(20), b={"c": ivy.zeros((3, 4))}, d=ivy.arange(10))
    # print_limit 10: 20 elements print as their shape, 10 in full.
    assert "shape=[20]" in repr(c) and "shape=[3, 4]" in repr(c)
    full = c.cont_remove_print_limit()
    assert "shape=" not in repr(full) and "19" in repr(full)
    assert full.cont_config["print_limit"] is None
    two = C(a={"b": a([1, 2, 3])}).cont_with_print_limit(2)
    assert "shape=[3]" in repr(two)
    assert C(a={"b": a([1, 2, 3])}).cont_with_print_limit(None).cont_config["print_limit"] is None
    k = C(abcdefg=a(1), hijklmnop={"qrstuv": a(2)})
    # key_length_limit=3 -> keys adg / hlp / qsv.
    t = repr(k.cont_with_key_length_limit(3))
    assert "adg:" in t and "hlp:" in t and "qsv:" in t
    assert "abcdefg:" in repr(k.cont_with_key_length_limit(3).cont_remove_key_length_limit())
    # print_indent=2 -> 2-space indent.
    assert repr(C(a={"b": a(1)}).cont_with_print_indent(2)).splitlines()[1].startswith("  a:")
    spaced = repr(C(a=a(1), b=a(2)).cont_with_print_line_spacing(1))
    assert "\n\n" in spaced


def test_print_settings_inplace_and_update_config():
    c = C(a={"b": a([1, 2, 3])})
    assert c.cont_with_print_limit(2, inplace=True) is None
    assert c.cont_config["print_limit"] == 2 and c.a.cont_config["print_limit"] == 2
    assert c.cont_remove_print_limit(inplace=True) is None
    assert c.cont_config["print_limit"] is None
    c.cont_with_key_length_limit(1, inplace=True)
    assert c.cont_config["key_length_limit"] == 1
    c.cont_remove_key_length_limit(True)
    assert c.cont_config["key_length_limit"] is None
    c.cont_with_print_indent(3, inplace=True)
    c.cont_with_print_line_spacing(2, inplace=True)
    assert (c.cont_config["print_indent"], c.cont_config["print_line_spacing"]) == (3, 2)
    assert c.cont_update_config(print_indent=2, key_length_limit=5, ivyh=None) is None
    assert c.cont_config == {"print_limit": None, "print_indent": 2, "key_length_limit": 5,
                             "print_line_spacing": 2}


def test_show(capsys):
    c = C(a=a(1), b={"c": a(2)}, d=a(3))
    c.cont_show()
    assert capsys.readouterr().out == repr(c) + "\n"
    # The lines of `b` (its key line to its closing brace) are marked.
    lines = repr(c).split("\n")
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("b:"))
    end = start + 2
    expected = "\n".join(("> " if start <= i <= end else "  ") + line for i, line in enumerate(lines))
    assert c.cont_format_sub_container("b") == expected
    c.cont_show_sub_container("b")
    assert capsys.readouterr().out == expected + "\n"
    c.cont_show_sub_container(c.b)
    assert capsys.readouterr().out == expected + "\n"
    with pytest.raises(KeyError, match="x"):
        c.cont_format_sub_container("x")


def test_trim_key():
    # `"abcdefg",3` -> `"adg"`, `"abcdefghij",4` -> `"adgj"`.
    assert C.cont_trim_key("abcdefg", 3) == "adg"
    assert C.cont_trim_key("abcdefghij", 4) == "adgj"
    assert C.cont_trim_key("abc", None) == "abc"
    key, m = "abcdefghijklmnopq", 5
    idx = np.round((len(key) - 1) / (m - 1) * np.linspace(0, m - 1, m)).astype(int)
    assert C.cont_trim_key(key, m) == "".join(key[i] for i in idx)


# ------------------------------------------------------- reading key chains


def test_has_key_and_chains_containing():
    c = C(ab={"cd": a(1)}, e=a(2))
    # A substring of some leaf's key chain.
    assert c.cont_has_key("b/c") and c.cont_has_key("e") and not c.cont_has_key("x")
    d = C(a={"b": a(1), "c": a(2)}, bd=a(3))
    assert d.cont_key_chains_containing("b") == ["a/b", "bd"]
    d["ab"] = {}
    assert d.cont_key_chains_containing("b", include_empty=True) == ["a/b", "bd", "ab"]


def test_at_key_chain_and_chains():
    c = abcd()
    np.testing.assert_array_equal(npv(c.cont_at_key_chain("b.d")), [4.0, 5.0])
    assert isinstance(c.cont_at_key_chain("b"), C)
    assert c.cont_at_key_chain("") is c
    with pytest.raises(KeyError, match="b/x"):
        c.cont_at_key_chain("b/x")
    with pytest.raises(ivy.IvyKeyError):
        c.cont_at_key_chain("b/x")
    assert c.cont_at_key_chain("b/x", ignore_key_errors=True) is None
    # A list, a str, a nested dict; None is the container itself.
    assert sorted(c.cont_at_key_chains(["b/d", "a"]).cont_all_key_chains()) == ["a", "b/d"]
    assert c.cont_at_key_chains("b/c").cont_all_key_chains() == ["b/c"]
    assert c.cont_at_key_chains({"b": {"c": True}}).cont_all_key_chains() == ["b/c"]
    assert c.cont_at_key_chains(None) is c
    with pytest.raises(TypeError):
        c.cont_at_key_chains(None, ignore_none=False)
    with pytest.raises(KeyError, match="b/x"):
        c.cont_at_key_chains(["b/x"])
    assert c.cont_at_key_chains(["b/c", "b/x"], ignore_key_errors=True).cont_all_key_chains() == ["b/c"]
    assert c.cont_at_key_chains({"b": {"c": 1, "x": 1}}, ignore_key_errors=True).cont_all_key_chains() == ["b/c"]


def test_at_keys():
    # `{a, b:{c,d}}` with `["a","c"]` -> `{a, b:{c}}`.
    c = abcd()
    assert c.cont_at_keys(["a", "c"]).cont_all_key_chains() == ["a", "b/c"]
    assert c.cont_at_keys("d").cont_all_key_chains() == ["b/d"]
    assert c.cont_at_keys(None) is c
    x = C(xa={"c": a(2), "xb": a(1)}, xd=a(3))
    assert x.cont_at_keys("x", containing=True).cont_all_key_chains() == ["xa/xb", "xd"]
    assert x.cont_at_keys("x").cont_all_key_chains() == []


def test_if_exists_and_try_kc():
    c = abcd()
    np.testing.assert_array_equal(npv(c.cont_if_exists("b/c")), [3.0])
    assert c.cont_if_exists("b/x") is None
    np.testing.assert_array_equal(npv(c.cont_try_kc("a")), [1.0, 2.0])
    assert c.cont_try_kc("x/y") is c


# ------------------------------------------------------- setting key chains


def test_set_and_overwrite_at_key_chain():
    c = C(a={"b": a([1.0])})
    d = c.cont_set_at_key_chain("a/c/d", a([2.0]))
    assert d.cont_all_key_chains() == ["a/b", "a/c/d"]
    assert c.cont_all_key_chains() == ["a/b"]
    assert c.cont_set_at_key_chain("a.e", {"f": a([3.0])}, inplace=True) is c
    assert c.cont_all_key_chains() == ["a/b", "a/e/f"]
    with pytest.raises(ivy.IvyError):
        c.cont_set_at_key_chain("a/b/z", a(3))  # `a/b` is a leaf
    o = c.cont_overwrite_at_key_chain("a/b", a([7.0]))
    np.testing.assert_array_equal(npv(o["a/b"]), [7.0])
    np.testing.assert_array_equal(npv(c["a/b"]), [1.0])
    with pytest.raises(KeyError, match="a/c"):
        c.cont_overwrite_at_key_chain("a/c", a(2))
    assert c.cont_overwrite_at_key_chain("a/b", a([8.0]), inplace=True) is c
    np.testing.assert_array_equal(npv(c["a/b"]), [8.0])


def test_set_and_overwrite_at_key_chains():
    c = C(a={"b": a(1), "c": a(2)})
    out = c.cont_set_at_key_chains({"a": {"c": a(20)}, "d": {"e": a(30)}})
    assert nested(out) == {"a": {"b": 1, "c": 20}, "d": {"e": 30}}
    assert nested(c) == {"a": {"b": 1, "c": 2}}
    o = c.cont_overwrite_at_key_chains({"a": {"c": a(20)}})
    assert nested(o) == {"a": {"b": 1, "c": 20}}
    with pytest.raises(KeyError, match="a/x"):
        c.cont_overwrite_at_key_chains({"a": {"x": a(0)}})
    assert c.cont_set_at_key_chains(C(a={"b": a(5)}), inplace=True) is c
    assert nested(c) == {"a": {"b": 5, "c": 2}}
    target = C(z=a(0))
    assert c.cont_overwrite_at_key_chains({"z": a(9)}, return_dict=target) is target
    assert nested(target) == {"z": 9}


def test_set_at_keys_create_if_absent_inplace_update():
    # Every entry, at any depth, whose key is in the dict is replaced.
    c = C(a=a(1), b={"a": a(2), "c": a(3)})
    assert nested(c.cont_set_at_keys({"a": a(0)})) == {"a": 0, "b": {"a": 0, "c": 3}}
    assert c.cont_set_at_keys({"b": {"z": a(9)}}).cont_all_key_chains() == ["a", "b/z"]
    d = C(a={"b": a(1)})
    assert d.cont_create_if_absent("a/b", a(5)) is False
    assert d.cont_create_if_absent("a/c/d", a(6)) is True
    assert nested(d) == {"a": {"b": 1, "c": {"d": 6}}}
    e = d.cont_create_if_absent("x", a(7), inplace=False)
    assert "x" in e and "x" not in d
    d.cont_inplace_update({"a": {"b": a(10)}, "e": a(5)}, print_indent=2)
    assert nested(d) == {"a": {"b": 10, "c": {"d": 6}}, "e": 5}
    assert d.cont_config["print_indent"] == 2


# ------------------------------------------------------------------- pruning


def test_prune_key_chains_and_keys():
    c = C(a=a(1), b={"c": a(2), "d": a(3)})
    # `{a:{b:1}}` minus `a/b` -> `{}`.
    assert len(C(a={"b": a(1)}).cont_prune_key_chain("a/b")) == 0
    assert c.cont_prune_key_chains(["a", "b/d"]).cont_all_key_chains() == ["b/c"]
    assert c.cont_prune_key_chains("b").cont_all_key_chains() == ["a"]
    assert c.cont_prune_key_chains({"b": {"c": None, "d": None}}).cont_all_key_chains() == ["a"]
    assert c.cont_prune_key_chains(None) is c
    # A query that is a substring of the whole key chain.
    assert c.cont_prune_keys(["c"]).cont_all_key_chains() == ["a", "b/d"]
    assert c.cont_prune_keys("b").cont_all_key_chains() == ["a"]
    assert c.cont_prune_keys(None) is c


def test_prune_empty_and_levels():
    c = C(a=a(1), b={"c": {}}, d={})
    assert c.cont_all_key_chains(include_empty=True) == ["a", "b/c", "d"]
    assert c.cont_prune_empty().cont_all_key_chains(include_empty=True) == ["a"]
    assert C(b={"c": {}}).cont_prune_empty(base=False) is None
    assert len(C(b={"c": {}}).cont_prune_empty()) == 0
    # `{Ayy:1, Bee:{Cee:2,Dee:3}}` with `"Bee"` -> `{Ayy:1, Cee:2, Dee:3}`.
    p = C(Ayy=a(1), Bee={"Cee": a(2), "Dee": a(3)})
    assert nested(p.cont_prune_key_from_key_chains("Bee")) == {"Ayy": 1, "Cee": 2, "Dee": 3}
    assert C(x={"b": a(1)}, y={"b": a(2)}).cont_prune_key_from_key_chains(containing="b").cont_all_key_chains() == ["x", "y"]
    with pytest.raises(ivy.IvyError):
        p.cont_prune_key_from_key_chains()
    q = C(a={"x": {"p": a(1)}}, b={"y": {"q": a(2)}}, c=a(3))
    assert q.cont_prune_keys_from_key_chains(absolute=["x"], containing=["y"]).cont_all_key_chains() == ["a/p", "b/q", "c"]


def test_cutoff():
    c = C(a=a(1), b={"c": {"d": {"e": a(2)}}})
    # At depth 2 -> `{a:1, b:{c:{}}}`; at height 1 -> `{a:1, b:{c:{d:{}}}}`.
    assert c.cont_cutoff_at_depth(2).cont_all_key_chains(include_empty=True) == ["a", "b/c"]
    assert c.cont_cutoff_at_height(1).cont_all_key_chains(include_empty=True) == ["a", "b/c/d"]
    d = c.cont_copy()
    assert d.cont_cutoff_at_depth(1, inplace=True) is None
    assert d.cont_all_key_chains(include_empty=True) == ["a", "b"]
    assert c.cont_cutoff_at_height(1, inplace=True) is None
    assert c.cont_all_key_chains(include_empty=True) == ["a", "b/c/d"]


# ------------------------------------------------- flattening, restructuring


def test_flatten():
    # `"a/b.c/d"` -> `"a__b__c__d"`; `("a/b/c/d", above_height=1, below_depth=1)` -> `"a/b__c/d"`.
    assert C.cont_flatten_key_chain("a/b.c/d") == "a__b__c__d"
    assert C.cont_flatten_key_chain("a/b/c/d", above_height=1, below_depth=1) == "a/b__c/d"
    assert C.cont_flatten_key_chain("a/b", replacement="_") == "a_b"
    c = C(a={"b": {"c": {"d": a(1)}}, "e": a(2)}, f={})
    assert c.cont_flatten_key_chains().cont_all_key_chains() == ["a__b__c__d", "a__e"]
    assert c.cont_flatten_key_chains(below_depth=1).cont_all_key_chains() == ["a/b__c__d", "a/e"]
    assert c.cont_flatten_key_chains(include_empty=True).cont_all_key_chains(include_empty=True) == ["a__b__c__d", "a__e", "f"]


def test_restructure_key_chains():
    c = C(a=a(1), b={"c": a(2), "d": a(3)})
    # `{a:'A', 'b/c':'B/C'}` gives `{A, B:{C}, b:{d}}`.
    out = c.cont_restructure_key_chains({"a": "A", "b/c": "B/C"})
    assert sorted(out.cont_all_key_chains()) == ["A", "B/C", "b/d"]
    assert nested(out["B"]) == {"C": 2}
    only = c.cont_restructure_key_chains({"a": "x/y"}, keep_orig=False)
    assert only.cont_all_key_chains() == ["x/y"]
    kept = c.cont_restructure_key_chains({"a": "z"}, replace=False)
    assert sorted(kept.cont_all_key_chains()) == ["a", "b/c", "b/d", "z"]
    with pytest.raises(KeyError, match="q"):
        c.cont_restructure_key_chains({"q": "r"})


def test_restructure_with_pattern():
    x = np.arange(12).reshape(1, 6, 2)
    c = C(img=a(x), keep=a(1))
    out = c.cont_restructure({"img": {"key_chain": "out/img", "pattern": "b (h w) c -> b h w c",
                                      "axes_lengths": {"h": 2}}})
    np.testing.assert_array_equal(npv(out["out/img"]), x.reshape(1, 2, 3, 2))
    t = c.cont_restructure({"img": {"key_chain": "t", "pattern": "b h c -> c (b h)"}})
    np.testing.assert_array_equal(npv(t.t), x.transpose(2, 0, 1).reshape(2, 6))
    plain = c.cont_restructure({"keep": "k"}, keep_orig=False)
    assert plain.cont_all_key_chains() == ["k"]


def test_slice_keys_and_via_key():
    c = C(a=a(1), b=a(2), c={"x": a(3)}, d=a(4), e=a(5))
    assert c.cont_slice_keys(slice(1, 3)).cont_all_key_chains() == ["b", "c/x"]
    # `"b:d"`: the first key starting with b to the last starting with d.
    assert c.cont_slice_keys("b:d").cont_all_key_chains() == ["b", "c/x", "d"]
    assert c.cont_slice_keys(0).cont_all_key_chains() == ["a"]
    d = C(a={"x": a(1), "y": a(2)}, b={"z": a(3)})
    assert d.cont_slice_keys({1: slice(1, None)}).cont_all_key_chains() == ["a/y"]
    assert d.cont_slice_keys(slice(0, 1), all_depths=True).cont_all_key_chains() == ["a/x"]
    with pytest.raises(ivy.IvyError):
        c.cont_slice_keys("bd")
    # `{a:{x:1,y:2}, b:{x:3,y:4}}` with `'x'` -> `{a:1, b:3}`.
    v = C(a={"x": a(1), "y": a(2)}, b={"x": a(3), "y": a(4)})
    assert nested(v.cont_slice_via_key("x")) == {"a": 1, "b": 3}


def test_slice_keys_negative_step():
    c = C(a=a(1), b=a(2), c=a(3), d=a(4), e=a(5))
    keys = list("abcde")
    assert c.cont_slice_keys(slice(None, None, -2)).keys() == sorted(keys[::-2])


def test_copy_reshape_unstack():
    c = abcd()
    d = c.cont_copy()
    # cont_identical([c, c.cont_copy()]) is True: the same arrays.
    assert C.cont_identical([c, d])
    d["x"] = a(1)
    assert "x" not in c
    r = C(a=a(np.arange(6)), b={"c": a([1, 2])}).cont_reshape_like({"a": (3,), "b": {"c": [1]}}, [2])
    assert r.a.shape == (2, 3) and r["b/c"].shape == (2, 1)
    s = C(a=a(np.arange(6))).cont_reshape_like(C(a=a([3, 2])))
    assert s.a.shape == (3, 2)
    with pytest.raises(KeyError, match="q"):
        c.cont_reshape_like({"q": (1,)})
    x = np.array([[1, 2], [3, 4]])
    u = C(a=a(x), b={"c": a([5, 6])})
    parts = u.cont_unstack_conts(0)
    assert len(parts) == 2
    np.testing.assert_array_equal(npv(parts[1].a), x[1])
    np.testing.assert_array_equal(npv(parts[1]["b/c"]), 6)
    k = C(a=a(x)).cont_unstack_conts(1, keepdims=True, dim_size=1)
    assert len(k) == 1 and k[0].a.shape == (2, 1)
    with pytest.raises(KeyError, match="b"):
        C(a=a([1, 2]), b=a([1, 2, 3])).cont_unstack_conts(0)


# ------------------------------------------------------------- with functions


def test_cont_map_options():
    c = C(a=a(1), b={"c": a(2), "d": a(3)})
    seen = []
    r = c.cont_map(lambda x, kc: (seen.append(kc), x * 10)[1], key_chains=["b/c"])
    assert seen == ["b/c"]
    assert nested(r) == {"a": 1, "b": {"c": 20, "d": 3}}
    r = c.cont_map(lambda x, kc: x * 10, ["b/c"], to_apply=False, prune_unapplied=True)
    assert nested(r) == {"a": 10, "b": {"d": 30}}
    seen.clear()
    c.cont_map(lambda x, kc: (seen.append(kc), x)[1], key_chain="p", key_chains=["p/a"])
    assert seen == ["p/a"]
    assert c.cont_map(lambda x, kc: x + 1, inplace=True) is c
    assert nested(c) == {"a": 2, "b": {"c": 3, "d": 4}}

    class Boom(Exception):
        pass

    def bad(x, kc):
        raise Boom(kc)

    with pytest.raises(Boom, match="a"):
        c.cont_map(bad)


def test_cont_map_sub_conts():
    c = C(a=a(1), b={"c": a(2), "d": {"e": a(3)}})
    seen = []

    def double(sub, kc):
        seen.append(kc)
        return sub * 2

    r = c.cont_map_sub_conts(double)
    # Bottom-up: children first, the container itself last.
    assert seen == ["b/d", "b", ""]
    # A leaf is doubled once per level at or above it.
    assert nested(r) == {"a": 2, "b": {"c": 8, "d": {"e": 24}}}
    seen.clear()
    r = c.cont_map_sub_conts(double, include_self=False)
    assert seen == ["b/d", "b"]
    assert nested(r) == {"a": 1, "b": {"c": 4, "d": {"e": 12}}}
    assert c.cont_map_sub_conts(lambda s, kc: s, key_chains=["a"], prune_unapplied=True).cont_all_key_chains() == ["a"]
    assert c.cont_map_sub_conts(double, inplace=True) is None
    assert nested(c) == {"a": 2, "b": {"c": 8, "d": {"e": 24}}}

    def not_a_container(sub, kc):
        return 5

    with pytest.raises(TypeError):
        c.cont_map_sub_conts(not_a_container)

    class Boom(Exception):
        pass

    def bad(sub, kc):
        raise Boom(kc)

    with pytest.raises(Boom):
        c.cont_map_sub_conts(bad)


def test_cont_multi_map():
    # `[C(a={b:2,c:4}, d={e:6,f:9}), C(a=2, d=3)]` with `xs[0]/xs[1]` gives
    # `{a:{b:1.,c:2.}, d:{e:2.,f:3.}}`.
    x = C(a={"b": a(2.0), "c": a(4.0)}, d={"e": a(6.0), "f": a(9.0)})
    y = C(a=a(2.0), d=a(3.0))
    q = C.cont_multi_map(lambda xs, kc: xs[0] / xs[1], [x, y])
    assert nested(q) == {"a": {"b": 1.0, "c": 2.0}, "d": {"e": 2.0, "f": 3.0}}
    # Non-container elements are broadcast, and passed as they are.
    seen = []
    s = C.cont_multi_map(lambda xs, kc: (seen.append((kc, xs[1])), xs[0] + xs[1])[1], [x, 10])
    assert nested(s) == {"a": {"b": 12.0, "c": 14.0}, "d": {"e": 16.0, "f": 19.0}}
    assert seen[0] == ("a/b", 10)
    # key_chains are prefixes; unapplied entries keep the first value.
    p = C.cont_multi_map(lambda xs, kc: xs[0] * 0, [x, y], key_chains=["a"])
    assert nested(p) == {"a": {"b": 0.0, "c": 0.0}, "d": {"e": 6.0, "f": 9.0}}
    p = C.cont_multi_map(lambda xs, kc: xs[0] * 0, [x, y], ["a"], prune_unapplied=True)
    assert p.cont_all_key_chains() == ["a/b", "a/c"]
    seen.clear()
    C.cont_multi_map(lambda xs, kc: (seen.append(kc), xs[0])[1], [y], key_chain="top")
    assert seen == ["top/a", "top/d"]
    cfg = C.cont_multi_map(lambda xs, kc: xs[0], [y], config={"print_indent": 2})
    assert cfg.cont_config["print_indent"] == 2
    with pytest.raises(ivy.IvyError):
        C.cont_multi_map(lambda xs, kc: xs[0], [1, 2])
    # A key only one container has breaks the shared structure.
    with pytest.raises(ivy.IvyError, match="g"):
        C.cont_multi_map(lambda xs, kc: xs[0], [y, C(a=a(1.0), d=a(1.0), g=a(1.0))])

    class Boom(Exception):
        pass

    def bad(xs, kc):
        raise Boom(kc)

    with pytest.raises(Boom):
        C.cont_multi_map(bad, [x, y])


def test_cont_reduce():
    # `[C(a=1,b={c:2}), C(a=3,b={c:4})]` with `sum` -> `{a:4, b:{c:6}}`.
    x = C(a=a(1), b={"c": a(2)})
    y = C(a=a(3), b={"c": a(4)})
    assert nested(C.cont_reduce([x, y], sum)) == {"a": 4, "b": {"c": 6}}
    np.testing.assert_array_equal(npv(C.cont_reduce([x, y], lambda xs: xs[0] * xs[1]).b.c), 8)

    def bad(xs):
        raise ZeroDivisionError("nope")

    with pytest.raises(ZeroDivisionError, match="nope"):
        C.cont_reduce([x, y], bad)


def test_format_key_chains():
    c = C(a=a(1), b={"c": a(2)})
    out = c.cont_format_key_chains(lambda kc: "w/" + kc.upper())
    assert out.cont_all_key_chains() == ["w/A", "w/B/C"]
    np.testing.assert_array_equal(npv(out["w/B/C"]), 2)

    def bad(kc):
        raise LookupError(kc)

    with pytest.raises(LookupError, match="a"):
        c.cont_format_key_chains(bad)
    with pytest.raises(TypeError):
        c.cont_format_key_chains(lambda kc: 3)


# ----------------------------------------------------- several containers


def test_combine_and_common_key_chains():
    x = C(a=a(1), b={"c": a(2), "d": a(3)})
    y = C(b={"c": a(20)}, e=a(5))
    # The right-most value wins.
    z = C.cont_combine(x, y)
    assert nested(z) == {"a": 1, "b": {"c": 20, "d": 3}, "e": 5}
    assert C.cont_combine(x, 5) == 5
    assert C.cont_combine(x, y, config={"print_indent": 1}).cont_config["print_indent"] == 1
    w = C(a=a(5), b={"d": a(4), "e": a(6)})
    assert set(C.cont_common_key_chains([x, w])) == {"a", "b/d"}


def test_list_stack_and_join():
    # `[C(a=1),C(a=3)]` -> `{a:[1,3]}`.
    s = C.cont_list_stack([C(a=a(1)), C(a=a(3))], 0)
    assert nested(s) == {"a": [1, 3]}
    # `[C(a=[1]),C(a=[3])]` -> `{a:[1,3]}`.
    j = C.cont_list_join([{"a": [a(1)]}, {"a": [a(3)]}])
    assert nested(j) == {"a": [1, 3]}
    # An array leaf joins as the list of its slices along axis 0.
    k = C.cont_list_join([C(a=a([1, 2])), C(a=a([3]))])
    assert nested(k) == {"a": [1, 2, 3]}
    x = C(a=a([1, 2]), b={"c": a(5)})
    y = C(a=a([3, 4]), b={"c": a(6)})
    st = C.cont_list_stack_arrays([x, y])
    np.testing.assert_array_equal(npv(st.a), np.stack([[1, 2], [3, 4]]))
    np.testing.assert_array_equal(npv(st["b/c"]), [5, 6])
    np.testing.assert_array_equal(npv(C.cont_list_stack_arrays([x, y], -1).a), np.stack([[1, 2], [3, 4]], -1))
    jo = C.cont_list_join_arrays([C(a=a([1, 2])), C(a=a([3]))], 0)
    np.testing.assert_array_equal(npv(jo.a), np.concatenate([[1, 2], [3]]))
    with pytest.raises(KeyError, match="b"):
        C.cont_list_stack_arrays([x, C(a=a([1, 2]))])


def test_unify():
    xv, yv = np.array([1.0, 2.0]), np.array([3.0, 4.0])
    x = C(a=a(xv), b={"c": a([10.0])})
    y = C(a=a(yv), b={"c": a([20.0])})
    s = C.cont_unify({"dev0": x, "dev1": y}, "cpu", "sum")
    np.testing.assert_allclose(npv(s.a), xv + yv)
    m = C.cont_unify([x, y], ivy.Device("cpu"), "mean")
    np.testing.assert_allclose(npv(m["b/c"]), [15.0])
    cat = C.cont_unify([x, y], "cpu", "concat", axis=0)
    np.testing.assert_allclose(npv(cat.a), np.concatenate([xv, yv]))
    with pytest.raises(ValueError):
        C.cont_unify([x, y], "cpu", "max")


def test_diff():
    x = C(a=a([1, 2]), b=a(5))
    y = C(a=a([1, 2]), b=a(6))
    z = C(a=a([1, 2]), b=a(5), c=a(0))
    # With 3 containers where #0 == #2 the keys are "diff_0, 2" and "diff_1";
    # a key only some have gives `{diff_i: value}`.
    d = C.cont_diff(x, y, z)
    assert d.cont_all_key_chains() == ["a", "b/diff_0, 2", "b/diff_1", "c/diff_2"]
    np.testing.assert_array_equal(npv(d["b/diff_1"]), 6)
    assert C.cont_diff(x, y, mode="diff_only").cont_all_key_chains() == ["b/diff_0", "b/diff_1"]
    assert C.cont_diff(x, y, mode="same_only").cont_all_key_chains() == ["a"]
    named = C.cont_diff(x, y, mode="diff_only", diff_keys=["old", "new"])
    assert named.cont_all_key_chains() == ["b/old", "b/new"]
    assert C.cont_diff(x, y, detect_value_diffs=False).cont_all_key_chains() == ["a", "b"]
    assert "c" in C.cont_diff(x, z, detect_key_diffs=False)
    with pytest.raises(ValueError):
        C.cont_diff(x, y, mode="some")
    # Keys and shapes only: the first container's value where they agree.
    s = C.cont_structural_diff(C(a=a([1, 2]), b=a([3])), C(a=a([5, 6]), b=a([3, 4])))
    assert s.cont_all_key_chains() == ["a", "b/diff_0", "b/diff_1"]
    np.testing.assert_array_equal(npv(s.a), [1, 2])
    s2 = C.cont_structural_diff(C(a=a([1, 2])), C(a=a([3])), detect_shape_diffs=False)
    assert s2.cont_all_key_chains() == ["a"]


def test_diff_by():
    x = C(a=a(1.0), b=a(2.0))
    y = C(a=a(1.2), b=a(3.0))
    d = C.cont_diff_by(x, y, same=lambda p, q: bool(np.allclose(npv(p), npv(q), atol=0.5)))
    assert d.cont_all_key_chains() == ["a", "b/diff_0", "b/diff_1"]

    def bad(p, q):
        raise RuntimeError("same failed")

    with pytest.raises(RuntimeError, match="same failed"):
        C.cont_diff_by(x, y, same=bad)


def test_identical_family():
    c = abcd()
    deep = c.cont_deep_copy()
    # Against cont_deep_copy() it is False unless same_arrays=False.
    assert not C.cont_identical([c, deep])
    assert C.cont_identical([c, deep], same_arrays=False)
    assert not C.cont_identical([c, C(a=a([1.0, 2.0]), b={"c": a([3.0]), "d": a([4.0, 6.0])})], same_arrays=False)
    assert C.cont_identical([c, deep], key_chains=["a"], same_arrays=True) is False
    other = C(a=a([9.0, 9.0]), b={"c": a([9.0]), "d": a([9.0, 9.0])})
    assert C.cont_identical([c, other], same_arrays=False, arrays_equal=False)
    assert C.cont_identical([c, C(a=c.a)], partial=True)
    # assert_and_assign: the first container takes the second's arrays.
    first = C(a=a([0.0, 0.0]))
    second = C(a=a([7.0, 8.0]))
    assert C.cont_identical([first, second], same_arrays=False, arrays_equal=False, assert_and_assign=True)
    np.testing.assert_array_equal(npv(first.a), [7.0, 8.0])

    C.cont_assert_identical([c, c.cont_copy()])
    with pytest.raises(ivy.IvyError, match="diff"):
        C.cont_assert_identical([c, deep])
    C.cont_assert_identical([c, deep], same_arrays=False)

    assert C.cont_identical_structure([c, other])
    assert not C.cont_identical_structure([c, C(a=a([1.0, 2.0]))])
    assert not C.cont_identical_structure([c, C(a=a([1.0]), b={"c": a([3.0]), "d": a([4.0, 5.0])})])
    assert C.cont_identical_structure([c, C(a=a([1.0]), b={"c": a([3.0]), "d": a([4.0, 5.0])})], check_shapes=False)
    C.cont_assert_identical_structure([c, other])
    with pytest.raises(KeyError, match="b"):
        C.cont_assert_identical_structure([c, C(a=a([1.0, 2.0]))])


def test_identical_configs_and_array_shapes():
    c = abcd()
    assert C.cont_identical_configs([c, c.cont_copy()])
    assert not C.cont_identical_configs([c, c.cont_with_print_indent(2)])
    with pytest.raises(ivy.IvyError):
        C.cont_identical_configs([c])
    x = C(a=a([1, 2, 3]), b={"c": a([[1, 2]])})
    y = C(p=a([[5, 6]]), q=a([7, 8, 9]))
    z = C(p=a([[5, 6]]), q=a([7, 8]))
    assert C.cont_identical_array_shapes([x, y])
    assert not C.cont_identical_array_shapes([x, z], exclusive=True)


def test_find_sub_container_and_structure():
    w = a([1.0, 2.0])
    c = C(layer={"b": a(0.0), "w": w}, other=a(1))
    sub = C(b=c["layer/b"], w=w)
    assert c.cont_find_sub_container(sub) == "layer"
    assert c.cont_contains_sub_container(sub)
    just_w = C(w=w)
    assert c.cont_find_sub_container(just_w) is False
    assert c.cont_find_sub_container(just_w, partial=True) == "layer"
    c.cont_assert_contains_sub_container(sub)
    with pytest.raises(ivy.IvyError, match="diff"):
        c.cont_assert_contains_sub_container(C(w=a([1.0, 3.0])))
    like = C(b=a(9.0), w=a([5.0, 6.0]))
    assert c.cont_find_sub_structure(like) == "layer"
    assert c.cont_find_sub_structure(C(b=a(9.0), w=a([5.0]))) is False
    assert c.cont_find_sub_structure(C(b=a(9.0), w=a([5.0])), check_shapes=False) == "layer"
    assert c.cont_contains_sub_structure(like)
    assert not c.cont_contains_sub_structure(C(q=a(1.0)))
    c.cont_assert_contains_sub_structure(like)
    with pytest.raises(ivy.IvyError, match="diff"):
        c.cont_assert_contains_sub_structure(C(w=a([1.0, 2.0, 3.0])))


# ------------------------------------------------------------------ bytes


def test_to_and_from_bytes():
    c = C(x=a(np.array([1, 2], dtype=np.uint8)), y={"z": a(0.25)})
    for fmt in ["safetensors", "json", "npz", "npz_compressed"]:
        b = c.cont_to_bytes(fmt)
        assert isinstance(b, bytes)
        assert C.cont_from_bytes(b, fmt) == c
        with pytest.raises(ivy.IvyError):
            C.cont_from_bytes(b[:-3], fmt)
    # .npz bytes read back with NumPy: one member per key chain.
    z = np.load(io.BytesIO(c.cont_to_bytes("npz")))
    assert sorted(z.files) == ["x", "y/z"]
    np.testing.assert_array_equal(z["x"], np.array([1, 2], dtype=np.uint8))
    # safetensors: an 8-byte little-endian header length, a JSON header.
    st = c.cont_to_bytes("safetensors")
    (n,) = struct.unpack("<Q", st[:8])
    header = json.loads(st[8:8 + n])
    assert header["x"]["dtype"] == "U8" and header["x"]["shape"] == [2]
    assert header["y/z"]["dtype"] == "F32" and header["y/z"]["shape"] == []
    with pytest.raises(TypeError):
        c.cont_to_bytes("h5py")
