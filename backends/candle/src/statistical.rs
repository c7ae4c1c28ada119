//! Kernels of the statistical ops: candle's `sum`, `mean`, `max` and `min`
//! reductions.
//!
//! candle accumulates in the dtype of the input (ndarray accumulates half
//! floats in `f32`), so `float16`/`bfloat16` sums round more; its `max` and
//! `min` skip NaN, so the kernels put NaN back where NumPy propagates it.

use crate::CandleBackend;
use crate::tensor::{axes_or_all, dtype_of, empty_reduction, err, nonzero, reduce, tensor, wrap};
use candle_core::{DType, Tensor};
use ivy::kernels::StatisticalKernels;
use ivy::{Array, Dtype, Result};

/// The sum of `t` over `axes`, with IEEE's sign of zero: candle's reduction
/// starts from `+0`, so a sum of negative zeros only comes out `+0`, where
/// IEEE addition (and NumPy, and the ndarray backend) gives `-0`. Only when a
/// result is zero are the inputs looked at again; a zero that comes from
/// zeros that are all negative is negated.
pub(crate) fn float_sum(t: &Tensor, axes: &[usize], keepdims: bool) -> candle_core::Result<Tensor> {
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
    // `#[check(ivy::checks::nonempty_reduction)]` in the spec.
    let t = tensor(op, x)?;
    let axes = axes_or_all(&t, axis);
    if x.size() == 0 {
        let r = empty_reduction(&t, &axes, keepdims, t.dtype()).map_err(err(op))?;
        return Ok(wrap(r, x.dtype()));
    }
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

/// `t` (cast to the requested output dtype) in the dtype its arithmetic
/// runs in, like the ndarray backend's accumulators: `f32` for the half
/// floats, `i64` for the narrower integers (wrapping back on the cast),
/// `u32` counts for `bool`.
fn accumulating(t: &Tensor, dtype: Dtype) -> candle_core::Result<Tensor> {
    let target = dtype_of_unchecked(dtype);
    let t = if dtype == Dtype::Bool {
        nonzero(t)?
    } else if t.dtype() == target {
        t.clone()
    } else {
        t.to_dtype(target)?
    };
    match t.dtype() {
        DType::F16 | DType::BF16 => t.to_dtype(DType::F32),
        DType::U8 | DType::U32 | DType::I16 | DType::I32 => t.to_dtype(DType::I64),
        _ => Ok(t),
    }
}

/// The candle dtype of an ivy dtype the tables let through.
fn dtype_of_unchecked(dtype: Dtype) -> DType {
    crate::tensor::candle_dtype(dtype).unwrap_or(DType::F64)
}

/// An accumulated tensor back in the output dtype (`bool`: nonzero).
fn finish(t: Tensor, dtype: Dtype) -> candle_core::Result<Tensor> {
    if dtype == Dtype::Bool {
        return nonzero(&t);
    }
    let target = dtype_of_unchecked(dtype);
    if t.dtype() == target {
        Ok(t)
    } else {
        t.to_dtype(target)
    }
}

/// The product of `t` along `axis`, keeping it: pairwise halving (an odd
/// length gets the identity 1 appended), `log2(n)` products.
fn prod_keepdim(t: &Tensor, axis: usize) -> candle_core::Result<Tensor> {
    let mut r = t.clone();
    let mut n = r.dims()[axis];
    if n == 0 {
        let mut dims = r.dims().to_vec();
        dims[axis] = 1;
        return Tensor::ones(dims, r.dtype(), r.device());
    }
    while n > 1 {
        if n % 2 == 1 {
            let mut dims = r.dims().to_vec();
            dims[axis] = 1;
            let one = Tensor::ones(dims, r.dtype(), r.device())?;
            r = Tensor::cat(&[&r, &one], axis)?;
            n += 1;
        }
        let h = n / 2;
        r = r.narrow(axis, 0, h)?.mul(&r.narrow(axis, h, h)?)?;
        n = h;
    }
    Ok(r)
}

/// An inclusive scan of `t` along `axis` with `f` (Hillis and Steele:
/// `log2(n)` steps, each combining every element with the one `2^k`
/// before it; `identity` fills the front).
fn scan(
    t: &Tensor,
    axis: usize,
    identity: f64,
    f: impl Fn(&Tensor, &Tensor) -> candle_core::Result<Tensor>,
) -> candle_core::Result<Tensor> {
    let n = t.dims()[axis];
    let mut r = t.clone();
    let mut s = 1;
    while s < n {
        let mut dims = r.dims().to_vec();
        dims[axis] = s;
        let front = Tensor::full(identity, dims, r.device())?.to_dtype(r.dtype())?;
        let shifted = Tensor::cat(&[&front, &r.narrow(axis, 0, n - s)?], axis)?;
        r = f(&r, &shifted)?;
        s *= 2;
    }
    Ok(r)
}

/// A cumulative sum or product of `x` along `axis`, in `dtype`.
fn cumulative(
    op: &str,
    x: &Array,
    axis: usize,
    exclusive: bool,
    reverse: bool,
    dtype: Dtype,
    product: bool,
) -> Result<Array> {
    let t = tensor(op, x)?;
    let f = || -> candle_core::Result<Tensor> {
        let mut a = accumulating(&t, dtype)?;
        let n = a.dims()[axis];
        if n == 0 {
            return finish(a, dtype);
        }
        if reverse {
            a = a.flip(&[axis])?;
        }
        // A sum starts from -0 so a sum of -0 stays -0 (IEEE); an
        // exclusive one shows its start, +0.
        let mut r = if product {
            scan(&a, axis, 1.0, |a, b| a.mul(b))?
        } else {
            scan(&a, axis, -0.0, |a, b| a.add(b))?
        };
        if exclusive {
            let mut dims = r.dims().to_vec();
            dims[axis] = 1;
            let start = Tensor::full(if product { 1.0 } else { 0.0 }, dims, r.device())?
                .to_dtype(r.dtype())?;
            r = Tensor::cat(&[&start, &r.narrow(axis, 0, n - 1)?], axis)?;
        }
        if reverse {
            r = r.flip(&[axis])?;
        }
        finish(r, dtype)
    };
    Ok(wrap(f().map_err(err(op))?, dtype))
}

/// The variance (or standard deviation) of float `x`: the mean, then the
/// mean square deviation with `n - correction` in the denominator, in `f32`
/// for the half floats.
fn variance(
    op: &str,
    x: &Array,
    axis: Option<&[usize]>,
    correction: f64,
    keepdims: bool,
    root: bool,
) -> Result<Array> {
    let t = tensor(op, x)?;
    let axes = axes_or_all(&t, axis);
    let n: usize = axes.iter().map(|&a| t.dims()[a]).product();
    let f = || -> candle_core::Result<Tensor> {
        let dt = t.dtype();
        let c = t.to_dtype(crate::math::compute_dtype(dt))?;
        let count = Tensor::new(n as f64, c.device())?.to_dtype(c.dtype())?;
        let mean = reduce(&c, &axes, true, |t, a| t.sum_keepdim(a))?.broadcast_div(&count)?;
        let dev = c.broadcast_sub(&mean)?.sqr()?;
        let m2 = reduce(&dev, &axes, keepdims, |t, a| t.sum_keepdim(a))?;
        let div = Tensor::new((n as f64 - correction).max(0.0), c.device())?.to_dtype(c.dtype())?;
        let v = m2.broadcast_div(&div)?;
        let v = if root { v.sqrt()? } else { v };
        v.to_dtype(dt)
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
    // In the requested dtype, accumulated as the ndarray backend does
    // (`f32` for half floats, integers in `i64` wrapping back); a `bool`
    // product is an "all".
    #[supported_dtypes("0.2.0 and above" => (float, integer, bool))]
    fn prod(
        &self,
        x: &Array,
        axis: Option<&[usize]>,
        dtype: Dtype,
        keepdims: bool,
    ) -> Result<Array> {
        let op = "prod";
        let t = tensor(op, x)?;
        let axes = axes_or_all(&t, axis);
        dtype_of(op, dtype)?;
        let f = || -> candle_core::Result<Tensor> {
            let a = accumulating(&t, dtype)?;
            finish(reduce(&a, &axes, keepdims, prod_keepdim)?, dtype)
        };
        Ok(wrap(f().map_err(err(op))?, dtype))
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn var(
        &self,
        x: &Array,
        axis: Option<&[usize]>,
        correction: f64,
        keepdims: bool,
    ) -> Result<Array> {
        variance("var", x, axis, correction, keepdims, false)
    }

    #[supported_dtypes("0.1.0 and above" => (float))]
    fn std(
        &self,
        x: &Array,
        axis: Option<&[usize]>,
        correction: f64,
        keepdims: bool,
    ) -> Result<Array> {
        variance("std", x, axis, correction, keepdims, true)
    }

    // A scan of `log2(n)` steps (candle's own `cumsum` is a product with a
    // triangular matrix: floats only, and `inf * 0` there makes NaN).
    #[supported_dtypes("0.2.0 and above" => (float, integer, bool))]
    fn cumsum(
        &self,
        x: &Array,
        axis: usize,
        exclusive: bool,
        reverse: bool,
        dtype: Dtype,
    ) -> Result<Array> {
        dtype_of("cumsum", dtype)?;
        cumulative("cumsum", x, axis, exclusive, reverse, dtype, false)
    }

    #[supported_dtypes("0.2.0 and above" => (float, integer, bool))]
    fn cumprod(
        &self,
        x: &Array,
        axis: usize,
        exclusive: bool,
        reverse: bool,
        dtype: Dtype,
    ) -> Result<Array> {
        dtype_of("cumprod", dtype)?;
        cumulative("cumprod", x, axis, exclusive, reverse, dtype, true)
    }
}
