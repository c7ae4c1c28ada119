//! Kernels of the indexing ops, on candle's `index_select`, `index_add`
//! and `where_cond`.
//!
//! An index is resolved once, backend-independently, into an
//! [`ivy::IndexPlan`] (the flat source position of every result element);
//! the positions become a `u32` index tensor and the elements move inside
//! candle. Writes (`set_item`, `scatter_flat` with `"replace"`) keep the
//! last value written to a position, as a sequential loop does: the plan
//! is turned into "which value lands here" per position, then one
//! `index_select` and one `where_cond`.

use crate::CandleBackend;
use crate::tensor::{dtype_of, err, nonzero, tensor, wrap};
use candle_core::{DType, Tensor};
use ivy::kernels::IndexingKernels;
use ivy::{Array, Dtype, Error, Index, IndexPlan, Result, Shape};

/// The `u32` index tensor of flat positions (checked to fit).
fn ids(op: &str, pos: Vec<usize>, dev: &candle_core::Device) -> Result<Tensor> {
    if pos.iter().any(|&p| p > u32::MAX as usize) {
        return Err(Error::invalid(
            op,
            "candle indexes with u32: positions past 2^32 are out of reach",
        ));
    }
    let n = pos.len();
    let v: Vec<u32> = pos.into_iter().map(|p| p as u32).collect();
    Tensor::from_vec(v, n, dev).map_err(err(op))
}

/// For each of `len` positions, the index of the last of `writes` that
/// lands there (as a `u32` tensor, 0 where none does) and the `u8` mask of
/// the written ones.
fn last_writes(
    op: &str,
    len: usize,
    writes: impl IntoIterator<Item = usize>,
    dev: &candle_core::Device,
) -> Result<(Tensor, Tensor)> {
    let mut from = vec![0u32; len];
    let mut hit = vec![0u8; len];
    for (k, p) in writes.into_iter().enumerate() {
        let slot = from.get_mut(p).ok_or_else(|| {
            Error::invalid(
                op,
                format!("internal error: position {p} outside {len} elements"),
            )
        })?;
        *slot =
            u32::try_from(k).map_err(|_| Error::invalid(op, "more than 2^32 values to write"))?;
        hit[p] = 1;
    }
    let from = Tensor::from_vec(from, len, dev).map_err(err(op))?;
    let hit = Tensor::from_vec(hit, len, dev).map_err(err(op))?;
    Ok((from, hit))
}

/// `value` in the candle dtype holding `dtype` (`bool`: nonzero),
/// broadcast to `shape` and flattened.
fn values(op: &str, value: &Array, dtype: Dtype, shape: &Shape) -> Result<Tensor> {
    let v = tensor(op, value)?;
    let broadcast_err = || Error::Broadcast {
        op: op.to_string(),
        shapes: vec![value.shape().clone(), shape.clone()],
    };
    let b = ivy::broadcast_shapes_of(op, value.shape(), shape).map_err(|_| broadcast_err())?;
    if &b != shape {
        return Err(broadcast_err());
    }
    let f = || -> candle_core::Result<Tensor> {
        let v = if dtype == Dtype::Bool && value.dtype() != Dtype::Bool {
            nonzero(&v)?
        } else {
            let dt = crate::tensor::candle_dtype(dtype).unwrap_or(DType::F64);
            if v.dtype() == dt {
                v.clone()
            } else {
                v.to_dtype(dt)?
            }
        };
        v.broadcast_as(shape.dims())?.flatten_all()
    };
    f().map_err(err(op))
}

/// The elements `plan` reads from the flattened `t`.
fn gather(op: &str, t: &Tensor, plan: &IndexPlan) -> Result<Tensor> {
    let flat = t.flatten_all().map_err(err(op))?;
    let pos = plan.offsets();
    if pos.is_empty() {
        return Tensor::zeros(plan.shape.dims(), t.dtype(), t.device()).map_err(err(op));
    }
    let i = ids(op, pos, t.device())?;
    flat.index_select(&i, 0)
        .and_then(|r| r.reshape(plan.shape.dims()))
        .map_err(err(op))
}

#[ivy::kernels]
impl IndexingKernels for CandleBackend {
    fn get_item(&self, x: &Array, index: &Index) -> Result<Array> {
        let op = "get_item";
        let plan = index.plan(op, x.shape().dims())?;
        let t = tensor(op, x)?;
        Ok(wrap(gather(op, &t, &plan)?, x.dtype()))
    }

    fn set_item(&self, x: &Array, index: &Index, value: &Array) -> Result<Array> {
        let op = "set_item";
        let plan = index.plan(op, x.shape().dims())?;
        let vals = values(op, value, x.dtype(), &plan.shape)?;
        if plan.shape.size() == 0 {
            return Ok(x.clone());
        }
        let t = tensor(op, x)?;
        let (from, hit) = last_writes(op, x.size(), plan.offsets(), t.device())?;
        let f = || -> candle_core::Result<Tensor> {
            let flat = t.flatten_all()?;
            let written = vals.index_select(&from, 0)?;
            hit.where_cond(&written, &flat)?.reshape(x.shape().dims())
        };
        Ok(wrap(f().map_err(err(op))?, x.dtype()))
    }

    // `"sum"`: candle's `index_add` into zeros (narrow integers in `i64`,
    // wrapping back); `"replace"`: the last update of each position.
    #[supported_dtypes("0.2.0 and above" => (float, integer))]
    fn scatter_flat(
        &self,
        indices: &Array,
        updates: &Array,
        size: Option<usize>,
        reduction: &str,
    ) -> Result<Array> {
        let op = "scatter_flat";
        // `#[integer] #[same_shape(updates)] indices` and
        // `#[one_of("sum", "replace")] reduction` in the spec.
        let replace = reduction == "replace";
        let idx = ivy::astype(indices, Dtype::Int64)?.to_vec::<i64>()?;
        let size = match size {
            Some(s) => s,
            None => match idx.iter().copied().max() {
                Some(m) if m >= 0 => usize::try_from(m)
                    .ok()
                    .and_then(|m| m.checked_add(1))
                    .ok_or_else(|| {
                        Error::invalid(op, format!("index {m} is too large for an array"))
                    })?,
                _ => 0,
            },
        };
        let mut pos = Vec::with_capacity(idx.len());
        for &i in &idx {
            match usize::try_from(i) {
                Ok(p) if p < size => pos.push(p),
                _ => {
                    return Err(Error::invalid(
                        op,
                        format!("index {i} is out of bounds for axis 0 with size {size}"),
                    ));
                }
            }
        }
        let dt = dtype_of(op, updates.dtype())?;
        let u = tensor(op, updates)?.flatten_all().map_err(err(op))?;
        let dev = u.device().clone();
        let r = if replace {
            let (from, hit) = last_writes(op, size, pos, &dev)?;
            let f = || -> candle_core::Result<Tensor> {
                let zeros = Tensor::zeros(size, dt, &dev)?;
                if u.elem_count() == 0 {
                    return Ok(zeros);
                }
                hit.where_cond(&u.index_select(&from, 0)?, &zeros)
            };
            f().map_err(err(op))?
        } else {
            let i = ids(op, pos, &dev)?;
            let f = || -> candle_core::Result<Tensor> {
                let wide = matches!(dt, DType::U8 | DType::U32 | DType::I16 | DType::I32);
                let acc = if wide { DType::I64 } else { dt };
                let zeros = Tensor::zeros(size, acc, &dev)?;
                if u.elem_count() == 0 {
                    return zeros.to_dtype(dt);
                }
                zeros.index_add(&i, &u.to_dtype(acc)?, 0)?.to_dtype(dt)
            };
            f().map_err(err(op))?
        };
        Ok(wrap(r, updates.dtype()))
    }
}
