//! Kernels of the searching ops: candle's `argmax`/`argmin` (whose `u32`
//! indices become `int64`) and `where_cond` (whose condition is the `u8`
//! mask a `bool` array holds).

use crate::CandleBackend;
use crate::tensor::{empty_reduction, err, tensor, wrap};
use candle_core::{DType, Tensor};
use ivy::kernels::SearchingKernels;
use ivy::{Array, Dtype, Error, Result, Shape};

fn arg_extremum(
    op: &str,
    x: &Array,
    axis: Option<usize>,
    keepdims: bool,
    max: bool,
) -> Result<Array> {
    // `#[check(ivy::checks::nonempty_axis)]` in the spec.
    let t = tensor(op, x)?;
    if let (Some(a), 0) = (axis, x.size()) {
        let r = empty_reduction(&t, &[a], keepdims, DType::I64).map_err(err(op))?;
        return Ok(wrap(r, Dtype::Int64));
    }
    let f = || -> candle_core::Result<Tensor> {
        let (t, axis) = match axis {
            Some(a) => (t.clone(), a),
            None => (t.flatten_all()?, 0),
        };
        let mut r = if max {
            t.argmax_keepdim(axis)?
        } else {
            t.argmin_keepdim(axis)?
        };
        if t.dtype().is_float() {
            // NaN wins (the first one), as in NumPy; candle's comparisons
            // never pick it.
            let nan = t.ne(&t)?;
            let first_nan = nan.argmax_keepdim(axis)?;
            r = nan.max_keepdim(axis)?.where_cond(&first_nan, &r)?;
        }
        let r = r.to_dtype(DType::I64)?;
        match (axis, keepdims) {
            (_, true) if x.ndim() > 0 && t.rank() != x.ndim() => r.reshape(vec![1; x.ndim()]),
            (_, true) => Ok(r),
            _ => r.squeeze(axis),
        }
    };
    let r = f().map_err(err(op))?;
    let r = if axis.is_none() && !keepdims {
        r.reshape(()).map_err(err(op))?
    } else {
        r
    };
    Ok(wrap(r, Dtype::Int64))
}

/// The flat positions (as an `i64` tensor, in order) of the nonzero
/// elements of `t`: a stable sort of the zero mask brings them to the
/// front, and their count (read back) cuts them off.
fn nonzero_flat(t: &Tensor) -> candle_core::Result<Tensor> {
    let flat = t.flatten_all()?;
    if flat.elem_count() == 0 {
        return Tensor::zeros(0, DType::I64, t.device());
    }
    let zero = flat.eq(0.0)?;
    let count = zero
        .eq(0.0)?
        .to_dtype(DType::U32)?
        .sum_all()?
        .to_scalar::<u32>()? as usize;
    let order = zero.unsqueeze(0)?.arg_sort_last_dim(true)?.squeeze(0)?;
    order.narrow(0, 0, count)?.to_dtype(DType::I64)
}

/// The coordinates along each axis of the flat positions `flat` in an
/// array of `dims`: `flat / stride % len`.
fn coordinates(flat: &Tensor, dims: &[usize]) -> candle_core::Result<Vec<Tensor>> {
    let strides = Shape::from(dims.to_vec()).strides();
    dims.iter()
        .zip(&strides)
        .map(|(&len, &stride)| {
            let s = Tensor::new(stride.max(1) as i64, flat.device())?;
            let l = Tensor::new(len.max(1) as i64, flat.device())?;
            let q = flat.broadcast_div(&s)?;
            q.broadcast_sub(&q.broadcast_div(&l)?.broadcast_mul(&l)?)
        })
        .collect()
}

/// `e` before `k` in the search order (NaN last; `or_equal`: or equal).
fn before(e: &Tensor, k: &Tensor, or_equal: bool) -> candle_core::Result<Tensor> {
    let c = if or_equal { e.le(k)? } else { e.lt(k)? };
    if !e.dtype().is_float() {
        return Ok(c);
    }
    let (en, kn) = (e.ne(e)?, k.ne(k)?);
    if or_equal {
        // k NaN: everything is <= it; e NaN (k not): not.
        kn.maximum(&c)
    } else {
        // e < k: e is not NaN, and k is NaN or e < k.
        en.eq(0.0)?.minimum(&kn.maximum(&c)?)
    }
}

#[ivy::kernels]
impl SearchingKernels for CandleBackend {
    // Ties take the first index; the first NaN wins (see `arg_extremum`).
    fn argmax(&self, x: &Array, axis: Option<usize>, keepdims: bool) -> Result<Array> {
        arg_extremum("argmax", x, axis, keepdims, true)
    }

    fn argmin(&self, x: &Array, axis: Option<usize>, keepdims: bool) -> Result<Array> {
        arg_extremum("argmin", x, axis, keepdims, false)
    }

    fn r#where(&self, condition: &Array, x1: &Array, x2: &Array) -> Result<Array> {
        let op = "where";
        let shape = ivy::broadcast_shapes_of(op, condition.shape(), x1.shape())
            .and_then(|s| ivy::broadcast_shapes_of(op, &s, x2.shape()))?;
        let (c, a, b) = (tensor(op, condition)?, tensor(op, x1)?, tensor(op, x2)?);
        let dims = shape.dims();
        let f = || -> candle_core::Result<Tensor> {
            c.broadcast_as(dims)?
                .where_cond(&a.broadcast_as(dims)?, &b.broadcast_as(dims)?)
        };
        Ok(wrap(f().map_err(err(op))?, x1.dtype()))
    }
    // The standard library's branchless binary search (`partition_point`,
    // which the ndarray backend calls), run for every query at once: its
    // probes depend on the length only, so each step is one
    // `index_select`; on an unsorted `x1` the answer is the same as
    // ndarray's too.
    #[supported_dtypes("0.2.0 and above" => (float, integer, bool))]
    fn searchsorted(
        &self,
        x1: &Array,
        x2: &Array,
        side: &str,
        sorter: Option<&Array>,
    ) -> Result<Array> {
        let op = "searchsorted";
        // `#[ndim(1)] x1` and `#[one_of("left", "right")] side` in the spec.
        let right = side == "right";
        let mut keys = tensor(op, x1)?;
        let n = x1.size();
        if let Some(s) = sorter {
            if s.shape() != x1.shape() || !s.dtype().is_int() {
                return Err(Error::invalid(
                    op,
                    format!(
                        "sorter must be integer indices of the shape of x1 ({}), got {} of shape {}",
                        x1.shape(),
                        s.dtype(),
                        s.shape()
                    ),
                ));
            }
            let order = ivy::astype(s, Dtype::Int64)?.to_vec::<i64>()?;
            let mut ids = Vec::with_capacity(n);
            for &i in &order {
                match usize::try_from(i) {
                    Ok(u) if u < n => ids.push(u as u32),
                    _ => {
                        return Err(Error::invalid(
                            op,
                            format!("sorter index {i} is out of bounds for axis 0 with size {n}"),
                        ));
                    }
                }
            }
            let ids = Tensor::from_vec(ids, n, keys.device()).map_err(err(op))?;
            keys = keys.index_select(&ids, 0).map_err(err(op))?;
        }
        let q = tensor(op, x2)?;
        let f = || -> candle_core::Result<Tensor> {
            let q = q.flatten_all()?;
            let m = q.elem_count();
            if n == 0 || m == 0 {
                return Tensor::zeros(x2.shape().dims(), DType::I64, q.device());
            }
            let mut base = Tensor::zeros(m, DType::U32, q.device())?;
            let mut size = n;
            while size > 1 {
                let half = size / 2;
                let mid = base.affine(1.0, half as f64)?;
                let e = keys.index_select(&mid, 0)?;
                base = before(&e, &q, right)?.where_cond(&mid, &base)?;
                size -= half;
            }
            let e = keys.index_select(&base, 0)?;
            let step = before(&e, &q, right)?.to_dtype(DType::I64)?;
            base.to_dtype(DType::I64)?
                .add(&step)?
                .reshape(x2.shape().dims())
        };
        Ok(wrap(f().map_err(err(op))?, Dtype::Int64))
    }

    fn nonzero(&self, x: &Array) -> Result<Vec<Array>> {
        let op = "nonzero";
        if x.ndim() == 0 {
            return Err(Error::shape(
                op,
                "a 0-d array has no dimension to index (use argwhere, or reshape it to 1-d)",
                vec![x.shape().clone()],
            ));
        }
        let t = tensor(op, x)?;
        let f = || -> candle_core::Result<Vec<Tensor>> {
            coordinates(&nonzero_flat(&t)?, x.shape().dims())
        };
        Ok(f()
            .map_err(err(op))?
            .into_iter()
            .map(|c| wrap(c, Dtype::Int64))
            .collect())
    }

    fn argwhere(&self, x: &Array) -> Result<Array> {
        let op = "argwhere";
        let t = tensor(op, x)?;
        let f = || -> candle_core::Result<Tensor> {
            let flat = nonzero_flat(&t)?;
            let k = flat.elem_count();
            if x.ndim() == 0 {
                return Tensor::zeros((k, 0), DType::I64, t.device());
            }
            let cs = coordinates(&flat, x.shape().dims())?;
            Tensor::stack(&cs, 1)
        };
        Ok(wrap(f().map_err(err(op))?, Dtype::Int64))
    }
}
