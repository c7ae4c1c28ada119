//! The fused row kernels: `softmax`, `log_softmax`, `logsumexp` and
//! `layer_norm` read each row once or twice and write the result once,
//! with no array-sized temporaries (the compositions they replace make
//! five to seven). A row is the run of elements along the op's axes: the
//! input is seen as `[outer, n, inner]` (the axes' extent `n`, the
//! elements after them `inner`), so a reduction over a middle axis works
//! column by column on contiguous rows of `inner`. Blocks of `n * inner`
//! are independent and split over the threads in whole blocks; within a
//! block the order of every sum is fixed, so results do not depend on the
//! thread count.
//!
//! The steps are the compositions' steps (the maximum, `exp(x - max)`,
//! the sum, the quotient; the mean, the variance, `(x - mean) / sqrt(var +
//! eps)`), each rounded as the op it stands for; `float16` and `bfloat16`
//! compute in `float32` and round once, as `layer_norm` always did.

use crate::host;
use crate::parallel::{PAR_MIN, per_task};
use crate::simd::{self, Element as _};
use half::{bf16, f16};
use ivy::{Array, Buffer, Element, Fill, Result, Shape};
use num_traits::Float;

/// A float the row kernels take, with the type they compute in.
pub(crate) trait RowFloat: Element + simd::Element {
    /// The compute type (`f32` for the half floats).
    type C: simd::Real + simd::Element + Float + Send + Sync;
    /// `f` of the block `x` in the compute type (converted into `buf` for
    /// the half floats).
    fn with_up<R>(x: &[Self], buf: &mut Vec<Self::C>, f: impl FnOnce(&[Self::C]) -> R) -> R;
    /// Write computed values, rounded to this type.
    fn put(v: &[Self::C], out: &mut Fill<'_, Self>);
    /// `v` rounded to this type and back (the rounding of an op in this
    /// dtype).
    fn round(v: Self::C) -> Self::C;
}

macro_rules! native {
    ($($t:ty),*) => {$(
        impl RowFloat for $t {
            type C = $t;
            #[inline]
            fn with_up<R>(x: &[$t], _: &mut Vec<$t>, f: impl FnOnce(&[$t]) -> R) -> R {
                f(x)
            }
            #[inline]
            fn put(v: &[$t], out: &mut Fill<'_, $t>) {
                out.extend_from_slice(v);
            }
            #[inline]
            fn round(v: $t) -> $t {
                v
            }
        }
    )*};
}
native!(f32, f64);

macro_rules! half {
    ($($t:ty),*) => {$(
        impl RowFloat for $t {
            type C = f32;
            #[inline]
            fn with_up<R>(x: &[$t], buf: &mut Vec<f32>, f: impl FnOnce(&[f32]) -> R) -> R {
                buf.clear();
                buf.extend(x.iter().map(|v| v.to_f32()));
                f(buf)
            }
            #[inline]
            fn put(v: &[f32], out: &mut Fill<'_, $t>) {
                out.extend_map(v, <$t>::from_f32);
            }
            #[inline]
            fn round(v: f32) -> f32 {
                <$t>::from_f32(v).to_f32()
            }
        }
    )*};
}
half!(f16, bf16);

/// The extents `(outer, n, inner)` of `shape` around the consecutive axes
/// `axes` (sorted), or `None` when they are not consecutive.
pub(crate) fn extents(shape: &Shape, axes: &[usize]) -> Option<(usize, usize, usize)> {
    let dims = shape.dims();
    let (first, last) = match (axes.first(), axes.last()) {
        (Some(&f), Some(&l)) => (f, l),
        _ => return Some((shape.size(), 1, 1)),
    };
    if last + 1 - first != axes.len() || last >= dims.len() {
        return None;
    }
    let prod = |d: &[usize]| d.iter().product::<usize>();
    Some((
        prod(&dims[..first]),
        prod(&dims[first..=last]),
        prod(&dims[last + 1..]),
    ))
}

/// A compute-type value as `f64` (exact).
fn f64c<T: RowFloat>(v: T::C) -> f64 {
    <T::C as simd::Scalar>::to_f64(v)
}

/// Scratch rows a part reuses from block to block.
#[derive(Default)]
struct Scratch<C> {
    up: Vec<C>,
    a: Vec<C>,
    b: Vec<C>,
    c: Vec<C>,
}

/// The results of the `count` blocks of `x` (blocks of `len` inputs,
/// `out_len` outputs each): `f(block, scratch, out)` pushes a block's outputs (in the
/// compute type) onto `out`.
fn blocks<T: RowFloat>(
    x: &[T],
    count: usize,
    len: usize,
    out_len: usize,
    f: impl Fn(&[T::C], &mut Scratch<T::C>, &mut Vec<T::C>) + Sync,
) -> Buffer<T> {
    let total = count * out_len;
    let per = if x.len() < PAR_MIN {
        count.max(1)
    } else {
        per_task(len.max(out_len))
    };
    Buffer::from_fill(total, (per * out_len).max(1), |offset, part| {
        let mut s = Scratch::default();
        let mut out = Vec::with_capacity(out_len);
        let first = offset / out_len.max(1);
        for blk in first..first + part.len() / out_len.max(1) {
            let input = x.get(blk * len..(blk + 1) * len).unwrap_or_default();
            let mut up = std::mem::take(&mut s.up);
            T::with_up(input, &mut up, |xb| {
                out.clear();
                f(xb, &mut s, &mut out);
            });
            s.up = up;
            T::put(&out, part);
        }
    })
}

/// The largest element, NaN if any is (as `max` reduces), in 16 running
/// lanes.
fn max_nan<C: Float>(x: &[C]) -> C {
    let mut acc = [C::neg_infinity(); 16];
    let pick = |a: C, v: C| if v > a || v.is_nan() { v } else { a };
    let mut chunks = x.chunks_exact(16);
    for c in &mut chunks {
        for (a, &v) in acc.iter_mut().zip(c) {
            *a = pick(*a, v);
        }
    }
    let m = chunks
        .remainder()
        .iter()
        .fold(C::neg_infinity(), |a, &v| pick(a, v));
    acc.iter().fold(m, |a, &v| pick(a, v))
}

/// The sum in 16 running lanes, joined pairwise.
fn sum<C: Float>(x: &[C]) -> C {
    let mut acc = [C::zero(); 16];
    let mut chunks = x.chunks_exact(16);
    for c in &mut chunks {
        for (a, &v) in acc.iter_mut().zip(c) {
            *a = *a + v;
        }
    }
    let mut w = 16;
    while w > 1 {
        w /= 2;
        for i in 0..w {
            acc[i] = acc[i] + acc[i + w];
        }
    }
    chunks.remainder().iter().fold(acc[0], |a, &v| a + v)
}

/// The column maxima of the `n` rows of `inner` in `x`.
fn column_max<C: Float>(x: &[C], inner: usize, m: &mut Vec<C>) {
    m.clear();
    m.resize(inner, C::neg_infinity());
    for row in x.chunks_exact(inner) {
        for (a, &v) in m.iter_mut().zip(row) {
            if v > *a || v.is_nan() {
                *a = v;
            }
        }
    }
}

/// The column sums of the rows of `inner` in `x`, row after row.
fn column_sum<C: Float>(x: &[C], inner: usize, s: &mut Vec<C>) {
    s.clear();
    s.resize(inner, C::zero());
    for row in x.chunks_exact(inner) {
        for (a, &v) in s.iter_mut().zip(row) {
            *a = *a + v;
        }
    }
}

/// `softmax` (or `log_softmax`) along `axis` of the float array `x`.
pub(crate) fn softmax<T: RowFloat>(op: &str, x: &Array, axis: usize, log: bool) -> Result<Array> {
    let s = host::slice::<T>(op, x)?;
    let Some((outer, n, inner)) = extents(x.shape(), &[axis]) else {
        return Err(ivy::Error::invalid(op, "the axis is out of range"));
    };
    // As the composition's max: an empty axis has no maximum.
    ivy::checks::nonempty_axis(op, x, Some(axis), false)?;
    let len = n * inner;
    let buf = blocks::<T>(s, outer, len, len, |xb, sc, out| {
        if inner == 1 {
            let m = f64c::<T>(max_nan(xb));
            sc.a.clear();
            T::C::map(simd::ExpSub(m), xb, &mut sc.a);
            let total = f64c::<T>(sum(&sc.a));
            if log {
                T::C::map(simd::ShiftLog(m, total.ln()), xb, out);
            } else {
                T::C::map(simd::DivBy(total), &sc.a, out);
            }
            return;
        }
        column_max(xb, inner, &mut sc.b);
        sc.a.clear();
        for row in xb.chunks_exact(inner) {
            T::C::zip(simd::ExpDiff, row, &sc.b, &mut sc.a);
        }
        column_sum(&sc.a, inner, &mut sc.c);
        if log {
            for v in sc.c.iter_mut() {
                *v = v.ln();
            }
            let mut shifted = Vec::with_capacity(inner);
            for row in xb.chunks_exact(inner) {
                shifted.clear();
                T::C::zip(simd::Sub, row, &sc.b, &mut shifted);
                T::C::zip(simd::Sub, &shifted, &sc.c, out);
            }
        } else {
            for row in sc.a.chunks_exact(inner) {
                T::C::zip(simd::Div, row, &sc.c, out);
            }
        }
    });
    Ok(host::out(x.shape().clone(), buf))
}

/// `logsumexp` over the consecutive axes `axes` of `x` (the caller lays
/// other axes out consecutively): `log(sum(exp(x - m))) + m` with `m` the
/// maximum, or 0 where that is not finite; shaped `out_shape`.
pub(crate) fn logsumexp<T: RowFloat>(
    op: &str,
    x: &Array,
    axes: &[usize],
    out_shape: Shape,
) -> Result<Array> {
    let s = host::slice::<T>(op, x)?;
    let Some((outer, n, inner)) = extents(x.shape(), axes) else {
        return Err(ivy::Error::invalid(op, "the axes are not consecutive"));
    };
    let finite = |m: T::C| {
        if m.is_finite() {
            m
        } else {
            <T::C as simd::Scalar>::from_f64(0.0)
        }
    };
    let buf = blocks::<T>(s, outer, n * inner, inner, |xb, sc, out| {
        if inner == 1 {
            let m = finite(max_nan(xb));
            sc.a.clear();
            T::C::map(simd::ExpSub(f64c::<T>(m)), xb, &mut sc.a);
            out.push(sum(&sc.a).ln() + m);
            return;
        }
        column_max(xb, inner, &mut sc.b);
        for m in sc.b.iter_mut() {
            *m = finite(*m);
        }
        if n == 0 {
            // Nothing to sum: log 0.
            out.extend(sc.b.iter().map(|_| T::C::neg_infinity()));
            return;
        }
        sc.a.clear();
        for row in xb.chunks_exact(inner) {
            T::C::zip(simd::ExpDiff, row, &sc.b, &mut sc.a);
        }
        column_sum(&sc.a, inner, &mut sc.c);
        out.extend(sc.c.iter().zip(&sc.b).map(|(&t, &m)| t.ln() + m));
    });
    Ok(host::out(out_shape, buf))
}

/// What `layer_norm` applies after normalizing: `scale` and `offset` laid
/// out along a row (each in the compute type), and `new_std`.
pub(crate) struct Affine<'a, C> {
    pub(crate) scale: Option<&'a [C]>,
    pub(crate) offset: Option<&'a [C]>,
    pub(crate) new_std: f64,
}

/// `layer_norm` over rows of `n` (the normalized axes last):
/// `(x - mean) / sqrt(var + eps)`, rounded to `T`, then times `scale`, plus
/// `offset`, times `new_std`, each rounded to `T` as the ops in `T` are.
pub(crate) fn layer_norm<T: RowFloat>(
    op: &str,
    x: &Array,
    n: usize,
    eps: f64,
    affine: &Affine<'_, T::C>,
) -> Result<Array> {
    let s = host::slice::<T>(op, x)?;
    let k = <T::C as simd::Scalar>::from_f64;
    let count = k(n as f64);
    let new_std = k(affine.new_std);
    let rows = s.len().checked_div(n).unwrap_or(0);
    let buf = blocks::<T>(s, rows, n, n, |xb, sc, out| {
        let mean = sum(xb) / count;
        sc.a.clear();
        sc.a.extend(xb.iter().map(|&v| (v - mean) * (v - mean)));
        let var = sum(&sc.a) / count;
        let d = (var + k(eps)).sqrt();
        let start = out.len();
        T::C::map(simd::Normalize(f64c::<T>(mean), f64c::<T>(d)), xb, out);
        for (i, y) in out[start..].iter_mut().enumerate() {
            let mut v = T::round(*y);
            if let Some(sc) = affine.scale {
                v = T::round(v * sc[i]);
                if let Some(o) = affine.offset {
                    v = T::round(v + o[i]);
                }
            }
            *y = T::round(v * new_std);
        }
    });
    Ok(host::out(x.shape().clone(), buf))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ivy::Dtype;

    fn arr(v: Vec<f64>, shape: &[usize]) -> Result<Array> {
        ivy::reshape(&ivy::asarray(v)?, shape.to_vec())
    }

    /// The compositions the kernels replace, written with the ops.
    fn softmax_ops(x: &Array, axis: i64) -> Result<Array> {
        let m = ivy::max_with(x, ivy::opts::Max::new().axis(axis).keepdims(true))?;
        let e = ivy::exp(&ivy::subtract(x, &m)?)?;
        let s = ivy::sum_with(&e, ivy::opts::Sum::new().axis(axis).keepdims(true))?;
        ivy::divide(&e, &s)
    }

    /// Within `tol` relative, or one float16 subnormal step absolute.
    fn close(a: &Array, b: &Array, tol: f64) -> Result<bool> {
        let (a, b) = (
            a.astype(Dtype::Float64)?.to_vec::<f64>()?,
            b.astype(Dtype::Float64)?.to_vec::<f64>()?,
        );
        Ok(a.len() == b.len()
            && a.iter().zip(&b).all(|(x, y)| {
                (x.is_nan() && y.is_nan()) || x == y || (x - y).abs() <= tol * y.abs() + 6e-8
            }))
    }

    fn data(n: usize) -> Vec<f64> {
        (0..n)
            .map(|i| ((i * 7919) % 1000) as f64 / 50.0 - 10.0)
            .collect()
    }

    #[test]
    fn softmax_matches_the_composition_along_every_axis() -> Result<()> {
        for shape in [vec![5usize, 7], vec![3, 4, 5], vec![2, 1, 6], vec![0, 3]] {
            let size = shape.iter().product();
            let x = arr(data(size), &shape)?;
            for axis in 0..shape.len() as i64 {
                if shape[axis as usize] == 0 {
                    // No maximum of an empty axis, as max says.
                    assert!(ivy::softmax_with(&x, ivy::opts::Softmax::new().axis(axis)).is_err());
                    continue;
                }
                for dt in [Dtype::Float32, Dtype::Float64, Dtype::Float16] {
                    let xt = x.astype(dt)?;
                    // float16 computes in float32 and rounds once: against
                    // the composition in float64, within its rounding.
                    let wide = if dt == Dtype::Float16 {
                        xt.astype(Dtype::Float64)?
                    } else {
                        xt.clone()
                    };
                    let want = softmax_ops(&wide, axis)?;
                    let got = ivy::softmax_with(&xt, ivy::opts::Softmax::new().axis(axis))?;
                    let tol = if dt == Dtype::Float16 { 1e-3 } else { 1e-5 };
                    assert!(close(&got, &want, tol)?, "{shape:?} axis {axis} {dt}");
                    let lwant = ivy::log(&want)?;
                    let lgot = ivy::log_softmax_with(&xt, ivy::opts::LogSoftmax::new().axis(axis))?;
                    assert!(close(&lgot, &lwant, tol)?, "log {shape:?} axis {axis} {dt}");
                }
            }
        }
        Ok(())
    }

    #[test]
    fn logsumexp_over_axes_and_layer_norm_match_the_formulas() -> Result<()> {
        let x = arr(data(60), &[3, 4, 5])?;
        for axes in [vec![2i64], vec![1], vec![0, 1], vec![0, 2], vec![0, 1, 2]] {
            let got = ivy::logsumexp_with(&x, ivy::opts::Logsumexp::new().axis(axes.clone()))?;
            let e = ivy::sum_with(&ivy::exp(&x)?, ivy::opts::Sum::new().axis(axes.clone()))?;
            assert!(close(&got, &ivy::log(&e)?, 1e-12)?, "{axes:?}");
        }
        let y = ivy::layer_norm(&x, [-1])?;
        let m = ivy::mean_with(&x, ivy::opts::Mean::new().axis(-1).keepdims(true))?;
        let v = ivy::var_with(&x, ivy::opts::Var::new().axis(-1).keepdims(true))?;
        let want = ivy::divide(&ivy::subtract(&x, &m)?, &ivy::sqrt(&ivy::add(&v, 1e-5)?)?)?;
        assert!(close(&y, &want, 1e-12)?);
        Ok(())
    }

    #[test]
    fn rows_do_not_depend_on_the_thread_count() -> Result<()> {
        let rows = PAR_MIN * 2 / 100 + 3;
        let x = arr(data(rows * 100), &[rows, 100])?.astype(Dtype::Float32)?;
        let run = |n| {
            ivy::with_num_threads(n, || -> Result<Vec<u32>> {
                let s = ivy::softmax(&x)?;
                let l = ivy::layer_norm(&x, [-1])?;
                let e = ivy::logsumexp_with(&x, ivy::opts::Logsumexp::new().axis(0))?;
                let mut bits: Vec<u32> = s.to_vec::<f32>()?.iter().map(|v| v.to_bits()).collect();
                bits.extend(l.to_vec::<f32>()?.iter().map(|v| v.to_bits()));
                bits.extend(e.to_vec::<f32>()?.iter().map(|v| v.to_bits()));
                Ok(bits)
            })
        };
        assert_eq!(run(1)??, run(3)??);
        Ok(())
    }
}
