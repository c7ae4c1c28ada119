//! Kernels of the activations ops.

use crate::NdarrayBackend;
use ivy::kernels::ActivationsKernels;

#[ivy::kernels]
impl ActivationsKernels for NdarrayBackend {}
