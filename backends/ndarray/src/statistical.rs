//! Kernels of the statistical ops.

use crate::NdarrayBackend;
use crate::host::{self, numeric, ordered};
use crate::math::{Arith, Ordered};
use ivy::kernels::StatisticalKernels;
use ivy::{Array, Dtype, Error, Result};

#[ivy::kernels]
impl StatisticalKernels for NdarrayBackend {
    fn sum(&self, x: &Array, axis: Option<&[usize]>, dtype: Dtype, keepdims: bool) -> Result<Array> {
        let all_axes: Vec<usize> = (0..x.ndim()).collect();
        let axes = axis.unwrap_or(&all_axes);
        let x = host::cast_to("sum", x, dtype)?;
        numeric!("sum", &x, T => host::reduce("sum", &x, axes, keepdims, T::zero, |a: T, v: T| a.add(v)))
    }

    fn max(&self, x: &Array, axis: Option<&[usize]>, keepdims: bool) -> Result<Array> {
        let all_axes: Vec<usize> = (0..x.ndim()).collect();
        let axes = axis.unwrap_or(&all_axes);
        if axes.iter().any(|&a| x.shape()[a] == 0) || (axes.is_empty() && x.size() == 0 && x.ndim() == 0) {
            return Err(Error::shape("max", "cannot reduce an empty axis: it has no maximum", vec![x.shape().clone()]));
        }
        ordered!("max", x, T => host::reduce("max", x, axes, keepdims, T::lowest, |a: T, v: T| a.max_nan(v)))
    }
}
