//! The ndarray backend of ivy: kernels over [`ndarray`] for all 15 dtypes.
//!
//! Arrays of this backend are host arrays (one contiguous row-major buffer);
//! kernels read them as slices, with fast paths for contiguous same-shape
//! operands, and as [`ndarray::ArrayViewD`] where broadcasting, axes or
//! linear algebra need it. Each category of ops has its kernels in the file of
//! that name, under `#[ivy::kernels]`, with their dtype tables written on
//! them.
//!
//! Linking this crate registers the backend; the facade crate `ivy` links it
//! by default.
//!
//! ```
//! # extern crate ivy_ndarray;
//! # extern crate ivy_core as ivy;
//! assert_eq!(ivy::current_backend().name(), "ndarray");
//! assert_eq!(ivy::current_backend().version(), ivy_ndarray::NDARRAY_VERSION);
//! ```

#![warn(missing_docs)]

extern crate ivy_core as ivy;

mod activations;
mod complex;
mod creation;
mod data_type;
mod decompositions;
mod elementwise;
mod fft;
mod gemm;
mod host;
mod indexing;
mod layers;
mod layout;
mod linear_algebra;
mod manipulation;
mod math;
mod norms;
mod parallel;
mod random;
mod reduce;
mod rows;
mod searching;
mod simd;
mod sorting;
mod statistical;
mod utility;

use ivy::backend::BackendBase;

/// The version of the `ndarray` crate the kernels are built and tested
/// against; the dtype tables are resolved for it. (A test checks it against
/// `Cargo.lock`.)
pub const NDARRAY_VERSION: &str = "0.17.2";

/// The ndarray backend.
///
/// ```
/// # extern crate ivy_ndarray;
/// # extern crate ivy_core as ivy;
/// use ivy::backend::BackendBase;
/// assert_eq!(ivy_ndarray::NdarrayBackend.name(), "ndarray");
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct NdarrayBackend;

ivy::register_backend! {
    /// The registered entry of the ndarray backend.
    pub static NDARRAY: NdarrayBackend = NdarrayBackend;
    kernels: [
        activations, creation, data_type, elementwise, fft, indexing, layers, linear_algebra, manipulation, norms,
        random,
        searching, sorting, statistical, utility,
    ];
}

impl BackendBase for NdarrayBackend {
    fn name(&self) -> &'static str {
        "ndarray"
    }

    fn version(&self) -> &'static str {
        NDARRAY_VERSION
    }
}
