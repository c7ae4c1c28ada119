//! The matrix product engine: one product or a batch of them into a
//! row-major buffer, split over the cores. `matmul` (and through it
//! `tensordot`, `einsum`, `vecdot`, `linear`, the convolutions and their
//! gradients) runs on it.
//!
//! - `float32`, `float64`, `complex64`, `complex128`: faer's matrix product,
//!   cache-blocked, with SIMD kernels chosen when the program runs (AVX-512,
//!   AVX2 with FMA, NEON, or portable code) and unrolled kernels for tiny
//!   products. Operands are read where they lie, in row- or column-major
//!   order (a transposed operand is not copied), and conjugated on the fly.
//! - the integers: a loop that wraps, as the dtype does.
//! - products of at most 16 multiply-adds (a short dot product, the tiny
//!   matrices of a batch), any dtype: a plain loop, cheaper than a call.
//!
//! (`float16` and `bfloat16` are widened to `float32` by the caller, and
//! each result rounded once.)
//!
//! Threads: a product of at least [`PARALLEL_WORK`] multiply-adds splits
//! over [`ivy::parallel::threads_here`] threads. A large float32
//! matrix-matrix product on x86-64 is one faer product on faer's threads (rayon's pool,
//! at most that many of them), which split the output and share the packed
//! operands (see [`shares_packing`]); any other is cut into tiles of its
//! output (column panels, and row blocks when the panels are few), from its
//! shape alone, and the tiles run on the threads of [`ivy::parallel`], each
//! a single-threaded faer product. Either way every element is the same
//! sum in the same order whatever the thread count. Smaller products of a
//! batch are spread over ivy's threads a fixed number of products at a
//! time. So results are bit-identical for any thread count (a test checks
//! 1 to 4 threads).

use crate::reduce::Acc;
use faer::linalg::matmul::matmul;
use faer::{Accum, MatMut, MatRef, Par};
use ivy::{Complex32, Complex64};
use std::sync::Mutex;

/// Multiply-adds from which one product runs on several threads. Below it,
/// the cost of waking the threads outweighs the gain (measured on a
/// 2-core AVX-512 machine: a 64 x 64 x 64 product takes about 5 us alone).
pub(crate) const PARALLEL_WORK: usize = 1 << 18;

/// Multiply-adds per chunk of a batch of small products spread over the
/// threads.
const BATCH_WORK: usize = 1 << 16;

/// Multiply-adds up to which a product is summed by a plain loop, cheaper
/// than a call into faer there (a dot product of a few elements, the tiny
/// products of a batch).
const TINY_WORK: usize = 16;

/// Output rows per chunk of an integer product split over the threads.
const INT_ROWS: usize = 16;

/// One operand of a product: a contiguous `rows x cols` matrix stored in
/// row-major order, or in column-major order (a transposed row-major
/// matrix), conjugated when `conj` is set (complex dtypes).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Operand<'a, T> {
    pub data: &'a [T],
    pub rows: usize,
    pub cols: usize,
    pub col_major: bool,
    pub conj: bool,
}

impl<T: Copy> Operand<'_, T> {
    /// Element `(i, j)` (within the bounds, which the caller ensures).
    #[inline]
    fn at(&self, i: usize, j: usize) -> Option<T> {
        let idx = if self.col_major {
            j * self.rows + i
        } else {
            i * self.cols + j
        };
        self.data.get(idx).copied()
    }

    /// Whether the data holds exactly the matrix.
    fn is_whole(&self) -> bool {
        self.rows.checked_mul(self.cols) == Some(self.data.len())
    }
}

/// A dtype with a matrix product.
pub(crate) trait Gemm: Acc + Send + Sync {
    /// `c = a · b`, `c` row-major of `a.rows x b.cols` elements, with
    /// `a.cols == b.rows`; on the threads of [`ivy::parallel`] when
    /// `parallel`, else here.
    fn gemm(c: &mut [Self], a: Operand<'_, Self>, b: Operand<'_, Self>, parallel: bool);
}

macro_rules! faer_gemm {
    ($($t:ty),*) => {$(
        impl Gemm for $t {
            fn gemm(c: &mut [$t], a: Operand<'_, $t>, b: Operand<'_, $t>, parallel: bool) {
                faer_product(c, a, b, parallel);
            }
        }
    )*};
}
faer_gemm!(f32, f64, Complex32, Complex64);

/// An operand as a faer matrix.
fn view<T>(o: Operand<'_, T>) -> MatRef<'_, T> {
    if o.col_major {
        MatRef::from_column_major_slice(o.data, o.rows, o.cols)
    } else {
        MatRef::from_row_major_slice(o.data, o.rows, o.cols)
    }
}

/// Bytes of an operand from which a product is split into column panels
/// no narrower than [`WIDE_PANEL`]: each panel reads the whole left
/// operand again, which costs once it no longer stays in cache.
const LARGE_LEFT: usize = 2 << 20;
/// The narrowest column panel of a product with a large left operand.
const WIDE_PANEL: usize = 256;
/// The narrowest column panel otherwise.
const NARROW_PANEL: usize = 64;
/// At most this many column panels.
const PANELS: usize = 16;
/// With fewer column panels than this, the rows are split too, into
/// blocks of about [`TILE_WORK`] multiply-adds.
const ENOUGH_PANELS: usize = 8;
/// Multiply-adds of a tile when rows are split.
const TILE_WORK: usize = 1 << 22;
/// The fewest rows of a block when the right operand's panel is large
/// (each row block packs it again), and otherwise.
const TALL_BLOCK: usize = 1024;
const SHORT_BLOCK: usize = 256;
/// Bytes of a right operand's panel from which a row block is tall.
const LARGE_PANEL: usize = 512 << 10;

/// The tiles a product of `n x k` by `k x m` (elements of `size` bytes) is
/// split into for the threads: `(rows, columns)` of each, from the shape
/// alone, never from the thread count. Column panels come first (cheap:
/// the left operand is read in place); rows are split when there are few
/// panels.
fn tile_shape(n: usize, k: usize, m: usize, size: usize) -> (usize, usize) {
    let narrowest = if n * k * size > LARGE_LEFT {
        WIDE_PANEL
    } else {
        NARROW_PANEL
    };
    let cols = m
        .div_ceil(PANELS)
        .next_multiple_of(16)
        .max(narrowest)
        .min(m);
    if m.div_ceil(cols.max(1)) >= ENOUGH_PANELS {
        return (n, cols);
    }
    let shortest = if k * cols * size > LARGE_PANEL {
        TALL_BLOCK
    } else {
        SHORT_BLOCK
    };
    let rows = (TILE_WORK / (cols * k).max(1))
        .next_multiple_of(16)
        .max(shortest)
        .min(n);
    (rows, cols)
}

/// A tile of a product's output: the row and column of its first element,
/// and its elements.
type Tile<'a, T> = (usize, usize, MatMut<'a, T>);

/// `c` cut into tiles of `rows x cols` (the last ones smaller), each with
/// the row and column of its first element.
fn tiles<T>(c: MatMut<'_, T>, rows: usize, cols: usize) -> Vec<Tile<'_, T>> {
    let mut out = Vec::new();
    let (mut rest, mut r0) = (c, 0);
    while rest.nrows() > 0 {
        let h = rows.clamp(1, rest.nrows());
        let (band, below) = rest.split_at_row_mut(h);
        let (mut band, mut c0) = (band, 0);
        while band.ncols() > 0 {
            let w = cols.clamp(1, band.ncols());
            let (tile, right) = band.split_at_col_mut(w);
            out.push((r0, c0, tile));
            band = right;
            c0 += w;
        }
        rest = below;
        r0 += h;
    }
    out
}

/// `c = a · b` by faer, one thread per tile: with `parallel`, the output
/// is cut into tiles by [`tile_shape`] and the tiles spread over the
/// threads (each element is still one sum in one order).
fn faer_product<T: Acc<A = T> + faer::traits::ComplexField>(
    c: &mut [T],
    a: Operand<'_, T>,
    b: Operand<'_, T>,
    parallel: bool,
) {
    let (n, k, m) = (a.rows, a.cols, b.cols);
    if b.rows != k || !a.is_whole() || !b.is_whole() || c.len() != n * m {
        return;
    }
    let (va, vb) = (view(a), view(b));
    let dst = MatMut::from_row_major_slice_mut(c, n, m);
    let threads = if parallel {
        ivy::parallel::threads_here()
    } else {
        1
    };
    if threads > 1 && shares_packing::<T>(n, k, m) {
        let par = Par::rayon(threads);
        product_with(dst, va, a.conj, vb, b.conj, par);
        return;
    }
    let (rows, cols) = if parallel {
        tile_shape(n, k, m, std::mem::size_of::<T>())
    } else {
        (n, m)
    };
    if rows >= n && cols >= m {
        product_with(dst, va, a.conj, vb, b.conj, Par::Seq);
        return;
    }
    // Each tile is taken by the one task of its index.
    let parts: Vec<Mutex<Option<Tile<'_, T>>>> = tiles(dst, rows, cols)
        .into_iter()
        .map(|t| Mutex::new(Some(t)))
        .collect();
    ivy::parallel::for_each_chunk(parts.len(), 1, |range| {
        for part in parts.get(range).unwrap_or_default() {
            let taken = part
                .lock()
                .map(|mut t| t.take())
                .unwrap_or_else(|e| e.into_inner().take());
            if let Some((r0, c0, tile)) = taken {
                let (h, w) = (tile.nrows(), tile.ncols());
                let (sa, sb) = (va.subrows(r0, h), vb.subcols(c0, w));
                product_with(tile, sa, a.conj, sb, b.conj, Par::Seq);
            }
        }
    });
}

/// Whether a product of `n x k` by `k x m` in `T` runs as one faer
/// product on faer's threads rather than as tiles on ivy's: a large
/// float32 matrix-matrix product (no side of length 1; `float16` and
/// `bfloat16` come here widened) on x86-64, where faer's kernels (AVX2
/// with FMA, or AVX-512) split the output among the threads, share the
/// packed operands between them, and sum each element over the depth in
/// the same blocks and order whatever the thread count
/// (`products_are_bit_identical_for_any_thread_count` checks it; a sweep
/// of faer alone on 2026-12-03 found every bit equal for 2 to 8 threads on
/// shapes from 64 x 784 x 256 to 2048^3). There it is faster than ivy's
/// tiles, which each pack the operands again: 2048^3 on 2 cores took 117
/// ms in faer alone against 140 to 164 ms for the same tiles on threads of
/// their own (best of 8); in `benches/large.rs`, two binaries alternating
/// on 2026-12-03, medians 131 to 172 ms (most near 140) against 150 to 166
/// ms, and at 512 1.89 to 2.46 against 2.16 to 2.40 ms. Not for float64,
/// where the same change made
/// the 2048 product slower (388 and 406 against 327 and 349 ms), nor for a
/// matrix-vector product, where faer splits the depth among the threads,
/// which changes the sums; complex dtypes and other targets keep the tiles
/// (not measured or verified there).
fn shares_packing<T: faer::traits::ComplexField>(n: usize, k: usize, m: usize) -> bool {
    cfg!(target_arch = "x86_64")
        && T::IS_NATIVE_F32
        && n > 1
        && k > 1
        && m > 1
        && n.saturating_mul(k).saturating_mul(m) >= SHARED_PACKING_WORK
}

/// Multiply-adds from which a product runs on faer's threads (see
/// [`shares_packing`]). Below it ivy's tiles are as fast or faster, and a
/// second pool of threads would compete with ivy's for the cores between
/// the small products of a training step (the 784-256-10 step of
/// `benches/mlp.rs`, whose products are 12.8 million multiply-adds, took
/// 0.90-0.96 against 0.75-0.77 ms with every product on faer's threads).
const SHARED_PACKING_WORK: usize = 1 << 26;

/// `dst = op(a) · op(b)` by faer with `par` (faer's own threads when it is
/// not `Par::Seq`), `op` conjugating when asked.
fn product_with<T: Acc<A = T> + faer::traits::ComplexField>(
    dst: MatMut<'_, T>,
    a: MatRef<'_, T>,
    conj_a: bool,
    b: MatRef<'_, T>,
    conj_b: bool,
    par: Par,
) {
    let one = T::acc_one();
    match (conj_a, conj_b) {
        (false, false) => matmul(dst, Accum::Replace, a, b, one, par),
        (true, false) => matmul(dst, Accum::Replace, a.conjugate(), b, one, par),
        (false, true) => matmul(dst, Accum::Replace, a, b.conjugate(), one, par),
        (true, true) => matmul(dst, Accum::Replace, a.conjugate(), b.conjugate(), one, par),
    }
}

macro_rules! loop_gemm {
    ($($t:ty),*) => {$(
        impl Gemm for $t {
            fn gemm(c: &mut [$t], a: Operand<'_, $t>, b: Operand<'_, $t>, parallel: bool) {
                loop_product(c, a, b, parallel);
            }
        }
    )*};
}
loop_gemm!(i8, i16, i32, i64, u8, u16, u32, u64);

/// `c = a · b` row by row: each row of `c` accumulates `a[i, p] * b[p, :]`
/// over `p` (wrapping for integers), reading `b` by rows; the rows are split
/// over the threads in fixed chunks when `parallel`.
fn loop_product<T: Acc + Send + Sync>(
    c: &mut [T],
    a: Operand<'_, T>,
    b: Operand<'_, T>,
    parallel: bool,
) {
    let (k, m) = (a.cols, b.cols);
    if m == 0 || c.is_empty() || b.rows != k || !a.is_whole() || !b.is_whole() {
        return;
    }
    // b by rows: as it is, or transposed (and conjugated) once.
    let b_rows: std::borrow::Cow<'_, [T]> = if b.col_major || b.conj {
        let conj = |v: T| {
            if b.conj {
                T::lower(T::acc_conj(v.lift()))
            } else {
                v
            }
        };
        (0..k)
            .flat_map(|p| (0..m).map(move |j| conj(b.at(p, j).unwrap_or_default())))
            .collect()
    } else {
        b.data.into()
    };
    let rows = |first: usize, part: &mut [T]| {
        let mut acc = vec![T::acc_zero(); m];
        for (r, crow) in part.chunks_exact_mut(m).enumerate() {
            let i = first + r;
            acc.fill(T::acc_zero());
            for (p, brow) in b_rows.chunks_exact(m).enumerate() {
                let av = T::lift(a.at(i, p).unwrap_or_default());
                let av = if a.conj { T::acc_conj(av) } else { av };
                for (o, &bv) in acc.iter_mut().zip(brow) {
                    *o = T::acc_add(*o, T::acc_mul(av, bv.lift()));
                }
            }
            for (o, &v) in crow.iter_mut().zip(&acc) {
                *o = T::lower(v);
            }
        }
    };
    if parallel {
        ivy::parallel::fill_chunks(c, INT_ROWS * m, |off, part| rows(off / m, part));
    } else {
        rows(0, c);
    }
}

/// `c = a · b` element by element, each a sum over the contracted
/// dimension in order (for products of at most [`TINY_WORK`]
/// multiply-adds).
fn tiny_product<T: Acc>(c: &mut [T], a: Operand<'_, T>, b: Operand<'_, T>) {
    let m = b.cols;
    let side = |o: &Operand<'_, T>, i: usize, j: usize| {
        let v = o.at(i, j).unwrap_or_default().lift();
        if o.conj { T::acc_conj(v) } else { v }
    };
    for (ij, o) in c.iter_mut().enumerate() {
        let (i, j) = (ij / m.max(1), ij % m.max(1));
        let mut acc = T::acc_zero();
        for p in 0..a.cols {
            acc = T::acc_add(acc, T::acc_mul(side(&a, i, p), side(&b, p, j)));
        }
        *o = T::lower(acc);
    }
}

/// A batch of products `c[i] = a[i] · b[i]` of equal shapes: the operands
/// of product `i` start at `a_offsets[i]` in `a` and `b_offsets[i]` in `b`
/// (offsets may repeat: a broadcast operand).
#[derive(Debug)]
pub(crate) struct Batch<'a, T> {
    pub a: &'a [T],
    pub b: &'a [T],
    pub a_offsets: &'a [usize],
    pub b_offsets: &'a [usize],
    /// Rows of each `a[i]` (and of each product).
    pub n: usize,
    /// Columns of each `a[i]`, rows of each `b[i]`.
    pub k: usize,
    /// Columns of each `b[i]` (and of each product).
    pub m: usize,
    pub a_col_major: bool,
    pub b_col_major: bool,
    pub conj_a: bool,
    pub conj_b: bool,
}

impl<'a, T> Batch<'a, T> {
    /// The operands of product `i` (empty when out of bounds, which the
    /// offsets built by the caller never are).
    fn operands(&self, i: usize) -> (Operand<'a, T>, Operand<'a, T>) {
        let (n, k, m) = (self.n, self.k, self.m);
        let part = |data: &'a [T], offsets: &[usize], len: usize| -> &'a [T] {
            offsets
                .get(i)
                .and_then(|&o| data.get(o..o.saturating_add(len)))
                .unwrap_or(&[])
        };
        (
            Operand {
                data: part(self.a, self.a_offsets, n * k),
                rows: n,
                cols: k,
                col_major: self.a_col_major,
                conj: self.conj_a,
            },
            Operand {
                data: part(self.b, self.b_offsets, k * m),
                rows: k,
                cols: m,
                col_major: self.b_col_major,
                conj: self.conj_b,
            },
        )
    }
}

/// The products of a batch, one after another in a row-major buffer. A
/// product of [`PARALLEL_WORK`] multiply-adds or more is split over the
/// threads by itself; smaller products are spread over the threads in
/// chunks of a fixed number of products, and the tiniest summed by a loop.
pub(crate) fn batched<T: Gemm>(p: &Batch<'_, T>) -> Vec<T> {
    let size = p.n * p.m;
    let count = p.a_offsets.len().min(p.b_offsets.len());
    let mut c = vec![T::default(); count * size];
    if size == 0 {
        return c;
    }
    let work = size.saturating_mul(p.k);
    if work >= PARALLEL_WORK {
        for (i, ci) in c.chunks_exact_mut(size).enumerate() {
            let (a, b) = p.operands(i);
            T::gemm(ci, a, b, true);
        }
    } else {
        let per = (BATCH_WORK / work.max(1)).max(1);
        ivy::parallel::fill_chunks(&mut c, per * size, |off, part| {
            for (j, ci) in part.chunks_exact_mut(size).enumerate() {
                let (a, b) = p.operands(off / size + j);
                if work <= TINY_WORK {
                    tiny_product(ci, a, b);
                } else {
                    T::gemm(ci, a, b, false);
                }
            }
        });
    }
    c
}

#[cfg(test)]
mod tests {
    use crate::reduce::testing::arr;
    use ivy::opts::Matmul;
    use ivy::{Array, Complex32, Complex64, Dtype, Result, bf16, f16};

    /// Batch dimensions of `x1` and of `x2`, and the pairs of their
    /// matrices that make each product of the result.
    type BatchCase = (&'static [usize], &'static [usize], Vec<(usize, usize)>);

    /// Deterministic pseudo-random values in `[-1, 1)`.
    fn values(n: usize, seed: u64) -> Vec<f64> {
        let mut s = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        (0..n)
            .map(|_| {
                s = s
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (s >> 11) as f64 / (1u64 << 52) as f64 - 1.0
            })
            .collect()
    }

    /// `op(x)[i, j]` of a row-major `r x c` matrix `x`, swapped when `t`.
    fn at(x: &[f64], c: usize, t: bool, i: usize, j: usize) -> f64 {
        if t { x[j * c + i] } else { x[i * c + j] }
    }

    /// The textbook triple loop in f64 over a batch, with each operand's
    /// matrix picked by `pick_a`/`pick_b` (broadcasting), and the bound
    /// `sum |a| |b|` of each element's rounding error (times k eps).
    #[allow(clippy::too_many_arguments)]
    fn naive(
        a: &[f64],
        b: &[f64],
        (n, k, m): (usize, usize, usize),
        (ta, tb): (bool, bool),
        picks: &[(usize, usize)],
    ) -> (Vec<f64>, Vec<f64>) {
        let (ca, cb) = (if ta { n } else { k }, if tb { k } else { m });
        let mut out = Vec::new();
        let mut mag = Vec::new();
        for &(ia, ib) in picks {
            let (ma, mb) = (&a[ia * n * k..], &b[ib * k * m..]);
            for i in 0..n {
                for j in 0..m {
                    let (mut s, mut g) = (0.0, 0.0);
                    for p in 0..k {
                        let v = at(ma, ca, ta, i, p) * at(mb, cb, tb, p, j);
                        s += v;
                        g += v.abs();
                    }
                    out.push(s);
                    mag.push(g);
                }
            }
        }
        (out, mag)
    }

    fn stored(batch: &[usize], r: usize, c: usize, t: bool) -> Vec<usize> {
        let mut s = batch.to_vec();
        s.extend(if t { [c, r] } else { [r, c] });
        s
    }

    /// Every product of `dtype` agrees with the f64 triple loop within the
    /// classical bound of a sum in precision `eps` (`(k + 1) eps sum |a| |b|`),
    /// plus the final rounding to the dtype (`round` times the result) and
    /// an absolute `tiny` (subnormal results).
    fn check_dtype(dtype: Dtype, eps: f64, round: f64, tiny: f64) -> Result<()> {
        let shapes = [
            (0, 3, 2),
            (2, 0, 3),
            (3, 2, 0),
            (1, 1, 1),
            (1, 7, 1),
            (1, 33, 17),
            (17, 33, 1),
            (5, 1, 9),
            (17, 13, 9),
            (31, 47, 65),
            (66, 129, 35),
        ];
        // (batch of x1, batch of x2, batch of the result, picks).
        let batches: [BatchCase; 4] = [
            (&[], &[], vec![(0, 0)]),
            (&[3], &[3], vec![(0, 0), (1, 1), (2, 2)]),
            (
                &[2, 1],
                &[3],
                vec![(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)],
            ),
            (&[1], &[2], vec![(0, 0), (0, 1)]),
        ];
        let mut seed = 1;
        for &(n, k, m) in &shapes {
            for (ba, bb, picks) in &batches {
                for (ta, tb) in [(false, false), (true, false), (false, true), (true, true)] {
                    let count_a: usize = ba.iter().product();
                    let count_b: usize = bb.iter().product();
                    let va = values(count_a * n * k, seed);
                    let vb = values(count_b * k * m, seed + 1);
                    seed += 2;
                    let x1 = ivy::astype(&arr(&stored(ba, n, k, ta), va.clone()), dtype)?;
                    let x2 = ivy::astype(&arr(&stored(bb, k, m, tb), vb.clone()), dtype)?;
                    // The reference multiplies the operands as stored (after
                    // rounding to the dtype).
                    let back = |x: &Array| -> Result<Vec<f64>> {
                        ivy::astype(x, Dtype::Float64)?.to_vec::<f64>()
                    };
                    let (want, mag) = naive(&back(&x1)?, &back(&x2)?, (n, k, m), (ta, tb), picks);
                    let o = Matmul::new().transpose_a(ta).transpose_b(tb);
                    let got = ivy::matmul_with(&x1, &x2, o)?;
                    assert_eq!(got.dtype(), dtype);
                    let got = back(&got)?;
                    assert_eq!(got.len(), want.len(), "{dtype} {n}x{k}x{m} {ba:?} {bb:?}");
                    for (i, ((g, w), s)) in got.iter().zip(&want).zip(&mag).enumerate() {
                        let bound = (k as f64 + 1.0) * eps * s + round * w.abs() + tiny;
                        assert!(
                            (g - w).abs() <= bound,
                            "{dtype} {n}x{k}x{m} t=({ta},{tb}) {ba:?}@{bb:?} [{i}]: {g} vs {w}"
                        );
                    }
                }
            }
        }
        Ok(())
    }

    #[test]
    fn float_products_agree_with_the_triple_loop() -> Result<()> {
        let (e32, e64) = (f32::EPSILON as f64, f64::EPSILON);
        check_dtype(Dtype::Float32, e32, e32, 1e-30)?;
        check_dtype(Dtype::Float64, e64, e64, 1e-300)?;
        // Half floats: the sum is kept in f32 and the result rounded once
        // (half an ulp of the dtype; float16 results may be subnormal).
        check_dtype(Dtype::Float16, e32, 2f64.powi(-11), 2f64.powi(-25))?;
        check_dtype(Dtype::BFloat16, e32, 2f64.powi(-8), 1e-30)?;
        check_half_rounding(Dtype::Float16)?;
        check_half_rounding(Dtype::BFloat16)?;
        Ok(())
    }

    /// Half-float products are the f32 sum rounded once: on integer values
    /// whose sums are exact in f32, the result is the exact sum rounded to
    /// the dtype, which accumulating in the dtype would not give (sums pass
    /// 2048, past which float16 cannot hold every integer; 256 for
    /// bfloat16).
    fn check_half_rounding(dtype: Dtype) -> Result<()> {
        // Values 0..=8: sums near 11,000, exact in f32.
        let (n, k, m) = (9, 700, 11);
        let ints = |len: usize, seed: u64| -> Vec<f64> {
            values(len, seed)
                .iter()
                .map(|v| ((v + 1.0) * 4.0).round())
                .collect()
        };
        let (va, vb) = (ints(n * k, 5), ints(k * m, 6));
        let x1 = ivy::astype(&arr(&[n, k], va.clone()), dtype)?;
        let x2 = ivy::astype(&arr(&[k, m], vb.clone()), dtype)?;
        let got = ivy::astype(&ivy::matmul(&x1, &x2)?, Dtype::Float64)?.to_vec::<f64>()?;
        let (exact, _) = naive(&va, &vb, (n, k, m), (false, false), &[(0, 0)]);
        let round = |v: f64| match dtype {
            Dtype::Float16 => f16::from_f64(v).to_f64(),
            _ => bf16::from_f64(v).to_f64(),
        };
        let want: Vec<f64> = exact.iter().map(|&v| round(v)).collect();
        assert!(
            exact.iter().any(|v| v.abs() > 2048.0),
            "the test needs large sums"
        );
        assert_eq!(got, want, "{dtype}");
        Ok(())
    }

    #[test]
    fn complex_products_agree_with_the_triple_loop() -> Result<()> {
        // (a + bi)(c + di) through four real products, with adjoints.
        for (n, k, m) in [(1, 1, 1), (3, 17, 1), (1, 17, 5), (19, 33, 23), (70, 65, 9)] {
            let re = values(n * k, 11);
            let im = values(n * k, 12);
            let re2 = values(k * m, 13);
            let im2 = values(k * m, 14);
            let c128 = |r: &[f64], i: &[f64]| -> Vec<Complex64> {
                r.iter()
                    .zip(i)
                    .map(|(&r, &i)| Complex64::new(r, i))
                    .collect()
            };
            let x1 = arr(&[n, k], c128(&re, &im));
            let x2 = arr(&[k, m], c128(&re2, &im2));
            let got = ivy::matmul(&x1, &x2)?.to_vec::<Complex64>()?;
            let (rr, _) = naive(&re, &re2, (n, k, m), (false, false), &[(0, 0)]);
            let (ii, _) = naive(&im, &im2, (n, k, m), (false, false), &[(0, 0)]);
            let (ri, _) = naive(&re, &im2, (n, k, m), (false, false), &[(0, 0)]);
            let (ir, _) = naive(&im, &re2, (n, k, m), (false, false), &[(0, 0)]);
            let tol = 8.0 * k as f64 * f64::EPSILON;
            for (i, g) in got.iter().enumerate() {
                assert!((g.re - (rr[i] - ii[i])).abs() <= tol, "{n}x{k}x{m} re[{i}]");
                assert!((g.im - (ri[i] + ir[i])).abs() <= tol, "{n}x{k}x{m} im[{i}]");
            }
            // adjoint(x1^H) = x1: x1^H stored, read with adjoint_a.
            let x1h =
                ivy::matrix_transpose_with(&x1, ivy::opts::MatrixTranspose::new().conjugate(true))?;
            // (Another kernel reads it, so the last bits may differ.)
            let again = ivy::matmul_with(&x1h, &x2, Matmul::new().adjoint_a(true))?;
            for (a, g) in again.to_vec::<Complex64>()?.iter().zip(&got) {
                assert!((a - g).norm() <= tol, "{n}x{k}x{m} adjoint: {a} vs {g}");
            }
            // complex64 agrees with complex128 to its precision.
            let c64 = |x: &Array| ivy::astype(x, Dtype::Complex64);
            let low = ivy::matmul(&c64(&x1)?, &c64(&x2)?)?.to_vec::<Complex32>()?;
            for (l, g) in low.iter().zip(&got) {
                let d = Complex64::new(l.re as f64, l.im as f64) - g;
                assert!(d.norm() <= 8.0 * k as f64 * f32::EPSILON as f64 + 1e-6);
            }
        }
        Ok(())
    }

    /// The bits of every element of `x` (real and imaginary parts apart),
    /// to compare results exactly.
    fn bits(x: &Array) -> Result<Vec<u64>> {
        Ok(match x.dtype() {
            Dtype::Float32 => x
                .to_vec::<f32>()?
                .iter()
                .map(|v| v.to_bits() as u64)
                .collect(),
            Dtype::Float64 => x.to_vec::<f64>()?.iter().map(|v| v.to_bits()).collect(),
            Dtype::Complex64 => x
                .to_vec::<Complex32>()?
                .iter()
                .flat_map(|v| [v.re.to_bits() as u64, v.im.to_bits() as u64])
                .collect(),
            Dtype::Complex128 => x
                .to_vec::<Complex64>()?
                .iter()
                .flat_map(|v| [v.re.to_bits(), v.im.to_bits()])
                .collect(),
            Dtype::Float16 | Dtype::BFloat16 | Dtype::Int32 => ivy::astype(x, Dtype::Float64)?
                .to_vec::<f64>()?
                .iter()
                .map(|v| v.to_bits())
                .collect(),
            d => return Err(ivy::Error::invalid("bits", format!("no bits for {d}"))),
        })
    }

    #[test]
    fn products_are_bit_identical_for_any_thread_count() -> Result<()> {
        // Sizes past the threading threshold (one past faer's own threads'),
        // not multiples of any SIMD or register tile, a vector on either
        // side, batches of small products.
        let cases: [(&[usize], &[usize]); 10] = [
            (&[257, 263], &[263, 259]),
            (&[521, 503], &[503, 523]),
            (&[61, 1000], &[1000, 67]),
            (&[1, 3001], &[3001, 517]),
            (&[517, 3001], &[3001, 1]),
            (&[999, 64], &[64, 601]),
            (&[3, 129, 131], &[131, 127]),
            (&[4000, 7, 5], &[4000, 5, 3]),
            (&[600, 3, 97], &[97, 2]),
            (&[5000, 2, 3], &[5000, 3, 2]),
        ];
        let dtypes = [
            Dtype::Float32,
            Dtype::Float64,
            Dtype::Complex64,
            Dtype::Complex128,
            Dtype::Float16,
            Dtype::BFloat16,
            Dtype::Int32,
        ];
        for (i, (s1, s2)) in cases.iter().enumerate() {
            let n1: usize = s1.iter().product();
            let n2: usize = s2.iter().product();
            for dtype in dtypes {
                // Small integers for the integer dtype (no overflow question).
                let scale = if dtype == Dtype::Int32 { 50.0 } else { 1.0 };
                let v = |len, seed| -> Vec<f64> {
                    values(len, seed)
                        .iter()
                        .map(|x| (x * scale).trunc())
                        .collect()
                };
                let (v1, v2) = if dtype == Dtype::Int32 {
                    (v(n1, i as u64), v(n2, i as u64 + 100))
                } else {
                    (values(n1, i as u64), values(n2, i as u64 + 100))
                };
                let x1 = ivy::astype(&arr(s1, v1), dtype)?;
                let x2 = ivy::astype(&arr(s2, v2), dtype)?;
                let run = |t: usize| -> Result<Vec<u64>> {
                    bits(&ivy::with_num_threads(t, || ivy::matmul(&x1, &x2))??)
                };
                let one = run(1)?;
                for t in [2, 3, 4] {
                    assert!(
                        run(t)? == one,
                        "{dtype} {s1:?} @ {s2:?}: {t} threads differ from 1"
                    );
                }
            }
        }
        Ok(())
    }

    #[test]
    fn integer_products_wrap_exactly() -> Result<()> {
        // u8 products wrap modulo 256, the same for a loop in u64.
        let (n, k, m) = (37, 300, 41);
        let a: Vec<u8> = (0..n * k).map(|i| (i * 7 + 3) as u8).collect();
        let b: Vec<u8> = (0..k * m).map(|i| (i * 13 + 5) as u8).collect();
        let got = ivy::with_num_threads(3, || {
            ivy::matmul(&arr(&[n, k], a.clone()), &arr(&[k, m], b.clone()))
        })??;
        let want: Vec<u8> = (0..n * m)
            .map(|ij| {
                let (i, j) = (ij / m, ij % m);
                (0..k)
                    .map(|p| a[i * k + p] as u64 * b[p * m + j] as u64)
                    .sum::<u64>() as u8
            })
            .collect();
        assert_eq!(got.to_vec::<u8>()?, want);
        // And read transposed.
        let at = ivy::matrix_transpose(&arr(&[n, k], a.clone()))?;
        let got = ivy::matmul_with(&at, &arr(&[k, m], b), Matmul::new().transpose_a(true))?;
        assert_eq!(got.to_vec::<u8>()?, want);
        Ok(())
    }
}
