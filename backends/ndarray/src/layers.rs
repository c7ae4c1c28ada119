//! Kernels of the layers ops: `im2col` (sliding windows of a channel-last
//! array) and `col2im` (its transpose). Every convolution and pool is built
//! on them, with the matrix product doing the arithmetic.
//!
//! Channels are last, so each tap of a window is one contiguous run of `C`
//! elements: `im2col` copies runs (or writes zeros for padding), `col2im`
//! adds runs back.

use crate::NdarrayBackend;
use crate::host::{self, all, numeric};
use crate::reduce::Acc;
use ivy::kernels::LayersKernels;
use ivy::layer_support::{WinDim, col2im_geometry, im2col_geometry};
use ivy::{Array, Element, Error, Result, Shape};

/// The checked shapes of a windowing: batch, channels, spatial window
/// geometry, and the number of elements of the patches array.
struct Plan {
    batch: usize,
    channels: usize,
    win: Vec<WinDim>,
    /// Per spatial dimension, `out * kernel` entries: the input position
    /// tapped by window `o` at tap `k` (`usize::MAX` when padding).
    taps: Vec<Vec<usize>>,
    cols_shape: Shape,
    x_shape: Shape,
}

impl Plan {
    fn new(
        op: &str,
        x_shape: &Shape,
        win: Vec<WinDim>,
        batch: usize,
        channels: usize,
    ) -> Result<Plan> {
        let mut dims = vec![batch];
        dims.extend(win.iter().map(|w| w.out));
        dims.extend(win.iter().map(|w| w.kernel));
        dims.push(channels);
        let mut size: usize = 1;
        for &d in &dims {
            size = size
                .checked_mul(d)
                .filter(|&s| s <= 1 << 40)
                .ok_or_else(|| {
                    Error::invalid(op, format!("the patches array {dims:?} is too large"))
                })?;
        }
        let taps = win
            .iter()
            .map(|w| {
                (0..w.out)
                    .flat_map(|o| (0..w.kernel).map(move |k| w.source(o, k).unwrap_or(usize::MAX)))
                    .collect()
            })
            .collect();
        Ok(Plan {
            batch,
            channels,
            win,
            taps,
            cols_shape: Shape::from(dims),
            x_shape: x_shape.clone(),
        })
    }

    /// Visit every (window, tap) pair in the row-major order of the patches
    /// array: `f(input offset or None, patches offset)`, offsets in elements.
    fn visit(&self, mut f: impl FnMut(Option<usize>, usize)) {
        let nd = self.win.len();
        let c = self.channels;
        let in_sp: Vec<usize> = self.win.iter().map(|w| w.input).collect();
        let in_elems: usize = in_sp.iter().product::<usize>() * c;
        let outs: Vec<usize> = self.win.iter().map(|w| w.out).collect();
        let ks: Vec<usize> = self.win.iter().map(|w| w.kernel).collect();
        let n_out: usize = outs.iter().product();
        let n_k: usize = ks.iter().product();
        // Row-major strides of the input's spatial dims (in elements).
        let mut in_stride = vec![c; nd];
        for i in (0..nd.saturating_sub(1)).rev() {
            in_stride[i] = in_stride[i + 1] * in_sp[i + 1];
        }
        let mut dst = 0usize;
        let mut o_idx = vec![0usize; nd];
        let mut k_idx = vec![0usize; nd];
        for b in 0..self.batch {
            let base = b * in_elems;
            o_idx.iter_mut().for_each(|v| *v = 0);
            for _ in 0..n_out {
                k_idx.iter_mut().for_each(|v| *v = 0);
                for _ in 0..n_k {
                    let mut src = Some(base);
                    for d in 0..nd {
                        let t = self.taps[d][o_idx[d] * ks[d] + k_idx[d]];
                        if t == usize::MAX {
                            src = None;
                            break;
                        }
                        src = src.map(|s| s + t * in_stride[d]);
                    }
                    f(src, dst);
                    dst += c;
                    odometer(&mut k_idx, &ks);
                }
                odometer(&mut o_idx, &outs);
            }
        }
    }
}

/// Advance a row-major multi-index.
#[inline]
fn odometer(idx: &mut [usize], lens: &[usize]) {
    for d in (0..idx.len()).rev() {
        idx[d] += 1;
        if idx[d] < lens[d] {
            return;
        }
        idx[d] = 0;
    }
}

fn im2col_typed<T: Element>(op: &str, x: &Array, plan: &Plan) -> Result<Array> {
    let src = host::slice::<T>(op, x)?;
    let c = plan.channels;
    let mut out: Vec<T> = vec![T::default(); plan.cols_shape.size()];
    if c > 0 {
        plan.visit(|s, d| {
            if let Some(s) = s {
                out[d..d + c].copy_from_slice(&src[s..s + c]);
            }
        });
    }
    Ok(host::out_vec(plan.cols_shape.clone(), out))
}

fn col2im_typed<T: Acc>(op: &str, cols: &Array, plan: &Plan) -> Result<Array> {
    let src = host::slice::<T>(op, cols)?;
    let c = plan.channels;
    let mut acc: Vec<T::A> = vec![T::acc_zero(); plan.x_shape.size()];
    if c > 0 {
        plan.visit(|s, d| {
            if let Some(s) = s {
                for (a, &v) in acc[s..s + c].iter_mut().zip(&src[d..d + c]) {
                    *a = T::acc_add(*a, v.lift());
                }
            }
        });
    }
    Ok(host::out_vec(
        plan.x_shape.clone(),
        acc.into_iter().map(T::lower).collect(),
    ))
}

#[ivy::kernels]
impl LayersKernels for NdarrayBackend {
    fn im2col(
        &self,
        x: &Array,
        kernel_size: &[i64],
        strides: Option<&[i64]>,
        padding: Option<&[i64]>,
        dilations: Option<&[i64]>,
        x_dilations: Option<&[i64]>,
    ) -> Result<Array> {
        let op = "im2col";
        let g = im2col_geometry(
            op,
            x.shape(),
            kernel_size,
            strides,
            padding,
            dilations,
            x_dilations,
        )?;
        let plan = Plan::new(op, &g.x_shape, g.window, g.batch, g.channels)?;
        all!(op, x, T => im2col_typed::<T>(op, x, &plan))
    }

    fn col2im(
        &self,
        cols: &Array,
        spatial: &[i64],
        strides: Option<&[i64]>,
        padding: Option<&[i64]>,
        dilations: Option<&[i64]>,
        x_dilations: Option<&[i64]>,
    ) -> Result<Array> {
        let op = "col2im";
        let g = col2im_geometry(
            op,
            cols.shape(),
            spatial,
            strides,
            padding,
            dilations,
            x_dilations,
        )?;
        let plan = Plan::new(op, &g.x_shape, g.window, g.batch, g.channels)?;
        numeric!(op, cols, T => col2im_typed::<T>(op, cols, &plan))
    }
}
