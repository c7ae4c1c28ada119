//! Kernels of the linear algebra ops.
//!
//! `matmul` follows NumPy: a 1-d `x1` is a row vector and a 1-d `x2` a column
//! vector (the added dimension is removed from the result), leading (batch)
//! dimensions broadcast, and `transpose_*`/`adjoint_*` swap the last two axes
//! of an operand first (`adjoint` also conjugates; both together swap twice).
//! The products run on the engine of [`crate::gemm`]: operands are read in
//! place (a swapped operand as a column-major matrix, a conjugated one
//! conjugated on the fly, a broadcast one read again), `float16` and
//! `bfloat16` are widened to `float32` and each result is rounded once, and
//! the integers wrap.

use crate::NdarrayBackend;
use crate::decompositions::{self as dec, lin};
use crate::gemm::{self, Batch};
use crate::host::{self, all, numeric};
use crate::reduce::{self, Acc};
use ivy::kernels::LinearAlgebraKernels;
use ivy::{Array, Complex32, Complex64, Element, Error, Result, Shape, bf16, f16};

/// Where the products of a `matmul` read their operands: per product, the
/// offsets of its two matrices in the operands' buffers, and the matrices'
/// shape and order.
struct Products {
    a_offsets: Vec<usize>,
    b_offsets: Vec<usize>,
    n: usize,
    k: usize,
    m: usize,
    a_col_major: bool,
    b_col_major: bool,
    conj_a: bool,
    conj_b: bool,
}

impl Products {
    /// The batch over the operands' buffers `a` and `b` (of `x1` and `x2`,
    /// or of their widened copies).
    fn over<'a, P>(&'a self, a: &'a [P], b: &'a [P]) -> Batch<'a, P> {
        Batch {
            a,
            b,
            a_offsets: &self.a_offsets,
            b_offsets: &self.b_offsets,
            n: self.n,
            k: self.k,
            m: self.m,
            a_col_major: self.a_col_major,
            b_col_major: self.b_col_major,
            conj_a: self.conj_a,
            conj_b: self.conj_b,
        }
    }
}

/// A dtype `matmul` multiplies: the products of `p` over the buffers `a`
/// and `b`, one after another in a row-major vector.
trait MatMul: Acc {
    fn products(p: &Products, a: &[Self], b: &[Self]) -> Vec<Self>;
}

macro_rules! engine_matmul {
    ($($t:ty),*) => {$(
        impl MatMul for $t {
            fn products(p: &Products, a: &[$t], b: &[$t]) -> Vec<$t> {
                gemm::batched(&p.over(a, b))
            }
        }
    )*};
}
engine_matmul!(
    i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, Complex32, Complex64
);

/// Elements converted per chunk when widening or rounding half floats over
/// the threads.
const CONVERT_CHUNK: usize = 1 << 15;

// Half floats: both operands widened to f32 once, multiplied in f32, and
// each result rounded once.
macro_rules! half_matmul {
    ($($t:ident),*) => {$(
        impl MatMul for $t {
            fn products(p: &Products, a: &[$t], b: &[$t]) -> Vec<$t> {
                let widen = |x: &[$t]| {
                    let mut w = vec![0f32; x.len()];
                    ivy::parallel::fill_chunks(&mut w, CONVERT_CHUNK, |off, part| {
                        for (o, v) in part.iter_mut().zip(x.get(off..).unwrap_or_default()) {
                            *o = v.to_f32();
                        }
                    });
                    w
                };
                let (wa, wb) = (widen(a), widen(b));
                let wide = gemm::batched(&p.over(&wa, &wb));
                let mut out = vec![$t::ZERO; wide.len()];
                ivy::parallel::fill_chunks(&mut out, CONVERT_CHUNK, |off, part| {
                    for (o, &v) in part.iter_mut().zip(wide.get(off..).unwrap_or_default()) {
                        *o = $t::from_f32(v);
                    }
                });
                out
            }
        }
    )*};
}
half_matmul!(f16, bf16);

/// The strides, over the broadcast batch shape `batch`, of the matrices of
/// an operand with batch dimensions `own` and matrices of `size` elements
/// (0 along broadcast dimensions), and the row-major offsets they give.
fn batch_offsets(batch: &Shape, own: &[usize], size: usize) -> Vec<usize> {
    let nb = batch.ndim();
    let lead = nb - own.len().min(nb);
    let mut strides = vec![0usize; nb];
    let mut step = size;
    for (j, &d) in own.iter().enumerate().rev() {
        if let (Some(s), Some(&full)) = (strides.get_mut(lead + j), batch.get(lead + j))
            && d == full
            && d != 1
        {
            *s = step;
        }
        step *= d;
    }
    reduce::offsets(batch.dims(), &strides)
}

/// An operand of `matmul` as a stack of stored matrices: rows, columns and
/// batch dimensions (a 1-d `x1` is one row, a 1-d `x2`, a `column`, one
/// column).
fn stored(x: &Array, column: bool) -> (usize, usize, &[usize]) {
    match x.shape().dims() {
        [len] if column => (*len, 1, &[]),
        [len] => (1, *len, &[]),
        [batch @ .., r, c] => (*r, *c, batch),
        [] => (0, 0, &[]),
    }
}

#[allow(clippy::too_many_arguments)]
fn matmul_typed<T: MatMul>(
    x1: &Array,
    x2: &Array,
    transpose_a: bool,
    transpose_b: bool,
    adjoint_a: bool,
    adjoint_b: bool,
) -> Result<Array> {
    let shapes = || vec![x1.shape().clone(), x2.shape().clone()];
    if x1.ndim() == 0 || x2.ndim() == 0 {
        return Err(Error::shape(
            "matmul",
            "0-d operands are not vectors or matrices",
            shapes(),
        ));
    }
    for (flag, name, x) in [
        (transpose_a || adjoint_a, "a", x1),
        (transpose_b || adjoint_b, "b", x2),
    ] {
        if flag && x.ndim() < 2 {
            let which = if name == "a" { "x1" } else { "x2" };
            return Err(Error::shape(
                "matmul",
                format!("transpose_{name}/adjoint_{name} need {which} with at least 2 dimensions"),
                shapes(),
            ));
        }
    }
    // Each operand as a stack of stored matrices (a 1-d x1 is one row, a
    // 1-d x2 one column), and whether it is read swapped.
    let (swap_a, swap_b) = (transpose_a != adjoint_a, transpose_b != adjoint_b);
    let (ra, ca, ba) = stored(x1, false);
    let (rb, cb, bb) = stored(x2, true);
    let (n, k) = if swap_a { (ca, ra) } else { (ra, ca) };
    let (k2, m) = if swap_b { (cb, rb) } else { (rb, cb) };
    if k != k2 {
        return Err(Error::shape(
            "matmul",
            format!("the contracted dimensions differ: {k} columns in x1 against {k2} rows in x2"),
            shapes(),
        ));
    }
    let (ba, bb) = (Shape::from(ba), Shape::from(bb));
    let batch = ivy::broadcast_shapes_of("matmul", &ba, &bb).map_err(|_| {
        Error::shape(
            "matmul",
            format!("the batch dimensions {ba} and {bb} cannot be broadcast"),
            shapes(),
        )
    })?;
    let mut out_shape = batch.clone();
    if x1.ndim() > 1 {
        out_shape.push(n);
    }
    if x2.ndim() > 1 {
        out_shape.push(m);
    }
    // The result is allocated at once below: past the address space is an
    // error, not a capacity-overflow panic.
    let fits = out_shape
        .checked_size("matmul")
        .ok()
        .and_then(|n| n.checked_mul(std::mem::size_of::<T>()))
        .is_some_and(|bytes| bytes <= isize::MAX as usize);
    if !fits {
        return Err(Error::shape(
            "matmul",
            format!("the result of shape {out_shape} is too large to allocate"),
            shapes(),
        ));
    }
    let complex = T::DTYPE.is_complex();
    let p = Products {
        a_offsets: batch_offsets(&batch, ba.dims(), ra * ca),
        b_offsets: batch_offsets(&batch, bb.dims(), rb * cb),
        n,
        k,
        m,
        a_col_major: swap_a,
        b_col_major: swap_b,
        conj_a: adjoint_a && complex,
        conj_b: adjoint_b && complex,
    };
    let a = host::slice::<T>("matmul", x1)?;
    let b = host::slice::<T>("matmul", x2)?;
    Ok(host::out_vec(out_shape, T::products(&p, a, b)))
}

/// `x1 · x2` for flattened `x1` and `x2`: shape `(x1.size, x2.size)`.
fn outer_typed<T: Acc>(x1: &Array, x2: &Array) -> Result<Array> {
    let a = host::slice::<T>("outer", x1)?;
    let b = host::slice::<T>("outer", x2)?;
    let out: Vec<T> = a
        .iter()
        .flat_map(|&u| {
            b.iter()
                .map(move |&v| T::lower(T::acc_mul(u.lift(), v.lift())))
        })
        .collect();
    Ok(host::out_vec(Shape::from([a.len(), b.len()]), out))
}

/// Where the `offset`-th diagonal over `axis1` and `axis2` of a row-major
/// array of `shape` lies: the shape of the other axes, the row-major offsets
/// of their elements, the offset of the diagonal's first element, its step
/// and its length.
struct Diagonal {
    rest: Vec<usize>,
    bases: Vec<usize>,
    start: usize,
    step: usize,
    len: usize,
}

fn diagonal_of(
    op: &str,
    shape: &Shape,
    offset: i64,
    axis1: usize,
    axis2: usize,
) -> Result<Diagonal> {
    // `#[min_ndim(2)] x` and `#[check(ivy::checks::distinct_axes)]` in the spec.
    let strides = shape.strides();
    let (Some(&n1), Some(&n2), Some(&s1), Some(&s2)) = (
        shape.get(axis1),
        shape.get(axis2),
        strides.get(axis1),
        strides.get(axis2),
    ) else {
        return Err(Error::AxisOutOfBounds {
            op: op.into(),
            axis: axis1.max(axis2) as i64,
            ndim: shape.ndim(),
        });
    };
    let shift = usize::try_from(offset.unsigned_abs()).unwrap_or(usize::MAX);
    let (r0, c0) = if offset >= 0 { (0, shift) } else { (shift, 0) };
    let len = n1.saturating_sub(r0).min(n2.saturating_sub(c0));
    let keep = |i: &usize| *i != axis1 && *i != axis2;
    let rest: Vec<usize> = (0..shape.ndim())
        .filter(keep)
        .filter_map(|i| shape.get(i).copied())
        .collect();
    let rest_strides: Vec<usize> = (0..shape.ndim())
        .filter(keep)
        .filter_map(|i| strides.get(i).copied())
        .collect();
    let bases = reduce::offsets(&rest, &rest_strides);
    let (start, step) = if len == 0 {
        (0, 0)
    } else {
        (r0 * s1 + c0 * s2, s1 + s2)
    };
    Ok(Diagonal {
        rest,
        bases,
        start,
        step,
        len,
    })
}

impl Diagonal {
    /// The elements of the diagonal of the matrix at `base`.
    fn at<'a, T: Copy + Default>(&self, s: &'a [T], base: usize) -> impl Iterator<Item = T> + 'a {
        let first = base + self.start;
        let step = self.step;
        (0..self.len).map(move |d| s.get(first + d * step).copied().unwrap_or_default())
    }
}

#[ivy::kernels]
impl LinearAlgebraKernels for NdarrayBackend {
    fn matmul(
        &self,
        x1: &Array,
        x2: &Array,
        transpose_a: bool,
        transpose_b: bool,
        adjoint_a: bool,
        adjoint_b: bool,
    ) -> Result<Array> {
        numeric!("matmul", x1, T => matmul_typed::<T>(x1, x2, transpose_a, transpose_b, adjoint_a, adjoint_b))
    }

    fn matrix_transpose(&self, x: &Array, conjugate: bool) -> Result<Array> {
        let &[.., n, m] = x.shape().dims() else {
            return Err(Error::shape(
                "matrix_transpose",
                "needs an array of at least 2 dimensions",
                vec![x.shape().clone()],
            ));
        };
        let mut shape = x.shape().clone();
        let nd = shape.ndim();
        shape.dims_mut().swap(nd - 2, nd - 1);
        all!("matrix_transpose", x, T => {
            let s = host::slice::<T>("matrix_transpose", x)?;
            let mut out = vec![T::default(); s.len()];
            if n * m > 0 {
                let conj_each = conjugate && T::DTYPE.is_complex();
                for (src, dst) in s.chunks_exact(n * m).zip(out.chunks_exact_mut(n * m)) {
                    transpose_into(src, n, m, dst, |v| if conj_each { conj::<T>(v) } else { v });
                }
            }
            Ok(host::out_vec(shape, out))
        })
    }

    fn outer(&self, x1: &Array, x2: &Array) -> Result<Array> {
        numeric!("outer", x1, T => outer_typed::<T>(x1, x2))
    }

    fn trace(&self, x: &Array, offset: i64, axis1: usize, axis2: usize) -> Result<Array> {
        let d = diagonal_of("trace", x.shape(), offset, axis1, axis2)?;
        numeric!("trace", x, T => {
            let s = host::slice::<T>("trace", x)?;
            let start = if d.len == 0 { T::acc_zero() } else { T::acc_signed_zero() };
            let out: Vec<T> = d
                .bases
                .iter()
                .map(|&b| T::lower(d.at(s, b).fold(start, |a, v: T| T::acc_add(a, v.lift()))))
                .collect();
            Ok(host::out_vec(Shape::from(d.rest.clone()), out))
        })
    }

    fn cholesky(&self, x: &Array, upper: bool) -> Result<Array> {
        lin!("cholesky", x, T => dec::cholesky::<T>(x, upper))
    }

    fn det(&self, x: &Array) -> Result<Array> {
        lin!("det", x, T => dec::det::<T>(x))
    }

    fn slogdet(&self, x: &Array) -> Result<(Array, Array)> {
        lin!("slogdet", x, T => dec::slogdet::<T>(x))
    }

    fn inv(&self, x: &Array) -> Result<Array> {
        lin!("inv", x, T => dec::inv::<T>(x))
    }

    fn solve(&self, x1: &Array, x2: &Array) -> Result<Array> {
        lin!("solve", x1, T => dec::solve::<T>(x1, x2))
    }

    fn qr(&self, x: &Array, mode: &str) -> Result<(Array, Array)> {
        lin!("qr", x, T => dec::qr::<T>(x, mode))
    }

    fn svd(&self, x: &Array, full_matrices: bool) -> Result<(Array, Array, Array)> {
        lin!("svd", x, T => dec::svd::<T>(x, full_matrices))
    }

    fn svdvals(&self, x: &Array) -> Result<Array> {
        lin!("svdvals", x, T => dec::svdvals::<T>(x))
    }

    fn eigh(&self, x: &Array) -> Result<(Array, Array)> {
        lin!("eigh", x, T => dec::eigh::<T>(x))
    }

    fn eigvalsh(&self, x: &Array) -> Result<Array> {
        lin!("eigvalsh", x, T => dec::eigvalsh::<T>(x))
    }

    fn eig(&self, x: &Array) -> Result<(Array, Array)> {
        let mut out = lin!("eig", x, T => dec::eig::<T>("eig", x, true))?.into_iter();
        match (out.next(), out.next()) {
            (Some(w), Some(v)) => Ok((w, v)),
            _ => Err(Error::invalid("eig", "internal error: missing results")),
        }
    }

    fn eigvals(&self, x: &Array) -> Result<Array> {
        lin!("eigvals", x, T => dec::eig::<T>("eigvals", x, false))?
            .into_iter()
            .next()
            .ok_or_else(|| Error::invalid("eigvals", "internal error: missing results"))
    }

    fn diagonal(&self, x: &Array, offset: i64, axis1: usize, axis2: usize) -> Result<Array> {
        let d = diagonal_of("diagonal", x.shape(), offset, axis1, axis2)?;
        all!("diagonal", x, T => {
            let s = host::slice::<T>("diagonal", x)?;
            let out: Vec<T> = d.bases.iter().flat_map(|&b| d.at(s, b)).collect();
            let mut shape = Shape::from(d.rest.clone());
            shape.push(d.len);
            Ok(host::out_vec(shape, out))
        })
    }
}

/// Block size of the tiled transpose: two 32 x 32 tiles of 16-byte elements
/// fit in a 32 KiB L1 cache.
const TILE: usize = 32;

/// `dst` (`m x n`, row-major) = the transpose of `src` (`n x m`), mapping
/// each element through `f`, tile by tile so that both sides stay in cache.
fn transpose_into<T: Copy>(src: &[T], n: usize, m: usize, dst: &mut [T], f: impl Fn(T) -> T) {
    for i0 in (0..n).step_by(TILE) {
        for j0 in (0..m).step_by(TILE) {
            let j1 = (j0 + TILE).min(m);
            for i in i0..(i0 + TILE).min(n) {
                let part = src.get(i * m + j0..i * m + j1).unwrap_or_default();
                for (j, &v) in (j0..).zip(part) {
                    if let Some(o) = dst.get_mut(j * n + i) {
                        *o = f(v);
                    }
                }
            }
        }
    }
}

/// The complex conjugate of an element (the identity for real ones).
#[inline]
fn conj<T: Element>(v: T) -> T {
    let c = v.to_c64();
    if T::DTYPE.is_complex() {
        T::from_c64(c.conj())
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use crate::reduce::testing::arr;
    use ivy::opts::{Diagonal, Matmul, MatrixTranspose, Trace};
    use ivy::{Array, Complex32, Complex64, Dtype, Error, Result, Scalar, f16};

    fn m22() -> Array {
        arr(&[2, 2], vec![1i32, 2, 3, 4])
    }

    /// A deterministic pseudo-random matrix of small values.
    fn values(n: usize, seed: u64) -> Vec<f64> {
        let mut s = seed;
        (0..n)
            .map(|_| {
                s = s
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((s >> 33) % 19) as f64 - 9.0
            })
            .collect()
    }

    /// The textbook triple loop, for comparison.
    fn naive(a: &[f64], b: &[f64], n: usize, k: usize, m: usize) -> Vec<f64> {
        let mut c = vec![0.0; n * m];
        for i in 0..n {
            for j in 0..m {
                c[i * m + j] = (0..k).map(|p| a[i * k + p] * b[p * m + j]).sum();
            }
        }
        c
    }

    #[test]
    fn matmul_of_matrices_and_flags() -> Result<()> {
        let a = m22();
        assert_eq!(ivy::matmul(&a, &a)?, arr(&[2, 2], vec![7i32, 10, 15, 22]));
        let t = |o: Matmul| ivy::matmul_with(&a, &a, o);
        assert_eq!(
            t(Matmul::new().transpose_a(true))?,
            arr(&[2, 2], vec![10i32, 14, 14, 20])
        );
        assert_eq!(
            t(Matmul::new().transpose_b(true))?,
            arr(&[2, 2], vec![5i32, 11, 11, 25])
        );
        assert_eq!(
            t(Matmul::new().adjoint_b(true))?,
            arr(&[2, 2], vec![5i32, 11, 11, 25])
        );
        // Both flags swap twice.
        assert_eq!(
            t(Matmul::new().transpose_a(true).adjoint_a(true))?,
            arr(&[2, 2], vec![7i32, 10, 15, 22])
        );
        let f = arr(&[2, 3], vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let g = arr(&[3, 2], vec![7.0f64, 8.0, 9.0, 10.0, 11.0, 12.0]);
        assert_eq!(
            ivy::matmul(&f, &g)?,
            arr(&[2, 2], vec![58.0f64, 64.0, 139.0, 154.0])
        );
        let f32s = arr(&[2, 3], vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let back = ivy::matmul_with(&f32s, &f32s, Matmul::new().transpose_b(true))?;
        assert_eq!(back, arr(&[2, 2], vec![14.0f32, 32.0, 32.0, 77.0]));
        Ok(())
    }

    #[test]
    fn matmul_of_vectors() -> Result<()> {
        let a = m22();
        let v = arr(&[2], vec![1i32, 1]);
        assert_eq!(ivy::matmul(&a, &v)?, arr(&[2], vec![3i32, 7]));
        assert_eq!(ivy::matmul(&v, &a)?, arr(&[2], vec![4i32, 6]));
        let d = ivy::matmul(
            &arr(&[3], vec![1.0f32, 2.0, 3.0]),
            &arr(&[3], vec![4.0f32, 5.0, 6.0]),
        )?;
        assert_eq!((d.ndim(), d.item()?), (0, Scalar::Float(32.0)));
        // A vector against a stack of matrices: identity, 2 * identity, swap.
        let s = arr(&[3, 2, 2], vec![1i64, 0, 0, 1, 2, 0, 0, 2, 0, 1, 1, 0]);
        let r = ivy::matmul(&arr(&[2], vec![5i64, 7]), &s)?;
        assert_eq!(r, arr(&[3, 2], vec![5i64, 7, 10, 14, 7, 5]));
        let r = ivy::matmul(&s, &arr(&[2], vec![5i64, 7]))?;
        assert_eq!(r, arr(&[3, 2], vec![5i64, 7, 10, 14, 7, 5]));
        Ok(())
    }

    #[test]
    fn matmul_broadcasts_batches() -> Result<()> {
        // [I, 2I] @ [[1, 2], [3, 4]].
        let x1 = arr(&[2, 2, 2], vec![1.0f32, 0.0, 0.0, 1.0, 2.0, 0.0, 0.0, 2.0]);
        let x2 = arr(&[2, 2], vec![1.0f32, 2.0, 3.0, 4.0]);
        assert_eq!(
            ivy::matmul(&x1, &x2)?,
            arr(&[2, 2, 2], vec![1.0f32, 2.0, 3.0, 4.0, 2.0, 4.0, 6.0, 8.0])
        );
        assert_eq!(
            ivy::matmul(&x2, &x1)?,
            arr(&[2, 2, 2], vec![1.0f32, 2.0, 3.0, 4.0, 2.0, 4.0, 6.0, 8.0])
        );
        // (2, 1, 1, 2) @ (3, 2, 1) -> (2, 3, 1, 1): x1[i] . x2[j].
        let a = arr(&[2, 1, 1, 2], vec![1i32, 2, 3, 4]);
        let b = arr(&[3, 2, 1], vec![1i32, 0, 0, 1, 1, 1]);
        let r = ivy::matmul(&a, &b)?;
        assert_eq!(r.shape().dims(), &[2, 3, 1, 1]);
        assert_eq!(r.to_vec::<i32>()?, vec![1, 2, 3, 3, 4, 7]);
        Ok(())
    }

    #[test]
    fn matmul_agrees_with_the_triple_loop() -> Result<()> {
        let (n, k, m) = (17, 13, 9);
        let (va, vb) = (values(n * k, 1), values(k * m, 2));
        let want = naive(&va, &vb, n, k, m);
        let got = ivy::matmul(&arr(&[n, k], va.clone()), &arr(&[k, m], vb.clone()))?;
        assert_eq!(got.to_vec::<f64>()?, want);
        // The same product through transposed operands, in int16 and bfloat16.
        let at = ivy::matrix_transpose(&arr(&[n, k], va.clone()))?;
        let bt = ivy::matrix_transpose(&arr(&[k, m], vb.clone()))?;
        let o = Matmul::new().transpose_a(true).transpose_b(true);
        let i16s = ivy::matmul_with(
            &ivy::astype(&at, Dtype::Int16)?,
            &ivy::astype(&bt, Dtype::Int16)?,
            o.clone(),
        )?;
        assert_eq!(
            i16s.to_vec::<i16>()?,
            want.iter().map(|&v| v as i16).collect::<Vec<_>>()
        );
        let h = ivy::matmul_with(
            &ivy::astype(&at, Dtype::BFloat16)?,
            &ivy::astype(&bt, Dtype::BFloat16)?,
            o,
        )?;
        assert_eq!(h.dtype(), Dtype::BFloat16);
        // Integer-valued products up to 13 * 81 are exact in f32 before the
        // single rounding to bfloat16.
        let hv: Vec<f64> = h
            .to_vec::<ivy::bf16>()?
            .iter()
            .map(|v| v.to_f64())
            .collect();
        let wv: Vec<f64> = want
            .iter()
            .map(|&v| ivy::bf16::from_f64(v).to_f64())
            .collect();
        assert_eq!(hv, wv);
        Ok(())
    }

    #[test]
    fn matmul_wraps_integers_and_accumulates_halves() -> Result<()> {
        let r = ivy::matmul(&arr(&[1, 1], vec![100i8]), &arr(&[1, 1], vec![3i8]))?;
        assert_eq!(r.to_vec::<i8>()?, vec![44]);
        let r = ivy::matmul(&arr(&[1, 2], vec![16u8, 16]), &arr(&[2, 1], vec![16u8, 16]))?;
        assert_eq!(r.to_vec::<u8>()?, vec![0]);
        // 60000 * 2 overflows float16, but the f32 accumulator keeps it.
        let h = |v: Vec<f32>| v.into_iter().map(f16::from_f32).collect::<Vec<_>>();
        let r = ivy::matmul(
            &arr(&[1, 2], h(vec![60000.0, -60000.0])),
            &arr(&[2, 1], h(vec![2.0, 1.0])),
        )?;
        assert_eq!(r.to_vec::<f16>()?, h(vec![60000.0]));
        Ok(())
    }

    #[test]
    fn matmul_of_complex_with_adjoints() -> Result<()> {
        let c = Complex64::new;
        // (1 + i)(1 - i) + 2i = 2 + 2i.
        let x1 = arr(&[1, 2], vec![c(1.0, 1.0), c(2.0, 0.0)]);
        let x2 = arr(&[2, 1], vec![c(1.0, -1.0), c(0.0, 1.0)]);
        assert_eq!(
            ivy::matmul(&x1, &x2)?.to_vec::<Complex64>()?,
            vec![c(2.0, 2.0)]
        );
        // adjoint([[i], [2]]) = [[-i, 2]]; times [[1], [1]] = 2 - i.
        let col = arr(&[2, 1], vec![c(0.0, 1.0), c(2.0, 0.0)]);
        let ones = arr(&[2, 1], vec![c(1.0, 0.0); 2]);
        let r = ivy::matmul_with(&col, &ones, Matmul::new().adjoint_a(true))?;
        assert_eq!(r.to_vec::<Complex64>()?, vec![c(2.0, -1.0)]);
        // transpose and adjoint together: conjugate only.
        let row = arr(
            &[1, 2],
            vec![Complex32::new(0.0, 1.0), Complex32::new(2.0, 0.0)],
        );
        let ones32 = arr(&[2, 1], vec![Complex32::new(1.0, 0.0); 2]);
        let r = ivy::matmul_with(
            &row,
            &ones32,
            Matmul::new().adjoint_a(true).transpose_a(true),
        )?;
        assert_eq!(r.to_vec::<Complex32>()?, vec![Complex32::new(2.0, -1.0)]);
        // adjoint_b on a row: [[1, i]] @ adjoint([[1, i]]) = 1 + 1 = 2.
        let r = ivy::matmul_with(
            &arr(&[1, 2], vec![c(1.0, 0.0), c(0.0, 1.0)]),
            &arr(&[1, 2], vec![c(1.0, 0.0), c(0.0, 1.0)]),
            Matmul::new().adjoint_b(true),
        )?;
        assert_eq!(r.to_vec::<Complex64>()?, vec![c(2.0, 0.0)]);
        Ok(())
    }

    #[test]
    fn matmul_of_empty_operands() -> Result<()> {
        let r = ivy::matmul(
            &arr(&[0, 3], Vec::<f32>::new()),
            &arr(&[3, 2], vec![1.0f32; 6]),
        )?;
        assert_eq!(r.shape().dims(), &[0, 2]);
        let r = ivy::matmul(
            &arr(&[2, 0], Vec::<f64>::new()),
            &arr(&[0, 3], Vec::<f64>::new()),
        )?;
        assert_eq!(r, arr(&[2, 3], vec![0.0f64; 6]));
        let r = ivy::matmul(
            &arr(&[2, 0], Vec::<i32>::new()),
            &arr(&[0], Vec::<i32>::new()),
        )?;
        assert_eq!(r, arr(&[2], vec![0i32; 2]));
        Ok(())
    }

    #[test]
    fn matmul_results_too_large_to_allocate_are_errors() -> Result<()> {
        // Empty operands (nothing is contracted) with a huge result: 2^66
        // elements, past usize; then 2^61 float32s, within usize but past
        // the address space.
        let zeros = |dims: &[usize]| ivy::zeros(ivy::Shape::from(dims));
        let e = ivy::matmul(&zeros(&[1 << 33, 0])?, &zeros(&[0, 1 << 33])?)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("matmul") && e.contains("too large to allocate"),
            "{e}"
        );
        let e = ivy::matmul(&zeros(&[1 << 21, 1 << 20, 0])?, &zeros(&[0, 1 << 20])?)
            .unwrap_err()
            .to_string();
        assert!(e.contains("too large to allocate"), "{e}");
        Ok(())
    }

    #[test]
    fn matmul_errors_name_both_shapes() -> Result<()> {
        let e = ivy::matmul(&m22(), &arr(&[3], vec![1i32, 2, 3])).unwrap_err();
        assert!(
            matches!(&e, Error::Shape { op, .. } if op == "matmul"),
            "{e}"
        );
        let text = e.to_string();
        assert!(text.contains("(2, 2)") && text.contains("(3,)"), "{text}");
        let e = ivy::matmul(
            &arr(&[2, 2, 2], vec![0i32; 8]),
            &arr(&[3, 2, 2], vec![0i32; 12]),
        )
        .unwrap_err();
        assert!(e.to_string().contains("(2, 2, 2) and (3, 2, 2)"), "{e}");
        assert!(ivy::matmul(&Array::scalar(2i32), &m22()).is_err());
        let v = arr(&[2], vec![1i32, 2]);
        assert!(ivy::matmul_with(&v, &m22(), Matmul::new().transpose_a(true)).is_err());
        assert!(ivy::matmul_with(&m22(), &v, Matmul::new().adjoint_b(true)).is_err());
        assert!(ivy::matmul(&arr(&[1], vec![true]), &arr(&[1], vec![true])).is_err());
        Ok(())
    }

    #[test]
    fn matrix_transposes() -> Result<()> {
        assert_eq!(
            ivy::matrix_transpose(&arr(&[1, 3], vec![1i32, 2, 3]))?,
            arr(&[3, 1], vec![1i32, 2, 3])
        );
        let x = arr(&[2, 2, 3], (0..12).collect::<Vec<i64>>());
        let t = ivy::matrix_transpose(&x)?;
        assert_eq!(
            t,
            arr(&[2, 3, 2], vec![0i64, 3, 1, 4, 2, 5, 6, 9, 7, 10, 8, 11])
        );
        let c = arr(
            &[1, 2],
            vec![Complex64::new(1.0, 2.0), Complex64::new(3.0, -4.0)],
        );
        let ct = ivy::matrix_transpose_with(&c, MatrixTranspose::new().conjugate(true))?;
        assert_eq!(
            ct,
            arr(
                &[2, 1],
                vec![Complex64::new(1.0, -2.0), Complex64::new(3.0, 4.0)]
            )
        );
        assert_eq!(
            ivy::matrix_transpose(&c)?.to_vec::<Complex64>()?,
            c.to_vec::<Complex64>()?
        );
        let b = arr(&[2, 1], vec![true, false]);
        assert_eq!(
            ivy::matrix_transpose_with(&b, MatrixTranspose::new().conjugate(true))?,
            arr(&[1, 2], vec![true, false])
        );
        assert_eq!(
            ivy::matrix_transpose(&arr(&[0, 2], Vec::<f32>::new()))?
                .shape()
                .dims(),
            &[2, 0]
        );
        assert!(ivy::matrix_transpose(&arr(&[2], vec![1i32, 2])).is_err());
        Ok(())
    }

    #[test]
    fn outer_products() -> Result<()> {
        let r = ivy::outer(&arr(&[2], vec![1i32, 2]), &arr(&[2], vec![3i32, 4]))?;
        assert_eq!(r, arr(&[2, 2], vec![3i32, 4, 6, 8]));
        let r = ivy::outer(
            &arr(&[3], vec![1.0f64, -1.0, 0.5]),
            &arr(&[1], vec![2.0f64]),
        )?;
        assert_eq!(r, arr(&[3, 1], vec![2.0f64, -2.0, 1.0]));
        assert_eq!(
            ivy::outer(&arr(&[1], vec![100i8]), &arr(&[1], vec![3i8]))?.to_vec::<i8>()?,
            vec![44]
        );
        let c = ivy::outer(
            &arr(&[1], vec![Complex32::new(0.0, 1.0)]),
            &arr(&[1], vec![Complex32::new(0.0, 1.0)]),
        )?;
        assert_eq!(c.to_vec::<Complex32>()?, vec![Complex32::new(-1.0, 0.0)]);
        // NumPy flattens n-d operands.
        let r = ivy::outer(&arr(&[2, 1], vec![1i32, 2]), &arr(&[1], vec![3i32]))?;
        assert_eq!(r, arr(&[2, 1], vec![3i32, 6]));
        assert_eq!(
            ivy::outer(&arr(&[0], Vec::<f32>::new()), &arr(&[2], vec![1.0f32, 2.0]))?
                .shape()
                .dims(),
            &[0, 2]
        );
        Ok(())
    }

    #[test]
    fn traces() -> Result<()> {
        let a = m22();
        assert_eq!(ivy::trace(&a)?.item()?, Scalar::Int(5));
        assert_eq!(
            ivy::trace_with(&a, Trace::new().offset(1))?.item()?,
            Scalar::Int(2)
        );
        assert_eq!(
            ivy::trace_with(&a, Trace::new().offset(-1))?.item()?,
            Scalar::Int(3)
        );
        assert_eq!(
            ivy::trace_with(&a, Trace::new().offset(5))?.item()?,
            Scalar::Int(0)
        );
        assert_eq!(
            ivy::trace_with(&a, Trace::new().offset(i64::MIN))?.item()?,
            Scalar::Int(0)
        );
        // x[i, j, k] = 4i + 2j + k: over axes (0, 1), x[0, 0, k] + x[1, 1, k].
        let x = arr(&[2, 2, 2], (0..8).collect::<Vec<i32>>());
        assert_eq!(ivy::trace(&x)?.to_vec::<i32>()?, vec![6, 8]);
        // Over axes (1, 2): x[i, 0, 0] + x[i, 1, 1].
        assert_eq!(
            ivy::trace_with(&x, Trace::new().axis1(1).axis2(2))?.to_vec::<i32>()?,
            vec![3, 11]
        );
        assert_eq!(
            ivy::trace_with(&x, Trace::new().axis1(-1).axis2(0))?.to_vec::<i32>()?,
            vec![5, 9]
        );
        // The input dtype is kept (and wraps).
        let w = ivy::trace(&arr(&[2, 2], vec![100i8, 0, 0, 100]))?;
        assert_eq!((w.dtype(), w.item()?), (Dtype::Int8, Scalar::Int(-56)));
        let c = ivy::trace(&arr(
            &[2, 2],
            vec![
                Complex64::new(1.0, 1.0),
                Complex64::new(9.0, 9.0),
                Complex64::new(9.0, 9.0),
                Complex64::new(2.0, -3.0),
            ],
        ))?;
        assert_eq!(c.to_vec::<Complex64>()?, vec![Complex64::new(3.0, -2.0)]);
        let h = ivy::trace(&arr(
            &[2, 2],
            vec![
                f16::from_f32(0.5),
                f16::ZERO,
                f16::ZERO,
                f16::from_f32(0.25),
            ],
        ))?;
        assert_eq!(h.to_vec::<f16>()?, vec![f16::from_f32(0.75)]);
        assert_eq!(
            ivy::trace(&arr(&[0, 0], Vec::<f32>::new()))?.item()?,
            Scalar::Float(0.0)
        );
        let z = ivy::trace(&arr(&[1, 1], vec![-0.0f32]))?.to_vec::<f32>()?;
        assert_eq!(z[0].to_bits(), (-0.0f32).to_bits());
        assert!(ivy::trace(&arr(&[2], vec![1i32, 2])).is_err());
        assert!(ivy::trace_with(&a, Trace::new().axis1(1).axis2(-1)).is_err());
        Ok(())
    }

    #[test]
    fn diagonals() -> Result<()> {
        let a = m22();
        assert_eq!(ivy::diagonal(&a)?, arr(&[2], vec![1i32, 4]));
        assert_eq!(
            ivy::diagonal_with(&a, Diagonal::new().offset(1))?,
            arr(&[1], vec![2i32])
        );
        assert_eq!(
            ivy::diagonal_with(&a, Diagonal::new().offset(-1))?,
            arr(&[1], vec![3i32])
        );
        assert_eq!(
            ivy::diagonal_with(&a, Diagonal::new().offset(2))?,
            arr(&[0], Vec::<i32>::new())
        );
        let r = arr(&[2, 3], vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0]);
        assert_eq!(
            ivy::diagonal_with(&r, Diagonal::new().offset(1))?,
            arr(&[2], vec![2.0f32, 6.0])
        );
        // x[i, j, k] = 4i + 2j + k.
        let x = arr(&[2, 2, 2], (0..8).collect::<Vec<i64>>());
        assert_eq!(ivy::diagonal(&x)?, arr(&[2, 2], vec![0i64, 3, 4, 7]));
        let d = ivy::diagonal_with(&x, Diagonal::new().axis1(0).axis2(2))?;
        assert_eq!(d, arr(&[2, 2], vec![0i64, 5, 2, 7]));
        // axis1 = 2 counts along the diagonal, axis2 = 0 is shifted by one.
        let d = ivy::diagonal_with(&x, Diagonal::new().axis1(2).axis2(0).offset(1))?;
        assert_eq!(d, arr(&[2, 1], vec![4i64, 6]));
        let b = arr(&[2, 2], vec![true, false, false, false]);
        assert_eq!(ivy::diagonal(&b)?, arr(&[2], vec![true, false]));
        let e = ivy::diagonal_with(&x, Diagonal::new().offset(-7))?;
        assert_eq!(e.shape().dims(), &[2, 0]);
        assert!(ivy::diagonal_with(&x, Diagonal::new().axis1(1).axis2(1)).is_err());
        assert!(ivy::diagonal(&arr(&[3], vec![1u8, 2, 3])).is_err());
        Ok(())
    }
}
