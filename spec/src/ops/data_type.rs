//! The `data_type` ops.

#[doc(hidden)]
#[macro_export]
macro_rules! __ops_data_type {
    ([$($cb:tt)*] $($acc:tt)*) => { $crate::__ops_manipulation! { [$($cb)*] $($acc)*
category data_type {
    //! Data type functions that produce arrays: casting and broadcasting.

    /// Copies `x` to the dtype `dtype`, ignoring promotion rules (NumPy's
    /// `astype`: integers wrap, floats truncate toward zero and saturate,
    /// complex to real keeps the real part, anything to bool is "not zero").
    ///
    /// ```
    /// let x = ivy::array![1.7, -2.7];
    /// assert_eq!(ivy::astype(&x, ivy::Dtype::Int32)?.to_vec::<i32>()?, vec![1, -2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(dtype)]
    #[differentiable]
    #[vjp(x = Ok(g.clone()))]
    fn astype(x: Array, dtype: Dtype, #[default(true)] copy: bool) -> Array;

    /// `x` broadcast to `shape` (NumPy's rules).
    ///
    /// ```
    /// let b = ivy::broadcast_to(&ivy::array![1, 2], [2, 2])?;
    /// assert_eq!(b, ivy::array![[1, 2], [1, 2]]);
    /// assert!(ivy::broadcast_to(&ivy::array![1, 2], [3]).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[differentiable]
    #[vjp(x = Ok(g.clone()))]
    fn broadcast_to(x: Array, shape: Shape) -> Array;

    /// The arrays broadcast against each other to one shape.
    ///
    /// ```
    /// let out = ivy::broadcast_arrays([&ivy::array![1, 2], &ivy::array![[3], [4]]])?;
    /// assert_eq!(out[0].shape().dims(), &[2, 2]);
    /// assert_eq!(out[1], ivy::array![[3, 3], [4, 4]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[out(same_each)]
    fn broadcast_arrays(arrays: Arrays) -> Vec<Array> {
        let mut shape = ivy::Shape::scalar();
        for a in arrays {
            shape = ivy::shape::broadcast_shapes_of("broadcast_arrays", &shape, a.shape())?;
        }
        arrays.iter().map(|a| ivy::broadcast_to(a, &shape)).collect()
    }
}
    } };
}
