//! The spec's standalone functions (plain Rust types, not generated; the
//! list `generated::STANDALONE` names them and a test checks each is here),
//! and the settings.

use crate::array::{PyArray, to_array};
use crate::errors::to_py_err;
use crate::rt;
use pyo3::prelude::*;

fn wrap(py: Python<'_>, a: ivy::Array) -> PyResult<Py<PyAny>> {
    Ok(Py::new(py, PyArray { a })?.into_any())
}

/// An array from a nested list of numbers, a NumPy array, anything with
/// `__dlpack__`, or a number (the Array API's `asarray`).
#[pyfunction]
#[pyo3(signature = (obj, /, *, dtype = None, device = None, copy = None))]
fn asarray(
    py: Python<'_>,
    obj: &Bound<'_, PyAny>,
    dtype: Option<&Bound<'_, PyAny>>,
    device: Option<&Bound<'_, PyAny>>,
    copy: Option<bool>,
) -> PyResult<Py<PyAny>> {
    let dtype: Option<ivy::Dtype> = rt::keyword(dtype, "asarray", "dtype")?;
    let device: Option<ivy::Device> = rt::keyword(device, "asarray", "device")?;
    if let Ok(a) = obj.cast::<PyArray>() {
        let g = a.borrow();
        let same =
            dtype.is_none_or(|d| d == g.a.dtype()) && device.is_none_or(|d| d == g.a.device());
        if same && copy != Some(true) {
            return Ok(a.clone().into_any().unbind());
        }
    }
    let dlpack =
        !obj.is_instance_of::<PyArray>() && obj.hasattr(pyo3::intern!(py, "__dlpack__"))?;
    let mut a = if dlpack && copy.is_some() {
        let a = crate::interop::from_dlpack_obj(obj, copy)?;
        match dtype {
            Some(d) if d != a.dtype() => {
                if copy == Some(false) {
                    return Err(pyo3::exceptions::PyValueError::new_err(format!(
                        "asarray: copy=False, but the {} elements would be cast to {d}",
                        a.dtype()
                    )));
                }
                ivy::astype(&a, d).map_err(to_py_err)?
            }
            _ => a,
        }
    } else {
        if copy == Some(false) && !obj.is_instance_of::<PyArray>() {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "asarray: copy=False, but only an ivy_rs.Array or an object with __dlpack__ can be shared; this object is copied",
            ));
        }
        to_array(obj, dtype, "asarray")?
    };
    if copy == Some(true) && obj.is_instance_of::<PyArray>() {
        a = crate::interop::copy(&a)?;
    }
    if let Some(d) = device
        && d != a.device()
    {
        return Err(crate::interop::no_device_move(&a, d));
    }
    wrap(py, a)
}

/// The dtype of an array.
#[pyfunction]
fn dtype(x: &Bound<'_, PyAny>) -> PyResult<crate::dtype::PyDtype> {
    Ok(crate::dtype::PyDtype(to_array(x, None, "dtype")?.dtype()))
}

/// The device of an array.
#[pyfunction]
fn dev(x: &Bound<'_, PyAny>) -> PyResult<crate::dtype::PyDevice> {
    Ok(crate::dtype::PyDevice(to_array(x, None, "dev")?.device()))
}

/// The shape of an array, a tuple.
#[pyfunction]
#[pyo3(signature = (x, /, *, as_array = false))]
fn shape(py: Python<'_>, x: &Bound<'_, PyAny>, as_array: bool) -> PyResult<Py<PyAny>> {
    let a = to_array(x, None, "shape")?;
    let dims: Vec<i64> = a.shape().dims().iter().map(|&d| d as i64).collect();
    if as_array {
        return wrap(py, ivy::Array::from_vec(dims));
    }
    Ok(pyo3::types::PyTuple::new(py, dims)?.into_any().unbind())
}

/// The number of dimensions of an array.
#[pyfunction]
#[pyo3(signature = (x, /, *, as_array = false))]
fn get_num_dims(py: Python<'_>, x: &Bound<'_, PyAny>, as_array: bool) -> PyResult<Py<PyAny>> {
    let n = to_array(x, None, "get_num_dims")?.ndim() as i64;
    if as_array {
        return wrap(py, ivy::Array::scalar(n));
    }
    Ok(n.into_pyobject(py)?.into_any().unbind())
}

/// Whether two arrays have the same shape and elements.
#[pyfunction]
fn array_equal(x1: &Bound<'_, PyAny>, x2: &Bound<'_, PyAny>) -> PyResult<bool> {
    let a = to_array(x1, None, "array_equal")?;
    let b = to_array(x2, None, "array_equal")?;
    ivy::array_equal(&a, &b).map_err(to_py_err)
}

/// Seed the random generator of this thread.
#[pyfunction]
#[pyo3(signature = (*, seed_value = 0))]
fn seed(seed_value: i64) {
    ivy::seed(seed_value)
}

/// `x` if it is not `None`, else `default_val` (Ivy's `default`).
#[pyfunction]
#[pyo3(signature = (x, /, default_val))]
fn default(py: Python<'_>, x: &Bound<'_, PyAny>, default_val: &Bound<'_, PyAny>) -> Py<PyAny> {
    let _ = py;
    if x.is_none() {
        default_val.clone().unbind()
    } else {
        x.clone().unbind()
    }
}

/// Whether `x` is not `None` (Ivy's `exists`).
#[pyfunction]
fn exists(x: &Bound<'_, PyAny>) -> bool {
    !x.is_none()
}

/// Set the backend of this thread (`"ndarray"`, or `"candle"` when built with it).
#[pyfunction]
fn set_backend(backend: &str) -> PyResult<()> {
    ivy::set_backend(backend).map_err(to_py_err)
}

/// Back to the default backend.
#[pyfunction]
fn unset_backend() {
    ivy::unset_backend()
}

/// The name of the current backend.
#[pyfunction]
fn current_backend_str() -> String {
    ivy::current_backend_str().to_string()
}

/// The names of the backends this build has.
#[pyfunction]
fn available_backends() -> Vec<String> {
    ivy::available_backends()
        .iter()
        .map(|s| s.to_string())
        .collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(asarray, m)?)?;
    m.add_function(wrap_pyfunction!(dtype, m)?)?;
    m.add_function(wrap_pyfunction!(dev, m)?)?;
    m.add_function(wrap_pyfunction!(shape, m)?)?;
    m.add_function(wrap_pyfunction!(get_num_dims, m)?)?;
    m.add_function(wrap_pyfunction!(array_equal, m)?)?;
    m.add_function(wrap_pyfunction!(seed, m)?)?;
    m.add_function(wrap_pyfunction!(default, m)?)?;
    m.add_function(wrap_pyfunction!(exists, m)?)?;
    m.add_function(wrap_pyfunction!(set_backend, m)?)?;
    m.add_function(wrap_pyfunction!(unset_backend, m)?)?;
    m.add_function(wrap_pyfunction!(current_backend_str, m)?)?;
    m.add_function(wrap_pyfunction!(available_backends, m)?)?;
    Ok(())
}

macro_rules! dtype_settings {
    ($($get:ident $set:ident $unset:ident;)*) => {
        $(
            /// The default dtype of this kind (per thread).
            #[pyfunction]
            fn $get() -> crate::dtype::PyDtype {
                crate::dtype::PyDtype(ivy::$get())
            }
            /// Set the default dtype of this kind (per thread).
            #[pyfunction]
            fn $set(dtype: &Bound<'_, PyAny>) -> PyResult<()> {
                let d: ivy::Dtype = rt::arg(dtype, stringify!($set), "dtype")?;
                ivy::$set(d).map_err(to_py_err)
            }
            /// Back to the global default.
            #[pyfunction]
            fn $unset() {
                ivy::$unset()
            }
        )*
        fn register_dtype_settings(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $(
                m.add_function(wrap_pyfunction!($get, m)?)?;
                m.add_function(wrap_pyfunction!($set, m)?)?;
                m.add_function(wrap_pyfunction!($unset, m)?)?;
            )*
            Ok(())
        }
    };
}

dtype_settings! {
    default_float_dtype set_default_float_dtype unset_default_float_dtype;
    default_int_dtype set_default_int_dtype unset_default_int_dtype;
    default_uint_dtype set_default_uint_dtype unset_default_uint_dtype;
    default_complex_dtype set_default_complex_dtype unset_default_complex_dtype;
}

macro_rules! flag_settings {
    ($($get:ident $set:ident $unset:ident;)*) => {
        $(
            /// The mode's current value (per thread).
            #[pyfunction]
            fn $get() -> bool {
                ivy::$get()
            }
            /// Set the mode (per thread).
            #[pyfunction]
            #[pyo3(signature = (val = true))]
            fn $set(val: bool) {
                ivy::$set(val)
            }
            /// Back to the default.
            #[pyfunction]
            fn $unset() {
                ivy::$unset()
            }
        )*
        fn register_flag_settings(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $(
                m.add_function(wrap_pyfunction!($get, m)?)?;
                m.add_function(wrap_pyfunction!($set, m)?)?;
                m.add_function(wrap_pyfunction!($unset, m)?)?;
            )*
            Ok(())
        }
    };
}

flag_settings! {
    precise_mode set_precise_mode unset_precise_mode;
    upcast_dtypes upcast_data_types unset_upcast_data_types;
    downcast_dtypes downcast_data_types unset_downcast_data_types;
    crosscast_dtypes crosscast_data_types unset_crosscast_data_types;
    cast_dtypes cast_data_types unset_cast_data_types;
}

/// Ivy's promotion of two dtypes.
#[pyfunction]
fn promote_types(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<crate::dtype::PyDtype> {
    let a: ivy::Dtype = rt::arg(a, "promote_types", "type1")?;
    let b: ivy::Dtype = rt::arg(b, "promote_types", "type2")?;
    ivy::promote_types(a, b)
        .map(crate::dtype::PyDtype)
        .map_err(to_py_err)
}

/// Whether `from_` casts to `to` under Ivy's rules.
#[pyfunction]
fn can_cast(from_: &Bound<'_, PyAny>, to: &Bound<'_, PyAny>) -> PyResult<bool> {
    let to: ivy::Dtype = rt::arg(to, "can_cast", "to")?;
    let from = match from_.cast::<PyArray>() {
        Ok(a) => a.borrow().a.dtype(),
        Err(_) => rt::arg(from_, "can_cast", "from_")?,
    };
    Ok(ivy::can_cast(from, to))
}

pub fn register_settings(m: &Bound<'_, PyModule>) -> PyResult<()> {
    register_dtype_settings(m)?;
    register_flag_settings(m)?;
    m.add_function(wrap_pyfunction!(promote_types, m)?)?;
    m.add_function(wrap_pyfunction!(can_cast, m)?)?;
    Ok(())
}

/// Machine limits of an integer dtype (the Array API's `iinfo`).
#[pyclass(name = "iinfo_object", module = "ivy_rs", frozen, get_all)]
struct IinfoObject {
    bits: u32,
    max: i128,
    min: i128,
    dtype: crate::dtype::PyDtype,
}

/// Machine limits of a floating dtype (the Array API's `finfo`).
#[pyclass(name = "finfo_object", module = "ivy_rs", frozen, get_all)]
struct FinfoObject {
    bits: u32,
    eps: f64,
    max: f64,
    min: f64,
    smallest_normal: f64,
    dtype: crate::dtype::PyDtype,
}

fn dtype_of_arg(obj: &Bound<'_, PyAny>, op: &str) -> PyResult<ivy::Dtype> {
    match obj.cast::<PyArray>() {
        Ok(a) => Ok(a.borrow().a.dtype()),
        Err(_) => rt::arg(obj, op, "type"),
    }
}

/// Machine limits of an integer dtype (or of an array's dtype).
#[pyfunction]
fn iinfo(r#type: &Bound<'_, PyAny>) -> PyResult<IinfoObject> {
    let i = ivy::iinfo(dtype_of_arg(r#type, "iinfo")?).map_err(to_py_err)?;
    Ok(IinfoObject {
        bits: i.bits,
        max: i.max,
        min: i.min,
        dtype: crate::dtype::PyDtype(i.dtype),
    })
}

/// Machine limits of a floating dtype (or of an array's dtype); a complex
/// dtype gives those of its real part.
#[pyfunction]
fn finfo(r#type: &Bound<'_, PyAny>) -> PyResult<FinfoObject> {
    let f = ivy::finfo(dtype_of_arg(r#type, "finfo")?).map_err(to_py_err)?;
    Ok(FinfoObject {
        bits: f.bits,
        eps: f.eps,
        max: f.max,
        min: f.min,
        smallest_normal: f.smallest_normal,
        dtype: crate::dtype::PyDtype(f.dtype),
    })
}

/// `(section, name)` of every function of the Array API standard 2024.12.
#[pyfunction]
fn _array_api_standard() -> Vec<(&'static str, &'static str)> {
    ivy::array_api::STANDARD
        .iter()
        .map(|f| (f.section, f.name))
        .collect()
}

/// A DLPack producer's array (the standard's `from_dlpack`): its memory,
/// shared, where the layout allows and `copy` is not `True`; a copy
/// otherwise (`copy=False` raises then).
#[pyfunction]
#[pyo3(signature = (x, /, *, device = None, copy = None))]
fn from_dlpack(
    py: Python<'_>,
    x: &Bound<'_, PyAny>,
    device: Option<&Bound<'_, PyAny>>,
    copy: Option<bool>,
) -> PyResult<Py<PyAny>> {
    let _ = device;
    wrap(py, crate::interop::from_dlpack_obj(x, copy)?)
}

pub fn register_array_api(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<IinfoObject>()?;
    m.add_class::<FinfoObject>()?;
    m.add_function(wrap_pyfunction!(iinfo, m)?)?;
    m.add_function(wrap_pyfunction!(finfo, m)?)?;
    m.add_function(wrap_pyfunction!(_array_api_standard, m)?)?;
    m.add_function(wrap_pyfunction!(from_dlpack, m)?)?;
    Ok(())
}
