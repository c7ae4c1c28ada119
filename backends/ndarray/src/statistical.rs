//! Kernels of the statistical ops.
//!
//! Reductions walk the contiguous buffer once ([`reduce::reduce`]): sums are
//! blocked-pairwise, `float16`/`bfloat16` accumulate in `f32` and round
//! once, integers wrap; large ones split over threads with the same result
//! for any thread count. `var` and `std` read each reduced lane twice (its
//! mean, then the squared deviations from it) while it is in cache. `sum`, `prod`, `cumsum` and `cumprod`
//! compute in the resolved `dtype` (the input is cast to it first); `bool`
//! as that dtype adds as `or` and multiplies as `and` (NumPy).

use crate::NdarrayBackend;
use crate::host::{self, all, floats, inexact, ordered};
use crate::parallel::PAR_MIN;
use crate::reduce::{self, Acc, AccDiv, AccFloat, ProdOf, Real, Reducer, SumOf};
use crate::rows;
use ivy::kernels::StatisticalKernels;
use ivy::{Array, Dtype, Result};
use num_traits::{Float, NumCast};

/// Reduce `x` (of type `T`) over `axes` with `r`, rounding each running
/// value back to `T`.
fn reduction<T: Acc, R: Reducer<T, A = T::A>>(
    op: &str,
    x: &Array,
    axes: &[usize],
    keepdims: bool,
    r: &R,
) -> Result<Array> {
    let s = host::slice::<T>(op, x)?;
    let acc = reduce::reduce(s, x.shape().dims(), axes, r);
    let out: Vec<T> = acc.into_iter().map(T::lower).collect();
    Ok(host::out_vec(x.shape().reduced(axes, keepdims), out))
}

/// The largest element, NaN if any is.
struct MaxOf;

impl<T: Real> Reducer<T> for MaxOf {
    type A = T;
    #[inline]
    fn init(&self) -> T {
        T::lowest()
    }
    #[inline]
    fn step(&self, a: T, v: T, _: usize) -> T {
        a.max_nan(v)
    }
    #[inline]
    fn combine(&self, a: T, b: T) -> T {
        a.max_nan(b)
    }
    #[inline]
    fn block(&self, xs: &[T], _: usize) -> T {
        extreme_lane(T::lowest(), xs, |v, m| v > m)
    }
}

/// The smallest element, NaN if any is.
struct MinOf;

impl<T: Real> Reducer<T> for MinOf {
    type A = T;
    #[inline]
    fn init(&self) -> T {
        T::highest()
    }
    #[inline]
    fn step(&self, a: T, v: T, _: usize) -> T {
        a.min_nan(v)
    }
    #[inline]
    fn combine(&self, a: T, b: T) -> T {
        a.min_nan(b)
    }
    #[inline]
    fn block(&self, xs: &[T], _: usize) -> T {
        extreme_lane(T::highest(), xs, |v, m| v < m)
    }
}

/// The extremum of `a` and a contiguous lane under `better`, in eight
/// independent running values (which vectorise) and one NaN flag; NaN (the
/// first one met) if there is any.
#[inline]
fn extreme_lane<T: Real>(a: T, xs: &[T], better: impl Fn(T, T) -> bool + Copy) -> T {
    if a.nan() {
        return a;
    }
    let mut acc = [a; 8];
    let mut nan = false;
    let mut chunks = xs.chunks_exact(8);
    for c in &mut chunks {
        for (m, &v) in acc.iter_mut().zip(c) {
            nan |= v.nan();
            if better(v, *m) {
                *m = v;
            }
        }
    }
    for &v in chunks.remainder() {
        nan |= v.nan();
        if better(v, acc[0]) {
            acc[0] = v;
        }
    }
    if nan {
        return xs.iter().copied().find(|v| v.nan()).unwrap_or(a);
    }
    acc.into_iter()
        .fold(a, |m, v| if better(v, m) { v } else { m })
}

/// A min or max: a plain fold (`#[check(ivy::checks::nonempty_reduction)]`
/// in the spec refuses an empty axis before dispatch).
fn extremum<T: Real, R: Reducer<T, A = T>>(
    op: &str,
    x: &Array,
    axis: Option<&[usize]>,
    keepdims: bool,
    r: &R,
) -> Result<Array> {
    let axes = reduce::axes_or_all(x, axis);
    let s = host::slice::<T>(op, x)?;
    let out = reduce::reduce(s, x.shape().dims(), &axes, r);
    Ok(host::out_vec(x.shape().reduced(&axes, keepdims), out))
}

/// The sum of squared deviations from the mean of output element `i`.
struct Deviations<'a, F> {
    means: &'a [F],
}

impl<T: AccFloat> Reducer<T> for Deviations<'_, T::A> {
    type A = T::A;
    #[inline]
    fn init(&self) -> T::A {
        T::acc_zero()
    }
    #[inline]
    fn step(&self, a: T::A, v: T, i: usize) -> T::A {
        let d = v.lift() - self.means.get(i).copied().unwrap_or_else(T::A::nan);
        a + d * d
    }
    #[inline]
    fn combine(&self, a: T::A, b: T::A) -> T::A {
        a + b
    }
    #[inline]
    fn block(&self, xs: &[T], i: usize) -> T::A {
        let m = self.means.get(i).copied().unwrap_or_else(T::A::nan);
        reduce::block_sum(xs, |v: T| {
            let d = v.lift() - m;
            d * d
        })
    }
}

/// The sum of squared deviations of one contiguous lane from its mean, and
/// the lane's length: two passes over the lane (the mean, then the
/// deviations), both blocked-pairwise.
#[inline]
fn lane_m2<T: AccFloat>(xs: &[T]) -> T::A {
    let mean = T::div_count(reduce::lane_sum(xs, |v: T| v.lift()), xs.len());
    reduce::lane_sum(xs, move |v: T| {
        let d = v.lift() - mean;
        d * d
    })
}

/// The variance (or its square root) over `axes`, in two passes: the means,
/// then the squared deviations from them, divided by `max(n - correction, 0)`
/// (NumPy's `ddof`: NaN for an empty reduction, inf past the count). When
/// each output reduces one contiguous lane, both passes run lane by lane
/// (the second reads the lane from cache); otherwise the means are one
/// reduction and the deviations another.
fn variance<T: AccFloat>(
    op: &str,
    x: &Array,
    axis: Option<&[usize]>,
    correction: f64,
    keepdims: bool,
    root: bool,
) -> Result<Array> {
    let axes = reduce::axes_or_all(x, axis);
    let n = reduce::count(x.shape(), &axes);
    let s = host::slice::<T>(op, x)?;
    let dims = x.shape().dims();
    let div: T::A = NumCast::from((n as f64 - correction).max(0.0)).unwrap_or_else(T::A::nan);
    let finish = |v: T::A| {
        let var = v / div;
        T::lower(if root { var.sqrt() } else { var })
    };
    let shape = x.shape().reduced(&axes, keepdims);
    let g = reduce::groups(dims, &axes);
    let lanes = n > 0 && !s.is_empty() && matches!(g.last(), Some(l) if l.reduced && g.len() <= 2);
    if lanes {
        let mut out = vec![T::default(); s.len() / n];
        if n >= PAR_MIN {
            // Few long lanes: each splits over the pool by itself.
            for (o, xs) in out.iter_mut().zip(s.chunks_exact(n)) {
                *o = finish(lane_m2(xs));
            }
        } else {
            crate::parallel::rows(s, n, &mut out, 1, |xs, o| {
                if let Some(o) = o.first_mut() {
                    *o = finish(lane_m2(xs));
                }
            });
        }
        return Ok(host::out_vec(shape, out));
    }
    let means: Vec<T::A> = reduce::reduce(s, dims, &axes, &SumOf)
        .into_iter()
        .map(|a| T::div_count(a, n))
        .collect();
    let m2 = reduce::reduce(s, dims, &axes, &Deviations { means: &means });
    let out: Vec<T> = m2.into_iter().map(finish).collect();
    Ok(host::out_vec(shape, out))
}

/// A cumulative sum (`product == false`) or product of `x` (already in the
/// output dtype `T`) along `axis`.
fn cumulative<T: Acc>(
    op: &str,
    x: &Array,
    axis: usize,
    exclusive: bool,
    reverse: bool,
    product: bool,
) -> Result<Array> {
    let s = host::slice::<T>(op, x)?;
    let split = reduce::around(op, x.shape(), axis)?;
    let out: Vec<T> = if product {
        reduce::scan(
            s,
            split,
            exclusive,
            reverse,
            T::acc_one(),
            |a, v: T| T::acc_mul(a, v.lift()),
            T::lower,
        )
    } else {
        reduce::scan(
            s,
            split,
            exclusive,
            reverse,
            // An exclusive scan shows its start: +0.0 there, and elsewhere the
            // identity that keeps a sum of -0.0 negative.
            if exclusive {
                T::acc_zero()
            } else {
                T::acc_signed_zero()
            },
            |a, v: T| T::acc_add(a, v.lift()),
            T::lower,
        )
    };
    Ok(host::out_vec(x.shape().clone(), out))
}

#[ivy::kernels]
impl StatisticalKernels for NdarrayBackend {
    fn logsumexp(&self, x: &Array, axis: Option<&[usize]>, keepdims: bool) -> Result<Array> {
        let mut axes = reduce::axes_or_all(x, axis);
        axes.sort_unstable();
        let out_shape = x.shape().reduced(&axes, keepdims);
        if rows::extents(x.shape(), &axes).is_some() {
            return floats!("logsumexp", x, T => rows::logsumexp::<T>("logsumexp", x, &axes, out_shape));
        }
        // Axes with others between them: laid out last, consecutively.
        let kept: Vec<usize> = (0..x.ndim()).filter(|a| !axes.contains(a)).collect();
        let perm: Vec<i64> = kept.iter().chain(&axes).map(|&a| a as i64).collect();
        let moved = ivy::permute_dims(x, perm)?;
        let last: Vec<usize> = (kept.len()..x.ndim()).collect();
        floats!("logsumexp", &moved, T => rows::logsumexp::<T>("logsumexp", &moved, &last, out_shape))
    }

    fn sum(
        &self,
        x: &Array,
        axis: Option<&[usize]>,
        dtype: Dtype,
        keepdims: bool,
    ) -> Result<Array> {
        let axes = reduce::axes_or_all(x, axis);
        let x = host::cast_to("sum", x, dtype)?;
        all!("sum", &x, T => reduction::<T, _>("sum", &x, &axes, keepdims, &SumOf))
    }

    fn prod(
        &self,
        x: &Array,
        axis: Option<&[usize]>,
        dtype: Dtype,
        keepdims: bool,
    ) -> Result<Array> {
        let axes = reduce::axes_or_all(x, axis);
        let x = host::cast_to("prod", x, dtype)?;
        all!("prod", &x, T => reduction::<T, _>("prod", &x, &axes, keepdims, &ProdOf))
    }

    fn mean(&self, x: &Array, axis: Option<&[usize]>, keepdims: bool) -> Result<Array> {
        let axes = reduce::axes_or_all(x, axis);
        let n = reduce::count(x.shape(), &axes);
        inexact!("mean", x, T => {
            let s = host::slice::<T>("mean", x)?;
            let sums = reduce::reduce(s, x.shape().dims(), &axes, &SumOf);
            let out: Vec<T> = sums.into_iter().map(|a| T::lower(T::div_count(a, n))).collect();
            Ok(host::out_vec(x.shape().reduced(&axes, keepdims), out))
        })
    }

    fn var(
        &self,
        x: &Array,
        axis: Option<&[usize]>,
        correction: f64,
        keepdims: bool,
    ) -> Result<Array> {
        floats!("var", x, T => variance::<T>("var", x, axis, correction, keepdims, false))
    }

    fn std(
        &self,
        x: &Array,
        axis: Option<&[usize]>,
        correction: f64,
        keepdims: bool,
    ) -> Result<Array> {
        floats!("std", x, T => variance::<T>("std", x, axis, correction, keepdims, true))
    }

    fn min(&self, x: &Array, axis: Option<&[usize]>, keepdims: bool) -> Result<Array> {
        ordered!("min", x, T => extremum::<T, _>("min", x, axis, keepdims, &MinOf))
    }

    fn max(&self, x: &Array, axis: Option<&[usize]>, keepdims: bool) -> Result<Array> {
        ordered!("max", x, T => extremum::<T, _>("max", x, axis, keepdims, &MaxOf))
    }

    fn cumsum(
        &self,
        x: &Array,
        axis: usize,
        exclusive: bool,
        reverse: bool,
        dtype: Dtype,
    ) -> Result<Array> {
        let x = host::cast_to("cumsum", x, dtype)?;
        all!("cumsum", &x, T => cumulative::<T>("cumsum", &x, axis, exclusive, reverse, false))
    }

    fn cumprod(
        &self,
        x: &Array,
        axis: usize,
        exclusive: bool,
        reverse: bool,
        dtype: Dtype,
    ) -> Result<Array> {
        let x = host::cast_to("cumprod", x, dtype)?;
        all!("cumprod", &x, T => cumulative::<T>("cumprod", &x, axis, exclusive, reverse, true))
    }
}

#[cfg(test)]
mod tests {
    use crate::reduce::testing::{arr, close, f64s};
    use ivy::opts::{Cumprod, Cumsum, Max, Mean, Min, Prod, Std, Sum, Var};
    use ivy::{Complex32, Complex64, Dtype, Error, Result, Scalar, bf16, f16};

    fn grid() -> ivy::Array {
        // [[1, 2, 3], [4, 5, 6]]
        arr(&[2, 3], vec![1i32, 2, 3, 4, 5, 6])
    }

    #[test]
    fn sum_over_axes_with_keepdims() -> Result<()> {
        let x = grid();
        assert_eq!(ivy::sum(&x)?.item()?, Scalar::Int(21));
        assert_eq!(
            ivy::sum_with(&x, Sum::new().axis(0))?.to_vec::<i32>()?,
            vec![5, 7, 9]
        );
        assert_eq!(
            ivy::sum_with(&x, Sum::new().axis(1))?.to_vec::<i32>()?,
            vec![6, 15]
        );
        let k = ivy::sum_with(&x, Sum::new().axis(-1).keepdims(true))?;
        assert_eq!(k, arr(&[2, 1], vec![6i32, 15]));
        let all = ivy::sum_with(&x, Sum::new().axis([0, 1]).keepdims(true))?;
        assert_eq!(all, arr(&[1, 1], vec![21i32]));
        // (2, 2, 2) over the outer and inner axes: [1+2+5+6, 3+4+7+8].
        let c = arr(&[2, 2, 2], (1..=8).collect::<Vec<i64>>());
        assert_eq!(
            ivy::sum_with(&c, Sum::new().axis([0, 2]))?.to_vec::<i64>()?,
            vec![14, 22]
        );
        assert_eq!(
            ivy::sum_with(&c, Sum::new().axis([0, 1]))?.to_vec::<i64>()?,
            vec![16, 20]
        );
        // No axes: the array itself.
        assert_eq!(ivy::sum_with(&c, Sum::new().axis(Vec::<i64>::new()))?, c);
        Ok(())
    }

    #[test]
    fn sum_dtypes_follow_the_accumulation_rule() -> Result<()> {
        let small = arr(&[2], vec![100i8, 100]);
        let s = ivy::sum(&small)?;
        assert_eq!(s.dtype(), Dtype::Int32);
        assert_eq!(s.item()?, Scalar::Int(200));
        // In the dtype asked for, integers wrap: 200 - 256.
        assert_eq!(
            ivy::sum_with(&small, Sum::new().dtype(Dtype::Int8))?.item()?,
            Scalar::Int(-56)
        );
        let u = arr(&[2], vec![200u8, 100]);
        assert_eq!(
            ivy::sum_with(&u, Sum::new().dtype(Dtype::UInt8))?.item()?,
            Scalar::Int(44)
        );
        let big = arr(&[2], vec![i64::MAX, 1]);
        assert_eq!(ivy::sum(&big)?.item()?, Scalar::Int(i64::MIN as i128));
        // bool counts, or ors in its own dtype.
        let b = arr(&[3], vec![true, false, true]);
        assert_eq!(ivy::sum(&b)?.item()?, Scalar::Int(2));
        assert!(ivy::sum(&b)?.dtype().is_int());
        assert_eq!(
            ivy::sum_with(&b, Sum::new().dtype(Dtype::Bool))?.item()?,
            Scalar::Bool(true)
        );
        // Floats into another dtype.
        let f = arr(&[3], vec![0.5f32, 0.25, 0.125]);
        let d = ivy::sum_with(&f, Sum::new().dtype(Dtype::Float64))?;
        assert_eq!(
            (d.dtype(), d.item()?),
            (Dtype::Float64, Scalar::Float(0.875))
        );
        Ok(())
    }

    #[test]
    fn sum_of_floats_complex_and_nan() -> Result<()> {
        let c = arr(
            &[2],
            vec![Complex64::new(1.0, 2.0), Complex64::new(-3.0, 0.5)],
        );
        assert_eq!(
            ivy::sum(&c)?.to_vec::<Complex64>()?,
            vec![Complex64::new(-2.0, 2.5)]
        );
        let c32 = arr(
            &[2, 1],
            vec![Complex32::new(1.0, 1.0), Complex32::new(1.0, -1.0)],
        );
        assert_eq!(
            ivy::sum_with(&c32, Sum::new().axis(0))?.to_vec::<Complex32>()?,
            vec![Complex32::new(2.0, 0.0)]
        );
        let n = arr(&[3], vec![1.0f64, f64::NAN, 2.0]);
        assert!(ivy::sum(&n)?.item()?.to_f64().is_nan());
        let inf = arr(&[2], vec![f32::INFINITY, f32::NEG_INFINITY]);
        assert!(ivy::sum(&inf)?.item()?.to_f64().is_nan());
        Ok(())
    }

    #[test]
    fn sums_keep_the_sign_of_zero() -> Result<()> {
        // NumPy (>= 1.25) sums from -0.0, so a sum of negative zeros stays
        // negative; an empty sum is +0.0.
        let bits = |a: &ivy::Array| {
            a.to_vec::<f64>()
                .map(|v| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>())
        };
        let neg = arr(&[10], vec![-0.0f64; 10]);
        assert_eq!(bits(&ivy::sum(&neg)?)?, vec![(-0.0f64).to_bits()]);
        assert_eq!(
            bits(&ivy::sum(&arr(&[1], vec![-0.0f64]))?)?,
            vec![(-0.0f64).to_bits()]
        );
        assert_eq!(bits(&ivy::mean(&neg)?)?, vec![(-0.0f64).to_bits()]);
        let col = ivy::sum_with(&arr(&[2, 1], vec![-0.0f64; 2]), Sum::new().axis(0))?;
        assert_eq!(bits(&col)?, vec![(-0.0f64).to_bits()]);
        assert_eq!(
            bits(&ivy::sum(&arr(&[0], Vec::<f64>::new()))?)?,
            vec![0.0f64.to_bits()]
        );
        assert_eq!(
            bits(&ivy::sum(&arr(&[2], vec![-0.0f64, 0.0]))?)?,
            vec![0.0f64.to_bits()]
        );
        let c = ivy::cumsum(&arr(&[2], vec![-0.0f64, -0.0]))?;
        assert_eq!(bits(&c)?, vec![(-0.0f64).to_bits(); 2]);
        let e = ivy::cumsum_with(
            &arr(&[2], vec![-0.0f64, -0.0]),
            Cumsum::new().exclusive(true),
        )?;
        // An exclusive scan starts from the +0.0 it shows first.
        assert_eq!(bits(&e)?, vec![0.0f64.to_bits(); 2]);
        Ok(())
    }

    #[test]
    fn half_sums_accumulate_in_f32() -> Result<()> {
        // In float16 arithmetic 2048 + 1 == 2048, so a running float16 sum of
        // 5000 ones would stop at 2048.
        let h = arr(&[5000], vec![f16::ONE; 5000]);
        let s = ivy::sum(&h)?;
        assert_eq!(s.dtype(), Dtype::Float16);
        assert_eq!(s.to_vec::<f16>()?, vec![f16::from_f32(5000.0)]);
        // Along a non-contiguous axis too (bfloat16 stops at 256).
        let b = arr(&[1000, 2], vec![bf16::ONE; 2000]);
        let s = ivy::sum_with(&b, Sum::new().axis(0))?;
        assert_eq!(s.to_vec::<bf16>()?, vec![bf16::from_f32(1000.0); 2]);
        Ok(())
    }

    #[test]
    fn float_sums_are_pairwise() -> Result<()> {
        // 2^24 then 1023 ones: a running f32 sum never moves from 2^24
        // (2^24 + 1 rounds back); the pairwise sum keeps almost all of them.
        let mut v = vec![16_777_216.0f32];
        v.extend(std::iter::repeat_n(1.0f32, 1023));
        let s = ivy::sum(&arr(&[1024], v))?.item()?.to_f64();
        assert!((s - 16_778_239.0).abs() <= 16.0, "{s}");
        Ok(())
    }

    #[test]
    fn empty_and_zero_d_sums_and_products() -> Result<()> {
        let e = arr(&[0, 3], Vec::<f32>::new());
        assert_eq!(ivy::sum(&e)?.item()?, Scalar::Float(0.0));
        assert_eq!(
            ivy::sum_with(&e, Sum::new().axis(0))?.to_vec::<f32>()?,
            vec![0.0; 3]
        );
        assert_eq!(ivy::sum_with(&e, Sum::new().axis(1))?.shape().dims(), &[0]);
        assert_eq!(ivy::prod(&e)?.item()?, Scalar::Float(1.0));
        assert_eq!(
            ivy::prod_with(&e, Prod::new().axis(0))?.to_vec::<f32>()?,
            vec![1.0; 3]
        );
        let z = ivy::Array::scalar(7i64);
        assert_eq!(ivy::sum(&z)?, ivy::Array::scalar(7i64));
        assert_eq!(ivy::prod(&z)?, ivy::Array::scalar(7i64));
        Ok(())
    }

    #[test]
    fn products() -> Result<()> {
        let x = arr(&[2, 2], vec![1i32, 2, 3, 4]);
        assert_eq!(ivy::prod(&x)?.item()?, Scalar::Int(24));
        assert_eq!(
            ivy::prod_with(&x, Prod::new().axis(0))?.to_vec::<i32>()?,
            vec![3, 8]
        );
        assert_eq!(
            ivy::prod_with(&x, Prod::new().axis(1).keepdims(true))?,
            arr(&[2, 1], vec![2i32, 12])
        );
        // 2^16 * 2^16 wraps to 0 in int32; 16 * 16 to 0 in int8.
        assert_eq!(
            ivy::prod(&arr(&[2], vec![65536i32, 65536]))?.item()?,
            Scalar::Int(0)
        );
        let i8s = arr(&[2], vec![16i8, 16]);
        assert_eq!(
            ivy::prod_with(&i8s, Prod::new().dtype(Dtype::Int8))?.item()?,
            Scalar::Int(0)
        );
        assert_eq!(ivy::prod(&i8s)?.item()?, Scalar::Int(256));
        // (1 + 2i)(3 - i) = 5 + 5i.
        let c = arr(
            &[2],
            vec![Complex64::new(1.0, 2.0), Complex64::new(3.0, -1.0)],
        );
        assert_eq!(
            ivy::prod(&c)?.to_vec::<Complex64>()?,
            vec![Complex64::new(5.0, 5.0)]
        );
        let b = arr(&[2], vec![true, false]);
        assert_eq!(
            ivy::prod_with(&b, Prod::new().dtype(Dtype::Bool))?.item()?,
            Scalar::Bool(false)
        );
        assert_eq!(ivy::prod(&b)?.item()?, Scalar::Int(0));
        let f = arr(&[3], vec![0.5f64, -4.0, f64::INFINITY]);
        assert_eq!(ivy::prod(&f)?.item()?, Scalar::Float(f64::NEG_INFINITY));
        let h = arr(&[2], vec![f16::from_f32(300.0), f16::from_f32(300.0)]);
        assert_eq!(ivy::prod(&h)?.to_vec::<f16>()?, vec![f16::INFINITY]);
        Ok(())
    }

    #[test]
    fn means() -> Result<()> {
        let x = arr(&[4], vec![1i32, 2, 3, 4]);
        let m = ivy::mean(&x)?;
        assert_eq!((m.dtype(), m.item()?), (Dtype::Float32, Scalar::Float(2.5)));
        let g = ivy::mean_with(&grid(), Mean::new().axis(1).keepdims(true))?;
        assert_eq!(g, arr(&[2, 1], vec![2.0f32, 5.0]));
        assert_eq!(
            ivy::mean_with(&grid(), Mean::new().axis(0))?.to_vec::<f32>()?,
            vec![2.5, 3.5, 4.5]
        );
        let c = arr(
            &[2],
            vec![Complex32::new(1.0, 1.0), Complex32::new(3.0, 3.0)],
        );
        assert_eq!(
            ivy::mean(&c)?.to_vec::<Complex32>()?,
            vec![Complex32::new(2.0, 2.0)]
        );
        // The float16 maximum twice: a float16 running sum would overflow.
        let h = arr(&[2], vec![f16::MAX, f16::MAX]);
        assert_eq!(ivy::mean(&h)?.to_vec::<f16>()?, vec![f16::MAX]);
        let e = arr(&[0], Vec::<f64>::new());
        assert!(ivy::mean(&e)?.item()?.to_f64().is_nan());
        let ec = arr(&[0], Vec::<Complex64>::new());
        assert!(ivy::mean(&ec)?.to_vec::<Complex64>()?[0].re.is_nan());
        let n = arr(&[2, 2], vec![1.0f64, f64::NAN, 2.0, 4.0]);
        let r = ivy::mean_with(&n, Mean::new().axis(1))?;
        assert!(close(&f64s(&r), &[f64::NAN, 3.0], 0.0));
        Ok(())
    }

    #[test]
    fn variances_and_deviations() -> Result<()> {
        let x = arr(&[4], vec![1.0f64, 2.0, 3.0, 4.0]);
        assert_eq!(ivy::var(&x)?.item()?, Scalar::Float(1.25));
        let s = ivy::var_with(&x, Var::new().correction(1.0))?
            .item()?
            .to_f64();
        assert!((s - 5.0 / 3.0).abs() < 1e-15);
        assert_eq!(
            ivy::std(&arr(&[2], vec![1.0f32, 3.0]))?.item()?,
            Scalar::Float(1.0)
        );
        // Columns [1, 3] and [2, 5]: variances 1 and 2.25.
        let g = arr(&[2, 2], vec![1.0f32, 2.0, 3.0, 5.0]);
        assert_eq!(
            ivy::var_with(&g, Var::new().axis(0).keepdims(true))?,
            arr(&[1, 2], vec![1.0f32, 2.25])
        );
        assert_eq!(
            ivy::std_with(&g, Std::new().axis(0))?.to_vec::<f32>()?,
            vec![1.0, 1.5]
        );
        // Integers become the default float dtype.
        let i = ivy::var(&arr(&[3], vec![1i64, 2, 3]))?;
        assert_eq!(i.dtype(), Dtype::Float32);
        assert!((i.item()?.to_f64() - 2.0 / 3.0).abs() < 1e-6);
        // Two passes keep a large offset from cancelling the variance.
        let off = arr(&[3], vec![1e9f64 + 1.0, 1e9 + 2.0, 1e9 + 3.0]);
        assert!((ivy::var(&off)?.item()?.to_f64() - 2.0 / 3.0).abs() < 1e-9);
        let h = ivy::var(&arr(&[2], vec![bf16::from_f32(1.0), bf16::from_f32(3.0)]))?;
        assert_eq!(h.to_vec::<bf16>()?, vec![bf16::ONE]);
        Ok(())
    }

    #[test]
    fn variance_edge_cases() -> Result<()> {
        let e = arr(&[0], Vec::<f32>::new());
        assert!(ivy::var(&e)?.item()?.to_f64().is_nan());
        assert!(ivy::std(&e)?.item()?.to_f64().is_nan());
        // n - correction <= 0: 0/0 is NaN, anything else / 0 is inf (NumPy).
        let one = arr(&[1], vec![5.0f64]);
        assert!(
            ivy::var_with(&one, Var::new().correction(1.0))?
                .item()?
                .to_f64()
                .is_nan()
        );
        let two = arr(&[2], vec![1.0f64, 2.0]);
        assert_eq!(
            ivy::var_with(&two, Var::new().correction(2.0))?.item()?,
            Scalar::Float(f64::INFINITY)
        );
        assert_eq!(
            ivy::var_with(&two, Var::new().correction(3.0))?.item()?,
            Scalar::Float(f64::INFINITY)
        );
        let n = arr(&[2], vec![1.0f64, f64::NAN]);
        assert!(ivy::std(&n)?.item()?.to_f64().is_nan());
        let z = ivy::Array::scalar(3.0f64);
        assert_eq!(ivy::var(&z)?, ivy::Array::scalar(0.0f64));
        assert!(ivy::var(&arr(&[1], vec![Complex64::new(1.0, 0.0)])).is_err());
        Ok(())
    }

    #[test]
    fn minima_and_maxima() -> Result<()> {
        let x = arr(&[2, 2], vec![1i32, 5, 3, 2]);
        assert_eq!(ivy::min(&x)?.item()?, Scalar::Int(1));
        assert_eq!(ivy::max(&x)?.item()?, Scalar::Int(5));
        assert_eq!(
            ivy::min_with(&x, Min::new().axis(0))?.to_vec::<i32>()?,
            vec![1, 2]
        );
        assert_eq!(
            ivy::max_with(&x, Max::new().axis(1).keepdims(true))?,
            arr(&[2, 1], vec![5i32, 3])
        );
        let u = arr(&[3], vec![u64::MAX, 0, 7]);
        assert_eq!(ivy::max(&u)?.item()?, Scalar::Int(u64::MAX as i128));
        assert_eq!(ivy::min(&u)?.item()?, Scalar::Int(0));
        let i = arr(&[2], vec![i64::MIN, i64::MAX]);
        assert_eq!(ivy::min(&i)?.item()?, Scalar::Int(i64::MIN as i128));
        let b = arr(&[3], vec![false, true, false]);
        assert_eq!(ivy::max(&b)?.item()?, Scalar::Bool(true));
        assert_eq!(ivy::min(&b)?.item()?, Scalar::Bool(false));
        let f = arr(
            &[2, 3],
            vec![-1.0f32, f32::NEG_INFINITY, 2.0, 0.5, f32::NAN, 0.25],
        );
        assert!(close(
            &f64s(&ivy::max_with(&f, Max::new().axis(1))?),
            &[2.0, f64::NAN],
            0.0
        ));
        assert!(close(
            &f64s(&ivy::min_with(&f, Min::new().axis(1))?),
            &[f64::NEG_INFINITY, f64::NAN],
            0.0
        ));
        assert!(close(
            &f64s(&ivy::min_with(&f, Min::new().axis(0))?),
            &[-1.0, f64::NAN, 0.25],
            0.0
        ));
        assert!(ivy::max(&f)?.item()?.to_f64().is_nan());
        let h = arr(
            &[3],
            vec![f16::from_f32(-2.0), f16::from_f32(1.5), f16::from_f32(0.0)],
        );
        assert_eq!(ivy::max(&h)?.to_vec::<f16>()?, vec![f16::from_f32(1.5)]);
        assert_eq!(ivy::min(&ivy::Array::scalar(4u8))?, ivy::Array::scalar(4u8));
        Ok(())
    }

    #[test]
    fn empty_extrema_are_errors() -> Result<()> {
        let e = arr(&[0, 3], Vec::<f64>::new());
        let err = ivy::max(&e).unwrap_err();
        assert!(
            matches!(&err, Error::Shape { op, shapes, .. } if op == "max" && shapes[0].dims() == [0, 3]),
            "{err}"
        );
        assert!(err.to_string().contains("(0, 3)"));
        assert!(ivy::min_with(&e, Min::new().axis(0)).is_err());
        // The kept axis is the empty one: an empty result, no error.
        assert_eq!(ivy::max_with(&e, Max::new().axis(1))?.shape().dims(), &[0]);
        assert!(ivy::max(&arr(&[2], vec![Complex32::new(0.0, 0.0); 2])).is_err());
        Ok(())
    }

    #[test]
    fn cumulative_sums() -> Result<()> {
        let x = arr(&[3], vec![1i32, 2, 3]);
        let c = |o: Cumsum| ivy::cumsum_with(&x, o).and_then(|a| a.to_vec::<i32>());
        assert_eq!(c(Cumsum::new())?, vec![1, 3, 6]);
        assert_eq!(c(Cumsum::new().exclusive(true))?, vec![0, 1, 3]);
        assert_eq!(c(Cumsum::new().reverse(true))?, vec![6, 5, 3]);
        assert_eq!(
            c(Cumsum::new().exclusive(true).reverse(true))?,
            vec![5, 3, 0]
        );
        let g = arr(&[2, 2], vec![1i64, 2, 3, 4]);
        assert_eq!(ivy::cumsum(&g)?, arr(&[2, 2], vec![1i64, 2, 4, 6]));
        assert_eq!(
            ivy::cumsum_with(&g, Cumsum::new().axis(1))?,
            arr(&[2, 2], vec![1i64, 3, 3, 7])
        );
        assert_eq!(
            ivy::cumsum_with(&g, Cumsum::new().axis(0).exclusive(true).reverse(true))?,
            arr(&[2, 2], vec![3i64, 4, 0, 0])
        );
        // Accumulation dtype: int8 -> default int, or int8 on request (wraps).
        let s = arr(&[2], vec![100i8, 100]);
        let d = ivy::cumsum(&s)?;
        assert_eq!(
            (d.dtype(), d.to_vec::<i32>()?),
            (Dtype::Int32, vec![100, 200])
        );
        assert_eq!(
            ivy::cumsum_with(&s, Cumsum::new().dtype(Dtype::Int8))?.to_vec::<i8>()?,
            vec![100, -56]
        );
        let b = arr(&[3], vec![true, true, false]);
        assert_eq!(f64s(&ivy::cumsum(&b)?), vec![1.0, 2.0, 2.0]);
        let f = arr(&[3], vec![1.0f64, f64::NAN, 1.0]);
        assert!(close(
            &f64s(&ivy::cumsum(&f)?),
            &[1.0, f64::NAN, f64::NAN],
            0.0
        ));
        let h = ivy::cumsum(&arr(&[3000], vec![f16::ONE; 3000]))?.to_vec::<f16>()?;
        assert_eq!(h.last(), Some(&f16::from_f32(3000.0)));
        let c = arr(
            &[2],
            vec![Complex64::new(1.0, 1.0), Complex64::new(0.0, 2.0)],
        );
        assert_eq!(
            ivy::cumsum(&c)?.to_vec::<Complex64>()?,
            vec![Complex64::new(1.0, 1.0), Complex64::new(1.0, 3.0)]
        );
        assert_eq!(
            ivy::cumsum(&arr(&[0], Vec::<f32>::new()))?.shape().dims(),
            &[0]
        );
        assert!(ivy::cumsum_with(&x, Cumsum::new().axis(1)).is_err());
        Ok(())
    }

    #[test]
    fn cumulative_products() -> Result<()> {
        let x = arr(&[3], vec![1i32, 2, 3]);
        let c = |o: Cumprod| ivy::cumprod_with(&x, o).and_then(|a| a.to_vec::<i32>());
        assert_eq!(c(Cumprod::new())?, vec![1, 2, 6]);
        assert_eq!(c(Cumprod::new().exclusive(true))?, vec![1, 1, 2]);
        assert_eq!(c(Cumprod::new().reverse(true))?, vec![6, 6, 3]);
        assert_eq!(
            c(Cumprod::new().reverse(true).exclusive(true))?,
            vec![6, 3, 1]
        );
        let g = arr(&[2, 3], vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0]);
        assert_eq!(
            ivy::cumprod_with(&g, Cumprod::new().axis(1))?.to_vec::<f32>()?,
            vec![1.0, 2.0, 6.0, 4.0, 20.0, 120.0]
        );
        assert_eq!(
            ivy::cumprod_with(&g, Cumprod::new().axis(0))?.to_vec::<f32>()?,
            vec![1.0, 2.0, 3.0, 4.0, 10.0, 18.0]
        );
        let u = arr(&[3], vec![16u8, 16, 3]);
        assert_eq!(
            ivy::cumprod_with(&u, Cumprod::new().dtype(Dtype::UInt8))?.to_vec::<u8>()?,
            vec![16, 0, 0]
        );
        let b = arr(&[3], vec![true, false, true]);
        assert_eq!(
            ivy::cumprod_with(&b, Cumprod::new().dtype(Dtype::Bool))?.to_vec::<bool>()?,
            vec![true, false, false]
        );
        let c = arr(
            &[2],
            vec![Complex32::new(0.0, 1.0), Complex32::new(0.0, 1.0)],
        );
        assert_eq!(
            ivy::cumprod(&c)?.to_vec::<Complex32>()?,
            vec![Complex32::new(0.0, 1.0), Complex32::new(-1.0, 0.0)]
        );
        Ok(())
    }
}
