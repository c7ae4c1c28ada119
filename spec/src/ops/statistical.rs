//! The `statistical` ops.

#[doc(hidden)]
#[macro_export]
macro_rules! __ops_statistical {
    ([$($cb:tt)*] $($acc:tt)*) => { $crate::__ops_utility! { [$($cb)*] $($acc)*
category statistical {
    //! Statistical reductions: sums, products, means, variances, extrema and cumulative forms.

    /// The sum of the elements of `x` along `axis` (all axes by default).
    ///
    /// With no `dtype`, integers accumulate in the default integer dtype (or
    /// the default unsigned one) when they are narrower, as the Array API
    /// says; `bool` counts as the default integer dtype.
    ///
    /// ```
    /// let x = ivy::array![[1, 2], [3, 4]];
    /// assert_eq!(ivy::sum(&x)?.item()?, ivy::Scalar::Int(10));
    /// let s = ivy::sum_with(&x, ivy::opts::Sum::new().axis(0))?;
    /// assert_eq!(s.to_vec::<i32>()?, vec![4, 6]);
    /// assert_eq!(ivy::sum(&ivy::array![1i8, 2])?.dtype(), ivy::Dtype::Int32);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(dtype)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::unreduce(g, x, axis, keepdims))]
    fn sum(
        x: Array,
        #[default(None)] axis: Option<Axes>,
        #[default(ivy::dtype::sum_dtype(x.dtype()))] dtype: Dtype,
        #[default(false)] keepdims: bool,
    ) -> Array;

    /// The product of the elements of `x` along `axis` (all axes by default),
    /// accumulating as [`sum`](fn@crate::sum) does.
    ///
    /// ```
    /// assert_eq!(ivy::prod(&ivy::array![[1, 2], [3, 4]])?.item()?, ivy::Scalar::Int(24));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(dtype)]
    #[differentiable]
    #[vjp(x = ivy::divide(&ivy::gradients::rules::unreduce(&ivy::multiply(g, out)?, x, axis, keepdims)?, x))]
    fn prod(
        x: Array,
        #[default(None)] axis: Option<Axes>,
        #[default(ivy::dtype::sum_dtype(x.dtype()))] dtype: Dtype,
        #[default(false)] keepdims: bool,
    ) -> Array;

    /// The mean of the elements of `x` along `axis` (all axes by default);
    /// integers are cast to the default float dtype first.
    ///
    /// ```
    /// assert_eq!(ivy::mean(&ivy::array![1, 2, 3, 4])?.item()?, ivy::Scalar::Float(2.5));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::divide(&ivy::gradients::rules::unreduce(g, x, axis, keepdims)?, ivy::gradients::rules::reduced_count(x, axis)? as f64))]
    fn mean(
        x: Array,
        #[default(None)] axis: Option<Axes>,
        #[default(false)] keepdims: bool,
    ) -> Array;

    /// The variance of the elements of `x` along `axis`, dividing by
    /// `n - correction` (0 gives the population variance, 1 the sample one).
    ///
    /// ```
    /// assert_eq!(ivy::var(&ivy::array![1.0, 2.0, 3.0, 4.0])?.item()?, ivy::Scalar::Float(1.25));
    /// let s = ivy::var_with(&ivy::array![1.0, 2.0, 3.0, 4.0], ivy::opts::Var::new().correction(1.0))?;
    /// assert!((s.item()?.to_f64() - 5.0 / 3.0).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = { let n = ivy::gradients::rules::reduced_count(x, axis)? as f64 - correction; let m = ivy::mean_with(x, match axis { Some(a) => ivy::opts::Mean::new().axis(a.clone()), None => ivy::opts::Mean::new() }.keepdims(true))?; let d = ivy::multiply(&ivy::subtract(x, &m)?, 2.0 / n)?; ivy::multiply(&ivy::gradients::rules::unreduce(g, x, axis, keepdims)?, &d) })]
    fn var(
        x: Array,
        #[default(None)] axis: Option<Axes>,
        #[default(0.0)] correction: f64,
        #[default(false)] keepdims: bool,
    ) -> Array;

    /// The standard deviation of the elements of `x` along `axis` (the square
    /// root of [`var`](fn@crate::var)).
    ///
    /// ```
    /// assert_eq!(ivy::std(&ivy::array![1.0, 3.0])?.item()?, ivy::Scalar::Float(1.0));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = { let n = ivy::gradients::rules::reduced_count(x, axis)? as f64 - correction; let m = ivy::mean_with(x, match axis { Some(a) => ivy::opts::Mean::new().axis(a.clone()), None => ivy::opts::Mean::new() }.keepdims(true))?; let d = ivy::divide(&ivy::subtract(x, &m)?, &ivy::multiply(&ivy::gradients::rules::unreduce(out, x, axis, keepdims)?, n)?)?; ivy::multiply(&ivy::gradients::rules::unreduce(g, x, axis, keepdims)?, &d) })]
    fn std(
        x: Array,
        #[default(None)] axis: Option<Axes>,
        #[default(0.0)] correction: f64,
        #[default(false)] keepdims: bool,
    ) -> Array;

    /// The smallest element of `x` along `axis` (all axes by default); NaN
    /// if any element is NaN. An empty reduction is an error.
    ///
    /// ```
    /// assert_eq!(ivy::min(&ivy::array![[1, 5], [3, 2]])?.item()?, ivy::Scalar::Int(1));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real | bool)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::extremum(g, x, out, axis, keepdims))]
    #[check(ivy::checks::nonempty_reduction)]
    fn min(
        x: Array,
        #[default(None)] axis: Option<Axes>,
        #[default(false)] keepdims: bool,
    ) -> Array;

    /// The largest element of `x` along `axis` (all axes by default); NaN if
    /// any element is NaN. An empty reduction is an error.
    ///
    /// ```
    /// let x = ivy::array![[1, 5], [3, 2]];
    /// assert_eq!(ivy::max(&x)?.item()?, ivy::Scalar::Int(5));
    /// assert_eq!(ivy::max_with(&x, ivy::opts::Max::new().axis(1))?.to_vec::<i32>()?, vec![5, 3]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real | bool)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::extremum(g, x, out, axis, keepdims))]
    #[check(ivy::checks::nonempty_reduction)]
    fn max(
        x: Array,
        #[default(None)] axis: Option<Axes>,
        #[default(false)] keepdims: bool,
    ) -> Array;

    /// `log(sum(exp(x)))` along `axis` (all axes by default), computed
    /// stably: the largest element `m` is taken out first,
    /// `m + log(sum(exp(x - m)))`, so large inputs do not overflow and very
    /// negative ones do not underflow to `log(0)` (SciPy's `logsumexp`). An
    /// infinite `m` is not subtracted; an empty reduction gives `-inf`.
    ///
    /// ```
    /// let y = ivy::logsumexp(&ivy::array![1000.0, 1000.0])?;
    /// assert!((y.to_vec::<f32>()?[0] - (1000.0 + std::f32::consts::LN_2)).abs() < 1e-3);
    /// let r = ivy::logsumexp_with(&ivy::array![[0.0, 0.0], [1.0, 1.0]], ivy::opts::Logsumexp::new().axis(1).keepdims(true))?;
    /// assert_eq!(r.shape().dims(), &[2, 1]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[differentiable]
    #[dtypes(float)]
    fn logsumexp(
        x: Array,
        #[default(None)] axis: Option<Axes>,
        #[default(false)] keepdims: bool,
    ) -> Array {
        let mut keep = ivy::opts::Max::new().keepdims(true);
        let mut red = ivy::opts::Max::new().keepdims(keepdims);
        let mut s = ivy::opts::Sum::new().keepdims(keepdims).dtype(x.dtype());
        if let Some(ax) = axis {
            keep = keep.axis(ax.clone());
            red = red.axis(ax.clone());
            s = s.axis(ax.clone());
        }
        if x.size() == 0 {
            return ivy::log(&ivy::sum_with(&ivy::exp(x)?, s)?);
        }
        // The shift carries no gradient (it cancels analytically); an
        // infinite maximum is replaced by 0 so inf - inf never appears.
        let finite = |m: Array| -> ivy::Result<Array> {
            let m = ivy::stop_gradient(&m)?;
            ivy::r#where(&ivy::isfinite(&m)?, &m, 0)
        };
        let m_keep = finite(ivy::max_with(x, keep)?)?;
        let m = finite(ivy::max_with(x, red)?)?;
        let e = ivy::sum_with(&ivy::exp(&ivy::subtract(x, &m_keep)?)?, s)?;
        ivy::add(&ivy::log(&e)?, &m)
    }

    /// The cumulative sum of `x` along `axis` (`exclusive` starts from 0,
    /// `reverse` runs from the end), accumulating as [`sum`](fn@crate::sum).
    ///
    /// ```
    /// assert_eq!(ivy::cumsum(&ivy::array![1, 2, 3])?.to_vec::<i32>()?, vec![1, 3, 6]);
    /// let e = ivy::cumsum_with(&ivy::array![1, 2, 3], ivy::opts::Cumsum::new().exclusive(true))?;
    /// assert_eq!(e.to_vec::<i32>()?, vec![0, 1, 3]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(dtype)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::cumsum_adjoint(g, axis, exclusive, reverse))]
    fn cumsum(
        x: Array,
        #[default(0)] axis: Axis,
        #[default(false)] exclusive: bool,
        #[default(false)] reverse: bool,
        #[default(ivy::dtype::sum_dtype(x.dtype()))] dtype: Dtype,
    ) -> Array;

    /// The cumulative product of `x` along `axis` (`exclusive` starts from 1,
    /// `reverse` runs from the end).
    ///
    /// ```
    /// assert_eq!(ivy::cumprod(&ivy::array![1, 2, 3])?.to_vec::<i32>()?, vec![1, 2, 6]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(dtype)]
    #[differentiable]
    #[vjp(x = ivy::divide(&ivy::gradients::rules::cumsum_adjoint(&ivy::multiply(g, out)?, axis, exclusive, reverse)?, x))]
    fn cumprod(
        x: Array,
        #[default(0)] axis: Axis,
        #[default(false)] exclusive: bool,
        #[default(false)] reverse: bool,
        #[default(ivy::dtype::sum_dtype(x.dtype()))] dtype: Dtype,
    ) -> Array;

    /// The number of elements of `x` that are not zero along `axis` (all of
    /// them by default), as `int64` (`false` counts as zero).
    ///
    /// ```
    /// let x = ivy::array![[0, 1, 2], [3, 0, 0]];
    /// assert_eq!(ivy::count_nonzero(&x)?.item()?, ivy::Scalar::Int(3));
    /// let per_row = ivy::count_nonzero_with(&x, ivy::opts::CountNonzero::new().axis(1))?;
    /// assert_eq!(per_row.to_vec::<i64>()?, vec![2, 1]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[out(index)]
    fn count_nonzero(
        x: Array,
        #[default(None)] axis: Option<Axes>,
        #[default(false)] keepdims: bool,
    ) -> Array {
        let nz = ivy::not_equal(x, &ivy::zeros_like(x)?)?;
        let counts = ivy::astype(&nz, ivy::Dtype::Int64)?;
        let mut o = ivy::opts::Sum::new().keepdims(keepdims).dtype(ivy::Dtype::Int64);
        if let Some(a) = axis {
            o = o.axis(a.clone());
        }
        ivy::sum_with(&counts, o)
    }

    /// The cumulative sum of `x` along `axis` (which may be left out for
    /// arrays of at most one dimension), in `dtype`; with `include_initial`
    /// the result starts with a 0 (and is one longer along `axis`). The
    /// Array API's form of [`cumsum`](crate::cumsum).
    ///
    /// ```
    /// let x = ivy::array![1, 2, 3];
    /// assert_eq!(ivy::cumulative_sum(&x)?.to_vec::<i32>()?, vec![1, 3, 6]);
    /// let i = ivy::cumulative_sum_with(&x, ivy::opts::CumulativeSum::new().include_initial(true))?;
    /// assert_eq!(i.to_vec::<i32>()?, vec![0, 1, 3, 6]);
    /// assert!(ivy::cumulative_sum(&ivy::zeros([2, 2])?).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[sample(x = [4])]
    #[out(dtype)]
    fn cumulative_sum(
        x: Array,
        #[default(None)] axis: Option<Axis>,
        #[default(ivy::dtype::sum_dtype(x.dtype()))] dtype: Dtype,
        #[default(false)] include_initial: bool,
    ) -> Array {
        let a = ivy::gradients::rules::cumulative_axis("cumulative_sum", x, axis)?;
        let c = ivy::cumsum_with(x, ivy::opts::Cumsum::new().axis(a as i64).dtype(dtype))?;
        if !include_initial {
            return Ok(c);
        }
        let mut dims = c.shape().dims().to_vec();
        dims[a] = 1;
        let first = ivy::zeros_with(dims, ivy::opts::Zeros::new().dtype(c.dtype()))?;
        ivy::concat_with(vec![first, c], ivy::opts::Concat::new().axis(Some(a as i64)))
    }

    /// The cumulative product of `x` along `axis` (which may be left out for
    /// arrays of at most one dimension), in `dtype`; with `include_initial`
    /// the result starts with a 1 (and is one longer along `axis`). The
    /// Array API's form of [`cumprod`](crate::cumprod).
    ///
    /// ```
    /// let x = ivy::array![1, 2, 3];
    /// assert_eq!(ivy::cumulative_prod(&x)?.to_vec::<i32>()?, vec![1, 2, 6]);
    /// let i = ivy::cumulative_prod_with(&x, ivy::opts::CumulativeProd::new().include_initial(true))?;
    /// assert_eq!(i.to_vec::<i32>()?, vec![1, 1, 2, 6]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[sample(x = [4])]
    #[out(dtype)]
    fn cumulative_prod(
        x: Array,
        #[default(None)] axis: Option<Axis>,
        #[default(ivy::dtype::sum_dtype(x.dtype()))] dtype: Dtype,
        #[default(false)] include_initial: bool,
    ) -> Array {
        let a = ivy::gradients::rules::cumulative_axis("cumulative_prod", x, axis)?;
        let c = ivy::cumprod_with(x, ivy::opts::Cumprod::new().axis(a as i64).dtype(dtype))?;
        if !include_initial {
            return Ok(c);
        }
        let mut dims = c.shape().dims().to_vec();
        dims[a] = 1;
        let first = ivy::ones_with(dims, ivy::opts::Ones::new().dtype(c.dtype()))?;
        ivy::concat_with(vec![first, c], ivy::opts::Concat::new().axis(Some(a as i64)))
    }

    /// Einstein summation over the `operands`, as `numpy.einsum`: one term
    /// of subscripts (letters) per operand, separated by commas, and the
    /// output after `->`; without `->` the output is the subscripts that
    /// occur once, in alphabetical order. A subscript repeated within a
    /// term takes the diagonal; subscripts missing from the output are
    /// summed; `...` stands for the broadcast leading (or inner)
    /// dimensions, and lengths of 1 broadcast. Computed by diagonals, sums
    /// and one batched matrix product per further operand, so it is
    /// differentiable through those ops. Integer sums keep the input dtype.
    ///
    /// ```
    /// let a = ivy::array![[1, 2], [3, 4]];
    /// let b = ivy::array![[5, 6], [7, 8]];
    /// assert_eq!(ivy::einsum("ij,jk->ik", [&a, &b])?, ivy::array![[19, 22], [43, 50]]);
    /// assert_eq!(ivy::einsum("ii", [&a])?.item()?, ivy::Scalar::Int(5)); // the trace
    /// assert_eq!(ivy::einsum("ii->i", [&a])?, ivy::array![1, 4]);
    /// assert_eq!(ivy::einsum("ji", [&a])?, ivy::array![[1, 3], [2, 4]]);
    /// assert_eq!(ivy::einsum("...j,j", [&a, &ivy::array![1, 1]])?, ivy::array![3, 7]);
    /// assert_eq!(ivy::einsum("i,j->ij", [&ivy::array![1, 2], &ivy::array![3, 4]])?, ivy::array![[3, 4], [6, 8]]);
    /// assert!(ivy::einsum("ij,jk", [&a, &ivy::array![[1, 2, 3], [4, 5, 6], [7, 8, 9]]]).is_err());
    /// assert!(ivy::einsum("ij->k", [&a]).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(numeric)]
    #[promote]
    #[sample(equation = "ij,jk->ik", operands = [2, 2])]
    fn einsum(equation: Str, operands: Arrays) -> Array {
        ivy::layer_support::einsum(equation, operands)
    }
}
    } };
}
