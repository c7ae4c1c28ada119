//! `ivy_rs.Container`: a nested dict of arrays with Python Ivy's behaviour
//! (attribute access, `c["a/b"]`, printing as the Rust `Display`). Every
//! nestable op of the spec is also a method of it, generated.

// PyO3's registration of the operator methods written by `macro_rules!`
// (see array.rs).
#![allow(unsafe_op_in_unsafe_fn)]

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

/// A dict (nested dicts are sub-containers; other values become arrays).
pub fn from_dict(obj: &Bound<'_, PyAny>) -> PyResult<Container> {
    let d = obj.cast::<PyDict>()?;
    let mut c = Container::new();
    for (k, v) in d.iter() {
        let key: String = k
            .extract()
            .map_err(|_| PyTypeError::new_err("Container keys must be str"))?;
        c.insert_key(&key, entry(&v)?).map_err(to_py_err)?;
    }
    Ok(c)
}

fn entry(v: &Bound<'_, PyAny>) -> PyResult<Entry> {
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

fn to_dict<'py>(py: Python<'py>, c: &Container) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for k in c.keys() {
        match c.get_key(k) {
            Some(EntryRef::Leaf(a)) => d.set_item(k, Py::new(py, PyArray { a: a.clone() })?)?,
            Some(EntryRef::Container(s)) => d.set_item(k, to_dict(py, &s.to_container())?)?,
            None => {}
        }
    }
    Ok(d)
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
                c.insert_key(&key, entry(&v)?).map_err(to_py_err)?;
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

    /// Ivy's `cont_to_dict`.
    fn cont_to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        to_dict(py, &self.c)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<PyContainer>() {
            Ok(o) => self.c == o.borrow().c,
            Err(_) => false,
        }
    }

    /// The leaves, in order.
    fn cont_leaves(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        self.c
            .leaves()
            .map(|a: &Array| Ok(Py::new(py, PyArray { a: a.clone() })?.into_any()))
            .collect()
    }

    /// Every key chain to a leaf.
    fn cont_all_key_chains(&self) -> Vec<String> {
        self.c.cont_all_key_chains()
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

fn format_of(path: &str, format: Option<&str>) -> PyResult<ivy::container::Format> {
    use ivy::container::Format;
    let f = format.map(str::to_string).unwrap_or_else(|| {
        std::path::Path::new(path)
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_string()
    });
    match f.as_str() {
        "safetensors" => Ok(Format::Safetensors),
        "json" => Ok(Format::Json),
        "npz" => Ok(Format::Npz),
        other => Err(PyTypeError::new_err(format!(
            "cont_save/cont_load: unknown format `{other}` (safetensors, json or npz)"
        ))),
    }
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

    /// `func(x, key_chain)` at every leaf; returns a new container of the
    /// results (Ivy's `cont_map`).
    fn cont_map(&self, py: Python<'_>, func: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let mut err: Option<PyErr> = None;
        let r = self.c.cont_map(|x, kc| {
            let arg = Py::new(py, PyArray { a: x.clone() })
                .map_err(|e| ivy::Error::invalid("cont_map", e.to_string()))?;
            match func.call1((arg, kc)) {
                Ok(v) => crate::array::to_array(&v, None, "cont_map").map_err(|e| {
                    let m = e.to_string();
                    err = Some(e);
                    ivy::Error::invalid("cont_map", m)
                }),
                Err(e) => {
                    let m = e.to_string();
                    err = Some(e);
                    Err(ivy::Error::invalid("cont_map", m))
                }
            }
        });
        match r {
            Ok(c) => Ok(Py::new(py, PyContainer { c })?.into_any()),
            Err(e) => Err(err.take().unwrap_or_else(|| to_py_err(e))),
        }
    }

    /// The leaves, in order (Ivy's `cont_to_flat_list`).
    fn cont_to_flat_list(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        self.cont_leaves(py)
    }

    /// The number of arrays.
    fn cont_num_arrays(&self) -> usize {
        self.c.cont_num_arrays()
    }

    /// The depth of the deepest leaf.
    fn cont_max_depth(&self) -> usize {
        self.c.cont_max_depth()
    }

    /// Whether the key chain is in the container.
    fn cont_has_key_chain(&self, key_chain: &str) -> bool {
        self.c.cont_has_key_chain(key_chain)
    }

    /// The container without the entry at `key_chain`.
    fn cont_prune_key_chain(&self, key_chain: &str) -> PyContainer {
        PyContainer {
            c: self.c.cont_prune_key_chain(key_chain),
        }
    }

    /// The container with one level of keys `a__b` for the chain `a/b`.
    fn cont_flatten_key_chains(&self) -> PyResult<PyContainer> {
        Ok(PyContainer {
            c: self.c.cont_flatten_key_chains().map_err(to_py_err)?,
        })
    }

    /// The container with its keys sorted at every level.
    fn cont_sort_by_key(&self) -> PyContainer {
        PyContainer {
            c: self.c.cont_sort_by_key(),
        }
    }

    /// A copy with new storage for every leaf.
    fn cont_deep_copy(&self) -> PyResult<PyContainer> {
        Ok(PyContainer {
            c: self.c.cont_deep_copy().map_err(to_py_err)?,
        })
    }

    /// Whether every leaf is all true.
    #[pyo3(signature = (assert_is_bool = false))]
    fn cont_all_true(&self, assert_is_bool: bool) -> PyResult<bool> {
        self.c.cont_all_true(assert_is_bool).map_err(to_py_err)
    }

    /// The shape shared by the leaves (`None` where they differ).
    #[getter]
    fn cont_shape(&self) -> Vec<Option<usize>> {
        self.c.cont_shape()
    }

    /// Whether the containers are identical (same structure, same arrays).
    #[staticmethod]
    fn cont_identical(containers: Vec<PyRef<'_, PyContainer>>) -> PyResult<bool> {
        let cs: Vec<&Container> = containers.iter().map(|c| &c.c).collect();
        Container::cont_identical(&cs).map_err(to_py_err)
    }

    /// Save to `path` (`.safetensors`, `.npz` or `.json`, by extension or `format`).
    #[pyo3(signature = (path, /, *, format = None))]
    fn cont_save(&self, path: &str, format: Option<&str>) -> PyResult<()> {
        self.c
            .cont_save(path, format_of(path, format)?)
            .map_err(to_py_err)
    }

    /// Load a container saved by `cont_save` (or by NumPy's `savez`, safetensors).
    #[staticmethod]
    #[pyo3(signature = (path, /, *, format = None))]
    fn cont_load(path: &str, format: Option<&str>) -> PyResult<PyContainer> {
        Ok(PyContainer {
            c: Container::cont_load(path, format_of(path, format)?).map_err(to_py_err)?,
        })
    }
}
