//! `ivy::Error` as Python exceptions: `ivy_rs.IvyError` is the base of all;
//! the standard's types are bases of its subclasses where they apply
//! (`ivy_rs.IvyTypeError` is an `IvyError` and a `TypeError`, and so on), so
//! `except TypeError` and `except ivy_rs.IvyError` both catch a dtype error.
//! The message is the Rust one.

use ivy::Error;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};

/// The exception classes, created once when the module is imported.
pub struct Classes {
    /// `IvyError(Exception)`.
    pub base: Py<PyType>,
    /// `IvyTypeError(IvyError, TypeError)`: dtypes (unsupported, invalid, no promotion).
    pub type_error: Py<PyType>,
    /// `IvyValueError(IvyError, ValueError)`: shapes, arguments, backends, structures.
    pub value_error: Py<PyType>,
    /// `IvyIndexError(IvyError, IndexError)`: indices out of range.
    pub index_error: Py<PyType>,
    /// `IvyAxisError(IvyError, ValueError, IndexError)`: an axis out of bounds (NumPy's `AxisError` has both bases).
    pub axis_error: Py<PyType>,
    /// `IvyKeyError(IvyError, KeyError)`: a key chain a container does not have.
    pub key_error: Py<PyType>,
    /// `IvyNotImplementedError(IvyError, NotImplementedError)`: a dtype or device a backend does not support.
    pub not_implemented: Py<PyType>,
}

static CLASSES: PyOnceLock<Classes> = PyOnceLock::new();

fn make(
    py: Python<'_>,
    name: &str,
    bases: Vec<Bound<'_, PyAny>>,
    doc: &str,
) -> PyResult<Py<PyType>> {
    let ns = PyDict::new(py);
    ns.set_item("__module__", "ivy_rs")?;
    ns.set_item("__doc__", doc)?;
    let t = py
        .get_type::<PyType>()
        .call1((name, PyTuple::new(py, bases)?, ns))?;
    Ok(t.cast_into::<PyType>()?.unbind())
}

/// The classes (created on first use).
pub fn classes(py: Python<'_>) -> PyResult<&Classes> {
    CLASSES.get_or_try_init(py, || {
        use pyo3::exceptions as e;
        let base = make(
            py,
            "IvyError",
            vec![py.get_type::<e::PyException>().into_any()],
            "Base of every error ivy_rs raises; the message is ivy's.",
        )?;
        let b = || base.bind(py).clone().into_any();
        let type_error = make(
            py,
            "IvyTypeError",
            vec![b(), py.get_type::<e::PyTypeError>().into_any()],
            "A dtype error.",
        )?;
        let value_error = make(
            py,
            "IvyValueError",
            vec![b(), py.get_type::<e::PyValueError>().into_any()],
            "A shape, argument, backend or structure error.",
        )?;
        let index_error = make(
            py,
            "IvyIndexError",
            vec![b(), py.get_type::<e::PyIndexError>().into_any()],
            "An index out of range.",
        )?;
        let axis_error = make(
            py,
            "IvyAxisError",
            vec![
                b(),
                py.get_type::<e::PyValueError>().into_any(),
                py.get_type::<e::PyIndexError>().into_any(),
            ],
            "An axis out of bounds.",
        )?;
        let key_error = make(
            py,
            "IvyKeyError",
            vec![b(), py.get_type::<e::PyKeyError>().into_any()],
            "A key chain a container does not have.",
        )?;
        let not_implemented = make(
            py,
            "IvyNotImplementedError",
            vec![b(), py.get_type::<e::PyNotImplementedError>().into_any()],
            "A dtype or device the backend does not support.",
        )?;
        Ok(Classes {
            base,
            type_error,
            value_error,
            index_error,
            axis_error,
            key_error,
            not_implemented,
        })
    })
}

/// The class an error is raised as.
fn class_of<'a>(c: &'a Classes, e: &Error) -> &'a Py<PyType> {
    match e.leaf_error() {
        Error::UnsupportedDtype { .. } | Error::UnsupportedDevice { .. } => &c.not_implemented,
        Error::InvalidDtype { .. } | Error::NoPromotion { .. } | Error::UnknownDtype { .. } => {
            &c.type_error
        }
        Error::AxisOutOfBounds { .. } => &c.axis_error,
        Error::KeyChain { .. } => &c.key_error,
        Error::InvalidArgument { op, message } if is_index_error(op, message) => &c.index_error,
        _ => &c.value_error,
    }
}

fn is_index_error(op: &str, message: &str) -> bool {
    matches!(op, "get_item" | "set_item" | "take" | "gather")
        && (message.contains("out of bounds") || message.contains("out of range"))
}

/// An `ivy::Error` as a Python exception of the class its kind says.
pub fn to_py_err(e: Error) -> PyErr {
    Python::attach(|py| match classes(py) {
        Ok(c) => PyErr::from_type(class_of(c, &e).bind(py).clone(), e.to_string()),
        Err(err) => err,
    })
}

/// Add the classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let c = classes(m.py())?;
    for t in [
        &c.base,
        &c.type_error,
        &c.value_error,
        &c.index_error,
        &c.axis_error,
        &c.key_error,
        &c.not_implemented,
    ] {
        let t = t.bind(m.py());
        m.add(t.name()?.to_string(), t)?;
    }
    Ok(())
}
