//! The `sorting` ops.

#[doc(hidden)]
#[macro_export]
macro_rules! __ops_sorting {
    ([$($cb:tt)*] $($acc:tt)*) => { $crate::__ops_activations! { [$($cb)*] $($acc)*
category sorting {
    //! Sorting: sorted values and sorting indices.

    /// `x` sorted along `axis`, ascending or descending. NaN counts as the
    /// largest value (last in ascending order, first in descending order),
    /// and the sort is stable.
    ///
    /// ```
    /// assert_eq!(ivy::sort(&ivy::array![3, 1, 2])?.to_vec::<i32>()?, vec![1, 2, 3]);
    /// let d = ivy::sort_with(&ivy::array![3, 1, 2], ivy::opts::Sort::new().descending(true))?;
    /// assert_eq!(d.to_vec::<i32>()?, vec![3, 2, 1]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real | bool)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::unsort(g, x, axis, descending, stable))]
    fn sort(
        x: Array,
        #[default(-1)] axis: Axis,
        #[default(false)] descending: bool,
        #[default(true)] stable: bool,
    ) -> Array;

    /// The indices that sort `x` along `axis`, as `int64` (stable: equal
    /// elements keep their order).
    ///
    /// ```
    /// assert_eq!(ivy::argsort(&ivy::array![3, 1, 2])?.to_vec::<i64>()?, vec![1, 2, 0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real | bool)]
    #[out(index)]
    #[not_differentiable]
    fn argsort(
        x: Array,
        #[default(-1)] axis: Axis,
        #[default(false)] descending: bool,
        #[default(true)] stable: bool,
    ) -> Array;
}
    } };
}
