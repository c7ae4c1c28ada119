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
}
    } };
}
