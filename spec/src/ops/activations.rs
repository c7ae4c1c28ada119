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
    /// normal CDF, or its `tanh` approximation with `approximate`. A mixed
    /// op: the ndarray backend has a vector kernel (`x erfc(-x / sqrt 2) / 2`,
    /// and `x sigmoid(2v)` for the approximation, which do not cancel for
    /// negative `x`); other backends use this composition.
    ///
    /// ```
    /// let y = ivy::gelu(&ivy::array![0.0, 1.0])?.to_vec::<f32>()?;
    /// assert!(y[0].abs() < 1e-7 && (y[1] - 0.8413447).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[differentiable]
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

    /// The logistic sigmoid `1 / (1 + exp(-x))`, elementwise. A mixed op:
    /// the ndarray backend has a vector kernel, other backends use this
    /// composition.
    ///
    /// ```
    /// assert_eq!(ivy::sigmoid(&ivy::array![0.0])?.to_vec::<f32>()?, vec![0.5]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[differentiable]
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
    /// A mixed op: the ndarray backend has a fused kernel that reads each row
    /// twice and makes no temporaries; other backends use this composition.
    ///
    /// ```
    /// let y = ivy::softmax(&ivy::array![1.0, 2.0, 3.0])?;
    /// let total: f32 = y.to_vec::<f32>()?.iter().sum();
    /// assert!((total - 1.0).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[differentiable]
    #[dtypes(float)]
    fn softmax(x: Array, #[default(-1)] axis: i64) -> Array {
        let m = ivy::max_with(x, ivy::opts::Max::new().axis(axis).keepdims(true))?;
        let e = ivy::exp(&ivy::subtract(x, &m)?)?;
        let s = ivy::sum_with(&e, ivy::opts::Sum::new().axis(axis).keepdims(true))?;
        ivy::divide(&e, &s)
    }

    /// The log of the softmax of `x` along `axis`, computed stably:
    /// `x - max - log(sum(exp(x - max)))`. A mixed op: the ndarray backend
    /// has a fused kernel; other backends use this composition.
    ///
    /// ```
    /// let y = ivy::log_softmax(&ivy::array![0.0, 0.0])?.to_vec::<f32>()?;
    /// assert!((y[0] + std::f32::consts::LN_2).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[differentiable]
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

    /// The sigmoid linear unit (swish): `x * sigmoid(x)`. A mixed op: the
    /// ndarray backend has a vector kernel, other backends use this
    /// composition.
    ///
    /// ```
    /// assert_eq!(ivy::silu(&ivy::array![0.0])?.to_vec::<f32>()?, vec![0.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[differentiable]
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

    /// The logit `log(x / (1 - x))`, elementwise; with `eps`, `x` is first
    /// clipped to `[eps, 1 - eps]`, without it inputs outside `[0, 1]` give
    /// NaN (Ivy's `logit`).
    ///
    /// ```
    /// let y = ivy::logit(&ivy::array![0.5f64, 0.75])?.to_vec::<f64>()?;
    /// assert!(y[0].abs() < 1e-7 && (y[1] - 3f64.ln()).abs() < 1e-6);
    /// let c = ivy::logit_with(&ivy::array![0.0], ivy::opts::Logit::new().eps(0.25))?;
    /// assert!((c.to_vec::<f32>()?[0] + 3f32.ln()).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn logit(x: Array, #[default(None)] eps: Option<f64>) -> Array {
        let z = match eps {
            Some(e) => ivy::minimum(&ivy::maximum(x, e)?, 1.0 - e)?,
            None => x.clone(),
        };
        ivy::log(&ivy::divide(&z, &ivy::subtract(1, &z)?)?)
    }

    /// The parametric ReLU: `x` where positive, `slope * x` elsewhere, with
    /// `slope` an array broadcasting against `x` (Ivy's `prelu`).
    ///
    /// ```
    /// let y = ivy::prelu(&ivy::array![-2.0, 3.0], &ivy::array![0.5, 0.5])?;
    /// assert_eq!(y.to_vec::<f32>()?, vec![-1.0, 3.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote]
    fn prelu(x: Array, slope: Array) -> Array {
        ivy::r#where(&ivy::greater(x, 0)?, x, &ivy::multiply(x, slope)?)
    }

    /// `x` where it is greater than `threshold`, 0 elsewhere.
    ///
    /// ```
    /// let y = ivy::thresholded_relu_with(&ivy::array![0.5, 1.0, 2.0], ivy::opts::ThresholdedRelu::new().threshold(1.0))?;
    /// assert_eq!(y.to_vec::<f32>()?, vec![0.0, 0.0, 2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(real)]
    fn thresholded_relu(x: Array, #[default(0.0)] threshold: f64) -> Array {
        ivy::r#where(&ivy::greater(x, threshold)?, x, &ivy::zeros_like(x)?)
    }

    /// The ReLU capped at 6: `min(max(x, 0), 6)`.
    ///
    /// ```
    /// assert_eq!(ivy::relu6(&ivy::array![-1.0, 3.0, 7.0])?.to_vec::<f32>()?, vec![0.0, 3.0, 6.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(real)]
    fn relu6(x: Array) -> Array {
        ivy::minimum(&ivy::maximum(x, 0)?, 6)
    }

    /// The log of the sigmoid, `-softplus(-x)`, stable for large `|x|`.
    ///
    /// ```
    /// let y = ivy::logsigmoid(&ivy::array![0.0f64, -100.0])?.to_vec::<f64>()?;
    /// assert!((y[0] + std::f64::consts::LN_2).abs() < 1e-6 && (y[1] + 100.0).abs() < 1e-3);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn logsigmoid(x: Array) -> Array {
        ivy::negative(&ivy::softplus(&ivy::negative(x)?)?)
    }

    /// The scaled exponential linear unit: `scale * x` where positive,
    /// `scale * alpha * (exp(x) - 1)` elsewhere, with `alpha =
    /// 1.6732632423543772` and `scale = 1.0507009873554805`.
    ///
    /// ```
    /// let y = ivy::selu(&ivy::array![1.0f64, -1.0])?.to_vec::<f64>()?;
    /// assert!((y[0] - 1.0507009873554805).abs() < 1e-12);
    /// assert!((y[1] + 1.0507009873554805 * 1.6732632423543772 * (1.0 - (-1f64).exp())).abs() < 1e-12);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn selu(x: Array) -> Array {
        let alpha = 1.673_263_242_354_377_3;
        let scale = 1.050_700_987_355_480_5;
        let neg = ivy::multiply(&ivy::expm1(&ivy::minimum(x, 0)?)?, alpha)?;
        ivy::multiply(&ivy::r#where(&ivy::greater(x, 0)?, x, &neg)?, scale)
    }

    /// The exponential linear unit: `x` where positive, `alpha * (exp(x) -
    /// 1)` elsewhere.
    ///
    /// ```
    /// let y = ivy::elu(&ivy::array![2.0f64, -1.0])?.to_vec::<f64>()?;
    /// assert!(y[0] == 2.0 && (y[1] - ((-1f64).exp() - 1.0)).abs() < 1e-12);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn elu(x: Array, #[default(1.0)] alpha: f64) -> Array {
        let neg = ivy::multiply(&ivy::expm1(&ivy::minimum(x, 0)?)?, alpha)?;
        ivy::r#where(&ivy::greater(x, 0)?, x, &neg)
    }

    /// `x` clipped to `[min_val, max_val]` (by default `[-1, 1]`).
    ///
    /// ```
    /// assert_eq!(ivy::hardtanh(&ivy::array![-2.0, 0.5, 3.0])?.to_vec::<f32>()?, vec![-1.0, 0.5, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn hardtanh(x: Array, #[default(1.0)] max_val: f64, #[default(-1.0)] min_val: f64) -> Array {
        ivy::minimum(&ivy::maximum(x, min_val)?, max_val)
    }

    /// `x - tanh(x)`.
    ///
    /// ```
    /// let y = ivy::tanhshrink(&ivy::array![1.0f64])?.to_vec::<f64>()?;
    /// assert!((y[0] - (1.0 - 1f64.tanh())).abs() < 1e-12);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn tanhshrink(x: Array) -> Array {
        ivy::subtract(x, &ivy::tanh(x)?)
    }

    /// The soft shrinkage: `x - lambd` above `lambd`, `x + lambd` below
    /// `-lambd`, 0 between.
    ///
    /// ```
    /// let y = ivy::softshrink(&ivy::array![-2.0, 0.25, 1.5])?;
    /// assert_eq!(y.to_vec::<f32>()?, vec![-1.5, 0.0, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn softshrink(x: Array, #[default(0.5)] lambd: f64) -> Array {
        let zero = ivy::zeros_like(x)?;
        let low = ivy::r#where(&ivy::less(x, -lambd)?, &ivy::add(x, lambd)?, &zero)?;
        ivy::r#where(&ivy::greater(x, lambd)?, &ivy::subtract(x, lambd)?, &low)
    }

    /// `x` where it is greater than `threshold`, `value` elsewhere (Ivy's
    /// `threshold`, whose two parameters are required).
    ///
    /// ```
    /// let y = ivy::threshold(&ivy::array![0.5, 2.0], 1.0, -3.0)?;
    /// assert_eq!(y.to_vec::<f32>()?, vec![-3.0, 2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn threshold(x: Array, threshold: f64, value: f64) -> Array {
        let v = ivy::full_like(x, value)?;
        ivy::r#where(&ivy::greater(x, threshold)?, x, &v)
    }

    /// The continuously differentiable ELU: `max(0, x) + min(0, alpha *
    /// (exp(x / alpha) - 1))`.
    ///
    /// ```
    /// let y = ivy::celu_with(&ivy::array![1.0f64, -1.0], ivy::opts::Celu::new().alpha(2.0))?.to_vec::<f64>()?;
    /// assert!(y[0] == 1.0 && (y[1] - 2.0 * ((-0.5f64).exp() - 1.0)).abs() < 1e-12);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn celu(x: Array, #[default(1.0)] alpha: f64) -> Array {
        if alpha == 0.0 {
            return Err(ivy::Error::invalid("celu", "alpha must not be 0"));
        }
        let neg = ivy::multiply(&ivy::expm1(&ivy::divide(&ivy::minimum(x, 0)?, alpha)?)?, alpha)?;
        ivy::add(&ivy::maximum(x, 0)?, &neg)
    }

    /// The scaled hyperbolic tangent `alpha * tanh(beta * x)` (defaults
    /// `alpha = 1.7159`, `beta = 0.67`, LeCun's constants as in Ivy).
    ///
    /// ```
    /// let y = ivy::scaled_tanh(&ivy::array![1.0f64])?.to_vec::<f64>()?;
    /// assert!((y[0] - 1.7159 * 0.67f64.tanh()).abs() < 1e-12);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn scaled_tanh(x: Array, #[default(1.7159)] alpha: f64, #[default(0.67)] beta: f64) -> Array {
        ivy::multiply(&ivy::tanh(&ivy::multiply(x, beta)?)?, alpha)
    }

    /// The hard shrinkage: `x` where `|x| > lambd`, 0 elsewhere.
    ///
    /// ```
    /// let y = ivy::hardshrink(&ivy::array![-2.0, 0.25, 1.5])?;
    /// assert_eq!(y.to_vec::<f32>()?, vec![-2.0, 0.0, 1.5]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn hardshrink(x: Array, #[default(0.5)] lambd: f64) -> Array {
        ivy::r#where(&ivy::greater(&ivy::abs(x)?, lambd)?, x, &ivy::zeros_like(x)?)
    }

    /// The hard sigmoid linear unit: `x * relu6(x + 3) / 6` (Ivy's
    /// `hardsilu`, the same function as [`hardswish`](crate::hardswish)).
    ///
    /// ```
    /// assert_eq!(ivy::hardsilu(&ivy::array![-4.0, 0.0, 3.0])?.to_vec::<f32>()?, vec![-0.0, 0.0, 3.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn hardsilu(x: Array) -> Array {
        ivy::divide(&ivy::multiply(x, &ivy::relu6(&ivy::add(x, 3)?)?)?, 6)
    }
}
    } };
}
