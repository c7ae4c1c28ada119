//! Kernels of `all` and `any`: counts of the nonzero elements (in `u32`,
//! so they cannot wrap), compared with zero.

use crate::CandleBackend;
use crate::tensor::{axes_or_all, err, mask, reduce, tensor};
use candle_core::{DType, Tensor};
use ivy::kernels::UtilityKernels;
use ivy::{Array, Result};

fn count(
    op: &str,
    x: &Array,
    axis: Option<&[usize]>,
    keepdims: bool,
    zeros: bool,
) -> Result<Tensor> {
    let t = tensor(op, x)?;
    let axes = axes_or_all(&t, axis);
    let f = || -> candle_core::Result<Tensor> {
        let m = if zeros { t.eq(0.0)? } else { t.ne(0.0)? };
        reduce(&m.to_dtype(DType::U32)?, &axes, keepdims, |t, a| {
            t.sum_keepdim(a)
        })
    };
    f().map_err(err(op))
}

#[ivy::kernels]
impl UtilityKernels for CandleBackend {
    fn all(&self, x: &Array, axis: Option<&[usize]>, keepdims: bool) -> Result<Array> {
        let c = count("all", x, axis, keepdims, true)?;
        Ok(mask(c.eq(0.0).map_err(err("all"))?))
    }

    fn any(&self, x: &Array, axis: Option<&[usize]>, keepdims: bool) -> Result<Array> {
        let c = count("any", x, axis, keepdims, false)?;
        Ok(mask(c.ne(0.0).map_err(err("any"))?))
    }
}
