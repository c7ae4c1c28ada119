//! Kernels of the manipulation ops: candle's views (`reshape`, `permute`,
//! `transpose`, `flip`) and `cat`/`stack`.

use crate::CandleBackend;
use crate::tensor::{err, tensor, wrap};
use candle_core::Tensor;
use ivy::kernels::ManipulationKernels;
use ivy::{Array, Error, Result, Shape};

/// `x` with dimensions `dims` (the same number of elements).
fn reshaped(op: &str, x: &Array, dims: Vec<usize>) -> Result<Array> {
    let t = tensor(op, x)?;
    Ok(wrap(t.reshape(dims).map_err(err(op))?, x.dtype()))
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
}
