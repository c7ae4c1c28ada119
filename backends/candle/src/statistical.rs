//! Kernels of the statistical ops: candle's `sum`, `mean`, `max` and `min`
//! reductions.
//!
//! candle accumulates in the dtype of the input (ndarray accumulates half
//! floats in `f32`), so `float16`/`bfloat16` sums round more; its `max` and
//! `min` skip NaN, so the kernels put NaN back where NumPy propagates it.

use crate::CandleBackend;
use crate::tensor::{axes_or_all, dtype_of, err, nonzero, reduce, tensor, wrap};
use candle_core::{DType, Tensor};
use ivy::kernels::StatisticalKernels;
use ivy::{Array, Dtype, Error, Result};

/// The sum of `t` over `axes`, with IEEE's sign of zero: candle's reduction
/// starts from `+0`, so a sum of negative zeros only comes out `+0`, where
/// IEEE addition (and NumPy, and the ndarray backend) gives `-0`. Only when a
/// result is zero are the inputs looked at again; a zero that comes from
/// zeros that are all negative is negated.
fn float_sum(t: &Tensor, axes: &[usize], keepdims: bool) -> candle_core::Result<Tensor> {
    let s = reduce(t, axes, keepdims, |t, a| t.sum_keepdim(a))?;
    let float = matches!(
        t.dtype(),
        DType::F16 | DType::BF16 | DType::F32 | DType::F64
    );
    let empty = axes.iter().any(|&a| t.dims()[a] == 0);
    if !float || empty || s.eq(0.0)?.max_all()?.to_scalar::<u8>()? == 0 {
        return Ok(s);
    }
    // -0 is the zero whose reciprocal is negative.
    let negative_zero = t.eq(0.0)?.mul(&t.recip()?.lt(0.0)?)?;
    let all = reduce(&negative_zero, axes, keepdims, |t, a| t.min_keepdim(a))?;
    all.where_cond(&s.neg()?, &s)
}

fn extremum(
    op: &str,
    x: &Array,
    axis: Option<&[usize]>,
    keepdims: bool,
    max: bool,
) -> Result<Array> {
    if x.size() == 0 {
        return Err(Error::invalid(
            op,
            "zero-size array to reduction operation which has no identity",
        ));
    }
    let t = tensor(op, x)?;
    let axes = axes_or_all(&t, axis);
    let f = || -> candle_core::Result<Tensor> {
        let r = reduce(&t, &axes, keepdims, |t, a| {
            if max {
                t.max_keepdim(a)
            } else {
                t.min_keepdim(a)
            }
        })?;
        if !t.dtype().is_float() {
            return Ok(r);
        }
        let nan = reduce(&t.ne(&t)?, &axes, keepdims, |t, a| t.max_keepdim(a))?;
        let nans = Tensor::full(f64::NAN, r.shape(), t.device())?.to_dtype(t.dtype())?;
        nan.where_cond(&nans, &r)
    };
    Ok(wrap(f().map_err(err(op))?, x.dtype()))
}

#[ivy::kernels]
impl StatisticalKernels for CandleBackend {
    // In the requested dtype. A `bool` sum is an "any".
    fn sum(
        &self,
        x: &Array,
        axis: Option<&[usize]>,
        dtype: Dtype,
        keepdims: bool,
    ) -> Result<Array> {
        let op = "sum";
        let t = tensor(op, x)?;
        let axes = axes_or_all(&t, axis);
        let target = dtype_of(op, dtype)?;
        let f = || -> candle_core::Result<Tensor> {
            if dtype == Dtype::Bool {
                let s = nonzero(&t)?.to_dtype(DType::U32)?;
                return reduce(&s, &axes, keepdims, |t, a| t.sum_keepdim(a))?.ne(0.0);
            }
            let t = if t.dtype() == target {
                t.clone()
            } else {
                t.to_dtype(target)?
            };
            float_sum(&t, &axes, keepdims)
        };
        Ok(wrap(f().map_err(err(op))?, dtype))
    }

    // The spec casts integers to float first.
    #[supported_dtypes("0.1.0 and above" => (float))]
    fn mean(&self, x: &Array, axis: Option<&[usize]>, keepdims: bool) -> Result<Array> {
        let op = "mean";
        let t = tensor(op, x)?;
        let axes = axes_or_all(&t, axis);
        let n: usize = axes.iter().map(|&a| t.dims()[a]).product();
        let f = || -> candle_core::Result<Tensor> {
            // A division, not `affine` (x * (1/n) + 0), which turns -0 into +0.
            let n = Tensor::new(n as f64, t.device())?.to_dtype(t.dtype())?;
            float_sum(&t, &axes, keepdims)?.broadcast_div(&n)
        };
        Ok(wrap(f().map_err(err(op))?, x.dtype()))
    }

    fn max(&self, x: &Array, axis: Option<&[usize]>, keepdims: bool) -> Result<Array> {
        extremum("max", x, axis, keepdims, true)
    }

    fn min(&self, x: &Array, axis: Option<&[usize]>, keepdims: bool) -> Result<Array> {
        extremum("min", x, axis, keepdims, false)
    }
}
