"""Python Ivy's nest functions on Python lists, tuples and dicts: Ivy's
verified outputs (ivy.md section b), in-place mutation, namedtuple
rebuilding, post-order nest checks, pruning, and the errors."""

import collections
from collections import OrderedDict, UserDict

import pytest

import ivy_rs as ivy

Point = collections.namedtuple("Point", ["x", "y"])


# ---------------------------------------------------------------- indexing


def test_index_nest():
    x = {"a": 0, "b": [1, [2, 3]], "c": (4, 5)}
    assert ivy.index_nest(x, ("b", 1)) == [2, 3]
    assert ivy.index_nest(x, ["c", 0]) == 4
    assert ivy.index_nest(x, ()) is x
    y = [["a", "b", "c"], ["d", "e", "f"], ["g", ["h", "i"]]]
    assert ivy.index_nest(y, (2, 1, 0)) == "h"


def test_index_nest_errors():
    with pytest.raises(ivy.IvyIndexError, match="index_nest"):
        ivy.index_nest([1, 2], (5,))
    with pytest.raises(ivy.IvyKeyError):
        ivy.index_nest({"a": 1}, ("b",))
    # They are still the standard errors.
    with pytest.raises(IndexError):
        ivy.index_nest((1,), (1,))


def test_multi_index_nest():
    x = {"a": [1, 2], "b": (3, {"c": 4})}
    assert ivy.multi_index_nest(x, [("a", 1), ("b", 1, "c"), ("b", 0)]) == [2, 4, 3]
    with pytest.raises(ivy.IvyIndexError):
        ivy.multi_index_nest(x, [("a", 9)])


# ----------------------------------------------------------------- pruning


def test_prune_nest_at_index():
    x = {"a": [1, 2, 3], "b": {"c": 4, "d": 5}}
    assert ivy.prune_nest_at_index(x, ("a", 1)) is None
    ivy.prune_nest_at_index(x, ("b", "c"))
    assert x == {"a": [1, 3], "b": {"d": 5}}
    with pytest.raises(ivy.IvyIndexError):
        ivy.prune_nest_at_index(x, ("a", 7))
    with pytest.raises(ivy.IvyIndexError):
        ivy.prune_nest_at_index(x, ())


def test_prune_nest_at_indices():
    # Verified.
    x = {"a": [1, 2, 3], "b": 4}
    assert ivy.prune_nest_at_indices(x, (("a", 0), ("a", 2), ("b",))) is None
    assert x == {"a": [2]}


def test_prune_nest_at_indices_sorts_by_str():
    # "(2,)" sorts after "(10,)", so position 2 goes first and 10 is then
    # out of range, as in Ivy.
    with pytest.raises(ivy.IvyIndexError):
        ivy.prune_nest_at_indices(list(range(11)), ((10,), (2,)))
    x = list(range(5))
    ivy.prune_nest_at_indices(x, ((1,), (3,)))
    assert x == [0, 2, 4]


# ----------------------------------------------------------------- setting


def test_set_nest_at_index_shallow_mutates():
    # Verified: the tuple is rebuilt, the dict holding it is updated in place.
    x = {"a": (1, 2)}
    ret = ivy.set_nest_at_index(x, ("a", 1), 9)
    assert ret == {"a": (1, 9)}
    assert x == {"a": (1, 9)}
    assert ret is x


def test_set_nest_at_index_root_tuple():
    # Verified: a root tuple is rebuilt; the original is unchanged.
    x = (1, [2, 3])
    ret = ivy.set_nest_at_index(x, (0,), 7)
    assert ret == (7, [2, 3])
    assert x == (1, [2, 3])
    # The list inside is shared, so it is updated in place.
    ret = ivy.set_nest_at_index(x, (1, 0), 8)
    assert ret == (1, [8, 3])
    assert x == (1, [8, 3])


def test_set_nest_at_index_not_shallow():
    x = {"a": [1, 2], "b": (3, 4)}
    ret = ivy.set_nest_at_index(x, ("a", 0), 9, shallow=False)
    assert ret == {"a": [9, 2], "b": (3, 4)}
    assert x == {"a": [1, 2], "b": (3, 4)}
    assert ret is not x and ret["a"] is not x["a"]


def test_set_nest_at_index_namedtuple():
    x = {"p": Point(1, 2)}
    ret = ivy.set_nest_at_index(x, ("p", 1), 5)
    assert type(ret["p"]) is Point and ret["p"] == Point(1, 5)
    root = Point(1, 2)
    ret = ivy.set_nest_at_index(root, (0,), 3)
    assert type(ret) is Point and ret == Point(3, 2)
    assert root == Point(1, 2)


def test_set_nest_at_index_new_key_and_errors():
    x = {"a": 1}
    assert ivy.set_nest_at_index(x, ("b",), 2) == {"a": 1, "b": 2}
    with pytest.raises(ivy.IvyIndexError):
        ivy.set_nest_at_index([1], (3,), 0)
    with pytest.raises(ivy.IvyKeyError):
        ivy.set_nest_at_index({"a": {}}, ("b", "c"), 0)


def test_set_nest_at_indices():
    x = {"a": [1, 2], "b": (3, 4)}
    ret = ivy.set_nest_at_indices(x, (("a", 0), ("b", 1)), ("u", "v"))
    assert ret == {"a": ["u", 2], "b": (3, "v")}
    assert x == ret
    # A value that is not a list or tuple is used for every index.
    ret = ivy.set_nest_at_indices([1, 2, 3], ((0,), (2,)), 0)
    assert ret == [0, 2, 0]
    # Both updates of one tuple survive.
    ret = ivy.set_nest_at_indices((1, 2, 3), ((0,), (2,)), [7, 9])
    assert ret == (7, 2, 9)


def test_set_nest_at_indices_not_shallow():
    x = [[1, 2], (3, Point(4, 5))]
    ret = ivy.set_nest_at_indices(x, ((0, 1), (1, 1, 0)), [8, 9], shallow=False)
    assert ret == [[1, 8], (3, Point(9, 5))]
    assert type(ret[1][1]) is Point
    assert x == [[1, 2], (3, Point(4, 5))]


# --------------------------------------------------------------- inserting


def test_insert_into_nest_at_index():
    # Verified.
    x = [1, [2, 3]]
    assert ivy.insert_into_nest_at_index(x, (1, 0), "x") is None
    assert x == [1, ["x", 2, 3]]
    y = {"a": 1}
    ivy.insert_into_nest_at_index(y, ("b", "c"), 5)
    assert y == {"a": 1, "b": {"c": 5}}
    # A dict key at the end is set.
    z = {"a": [1]}
    ivy.insert_into_nest_at_index(z, ("a",), 2)
    assert z == {"a": 2}
    with pytest.raises(ivy.IvyIndexError):
        ivy.insert_into_nest_at_index([[1]], (4, 0), 0)


def test_insert_into_nest_at_indices():
    # Verified: later indices see the earlier inserts.
    x = [[1, 2], [3, 4]]
    assert ivy.insert_into_nest_at_indices(x, ((0, 0), (1, 1)), (9, 8)) is None
    assert x == [[9, 1, 2], [3, 8, 4]]
    y = [1, 2]
    ivy.insert_into_nest_at_indices(y, ((0,), (0,)), ["a", "b"])
    assert y == ["b", "a", 1, 2]


# ----------------------------------------------------------------- mapping


def test_map_nest_at_index():
    x = {"a": [1, 2], "b": (3, 4)}
    ret = ivy.map_nest_at_index(x, ("a", 0), lambda v: v + 10)
    assert ret == {"a": [11, 2], "b": (3, 4)}
    assert x is ret
    ret = ivy.map_nest_at_index(x, ("b", 1), lambda v: -v)
    assert ret["b"] == (3, -4) and x["b"] == (3, -4)
    y = [(1, 2)]
    ret = ivy.map_nest_at_index(y, (0, 0), str, shallow=False)
    assert ret == [("1", 2)]
    assert y == [(1, 2)]
    with pytest.raises(ivy.IvyKeyError):
        ivy.map_nest_at_index({"a": 1}, ("b",), str)


def test_map_nest_at_indices():
    x = [1, {"a": 2, "b": (3,)}]
    ret = ivy.map_nest_at_indices(x, ((0,), (1, "a"), (1, "b", 0)), lambda v: v * 2)
    assert ret == [2, {"a": 4, "b": (6,)}]
    assert x == ret
    # Shallow: a repeated index sees the earlier update; not shallow: `fn`
    # reads the untouched original each time.
    assert ivy.map_nest_at_indices([1], ((0,), (0,)), lambda v: v + 1) == [3]
    y = [1]
    assert ivy.map_nest_at_indices(y, ((0,), (0,)), lambda v: v + 1, shallow=False) == [2]
    assert y == [1]


# ----------------------------------------------------------------- finding


def test_nested_argwhere():
    x = {"a": [1, -2, (3, -4)], "b": -5}
    assert ivy.nested_argwhere(x, lambda v: v < 0) == [["a", 1], ["a", 2, 1], ["b"]]
    assert ivy.nested_argwhere([1, 2], lambda v: v > 5) == []
    # A bare leaf.
    assert ivy.nested_argwhere(3, lambda v: v == 3) == [[]]
    assert ivy.nested_argwhere(3, lambda v: v == 4) is False
    # UserDicts are recursed into.
    assert ivy.nested_argwhere(UserDict(a=1, b=2), lambda v: v == 2) == [["b"]]


def test_nested_argwhere_check_nests_post_order():
    x = [[1, 2], {"a": [3]}]
    found = ivy.nested_argwhere(x, lambda v: isinstance(v, list) or v == 2, check_nests=True)
    # Each nest comes after its children; the root itself is not reported.
    assert found == [[0, 1], [0], [1, "a"]]


def test_nested_argwhere_to_ignore():
    x = [(1, 2), [3, 4]]
    found = ivy.nested_argwhere(x, lambda v: isinstance(v, tuple) or v == 3, to_ignore=tuple)
    assert found == [[0], [1, 0]]


def test_nested_argwhere_stop_after_n_found():
    x = [[1, 2], [3, 4], 5]
    everything = lambda _: True  # noqa: E731
    assert ivy.nested_argwhere(x, everything, stop_after_n_found=1) == [[0, 0]]
    assert ivy.nested_argwhere(x, everything, stop_after_n_found=3) == [[0, 0], [0, 1], [1, 0]]
    assert ivy.nested_argwhere(x, everything, stop_after_n_found=10) == [
        [0, 0], [0, 1], [1, 0], [1, 1], [2]]
    assert ivy.nested_argwhere(x, everything, stop_after_n_found=0) == []


def test_all_nested_indices():
    # Verified.
    x = {"a": [1, (2, 3)], "b": 4}
    assert ivy.all_nested_indices(x) == [["a", 0], ["a", 1, 0], ["a", 1, 1], ["b"]]
    assert ivy.all_nested_indices(x, include_nests=True) == [
        ["a", 0], ["a", 1, 0], ["a", 1, 1], ["a", 1], ["a"], ["b"]]
    assert ivy.all_nested_indices(7) == [[]]
    assert ivy.all_nested_indices() == [[]]
    assert ivy.all_nested_indices([[], 1], include_nests=True) == [[0], [1]]


def test_nested_any():
    x = {"a": [1, (2, 3)], "b": 4}
    assert ivy.nested_any(x, lambda v: v == 3) is True
    assert ivy.nested_any(x, lambda v: v == 9) is False
    is_dict = lambda v: isinstance(v, dict)  # noqa: E731
    assert ivy.nested_any(x, is_dict) is False
    # With check_nests the nests are tested too, the root included.
    assert ivy.nested_any(x, is_dict, check_nests=True) is True
    assert ivy.nested_any(5, lambda v: v == 5) is True


# ---------------------------------------------------------------------- map


def test_map():
    # Verified.
    assert ivy.map(lambda a, b: a + b, {"a": 10}, {"b": [1, 2, 3]}) == [11, 12, 13]
    assert ivy.map(lambda a, b: a + b, {"a": 10}, {"b": [1, 2, 3]}, mean=True) == 12.0
    # Several unique iterables are zipped.
    assert ivy.map(lambda a, b: a * b, unique={"a": [1, 2], "b": [3, 4]}) == [3, 8]


# --------------------------------------------------------------- nested_map


def test_nested_map_shallow_mutates():
    x = {"a": [1, 2], "b": {"c": 3}, "d": (4, 5)}
    inner = x["a"]
    ret = ivy.nested_map(lambda v: v * 10, x)
    assert ret == {"a": [10, 20], "b": {"c": 30}, "d": (40, 50)}
    # Lists and dicts are updated in place.
    assert ret is x and x["a"] is inner and inner == [10, 20]


def test_nested_map_not_shallow():
    x = {"a": [1, 2], "b": (3,)}
    ret = ivy.nested_map(lambda v: v + 1, x, shallow=False)
    assert ret == {"a": [2, 3], "b": (4,)}
    assert x == {"a": [1, 2], "b": (3,)}


def test_nested_map_exact_types():
    p = Point(1, 2)
    od = OrderedDict(a=1)
    seen = []
    ivy.nested_map(seen.append, [p, od])
    # Without include_derived a namedtuple and an OrderedDict are leaves.
    assert seen[0] is p and seen[1] is od
    ret = ivy.nested_map(lambda v: v * 2, [p], include_derived=True)
    assert type(ret[0]) is Point and ret[0] == Point(2, 4)
    ret = ivy.nested_map(lambda v: v * 2, [p], include_derived={"tuple": True})
    assert ret[0] == Point(2, 4)
    ret = ivy.nested_map(lambda v: -v, OrderedDict(a=1), include_derived={"dict": True},
                         shallow=False)
    assert type(ret) is OrderedDict and ret == {"a": -1}
    # A UserDict is always a dict.
    u = UserDict(a=1)
    assert ivy.nested_map(lambda v: v + 1, u) is u and u["a"] == 2


def test_nested_map_to_mutable_and_to_ignore():
    ret = ivy.nested_map(lambda v: v, (1, (2, Point(3, 4))), include_derived=True, to_mutable=True)
    assert ret == [1, [2, [3, 4]]]
    seen = []
    ivy.nested_map(seen.append, [(1, 2), [3]], to_ignore=tuple)
    assert seen == [(1, 2), 3]


def test_nested_map_slice_and_container():
    assert ivy.nested_map(lambda v: None if v is None else v * 2, [slice(1, 5, None)]) == [
        slice(2, 10, None)]
    c = ivy.Container(a=[1.0])
    seen = []
    ivy.nested_map(seen.append, [c])
    assert seen == [c]


# ---------------------------------------------------------------- copy_nest


def test_copy_nest():
    leaf = object()
    x = {"a": [leaf, (1, 2)], "b": {"c": leaf}}
    y = ivy.copy_nest(x)
    assert y == x
    assert y is not x and y["a"] is not x["a"] and y["b"] is not x["b"]
    # Leaves are not copied.
    assert y["a"][0] is leaf and y["b"]["c"] is leaf
    assert ivy.copy_nest((1, [2]), to_mutable=True) == [1, [2]]


def test_copy_nest_derived():
    p = Point([1], 2)
    od = OrderedDict(a=[1])
    # Without include_derived they are leaves, returned as they are.
    assert ivy.copy_nest(p) is p
    assert ivy.copy_nest(od) is od
    q = ivy.copy_nest(p, include_derived=True)
    assert type(q) is Point and q == p and q.x is not p.x
    d = ivy.copy_nest(od, include_derived=True)
    assert type(d) is OrderedDict and d == od and d["a"] is not od["a"]


# --------------------------------------------------------- nested_multi_map


def add(xs, _):
    return xs[0] + xs[1]


def test_nested_multi_map():
    # Verified.
    assert ivy.nested_multi_map(add, [[1, {"a": 2}], [10, {"a": 20}]], to_ivy=False) == [
        11, {"a": 22}]
    # Verified: a leaf nest is broadcast.
    assert ivy.nested_multi_map(add, [[1, {"a": 2}], 100], to_ivy=False) == [101, {"a": 102}]


def test_nested_multi_map_index_chains():
    chains = []
    ret = ivy.nested_multi_map(lambda xs, kc: chains.append(kc) or xs[0],
                               [[1, {"a": 2}, (3,)]], to_ivy=False)
    assert ret == [1, {"a": 2}, (3,)]
    assert chains == ["0", "1/a", "2/0"]
    # Verified: with index_chains, unapplied leaves are dropped even without
    # prune_unapplied.
    ret = ivy.nested_multi_map(lambda xs, _: xs[0] * 0, [[1, {"a": 2}]], index_chains=["1/a"],
                               to_ivy=False)
    assert ret == [{"a": 0}]
    # Prefix matching; to_apply=False applies the others.
    ret = ivy.nested_multi_map(lambda xs, _: -xs[0], [{"ab": 1, "c": 2}], index_chains=["a"],
                               to_apply=False, to_ivy=False)
    assert ret == {"c": -2}


def test_nested_multi_map_prune_unapplied():
    nest = [[1, {"a": 2}]]
    ret = ivy.nested_multi_map(lambda xs, _: xs[0], nest, index_chains=["0"], to_ivy=False)
    assert ret == [1, {}]
    ret = ivy.nested_multi_map(lambda xs, _: xs[0], nest, index_chains=["0"],
                               prune_unapplied=True, to_ivy=False)
    assert ret == [1]
    assert ivy.nested_multi_map(lambda xs, _: xs[0], [[]], prune_unapplied=True) is None


def test_nested_multi_map_structures():
    # A tuple driver gives a tuple; a dict nest under a list driver gives
    # its key at the same position.
    ret = ivy.nested_multi_map(add, [(1, 2), {"p": 10, "q": 20}], to_ivy=False)
    assert ret == (11, 22)
    ret = ivy.nested_multi_map(add, [{"a": 1, "b": 2}, [10, 20]], to_ivy=False)
    assert ret == {"a": 11, "b": 22}
    # The driver is the first list, tuple or dict.
    ret = ivy.nested_multi_map(lambda xs, _: xs, [5, [1, 2]], to_ivy=False)
    assert ret == [[5, 1], [5, 2]]


def test_nested_multi_map_to_ivy():
    ret = ivy.nested_multi_map(add, [[1.0, {"a": 2.0}], [10.0, {"a": 20.0}]])
    assert isinstance(ret[0], ivy.Array) and isinstance(ret[1]["a"], ivy.Array)
    assert ret[0].tolist() == 11.0 and ret[1]["a"].tolist() == 22.0
    # When the last nest is an array the result is returned as it is.
    marker = object()
    ret = ivy.nested_multi_map(lambda xs, _: marker, [[1.0], [ivy.Array([2.0])]])
    assert ret == [marker]


def test_nested_multi_map_container():
    c1 = ivy.Container(a=[1.0], b={"c": [2.0]})
    c2 = ivy.Container(a=[10.0], b={"c": [20.0]})
    ret = ivy.nested_multi_map(lambda xs, _: xs[0] + xs[1], [c1, c2])
    assert isinstance(ret, ivy.Container)
    assert ret["a"].tolist() == [11.0] and ret["b"]["c"].tolist() == [22.0]


# ---------------------------------------------- duplicate_array_index_chains


def test_duplicate_array_index_chains():
    # Verified.
    x = ivy.Array([1.0])
    y = ivy.Array([2.0])
    nest = [{"a": x, "b": {"c": y, "d": x}}, [x, y]]
    assert ivy.duplicate_array_index_chains(nest) == [
        [[0, "a"], [0, "b", "d"], [1, 0]], [[0, "b", "c"], [1, 1]]]
    # Only arrays count, and equal but distinct arrays are not duplicates.
    z = ivy.Array([1.0])
    assert ivy.duplicate_array_index_chains([x, 1, z, (x,)]) == [[[0], [3, 0]], [[2]]]


# -------------------------------------------------------------- prune_empty


def test_prune_empty():
    # Verified.
    assert ivy.prune_empty({"a": [{}, {}], "b": {"c": [1], "d": []}}) == {"b": {"c": [1]}}
    assert ivy.prune_empty([[], {}]) is None
    assert ivy.prune_empty({"a": None, "b": 0}) == {"b": 0}


def test_prune_empty_leaves_and_mutation():
    x = {"a": (1, None), "b": {"c": {}}, "d": "s"}
    ret = ivy.prune_empty(x)
    # Dicts are pruned in place; tuples become lists.
    assert ret is x
    assert x == {"a": [1], "d": "s"}
    # Arrays, ints (bools too), floats and strs survive; other leaves do not.
    arr = ivy.Array([1.0])
    ret = ivy.prune_empty([arr, True, 2.5, object(), 1j])
    assert ret[0] is arr and ret[1:] == [True, 2.5]
    assert ivy.prune_empty(None) is None
    assert ivy.prune_empty(object()) is None
    assert ivy.prune_empty(3) == 3


def test_star_import_has_the_nest_functions_and_the_extensions():
    namespace = {}
    exec("from ivy_rs import *", namespace)
    for name in ("nested_map", "index_nest", "prune_empty", "linalg", "fft", "Container", "add",
                 "PreciseMode", "with_backend"):
        assert name in namespace, name
