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

/// The guide: one page per topic, each a module so that its examples run as
/// doctests (the same pages are in `docs/guide/` in the repository).
pub mod guide {
    #![doc = include_str!("../docs/guide/README.md")]

    pub mod from_python_ivy {
        #![doc = include_str!("../docs/guide/from-python-ivy.md")]
    }
    pub mod arrays {
        #![doc = include_str!("../docs/guide/arrays.md")]
    }
    pub mod pytrees {
        #![doc = include_str!("../docs/guide/pytrees.md")]
    }
    pub mod containers {
        #![doc = include_str!("../docs/guide/containers.md")]
    }
    pub mod gradients {
        #![doc = include_str!("../docs/guide/gradients.md")]
    }
    pub mod backends {
        #![doc = include_str!("../docs/guide/backends.md")]
    }
    pub mod casting_modes {
        #![doc = include_str!("../docs/guide/casting-modes.md")]
    }
    pub mod numerics {
        #![doc = include_str!("../docs/guide/numerics.md")]
    }
    pub mod adding_an_op {
        #![doc = include_str!("../docs/guide/adding-an-op.md")]
    }
    pub mod benchmarks {
        #![doc = include_str!("../docs/guide/benchmarks.md")]
    }
}
