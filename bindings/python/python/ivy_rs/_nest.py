"""Python Ivy's 19 nest functions (``ivy/functional/ivy/nest.py``).

These act on Python objects (lists, tuples, dicts, namedtuples, UserDicts,
slices), so they are written in Python; the leaves can be any object. They
follow Python Ivy's behaviour, quirks included: ``shallow=True`` mutates the
input in place, ``check_nests`` reports a nest after its children, and so on.

An index is a sequence of keys and positions, e.g. ``("b", "c", 1, 0)``:
dicts are indexed by key, lists and tuples by position.

As in Ivy, every function except ``prune_empty`` re-raises an ``IndexError``,
``KeyError``, ``ValueError`` or ``NotImplementedError`` as the matching
``ivy_rs`` exception (``IvyIndexError`` and so on, which subclass them), with
the function's name in front of the message.
"""

import builtins as _builtins
import functools as _functools
from collections import OrderedDict as _OrderedDict
from collections import UserDict as _UserDict

__all__ = [
    "index_nest",
    "multi_index_nest",
    "prune_nest_at_index",
    "prune_nest_at_indices",
    "set_nest_at_index",
    "set_nest_at_indices",
    "insert_into_nest_at_index",
    "insert_into_nest_at_indices",
    "map_nest_at_index",
    "map_nest_at_indices",
    "nested_argwhere",
    "all_nested_indices",
    "map",
    "nested_map",
    "nested_any",
    "copy_nest",
    "nested_multi_map",
    "duplicate_array_index_chains",
    "prune_empty",
]

# The standard exceptions Ivy's `handle_exceptions` re-raises as its own, by
# exact type, and the names of ivy_rs's counterparts.
_IVY_ERRORS = {
    IndexError: "IvyIndexError",
    KeyError: "IvyKeyError",
    ValueError: "IvyValueError",
    NotImplementedError: "IvyNotImplementedError",
}
_CAUGHT = tuple(_IVY_ERRORS)


def _handle_exceptions(fn):
    """Ivy's ``handle_exceptions``: re-raise a standard error of one of the
    types of ``_IVY_ERRORS`` as the ivy_rs exception, as
    ``"<fn name>: <message>"``. Anything else (ivy_rs's own errors included)
    passes through."""

    @_functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except _CAUGHT as e:
            name = _IVY_ERRORS.get(type(e))
            if name is None:
                raise
            from . import _ivy_rs

            raise getattr(_ivy_rs, name)(f"{fn.__name__}: {e}") from e

    return wrapper


def _rebuild_tuple(like, items):
    """A tuple of the type of `like` holding `items` (a namedtuple takes its
    fields as separate arguments)."""
    if hasattr(like, "_fields"):
        return type(like)(*items)
    return type(like)(items)


@_handle_exceptions
def index_nest(nest, index, /):
    """The element of `nest` at `index` (a sequence of keys and positions).

    ``index_nest({"a": [1, (2, 3)]}, ("a", 1, 0))`` is ``2``; an empty index
    gives `nest` itself.
    """
    ret = nest
    for i in index:
        ret = ret[i]
    return ret


@_handle_exceptions
def multi_index_nest(nest, indices, /):
    """The elements of `nest` at each of `indices`, as a list."""
    return [index_nest(nest, i) for i in indices]


@_handle_exceptions
def prune_nest_at_index(nest, index, /):
    """Delete the element of `nest` at `index`, in place. Returns None."""
    for key in index[:-1]:
        nest = nest[key]
    del nest[index[-1]]


@_handle_exceptions
def prune_nest_at_indices(nest, indices, /):
    """Delete the elements of `nest` at `indices`, in place. Returns None.

    As in Ivy, the indices are pruned in the reverse order of their ``str``,
    so later list positions usually go first:
    ``{"a": [1, 2, 3], "b": 4}`` pruned at ``(("a", 0), ("a", 2), ("b",))``
    becomes ``{"a": [2]}``.
    """
    for index in sorted(indices, key=str, reverse=True):
        prune_nest_at_index(nest, index)


def _update_at(nest, index, new_value, result):
    """The worker of ``set_nest_at_index`` and ``map_nest_at_index``.

    `result` is the structure to return at this level: `nest` itself when
    shallow, else its copy. `new_value(parent, key)` gives the value for the
    last key, `parent` being the level of the original `nest`. Mutable levels
    of `result` are updated in place; tuples are rebuilt on the way up.
    """
    items = list(result) if isinstance(result, tuple) else result
    key = index[0]
    if len(index) == 1:
        items[key] = new_value(nest, key)
    else:
        items[key] = _update_at(nest[key], index[1:], new_value, items[key])
    return _rebuild_tuple(result, items) if isinstance(result, tuple) else items


@_handle_exceptions
def set_nest_at_index(nest, index, value, /, shallow=True):
    """`nest` with `value` at `index`.

    With ``shallow=True`` the mutable levels of `nest` are updated in place
    and tuples on the path are rebuilt, so ``{"a": (1, 2)}`` set at
    ``("a", 1)`` to 9 returns and becomes ``{"a": (1, 9)}``; a root tuple is
    returned rebuilt and the original is unchanged. With ``shallow=False``
    the work is done on ``copy_nest(nest, include_derived=True)`` and `nest`
    is left untouched.
    """
    result = nest if shallow else copy_nest(nest, include_derived=True)
    return _update_at(nest, index, lambda parent, key: value, result)


@_handle_exceptions
def set_nest_at_indices(nest, indices, values, /, shallow=True):
    """`nest` with each of `values` at the matching index of `indices` (see
    ``set_nest_at_index``). A `values` that is not a list or tuple is used
    for every index."""
    if not isinstance(values, (list, tuple)):
        values = [values] * len(indices)
    result = nest if shallow else copy_nest(nest, include_derived=True)
    for index, value in zip(indices, values):
        result = _update_at(nest, index, lambda parent, key, v=value: v, result)
    return result


@_handle_exceptions
def insert_into_nest_at_index(nest, index, value):
    """Insert `value` into `nest` at `index`, in place. Returns None.

    At the last key a list gets ``list.insert``, anything else a plain set;
    a dict key missing along the path is created as ``{}``:
    ``[1, [2, 3]]`` at ``(1, 0)`` with ``"x"`` becomes ``[1, ["x", 2, 3]]``,
    ``{"a": 1}`` at ``("b", "c")`` with 5 becomes
    ``{"a": 1, "b": {"c": 5}}``.
    """
    for key in index[:-1]:
        if isinstance(nest, dict) and key not in nest:
            nest[key] = {}
        nest = nest[key]
    key = index[-1]
    if isinstance(nest, list):
        nest.insert(key, value)
    else:
        nest[key] = value


@_handle_exceptions
def insert_into_nest_at_indices(nest, indices, values, /):
    """Insert each of `values` at the matching index of `indices`, in place
    and in order, so later indices see the earlier inserts. Returns None. A
    `values` that is not a list or tuple is used for every index."""
    if not isinstance(values, (list, tuple)):
        values = [values] * len(indices)
    for index, value in zip(indices, values):
        insert_into_nest_at_index(nest, index, value)


@_handle_exceptions
def map_nest_at_index(nest, index, fn, /, shallow=True):
    """`nest` with the element at `index` replaced by ``fn(element)``; in
    place and copying as ``set_nest_at_index``."""
    result = nest if shallow else copy_nest(nest, include_derived=True)
    return _update_at(nest, index, lambda parent, key: fn(parent[key]), result)


@_handle_exceptions
def map_nest_at_indices(nest, indices, fn, /, shallow=True):
    """`nest` with the element at each of `indices` replaced by
    ``fn(element)`` (see ``map_nest_at_index``). `fn` always reads the
    element of `nest`, so with ``shallow=False`` a repeated index is mapped
    once, not twice."""
    result = nest if shallow else copy_nest(nest, include_derived=True)
    for index in indices:
        result = _update_at(nest, index, lambda parent, key: fn(parent[key]), result)
    return result


@_handle_exceptions
def nested_argwhere(nest, fn, check_nests=False, to_ignore=None, stop_after_n_found=None):
    """The indices (lists) of the leaves of `nest` where `fn` is truthy,
    depth first in list and dict order.

    Tuples, lists, dicts and UserDicts are recursed into, except instances
    of the types `to_ignore`, which are leaves. With `check_nests` a nest
    whose ``fn`` is truthy is also reported, after its children (the root
    itself never is). The search stops once `stop_after_n_found` indices are
    found. A bare leaf gives ``[[]]`` if `fn` holds, else ``False``.
    """
    to_ignore = () if to_ignore is None else to_ignore
    return _argwhere(nest, fn, check_nests, to_ignore, [], stop_after_n_found)


def _argwhere(nest, fn, check_nests, to_ignore, index, limit):
    """``nested_argwhere`` below `index`, finding at most about `limit`
    indices (a nest reported by `check_nests` may go over)."""
    if isinstance(nest, (tuple, list)) and not isinstance(nest, to_ignore):
        children = enumerate(nest)
    elif isinstance(nest, (dict, _UserDict)) and not isinstance(nest, to_ignore):
        children = nest.items()
    else:
        return [index] if fn(nest) else False
    found = []
    for key, item in children:
        if limit is not None and len(found) >= limit:
            break
        rest = None if limit is None else limit - len(found)
        # A leaf child gives False when `fn` does not hold.
        found += _argwhere(item, fn, check_nests, to_ignore, index + [key], rest) or []
    # The root's own (empty) index is never reported: Ivy drops empty indices.
    if check_nests and fn(nest) and index:
        found.append(index)
    return found


@_handle_exceptions
def all_nested_indices(nest=None, /, include_nests=False):
    """The indices (lists) of every leaf of `nest`, depth first; with
    `include_nests` every tuple, list and dict below the root too, each
    after its children. A bare leaf gives ``[[]]``.

    ``{"a": [1, (2, 3)], "b": 4}`` gives
    ``[["a", 0], ["a", 1, 0], ["a", 1, 1], ["b"]]``.
    """
    return _all_indices(nest, include_nests, [])


def _all_indices(nest, include_nests, index):
    """``all_nested_indices`` below `index`."""
    if isinstance(nest, (tuple, list)):
        children = enumerate(nest)
    elif isinstance(nest, dict):
        children = nest.items()
    else:
        return [index]
    found = []
    for key, item in children:
        found += _all_indices(item, include_nests, index + [key])
    # The root's own (empty) index is never reported: Ivy drops empty indices.
    if include_nests and index:
        found.append(index)
    return found


@_handle_exceptions
def map(fn, constant=None, unique=None, mean=False):
    """``fn(**constant, **{k: v_i for k in unique})`` for each i, zipping
    the iterables of the dict `unique`; with `mean` the mean of the results.

    ``map(lambda a, b: a + b, {"a": 10}, {"b": [1, 2, 3]})`` is
    ``[11, 12, 13]``, or ``12.0`` with ``mean=True``.
    """
    constant = {} if constant is None else constant
    unique = {} if unique is None else unique
    keys = list(unique)
    rets = list(
        _builtins.map(lambda *vals: fn(**constant, **dict(zip(keys, vals))), *unique.values())
    )
    if mean:
        return sum(rets) / len(rets)
    return rets


@_handle_exceptions
def nested_map(fn, x, /, include_derived=None, to_ignore=None, to_mutable=False, shallow=True):
    """`x` with `fn` applied to each of its leaves.

    - Tuples, lists and dicts are matched by exact type unless
      `include_derived` (True, or a dict such as ``{"tuple": True}``) lets
      their subclasses in; a UserDict is always a dict. Instances of the
      types `to_ignore` are leaves, and so is an ``ivy_rs.Container``.
    - Tuples are rebuilt (namedtuples field by field), or become lists with
      `to_mutable`.
    - With ``shallow=True`` lists and dicts are updated in place, so `x` is
      mutated; ``shallow=False`` builds new ones.
    - A slice gets `fn` applied to its start, stop and step.
    """
    if include_derived is True:
        derived = {"tuple": True, "list": True, "dict": True}
    else:
        derived = dict(include_derived or {})
    to_ignore = () if to_ignore is None else to_ignore

    def matches(obj, kind, cls):
        return isinstance(obj, cls) if derived.get(kind, False) else type(obj) is cls

    def walk(obj):
        if matches(obj, "tuple", tuple) and not isinstance(obj, to_ignore):
            items = [walk(i) for i in obj]
            return items if to_mutable else _rebuild_tuple(obj, items)
        if matches(obj, "list", list) and not isinstance(obj, to_ignore):
            items = [walk(i) for i in obj]
            if shallow:
                obj[:] = items
                return obj
            return type(obj)(items)
        if (matches(obj, "dict", dict) or isinstance(obj, _UserDict)) and not isinstance(
            obj, to_ignore
        ):
            items = {k: walk(v) for k, v in obj.items()}
            if shallow:
                obj.update(items)
                return obj
            return type(obj)(items)
        if isinstance(obj, slice):
            return slice(*walk([obj.start, obj.stop, obj.step]))
        return fn(obj)

    return walk(x)


@_handle_exceptions
def nested_any(nest, fn, check_nests=False):
    """Whether `fn` is truthy for any leaf of `nest` (tuples, lists and dicts
    are recursed into), or, with `check_nests`, for any nest, the root
    included."""
    if isinstance(nest, (tuple, list)):
        children = nest
    elif isinstance(nest, dict):
        children = nest.values()
    else:
        return bool(fn(nest))
    if _builtins.any(nested_any(item, fn, check_nests) for item in children):
        return True
    return bool(check_nests and fn(nest))


@_handle_exceptions
def copy_nest(nest, /, include_derived=False, to_mutable=False):
    """A copy of the tuple, list and dict structure of `nest`; the leaves are
    not copied.

    Tuples, lists and dicts are matched by exact type unless
    `include_derived`. Tuples are rebuilt with their type (namedtuples field
    by field), or become lists with `to_mutable`; an OrderedDict (or a
    subclass) is rebuilt as ``cls(**d)``.
    """

    def matches(obj, cls):
        return isinstance(obj, cls) if include_derived else type(obj) is cls

    def walk(obj):
        if matches(obj, tuple):
            items = [walk(i) for i in obj]
            return items if to_mutable else _rebuild_tuple(obj, items)
        if matches(obj, list):
            return type(obj)(walk(i) for i in obj)
        if matches(obj, dict):
            items = {k: walk(v) for k, v in obj.items()}
            if isinstance(obj, _OrderedDict):
                return type(obj)(**items)
            return type(obj)(items)
        return obj

    return walk(nest)


@_handle_exceptions
def nested_multi_map(
    func,
    nests,
    index_chains=None,
    to_apply=True,
    prune_unapplied=False,
    index_chain="",
    config=None,
    to_ivy=True,
):
    """Apply ``func(values, index_chain)`` across several nests at once.

    - The first of `nests` that is a list, tuple, dict or ``ivy_rs.Container``
      drives the iteration. For each of its elements, a list or tuple nest
      gives its element at the same position; a dict or Container gives the
      same key (dict driver) or the key at the same position (list driver);
      anything else gives itself (it is broadcast).
    - `index_chain` strings join positions (as str) and keys with ``/``,
      e.g. ``"1/a"``.
    - With `index_chains`, a leaf is applied if its chain starts with one of
      them (or, with ``to_apply=False``, if it does not). An unapplied leaf
      is dropped, even with ``prune_unapplied=False`` (Ivy's behaviour).
      With `prune_unapplied` a nest left empty is dropped too.
    - With `to_ivy` a leaf result becomes ``ivy_rs.Array(ret)``, unless the
      last of that leaf's values is already an ``ivy_rs.Array``.
    - A result nest has the driver's kind: a tuple, a Container, a dict or
      a list.
    - `config` is accepted for Ivy's signature and not used.

    ``nested_multi_map(lambda xs, _: xs[0] + xs[1], [[1, {"a": 2}], 100],
    to_ivy=False)`` is ``[101, {"a": 102}]``.
    """
    from . import _ivy_rs

    return _multi_map(
        func, nests, index_chains, to_apply, prune_unapplied, index_chain, to_ivy, _ivy_rs
    )


def _multi_map(func, nests, index_chains, to_apply, prune_unapplied, index_chain, to_ivy, rs):
    """``nested_multi_map`` at `index_chain`; `rs` is the compiled module."""
    keyed = (dict, rs.Container)
    driver = next((n for n in nests if isinstance(n, (tuple, list) + keyed)), None)
    if driver is None:
        last = nests[-1]
        if index_chains is not None:
            found = _builtins.any(index_chain.startswith(c) for c in index_chains)
            if found != bool(to_apply):
                return None
        ret = func(nests, index_chain)
        if to_ivy and not isinstance(last, rs.Array):
            ret = rs.Array(ret)
        return ret

    by_key = isinstance(driver, keyed)
    result = {} if by_key else []
    for position, element in enumerate(driver):
        # Iterating a dict or Container gives its keys.
        key = element if by_key else str(position)
        values = []
        for n in nests:
            if isinstance(n, (tuple, list)):
                values.append(n[position])
            elif isinstance(n, keyed):
                values.append(n[key] if by_key else n[list(n)[position]])
            else:
                values.append(n)
        chain = key if index_chain == "" else index_chain + "/" + key
        ret = _multi_map(func, values, index_chains, to_apply, prune_unapplied, chain, to_ivy, rs)
        if ret is None:
            continue
        if by_key:
            result[key] = ret
        else:
            result.append(ret)
    if prune_unapplied and len(result) == 0:
        return None
    if isinstance(driver, tuple):
        return tuple(result)
    if isinstance(driver, rs.Container):
        return rs.Container(result)
    return result


@_handle_exceptions
def duplicate_array_index_chains(nest):
    """The indices of the ``ivy_rs.Array`` leaves of `nest`, grouped by
    identity (``is``), in first-seen order; a group may have one index.

    With ``nest = [{"a": x, "b": {"c": y, "d": x}}, [x, y]]`` this is
    ``[[[0, "a"], [0, "b", "d"], [1, 0]], [[0, "b", "c"], [1, 1]]]``.
    """
    from . import _ivy_rs

    arrays = []  # the distinct arrays, in first-seen order
    groups = []  # the indices of each
    for index in nested_argwhere(nest, lambda _: True):
        value = index_nest(nest, index)
        if not isinstance(value, _ivy_rs.Array):
            continue
        for array, group in zip(arrays, groups):
            if value is array:
                group.append(index)
                break
        else:
            arrays.append(value)
            groups.append([index])
    return groups


def prune_empty(nest):
    """`nest` without its empty dicts and lists and its None leaves,
    recursively, or None if nothing remains.

    A leaf survives if it is an ``ivy_rs.Array``, an int (bools included), a
    float or a str (and, since an ``ivy_rs.Container`` is a leaf here, a
    non-empty Container); any other leaf is removed. Tuples become lists;
    dicts are pruned in place. ``{"a": [{}, {}], "b": {"c": [1], "d": []}}``
    gives ``{"b": {"c": [1]}}``; ``[[], {}]`` gives None.
    """
    if isinstance(nest, dict):
        keys = list(nest)
        for k in keys:
            nest[k] = prune_empty(nest[k])
        for k in keys:
            if nest[k] is None:
                del nest[k]
        return nest if nest else None
    if isinstance(nest, (list, tuple)):
        pruned = [p for p in (prune_empty(item) for item in nest) if p is not None]
        return pruned if pruned else None
    if isinstance(nest, (int, float, str)):
        return nest
    from . import _ivy_rs

    if isinstance(nest, _ivy_rs.Array):
        return nest
    if isinstance(nest, _ivy_rs.Container) and len(nest) > 0:
        return nest
    return None
