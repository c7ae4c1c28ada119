//! What the pytest suite compares with: the catalogue's sample call of an
//! op made in Rust, and its arguments as Python objects, so the test can
//! make the same call through the generated Python function.

use crate::array::{PyArray, scalar_to_py};
use crate::container::PyContainer;
use crate::errors::to_py_err;
use ivy::catalogue::Value;
use ivy::{Contraction, IndexItem, Splits};
use pyo3::prelude::*;
use pyo3::types::{PyList, PySlice, PyTuple};

fn value_to_py(py: Python<'_>, v: &Value) -> PyResult<Py<PyAny>> {
    let arr = |a: &ivy::Array| -> PyResult<Py<PyAny>> {
        Ok(Py::new(py, PyArray { a: a.clone() })?.into_any())
    };
    Ok(match v {
        Value::None => py.None(),
        Value::Array(a) => arr(a)?,
        Value::Arrays(xs) => PyList::new(py, xs.iter().map(arr).collect::<PyResult<Vec<_>>>()?)?
            .into_any()
            .unbind(),
        Value::Scalar(s) => scalar_to_py(py, *s)?,
        Value::Ints(i) => PyList::new(py, i.as_slice())?.into_any().unbind(),
        Value::Splits(Splits::Sections(n)) => n.into_pyobject(py)?.into_any().unbind(),
        Value::Splits(Splits::Sizes(s)) => PyList::new(py, s)?.into_any().unbind(),
        Value::Contraction(Contraction::Count(n)) => n.into_pyobject(py)?.into_any().unbind(),
        Value::Contraction(Contraction::Pairs(a, b)) => {
            let a = PyList::new(py, a)?;
            let b = PyList::new(py, b)?;
            PyTuple::new(py, [a, b])?.into_any().unbind()
        }
        Value::Index(ix) => {
            let items = ix
                .items()
                .iter()
                .map(|it| -> PyResult<Py<PyAny>> {
                    Ok(match it {
                        IndexItem::Int(i) => i.into_pyobject(py)?.into_any().unbind(),
                        IndexItem::Slice { start, stop, step } => {
                            let none = py.None();
                            let s = |x: &Option<i64>| -> PyResult<Py<PyAny>> {
                                Ok(match x {
                                    Some(v) => v.into_pyobject(py)?.into_any().unbind(),
                                    None => none.clone_ref(py),
                                })
                            };
                            let slice =
                                py.get_type::<PySlice>()
                                    .call1((s(start)?, s(stop)?, *step))?;
                            slice.unbind()
                        }
                        IndexItem::Ellipsis => py.Ellipsis(),
                        IndexItem::NewAxis => py.None(),
                        IndexItem::Array(a) => arr(a)?,
                    })
                })
                .collect::<PyResult<Vec<_>>>()?;
            PyTuple::new(py, items)?.into_any().unbind()
        }
        Value::Dtype(d) => Py::new(py, crate::dtype::PyDtype(*d))?.into_any(),
        Value::Device(d) => d.to_string().into_pyobject(py)?.into_any().unbind(),
        Value::Str(s) => s.into_pyobject(py)?.into_any().unbind(),
        Value::Container(c) => Py::new(py, PyContainer { c: c.clone() })?.into_any(),
    })
}

/// `(args, results)`: the positional arguments of the catalogue's sample
/// call of `name` on inputs of `dtype`, and what the call returns in Rust (a
/// list of arrays), or `(args, message)` when it fails there. The random
/// generator is seeded with 0 before the call.
#[pyfunction]
fn _catalogue_sample(
    py: Python<'_>,
    name: &str,
    dtype: &Bound<'_, PyAny>,
) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
    let dtype = crate::dtype::to_dtype(dtype)?;
    let op = ivy::catalogue::op(name).map_err(to_py_err)?;
    let Some(sample) = op.sample else {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "{name} has no sample call"
        )));
    };
    let args = sample(dtype);
    let py_args = args
        .positional()
        .iter()
        .map(|v| value_to_py(py, v))
        .collect::<PyResult<Vec<_>>>()?;
    ivy::seed(0);
    let out = match op.call(&args) {
        Ok(xs) => PyList::new(
            py,
            xs.into_iter()
                .map(|a| Ok(Py::new(py, PyArray { a })?.into_any()))
                .collect::<PyResult<Vec<_>>>()?,
        )?
        .into_any()
        .unbind(),
        Err(e) => e.to_string().into_pyobject(py)?.into_any().unbind(),
    };
    Ok((PyList::new(py, py_args)?.into_any().unbind(), out))
}

/// The dtypes `name` supports on the current backend.
#[pyfunction]
fn _supported_dtypes(name: &str) -> PyResult<Vec<String>> {
    let op = ivy::catalogue::op(name).map_err(to_py_err)?;
    Ok(op
        .supported_dtypes(ivy::current_backend())
        .to_vec()
        .into_iter()
        .map(|d| d.to_string())
        .collect())
}

/// Register the test helpers (underscored: not part of the API).
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_catalogue_sample, m)?)?;
    m.add_function(wrap_pyfunction!(_supported_dtypes, m)?)?;
    Ok(())
}
