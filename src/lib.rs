//! ivy (being written)
pub use ivy_core::*;
#[cfg(feature = "ndarray")]
extern crate ivy_ndarray;
