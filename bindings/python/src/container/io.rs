//! Saving and loading: `cont_save` / `cont_load` (files) and
//! `cont_to_bytes` / `cont_from_bytes` (Python `bytes`), in safetensors,
//! JSON or NumPy's `.npz` (`"npz_compressed"`: deflated).

use super::PyContainer;
use crate::errors::to_py_err;
use ivy::Container;
use ivy::container::Format;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// The format named `name`.
fn format_named(op: &str, name: &str) -> PyResult<Format> {
    match name {
        "safetensors" => Ok(Format::Safetensors),
        "json" => Ok(Format::Json),
        "npz" => Ok(Format::Npz),
        "npz_compressed" => Ok(Format::NpzCompressed),
        other => Err(PyTypeError::new_err(format!(
            "{op}: unknown format `{other}` (safetensors, json, npz or npz_compressed)"
        ))),
    }
}

/// The format of a file: `format` if given, else its extension's.
fn format_of(op: &str, path: &str, format: Option<&str>) -> PyResult<Format> {
    let f = format.map(str::to_string).unwrap_or_else(|| {
        std::path::Path::new(path)
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase()
    });
    format_named(op, &f)
}

#[pymethods]
impl PyContainer {
    /// Save to `path` (`.safetensors`, `.npz` or `.json`, by extension or
    /// `format`); returns `None`.
    #[pyo3(signature = (path, /, *, format = None))]
    fn cont_save(&self, path: &str, format: Option<&str>) -> PyResult<()> {
        self.c
            .cont_save(path, format_of("cont_save", path, format)?)
            .map_err(to_py_err)
    }

    /// Load a container saved by `cont_save` (or by NumPy's `savez`, safetensors).
    #[staticmethod]
    #[pyo3(signature = (path, /, *, format = None))]
    fn cont_load(path: &str, format: Option<&str>) -> PyResult<PyContainer> {
        Ok(PyContainer {
            c: Container::cont_load(path, format_of("cont_load", path, format)?)
                .map_err(to_py_err)?,
        })
    }

    /// The bytes of the file `cont_save` would write in `format`
    /// (`"safetensors"`, `"json"`, `"npz"` or `"npz_compressed"`).
    fn cont_to_bytes<'py>(&self, py: Python<'py>, format: &str) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = self
            .c
            .cont_to_bytes(format_named("cont_to_bytes", format)?)
            .map_err(to_py_err)?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// The container stored in `data` (bytes) in `format`.
    #[staticmethod]
    fn cont_from_bytes(data: &[u8], format: &str) -> PyResult<PyContainer> {
        Container::cont_from_bytes(data, format_named("cont_from_bytes", format)?)
            .map(PyContainer::wrap)
            .map_err(to_py_err)
    }
}
