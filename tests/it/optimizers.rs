//! The optimiser maths (Ivy's `optimizer_update`, `gradient_descent_update`,
//! `lars_update`, `adam_step`, `adam_update`, `lamb_update`): the verified
//! values of the reference (jax, float32) to a few float32 ulps, the same per
//! leaf of Containers, `stop_gradients` inside gradient calls, a gradient
//! through one Adam step against a finite difference, and a small training
//! loop. Values the reference does not give are checked against the
//! formulas written out here in plain `f64` arithmetic.

use ivy::opts::{AdamStep, AdamUpdate, GradientDescentUpdate, LambUpdate, LarsUpdate};
use ivy::{Array, Container, Dtype, Result};
use std::cell::Cell;

/// The reference's weights and gradients.
fn w() -> Array {
    ivy::array![1.0, 2.0, 3.0]
}
fn g() -> Array {
    ivy::array![0.5, 0.2, 0.1]
}

/// How many float32 steps apart `a` and `b` are.
fn ulps(a: f32, b: f32) -> u32 {
    let key = |x: f32| {
        let i = x.to_bits() as i32;
        if i < 0 { i32::MIN - i } else { i }
    };
    key(a).abs_diff(key(b))
}

/// `x` is float32 and within `n` ulps of `want`, elementwise.
#[track_caller]
fn assert_ulps(x: &Array, want: &[f64], n: u32) {
    assert_eq!(x.dtype(), Dtype::Float32, "dtype of {x}");
    let got = x.to_vec::<f32>().unwrap();
    assert_eq!(got.len(), want.len(), "{x}");
    for (a, &b) in got.iter().zip(want) {
        let b = b as f32;
        assert!(ulps(*a, b) <= n, "{a} vs {b} ({} ulps) in {x}", ulps(*a, b));
    }
}

/// `x` is within a relative `tol` of `want`, elementwise.
#[track_caller]
fn assert_close(x: &Array, want: &[f64], tol: f64) {
    let got = ivy::astype(x, Dtype::Float64)
        .unwrap()
        .to_vec::<f64>()
        .unwrap();
    assert_eq!(got.len(), want.len(), "{x}");
    for (a, b) in got.iter().zip(want) {
        assert!((a - b).abs() <= tol * b.abs().max(1.0), "{a} vs {b} in {x}");
    }
}

fn leaf<'a>(c: &'a Container, kc: &str) -> &'a Array {
    c.leaf(kc).unwrap()
}

const GD_03: [f64; 3] = [0.85, 1.94, 2.97];
const OPT_01: [f64; 3] = [0.95, 1.98, 2.99];
const ADAM_STEP_DELTA: [f64; 3] = [0.99999577, 0.99999744, 0.99999797];
const ADAM_STEP_MW: [f64; 3] = [0.1, 0.2, 0.3];
const ADAM_STEP_VW: [f64; 3] = [0.001, 0.004, 0.009];
const ADAM_01: [f64; 3] = [0.90000075, 1.90000164, 2.9000032];
const LARS_01: [f64; 3] = [0.658435, 1.863374, 2.931687];
const LAMB_01: [f64; 3] = [0.7839728, 1.7839748, 2.7839782];

// ---- The verified values ----

#[test]
fn verified_values_of_the_reference() -> Result<()> {
    assert_ulps(&ivy::gradient_descent_update(&w(), &g(), 0.3)?, &GD_03, 2);
    assert_ulps(&ivy::optimizer_update(&w(), &g(), 0.1)?, &OPT_01, 2);
    let (delta, mw, vw) = ivy::adam_step(&ivy::array![1.0, 2.0, 3.0], 0, 0, 1)?;
    assert_ulps(&delta, &ADAM_STEP_DELTA, 4);
    assert_ulps(&mw, &ADAM_STEP_MW, 2);
    assert_ulps(&vw, &ADAM_STEP_VW, 2);
    let (w1, mw, vw) = ivy::adam_update(&w(), &g(), 0.1, 0, 0, 1)?;
    assert_ulps(&w1, &ADAM_01, 4);
    assert_ulps(&mw, &[0.05, 0.02, 0.01], 2);
    // Ivy's docstring prints these as 2.50000012e-04, 4.00000063e-05, 1.00000016e-05.
    assert_ulps(&vw, &[2.50000012e-04, 4.00000063e-05, 1.00000016e-05], 1);
    assert_ulps(&ivy::lars_update(&w(), &g(), 0.1)?, &LARS_01, 4);
    let (w1, _, _) = ivy::lamb_update(&w(), &g(), 0.1, 0, 0, 1)?;
    assert_ulps(&w1, &LAMB_01, 4);
    Ok(())
}

#[test]
fn lr_and_step_may_be_arrays_and_the_state_arrays() -> Result<()> {
    // 0-d arrays for lr and step, arrays of zeros for the moments (Ivy's
    // docstring passes vw_tm1 = zeros(1), broadcast against the weights).
    let lr = Array::scalar(0.1f32);
    let step = Array::scalar(1i64);
    let zeros3 = ivy::zeros(3)?;
    let zeros1 = ivy::zeros(1)?;
    assert_ulps(&ivy::optimizer_update(&w(), &g(), &lr)?, &OPT_01, 2);
    let (w1, ..) = ivy::adam_update(&w(), &g(), &lr, &zeros3, &zeros1, &step)?;
    assert_ulps(&w1, &ADAM_01, 4);
    let (w1, ..) = ivy::lamb_update(&w(), &g(), &lr, &zeros3, &zeros1, &step)?;
    assert_ulps(&w1, &LAMB_01, 4);
    // A learning rate per element.
    let w1 = ivy::gradient_descent_update(&w(), &g(), &ivy::array![0.3, 0.1, 0.3])?;
    assert_ulps(&w1, &[0.85, 1.98, 2.97], 2);
    // A float step behaves like the integer one.
    let (d, ..) = ivy::adam_step(&ivy::array![1.0, 2.0, 3.0], 0, 0, 1.0)?;
    assert_ulps(&d, &ADAM_STEP_DELTA, 4);
    Ok(())
}

#[test]
fn methods_and_keyword_options() -> Result<()> {
    assert_ulps(&w().gradient_descent_update(&g(), 0.3)?, &GD_03, 2);
    let (w1, ..) = w().adam_update(&g(), 0.1, 0, 0, 1)?;
    assert_ulps(&w1, &ADAM_01, 4);
    // The defaults written out give the same values.
    let (w1, ..) = ivy::adam_update_with(
        &w(),
        &g(),
        0.1,
        0,
        0,
        1,
        AdamUpdate::new()
            .beta1(0.9)
            .beta2(0.999)
            .epsilon(1e-7)
            .stop_gradients(true),
    )?;
    assert_ulps(&w1, &ADAM_01, 4);
    let (w1, ..) = ivy::lamb_update_with(
        &w(),
        &g(),
        0.1,
        0,
        0,
        1,
        LambUpdate::new().max_trust_ratio(10.0).decay_lambda(0.0),
    )?;
    assert_ulps(&w1, &LAMB_01, 4);
    Ok(())
}

// ---- Formulas the reference does not give values for ----

/// Adam's step written out in f64 (Ivy's formula, `epsilon` in `alpha`'s
/// denominator too).
fn adam_step_f64(
    g: &[f64],
    m: &[f64],
    v: &[f64],
    step: f64,
    (b1, b2, eps): (f64, f64, f64),
) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
    let m: Vec<f64> = m
        .iter()
        .zip(g)
        .map(|(m, g)| b1 * m + (1.0 - b1) * g)
        .collect();
    let v: Vec<f64> = v
        .iter()
        .zip(g)
        .map(|(v, g)| b2 * v + (1.0 - b2) * g * g)
        .collect();
    let alpha = (1.0 - b2.powf(step)).sqrt() / (1.0 - b1.powf(step) + eps);
    let d = m
        .iter()
        .zip(&v)
        .map(|(m, v)| alpha * m / (v.max(0.0).sqrt() + eps))
        .collect();
    (d, m, v)
}

fn norm(x: &[f64]) -> f64 {
    x.iter().map(|x| x * x).sum::<f64>().sqrt()
}

#[test]
fn adam_over_several_steps_with_other_hyperparameters() -> Result<()> {
    let hp = (0.8, 0.99, 1e-4);
    let opts = AdamUpdate::new().beta1(hp.0).beta2(hp.1).epsilon(hp.2);
    let (mut w, mut m, mut v) = (vec![1.0, -2.0, 0.5], vec![0.0; 3], vec![0.0; 3]);
    let mut wa = ivy::asarray(&w[..])?;
    let (mut ma, mut va) = (ivy::zeros_like(&wa)?, ivy::zeros_like(&wa)?);
    assert_eq!(wa.dtype(), Dtype::Float64);
    for step in 1..=5 {
        // A gradient that changes with the weights: d/dw of sum(w^4 / 4).
        let g: Vec<f64> = w.iter().map(|w| w * w * w).collect();
        let (d, m2, v2) = adam_step_f64(&g, &m, &v, step as f64, hp);
        w = w.iter().zip(&d).map(|(w, d)| w - 0.05 * d).collect();
        (m, v) = (m2, v2);
        let ga = ivy::pow(&wa, 3)?;
        (wa, ma, va) = ivy::adam_update_with(&wa, &ga, 0.05, &ma, &va, step, opts.clone())?;
        assert_eq!(wa.dtype(), Dtype::Float64);
        assert_close(&wa, &w, 1e-12);
        assert_close(&ma, &m, 1e-12);
        assert_close(&va, &v, 1e-12);
    }
    // adam_step alone with the same options.
    let g = [0.3, -0.1, 2.0];
    let (d, m1, v1) = adam_step_f64(&g, &[0.1, 0.1, 0.1], &[0.2, 0.0, 0.5], 4.0, hp);
    let (da, ma, va) = ivy::adam_step_with(
        &ivy::asarray(&g[..])?,
        &ivy::asarray(&[0.1f64, 0.1, 0.1][..])?,
        &ivy::asarray(&[0.2f64, 0.0, 0.5][..])?,
        4,
        AdamStep::new().beta1(hp.0).beta2(hp.1).epsilon(hp.2),
    )?;
    assert_close(&da, &d, 1e-12);
    assert_close(&ma, &m1, 1e-12);
    assert_close(&va, &v1, 1e-12);
    Ok(())
}

#[test]
fn lars_and_lamb_with_weight_decay_follow_the_reference() -> Result<()> {
    let (wv, gv) = ([1.0, -2.0, 0.5], [0.3, 0.1, -0.4]);
    let (wa, ga) = (ivy::asarray(&wv[..])?, ivy::asarray(&gv[..])?);
    let (lr, lambda) = (0.1, 0.01);
    // LARS (reference/ivy.md): lr = ||w|| lr / (||g|| + 1e-12), then
    // lr /= ||w|| lambda; a gradient-descent step along g.
    let local = lr * norm(&wv) / (norm(&gv) + 1e-12) / (norm(&wv) * lambda);
    let want: Vec<f64> = wv.iter().zip(&gv).map(|(w, g)| w - local * g).collect();
    let got = ivy::lars_update_with(&wa, &ga, lr, LarsUpdate::new().decay_lambda(lambda))?;
    assert_close(&got, &want, 1e-12);
    // LAMB: r2 = ||delta + lambda w||, rate min(||w|| / r2, 10) * lr, a step
    // along adam's delta.
    let (d, m, v) = adam_step_f64(&gv, &[0.0; 3], &[0.0; 3], 1.0, (0.9, 0.999, 1e-7));
    let u: Vec<f64> = d.iter().zip(&wv).map(|(d, w)| d + lambda * w).collect();
    let rate = (norm(&wv) / (norm(&u) + 1e-12)).min(10.0) * lr;
    let want: Vec<f64> = wv.iter().zip(&d).map(|(w, d)| w - rate * d).collect();
    let (w1, m1, v1) = ivy::lamb_update_with(
        &wa,
        &ga,
        lr,
        0,
        0,
        1,
        LambUpdate::new().decay_lambda(lambda),
    )?;
    assert_close(&w1, &want, 1e-12);
    assert_close(&m1, &m, 1e-12);
    assert_close(&v1, &v, 1e-12);
    Ok(())
}

#[test]
fn lamb_trust_ratio_is_capped_and_zero_gradients_give_zero_steps() -> Result<()> {
    // ||w|| / ||delta|| = 100 / sqrt(2) > 2: the rate is 2 * lr.
    let wa = ivy::asarray(&[100.0f64, 0.0][..])?;
    let ga = ivy::asarray(&[1.0f64, -1.0][..])?;
    let (d, ..) = adam_step_f64(&[1.0, -1.0], &[0.0; 2], &[0.0; 2], 1.0, (0.9, 0.999, 1e-7));
    let want: Vec<f64> = [100.0, 0.0]
        .iter()
        .zip(&d)
        .map(|(w, d)| w - 2.0 * 0.5 * d)
        .collect();
    let (w1, ..) = ivy::lamb_update_with(
        &wa,
        &ga,
        0.5,
        0,
        0,
        1,
        LambUpdate::new().max_trust_ratio(2.0),
    )?;
    assert_close(&w1, &want, 1e-12);
    // A zero gradient: stable_divide keeps LARS finite, and the weights stay.
    let z = ivy::zeros(3)?;
    assert_eq!(ivy::lars_update(&w(), &z, 0.1)?, w());
    let (w1, ..) = ivy::lamb_update(&w(), &z, 0.1, 0, 0, 1)?;
    assert_eq!(w1, w());
    Ok(())
}

#[test]
fn weights_keep_their_dtype_with_number_arguments() -> Result<()> {
    for d in [
        Dtype::Float16,
        Dtype::BFloat16,
        Dtype::Float32,
        Dtype::Float64,
    ] {
        let wd = ivy::astype(&w(), d)?;
        let gd = ivy::astype(&g(), d)?;
        assert_eq!(ivy::gradient_descent_update(&wd, &gd, 0.3)?.dtype(), d);
        assert_eq!(ivy::lars_update(&wd, &gd, 0.1)?.dtype(), d);
        let (a, b, c) = ivy::adam_update(&wd, &gd, 0.1, 0, 0, 1)?;
        assert_eq!((a.dtype(), b.dtype(), c.dtype()), (d, d, d));
        let (a, b, c) = ivy::lamb_update(&wd, &gd, 0.1, 0, 0, 1)?;
        assert_eq!((a.dtype(), b.dtype(), c.dtype()), (d, d, d));
    }
    // A number keeps its full precision against float64 weights (0.1 is
    // not rounded to float32 first).
    let w64 = ivy::asarray(&[1.0f64][..])?;
    let got = ivy::optimizer_update(&w64, &w64, 0.1)?.to_vec::<f64>()?;
    assert_eq!(got, vec![1.0 - 0.1]);
    Ok(())
}

// ---- Containers ----

#[test]
fn containers_of_weights_are_updated_per_leaf() -> Result<()> {
    // Leaf `a` is the reference's case; `b/c` has other values, so a norm
    // over the whole container (rather than per leaf) would change `a`.
    let ws = ivy::container! { a: w(), b: { c: [10.0, -4.0] } };
    let gs = ivy::container! { a: g(), b: { c: [1.0, 3.0] } };

    let out = ivy::gradient_descent_update(&ws, &gs, 0.3)?;
    assert_ulps(leaf(&out, "a"), &GD_03, 2);
    assert_ulps(leaf(&out, "b/c"), &[9.7, -4.9], 2);

    let out = ivy::optimizer_update(&ws, &gs, 0.1)?;
    assert_ulps(leaf(&out, "a"), &OPT_01, 2);

    let out = ivy::lars_update(&ws, &gs, 0.1)?;
    assert_ulps(leaf(&out, "a"), &LARS_01, 4);
    let local = 0.1 * norm(&[10.0, -4.0]) / norm(&[1.0, 3.0]);
    assert_close(leaf(&out, "b/c"), &[10.0 - local, -4.0 - 3.0 * local], 1e-6);

    let (w1, mw, vw) = ivy::adam_update(&ws, &gs, 0.1, 0, 0, 1)?;
    assert_ulps(leaf(&w1, "a"), &ADAM_01, 4);
    let (d, m, v) = adam_step_f64(&[1.0, 3.0], &[0.0; 2], &[0.0; 2], 1.0, (0.9, 0.999, 1e-7));
    assert_close(
        leaf(&w1, "b/c"),
        &[10.0 - 0.1 * d[0], -4.0 - 0.1 * d[1]],
        1e-6,
    );
    assert_close(leaf(&mw, "b/c"), &m, 1e-6);
    assert_close(leaf(&vw, "b/c"), &v, 1e-6);
    assert_eq!(w1.cont_all_key_chains(), ["a", "b/c"]);

    // The next step takes the containers of moments back.
    let (w2, ..) = ivy::adam_update(&w1, &gs, 0.1, &mw, &vw, 2)?;
    let (d2, ..) = adam_step_f64(
        &[0.5, 0.2, 0.1],
        &[0.05, 0.02, 0.01],
        &[2.5e-4, 4e-5, 1e-5],
        2.0,
        (0.9, 0.999, 1e-7),
    );
    let w1a = leaf(&w1, "a").to_vec::<f32>()?;
    let want: Vec<f64> = w1a
        .iter()
        .zip(&d2)
        .map(|(w, d)| *w as f64 - 0.1 * d)
        .collect();
    assert_close(leaf(&w2, "a"), &want, 1e-6);

    let (w1, ..) = ivy::lamb_update(&ws, &gs, 0.1, 0, 0, 1)?;
    assert_ulps(leaf(&w1, "a"), &LAMB_01, 4);

    // The Container method forms.
    let (w1, ..) = ws.adam_update(&gs, 0.1, 0, 0, 1)?;
    assert_ulps(leaf(&w1, "a"), &ADAM_01, 4);
    assert_ulps(leaf(&ws.lars_update(&gs, 0.1)?, "a"), &LARS_01, 4);

    // adam_step over a Container of gradients.
    let (d, m, v) = ivy::adam_step(&ivy::container! { x: [1.0, 2.0, 3.0] }, 0, 0, 1)?;
    assert_ulps(leaf(&d, "x"), &ADAM_STEP_DELTA, 4);
    assert_ulps(leaf(&m, "x"), &ADAM_STEP_MW, 2);
    assert_ulps(leaf(&v, "x"), &ADAM_STEP_VW, 2);
    Ok(())
}

#[test]
fn a_container_of_learning_rates_maps_with_the_weights() -> Result<()> {
    let ws = ivy::container! { a: w(), b: w() };
    let gs = ivy::container! { a: g(), b: g() };
    let lrs = ivy::container! { a: 0.1, b: 0.3 };
    let out = ivy::gradient_descent_update(&ws, &gs, &lrs)?;
    assert_ulps(leaf(&out, "a"), &OPT_01, 2);
    assert_ulps(leaf(&out, "b"), &GD_03, 2);
    // One gradient array for every leaf of the weights.
    let out = ivy::gradient_descent_update(&ws, &g(), 0.3)?;
    assert_ulps(leaf(&out, "a"), &GD_03, 2);
    assert_ulps(leaf(&out, "b"), &GD_03, 2);
    Ok(())
}

#[test]
fn mismatched_containers_and_shapes_are_errors() {
    let ws = ivy::container! { a: w() };
    let gs = ivy::container! { b: g() };
    assert!(ivy::adam_update(&ws, &gs, 0.1, 0, 0, 1).is_err());
    let e = ivy::gradient_descent_update(&w(), &ivy::array![1.0, 2.0], 0.1).unwrap_err();
    assert!(e.to_string().starts_with("gradient_descent_update"), "{e}");
    let e = ivy::lamb_update(&w(), &g(), 0.1, &ivy::zeros(2).unwrap(), 0, 1).unwrap_err();
    assert!(e.to_string().starts_with("lamb_update"), "{e}");
    let e = ivy::adam_step(&g(), 0, 0, &ivy::array![1.0, 2.0]).unwrap_err();
    assert!(e.to_string().starts_with("adam_step"), "{e}");
    // Integer weights with integer arguments: the ops are float-only.
    let e = ivy::adam_update(&ivy::array![1, 2], &ivy::array![1, 2], 1, 0, 0, 1).unwrap_err();
    assert!(e.to_string().contains("adam_update"), "{e}");
    let e = ivy::optimizer_update(&ivy::array![1, 2], &ivy::array![1, 2], 1).unwrap_err();
    assert!(e.to_string().contains("optimizer_update"), "{e}");
    // Integer weights with a float learning rate are promoted, as in Ivy.
    let out = ivy::gradient_descent_update(&ivy::array![1, 2], &ivy::array![1, 1], 0.5).unwrap();
    assert!(out.dtype().is_float());
    assert_close(&out, &[0.5, 1.5], 0.0);
}

// ---- Gradients ----

#[test]
fn stop_gradients_gives_constants_inside_gradient_calls() -> Result<()> {
    let seen = Cell::new([false; 6]);
    let x = w();
    let (_, grads) = ivy::execute_with_gradients(
        |x: &Array| {
            assert!(x.is_traced());
            let gd = ivy::gradient_descent_update(x, x, 0.1)?;
            let lars = ivy::lars_update(x, x, 0.1)?;
            let (a, m, v) = ivy::adam_update(x, x, 0.1, 0, 0, 1)?;
            let (l, ..) = ivy::lamb_update(x, x, 0.1, 0, 0, 1)?;
            seen.set([
                gd.is_traced(),
                lars.is_traced(),
                a.is_traced(),
                m.is_traced(),
                v.is_traced(),
                l.is_traced(),
            ]);
            // The updates are constants: only the last term has a gradient.
            ivy::sum(&ivy::add(&ivy::add(&ivy::add(&gd, &a)?, &l)?, x)?)
        },
        &x,
    )?;
    assert_eq!(seen.get(), [false; 6]);
    assert_eq!(grads.leaf(), Some(&ivy::ones(3)?));

    // With `stop_gradients = false` they stay differentiable.
    let g = ivy::grad(|x: &Array| {
        let gd = ivy::gradient_descent_update_with(
            x,
            &ivy::array![0.5, 0.2, 0.1],
            0.1,
            GradientDescentUpdate::new().stop_gradients(false),
        )?;
        let (a, m, v) =
            ivy::adam_update_with(x, x, 0.1, 0, 0, 1, AdamUpdate::new().stop_gradients(false))?;
        seen.set([
            gd.is_traced(),
            a.is_traced(),
            m.is_traced(),
            v.is_traced(),
            true,
            true,
        ]);
        // d/dx of sum(x - 0.1 g) is 1 per element.
        ivy::sum(&gd)
    })(&x)?;
    assert_eq!(seen.get(), [true; 6]);
    assert_eq!(g, ivy::ones(3)?);
    Ok(())
}

#[test]
fn the_learning_rate_gets_a_gradient_without_stop_gradients() -> Result<()> {
    // d/dlr sum(w - lr g) = -sum(g).
    let lr = Array::scalar(0.1f64);
    let (wv, gv) = (
        ivy::asarray(&[1.0f64, 2.0, 3.0][..])?,
        ivy::asarray(&[0.5f64, 0.2, 0.1][..])?,
    );
    let d = ivy::grad(|lr: &Array| {
        ivy::sum(&ivy::gradient_descent_update_with(
            &wv,
            &gv,
            lr,
            GradientDescentUpdate::new().stop_gradients(false),
        )?)
    })(&lr)?;
    assert_close(&d, &[-0.8], 1e-12);
    Ok(())
}

/// The loss of one Adam step from `w` when the gradient is `w^3` (a function
/// of `w`, so the step itself depends on `w` twice): the sum of squares of
/// the new weights plus the new moments.
fn one_adam_step_loss(w: &Array, stop: bool) -> Result<Array> {
    let mw0 = ivy::asarray(&[0.1f64, 0.2, -0.1][..])?;
    let vw0 = ivy::asarray(&[0.05f64, 0.01, 0.2][..])?;
    let g = ivy::pow(w, 3)?;
    let (w1, mw, vw) = ivy::adam_update_with(
        w,
        &g,
        0.1,
        &mw0,
        &vw0,
        3,
        AdamUpdate::new().stop_gradients(stop),
    )?;
    ivy::add(
        &ivy::add(&ivy::sum(&ivy::square(&w1)?)?, &ivy::sum(&mw)?)?,
        &ivy::sum(&vw)?,
    )
}

#[test]
fn a_gradient_through_one_adam_step_matches_a_finite_difference() -> Result<()> {
    let w0 = [0.3f64, -0.7, 1.2];
    let x = ivy::asarray(&w0[..])?;
    let g = ivy::grad(|w: &Array| one_adam_step_loss(w, false))(&x)?.to_vec::<f64>()?;
    let h = 1e-6;
    for i in 0..3 {
        let at = |d: f64| -> Result<f64> {
            let mut v = w0;
            v[i] += d;
            Ok(one_adam_step_loss(&ivy::asarray(&v[..])?, false)?.to_vec::<f64>()?[0])
        };
        let fd = (at(h)? - at(-h)?) / (2.0 * h);
        assert!(
            (g[i] - fd).abs() <= 1e-6 * fd.abs().max(1.0),
            "{i}: {} vs {fd}",
            g[i]
        );
    }
    // With `stop_gradients` the step's three results are constants, so the
    // same loss has a zero gradient.
    let g_stopped = ivy::grad(|w: &Array| one_adam_step_loss(w, true))(&x)?;
    assert_eq!(g_stopped, ivy::zeros_like(&x)?);
    Ok(())
}

#[test]
fn adam_minimises_a_quadratic() -> Result<()> {
    // minimise sum((w - 3)^2) from w = [0, 1, 5], lr = 0.1, 200 steps.
    let loss = |w: &Array| ivy::sum(&ivy::square(&ivy::subtract(w, 3.0)?)?);
    let mut w = ivy::array![0.0, 1.0, 5.0];
    let (mut mw, mut vw) = (ivy::zeros_like(&w)?, ivy::zeros_like(&w)?);
    for step in 1..=200 {
        let g = ivy::grad(loss)(&w)?;
        (w, mw, vw) = ivy::adam_update(&w, &g, 0.1, &mw, &vw, step)?;
        assert!(!w.is_traced());
    }
    assert_close(&w, &[3.0, 3.0, 3.0], 0.05);
    assert!(loss(&w)?.to_vec::<f32>()?[0] < 1e-2);

    // The same on a Container of weights, with LAMB.
    let closs = |c: &Container| ivy::add(&loss(c.leaf("a")?)?, &loss(c.leaf("b")?)?);
    let mut c = ivy::container! { a: [0.0, 1.0], b: [5.0] };
    let (mut mw, mut vw) = (ivy::zeros_like(&c)?, ivy::zeros_like(&c)?);
    for step in 1..=200 {
        let g = ivy::grad(closs)(&c)?;
        (c, mw, vw) = ivy::lamb_update(&c, &g, 0.05, &mw, &vw, step)?;
    }
    assert_close(leaf(&c, "a"), &[3.0, 3.0], 0.05);
    assert_close(leaf(&c, "b"), &[3.0], 0.05);
    Ok(())
}
