#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub use ivy_core::*;

// Linking the default backend registers it.
#[cfg(feature = "ndarray")]
extern crate ivy_ndarray;

// The candle backend, with the cargo feature `candle`.
#[cfg(feature = "candle")]
extern crate ivy_candle;
