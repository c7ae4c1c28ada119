//! Kernels of the manipulation ops.

use crate::NdarrayBackend;
use ivy::kernels::ManipulationKernels;

#[ivy::kernels]
impl ManipulationKernels for NdarrayBackend {}
