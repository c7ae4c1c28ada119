//! `array!`: an [`Array`](crate::Array) from nested literals.

/// An array from nested literals or expressions, row by row.
///
/// Unsuffixed literals follow Ivy's default-dtype rules at run time: floats
/// take the default float dtype (`float32`), integers the default int dtype
/// (`int32`), widened to 64 bits when a value needs it; booleans are `bool`.
/// One suffixed literal fixes the dtype of the whole array (`[1i8, 2]` is
/// `int8`). Other expressions are Rust numbers, taken as Python scalars are.
/// Rows of different lengths, or suffixes that disagree, are compile errors.
///
/// ```
/// # extern crate ivy_ndarray;
/// # extern crate ivy_core as ivy;
/// let x = ivy::array![[1.0, 2.0], [3.0, 4.0]];
/// assert_eq!((x.shape().dims(), x.dtype()), (&[2, 2][..], ivy::Dtype::Float32));
/// assert_eq!(ivy::array![1u8, 2].dtype(), ivy::Dtype::UInt8);
/// assert_eq!(ivy::array![3_000_000_000].dtype(), ivy::Dtype::Int64);
/// let n = 2.5;
/// assert_eq!(ivy::array![true, false].dtype(), ivy::Dtype::Bool);
/// assert_eq!(ivy::array![n, -n].to_vec::<f32>()?, [2.5, -2.5]);
/// # Ok::<(), ivy::Error>(())
/// ```
#[macro_export]
macro_rules! array {
    ($($tokens:tt)*) => {
        $crate::__private::array!($crate; $($tokens)*)
    };
}
