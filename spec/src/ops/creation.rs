//! The `creation` ops.

#[doc(hidden)]
#[macro_export]
macro_rules! __ops_creation {
    ([$($cb:tt)*] $($acc:tt)*) => { $crate::__ops_data_type! { [$($cb)*] $($acc)*
category creation {
    //! Array creation: from Rust data, zeros, ones, full, ranges, identity matrices, triangles, one-hot encodings, grids and the `_like` forms.

    /// An array from Rust data: a vector, a slice, a fixed-size array (nested
    /// for more dimensions), an `ndarray` array (adopted without copying when
    /// it is in standard layout), or an existing array. The dtype is the
    /// element type's; the array lives on the current backend.
    ///
    /// ```
    /// let a = ivy::asarray(vec![1.0f32, 2.0])?;
    /// assert_eq!(a.dtype(), ivy::Dtype::Float32);
    /// let b = ivy::asarray(&[[1u8, 2], [3, 4]])?;
    /// assert_eq!(b.shape().dims(), &[2, 2]);
    /// let c = ivy::asarray(ndarray::arr2(&[[1i64, 2], [3, 4]]))?;
    /// assert_eq!(c.to_vec::<i64>()?, vec![1, 2, 3, 4]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[standalone]
    fn asarray<D: ivy::IntoArray>(obj: D) -> ivy::Result<ivy::Array> {
        obj.into_array()
    }

    /// An array of zeros of the given shape.
    ///
    /// ```
    /// let z = ivy::zeros([2, 3])?;
    /// assert_eq!(z.shape().dims(), &[2, 3]);
    /// assert_eq!(z.dtype(), ivy::default_float_dtype());
    /// let i = ivy::zeros_with(4, ivy::opts::Zeros::new().dtype(ivy::Dtype::Int8))?;
    /// assert_eq!(i.to_vec::<i8>()?, vec![0; 4]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(dtype)]
    #[not_differentiable]
    fn zeros(
        shape: Shape,
        #[default(ivy::default_dtype())] dtype: Dtype,
        #[default(ivy::default_device())] device: Device,
    ) -> Array;

    /// An array of ones of the given shape.
    ///
    /// ```
    /// let o = ivy::ones([2])?;
    /// assert_eq!(o.to_vec::<f32>()?, vec![1.0, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(dtype)]
    #[not_differentiable]
    fn ones(
        shape: Shape,
        #[default(ivy::default_dtype())] dtype: Dtype,
        #[default(ivy::default_device())] device: Device,
    ) -> Array;

    /// An array of the given shape whose values do not matter (arrays are
    /// immutable values here, so this is `zeros`).
    ///
    /// ```
    /// assert_eq!(ivy::empty([3])?.size(), 3);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(dtype)]
    #[not_differentiable]
    fn empty(
        shape: Shape,
        #[default(ivy::default_dtype())] dtype: Dtype,
        #[default(ivy::default_device())] device: Device,
    ) -> Array;

    /// An array of the given shape filled with `fill_value`; without `dtype`,
    /// the dtype Ivy infers for the value (`bool`, the default int or float
    /// dtype, widened if the value needs it).
    ///
    /// ```
    /// let f = ivy::full([2], 7)?;
    /// assert_eq!(f.dtype(), ivy::Dtype::Int32);
    /// assert_eq!(f.to_vec::<i32>()?, vec![7, 7]);
    /// assert_eq!(ivy::full([1], 1.5)?.dtype(), ivy::Dtype::Float32);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(dtype)]
    #[not_differentiable]
    fn full(
        shape: Shape,
        fill_value: Scalar,
        #[default(fill_value.default_dtype())] dtype: Dtype,
        #[default(ivy::default_device())] device: Device,
    ) -> Array;

    /// Zeros of the shape of `x`, of its dtype unless `dtype` is given.
    ///
    /// ```
    /// let x = ivy::array![[1, 2], [3, 4]];
    /// assert_eq!(ivy::zeros_like(&x)?, ivy::array![[0, 0], [0, 0]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(dtype)]
    #[differentiable]
    #[vjp(x = zero)]
    fn zeros_like(
        x: Array,
        #[default(x.dtype())] dtype: Dtype,
        #[default(x.device())] device: Device,
    ) -> Array;

    /// Ones of the shape of `x`, of its dtype unless `dtype` is given.
    ///
    /// ```
    /// assert_eq!(ivy::ones_like(&ivy::array![true, false])?.to_vec::<bool>()?, vec![true, true]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(dtype)]
    #[differentiable]
    #[vjp(x = zero)]
    fn ones_like(
        x: Array,
        #[default(x.dtype())] dtype: Dtype,
        #[default(x.device())] device: Device,
    ) -> Array;

    /// An array of the shape of `x` whose values do not matter (zeros).
    ///
    /// ```
    /// assert_eq!(ivy::empty_like(&ivy::array![1.0, 2.0])?.size(), 2);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(dtype)]
    #[differentiable]
    #[vjp(x = zero)]
    fn empty_like(
        x: Array,
        #[default(x.dtype())] dtype: Dtype,
        #[default(x.device())] device: Device,
    ) -> Array;

    /// An array of the shape of `x` filled with `fill_value`, of the dtype of
    /// `x` unless `dtype` is given.
    ///
    /// ```
    /// assert_eq!(ivy::full_like(&ivy::array![1, 2], 9)?.to_vec::<i32>()?, vec![9, 9]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(dtype)]
    #[differentiable]
    #[vjp(x = zero)]
    fn full_like(
        x: Array,
        fill_value: Scalar,
        #[default(x.dtype())] dtype: Dtype,
        #[default(x.device())] device: Device,
    ) -> Array;

    /// Evenly spaced values in `[start, stop)` with spacing `step`; with no
    /// `stop`, `[0, start)`. Without `dtype`: the default float dtype if any
    /// bound is a float, else the default int dtype.
    ///
    /// ```
    /// assert_eq!(ivy::arange(4)?.to_vec::<i32>()?, vec![0, 1, 2, 3]);
    /// let r = ivy::arange_with(1, ivy::opts::Arange::new().stop(2).step(0.25))?;
    /// assert_eq!(r.to_vec::<f32>()?, vec![1.0, 1.25, 1.5, 1.75]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real)]
    #[out(dtype)]
    #[not_differentiable]
    #[check(ivy::checks::arange)]
    fn arange(
        start: Scalar,
        #[default(None)] stop: Option<Scalar>,
        #[default(1)] step: Scalar,
        #[default(ivy::dtype::infer_arange_dtype(start, stop, step))] dtype: Dtype,
        #[default(ivy::default_device())] device: Device,
    ) -> Array;

    /// `num` evenly spaced values from `start` to `stop` (included unless
    /// `endpoint` is false).
    ///
    /// ```
    /// assert_eq!(ivy::linspace(0, 1, 5)?.to_vec::<f32>()?, vec![0.0, 0.25, 0.5, 0.75, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[out(dtype)]
    #[not_differentiable]
    fn linspace(
        start: Scalar,
        stop: Scalar,
        num: usize,
        #[default(true)] endpoint: bool,
        #[default(ivy::default_float_dtype())] dtype: Dtype,
        #[default(ivy::default_device())] device: Device,
    ) -> Array;

    /// A 2-d array with ones on the `k`-th diagonal and zeros elsewhere,
    /// optionally repeated over `batch_shape`.
    ///
    /// ```
    /// let e = ivy::eye(2)?;
    /// assert_eq!(e.to_vec::<f32>()?, vec![1.0, 0.0, 0.0, 1.0]);
    /// let k = ivy::eye_with(2, ivy::opts::Eye::new().n_cols(3).k(1))?;
    /// assert_eq!(k.to_vec::<f32>()?, vec![0.0, 1.0, 0.0, 0.0, 0.0, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(dtype)]
    #[not_differentiable]
    fn eye(
        n_rows: usize,
        #[default(None)] n_cols: Option<usize>,
        #[default(0)] k: i64,
        #[default(None)] batch_shape: Option<Shape>,
        #[default(ivy::default_dtype())] dtype: Dtype,
        #[default(ivy::default_device())] device: Device,
    ) -> Array;

    /// The lower triangle of the last two dimensions of `x`: elements above
    /// the `k`-th diagonal are zeroed.
    ///
    /// ```
    /// let x = ivy::array![[1, 2], [3, 4]];
    /// assert_eq!(ivy::tril(&x)?, ivy::array![[1, 0], [3, 4]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[differentiable]
    #[vjp(x = ivy::tril_with(g, ivy::opts::Tril::new().k(k)))]
    fn tril(#[min_ndim(2)] x: Array, #[default(0)] k: i64) -> Array;

    /// The upper triangle of the last two dimensions of `x`: elements below
    /// the `k`-th diagonal are zeroed.
    ///
    /// ```
    /// let x = ivy::array![[1, 2], [3, 4]];
    /// assert_eq!(ivy::triu(&x)?, ivy::array![[1, 2], [0, 4]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[differentiable]
    #[vjp(x = ivy::triu_with(g, ivy::opts::Triu::new().k(k)))]
    fn triu(#[min_ndim(2)] x: Array, #[default(0)] k: i64) -> Array;

    /// One-hot encodings of the integer `indices`: a new axis (last, or
    /// `axis`) of length `depth` holds `on_value` (1) at the index and
    /// `off_value` (0) elsewhere; indices outside `0..depth` give all
    /// `off_value`.
    ///
    /// ```
    /// let h = ivy::one_hot(&ivy::array![0, 2], 3)?;
    /// assert_eq!(h.to_vec::<f32>()?, vec![1.0, 0.0, 0.0, 0.0, 0.0, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(integer)]
    #[out(dtype)]
    #[not_differentiable]
    #[sample(depth = 5usize)]
    fn one_hot(
        indices: Array,
        depth: usize,
        #[default(1)] on_value: Scalar,
        #[default(0)] off_value: Scalar,
        #[default(None)] axis: Option<i64>,
        #[default(ivy::default_float_dtype())] dtype: Dtype,
        #[default(indices.device())] device: Device,
    ) -> Array;

    /// Coordinate matrices from coordinate vectors: for `n` 1-d arrays, `n`
    /// arrays of their broadcast shape (`indexing = "xy"`, the default,
    /// swaps the first two dimensions, as NumPy; `"ij"` does not).
    ///
    /// ```
    /// let g = ivy::meshgrid([&ivy::array![1, 2, 3], &ivy::array![4, 5]])?;
    /// assert_eq!(g[0].shape().dims(), &[2, 3]);
    /// assert_eq!(g[1].to_vec::<i32>()?, vec![4, 4, 4, 5, 5, 5]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(same_each)]
    #[differentiable]
    #[sample(arrays = [3])]
    #[vjp(arrays = ivy::gradients::rules::unmeshgrid(gs, arrays, indexing))]
    fn meshgrid(
        arrays: Arrays,
        #[default(false)] sparse: bool,
        #[default("xy")]
        #[one_of("xy", "ij")]
        indexing: Str,
    ) -> Vec<Array>;

    /// `num` numbers spaced evenly on a log scale: `base` raised to the
    /// powers `linspace(start, stop, num, endpoint)`, computed in `dtype`
    /// (for an integer dtype the powers are integers too).
    ///
    /// ```
    /// let x = ivy::logspace(0, 3, 4usize)?;
    /// assert_eq!(x.to_vec::<f32>()?, vec![1.0, 10.0, 100.0, 1000.0]);
    /// let b = ivy::logspace_with(0, 3, 3usize, ivy::opts::Logspace::new().base(2.0).endpoint(false))?;
    /// assert_eq!(b.to_vec::<f32>()?, vec![1.0, 2.0, 4.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[out(dtype)]
    fn logspace(
        start: Scalar,
        stop: Scalar,
        num: usize,
        #[default(10.0)] base: f64,
        #[default(true)] endpoint: bool,
        #[default(ivy::default_float_dtype())] dtype: Dtype,
        #[default(ivy::default_device())] device: Device,
    ) -> Array {
        let o = ivy::opts::Linspace::new()
            .endpoint(endpoint)
            .dtype(dtype)
            .device(device);
        let exponents = ivy::linspace_with(start, stop, num, o)?;
        let bases = ivy::full_like(&exponents, base)?;
        ivy::pow(&bases, &exponents)
    }
}
    } };
}
