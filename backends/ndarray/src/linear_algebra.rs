//! Kernels of the linear_algebra ops.

use crate::NdarrayBackend;
use ivy::kernels::LinearAlgebraKernels;

#[ivy::kernels]
impl LinearAlgebraKernels for NdarrayBackend {}
