//! The Python arguments and results the `cont_*` methods share: key-chain
//! lists, nested dicts read as containers (of arrays, of shapes, or of
//! nothing but their structure), Ivy's configuration dicts, containers of
//! other leaves written back as nested dicts, and [`Calls`], which keeps the
//! exception a Python callable raised inside a Rust method.

use super::PyContainer;
use crate::errors::to_py_err;
use crate::rt::{self, PyArray};
use ivy::container::MapOptions;
use ivy::{Array, Config, Container, ContainerRef, Entry, EntryRef, Nest};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

/// Calls of a Python callable from inside a Rust method: the first exception
/// it raises is kept and re-raised as it is (not as a generic error), and
/// the callable is not called again after it.
pub struct Calls {
    op: &'static str,
    err: Option<PyErr>,
}

impl Calls {
    /// Calls made for the method `op`.
    pub fn new(op: &'static str) -> Calls {
        Calls { op, err: None }
    }

    /// Run one call; its exception becomes an `ivy::Error` for the Rust
    /// method to return (and is kept for [`finish`](Self::finish)).
    pub fn run<T>(&mut self, f: impl FnOnce() -> PyResult<T>) -> ivy::Result<T> {
        if self.err.is_some() {
            return Err(ivy::Error::invalid(self.op, "the Python function raised"));
        }
        f().map_err(|e| {
            let m = e.to_string();
            self.err = Some(e);
            ivy::Error::invalid(self.op, m)
        })
    }

    /// Whether a call has raised.
    pub fn failed(&self) -> bool {
        self.err.is_some()
    }

    /// The result of the Rust method: the callable's exception if it raised
    /// one, else the method's own error as an ivy_rs exception.
    pub fn finish<T>(self, r: ivy::Result<T>) -> PyResult<T> {
        match self.err {
            Some(e) => Err(e),
            None => r.map_err(to_py_err),
        }
    }
}

/// An array as a Python `ivy_rs.Array`.
pub fn array_obj(py: Python<'_>, a: &Array) -> PyResult<Py<PyAny>> {
    Ok(Py::new(py, PyArray { a: a.clone() })?.into_any())
}

/// A container as a Python `ivy_rs.Container`.
pub fn container_obj(py: Python<'_>, c: Container) -> PyResult<Py<PyAny>> {
    Ok(Py::new(py, PyContainer { c })?.into_any())
}

/// A Python iterator over `items`.
pub fn iterator(py: Python<'_>, items: Vec<Py<PyAny>>) -> PyResult<Py<PyAny>> {
    Ok(PyList::new(py, items)?
        .as_any()
        .try_iter()?
        .into_any()
        .unbind())
}

/// `key_chain/kc`, or `kc` when the prefix is empty (Ivy's `this_key_chain`).
pub fn prefixed(prefix: &str, kc: &str) -> String {
    if prefix.is_empty() {
        kc.to_string()
    } else if kc.is_empty() {
        prefix.to_string()
    } else {
        format!("{prefix}/{kc}")
    }
}

/// Key chains given as one string or a list or tuple of strings.
pub fn key_chain_list(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Vec<String>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(vec![s.to_cow()?.into_owned()]);
    }
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        return obj
            .try_iter()?
            .map(|k| {
                let k = k?;
                k.extract::<String>()
                    .map_err(|_| rt::type_error(op, param, "a list of str", &k))
            })
            .collect();
    }
    Err(rt::type_error(
        op,
        param,
        "a str or a list or tuple of str",
        obj,
    ))
}

/// Ivy's `key_chains` filter argument: `None`, a key chain, a list or tuple
/// of them, or a nested dict or container (its leaf key chains).
pub fn opt_key_chains(obj: Option<&Bound<'_, PyAny>>, op: &str) -> PyResult<Option<Vec<String>>> {
    match obj {
        None => Ok(None),
        Some(o) if o.is_none() => Ok(None),
        Some(o) if o.is_instance_of::<PyDict>() || o.cast::<PyContainer>().is_ok() => {
            Ok(Some(structure(o, op, "key_chains")?.cont_all_key_chains()))
        }
        Some(o) => key_chain_list(o, op, "key_chains").map(Some),
    }
}

/// The `MapOptions` of Ivy's `key_chains`, `to_apply` and `prune_unapplied`.
pub fn map_options(
    key_chains: Option<Vec<String>>,
    to_apply: bool,
    prune_unapplied: bool,
) -> MapOptions {
    let o = MapOptions::new()
        .to_apply(to_apply)
        .prune_unapplied(prune_unapplied);
    match key_chains {
        Some(k) => o.key_chains(k),
        None => o,
    }
}

/// A nested dict, or an `ivy_rs.Container`, as a container of `L`: `leaf`
/// converts a dict's other values, `array` a Container's leaves. Dict keys
/// may be key chains (`{"a/b": x}` creates the level `a`, as in Ivy).
pub fn nested<L>(
    obj: &Bound<'_, PyAny>,
    op: &str,
    param: &str,
    leaf: &mut dyn FnMut(&Bound<'_, PyAny>) -> PyResult<L>,
    array: &mut dyn FnMut(&Array) -> PyResult<L>,
) -> PyResult<Container<L>> {
    if let Ok(c) = obj.cast::<PyContainer>() {
        let c = c.borrow().c.clone();
        let leaves = c.leaves().map(&mut *array).collect::<PyResult<Vec<L>>>()?;
        return c.cont_from_flat_list(leaves).map_err(to_py_err);
    }
    let d = obj
        .cast::<PyDict>()
        .map_err(|_| rt::type_error(op, param, "a dict or an ivy_rs.Container", obj))?;
    let mut out = Container::new();
    for (k, v) in d.iter() {
        let key: String = k
            .extract()
            .map_err(|_| rt::type_error(op, param, "a dict of str keys", &k))?;
        let e = if v.is_instance_of::<PyDict>() || v.cast::<PyContainer>().is_ok() {
            Entry::Container(nested(&v, op, param, leaf, array)?)
        } else {
            Entry::Leaf(leaf(&v)?)
        };
        out.insert(&key, e).map_err(to_py_err)?;
    }
    Ok(out)
}

/// The structure of a nested dict or container (its leaves dropped): only
/// where its leaves and empty sub-containers are matters.
pub fn structure(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Container<()>> {
    nested(obj, op, param, &mut |_| Ok(()), &mut |_| Ok(()))
}

/// A nested dict or container of arrays (dict values become arrays).
pub fn arrays(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Container> {
    nested(
        obj,
        op,
        param,
        &mut |v| crate::array::to_array(v, None, op),
        &mut |a| Ok(a.clone()),
    )
}

/// A list or tuple of containers (`ivy_rs.Container`s or dicts), or the
/// values of a dict of them.
pub fn containers(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Vec<Container>> {
    let items: Vec<Bound<'_, PyAny>> = if let Ok(d) = obj.cast::<PyDict>() {
        d.values().iter().collect()
    } else if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        obj.try_iter()?.collect::<PyResult<_>>()?
    } else {
        return Err(rt::type_error(
            op,
            param,
            "a list or tuple of ivy_rs.Containers",
            obj,
        ));
    };
    items.iter().map(|c| one_container(c, op, param)).collect()
}

/// One container argument: an `ivy_rs.Container` or a dict.
pub fn one_container(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Container> {
    if let Ok(c) = obj.cast::<PyContainer>() {
        return Ok(c.borrow().c.clone());
    }
    if obj.is_instance_of::<PyDict>() {
        return arrays(obj, op, param);
    }
    Err(rt::type_error(
        op,
        param,
        "an ivy_rs.Container or a dict",
        obj,
    ))
}

/// The print configuration as Ivy's `cont_config` dict (the entries that
/// exist here).
pub fn config_dict<'py>(py: Python<'py>, c: &Config) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("print_limit", c.print_limit)?;
    d.set_item("print_indent", c.print_indent)?;
    d.set_item("key_length_limit", c.key_length_limit)?;
    d.set_item("print_line_spacing", c.print_line_spacing)?;
    Ok(d)
}

/// `base` with the entries of Ivy's configuration keyword arguments that
/// exist here; the others (`ivyh`, `default_key_color`, ...) change nothing
/// here, and unknown keys are ignored, as Ivy's `cont_update_config` does.
pub fn config_update(base: Config, config: Option<&Bound<'_, PyDict>>) -> PyResult<Config> {
    let mut c = base;
    let Some(d) = config else {
        return Ok(c);
    };
    for (k, v) in d.iter() {
        let key: String = k.extract()?;
        let opt = |v: &Bound<'_, PyAny>| -> PyResult<Option<usize>> {
            if v.is_none() {
                Ok(None)
            } else {
                rt::arg::<usize>(v, "cont_update_config", &key).map(Some)
            }
        };
        match key.as_str() {
            "print_limit" => c.print_limit = opt(&v)?,
            "key_length_limit" => c.key_length_limit = opt(&v)?,
            "print_indent" => c.print_indent = rt::arg::<usize>(&v, "cont_update_config", &key)?,
            "print_line_spacing" => {
                c.print_line_spacing = rt::arg::<usize>(&v, "cont_update_config", &key)?
            }
            _ => {}
        }
    }
    Ok(c)
}

/// A static method's result with Ivy's `config` argument (a dict as
/// `cont_config` gives, or `None` to keep the result's own).
pub fn with_config(c: Container, config: Option<&Bound<'_, PyAny>>) -> PyResult<Container> {
    match config {
        None => Ok(c),
        Some(o) if o.is_none() => Ok(c),
        Some(o) => {
            let d = o
                .cast::<PyDict>()
                .map_err(|_| rt::type_error("config", "config", "a dict", o))?;
            let new = config_update(c.config(), Some(d))?;
            Ok(c.cont_update_config(new))
        }
    }
}

/// A container of any leaves as a nested Python dict, each leaf converted
/// by `leaf` (empty sub-containers are empty dicts).
pub fn dict_of<'py, L>(
    py: Python<'py>,
    c: ContainerRef<'_, L>,
    leaf: &mut dyn FnMut(&L) -> PyResult<Py<PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (k, e) in c.iter() {
        match e {
            EntryRef::Leaf(l) => d.set_item(k, leaf(l)?)?,
            EntryRef::Container(s) => d.set_item(k, dict_of(py, s, leaf)?)?,
        }
    }
    Ok(d)
}

/// A nest as Python lists, tuples, dicts and `None`, each leaf converted by
/// `leaf`.
pub fn nest_obj<L>(
    py: Python<'_>,
    n: &Nest<L>,
    leaf: &mut dyn FnMut(&L) -> PyResult<Py<PyAny>>,
) -> PyResult<Py<PyAny>> {
    Ok(match n {
        Nest::Leaf(l) => leaf(l)?,
        Nest::None => py.None(),
        Nest::List(v) => {
            let items = v
                .iter()
                .map(|x| nest_obj(py, x, leaf))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any().unbind()
        }
        Nest::Tuple(v) => {
            let items = v
                .iter()
                .map(|x| nest_obj(py, x, leaf))
                .collect::<PyResult<Vec<_>>>()?;
            PyTuple::new(py, items)?.into_any().unbind()
        }
        Nest::Dict(m) => {
            let d = PyDict::new(py);
            for (k, v) in m {
                d.set_item(k, nest_obj(py, v, leaf)?)?;
            }
            d.into_any().unbind()
        }
    })
}

/// An `ivy_rs.IvyValueError` for a value of Ivy's signature that has no
/// counterpart here.
pub fn unsupported(op: &str, param: &str, why: &str) -> PyErr {
    to_py_err(ivy::Error::invalid(op, format!("`{param}` {why}")))
}

/// The error for an argument of the wrong type.
pub fn wrong_type(op: &str, param: &str, want: &str, got: &Bound<'_, PyAny>) -> PyErr {
    rt::type_error(op, param, want, got)
}
