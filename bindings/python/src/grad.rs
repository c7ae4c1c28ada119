//! Gradients with Python callables (`value_and_grad`, `grad`, `jac`,
//! `execute_with_gradients`) and Python nests (lists, tuples, dicts) as
//! ivy nests.
//!
//! A Python exception raised inside the callable is kept aside while ivy
//! unwinds its gradient tape (as an `ivy::Error` naming the function), and
//! raised again, unchanged, when the call returns.

use crate::array::{PyArray, to_array};
use crate::container::PyContainer;
use crate::errors::to_py_err;
use indexmap::IndexMap;
use ivy::{Array, Container, Nest};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use std::cell::RefCell;

thread_local! {
    static PENDING: RefCell<Option<PyErr>> = const { RefCell::new(None) };
}

/// A Python error as an `ivy::Error`, the original kept to raise again.
fn stash(op: &str, e: PyErr) -> ivy::Error {
    let msg = e.to_string();
    PENDING.with(|p| *p.borrow_mut() = Some(e));
    ivy::Error::invalid(op, format!("the Python function raised: {msg}"))
}

/// The Python error kept aside, else the ivy error as an exception.
fn unstash(e: ivy::Error) -> PyErr {
    PENDING
        .with(|p| p.borrow_mut().take())
        .unwrap_or_else(|| to_py_err(e))
}

/// A Python nest of arrays (lists, tuples, dicts, arrays, numbers, None) as
/// an ivy nest.
pub fn nest_from_py(obj: &Bound<'_, PyAny>) -> PyResult<Nest> {
    if obj.is_none() {
        return Ok(Nest::None);
    }
    if let Ok(l) = obj.cast::<PyList>() {
        return Ok(Nest::List(
            l.iter()
                .map(|x| nest_from_py(&x))
                .collect::<PyResult<_>>()?,
        ));
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        return Ok(Nest::Tuple(
            t.iter()
                .map(|x| nest_from_py(&x))
                .collect::<PyResult<_>>()?,
        ));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut m = IndexMap::new();
        for (k, v) in d.iter() {
            m.insert(k.extract::<String>()?, nest_from_py(&v)?);
        }
        return Ok(Nest::Dict(m));
    }
    Ok(Nest::Leaf(to_array(obj, None, "nest")?))
}

/// An ivy nest as Python lists, tuples, dicts and arrays.
pub fn nest_to_py(py: Python<'_>, n: &Nest) -> PyResult<Py<PyAny>> {
    Ok(match n {
        Nest::Leaf(a) => Py::new(py, PyArray { a: a.clone() })?.into_any(),
        Nest::None => py.None(),
        Nest::List(v) => PyList::new(
            py,
            v.iter()
                .map(|x| nest_to_py(py, x))
                .collect::<PyResult<Vec<_>>>()?,
        )?
        .into_any()
        .unbind(),
        Nest::Tuple(v) => PyTuple::new(
            py,
            v.iter()
                .map(|x| nest_to_py(py, x))
                .collect::<PyResult<Vec<_>>>()?,
        )?
        .into_any()
        .unbind(),
        Nest::Dict(m) => {
            let d = PyDict::new(py);
            for (k, v) in m {
                d.set_item(k, nest_to_py(py, v)?)?;
            }
            d.into_any().unbind()
        }
    })
}

/// Call `f` with one argument; its result must be an array.
fn call_scalar(op: &str, f: &Py<PyAny>, arg: Py<PyAny>) -> ivy::Result<Array> {
    Python::attach(|py| {
        let r = f.bind(py).call1((arg,)).map_err(|e| stash(op, e))?;
        let r = r
            .cast::<PyArray>()
            .map_err(|_| ivy::Error::invalid(op, "the function must return an ivy_rs.Array"))?;
        let a = r.borrow().a.clone();
        Ok(a)
    })
}

fn container_arg(py: Python<'_>, c: &Container) -> ivy::Result<Py<PyAny>> {
    Py::new(py, PyContainer { c: c.clone() })
        .map(|p| p.into_any())
        .map_err(|e| stash("gradient", e))
}

/// What a differentiated function returns.
#[derive(Clone, Copy)]
enum Mode {
    ValueAndGrad,
    Grad,
    Jac,
}

/// A Python function made differentiable: calling it runs the function
/// and returns what `value_and_grad`, `grad` or `jac` returns.
#[pyclass(name = "Differentiated", module = "ivy_rs", frozen)]
pub struct Differentiated {
    func: Py<PyAny>,
    mode: Mode,
}

#[pymethods]
impl Differentiated {
    fn __call__(&self, py: Python<'_>, xs: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let f = &self.func;
        let (op, mode) = match self.mode {
            Mode::ValueAndGrad => ("value_and_grad", self.mode),
            Mode::Grad => ("grad", self.mode),
            Mode::Jac => ("jac", self.mode),
        };
        if let Mode::Jac = mode {
            let x = to_array(xs, None, op)?;
            let j = ivy::jac(|x: &Array| {
                let arg = Python::attach(|py| {
                    Py::new(py, PyArray { a: x.clone() }).map(|p| p.into_any())
                })
                .map_err(|e| stash(op, e))?;
                call_scalar(op, f, arg)
            })(&x)
            .map_err(unstash)?;
            return Ok(Py::new(py, PyArray { a: j })?.into_any());
        }
        // A container, or any nest of arrays.
        if let Ok(c) = xs.cast::<PyContainer>() {
            let c = c.borrow().c.clone();
            let (v, g) = ivy::value_and_grad(|c: &Container| {
                let arg = Python::attach(|py| container_arg(py, c))?;
                call_scalar(op, f, arg)
            })(&c)
            .map_err(unstash)?;
            let g = Py::new(py, PyContainer { c: g })?.into_any();
            return Ok(match mode {
                Mode::Grad => g,
                _ => PyTuple::new(py, [Py::new(py, PyArray { a: v })?.into_any(), g])?
                    .into_any()
                    .unbind(),
            });
        }
        let n = nest_from_py(xs)?;
        let (v, g) = ivy::value_and_grad(|n: &Nest| {
            let arg = Python::attach(|py| nest_to_py(py, n)).map_err(|e| stash(op, e))?;
            call_scalar(op, f, arg)
        })(&n)
        .map_err(unstash)?;
        let g = nest_to_py(py, &g)?;
        Ok(match mode {
            Mode::Grad => g,
            _ => PyTuple::new(py, [Py::new(py, PyArray { a: v })?.into_any(), g])?
                .into_any()
                .unbind(),
        })
    }
}

/// `func` as a function returning `(value, gradients)` at `xs` (an array, a
/// Container, or a nest of arrays): `ivy_rs.value_and_grad(f)(xs)`.
#[pyfunction]
fn value_and_grad(func: Py<PyAny>) -> Differentiated {
    Differentiated {
        func,
        mode: Mode::ValueAndGrad,
    }
}

/// `func` as a function returning its gradients at `xs`.
#[pyfunction]
fn grad(func: Py<PyAny>) -> Differentiated {
    Differentiated {
        func,
        mode: Mode::Grad,
    }
}

/// `func` as a function returning its Jacobian at an array `x`.
#[pyfunction]
fn jac(func: Py<PyAny>) -> Differentiated {
    Differentiated {
        func,
        mode: Mode::Jac,
    }
}

/// Index paths (Ivy's `xs_grad_idxs`/`ret_grad_idxs`): a sequence of
/// paths, each a sequence of dict keys (`str`) and positions (`int`);
/// `None` for every array.
fn index_paths(
    obj: Option<&Bound<'_, PyAny>>,
    param: &str,
) -> PyResult<Option<Vec<Vec<ivy::IndexKey>>>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    let bad = || {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "execute_with_gradients: `{param}` must be a list of index paths, each a list of str keys and int positions (Ivy's [[0], ['a', 'b']]), got {obj}"
        ))
    };
    let mut paths = Vec::new();
    for path in obj.try_iter().map_err(|_| bad())? {
        let path = path?;
        if path.is_instance_of::<pyo3::types::PyString>() {
            return Err(bad());
        }
        let mut index = Vec::new();
        for key in path.try_iter().map_err(|_| bad())? {
            let key = key?;
            if let Ok(k) = key.extract::<String>() {
                index.push(ivy::IndexKey::Key(k));
            } else if let Ok(i) = key.extract::<isize>() {
                index.push(ivy::IndexKey::Pos(i));
            } else {
                return Err(bad());
            }
        }
        paths.push(index);
    }
    Ok(Some(paths))
}

/// Run `func` on `xs` (an array, a Container or a nest) and return
/// `(func(xs), gradients)`: the gradients of the returned array, or of
/// every array of a returned nest (or of those at `ret_grad_idxs`), with
/// respect to every array of `xs` (or those at `xs_grad_idxs`, Ivy's index
/// paths such as `[[0], ["a", "b"]]`).
#[pyfunction]
#[pyo3(signature = (func, xs, /, *, retain_grads = false, xs_grad_idxs = None, ret_grad_idxs = None))]
fn execute_with_gradients(
    py: Python<'_>,
    func: Py<PyAny>,
    xs: &Bound<'_, PyAny>,
    retain_grads: bool,
    xs_grad_idxs: Option<&Bound<'_, PyAny>>,
    ret_grad_idxs: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
    const OP: &str = "execute_with_gradients";
    let opts = ivy::gradients::ExecuteWithGradients::new()
        .retain_grads(retain_grads)
        .xs_grad_idxs(index_paths(xs_grad_idxs, "xs_grad_idxs")?)
        .ret_grad_idxs(index_paths(ret_grad_idxs, "ret_grad_idxs")?);
    let run = |arg: Py<PyAny>| -> ivy::Result<Nest> {
        Python::attach(|py| {
            let r = func.bind(py).call1((arg,)).map_err(|e| stash(OP, e))?;
            nest_from_py(&r).map_err(|e| stash(OP, e))
        })
    };
    let (ret, grads) = if let Ok(c) = xs.cast::<PyContainer>() {
        let c = c.borrow().c.clone();
        ivy::execute_with_gradients_with(
            |c: &Container| run(Python::attach(|py| container_arg(py, c))?),
            &c,
            opts,
        )
    } else {
        let n = nest_from_py(xs)?;
        ivy::execute_with_gradients_with(
            |n: &Nest| run(Python::attach(|py| nest_to_py(py, n)).map_err(|e| stash(OP, e))?),
            &n,
            opts,
        )
    }
    .map_err(unstash)?;
    // Gradients that come out a dict are a Container, as in Ivy.
    let grads = nest_to_py(py, &grads)?;
    let grads = match grads.bind(py).cast::<PyDict>() {
        Ok(d) => Py::new(
            py,
            PyContainer {
                c: crate::container::from_dict(d.as_any())?,
            },
        )?
        .into_any(),
        Err(_) => grads,
    };
    Ok((nest_to_py(py, &ret)?, grads))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Differentiated>()?;
    m.add_function(wrap_pyfunction!(value_and_grad, m)?)?;
    m.add_function(wrap_pyfunction!(grad, m)?)?;
    m.add_function(wrap_pyfunction!(jac, m)?)?;
    m.add_function(wrap_pyfunction!(execute_with_gradients, m)?)?;
    Ok(())
}
