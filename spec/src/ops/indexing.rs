//! The `indexing` ops.

#[doc(hidden)]
#[macro_export]
macro_rules! __ops_indexing {
    ([$($cb:tt)*] $($acc:tt)*) => { $crate::__ops_statistical! { [$($cb)*] $($acc)*
category indexing {
    //! Indexing: reading and writing parts of arrays by integers, slices, `...`, new axes and integer or boolean arrays (the Array API's `__getitem__` and `__setitem__`), and scattering.

    /// The part of `x` that `index` selects (Python's `x[index]`): integers
    /// (negative count from the end) remove their axis, slices (with steps,
    /// negative too) keep it, `...` stands for the axes the other items leave,
    /// [`NewAxis`](crate::NewAxis) inserts an axis of length 1, and integer
    /// or boolean arrays select by advanced indexing (the Array API 2024.12
    /// rules, see [`Index`](crate::Index)). Write the index with
    /// [`s!`](crate::s); `x.get(..)` is the short method. An index out of
    /// range is an error naming the axis, the index and the axis length.
    ///
    /// ```
    /// let x = ivy::reshape(&ivy::arange(12)?, [3, 4])?;
    /// assert_eq!(ivy::get_item(&x, ivy::s![1..3, .., NewAxis])?.shape().dims(), &[2, 4, 1]);
    /// assert_eq!(x.get(ivy::s![-1, ..;2])?.to_vec::<i32>()?, vec![8, 10]);
    /// assert_eq!(x.get(ivy::s![..;-2, 0])?.to_vec::<i32>()?, vec![8, 0]);
    /// let e = x.get(ivy::s![.., 4]).unwrap_err();
    /// assert_eq!(e.to_string(), "get_item: index 4 is out of bounds for axis 1 with size 4");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[differentiable]
    #[sample(x = [3, 4], index = ivy::s![1.., ..;-2])]
    #[vjp(x = ivy::gradients::rules::unindex(g, x, index))]
    fn get_item(x: Array, index: Index) -> Array;

    /// `x` with the part that `index` selects replaced by `value` (Python's
    /// `x[index] = value`, functional: a new array is returned and `x` is left
    /// as it was). `value` broadcasts to the shape of the selected part and is
    /// cast to the dtype of `x`; where advanced indices repeat a position, the
    /// last value written wins. `x.set(..)` is the short method.
    ///
    /// ```
    /// let x = ivy::zeros_with([2, 3], ivy::opts::Zeros::new().dtype(ivy::Dtype::Int32))?;
    /// let y = ivy::set_item(&x, ivy::s![.., 1..], 7)?;
    /// assert_eq!(y.to_vec::<i32>()?, vec![0, 7, 7, 0, 7, 7]);
    /// let z = y.set(ivy::s![-1, ..;2], &ivy::array![1, 2])?;
    /// assert_eq!(z.to_vec::<i32>()?, vec![0, 7, 7, 1, 7, 2]);
    /// assert_eq!(x.to_vec::<i32>()?, vec![0; 6]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[differentiable]
    #[sample(x = [3, 4], index = ivy::s![1.., ..;-2], value = [2])]
    #[vjp(x = ivy::set_item(g, index, 0), value = ivy::get_item(g, index))]
    fn set_item(x: Array, index: Index, value: Array) -> Array;

    /// An array of length `size` (one more than the largest index by
    /// default) holding `updates` scattered to the flat positions `indices`
    /// (integers in `0..size`), combined where positions repeat by
    /// `reduction`: `"sum"` (the default) adds them, `"replace"` keeps the
    /// last; positions no index names are zero.
    ///
    /// ```
    /// let s = ivy::scatter_flat(&ivy::array![0, 2, 0], &ivy::array![1.0, 2.0, 3.0])?;
    /// assert_eq!(s.to_vec::<f32>()?, vec![4.0, 0.0, 2.0]);
    /// let r = ivy::scatter_flat_with(
    ///     &ivy::array![0, 2, 0],
    ///     &ivy::array![1.0, 2.0, 3.0],
    ///     ivy::opts::ScatterFlat::new().size(4usize).reduction("replace"),
    /// )?;
    /// assert_eq!(r.to_vec::<f32>()?, vec![3.0, 0.0, 2.0, 0.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[dtype_of(updates)]
    #[differentiable]
    #[sample(indices = ([3], int64), updates = [3])]
    #[vjp(indices = zero, updates = ivy::get_item(g, ivy::Index::from(indices)))]
    fn scatter_flat(
        indices: Array,
        updates: Array,
        #[default(None)] size: Option<usize>,
        #[default("sum")] reduction: Str,
    ) -> Array;
}
    } };
}
