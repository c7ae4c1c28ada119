//! The `linear_algebra` ops.

#[doc(hidden)]
#[macro_export]
macro_rules! __ops_linear_algebra {
    ([$($cb:tt)*] $($acc:tt)*) => { $crate::__ops_fft! { [$($cb)*] $($acc)*
category linear_algebra {
    //! Linear algebra: matrix products, transposes, traces, diagonals and norms.

    /// The matrix product of `x1` and `x2` (after promotion), with NumPy's
    /// rules: 1-d operands are vectors, leading dimensions broadcast. Either
    /// operand may be transposed (or conjugate-transposed) first.
    ///
    /// ```
    /// let a = ivy::array![[1, 2], [3, 4]];
    /// assert_eq!(ivy::matmul(&a, &a)?, ivy::array![[7, 10], [15, 22]]);
    /// let t = ivy::matmul_with(&a, &a, ivy::opts::Matmul::new().transpose_a(true))?;
    /// assert_eq!(t, ivy::array![[10, 14], [14, 20]]);
    /// assert!(ivy::matmul(&a, &ivy::array![1, 2, 3]).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[promote]
    #[differentiable]
    #[vjp(x1 = ivy::gradients::rules::matmul_grad(g, x1, x2, [transpose_a, transpose_b, adjoint_a, adjoint_b], 0), x2 = ivy::gradients::rules::matmul_grad(g, x1, x2, [transpose_a, transpose_b, adjoint_a, adjoint_b], 1))]
    fn matmul(
        x1: Array,
        x2: Array,
        #[default(false)] transpose_a: bool,
        #[default(false)] transpose_b: bool,
        #[default(false)] adjoint_a: bool,
        #[default(false)] adjoint_b: bool,
    ) -> Array;

    /// `x` with its last two axes swapped (and conjugated with `conjugate`).
    ///
    /// ```
    /// assert_eq!(ivy::matrix_transpose(&ivy::array![[1, 2, 3]])?, ivy::array![[1], [2], [3]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[differentiable]
    #[vjp(x = ivy::matrix_transpose_with(g, ivy::opts::MatrixTranspose::new().conjugate(conjugate)))]
    fn matrix_transpose(x: Array, #[default(false)] conjugate: bool) -> Array;

    /// The outer product of the 1-d arrays `x1` and `x2`.
    ///
    /// ```
    /// assert_eq!(ivy::outer(&ivy::array![1, 2], &ivy::array![3, 4])?, ivy::array![[3, 4], [6, 8]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[promote]
    #[differentiable]
    #[sample(x1 = [3], x2 = [2])]
    #[vjp(x1 = ivy::matmul(g, &ivy::conj(&ivy::reshape(x2, ivy::Ints::from([-1i64]))?)?), x2 = ivy::matmul(&ivy::conj(&ivy::reshape(x1, ivy::Ints::from([-1i64]))?)?, g))]
    fn outer(x1: Array, x2: Array) -> Array;

    /// The sum of the `offset`-th diagonal of the matrices of `x` over the
    /// axes `axis1` and `axis2`.
    ///
    /// ```
    /// assert_eq!(ivy::trace(&ivy::array![[1, 2], [3, 4]])?.item()?, ivy::Scalar::Int(5));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::untrace(g, x, offset, axis1, axis2))]
    #[check(ivy::checks::distinct_axes)]
    fn trace(
        #[min_ndim(2)] x: Array,
        #[default(0)] offset: i64,
        #[default(0)] axis1: Axis,
        #[default(1)] axis2: Axis,
    ) -> Array;

    /// The `offset`-th diagonal of the matrices of `x` over `axis1` and
    /// `axis2` (appended as the last axis).
    ///
    /// ```
    /// assert_eq!(ivy::diagonal(&ivy::array![[1, 2], [3, 4]])?, ivy::array![1, 4]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::undiagonal(g, x, offset, axis1, axis2))]
    #[check(ivy::checks::distinct_axes)]
    fn diagonal(
        #[min_ndim(2)] x: Array,
        #[default(0)] offset: i64,
        #[default(-2)] axis1: Axis,
        #[default(-1)] axis2: Axis,
    ) -> Array;

    /// The Cholesky factor of the Hermitian positive-definite matrices `x`:
    /// the lower-triangular `L` with `L L^H = x` (or, with `upper`, the
    /// upper-triangular `U = L^H`, `U^H U = x`). Only the lower triangle of
    /// `x` is read. A matrix that is not positive definite is an error.
    ///
    /// ```
    /// let l = ivy::cholesky(&ivy::array![[4.0, 2.0], [2.0, 5.0]])?;
    /// assert_eq!(l, ivy::array![[2.0, 0.0], [1.0, 2.0]]);
    /// assert!(ivy::cholesky(&ivy::array![[1.0, 2.0], [2.0, 1.0]]).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes((float32, float64, complex64, complex128))]
    #[differentiable]
    #[sample(x = [1, 1])]
    #[vjp(x = ivy::gradients::rules::cholesky_grad(g, out, upper))]
    fn cholesky(#[square] x: Array, #[default(false)] upper: bool) -> Array;

    /// The determinants of the square matrices `x` (over its last two axes).
    ///
    /// ```
    /// let d = ivy::det(&ivy::array![[1.0, 2.0], [3.0, 4.0]])?;
    /// assert!((d.to_vec::<f32>()?[0] + 2.0).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes((float32, float64, complex64, complex128))]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::det_grad(g, out, x))]
    fn det(#[square] x: Array) -> Array;

    /// The sign (a unit complex number for complex `x`; 0 for a singular
    /// matrix) and the natural logarithm of the absolute value of the
    /// determinant of the square matrices `x`: `det = sign * exp(logabsdet)`.
    /// `logabsdet` is real; a singular matrix gives `(0, -inf)`.
    ///
    /// ```
    /// let (sign, logabs) = ivy::slogdet(&ivy::array![[1.0, 2.0], [3.0, 4.0]])?;
    /// assert_eq!(sign.to_vec::<f32>()?, vec![-1.0]);
    /// assert!((logabs.to_vec::<f32>()?[0] - 2f32.ln()).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes((float32, float64, complex64, complex128))]
    #[out(custom)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::slogdet_grad(gs, outs, x))]
    fn slogdet(#[square] x: Array) -> (Array, Array);

    /// The inverses of the square matrices `x`. A singular matrix (an exact
    /// zero pivot in its LU factorisation, as NumPy's `LinAlgError`) is an
    /// error.
    ///
    /// ```
    /// let i = ivy::inv(&ivy::array![[2.0, 0.0], [0.0, 4.0]])?;
    /// assert_eq!(i, ivy::array![[0.5, 0.0], [0.0, 0.25]]);
    /// assert!(ivy::inv(&ivy::array![[1.0, 2.0], [2.0, 4.0]]).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes((float32, float64, complex64, complex128))]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::inv_grad(g, out))]
    fn inv(#[square] x: Array) -> Array;

    /// The solution `x` of `x1 · x = x2` for square `x1`. `x2` is a vector
    /// when it is 1-d, else a stack of matrices; the batch axes of `x1` and
    /// `x2` broadcast (the Array API 2024.12 rule). A singular `x1` is an
    /// error.
    ///
    /// ```
    /// let a = ivy::array![[2.0, 0.0], [0.0, 4.0]];
    /// assert_eq!(ivy::solve(&a, &ivy::array![2.0, 2.0])?, ivy::array![1.0, 0.5]);
    /// assert_eq!(ivy::solve(&a, &ivy::array![[2.0], [8.0]])?, ivy::array![[1.0], [2.0]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes((float32, float64, complex64, complex128))]
    #[promote]
    #[differentiable]
    #[sample(x1 = [1, 1], x2 = [1])]
    #[vjp(x1 = ivy::gradients::rules::solve_grad(g, out, x1, x2, 0), x2 = ivy::gradients::rules::solve_grad(g, out, x1, x2, 1))]
    fn solve(#[square] x1: Array, #[min_ndim(1)] x2: Array) -> Array;

    /// The QR factorisation `x = Q R` of the matrices `x` (`m x n`, `k =
    /// min(m, n)`): with `mode = "reduced"` `Q` is `m x k` with orthonormal
    /// columns and `R` is `k x n` upper triangular; with `"complete"` `Q`
    /// is `m x m` unitary and `R` is `m x n`. The signs of the diagonal of
    /// `R` are those LAPACK-style Householder reflections give (not made
    /// positive), as NumPy's; for complex `x` the diagonal of `R` is real
    /// and non-negative. Differentiable (PyTorch's rule) where `Q` and
    /// `R` are determined by `x`: `m >= n` with `"reduced"`, any `m <= n`;
    /// `"complete"` with `m > n` is refused, and `R` must be invertible.
    ///
    /// ```
    /// let a = ivy::array![[3.0, 0.0], [4.0, 5.0]];
    /// let (q, r) = ivy::qr(&a)?;
    /// let back = ivy::matmul(&q, &r)?;
    /// let near = ivy::allclose_with(&back, &a, ivy::opts::Allclose::new().atol(1e-6))?;
    /// assert_eq!(near.item()?, ivy::Scalar::Bool(true));
    /// // |R| = [[5, 4], [0, 3]] (the signs are the reflections').
    /// assert_eq!(ivy::abs(&r)?, ivy::array![[5.0, 4.0], [0.0, 3.0]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes((float32, float64, complex64, complex128))]
    #[out(custom)]
    #[differentiable]
    #[sample(x = [3, 2], mode = "reduced")]
    #[vjp(x = ivy::gradients::rules::qr_grad(gs, outs, x, mode))]
    fn qr(#[min_ndim(2)] x: Array, #[default("reduced")] #[one_of("reduced", "complete")] mode: Str) -> (Array, Array);

    /// The singular value decomposition `x = U diag(S) Vh` of the matrices
    /// `x` (`m x n`, `k = min(m, n)`): `S` (real, descending) has `k`
    /// values; `U` is `m x m` and `Vh` `n x n` with `full_matrices`, else
    /// `m x k` and `k x n`. Singular vectors are unique only up to a phase
    /// per pair: the derivative (real and complex inputs) is that of a
    /// loss's phase-invariant part, as PyTorch's, and needs distinct
    /// non-zero singular values; with `full_matrices` it needs square
    /// matrices.
    ///
    /// ```
    /// let (u, s, vh) = ivy::svd(&ivy::array![[3.0, 0.0], [0.0, -4.0]])?;
    /// assert_eq!(s, ivy::array![4.0, 3.0]);
    /// let back = ivy::matmul(&ivy::multiply(&u, &s)?, &vh)?;
    /// assert!(ivy::allclose(&back, &ivy::array![[3.0, 0.0], [0.0, -4.0]])?.item()? == ivy::Scalar::Bool(true));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes((float32, float64, complex64, complex128))]
    #[out(custom)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::svd_grad(gs, outs, x, full_matrices))]
    fn svd(#[min_ndim(2)] x: Array, #[default(true)] full_matrices: bool) -> (Array, Array, Array);

    /// The singular values of the matrices `x`, descending (real).
    ///
    /// ```
    /// assert_eq!(ivy::svdvals(&ivy::array![[0.0, 2.0], [-5.0, 0.0]])?, ivy::array![5.0, 2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes((float32, float64, complex64, complex128))]
    #[out(real)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::svdvals_grad(g, x))]
    fn svdvals(#[min_ndim(2)] x: Array) -> Array;

    /// The eigenvalues (real, ascending) and orthonormal eigenvectors (the
    /// columns of the second result) of the Hermitian matrices `x`, read
    /// from their lower triangle (the imaginary part of the diagonal is
    /// ignored, as LAPACK's): `x V = V diag(w)`.
    ///
    /// ```
    /// let (w, v) = ivy::eigh(&ivy::array![[2.0, 1.0], [1.0, 2.0]])?;
    /// assert!(ivy::allclose(&w, &ivy::array![1.0, 3.0])?.item()? == ivy::Scalar::Bool(true));
    /// let h = std::f32::consts::FRAC_1_SQRT_2;
    /// assert!((v.to_vec::<f32>()?[1].abs() - h).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes((float32, float64, complex64, complex128))]
    #[out(custom)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::eigh_grad(gs, outs))]
    fn eigh(#[square] x: Array) -> (Array, Array);

    /// The eigenvalues (real, ascending) of the Hermitian matrices `x`, read
    /// from their lower triangle.
    ///
    /// ```
    /// let w = ivy::eigvalsh(&ivy::array![[2.0, 1.0], [1.0, 2.0]])?;
    /// assert!(ivy::allclose(&w, &ivy::array![1.0, 3.0])?.item()? == ivy::Scalar::Bool(true));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes((float32, float64, complex64, complex128))]
    #[out(real)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::eigvalsh_grad(g, x))]
    fn eigvalsh(#[square] x: Array) -> Array;

    /// The eigenvalues and right eigenvectors (columns of unit norm, each
    /// with its entry of largest magnitude real and positive) of the
    /// general square matrices `x`, both complex (`complex64` for
    /// `float32`/`complex64` input, `complex128` for the 64-bit ones), in
    /// the order the Schur form gives them (not sorted, as NumPy). The
    /// derivative (PyTorch's) needs distinct eigenvalues and is that of a
    /// loss's part invariant under each eigenvector's phase.
    ///
    /// ```
    /// let (w, _v) = ivy::eig(&ivy::array![[0.0, -1.0], [1.0, 0.0]])?;
    /// let mut im = ivy::imag(&w)?.to_vec::<f32>()?;
    /// im.sort_by(f32::total_cmp);
    /// assert_eq!(im, vec![-1.0, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes((float32, float64, complex64, complex128))]
    #[out(custom)]
    #[differentiable]
    #[sample(x = [3, 3])]
    #[vjp(x = ivy::gradients::rules::eig_grad(gs, outs, x))]
    fn eig(#[square] x: Array) -> (Array, Array);

    /// The eigenvalues of the general square matrices `x` (complex), as
    /// [`eig`](crate::eig) gives them.
    ///
    /// ```
    /// let w = ivy::eigvals(&ivy::array![[2.0, 0.0], [0.0, 3.0]])?;
    /// let mut re = ivy::real(&w)?.to_vec::<f32>()?;
    /// re.sort_by(f32::total_cmp);
    /// assert_eq!(re, vec![2.0, 3.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes((float32, float64, complex64, complex128))]
    #[out(custom)]
    #[differentiable]
    #[sample(x = [3, 3])]
    #[vjp(x = ivy::gradients::rules::eigvals_grad(g, x))]
    fn eigvals(#[square] x: Array) -> Array;

    /// The `ord`-norm of the matrices of `x` (its last two axes): `"fro"`
    /// (Frobenius, the default), `"nuc"` (sum of singular values), `"1"` /
    /// `"-1"` (largest / smallest column sum of magnitudes), `"2"` / `"-2"`
    /// (largest / smallest singular value), `"inf"` / `"-inf"` (largest /
    /// smallest row sum). Real; with `keepdims` the two axes stay as 1s.
    ///
    /// ```
    /// let x = ivy::array![[1.0, -2.0], [3.0, 4.0]];
    /// assert_eq!(ivy::matrix_norm(&x)?.item()?, ivy::Scalar::Float(30f64.sqrt() as f32 as f64));
    /// let one = ivy::matrix_norm_with(&x, ivy::opts::MatrixNorm::new().ord("1"))?;
    /// assert_eq!(one.item()?, ivy::Scalar::Float(6.0));
    /// let inf = ivy::matrix_norm_with(&x, ivy::opts::MatrixNorm::new().ord("inf").keepdims(true))?;
    /// assert_eq!(inf, ivy::array![[7.0]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes((float32, float64, complex64, complex128))]
    #[out(real)]
    fn matrix_norm(x: Array, #[default(false)] keepdims: bool, #[default("fro")] ord: Str) -> Array {
        let op = "matrix_norm";
        if x.ndim() < 2 {
            return Err(ivy::Error::shape(op, "needs an array of at least 2 dimensions", vec![x.shape().clone()]));
        }
        let a = ivy::abs(x)?;
        let sum = |axis: i64| ivy::sum_with(&a, ivy::opts::Sum::new().axis(axis).dtype(a.dtype()));
        let last = ivy::opts::Max::new().axis(-1);
        let least = ivy::opts::Min::new().axis(-1);
        let n = match ord {
            "fro" => ivy::sqrt(&ivy::sum_with(&ivy::multiply(&a, &a)?, ivy::opts::Sum::new().axis([-2, -1]).dtype(a.dtype()))?)?,
            "nuc" => ivy::sum_with(&ivy::svdvals(x)?, ivy::opts::Sum::new().axis(-1).dtype(a.dtype()))?,
            "2" => ivy::max_with(&ivy::svdvals(x)?, last)?,
            "-2" => ivy::min_with(&ivy::svdvals(x)?, least)?,
            "1" => ivy::max_with(&sum(-2)?, last)?,
            "-1" => ivy::min_with(&sum(-2)?, least)?,
            "inf" => ivy::max_with(&sum(-1)?, last)?,
            "-inf" => ivy::min_with(&sum(-1)?, least)?,
            other => {
                return Err(ivy::Error::invalid(
                    op,
                    format!("ord must be one of \"fro\", \"nuc\", \"1\", \"-1\", \"2\", \"-2\", \"inf\", \"-inf\"; got {other:?}"),
                ));
            }
        };
        if keepdims {
            ivy::expand_dims_with(&n, ivy::opts::ExpandDims::new().axis([-2, -1]))
        } else {
            Ok(n)
        }
    }

    /// The square matrices `x` raised to the integer power `n` (by repeated
    /// squaring; `n = 0` gives identities, a negative `n` the power of the
    /// inverse).
    ///
    /// ```
    /// let x = ivy::array![[1.0, 1.0], [0.0, 1.0]];
    /// assert_eq!(ivy::matrix_power(&x, 3)?, ivy::array![[1.0, 3.0], [0.0, 1.0]]);
    /// assert_eq!(ivy::matrix_power(&x, -1)?, ivy::array![[1.0, -1.0], [0.0, 1.0]]);
    /// assert_eq!(ivy::matrix_power(&x, 0)?, ivy::array![[1.0, 0.0], [0.0, 1.0]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes((float32, float64, complex64, complex128))]
    #[sample(n = 3i64)]
    fn matrix_power(x: Array, n: i64) -> Array {
        let op = "matrix_power";
        let &[.., r, c] = x.shape().dims() else {
            return Err(ivy::Error::shape(op, "needs an array of at least 2 dimensions", vec![x.shape().clone()]));
        };
        if r != c {
            return Err(ivy::Error::shape(op, format!("needs square matrices, got {r} x {c}"), vec![x.shape().clone()]));
        }
        let eye = ivy::eye_with(r, ivy::opts::Eye::new().dtype(x.dtype()))?;
        if n == 0 {
            return ivy::multiply(&eye, &ivy::ones_like(x)?);
        }
        let mut base = if n < 0 { ivy::inv(x)? } else { x.clone() };
        let mut k = n.unsigned_abs();
        let mut acc: Option<ivy::Array> = None;
        while k > 0 {
            if k & 1 == 1 {
                acc = Some(match acc {
                    None => base.clone(),
                    Some(a) => ivy::matmul(&a, &base)?,
                });
            }
            k >>= 1;
            if k > 0 {
                base = ivy::matmul(&base, &base)?;
            }
        }
        acc.ok_or_else(|| ivy::Error::invalid(op, "internal error: empty power"))
    }

    /// The rank of the matrices `x`: how many singular values exceed
    /// `rtol` times the largest (`rtol` defaults to `max(m, n)` times the
    /// machine epsilon of the dtype, as NumPy). `int64`.
    ///
    /// ```
    /// assert_eq!(ivy::matrix_rank(&ivy::array![[1.0, 2.0], [2.0, 4.0]])?.item()?, ivy::Scalar::Int(1));
    /// assert_eq!(ivy::matrix_rank(&ivy::array![[1.0, 2.0], [3.0, 4.0]])?.item()?, ivy::Scalar::Int(2));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes((float32, float64, complex64, complex128))]
    #[out(index)]
    fn matrix_rank(x: Array, #[default(None)] rtol: Option<f64>) -> Array {
        let s = ivy::svdvals(x)?;
        let &[.., m, n] = x.shape().dims() else {
            return Err(ivy::Error::shape("matrix_rank", "needs an array of at least 2 dimensions", vec![x.shape().clone()]));
        };
        let eps = if matches!(x.dtype(), ivy::Dtype::Float32 | ivy::Dtype::Complex64) { f64::from(f32::EPSILON) } else { f64::EPSILON };
        let rtol = rtol.unwrap_or(m.max(n) as f64 * eps);
        let top = if s.size() == 0 { ivy::zeros_like(&s)? } else { ivy::max_with(&s, ivy::opts::Max::new().axis(-1).keepdims(true))? };
        let big = ivy::greater(&s, &ivy::multiply(&top, rtol)?)?;
        ivy::sum_with(&ivy::astype(&big, ivy::Dtype::Int64)?, ivy::opts::Sum::new().axis(-1).dtype(ivy::Dtype::Int64))
    }

    /// The Moore-Penrose pseudo-inverse of the matrices `x`, from their
    /// SVD, with singular values at most `rtol` times the largest taken as
    /// zero (`rtol` defaults to `max(m, n)` times the machine epsilon).
    ///
    /// ```
    /// let p = ivy::pinv(&ivy::array![[2.0, 0.0], [0.0, 0.0]])?;
    /// assert!(ivy::allclose(&p, &ivy::array![[0.5, 0.0], [0.0, 0.0]])?.item()? == ivy::Scalar::Bool(true));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes((float32, float64, complex64, complex128))]
    fn pinv(x: Array, #[default(None)] rtol: Option<f64>) -> Array {
        let &[.., m, n] = x.shape().dims() else {
            return Err(ivy::Error::shape("pinv", "needs an array of at least 2 dimensions", vec![x.shape().clone()]));
        };
        let (u, s, vh) = ivy::svd_with(x, ivy::opts::Svd::new().full_matrices(false))?;
        let eps = if matches!(x.dtype(), ivy::Dtype::Float32 | ivy::Dtype::Complex64) { f64::from(f32::EPSILON) } else { f64::EPSILON };
        let rtol = rtol.unwrap_or(m.max(n) as f64 * eps);
        let top = if s.size() == 0 { ivy::zeros_like(&s)? } else { ivy::max_with(&s, ivy::opts::Max::new().axis(-1).keepdims(true))? };
        let keep = ivy::greater(&s, &ivy::multiply(&top, rtol)?)?;
        let safe = ivy::r#where(&keep, &s, &ivy::ones_like(&s)?)?;
        let s_inv = ivy::r#where(&keep, &ivy::reciprocal(&safe)?, &ivy::zeros_like(&s)?)?;
        let adj = ivy::opts::MatrixTranspose::new().conjugate(true);
        let v = ivy::matrix_transpose_with(&vh, adj.clone())?;
        let scaled = ivy::multiply(&v, &ivy::expand_dims_with(&s_inv, ivy::opts::ExpandDims::new().axis(-2))?)?;
        ivy::matmul(&scaled, &ivy::matrix_transpose_with(&u, adj)?)
    }

    /// The tensor contraction of `x1` and `x2` (Ivy's and NumPy's
    /// `tensordot`): `axes` is a number `n` (the last `n` axes of `x1` with
    /// the first `n` of `x2`) or a pair of axis lists contracted pairwise,
    /// NumPy's `axes=([1, 0], [0, 1])` (an [`ivy::Contraction`](crate::Contraction),
    /// built from either). `x1_axes` and `x2_axes`, given together, are the
    /// pair in keyword form and replace `axes`. The free axes of `x1` then
    /// those of `x2` remain.
    ///
    /// ```
    /// let a = ivy::array![[1, 2], [3, 4]];
    /// assert_eq!(ivy::tensordot(&a, &a)?.item()?, ivy::Scalar::Int(30));
    /// let m = ivy::tensordot_with(&a, &a, ivy::opts::Tensordot::new().axes(1))?;
    /// assert_eq!(m, ivy::array![[7, 10], [15, 22]]);
    /// let t = ivy::tensordot_with(&a, &a, ivy::opts::Tensordot::new().axes(([0], [0])))?;
    /// assert_eq!(t, ivy::array![[10, 14], [14, 20]]);
    /// // sum_ij a_ij a_ji = 1 + 2 * 3 + 3 * 2 + 16.
    /// let full = ivy::tensordot_with(&a, &a, ivy::opts::Tensordot::new().axes(([1, 0], [0, 1])))?;
    /// assert_eq!(full.item()?, ivy::Scalar::Int(29));
    /// let kw = ivy::tensordot_with(&a, &a, ivy::opts::Tensordot::new().x1_axes([0]).x2_axes([0]))?;
    /// assert_eq!(kw, t);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(numeric)]
    #[promote]
    fn tensordot(
        x1: Array,
        x2: Array,
        #[default(2)] axes: Contraction,
        #[default(None)] x1_axes: Option<Ints>,
        #[default(None)] x2_axes: Option<Ints>,
    ) -> Array {
        let op = "tensordot";
        let shapes = || vec![x1.shape().clone(), x2.shape().clone()];
        let (n1, n2) = (x1.ndim(), x2.ndim());
        let norm = |v: &[i64], nd: usize| -> ivy::Result<Vec<usize>> {
            v.iter().map(|&a| ivy::shape::normalize_axis(op, a, nd)).collect()
        };
        let (a1, a2): (Vec<usize>, Vec<usize>) = match (x1_axes, x2_axes, axes) {
            (Some(p), Some(q), _) => (norm(p.as_slice(), n1)?, norm(q.as_slice(), n2)?),
            (None, None, ivy::Contraction::Pairs(p, q)) => (norm(p, n1)?, norm(q, n2)?),
            (None, None, &ivy::Contraction::Count(axes)) => {
                let k = usize::try_from(axes).map_err(|_| ivy::Error::invalid(op, format!("axes must be non-negative, got {axes}")))?;
                if k > n1 || k > n2 {
                    return Err(ivy::Error::shape(op, format!("cannot contract {k} axes"), shapes()));
                }
                ((n1 - k..n1).collect(), (0..k).collect())
            }
            _ => return Err(ivy::Error::invalid(op, "x1_axes and x2_axes must be given together")),
        };
        if a1.len() != a2.len() {
            return Err(ivy::Error::shape(op, format!("{} axes of x1 against {} of x2", a1.len(), a2.len()), shapes()));
        }
        let (d1, d2) = (x1.shape().dims(), x2.shape().dims());
        for (&i, &j) in a1.iter().zip(&a2) {
            if d1[i] != d2[j] {
                return Err(ivy::Error::shape(op, format!("axis {i} of x1 has length {} but axis {j} of x2 has {}", d1[i], d2[j]), shapes()));
            }
        }
        let mut seen1 = a1.clone();
        seen1.sort_unstable();
        seen1.dedup();
        let mut seen2 = a2.clone();
        seen2.sort_unstable();
        seen2.dedup();
        if seen1.len() != a1.len() || seen2.len() != a2.len() {
            return Err(ivy::Error::invalid(op, "an axis is repeated"));
        }
        let free1: Vec<usize> = (0..n1).filter(|i| !a1.contains(i)).collect();
        let free2: Vec<usize> = (0..n2).filter(|i| !a2.contains(i)).collect();
        let k: usize = a1.iter().map(|&i| d1[i]).product();
        let f1: usize = free1.iter().map(|&i| d1[i]).product();
        let f2: usize = free2.iter().map(|&i| d2[i]).product();
        let perm1: Vec<i64> = free1.iter().chain(&a1).map(|&i| i as i64).collect();
        let perm2: Vec<i64> = a2.iter().chain(&free2).map(|&i| i as i64).collect();
        let p1 = ivy::reshape(&ivy::permute_dims(x1, perm1)?, [f1 as i64, k as i64])?;
        let p2 = ivy::reshape(&ivy::permute_dims(x2, perm2)?, [k as i64, f2 as i64])?;
        let out: Vec<i64> = free1.iter().map(|&i| d1[i] as i64).chain(free2.iter().map(|&i| d2[i] as i64)).collect();
        ivy::reshape(&ivy::matmul(&p1, &p2)?, out)
    }

    /// The inner product of `x1` and `x2` over their last axes (no
    /// conjugation): of shape `x1.shape[:-1] + x2.shape[:-1]`; a 0-d
    /// operand multiplies.
    ///
    /// ```
    /// assert_eq!(ivy::inner(&ivy::array![1, 2, 3], &ivy::array![0, 1, 0])?.item()?, ivy::Scalar::Int(2));
    /// let m = ivy::inner(&ivy::array![[1, 2], [3, 4]], &ivy::array![[1, 0], [0, 1]])?;
    /// assert_eq!(m, ivy::array![[1, 2], [3, 4]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(numeric)]
    #[promote]
    #[sample(x1 = [2, 3], x2 = [3])]
    fn inner(x1: Array, x2: Array) -> Array {
        if x1.ndim() == 0 || x2.ndim() == 0 {
            return ivy::multiply(x1, x2);
        }
        ivy::tensordot_with(x1, x2, ivy::opts::Tensordot::new().x1_axes([-1]).x2_axes([-1]))
    }

    /// The cross product of 3-element vectors of `x1` and `x2` along `axis`
    /// (after broadcasting, which `axis` refers to).
    ///
    /// ```
    /// let c = ivy::cross(&ivy::array![1, 0, 0], &ivy::array![0, 1, 0])?;
    /// assert_eq!(c, ivy::array![0, 0, 1]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(numeric)]
    #[promote]
    #[sample(x1 = [2, 3], x2 = [3], axis = -1)]
    fn cross(x1: Array, x2: Array, #[default(-1)] axis: i64) -> Array {
        let op = "cross";
        let b = ivy::broadcast_arrays([x1, x2])?;
        let (a, c) = (&b[0], &b[1]);
        let ax = ivy::shape::normalize_axis(op, axis, a.ndim())?;
        if a.shape().dims()[ax] != 3 {
            return Err(ivy::Error::shape(op, format!("axis {axis} must have length 3"), vec![x1.shape().clone(), x2.shape().clone()]));
        }
        let part = |x: &ivy::Array, i: i64| ivy::take_with(x, &ivy::Array::from_shape_vec([1], vec![i])?, ivy::opts::Take::new().axis(ax as i64));
        let (a0, a1, a2) = (part(a, 0)?, part(a, 1)?, part(a, 2)?);
        let (c0, c1, c2) = (part(c, 0)?, part(c, 1)?, part(c, 2)?);
        let r0 = ivy::subtract(&ivy::multiply(&a1, &c2)?, &ivy::multiply(&a2, &c1)?)?;
        let r1 = ivy::subtract(&ivy::multiply(&a2, &c0)?, &ivy::multiply(&a0, &c2)?)?;
        let r2 = ivy::subtract(&ivy::multiply(&a0, &c1)?, &ivy::multiply(&a1, &c0)?)?;
        ivy::concat_with([&r0, &r1, &r2], ivy::opts::Concat::new().axis(ax as i64))
    }

    /// For a 1-d `x`, the square matrix with `x` on its `k`-th diagonal;
    /// for a 2-d `x`, its `k`-th diagonal.
    ///
    /// ```
    /// assert_eq!(ivy::diag(&ivy::array![1, 2])?, ivy::array![[1, 0], [0, 2]]);
    /// let up = ivy::diag_with(&ivy::array![1, 2], ivy::opts::Diag::new().k(1))?;
    /// assert_eq!(up, ivy::array![[0, 1, 0], [0, 0, 2], [0, 0, 0]]);
    /// assert_eq!(ivy::diag(&ivy::array![[1, 2], [3, 4]])?, ivy::array![1, 4]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(all)]
    #[sample(x = [3])]
    fn diag(x: Array, #[default(0)] k: i64) -> Array {
        let op = "diag";
        match x.ndim() {
            2 => ivy::diagonal_with(x, ivy::opts::Diagonal::new().offset(k)),
            1 => {
                let n = x.shape().dims()[0];
                // Selected rather than multiplied, so that -x does not put
                // -0.0 off the diagonal.
                let eye = ivy::eye_with(n, ivy::opts::Eye::new().dtype(ivy::Dtype::Bool))?;
                let row = ivy::expand_dims(x)?;
                let d = ivy::r#where(&eye, &row, &ivy::zeros_like(&row)?)?;
                let s = k.unsigned_abs() as usize;
                if s == 0 {
                    return Ok(d);
                }
                let z = |r: usize, c: usize| ivy::zeros_with([r, c], ivy::opts::Zeros::new().dtype(x.dtype()));
                let ax = |a: i64| ivy::opts::Concat::new().axis(a);
                if k > 0 {
                    let wide = ivy::concat_with([&z(n, s)?, &d], ax(1))?;
                    ivy::concat_with([&wide, &z(s, n + s)?], ax(0))
                } else {
                    let tall = ivy::concat_with([&z(s, n)?, &d], ax(0))?;
                    ivy::concat_with([&tall, &z(n + s, s)?], ax(1))
                }
            }
            _ => Err(ivy::Error::shape(op, "needs a 1-d or 2-d array", vec![x.shape().clone()])),
        }
    }

    /// The Vandermonde matrix of the 1-d `x`: column `j` is
    /// `x ** (N - 1 - j)` (`x ** j` with `increasing`); `N` defaults to the
    /// length of `x`.
    ///
    /// ```
    /// assert_eq!(ivy::vander(&ivy::array![2, 3])?, ivy::array![[2, 1], [3, 1]]);
    /// let v = ivy::vander_with(&ivy::array![2, 3], ivy::opts::Vander::new().n(3usize).increasing(true))?;
    /// assert_eq!(v, ivy::array![[1, 2, 4], [1, 3, 9]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(numeric)]
    #[sample(x = [3])]
    fn vander(x: Array, #[default(None)] n: Option<usize>, #[default(false)] increasing: bool) -> Array {
        if x.ndim() != 1 {
            return Err(ivy::Error::shape("vander", "needs a 1-d array", vec![x.shape().clone()]));
        }
        let cols = n.unwrap_or(x.shape().dims()[0]);
        let mut e: Vec<i64> = (0..cols as i64).collect();
        if !increasing {
            e.reverse();
        }
        let e = ivy::astype(&ivy::Array::from_shape_vec([cols], e)?, x.dtype())?;
        let col = ivy::expand_dims_with(x, ivy::opts::ExpandDims::new().axis(-1))?;
        // x ** 0 is 1 (also for x = 0): ones where the exponent is 0.
        let p = ivy::pow(&col, &e)?;
        let zero = ivy::equal(&e, &ivy::zeros_like(&e)?)?;
        ivy::r#where(&zero, &ivy::ones_like(&p)?, &p)
    }

    /// The Kronecker product of `a` and `b` (the one of lower rank padded
    /// with leading 1s): blocks `a[i, j] * b`.
    ///
    /// ```
    /// let k = ivy::kron(&ivy::array![[1, 2]], &ivy::array![[1], [10]])?;
    /// assert_eq!(k, ivy::array![[1, 2], [10, 20]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(numeric)]
    #[promote]
    fn kron(a: Array, b: Array) -> Array {
        let nd = a.ndim().max(b.ndim());
        let pad = |x: &ivy::Array| -> Vec<usize> {
            std::iter::repeat_n(1, nd - x.ndim()).chain(x.shape().dims().iter().copied()).collect()
        };
        let (da, db) = (pad(a), pad(b));
        let sa: Vec<i64> = da.iter().flat_map(|&d| [d as i64, 1]).collect();
        let sb: Vec<i64> = db.iter().flat_map(|&d| [1, d as i64]).collect();
        let p = ivy::multiply(&ivy::reshape(a, sa)?, &ivy::reshape(b, sb)?)?;
        let out: Vec<i64> = da.iter().zip(&db).map(|(&x, &y)| (x * y) as i64).collect();
        ivy::reshape(&p, out)
    }

    /// The product of the matrices `xs` in order (a 1-d first operand is a
    /// row vector, a 1-d last one a column vector), multiplied left to
    /// right.
    ///
    /// ```
    /// let a = ivy::array![[1, 2], [3, 4]];
    /// let p = ivy::multi_dot([&a, &a, &ivy::array![1, 0]])?;
    /// assert_eq!(p, ivy::array![7, 15]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(numeric)]
    fn multi_dot(xs: Arrays) -> Array {
        let op = "multi_dot";
        if xs.len() < 2 {
            return Err(ivy::Error::invalid(op, format!("needs at least 2 arrays, got {}", xs.len())));
        }
        if xs.iter().any(|x| x.ndim() > 2 || x.ndim() == 0) {
            return Err(ivy::Error::shape(op, "needs 1-d or 2-d arrays", xs.iter().map(|x| x.shape().clone()).collect()));
        }
        let mut acc = xs[0].clone();
        for x in &xs[1..] {
            acc = ivy::matmul(&acc, x)?;
        }
        Ok(acc)
    }

    /// The skew-symmetric matrices `[[0, -c, b], [c, 0, -a], [-b, a, 0]]`
    /// of the 3-vectors `(a, b, c)` along the last axis of `vector`.
    ///
    /// ```
    /// let m = ivy::vector_to_skew_symmetric_matrix(&ivy::array![1, 2, 3])?;
    /// assert_eq!(m, ivy::array![[0, -3, 2], [3, 0, -1], [-2, 1, 0]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(numeric - unsigned)]
    #[sample(vector = [3])]
    fn vector_to_skew_symmetric_matrix(vector: Array) -> Array {
        let op = "vector_to_skew_symmetric_matrix";
        if vector.shape().dims().last() != Some(&3) {
            return Err(ivy::Error::shape(op, "the last axis must have length 3", vec![vector.shape().clone()]));
        }
        let part = |i: i64| ivy::take_with(vector, &ivy::Array::from_shape_vec([1], vec![i])?, ivy::opts::Take::new().axis(-1));
        let (a, b, c) = (part(0)?, part(1)?, part(2)?);
        let z = ivy::zeros_like(&a)?;
        let row = |p: [&ivy::Array; 3]| ivy::concat_with(p, ivy::opts::Concat::new().axis(-1));
        let (na, nb, nc) = (ivy::negative(&a)?, ivy::negative(&b)?, ivy::negative(&c)?);
        let rows = [row([&z, &nc, &b])?, row([&c, &z, &na])?, row([&nb, &a, &z])?];
        ivy::stack_with([&rows[0], &rows[1], &rows[2]], ivy::opts::Stack::new().axis(-2))
    }

    /// The solution `x` of `x1 · x = x2` where `x1` is triangular: only
    /// the upper (`upper`, the default) or lower triangle of `x1` is read,
    /// with ones on its diagonal when `unit_diagonal`, and that triangle is
    /// conjugate-transposed with `adjoint` (solving `x1^H x = x2`). Solved by [`solve`](crate::solve) on that
    /// triangle (so a zero on the diagonal is a singular-matrix error).
    ///
    /// ```
    /// let a = ivy::array![[2.0, 1.0], [0.5, 4.0]];
    /// // Upper: [[2, 1], [0, 4]] x = [3, 4].
    /// assert_eq!(ivy::solve_triangular(&a, &ivy::array![3.0, 4.0])?, ivy::array![1.0, 1.0]);
    /// // Lower with a unit diagonal: [[1, 0], [0.5, 1]] x = [1, 1.5].
    /// let lower = ivy::opts::SolveTriangular::new().upper(false).unit_diagonal(true);
    /// assert_eq!(ivy::solve_triangular_with(&a, &ivy::array![1.0, 1.5], lower)?, ivy::array![1.0, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes((float32, float64, complex64, complex128))]
    #[promote]
    #[sample(x1 = [1, 1], x2 = [1])]
    fn solve_triangular(
        x1: Array,
        x2: Array,
        #[default(true)] upper: bool,
        #[default(false)] adjoint: bool,
        #[default(false)] unit_diagonal: bool,
    ) -> Array {
        let a = if upper { ivy::triu(x1)? } else { ivy::tril(x1)? };
        let a = if unit_diagonal {
            let n = a.shape().dims().last().copied().unwrap_or(0);
            let eye = ivy::eye_with(n, ivy::opts::Eye::new().dtype(ivy::Dtype::Bool))?;
            ivy::r#where(&eye, &ivy::ones_like(&a)?, &a)?
        } else {
            a
        };
        let a = if adjoint {
            ivy::matrix_transpose_with(&a, ivy::opts::MatrixTranspose::new().conjugate(true))?
        } else {
            a
        };
        ivy::solve(&a, x2)
    }

    /// The solution `x` of the tensor equation `tensordot(x1, x, x.ndim) =
    /// x2`, as NumPy's `tensorsolve`: the axes of `x1` listed in `axes` are
    /// moved to the end first; the product of the first `x2.ndim` axes of
    /// `x1` must equal that of the others.
    ///
    /// ```
    /// let a = ivy::reshape(&ivy::eye(6)?, [2, 3, 6])?;
    /// let b = ivy::array![[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]];
    /// let x = ivy::tensorsolve(&a, &b)?;
    /// assert_eq!(x, ivy::array![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes((float32, float64, complex64, complex128))]
    #[promote]
    #[sample(x1 = [1, 1], x2 = [1])]
    fn tensorsolve(x1: Array, x2: Array, #[default(None)] axes: Option<Ints>) -> Array {
        let op = "tensorsolve";
        let a = match axes {
            Some(ax) => {
                let nd = x1.ndim() as i64;
                let dest: Vec<i64> = (nd - ax.len() as i64..nd).collect();
                ivy::moveaxis(x1, ax.clone(), dest)?
            }
            None => x1.clone(),
        };
        let k = x2.ndim();
        if a.ndim() < k {
            return Err(ivy::Error::shape(op, "x1 has fewer axes than x2", vec![x1.shape().clone(), x2.shape().clone()]));
        }
        let rest: Vec<usize> = a.shape().dims()[k..].to_vec();
        let rows: usize = a.shape().dims()[..k].iter().product();
        let cols: usize = rest.iter().product();
        if rows != cols || a.shape().dims()[..k] != *x2.shape().dims() {
            return Err(ivy::Error::shape(
                op,
                format!("x1 must have the shape of x2 followed by axes of the same total size ({rows} != {cols} or leading axes differ)"),
                vec![x1.shape().clone(), x2.shape().clone()],
            ));
        }
        let m = ivy::reshape(&a, [rows as i64, cols as i64])?;
        let x = ivy::solve(&m, &ivy::reshape(x2, [rows as i64])?)?;
        ivy::reshape(&x, rest.iter().map(|&d| d as i64).collect::<Vec<_>>())
    }

    /// The matrix exponential of the square matrices `x`, by scaling and
    /// squaring: `x / 2^s` (with 1-norm at most 1/2) in an 18-term Taylor
    /// series, squared `s` times.
    ///
    /// ```
    /// let e = ivy::matrix_exp(&ivy::array![[0.0, 0.0], [0.0, 1.0]])?;
    /// assert_eq!(e.to_vec::<f32>()?[..3], [1.0, 0.0, 0.0]);
    /// assert!((e.to_vec::<f32>()?[3] - std::f32::consts::E).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes((float32, float64, complex64, complex128))]
    fn matrix_exp(x: Array) -> Array {
        let op = "matrix_exp";
        let &[.., r, c] = x.shape().dims() else {
            return Err(ivy::Error::shape(op, "needs an array of at least 2 dimensions", vec![x.shape().clone()]));
        };
        if r != c {
            return Err(ivy::Error::shape(op, format!("needs square matrices, got {r} x {c}"), vec![x.shape().clone()]));
        }
        let eye = ivy::multiply(&ivy::eye_with(r, ivy::opts::Eye::new().dtype(x.dtype()))?, &ivy::ones_like(x)?)?;
        if x.size() == 0 {
            return Ok(eye);
        }
        let norms = ivy::matrix_norm_with(&ivy::stop_gradient(x)?, ivy::opts::MatrixNorm::new().ord("1"))?;
        let top = ivy::astype(&ivy::max(&norms)?, ivy::Dtype::Float64)?.to_vec::<f64>()?[0];
        if !top.is_finite() {
            return Err(ivy::Error::invalid(op, "the input has non-finite values"));
        }
        let s = if top > 0.5 { (top / 0.5).log2().ceil() as i32 } else { 0 };
        let b = ivy::divide(x, 2f64.powi(s))?;
        // Horner: I + b (I + b/2 (I + b/3 (...))).
        let mut e = eye.clone();
        for k in (1..=18).rev() {
            e = ivy::add(&eye, &ivy::divide(&ivy::matmul(&b, &e)?, k as f64)?)?;
        }
        for _ in 0..s {
            e = ivy::matmul(&e, &e)?;
        }
        Ok(e)
    }

    /// The dot product of `x1` and `x2` along `axis` (conjugating `x1`).
    ///
    /// ```
    /// assert_eq!(ivy::vecdot(&ivy::array![1, 2], &ivy::array![3, 4])?.item()?, ivy::Scalar::Int(11));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(numeric)]
    fn vecdot(x1: Array, x2: Array, #[default(-1)] axis: i64) -> Array {
        // The axis counts in the broadcast shape; each operand's own axis
        // is the same one counted from the end.
        let nd = x1.ndim().max(x2.ndim());
        let from_end = ivy::shape::normalize_axis("vecdot", axis, nd)? as i64 - nd as i64;
        let own = |x: &Array| usize::try_from(x.ndim() as i64 + from_end).ok();
        match (own(x1), own(x2)) {
            // Equal lengths: a batch of products [.., 1, k] @ [.., k, 1] on
            // the matrix product engine (one pass, half floats summed in
            // float32), x1 conjugated by the adjoint.
            (Some(a1), Some(a2)) if x1.shape().dims()[a1] == x2.shape().dims()[a2] => {
                let column = |x: &Array, a: usize| -> ivy::Result<Array> {
                    let last = ivy::moveaxis(x, [a as i64], [-1i64])?;
                    ivy::expand_dims_with(&last, ivy::opts::ExpandDims::new().axis(-1))
                };
                let y = ivy::matmul_with(&column(x1, a1)?, &column(x2, a2)?, ivy::opts::Matmul::new().adjoint_a(true))?;
                let dims = y.shape().dims();
                let batch: Vec<i64> = dims[..dims.len() - 2].iter().map(|&d| d as i64).collect();
                ivy::reshape(&y, batch)
            }
            // A length broadcast along the axis: multiply, then sum.
            _ => {
                let x1 = if x1.dtype().is_complex() { ivy::conj(x1)? } else { x1.clone() };
                let p = ivy::multiply(&x1, x2)?;
                ivy::sum_with(&p, ivy::opts::Sum::new().axis(axis).dtype(p.dtype()))
            }
        }
    }

    /// The `ord`-norm of `x` along `axis` (all elements by default):
    /// `sum(|x|^ord)^(1/ord)`, with `inf` the largest and `-inf` the smallest
    /// magnitude, and `0` the number of non-zeros.
    ///
    /// ```
    /// let n = ivy::vector_norm(&ivy::array![3.0, 4.0])?;
    /// assert_eq!(n.item()?, ivy::Scalar::Float(5.0));
    /// let m = ivy::vector_norm_with(&ivy::array![3.0, -4.0], ivy::opts::VectorNorm::new().ord(f64::INFINITY))?;
    /// assert_eq!(m.item()?, ivy::Scalar::Float(4.0));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float | complex)]
    #[out(real)]
    fn vector_norm(
        x: Array,
        #[default(None)] axis: Option<Axes>,
        #[default(false)] keepdims: bool,
        #[default(2.0)] ord: f64,
    ) -> Array {
        let a = ivy::abs(x)?;
        let mut o = ivy::opts::Max::new().keepdims(keepdims);
        let mut s = ivy::opts::Sum::new().keepdims(keepdims).dtype(a.dtype());
        if let Some(ax) = axis {
            o = o.axis(ax.clone());
            s = s.axis(ax.clone());
        }
        if ord == f64::INFINITY {
            ivy::max_with(&a, o)
        } else if ord == f64::NEG_INFINITY {
            let mut m = ivy::opts::Min::new().keepdims(keepdims);
            if let Some(ax) = axis {
                m = m.axis(ax.clone());
            }
            ivy::min_with(&a, m)
        } else if ord == 0.0 {
            let nz = ivy::astype(&ivy::not_equal(&a, 0)?, a.dtype())?;
            ivy::sum_with(&nz, s)
        } else if ord == 1.0 {
            ivy::sum_with(&a, s)
        } else if ord == 2.0 {
            ivy::sqrt(&ivy::sum_with(&ivy::multiply(&a, &a)?, s)?)
        } else {
            let p = ivy::pow(&a, ord)?;
            ivy::pow(&ivy::sum_with(&p, s)?, 1.0 / ord)
        }
    }
}
    } };
}
