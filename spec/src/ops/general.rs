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
}
    } };
}
