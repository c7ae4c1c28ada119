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
}
    } };
}
