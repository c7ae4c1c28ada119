//! `ivy_rs.Container`: a nested dict of arrays with Python Ivy's behaviour
//! (attribute access, `c["a/b"]`, printing as the Rust `Display`). Every
//! nestable op of the spec is also a method of it, generated.
//!
//! This file holds the class, its construction, entry access and the
//! operators. Ivy's `cont_*` methods are bound in one file per theme, as
//! `ivy::Container`'s are laid out in `core/src/container/`:
//!
//! | file | methods |
//! | --- | --- |
//! | `info.rs` | properties (`cont_shape`, `cont_dtype`, `cont_config`, ...), counts, truth values, iteration, lists, printing and its settings |
//! | `keys.rs` | reading, setting, pruning, restructuring, flattening and slicing key chains |
//! | `map.rs` | the methods that call a Python function: `cont_map`, `cont_map_sub_conts`, `cont_multi_map`, `cont_reduce`, `cont_format_key_chains` |
//! | `combine.rs` | the static methods over several containers: combining, joining, diffs, identity tests, finding sub-containers |
//! | `io.rs` | `cont_save`, `cont_load`, `cont_to_bytes`, `cont_from_bytes` |
//!
//! `args.rs` converts the Python arguments those methods share (key-chain
//! lists, nested dicts, configurations) and keeps the exception a Python
//! callable raised.

// PyO3's registration of the operator methods written by `macro_rules!`
// (see array.rs).
#![allow(unsafe_op_in_unsafe_fn)]

mod args;
mod combine;
mod info;
mod io;
mod keys;
mod map;

use crate::errors::to_py_err;
use crate::rt::{self, PyArray};
use ivy::{Array, Container, Entry, EntryRef};
use pyo3::exceptions::{PyAttributeError, PyKeyError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// A nested container of arrays.
///
/// `ivy_rs.Container({"a": [1.0, 2.0], "b": {"c": 3.0}})`, or with keyword
/// arguments: `ivy_rs.Container(a=x, b={"c": y})`.
#[pyclass(name = "Container", module = "ivy_rs", dict, weakref)]
pub struct PyContainer {
    /// The container.
    pub c: Container,
}

impl PyContainer {
    /// The Python object of a container.
    pub fn wrap(c: Container) -> PyContainer {
        PyContainer { c }
    }

    /// A change of the container (Ivy's `inplace=` methods): a new
    /// container made by `copy`, or, with `inplace`, this one changed by
    /// `in_place`, returning `None`.
    pub(super) fn copy_or_in_place(
        slf: &Bound<'_, Self>,
        inplace: bool,
        copy: impl FnOnce(&Container) -> Container,
        in_place: impl FnOnce(&mut Container),
    ) -> Option<PyContainer> {
        if inplace {
            in_place(&mut slf.borrow_mut().c);
            None
        } else {
            Some(PyContainer::wrap(copy(&slf.borrow().c)))
        }
    }
}

/// A dict: nested dicts are sub-containers, a key chain (`"a/b"` or
/// `"a.b"`) makes the levels it names, as in Ivy; other values become arrays.
pub fn from_dict(obj: &Bound<'_, PyAny>) -> PyResult<Container> {
    let d = obj.cast::<PyDict>()?;
    let mut c = Container::new();
    for (k, v) in d.iter() {
        let key: String = k
            .extract()
            .map_err(|_| PyTypeError::new_err("Container keys must be str"))?;
        c.insert(&key, entry(&v)?).map_err(to_py_err)?;
    }
    Ok(c)
}

/// A Python value as an entry: a dict or an `ivy_rs.Container` is a
/// sub-container, anything else an array.
pub(crate) fn entry(v: &Bound<'_, PyAny>) -> PyResult<Entry> {
    if v.is_instance_of::<PyDict>() {
        return Ok(Entry::Container(from_dict(v)?));
    }
    if let Ok(c) = v.cast::<PyContainer>() {
        return Ok(Entry::Container(c.borrow().c.clone()));
    }
    Ok(Entry::Leaf(crate::array::to_array(v, None, "Container")?))
}

/// An entry as a Python object (an `Array` or a `Container`).
pub fn entry_to_py(py: Python<'_>, e: EntryRef<'_>) -> PyResult<Py<PyAny>> {
    match e {
        EntryRef::Leaf(a) => Ok(Py::new(py, PyArray { a: a.clone() })?.into_any()),
        EntryRef::Container(c) => Ok(Py::new(
            py,
            PyContainer {
                c: c.to_container(),
            },
        )?
        .into_any()),
    }
}

/// The container as a nested dict of arrays.
fn to_dict<'py>(py: Python<'py>, c: &Container) -> PyResult<Bound<'py, PyDict>> {
    args::dict_of(py, c.view(), &mut |a: &Array| {
        Ok(Py::new(py, PyArray { a: a.clone() })?.into_any())
    })
}

#[pymethods]
impl PyContainer {
    #[new]
    #[pyo3(signature = (dict_in = None, **kwargs))]
    fn new(
        dict_in: Option<&Bound<'_, PyAny>>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let mut c = match dict_in {
            Some(d) if !d.is_none() => {
                if let Ok(pc) = d.cast::<PyContainer>() {
                    pc.borrow().c.clone()
                } else {
                    from_dict(d)?
                }
            }
            _ => Container::new(),
        };
        if let Some(kw) = kwargs {
            for (k, v) in kw.iter() {
                let key: String = k.extract()?;
                c.insert(&key, entry(&v)?).map_err(to_py_err)?;
            }
        }
        Ok(PyContainer { c })
    }

    /// The container as the Rust `Display` prints it.
    fn __repr__(&self) -> String {
        format!("{}", self.c)
    }

    fn __str__(&self) -> String {
        format!("{}", self.c)
    }

    /// `c["a/b"]`: the leaf or sub-container at a key chain.
    fn __getitem__(&self, py: Python<'_>, key: &str) -> PyResult<Py<PyAny>> {
        match self.c.get(key) {
            Some(e) => entry_to_py(py, e),
            None => Err(PyKeyError::new_err(format!(
                "key chain `{key}` is not in the container (keys: {})",
                self.c.keys().collect::<Vec<_>>().join(", ")
            ))),
        }
    }

    /// `c["a/b"] = x`: set the entry at a key chain (creating sub-containers).
    fn __setitem__(&mut self, key: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.c.insert(key, entry(value)?).map_err(to_py_err)?;
        Ok(())
    }

    fn __delitem__(&mut self, key: &str) -> PyResult<()> {
        self.c.remove(key).map_err(to_py_err)?;
        Ok(())
    }

    /// `c.a.b`: attribute access to the entries.
    fn __getattr__(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        match self.c.get_key(name) {
            Some(e) => entry_to_py(py, e),
            None => Err(PyAttributeError::new_err(format!(
                "Container has no key or attribute `{name}`"
            ))),
        }
    }

    fn __contains__(&self, key: &str) -> bool {
        self.c.get(key).is_some()
    }

    fn __len__(&self) -> usize {
        self.c.len()
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let keys: Vec<String> = self.c.keys().map(str::to_string).collect();
        Ok(PyList::new(py, keys)?
            .as_any()
            .try_iter()?
            .into_any()
            .unbind())
    }

    /// The keys of the top level.
    fn keys(&self) -> Vec<String> {
        self.c.keys().map(str::to_string).collect()
    }

    /// The entries of the top level.
    fn values(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        self.c
            .keys()
            .filter_map(|k| self.c.get_key(k))
            .map(|e| entry_to_py(py, e))
            .collect()
    }

    /// `(key, entry)` pairs of the top level.
    fn items(&self, py: Python<'_>) -> PyResult<Vec<(String, Py<PyAny>)>> {
        self.c
            .keys()
            .filter_map(|k| self.c.get_key(k).map(|e| (k, e)))
            .map(|(k, e)| Ok((k.to_string(), entry_to_py(py, e)?)))
            .collect()
    }

    /// A nested dict of arrays.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        to_dict(py, &self.c)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<PyContainer>() {
            Ok(o) => self.c == o.borrow().c,
            Err(_) => false,
        }
    }
}

/// Binary operators: the other operand is a container, an array or a
/// number (broadcast over the leaves).
macro_rules! binary {
    ($($dunder:ident $rdunder:ident => $op:ident;)*) => {
        #[pymethods]
        impl PyContainer {
            $(
                fn $dunder(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                    let py = slf.py();
                    let x = ivy::ArrayLike::Container(slf.borrow().c.clone());
                    let Ok(b) = rt::operand(other, stringify!($op), "x2") else { return Ok(py.NotImplemented()) };
                    rt::ret(py, stringify!($op), ivy::$op(rt::Nest(&x), rt::Nest(&b)))
                }
                fn $rdunder(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                    let py = slf.py();
                    let x = ivy::ArrayLike::Container(slf.borrow().c.clone());
                    let Ok(b) = rt::operand(other, stringify!($op), "x1") else { return Ok(py.NotImplemented()) };
                    rt::ret(py, stringify!($op), ivy::$op(rt::Nest(&b), rt::Nest(&x)))
                }
            )*
        }
    };
}

binary! {
    __add__ __radd__ => add;
    __sub__ __rsub__ => subtract;
    __mul__ __rmul__ => multiply;
    __truediv__ __rtruediv__ => divide;
    __floordiv__ __rfloordiv__ => floor_divide;
    __mod__ __rmod__ => remainder;
    __matmul__ __rmatmul__ => matmul;
    __and__ __rand__ => bitwise_and;
    __or__ __ror__ => bitwise_or;
    __xor__ __rxor__ => bitwise_xor;
}

#[pymethods]
impl PyContainer {
    fn __neg__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        rt::ret(py, "negative", ivy::negative(&self.c))
    }

    fn __abs__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        rt::ret(py, "abs", ivy::abs(&self.c))
    }

    fn __pow__(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyAny>,
        _modulo: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let x = ivy::ArrayLike::Container(slf.borrow().c.clone());
        let Ok(b) = rt::operand(other, "pow", "x2") else {
            return Ok(py.NotImplemented());
        };
        rt::ret(py, "pow", ivy::pow(rt::Nest(&x), rt::Nest(&b)))
    }
}
