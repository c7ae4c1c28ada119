//! ivy for Rust: one functional array API over several array backends.
//!
//! (Crate docs are written in the README; see `README.md`.)

pub use ivy_core::*;

#[cfg(feature = "ndarray")]
extern crate ivy_ndarray;
