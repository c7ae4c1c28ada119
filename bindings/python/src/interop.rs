//! NumPy and DLPack: arrays from any object with `__dlpack__` (NumPy,
//! PyTorch, JAX, ...) and capsules for consumers (`numpy.from_dlpack(x)`,
//! which is also what `Array.__array__` returns: a read-only NumPy view of
//! the array's storage, no copy).

use crate::errors::to_py_err;
use ivy::Array;
use ivy::dlpark::ManagedBox;
use ivy::dlpark::ffi::{DLManagedTensor, DLManagedTensorVersioned};
use pyo3::prelude::*;

/// An array holding the elements of a DLPack producer (or capsule). ivy
/// copies (its arrays own reference-counted storage; see
/// `ivy::from_dlpack`).
pub fn from_dlpack_obj(obj: &Bound<'_, PyAny>) -> PyResult<Array> {
    match obj.extract::<ManagedBox<DLManagedTensorVersioned>>() {
        Ok(t) => ivy::from_dlpack(&t).map_err(to_py_err),
        Err(versioned_err) => match obj.extract::<ManagedBox<DLManagedTensor>>() {
            Ok(t) => ivy::from_dlpack(&t).map_err(to_py_err),
            Err(_) => Err(versioned_err),
        },
    }
}

/// The array as a versioned DLPack capsule (no copy of host data; flagged
/// read-only).
pub fn to_capsule<'py>(py: Python<'py>, a: &Array) -> PyResult<Bound<'py, PyAny>> {
    let t = a.to_dlpack().map_err(to_py_err)?;
    t.into_pyobject(py)
}

/// A copy of an array (new storage; through DLPack, which copies on import).
pub fn copy(a: &Array) -> PyResult<Array> {
    let t = a.to_dlpack().map_err(to_py_err)?;
    ivy::from_dlpack(&t).map_err(to_py_err)
}

/// The error for a move to another device: the backends here keep arrays
/// on one device.
pub fn no_device_move(a: &Array, d: ivy::Device) -> PyErr {
    crate::errors::to_py_err(ivy::Error::invalid(
        "to_device",
        format!(
            "the array is on {} ({} backend); moving it to {d} is not supported by this build",
            a.device(),
            a.backend().name()
        ),
    ))
}
