//! The `gradients` ops.

#[doc(hidden)]
#[macro_export]
macro_rules! __ops_gradients {
    ([$($cb:tt)*] $($acc:tt)*) => { $crate::__ops_general! { [$($cb)*] $($acc)*
category gradients {
    //! Gradient helpers and optimisers (Ivy's `gradients` module). The
    //! gradient functions themselves (`execute_with_gradients`, `grad`, ...)
    //! take closures, so they live in [`ivy::gradients`](crate::gradients)
    //! rather than in the spec.

    /// `x` as a constant to gradient functions: the same elements, through
    /// which no gradient flows (Ivy's `stop_gradient`; Rust has no variable
    /// type to preserve, so there is no `preserve_type`).
    ///
    /// ```
    /// let x = ivy::array![1.0, 2.0];
    /// let g = ivy::grad(|x: &ivy::Array| {
    ///     // d/dx (x * stop_gradient(x)) = stop_gradient(x)
    ///     ivy::sum(&ivy::multiply(x, &ivy::stop_gradient(x)?)?)
    /// })(&x)?;
    /// assert_eq!(g, x);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    fn stop_gradient(x: Array) -> Array {
        Ok(x.detach())
    }
}
    } };
}
