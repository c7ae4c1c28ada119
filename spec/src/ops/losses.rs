//! The `losses` ops.

#[doc(hidden)]
#[macro_export]
macro_rules! __ops_losses {
    ([$($cb:tt)*] $($acc:tt)*) => { $crate::__ops_layers! { [$($cb)*] $($acc)*
category losses {
    //! Loss functions.

    /// The cross entropy between the distributions `true` and `pred` along
    /// `axis`: `-sum(true * log(clip(pred, epsilon, 1 - epsilon)))`, then
    /// reduced over the rest with `reduction` (`"mean"`, `"sum"` or `"none"`).
    ///
    /// ```
    /// let t = ivy::array![[0.0, 1.0]];
    /// let p = ivy::array![[0.2, 0.8]];
    /// let l = ivy::cross_entropy(&t, &p)?.item()?.to_f64();
    /// assert!((l - 0.22314355).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn cross_entropy(
        r#true: Array,
        pred: Array,
        #[default(-1)] axis: i64,
        #[default(1e-7)] epsilon: f64,
        #[default("mean")] reduction: Str,
    ) -> Array {
        let p = ivy::clip_with(pred, ivy::opts::Clip::new().x_min(epsilon).x_max(1.0 - epsilon))?;
        let logp = ivy::log(&p)?;
        let per = ivy::negative(&ivy::sum_with(&ivy::multiply(&logp, r#true)?, ivy::opts::Sum::new().axis(axis))?)?;
        ivy::__private::reduce_loss("cross_entropy", &per, reduction)
    }

    /// The binary cross entropy of probabilities (or logits, with
    /// `from_logits`) `pred` against targets `true`, elementwise, then reduced
    /// with `reduction`; `pos_weight` weighs the positive term.
    ///
    /// ```
    /// let l = ivy::binary_cross_entropy(&ivy::array![1.0, 0.0], &ivy::array![0.9, 0.1])?.item()?.to_f64();
    /// assert!((l - 0.10536052).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn binary_cross_entropy(
        r#true: Array,
        pred: Array,
        #[default(false)] from_logits: bool,
        #[default(1e-7)] epsilon: f64,
        #[default("mean")] reduction: Str,
        #[default(None)] pos_weight: Option<f64>,
    ) -> Array {
        let w = pos_weight.unwrap_or(1.0);
        let per = if from_logits {
            // (1 - t) * x + (1 + (w - 1) t) * (log1p(exp(-|x|)) + max(-x, 0))
            let lw = ivy::add(&ivy::multiply(r#true, w - 1.0)?, 1)?;
            let sp = ivy::add(&ivy::log1p(&ivy::exp(&ivy::negative(&ivy::abs(pred)?)?)?)?, &ivy::maximum(&ivy::negative(pred)?, 0)?)?;
            ivy::add(&ivy::multiply(&ivy::subtract(1, r#true)?, pred)?, &ivy::multiply(&lw, &sp)?)?
        } else {
            let p = ivy::clip_with(pred, ivy::opts::Clip::new().x_min(epsilon).x_max(1.0 - epsilon))?;
            let pos = ivy::multiply(&ivy::multiply(r#true, &ivy::log(&p)?)?, w)?;
            let neg = ivy::multiply(&ivy::subtract(1, r#true)?, &ivy::log(&ivy::subtract(1, &p)?)?)?;
            ivy::negative(&ivy::add(&pos, &neg)?)?
        };
        ivy::__private::reduce_loss("binary_cross_entropy", &per, reduction)
    }

    /// The cross entropy of `pred` against integer class labels `true` along
    /// `axis` (the labels are one-hot encoded first).
    ///
    /// ```
    /// let l = ivy::sparse_cross_entropy(&ivy::array![1], &ivy::array![[0.2, 0.8]])?.item()?.to_f64();
    /// assert!((l - 0.22314355).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[dtype_of(pred)]
    #[sample(r#true = ([2], int64))]
    fn sparse_cross_entropy(
        r#true: Array,
        pred: Array,
        #[default(-1)] axis: i64,
        #[default(1e-7)] epsilon: f64,
        #[default("mean")] reduction: Str,
    ) -> Array {
        let depth = pred.shape().dims().get(ivy::shape::normalize_axis("sparse_cross_entropy", axis, pred.ndim())?).copied().unwrap_or(0);
        let labels = ivy::astype(r#true, ivy::Dtype::Int64)?;
        let onehot = ivy::one_hot_with(&labels, depth, ivy::opts::OneHot::new().axis(axis).dtype(pred.dtype()))?;
        ivy::cross_entropy_with(&onehot, pred, ivy::opts::CrossEntropy::new().axis(axis).epsilon(epsilon).reduction(reduction))
    }

    /// The Poisson negative log likelihood of counts `true` given
    /// log-rates `pred`: `exp(pred) - pred * true`, plus with
    /// `compute_full_loss` Stirling's approximation of `log(true!)`
    /// (`true * log(true) - true + 0.5 * log(2 pi true)`, for `true > 1`),
    /// reduced along `axis` with `reduction` (`"none"` by default, as Ivy).
    ///
    /// ```
    /// let l = ivy::log_poisson_loss(&ivy::array![2.0f64], &ivy::array![0.0f64])?;
    /// assert_eq!(l.to_vec::<f64>()?, vec![1.0]);
    /// let full = ivy::log_poisson_loss_with(&ivy::array![2.0f64], &ivy::array![0.0f64],
    ///     ivy::opts::LogPoissonLoss::new().compute_full_loss(true))?.to_vec::<f64>()?;
    /// let stirling = 2.0 * 2f64.ln() - 2.0 + 0.5 * (4.0 * std::f64::consts::PI).ln();
    /// assert!((full[0] - (1.0 + stirling)).abs() < 1e-12);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote]
    fn log_poisson_loss(
        r#true: Array,
        pred: Array,
        #[default(false)] compute_full_loss: bool,
        #[default(-1)] axis: i64,
        #[default("none")] reduction: Str,
    ) -> Array {
        let mut loss = ivy::subtract(&ivy::exp(pred)?, &ivy::multiply(pred, r#true)?)?;
        if compute_full_loss {
            loss = ivy::add(&loss, &ivy::__private::stirling_term(r#true)?)?;
        }
        ivy::__private::reduce_loss_along("log_poisson_loss", &loss, reduction, Some(axis))
    }

    /// The mean (or sum, or none: `reduction`) absolute error `|input -
    /// target|`.
    ///
    /// ```
    /// let l = ivy::l1_loss(&ivy::array![1.0, 2.0, 3.0], &ivy::array![1.5, 2.0, 2.0])?;
    /// assert_eq!(l.to_vec::<f32>()?, vec![0.5]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote]
    fn l1_loss(input: Array, target: Array, #[default("mean")] reduction: Str) -> Array {
        let per = ivy::abs(&ivy::subtract(input, target)?)?;
        ivy::__private::reduce_loss("l1_loss", &per, reduction)
    }

    /// The Huber loss of `pred` against `true`: `0.5 * d^2` where the
    /// absolute error `d` is at most `delta`, `delta * (d - 0.5 * delta)`
    /// above, reduced with `reduction`.
    ///
    /// ```
    /// let l = ivy::huber_loss_with(&ivy::array![0.0, 0.0], &ivy::array![0.5, 3.0],
    ///     ivy::opts::HuberLoss::new().reduction("none"))?;
    /// assert_eq!(l.to_vec::<f32>()?, vec![0.125, 2.5]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote]
    fn huber_loss(
        r#true: Array,
        pred: Array,
        #[default(1.0)] delta: f64,
        #[default("mean")] reduction: Str,
    ) -> Array {
        let d = ivy::abs(&ivy::subtract(r#true, pred)?)?;
        let quadratic = ivy::multiply(&ivy::square(&d)?, 0.5)?;
        let linear = ivy::multiply(&ivy::subtract(&d, 0.5 * delta)?, delta)?;
        let per = ivy::r#where(&ivy::less_equal(&d, delta)?, &quadratic, &linear)?;
        ivy::__private::reduce_loss("huber_loss", &per, reduction)
    }

    /// The smooth L1 loss: `0.5 * d^2 / beta` where the absolute error `d`
    /// is below `beta`, `d - 0.5 * beta` elsewhere (the plain L1 loss when
    /// `beta < 1e-5`, as Ivy), reduced with `reduction`.
    ///
    /// ```
    /// let l = ivy::smooth_l1_loss_with(&ivy::array![0.0, 0.0], &ivy::array![0.5, 3.0],
    ///     ivy::opts::SmoothL1Loss::new().beta(2.0).reduction("none"))?;
    /// assert_eq!(l.to_vec::<f32>()?, vec![0.0625, 2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote]
    fn smooth_l1_loss(
        input: Array,
        target: Array,
        #[default(1.0)] beta: f64,
        #[default("mean")] reduction: Str,
    ) -> Array {
        let d = ivy::abs(&ivy::subtract(input, target)?)?;
        let per = if beta < 1e-5 {
            d
        } else {
            let quadratic = ivy::divide(&ivy::multiply(&ivy::square(&d)?, 0.5)?, beta)?;
            ivy::r#where(&ivy::less(&d, beta)?, &quadratic, &ivy::subtract(&d, 0.5 * beta)?)?
        };
        ivy::__private::reduce_loss("smooth_l1_loss", &per, reduction)
    }

    /// The soft margin loss `log(1 + exp(-target * input))` (computed as a
    /// softplus, stable for large margins), reduced with `reduction`.
    ///
    /// ```
    /// let l = ivy::soft_margin_loss(&ivy::array![0.0f64], &ivy::array![1.0f64])?.to_vec::<f64>()?;
    /// assert!((l[0] - std::f64::consts::LN_2).abs() < 1e-12);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote]
    fn soft_margin_loss(input: Array, target: Array, #[default("mean")] reduction: Str) -> Array {
        let per = ivy::softplus(&ivy::negative(&ivy::multiply(input, target)?)?)?;
        ivy::__private::reduce_loss("soft_margin_loss", &per, reduction)
    }

    /// The Kullback-Leibler divergence of the distribution `target` from
    /// the log-probabilities `input`: `target * (log(target) - input)`
    /// (0 where `target` is 0), or with `log_target` (`target` given as
    /// log-probabilities) `exp(target) * (target - input)`; reduced with
    /// `reduction`: `"mean"`, `"sum"`, `"batchmean"` (the sum over the
    /// length of the first axis) or `"none"`.
    ///
    /// ```
    /// let input = ivy::log(&ivy::array![0.5f64, 0.5])?;
    /// let l = ivy::kl_div_with(&input, &ivy::array![0.25f64, 0.75], ivy::opts::KlDiv::new().reduction("sum"))?;
    /// let want = 0.25 * (0.25f64 / 0.5).ln() + 0.75 * (0.75f64 / 0.5).ln();
    /// assert!((l.to_vec::<f64>()?[0] - want).abs() < 1e-12);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote]
    fn kl_div(
        input: Array,
        target: Array,
        #[default("mean")] reduction: Str,
        #[default(false)] log_target: bool,
    ) -> Array {
        let per = if log_target {
            ivy::multiply(&ivy::exp(target)?, &ivy::subtract(target, input)?)?
        } else {
            // log of a safe stand-in where target is 0, so the unselected
            // branch (and its gradient) stays finite.
            let pos = ivy::greater(target, 0)?;
            let safe = ivy::r#where(&pos, target, &ivy::ones_like(target)?)?;
            let terms = ivy::multiply(target, &ivy::subtract(&ivy::log(&safe)?, input)?)?;
            ivy::r#where(&pos, &terms, &ivy::zeros_like(&terms)?)?
        };
        if reduction == "batchmean" {
            let n = per.shape().dims().first().copied().unwrap_or(1).max(1);
            let s = ivy::sum_with(&per, ivy::opts::Sum::new().dtype(per.dtype()))?;
            return ivy::divide(&s, n as f64);
        }
        ivy::__private::reduce_loss("kl_div", &per, reduction)
    }

    /// The Poisson negative log likelihood of `target` counts given rates
    /// `input`: `exp(input) - target * input` with `log_input` (the
    /// default), else `input - target * log(input + eps)`; with `full`,
    /// Stirling's approximation of `log(target!)` is added where `target >
    /// 1`. Reduced with `reduction`.
    ///
    /// ```
    /// let l = ivy::poisson_nll_loss(&ivy::array![0.0f64, 1.0], &ivy::array![1.0f64, 2.0])?;
    /// let want = (1.0 + (1f64.exp() - 2.0)) / 2.0;
    /// assert!((l.to_vec::<f64>()?[0] - want).abs() < 1e-12);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote]
    fn poisson_nll_loss(
        input: Array,
        target: Array,
        #[default(true)] log_input: bool,
        #[default(false)] full: bool,
        #[default(1e-8)] eps: f64,
        #[default("mean")] reduction: Str,
    ) -> Array {
        let mut loss = if log_input {
            ivy::subtract(&ivy::exp(input)?, &ivy::multiply(target, input)?)?
        } else {
            ivy::subtract(input, &ivy::multiply(target, &ivy::log(&ivy::add(input, eps)?)?)?)?
        };
        if full {
            loss = ivy::add(&loss, &ivy::__private::stirling_term(target)?)?;
        }
        ivy::__private::reduce_loss("poisson_nll_loss", &loss, reduction)
    }

    /// The hinge embedding loss of `input` (distances) against labels
    /// `target` of 1 or -1: `input` where the label is 1, `max(0, margin -
    /// input)` where it is -1 (any other label gets the sum of both terms,
    /// as PyTorch computes it), reduced with `reduction`.
    ///
    /// ```
    /// let l = ivy::hinge_embedding_loss_with(&ivy::array![0.3, 0.4], &ivy::array![1.0, -1.0],
    ///     ivy::opts::HingeEmbeddingLoss::new().reduction("none"))?;
    /// assert_eq!(l.to_vec::<f32>()?, vec![0.3, 0.6]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote]
    fn hinge_embedding_loss(
        input: Array,
        target: Array,
        #[default(1.0)] margin: f64,
        #[default("mean")] reduction: Str,
    ) -> Array {
        let zero = ivy::zeros_like(input)?;
        let hinge = ivy::maximum(&ivy::subtract(margin, input)?, &zero)?;
        let from_neg = ivy::r#where(&ivy::not_equal(target, 1)?, &hinge, &zero)?;
        let from_pos = ivy::r#where(&ivy::not_equal(target, -1)?, input, &zero)?;
        ivy::__private::reduce_loss("hinge_embedding_loss", &ivy::add(&from_neg, &from_pos)?, reduction)
    }

    /// One minus the structural similarity of the images `pred` and `true`
    /// (shape `[..., height, width]`), averaged (half precision computes in float32): the SSIM is computed with
    /// means, variances and the covariance over 3x3 windows (stride 1,
    /// shrunk at the borders, as an average pool with `SAME` padding), with
    /// `C1 = 0.01^2` and `C2 = 0.03^2` (a dynamic range of 1).
    ///
    /// ```
    /// let x = ivy::reshape(&ivy::divide(&ivy::arange(16)?, 16)?, [4, 4])?;
    /// assert!(ivy::ssim_loss(&x, &x)?.to_vec::<f32>()?[0].abs() < 1e-6);
    /// let y = ivy::ssim_loss(&x, &ivy::zeros_like(&x)?)?.to_vec::<f32>()?;
    /// assert!(y[0] > 0.5);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote]
    fn ssim_loss(r#true: Array, pred: Array) -> Array {
        let op = "ssim_loss";
        if r#true.ndim() < 2 || r#true.shape() != pred.shape() {
            return Err(ivy::Error::shape(
                op,
                "true and pred must have one shape of at least two dimensions",
                vec![r#true.shape().clone(), pred.shape().clone()],
            ));
        }
        // Half precision works in float32: the variances are differences
        // of nearly equal means.
        let dt = pred.dtype();
        let half = matches!(dt, ivy::Dtype::Float16 | ivy::Dtype::BFloat16);
        let wide = |a: &ivy::Array| if half { ivy::astype(a, ivy::Dtype::Float32) } else { Ok(a.clone()) };
        let (t, p) = (&wide(r#true)?, &wide(pred)?);
        let c1 = 0.01f64 * 0.01;
        let c2 = 0.03f64 * 0.03;
        let pool = |a: &ivy::Array| ivy::__private::avg_pool_3x3(op, a);
        let mu_x = pool(p)?;
        let mu_y = pool(t)?;
        let sxx = ivy::subtract(&pool(&ivy::multiply(p, p)?)?, &ivy::multiply(&mu_x, &mu_x)?)?;
        let syy = ivy::subtract(&pool(&ivy::multiply(t, t)?)?, &ivy::multiply(&mu_y, &mu_y)?)?;
        let sxy = ivy::subtract(&pool(&ivy::multiply(p, t)?)?, &ivy::multiply(&mu_x, &mu_y)?)?;
        let num = ivy::multiply(
            &ivy::add(&ivy::multiply(&ivy::multiply(&mu_x, &mu_y)?, 2)?, c1)?,
            &ivy::add(&ivy::multiply(&sxy, 2)?, c2)?,
        )?;
        let den = ivy::multiply(
            &ivy::add(&ivy::add(&ivy::multiply(&mu_x, &mu_x)?, &ivy::multiply(&mu_y, &mu_y)?)?, c1)?,
            &ivy::add(&ivy::add(&sxx, &syy)?, c2)?,
        )?;
        let loss = ivy::mean(&ivy::subtract(1, &ivy::divide(&num, &den)?)?)?;
        if half { ivy::astype(&loss, dt) } else { Ok(loss) }
    }

    /// The critic's Wasserstein loss: `mean(p_fake) - mean(p_real)`.
    ///
    /// ```
    /// let l = ivy::wasserstein_loss_discriminator(&ivy::array![1.0, 3.0], &ivy::array![0.5])?;
    /// assert_eq!(l.to_vec::<f32>()?, vec![-1.5]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote]
    fn wasserstein_loss_discriminator(p_real: Array, p_fake: Array) -> Array {
        ivy::subtract(&ivy::mean(p_fake)?, &ivy::mean(p_real)?)
    }

    /// The generator's Wasserstein loss: `-mean(pred_fake)`.
    ///
    /// ```
    /// let l = ivy::wasserstein_loss_generator(&ivy::array![1.0, 3.0])?;
    /// assert_eq!(l.to_vec::<f32>()?, vec![-2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn wasserstein_loss_generator(pred_fake: Array) -> Array {
        ivy::negative(&ivy::mean(pred_fake)?)
    }
}
    } };
}
