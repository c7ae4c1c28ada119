//! Kernels of the sorting ops, on candle's `arg_sort_last_dim` (a stable
//! sort of each last-axis lane) and `gather`.
//!
//! The order is NumPy's and the ndarray backend's: NaN after every number
//! (first in a descending sort), ties (`-0.0` and `0.0` too) in their
//! original order in both directions. candle compares floats with
//! `partial_cmp`, which has no order for NaN, so NaN never reaches it: a
//! first stable sort puts the NaN at the end (or the front), a second one
//! sorts the values with NaN read as `+inf`, keeping that order among ties.

use crate::CandleBackend;
use crate::tensor::{err, tensor, wrap};
use candle_core::{DType, Tensor};
use ivy::kernels::SortingKernels;
use ivy::{Array, Dtype, Result};

/// The `u32` indices that sort the contiguous tensor `t` along its last
/// axis.
fn arg_sort_last(t: &Tensor, descending: bool) -> candle_core::Result<Tensor> {
    if !t.dtype().is_float() {
        return t.arg_sort_last_dim(!descending);
    }
    let nan = t.ne(t)?;
    let first = nan.contiguous()?.arg_sort_last_dim(!descending)?;
    let inf = Tensor::full(f64::INFINITY, t.shape(), t.device())?.to_dtype(t.dtype())?;
    let keys = nan.where_cond(&inf, t)?.gather(&first, t.rank() - 1)?;
    let second = keys.contiguous()?.arg_sort_last_dim(!descending)?;
    first.gather(&second, t.rank() - 1)
}

/// The indices (as `u32`) that sort `x` along `axis`, in `x`'s layout.
fn indices(op: &str, x: &Array, axis: usize, descending: bool) -> Result<(Tensor, Tensor)> {
    let t = tensor(op, x)?;
    let last = x.ndim() - 1;
    let f = || -> candle_core::Result<(Tensor, Tensor)> {
        let moved = t.transpose(axis, last)?.contiguous()?;
        if moved.elem_count() == 0 {
            let z = Tensor::zeros(moved.shape(), DType::U32, moved.device())?;
            return Ok((moved, z));
        }
        let i = arg_sort_last(&moved, descending)?;
        Ok((moved, i))
    };
    f().map_err(err(op))
}

#[ivy::kernels]
impl SortingKernels for CandleBackend {
    #[supported_dtypes("0.2.0 and above" => (float, integer, bool))]
    fn sort(&self, x: &Array, axis: usize, descending: bool, stable: bool) -> Result<Array> {
        let op = "sort";
        let _ = stable;
        let (moved, i) = indices(op, x, axis, descending)?;
        let last = x.ndim() - 1;
        let f = || -> candle_core::Result<Tensor> {
            let r = if i.elem_count() == 0 {
                moved
            } else {
                moved.gather(&i, last)?
            };
            r.transpose(axis, last)?.contiguous()
        };
        Ok(wrap(f().map_err(err(op))?, x.dtype()))
    }

    #[supported_dtypes("0.2.0 and above" => (float, integer, bool))]
    fn argsort(&self, x: &Array, axis: usize, descending: bool, stable: bool) -> Result<Array> {
        let op = "argsort";
        let _ = stable;
        let (_, i) = indices(op, x, axis, descending)?;
        let last = x.ndim() - 1;
        let f = || -> candle_core::Result<Tensor> {
            i.to_dtype(DType::I64)?.transpose(axis, last)?.contiguous()
        };
        Ok(wrap(f().map_err(err(op))?, Dtype::Int64))
    }
}
