//! Kernels of the norms ops with a kernel here: `layer_norm`, on the fused
//! rows of [`rows`] (a mixed op: other backends run the composition).

use crate::NdarrayBackend;
use crate::host::floats;
use crate::rows::{self, Affine, RowFloat};
use ivy::kernels::NormsKernels;
use ivy::{Array, Result, Shape};

/// `scale` or `offset` as one value per element of a row of `row` (the
/// normalized axes' shape), when it has `x`'s dtype and broadcasts to that
/// shape; `None` for the other cases, which the ops apply afterwards.
fn along_row<T: RowFloat>(
    op: &str,
    a: &Array,
    x: &Array,
    row: &Shape,
) -> Result<Option<Vec<T::C>>> {
    if a.dtype() != x.dtype()
        || a.ndim() > row.ndim()
        || ivy::broadcast_shapes_of(op, a.shape(), row).ok().as_ref() != Some(row)
    {
        return Ok(None);
    }
    let b = ivy::broadcast_to(a, row.dims().to_vec())?;
    let v = b.to_vec::<T>()?;
    let mut up = Vec::new();
    Ok(Some(T::with_up(&v, &mut up, <[T::C]>::to_vec)))
}

fn layer_norm_typed<T: RowFloat>(
    x: &Array,
    axes: &[usize],
    scale: Option<&Array>,
    offset: Option<&Array>,
    eps: f64,
    new_std: f64,
) -> Result<Array> {
    let op = "layer_norm";
    let mut axes = axes.to_vec();
    axes.sort_unstable();
    let k = axes.len();
    let trailing = axes.iter().enumerate().all(|(i, &a)| a == x.ndim() - k + i);
    if !trailing {
        // The normalized axes moved last, normalized there, moved back.
        let kept: Vec<usize> = (0..x.ndim()).filter(|a| !axes.contains(a)).collect();
        let perm: Vec<usize> = kept.iter().chain(&axes).copied().collect();
        let moved = ivy::permute_dims(x, perm.iter().map(|&a| a as i64).collect::<Vec<_>>())?;
        let last: Vec<usize> = (kept.len()..x.ndim()).collect();
        let y = layer_norm_typed::<T>(&moved, &last, None, None, eps, 1.0)?;
        let mut back = vec![0i64; perm.len()];
        for (i, &p) in perm.iter().enumerate() {
            back[p] = i as i64;
        }
        return finish(ivy::permute_dims(&y, back)?, scale, offset, new_std);
    }
    let row: Shape = x.shape().dims()[x.ndim() - k..].iter().copied().collect();
    let n = row.size();
    let s = match scale {
        Some(a) => match along_row::<T>(op, a, x, &row)? {
            Some(v) => Some(v),
            None => {
                return finish(
                    rows::layer_norm::<T>(
                        op,
                        x,
                        n,
                        eps,
                        &Affine {
                            scale: None,
                            offset: None,
                            new_std: 1.0,
                        },
                    )?,
                    scale,
                    offset,
                    new_std,
                );
            }
        },
        None => None,
    };
    let o = match (scale, offset) {
        (Some(_), Some(a)) => match along_row::<T>(op, a, x, &row)? {
            Some(v) => Some(v),
            None => {
                let affine = Affine {
                    scale: s.as_deref(),
                    offset: None,
                    new_std: 1.0,
                };
                let y = rows::layer_norm::<T>(op, x, n, eps, &affine)?;
                return finish(y, None, offset, new_std);
            }
        },
        _ => None,
    };
    let affine = Affine {
        scale: s.as_deref(),
        offset: o.as_deref(),
        new_std,
    };
    rows::layer_norm::<T>(op, x, n, eps, &affine)
}

/// The steps after the normalization, by the ops (as the composition takes
/// them): times `scale`, plus `offset` (only with a scale), times `new_std`.
fn finish(y: Array, scale: Option<&Array>, offset: Option<&Array>, new_std: f64) -> Result<Array> {
    let mut y = y;
    if let Some(s) = scale {
        y = ivy::multiply(&y, s)?;
        if let Some(o) = offset {
            y = ivy::add(&y, o)?;
        }
    }
    ivy::multiply(&y, new_std)
}

#[ivy::kernels]
impl NormsKernels for NdarrayBackend {
    fn layer_norm(
        &self,
        x: &Array,
        normalized_idxs: &[usize],
        scale: Option<&Array>,
        offset: Option<&Array>,
        eps: f64,
        new_std: f64,
    ) -> Result<Array> {
        floats!("layer_norm", x, T => layer_norm_typed::<T>(x, normalized_idxs, scale, offset, eps, new_std))
    }
}
