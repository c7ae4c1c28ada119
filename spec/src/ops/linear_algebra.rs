//! The `linear_algebra` ops.

#[doc(hidden)]
#[macro_export]
macro_rules! __ops_linear_algebra {
    ([$($cb:tt)*] $($acc:tt)*) => { $crate::__ops_searching! { [$($cb)*] $($acc)*
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
    fn trace(
        x: Array,
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
    fn diagonal(
        x: Array,
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
    #[vjp(x = ivy::gradients::rules::cholesky_grad(g, out, upper))]
    fn cholesky(x: Array, #[default(false)] upper: bool) -> Array;

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
    fn det(x: Array) -> Array;

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
    fn slogdet(x: Array) -> (Array, Array);

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
    fn inv(x: Array) -> Array;

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
    #[sample(x1 = [2, 2], x2 = [2])]
    #[vjp(x1 = ivy::gradients::rules::solve_grad(g, out, x1, x2, 0), x2 = ivy::gradients::rules::solve_grad(g, out, x1, x2, 1))]
    fn solve(x1: Array, x2: Array) -> Array;

    /// The QR factorisation `x = Q R` of the matrices `x` (`m x n`, `k =
    /// min(m, n)`): with `mode = "reduced"` `Q` is `m x k` with orthonormal
    /// columns and `R` is `k x n` upper triangular; with `"complete"` `Q`
    /// is `m x m` unitary and `R` is `m x n`. The signs of the diagonal of
    /// `R` are those LAPACK-style Householder reflections give (not made
    /// positive), as NumPy's.
    ///
    /// ```
    /// let (q, r) = ivy::qr(&ivy::array![[3.0, 0.0], [4.0, 5.0]])?;
    /// let back = ivy::matmul(&q, &r)?;
    /// assert!(ivy::allclose(&back, &ivy::array![[3.0, 0.0], [4.0, 5.0]])?.item()? == ivy::Scalar::Bool(true));
    /// assert!((r.to_vec::<f32>()?[0].abs() - 5.0).abs() < 1e-5);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes((float32, float64, complex64, complex128))]
    #[out(custom)]
    #[not_differentiable]
    fn qr(x: Array, #[default("reduced")] mode: Str) -> (Array, Array);

    /// The singular value decomposition `x = U diag(S) Vh` of the matrices
    /// `x` (`m x n`, `k = min(m, n)`): `S` (real, descending) has `k`
    /// values; `U` is `m x m` and `Vh` `n x n` with `full_matrices`, else
    /// `m x k` and `k x n`. Singular vectors are unique only up to a phase
    /// per pair.
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
    fn svd(x: Array, #[default(true)] full_matrices: bool) -> (Array, Array, Array);

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
    fn svdvals(x: Array) -> Array;

    /// The eigenvalues (real, ascending) and orthonormal eigenvectors (the
    /// columns of the second result) of the Hermitian matrices `x`, read
    /// from their lower triangle: `x V = V diag(w)`.
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
    fn eigh(x: Array) -> (Array, Array);

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
    fn eigvalsh(x: Array) -> Array;

    /// The eigenvalues and right eigenvectors (columns, unit norm) of the
    /// general square matrices `x`, both complex (`complex64` for
    /// `float32`/`complex64` input, `complex128` for the 64-bit ones), in
    /// the order the Schur form gives them (not sorted, as NumPy).
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
    #[not_differentiable]
    fn eig(x: Array) -> (Array, Array);

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
    #[not_differentiable]
    fn eigvals(x: Array) -> Array;

    /// The dot product of `x1` and `x2` along `axis` (conjugating `x1`).
    ///
    /// ```
    /// assert_eq!(ivy::vecdot(&ivy::array![1, 2], &ivy::array![3, 4])?.item()?, ivy::Scalar::Int(11));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(numeric)]
    fn vecdot(x1: Array, x2: Array, #[default(-1)] axis: i64) -> Array {
        let x1 = if x1.dtype().is_complex() { ivy::conj(x1)? } else { x1.clone() };
        let p = ivy::multiply(&x1, x2)?;
        ivy::sum_with(&p, ivy::opts::Sum::new().axis(axis).dtype(p.dtype()))
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
