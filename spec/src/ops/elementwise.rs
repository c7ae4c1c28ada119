//! The `elementwise` ops.

#[doc(hidden)]
#[macro_export]
macro_rules! __ops_elementwise {
    ([$($cb:tt)*] $($acc:tt)*) => { $crate::__ops_creation! { [$($cb)*] $($acc)*
category elementwise {
    //! Elementwise functions: arithmetic, exponentials and logarithms, trigonometric and hyperbolic functions, rounding, comparisons, logical and bitwise operations.

    /// The absolute value of each element of `x` (for complex numbers, the magnitude, of the real dtype of the same precision).
    ///
    /// ```
    /// let x = ivy::array![-1.5, 0.0, 2.0];
    /// assert_eq!(ivy::abs(&x)?.to_vec::<f32>()?, vec![1.5, 0.0, 2.0]);
    /// let z = ivy::asarray(&[ivy::Complex64::new(3.0, 4.0)])?;
    /// let m = ivy::abs(&z)?;
    /// assert_eq!(m.dtype(), ivy::Dtype::Float64);
    /// assert_eq!(m.to_vec::<f64>()?, vec![5.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[out(real)]
    #[differentiable]
    #[vjp(x = ivy::multiply(g, &ivy::sign(x)?))]
    fn abs(x: Array) -> Array;

    /// The inverse cosine of each element of `x`, in radians in `[0, pi]`.
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[0.0f64, 0.5, 1.0])?;
    /// let y = ivy::acos(&x)?.to_vec::<f64>()?;
    /// let want = [1.5707963267948966, 1.0471975511965979, 0.0];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::div_conj(&ivy::negative(g)?, &ivy::sqrt(&ivy::subtract(1, &ivy::square(x)?)?)?))]
    fn acos(x: Array) -> Array;

    /// The inverse hyperbolic cosine of each element of `x`.
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[1.0f64, 2.0, 3.0])?;
    /// let y = ivy::acosh(&x)?.to_vec::<f64>()?;
    /// let want = [0.0, 1.3169578969248166, 1.762747174039086];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::div_conj(g, &ivy::sqrt(&ivy::subtract(&ivy::square(x)?, 1)?)?))]
    fn acosh(x: Array) -> Array;

    /// The inverse sine of each element of `x`, in radians in `[-pi/2, pi/2]`.
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[0.0f64, 0.5, 1.0])?;
    /// let y = ivy::asin(&x)?.to_vec::<f64>()?;
    /// let want = [0.0, 0.5235987755982989, 1.5707963267948966];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::div_conj(g, &ivy::sqrt(&ivy::subtract(1, &ivy::square(x)?)?)?))]
    fn asin(x: Array) -> Array;

    /// The inverse hyperbolic sine of each element of `x`.
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[0.0f64, 1.0, -2.0])?;
    /// let y = ivy::asinh(&x)?.to_vec::<f64>()?;
    /// let want = [0.0, 0.881373587019543, -1.4436354751788103];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::div_conj(g, &ivy::sqrt(&ivy::add(&ivy::square(x)?, 1)?)?))]
    fn asinh(x: Array) -> Array;

    /// The inverse tangent of each element of `x`, in radians in `[-pi/2, pi/2]`.
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[0.0f64, 1.0, -2.0])?;
    /// let y = ivy::atan(&x)?.to_vec::<f64>()?;
    /// let want = [0.0, 0.7853981633974483, -1.1071487177940904];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::div_conj(g, &ivy::add(&ivy::square(x)?, 1)?))]
    fn atan(x: Array) -> Array;

    /// The inverse hyperbolic tangent of each element of `x`.
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[0.0f64, 0.5, -0.25])?;
    /// let y = ivy::atanh(&x)?.to_vec::<f64>()?;
    /// let want = [0.0, 0.5493061443340548, -0.25541281188299536];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::div_conj(g, &ivy::subtract(1, &ivy::square(x)?)?))]
    fn atanh(x: Array) -> Array;

    /// The cosine of each element of `x` (in radians).
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[0.0f64, 1.0, 2.0])?;
    /// let y = ivy::cos(&x)?.to_vec::<f64>()?;
    /// let want = [1.0, 0.5403023058681398, -0.4161468365471424];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::mul_conj(&ivy::negative(g)?, &ivy::sin(x)?))]
    fn cos(x: Array) -> Array;

    /// The hyperbolic cosine of each element of `x`.
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[0.0f64, 1.0, -2.0])?;
    /// let y = ivy::cosh(&x)?.to_vec::<f64>()?;
    /// let want = [1.0, 1.5430806348152437, 3.7621956910836314];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::mul_conj(g, &ivy::sinh(x)?))]
    fn cosh(x: Array) -> Array;

    /// `e` raised to the power of each element of `x`.
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[0.0f64, 1.0, -1.0])?;
    /// let y = ivy::exp(&x)?.to_vec::<f64>()?;
    /// let want = [1.0, 2.718281828459045, 0.36787944117144233];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::mul_conj(g, out))]
    fn exp(x: Array) -> Array;

    /// 2 raised to the power of each element of `x`.
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[0.0f64, 3.0, -1.0])?;
    /// let y = ivy::exp2(&x)?.to_vec::<f64>()?;
    /// let want = [1.0, 8.0, 0.5];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::mul_conj(g, &ivy::multiply(out, std::f64::consts::LN_2)?))]
    fn exp2(x: Array) -> Array;

    /// `exp(x) - 1` for each element of `x`, accurate for small `x`.
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[0.0f64, 1e-05, 1.0])?;
    /// let y = ivy::expm1(&x)?.to_vec::<f64>()?;
    /// let want = [0.0, 1.0000050000166668e-05, 1.718281828459045];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::mul_conj(g, &ivy::add(out, 1)?))]
    fn expm1(x: Array) -> Array;

    /// The natural logarithm of each element of `x`.
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[1.0f64, 2.0, 10.0])?;
    /// let y = ivy::log(&x)?.to_vec::<f64>()?;
    /// let want = [0.0, 0.6931471805599453, 2.302585092994046];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::div_conj(g, x))]
    fn log(x: Array) -> Array;

    /// The base-10 logarithm of each element of `x`.
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[1.0f64, 10.0, 50.0])?;
    /// let y = ivy::log10(&x)?.to_vec::<f64>()?;
    /// let want = [0.0, 1.0, 1.6989700043360187];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::div_conj(g, &ivy::multiply(x, std::f64::consts::LN_10)?))]
    fn log10(x: Array) -> Array;

    /// `log(1 + x)` for each element of `x`, accurate for small `x`.
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[0.0f64, 1e-05, 1.0])?;
    /// let y = ivy::log1p(&x)?.to_vec::<f64>()?;
    /// let want = [0.0, 9.999950000333332e-06, 0.6931471805599453];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::div_conj(g, &ivy::add(x, 1)?))]
    fn log1p(x: Array) -> Array;

    /// The base-2 logarithm of each element of `x`.
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[1.0f64, 8.0, 0.5])?;
    /// let y = ivy::log2(&x)?.to_vec::<f64>()?;
    /// let want = [0.0, 3.0, -1.0];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::div_conj(g, &ivy::multiply(x, std::f64::consts::LN_2)?))]
    fn log2(x: Array) -> Array;

    /// The sine of each element of `x` (in radians).
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[0.0f64, 1.0, 2.0])?;
    /// let y = ivy::sin(&x)?.to_vec::<f64>()?;
    /// let want = [0.0, 0.8414709848078965, 0.9092974268256817];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::mul_conj(g, &ivy::cos(x)?))]
    fn sin(x: Array) -> Array;

    /// The hyperbolic sine of each element of `x`.
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[0.0f64, 1.0, -2.0])?;
    /// let y = ivy::sinh(&x)?.to_vec::<f64>()?;
    /// let want = [0.0, 1.1752011936438014, -3.626860407847019];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::mul_conj(g, &ivy::cosh(x)?))]
    fn sinh(x: Array) -> Array;

    /// The square root of each element of `x` (NaN for negative reals; complex inputs take the principal root).
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[0.0f64, 4.0, 2.0])?;
    /// let y = ivy::sqrt(&x)?.to_vec::<f64>()?;
    /// let want = [0.0, 2.0, 1.4142135623730951];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::div_conj(g, &ivy::multiply(out, 2)?))]
    fn sqrt(x: Array) -> Array;

    /// The tangent of each element of `x` (in radians).
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[0.0f64, 0.5, 1.0])?;
    /// let y = ivy::tan(&x)?.to_vec::<f64>()?;
    /// let want = [0.0, 0.5463024898437905, 1.5574077246549023];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::mul_conj(g, &ivy::add(&ivy::square(out)?, 1)?))]
    fn tan(x: Array) -> Array;

    /// The hyperbolic tangent of each element of `x`.
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[0.0f64, 0.5, -1.0])?;
    /// let y = ivy::tanh(&x)?.to_vec::<f64>()?;
    /// let want = [0.0, 0.46211715726000974, -0.7615941559557649];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::mul_conj(g, &ivy::subtract(1, &ivy::square(out)?)?))]
    fn tanh(x: Array) -> Array;

    /// The Gauss error function of each element of `x`.
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[0.0f64, 0.5, -1.0])?;
    /// let y = ivy::erf(&x)?.to_vec::<f64>()?;
    /// let want = [0.0, 0.5204998778130465, -0.8427007929497149];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::mul_conj(g, &ivy::multiply(&ivy::exp(&ivy::negative(&ivy::square(x)?)?)?, std::f64::consts::FRAC_2_SQRT_PI)?))]
    fn erf(x: Array) -> Array;

    /// Each element of `x` converted from degrees to radians.
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[0.0f64, 90.0, 180.0])?;
    /// let y = ivy::deg2rad(&x)?.to_vec::<f64>()?;
    /// let want = [0.0, 1.5707963267948966, 3.141592653589793];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::multiply(g, std::f64::consts::PI / 180.0))]
    fn deg2rad(x: Array) -> Array;

    /// Each element of `x` converted from radians to degrees.
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[0.0f64, 1.0, 3.0])?;
    /// let y = ivy::rad2deg(&x)?.to_vec::<f64>()?;
    /// let want = [0.0, 57.29577951308232, 171.88733853924697];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::multiply(g, 180.0 / std::f64::consts::PI))]
    fn rad2deg(x: Array) -> Array;

    /// `1 / x` for each element of `x`.
    ///
    /// Integer inputs are cast to the default float dtype first (Ivy's
    /// superset behaviour), so the result is float.
    ///
    /// ```
    /// let x = ivy::asarray(&[1.0f64, 2.0, 4.0])?;
    /// let y = ivy::reciprocal(&x)?.to_vec::<f64>()?;
    /// let want = [1.0, 0.5, 0.25];
    /// for (a, b) in y.iter().zip(want) {
    ///     assert!((a - b).abs() <= 1e-12 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::mul_conj(&ivy::negative(g)?, &ivy::square(out)?))]
    fn reciprocal(x: Array) -> Array;


    /// The sign of each element of `x`: -1, 0 or 1 (for complex numbers,
    /// `x / |x|`, and 0 for 0); NaN stays NaN.
    ///
    /// ```
    /// let y = ivy::sign(&ivy::array![-3, 0, 5])?;
    /// assert_eq!(y.to_vec::<i32>()?, vec![-1, 0, 1]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[differentiable]
    #[vjp(x = zero)]
    fn sign(x: Array) -> Array;

    /// Rounds each element of `x` up to the nearest integer (integers are
    /// returned as they are).
    ///
    /// ```
    /// assert_eq!(ivy::ceil(&ivy::array![-1.5, 0.2, 2.0])?.to_vec::<f32>()?, vec![-1.0, 1.0, 2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real)]
    #[differentiable]
    #[vjp(x = zero)]
    fn ceil(x: Array) -> Array;

    /// Rounds each element of `x` down to the nearest integer (integers are
    /// returned as they are).
    ///
    /// ```
    /// assert_eq!(ivy::floor(&ivy::array![-1.5, 0.2, 2.0])?.to_vec::<f32>()?, vec![-2.0, 0.0, 2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real)]
    #[differentiable]
    #[vjp(x = zero)]
    fn floor(x: Array) -> Array;

    /// Rounds each element of `x` to `decimals` decimal places, halves to
    /// even (`0.5` becomes `0`, `1.5` becomes `2`), as NumPy and the Array API
    /// do. Negative `decimals` round to tens, hundreds, ... A complex element
    /// has its real and imaginary parts rounded separately.
    ///
    /// ```
    /// assert_eq!(ivy::round(&ivy::array![0.5, 1.5, 2.5, -0.5])?.to_vec::<f32>()?, vec![0.0, 2.0, 2.0, -0.0]);
    /// let r = ivy::round_with(&ivy::array![1.234, 5.678], ivy::opts::Round::new().decimals(1))?;
    /// assert_eq!(r.to_vec::<f32>()?, vec![1.2, 5.7]);
    /// let z = ivy::Array::from_vec(vec![ivy::Complex64::new(2.5, -1.5)]);
    /// assert_eq!(ivy::round(&z)?.to_vec::<ivy::Complex64>()?, vec![ivy::Complex64::new(2.0, -2.0)]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[differentiable]
    #[vjp(x = zero)]
    fn round(x: Array, #[default(0)] decimals: i64) -> Array;

    /// Rounds each element of `x` toward zero (integers are returned as they
    /// are).
    ///
    /// ```
    /// assert_eq!(ivy::trunc(&ivy::array![-1.7, 1.7])?.to_vec::<f32>()?, vec![-1.0, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real)]
    #[differentiable]
    #[vjp(x = zero)]
    fn trunc(x: Array) -> Array;

    /// The negation of each element of `x` (unsigned integers wrap around).
    ///
    /// ```
    /// assert_eq!((-&ivy::array![1, -2])?.to_vec::<i32>()?, vec![-1, 2]);
    /// assert_eq!(ivy::negative(&ivy::array![1u8])?.to_vec::<u8>()?, vec![255]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[operator(neg)]
    #[differentiable]
    #[vjp(x = ivy::negative(g))]
    fn negative(x: Array) -> Array;

    /// Each element of `x` unchanged (`+x`).
    ///
    /// ```
    /// let x = ivy::array![1, -2];
    /// assert_eq!(ivy::positive(&x)?, x);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[differentiable]
    #[vjp(x = Ok(g.clone()))]
    fn positive(x: Array) -> Array;

    /// The square of each element of `x`.
    ///
    /// ```
    /// assert_eq!(ivy::square(&ivy::array![-3, 4])?.to_vec::<i32>()?, vec![9, 16]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[differentiable]
    #[vjp(x = ivy::gradients::rules::mul_conj(g, &ivy::multiply(x, 2)?))]
    fn square(x: Array) -> Array;

    /// Whether each element of `x` is finite (not infinite and not NaN;
    /// always true for integers and bools).
    ///
    /// ```
    /// let x = ivy::asarray(&[1.0f32, f32::INFINITY, f32::NAN])?;
    /// assert_eq!(ivy::isfinite(&x)?.to_vec::<bool>()?, vec![true, false, false]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(bool)]
    #[not_differentiable]
    fn isfinite(x: Array) -> Array;

    /// Whether each element of `x` is positive or negative infinity (for
    /// complex numbers, either part).
    ///
    /// ```
    /// let x = ivy::asarray(&[1.0f32, f32::NEG_INFINITY, f32::NAN])?;
    /// assert_eq!(ivy::isinf(&x)?.to_vec::<bool>()?, vec![false, true, false]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(bool)]
    #[not_differentiable]
    fn isinf(x: Array) -> Array;

    /// Whether each element of `x` is NaN (for complex numbers, either part).
    ///
    /// ```
    /// let x = ivy::asarray(&[1.0f32, f32::NAN])?;
    /// assert_eq!(ivy::isnan(&x)?.to_vec::<bool>()?, vec![false, true]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(bool)]
    #[not_differentiable]
    fn isnan(x: Array) -> Array;

    /// Whether each element of `x` is real: its imaginary part is 0 (always
    /// true for real dtypes).
    ///
    /// ```
    /// let z = ivy::asarray(&[ivy::Complex64::new(1.0, 0.0), ivy::Complex64::new(1.0, 2.0)])?;
    /// assert_eq!(ivy::isreal(&z)?.to_vec::<bool>()?, vec![true, false]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(bool)]
    #[not_differentiable]
    fn isreal(x: Array) -> Array;

    /// The logical NOT of each element of `x` (zero is false).
    ///
    /// ```
    /// assert_eq!(ivy::logical_not(&ivy::array![0, 3])?.to_vec::<bool>()?, vec![true, false]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[out(bool)]
    #[not_differentiable]
    fn logical_not(x: Array) -> Array;

    /// The bitwise NOT of each element of `x` (logical NOT for bools), also
    /// the `!` operator.
    ///
    /// ```
    /// assert_eq!((!&ivy::array![0u8, 255])?.to_vec::<u8>()?, vec![255, 0]);
    /// assert_eq!(ivy::bitwise_invert(&ivy::array![true, false])?.to_vec::<bool>()?, vec![false, true]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(integer | bool)]
    #[operator(not)]
    #[not_differentiable]
    fn bitwise_invert(x: Array) -> Array;

    /// The real part of each element of `x` (of the real dtype of the same
    /// precision; real inputs are returned as they are).
    ///
    /// ```
    /// let z = ivy::asarray(&[ivy::Complex32::new(1.5, -2.0)])?;
    /// assert_eq!(ivy::real(&z)?.to_vec::<f32>()?, vec![1.5]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[out(real)]
    #[differentiable]
    #[vjp(x = Ok(g.clone()))]
    fn real(x: Array) -> Array;

    /// The imaginary part of each element of `x` (zeros for real inputs).
    ///
    /// ```
    /// let z = ivy::asarray(&[ivy::Complex32::new(1.5, -2.0)])?;
    /// assert_eq!(ivy::imag(&z)?.to_vec::<f32>()?, vec![-2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[out(real)]
    #[differentiable]
    #[vjp(x = ivy::multiply(g, ivy::Complex64::new(0.0, 1.0)))]
    fn imag(x: Array) -> Array;

    /// The angle (argument) of each element of `x`, in radians, or degrees
    /// with `deg`.
    ///
    /// ```
    /// let z = ivy::asarray(&[ivy::Complex64::new(0.0, 1.0), ivy::Complex64::new(-1.0, 0.0)])?;
    /// let a = ivy::angle_with(&z, ivy::opts::Angle::new().deg(true))?;
    /// assert_eq!(a.to_vec::<f64>()?, vec![90.0, 180.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[cast(integer => float)]
    #[out(real)]
    #[differentiable]
    #[vjp(z = if z.dtype().is_complex() { let r2 = ivy::square(&ivy::abs(z)?)?; let d = ivy::divide(&ivy::multiply(z, ivy::Complex64::new(0.0, 1.0))?, &r2)?; ivy::multiply(&ivy::multiply(g, &d)?, if deg { 180.0 / std::f64::consts::PI } else { 1.0 }) } else { ivy::zeros_like(g) })]
    fn angle(z: Array, #[default(false)] deg: bool) -> Array;

    /// Replaces NaN with `nan`, positive infinity with `posinf` (default: the
    /// largest finite value of the dtype) and negative infinity with `neginf`
    /// (default: the lowest finite value), in real and imaginary parts alike.
    ///
    /// ```
    /// let x = ivy::asarray(&[f32::NAN, f32::INFINITY, 1.0])?;
    /// let y = ivy::nan_to_num(&x)?.to_vec::<f32>()?;
    /// assert_eq!(y, vec![0.0, f32::MAX, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[differentiable]
    #[vjp(x = ivy::r#where(&ivy::isfinite(x)?, g, 0))]
    fn nan_to_num(
        x: Array,
        #[default(true)] copy: bool,
        #[default(0.0)] nan: f64,
        #[default(None)] posinf: Option<f64>,
        #[default(None)] neginf: Option<f64>,
    ) -> Array;

    /// Adds `x2` (times `alpha` when given) to `x1`, after promoting both to
    /// a common dtype and broadcasting their shapes; also the `+` operator.
    ///
    /// ```
    /// let x = ivy::array![1, 2, 3];
    /// assert_eq!(ivy::add(&x, &ivy::array![10, 20, 30])?.to_vec::<i32>()?, vec![11, 22, 33]);
    /// assert_eq!((&x + 1)?.to_vec::<i32>()?, vec![2, 3, 4]);
    /// // A float scalar with integers gives float64, as in Ivy and NumPy.
    /// assert_eq!((&x + 1.5)?.dtype(), ivy::Dtype::Float64);
    /// let y = ivy::add_with(&x, &x, ivy::opts::Add::new().alpha(2))?;
    /// assert_eq!(y.to_vec::<i32>()?, vec![3, 6, 9]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[promote]
    #[operator(+)]
    #[differentiable]
    #[vjp(x1 = Ok(g.clone()), x2 = match alpha { Some(a) => ivy::multiply(g, a), None => Ok(g.clone()) })]
    fn add(x1: Array, x2: Array, #[default(None)] alpha: Option<Scalar>) -> Array;

    /// Subtracts `x2` (times `alpha` when given) from `x1`; also the `-`
    /// operator.
    ///
    /// ```
    /// assert_eq!((&ivy::array![5, 7] - &ivy::array![1, 2])?.to_vec::<i32>()?, vec![4, 5]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[promote]
    #[operator(-)]
    #[differentiable]
    #[vjp(x1 = Ok(g.clone()), x2 = match alpha { Some(a) => ivy::multiply(&ivy::negative(g)?, a), None => ivy::negative(g) })]
    fn subtract(x1: Array, x2: Array, #[default(None)] alpha: Option<Scalar>) -> Array;

    /// Multiplies `x1` by `x2` elementwise; also the `*` operator.
    ///
    /// ```
    /// assert_eq!((&ivy::array![2, 3] * &ivy::array![4, 5])?.to_vec::<i32>()?, vec![8, 15]);
    /// assert_eq!((2 * &ivy::array![1.5])?.to_vec::<f32>()?, vec![3.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[promote]
    #[operator(*)]
    #[differentiable]
    #[vjp(x1 = ivy::gradients::rules::mul_conj(g, x2), x2 = ivy::gradients::rules::mul_conj(g, x1))]
    fn multiply(x1: Array, x2: Array) -> Array;

    /// Divides `x1` by `x2` elementwise (true division: integers are cast to
    /// the default float dtype first); also the `/` operator.
    ///
    /// ```
    /// assert_eq!((&ivy::array![1, 3] / &ivy::array![2, 2])?.to_vec::<f32>()?, vec![0.5, 1.5]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[promote]
    #[cast(integer => float)]
    #[operator(/)]
    #[differentiable]
    #[vjp(x1 = ivy::gradients::rules::div_conj(g, x2), x2 = ivy::gradients::rules::mul_conj(&ivy::negative(g)?, &ivy::divide(out, x2)?))]
    fn divide(x1: Array, x2: Array) -> Array;

    /// The largest integer not above `x1 / x2`, elementwise (integer division
    /// by zero gives 0).
    ///
    /// ```
    /// assert_eq!(ivy::floor_divide(&ivy::array![7, -7], &ivy::array![2, 2])?.to_vec::<i32>()?, vec![3, -4]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real)]
    #[promote]
    #[differentiable]
    #[vjp(x1 = zero, x2 = zero)]
    fn floor_divide(x1: Array, x2: Array) -> Array;

    /// The remainder of `x1 / x2` with the sign of `x2` (Python's `%`), or of
    /// `x1` with `modulus = false` (C's `fmod`); also the `%` operator.
    ///
    /// ```
    /// assert_eq!((&ivy::array![7, -7] % 3)?.to_vec::<i32>()?, vec![1, 2]);
    /// let r = ivy::remainder_with(&ivy::array![-7], &ivy::array![3], ivy::opts::Remainder::new().modulus(false))?;
    /// assert_eq!(r.to_vec::<i32>()?, vec![-1]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real)]
    #[promote]
    #[operator(%)]
    #[differentiable]
    #[vjp(x1 = Ok(g.clone()), x2 = ivy::multiply(&ivy::negative(g)?, &(if modulus { ivy::floor(&ivy::divide(x1, x2)?)? } else { ivy::trunc(&ivy::divide(x1, x2)?)? })))]
    fn remainder(x1: Array, x2: Array, #[default(true)] modulus: bool) -> Array;

    /// `x1` raised to the power `x2`, elementwise (an integer to a negative
    /// integer power is 0 unless the base is 1 or -1).
    ///
    /// ```
    /// assert_eq!(ivy::pow(&ivy::array![2, 3], &ivy::array![3, 2])?.to_vec::<i32>()?, vec![8, 9]);
    /// assert_eq!(ivy::pow(&ivy::array![4.0], 0.5)?.to_vec::<f32>()?, vec![2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[promote]
    #[differentiable]
    #[vjp(x1 = { let d = ivy::multiply(x2, &ivy::pow(x1, &ivy::subtract(x2, 1)?)?)?; let d = ivy::r#where(&ivy::equal(x2, 0)?, 0, &d)?; ivy::gradients::rules::mul_conj(g, &d) }, x2 = { let d = ivy::multiply(out, &ivy::log(x1)?)?; let d = ivy::r#where(&ivy::logical_and(&ivy::equal(x1, 0)?, &ivy::greater_equal(&ivy::real(x2)?, 0)?)?, 0, &d)?; ivy::gradients::rules::mul_conj(g, &d) })]
    fn pow(x1: Array, x2: Array) -> Array;

    /// The angle of the point `(x2, x1)` from the positive x axis, in radians
    /// in `[-pi, pi]` (the quadrant-aware `atan(x1 / x2)`).
    ///
    /// ```
    /// let a = ivy::atan2(&ivy::array![1.0, -1.0], &ivy::array![-1.0, -1.0])?.to_vec::<f32>()?;
    /// assert!((a[0] - 2.3561945).abs() < 1e-6 && (a[1] + 2.3561945).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real)]
    #[promote]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x1 = ivy::divide(&ivy::multiply(g, x2)?, &ivy::add(&ivy::square(x1)?, &ivy::square(x2)?)?), x2 = ivy::divide(&ivy::multiply(&ivy::negative(g)?, x1)?, &ivy::add(&ivy::square(x1)?, &ivy::square(x2)?)?))]
    fn atan2(x1: Array, x2: Array) -> Array;

    /// The larger of `x1` and `x2`, elementwise (NaN if either is NaN).
    ///
    /// ```
    /// assert_eq!(ivy::maximum(&ivy::array![1, 5], &ivy::array![3, 2])?.to_vec::<i32>()?, vec![3, 5]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real | bool)]
    #[promote]
    #[differentiable]
    #[vjp(x1 = ivy::multiply(g, &ivy::gradients::rules::winner(x1, x2, true, false)?), x2 = ivy::multiply(g, &ivy::gradients::rules::winner(x2, x1, true, false)?))]
    fn maximum(x1: Array, x2: Array) -> Array;

    /// The smaller of `x1` and `x2`, elementwise (NaN if either is NaN).
    ///
    /// ```
    /// assert_eq!(ivy::minimum(&ivy::array![1, 5], &ivy::array![3, 2])?.to_vec::<i32>()?, vec![1, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real | bool)]
    #[promote]
    #[differentiable]
    #[vjp(x1 = ivy::multiply(g, &ivy::gradients::rules::winner(x1, x2, false, false)?), x2 = ivy::multiply(g, &ivy::gradients::rules::winner(x2, x1, false, false)?))]
    fn minimum(x1: Array, x2: Array) -> Array;

    /// The smaller of `x1` and `x2`, elementwise, ignoring NaN: NaN only when
    /// both are NaN.
    ///
    /// ```
    /// let y = ivy::fmin(&ivy::asarray(&[f32::NAN, 2.0])?, &ivy::asarray(&[1.0f32, f32::NAN])?)?;
    /// assert_eq!(y.to_vec::<f32>()?, vec![1.0, 2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(float)]
    #[promote]
    #[differentiable]
    #[vjp(x1 = ivy::multiply(g, &ivy::gradients::rules::winner(x1, x2, false, true)?), x2 = ivy::multiply(g, &ivy::gradients::rules::winner(x2, x1, false, true)?))]
    fn fmin(x1: Array, x2: Array) -> Array;

    /// `log(exp(x1) + exp(x2))`, computed without overflow.
    ///
    /// ```
    /// let y = ivy::logaddexp(&ivy::array![1000.0], &ivy::array![1000.0])?.to_vec::<f32>()?;
    /// assert!((y[0] - (1000.0 + std::f32::consts::LN_2)).abs() < 1e-3);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real)]
    #[promote]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x1 = ivy::multiply(g, &ivy::exp(&ivy::subtract(x1, out)?)?), x2 = ivy::multiply(g, &ivy::exp(&ivy::subtract(x2, out)?)?))]
    fn logaddexp(x1: Array, x2: Array) -> Array;

    /// The magnitude of `x1` with the sign of `x2`, elementwise (the sign
    /// bit: `-0.0` and `-NaN` count as negative), as NumPy's `copysign`.
    /// Integers are cast to the default float dtype.
    ///
    /// ```
    /// let y = ivy::copysign(&ivy::array![1.5, -2.0, 3.0], &ivy::array![-1.0, 1.0, -0.0])?;
    /// assert_eq!(y.to_vec::<f32>()?, vec![-1.5, 2.0, -3.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real)]
    #[promote]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x1 = ivy::multiply(g, &ivy::multiply(&ivy::sign(x1)?, &ivy::copysign(&ivy::ones_like(x1)?, x2)?)?), x2 = zero)]
    fn copysign(x1: Array, x2: Array) -> Array;

    /// `sqrt(x1^2 + x2^2)`, elementwise, without overflow or underflow in
    /// the squares (`hypot(inf, NaN)` is `inf`, as C's and NumPy's).
    /// Integers are cast to the default float dtype.
    ///
    /// ```
    /// let y = ivy::hypot(&ivy::array![3.0, 3e30], &ivy::array![4.0, 4e30])?;
    /// assert_eq!(y.to_vec::<f32>()?, vec![5.0, 5e30]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real)]
    #[promote]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x1 = ivy::multiply(g, &ivy::r#where(&ivy::equal(out, 0)?, 0, &ivy::divide(x1, out)?)?), x2 = ivy::multiply(g, &ivy::r#where(&ivy::equal(out, 0)?, 0, &ivy::divide(x2, out)?)?))]
    fn hypot(x1: Array, x2: Array) -> Array;

    /// `log2(2^x1 + 2^x2)`, computed without overflow.
    ///
    /// ```
    /// let y = ivy::logaddexp2(&ivy::array![3.0], &ivy::array![3.0])?.to_vec::<f32>()?;
    /// assert!((y[0] - 4.0).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real)]
    #[promote]
    #[cast(integer => float)]
    #[differentiable]
    #[vjp(x1 = ivy::multiply(g, &ivy::exp2(&ivy::subtract(x1, out)?)?), x2 = ivy::multiply(g, &ivy::exp2(&ivy::subtract(x2, out)?)?))]
    fn logaddexp2(x1: Array, x2: Array) -> Array;

    /// Whether `x1 == x2`, elementwise (after promotion).
    ///
    /// ```
    /// assert_eq!(ivy::equal(&ivy::array![1, 2], 2)?.to_vec::<bool>()?, vec![false, true]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[promote]
    #[out(bool)]
    #[not_differentiable]
    fn equal(x1: Array, x2: Array) -> Array;

    /// Whether `x1 != x2`, elementwise.
    ///
    /// ```
    /// assert_eq!(ivy::not_equal(&ivy::array![1, 2], 2)?.to_vec::<bool>()?, vec![true, false]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[promote]
    #[out(bool)]
    #[not_differentiable]
    fn not_equal(x1: Array, x2: Array) -> Array;

    /// Whether `x1 > x2`, elementwise (Rust's `>` returns a bool, so arrays
    /// compare with this function or the method `x1.greater(x2)`).
    ///
    /// ```
    /// assert_eq!(ivy::array![1, 3].greater(2)?.to_vec::<bool>()?, vec![false, true]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real | bool)]
    #[promote]
    #[out(bool)]
    #[not_differentiable]
    fn greater(x1: Array, x2: Array) -> Array;

    /// Whether `x1 >= x2`, elementwise.
    ///
    /// ```
    /// assert_eq!(ivy::greater_equal(&ivy::array![1, 2], 2)?.to_vec::<bool>()?, vec![false, true]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real | bool)]
    #[promote]
    #[out(bool)]
    #[not_differentiable]
    fn greater_equal(x1: Array, x2: Array) -> Array;

    /// Whether `x1 < x2`, elementwise.
    ///
    /// ```
    /// assert_eq!(ivy::less(&ivy::array![1, 2], 2)?.to_vec::<bool>()?, vec![true, false]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real | bool)]
    #[promote]
    #[out(bool)]
    #[not_differentiable]
    fn less(x1: Array, x2: Array) -> Array;

    /// Whether `x1 <= x2`, elementwise.
    ///
    /// ```
    /// assert_eq!(ivy::less_equal(&ivy::array![1, 3], 2)?.to_vec::<bool>()?, vec![true, false]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real | bool)]
    #[promote]
    #[out(bool)]
    #[not_differentiable]
    fn less_equal(x1: Array, x2: Array) -> Array;

    /// The logical AND of `x1` and `x2`, elementwise (zero is false).
    ///
    /// ```
    /// assert_eq!(ivy::logical_and(&ivy::array![true, true], &ivy::array![true, false])?.to_vec::<bool>()?, vec![true, false]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[promote]
    #[out(bool)]
    #[not_differentiable]
    fn logical_and(x1: Array, x2: Array) -> Array;

    /// The logical OR of `x1` and `x2`, elementwise.
    ///
    /// ```
    /// assert_eq!(ivy::logical_or(&ivy::array![0, 0], &ivy::array![0, 2])?.to_vec::<bool>()?, vec![false, true]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[promote]
    #[out(bool)]
    #[not_differentiable]
    fn logical_or(x1: Array, x2: Array) -> Array;

    /// The logical XOR of `x1` and `x2`, elementwise.
    ///
    /// ```
    /// assert_eq!(ivy::logical_xor(&ivy::array![true, true], &ivy::array![true, false])?.to_vec::<bool>()?, vec![false, true]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[promote]
    #[out(bool)]
    #[not_differentiable]
    fn logical_xor(x1: Array, x2: Array) -> Array;

    /// The bitwise AND of `x1` and `x2` (logical for bools); also the `&`
    /// operator.
    ///
    /// ```
    /// assert_eq!((&ivy::array![12, 10] & &ivy::array![10, 6])?.to_vec::<i32>()?, vec![8, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(integer | bool)]
    #[promote]
    #[operator(&)]
    #[not_differentiable]
    fn bitwise_and(x1: Array, x2: Array) -> Array;

    /// The bitwise OR of `x1` and `x2` (logical for bools); also the `|`
    /// operator.
    ///
    /// ```
    /// assert_eq!((&ivy::array![12, 10] | &ivy::array![10, 6])?.to_vec::<i32>()?, vec![14, 14]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(integer | bool)]
    #[promote]
    #[operator(|)]
    #[not_differentiable]
    fn bitwise_or(x1: Array, x2: Array) -> Array;

    /// The bitwise XOR of `x1` and `x2` (logical for bools); also the `^`
    /// operator.
    ///
    /// ```
    /// assert_eq!((&ivy::array![12, 10] ^ &ivy::array![10, 6])?.to_vec::<i32>()?, vec![6, 12]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(integer | bool)]
    #[promote]
    #[operator(^)]
    #[not_differentiable]
    fn bitwise_xor(x1: Array, x2: Array) -> Array;

    /// Shifts the bits of `x1` left by `x2` (0 once the shift reaches the bit
    /// width); also the `<<` operator.
    ///
    /// ```
    /// assert_eq!((&ivy::array![1u8, 3] << 2)?.to_vec::<u8>()?, vec![4, 12]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(integer)]
    #[promote]
    #[operator(<<)]
    #[not_differentiable]
    fn bitwise_left_shift(x1: Array, x2: Array) -> Array;

    /// Shifts the bits of `x1` right by `x2` (arithmetic for signed
    /// integers); also the `>>` operator.
    ///
    /// ```
    /// assert_eq!((&ivy::array![16, -16] >> 2)?.to_vec::<i32>()?, vec![4, -4]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(integer)]
    #[promote]
    #[operator(>>)]
    #[not_differentiable]
    fn bitwise_right_shift(x1: Array, x2: Array) -> Array;

    /// The greatest common divisor of `|x1|` and `|x2|`, elementwise.
    ///
    /// ```
    /// assert_eq!(ivy::gcd(&ivy::array![12, -18], &ivy::array![8, 12])?.to_vec::<i32>()?, vec![4, 6]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(integer)]
    #[promote]
    #[not_differentiable]
    fn gcd(x1: Array, x2: Array) -> Array;

    /// The least common multiple of `|x1|` and `|x2|`, elementwise.
    ///
    /// ```
    /// assert_eq!(ivy::lcm(&ivy::array![4, 6], &ivy::array![6, 4])?.to_vec::<i32>()?, vec![12, 12]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(integer)]
    #[promote]
    #[not_differentiable]
    fn lcm(x1: Array, x2: Array) -> Array;

    /// The remainder of `x1 / x2` with the sign of `x1` (C's `fmod`).
    ///
    /// ```
    /// assert_eq!(ivy::fmod(&ivy::array![-7.0, 7.0], &ivy::array![3.0, 3.0])?.to_vec::<f32>()?, vec![-1.0, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real)]
    #[promote]
    #[differentiable]
    #[vjp(x1 = Ok(g.clone()), x2 = ivy::multiply(&ivy::negative(g)?, &ivy::trunc(&ivy::divide(x1, x2)?)?))]
    fn fmod(x1: Array, x2: Array) -> Array;

    /// `x1 / x2` rounded toward zero, elementwise (integer division by zero
    /// gives 0).
    ///
    /// ```
    /// assert_eq!(ivy::trunc_divide(&ivy::array![7, -7], &ivy::array![2, 2])?.to_vec::<i32>()?, vec![3, -3]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(real)]
    #[promote]
    #[differentiable]
    #[vjp(x1 = zero, x2 = zero)]
    fn trunc_divide(x1: Array, x2: Array) -> Array;

    /// The complex conjugate of each element of `x` (real inputs are returned
    /// as they are).
    ///
    /// ```
    /// let z = ivy::asarray(&[ivy::Complex32::new(1.0, 2.0)])?;
    /// assert_eq!(ivy::conj(&z)?.to_vec::<ivy::Complex32>()?, vec![ivy::Complex32::new(1.0, -2.0)]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[differentiable]
    #[vjp(x = ivy::conj(g))]
    fn conj(x: Array) -> Array;

    /// Whether the sign bit of each element of `x` is set: true for negative
    /// numbers, `-0.0`, and NaNs with the sign bit.
    ///
    /// ```
    /// let x = ivy::asarray(&[-1.5f32, 0.0, -0.0, 2.0, f32::NEG_INFINITY])?;
    /// assert_eq!(ivy::signbit(&x)?.to_vec::<bool>()?, vec![true, false, true, false, true]);
    /// assert_eq!(ivy::signbit(&ivy::array![-3, 4])?.to_vec::<bool>()?, vec![true, false]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[out(bool)]
    fn signbit(x: Array) -> Array {
        if x.dtype().is_bool() {
            return Err(ivy::Error::invalid("signbit", "needs a numeric array, got bool"));
        }
        // copysign carries the sign bit of x (of -0.0 and NaN too) to 1;
        // integers are cast to float by it, keeping their sign.
        let one = ivy::ones_like(x)?;
        ivy::less(&ivy::copysign(&one, x)?, 0)
    }

    /// The next representable floating-point value after `x1` towards `x2`,
    /// elementwise (`x2` itself when they are equal; NaN if either is NaN).
    ///
    /// ```
    /// let y = ivy::nextafter(&ivy::asarray(&[1.0f32, 1.0, 0.0])?, &ivy::asarray(&[2.0f32, 0.0, -1.0])?)?;
    /// let v = y.to_vec::<f32>()?;
    /// assert_eq!(v[0], 1.0 + f32::EPSILON);
    /// assert_eq!(v[1], 1.0 - f32::EPSILON / 2.0);
    /// assert_eq!(v[2], -f32::from_bits(1));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(float)]
    #[promote]
    #[not_differentiable]
    fn nextafter(x1: Array, x2: Array) -> Array;
}
    } };
}
