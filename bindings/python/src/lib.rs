//! The Python package `ivy_rs`: ivy's functional API, `Array` and
//! `Container`, generated from the op spec (`ivy_macros::python`), with the
//! few standalone functions, settings and gradients written here.
//!
//! Built with maturin (`pip install ./bindings/python`); the Python part of
//! the package (`python/ivy_rs/`) re-exports this extension module
//! (`ivy_rs._ivy_rs`) and adds the context managers and the Array API
//! namespace.

mod array;
mod container;
mod dtype;
mod errors;
mod grad;
mod interop;
mod rt;
mod standalone;
mod testing;

/// The generated module: a function per op of the spec, the methods of
/// `Array` and `Container`.
#[allow(clippy::all)]
pub mod generated {
    ivy_spec::for_each_op!(ivy_macros::python);
}

use pyo3::prelude::*;

#[pymodule]
fn _ivy_rs(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<array::PyArray>()?;
    m.add_class::<container::PyContainer>()?;
    dtype::register(m)?;
    errors::register(m)?;
    generated::register(m)?;
    standalone::register(m)?;
    standalone::register_settings(m)?;
    standalone::register_array_api(m)?;
    grad::register(m)?;
    testing::register(m)?;
    let ops: Vec<(&str, &str)> = generated::OPS.to_vec();
    m.add("__ops__", ops)?;
    m.add("__standalone__", generated::STANDALONE.to_vec())?;
    Ok(())
}
