//! Reduction machinery of the kernels: accumulation arithmetic per element
//! type ([`Acc`]), the order of the real elements ([`Real`]), a reduction over
//! any set of axes that walks the contiguous data in memory order
//! ([`reduce`]), scans along one axis ([`scan`]), and the split of a shape
//! around one axis ([`around`]).
//!
//! Nothing here copies the input: a reduction merges neighbouring axes that
//! are both reduced or both kept, then walks the buffer once, summing whole
//! contiguous lanes blocked-pairwise (blocks of [`BLOCK`] elements in many
//! independent running sums, blocks joined along a fixed binary tree) when
//! the innermost axes are reduced, and adding blocks of rows into rows of
//! running values, joined along the same tree, when they are kept. Large
//! reductions split over threads along those blocks and rows
//! ([`crate::parallel`]); the tree does not depend on the split, so the
//! result is the same for any number of threads.

use crate::parallel::{PAR_MIN, tree};
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
///
/// A reduction folds the elements of each output in a fixed order of
/// blocks: [`Reducer::block`] folds one contiguous block (at most
/// [`BLOCK`] elements) from [`Reducer::init`], [`Reducer::step`] folds one
/// element, and [`Reducer::combine`] joins the running values of two
/// neighbouring parts (the left one first), along the fixed tree of
/// [`crate::parallel::Tree`]. Which parts run on which thread never changes
/// the result.
pub trait Reducer<T>: Sync {
    /// The running value of one output element.
    type A: Copy + Send + Sync;
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
    /// The running values of two neighbouring parts joined, `a` first.
    fn combine(&self, a: Self::A, b: Self::A) -> Self::A;
    /// Fold a contiguous block of at most [`BLOCK`] inputs of output `i`,
    /// from `init`.
    #[inline]
    fn block(&self, xs: &[T], i: usize) -> Self::A
    where
        T: Copy,
    {
        xs.iter().fold(self.init(), |a, &v| self.step(a, v, i))
    }
}

/// A sum in the accumulator of `T`, blocked-pairwise over contiguous lanes.
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
    fn combine(&self, a: T::A, b: T::A) -> T::A {
        T::acc_add(a, b)
    }
    #[inline]
    fn block(&self, xs: &[T], _: usize) -> T::A {
        block_sum::<T>(xs, |v: T| v.lift())
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
    /// A partial product that is exactly one (the identity a block starts
    /// from, or the caller's fresh output) leaves the other as it is: for
    /// complex numbers `(1 + 0i) * z` is not `z` when a part of `z` is
    /// infinite or NaN (`0 * inf`), so multiplying the partial products of
    /// the blocks together would otherwise turn `(-inf, NaN)` into
    /// `(NaN, NaN)`, unlike the one running product of a single block.
    #[inline]
    fn combine(&self, a: T::A, b: T::A) -> T::A {
        let one = T::acc_one();
        if a == one {
            b
        } else if b == one {
            a
        } else {
            T::acc_mul(a, b)
        }
    }
}

/// The elements of one block of a contiguous lane.
pub const BLOCK: usize = 1024;

/// The sum of `f(x)` over a block of `xs` (any length; at most [`BLOCK`]
/// where accuracy matters): `W` independent running sums, one every `W`
/// elements, joined pairwise, then the leftover elements in order. The
/// independent sums let the loop run on SIMD registers (LLVM does not
/// reorder a float sum by itself); `W` is 64 for accumulators of up to 4
/// bytes and 32 above, which measured at the memory-bound speed of a plain
/// loop on 1M `f32` and `f64`.
#[inline]
pub fn block_sum<T: Acc>(xs: &[T], f: impl Fn(T) -> T::A) -> T::A {
    if std::mem::size_of::<T::A>() <= 4 {
        block_sum_w::<T, 64>(xs, f)
    } else {
        block_sum_w::<T, 32>(xs, f)
    }
}

#[inline(always)]
fn block_sum_w<T: Acc, const W: usize>(xs: &[T], f: impl Fn(T) -> T::A) -> T::A {
    let mut chunks = xs.chunks_exact(W);
    let mut s = T::acc_signed_zero();
    if xs.len() >= W {
        let mut r = [T::acc_signed_zero(); W];
        for c in &mut chunks {
            for (r, &v) in r.iter_mut().zip(c) {
                *r = T::acc_add(*r, f(v));
            }
        }
        let mut w = W;
        while w > 1 {
            w /= 2;
            let (lo, hi) = r.split_at_mut(w);
            for (a, &b) in lo.iter_mut().zip(hi.iter()) {
                *a = T::acc_add(*a, b);
            }
        }
        s = r[0];
    }
    chunks
        .remainder()
        .iter()
        .fold(s, |a, &v| T::acc_add(a, f(v)))
}

/// The sum of `f(x)` over a whole contiguous lane: blocks of [`BLOCK`]
/// elements ([`block_sum`]) joined along the fixed tree, on the pool when
/// the lane is long. Rounding errors grow as `O(log n)`.
pub fn lane_sum<T: Acc>(xs: &[T], f: impl Fn(T) -> T::A + Sync + Copy) -> T::A {
    struct Map<F>(F);
    impl<T: Acc, F: Fn(T) -> T::A + Sync> Reducer<T> for Map<F> {
        type A = T::A;
        #[inline]
        fn init(&self) -> T::A {
            T::acc_signed_zero()
        }
        #[inline]
        fn step(&self, a: T::A, v: T, _: usize) -> T::A {
            T::acc_add(a, (self.0)(v))
        }
        #[inline]
        fn combine(&self, a: T::A, b: T::A) -> T::A {
            T::acc_add(a, b)
        }
        #[inline]
        fn block(&self, xs: &[T], _: usize) -> T::A {
            block_sum::<T>(xs, &self.0)
        }
    }
    lane(xs, 0, &Map(f), xs.len() >= PAR_MIN)
}

/// The fold of a whole contiguous lane of output `i`: blocks joined along
/// the fixed tree; with `par`, runs of blocks go to the pool as tasks (whole
/// subtrees, so the result is the same).
fn lane<T: Copy + Sync, R: Reducer<T>>(xs: &[T], i: usize, r: &R, par: bool) -> R::A {
    let merge = |a, b| r.combine(a, b);
    let serial = |xs: &[T]| {
        if xs.len() <= BLOCK {
            return r.block(xs, i);
        }
        tree(xs.chunks(BLOCK).map(|b| r.block(b, i)), merge).unwrap_or_else(|| r.init())
    };
    if !par || xs.len() <= TASK_BLOCKS * BLOCK {
        return serial(xs);
    }
    let parts = ivy::parallel::map_chunks(xs.len(), TASK_BLOCKS * BLOCK, |c| {
        xs.get(c).map_or_else(|| r.init(), serial)
    });
    tree(parts, merge).unwrap_or_else(|| r.init())
}

/// Blocks of a lane in one parallel task (a power of two, so a task is a
/// whole subtree of the lane's tree).
const TASK_BLOCKS: usize = 32;

/// A run of neighbouring axes, all reduced or all kept, merged into one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    /// The number of elements of the run.
    pub len: usize,
    /// Whether the run is reduced.
    pub reduced: bool,
}

/// The groups of `shape` with `axes` reduced; axes of length 1 are dropped
/// (they do not move the walk).
pub fn groups(shape: &[usize], axes: &[usize]) -> Vec<Group> {
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
/// row-major order. An empty reduction leaves every output at `r.empty()`.
///
/// The walk reads the buffer in memory order: a reduced innermost run is a
/// contiguous lane ([`BLOCK`]s along the fixed tree), a reduced outer run
/// adds whole rows into a row of running values (blocks of rows along the
/// fixed tree). From [`PAR_MIN`] elements on, kept outer runs, long lanes,
/// column strips or runs of row blocks go to the pool; the result does not
/// depend on how many threads run them.
pub fn reduce<T: Copy + Sync, R: Reducer<T>>(
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
    let g = groups(shape, axes);
    walk(x, &g, &mut out, 0, r, x.len() >= PAR_MIN);
    out
}

fn walk<T: Copy + Sync, R: Reducer<T>>(
    x: &[T],
    g: &[Group],
    out: &mut [R::A],
    base: usize,
    r: &R,
    par: bool,
) {
    match g {
        [] => {
            if let (Some(o), Some(&v)) = (out.first_mut(), x.first()) {
                *o = r.step(*o, v, base);
            }
        }
        [last] if last.reduced => {
            if let Some(o) = out.first_mut() {
                *o = r.combine(*o, lane(x, base, r, par));
            }
        }
        [_] => {
            for (i, (o, &v)) in out.iter_mut().zip(x).enumerate() {
                *o = r.step(*o, v, base + i);
            }
        }
        [first, rest @ ..] if first.reduced => row_blocks(x, first.len, rest, out, base, r, par),
        [first, rest @ ..] => {
            let m = (x.len() / first.len).max(1);
            let out_m = (out.len() / first.len).max(1);
            if par && m < PAR_MIN {
                // Many small independent problems: chunks of them.
                let k = crate::parallel::per_task(m);
                ivy::parallel::fill_chunks(out, k * out_m, |offset, part| {
                    let first = offset / out_m;
                    for (j, o) in part.chunks_mut(out_m).enumerate() {
                        let at = (first + j) * m;
                        if let Some(xs) = x.get(at..at + m) {
                            walk(xs, rest, o, base + offset + j * out_m, r, false);
                        }
                    }
                });
            } else {
                for (k, (c, o)) in x.chunks_exact(m).zip(out.chunks_mut(out_m)).enumerate() {
                    walk(c, rest, o, base + k * out_m, r, par);
                }
            }
        }
    }
}

/// Rows folded into one row of running values per block.
#[inline]
fn rows_per_block(row: usize) -> usize {
    (BLOCK / row.max(1)).clamp(8, 128)
}

/// A reduced outer run of `n` rows (each the rest of the groups) folded
/// into `out`: blocks of rows each folded in order into a fresh row of
/// running values, the blocks joined along the fixed tree. In parallel:
/// strips of columns (when the rest is one kept run), else runs of blocks.
fn row_blocks<T: Copy + Sync, R: Reducer<T>>(
    x: &[T],
    n: usize,
    rest: &[Group],
    out: &mut [R::A],
    base: usize,
    r: &R,
    par: bool,
) {
    let m = (x.len() / n.max(1)).max(1);
    let per = rows_per_block(m);
    let merge = |mut a: Vec<R::A>, b: Vec<R::A>| {
        for (a, b) in a.iter_mut().zip(b) {
            *a = r.combine(*a, b);
        }
        a
    };
    // The rows `first..first + count` of the columns `cols` (all of them
    // unless the rest is one kept run), as one row of running values.
    let full = out.len();
    let fold = |first: usize, count: usize, lo: usize, width: usize| -> Vec<R::A> {
        let mut t = crate::parallel::Tree::new();
        let mut b = first;
        while b < first + count {
            let e = (b + per).min(first + count);
            let mut acc = vec![r.init(); width];
            for row in b..e {
                let at = row * m;
                if width == full {
                    if let Some(xs) = x.get(at..at + m) {
                        walk(xs, rest, &mut acc, base, r, false);
                    }
                } else if let Some(xs) = x.get(at + lo..at + lo + width) {
                    for (k, (o, &v)) in acc.iter_mut().zip(xs).enumerate() {
                        *o = r.step(*o, v, base + lo + k);
                    }
                }
            }
            t.push(acc, &merge);
            b = e;
        }
        t.finish(&merge).unwrap_or_else(|| vec![r.init(); width])
    };
    let width = full;
    let total = if !par {
        fold(0, n, 0, width)
    } else if matches!(rest, [k] if !k.reduced) && width >= 2 * STRIP {
        // Strips of columns: each column's arithmetic is the same as in
        // one pass over all of them.
        ivy::parallel::fill_chunks(out, STRIP, |lo, part| {
            let t = fold(0, n, lo, part.len());
            for (o, v) in part.iter_mut().zip(t) {
                *o = r.combine(*o, v);
            }
        });
        return;
    } else {
        // Runs of blocks (a power of two of them: whole subtrees).
        let blocks = n.div_ceil(per);
        let mut k = 1;
        while k * per * m < crate::parallel::TASK && k < blocks {
            k *= 2;
        }
        let parts = ivy::parallel::map_chunks(blocks, k, |c| {
            let first = c.start * per;
            let count = (c.end * per).min(n) - first;
            fold(first, count, 0, width)
        });
        tree(parts, merge).unwrap_or_else(|| vec![r.init(); width])
    };
    for (o, v) in out.iter_mut().zip(total) {
        *o = r.combine(*o, v);
    }
}

/// Columns of one strip of a parallel column reduction.
const STRIP: usize = 256;

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
/// (`exclusive`) or up to it, counted from the end with `reverse`. The
/// `outer` blocks are independent: large arrays share them out over the
/// pool (each block's arithmetic is the same).
#[allow(clippy::too_many_arguments)]
pub fn scan<T: Copy + Sync, A: Copy + Sync, U: Copy + Default + Send>(
    x: &[T],
    (outer, n, inner): (usize, usize, usize),
    exclusive: bool,
    reverse: bool,
    init: A,
    step: impl Fn(A, T) -> A + Sync,
    fin: impl Fn(A) -> U + Sync,
) -> Vec<U> {
    let mut out = vec![U::default(); x.len()];
    let lane = n * inner;
    if lane == 0 || outer == 0 {
        return out;
    }
    let one = |acc: &mut A, o: &mut U, v: T| {
        if exclusive {
            *o = fin(*acc);
            *acc = step(*acc, v);
        } else {
            *acc = step(*acc, v);
            *o = fin(*acc);
        }
    };
    let block = |xs: &[T], os: &mut [U]| {
        if inner == 1 {
            let mut acc = init;
            if reverse {
                os.iter_mut()
                    .rev()
                    .zip(xs.iter().rev())
                    .for_each(|(o, &v)| one(&mut acc, o, v));
            } else {
                os.iter_mut()
                    .zip(xs)
                    .for_each(|(o, &v)| one(&mut acc, o, v));
            }
            return;
        }
        let mut acc = vec![init; inner];
        let mut row = |o: &mut [U], v: &[T]| {
            for ((o, &v), a) in o.iter_mut().zip(v).zip(acc.iter_mut()) {
                one(a, o, v);
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
    };
    crate::parallel::rows(x, lane, &mut out, lane, block);
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

    /// A product down the columns of complex numbers with infinite parts
    /// equals the one running product from one (`(1 + 0i) * z` is not `z`
    /// there, so an extra multiplication by the identity would change it):
    /// the conformance case `prod([[1, ...], [-inf, ...]], axis=0)`.
    #[test]
    fn complex_column_products_match_the_running_product() {
        use num_complex::Complex32 as C;
        let row0 = [
            C::new(0.0, 0.0),
            C::new(-0.0, 0.0),
            C::new(1.0, 0.0),
            C::new(-1.0, 0.0),
        ];
        let row1 = [
            C::new(2.5, 0.0),
            C::new(f32::INFINITY, 0.0),
            C::new(f32::NEG_INFINITY, 0.0),
            C::new(f32::NAN, 0.0),
        ];
        let x: Vec<C> = row0.iter().chain(&row1).copied().collect();
        let got = reduce(&x, &[2, 4], &[0], &ProdOf);
        for (j, g) in got.iter().enumerate() {
            let want = C::new(1.0, 0.0) * row0[j] * row1[j];
            let same = |a: f32, b: f32| a == b || (a.is_nan() && b.is_nan());
            assert!(
                same(g.re, want.re) && same(g.im, want.im),
                "column {j}: {g} != {want}"
            );
        }
        assert!(got[2].re == f32::NEG_INFINITY && got[2].im.is_nan());
    }

    #[test]
    fn lane_sums_match_a_plain_sum_on_integers() {
        for n in [
            0usize,
            1,
            7,
            8,
            9,
            63,
            64,
            65,
            1023,
            1024,
            1025,
            5000,
            PAR_MIN + 77,
        ] {
            let x: Vec<i64> = (0..n as i64).collect();
            assert_eq!(lane_sum(&x, |v: i64| v), (0..n as i64).sum::<i64>());
        }
    }

    /// Every path of the walk (lanes, rows of blocks, strips of columns,
    /// outer runs), small and above the parallel threshold, against a naive
    /// sum per output, on integers (exact, so any order must agree).
    #[test]
    fn reductions_of_every_layout_and_size_are_exact_on_integers() -> Result<()> {
        let shapes: [&[usize]; 6] = [
            &[600, 700],
            &[3, 70_000],
            &[70_000, 3],
            &[40, 50, 90],
            &[2, 300, 2, 300],
            &[5, 7],
        ];
        for shape in shapes {
            let n: usize = shape.iter().product();
            let x: Vec<i64> = (0..n as i64).map(|i| (i * 7919) % 1001 - 500).collect();
            let nd = shape.len();
            for mask in 1u32..(1 << nd) {
                let axes: Vec<usize> = (0..nd).filter(|a| mask & (1 << a) != 0).collect();
                // The naive answer: each element added to its output.
                let kept: Vec<usize> = (0..nd).filter(|a| !axes.contains(a)).collect();
                let n_out: usize = kept.iter().map(|&a| shape[a]).product();
                let mut want = vec![0i64; n_out];
                for (f, &v) in x.iter().enumerate() {
                    let mut rem = f;
                    let mut idx = vec![0usize; nd];
                    for a in (0..nd).rev() {
                        idx[a] = rem % shape[a];
                        rem /= shape[a];
                    }
                    let o = kept.iter().fold(0, |o, &a| o * shape[a] + idx[a]);
                    want[o] += v;
                }
                for threads in [1, 3] {
                    let got = ivy::with_num_threads(threads, || reduce(&x, shape, &axes, &SumOf))?;
                    assert_eq!(got, want, "{shape:?} over {axes:?}, {threads} threads");
                }
            }
        }
        Ok(())
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
