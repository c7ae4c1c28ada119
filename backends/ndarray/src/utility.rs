//! Kernels of the utility ops.

use crate::NdarrayBackend;
use ivy::kernels::UtilityKernels;

#[ivy::kernels]
impl UtilityKernels for NdarrayBackend {}
