//! The core of ivy: dtypes, [`Array`], backends, pytrees and nests, and the
//! functional API generated from the op spec.
//!
//! Users depend on the facade crate `ivy`, which re-exports everything here and
//! links the default backend. This crate is what backends depend on.

#![warn(missing_docs)]

// Generated code (here and in user crates) names items as `::ivy::...`; inside
// this crate that path is the crate itself.
extern crate self as ivy;

pub mod array;
pub mod backend;
pub mod catalogue;
mod device;
pub mod dtype;
mod error;
pub mod nest;
mod scalar;
mod shape;
pub mod tree;

mod api;

#[doc(hidden)]
pub mod __private;

pub use array::{Array, Buffer, Data, HostData, NativeData};
pub use backend::{
    BackendEntry, available_backends, current_backend, current_backend_str, set_backend,
    unset_backend, use_backend, with_backend,
};
pub use device::Device;
pub use dtype::*;
pub use error::{DtypeList, Error, Result};
pub use scalar::Scalar;
pub use shape::{Shape, broadcast_shapes_of, normalize_axes, normalize_axis};

pub use api::*;
