//! Kernels of the sorting ops.

use crate::NdarrayBackend;
use ivy::kernels::SortingKernels;

#[ivy::kernels]
impl SortingKernels for NdarrayBackend {}
