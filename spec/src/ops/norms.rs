//! The `norms` ops.

#[doc(hidden)]
#[macro_export]
macro_rules! __ops_norms {
    ([$($cb:tt)*] $($acc:tt)*) => { $crate::__ops_random! { [$($cb)*] $($acc)*
category norms {
    //! Normalization layers' functions (Ivy's `norms` and experimental norms).

    /// `x` normalized over the axes `normalized_idxs`: `(x - mean) /
    /// sqrt(var + eps)`, then times `scale` and plus `offset` when given, all
    /// times `new_std` (Ivy's `layer_norm`; half precision normalizes in
    /// float32).
    ///
    /// ```
    /// let y = ivy::layer_norm_with(&ivy::array![[1.0f64, 3.0]], [-1], ivy::opts::LayerNorm::new().eps(0.0))?;
    /// assert_eq!(y.to_vec::<f64>()?, vec![-1.0, 1.0]);
    /// let s = ivy::layer_norm_with(&ivy::array![[1.0f64, 3.0]], [-1],
    ///     ivy::opts::LayerNorm::new().eps(0.0).scale(&ivy::array![2.0f64, 3.0]).offset(&ivy::array![1.0f64, 1.0]))?;
    /// assert_eq!(s.to_vec::<f64>()?, vec![-1.0, 4.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[differentiable]
    #[dtypes(float)]
    #[sample(x = [2, 4], normalized_idxs = [-1], scale = [4])]
    fn layer_norm(
        x: Array,
        normalized_idxs: Axes,
        #[default(None)] scale: Option<Array>,
        #[default(None)] offset: Option<Array>,
        #[default(1e-5)] eps: f64,
        #[default(1.0)] new_std: f64,
    ) -> Array {
        // Half precision normalizes in float32 (x - mean is a difference of
        // nearly equal numbers, then divided by a small deviation).
        let dt = x.dtype();
        let half = matches!(dt, ivy::Dtype::Float16 | ivy::Dtype::BFloat16);
        let xw = if half { ivy::astype(x, ivy::Dtype::Float32)? } else { x.clone() };
        let mean = ivy::mean_with(&xw, ivy::opts::Mean::new().axis(normalized_idxs.clone()).keepdims(true))?;
        let var = ivy::var_with(&xw, ivy::opts::Var::new().axis(normalized_idxs.clone()).keepdims(true))?;
        let mut y = ivy::divide(&ivy::subtract(&xw, &mean)?, &ivy::sqrt(&ivy::add(&var, eps)?)?)?;
        if half {
            y = ivy::astype(&y, dt)?;
        }
        if let Some(s) = scale {
            y = ivy::multiply(&y, s)?;
            if let Some(o) = offset {
                y = ivy::add(&y, o)?;
            }
        }
        ivy::multiply(&y, new_std)
    }

    /// Batch normalization of `x` (channels last with `data_format =
    /// "NSC"`, the default, or second with `"NCS"`): `(x - mean) /
    /// sqrt(variance + eps) * scale + offset` per channel. With `training`,
    /// `mean` and `variance` are the batch's (over every axis but the
    /// channels) and the running statistics returned are updated with
    /// `momentum` (the variance unbiased, as Ivy); otherwise `mean` and
    /// `variance` are used and returned as they are. Returns `(out,
    /// running_mean, running_var)`.
    ///
    /// ```
    /// let x = ivy::array![[1.0f64, 2.0], [3.0, 6.0]];
    /// let (y, m, v) = ivy::batch_norm_with(&x, &ivy::array![0.0f64, 0.0], &ivy::array![1.0f64, 1.0],
    ///     ivy::opts::BatchNorm::new().training(true).eps(0.0))?;
    /// assert_eq!(y.to_vec::<f64>()?, vec![-1.0, -1.0, 1.0, 1.0]);
    /// // 0.9 * 0 + 0.1 * batch mean; 0.9 * 1 + 0.1 * unbiased batch variance.
    /// assert_eq!(m.to_vec::<f64>()?, vec![0.2, 0.4]);
    /// let v = v.to_vec::<f64>()?;
    /// assert!((v[0] - 1.1).abs() < 1e-12 && (v[1] - 1.7).abs() < 1e-12);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[out(custom)]
    #[sample(x = [2, 3], mean = [3], variance = [3], offset = [3])]
    fn batch_norm(
        x: Array,
        mean: Array,
        variance: Array,
        #[default(None)] offset: Option<Array>,
        #[default(None)] scale: Option<Array>,
        #[default(false)] training: bool,
        #[default(1e-5)] eps: f64,
        #[default(0.1)] momentum: f64,
        #[default("NSC")] data_format: Str,
    ) -> (Array, Array, Array) {
        let op = "batch_norm";
        let nd = x.ndim();
        if nd < 2 {
            return Err(ivy::Error::shape(op, "x needs a batch and a channel axis", vec![x.shape().clone()]));
        }
        let x = ivy::__private::channels_last(op, x, data_format)?;
        let (mut m, mut v) = (mean.clone(), variance.clone());
        let (mut run_m, mut run_v) = (mean.clone(), variance.clone());
        if training {
            let axes: Vec<i64> = (0..nd as i64 - 1).collect();
            let c = x.shape().dims()[nd - 1].max(1);
            let n = (x.size() / c) as f64;
            m = ivy::mean_with(&x, ivy::opts::Mean::new().axis(axes.clone()))?;
            v = ivy::var_with(&x, ivy::opts::Var::new().axis(axes))?;
            run_m = ivy::add(&ivy::multiply(mean, 1.0 - momentum)?, &ivy::multiply(&m, momentum)?)?;
            let unbiased = if n > 1.0 { ivy::multiply(&v, n / (n - 1.0))? } else { v.clone() };
            run_v = ivy::add(&ivy::multiply(variance, 1.0 - momentum)?, &ivy::multiply(&unbiased, momentum)?)?;
        }
        let mut inv = ivy::reciprocal(&ivy::sqrt(&ivy::add(&v, eps)?)?)?;
        if let Some(s) = scale {
            inv = ivy::multiply(&inv, s)?;
        }
        let mut y = ivy::multiply(&ivy::subtract(&x, &m)?, &inv)?;
        if let Some(o) = offset {
            y = ivy::add(&y, o)?;
        }
        let y = ivy::__private::channels_back(op, &y, data_format)?;
        Ok((y, run_m, run_v))
    }

    /// Instance normalization: each sample's channels normalized over the
    /// spatial axes (`data_format` `"NSC"`, the default, or `"NCS"`), with
    /// per-channel `scale` and `offset`; `mean` and `variance` (per channel)
    /// are used unless `training`, in which case the statistics are the
    /// instance's and the returned running statistics (averaged over the
    /// batch) are updated with `momentum`, as Ivy computes it through
    /// [`batch_norm`](crate::batch_norm). Returns `(out, running_mean,
    /// running_var)`.
    ///
    /// ```
    /// // One sample, 2 positions, 1 channel (NSC).
    /// let x = ivy::array![[[1.0f64], [3.0]]];
    /// let (y, _, _) = ivy::instance_norm_with(&x, &ivy::array![0.0f64], &ivy::array![1.0f64],
    ///     ivy::opts::InstanceNorm::new().training(true).eps(0.0))?;
    /// assert_eq!(y.to_vec::<f64>()?, vec![-1.0, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[out(custom)]
    #[sample(x = [2, 3, 2], mean = [2], variance = [2], offset = [2])]
    fn instance_norm(
        x: Array,
        mean: Array,
        variance: Array,
        #[default(None)] offset: Option<Array>,
        #[default(None)] scale: Option<Array>,
        #[default(false)] training: bool,
        #[default(0e-5)] eps: f64,
        #[default(0.1)] momentum: f64,
        #[default("NSC")] data_format: Str,
    ) -> (Array, Array, Array) {
        let op = "instance_norm";
        let nd = x.ndim();
        if nd < 3 {
            return Err(ivy::Error::shape(op, "x needs batch, spatial and channel axes", vec![x.shape().clone()]));
        }
        let x = ivy::__private::channels_last(op, x, data_format)?;
        let dims = x.shape().dims().to_vec();
        let (n, c) = (dims[0], dims[nd - 1]);
        // [N, S.., C] -> [S.., N, C] -> [1, S.., N * C]: each (sample,
        // channel) pair becomes a channel of one batch.
        let mut perm: Vec<i64> = (1..nd as i64 - 1).collect();
        perm.extend([0, nd as i64 - 1]);
        let moved = ivy::permute_dims(&x, perm)?;
        let mut shape: Vec<i64> = vec![1];
        shape.extend(dims[1..nd - 1].iter().map(|&d| d as i64));
        shape.push((n * c) as i64);
        let flat = ivy::reshape(&moved, shape)?;
        let tile = |a: &ivy::Array| ivy::tile(a, [n as i64]);
        let mut o = ivy::opts::BatchNorm::new().training(training).eps(eps).momentum(momentum);
        let (ts, to);
        if let Some(s) = scale {
            ts = tile(s)?;
            o = o.scale(&ts);
        }
        if let Some(f) = offset {
            to = tile(f)?;
            o = o.offset(&to);
        }
        let (y, rm, rv) = ivy::batch_norm_with(&flat, &tile(mean)?, &tile(variance)?, o)?;
        let mut back: Vec<i64> = dims[1..nd - 1].iter().map(|&d| d as i64).collect();
        back.extend([n as i64, c as i64]);
        let y = ivy::reshape(&y, back)?;
        let mut inv: Vec<i64> = vec![nd as i64 - 2];
        inv.extend(0..nd as i64 - 2);
        inv.push(nd as i64 - 1);
        let y = ivy::permute_dims(&y, inv)?;
        let y = ivy::__private::channels_back(op, &y, data_format)?;
        let per = |r: &ivy::Array| ivy::mean_with(&ivy::reshape(r, [n as i64, c as i64])?, ivy::opts::Mean::new().axis(0));
        Ok((y, per(&rm)?, per(&rv)?))
    }

    /// Group normalization: the channels (last with `data_format = "NSC"`,
    /// the default, or second with `"NCS"`) split into `num_groups` groups,
    /// each sample's group normalized over its channels and spatial
    /// positions, then times `scale` and plus `offset` per channel.
    ///
    /// ```
    /// // One sample, 2 positions, 2 channels, 1 group: all four values together.
    /// let x = ivy::array![[[1.0f64, 3.0], [1.0, 3.0]]];
    /// let y = ivy::group_norm_with(&x, 1, ivy::opts::GroupNorm::new().eps(0.0))?;
    /// assert_eq!(y.to_vec::<f64>()?, vec![-1.0, 1.0, -1.0, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[sample(x = [2, 3, 2], num_groups = 2usize, offset = [2])]
    fn group_norm(
        x: Array,
        num_groups: usize,
        #[default(None)] offset: Option<Array>,
        #[default(None)] scale: Option<Array>,
        #[default(1e-5)] eps: f64,
        #[default("NSC")] data_format: Str,
    ) -> Array {
        let op = "group_norm";
        let nd = x.ndim();
        if nd < 2 {
            return Err(ivy::Error::shape(op, "x needs a batch and a channel axis", vec![x.shape().clone()]));
        }
        let x = ivy::__private::channels_last(op, x, data_format)?;
        let dims = x.shape().dims().to_vec();
        let c = dims[nd - 1];
        if num_groups == 0 || c % num_groups != 0 {
            return Err(ivy::Error::invalid(
                op,
                format!("the {c} channels do not split into {num_groups} groups"),
            ));
        }
        let mut grouped: Vec<i64> = dims[..nd - 1].iter().map(|&d| d as i64).collect();
        grouped.extend([num_groups as i64, (c / num_groups) as i64]);
        let g = ivy::reshape(&x, grouped)?;
        // Statistics over the spatial axes and the channels of a group.
        let mut axes: Vec<i64> = (1..nd as i64 - 1).collect();
        axes.push(nd as i64);
        let mean = ivy::mean_with(&g, ivy::opts::Mean::new().axis(axes.clone()).keepdims(true))?;
        let var = ivy::var_with(&g, ivy::opts::Var::new().axis(axes).keepdims(true))?;
        let norm = ivy::divide(&ivy::subtract(&g, &mean)?, &ivy::sqrt(&ivy::add(&var, eps)?)?)?;
        let mut y = ivy::reshape(&norm, dims.iter().map(|&d| d as i64).collect::<Vec<_>>())?;
        if let Some(s) = scale {
            y = ivy::multiply(&y, s)?;
        }
        if let Some(o) = offset {
            y = ivy::add(&y, o)?;
        }
        ivy::__private::channels_back(op, &y, data_format)
    }

    /// `x` divided by the sum of its absolute values along `axis` (all of
    /// `x` by default).
    ///
    /// ```
    /// let y = ivy::l1_normalize(&ivy::array![1.0, -3.0])?;
    /// assert_eq!(y.to_vec::<f32>()?, vec![0.25, -0.75]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn l1_normalize(x: Array, #[default(None)] axis: Option<Axes>) -> Array {
        let mut o = ivy::opts::LpNormalize::new().p(1.0);
        if let Some(a) = axis {
            o = o.axis(a.clone());
        }
        ivy::lp_normalize_with(x, o)
    }

    /// `x` divided by its Euclidean norm along `axis` (all of `x` by
    /// default), the norm kept at least `1e-12`.
    ///
    /// ```
    /// let y = ivy::l2_normalize(&ivy::array![3.0, -4.0])?;
    /// assert_eq!(y.to_vec::<f32>()?, vec![0.6, -0.8]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn l2_normalize(x: Array, #[default(None)] axis: Option<Axes>) -> Array {
        let mut o = ivy::opts::LpNormalize::new().p(2.0);
        if let Some(a) = axis {
            o = o.axis(a.clone());
        }
        ivy::lp_normalize_with(x, o)
    }

    /// `x` divided by its `p`-norm along `axis` (all of `x` by default),
    /// the norm kept at least `1e-12`.
    ///
    /// ```
    /// let y = ivy::lp_normalize_with(&ivy::array![[1.0, 1.0], [2.0, 0.0]],
    ///     ivy::opts::LpNormalize::new().p(1.0).axis(1))?;
    /// assert_eq!(y.to_vec::<f32>()?, vec![0.5, 0.5, 1.0, 0.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    fn lp_normalize(x: Array, #[default(2.0)] p: f64, #[default(None)] axis: Option<Axes>) -> Array {
        let mut o = ivy::opts::VectorNorm::new().ord(p).keepdims(true);
        if let Some(a) = axis {
            o = o.axis(a.clone());
        }
        let norm = ivy::maximum(&ivy::vector_norm_with(x, o)?, 1e-12)?;
        ivy::divide(x, &norm)
    }

    /// Local response normalization across channels: `x / (bias + alpha *
    /// s)^beta` with `s` the sum of squares over a window of `size`
    /// channels centred on each one (`size / 2` before, `(size - 1) / 2`
    /// after, cut at the ends), divided by `size` with `average`. The
    /// channels are the last axis of a 4-d `x` (`data_format = "NHWC"`, the
    /// default) or the second (`"NCHW"`).
    ///
    /// ```
    /// let x = ivy::array![[[[1.0f64, 2.0, 2.0]]]];
    /// let y = ivy::local_response_norm_with(&x, 3, ivy::opts::LocalResponseNorm::new().beta(1.0))?;
    /// // Windows: {1, 2}, {1, 2, 2}, {2, 2}: sums of squares 5, 9, 8.
    /// assert_eq!(y.to_vec::<f64>()?, vec![1.0 / 6.0, 2.0 / 10.0, 2.0 / 9.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[sample(x = [1, 2, 2, 3], size = 3usize)]
    fn local_response_norm(
        x: Array,
        size: usize,
        #[default(1.0)] bias: f64,
        #[default(1.0)] alpha: f64,
        #[default(0.5)] beta: f64,
        #[default(false)] average: bool,
        #[default("NHWC")] data_format: Str,
    ) -> Array {
        let op = "local_response_norm";
        if x.ndim() != 4 || size == 0 {
            return Err(ivy::Error::shape(
                op,
                format!("needs a 4-d x and a positive size, got size {size}"),
                vec![x.shape().clone()],
            ));
        }
        let fmt = match data_format {
            "NHWC" => "NSC",
            "NCHW" => "NCS",
            other => {
                return Err(ivy::Error::invalid(op, format!("data_format must be \"NHWC\" or \"NCHW\", got {other:?}")));
            }
        };
        let x = ivy::__private::channels_last(op, x, fmt)?;
        let c = x.shape().dims()[3] as i64;
        let sq = ivy::square(&x)?;
        let (before, after) = ((size / 2) as i64, ((size - 1) / 2) as i64);
        let mut total: Option<ivy::Array> = None;
        for k in -before..=after {
            let (lo, hi) = ((0i64).max(-k), c.min(c - k));
            if lo >= hi {
                continue;
            }
            // Channel j + k added at channel j, for j in lo..hi.
            let part = ivy::get_item(&sq, ivy::Index::new(vec![ivy::IndexItem::Ellipsis, ivy::IndexItem::from(lo + k..hi + k)]))?;
            let mut pieces = Vec::new();
            let zeros = |len: i64| {
                let mut d = sq.shape().dims().to_vec();
                d[3] = len as usize;
                ivy::zeros_with(ivy::Shape::from(d), ivy::opts::Zeros::new().dtype(sq.dtype()))
            };
            if lo > 0 {
                pieces.push(zeros(lo)?);
            }
            pieces.push(part);
            if hi < c {
                pieces.push(zeros(c - hi)?);
            }
            let shifted = ivy::concat_with(pieces, ivy::opts::Concat::new().axis(-1))?;
            total = Some(match total {
                None => shifted,
                Some(t) => ivy::add(&t, &shifted)?,
            });
        }
        let mut s = match total {
            Some(t) => t,
            None => ivy::zeros_like(&sq)?,
        };
        if average {
            s = ivy::divide(&s, size as f64)?;
        }
        let den = ivy::pow(&ivy::add(&ivy::multiply(&s, alpha)?, bias)?, beta)?;
        ivy::__private::channels_back(op, &ivy::divide(&x, &den)?, fmt)
    }
}
    } };
}
