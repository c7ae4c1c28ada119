//! NumPy and DLPack: arrays from any object with `__dlpack__` (NumPy,
//! PyTorch, JAX, ...; sharing its memory where the layout allows) and
//! capsules for consumers (`numpy.from_dlpack(x)`, which is also what
//! `Array.__array__` returns: a read-only NumPy view of the array's
//! storage, no copy).

use crate::errors::to_py_err;
use ivy::Array;
use ivy::dlpark::ManagedBox;
use ivy::dlpark::ffi::{DLManagedTensor, DLManagedTensorVersioned};
use pyo3::prelude::*;

/// An array from a DLPack producer (or capsule), as the standard's `copy`
/// says: `None` keeps the producer's memory where the layout allows (as
/// `numpy.asarray` does) and copies otherwise, `Some(true)` copies,
/// `Some(false)` keeps the memory or raises (see `ivy::from_dlpack_shared`).
pub fn from_dlpack_obj(obj: &Bound<'_, PyAny>, copy: Option<bool>) -> PyResult<Array> {
    // SAFETY: the memory of a producer the array shares is the producer's
    // to keep alive (its deleter runs with the array's last handle); the
    // Python semantics of sharing are the standard's: writing the producer
    // afterwards is seen by the array, as with `numpy.asarray`, and the
    // binding runs kernels under the interpreter lock, so no Python write
    // races a kernel.
    match obj.extract::<ManagedBox<DLManagedTensorVersioned>>() {
        Ok(t) => unsafe { ivy::from_dlpack_shared(t, copy) }.map_err(to_py_err),
        Err(versioned_err) => match obj.extract::<ManagedBox<DLManagedTensor>>() {
            Ok(t) => unsafe { ivy::from_dlpack_shared(t, copy) }.map_err(to_py_err),
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

/// The array as a legacy (unversioned) DLPack capsule: a copy, as a legacy
/// tensor cannot say it is read-only; or with `shared`, the array's own
/// storage (`__dlpack__(copy=False)`: the consumer asked not to copy).
pub fn to_legacy_capsule<'py>(
    py: Python<'py>,
    a: &Array,
    shared: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let t = if shared {
        // SAFETY: the standard's `copy=False` export: the consumer reads the
        // producer's memory and must not write it (ivy_rs's docstring of
        // `__dlpack__` says so).
        unsafe { a.to_dlpack_legacy_shared() }
    } else {
        a.to_dlpack_legacy()
    };
    t.map_err(to_py_err)?.into_pyobject(py)
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
