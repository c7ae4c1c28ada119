//! The `gradients` ops.

#[doc(hidden)]
#[macro_export]
macro_rules! __ops_gradients {
    ([$($cb:tt)*] $($acc:tt)*) => { $crate::__ops_general! { [$($cb)*] $($acc)*
category gradients {
    //! Gradient helpers and optimisers (Ivy's `gradients` module). The
    //! gradient functions themselves (`execute_with_gradients`, `grad`, ...)
    //! take closures, so they live in [`ivy::gradients`](crate::gradients)
    //! rather than in the spec.

    /// `x` as a constant to gradient functions: the same elements, through
    /// which no gradient flows (Ivy's `stop_gradient`; Rust has no variable
    /// type to preserve, so there is no `preserve_type`).
    ///
    /// ```
    /// let x = ivy::array![1.0, 2.0];
    /// let g = ivy::grad(|x: &ivy::Array| {
    ///     // d/dx (x * stop_gradient(x)) = stop_gradient(x)
    ///     ivy::sum(&ivy::multiply(x, &ivy::stop_gradient(x)?)?)
    /// })(&x)?;
    /// assert_eq!(g, x);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    fn stop_gradient(x: Array) -> Array {
        Ok(x.detach())
    }

    /// One step of a first-order optimiser: `w - effective_grad * lr`,
    /// through [`stop_gradient`](crate::stop_gradient) when `stop_gradients`
    /// (Ivy's `optimizer_update`). The optimisers below compute their
    /// effective gradient and learning rate and end here.
    ///
    /// `lr` may be a number, an array (a learning rate per element,
    /// broadcast against `w`) or, like `w` and `effective_grad`, a
    /// Container. The array arguments are promoted together (a Rust number
    /// takes the dtype of the weights, as a Python number does, so float16
    /// weights stay float16 with `lr = 0.1`).
    ///
    /// With `stop_gradients` (the default) the new weights are constants to
    /// any enclosing gradient call; with `false` they stay a function of
    /// `w`, `effective_grad` and `lr`, so a gradient can be taken through
    /// the step (meta-learning).
    ///
    /// ```
    /// let w = ivy::array![1.0, 2.0, 3.0];
    /// let g = ivy::array![0.5, 0.2, 0.1];
    /// let w_new = ivy::optimizer_update(&w, &g, 0.1)?;
    /// let got = w_new.to_vec::<f32>()?;
    /// for (a, b) in got.iter().zip([0.95, 1.98, 2.99]) {
    ///     assert!((a - b).abs() <= 1e-6 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    ///
    /// // A Container of weights is updated leaf by leaf.
    /// let ws = ivy::container! { a: w.clone(), b: [4.0] };
    /// let gs = ivy::container! { a: g, b: [1.0] };
    /// let new = ivy::optimizer_update(&ws, &gs, 0.5)?;
    /// assert_eq!(new.leaf("b")?, &ivy::array![3.5]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote]
    fn optimizer_update(
        w: Array,
        effective_grad: Array,
        lr: Array,
        #[default(true)] stop_gradients: bool,
    ) -> Array {
        ivy::__private::check_broadcast("optimizer_update", &[w, effective_grad, lr])?;
        let w_new = ivy::subtract(w, &ivy::multiply(effective_grad, lr)?)?;
        if stop_gradients {
            ivy::stop_gradient(&w_new)
        } else {
            Ok(w_new)
        }
    }

    /// Plain gradient descent: `w - dcdw * lr` (Ivy's
    /// `gradient_descent_update`; `stop_gradients` as in
    /// [`optimizer_update`](crate::optimizer_update)).
    ///
    /// ```
    /// let w = ivy::array![1.0, 2.0, 3.0];
    /// let dcdw = ivy::array![0.5, 0.2, 0.1];
    /// let w_new = ivy::gradient_descent_update(&w, &dcdw, 0.3)?;
    /// let got = w_new.to_vec::<f32>()?;
    /// for (a, b) in got.iter().zip([0.85, 1.94, 2.97]) {
    ///     assert!((a - b).abs() <= 1e-6 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote]
    fn gradient_descent_update(
        w: Array,
        dcdw: Array,
        lr: Array,
        #[default(true)] stop_gradients: bool,
    ) -> Array {
        ivy::__private::check_broadcast("gradient_descent_update", &[w, dcdw, lr])?;
        ivy::optimizer_update_with(w, dcdw, lr, ivy::opts::OptimizerUpdate::new().stop_gradients(stop_gradients))
    }

    /// Layer-wise adaptive rate scaling (LARS, You et al. 2017): gradient
    /// descent with the learning rate scaled by the trust ratio
    /// `||w|| / ||dcdw||` (Ivy's `lars_update`), where `||.||` is the 2-norm
    /// over all elements of the array (of each leaf, for Containers: a layer
    /// is a leaf). The ratio is taken with
    /// [`stable_divide`](crate::stable_divide), so a zero gradient gives a
    /// zero step.
    ///
    /// `decay_lambda`, when positive, divides the local rate by
    /// `||w|| * decay_lambda`, as the reference does. (The LARS paper
    /// instead uses `lr * ||w|| / (||dcdw|| + decay_lambda * ||w||)` along
    /// `dcdw + decay_lambda * w`; with the default `decay_lambda = 0` both
    /// agree.)
    ///
    /// ```
    /// let w = ivy::array![1.0, 2.0, 3.0];
    /// let dcdw = ivy::array![0.5, 0.2, 0.1];
    /// let w_new = ivy::lars_update(&w, &dcdw, 0.1)?;
    /// // lr * ||w|| / ||dcdw|| = 0.1 * sqrt(14) / sqrt(0.3)
    /// let got = w_new.to_vec::<f32>()?;
    /// for (a, b) in got.iter().zip([0.658435, 1.863374, 2.931687]) {
    ///     assert!((a - b).abs() <= 1e-6 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[promote]
    fn lars_update(
        w: Array,
        dcdw: Array,
        lr: Array,
        #[default(0.0)] decay_lambda: f64,
        #[default(true)] stop_gradients: bool,
    ) -> Array {
        ivy::__private::check_broadcast("lars_update", &[w, dcdw, lr])?;
        let w_norm = ivy::vector_norm(w)?;
        let g_norm = ivy::vector_norm(dcdw)?;
        let lr = ivy::stable_divide(&ivy::multiply(&w_norm, lr)?, &g_norm)?;
        let lr = if decay_lambda > 0.0 {
            ivy::divide(&lr, &ivy::multiply(&w_norm, decay_lambda)?)?
        } else {
            lr
        };
        ivy::gradient_descent_update_with(w, dcdw, &lr, ivy::opts::GradientDescentUpdate::new().stop_gradients(stop_gradients))
    }

    /// One step of Adam's moment estimates (Ivy's `adam_step`): returns the
    /// effective gradient `delta` and the new first and second moments,
    ///
    /// ```text
    /// mw    = beta1 * mw + (1 - beta1) * dcdw
    /// vw    = beta2 * vw + (1 - beta2) * dcdw²
    /// alpha = sqrt(1 - beta2^step) / (1 - beta1^step + epsilon)
    /// delta = alpha * mw / (sqrt(max(vw, 0)) + epsilon)
    /// ```
    ///
    /// exactly as Ivy computes it: `epsilon` also sits in the denominator
    /// of the bias correction `alpha` (which the Adam paper does not have; it
    /// keeps `alpha` finite at `step = 0`), so `delta` is about `10 *
    /// epsilon` (relative) below the paper's: 0.9999958 rather than
    /// 0.9999968 for the first element of the example below.
    ///
    /// `step` is the 1-based training step, a number or an array; the bias
    /// correction `alpha` is computed in float64 (where the backend has it)
    /// and then taken in the dtype of `dcdw`, as Ivy's Python-float
    /// arithmetic does for a numeric step (in float32, `1 - 0.999` keeps four
    /// significant digits). `dcdw`, `mw` and `vw` are promoted together (the
    /// moments may start as the number `0`). Over Containers every leaf is
    /// one parameter's state, and the result is a tuple of three
    /// Containers.
    ///
    /// ```
    /// let g = ivy::array![1.0, 2.0, 3.0];
    /// let (delta, mw, vw) = ivy::adam_step(&g, 0, 0, 1)?;
    /// let got = delta.to_vec::<f32>()?;
    /// for (a, b) in got.iter().zip([0.99999577, 0.99999744, 0.99999797]) {
    ///     assert!((a - b).abs() <= 1e-6 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// let got = mw.to_vec::<f32>()?;
    /// for (a, b) in got.iter().zip([0.1, 0.2, 0.3]) {
    ///     assert!((a - b).abs() <= 1e-6 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// let got = vw.to_vec::<f32>()?;
    /// for (a, b) in got.iter().zip([0.001, 0.004, 0.009]) {
    ///     assert!((a - b).abs() <= 1e-6 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[out(same_each)]
    #[promote(dcdw, mw, vw)]
    fn adam_step(
        dcdw: Array,
        mw: Array,
        vw: Array,
        step: Array,
        #[default(0.9)] beta1: f64,
        #[default(0.999)] beta2: f64,
        #[default(1e-7)] epsilon: f64,
    ) -> (Array, Array, Array) {
        ivy::__private::check_broadcast("adam_step", &[dcdw, mw, vw, step])?;
        // The bias correction in float64 where the backend has it: Ivy
        // computes it with Python floats for a numeric step, and in float32
        // `1 - 0.999` keeps only four significant digits.
        let wide = if dcdw.backend().valid_dtypes().contains(ivy::Dtype::Float64) {
            ivy::Dtype::Float64
        } else {
            dcdw.dtype()
        };
        let step = ivy::astype_with(step, wide, ivy::opts::Astype::new().copy(false))?;
        let mw = ivy::add(&ivy::multiply(mw, beta1)?, &ivy::multiply(dcdw, 1.0 - beta1)?)?;
        let vw = ivy::add(&ivy::multiply(vw, beta2)?, &ivy::multiply(&ivy::square(dcdw)?, 1.0 - beta2)?)?;
        let num = ivy::sqrt(&ivy::subtract(1.0, &ivy::pow(beta2, &step)?)?)?;
        let den = ivy::add(&ivy::subtract(1.0, &ivy::pow(beta1, &step)?)?, epsilon)?;
        let alpha = ivy::astype_with(&ivy::divide(&num, &den)?, dcdw.dtype(), ivy::opts::Astype::new().copy(false))?;
        let root = ivy::add(&ivy::sqrt(&ivy::maximum(&vw, 0.0)?)?, epsilon)?;
        let delta = ivy::divide(&ivy::multiply(&alpha, &mw)?, &root)?;
        Ok((delta, mw, vw))
    }

    /// One Adam step on the weights (Ivy's `adam_update`): the effective
    /// gradient and new moments from [`adam_step`](crate::adam_step), then
    /// [`optimizer_update`](crate::optimizer_update) with `lr`. Returns
    /// `(w_new, mw, vw)`; feed `mw`, `vw` and `step + 1` to the next call.
    ///
    /// With `stop_gradients` (the default) all three results are constants
    /// to enclosing gradient calls (Ivy stops only `w_new`, which would
    /// leave the moment estimates carrying the graph of every earlier step
    /// inside a traced training loop); with `false` all three stay
    /// differentiable.
    ///
    /// Over Containers of weights (with Containers, arrays or numbers for
    /// the rest) each leaf is updated with its own moments and the result is
    /// a tuple of three Containers.
    ///
    /// ```
    /// let w = ivy::array![1.0, 2.0, 3.0];
    /// let dcdw = ivy::array![0.5, 0.2, 0.1];
    /// let (w_new, mw, vw) = ivy::adam_update(&w, &dcdw, 0.1, 0, 0, 1)?;
    /// let got = w_new.to_vec::<f32>()?;
    /// for (a, b) in got.iter().zip([0.90000075, 1.90000164, 2.9000032]) {
    ///     assert!((a - b).abs() <= 1e-6 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// let got = mw.to_vec::<f32>()?;
    /// for (a, b) in got.iter().zip([0.05, 0.02, 0.01]) {
    ///     assert!((a - b).abs() <= 1e-6 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// let got = vw.to_vec::<f32>()?;
    /// for (a, b) in got.iter().zip([2.5e-4, 4e-5, 1e-5]) {
    ///     assert!((a - b).abs() <= 1e-6 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    ///
    /// // A Container of weights: one Adam state per leaf.
    /// let ws = ivy::container! { a: w, b: [4.0, 5.0] };
    /// let gs = ivy::container! { a: dcdw, b: [1.0, -1.0] };
    /// let (ws, mw, vw) = ivy::adam_update(&ws, &gs, 0.1, 0, 0, 1)?;
    /// let got = ws.leaf("b")?.to_vec::<f32>()?;
    /// for (a, b) in got.iter().zip([3.9, 5.1]) {
    ///     assert!((a - b).abs() <= 1e-6 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// let (ws, ..) = ivy::adam_update(&ws, &gs, 0.1, &mw, &vw, 2)?;
    /// let got = ws.leaf("b")?.to_vec::<f32>()?;
    /// for (a, b) in got.iter().zip([3.8, 5.2]) {
    ///     assert!((a - b).abs() <= 1e-6 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[out(same_each)]
    #[promote(w, dcdw, lr, mw_tm1, vw_tm1)]
    fn adam_update(
        w: Array,
        dcdw: Array,
        lr: Array,
        mw_tm1: Array,
        vw_tm1: Array,
        step: Array,
        #[default(0.9)] beta1: f64,
        #[default(0.999)] beta2: f64,
        #[default(1e-7)] epsilon: f64,
        #[default(true)] stop_gradients: bool,
    ) -> (Array, Array, Array) {
        ivy::__private::check_broadcast("adam_update", &[w, dcdw, lr, mw_tm1, vw_tm1, step])?;
        let (eff, mw, vw) = ivy::adam_step_with(dcdw, mw_tm1, vw_tm1, step, ivy::opts::AdamStep::new().beta1(beta1).beta2(beta2).epsilon(epsilon))?;
        let w_new = ivy::optimizer_update_with(w, &eff, lr, ivy::opts::OptimizerUpdate::new().stop_gradients(stop_gradients))?;
        if stop_gradients {
            Ok((w_new, ivy::stop_gradient(&mw)?, ivy::stop_gradient(&vw)?))
        } else {
            Ok((w_new, mw, vw))
        }
    }

    /// One LAMB step (layer-wise adaptive moments, You et al. 2019; Ivy's
    /// `lamb_update`): Adam's effective gradient from
    /// [`adam_step`](crate::adam_step), with the learning rate scaled by
    /// the trust ratio `min(||w|| / ||eff||, max_trust_ratio)` (2-norms over
    /// all elements of each leaf, the ratio through
    /// [`stable_divide`](crate::stable_divide)). Returns `(w_new, mw, vw)`,
    /// with `stop_gradients` as in [`adam_update`](crate::adam_update).
    ///
    /// `decay_lambda`, when positive, puts `||eff + decay_lambda * w||` in
    /// the trust ratio while the step follows `eff`, as the reference does.
    /// (The LAMB paper also steps along `eff + decay_lambda * w`; with the
    /// default `decay_lambda = 0` both agree.)
    ///
    /// ```
    /// let w = ivy::array![1.0, 2.0, 3.0];
    /// let dcdw = ivy::array![0.5, 0.2, 0.1];
    /// let (w_new, _mw, _vw) = ivy::lamb_update(&w, &dcdw, 0.1, 0, 0, 1)?;
    /// let got = w_new.to_vec::<f32>()?;
    /// for (a, b) in got.iter().zip([0.7839728, 1.7839748, 2.7839782]) {
    ///     assert!((a - b).abs() <= 1e-6 * b.abs().max(1.0), "{a} vs {b}");
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[dtypes(float)]
    #[out(same_each)]
    #[promote(w, dcdw, lr, mw_tm1, vw_tm1)]
    fn lamb_update(
        w: Array,
        dcdw: Array,
        lr: Array,
        mw_tm1: Array,
        vw_tm1: Array,
        step: Array,
        #[default(0.9)] beta1: f64,
        #[default(0.999)] beta2: f64,
        #[default(1e-7)] epsilon: f64,
        #[default(10.0)] max_trust_ratio: f64,
        #[default(0.0)] decay_lambda: f64,
        #[default(true)] stop_gradients: bool,
    ) -> (Array, Array, Array) {
        ivy::__private::check_broadcast("lamb_update", &[w, dcdw, lr, mw_tm1, vw_tm1, step])?;
        let (eff, mw, vw) = ivy::adam_step_with(dcdw, mw_tm1, vw_tm1, step, ivy::opts::AdamStep::new().beta1(beta1).beta2(beta2).epsilon(epsilon))?;
        let r1 = ivy::vector_norm(w)?;
        let r2 = if decay_lambda > 0.0 {
            ivy::vector_norm(&ivy::add(&eff, &ivy::multiply(w, decay_lambda)?)?)?
        } else {
            ivy::vector_norm(&eff)?
        };
        let ratio = ivy::minimum(&ivy::stable_divide(&r1, &r2)?, max_trust_ratio)?;
        let lr = ivy::multiply(&ratio, lr)?;
        let w_new = ivy::optimizer_update_with(w, &eff, &lr, ivy::opts::OptimizerUpdate::new().stop_gradients(stop_gradients))?;
        if stop_gradients {
            Ok((w_new, ivy::stop_gradient(&mw)?, ivy::stop_gradient(&vw)?))
        } else {
            Ok((w_new, mw, vw))
        }
    }
}
    } };
}
