"""ivy_rs: ivy's functional array API, Containers and gradients, in Rust.

Every op of ivy-rs's op spec is a function here and a method of ``Array``
(and of ``Container`` when the op is nestable), generated from the spec.
The module is also an Array API 2024.12 namespace (``xp``).
"""

from ._ivy_rs import *  # noqa: F401,F403
from . import _ivy_rs
from ._ivy_rs import Array, Container, Dtype, Device, IvyError  # noqa: F401
from ._ivy_rs import __ops__, __standalone__, _catalogue_sample, _supported_dtypes  # noqa: F401
from ._ivy_rs import _array_api_standard  # noqa: F401

__version__ = "0.1.0"

import contextlib as _contextlib


class _Setting:
    """A context manager that sets a per-thread setting and restores the
    previous value on exit (Python Ivy's ``PreciseMode`` and friends)."""

    _get = _set = None

    def __init__(self, value=True):
        self._value = value
        self._prev = None

    def __enter__(self):
        self._prev = type(self)._get()
        type(self)._set(self._value)
        return self

    def __exit__(self, *exc):
        type(self)._set(self._prev)
        return False


def _setting(name, get, set_):
    return type(name, (_Setting,), {"_get": staticmethod(get), "_set": staticmethod(set_),
                                    "__doc__": f"``with ivy_rs.{name}(value):`` sets it in the block."})


PreciseMode = _setting("PreciseMode", precise_mode, set_precise_mode)  # noqa: F405
UpcastDataTypes = _setting("UpcastDataTypes", upcast_dtypes, upcast_data_types)  # noqa: F405
DowncastDataTypes = _setting("DowncastDataTypes", downcast_dtypes, downcast_data_types)  # noqa: F405
CrosscastDataTypes = _setting("CrosscastDataTypes", crosscast_dtypes, crosscast_data_types)  # noqa: F405
DefaultFloatDtype = _setting("DefaultFloatDtype", default_float_dtype, set_default_float_dtype)  # noqa: F405
DefaultIntDtype = _setting("DefaultIntDtype", default_int_dtype, set_default_int_dtype)  # noqa: F405
DefaultComplexDtype = _setting("DefaultComplexDtype", default_complex_dtype, set_default_complex_dtype)  # noqa: F405


@_contextlib.contextmanager
def with_backend(backend):
    """``with ivy_rs.with_backend("candle"):`` runs the block on that backend
    (Python Ivy's ``with_backend`` returns a module; here the module is this
    one and the backend is set for the block)."""
    prev = current_backend_str()  # noqa: F405
    set_backend(backend)  # noqa: F405
    try:
        yield _ivy_rs
    finally:
        set_backend(prev)  # noqa: F405


# The Array API 2024.12 namespace: this module is `xp`; `linalg` and `fft`
# are submodules of the standard's extension functions (the same objects).
import builtins as _b
import types as _types


class _Extension(_types.ModuleType):
    """A submodule of the standard's extension functions; `ivy_rs.fft` is
    also Ivy's op `fft`, so calling the module calls the op."""

    def __init__(self, name, doc, op=None):
        super().__init__(name, doc)
        self._op = op

    def __call__(self, *args, **kwargs):
        if self._op is None:
            raise TypeError(f"{self.__name__} is not callable")
        return self._op(*args, **kwargs)

__array_api_version__ = "2024.12"

linalg = _Extension("ivy_rs.linalg", "The Array API linalg extension.")
fft = _Extension("ivy_rs.fft", "The Array API fft extension; calling it is Ivy's `fft` op.", _ivy_rs.fft)
for _section, _name in _array_api_standard():
    _module = {"linalg": linalg, "fft": fft}.get(_section)
    if _module is not None and hasattr(_ivy_rs, _name):
        setattr(_module, _name, getattr(_ivy_rs, _name))
del _section, _name, _module



def _linalg_trace(x, /, *, offset=0, dtype=None):
    """The sums of the `offset`-th diagonals of the matrices of `x` over its
    last two axes (the standard's `linalg.trace`; Ivy's `trace` sums over
    axes 0 and 1 by default and keeps `x`'s dtype), in `dtype` if given, else
    in the dtype `sum` gives `x` (narrow integers widen to the default
    integer's width, as the standard says)."""
    x = asarray(x)  # noqa: F405
    if dtype is None:
        dtype = _ivy_rs.sum(zeros((), dtype=x.dtype)).dtype  # noqa: F405
    return _ivy_rs.trace(astype(x, dtype), offset=offset, axis1=-2, axis2=-1)  # noqa: F405


def _fft_freq(op):
    def freq(n, /, *, d=1.0, dtype=None, device=None):
        if device is not None and Device(device) != Device("cpu"):
            raise ValueError(f"{op.__name__}: ivy_rs arrays are on the cpu, not {device}")
        return op(n, d=d, dtype=dtype)

    freq.__name__ = freq.__qualname__ = op.__name__
    freq.__doc__ = (f"Ivy's `{op.__name__}` with the standard's signature (a `device` keyword, "
                    "which can only be the cpu).\n\n" + (op.__doc__ or ""))
    return freq


_linalg_trace.__name__ = _linalg_trace.__qualname__ = "trace"
linalg.trace = _linalg_trace
fft.fftfreq = _fft_freq(_ivy_rs.fftfreq)
fft.rfftfreq = _fft_freq(_ivy_rs.rfftfreq)

# Python names the standard uses that ivy spells otherwise.
e = 2.718281828459045
pi = 3.141592653589793
inf = float("inf")
nan = float("nan")
newaxis = None

_KINDS = {
    "bool": ("bool",),
    "signed integer": ("int8", "int16", "int32", "int64"),
    "unsigned integer": ("uint8", "uint16", "uint32", "uint64"),
    "real floating": ("float16", "bfloat16", "float32", "float64"),
    "complex floating": ("complex64", "complex128"),
}
_KINDS["integral"] = _KINDS["signed integer"] + _KINDS["unsigned integer"]
_KINDS["numeric"] = _KINDS["integral"] + _KINDS["real floating"] + _KINDS["complex floating"]


def isdtype(dtype, kind):
    """Whether `dtype` is of `kind` (a dtype, a kind name, or a tuple of them)."""
    if isinstance(kind, tuple):
        return _b.any(isdtype(dtype, k) for k in kind)
    if isinstance(kind, str) and kind in _KINDS:
        return str(dtype) in _KINDS[kind]
    if isinstance(kind, Dtype):
        return dtype == kind
    raise ValueError(f"isdtype: unknown kind {kind!r}")


def result_type(*arrays_and_dtypes):
    """The dtype of the result of an op on these arrays, dtypes and scalars."""
    scalars = (_b.bool, _b.int, _b.float, _b.complex)
    dtypes = [x.dtype if isinstance(x, Array) else x for x in arrays_and_dtypes
              if not isinstance(x, scalars)]
    if not dtypes:
        raise ValueError("result_type: at least one array or dtype is required")
    out = Dtype(dtypes[0])
    for d in dtypes[1:]:
        out = promote_types(out, d)  # noqa: F405
    for x in arrays_and_dtypes:
        if isinstance(x, _b.bool) and out == "bool":
            continue
        if isinstance(x, scalars):
            out = (Array(0, dtype=out) + x).dtype
    return out


class _Info:
    """What `__array_namespace_info__()` returns."""

    def capabilities(self):
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": None}

    def default_device(self):
        return Device("cpu")

    def default_dtypes(self, *, device=None):
        return {"real floating": default_float_dtype(), "complex floating": default_complex_dtype(),  # noqa: F405
                "integral": default_int_dtype(), "indexing": int64}  # noqa: F405

    def devices(self):
        return [Device("cpu")]

    def dtypes(self, *, device=None, kind=None):
        names = _KINDS["numeric"] + ("bool",) if kind is None else [
            n for n in _KINDS["numeric"] + ("bool",) if isdtype(n, kind)]
        # The standard's dtypes (ivy also has float16 and bfloat16).
        return {n: Dtype(n) for n in names if n not in ("float16", "bfloat16")}


def __array_namespace_info__():
    return _Info()


# The standard's named tuples for the ops that return several arrays (Ivy
# returns plain tuples; a named tuple is still one).
import collections as _collections
import functools as _functools

_NAMED_RESULTS = {
    "eigh": ("eigenvalues", "eigenvectors"),
    "qr": ("Q", "R"),
    "slogdet": ("sign", "logabsdet"),
    "svd": ("U", "S", "Vh"),
    "unique_all": ("values", "indices", "inverse_indices", "counts"),
    "unique_counts": ("values", "counts"),
    "unique_inverse": ("values", "inverse_indices"),
}


def _named(name, fields):
    op = getattr(_ivy_rs, name)
    result = _collections.namedtuple(f"{name.title().replace('_', '')}Result", fields)

    @_functools.wraps(op)
    def wrapper(*args, **kwargs):
        return result(*op(*args, **kwargs))

    return wrapper


for _name, _fields in _NAMED_RESULTS.items():
    if hasattr(_ivy_rs, _name):
        globals()[_name] = _named(_name, _fields)
        if _name in ("eigh", "qr", "slogdet", "svd"):
            setattr(linalg, _name, globals()[_name])
del _name, _fields

_unstack = _ivy_rs.unstack


@_functools.wraps(_unstack)
def unstack(x, /, **kwargs):
    """Ivy's `unstack`, as a tuple (the standard's return type)."""
    return tuple(_unstack(x, **kwargs))

# Python Ivy's nest functions, over Python lists, tuples and dicts.
from ._nest import (  # noqa: E402
    all_nested_indices,
    copy_nest,
    duplicate_array_index_chains,
    index_nest,
    insert_into_nest_at_index,
    insert_into_nest_at_indices,
    map,
    map_nest_at_index,
    map_nest_at_indices,
    multi_index_nest,
    nested_any,
    nested_argwhere,
    nested_map,
    nested_multi_map,
    prune_empty,
    prune_nest_at_index,
    prune_nest_at_indices,
    set_nest_at_index,
    set_nest_at_indices,
)

# Every public name of the package: the extension module's and the ones
# defined here (the context managers, the namespace, the nest functions).
__all__ = sorted(n for n in globals() if not n.startswith("_"))
