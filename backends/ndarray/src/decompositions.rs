//! Matrix decompositions and what is built on them (`cholesky`, `det`,
//! `slogdet`, `inv`, `solve`, `qr`, `svd`, `svdvals`, `eigh`, `eigvalsh`,
//! `eig`, `eigvals`), over [`faer`], for `float32`, `float64`, `complex64`
//! and `complex128`, batched over the leading axes.
//!
//! Each matrix of the (row-major) input is read in place as a faer
//! `MatRef` and factored; results are written back row-major. Exactly
//! singular matrices (an exact zero pivot of the partial-pivoting LU) make
//! `inv` and `solve` fail, as NumPy's `LinAlgError`; a matrix that is not
//! positive definite makes `cholesky` fail.

use crate::host;
use faer::linalg::solvers::{DenseSolveCore, Eigen, Solve};
use faer::{Mat, MatRef, Side};
use ivy::{Array, Complex32, Complex64, Element, Error, Result, Shape};

/// The element types faer factors: the floats and complex floats of 32 and
/// 64 bits, with their real and complex counterparts.
pub(crate) trait Lin: Element + faer::traits::ComplexField<Real = <Self as Lin>::R> {
    /// The real type of the same precision.
    type R: Element + faer::traits::RealField;
    /// The complex type of the same precision.
    type C: Element;
    fn to_c(self) -> Complex64;
    fn from_c(c: Complex64) -> Self;
    fn real_from(r: f64) -> Self::R;
    fn real_to(r: Self::R) -> f64;
    fn complex_from(c: Complex64) -> Self::C;
    /// Eigenvalues and row-major right eigenvectors of a general matrix.
    fn eig(a: MatRef<'_, Self>) -> Option<(Vec<Complex64>, Vec<Complex64>)>;
}

fn eig_parts<R: Copy + faer::traits::RealField>(
    e: &Eigen<R>,
    n: usize,
    to: impl Fn(num_complex::Complex<R>) -> Complex64,
) -> (Vec<Complex64>, Vec<Complex64>) {
    let s = e.S().column_vector();
    let u = e.U();
    let w = (0..n).map(|i| to(s[i])).collect();
    let v = (0..n)
        .flat_map(|i| (0..n).map(move |j| (i, j)))
        .map(|(i, j)| to(u[(i, j)]))
        .collect();
    (w, v)
}

macro_rules! lin_real {
    ($t:ty, $c:ty) => {
        impl Lin for $t {
            type R = $t;
            type C = $c;
            fn to_c(self) -> Complex64 {
                Complex64::new(f64::from(self), 0.0)
            }
            fn from_c(c: Complex64) -> Self {
                c.re as $t
            }
            fn real_from(r: f64) -> $t {
                r as $t
            }
            fn real_to(r: $t) -> f64 {
                f64::from(r)
            }
            fn complex_from(c: Complex64) -> $c {
                <$c>::new(c.re as $t, c.im as $t)
            }
            fn eig(a: MatRef<'_, Self>) -> Option<(Vec<Complex64>, Vec<Complex64>)> {
                let e = Eigen::new_from_real(a).ok()?;
                Some(eig_parts(&e, a.nrows(), |z| {
                    Complex64::new(f64::from(z.re), f64::from(z.im))
                }))
            }
        }
    };
}
lin_real!(f32, Complex32);
lin_real!(f64, Complex64);

macro_rules! lin_complex {
    ($t:ty, $r:ty) => {
        impl Lin for $t {
            type R = $r;
            type C = $t;
            fn to_c(self) -> Complex64 {
                Complex64::new(f64::from(self.re), f64::from(self.im))
            }
            fn from_c(c: Complex64) -> Self {
                <$t>::new(c.re as $r, c.im as $r)
            }
            fn real_from(r: f64) -> $r {
                r as $r
            }
            fn real_to(r: $r) -> f64 {
                f64::from(r)
            }
            fn complex_from(c: Complex64) -> $t {
                <$t>::new(c.re as $r, c.im as $r)
            }
            fn eig(a: MatRef<'_, Self>) -> Option<(Vec<Complex64>, Vec<Complex64>)> {
                let e = Eigen::<$r>::new(a).ok()?;
                Some(eig_parts(&e, a.nrows(), |z| {
                    Complex64::new(f64::from(z.re), f64::from(z.im))
                }))
            }
        }
    };
}
lin_complex!(Complex32, f32);
lin_complex!(Complex64, f64);

/// Run `$body` with `$T` the element type of `$x` (the four faer types).
macro_rules! lin {
    ($op:expr, $x:expr, $T:ident => $body:expr) => {
        $crate::host::dispatch!($op, $x, $T => $body;
            F32 => f32, F64 => f64, C64 => Complex32, C128 => Complex64)
    };
}
pub(crate) use lin;

/// The batch shape and the matrix dimensions `(m, n)` of `x`, which has at
/// least two dimensions (`#[min_ndim(2)]` or `#[square]` in the spec).
pub(crate) fn matrices(x: &Array) -> (Shape, usize, usize) {
    let d = x.shape().dims();
    let nd = d.len();
    (Shape::from(&d[..nd - 2]), d[nd - 2], d[nd - 1])
}

/// The batch shape and the order `n` of the square matrices `x`
/// (`#[square]` in the spec).
pub(crate) fn square(x: &Array) -> (Shape, usize) {
    let (batch, _, n) = matrices(x);
    (batch, n)
}

/// The matrices of `x` (`m x n` each) as faer views.
fn each<'a, T: Lin>(op: &str, x: &'a Array, m: usize, n: usize) -> Result<Vec<MatRef<'a, T>>> {
    let s = host::slice::<T>(op, x)?;
    if m * n == 0 {
        let count = x.shape().dims()[..x.ndim() - 2].iter().product::<usize>();
        return Ok((0..count)
            .map(|_| MatRef::from_row_major_slice(&[], m, n))
            .collect());
    }
    Ok(s.chunks_exact(m * n)
        .map(|c| MatRef::from_row_major_slice(c, m, n))
        .collect())
}

/// Append `a` (row-major), conjugate-transposed with `adjoint`.
fn push<T: Lin>(out: &mut Vec<T>, a: MatRef<'_, T>, adjoint: bool) {
    if adjoint {
        for j in 0..a.ncols() {
            for i in 0..a.nrows() {
                out.push(T::from_c(a[(i, j)].to_c().conj()));
            }
        }
    } else {
        for i in 0..a.nrows() {
            for j in 0..a.ncols() {
                out.push(a[(i, j)]);
            }
        }
    }
}

fn with(batch: &Shape, dims: &[usize]) -> Shape {
    batch.iter().copied().chain(dims.iter().copied()).collect()
}

/// Whether the LU factorisation has an exact zero pivot.
fn singular<T: Lin>(u: MatRef<'_, T>) -> bool {
    (0..u.nrows().min(u.ncols())).any(|i| u[(i, i)].to_c() == Complex64::new(0.0, 0.0))
}

fn singular_error(op: &str, x: &Array, which: usize) -> Error {
    Error::invalid(
        op,
        format!(
            "matrix {which} of the {} array of shape {} is singular",
            x.dtype(),
            x.shape()
        ),
    )
}

/// Make the first `cols` columns of `u` canonical: each is multiplied by
/// the unit number that makes its entry of largest magnitude (the first
/// such) real and positive. Returns those factors, so that a paired factor
/// (the `V` of an SVD) can follow. Singular and eigenvectors are unique up
/// to such a factor; this choice is continuous in the input away from ties.
fn canonical_columns<T: Lin>(u: &mut Mat<T>, cols: usize) -> Vec<Complex64> {
    let mut factors = Vec::with_capacity(cols);
    for j in 0..cols {
        let mut best = Complex64::new(0.0, 0.0);
        for i in 0..u.nrows() {
            let v = u[(i, j)].to_c();
            if v.norm() > best.norm() {
                best = v;
            }
        }
        let f = if best.norm() > 0.0 {
            (best / best.norm()).conj()
        } else {
            Complex64::new(1.0, 0.0)
        };
        for i in 0..u.nrows() {
            u[(i, j)] = T::from_c(u[(i, j)].to_c() * f);
        }
        factors.push(f);
    }
    factors
}

/// Make the diagonal of a complex `R` real and non-negative (as LAPACK's
/// `geqrf` makes it real): row `i` of `r` times `conj(p)`, column `i` of
/// `q` times `p`, with `p` the phase of `r_ii`, for `i < k`. `Q R` is
/// unchanged, and the factors become a continuous function of the input
/// (the derivative of `qr` assumes this gauge).
fn real_diagonal<T: Lin>(q: &mut Mat<T>, r: &mut Mat<T>, k: usize) {
    for i in 0..k {
        let d = r[(i, i)].to_c();
        if d.norm() == 0.0 {
            continue;
        }
        let p = d / d.norm();
        for j in 0..r.ncols() {
            r[(i, j)] = T::from_c(r[(i, j)].to_c() * p.conj());
        }
        r[(i, i)] = T::from_c(Complex64::new(d.norm(), 0.0));
        for row in 0..q.nrows() {
            q[(row, i)] = T::from_c(q[(row, i)].to_c() * p);
        }
    }
}

/// Scale each of the `n` columns of the row-major `n x n` eigenvectors `v`
/// to unit Euclidean norm, then by the unit number that makes its entry
/// of largest magnitude real and positive (LAPACK's `geev` normalises to
/// unit norm with a real largest component; the sign is fixed here so
/// that the choice is continuous in the input away from ties).
fn unit_columns(v: &mut [Complex64], n: usize) {
    for j in 0..n {
        let norm = (0..n).map(|i| v[i * n + j].norm_sqr()).sum::<f64>().sqrt();
        let mut best = Complex64::new(0.0, 0.0);
        for i in 0..n {
            if v[i * n + j].norm() > best.norm() {
                best = v[i * n + j];
            }
        }
        if norm == 0.0 || best.norm() == 0.0 {
            continue;
        }
        let f = (best / best.norm()).conj() / norm;
        for i in 0..n {
            v[i * n + j] *= f;
        }
    }
}

/// The Hermitian matrix whose lower triangle is that of `a`, with the
/// real part of its diagonal (as LAPACK's `heevd` reads it: faer's solver
/// would otherwise see the diagonal's imaginary part).
fn hermitian_from_lower<T: Lin>(a: MatRef<'_, T>) -> Mat<T> {
    let n = a.nrows();
    Mat::from_fn(n, n, |i, j| match i.cmp(&j) {
        std::cmp::Ordering::Greater => a[(i, j)],
        std::cmp::Ordering::Less => T::from_c(a[(j, i)].to_c().conj()),
        std::cmp::Ordering::Equal => T::from_c(Complex64::new(a[(i, i)].to_c().re, 0.0)),
    })
}

/// `x * 2^e`, exact whenever the result is a normal number (and rounded
/// once when it is subnormal): applied in steps of at most `2^±1000` so
/// that no step overflows or underflows on its own (`2f64.powi(-1074)` is
/// zero, `2f64.powi(1024)` infinite).
fn times_pow2(mut x: f64, mut e: i32) -> f64 {
    const STEP: i32 = 1000;
    while e > STEP {
        x *= 2f64.powi(STEP);
        e -= STEP;
    }
    while e < -STEP {
        x *= 2f64.powi(-STEP);
        e += STEP;
    }
    x * 2f64.powi(e)
}

/// `a` scaled by the power of two `2^-e` that brings its entry of largest
/// magnitude (largest real or imaginary part) into `[1, 2)`, and `e`
/// (`0`, unscaled, for a zero matrix or one with a NaN or an infinity).
/// The scaling is exact, except for entries below `2^-1022` times the
/// largest, which become subnormal. faer's SVD iterations lose
/// convergence or accuracy on matrices whose entries are far from 1
/// (`svdvals` of a 2 x 3 matrix times `2^600` does not converge, times
/// `2^-600` is off by 5%), as their squares overflow or underflow; the
/// factorisation of the scaled matrix is then unscaled by its law
/// (singular values times `2^e`, vectors unchanged).
fn balanced<T: Lin>(a: MatRef<'_, T>) -> (Mat<T>, i32) {
    let mut top = 0f64;
    for j in 0..a.ncols() {
        for i in 0..a.nrows() {
            let c = a[(i, j)].to_c();
            // `f64::max` would skip a NaN: keep it.
            for part in [c.re.abs(), c.im.abs()] {
                if part.is_nan() || part > top {
                    top = part;
                }
            }
        }
    }
    if top == 0.0 || !top.is_finite() {
        return (a.to_owned(), 0);
    }
    let e = top.log2().floor() as i32;
    let scaled = Mat::from_fn(a.nrows(), a.ncols(), |i, j| {
        let c = a[(i, j)].to_c();
        T::from_c(Complex64::new(times_pow2(c.re, -e), times_pow2(c.im, -e)))
    });
    (scaled, e)
}

/// A real result `r` of a factorisation of `a * 2^-e` brought back to the
/// scale of `a` by its law `r * 2^p` (singular values: `p = e`).
fn unscale<T: Lin>(r: T::R, p: i32) -> T::R {
    if p == 0 {
        r
    } else {
        T::real_from(times_pow2(T::real_to(r), p))
    }
}

pub(crate) fn cholesky<T: Lin>(x: &Array, upper: bool) -> Result<Array> {
    let op = "cholesky";
    let (batch, n) = square(x);
    let mut out = Vec::with_capacity(x.size());
    for (k, a) in each::<T>(op, x, n, n)?.into_iter().enumerate() {
        let llt = a.llt(Side::Lower).map_err(|_| {
            Error::invalid(
                op,
                format!(
                    "matrix {k} of the {} array of shape {} is not positive definite",
                    x.dtype(),
                    x.shape()
                ),
            )
        })?;
        let l = llt.L();
        let mut lower = Mat::<T>::zeros(n, n);
        for i in 0..n {
            for j in 0..=i {
                lower[(i, j)] = l[(i, j)];
            }
        }
        push(&mut out, lower.as_ref(), upper);
    }
    Ok(host::out_vec(with(&batch, &[n, n]), out))
}

/// The sign of the permutation of `perm` (forward indices).
fn parity(perm: &[usize]) -> f64 {
    let mut seen = vec![false; perm.len()];
    let mut swaps = 0usize;
    for start in 0..perm.len() {
        let mut i = start;
        let mut len = 0usize;
        while !seen[i] {
            seen[i] = true;
            i = perm[i];
            len += 1;
        }
        swaps += len.saturating_sub(1);
    }
    if swaps.is_multiple_of(2) { 1.0 } else { -1.0 }
}

/// `(sign, log|det|)` of one matrix, in complex128 and float64.
fn slogdet_one<T: Lin>(a: MatRef<'_, T>) -> (Complex64, f64) {
    let n = a.nrows();
    if n == 0 {
        return (Complex64::new(1.0, 0.0), 0.0);
    }
    let lu = a.partial_piv_lu();
    let u = lu.U();
    let mut sign = Complex64::new(parity(lu.P().arrays().0), 0.0);
    let mut log = 0.0;
    for i in 0..n {
        let d = u[(i, i)].to_c();
        let r = d.norm();
        if r == 0.0 {
            return (Complex64::new(0.0, 0.0), f64::NEG_INFINITY);
        }
        sign *= d / r;
        log += r.ln();
    }
    (sign, log)
}

pub(crate) fn det<T: Lin>(x: &Array) -> Result<Array> {
    let op = "det";
    let (batch, n) = square(x);
    let out: Vec<T> = each::<T>(op, x, n, n)?
        .into_iter()
        .map(|a| {
            if n == 0 {
                T::from_c(Complex64::new(1.0, 0.0))
            } else {
                a.determinant()
            }
        })
        .collect();
    Ok(host::out_vec(batch, out))
}

pub(crate) fn slogdet<T: Lin>(x: &Array) -> Result<(Array, Array)> {
    let op = "slogdet";
    let (batch, n) = square(x);
    let (signs, logs): (Vec<T>, Vec<T::R>) = each::<T>(op, x, n, n)?
        .into_iter()
        .map(|a| {
            let (s, l) = slogdet_one(a);
            (T::from_c(s), T::real_from(l))
        })
        .unzip();
    Ok((
        host::out_vec(batch.clone(), signs),
        host::out_vec(batch, logs),
    ))
}

pub(crate) fn inv<T: Lin>(x: &Array) -> Result<Array> {
    let op = "inv";
    let (batch, n) = square(x);
    let mut out = Vec::with_capacity(x.size());
    for (k, a) in each::<T>(op, x, n, n)?.into_iter().enumerate() {
        let lu = a.partial_piv_lu();
        if singular(lu.U()) {
            return Err(singular_error(op, x, k));
        }
        push(&mut out, lu.inverse().as_ref(), false);
    }
    Ok(host::out_vec(with(&batch, &[n, n]), out))
}

/// The row-major offset, in a batch of `shape`, of the element at `idx` of
/// the broadcast batch (`shape` aligned right, length-1 axes repeated).
fn broadcast_offset(idx: &[usize], shape: &[usize]) -> usize {
    let skip = idx.len() - shape.len();
    idx[skip..]
        .iter()
        .zip(shape)
        .fold(0, |acc, (&i, &d)| acc * d + if d == 1 { 0 } else { i })
}

pub(crate) fn solve<T: Lin>(x1: &Array, x2: &Array) -> Result<Array> {
    let op = "solve";
    let (ba, n) = square(x1);
    let shapes = || vec![x1.shape().clone(), x2.shape().clone()];
    let vector = x2.ndim() == 1;
    let (bb, rows, k) = if vector {
        (Shape::from([0usize; 0]), x2.shape().dims()[0], 1)
    } else {
        let (bb, rows, k) = matrices(x2);
        (bb, rows, k)
    };
    if rows != n {
        return Err(Error::shape(
            op,
            format!("x1 has {n} rows but x2 has {rows}"),
            shapes(),
        ));
    }
    let batch = ivy::broadcast_shapes_of(op, &ba, &bb).map_err(|_| {
        Error::shape(
            op,
            format!("the batch dimensions {ba} and {bb} cannot be broadcast"),
            shapes(),
        )
    })?;
    let a = host::slice::<T>(op, x1)?;
    let b = host::slice::<T>(op, x2)?;
    let mut out = Vec::with_capacity(batch.size() * n * k);
    let mut lus: Vec<Option<faer::linalg::solvers::PartialPivLu<T>>> =
        (0..ba.size()).map(|_| None).collect();
    for flat in 0..batch.size() {
        let idx = unravel(flat, batch.dims());
        let ia = broadcast_offset(&idx, ba.dims());
        let ib = broadcast_offset(&idx, bb.dims());
        if lus[ia].is_none() {
            let am = MatRef::from_row_major_slice(&a[ia * n * n..(ia + 1) * n * n], n, n);
            let lu = am.partial_piv_lu();
            if singular(lu.U()) {
                return Err(singular_error(op, x1, ia));
            }
            lus[ia] = Some(lu);
        }
        let lu = lus[ia]
            .as_ref()
            .ok_or_else(|| Error::invalid(op, "internal error: no factorisation"))?;
        let bm = MatRef::from_row_major_slice(&b[ib * n * k..(ib + 1) * n * k], n, k);
        let sol = lu.solve(bm);
        push(&mut out, sol.as_ref(), false);
    }
    let shape = if vector {
        with(&batch, &[n])
    } else {
        with(&batch, &[n, k])
    };
    Ok(host::out_vec(shape, out))
}

/// The row-major multi-index of `flat` in `dims`.
fn unravel(mut flat: usize, dims: &[usize]) -> Vec<usize> {
    let mut idx = vec![0; dims.len()];
    for (i, &d) in dims.iter().enumerate().rev() {
        if d > 0 {
            idx[i] = flat % d;
            flat /= d;
        }
    }
    idx
}

pub(crate) fn qr<T: Lin>(x: &Array, mode: &str) -> Result<(Array, Array)> {
    let op = "qr";
    // `#[one_of("reduced", "complete")] mode` in the spec.
    let complete = mode == "complete";
    let (batch, m, n) = matrices(x);
    let k = m.min(n);
    let (qc, rr) = if complete { (m, m) } else { (k, k) };
    let mut qs = Vec::with_capacity(batch.size() * m * qc);
    let mut rs = Vec::with_capacity(batch.size() * rr * n);
    for a in each::<T>(op, x, m, n)? {
        let mut q = Mat::<T>::zeros(m, qc);
        let mut r = Mat::<T>::zeros(rr, n);
        if k == 0 {
            for i in 0..m.min(qc) {
                q[(i, i)] = T::from_c(Complex64::new(1.0, 0.0));
            }
        } else {
            let f = a.qr();
            let fq = if complete {
                f.compute_Q()
            } else {
                f.compute_thin_Q()
            };
            q.copy_from(fq.as_ref());
            let fr = f.R();
            for i in 0..rr.min(fr.nrows()) {
                for j in i..n {
                    r[(i, j)] = fr[(i, j)];
                }
            }
            if x.dtype().is_complex() {
                real_diagonal(&mut q, &mut r, k);
            }
        }
        push(&mut qs, q.as_ref(), false);
        push(&mut rs, r.as_ref(), false);
    }
    Ok((
        host::out_vec(with(&batch, &[m, qc]), qs),
        host::out_vec(with(&batch, &[rr, n]), rs),
    ))
}

fn no_convergence(op: &str, x: &Array) -> Error {
    Error::invalid(
        op,
        format!(
            "the iteration did not converge on the {} array of shape {}",
            x.dtype(),
            x.shape()
        ),
    )
}

pub(crate) fn svd<T: Lin>(x: &Array, full_matrices: bool) -> Result<(Array, Array, Array)> {
    let op = "svd";
    let (batch, m, n) = matrices(x);
    let k = m.min(n);
    let (uc, vr) = if full_matrices { (m, n) } else { (k, k) };
    let mut us = Vec::with_capacity(batch.size() * m * uc);
    let mut ss = Vec::with_capacity(batch.size() * k);
    let mut vs = Vec::with_capacity(batch.size() * vr * n);
    for a in each::<T>(op, x, m, n)? {
        if k == 0 {
            let eye = |r: usize, c: usize| {
                let mut e = Mat::<T>::zeros(r, c);
                for i in 0..r.min(c) {
                    e[(i, i)] = T::from_c(Complex64::new(1.0, 0.0));
                }
                e
            };
            push(&mut us, eye(m, uc).as_ref(), false);
            push(&mut vs, eye(vr, n).as_ref(), false);
            continue;
        }
        let (a, e) = balanced(a);
        let f = if full_matrices { a.svd() } else { a.thin_svd() }
            .map_err(|_| no_convergence(op, x))?;
        let mut u = f.U().to_owned();
        let mut v = f.V().to_owned();
        for (j, c) in canonical_columns(&mut u, k).into_iter().enumerate() {
            for i in 0..v.nrows() {
                v[(i, j)] = T::from_c(v[(i, j)].to_c() * c);
            }
        }
        push(&mut us, u.as_ref(), false);
        let s = f.S().column_vector();
        ss.extend((0..k).map(|i| unscale::<T>(T::real_from(s[i].to_c().re), e)));
        push(&mut vs, v.as_ref(), true);
    }
    Ok((
        host::out_vec(with(&batch, &[m, uc]), us),
        host::out_vec(with(&batch, &[k]), ss),
        host::out_vec(with(&batch, &[vr, n]), vs),
    ))
}

pub(crate) fn svdvals<T: Lin>(x: &Array) -> Result<Array> {
    let op = "svdvals";
    let (batch, m, n) = matrices(x);
    let k = m.min(n);
    let mut ss: Vec<T::R> = Vec::with_capacity(batch.size() * k);
    for a in each::<T>(op, x, m, n)? {
        if k == 0 {
            continue;
        }
        let (a, e) = balanced(a);
        let s = a.singular_values().map_err(|_| no_convergence(op, x))?;
        ss.extend(s.into_iter().map(|v| unscale::<T>(v, e)));
    }
    Ok(host::out_vec(with(&batch, &[k]), ss))
}

pub(crate) fn eigh<T: Lin>(x: &Array) -> Result<(Array, Array)> {
    let op = "eigh";
    let (batch, n) = square(x);
    let mut ws: Vec<T::R> = Vec::with_capacity(batch.size() * n);
    let mut vs = Vec::with_capacity(x.size());
    for a in each::<T>(op, x, n, n)? {
        if n == 0 {
            continue;
        }
        let e = hermitian_from_lower(a)
            .self_adjoint_eigen(Side::Lower)
            .map_err(|_| no_convergence(op, x))?;
        let s = e.S().column_vector();
        ws.extend((0..n).map(|i| T::real_from(s[i].to_c().re)));
        let mut u = e.U().to_owned();
        canonical_columns(&mut u, n);
        push(&mut vs, u.as_ref(), false);
    }
    Ok((
        host::out_vec(with(&batch, &[n]), ws),
        host::out_vec(with(&batch, &[n, n]), vs),
    ))
}

pub(crate) fn eigvalsh<T: Lin>(x: &Array) -> Result<Array> {
    let op = "eigvalsh";
    let (batch, n) = square(x);
    let mut ws: Vec<T::R> = Vec::with_capacity(batch.size() * n);
    for a in each::<T>(op, x, n, n)? {
        if n == 0 {
            continue;
        }
        let w = hermitian_from_lower(a)
            .self_adjoint_eigenvalues(Side::Lower)
            .map_err(|_| no_convergence(op, x))?;
        ws.extend(w);
    }
    Ok(host::out_vec(with(&batch, &[n]), ws))
}

pub(crate) fn eig<T: Lin>(op: &str, x: &Array, vectors: bool) -> Result<Vec<Array>> {
    let (batch, n) = square(x);
    let mut ws: Vec<T::C> = Vec::with_capacity(batch.size() * n);
    let mut vs: Vec<T::C> = Vec::with_capacity(if vectors { x.size() } else { 0 });
    for a in each::<T>(op, x, n, n)? {
        if n == 0 {
            continue;
        }
        let (w, mut v) = T::eig(a).ok_or_else(|| no_convergence(op, x))?;
        unit_columns(&mut v, n);
        ws.extend(w.into_iter().map(T::complex_from));
        if vectors {
            vs.extend(v.into_iter().map(T::complex_from));
        }
    }
    let mut out = vec![host::out_vec(with(&batch, &[n]), ws)];
    if vectors {
        out.push(host::out_vec(with(&batch, &[n, n]), vs));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parity_counts_transpositions() {
        assert_eq!(parity(&[0, 1, 2]), 1.0);
        assert_eq!(parity(&[1, 0, 2]), -1.0);
        assert_eq!(parity(&[1, 2, 0]), 1.0);
    }

    #[test]
    fn unit_columns_normalise_and_fix_the_phase() {
        let c = Complex64::new;
        // Columns (3, 4i) and (0, -2), row-major.
        let mut v = vec![c(3.0, 0.0), c(0.0, 0.0), c(0.0, 4.0), c(-2.0, 0.0)];
        unit_columns(&mut v, 2);
        // Column 0: largest entry 4i becomes 0.8, the other 3 * (-i) / 5.
        assert!((v[0] - c(0.0, -0.6)).norm() < 1e-15 && (v[2] - c(0.8, 0.0)).norm() < 1e-15);
        assert!((v[1] - c(0.0, 0.0)).norm() < 1e-15 && (v[3] - c(1.0, 0.0)).norm() < 1e-15);
    }

    #[test]
    fn real_diagonal_keeps_the_product_and_makes_r_ii_real() {
        let c = Complex64::new;
        let mut q =
            Mat::<Complex64>::from_fn(2, 2, |i, j| if i == j { c(1.0, 0.0) } else { c(0.0, 0.0) });
        let mut r = Mat::<Complex64>::from_fn(2, 2, |i, j| match (i, j) {
            (0, 0) => c(0.0, 2.0),
            (0, 1) => c(1.0, 1.0),
            (1, 1) => c(-3.0, 0.0),
            _ => c(0.0, 0.0),
        });
        let before = &q * &r;
        real_diagonal(&mut q, &mut r, 2);
        assert_eq!(r[(0, 0)], c(2.0, 0.0));
        assert_eq!(r[(1, 1)], c(3.0, 0.0));
        let after = &q * &r;
        for i in 0..2 {
            for j in 0..2 {
                assert!((after[(i, j)] - before[(i, j)]).norm() < 1e-15);
            }
        }
    }

    #[test]
    fn hermitian_from_lower_ignores_the_upper_triangle_and_imaginary_diagonal() {
        let c = Complex64::new;
        let a = [c(1.0, 5.0), c(9.0, 9.0), c(2.0, 3.0), c(4.0, -1.0)];
        let h = hermitian_from_lower(MatRef::from_row_major_slice(&a, 2, 2));
        assert_eq!(h[(0, 0)], c(1.0, 0.0));
        assert_eq!(h[(1, 0)], c(2.0, 3.0));
        assert_eq!(h[(0, 1)], c(2.0, -3.0));
        assert_eq!(h[(1, 1)], c(4.0, 0.0));
    }

    #[test]
    fn times_pow2_is_exact_across_the_range() {
        assert_eq!(times_pow2(1.5, 1023), 1.5 * 2f64.powi(1023));
        assert_eq!(times_pow2(1.0, -1074), f64::from_bits(1));
        assert_eq!(times_pow2(f64::from_bits(1), 1074), 1.0);
        assert_eq!(times_pow2(-3.0, -2), -0.75);
        assert_eq!(times_pow2(1.0, 1024), f64::INFINITY);
    }

    #[test]
    fn balanced_brings_the_largest_entry_into_one_to_two() {
        let big = [3.0 * 2f64.powi(600), -2f64.powi(590), 0.0, 1.0];
        let (m, e) = balanced(MatRef::from_row_major_slice(&big, 2, 2));
        assert_eq!(e, 601);
        assert_eq!((m[(0, 0)], m[(0, 1)]), (1.5, -2f64.powi(-11)));
        assert_eq!((m[(1, 0)], m[(1, 1)]), (0.0, 2f64.powi(-601)));
        // Subnormal entries are scaled up exactly.
        let tiny = [f64::from_bits(3), f64::from_bits(1)];
        let (m, e) = balanced(MatRef::from_row_major_slice(&tiny, 1, 2));
        assert_eq!((e, m[(0, 0)], m[(0, 1)]), (-1073, 1.5, 0.5));
        // float32 and complex: the largest real or imaginary part.
        let c = [Complex32::new(1.0, -2f32.powi(100))];
        let (m, e) = balanced(MatRef::from_row_major_slice(&c, 1, 1));
        assert_eq!((e, m[(0, 0)]), (100, Complex32::new(2f32.powi(-100), -1.0)));
        // Zero, NaN and infinite matrices are left alone.
        for v in [0.0, f64::NAN, f64::INFINITY] {
            let (m, e) = balanced(MatRef::from_row_major_slice(&[2f64.powi(700), v], 1, 2));
            assert_eq!(e, if v == 0.0 { 700 } else { 0 });
            assert_eq!(
                m[(0, 0)].to_bits(),
                if v == 0.0 { 1f64 } else { 2f64.powi(700) }.to_bits()
            );
        }
        assert_eq!(
            balanced(MatRef::from_row_major_slice(&[0.0f64; 4], 2, 2)).1,
            0
        );
    }

    #[test]
    fn broadcast_offset_repeats_length_one_axes() {
        assert_eq!(broadcast_offset(&[1, 2], &[3]), 2);
        assert_eq!(broadcast_offset(&[1, 2], &[1, 3]), 2);
        assert_eq!(broadcast_offset(&[1, 2], &[2, 3]), 5);
        assert_eq!(broadcast_offset(&[1, 2], &[]), 0);
    }
}
