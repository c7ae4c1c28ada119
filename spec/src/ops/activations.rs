//! The `activations` ops.

#[doc(hidden)]
#[macro_export]
macro_rules! __ops_activations {
    ([$($cb:tt)*] $($acc:tt)*) => { $crate::__ops_losses! { [$($cb)*] $($acc)*
category activations {
    //! Activation functions.

    /// The rectified linear unit: `max(x, 0)`, elementwise.
    ///
    /// ```
    /// assert_eq!(ivy::relu(&ivy::array![-1.0, 2.0])?.to_vec::<f32>()?, vec![0.0, 2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(real)]
    fn relu(x: Array) -> Array {
        ivy::maximum(x, 0)
    }

    /// The leaky rectified linear unit: `x` where positive, `alpha * x`
    /// elsewhere.
    ///
    /// ```
    /// assert_eq!(ivy::leaky_relu(&ivy::array![-1.0, 2.0])?.to_vec::<f32>()?, vec![-0.2, 2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn leaky_relu(x: Array, #[default(0.2)] alpha: f64) -> Array {
        let pos = ivy::greater(x, 0)?;
        ivy::r#where(&pos, x, &ivy::multiply(x, alpha)?)
    }

    /// The Gaussian error linear unit: `x * Phi(x)` with `Phi` the standard
    /// normal CDF, or its `tanh` approximation with `approximate`.
    ///
    /// ```
    /// let y = ivy::gelu(&ivy::array![0.0, 1.0])?.to_vec::<f32>()?;
    /// assert!(y[0].abs() < 1e-7 && (y[1] - 0.8413447).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn gelu(x: Array, #[default(false)] approximate: bool) -> Array {
        if approximate {
            let c = (2.0 / std::f64::consts::PI).sqrt();
            let inner = ivy::multiply(&ivy::add(x, &ivy::multiply(&ivy::pow(x, 3)?, 0.044715)?)?, c)?;
            ivy::multiply(&ivy::multiply(x, 0.5)?, &ivy::add(&ivy::tanh(&inner)?, 1)?)
        } else {
            let e = ivy::erf(&ivy::multiply(x, std::f64::consts::FRAC_1_SQRT_2)?)?;
            ivy::multiply(&ivy::multiply(x, 0.5)?, &ivy::add(&e, 1)?)
        }
    }

    /// The logistic sigmoid `1 / (1 + exp(-x))`, elementwise.
    ///
    /// ```
    /// assert_eq!(ivy::sigmoid(&ivy::array![0.0])?.to_vec::<f32>()?, vec![0.5]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float | complex)]
    fn sigmoid(x: Array) -> Array {
        if x.dtype().is_complex() {
            return ivy::reciprocal(&ivy::add(&ivy::exp(&ivy::negative(x)?)?, 1)?);
        }
        // With e = exp(-|x|) in (0, 1]: 1 / (1 + e) for x >= 0 and
        // e / (1 + e) below, so a very negative x gives its tiny sigmoid
        // instead of 1 / (1 + inf) = 0 (float16 from x < -11).
        let e = ivy::exp(&ivy::negative(&ivy::abs(x)?)?)?;
        let d = ivy::add(&e, 1)?;
        let num = ivy::r#where(&ivy::greater_equal(x, 0)?, 1, &e)?;
        ivy::divide(&num, &d)
    }

    /// The softmax of `x` along `axis`: `exp(x - max) / sum(exp(x - max))`.
    ///
    /// ```
    /// let y = ivy::softmax(&ivy::array![1.0, 2.0, 3.0])?;
    /// let total: f32 = y.to_vec::<f32>()?.iter().sum();
    /// assert!((total - 1.0).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn softmax(x: Array, #[default(-1)] axis: i64) -> Array {
        let m = ivy::max_with(x, ivy::opts::Max::new().axis(axis).keepdims(true))?;
        let e = ivy::exp(&ivy::subtract(x, &m)?)?;
        let s = ivy::sum_with(&e, ivy::opts::Sum::new().axis(axis).keepdims(true))?;
        ivy::divide(&e, &s)
    }

    /// The log of the softmax of `x` along `axis`, computed stably:
    /// `x - max - log(sum(exp(x - max)))`.
    ///
    /// ```
    /// let y = ivy::log_softmax(&ivy::array![0.0, 0.0])?.to_vec::<f32>()?;
    /// assert!((y[0] + std::f32::consts::LN_2).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn log_softmax(x: Array, #[default(-1)] axis: i64) -> Array {
        let m = ivy::max_with(x, ivy::opts::Max::new().axis(axis).keepdims(true))?;
        let shifted = ivy::subtract(x, &m)?;
        let s = ivy::sum_with(&ivy::exp(&shifted)?, ivy::opts::Sum::new().axis(axis).keepdims(true))?;
        ivy::subtract(&shifted, &ivy::log(&s)?)
    }

    /// The softplus `log(1 + exp(beta * x)) / beta`, elementwise; above
    /// `threshold` (in units of `beta * x`) it returns `x`. A mixed op: the
    /// ndarray backend has a kernel, other backends use this composition.
    ///
    /// ```
    /// let y = ivy::softplus(&ivy::array![0.0])?.to_vec::<f32>()?;
    /// assert!((y[0] - std::f32::consts::LN_2).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[dtypes(float)]
    #[differentiable]
    fn softplus(
        x: Array,
        #[default(None)] beta: Option<f64>,
        #[default(None)] threshold: Option<f64>,
    ) -> Array {
        let b = beta.unwrap_or(1.0);
        let bx = ivy::multiply(x, b)?;
        // log1p(exp(-|bx|)) + max(bx, 0), divided by beta: stable for any bx.
        let soft = ivy::add(&ivy::log1p(&ivy::exp(&ivy::negative(&ivy::abs(&bx)?)?)?)?, &ivy::maximum(&bx, 0)?)?;
        let soft = ivy::divide(&soft, b)?;
        match threshold {
            Some(t) => ivy::r#where(&ivy::greater(&bx, t)?, x, &soft),
            None => Ok(soft),
        }
    }

    /// The sigmoid linear unit (swish): `x * sigmoid(x)`.
    ///
    /// ```
    /// assert_eq!(ivy::silu(&ivy::array![0.0])?.to_vec::<f32>()?, vec![0.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn silu(x: Array) -> Array {
        ivy::multiply(x, &ivy::sigmoid(x)?)
    }

    /// Mish: `x * tanh(softplus(x))`.
    ///
    /// ```
    /// let y = ivy::mish(&ivy::array![1.0])?.to_vec::<f32>()?;
    /// assert!((y[0] - 0.8650984).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn mish(x: Array) -> Array {
        ivy::multiply(x, &ivy::tanh(&ivy::softplus(x)?)?)
    }

    /// The hard swish: `x * relu6(x + 3) / 6`.
    ///
    /// ```
    /// assert_eq!(ivy::hardswish(&ivy::array![-4.0, 0.0, 4.0])?.to_vec::<f32>()?, vec![-0.0, 0.0, 4.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn hardswish(x: Array) -> Array {
        let r = ivy::clip_with(&ivy::add(x, 3)?, ivy::opts::Clip::new().x_min(0).x_max(6))?;
        ivy::divide(&ivy::multiply(x, &r)?, 6)
    }

    /// The softsign `x / (1 + |x|)`.
    ///
    /// ```
    /// assert_eq!(ivy::softsign(&ivy::array![1.0, -3.0])?.to_vec::<f32>()?, vec![0.5, -0.75]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn softsign(x: Array) -> Array {
        ivy::divide(x, &ivy::add(&ivy::abs(x)?, 1)?)
    }
}
    } };
}
