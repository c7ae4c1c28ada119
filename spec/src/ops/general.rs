//! The `general` ops.

#[doc(hidden)]
#[macro_export]
macro_rules! __ops_general {
    ([$($cb:tt)*] $($acc:tt)*) => { $crate::__ops_end! { [$($cb)*] $($acc)*
category general {
    //! General and convenience functions.

    /// `numerator / (denominator + min_denominator)`, which stays finite for
    /// a zero denominator (`min_denominator` defaults to `1e-12`, Ivy's
    /// `min_denominator`). As in Ivy, integer inputs give `float64` (a float
    /// scalar added to integers promotes them to `float64`).
    ///
    /// ```
    /// let y = ivy::stable_divide(&ivy::array![1.0], &ivy::array![0.0])?.to_vec::<f32>()?;
    /// assert!(y[0].is_finite());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[convenience]
    #[dtypes(numeric)]
    #[out(custom)]
    fn stable_divide(
        numerator: Array,
        denominator: Array,
        #[default(None)] min_denominator: Option<f64>,
    ) -> Array {
        let eps = min_denominator.unwrap_or(1e-12);
        ivy::divide(numerator, &ivy::add(denominator, eps)?)
    }

    /// `x` if it is there, else `default_val` (Ivy's `default`; the fallback
    /// may be computed lazily with [`Option::unwrap_or_else`]).
    ///
    /// ```
    /// assert_eq!(ivy::default(None, 3), 3);
    /// assert_eq!(ivy::default(Some(1), 3), 1);
    /// ```
    #[standalone]
    #[convenience]
    fn default<T>(x: Option<T>, default_val: T) -> T {
        x.unwrap_or(default_val)
    }

    /// Whether `x` is there (Ivy's `exists`: not `None`).
    ///
    /// ```
    /// assert!(ivy::exists(&Some(1)));
    /// assert!(!ivy::exists::<i32>(&None));
    /// ```
    #[standalone]
    #[convenience]
    fn exists<T>(x: &Option<T>) -> bool {
        x.is_some()
    }

    /// The dtype of `x`.
    ///
    /// ```
    /// assert_eq!(ivy::dtype(&ivy::array![1u8]), ivy::Dtype::UInt8);
    /// ```
    #[standalone]
    #[convenience]
    fn dtype(x: &ivy::Array) -> ivy::Dtype {
        x.dtype()
    }

    /// The device of `x` (Ivy's `dev`).
    ///
    /// ```
    /// assert_eq!(ivy::dev(&ivy::array![1.0]), ivy::Device::Cpu);
    /// ```
    #[standalone]
    #[convenience]
    fn dev(x: &ivy::Array) -> ivy::Device {
        x.device()
    }

    /// The shape of `x`.
    ///
    /// ```
    /// assert_eq!(ivy::shape(&ivy::array![[1, 2, 3]]).dims(), &[1, 3]);
    /// ```
    #[standalone]
    #[convenience]
    fn shape(x: &ivy::Array) -> ivy::Shape {
        x.shape().clone()
    }

    /// The number of dimensions of `x`.
    ///
    /// ```
    /// assert_eq!(ivy::get_num_dims(&ivy::array![[1, 2, 3]]), 2);
    /// ```
    #[standalone]
    #[convenience]
    fn get_num_dims(x: &ivy::Array) -> usize {
        x.ndim()
    }

    /// Whether `x1` and `x2` have the same shape and elements (dtypes may
    /// differ: the elements are compared after promotion).
    ///
    /// ```
    /// assert!(ivy::array_equal(&ivy::array![1, 2], &ivy::array![1.0, 2.0])?);
    /// assert!(!ivy::array_equal(&ivy::array![1, 2], &ivy::array![1, 3])?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[standalone]
    #[convenience]
    fn array_equal(x1: &ivy::Array, x2: &ivy::Array) -> ivy::Result<bool> {
        if x1.shape() != x2.shape() {
            return Ok(false);
        }
        let eq = ivy::equal(x1, x2)?;
        Ok(ivy::all(&eq)?.item()? == ivy::Scalar::Bool(true))
    }

    /// `x` scaled so that its `p`-norm (over all elements) is at most
    /// `max_norm`: `x * max_norm / norm` when the norm is larger, `x`
    /// otherwise (Ivy's `clip_vector_norm`). `max_norm` must not be negative.
    ///
    /// ```
    /// let y = ivy::clip_vector_norm(&ivy::array![3.0, 4.0], 1.0)?;
    /// assert_eq!(y.to_vec::<f32>()?, vec![0.6, 0.8]);
    /// let same = ivy::clip_vector_norm(&ivy::array![3.0, 4.0], 10.0)?;
    /// assert_eq!(same.to_vec::<f32>()?, vec![3.0, 4.0]);
    /// let l1 = ivy::clip_vector_norm_with(&ivy::array![3.0, -1.0], 2.0, ivy::opts::ClipVectorNorm::new().p(1.0))?;
    /// assert_eq!(l1.to_vec::<f32>()?, vec![1.5, -0.5]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[sample(max_norm = 0.5f64)]
    fn clip_vector_norm(x: Array, max_norm: f64, #[default(2.0)] p: f64) -> Array {
        let norm = ivy::vector_norm_with(x, ivy::opts::VectorNorm::new().ord(p))?;
        ivy::__private::clip_by_norm("clip_vector_norm", x, &norm, max_norm)
    }

    /// `x` scaled so that the matrix `p`-norm of each matrix (the last two
    /// axes) is at most `max_norm` (Ivy's `clip_matrix_norm`): `p = 2` (the
    /// default) is the largest singular value, `-2` the smallest, `1` /
    /// `-1` the largest / smallest column sum of absolute values, `inf` /
    /// `-inf` the largest / smallest row sum. Ivy's string orders go in
    /// `ord` (which then replaces `p`): `"fro"` (Frobenius), `"nuc"` (sum
    /// of the singular values), or any other order of
    /// [`matrix_norm`](crate::matrix_norm) spelt as a string. The largest
    /// singular value (`p = 2`) is found by power
    /// iteration on `x^T x` (in float64 to convergence, then 8 steps in ivy
    /// ops from there), as `|x v|` for the unit direction `v`: its gradient
    /// is exact, higher derivatives converge with the power steps.
    ///
    /// ```
    /// let x = ivy::array![[3.0f64, 0.0], [0.0, 1.0]];
    /// let y = ivy::clip_matrix_norm(&x, 1.5)?;
    /// assert_eq!(y.to_vec::<f64>()?, vec![1.5, 0.0, 0.0, 0.5]);
    /// let c = ivy::clip_matrix_norm_with(&ivy::array![[1.0, -2.0], [1.0, 2.0]], 2.0, ivy::opts::ClipMatrixNorm::new().p(1.0))?;
    /// assert_eq!(c.to_vec::<f32>()?, vec![0.5, -1.0, 0.5, 1.0]);
    /// // Frobenius norm 5 clipped to 2.5; nuclear norm 3 + 4 = 7 clipped to 3.5.
    /// let m = ivy::array![[3.0f64, 0.0], [0.0, 4.0]];
    /// let f = ivy::clip_matrix_norm_with(&m, 2.5, ivy::opts::ClipMatrixNorm::new().ord("fro"))?;
    /// assert_eq!(f.to_vec::<f64>()?, vec![1.5, 0.0, 0.0, 2.0]);
    /// let n = ivy::clip_matrix_norm_with(&m, 3.5, ivy::opts::ClipMatrixNorm::new().ord("nuc"))?;
    /// assert_eq!(n.to_vec::<f64>()?, vec![1.5, 0.0, 0.0, 2.0]);
    /// // p = -2: the smallest singular value, 3, clipped to 1.5.
    /// let s = ivy::clip_matrix_norm_with(&m, 1.5, ivy::opts::ClipMatrixNorm::new().p(-2.0))?;
    /// assert_eq!(s.to_vec::<f64>()?, vec![1.5, 0.0, 0.0, 2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[sample(max_norm = 0.5f64, p = 1.0)]
    fn clip_matrix_norm(x: Array, max_norm: f64, #[default(2.0)] p: f64, #[default(None)] ord: Option<Str>) -> Array {
        let op = "clip_matrix_norm";
        if x.ndim() < 2 {
            return Err(ivy::Error::shape(op, "needs matrices (at least two dimensions)", vec![x.shape().clone()]));
        }
        let by_matrix_norm = |ord: &str| -> ivy::Result<ivy::Array> {
            let n = ivy::matrix_norm_with(x, ivy::opts::MatrixNorm::new().ord(ord).keepdims(true))
                .map_err(|e| ivy::Error::invalid(op, format!("ord {ord:?}: {e}")))?;
            ivy::__private::clip_by_norm(op, x, &n, max_norm)
        };
        if let Some(ord) = ord {
            return by_matrix_norm(ord);
        }
        if p == -2.0 {
            return by_matrix_norm("-2");
        }
        let a = ivy::abs(x)?;
        let sums = |sum_axis: i64, pick_axis: i64, largest: bool| -> ivy::Result<ivy::Array> {
            let s = ivy::sum_with(&a, ivy::opts::Sum::new().axis(sum_axis).keepdims(true).dtype(a.dtype()))?;
            if largest {
                ivy::max_with(&s, ivy::opts::Max::new().axis(pick_axis).keepdims(true))
            } else {
                ivy::min_with(&s, ivy::opts::Min::new().axis(pick_axis).keepdims(true))
            }
        };
        let norm = if p == 2.0 {
            // From the converged direction (a constant), a few traced power
            // steps, so that higher derivatives see how the direction moves.
            let norm2 = |a: &ivy::Array| -> ivy::Result<ivy::Array> {
                ivy::sqrt(&ivy::sum_with(&ivy::square(a)?, ivy::opts::Sum::new().axis([-2, -1]).keepdims(true))?)
            };
            let xt = ivy::matrix_transpose(x)?;
            let mut v = ivy::__private::top_right_singular_vectors(op, x)?;
            for _ in 0..8 {
                let w = ivy::matmul(&xt, &ivy::matmul(x, &v)?)?;
                let n = norm2(&w)?;
                v = ivy::divide(&w, &ivy::r#where(&ivy::greater(&n, 0)?, &n, &ivy::ones_like(&n)?)?)?;
            }
            norm2(&ivy::matmul(x, &v)?)?
        } else if p == 1.0 || p == -1.0 {
            sums(-2, -1, p > 0.0)?
        } else if p.is_infinite() {
            sums(-1, -2, p > 0.0)?
        } else {
            return Err(ivy::Error::invalid(op, format!("p must be 2, -2, 1, -1, inf or -inf (or give ord), got {p}")));
        };
        ivy::__private::clip_by_norm(op, x, &norm, max_norm)
    }
}
    } };
}
