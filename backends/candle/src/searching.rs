//! Kernels of the searching ops: candle's `argmax`/`argmin` (whose `u32`
//! indices become `int64`) and `where_cond` (whose condition is the `u8`
//! mask a `bool` array holds).

use crate::CandleBackend;
use crate::tensor::{err, tensor, wrap};
use candle_core::{DType, Tensor};
use ivy::kernels::SearchingKernels;
use ivy::{Array, Dtype, Error, Result};

fn arg_extremum(
    op: &str,
    x: &Array,
    axis: Option<usize>,
    keepdims: bool,
    max: bool,
) -> Result<Array> {
    if x.size() == 0 {
        return Err(Error::invalid(
            op,
            "attempt to get the extremum of an empty array",
        ));
    }
    let t = tensor(op, x)?;
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
}
