//! The `random` ops.

#[doc(hidden)]
#[macro_export]
macro_rules! __ops_random {
    ([$($cb:tt)*] $($acc:tt)*) => { $crate::__ops_gradients! { [$($cb)*] $($acc)*
category random {
    //! Random numbers: uniform and normal samples, random integers, shuffles and multinomial draws, from one seedable generator per thread.
    //!
    //! Every op draws from the generator of [`ivy::random`](crate::random)
    //! (ChaCha12, the same stream on every backend and platform): the
    //! thread's generator, set with [`seed`], or, with a `seed` argument, a
    //! generator of that seed for the one call. Seeds are `i64`s, taken as
    //! their 64 bits (`-1` is `u64::MAX`).

    /// Set the seed of this thread's random number generator: the random ops
    /// called afterwards on this thread without a `seed` argument give the
    /// same values every time the program runs. Other threads are not
    /// affected (each thread has its own generator, seeded from the operating
    /// system until `seed` is called on it).
    ///
    /// ```
    /// ivy::seed(42);
    /// let a = ivy::random_uniform_with(ivy::opts::RandomUniform::new().shape([3]))?;
    /// ivy::seed(42);
    /// let b = ivy::random_uniform_with(ivy::opts::RandomUniform::new().shape([3]))?;
    /// assert_eq!(a, b);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[standalone]
    fn seed(seed_value: i64) {
        ivy::random::seed_thread(seed_value as u64)
    }

    /// Samples of the uniform distribution over `[low, high)`, of the default
    /// float dtype (or the float dtype of array bounds) unless `dtype` is
    /// given. The shape is `shape` if given (the bounds must broadcast to
    /// it), else the broadcast shape of the bounds (`()` for scalars). The
    /// bounds must be finite with `low <= high`; `low == high` gives `low`.
    /// Values are drawn in `float64` and rounded to the dtype, staying below
    /// `high` in that dtype.
    ///
    /// ```
    /// use ivy::opts::RandomUniform;
    /// let u = ivy::random_uniform_with(RandomUniform::new().low(3.0).high(6.0).shape([2, 2]).seed(7))?;
    /// assert_eq!(u.shape().dims(), &[2, 2]);
    /// assert!(u.to_vec::<f32>()?.iter().all(|v| (3.0..6.0).contains(v)));
    /// let again = ivy::random_uniform_with(RandomUniform::new().low(3.0).high(6.0).shape([2, 2]).seed(7))?;
    /// assert_eq!(u, again);
    /// // Array bounds give one sample each.
    /// let b = ivy::random_uniform_with(RandomUniform::new().low(ivy::array![0.0, 10.0]).high(ivy::array![1.0, 20.0]))?;
    /// let v = b.to_vec::<f32>()?;
    /// assert!((0.0..1.0).contains(&v[0]) && (10.0..20.0).contains(&v[1]));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(float)]
    #[out(dtype)]
    #[not_differentiable]
    #[sample(low = [2])]
    fn random_uniform(
        #[default(None)]
        #[dtypes(real)]
        low: Option<Array>,
        #[default(None)]
        #[dtypes(real)]
        high: Option<Array>,
        #[default(None)] shape: Option<Shape>,
        #[default(ivy::random::float_dtype_of(low, high))]
        #[dtypes(float)]
        dtype: Dtype,
        #[default(ivy::default_device())] device: Device,
        #[default(None)] seed: Option<i64>,
    ) -> Array;

    /// Samples of the normal distribution with mean `mean` (0) and standard
    /// deviation `std` (1), of the default float dtype (or the float dtype of
    /// array parameters) unless `dtype` is given. The shape follows `shape`
    /// and the parameters as in [`random_uniform`]; `std` must be
    /// non-negative. Values are drawn in `float64` (ziggurat method) and
    /// rounded to the dtype.
    ///
    /// ```
    /// use ivy::opts::RandomNormal;
    /// let z = ivy::random_normal_with(RandomNormal::new().shape([1000]).seed(1))?;
    /// let mean = ivy::mean(&z)?.item()?.to_f64();
    /// assert!(mean.abs() < 0.2);
    /// let c = ivy::random_normal_with(RandomNormal::new().mean(5.0).std(0.0).shape([2]))?;
    /// assert_eq!(c.to_vec::<f32>()?, vec![5.0, 5.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(float)]
    #[out(dtype)]
    #[not_differentiable]
    fn random_normal(
        #[default(None)]
        #[dtypes(real)]
        mean: Option<Array>,
        #[default(None)]
        #[dtypes(real)]
        std: Option<Array>,
        #[default(None)] shape: Option<Shape>,
        #[default(ivy::random::float_dtype_of(mean, std))]
        #[dtypes(float)]
        dtype: Dtype,
        #[default(ivy::default_device())] device: Device,
        #[default(None)] seed: Option<i64>,
    ) -> Array;

    /// Random integers drawn uniformly from `[low, high)`, of the default int
    /// dtype unless `dtype` (any integer dtype) is given. The bounds are
    /// integers (scalars or arrays) with `low < high` everywhere, and the
    /// values must fit the dtype; the shape follows `shape` and the bounds as
    /// in [`random_uniform`].
    ///
    /// ```
    /// use ivy::opts::Randint;
    /// let r = ivy::randint_with(2, 20, Randint::new().shape([2, 3]).seed(42))?;
    /// assert_eq!(r.dtype(), ivy::default_int_dtype());
    /// assert!(r.to_vec::<i32>()?.iter().all(|v| (2..20).contains(v)));
    /// let b = ivy::randint_with(0, 256, Randint::new().shape([4]).dtype(ivy::Dtype::UInt8))?;
    /// assert_eq!(b.dtype(), ivy::Dtype::UInt8);
    /// assert!(ivy::randint(5, 5).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(integer)]
    #[out(dtype)]
    #[not_differentiable]
    #[no_method]
    #[sample(low = [0], high = [0], shape = [0])]
    fn randint(
        #[dtypes(integer)] low: Array,
        #[dtypes(integer)] high: Array,
        #[default(None)] shape: Option<Shape>,
        #[default(ivy::default_device())] device: Device,
        #[default(ivy::default_int_dtype())]
        #[dtypes(integer)]
        dtype: Dtype,
        #[default(None)] seed: Option<i64>,
    ) -> Array;

    /// `x` with its slices along `axis` (0) in a random order (a random
    /// permutation of the indices of that axis, the same for every other
    /// index).
    ///
    /// ```
    /// let x = ivy::array![1, 2, 3, 4, 5];
    /// let y = ivy::shuffle_with(&x, ivy::opts::Shuffle::new().seed(394))?;
    /// let mut v = y.to_vec::<i32>()?;
    /// v.sort();
    /// assert_eq!(v, vec![1, 2, 3, 4, 5]);
    /// let rows = ivy::shuffle(&ivy::array![[1, 1], [2, 2], [3, 3]])?;
    /// assert!(rows.to_vec::<i32>()?.chunks(2).all(|r| r[0] == r[1]));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[not_differentiable]
    #[sample(x = [1, 3])]
    fn shuffle(
        x: Array,
        #[default(0)] axis: Axis,
        #[default(None)] seed: Option<i64>,
    ) -> Array;

    /// Indices drawn from `0..population_size`, `num_samples` per row, as
    /// `int64`: with `probs` (unnormalised non-negative weights whose last
    /// dimension is `population_size`, 1-d or `[batch_size,
    /// population_size]`) the output has the shape of `probs` with the last
    /// dimension replaced by `num_samples`; without, every index is equally
    /// likely and the shape is `[batch_size, num_samples]`. With `replace =
    /// false` no index repeats within a row, so a row needs at least
    /// `num_samples` indices of non-zero weight.
    ///
    /// ```
    /// use ivy::opts::Multinomial;
    /// let m = ivy::multinomial_with(10, 5, Multinomial::new().batch_size(2).seed(42))?;
    /// assert_eq!(m.shape().dims(), &[2, 5]);
    /// assert_eq!(m.dtype(), ivy::Dtype::Int64);
    /// let once = ivy::multinomial_with(10, 10, Multinomial::new().replace(false))?;
    /// let mut v = once.to_vec::<i64>()?;
    /// v.sort();
    /// assert_eq!(v, (0..10).collect::<Vec<i64>>());
    /// let p = ivy::multinomial_with(3, 4, Multinomial::new().probs(ivy::array![0.0, 1.0, 0.0]))?;
    /// assert_eq!(p.to_vec::<i64>()?, vec![1, 1, 1, 1]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(index)]
    #[not_differentiable]
    fn multinomial(
        population_size: usize,
        num_samples: usize,
        #[default(1usize)] batch_size: usize,
        #[default(None)]
        #[dtypes(real)]
        probs: Option<Array>,
        #[default(true)] replace: bool,
        #[default(ivy::default_device())] device: Device,
        #[default(None)] seed: Option<i64>,
    ) -> Array;
}
    } };
}
