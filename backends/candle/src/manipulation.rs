//! Kernels of the manipulation ops: candle's views (`reshape`, `permute`,
//! `transpose`, `flip`) and `cat`/`stack`.

use crate::CandleBackend;
use crate::tensor::{err, tensor, wrap};
use candle_core::Tensor;
use ivy::kernels::ManipulationKernels;
use ivy::{Array, Error, Result, Shape, Splits};

/// `x` with dimensions `dims` (the same number of elements).
fn reshaped(op: &str, x: &Array, dims: Vec<usize>) -> Result<Array> {
    let t = tensor(op, x)?;
    Ok(wrap(t.reshape(dims).map_err(err(op))?, x.dtype()))
}

/// `repeats` as counts, refusing negative ones.
fn counts(op: &str, repeats: &[i64]) -> Result<Vec<usize>> {
    repeats
        .iter()
        .map(|&r| {
            usize::try_from(r).map_err(|_| {
                Error::invalid(op, format!("repeats must not be negative, got {repeats:?}"))
            })
        })
        .collect()
}

/// `t` rolled by `k` (in `1..len`) along `axis`: the last `k` elements
/// first.
fn roll_axis(t: &Tensor, axis: usize, k: usize) -> candle_core::Result<Tensor> {
    let len = t.dims()[axis];
    Tensor::cat(
        &[&t.narrow(axis, len - k, k)?, &t.narrow(axis, 0, len - k)?],
        axis,
    )
}

/// The `u32` index tensor of `ids`.
fn index_tensor(ids: Vec<u32>, t: &Tensor) -> candle_core::Result<Tensor> {
    let n = ids.len();
    Tensor::from_vec(ids, n, t.device())
}

#[ivy::kernels]
impl ManipulationKernels for CandleBackend {
    fn reshape(&self, x: &Array, shape: &[i64], copy: Option<bool>) -> Result<Array> {
        let op = "reshape";
        let _ = copy;
        let bad = |m: String| Error::shape(op, m, vec![x.shape().clone()]);
        let mut hole = None;
        let mut known = 1usize;
        for (i, &d) in shape.iter().enumerate() {
            match d {
                -1 if hole.is_none() => hole = Some(i),
                -1 => return Err(bad("only one dimension can be -1".into())),
                d if d < 0 => return Err(bad(format!("negative dimension {d}"))),
                d => {
                    known = known
                        .checked_mul(d as usize)
                        .ok_or_else(|| bad("the shape is too large".into()))?
                }
            }
        }
        let mut dims: Vec<usize> = shape.iter().map(|&d| d.max(0) as usize).collect();
        if let Some(h) = hole {
            if known == 0 || !x.size().is_multiple_of(known) {
                return Err(bad(format!(
                    "cannot reshape {} elements into {shape:?}",
                    x.size()
                )));
            }
            dims[h] = x.size() / known;
        } else if known != x.size() {
            return Err(bad(format!(
                "cannot reshape {} elements into {shape:?}",
                x.size()
            )));
        }
        reshaped(op, x, dims)
    }

    fn permute_dims(&self, x: &Array, axes: &[usize]) -> Result<Array> {
        let op = "permute_dims";
        let t = tensor(op, x)?;
        Ok(wrap(t.permute(axes.to_vec()).map_err(err(op))?, x.dtype()))
    }

    fn expand_dims(&self, x: &Array, axis: &[i64]) -> Result<Array> {
        let op = "expand_dims";
        let n = x.ndim() + axis.len();
        let mut new = vec![false; n];
        for &a in axis {
            let a = ivy::normalize_axis(op, a, n)?;
            if std::mem::replace(&mut new[a], true) {
                return Err(Error::invalid(op, format!("repeated axis {a}")));
            }
        }
        let mut old = x.shape().dims().iter();
        let dims = new
            .iter()
            .map(|&is_new| if is_new { 1 } else { *old.next().unwrap_or(&1) })
            .collect();
        reshaped(op, x, dims)
    }

    fn squeeze(&self, x: &Array, axis: Option<&[usize]>) -> Result<Array> {
        let op = "squeeze";
        let dims = x.shape().dims();
        let drop: Vec<usize> = match axis {
            None => (0..dims.len()).filter(|&i| dims[i] == 1).collect(),
            Some(a) => {
                for &i in a {
                    if dims.get(i) != Some(&1) {
                        return Err(Error::shape(
                            op,
                            format!("cannot squeeze axis {i}: its length is not 1"),
                            vec![x.shape().clone()],
                        ));
                    }
                }
                a.to_vec()
            }
        };
        let kept = (0..dims.len())
            .filter(|i| !drop.contains(i))
            .map(|i| dims[i])
            .collect();
        reshaped(op, x, kept)
    }

    fn concat(&self, xs: &[Array], axis: Option<usize>) -> Result<Array> {
        let op = "concat";
        let first = xs
            .first()
            .ok_or_else(|| Error::invalid(op, "expects at least one array"))?;
        let mut ts = Vec::with_capacity(xs.len());
        for x in xs {
            let t = tensor(op, x)?;
            ts.push(match axis {
                Some(_) => t,
                None => t.flatten_all().map_err(err(op))?,
            });
        }
        if axis.is_some() && xs.iter().any(|x| x.ndim() == 0) {
            return Err(Error::invalid(
                op,
                "zero-dimensional arrays cannot be concatenated",
            ));
        }
        let axis = axis.unwrap_or(0);
        let r = Tensor::cat(&ts, axis).map_err(err(op))?;
        Ok(wrap(r, first.dtype()))
    }

    fn stack(&self, arrays: &[Array], axis: usize) -> Result<Array> {
        let op = "stack";
        let first = arrays
            .first()
            .ok_or_else(|| Error::invalid(op, "expects at least one array"))?;
        if arrays.iter().any(|x| x.shape() != first.shape()) {
            return Err(Error::shape(
                op,
                "all arrays must have the same shape",
                arrays
                    .iter()
                    .map(|x| x.shape().clone())
                    .collect::<Vec<Shape>>(),
            ));
        }
        let ts = arrays
            .iter()
            .map(|x| tensor(op, x))
            .collect::<Result<Vec<_>>>()?;
        let r = Tensor::stack(&ts, axis).map_err(err(op))?;
        Ok(wrap(r, first.dtype()))
    }

    fn flip(&self, x: &Array, axis: Option<&[usize]>) -> Result<Array> {
        let op = "flip";
        let axes: Vec<usize> = match axis {
            Some(a) => a.to_vec(),
            None => (0..x.ndim()).collect(),
        };
        let t = tensor(op, x)?;
        if axes.is_empty() {
            return Ok(x.clone());
        }
        Ok(wrap(t.flip(&axes).map_err(err(op))?, x.dtype()))
    }

    // The bounds take the dtype of `x`; a NaN in `x` stays NaN.
    #[supported_dtypes("0.1.0 and above" => (float, integer))]
    fn clip(&self, x: &Array, x_min: Option<&Array>, x_max: Option<&Array>) -> Result<Array> {
        let op = "clip";
        if x_min.is_none() && x_max.is_none() {
            return Ok(x.clone());
        }
        let mut t = tensor(op, x)?;
        let dt = t.dtype();
        if let Some(lo) = x_min {
            let lo = tensor(op, lo)?.to_dtype(dt).map_err(err(op))?;
            t = t.broadcast_maximum(&lo).map_err(err(op))?;
        }
        if let Some(hi) = x_max {
            let hi = tensor(op, hi)?.to_dtype(dt).map_err(err(op))?;
            t = t.broadcast_minimum(&hi).map_err(err(op))?;
        }
        Ok(wrap(t, x.dtype()))
    }

    fn swapaxes(&self, x: &Array, axis0: usize, axis1: usize) -> Result<Array> {
        let op = "swapaxes";
        let t = tensor(op, x)?;
        Ok(wrap(t.transpose(axis0, axis1).map_err(err(op))?, x.dtype()))
    }
    fn split(
        &self,
        x: &Array,
        num_or_size_splits: Option<&Splits>,
        axis: usize,
        with_remainder: bool,
    ) -> Result<Vec<Array>> {
        let op = "split";
        let sizes = ivy::split_sizes(op, x.shape(), num_or_size_splits, axis, with_remainder)?;
        let t = tensor(op, x)?;
        let mut out = Vec::with_capacity(sizes.len());
        let mut start = 0;
        for size in sizes {
            let part = t
                .narrow(axis, start, size)
                .and_then(|p| p.contiguous())
                .map_err(err(op))?;
            out.push(wrap(part, x.dtype()));
            start += size;
        }
        Ok(out)
    }

    fn unstack(&self, x: &Array, axis: usize, keepdims: bool) -> Result<Vec<Array>> {
        let op = "unstack";
        let t = tensor(op, x)?;
        (0..x.shape().dims()[axis])
            .map(|i| {
                let part = t.narrow(axis, i, 1)?;
                let part = if keepdims { part } else { part.squeeze(axis)? };
                part.contiguous()
            })
            .map(|r| r.map(|p| wrap(p, x.dtype())).map_err(err(op)))
            .collect()
    }

    // NumPy's rules: repeated axes add up; without `axis` the flattened
    // array rolls and keeps its shape.
    fn roll(&self, x: &Array, shift: &[i64], axis: Option<&[i64]>) -> Result<Array> {
        let op = "roll";
        let t = tensor(op, x)?;
        let (work, totals): (Tensor, Vec<i128>) = match axis {
            None => (
                t.flatten_all().map_err(err(op))?,
                vec![shift.iter().map(|&s| i128::from(s)).sum()],
            ),
            Some(axes) => {
                let n = match (shift.len(), axes.len()) {
                    (s, a) if s == a => s,
                    (0, _) | (_, 0) => {
                        return Err(Error::invalid(
                            op,
                            format!(
                                "shift {shift:?} and axis {axes:?} do not have matching lengths"
                            ),
                        ));
                    }
                    (1, a) => a,
                    (s, 1) => s,
                    _ => {
                        return Err(Error::invalid(
                            op,
                            format!(
                                "shift {shift:?} and axis {axes:?} must have the same length, or one of them one element"
                            ),
                        ));
                    }
                };
                let mut totals = vec![0i128; x.ndim()];
                for i in 0..n {
                    let s = shift[if shift.len() == 1 { 0 } else { i }];
                    let a = axes[if axes.len() == 1 { 0 } else { i }];
                    let a = ivy::normalize_axis(op, a, x.ndim())?;
                    totals[a] += i128::from(s);
                }
                (t.clone(), totals)
            }
        };
        let mut r = work;
        for (a, total) in totals.into_iter().enumerate() {
            let len = r.dims()[a];
            if len == 0 {
                continue;
            }
            let k = total.rem_euclid(len as i128) as usize;
            if k != 0 {
                r = roll_axis(&r, a, k).map_err(err(op))?;
            }
        }
        let r = r.reshape(x.shape().dims()).map_err(err(op))?;
        Ok(wrap(r, x.dtype()))
    }

    // `x` seen as `(1, d0, 1, d1, ...)` broadcast to `(r0, d0, r1, d1, ...)`
    // is the tiled array in row-major order.
    fn tile(&self, x: &Array, repeats: &[i64]) -> Result<Array> {
        let op = "tile";
        let reps = counts(op, repeats)?;
        let d = x.ndim().max(reps.len());
        let dims: Vec<usize> = std::iter::repeat_n(1, d - x.ndim())
            .chain(x.shape().dims().iter().copied())
            .collect();
        let reps: Vec<usize> = std::iter::repeat_n(1, d - reps.len()).chain(reps).collect();
        let out: Option<Vec<usize>> = dims
            .iter()
            .zip(&reps)
            .map(|(&s, &r)| s.checked_mul(r))
            .collect();
        let out = out.ok_or_else(|| {
            Error::shape(
                op,
                format!("repeats {repeats:?} overflow the size"),
                vec![x.shape().clone()],
            )
        })?;
        Shape::from(out.clone()).checked_size(op)?;
        let t = tensor(op, x)?;
        let spread: Vec<usize> = dims.iter().flat_map(|&s| [1, s]).collect();
        let target: Vec<usize> = dims.iter().zip(&reps).flat_map(|(&s, &r)| [r, s]).collect();
        let r = t
            .reshape(spread)
            .and_then(|t| t.broadcast_as(target))
            .and_then(|t| t.contiguous())
            .and_then(|t| t.reshape(out))
            .map_err(err(op))?;
        Ok(wrap(r, x.dtype()))
    }

    // An `index_select` of each index repeated its count of times.
    fn repeat(&self, x: &Array, repeats: &[i64], axis: Option<usize>) -> Result<Array> {
        let op = "repeat";
        let counts = counts(op, repeats)?;
        let t = tensor(op, x)?;
        let (t, ax) = match axis {
            None => (t.flatten_all().map_err(err(op))?, 0),
            // `axis` is normalised against `x`'s rank before dispatch.
            Some(a) => (t, a),
        };
        let len = t.dims()[ax];
        if counts.len() != 1 && counts.len() != len {
            return Err(Error::shape(
                op,
                format!(
                    "repeats {repeats:?} must have one element, or one per element along the axis ({len})"
                ),
                vec![x.shape().clone()],
            ));
        }
        let total = match counts.as_slice() {
            &[c] => c.checked_mul(len),
            each => each.iter().try_fold(0usize, |acc, &c| acc.checked_add(c)),
        };
        let total = total.filter(|&n| n <= u32::MAX as usize).ok_or_else(|| {
            Error::shape(
                op,
                "the number of elements overflows",
                vec![x.shape().clone()],
            )
        })?;
        let mut dims = t.dims().to_vec();
        dims[ax] = total;
        Shape::from(dims).checked_size(op)?;
        let mut ids = Vec::with_capacity(total);
        for i in 0..len {
            let c = if counts.len() == 1 {
                counts[0]
            } else {
                counts[i]
            };
            ids.extend(std::iter::repeat_n(i as u32, c));
        }
        let r = index_tensor(ids, &t)
            .and_then(|ids| t.index_select(&ids, ax))
            .map_err(err(op))?;
        Ok(wrap(r, x.dtype()))
    }
}
