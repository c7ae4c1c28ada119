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
