//! The `searching` ops.

#[doc(hidden)]
#[macro_export]
macro_rules! __ops_searching {
    ([$($cb:tt)*] $($acc:tt)*) => { $crate::__ops_sorting! { [$($cb)*] $($acc)*
category searching {
    //! Searching: indices of extrema, selection and non-zero elements.

    /// The index of the largest element of `x` along `axis` (of the flattened
    /// array by default), as `int64`; the first one on ties.
    ///
    /// ```
    /// assert_eq!(ivy::argmax(&ivy::array![[1, 9], [7, 3]])?.item()?, ivy::Scalar::Int(1));
    /// let a = ivy::argmax_with(&ivy::array![[1, 9], [7, 3]], ivy::opts::Argmax::new().axis(0))?;
    /// assert_eq!(a.to_vec::<i64>()?, vec![1, 0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real | bool)]
    #[out(index)]
    #[not_differentiable]
    #[check(ivy::checks::nonempty_axis)]
    fn argmax(
        x: Array,
        #[default(None)] axis: Option<Axis>,
        #[default(false)] keepdims: bool,
    ) -> Array;

    /// The index of the smallest element of `x` along `axis` (of the
    /// flattened array by default), as `int64`; the first one on ties.
    ///
    /// ```
    /// assert_eq!(ivy::argmin(&ivy::array![4, 1, 1])?.item()?, ivy::Scalar::Int(1));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real | bool)]
    #[out(index)]
    #[not_differentiable]
    #[check(ivy::checks::nonempty_axis)]
    fn argmin(
        x: Array,
        #[default(None)] axis: Option<Axis>,
        #[default(false)] keepdims: bool,
    ) -> Array;

    /// Elements of `x1` where `condition` is true and of `x2` elsewhere (the
    /// three broadcast together; `x1` and `x2` are promoted, and the condition
    /// is cast to bool).
    ///
    /// ```
    /// let c = ivy::array![true, false, true];
    /// assert_eq!(ivy::r#where(&c, &ivy::array![1, 2, 3], 0)?.to_vec::<i32>()?, vec![1, 0, 3]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[promote(x1, x2)]
    #[cast(condition: numeric => bool)]
    #[no_method]
    #[differentiable]
    #[vjp(condition = zero, x1 = ivy::r#where(condition, g, 0), x2 = ivy::r#where(condition, 0, g))]
    fn r#where(condition: Array, x1: Array, x2: Array) -> Array;

    /// The indices of the non-zero elements of `x`: one `int64` array per
    /// dimension.
    ///
    /// ```
    /// let idx = ivy::nonzero(&ivy::array![[0, 1], [2, 0]])?;
    /// assert_eq!(idx[0].to_vec::<i64>()?, vec![0, 1]);
    /// assert_eq!(idx[1].to_vec::<i64>()?, vec![1, 0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(index)]
    #[not_differentiable]
    fn nonzero(x: Array) -> Vec<Array>;

    /// The indices of the non-zero elements of `x`, one row per element (an
    /// `int64` array of shape `(count, ndim)`).
    ///
    /// ```
    /// let w = ivy::argwhere(&ivy::array![[0, 1], [2, 0]])?;
    /// assert_eq!(w, ivy::asarray(&[[0i64, 1], [1, 0]])?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(index)]
    #[not_differentiable]
    fn argwhere(x: Array) -> Array;

    /// The positions at which the elements of `x2` would be inserted into
    /// the 1-d `x1`, sorted ascending (or put in that order by the indices
    /// `sorter`, as `argsort` gives them), to keep it sorted: before equal
    /// elements for `side = "left"` (the default), after them for
    /// `"right"`. NaN sorts last. The result, `int64`, has the shape of `x2`.
    ///
    /// ```
    /// let x1 = ivy::array![1, 2, 2, 5];
    /// let i = ivy::searchsorted(&x1, &ivy::array![0, 2, 6])?;
    /// assert_eq!(i.to_vec::<i64>()?, vec![0, 1, 4]);
    /// let r = ivy::searchsorted_with(&x1, &ivy::array![2], ivy::opts::Searchsorted::new().side("right"))?;
    /// assert_eq!(r.to_vec::<i64>()?, vec![3]);
    /// let unsorted = ivy::array![5, 1, 2];
    /// let s = ivy::searchsorted_with(&unsorted, &ivy::array![3], ivy::opts::Searchsorted::new().sorter(ivy::argsort(&unsorted)?))?;
    /// assert_eq!(s.to_vec::<i64>()?, vec![2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real)]
    #[promote(x1, x2)]
    #[out(index)]
    #[not_differentiable]
    #[sample(x1 = [4], x2 = [3], side = "right")]
    fn searchsorted(
        #[ndim(1)] x1: Array,
        x2: Array,
        #[default("left")]
        #[one_of("left", "right")]
        side: Str,
        #[default(None)] sorter: Option<Array>,
    ) -> Array;

    /// Whether each element of `elements` occurs in `test_elements` (any
    /// shape; the two are promoted), of the shape of `elements`; with
    /// `invert`, whether it does not. NaN occurs nowhere (it equals nothing).
    /// A sort of `test_elements` and a binary search per element.
    ///
    /// ```
    /// let e = ivy::array![[1, 5], [3, 4]];
    /// let found = ivy::isin(&e, &ivy::array![4, 1, 9])?;
    /// assert_eq!(found.to_vec::<bool>()?, vec![true, false, false, true]);
    /// let not = ivy::isin_with(&e, &ivy::array![4, 1], ivy::opts::Isin::new().invert(true))?;
    /// assert_eq!(not.to_vec::<bool>()?, vec![false, true, true, false]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[out(bool)]
    fn isin(elements: Array, test_elements: Array, #[default(false)] invert: bool) -> Array {
        let sorted = ivy::sort(&ivy::reshape(test_elements, [-1])?)?;
        let n = sorted.size();
        let found = if n == 0 {
            ivy::zeros_like_with(elements, ivy::opts::ZerosLike::new().dtype(ivy::Dtype::Bool))?
        } else {
            // The first position not below each element, kept in range; the
            // element occurs if it equals what is there.
            let pos = ivy::searchsorted(&sorted, elements)?;
            let last = ivy::full_like(&pos, n as i64 - 1)?;
            let pos = ivy::minimum(&pos, &last)?;
            ivy::equal(&ivy::get_item(&sorted, ivy::Index::from(&pos))?, elements)?
        };
        if invert { ivy::logical_not(&found) } else { Ok(found) }
    }
}
    } };
}
