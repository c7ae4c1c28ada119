//! Kernels of the layers ops: `im2col` (sliding windows of a channel-last
//! array) and `col2im` (its transpose), on which every convolution is built
//! with the matrix product doing the arithmetic; and the max and average
//! pools, which read their windows in place.
//!
//! Channels are last, so each tap of a window is one contiguous run of `C`
//! elements: `im2col` copies runs (or writes zeros for padding), `col2im`
//! adds runs back.

use crate::NdarrayBackend;
use crate::host::{self, all, floats, numeric, reals};
use crate::layout;
use crate::reduce::{Acc, Real};
use ivy::kernels::LayersKernels;
use ivy::layer_support::{PoolPlan, WinDim, col2im_geometry, im2col_geometry, pool_plan};
use ivy::{Array, Element, Error, Padding, Result, Shape};
use std::ops::Range;

/// The checked shapes of a windowing: batch, channels, spatial window
/// geometry, and the number of elements of the patches array.
struct Plan {
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
            channels,
            win,
            taps,
            cols_shape: Shape::from(dims),
            x_shape: x_shape.clone(),
        })
    }

    /// The number of windows per image.
    fn windows(&self) -> usize {
        self.win.iter().map(|w| w.out).product()
    }

    /// The elements of one row of the patches array (one window: every tap
    /// of every channel).
    fn row_len(&self) -> usize {
        self.win.iter().map(|w| w.kernel).product::<usize>() * self.channels
    }

    /// The elements of one image.
    fn image_len(&self) -> usize {
        self.win.iter().map(|w| w.input).product::<usize>() * self.channels
    }

    /// Visit every (window, tap) pair of the windows `rows` (row `r` is
    /// window `r % windows` of image `r / windows`) in the row-major order
    /// of the patches array: `f(input offset or None, patches offset)`,
    /// offsets in elements, the patches offset counted from the first
    /// window of `rows`.
    fn visit(&self, rows: Range<usize>, mut f: impl FnMut(Option<usize>, usize)) {
        let nd = self.win.len();
        let c = self.channels;
        let in_sp: Vec<usize> = self.win.iter().map(|w| w.input).collect();
        let in_elems = self.image_len();
        let outs: Vec<usize> = self.win.iter().map(|w| w.out).collect();
        let ks: Vec<usize> = self.win.iter().map(|w| w.kernel).collect();
        let n_out = self.windows();
        let n_k: usize = ks.iter().product();
        if n_out == 0 || rows.is_empty() {
            return;
        }
        // Row-major strides of the input's spatial dims (in elements).
        let mut in_stride = vec![c; nd];
        for i in (0..nd.saturating_sub(1)).rev() {
            in_stride[i] = in_stride[i + 1] * in_sp[i + 1];
        }
        let mut b = rows.start / n_out;
        let mut o_idx = vec![0usize; nd];
        let mut rest = rows.start % n_out;
        for d in (0..nd).rev() {
            o_idx[d] = rest % outs[d];
            rest /= outs[d];
        }
        let mut k_idx = vec![0usize; nd];
        let mut dst = 0usize;
        for _ in rows {
            let base = b * in_elems;
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
            if odometer(&mut o_idx, &outs) {
                b += 1;
            }
        }
    }
}

/// Elements of the patches array (or of the images) per chunk of work
/// spread over the threads.
const CHUNK: usize = 1 << 15;

/// Advance a row-major multi-index; true when it wraps around to zero.
#[inline]
fn odometer(idx: &mut [usize], lens: &[usize]) -> bool {
    for d in (0..idx.len()).rev() {
        idx[d] += 1;
        if idx[d] < lens[d] {
            return false;
        }
        idx[d] = 0;
    }
    true
}

/// The patches, split over the threads by windows (rows of the patches
/// array), each chunk copying its own rows.
fn im2col_typed<T: Element>(op: &str, x: &Array, plan: &Plan) -> Result<Array> {
    let src = host::slice::<T>(op, x)?;
    let c = plan.channels;
    let row_len = plan.row_len();
    let mut out: Vec<T> = layout::repeated(op, plan.cols_shape.size(), T::default())?;
    if c > 0 && row_len > 0 {
        let rows = (CHUNK / row_len).max(1);
        ivy::parallel::fill_chunks(&mut out, rows * row_len, |off, part| {
            let first = off / row_len;
            plan.visit(first..first + part.len() / row_len, |s, d| {
                if let (Some(s), Some(o)) = (s, part.get_mut(d..d + c))
                    && let Some(i) = src.get(s..s + c)
                {
                    o.copy_from_slice(i);
                }
            });
        });
    }
    Ok(host::out_vec(plan.cols_shape.clone(), out))
}

/// The images summed back from their patches, split over the threads by
/// images (windows of one image overlap, windows of two never do).
fn col2im_typed<T: Acc>(op: &str, cols: &Array, plan: &Plan) -> Result<Array> {
    let src = host::slice::<T>(op, cols)?;
    let c = plan.channels;
    let (image, n_out, row_len) = (plan.image_len(), plan.windows(), plan.row_len());
    let mut out: Vec<T> = layout::repeated(op, plan.x_shape.size(), T::default())?;
    if c > 0 && image > 0 {
        let images = (CHUNK / image).max(1);
        ivy::parallel::fill_chunks(&mut out, images * image, |off, part| {
            let first = off / image;
            let count = part.len() / image;
            let (in_base, cols_base) = (first * image, first * n_out * row_len);
            let mut acc: Vec<T::A> = vec![T::acc_zero(); part.len()];
            plan.visit(first * n_out..(first + count) * n_out, |s, d| {
                let Some(s) = s.and_then(|s| s.checked_sub(in_base)) else {
                    return;
                };
                let (Some(a), Some(v)) = (
                    acc.get_mut(s..s + c),
                    src.get(cols_base + d..cols_base + d + c),
                ) else {
                    return;
                };
                for (a, &v) in a.iter_mut().zip(v) {
                    *a = T::acc_add(*a, v.lift());
                }
            });
            for (o, a) in part.iter_mut().zip(acc) {
                *o = T::lower(a);
            }
        });
    }
    Ok(host::out_vec(plan.x_shape.clone(), out))
}

/// The windows of a pool over every output position of one image: for
/// output position `p` (row-major over the output's spatial dimensions),
/// `taps[starts[p]..starts[p + 1]]` are the offsets (in spatial positions,
/// row-major over the input's) of the inputs its window covers, in the
/// window's row-major order; `count[p]` is what an average divides by.
struct Windows {
    starts: Vec<usize>,
    taps: Vec<usize>,
    count: Vec<usize>,
}

impl Windows {
    /// The windows of `plan`; with `include_pad`, the divisor counts the
    /// taps before the end of the explicit padding too.
    fn new(plan: &PoolPlan, include_pad: bool) -> Windows {
        let win = &plan.window;
        let nd = win.len();
        let outs: Vec<usize> = win.iter().map(|w| w.out).collect();
        let ks: Vec<usize> = win.iter().map(|w| w.kernel).collect();
        let mut stride = vec![1usize; nd];
        for i in (0..nd.saturating_sub(1)).rev() {
            stride[i] = stride[i + 1] * win[i + 1].input;
        }
        let n_out: usize = outs.iter().product();
        let n_k: usize = ks.iter().product();
        let mut w = Windows {
            starts: Vec::with_capacity(n_out + 1),
            taps: Vec::with_capacity(n_out * n_k),
            count: Vec::with_capacity(n_out),
        };
        let mut o = vec![0usize; nd];
        for _ in 0..n_out {
            w.starts.push(w.taps.len());
            let mut k = vec![0usize; nd];
            let mut counted = 0usize;
            for _ in 0..n_k {
                let mut at = Some(0usize);
                let mut inside_pad = true;
                for (d, wd) in win.iter().enumerate() {
                    match wd.source(o[d], k[d]) {
                        Some(i) => at = at.map(|a| a + i * stride[d]),
                        None => {
                            at = None;
                            let p = (o[d] * wd.stride + k[d] * wd.dilation) as i64 - wd.lo;
                            if p >= wd.input as i64 + plan.explicit_hi[d] {
                                inside_pad = false;
                            }
                        }
                    }
                }
                match at {
                    Some(a) => {
                        w.taps.push(a);
                        counted += 1;
                    }
                    None if include_pad && inside_pad => counted += 1,
                    None => {}
                }
                odometer(&mut k, &ks);
            }
            w.count.push(counted);
            odometer(&mut o, &outs);
        }
        w.starts.push(w.taps.len());
        w
    }
}

/// A pool of `x` (either layout) by `plan`: each output element folds its
/// window's inputs in order from `init` with `step` and is finished by
/// `fin(running value, output position)`. Channel-last images fold a row of
/// channels per tap; channel-first ones a plane per (image, channel). Rows
/// of output positions, or planes, run on the pool when the input is large
/// (each output's arithmetic is the same).
fn pool_run<T: Copy + Default + Send + Sync, A: Copy + Send + Sync>(
    x: &[T],
    plan: &PoolPlan,
    windows: &Windows,
    init: A,
    step: impl Fn(A, T) -> A + Sync,
    fin: impl Fn(A, usize) -> T + Sync,
) -> Vec<T> {
    let c = plan.channels;
    let sp: usize = plan.window.iter().map(|w| w.input).product();
    let n_out: usize = plan.window.iter().map(|w| w.out).product();
    let mut out = vec![T::default(); plan.batch * c * n_out];
    if out.is_empty() {
        return out;
    }
    let taps_of = |p: usize| {
        let (a, b) = (windows.starts[p], windows.starts[p + 1]);
        &windows.taps[a..b]
    };
    if plan.channels_first {
        // One plane of `sp` inputs per (image, channel).
        crate::parallel::rows(x, sp, &mut out, n_out, |plane, o| {
            for (p, o) in o.iter_mut().enumerate() {
                let a = taps_of(p).iter().fold(init, |a, &t| step(a, plane[t]));
                *o = fin(a, p);
            }
        });
    } else {
        // One image of `sp * c` inputs; output positions in rows of `c`.
        let last = plan.window.last().map_or(1, |w| w.out);
        let row = last * c;
        let per = crate::parallel::per_task(row * 4);
        let work = |offset: usize, part: &mut [T]| {
            let mut acc = vec![init; c];
            for (j, o) in part.chunks_exact_mut(c).enumerate() {
                let q = offset / c + j;
                let (n, p) = (q / n_out, q % n_out);
                let img = &x[n * sp * c..(n + 1) * sp * c];
                acc.fill(init);
                for &t in taps_of(p) {
                    for (a, &v) in acc.iter_mut().zip(&img[t * c..t * c + c]) {
                        *a = step(*a, v);
                    }
                }
                for (o, &a) in o.iter_mut().zip(&acc) {
                    *o = fin(a, p);
                }
            }
        };
        if x.len() < crate::parallel::PAR_MIN {
            work(0, &mut out);
        } else {
            ivy::parallel::fill_chunks(&mut out, per * row, work);
        }
    }
    out
}

/// The plan of a pool kernel, checked against the input.
#[allow(clippy::too_many_arguments)]
fn plan_of(
    op: &str,
    x: &Array,
    kernel: &[i64],
    strides: &[i64],
    padding: &str,
    dims: usize,
    data_format: &str,
    dilation: Option<&[i64]>,
    ceil_mode: bool,
) -> Result<PoolPlan> {
    pool_plan(
        op,
        x.shape(),
        kernel,
        strides,
        padding,
        dims,
        data_format,
        dilation,
        ceil_mode,
    )
}

/// The max pool of `x` by `plan`: the largest input of each window (the
/// first NaN once there is one; every window holds an input).
fn max_pool_typed<T: Real>(op: &str, x: &Array, plan: &PoolPlan) -> Result<Array> {
    let s = host::slice::<T>(op, x)?;
    let w = Windows::new(plan, false);
    let out = pool_run(
        s,
        plan,
        &w,
        T::lowest(),
        |a: T, v: T| a.max_nan(v),
        |a, _| a,
    );
    Ok(host::out_vec(plan.out_shape(), out))
}

/// The average pool of `x` by `plan`: each window's sum (in the
/// accumulator of `T`, rounded to `T`) divided by its count, or by
/// `divisor`, in `T`.
fn avg_pool_typed<T: crate::reduce::AccFloat>(
    op: &str,
    x: &Array,
    plan: &PoolPlan,
    include_pad: bool,
    divisor: Option<f64>,
) -> Result<Array> {
    if divisor == Some(0.0) {
        return Err(Error::invalid(op, "divisor_override must not be 0"));
    }
    let s = host::slice::<T>(op, x)?;
    let w = Windows::new(plan, include_pad);
    let fixed = divisor.map(|d| T::from_f64(d).lift());
    let out = pool_run(
        s,
        plan,
        &w,
        T::acc_signed_zero(),
        |a: T::A, v: T| T::acc_add(a, v.lift()),
        |a, p| {
            let total = T::lower(a).lift();
            let d = fixed.unwrap_or_else(|| T::from_f64(w.count[p] as f64).lift());
            T::lower(total / d)
        },
    );
    Ok(host::out_vec(plan.out_shape(), out))
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

    fn max_pool1d(
        &self,
        x: &Array,
        kernel: &[i64],
        strides: &[i64],
        padding: &Padding,
        data_format: &str,
        dilation: Option<&[i64]>,
        ceil_mode: bool,
    ) -> Result<Array> {
        let op = "max_pool1d";
        let plan = plan_of(
            op,
            x,
            kernel,
            strides,
            padding.as_str(),
            1,
            data_format,
            dilation,
            ceil_mode,
        )?;
        reals!(op, x, T => max_pool_typed::<T>(op, x, &plan))
    }

    fn max_pool2d(
        &self,
        x: &Array,
        kernel: &[i64],
        strides: &[i64],
        padding: &Padding,
        data_format: &str,
        dilation: Option<&[i64]>,
        ceil_mode: bool,
    ) -> Result<Array> {
        let op = "max_pool2d";
        let plan = plan_of(
            op,
            x,
            kernel,
            strides,
            padding.as_str(),
            2,
            data_format,
            dilation,
            ceil_mode,
        )?;
        reals!(op, x, T => max_pool_typed::<T>(op, x, &plan))
    }

    fn max_pool3d(
        &self,
        x: &Array,
        kernel: &[i64],
        strides: &[i64],
        padding: &Padding,
        data_format: &str,
        dilation: Option<&[i64]>,
        ceil_mode: bool,
    ) -> Result<Array> {
        let op = "max_pool3d";
        let plan = plan_of(
            op,
            x,
            kernel,
            strides,
            padding.as_str(),
            3,
            data_format,
            dilation,
            ceil_mode,
        )?;
        reals!(op, x, T => max_pool_typed::<T>(op, x, &plan))
    }

    fn avg_pool1d(
        &self,
        x: &Array,
        kernel: &[i64],
        strides: &[i64],
        padding: &Padding,
        data_format: &str,
        count_include_pad: bool,
        ceil_mode: bool,
        divisor_override: Option<f64>,
    ) -> Result<Array> {
        let op = "avg_pool1d";
        let plan = plan_of(
            op,
            x,
            kernel,
            strides,
            padding.as_str(),
            1,
            data_format,
            None,
            ceil_mode,
        )?;
        floats!(op, x, T => avg_pool_typed::<T>(op, x, &plan, count_include_pad, divisor_override))
    }

    fn avg_pool2d(
        &self,
        x: &Array,
        kernel: &[i64],
        strides: &[i64],
        padding: &Padding,
        data_format: &str,
        count_include_pad: bool,
        ceil_mode: bool,
        divisor_override: Option<f64>,
    ) -> Result<Array> {
        let op = "avg_pool2d";
        let plan = plan_of(
            op,
            x,
            kernel,
            strides,
            padding.as_str(),
            2,
            data_format,
            None,
            ceil_mode,
        )?;
        floats!(op, x, T => avg_pool_typed::<T>(op, x, &plan, count_include_pad, divisor_override))
    }

    fn avg_pool3d(
        &self,
        x: &Array,
        kernel: &[i64],
        strides: &[i64],
        padding: &Padding,
        data_format: &str,
        count_include_pad: bool,
        ceil_mode: bool,
        divisor_override: Option<f64>,
    ) -> Result<Array> {
        let op = "avg_pool3d";
        let plan = plan_of(
            op,
            x,
            kernel,
            strides,
            padding.as_str(),
            3,
            data_format,
            None,
            ceil_mode,
        )?;
        floats!(op, x, T => avg_pool_typed::<T>(op, x, &plan, count_include_pad, divisor_override))
    }
}

#[cfg(test)]
mod tests {
    use crate::reduce::testing::arr;
    use ivy::layer_support::{Pool, pool};
    use ivy::opts::{Col2im, Im2col};
    use ivy::{Array, Dtype, Ints, Result};

    /// The pool kernels give the bits of the composition they replace
    /// (`im2col`, then a reduction over the taps), on data without zeros
    /// (a max of `0.0` and `-0.0` may pick either), in every layout,
    /// padding, dilation and ceil mode, with one and with several threads.
    #[test]
    fn pool_kernels_match_the_composition() -> Result<()> {
        type Case = (
            &'static str,
            &'static [usize],
            i64,
            i64,
            &'static str,
            Option<i64>,
            bool,
        );
        let cases: [Case; 8] = [
            ("NWC", &[2, 9, 3], 3, 2, "VALID", None, false),
            ("NCW", &[2, 3, 9], 2, 2, "SAME", Some(2), true),
            ("NHWC", &[2, 7, 6, 3], 3, 2, "SAME", None, true),
            ("NCHW", &[1, 3, 8, 7], 2, 1, "1", Some(2), false),
            ("NHWC", &[2, 70, 60, 40], 3, 2, "SAME", None, false),
            ("NCHW", &[2, 40, 70, 60], 3, 2, "1", None, true),
            ("NDHWC", &[1, 5, 4, 6, 2], 2, 2, "VALID", None, true),
            ("NCDHW", &[1, 2, 5, 4, 6], 3, 1, "SAME", Some(1), false),
        ];
        for (format, shape, k, s, pad, dil, ceil) in cases {
            let dims = shape.len() - 2;
            let n: usize = shape.iter().product();
            let v: Vec<f64> = (0..n)
                .map(|i| ((i * 7919 % 1013) as f64 - 506.5) / 10.0)
                .collect();
            let base = arr(shape, v);
            for d in [Dtype::Float32, Dtype::Float64, Dtype::Float16, Dtype::Int32] {
                let x = ivy::astype(&base, d)?;
                let kk = Ints::from([k]);
                let ss = Ints::from([s]);
                let dd = dil.map(|v| Ints::from([v]));
                let mut kinds = vec![Pool::Max];
                if d.is_float() {
                    for include in [false, true] {
                        kinds.push(Pool::Avg {
                            count_include_pad: include,
                            divisor_override: None,
                        });
                    }
                    kinds.push(Pool::Avg {
                        count_include_pad: false,
                        divisor_override: Some(3.0),
                    });
                }
                for kind in kinds {
                    let dil_here = if matches!(kind, Pool::Max) {
                        dd.as_ref()
                    } else {
                        None
                    };
                    let want = pool("t", &x, &kk, &ss, pad, dims, format, dil_here, ceil, kind)?;
                    for threads in [1, 3] {
                        let got = ivy::with_num_threads(threads, || -> Result<Array> {
                            match (kind, dims) {
                                (Pool::Max, 1) => ivy::max_pool1d_with(
                                    &x,
                                    k,
                                    s,
                                    pad,
                                    ivy::opts::MaxPool1d::new()
                                        .data_format(format)
                                        .dilation(dil.unwrap_or(1))
                                        .ceil_mode(ceil),
                                ),
                                (Pool::Max, 2) => ivy::max_pool2d_with(
                                    &x,
                                    k,
                                    s,
                                    pad,
                                    ivy::opts::MaxPool2d::new()
                                        .data_format(format)
                                        .dilation(dil.unwrap_or(1))
                                        .ceil_mode(ceil),
                                ),
                                (Pool::Max, _) => ivy::max_pool3d_with(
                                    &x,
                                    k,
                                    s,
                                    pad,
                                    ivy::opts::MaxPool3d::new()
                                        .data_format(format)
                                        .dilation(dil.unwrap_or(1))
                                        .ceil_mode(ceil),
                                ),
                                (
                                    Pool::Avg {
                                        count_include_pad: i,
                                        divisor_override: o,
                                    },
                                    1,
                                ) => {
                                    let mut opt = ivy::opts::AvgPool1d::new()
                                        .data_format(format)
                                        .count_include_pad(i)
                                        .ceil_mode(ceil);
                                    if let Some(o) = o {
                                        opt = opt.divisor_override(o);
                                    }
                                    ivy::avg_pool1d_with(&x, k, s, pad, opt)
                                }
                                (
                                    Pool::Avg {
                                        count_include_pad: i,
                                        divisor_override: o,
                                    },
                                    2,
                                ) => {
                                    let mut opt = ivy::opts::AvgPool2d::new()
                                        .data_format(format)
                                        .count_include_pad(i)
                                        .ceil_mode(ceil);
                                    if let Some(o) = o {
                                        opt = opt.divisor_override(o);
                                    }
                                    ivy::avg_pool2d_with(&x, k, s, pad, opt)
                                }
                                (
                                    Pool::Avg {
                                        count_include_pad: i,
                                        divisor_override: o,
                                    },
                                    _,
                                ) => {
                                    let mut opt = ivy::opts::AvgPool3d::new()
                                        .data_format(format)
                                        .count_include_pad(i)
                                        .ceil_mode(ceil);
                                    if let Some(o) = o {
                                        opt = opt.divisor_override(o);
                                    }
                                    ivy::avg_pool3d_with(&x, k, s, pad, opt)
                                }
                            }
                        })??;
                        assert_eq!(
                            got.to_npy()?,
                            want.to_npy()?,
                            "{format} {shape:?} k{k} s{s} {pad} dil {dil:?} ceil {ceil} {d} {kind:?}, {threads} threads"
                        );
                    }
                }
            }
        }
        Ok(())
    }

    /// An image batch of distinct values.
    fn images(shape: &[usize]) -> Array {
        let n: usize = shape.iter().product();
        arr(
            shape,
            (0..n).map(|i| (i % 1009) as f32 * 0.25 - 100.0).collect(),
        )
    }

    #[test]
    fn patches_split_over_threads_are_the_patches() -> Result<()> {
        // Large enough for several chunks; padding, strides and dilations.
        let x = images(&[3, 41, 37, 6]);
        let o = || {
            Im2col::new()
                .strides([2i64, 1])
                .padding([1i64, 2, 0, 1])
                .dilations([1i64, 2])
        };
        let at = |t: usize| -> Result<Array> {
            ivy::with_num_threads(t, || ivy::im2col_with(&x, [3i64, 3], o()))?
        };
        let one = at(1)?;
        // Each patch element against its definition: window (i, j) at tap
        // (p, q) reads x[b, 2i - 1 + p, j + 2q, c], zero outside.
        let dims = one.shape().dims().to_vec();
        let (oh, ow) = (dims[1], dims[2]);
        let v = one.to_vec::<f32>()?;
        let xs = x.to_vec::<f32>()?;
        let mut idx = 0;
        for b in 0..3 {
            for i in 0..oh {
                for j in 0..ow {
                    for p in 0..3 {
                        for q in 0..3 {
                            for c in 0..6 {
                                let (h, w) = (2 * i as i64 - 1 + p, j as i64 + 2 * q);
                                let want = if (0..41).contains(&h) && (0..37).contains(&w) {
                                    xs[((b * 41 + h as usize) * 37 + w as usize) * 6 + c]
                                } else {
                                    0.0
                                };
                                assert_eq!(v[idx], want, "patch element {idx}");
                                idx += 1;
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(idx, v.len());
        for t in [2, 3, 4] {
            assert_eq!(at(t)?.to_vec::<f32>()?, v, "{t} threads");
        }
        Ok(())
    }

    #[test]
    fn images_summed_back_over_threads_do_not_depend_on_the_thread_count() -> Result<()> {
        // col2im of the patches of ones counts how many windows cover each
        // pixel; of the patches of x, it is x times that count.
        let x = images(&[5, 30, 29, 7]);
        let o = || Im2col::new().strides([1i64, 2]).padding([1i64, 1, 1, 1]);
        let back = || Col2im::new().strides([1i64, 2]).padding([1i64, 1, 1, 1]);
        let cols = ivy::im2col_with(&x, [3i64, 3], o())?;
        let ones = ivy::ones_like(&x)?;
        let count = ivy::col2im_with(
            &ivy::im2col_with(&ones, [3i64, 3], o())?,
            [30i64, 29],
            back(),
        )?;
        let at = |t: usize| -> Result<Array> {
            ivy::with_num_threads(t, || ivy::col2im_with(&cols, [30i64, 29], back()))?
        };
        let one = at(1)?;
        let want = ivy::multiply(&x, &count)?;
        assert_eq!(one.to_vec::<f32>()?, want.to_vec::<f32>()?);
        for t in [2, 3, 4] {
            assert_eq!(at(t)?.to_vec::<f32>()?, one.to_vec::<f32>()?, "{t} threads");
        }
        Ok(())
    }
}
