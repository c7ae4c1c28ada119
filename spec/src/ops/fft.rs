//! The `fft` ops.

#[doc(hidden)]
#[macro_export]
macro_rules! __ops_fft {
    ([$($cb:tt)*] $($acc:tt)*) => { $crate::__ops_searching! { [$($cb)*] $($acc)*
category fft {
    //! Discrete Fourier transforms (the Array API 2024.12 `fft` extension):
    //! `norm` is `"backward"` (no scaling forward, `1/n` inverse, the
    //! default), `"ortho"` (`1/sqrt(n)` both ways) or `"forward"` (`1/n`
    //! forward); `n` zero-pads or truncates the input along `axis` first;
    //! real inputs give complex results of the same precision.

    /// The 1-d discrete Fourier transform of `x` along `axis`.
    ///
    /// ```
    /// let y = ivy::fft(&ivy::array![1.0, 2.0, 3.0, 4.0])?;
    /// assert_eq!(ivy::real(&y)?, ivy::array![10.0, -2.0, -2.0, -2.0]);
    /// assert_eq!(ivy::imag(&y)?, ivy::array![0.0, 2.0, 0.0, -2.0]);
    /// let padded = ivy::fft_with(&ivy::array![1.0], ivy::opts::Fft::new().n(2usize))?;
    /// assert_eq!(ivy::real(&padded)?, ivy::array![1.0, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes((float32, float64, complex64, complex128))]
    #[out(custom)]
    #[differentiable]
    #[sample(x = [4])]
    #[vjp(x = ivy::gradients::rules::fft_grad(g, x, axis, norm, false))]
    fn fft(
        x: Array,
        #[default(None)] n: Option<usize>,
        #[default(-1)] axis: Axis,
        #[default("backward")] norm: Str,
    ) -> Array;

    /// The inverse of [`fft`](crate::fft) along `axis`.
    ///
    /// ```
    /// let x = ivy::ifft(&ivy::array![4.0, 0.0, 0.0, 0.0])?;
    /// assert_eq!(ivy::real(&x)?, ivy::array![1.0, 1.0, 1.0, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes((float32, float64, complex64, complex128))]
    #[out(custom)]
    #[differentiable]
    #[sample(x = [4])]
    #[vjp(x = ivy::gradients::rules::fft_grad(g, x, axis, norm, true))]
    fn ifft(
        x: Array,
        #[default(None)] n: Option<usize>,
        #[default(-1)] axis: Axis,
        #[default("backward")] norm: Str,
    ) -> Array;

    /// The discrete Fourier transform of the real `x` along `axis`, keeping
    /// the `n / 2 + 1` non-negative frequencies.
    ///
    /// ```
    /// let y = ivy::rfft(&ivy::array![1.0, 2.0, 3.0, 4.0])?;
    /// assert_eq!(ivy::real(&y)?, ivy::array![10.0, -2.0, -2.0]);
    /// assert_eq!(ivy::imag(&y)?, ivy::array![0.0, 2.0, 0.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes((float32, float64))]
    #[out(custom)]
    #[differentiable]
    #[sample(x = [4])]
    #[vjp(x = ivy::gradients::rules::rfft_grad(g, x, n, axis, norm))]
    fn rfft(
        x: Array,
        #[default(None)] n: Option<usize>,
        #[default(-1)] axis: Axis,
        #[default("backward")] norm: Str,
    ) -> Array;

    /// The inverse of [`rfft`](crate::rfft): `n` real values (by default
    /// `2 * (m - 1)` for `m` input values) from the non-negative
    /// frequencies of a Hermitian spectrum (the imaginary parts of the zero
    /// and Nyquist terms are ignored).
    ///
    /// ```
    /// let x = ivy::irfft(&ivy::array![4.0, 0.0, 0.0])?;
    /// assert_eq!(x, ivy::array![1.0, 1.0, 1.0, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[dtypes((float32, float64, complex64, complex128))]
    #[out(custom)]
    #[differentiable]
    #[sample(x = [3])]
    #[vjp(x = ivy::gradients::rules::irfft_grad(g, x, n, axis, norm))]
    fn irfft(
        x: Array,
        #[default(None)] n: Option<usize>,
        #[default(-1)] axis: Axis,
        #[default("backward")] norm: Str,
    ) -> Array;

    /// The transform of a signal with Hermitian symmetry given by its
    /// non-negative frequencies `x`: real, `irfft(conj(x))` with the
    /// opposite normalisation (as NumPy's `hfft`).
    ///
    /// ```
    /// let y = ivy::hfft(&ivy::array![1.0, 0.0, 0.0])?;
    /// assert_eq!(y, ivy::array![1.0, 1.0, 1.0, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes((float32, float64, complex64, complex128))]
    #[out(custom)]
    #[sample(x = [3])]
    // Its body reaches ops candle has no kernel for (see the support matrix).
    #[unsupported_dtypes(backend = "candle", "0.1 and above" => (all))]
    fn hfft(
        x: Array,
        #[default(None)] n: Option<usize>,
        #[default(-1)] axis: i64,
        #[default("backward")] norm: Str,
    ) -> Array {
        let c = if x.dtype().is_complex() { ivy::conj(x)? } else { x.clone() };
        let mut o = ivy::opts::Irfft::new().axis(axis).norm(ivy::gradients::rules::dual_norm("hfft", norm)?);
        if let Some(n) = n {
            o = o.n(n);
        }
        ivy::irfft_with(&c, o)
    }

    /// The inverse of [`hfft`](crate::hfft) for real `x`:
    /// `conj(rfft(x))` with the opposite normalisation.
    ///
    /// ```
    /// let y = ivy::ihfft(&ivy::array![1.0, 1.0, 1.0, 1.0])?;
    /// assert_eq!(ivy::real(&y)?, ivy::array![1.0, 0.0, 0.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes((float32, float64))]
    #[out(custom)]
    #[sample(x = [4])]
    // Its body reaches ops candle has no kernel for (see the support matrix).
    #[unsupported_dtypes(backend = "candle", "0.1 and above" => (all))]
    fn ihfft(
        x: Array,
        #[default(None)] n: Option<usize>,
        #[default(-1)] axis: i64,
        #[default("backward")] norm: Str,
    ) -> Array {
        let mut o = ivy::opts::Rfft::new().axis(axis).norm(ivy::gradients::rules::dual_norm("ihfft", norm)?);
        if let Some(n) = n {
            o = o.n(n);
        }
        ivy::conj(&ivy::rfft_with(x, o)?)
    }

    /// The n-d discrete Fourier transform of `x` over `axes` (all axes, or
    /// the last `len(s)` when only `s` is given), with the lengths `s`
    /// (padding or truncating; the input's lengths by default).
    ///
    /// ```
    /// let y = ivy::fftn(&ivy::array![[1.0, 2.0], [3.0, 4.0]])?;
    /// assert_eq!(ivy::real(&y)?, ivy::array![[10.0, -2.0], [-4.0, 0.0]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes((float32, float64, complex64, complex128))]
    #[out(custom)]
    #[sample(s = [2])]
    // Its body reaches ops candle has no kernel for (see the support matrix).
    #[unsupported_dtypes(backend = "candle", "0.1 and above" => (all))]
    fn fftn(
        x: Array,
        #[default(None)] s: Option<Ints>,
        #[default(None)] axes: Option<Ints>,
        #[default("backward")] norm: Str,
    ) -> Array {
        let plan = ivy::gradients::rules::fftn_plan("fftn", x, s, axes)?;
        let mut y = x.clone();
        for (axis, n) in plan {
            y = ivy::fft_with(&y, ivy::opts::Fft::new().n(n).axis(axis).norm(norm))?;
        }
        Ok(y)
    }

    /// The inverse of [`fftn`](crate::fftn).
    ///
    /// ```
    /// let x = ivy::ifftn(&ivy::array![[4.0, 0.0], [0.0, 0.0]])?;
    /// assert_eq!(ivy::real(&x)?, ivy::array![[1.0, 1.0], [1.0, 1.0]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes((float32, float64, complex64, complex128))]
    #[out(custom)]
    #[sample(s = [2])]
    // Its body reaches ops candle has no kernel for (see the support matrix).
    #[unsupported_dtypes(backend = "candle", "0.1 and above" => (all))]
    fn ifftn(
        x: Array,
        #[default(None)] s: Option<Ints>,
        #[default(None)] axes: Option<Ints>,
        #[default("backward")] norm: Str,
    ) -> Array {
        let plan = ivy::gradients::rules::fftn_plan("ifftn", x, s, axes)?;
        let mut y = x.clone();
        for (axis, n) in plan {
            y = ivy::ifft_with(&y, ivy::opts::Ifft::new().n(n).axis(axis).norm(norm))?;
        }
        Ok(y)
    }

    /// The n-d transform of the real `x`: [`rfft`](crate::rfft) over the
    /// last of `axes`, then [`fft`](crate::fft) over the others.
    ///
    /// ```
    /// let y = ivy::rfftn(&ivy::array![[1.0, 2.0], [3.0, 4.0]])?;
    /// assert_eq!(ivy::real(&y)?, ivy::array![[10.0, -2.0], [-4.0, 0.0]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes((float32, float64))]
    #[out(custom)]
    #[sample(s = [2])]
    // Its body reaches ops candle has no kernel for (see the support matrix).
    #[unsupported_dtypes(backend = "candle", "0.1 and above" => (all))]
    fn rfftn(
        x: Array,
        #[default(None)] s: Option<Ints>,
        #[default(None)] axes: Option<Ints>,
        #[default("backward")] norm: Str,
    ) -> Array {
        let mut plan = ivy::gradients::rules::fftn_plan("rfftn", x, s, axes)?;
        let Some((last, n)) = plan.pop() else {
            return ivy::astype(x, if x.dtype() == ivy::Dtype::Float64 { ivy::Dtype::Complex128 } else { ivy::Dtype::Complex64 });
        };
        let mut y = ivy::rfft_with(x, ivy::opts::Rfft::new().n(n).axis(last).norm(norm))?;
        for (axis, n) in plan {
            y = ivy::fft_with(&y, ivy::opts::Fft::new().n(n).axis(axis).norm(norm))?;
        }
        Ok(y)
    }

    /// The inverse of [`rfftn`](crate::rfftn): [`ifft`](crate::ifft) over
    /// all but the last of `axes`, then [`irfft`](crate::irfft) over it
    /// (of length `s[-1]`, by default `2 * (m - 1)`).
    ///
    /// ```
    /// let x = ivy::irfftn(&ivy::array![[4.0, 0.0], [0.0, 0.0]])?;
    /// assert_eq!(x, ivy::array![[1.0, 1.0], [1.0, 1.0]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes((float32, float64, complex64, complex128))]
    #[out(custom)]
    #[sample(s = [2])]
    // Its body reaches ops candle has no kernel for (see the support matrix).
    #[unsupported_dtypes(backend = "candle", "0.1 and above" => (all))]
    fn irfftn(
        x: Array,
        #[default(None)] s: Option<Ints>,
        #[default(None)] axes: Option<Ints>,
        #[default("backward")] norm: Str,
    ) -> Array {
        let given_last = s.and_then(|s| s.as_slice().last().copied());
        let mut plan = ivy::gradients::rules::fftn_plan("irfftn", x, s, axes)?;
        let Some((last, _)) = plan.pop() else {
            return ivy::real(x);
        };
        let mut y = x.clone();
        for (axis, n) in plan {
            y = ivy::ifft_with(&y, ivy::opts::Ifft::new().n(n).axis(axis).norm(norm))?;
        }
        let mut o = ivy::opts::Irfft::new().axis(last).norm(norm);
        if let Some(n) = given_last {
            let n = usize::try_from(n).map_err(|_| ivy::Error::invalid("irfftn", format!("lengths must be positive, got {n}")))?;
            o = o.n(n);
        }
        ivy::irfft_with(&y, o)
    }

    /// The sample frequencies of an `n`-point transform with sample spacing
    /// `d`: `[0, 1, ..., (n - 1) / 2, -(n / 2), ..., -1] / (d n)`.
    ///
    /// ```
    /// assert_eq!(ivy::fftfreq(4)?, ivy::array![0.0, 0.25, -0.5, -0.25]);
    /// let f = ivy::fftfreq_with(5, ivy::opts::Fftfreq::new().d(0.5))?;
    /// assert_eq!(f, ivy::array![0.0, 0.4, 0.8, -0.8, -0.4]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[out(dtype)]
    #[dtypes(float)]
    #[sample(n = 4usize)]
    fn fftfreq(
        n: usize,
        #[default(1.0)] d: f64,
        #[default(ivy::default_float_dtype())] dtype: Dtype,
    ) -> Array {
        if !dtype.is_float() {
            return Err(ivy::Error::invalid("fftfreq", format!("dtype must be a real floating-point dtype, got {dtype}")));
        }
        let scale = 1.0 / (d * n as f64);
        let half = n.div_ceil(2);
        let v: Vec<f64> = (0..n)
            .map(|i| if i < half { i as f64 } else { i as f64 - n as f64 })
            .map(|k| k * scale)
            .collect();
        ivy::astype(&ivy::Array::from_shape_vec([n], v)?, dtype)
    }

    /// The non-negative sample frequencies of an `n`-point real transform:
    /// `[0, 1, ..., n / 2] / (d n)`.
    ///
    /// ```
    /// assert_eq!(ivy::rfftfreq(4)?, ivy::array![0.0, 0.25, 0.5]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[out(dtype)]
    #[dtypes(float)]
    #[sample(n = 4usize)]
    fn rfftfreq(
        n: usize,
        #[default(1.0)] d: f64,
        #[default(ivy::default_float_dtype())] dtype: Dtype,
    ) -> Array {
        if !dtype.is_float() {
            return Err(ivy::Error::invalid("rfftfreq", format!("dtype must be a real floating-point dtype, got {dtype}")));
        }
        let scale = 1.0 / (d * n as f64);
        let v: Vec<f64> = (0..n / 2 + 1).map(|k| k as f64 * scale).collect();
        ivy::astype(&ivy::Array::from_shape_vec([v.len()], v)?, dtype)
    }

    /// `x` rolled so that the zero frequency is in the middle of `axes`
    /// (all axes by default): by `len / 2` along each.
    ///
    /// ```
    /// assert_eq!(ivy::fftshift(&ivy::array![0, 1, 2, -2, -1])?, ivy::array![-2, -1, 0, 1, 2]);
    /// assert_eq!(ivy::fftshift(&ivy::array![0, 1, -2, -1])?, ivy::array![-2, -1, 0, 1]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[sample(x = [5])]
    fn fftshift(x: Array, #[default(None)] axes: Option<Ints>) -> Array {
        let (shift, axes) = ivy::gradients::rules::shift_plan("fftshift", x, axes, false)?;
        ivy::roll_with(x, shift, ivy::opts::Roll::new().axis(axes))
    }

    /// The inverse of [`fftshift`](crate::fftshift): rolls by `-(len / 2)`.
    ///
    /// ```
    /// assert_eq!(ivy::ifftshift(&ivy::array![-2, -1, 0, 1, 2])?, ivy::array![0, 1, 2, -2, -1]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[sample(x = [5])]
    fn ifftshift(x: Array, #[default(None)] axes: Option<Ints>) -> Array {
        let (shift, axes) = ivy::gradients::rules::shift_plan("ifftshift", x, axes, true)?;
        ivy::roll_with(x, shift, ivy::opts::Roll::new().axis(axes))
    }
}
    } };
}
