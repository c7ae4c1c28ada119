//! Reduction machinery of the kernels: accumulation arithmetic per element
//! type ([`Acc`]), the order of the real elements ([`Real`]), a reduction over
//! any set of axes that walks the contiguous data in memory order
//! ([`reduce`]), scans along one axis ([`scan`]), and the split of a shape
//! around one axis ([`around`]).
//!
//! Nothing here copies the input: a reduction merges neighbouring axes that
//! are both reduced or both kept, then walks the buffer once, summing whole
//! contiguous lanes pairwise (as NumPy does) when the innermost axes are
//! reduced, and adding whole rows into a row of accumulators when they are
//! kept.

use ivy::{Array, Complex32, Complex64, Element, Error, Result, Shape, bf16, f16};
use std::fmt::Debug;

/// How an element type accumulates: in itself, except `float16` and
/// `bfloat16`, which accumulate in `f32` and round once at the end (NumPy's
/// half loops). Integers wrap; `bool` adds as `or` and multiplies as `and`.
pub trait Acc: Element {
    /// The accumulator.
    type A: Copy + Send + Sync + Debug + PartialEq + 'static;
    /// An element as an accumulator.
    fn lift(self) -> Self::A;
    /// An accumulator rounded back to the element type.
    fn lower(a: Self::A) -> Self;
    /// The identity of [`Acc::acc_add`] (`+0.0` for floats: the value of an
    /// empty sum).
    fn acc_zero() -> Self::A;
    /// The identity of [`Acc::acc_add`] that keeps the sign of zero: `-0.0`
    /// for floats (`-0.0 + x == x` for every `x`, so a sum of `-0.0` stays
    /// `-0.0`, as in NumPy), `acc_zero` otherwise.
    #[inline]
    fn acc_signed_zero() -> Self::A {
        Self::acc_zero()
    }
    /// The identity of [`Acc::acc_mul`].
    fn acc_one() -> Self::A;
    /// `a + b`.
    fn acc_add(a: Self::A, b: Self::A) -> Self::A;
    /// `a * b`.
    fn acc_mul(a: Self::A, b: Self::A) -> Self::A;
    /// The complex conjugate (the identity for real types).
    fn acc_conj(a: Self::A) -> Self::A;
}

macro_rules! int_acc {
    ($($t:ty),*) => {$(
        impl Acc for $t {
            type A = $t;
            #[inline] fn lift(self) -> $t { self }
            #[inline] fn lower(a: $t) -> $t { a }
            #[inline] fn acc_zero() -> $t { 0 }
            #[inline] fn acc_one() -> $t { 1 }
            #[inline] fn acc_add(a: $t, b: $t) -> $t { a.wrapping_add(b) }
            #[inline] fn acc_mul(a: $t, b: $t) -> $t { a.wrapping_mul(b) }
            #[inline] fn acc_conj(a: $t) -> $t { a }
        }
    )*};
}
int_acc!(i8, i16, i32, i64, u8, u16, u32, u64);

macro_rules! float_acc {
    ($($t:ty),*) => {$(
        impl Acc for $t {
            type A = $t;
            #[inline] fn lift(self) -> $t { self }
            #[inline] fn lower(a: $t) -> $t { a }
            #[inline] fn acc_zero() -> $t { 0.0 }
            #[inline] fn acc_signed_zero() -> $t { -0.0 }
            #[inline] fn acc_one() -> $t { 1.0 }
            #[inline] fn acc_add(a: $t, b: $t) -> $t { a + b }
            #[inline] fn acc_mul(a: $t, b: $t) -> $t { a * b }
            #[inline] fn acc_conj(a: $t) -> $t { a }
        }
    )*};
}
float_acc!(f32, f64);

macro_rules! half_acc {
    ($($t:ident),*) => {$(
        impl Acc for $t {
            type A = f32;
            #[inline] fn lift(self) -> f32 { self.to_f32() }
            #[inline] fn lower(a: f32) -> $t { $t::from_f32(a) }
            #[inline] fn acc_zero() -> f32 { 0.0 }
            #[inline] fn acc_signed_zero() -> f32 { -0.0 }
            #[inline] fn acc_one() -> f32 { 1.0 }
            #[inline] fn acc_add(a: f32, b: f32) -> f32 { a + b }
            #[inline] fn acc_mul(a: f32, b: f32) -> f32 { a * b }
            #[inline] fn acc_conj(a: f32) -> f32 { a }
        }
    )*};
}
half_acc!(f16, bf16);

macro_rules! complex_acc {
    ($($t:ident),*) => {$(
        impl Acc for $t {
            type A = $t;
            #[inline] fn lift(self) -> $t { self }
            #[inline] fn lower(a: $t) -> $t { a }
            #[inline] fn acc_zero() -> $t { $t::new(0.0, 0.0) }
            #[inline] fn acc_signed_zero() -> $t { $t::new(-0.0, -0.0) }
            #[inline] fn acc_one() -> $t { $t::new(1.0, 0.0) }
            #[inline] fn acc_add(a: $t, b: $t) -> $t { a + b }
            #[inline] fn acc_mul(a: $t, b: $t) -> $t { a * b }
            #[inline] fn acc_conj(a: $t) -> $t { a.conj() }
        }
    )*};
}
complex_acc!(Complex32, Complex64);

impl Acc for bool {
    type A = bool;
    #[inline]
    fn lift(self) -> bool {
        self
    }
    #[inline]
    fn lower(a: bool) -> bool {
        a
    }
    #[inline]
    fn acc_zero() -> bool {
        false
    }
    #[inline]
    fn acc_one() -> bool {
        true
    }
    #[inline]
    fn acc_add(a: bool, b: bool) -> bool {
        a | b
    }
    #[inline]
    fn acc_mul(a: bool, b: bool) -> bool {
        a & b
    }
    #[inline]
    fn acc_conj(a: bool) -> bool {
        a
    }
}

/// Division of an accumulator by a count (the inexact types: a mean).
pub trait AccDiv: Acc {
    /// `a / n`, a true division in the accumulator's type.
    fn div_count(a: Self::A, n: usize) -> Self::A;
}

macro_rules! acc_div {
    ($($t:ty => $f:ty),*) => {$(
        impl AccDiv for $t {
            #[inline]
            fn div_count(a: Self::A, n: usize) -> Self::A { a / (n as $f) }
        }
    )*};
}
acc_div!(f32 => f32, f64 => f64, f16 => f32, bf16 => f32, Complex32 => f32, Complex64 => f64);

/// The real floats, whose accumulator is a real float (variance).
pub trait AccFloat: AccDiv<A: num_traits::Float> {}

impl AccFloat for f32 {}
impl AccFloat for f64 {}
impl AccFloat for f16 {}
impl AccFloat for bf16 {}

/// The order of the real elements (integers, real floats, `bool`), with NaN
/// above every number as NumPy sorts it.
pub trait Real: Element + PartialOrd {
    /// An integer key with the order of sorting: numbers ascending, `-0.0`
    /// equal to `0.0`, every NaN equal and above every number.
    type Key: Ord + Copy + Send + Sync + 'static;
    /// Whether the value is NaN (never for integers and `bool`).
    fn nan(self) -> bool;
    /// The smallest value (the identity of a maximum).
    fn lowest() -> Self;
    /// The largest value (the identity of a minimum).
    fn highest() -> Self;
    /// The sort key of the value.
    fn key(self) -> Self::Key;
    /// A value of the key (`+0.0` for the key of both zeros, a quiet NaN for
    /// that of every NaN).
    fn from_key(k: Self::Key) -> Self;

    /// The larger of two values; NaN if either is (the first NaN wins).
    #[inline]
    fn max_nan(self, b: Self) -> Self {
        if self.nan() || !(b.nan() || b > self) {
            self
        } else {
            b
        }
    }

    /// The smaller of two values; NaN if either is (the first NaN wins).
    #[inline]
    fn min_nan(self, b: Self) -> Self {
        if self.nan() || !(b.nan() || b < self) {
            self
        } else {
            b
        }
    }
}

macro_rules! int_real {
    ($($t:ty),*) => {$(
        impl Real for $t {
            type Key = $t;
            #[inline] fn nan(self) -> bool { false }
            #[inline] fn lowest() -> $t { <$t>::MIN }
            #[inline] fn highest() -> $t { <$t>::MAX }
            #[inline] fn key(self) -> $t { self }
            #[inline] fn from_key(k: $t) -> $t { k }
        }
    )*};
}
int_real!(i8, i16, i32, i64, u8, u16, u32, u64);

// A float's bits as a signed integer order like the float when the magnitude
// bits of negative values are flipped; -0.0 is folded onto 0.0 and NaN onto
// the largest key.
macro_rules! float_real {
    ($($t:ident => $k:ty, $u:ty, $bits:expr;)*) => {$(
        impl Real for $t {
            type Key = $k;
            #[inline] fn nan(self) -> bool { self.is_nan() }
            #[inline] fn lowest() -> $t { $t::NEG_INFINITY }
            #[inline] fn highest() -> $t { $t::INFINITY }
            #[inline]
            fn key(self) -> $k {
                if self.is_nan() {
                    return <$k>::MAX;
                }
                let b = self.to_bits() as $k;
                let b = if b == <$k>::MIN { 0 } else { b };
                b ^ ((((b >> ($bits - 1)) as $u) >> 1) as $k)
            }
            #[inline]
            fn from_key(k: $k) -> $t {
                $t::from_bits((if k < 0 { k ^ <$k>::MAX } else { k }) as $u)
            }
        }
    )*};
}
float_real! {
    f32 => i32, u32, 32;
    f64 => i64, u64, 64;
    f16 => i16, u16, 16;
    bf16 => i16, u16, 16;
}

impl Real for bool {
    type Key = bool;
    #[inline]
    fn nan(self) -> bool {
        false
    }
    #[inline]
    fn lowest() -> bool {
        false
    }
    #[inline]
    fn highest() -> bool {
        true
    }
    #[inline]
    fn key(self) -> bool {
        self
    }
    #[inline]
    fn from_key(k: bool) -> bool {
        k
    }
}

/// One fold per output element of a reduction.
pub trait Reducer<T> {
    /// The running value of one output element.
    type A: Copy;
    /// The start of every output element.
    fn init(&self) -> Self::A;
    /// The value of an output element that folds no input (`init` unless
    /// they differ, as `+0.0` and `-0.0` do for a sum).
    #[inline]
    fn empty(&self) -> Self::A {
        self.init()
    }
    /// Fold the input element `v` into output element `i`, whose running
    /// value is `a`.
    fn step(&self, a: Self::A, v: T, i: usize) -> Self::A;
    /// Fold a whole contiguous lane into output element `i`.
    #[inline]
    fn lane(&self, a: Self::A, xs: &[T], i: usize) -> Self::A
    where
        T: Copy,
    {
        xs.iter().fold(a, |a, &v| self.step(a, v, i))
    }
}

/// A sum in the accumulator of `T`, pairwise over contiguous lanes.
#[derive(Clone, Copy, Debug, Default)]
pub struct SumOf;

impl<T: Acc> Reducer<T> for SumOf {
    type A = T::A;
    #[inline]
    fn init(&self) -> T::A {
        T::acc_signed_zero()
    }
    #[inline]
    fn empty(&self) -> T::A {
        T::acc_zero()
    }
    #[inline]
    fn step(&self, a: T::A, v: T, _: usize) -> T::A {
        T::acc_add(a, v.lift())
    }
    #[inline]
    fn lane(&self, a: T::A, xs: &[T], _: usize) -> T::A {
        T::acc_add(a, pairwise(xs, |v: T| v.lift()))
    }
}

/// A product in the accumulator of `T`.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProdOf;

impl<T: Acc> Reducer<T> for ProdOf {
    type A = T::A;
    #[inline]
    fn init(&self) -> T::A {
        T::acc_one()
    }
    #[inline]
    fn step(&self, a: T::A, v: T, _: usize) -> T::A {
        T::acc_mul(a, v.lift())
    }
}

/// Below this, a lane is summed in one pass of eight accumulators.
const PAIRWISE_BLOCK: usize = 128;

/// The sum of `f(x)` over `xs`, pairwise in blocks of 128 with eight
/// accumulators per block (NumPy's `pairwise_sum`): the rounding error grows
/// as `O(log n)` rather than `O(n)`, and the inner loop vectorises.
pub fn pairwise<T: Acc>(xs: &[T], f: impl Fn(T) -> T::A + Copy) -> T::A {
    if xs.len() < 8 {
        return xs
            .iter()
            .fold(T::acc_signed_zero(), |a, &v| T::acc_add(a, f(v)));
    }
    if xs.len() <= PAIRWISE_BLOCK {
        let mut r = [T::acc_signed_zero(); 8];
        let mut chunks = xs.chunks_exact(8);
        for c in &mut chunks {
            for (r, &v) in r.iter_mut().zip(c) {
                *r = T::acc_add(*r, f(v));
            }
        }
        let [r0, r1, r2, r3, r4, r5, r6, r7] = r;
        let s = T::acc_add(
            T::acc_add(T::acc_add(r0, r1), T::acc_add(r2, r3)),
            T::acc_add(T::acc_add(r4, r5), T::acc_add(r6, r7)),
        );
        return chunks
            .remainder()
            .iter()
            .fold(s, |a, &v| T::acc_add(a, f(v)));
    }
    let half = (xs.len() / 2) / 8 * 8;
    let (lo, hi) = xs.split_at(half);
    T::acc_add(pairwise(lo, f), pairwise(hi, f))
}

/// A run of neighbouring axes, all reduced or all kept, merged into one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Group {
    len: usize,
    reduced: bool,
}

/// The groups of `shape` with `axes` reduced; axes of length 1 are dropped
/// (they do not move the walk).
fn groups(shape: &[usize], axes: &[usize]) -> Vec<Group> {
    let mut out: Vec<Group> = Vec::with_capacity(shape.len());
    for (i, &len) in shape.iter().enumerate() {
        if len == 1 {
            continue;
        }
        let reduced = axes.contains(&i);
        match out.last_mut() {
            Some(g) if g.reduced == reduced => g.len *= len,
            _ => out.push(Group { len, reduced }),
        }
    }
    out
}

/// Reduce the row-major data `x` of shape `shape` over `axes` (sorted,
/// distinct, in range): one running value per element of the kept axes, in
/// row-major order. An empty reduction leaves every output at `r.init()`.
pub fn reduce<T: Copy, R: Reducer<T>>(
    x: &[T],
    shape: &[usize],
    axes: &[usize],
    r: &R,
) -> Vec<R::A> {
    let n_out: usize = shape
        .iter()
        .enumerate()
        .filter(|(i, _)| !axes.contains(i))
        .map(|(_, &d)| d)
        .product();
    if x.is_empty() || n_out == 0 {
        return vec![r.empty(); n_out];
    }
    let mut out = vec![r.init(); n_out];
    walk(x, &groups(shape, axes), &mut out, 0, r);
    out
}

fn walk<T: Copy, R: Reducer<T>>(x: &[T], g: &[Group], out: &mut [R::A], base: usize, r: &R) {
    match g {
        [] => {
            if let (Some(o), Some(&v)) = (out.first_mut(), x.first()) {
                *o = r.step(*o, v, base);
            }
        }
        [last] if last.reduced => {
            if let Some(o) = out.first_mut() {
                *o = r.lane(*o, x, base);
            }
        }
        [_] => {
            for (i, (o, &v)) in out.iter_mut().zip(x).enumerate() {
                *o = r.step(*o, v, base + i);
            }
        }
        [first, rest @ ..] => {
            let chunk = (x.len() / first.len).max(1);
            if first.reduced {
                for c in x.chunks_exact(chunk) {
                    walk(c, rest, out, base, r);
                }
            } else {
                let out_chunk = (out.len() / first.len).max(1);
                for (k, (c, o)) in x
                    .chunks_exact(chunk)
                    .zip(out.chunks_exact_mut(out_chunk))
                    .enumerate()
                {
                    walk(c, rest, o, base + k * out_chunk, r);
                }
            }
        }
    }
}

/// The axes a reduction runs over: the given ones, or all.
pub fn axes_or_all(x: &Array, axis: Option<&[usize]>) -> Vec<usize> {
    match axis {
        Some(a) => a.to_vec(),
        None => (0..x.ndim()).collect(),
    }
}

/// The number of elements each output element of a reduction over `axes`
/// folds.
pub fn count(shape: &Shape, axes: &[usize]) -> usize {
    axes.iter().filter_map(|&a| shape.get(a)).product()
}

/// The error of a reduction with no identity over an empty axis (`max`,
/// `argmin`, ...), if one of `axes` is empty.
pub fn check_nonempty(op: &str, shape: &Shape, axes: &[usize]) -> Result<()> {
    if axes.iter().any(|&a| shape.get(a) == Some(&0)) {
        return Err(Error::shape(
            op,
            format!(
                "cannot reduce an empty array (an axis of length 0) with {op}: it has no identity"
            ),
            vec![shape.clone()],
        ));
    }
    Ok(())
}

/// `shape` seen around `axis`: the number of lanes before it, its length,
/// and the number of elements after it (the stride of the axis).
pub fn around(op: &str, shape: &Shape, axis: usize) -> Result<(usize, usize, usize)> {
    let Some(&n) = shape.get(axis) else {
        return Err(Error::AxisOutOfBounds {
            op: op.to_string(),
            axis: axis as i64,
            ndim: shape.ndim(),
        });
    };
    let outer = shape.iter().take(axis).product();
    let inner = shape.iter().skip(axis + 1).product();
    Ok((outer, n, inner))
}

/// A cumulative fold along an axis of the row-major data `x` seen as
/// `(outer, n, inner)`: each output is the fold of the inputs before it
/// (`exclusive`) or up to it, counted from the end with `reverse`.
#[allow(clippy::too_many_arguments)]
pub fn scan<T: Copy, A: Copy, U: Copy + Default>(
    x: &[T],
    (outer, n, inner): (usize, usize, usize),
    exclusive: bool,
    reverse: bool,
    init: A,
    step: impl Fn(A, T) -> A,
    fin: impl Fn(A) -> U,
) -> Vec<U> {
    let mut out = vec![U::default(); x.len()];
    let lane = n * inner;
    if lane == 0 || outer == 0 {
        return out;
    }
    if inner == 1 {
        for (xs, os) in x.chunks_exact(lane).zip(out.chunks_exact_mut(lane)) {
            let mut acc = init;
            let mut one = |o: &mut U, &v: &T| {
                if exclusive {
                    *o = fin(acc);
                    acc = step(acc, v);
                } else {
                    acc = step(acc, v);
                    *o = fin(acc);
                }
            };
            if reverse {
                os.iter_mut()
                    .rev()
                    .zip(xs.iter().rev())
                    .for_each(|(o, v)| one(o, v));
            } else {
                os.iter_mut().zip(xs).for_each(|(o, v)| one(o, v));
            }
        }
        return out;
    }
    let mut acc = vec![init; inner];
    for (xs, os) in x.chunks_exact(lane).zip(out.chunks_exact_mut(lane)) {
        acc.iter_mut().for_each(|a| *a = init);
        let mut row = |o: &mut [U], v: &[T]| {
            for ((o, &v), a) in o.iter_mut().zip(v).zip(acc.iter_mut()) {
                if exclusive {
                    *o = fin(*a);
                    *a = step(*a, v);
                } else {
                    *a = step(*a, v);
                    *o = fin(*a);
                }
            }
        };
        if reverse {
            os.chunks_exact_mut(inner)
                .rev()
                .zip(xs.chunks_exact(inner).rev())
                .for_each(|(o, v)| row(o, v));
        } else {
            os.chunks_exact_mut(inner)
                .zip(xs.chunks_exact(inner))
                .for_each(|(o, v)| row(o, v));
        }
    }
    out
}

/// The row-major offsets of every element of `dims` with `strides` (the
/// odometer over a sub-grid of a buffer), in row-major order of `dims`.
pub fn offsets(dims: &[usize], strides: &[usize]) -> Vec<usize> {
    let total: usize = dims.iter().product();
    let mut out = Vec::with_capacity(total);
    if total == 0 {
        return out;
    }
    let mut idx = vec![0usize; dims.len()];
    let mut off = 0usize;
    for _ in 0..total {
        out.push(off);
        for d in (0..dims.len()).rev() {
            let (Some(i), Some(&len), Some(&s)) = (idx.get_mut(d), dims.get(d), strides.get(d))
            else {
                break;
            };
            *i += 1;
            off += s;
            if *i < len {
                break;
            }
            off -= s * len;
            *i = 0;
        }
    }
    out
}

/// Helpers of the unit tests of the kernels.
#[cfg(test)]
pub mod testing {
    use ivy::{Array, Element};

    /// An array of `shape` holding `v` in row-major order.
    pub fn arr<T: Element>(shape: &[usize], v: Vec<T>) -> Array {
        match Array::from_shape_vec(shape.to_vec(), v) {
            Ok(a) => a,
            Err(e) => panic!("bad test array: {e}"),
        }
    }

    /// The elements of `x` as `f64` (any real dtype), for comparisons.
    pub fn f64s(x: &Array) -> Vec<f64> {
        (0..x.size())
            .map(|i| x.get_flat(i).map(|s| s.to_f64()).unwrap_or(f64::NAN))
            .collect()
    }

    /// Whether `got` equals `want` elementwise within `tol`, NaN matching
    /// NaN and infinities matching exactly.
    pub fn close(got: &[f64], want: &[f64], tol: f64) -> bool {
        got.len() == want.len()
            && got.iter().zip(want).all(|(g, w)| {
                (g.is_nan() && w.is_nan()) || g == w || (g - w).abs() <= tol * w.abs().max(1.0)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_merge_neighbours_and_drop_unit_axes() {
        let g = |len, reduced| Group { len, reduced };
        assert_eq!(groups(&[2, 3, 4], &[1, 2]), vec![g(2, false), g(12, true)]);
        assert_eq!(
            groups(&[2, 1, 3, 4], &[0, 3]),
            vec![g(2, true), g(3, false), g(4, true)]
        );
        assert!(groups(&[1, 1], &[0]).is_empty());
    }

    #[test]
    fn reduce_walks_every_layout() {
        // x[i, j, k] = 100 i + 10 j + k over (2, 3, 4).
        let x: Vec<i64> = (0..2)
            .flat_map(|i| (0..3).flat_map(move |j| (0..4).map(move |k| 100 * i + 10 * j + k)))
            .collect();
        let s = |axes: &[usize]| reduce(&x, &[2, 3, 4], axes, &SumOf);
        assert_eq!(s(&[0, 1, 2]), vec![1476]);
        assert_eq!(s(&[2]), vec![6, 46, 86, 406, 446, 486]);
        assert_eq!(
            s(&[0]),
            vec![100, 102, 104, 106, 120, 122, 124, 126, 140, 142, 144, 146]
        );
        assert_eq!(s(&[1]), vec![30, 33, 36, 39, 330, 333, 336, 339]);
        assert_eq!(s(&[0, 2]), vec![412, 492, 572]);
        assert_eq!(s(&[]), x);
        assert_eq!(reduce(&[] as &[i64], &[0, 3], &[0], &SumOf), vec![0, 0, 0]);
    }

    #[test]
    fn pairwise_matches_a_plain_sum_on_integers() {
        for n in [0usize, 1, 7, 8, 9, 127, 128, 129, 1000] {
            let x: Vec<i64> = (0..n as i64).collect();
            assert_eq!(pairwise(&x, |v: i64| v), (0..n as i64).sum::<i64>());
        }
    }

    #[test]
    fn scans_run_both_ways() {
        let x = [1, 2, 3, 4, 5, 6];
        let add = |a: i32, v: i32| a + v;
        let id = |a: i32| a;
        assert_eq!(
            scan(&x, (1, 6, 1), false, false, 0, add, id),
            vec![1, 3, 6, 10, 15, 21]
        );
        assert_eq!(
            scan(&x, (1, 6, 1), true, true, 0, add, id),
            vec![20, 18, 15, 11, 6, 0]
        );
        assert_eq!(
            scan(&x, (1, 3, 2), false, false, 0, add, id),
            vec![1, 2, 4, 6, 9, 12]
        );
        assert_eq!(
            scan(&x, (1, 3, 2), true, true, 0, add, id),
            vec![8, 10, 5, 6, 0, 0]
        );
    }

    #[test]
    fn offsets_count_like_an_odometer() {
        assert_eq!(offsets(&[2, 3], &[10, 1]), vec![0, 1, 2, 10, 11, 12]);
        assert_eq!(offsets(&[], &[]), vec![0]);
        assert!(offsets(&[0, 3], &[3, 1]).is_empty());
    }

    #[test]
    fn real_order_puts_nan_last() {
        let mut v = [2.0f64, f64::NAN, -1.0, f64::NEG_INFINITY];
        v.sort_by_key(|x| x.key());
        assert_eq!(&v[..3], &[f64::NEG_INFINITY, -1.0, 2.0]);
        assert!(v[3].is_nan());
        assert!(1.0f32.max_nan(f32::NAN).is_nan());
        assert!(f32::NAN.min_nan(1.0).is_nan());
        assert_eq!(3i8.max_nan(-4), 3);
        assert!(!true.min_nan(false));
        // Keys order like the numbers, across every binade and sign.
        let xs = [
            f32::NEG_INFINITY,
            -1e30,
            -1.5,
            -1e-40,
            -0.0,
            0.0,
            1e-40,
            2.0,
            f32::MAX,
            f32::INFINITY,
        ];
        for w in xs.windows(2) {
            assert!(w[0].key() <= w[1].key(), "{w:?}");
            assert_eq!(w[0].key() == w[1].key(), w[0] == w[1], "{w:?}");
        }
        assert!(f32::INFINITY.key() < f32::NAN.key());
        assert_eq!((-f32::NAN).key(), f32::NAN.key());
        let hs = [
            f16::NEG_INFINITY,
            f16::from_f32(-2.0),
            f16::from_f32(-0.0),
            f16::ZERO,
            f16::MIN_POSITIVE,
            f16::INFINITY,
            f16::NAN,
        ];
        assert!(hs.windows(2).all(|w| w[0].key() <= w[1].key()));
        assert_eq!(f16::from_f32(-0.0).key(), f16::ZERO.key());
        for x in xs.into_iter().filter(|x| *x != 0.0) {
            assert_eq!(f32::from_key(x.key()).to_bits(), x.to_bits());
        }
        assert_eq!(f32::from_key((-0.0f32).key()).to_bits(), 0);
        assert!(f64::from_key(f64::NAN.key()).is_nan());
        assert_eq!(
            bf16::from_key(bf16::from_f32(-3.5).key()),
            bf16::from_f32(-3.5)
        );
        assert!((-1.0f64).key() < (-0.5f64).key() && (-0.5f64).key() < 0.25f64.key());
    }
}
