#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub use ivy_core::*;

// Linking the default backend registers it.
#[cfg(feature = "ndarray")]
extern crate ivy_ndarray;

/// The candle backend's interop (`ivy::candle::from_tensor`,
/// `ivy::candle::ToTensor`) and the `candle_core` crate it is built on.
#[cfg(feature = "candle")]
pub use ::ivy_candle as candle;
