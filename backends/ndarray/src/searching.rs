//! Kernels of the searching ops.

use crate::NdarrayBackend;
use ivy::kernels::SearchingKernels;

#[ivy::kernels]
impl SearchingKernels for NdarrayBackend {}
