//! Kernels of the layers ops, `im2col` and `col2im`, on candle's
//! `index_select` and `index_add`: every convolution and pool of ivy is
//! built on them (with `matmul` doing the arithmetic), so they run on
//! candle too.
//!
//! Channels are last, so each tap of a window is one row of `C` elements
//! of the input seen as `[N * spatial, C]`. The window geometry (which
//! input row each tap reads, or padding) is worked out on the host from
//! the shapes alone ([`ivy::layer_support::im2col_geometry`] and `col2im_geometry`, shared with
//! the ndarray backend); the elements move inside candle.

use crate::CandleBackend;
use crate::tensor::{err, tensor, wrap};
use candle_core::{DType, Tensor};
use ivy::kernels::LayersKernels;
use ivy::layer_support::{WinDim, col2im_geometry, im2col_geometry};
use ivy::{Array, Error, Result, Shape};

/// The input row (of `C` elements) each tap of each window reads, in the
/// row-major order of the patches array `[N, *out, *kernel, C]` (`None`
/// for padding), and that array's shape.
fn taps(
    op: &str,
    batch: usize,
    channels: usize,
    win: &[WinDim],
) -> Result<(Vec<Option<usize>>, Shape)> {
    let mut dims = vec![batch];
    dims.extend(win.iter().map(|w| w.out));
    dims.extend(win.iter().map(|w| w.kernel));
    dims.push(channels);
    let mut size: usize = 1;
    for &d in &dims {
        size = size
            .checked_mul(d)
            .filter(|&s| s <= 1 << 32)
            .ok_or_else(|| {
                Error::invalid(op, format!("the patches array {dims:?} is too large"))
            })?;
    }
    let nd = win.len();
    let outs: Vec<usize> = win.iter().map(|w| w.out).collect();
    let ks: Vec<usize> = win.iter().map(|w| w.kernel).collect();
    let n_out: usize = outs.iter().product();
    let n_k: usize = ks.iter().product();
    let in_rows: usize = win.iter().map(|w| w.input).product();
    // Row strides of the input's spatial dims.
    let mut stride = vec![1usize; nd];
    for i in (0..nd.saturating_sub(1)).rev() {
        stride[i] = stride[i + 1] * win[i + 1].input;
    }
    let mut rows = Vec::with_capacity(batch * n_out * n_k);
    let (mut o_idx, mut k_idx) = (vec![0usize; nd], vec![0usize; nd]);
    for b in 0..batch {
        o_idx.iter_mut().for_each(|v| *v = 0);
        for _ in 0..n_out {
            k_idx.iter_mut().for_each(|v| *v = 0);
            for _ in 0..n_k {
                let mut src = Some(b * in_rows);
                for d in 0..nd {
                    src = match (src, win[d].source(o_idx[d], k_idx[d])) {
                        (Some(s), Some(t)) => Some(s + t * stride[d]),
                        _ => None,
                    };
                }
                rows.push(src);
                odometer(&mut k_idx, &ks);
            }
            odometer(&mut o_idx, &outs);
        }
    }
    Ok((rows, Shape::from(dims)))
}

/// Advance a row-major multi-index.
fn odometer(idx: &mut [usize], lens: &[usize]) {
    for d in (0..idx.len()).rev() {
        idx[d] += 1;
        if idx[d] < lens[d] {
            return;
        }
        idx[d] = 0;
    }
}

/// The `u32` index tensor of `ids`.
fn id_tensor(ids: Vec<u32>, dev: &candle_core::Device) -> candle_core::Result<Tensor> {
    let n = ids.len();
    Tensor::from_vec(ids, n, dev)
}

#[ivy::kernels]
impl LayersKernels for CandleBackend {
    // Padding taps read an appended row of zeros.
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
        let channels = g.channels;
        let (rows, shape) = taps(op, g.batch, channels, &g.window)?;
        let t = tensor(op, x)?;
        let f = || -> candle_core::Result<Tensor> {
            if shape.size() == 0 {
                return Tensor::zeros(shape.dims(), t.dtype(), t.device());
            }
            let n_rows = x.size() / channels;
            let flat = t.reshape((n_rows, channels))?;
            let zero = Tensor::zeros((1, channels), t.dtype(), t.device())?;
            let table = Tensor::cat(&[&flat, &zero], 0)?;
            let ids: Vec<u32> = rows.iter().map(|r| r.unwrap_or(n_rows) as u32).collect();
            table
                .index_select(&id_tensor(ids, t.device())?, 0)?
                .reshape(shape.dims())
        };
        Ok(wrap(f().map_err(err(op))?, x.dtype()))
    }

    // The taps added back into zeros in the patches' order (as on
    // ndarray): half floats accumulate in `f32`, narrow integers in `i64`
    // (wrapping back).
    #[supported_dtypes("0.2.0 and above" => (float, integer))]
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
        let (channels, x_shape) = (g.channels, g.x_shape);
        x_shape.checked_size(op)?;
        let (rows, _) = taps(op, g.batch, channels, &g.window)?;
        let t = tensor(op, cols)?;
        let f = || -> candle_core::Result<Tensor> {
            let dt = t.dtype();
            let acc = match dt {
                DType::F16 | DType::BF16 => DType::F32,
                DType::U8 | DType::U32 | DType::I16 | DType::I32 => DType::I64,
                other => other,
            };
            let n_rows = x_shape.size().checked_div(channels).unwrap_or(0);
            let zeros = Tensor::zeros((n_rows, channels), acc, t.device())?;
            let (from, to): (Vec<u32>, Vec<u32>) = rows
                .iter()
                .enumerate()
                .filter_map(|(i, r)| r.map(|r| (i as u32, r as u32)))
                .unzip();
            if from.is_empty() || channels == 0 {
                return zeros.to_dtype(dt)?.reshape(x_shape.dims());
            }
            let src = t
                .reshape((rows.len(), channels))?
                .index_select(&id_tensor(from, t.device())?, 0)?
                .to_dtype(acc)?;
            zeros
                .index_add(&id_tensor(to, t.device())?, &src, 0)?
                .to_dtype(dt)?
                .reshape(x_shape.dims())
        };
        Ok(wrap(f().map_err(err(op))?, cols.dtype()))
    }
}
