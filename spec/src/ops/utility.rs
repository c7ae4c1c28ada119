//! The `utility` ops.

#[doc(hidden)]
#[macro_export]
macro_rules! __ops_utility {
    ([$($cb:tt)*] $($acc:tt)*) => { $crate::__ops_linear_algebra! { [$($cb)*] $($acc)*
category utility {
    //! Utility reductions: `all` and `any`.

    /// Whether every element of `x` along `axis` (all axes by default) is
    /// true (not zero).
    ///
    /// ```
    /// assert_eq!(ivy::all(&ivy::array![1, 2, 0])?.item()?, ivy::Scalar::Bool(false));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(bool)]
    #[not_differentiable]
    fn all(
        x: Array,
        #[default(None)] axis: Option<Axes>,
        #[default(false)] keepdims: bool,
    ) -> Array;

    /// Whether any element of `x` along `axis` (all axes by default) is true
    /// (not zero).
    ///
    /// ```
    /// assert_eq!(ivy::any(&ivy::array![0, 0, 3])?.item()?, ivy::Scalar::Bool(true));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(bool)]
    #[not_differentiable]
    fn any(
        x: Array,
        #[default(None)] axis: Option<Axes>,
        #[default(false)] keepdims: bool,
    ) -> Array;

    /// Whether each element of `x1` is close to the one of `x2`:
    /// `|x1 - x2| <= atol + rtol * |x2|` (NumPy's test, not symmetric), equal
    /// infinities too, and NaNs when `equal_nan`. Integers are compared as
    /// floats.
    ///
    /// ```
    /// let a = ivy::array![1.0, 1.0, f64::NAN];
    /// let b = ivy::array![1.0 + 1e-9, 1.1, f64::NAN];
    /// assert_eq!(ivy::isclose(&a, &b)?.to_vec::<bool>()?, vec![true, false, false]);
    /// let n = ivy::isclose_with(&a, &b, ivy::opts::Isclose::new().equal_nan(true).rtol(0.2))?;
    /// assert_eq!(n.to_vec::<bool>()?, vec![true, true, true]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(real)]
    #[promote]
    #[out(bool)]
    fn isclose(
        x1: Array,
        x2: Array,
        #[default(1e-5)] rtol: f64,
        #[default(1e-8)] atol: f64,
        #[default(false)] equal_nan: bool,
    ) -> Array {
        let (a, b) = if x1.dtype().is_float() {
            (x1.clone(), x2.clone())
        } else {
            let f = ivy::Dtype::Float64;
            (ivy::astype(x1, f)?, ivy::astype(x2, f)?)
        };
        let diff = ivy::abs(&ivy::subtract(&a, &b)?)?;
        let tol = ivy::add(&ivy::multiply(&ivy::abs(&b)?, rtol)?, atol)?;
        // Within tolerance of a finite x2 (NumPy's test), or equal (infinities).
        let within = ivy::logical_and(&ivy::less_equal(&diff, &tol)?, &ivy::isfinite(&b)?)?;
        let close = ivy::logical_or(&within, &ivy::equal(&a, &b)?)?;
        if equal_nan {
            ivy::logical_or(&close, &ivy::logical_and(&ivy::isnan(&a)?, &ivy::isnan(&b)?)?)
        } else {
            Ok(close)
        }
    }

    /// Whether every element of `x1` is close to the one of `x2` (see
    /// [`isclose`](crate::isclose)), as a 0-d bool array.
    ///
    /// ```
    /// assert_eq!(ivy::allclose(&ivy::array![1.0, 2.0], &ivy::array![1.0, 2.0 + 1e-7])?.item()?, ivy::Scalar::Bool(true));
    /// assert_eq!(ivy::allclose(&ivy::array![1.0], &ivy::array![1.5])?.item()?, ivy::Scalar::Bool(false));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(real)]
    #[promote]
    #[out(bool)]
    fn allclose(
        x1: Array,
        x2: Array,
        #[default(1e-5)] rtol: f64,
        #[default(1e-8)] atol: f64,
        #[default(false)] equal_nan: bool,
    ) -> Array {
        let o = ivy::opts::Isclose::new().rtol(rtol).atol(atol).equal_nan(equal_nan);
        ivy::all(&ivy::isclose_with(x1, x2, o)?)
    }
}
    } };
}
