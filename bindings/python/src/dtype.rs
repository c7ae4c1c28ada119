//! Dtype and device objects: `ivy_rs.float32` (hashable, `==` to another
//! dtype object and to its name, as Python Ivy's string dtypes are) and
//! `ivy_rs.Device`.

use crate::errors::to_py_err;
use ivy::{Device, Dtype};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyType};

/// A dtype.
#[pyclass(name = "Dtype", module = "ivy_rs", frozen, skip_from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyDtype(pub Dtype);

#[pymethods]
impl PyDtype {
    /// The dtype named `name` (`"float32"`).
    #[new]
    fn new(name: &Bound<'_, PyAny>) -> PyResult<Self> {
        to_dtype(name).map(PyDtype)
    }
    fn __repr__(&self) -> String {
        format!("ivy_rs.{}", self.0)
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    /// Hashes as its name does (so it equals its name in dicts and sets).
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        PyString::new(py, &self.0.to_string()).hash()
    }
    /// Its name.
    #[getter]
    fn name(&self) -> String {
        self.0.to_string()
    }
    /// Size of one element in bits.
    #[getter]
    fn bits(&self) -> u32 {
        ivy::dtype_bits(self.0)
    }
    /// Size of one element in bytes (NumPy's `itemsize`).
    #[getter]
    fn itemsize(&self) -> u32 {
        ivy::dtype_bits(self.0).div_ceil(8)
    }
    /// `ivy_rs.float32 == "float32"` holds, as in Python Ivy.
    fn __richcmp__(
        &self,
        other: &Bound<'_, PyAny>,
        op: pyo3::basic::CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let same = match other.cast::<PyDtype>() {
            Ok(d) => Some(d.get().0 == self.0),
            Err(_) => other.cast::<PyString>().ok().map(|s| {
                s.extract::<String>()
                    .map(|s| s == self.0.to_string())
                    .unwrap_or(false)
            }),
        };
        Ok(match (op, same) {
            (pyo3::basic::CompareOp::Eq, Some(s)) => {
                s.into_pyobject(py)?.to_owned().into_any().unbind()
            }
            (pyo3::basic::CompareOp::Ne, Some(s)) => {
                (!s).into_pyobject(py)?.to_owned().into_any().unbind()
            }
            _ => py.NotImplemented(),
        })
    }
}

/// A device (`ivy_rs.Device("cpu")`).
#[pyclass(
    name = "Device",
    module = "ivy_rs",
    frozen,
    eq,
    hash,
    skip_from_py_object
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyDevice(pub Device);

#[pymethods]
impl PyDevice {
    #[new]
    fn new(name: &str) -> PyResult<Self> {
        name.parse::<Device>().map(PyDevice).map_err(to_py_err)
    }
    fn __repr__(&self) -> String {
        format!("ivy_rs.Device('{}')", self.0)
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
}

/// A Python object naming a dtype: an `ivy_rs` dtype, its name, NumPy's
/// dtypes and scalar types, or the Python types `bool`, `int`, `float`,
/// `complex` (the default dtype of that kind).
pub fn to_dtype(obj: &Bound<'_, PyAny>) -> PyResult<Dtype> {
    if let Ok(d) = obj.cast::<PyDtype>() {
        return Ok(d.get().0);
    }
    let py = obj.py();
    if let Ok(t) = obj.cast::<PyType>() {
        let b = py.get_type::<pyo3::types::PyBool>();
        if t.is(&b) {
            return Ok(Dtype::Bool);
        }
        if t.is(py.get_type::<pyo3::types::PyInt>()) {
            return Ok(ivy::default_int_dtype());
        }
        if t.is(py.get_type::<pyo3::types::PyFloat>()) {
            return Ok(ivy::default_float_dtype());
        }
        if t.is(py.get_type::<pyo3::types::PyComplex>()) {
            return Ok(ivy::default_complex_dtype());
        }
    }
    let name = if let Ok(s) = obj.extract::<String>() {
        s
    } else if let Ok(n) = obj.getattr("name").and_then(|n| n.extract::<String>()) {
        // A NumPy dtype (`np.dtype("float32").name`).
        n
    } else if let Ok(np) = py.import("numpy") {
        // A NumPy scalar type (`np.float32`).
        np.call_method1("dtype", (obj,))
            .and_then(|d| d.getattr("name"))
            .and_then(|n| n.extract::<String>())
            .map_err(|_| pyo3::exceptions::PyTypeError::new_err(format!("{obj} is not a dtype")))?
    } else {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{obj} is not a dtype"
        )));
    };
    name.parse::<Dtype>().map_err(to_py_err)
}

/// Add the dtype objects (`ivy_rs.float32`, ...) and classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyDtype>()?;
    m.add_class::<PyDevice>()?;
    for d in Dtype::ALL {
        m.add(d.to_string(), PyDtype(d))?;
    }
    Ok(())
}
