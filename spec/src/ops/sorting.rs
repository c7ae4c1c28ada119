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

    /// The unique elements of `x` (flattened), sorted ascending, with the
    /// position of the first occurrence of each in the flattened `x`, the
    /// inverse (for every element of `x`, the position of its value among the
    /// unique ones; of the shape of `x`, so `values` read at `inverse` is
    /// `x`), and how often each occurs; all indices `int64`. NaNs are each
    /// unique (NaN is not equal to itself), and sort last. `bool` arrays are
    /// refused (cast them to an integer dtype first).
    ///
    /// ```
    /// let x = ivy::array![[3, 1], [3, 2]];
    /// let (values, indices, inverse, counts) = ivy::unique_all(&x)?;
    /// assert_eq!(values.to_vec::<i32>()?, vec![1, 2, 3]);
    /// assert_eq!(indices.to_vec::<i64>()?, vec![1, 3, 0]);
    /// assert_eq!(inverse.to_vec::<i64>()?, vec![2, 0, 2, 1]);
    /// assert_eq!(counts.to_vec::<i64>()?, vec![1, 1, 2]);
    /// assert_eq!(values.get(&inverse)?, x);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[out(custom)]
    fn unique_all(x: Array) -> (Array, Array, Array, Array) {
        if x.dtype().is_bool() {
            return Err(ivy::Error::invalid(
                "unique_all",
                "bool arrays are not supported; cast to an integer dtype first",
            ));
        }
        let i64_ = ivy::Dtype::Int64;
        let flat = ivy::reshape(x, [-1])?;
        let n = flat.size();
        // A stable sort, so the first of equal elements comes first.
        let order = ivy::argsort(&flat)?;
        let sorted = ivy::get_item(&flat, ivy::Index::from(&order))?;
        // keep[i]: sorted[i] starts a run of equal elements.
        let first = ivy::ones_with([if n == 0 { 0 } else { 1 }], ivy::opts::Ones::new().dtype(ivy::Dtype::Bool))?;
        let later = ivy::get_item(&sorted, ivy::Index::from(1..))?;
        let earlier = ivy::get_item(&sorted, ivy::Index::from(..-1))?;
        let keep = ivy::concat([&first, &ivy::not_equal(&later, &earlier)?])?;
        let values = ivy::get_item(&sorted, ivy::Index::from(&keep))?;
        let starts = ivy::nonzero(&keep)?
            .into_iter()
            .next()
            .ok_or_else(|| ivy::Error::invalid("unique_all", "internal error: nonzero of a 1-d array"))?;
        let indices = ivy::get_item(&order, ivy::Index::from(&starts))?;
        let end = ivy::full_with([1], n as i64, ivy::opts::Full::new().dtype(i64_))?;
        let bounds = ivy::concat([&starts, &end])?;
        let counts = ivy::subtract(
            &ivy::get_item(&bounds, ivy::Index::from(1..))?,
            &ivy::get_item(&bounds, ivy::Index::from(..-1))?,
        )?;
        // The run each sorted element belongs to, scattered back to where
        // it came from.
        let runs = ivy::cumsum_with(&ivy::astype(&keep, i64_)?, ivy::opts::Cumsum::new().dtype(i64_))?;
        let group = ivy::subtract(&runs, 1)?;
        let zeros = ivy::zeros_with([n], ivy::opts::Zeros::new().dtype(i64_))?;
        let inverse = ivy::set_item(&zeros, ivy::Index::from(&order), &group)?;
        let inverse = ivy::reshape(&inverse, ivy::Ints::from(x.shape()))?;
        Ok((values, indices, inverse, counts))
    }

    /// The unique elements of `x` (flattened, sorted) and how often each
    /// occurs (`int64`); see [`unique_all`](crate::unique_all).
    ///
    /// ```
    /// let (values, counts) = ivy::unique_counts(&ivy::array![2.0, 1.0, 2.0])?;
    /// assert_eq!(values.to_vec::<f32>()?, vec![1.0, 2.0]);
    /// assert_eq!(counts.to_vec::<i64>()?, vec![1, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[out(custom)]
    fn unique_counts(x: Array) -> (Array, Array) {
        let (values, _, _, counts) = ivy::unique_all(x)?;
        Ok((values, counts))
    }

    /// The unique elements of `x` (flattened, sorted) and, for every element
    /// of `x`, the position of its value among them (`int64`, of the shape
    /// of `x`); see [`unique_all`](crate::unique_all).
    ///
    /// ```
    /// let x = ivy::array![5, 7, 5];
    /// let (values, inverse) = ivy::unique_inverse(&x)?;
    /// assert_eq!(values.to_vec::<i32>()?, vec![5, 7]);
    /// assert_eq!(inverse.to_vec::<i64>()?, vec![0, 1, 0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[out(custom)]
    fn unique_inverse(x: Array) -> (Array, Array) {
        let (values, _, inverse, _) = ivy::unique_all(x)?;
        Ok((values, inverse))
    }

    /// The unique elements of `x` (flattened), sorted ascending; see
    /// [`unique_all`](crate::unique_all).
    ///
    /// ```
    /// let v = ivy::unique_values(&ivy::array![[3, 1], [3, 1]])?;
    /// assert_eq!(v.to_vec::<i32>()?, vec![1, 3]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    fn unique_values(x: Array) -> Array {
        let (values, _, _, _) = ivy::unique_all(x)?;
        Ok(values)
    }

    /// `a` sorted along its first axis (Ivy's `msort`, NumPy's `msort`).
    ///
    /// ```
    /// let a = ivy::array![[3, 1], [1, 2], [2, 0]];
    /// assert_eq!(ivy::msort(&a)?, ivy::array![[1, 0], [2, 1], [3, 2]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    fn msort(a: Array) -> Array {
        if a.ndim() == 0 {
            return Err(ivy::Error::invalid("msort", "needs an array of at least one dimension"));
        }
        ivy::sort_with(a, ivy::opts::Sort::new().axis(0))
    }
}
    } };
}
