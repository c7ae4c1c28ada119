//! The `layers` ops.

#[doc(hidden)]
#[macro_export]
macro_rules! __ops_layers {
    ([$($cb:tt)*] $($acc:tt)*) => { $crate::__ops_norms! { [$($cb)*] $($acc)*
category layers {
    //! Neural network layers: dense layers, dropout, convolutions (and their
    //! transposes), pooling, embeddings, attention and the LSTM cell.
    //!
    //! Layouts follow Ivy: inputs are channel-last by default (`"NWC"`,
    //! `"NHWC"`, `"NDHWC"`, or `"channel_last"`), with `data_format` for
    //! channel-first; convolution filters are `[*kernel, d_in / groups,
    //! d_out]` (`filter_format = "channel_last"`) or `[d_out, d_in / groups,
    //! *kernel]` (`"channel_first"`). `padding` is a [`Padding`](crate::Padding),
    //! as Ivy's: `"SAME"`, `"VALID"`, a number for every side (`1`), or a
    //! `(before, after)` pair per spatial dimension (`[(1, 1), (0, 2)]`;
    //! also as a string, `"[(1, 1), (0, 2)]"`).
    //! Every convolution and pool is built on [`im2col`](crate::im2col) and
    //! [`col2im`](crate::col2im), whose derivatives are each other, so all of
    //! them are differentiable to any order.
    //!
    //! The candle backend has `im2col` and `col2im` kernels too, so the
    //! convolutions and pools run there (their tables are derived from the
    //! ops they call).

    /// The sliding windows of a channel-last `x` (`[N, *spatial, C]`), one
    /// row per window position: `[N, *out, *kernel_size, C]`, zeros where a
    /// window covers padding. `strides` (1), `dilations` (1, the spacing of
    /// the taps) and `x_dilations` (1; `s` inserts `s - 1` zeros between
    /// input elements) take one value or one per spatial dimension;
    /// `padding` is a `(before, after)` pair per spatial dimension, flat
    /// (`[1, 1, 0, 2]`); negative padding crops. The number of windows per
    /// dimension is `(dilated input + before + after - dilated kernel) /
    /// stride + 1`.
    ///
    /// ```
    /// let x = ivy::reshape(&ivy::array![1.0, 2.0, 3.0, 4.0], [1, 4, 1])?;
    /// let cols = ivy::im2col(&x, [2])?;
    /// assert_eq!(cols.shape().dims(), &[1, 3, 2, 1]);
    /// assert_eq!(cols.to_vec::<f32>()?, vec![1.0, 2.0, 2.0, 3.0, 3.0, 4.0]);
    /// let padded = ivy::im2col_with(&x, [2], ivy::opts::Im2col::new().strides([3]).padding([1, 0]))?;
    /// assert_eq!(padded.to_vec::<f32>()?, vec![0.0, 1.0, 3.0, 4.0]);
    /// assert!(ivy::im2col(&x, [5]).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[differentiable]
    #[sample(x = [1, 4, 3, 2], kernel_size = [2i64, 2], strides = [1i64])]
    #[vjp(x = ivy::layer_support::im2col_vjp(g, x, strides, padding, dilations, x_dilations))]
    fn im2col(
        x: Array,
        kernel_size: Ints,
        #[default(None)] strides: Option<Ints>,
        #[default(None)] padding: Option<Ints>,
        #[default(None)] dilations: Option<Ints>,
        #[default(None)] x_dilations: Option<Ints>,
    ) -> Array;

    /// The inverse arrangement of [`im2col`](crate::im2col): windows
    /// `cols` (`[N, *out, *kernel, C]`) summed back into a channel-last
    /// array of spatial lengths `spatial` (`[N, *spatial, C]`), with the
    /// same window parameters. Overlapping windows add up; padding taps are
    /// dropped. It is the transpose of `im2col` as a linear map.
    ///
    /// ```
    /// let cols = ivy::reshape(&ivy::array![1.0, 2.0, 2.0, 3.0, 3.0, 4.0], [1, 3, 2, 1])?;
    /// let x = ivy::col2im(&cols, [4])?;
    /// assert_eq!(x.to_vec::<f32>()?, vec![1.0, 4.0, 6.0, 4.0]);
    /// assert!(ivy::col2im(&cols, [7]).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes(numeric)]
    #[differentiable]
    #[sample(cols = [1, 3, 2, 2, 2, 2], spatial = [4i64, 3], strides = [1i64])]
    #[vjp(cols = ivy::layer_support::col2im_vjp(g, cols, strides, padding, dilations, x_dilations))]
    fn col2im(
        cols: Array,
        spatial: Ints,
        #[default(None)] strides: Option<Ints>,
        #[default(None)] padding: Option<Ints>,
        #[default(None)] dilations: Option<Ints>,
        #[default(None)] x_dilations: Option<Ints>,
    ) -> Array;

    /// A dense layer: `x @ weight^T + bias`, with `weight` of shape `[out,
    /// in]` (as Ivy and PyTorch) and `bias` of shape `[out]`.
    ///
    /// ```
    /// let x = ivy::array![[1.0, 2.0]];
    /// let w = ivy::array![[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]];
    /// let y = ivy::linear_with(&x, &w, ivy::opts::Linear::new().bias(ivy::array![0.0, 0.0, 1.0]))?;
    /// assert_eq!(y, ivy::array![[1.0, 2.0, 4.0]]);
    /// assert!(ivy::linear(&x, &ivy::array![[1.0, 2.0, 3.0]]).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote(x, weight)]
    fn linear(x: Array, weight: Array, #[default(None)] bias: Option<Array>) -> Array {
        let y = ivy::matmul_with(x, weight, ivy::opts::Matmul::new().transpose_b(true))?;
        match bias {
            Some(b) => ivy::add(&y, b),
            None => Ok(y),
        }
    }

    /// Dropout: each element of `x` is zeroed with probability `prob` and,
    /// with `scale`, the others are divided by `1 - prob` (when `training`;
    /// otherwise `x` is returned as it is). `noise_shape` (broadcast to
    /// `x`'s shape) shares one draw along its axes of length 1; `seed`
    /// makes the draw reproducible; `dtype` casts the result. `prob` must
    /// be in `[0, 1]`; with `prob = 1` every element is dropped. The
    /// gradient is the same mask and scale (the draw is a constant).
    ///
    /// ```
    /// let x = ivy::ones_with([1000], ivy::opts::Ones::new().dtype(ivy::Dtype::Float64))?;
    /// let y = ivy::dropout_with(&x, 0.25, ivy::opts::Dropout::new().seed(7))?;
    /// let kept = y.to_vec::<f64>()?.iter().filter(|&&v| v != 0.0).count();
    /// assert!(y.to_vec::<f64>()?.iter().all(|&v| v == 0.0 || (v - 4.0 / 3.0).abs() < 1e-12));
    /// assert!((650..850).contains(&kept));
    /// assert_eq!(ivy::dropout_with(&x, 0.25, ivy::opts::Dropout::new().training(false))?, x);
    /// assert!(ivy::dropout(&x, 1.5).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[out(custom)]
    #[sample(prob = 0.0)]
    fn dropout(
        x: Array,
        prob: f64,
        #[default(true)] scale: bool,
        #[default(None)] dtype: Option<Dtype>,
        #[default(true)] training: bool,
        #[default(None)] seed: Option<i64>,
        #[default(None)] noise_shape: Option<Shape>,
    ) -> Array {
        ivy::layer_support::dropout("dropout", x, prob, scale, dtype, training, seed, noise_shape)
    }

    /// Channel dropout of a 1-d input (`[N, W, C]`, or `[N, C, W]` with
    /// `data_format = "NCW"`; the batch axis may be absent): whole channels
    /// are zeroed with probability `prob` and the rest scaled by `1 / (1 -
    /// prob)`, when `training`. `seed` (an addition to Ivy's signature)
    /// makes the draw reproducible.
    ///
    /// ```
    /// let x = ivy::ones_with([2, 50, 40], ivy::opts::Ones::new().dtype(ivy::Dtype::Float64))?;
    /// let y = ivy::dropout1d_with(&x, 0.5, ivy::opts::Dropout1d::new().seed(1))?;
    /// // Along W, a channel is all kept (2.0) or all dropped (0.0).
    /// let v = y.to_ndarray::<f64>()?;
    /// for n in 0..2 { for c in 0..40 {
    ///     assert!((0..50).all(|w| v[[n, w, c]] == v[[n, 0, c]]) && (v[[n, 0, c]] == 0.0 || v[[n, 0, c]] == 2.0));
    /// } }
    /// assert_eq!(ivy::dropout1d_with(&x, 0.5, ivy::opts::Dropout1d::new().training(false))?, x);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[sample(prob = 0.0)]
    fn dropout1d(
        x: Array,
        prob: f64,
        #[default(true)] training: bool,
        #[default("NWC")] data_format: Str,
        #[default(None)] seed: Option<i64>,
    ) -> Array {
        ivy::layer_support::channel_dropout("dropout1d", x, prob, training, data_format, 1, seed)
    }

    /// Channel dropout of a 2-d input (`[N, H, W, C]`, or `"NCHW"`), as
    /// [`dropout1d`](crate::dropout1d).
    ///
    /// ```
    /// let x = ivy::ones_with([1, 2, 2, 3], ivy::opts::Ones::new().dtype(ivy::Dtype::Float64))?;
    /// let y = ivy::dropout2d_with(&x, 0.5, ivy::opts::Dropout2d::new().seed(5))?;
    /// let v = y.to_ndarray::<f64>()?;
    /// for c in 0..3 { assert!(v[[0, 1, 1, c]] == v[[0, 0, 0, c]]); }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[sample(x = [1, 2, 2, 3], prob = 0.0)]
    fn dropout2d(
        x: Array,
        prob: f64,
        #[default(true)] training: bool,
        #[default("NHWC")] data_format: Str,
        #[default(None)] seed: Option<i64>,
    ) -> Array {
        ivy::layer_support::channel_dropout("dropout2d", x, prob, training, data_format, 2, seed)
    }

    /// Channel dropout of a 3-d input (`[N, D, H, W, C]`, or `"NCDHW"`), as
    /// [`dropout1d`](crate::dropout1d).
    ///
    /// ```
    /// let x = ivy::ones_with([1, 2, 1, 1, 2], ivy::opts::Ones::new().dtype(ivy::Dtype::Float64))?;
    /// let y = ivy::dropout3d_with(&x, 0.0, ivy::opts::Dropout3d::new().seed(5))?;
    /// assert_eq!(y, x);
    /// assert!(ivy::dropout3d(&ivy::ones([2, 2])?, 0.5).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[sample(x = [1, 2, 2, 1, 2], prob = 0.0)]
    fn dropout3d(
        x: Array,
        prob: f64,
        #[default(true)] training: bool,
        #[default("NDHWC")] data_format: Str,
        #[default(None)] seed: Option<i64>,
    ) -> Array {
        ivy::layer_support::channel_dropout("dropout3d", x, prob, training, data_format, 3, seed)
    }

    /// The general convolution of `x` (`[N, *spatial, d_in]` with
    /// `data_format = "channel_last"`, `[N, d_in, *spatial]` with
    /// `"channel_first"`) by `filters` (`[*kernel, d_in / groups, d_out]`
    /// with `filter_format = "channel_last"`, `[d_out, d_in / groups,
    /// *kernel]` with `"channel_first"`) over `dims` spatial dimensions:
    /// `strides`, `dilations` (of the filter taps) and `x_dilations` (of
    /// the input, as a transposed convolution needs) take one value or one
    /// per dimension; `feature_group_count` splits the channels into
    /// groups; `bias` (`[d_out]`) is added. Computed as `im2col` followed
    /// by one matrix product per group.
    ///
    /// ```
    /// let x = ivy::reshape(&ivy::array![1.0, 2.0, 3.0, 4.0], [1, 4, 1])?;
    /// let f = ivy::reshape(&ivy::array![1.0, 10.0], [2, 1, 1])?;
    /// let y = ivy::conv_general_dilated_with(&x, &f, [1], "VALID", ivy::opts::ConvGeneralDilated::new().dims(1))?;
    /// assert_eq!(y.to_vec::<f32>()?, vec![21.0, 32.0, 43.0]);
    /// assert!(ivy::conv_general_dilated(&x, &f, [1], "VALID").is_err()); // dims = 2 by default
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote(x, filters)]
    #[sample(x = [1, 4, 3, 2], filters = [2, 2, 2, 3], strides = [1i64], padding = "VALID")]
    fn conv_general_dilated(
        x: Array,
        filters: Array,
        strides: Ints,
        padding: Padding,
        #[default(2usize)] dims: usize,
        #[default("channel_last")] data_format: Str,
        #[default("channel_last")] filter_format: Str,
        #[default(1usize)] feature_group_count: usize,
        #[default(None)] x_dilations: Option<Ints>,
        #[default(None)] dilations: Option<Ints>,
        #[default(None)] bias: Option<Array>,
    ) -> Array {
        ivy::layer_support::conv_general_dilated("conv_general_dilated", x, filters, strides, padding.as_str(), dims, data_format, filter_format, feature_group_count, x_dilations, dilations, bias)
    }

    /// The 1-d convolution: [`conv_general_dilated`](crate::conv_general_dilated)
    /// with `x` `[N, W, d_in]` (`data_format = "NWC"`, or `"NCW"`) and
    /// filters `[fw, d_in, d_out]`.
    ///
    /// ```
    /// let x = ivy::reshape(&ivy::array![1.0, 2.0, 3.0, 4.0], [1, 4, 1])?;
    /// let f = ivy::reshape(&ivy::array![1.0, 10.0], [2, 1, 1])?;
    /// assert_eq!(ivy::conv1d(&x, &f, 1, "VALID")?.to_vec::<f32>()?, vec![21.0, 32.0, 43.0]);
    /// let strided = ivy::conv1d(&x, &f, 2, "SAME")?;
    /// assert_eq!(strided.to_vec::<f32>()?, vec![21.0, 43.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote(x, filters)]
    #[sample(x = [1, 5, 2], filters = [2, 2, 3], strides = [1i64], padding = "SAME", data_format = "NWC")]
    fn conv1d(
        x: Array,
        filters: Array,
        strides: Ints,
        padding: Padding,
        #[default("NWC")] data_format: Str,
        #[default("channel_last")] filter_format: Str,
        #[default(None)] x_dilations: Option<Ints>,
        #[default(None)] dilations: Option<Ints>,
        #[default(None)] bias: Option<Array>,
    ) -> Array {
        ivy::layer_support::conv_general_dilated("conv1d", x, filters, strides, padding.as_str(), 1, data_format, filter_format, 1, x_dilations, dilations, bias)
    }

    /// The 2-d convolution: `x` `[N, H, W, d_in]` (`"NHWC"`, or `"NCHW"`),
    /// filters `[fh, fw, d_in, d_out]`.
    ///
    /// ```
    /// let x = ivy::reshape(&ivy::array![1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0], [1, 3, 3, 1])?;
    /// let f = ivy::ones([2, 2, 1, 1])?;
    /// let y = ivy::conv2d(&x, &f, 1, "VALID")?;
    /// assert_eq!(y.shape().dims(), &[1, 2, 2, 1]);
    /// assert_eq!(y.to_vec::<f32>()?, vec![12.0, 16.0, 24.0, 28.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote(x, filters)]
    #[sample(x = [1, 4, 3, 2], filters = [2, 2, 2, 3], strides = [1i64], padding = "SAME", data_format = "NHWC")]
    fn conv2d(
        x: Array,
        filters: Array,
        strides: Ints,
        padding: Padding,
        #[default("NHWC")] data_format: Str,
        #[default("channel_last")] filter_format: Str,
        #[default(None)] x_dilations: Option<Ints>,
        #[default(None)] dilations: Option<Ints>,
        #[default(None)] bias: Option<Array>,
    ) -> Array {
        ivy::layer_support::conv_general_dilated("conv2d", x, filters, strides, padding.as_str(), 2, data_format, filter_format, 1, x_dilations, dilations, bias)
    }

    /// The 3-d convolution: `x` `[N, D, H, W, d_in]` (`"NDHWC"`, or
    /// `"NCDHW"`), filters `[fd, fh, fw, d_in, d_out]`.
    ///
    /// ```
    /// let x = ivy::ones([1, 2, 2, 2, 1])?;
    /// let y = ivy::conv3d(&x, &ivy::ones([2, 2, 2, 1, 1])?, 1, "VALID")?;
    /// assert_eq!(y.to_vec::<f32>()?, vec![8.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote(x, filters)]
    #[sample(x = [1, 3, 2, 2, 1], filters = [2, 1, 2, 1, 2], strides = [1i64], padding = "VALID", data_format = "NDHWC")]
    fn conv3d(
        x: Array,
        filters: Array,
        strides: Ints,
        padding: Padding,
        #[default("NDHWC")] data_format: Str,
        #[default("channel_last")] filter_format: Str,
        #[default(None)] x_dilations: Option<Ints>,
        #[default(None)] dilations: Option<Ints>,
        #[default(None)] bias: Option<Array>,
    ) -> Array {
        ivy::layer_support::conv_general_dilated("conv3d", x, filters, strides, padding.as_str(), 3, data_format, filter_format, 1, x_dilations, dilations, bias)
    }

    /// The depthwise 2-d convolution: each of the `d_in` channels of `x`
    /// (`[N, H, W, d_in]`, or `"NCHW"`) is convolved with its own filter,
    /// `filters[:, :, c]` (`filters` is `[fh, fw, d_in]`).
    ///
    /// ```
    /// let x = ivy::reshape(&ivy::array![1.0, 10.0, 2.0, 20.0, 3.0, 30.0, 4.0, 40.0], [1, 2, 2, 2])?;
    /// let f = ivy::reshape(&ivy::array![1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0], [2, 2, 2])?;
    /// let y = ivy::depthwise_conv2d(&x, &f, 1, "VALID")?;
    /// assert_eq!(y.to_vec::<f32>()?, vec![10.0, 200.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote(x, filters)]
    #[sample(x = [1, 3, 3, 2], filters = [2, 2, 2], strides = [1i64], padding = "SAME", data_format = "NHWC")]
    fn depthwise_conv2d(
        x: Array,
        filters: Array,
        strides: Ints,
        padding: Padding,
        #[default("NHWC")] data_format: Str,
        #[default(None)] dilations: Option<Ints>,
    ) -> Array {
        ivy::layer_support::depthwise_conv2d(x, filters, strides, padding.as_str(), data_format, dilations)
    }

    /// The transposed (fractionally strided) convolution over `dims`
    /// spatial dimensions, the gradient of a convolution with respect to
    /// its input: each input element adds `x * filter` at `stride` spacing.
    /// `filters` are `[*kernel, d_out / groups, d_in]` (`filter_format =
    /// "channel_last"`, as TensorFlow) or `[d_in, d_out / groups, *kernel]`
    /// (`"channel_first"`, as PyTorch). The output length per dimension is
    /// `input * stride` (`"SAME"`), `(input - 1) * stride + dilated kernel`
    /// (`"VALID"`, less the padding when explicit), or `output_shape`
    /// (spatial lengths, or the full shape) when given. Computed as a
    /// convolution of the input dilated by the strides with the flipped
    /// filters.
    ///
    /// ```
    /// let x = ivy::reshape(&ivy::array![1.0, 2.0], [1, 2, 1])?;
    /// let f = ivy::reshape(&ivy::array![1.0, 10.0], [2, 1, 1])?;
    /// let o = ivy::opts::ConvGeneralTranspose::new().dims(1);
    /// let y = ivy::conv_general_transpose_with(&x, &f, 2, "VALID", o)?;
    /// assert_eq!(y.to_vec::<f32>()?, vec![1.0, 10.0, 2.0, 20.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote(x, filters)]
    #[sample(x = [1, 3, 2, 2], filters = [2, 2, 3, 2], strides = [2i64], padding = "SAME", output_shape = [6i64, 4])]
    fn conv_general_transpose(
        x: Array,
        filters: Array,
        strides: Ints,
        padding: Padding,
        #[default(2usize)] dims: usize,
        #[default(None)] output_shape: Option<Ints>,
        #[default("channel_last")] filter_format: Str,
        #[default("channel_last")] data_format: Str,
        #[default(None)] dilations: Option<Ints>,
        #[default(1usize)] feature_group_count: usize,
        #[default(None)] bias: Option<Array>,
    ) -> Array {
        ivy::layer_support::conv_general_transpose("conv_general_transpose", x, filters, strides, padding.as_str(), dims, output_shape, filter_format, data_format, dilations, feature_group_count, bias)
    }

    /// The 1-d transposed convolution: `x` `[N, W, d_in]` (`"NWC"`, or
    /// `"NCW"`), filters `[fw, d_out, d_in]`; see
    /// [`conv_general_transpose`](crate::conv_general_transpose).
    ///
    /// ```
    /// let x = ivy::reshape(&ivy::array![1.0, 2.0], [1, 2, 1])?;
    /// let f = ivy::reshape(&ivy::array![1.0, 10.0], [2, 1, 1])?;
    /// assert_eq!(ivy::conv1d_transpose(&x, &f, 2, "VALID")?.to_vec::<f32>()?, vec![1.0, 10.0, 2.0, 20.0]);
    /// assert_eq!(ivy::conv1d_transpose(&x, &f, 1, "VALID")?.to_vec::<f32>()?, vec![1.0, 12.0, 20.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote(x, filters)]
    #[sample(x = [1, 3, 2], filters = [3, 2, 2], strides = [2i64], padding = "VALID", output_shape = [7i64])]
    fn conv1d_transpose(
        x: Array,
        filters: Array,
        strides: Ints,
        padding: Padding,
        #[default(None)] output_shape: Option<Ints>,
        #[default("channel_last")] filter_format: Str,
        #[default("NWC")] data_format: Str,
        #[default(None)] dilations: Option<Ints>,
        #[default(None)] bias: Option<Array>,
    ) -> Array {
        ivy::layer_support::conv_general_transpose("conv1d_transpose", x, filters, strides, padding.as_str(), 1, output_shape, filter_format, data_format, dilations, 1, bias)
    }

    /// The 2-d transposed convolution: `x` `[N, H, W, d_in]` (`"NHWC"`, or
    /// `"NCHW"`), filters `[fh, fw, d_out, d_in]`.
    ///
    /// ```
    /// let x = ivy::full([1, 1, 1, 1], 2.0)?;
    /// let y = ivy::conv2d_transpose(&x, &ivy::ones([2, 2, 1, 1])?, 1, "VALID")?;
    /// assert_eq!(y.to_vec::<f32>()?, vec![2.0; 4]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote(x, filters)]
    #[sample(x = [1, 2, 3, 2], filters = [2, 2, 1, 2], strides = [2i64], padding = "SAME", output_shape = [4i64, 6])]
    fn conv2d_transpose(
        x: Array,
        filters: Array,
        strides: Ints,
        padding: Padding,
        #[default(None)] output_shape: Option<Ints>,
        #[default("channel_last")] filter_format: Str,
        #[default("NHWC")] data_format: Str,
        #[default(None)] dilations: Option<Ints>,
        #[default(None)] bias: Option<Array>,
    ) -> Array {
        ivy::layer_support::conv_general_transpose("conv2d_transpose", x, filters, strides, padding.as_str(), 2, output_shape, filter_format, data_format, dilations, 1, bias)
    }

    /// The 3-d transposed convolution: `x` `[N, D, H, W, d_in]`
    /// (`"NDHWC"`, or `"NCDHW"`), filters `[fd, fh, fw, d_out, d_in]`.
    ///
    /// ```
    /// let x = ivy::full([1, 1, 1, 1, 1], 3.0)?;
    /// let y = ivy::conv3d_transpose(&x, &ivy::ones([1, 1, 2, 1, 1])?, 1, "VALID")?;
    /// assert_eq!(y.shape().dims(), &[1, 1, 1, 2, 1]);
    /// assert_eq!(y.to_vec::<f32>()?, vec![3.0, 3.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote(x, filters)]
    #[sample(x = [1, 2, 1, 2, 1], filters = [2, 1, 2, 1, 1], strides = [1i64], padding = "VALID", output_shape = [3i64, 1, 3])]
    fn conv3d_transpose(
        x: Array,
        filters: Array,
        strides: Ints,
        padding: Padding,
        #[default(None)] output_shape: Option<Ints>,
        #[default("channel_last")] filter_format: Str,
        #[default("NDHWC")] data_format: Str,
        #[default(None)] dilations: Option<Ints>,
        #[default(None)] bias: Option<Array>,
    ) -> Array {
        ivy::layer_support::conv_general_transpose("conv3d_transpose", x, filters, strides, padding.as_str(), 3, output_shape, filter_format, data_format, dilations, 1, bias)
    }

    /// A convolution or (with `transpose`) a transposed convolution over
    /// `dims` spatial dimensions: [`conv_general_dilated`](crate::conv_general_dilated)
    /// or [`conv_general_transpose`](crate::conv_general_transpose) (which
    /// takes no `x_dilations`: giving them with `transpose` is an error).
    ///
    /// ```
    /// let x = ivy::reshape(&ivy::array![1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0], [1, 3, 3, 1])?;
    /// let y = ivy::conv(&x, &ivy::ones([2, 2, 1, 1])?, 1, "VALID")?;
    /// assert_eq!(y.to_vec::<f32>()?, vec![12.0, 16.0, 24.0, 28.0]);
    /// let t = ivy::conv_with(&y, &ivy::ones([1, 1, 1, 1])?, 1, "VALID", ivy::opts::Conv::new().transpose(true))?;
    /// assert_eq!(t, y);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote(x, filters)]
    #[sample(x = [1, 4, 3, 2], filters = [2, 2, 2, 3], strides = [1i64], padding = "VALID", transpose = false)]
    fn conv(
        x: Array,
        filters: Array,
        strides: Ints,
        padding: Padding,
        #[default(false)] transpose: bool,
        #[default(2usize)] dims: usize,
        #[default(None)] output_shape: Option<Ints>,
        #[default("channel_last")] data_format: Str,
        #[default("channel_last")] filter_format: Str,
        #[default(1usize)] feature_group_count: usize,
        #[default(None)] x_dilations: Option<Ints>,
        #[default(None)] dilations: Option<Ints>,
        #[default(None)] bias: Option<Array>,
    ) -> Array {
        if transpose {
            if x_dilations.is_some() {
                return Err(ivy::Error::invalid("conv", "x_dilations cannot be combined with transpose"));
            }
            ivy::layer_support::conv_general_transpose("conv", x, filters, strides, padding.as_str(), dims, output_shape, filter_format, data_format, dilations, feature_group_count, bias)
        } else {
            ivy::layer_support::conv_general_dilated("conv", x, filters, strides, padding.as_str(), dims, data_format, filter_format, feature_group_count, x_dilations, dilations, bias)
        }
    }

    /// The 1-d max pool of `x` (`[N, W, C]`, or `"NCW"`): the largest
    /// element of each window of `kernel` taps spaced by `dilation`, moved
    /// by `strides`; padding never wins. `ceil_mode` rounds the number of
    /// windows up (a last, partial window), as PyTorch. The gradient goes
    /// to the largest element of each window (shared at ties). A mixed op:
    /// the ndarray backend reads the windows in place (no patches array),
    /// other backends and gradients use this composition of `im2col`.
    ///
    /// ```
    /// let x = ivy::reshape(&ivy::array![1.0, 3.0, 2.0, 4.0, 0.0], [1, 5, 1])?;
    /// assert_eq!(ivy::max_pool1d(&x, 2, 2, "VALID")?.to_vec::<f32>()?, vec![3.0, 4.0]);
    /// let ceil = ivy::max_pool1d_with(&x, 2, 2, "VALID", ivy::opts::MaxPool1d::new().ceil_mode(true))?;
    /// assert_eq!(ceil.to_vec::<f32>()?, vec![3.0, 4.0, 0.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[differentiable]
    #[dtypes(real)]
    #[sample(x = [1, 5, 2], kernel = [2i64], strides = [1i64], padding = "VALID", data_format = "NWC")]
    fn max_pool1d(
        x: Array,
        kernel: Ints,
        strides: Ints,
        padding: Padding,
        #[default("NWC")] data_format: Str,
        #[default(None)] dilation: Option<Ints>,
        #[default(false)] ceil_mode: bool,
    ) -> Array {
        ivy::layer_support::pool("max_pool1d", x, kernel, strides, padding.as_str(), 1, data_format, dilation, ceil_mode, ivy::layer_support::Pool::Max)
    }

    /// The 2-d max pool of `x` (`[N, H, W, C]`, or `"NCHW"`); see
    /// [`max_pool1d`](crate::max_pool1d).
    ///
    /// ```
    /// let x = ivy::reshape(&ivy::array![1.0, 5.0, 3.0, 2.0], [1, 2, 2, 1])?;
    /// assert_eq!(ivy::max_pool2d(&x, 2, 1, "VALID")?.to_vec::<f32>()?, vec![5.0]);
    /// assert_eq!(ivy::max_pool2d(&x, 2, 1, "SAME")?.to_vec::<f32>()?, vec![5.0, 5.0, 3.0, 2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[differentiable]
    #[dtypes(real)]
    #[sample(x = [1, 3, 3, 2], kernel = [2i64], strides = [1i64], padding = "SAME", data_format = "NHWC")]
    fn max_pool2d(
        x: Array,
        kernel: Ints,
        strides: Ints,
        padding: Padding,
        #[default("NHWC")] data_format: Str,
        #[default(None)] dilation: Option<Ints>,
        #[default(false)] ceil_mode: bool,
    ) -> Array {
        ivy::layer_support::pool("max_pool2d", x, kernel, strides, padding.as_str(), 2, data_format, dilation, ceil_mode, ivy::layer_support::Pool::Max)
    }

    /// The 3-d max pool of `x` (`[N, D, H, W, C]`, or `"NCDHW"`); see
    /// [`max_pool1d`](crate::max_pool1d).
    ///
    /// ```
    /// let x = ivy::reshape(&ivy::array![1.0, 2.0, 3.0, 8.0, 5.0, 6.0, 7.0, 4.0], [1, 2, 2, 2, 1])?;
    /// assert_eq!(ivy::max_pool3d(&x, 2, 1, "VALID")?.to_vec::<f32>()?, vec![8.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[differentiable]
    #[dtypes(real)]
    #[sample(x = [1, 2, 3, 2, 1], kernel = [2i64], strides = [1i64], padding = "VALID", data_format = "NDHWC")]
    fn max_pool3d(
        x: Array,
        kernel: Ints,
        strides: Ints,
        padding: Padding,
        #[default("NDHWC")] data_format: Str,
        #[default(None)] dilation: Option<Ints>,
        #[default(false)] ceil_mode: bool,
    ) -> Array {
        ivy::layer_support::pool("max_pool3d", x, kernel, strides, padding.as_str(), 3, data_format, dilation, ceil_mode, ivy::layer_support::Pool::Max)
    }

    /// The 1-d average pool of `x` (`[N, W, C]`, or `"NCW"`): the mean of
    /// each window. Padding is left out of the count unless
    /// `count_include_pad` (the extra windows of `ceil_mode` never count);
    /// `divisor_override` divides by a fixed number instead. A mixed op,
    /// as [`max_pool1d`](crate::max_pool1d).
    ///
    /// ```
    /// let x = ivy::reshape(&ivy::array![1.0, 3.0, 2.0, 4.0], [1, 4, 1])?;
    /// assert_eq!(ivy::avg_pool1d(&x, 2, 2, "VALID")?.to_vec::<f32>()?, vec![2.0, 3.0]);
    /// let padded = ivy::avg_pool1d_with(&x, 2, 2, "1", ivy::opts::AvgPool1d::new().count_include_pad(true))?;
    /// assert_eq!(padded.to_vec::<f32>()?, vec![0.5, 2.5, 2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[differentiable]
    #[dtypes(float)]
    #[sample(x = [1, 5, 2], kernel = [2i64], strides = [1i64], padding = "VALID", data_format = "NWC")]
    fn avg_pool1d(
        x: Array,
        kernel: Ints,
        strides: Ints,
        padding: Padding,
        #[default("NWC")] data_format: Str,
        #[default(false)] count_include_pad: bool,
        #[default(false)] ceil_mode: bool,
        #[default(None)] divisor_override: Option<f64>,
    ) -> Array {
        ivy::layer_support::pool("avg_pool1d", x, kernel, strides, padding.as_str(), 1, data_format, None, ceil_mode, ivy::layer_support::Pool::Avg { count_include_pad, divisor_override })
    }

    /// The 2-d average pool of `x` (`[N, H, W, C]`, or `"NCHW"`); see
    /// [`avg_pool1d`](crate::avg_pool1d).
    ///
    /// ```
    /// let x = ivy::reshape(&ivy::array![1.0, 2.0, 3.0, 4.0], [1, 2, 2, 1])?;
    /// assert_eq!(ivy::avg_pool2d(&x, 2, 1, "SAME")?.to_vec::<f32>()?, vec![2.5, 3.0, 3.5, 4.0]);
    /// let o = ivy::opts::AvgPool2d::new().count_include_pad(true);
    /// assert_eq!(ivy::avg_pool2d_with(&x, 2, 1, "SAME", o)?.to_vec::<f32>()?, vec![2.5, 1.5, 1.75, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[differentiable]
    #[dtypes(float)]
    #[sample(x = [1, 3, 3, 2], kernel = [2i64], strides = [1i64], padding = "SAME", data_format = "NHWC")]
    fn avg_pool2d(
        x: Array,
        kernel: Ints,
        strides: Ints,
        padding: Padding,
        #[default("NHWC")] data_format: Str,
        #[default(false)] count_include_pad: bool,
        #[default(false)] ceil_mode: bool,
        #[default(None)] divisor_override: Option<f64>,
    ) -> Array {
        ivy::layer_support::pool("avg_pool2d", x, kernel, strides, padding.as_str(), 2, data_format, None, ceil_mode, ivy::layer_support::Pool::Avg { count_include_pad, divisor_override })
    }

    /// The 3-d average pool of `x` (`[N, D, H, W, C]`, or `"NCDHW"`); see
    /// [`avg_pool1d`](crate::avg_pool1d).
    ///
    /// ```
    /// let x = ivy::reshape(&ivy::array![1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], [1, 2, 2, 2, 1])?;
    /// assert_eq!(ivy::avg_pool3d(&x, 2, 1, "VALID")?.to_vec::<f32>()?, vec![4.5]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[differentiable]
    #[dtypes(float)]
    #[sample(x = [1, 2, 3, 2, 1], kernel = [2i64], strides = [1i64], padding = "VALID", data_format = "NDHWC")]
    fn avg_pool3d(
        x: Array,
        kernel: Ints,
        strides: Ints,
        padding: Padding,
        #[default("NDHWC")] data_format: Str,
        #[default(false)] count_include_pad: bool,
        #[default(false)] ceil_mode: bool,
        #[default(None)] divisor_override: Option<f64>,
    ) -> Array {
        ivy::layer_support::pool("avg_pool3d", x, kernel, strides, padding.as_str(), 3, data_format, None, ceil_mode, ivy::layer_support::Pool::Avg { count_include_pad, divisor_override })
    }

    /// The 1-d adaptive average pool: `output_size` windows over the length
    /// of `x` (`[N, C, L]` by default, as Ivy and PyTorch; `data_format =
    /// "NWC"` for channel-last; the batch axis may be absent), window `i`
    /// covering `floor(i L / out)` to `ceil((i + 1) L / out)`.
    ///
    /// ```
    /// let x = ivy::array![[[1.0, 2.0, 3.0, 4.0, 5.0]]];
    /// assert_eq!(ivy::adaptive_avg_pool1d(&x, 2)?.to_vec::<f32>()?, vec![2.0, 4.0]);
    /// assert_eq!(ivy::adaptive_avg_pool1d(&x, 5)?, x);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[sample(x = [1, 2, 5], output_size = [3i64], data_format = "NCW")]
    fn adaptive_avg_pool1d(x: Array, output_size: Ints, #[default("NCW")] data_format: Str) -> Array {
        ivy::layer_support::adaptive_pool("adaptive_avg_pool1d", x, output_size, 1, data_format, false)
    }

    /// The 2-d adaptive average pool of `x` (`[N, H, W, C]`, or
    /// `"NCHW"`), `output_size` one length or one per dimension; see
    /// [`adaptive_avg_pool1d`](crate::adaptive_avg_pool1d).
    ///
    /// ```
    /// let x = ivy::reshape(&ivy::array![1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [1, 2, 3, 1])?;
    /// assert_eq!(ivy::adaptive_avg_pool2d(&x, 1)?.to_vec::<f32>()?, vec![3.5]);
    /// // Columns [0, 2) and [1, 3) of each row pair.
    /// assert_eq!(ivy::adaptive_avg_pool2d(&x, [1, 2])?.to_vec::<f32>()?, vec![3.0, 4.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[sample(x = [1, 5, 4, 2], output_size = [2i64, 3], data_format = "NHWC")]
    fn adaptive_avg_pool2d(x: Array, output_size: Ints, #[default("NHWC")] data_format: Str) -> Array {
        ivy::layer_support::adaptive_pool("adaptive_avg_pool2d", x, output_size, 2, data_format, false)
    }

    /// The 2-d adaptive max pool of `x` (`[N, C, H, W]` by default, as Ivy
    /// and PyTorch; `"NHWC"` for channel-last), windows as
    /// [`adaptive_avg_pool1d`](crate::adaptive_avg_pool1d).
    ///
    /// ```
    /// let x = ivy::reshape(&ivy::array![1.0, 6.0, 3.0, 4.0, 5.0, 2.0], [1, 1, 2, 3])?;
    /// assert_eq!(ivy::adaptive_max_pool2d(&x, [1, 2])?.to_vec::<f32>()?, vec![6.0, 6.0]);
    /// assert_eq!(ivy::adaptive_max_pool2d(&x, [2, 1])?.to_vec::<f32>()?, vec![6.0, 5.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(real)]
    #[sample(x = [1, 2, 5, 4], output_size = [2i64, 3], data_format = "NCHW")]
    fn adaptive_max_pool2d(x: Array, output_size: Ints, #[default("NCHW")] data_format: Str) -> Array {
        ivy::layer_support::adaptive_pool("adaptive_max_pool2d", x, output_size, 2, data_format, true)
    }

    /// The rows of `weights` (`[num_embeddings, dim]`) picked by the
    /// integer `indices`: shape `indices.shape + [dim]`. With `max_norm`,
    /// a row whose 2-norm exceeds it is scaled down to that norm (Ivy's
    /// rule, without PyTorch's `1e-7`).
    ///
    /// ```
    /// let w = ivy::array![[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]];
    /// let e = ivy::embedding(&w, &ivy::array![2, 0])?;
    /// assert_eq!(e, ivy::array![[2.0, 2.0], [0.0, 0.0]]);
    /// let n = ivy::embedding_with(&w, &ivy::array![2], ivy::opts::Embedding::new().max_norm(1.0))?;
    /// assert!(n.to_vec::<f32>()?.iter().all(|v| (v - std::f32::consts::FRAC_1_SQRT_2).abs() < 1e-6));
    /// assert!(ivy::embedding(&w, &ivy::array![3]).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[dtype_of(weights)]
    #[sample(weights = [3, 2], indices = ([2], int64))]
    fn embedding(weights: Array, indices: Array, #[default(None)] max_norm: Option<f64>) -> Array {
        ivy::layer_support::embedding(weights, indices, max_norm)
    }

    /// Attention: `softmax(query @ key^T * scale + mask) @ value` over the
    /// last two axes (`query` `[..., L, d]`, `key` `[..., S, d]`, `value`
    /// `[..., S, d_v]`), `scale` `1 / sqrt(d)` by default. A boolean
    /// `mask` (`[..., L, S]`) keeps the scores where it is true (the others
    /// become the lowest finite value, as Ivy); another dtype is added to
    /// the scores. `is_causal` masks the keys after each query; with
    /// `training`, `dropout_p` drops attention weights.
    ///
    /// ```
    /// let q = ivy::array![[[1.0, 0.0]]];
    /// let k = ivy::array![[[1.0, 0.0], [0.0, 1.0]]];
    /// let v = ivy::array![[[1.0, 2.0], [3.0, 4.0]]];
    /// let y = ivy::scaled_dot_product_attention(&q, &k, &v)?.to_vec::<f32>()?;
    /// // weights softmax([1/sqrt(2), 0]) = [0.66976155, 0.33023845]
    /// assert!((y[0] - 1.6604769).abs() < 1e-6 && (y[1] - 2.6604769).abs() < 1e-6);
    /// let o = ivy::opts::ScaledDotProductAttention::new().mask(ivy::array![[[false, true]]]);
    /// assert_eq!(ivy::scaled_dot_product_attention_with(&q, &k, &v, o)?, ivy::array![[[3.0, 4.0]]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote(query, key, value)]
    #[sample(query = [2, 3, 2], key = [2, 4, 2], value = [2, 4, 3])]
    fn scaled_dot_product_attention(
        query: Array,
        key: Array,
        value: Array,
        #[default(None)] scale: Option<f64>,
        #[default(None)] mask: Option<Array>,
        #[default(0.0)] dropout_p: f64,
        #[default(false)] is_causal: bool,
        #[default(false)] training: bool,
    ) -> Array {
        ivy::layer_support::attention(query, key, value, scale, mask, dropout_p, is_causal, training)
    }

    /// Multi-head attention, as Ivy's `multi_head_attention`, with the
    /// weights as arrays or as one container (`weights`): `query` `[batch, L, e]` (`[L, batch, e]`
    /// without `batch_first`, or unbatched `[L, e]`), `key` and `value`
    /// (default: `query`, and `key`) likewise. The inputs are projected by
    /// `in_proj_weights` (`[3 e, e]`, split in three) or by
    /// `q_proj_weights`, `k_proj_weights`, `v_proj_weights` (each `[e', e]`),
    /// with `in_proj_bias` (`[3 e]`), as `x @ w^T + b`; the projections are
    /// split into `num_heads` heads, each attends as
    /// [`scaled_dot_product_attention`](crate::scaled_dot_product_attention)
    /// (`scale` `1 / sqrt(head size)` by default; a boolean `attention_mask`
    /// keeps where true, another dtype adds; `key_padding_mask` `[batch, S]`
    /// ignores keys where true; `is_causal`), and the heads are concatenated
    /// and projected by `out_proj_weights`, `out_proj_bias`. Returns the
    /// output and the attention weights (`[batch, L, S]`, averaged over the
    /// heads unless `average_attention_weights` is false: `[batch, heads, L,
    /// S]`). `bias_k` and `bias_v` (`[e]` each, given together) append
    /// one key and value to every sequence after the projections;
    /// `static_k` / `static_v` (`[batch * heads, S', head size]`) replace
    /// the projected keys / values (not with `bias_k`); `add_zero_attn`
    /// appends a key and a value of zeros to every head. The masks cover
    /// the keys given: the appended ones are attended (as PyTorch pads its
    /// masks), and the weights cover them too.
    ///
    /// The projections may also come as one container, `weights` (as a
    /// model keeps them, like the variables `v` of Ivy's
    /// `MultiHeadAttention` module), whose key chains are the names of the
    /// projection parameters: `in_proj_weights`, `q_proj_weights`,
    /// `k_proj_weights`, `v_proj_weights`, `out_proj_weights`,
    /// `in_proj_bias`, `out_proj_bias`, each a leaf; the op is then
    /// *container-dependent* (seed 001): it takes that container whole and
    /// is never mapped over containers (a container given for `query` does
    /// not compile). A projection given both as an argument and in
    /// `weights`, an unknown key chain (the valid ones are listed) or a
    /// sub-container where a leaf is needed is an `Error::KeyChain`.
    /// Gradients with respect to the container flow through it
    /// (`ivy::execute_with_gradients` over `weights`).
    ///
    /// Deviation: Ivy returns the weights only with
    /// `return_attention_weights = true`; a Rust function has one return
    /// type, so both are always returned (drop the weights with
    /// `let (out, _) = ..`) and there is no such parameter.
    ///
    /// ```
    /// // Two heads of size 1, no projections: each head attends on its own channel.
    /// let q = ivy::array![[[1.0, 0.0]]];
    /// let kv = ivy::array![[[1.0, 0.0], [0.0, 2.0]]];
    /// let o = ivy::opts::MultiHeadAttention::new().key(kv.clone()).num_heads(2usize);
    /// let (out, w) = ivy::multi_head_attention_with(&q, o)?;
    /// // head 0: scores [1, 0] -> softmax [e / (e + 1), 1 / (e + 1)]; head 1: scores [0, 0].
    /// let e = std::f64::consts::E;
    /// let got = out.to_vec::<f32>()?;
    /// assert!((got[0] as f64 - e / (e + 1.0)).abs() < 1e-6 && (got[1] - 1.0).abs() < 1e-6);
    /// assert_eq!(w.shape().dims(), &[1, 1, 2]);
    /// assert!(ivy::multi_head_attention_with(&q, ivy::opts::MultiHeadAttention::new().num_heads(3usize)).is_err());
    /// // One head, add_zero_attn: the query [1, 0] meets the keys [1, 0]
    /// // and a zero key: scores [1/sqrt(2), 0], values 5 and 0.
    /// let o = ivy::opts::MultiHeadAttention::new().num_heads(1usize).add_zero_attn(true)
    ///     .value(ivy::array![[[5.0, 5.0]]]);
    /// let (out, w) = ivy::multi_head_attention_with(&q, o)?;
    /// let a = 1.0 / (1.0 + (-std::f64::consts::FRAC_1_SQRT_2).exp());
    /// assert!((out.to_vec::<f32>()?[0] as f64 - 5.0 * a).abs() < 1e-6);
    /// assert_eq!(w.shape().dims(), &[1, 1, 2]);
    ///
    /// // The projections in one container. One head, embedding 1: the query
    /// // 1 becomes q = 2 * 1 = 2, the keys [1, 3] become k = [1, 3]
    /// // (identity), the values [1, 3] become v = [10, 30], the output is
    /// // o = 0.5 * attended + 1.
    /// let weights = ivy::container! {
    ///     q_proj_weights: [[2.0]], k_proj_weights: [[1.0]], v_proj_weights: [[10.0]],
    ///     out_proj_weights: [[0.5]], out_proj_bias: [1.0],
    /// };
    /// let (q, kv) = (ivy::array![[[1.0]]], ivy::array![[[1.0], [3.0]]]);
    /// let o = ivy::opts::MultiHeadAttention::new().key(kv).num_heads(1usize).weights(&weights);
    /// let (out, _) = ivy::multi_head_attention_with(&q, o)?;
    /// // scores q k = [2, 6]: softmax [1 / (1 + e^4), e^4 / (1 + e^4)].
    /// let a = 1.0 / (1.0 + 4f64.exp());
    /// let want = 0.5 * (10.0 * a + 30.0 * (1.0 - a)) + 1.0;
    /// assert!((out.to_vec::<f32>()?[0] as f64 - want).abs() < 1e-4);
    /// // A projection given both ways, or a key chain that names none, is an error.
    /// let o = ivy::opts::MultiHeadAttention::new().num_heads(1usize)
    ///     .weights(&weights).out_proj_bias(ivy::array![0.0]);
    /// assert!(matches!(ivy::multi_head_attention_with(&q, o), Err(ivy::Error::KeyChain { .. })));
    /// let o = ivy::opts::MultiHeadAttention::new().num_heads(1usize)
    ///     .weights(ivy::container! { query_weights: [[1.0]] });
    /// assert!(matches!(ivy::multi_head_attention_with(&q, o), Err(ivy::Error::KeyChain { .. })));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[out(same_each)]
    #[sample(query = [2, 3, 8], key = [2, 5, 8])]
    fn multi_head_attention(
        query: Array,
        #[default(None)] key: Option<Array>,
        #[default(None)] value: Option<Array>,
        #[default(true)] batch_first: bool,
        #[default(8usize)] num_heads: usize,
        #[default(None)] scale: Option<f64>,
        #[default(None)] attention_mask: Option<Array>,
        #[default(None)] in_proj_weights: Option<Array>,
        #[default(None)] q_proj_weights: Option<Array>,
        #[default(None)] k_proj_weights: Option<Array>,
        #[default(None)] v_proj_weights: Option<Array>,
        #[default(None)] out_proj_weights: Option<Array>,
        #[default(None)] in_proj_bias: Option<Array>,
        #[default(None)] out_proj_bias: Option<Array>,
        #[default(None)] weights: Option<Container>,
        #[default(false)] is_causal: bool,
        #[default(None)] key_padding_mask: Option<Array>,
        #[default(None)] bias_k: Option<Array>,
        #[default(None)] bias_v: Option<Array>,
        #[default(None)] static_k: Option<Array>,
        #[default(None)] static_v: Option<Array>,
        #[default(false)] add_zero_attn: bool,
        #[default(true)] average_attention_weights: bool,
        #[default(0.0)] dropout: f64,
        #[default(false)] training: bool,
    ) -> (Array, Array) {
        let p = ivy::layer_support::Projections { in_proj_weights, q_proj_weights, k_proj_weights, v_proj_weights, out_proj_weights, in_proj_bias, out_proj_bias }
            .with_container("multi_head_attention", weights)?;
        let extra = ivy::layer_support::ExtraKeys { bias_k, bias_v, static_k, static_v, add_zero_attn };
        ivy::layer_support::multi_head_attention(query, key, value, batch_first, num_heads, scale, attention_mask, p, is_causal, key_padding_mask, extra, average_attention_weights, dropout, training)
    }

    /// One LSTM layer over a sequence, as Ivy's `lstm_update`: `x` `[batch,
    /// time, in]` (`[time, batch, in]` with `time_major`), `kernel` `[in,
    /// 4h]`, `recurrent_kernel` `[h, 4h]`, optional biases `[4h]`; the gates
    /// are in the order input, forget, cell, output:
    /// `c' = sigmoid(f) * c + sigmoid(i) * tanh(g)`, `h' = sigmoid(o) * tanh(c')`.
    /// Returns the hidden states of every step (`[batch, time, h]`) and the
    /// last `h` and `c` (Ivy returns `(states, (h, c))`; here the tuple is
    /// flat).
    ///
    /// ```
    /// // Zero weights: every gate is sigmoid(0) = 1/2 and the cell input tanh(0) = 0.
    /// let x = ivy::zeros([1, 1, 2])?;
    /// let (h0, c0) = (ivy::zeros([1, 3])?, ivy::ones([1, 3])?);
    /// let (states, h, c) = ivy::lstm_update(&x, &h0, &c0, &ivy::zeros([2, 12])?, &ivy::zeros([3, 12])?)?;
    /// assert_eq!(c.to_vec::<f32>()?, vec![0.5; 3]);
    /// assert!(h.to_vec::<f32>()?.iter().all(|v| (v - 0.23105858).abs() < 1e-6)); // tanh(0.5) / 2
    /// assert_eq!(states.shape().dims(), &[1, 1, 3]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote(x, init_h, init_c, kernel, recurrent_kernel)]
    #[out(same_each)]
    #[sample(x = [2, 3, 2], init_h = [2, 2], init_c = [2, 2], kernel = [2, 8], recurrent_kernel = [2, 8], bias = [8])]
    fn lstm_update(
        x: Array,
        init_h: Array,
        init_c: Array,
        kernel: Array,
        recurrent_kernel: Array,
        #[default(None)] bias: Option<Array>,
        #[default(None)] recurrent_bias: Option<Array>,
        #[default(false)] time_major: bool,
    ) -> (Array, Array, Array) {
        ivy::layer_support::lstm_update("lstm_update", x, init_h, init_c, kernel, recurrent_kernel, bias, recurrent_bias, time_major)
    }
}
    } };
}
