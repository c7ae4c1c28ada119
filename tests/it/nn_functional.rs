//! Activations, losses, norms, `pad`, `gather_nd`/`scatter_nd`, the
//! clip-by-norm ops, `msort` and the control-flow functions, against
//! formulas computed here in plain `f64` (independently of the ops), values
//! worked out by hand, and laws (round trips) checked with proptest.

use ivy::{Array, Dtype};
use proptest::prelude::*;

fn f64s(a: &Array) -> Vec<f64> {
    ivy::astype(a, Dtype::Float64)
        .unwrap()
        .to_vec::<f64>()
        .unwrap()
}

fn arr(v: &[f64]) -> Array {
    Array::from_shape_vec(vec![v.len()], v.to_vec()).unwrap()
}

fn close(got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len(), "{got:?} vs {want:?}");
    for (g, w) in got.iter().zip(want) {
        assert!(
            (g - w).abs() <= tol * (1.0 + w.abs()),
            "{got:?} vs {want:?}"
        );
    }
}

const XS: [f64; 9] = [-7.0, -3.0, -1.0, -0.4, 0.0, 0.3, 1.0, 2.5, 8.0];

fn sigmoid(v: f64) -> f64 {
    1.0 / (1.0 + (-v).exp())
}

#[test]
fn activations_match_their_formulas() {
    let x = arr(&XS);
    type F = fn(f64) -> f64;
    let cases: Vec<(&str, Array, F)> = vec![
        ("relu6", ivy::relu6(&x).unwrap(), |v| v.clamp(0.0, 6.0)),
        ("logsigmoid", ivy::logsigmoid(&x).unwrap(), |v| {
            sigmoid(v).ln()
        }),
        ("selu", ivy::selu(&x).unwrap(), |v| {
            let (a, s) = (1.6732632423543772, 1.0507009873554805);
            if v > 0.0 {
                s * v
            } else {
                s * a * (v.exp() - 1.0)
            }
        }),
        ("elu", ivy::elu(&x).unwrap(), |v| {
            if v > 0.0 { v } else { v.exp() - 1.0 }
        }),
        ("hardtanh", ivy::hardtanh(&x).unwrap(), |v| {
            v.clamp(-1.0, 1.0)
        }),
        ("tanhshrink", ivy::tanhshrink(&x).unwrap(), |v| v - v.tanh()),
        ("softshrink", ivy::softshrink(&x).unwrap(), |v| {
            if v > 0.5 {
                v - 0.5
            } else if v < -0.5 {
                v + 0.5
            } else {
                0.0
            }
        }),
        ("hardshrink", ivy::hardshrink(&x).unwrap(), |v| {
            if v.abs() > 0.5 { v } else { 0.0 }
        }),
        ("celu", ivy::celu(&x).unwrap(), |v| {
            v.max(0.0) + (v.exp() - 1.0).min(0.0)
        }),
        ("scaled_tanh", ivy::scaled_tanh(&x).unwrap(), |v| {
            1.7159 * (0.67 * v).tanh()
        }),
        ("hardsilu", ivy::hardsilu(&x).unwrap(), |v| {
            v * (v + 3.0).clamp(0.0, 6.0) / 6.0
        }),
        (
            "thresholded_relu",
            ivy::thresholded_relu(&x).unwrap(),
            |v| {
                if v > 0.0 { v } else { 0.0 }
            },
        ),
    ];
    for (name, got, f) in cases {
        assert_eq!(got.dtype(), Dtype::Float64, "{name}");
        let want: Vec<f64> = XS.iter().map(|&v| f(v)).collect();
        let g = f64s(&got);
        for ((a, b), v) in g.iter().zip(&want).zip(XS) {
            assert!(
                (a - b).abs() <= 1e-12 * (1.0 + b.abs()),
                "{name}({v}) = {a}, want {b}"
            );
        }
    }
}

#[test]
fn activations_with_parameters() {
    let x = arr(&XS);
    let y = ivy::threshold(&x, 0.3, -9.0).unwrap();
    let want: Vec<f64> = XS.iter().map(|&v| if v > 0.3 { v } else { -9.0 }).collect();
    assert_eq!(f64s(&y), want);
    let y = ivy::prelu(&x, &ivy::full_like(&x, 0.25).unwrap()).unwrap();
    let want: Vec<f64> = XS
        .iter()
        .map(|&v| if v > 0.0 { v } else { 0.25 * v })
        .collect();
    assert_eq!(f64s(&y), want);
    let y = ivy::celu_with(&x, ivy::opts::Celu::new().alpha(0.5)).unwrap();
    let want: Vec<f64> = XS
        .iter()
        .map(|&v| v.max(0.0) + (0.5 * ((v / 0.5).exp() - 1.0)).min(0.0))
        .collect();
    close(&f64s(&y), &want, 1e-12);
    let y = ivy::hardtanh_with(&x, ivy::opts::Hardtanh::new().min_val(-2.0).max_val(3.0)).unwrap();
    let want: Vec<f64> = XS.iter().map(|&v| v.clamp(-2.0, 3.0)).collect();
    assert_eq!(f64s(&y), want);
    assert!(ivy::celu_with(&x, ivy::opts::Celu::new().alpha(0.0)).is_err());
}

#[test]
fn logit_inverts_the_sigmoid_and_is_nan_outside_the_unit_interval() {
    let p = arr(&[0.1, 0.5, 0.9]);
    let back = ivy::sigmoid(&ivy::logit(&p).unwrap()).unwrap();
    close(&f64s(&back), &[0.1, 0.5, 0.9], 1e-12);
    let out = f64s(&ivy::logit(&arr(&[-0.5, 1.5])).unwrap());
    assert!(out.iter().all(|v| v.is_nan()));
    let eps = f64s(&ivy::logit_with(&arr(&[-0.5, 1.5]), ivy::opts::Logit::new().eps(0.1)).unwrap());
    close(&eps, &[(0.1f64 / 0.9).ln(), (0.9f64 / 0.1).ln()], 1e-12);
}

#[test]
fn logsigmoid_is_stable_far_out() {
    let y = f64s(&ivy::logsigmoid(&arr(&[-800.0, 800.0])).unwrap());
    assert_eq!(y[0], -800.0);
    assert_eq!(y[1], 0.0);
    let y32 = ivy::logsigmoid(&ivy::array![-200.0f32])
        .unwrap()
        .to_vec::<f32>()
        .unwrap();
    assert_eq!(y32, vec![-200.0]);
}

#[test]
fn activations_refuse_integers_where_ivy_does() {
    let e = ivy::selu(&ivy::array![1, 2]).unwrap_err();
    assert!(e.to_string().contains("selu"), "{e}");
    // relu6 is defined on integers, as relu is.
    assert_eq!(
        ivy::relu6(&ivy::array![-3, 4, 9]).unwrap(),
        ivy::array![0, 4, 6]
    );
}

// ---------------------------------------------------------------- losses

#[test]
fn losses_match_their_formulas_under_each_reduction() {
    let a = [0.2, -1.5, 3.0, 0.7];
    let b = [0.0, 1.0, 1.0, 0.5];
    let (x, t) = (arr(&a), arr(&b));
    type L = fn(f64, f64) -> f64;
    let per: Vec<(&str, L)> = vec![
        ("l1_loss", |x, t| (x - t).abs()),
        ("huber_loss", |t, p| {
            let d = (t - p).abs();
            if d <= 1.0 { 0.5 * d * d } else { d - 0.5 }
        }),
        ("smooth_l1_loss", |x, t| {
            let d = (x - t).abs();
            if d < 1.0 { 0.5 * d * d } else { d - 0.5 }
        }),
        ("soft_margin_loss", |x, t| (1.0 + (-x * t).exp()).ln()),
        ("poisson_nll_loss", |x, t| x.exp() - t * x),
    ];
    for (name, f) in per {
        let want: Vec<f64> = a.iter().zip(&b).map(|(&p, &q)| f(p, q)).collect();
        let sum: f64 = want.iter().sum();
        for (red, expect) in [
            ("none", want.clone()),
            ("sum", vec![sum]),
            ("mean", vec![sum / 4.0]),
        ] {
            let got = match name {
                "l1_loss" => ivy::l1_loss_with(&x, &t, ivy::opts::L1Loss::new().reduction(red)),
                "huber_loss" => {
                    ivy::huber_loss_with(&x, &t, ivy::opts::HuberLoss::new().reduction(red))
                }
                "smooth_l1_loss" => {
                    ivy::smooth_l1_loss_with(&x, &t, ivy::opts::SmoothL1Loss::new().reduction(red))
                }
                "soft_margin_loss" => ivy::soft_margin_loss_with(
                    &x,
                    &t,
                    ivy::opts::SoftMarginLoss::new().reduction(red),
                ),
                _ => ivy::poisson_nll_loss_with(
                    &x,
                    &t,
                    ivy::opts::PoissonNllLoss::new().reduction(red),
                ),
            }
            .unwrap();
            close(&f64s(&got), &expect, 1e-12);
        }
    }
    let e = ivy::l1_loss_with(&x, &t, ivy::opts::L1Loss::new().reduction("avg")).unwrap_err();
    assert!(
        e.to_string().contains("l1_loss") && e.to_string().contains("avg"),
        "{e}"
    );
}

#[test]
fn huber_and_smooth_l1_take_their_thresholds() {
    let (t, p) = (arr(&[0.0, 0.0, 0.0]), arr(&[0.5, 2.0, -4.0]));
    let h = ivy::huber_loss_with(
        &t,
        &p,
        ivy::opts::HuberLoss::new().delta(2.0).reduction("none"),
    )
    .unwrap();
    assert_eq!(f64s(&h), vec![0.125, 2.0, 6.0]);
    let s = ivy::smooth_l1_loss_with(
        &t,
        &p,
        ivy::opts::SmoothL1Loss::new().beta(0.0).reduction("none"),
    )
    .unwrap();
    assert_eq!(f64s(&s), vec![0.5, 2.0, 4.0]);
}

#[test]
fn kl_div_forms_agree() {
    let p = [0.1, 0.6, 0.3];
    let q = [0.2, 0.2, 0.6];
    let input = ivy::log(&arr(&q)).unwrap();
    let want: f64 = p.iter().zip(&q).map(|(a, b)| a * (a / b).ln()).sum();
    let s = ivy::kl_div_with(&input, &arr(&p), ivy::opts::KlDiv::new().reduction("sum")).unwrap();
    close(&f64s(&s), &[want], 1e-12);
    let logp = ivy::log(&arr(&p)).unwrap();
    let s2 = ivy::kl_div_with(
        &input,
        &logp,
        ivy::opts::KlDiv::new().reduction("sum").log_target(true),
    )
    .unwrap();
    close(&f64s(&s2), &[want], 1e-12);
    // batchmean divides the sum by the length of the first axis.
    let two = ivy::stack(vec![input.clone(), input.clone()]).unwrap();
    let t2 = ivy::stack(vec![arr(&p), arr(&p)]).unwrap();
    let b = ivy::kl_div_with(&two, &t2, ivy::opts::KlDiv::new().reduction("batchmean")).unwrap();
    close(&f64s(&b), &[want], 1e-12);
    // A zero target contributes nothing (and no NaN), gradients included.
    let z = ivy::kl_div_with(
        &input,
        &arr(&[0.0, 0.5, 0.5]),
        ivy::opts::KlDiv::new().reduction("none"),
    )
    .unwrap();
    assert_eq!(f64s(&z)[0], 0.0);
    let g = ivy::grad(|t: &Array| {
        ivy::kl_div_with(&input, t, ivy::opts::KlDiv::new().reduction("sum"))
    })(&arr(&[0.0, 0.5, 0.5]))
    .unwrap();
    assert!(f64s(&g).iter().all(|v| v.is_finite()));
}

#[test]
fn poisson_losses_with_stirling_terms() {
    let t = arr(&[0.0, 1.0, 3.0]);
    let logr = arr(&[0.5, -0.2, 1.0]);
    let stirling = |k: f64| {
        if k > 1.0 {
            k * k.ln() - k + 0.5 * (2.0 * std::f64::consts::PI * k).ln()
        } else {
            0.0
        }
    };
    let want: Vec<f64> = [0.0, 1.0, 3.0]
        .iter()
        .zip([0.5, -0.2, 1.0])
        .map(|(&k, r): (&f64, f64)| r.exp() - r * k + stirling(k))
        .collect();
    let full = ivy::log_poisson_loss_with(
        &t,
        &logr,
        ivy::opts::LogPoissonLoss::new().compute_full_loss(true),
    )
    .unwrap();
    close(&f64s(&full), &want, 1e-12);
    let nll = ivy::poisson_nll_loss_with(
        &logr,
        &t,
        ivy::opts::PoissonNllLoss::new()
            .full(true)
            .reduction("none"),
    )
    .unwrap();
    close(&f64s(&nll), &want, 1e-12);
    // Rates instead of log-rates.
    let rates = arr(&[2.0, 0.5]);
    let counts = arr(&[1.0, 2.0]);
    let r = ivy::poisson_nll_loss_with(
        &rates,
        &counts,
        ivy::opts::PoissonNllLoss::new()
            .log_input(false)
            .reduction("none"),
    )
    .unwrap();
    close(
        &f64s(&r),
        &[2.0 - (2.0f64 + 1e-8).ln(), 0.5 - 2.0 * (0.5f64 + 1e-8).ln()],
        1e-12,
    );
    // Reduced along an axis.
    let m = ivy::log_poisson_loss_with(
        &ivy::reshape(&t, [1, 3]).unwrap(),
        &ivy::reshape(&logr, [1, 3]).unwrap(),
        ivy::opts::LogPoissonLoss::new().reduction("sum"),
    )
    .unwrap();
    assert_eq!(m.shape().dims(), &[1]);
}

#[test]
fn hinge_embedding_and_wasserstein_losses() {
    let x = arr(&[0.3, 0.4, 1.5, 0.2]);
    let t = arr(&[1.0, -1.0, -1.0, 1.0]);
    let l = ivy::hinge_embedding_loss_with(
        &x,
        &t,
        ivy::opts::HingeEmbeddingLoss::new().reduction("none"),
    )
    .unwrap();
    close(&f64s(&l), &[0.3, 0.6, 0.0, 0.2], 1e-12);
    let m = ivy::hinge_embedding_loss(&x, &t).unwrap();
    close(&f64s(&m), &[1.1 / 4.0], 1e-12);
    let d = ivy::wasserstein_loss_discriminator(&arr(&[1.0, 2.0]), &arr(&[0.0, 4.0, 5.0])).unwrap();
    assert_eq!(f64s(&d), vec![3.0 - 1.5]);
    assert_eq!(
        f64s(&ivy::wasserstein_loss_generator(&arr(&[1.0, 2.0])).unwrap()),
        vec![-1.5]
    );
}

/// SSIM over 3x3 windows cut at the borders, in plain loops.
fn ssim_reference(t: &[f64], p: &[f64], h: usize, w: usize) -> f64 {
    let (c1, c2) = (1e-4, 9e-4);
    let mut total = 0.0;
    for i in 0..h {
        for j in 0..w {
            let (mut n, mut sx, mut sy, mut sxx, mut syy, mut sxy) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
            for a in i.saturating_sub(1)..(i + 2).min(h) {
                for b in j.saturating_sub(1)..(j + 2).min(w) {
                    let (x, y) = (p[a * w + b], t[a * w + b]);
                    n += 1.0;
                    sx += x;
                    sy += y;
                    sxx += x * x;
                    syy += y * y;
                    sxy += x * y;
                }
            }
            let (mx, my) = (sx / n, sy / n);
            let (vx, vy, cxy) = (sxx / n - mx * mx, syy / n - my * my, sxy / n - mx * my);
            let s = ((2.0 * mx * my + c1) * (2.0 * cxy + c2))
                / ((mx * mx + my * my + c1) * (vx + vy + c2));
            total += 1.0 - s;
        }
    }
    total / (h * w) as f64
}

#[test]
fn ssim_loss_matches_a_windowed_reference() {
    let (h, w) = (4, 5);
    let t: Vec<f64> = (0..h * w).map(|k| ((k * 7) % 11) as f64 / 10.0).collect();
    let p: Vec<f64> = (0..h * w).map(|k| ((k * 3) % 13) as f64 / 12.0).collect();
    let ta = Array::from_shape_vec(vec![h, w], t.clone()).unwrap();
    let pa = Array::from_shape_vec(vec![h, w], p.clone()).unwrap();
    let got = f64s(&ivy::ssim_loss(&ta, &pa).unwrap());
    close(&got, &[ssim_reference(&t, &p, h, w)], 1e-12);
    let e = ivy::ssim_loss(&arr(&[1.0]), &arr(&[1.0])).unwrap_err();
    assert!(e.to_string().contains("ssim_loss"), "{e}");
}

// ---------------------------------------------------------------- norms

fn mean_var(v: &[f64]) -> (f64, f64) {
    let n = v.len() as f64;
    let m = v.iter().sum::<f64>() / n;
    (m, v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / n)
}

#[test]
fn layer_norm_normalizes_the_given_axes() {
    let v: Vec<f64> = (0..12).map(|k| (k * k % 7) as f64).collect();
    let x = Array::from_shape_vec(vec![3, 4], v.clone()).unwrap();
    let y = f64s(&ivy::layer_norm(&x, [-1]).unwrap());
    for r in 0..3 {
        let row = &v[r * 4..r * 4 + 4];
        let (m, var) = mean_var(row);
        let want: Vec<f64> = row.iter().map(|a| (a - m) / (var + 1e-5).sqrt()).collect();
        close(&y[r * 4..r * 4 + 4], &want, 1e-12);
    }
    let all = f64s(&ivy::layer_norm(&x, [0, 1]).unwrap());
    let (m, var) = mean_var(&all);
    assert!(m.abs() < 1e-12 && (var - 1.0).abs() < 1e-5);
    let s = ivy::layer_norm_with(&x, [-1], ivy::opts::LayerNorm::new().new_std(2.0)).unwrap();
    close(
        &f64s(&s),
        &y.iter().map(|a| 2.0 * a).collect::<Vec<_>>(),
        1e-12,
    );
}

#[test]
fn batch_norm_in_both_layouts_and_modes() {
    // NSC: [N=2, S=3, C=2].
    let v: Vec<f64> = (0..12).map(|k| ((k * 5) % 9) as f64).collect();
    let x = Array::from_shape_vec(vec![2, 3, 2], v.clone()).unwrap();
    let (mean, var) = (arr(&[1.0, 2.0]), arr(&[4.0, 0.25]));
    let (y, rm, rv) = ivy::batch_norm(&x, &mean, &var).unwrap();
    let want: Vec<f64> = v
        .iter()
        .enumerate()
        .map(|(k, a)| {
            let c = k % 2;
            let (m, s) = ([1.0, 2.0][c], [4.0f64, 0.25][c]);
            (a - m) / (s + 1e-5).sqrt()
        })
        .collect();
    close(&f64s(&y), &want, 1e-12);
    assert_eq!((f64s(&rm), f64s(&rv)), (vec![1.0, 2.0], vec![4.0, 0.25]));
    // Training: batch statistics per channel, running ones updated.
    let (_, rm, rv) =
        ivy::batch_norm_with(&x, &mean, &var, ivy::opts::BatchNorm::new().training(true)).unwrap();
    for c in 0..2 {
        let ch: Vec<f64> = v.iter().skip(c).step_by(2).copied().collect();
        let (m, s) = mean_var(&ch);
        let n = ch.len() as f64;
        close(&[f64s(&rm)[c]], &[0.9 * [1.0, 2.0][c] + 0.1 * m], 1e-12);
        close(
            &[f64s(&rv)[c]],
            &[0.9 * [4.0, 0.25][c] + 0.1 * s * n / (n - 1.0)],
            1e-12,
        );
    }
    // NCS gives the same numbers on the transposed array.
    let ncs = ivy::permute_dims(&x, [0, 2, 1]).unwrap();
    let (y2, _, _) = ivy::batch_norm_with(
        &ncs,
        &mean,
        &var,
        ivy::opts::BatchNorm::new().data_format("NCS"),
    )
    .unwrap();
    assert_eq!(ivy::permute_dims(&y2, [0, 2, 1]).unwrap(), y);
    let e = ivy::batch_norm_with(
        &x,
        &mean,
        &var,
        ivy::opts::BatchNorm::new().data_format("NHWC"),
    )
    .unwrap_err();
    assert!(e.to_string().contains("batch_norm"), "{e}");
}

#[test]
fn instance_and_group_norm_normalize_per_sample() {
    // NSC: [N=2, S=4, C=2].
    let v: Vec<f64> = (0..16).map(|k| ((k * 7) % 10) as f64).collect();
    let x = Array::from_shape_vec(vec![2, 4, 2], v.clone()).unwrap();
    let zeros = arr(&[0.0, 0.0]);
    let ones = arr(&[1.0, 1.0]);
    let (y, _, _) = ivy::instance_norm_with(
        &x,
        &zeros,
        &ones,
        ivy::opts::InstanceNorm::new().training(true).eps(1e-5),
    )
    .unwrap();
    let y = f64s(&y);
    // One group per channel is instance normalization without statistics.
    let g = f64s(&ivy::group_norm_with(&x, 2, ivy::opts::GroupNorm::new().eps(1e-5)).unwrap());
    close(&g, &y, 1e-9);
    for n in 0..2 {
        for c in 0..2 {
            let vals: Vec<f64> = (0..4).map(|s| v[n * 8 + s * 2 + c]).collect();
            let (m, var) = mean_var(&vals);
            for s in 0..4 {
                let k = n * 8 + s * 2 + c;
                close(&[y[k]], &[(v[k] - m) / (var + 1e-5).sqrt()], 1e-12);
            }
        }
    }
    // One group: each sample over everything.
    let g1 = f64s(&ivy::group_norm(&x, 1).unwrap());
    for n in 0..2 {
        let (m, var) = mean_var(&g1[n * 8..n * 8 + 8]);
        assert!(m.abs() < 1e-12 && (var - 1.0).abs() < 1e-4);
    }
    let e = ivy::group_norm(&x, 3).unwrap_err();
    assert!(e.to_string().contains("group_norm"), "{e}");
}

#[test]
fn lp_normalize_gives_unit_norms() {
    let x = Array::from_shape_vec(vec![2, 3], vec![1.0, -2.0, 2.0, 0.0, 3.0, 4.0]).unwrap();
    let l2 = f64s(&ivy::l2_normalize_with(&x, ivy::opts::L2Normalize::new().axis(1)).unwrap());
    close(
        &l2,
        &[1.0 / 3.0, -2.0 / 3.0, 2.0 / 3.0, 0.0, 0.6, 0.8],
        1e-12,
    );
    let l1 = f64s(&ivy::l1_normalize(&x).unwrap());
    close(
        &l1,
        &[
            1.0 / 12.0,
            -2.0 / 12.0,
            2.0 / 12.0,
            0.0,
            3.0 / 12.0,
            4.0 / 12.0,
        ],
        1e-12,
    );
    let l3 = ivy::lp_normalize_with(&x, ivy::opts::LpNormalize::new().p(3.0).axis(1)).unwrap();
    for row in f64s(&l3).chunks(3) {
        let n: f64 = row.iter().map(|v| v.abs().powi(3)).sum::<f64>().cbrt();
        assert!((n - 1.0).abs() < 1e-12);
    }
    // The zero vector stays zero.
    assert_eq!(
        f64s(&ivy::l2_normalize(&arr(&[0.0, 0.0])).unwrap()),
        vec![0.0, 0.0]
    );
}

#[test]
fn local_response_norm_matches_a_loop() {
    let c = 5;
    let v: Vec<f64> = (0..2 * c).map(|k| 0.5 + (k % 4) as f64).collect();
    let x = Array::from_shape_vec(vec![1, 1, 2, c], v.clone()).unwrap();
    for (size, average) in [(3usize, false), (4, true), (1, false)] {
        let o = ivy::opts::LocalResponseNorm::new()
            .bias(2.0)
            .alpha(0.1)
            .beta(0.75)
            .average(average);
        let y = f64s(&ivy::local_response_norm_with(&x, size, o).unwrap());
        for p in 0..2 {
            for ch in 0..c {
                let lo = ch.saturating_sub(size / 2);
                let hi = (ch + (size - 1) / 2).min(c - 1);
                let mut s: f64 = (lo..=hi).map(|k| v[p * c + k].powi(2)).sum();
                if average {
                    s /= size as f64;
                }
                let want = v[p * c + ch] / (2.0 + 0.1 * s).powf(0.75);
                close(&[y[p * c + ch]], &[want], 1e-12);
            }
        }
    }
    // NCHW is the same on the transposed array.
    let nchw = ivy::permute_dims(&x, [0, 3, 1, 2]).unwrap();
    let a = ivy::local_response_norm_with(
        &nchw,
        3,
        ivy::opts::LocalResponseNorm::new().data_format("NCHW"),
    )
    .unwrap();
    let b = ivy::local_response_norm(&x, 3).unwrap();
    assert_eq!(ivy::permute_dims(&a, [0, 2, 3, 1]).unwrap(), b);
    assert!(ivy::local_response_norm(&arr(&[1.0]), 3).is_err());
}

// ---------------------------------------------------------------- pad

#[test]
fn pad_modes_on_a_matrix() {
    let x = ivy::array![[1, 2, 3], [4, 5, 6]];
    let p = |mode: &str| ivy::pad_with(&x, [1], ivy::opts::Pad::new().mode(mode)).unwrap();
    assert_eq!(
        p("constant"),
        ivy::array![
            [0, 0, 0, 0, 0],
            [0, 1, 2, 3, 0],
            [0, 4, 5, 6, 0],
            [0, 0, 0, 0, 0]
        ]
    );
    assert_eq!(
        p("edge"),
        ivy::array![
            [1, 1, 2, 3, 3],
            [1, 1, 2, 3, 3],
            [4, 4, 5, 6, 6],
            [4, 4, 5, 6, 6]
        ]
    );
    assert_eq!(
        p("reflect"),
        ivy::array![
            [5, 4, 5, 6, 5],
            [2, 1, 2, 3, 2],
            [5, 4, 5, 6, 5],
            [2, 1, 2, 3, 2]
        ]
    );
    assert_eq!(
        p("wrap"),
        ivy::array![
            [6, 4, 5, 6, 4],
            [3, 1, 2, 3, 1],
            [6, 4, 5, 6, 4],
            [3, 1, 2, 3, 1]
        ]
    );
    // Statistics of each row first, then of each column of that.
    assert_eq!(
        p("minimum"),
        ivy::array![
            [1, 1, 2, 3, 1],
            [1, 1, 2, 3, 1],
            [4, 4, 5, 6, 4],
            [1, 1, 2, 3, 1]
        ]
    );
    // Means round half to even for integers: the columns (2.5, 3.5, 4.5)
    // give (2, 4, 4), whose mean 10 / 3 gives 3.
    assert_eq!(
        p("mean"),
        ivy::array![
            [3, 2, 4, 4, 3],
            [2, 1, 2, 3, 2],
            [5, 4, 5, 6, 5],
            [3, 2, 4, 4, 3]
        ]
    );
    let widths = ivy::pad_with(&x, [0, 1, 2, 0], ivy::opts::Pad::new().constant_values(7)).unwrap();
    assert_eq!(
        widths,
        ivy::array![[7, 7, 1, 2, 3], [7, 7, 4, 5, 6], [7, 7, 7, 7, 7]]
    );
}

#[test]
fn pad_wide_reflections_repeat_as_numpy() {
    let x = ivy::array![1, 2, 3];
    let p = |mode: &str, odd: bool| {
        let o = ivy::opts::Pad::new()
            .mode(mode)
            .reflect_type(if odd { "odd" } else { "even" });
        ivy::pad_with(&x, [5, 4], o)
            .unwrap()
            .to_vec::<i32>()
            .unwrap()
    };
    // numpy.pad([1, 2, 3], (5, 4), mode) written out by hand.
    assert_eq!(p("reflect", false), [2, 1, 2, 3, 2, 1, 2, 3, 2, 1, 2, 3]);
    assert_eq!(p("symmetric", false), [2, 3, 3, 2, 1, 1, 2, 3, 3, 2, 1, 1]);
    assert_eq!(p("wrap", false), [2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1]);
    // Odd: point reflections through the edges, repeated: a straight line here.
    assert_eq!(p("reflect", true), [-4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(
        p("symmetric", true),
        [-2, -1, -1, 0, 1, 1, 2, 3, 3, 4, 5, 5]
    );
    // A single element reflects as an edge (NumPy's legacy rule).
    let one = ivy::pad_with(&ivy::array![4], [2], ivy::opts::Pad::new().mode("reflect")).unwrap();
    assert_eq!(one, ivy::array![4, 4, 4, 4, 4]);
}

#[test]
fn pad_linear_ramp_and_stat_length() {
    let x = ivy::array![10.0, 20.0, 30.0];
    let r = ivy::pad_with(
        &x,
        [3, 2],
        ivy::opts::Pad::new().mode("linear_ramp").end_values(1),
    )
    .unwrap();
    assert_eq!(
        r.to_vec::<f32>().unwrap(),
        vec![1.0, 4.0, 7.0, 10.0, 20.0, 30.0, 15.5, 1.0]
    );
    // Integers: NumPy's linspace floors: from 0 towards 5 in 3 steps is 0, 1.67, 3.33.
    let i = ivy::pad_with(
        &ivy::array![5],
        [3, 0],
        ivy::opts::Pad::new().mode("linear_ramp"),
    )
    .unwrap();
    assert_eq!(i, ivy::array![0, 1, 3, 5]);
    let s = ivy::pad_with(
        &x,
        [1],
        ivy::opts::Pad::new().mode("maximum").stat_length([1, 2]),
    )
    .unwrap();
    assert_eq!(
        s.to_vec::<f32>().unwrap(),
        vec![10.0, 10.0, 20.0, 30.0, 30.0]
    );
    let med = ivy::pad_with(
        &ivy::array![3.0, 1.0, 2.0, 10.0],
        [1],
        ivy::opts::Pad::new().mode("median"),
    )
    .unwrap();
    assert_eq!(
        med.to_vec::<f32>().unwrap(),
        vec![2.5, 3.0, 1.0, 2.0, 10.0, 2.5]
    );
}

#[test]
fn pad_refuses_bad_arguments() {
    let x = ivy::array![[1.0, 2.0]];
    let msg = |r: ivy::Result<Array>| r.unwrap_err().to_string();
    assert!(msg(ivy::pad(&x, [1, 2, 3])).contains("pad_width"));
    assert!(msg(ivy::pad(&x, [-1])).contains("pad_width"));
    assert!(
        msg(ivy::pad_with(
            &x,
            [1],
            ivy::opts::Pad::new().mode("nearest")
        ))
        .contains("nearest")
    );
    assert!(
        msg(ivy::pad_with(
            &x,
            [1],
            ivy::opts::Pad::new().mode("reflect").reflect_type("mirror")
        ))
        .contains("reflect_type")
    );
    let empty = ivy::zeros([0, 2]).unwrap();
    assert!(
        msg(ivy::pad_with(
            &empty,
            [1],
            ivy::opts::Pad::new().mode("edge")
        ))
        .contains("empty axis")
    );
    assert_eq!(ivy::pad(&empty, [1]).unwrap().shape().dims(), &[2, 4]);
    let b = ivy::array![true, false];
    assert!(msg(ivy::pad_with(&b, [1], ivy::opts::Pad::new().mode("mean"))).contains("pad"));
    assert_eq!(
        ivy::pad_with(&b, [1], ivy::opts::Pad::new().mode("wrap")).unwrap(),
        ivy::array![false, true, false, true]
    );
}

#[test]
fn constant_and_zero_pad() {
    let x = ivy::array![[1, 2]];
    assert_eq!(
        ivy::zero_pad(&x, [1, 0, 0, 1]).unwrap(),
        ivy::array![[0, 0, 0], [1, 2, 0]]
    );
    let c =
        ivy::constant_pad_with(&x, [0, 0, 1, 1], ivy::opts::ConstantPad::new().value(-1)).unwrap();
    assert_eq!(c, ivy::array![[-1, 1, 2, -1]]);
}

#[test]
fn pad_gradients_sum_over_the_copies() {
    // Edge padding copies x[0] twice and x[2] once more: d/dx sum = [3, 1, 2].
    let g = ivy::grad(|x: &Array| {
        ivy::sum(&ivy::pad_with(
            x,
            [2, 1],
            ivy::opts::Pad::new().mode("edge"),
        )?)
    })(&arr(&[1.0, 2.0, 3.0]))
    .unwrap();
    assert_eq!(f64s(&g), vec![3.0, 1.0, 2.0]);
    // Odd reflection: pad = [2 x0 - x1]: d/dx = [1 + 2, 1 - 1, 1].
    let g = ivy::grad(|x: &Array| {
        ivy::sum(&ivy::pad_with(
            x,
            [1, 0],
            ivy::opts::Pad::new().mode("reflect").reflect_type("odd"),
        )?)
    })(&arr(&[1.0, 2.0, 3.0]))
    .unwrap();
    assert_eq!(f64s(&g), vec![3.0, 0.0, 1.0]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Cutting the padding off gives the array back, in every mode.
    #[test]
    fn pad_then_slice_is_the_identity(
        rows in 1usize..4, cols in 1usize..4,
        w in proptest::collection::vec(0i64..5, 4),
        mode in proptest::sample::select(vec!["constant", "edge", "reflect", "symmetric", "wrap", "linear_ramp", "maximum", "mean", "median", "minimum"]),
        odd in any::<bool>(),
    ) {
        let n = rows * cols;
        let x = Array::from_shape_vec(vec![rows, cols], (0..n as i64).map(|k| (k * 37) % 11).collect::<Vec<_>>()).unwrap();
        let o = ivy::opts::Pad::new().mode(mode).reflect_type(if odd { "odd" } else { "even" });
        let y = ivy::pad_with(&x, w.clone(), o).unwrap();
        prop_assert_eq!(y.shape().dims(), &[rows + (w[0] + w[1]) as usize, cols + (w[2] + w[3]) as usize]);
        let back = y.get(ivy::s![w[0]..w[0] + rows as i64, w[2]..w[2] + cols as i64]).unwrap();
        prop_assert_eq!(back, x);
    }

    /// gather_nd reads what scatter_nd wrote at distinct positions.
    #[test]
    fn gather_nd_reads_back_scatter_nd(
        picks in proptest::collection::btree_set((0i64..3, 0i64..4), 1..8),
    ) {
        let picks: Vec<(i64, i64)> = picks.into_iter().collect();
        let flat: Vec<i64> = picks.iter().flat_map(|&(a, b)| [a, b]).collect();
        let idx = Array::from_shape_vec(vec![picks.len(), 2], flat).unwrap();
        let upd = Array::from_shape_vec(vec![picks.len()], (1..=picks.len() as i64).collect::<Vec<_>>()).unwrap();
        let s = ivy::scatter_nd_with(&idx, &upd, ivy::opts::ScatterNd::new().shape([3, 4])).unwrap();
        prop_assert_eq!(ivy::gather_nd(&s, &idx).unwrap(), upd);
        let total: i64 = s.to_vec::<i64>().unwrap().iter().sum();
        prop_assert_eq!(total, (1..=picks.len() as i64).sum::<i64>());
    }
}

// ---------------------------------------------------------------- gather_nd / scatter_nd

#[test]
fn gather_nd_shapes_and_batches() {
    let p = Array::from_shape_vec(vec![2, 3, 4], (0..24).collect::<Vec<i32>>()).unwrap();
    // Full tuples pick elements; shorter ones pick rows.
    let e = ivy::gather_nd(&p, &ivy::array![[1, 2, 3], [0, 0, 1]]).unwrap();
    assert_eq!(e, ivy::array![23, 1]);
    let rows = ivy::gather_nd(&p, &ivy::array![[[1, 0]], [[0, 2]]]).unwrap();
    assert_eq!(rows.shape().dims(), &[2, 1, 4]);
    assert_eq!(
        rows.to_vec::<i32>().unwrap(),
        vec![12, 13, 14, 15, 8, 9, 10, 11]
    );
    let b = ivy::gather_nd_with(
        &p,
        &ivy::array![[[2, 1]], [[0, -1]]],
        ivy::opts::GatherNd::new().batch_dims(1),
    )
    .unwrap();
    assert_eq!(b, ivy::array![[9], [15]]);
    let err = ivy::gather_nd(&p, &ivy::array![[2, 0, 0]]).unwrap_err();
    assert!(err.to_string().contains("out of bounds"), "{err}");
    assert!(ivy::gather_nd(&p, &ivy::array![[0.0]]).is_err());
    assert!(
        ivy::gather_nd(&p, &ivy::array![[0, 0, 0, 0]])
            .unwrap_err()
            .to_string()
            .contains("gather_nd")
    );
}

#[test]
fn scatter_nd_reductions_and_errors() {
    let i = ivy::array![[0, 1], [1, 0], [0, 1]];
    let u = ivy::array![5.0, -2.0, 3.0];
    let run = |r: &str| {
        ivy::scatter_nd_with(
            &i,
            &u,
            ivy::opts::ScatterNd::new().shape([2, 2]).reduction(r),
        )
        .unwrap()
        .to_vec::<f32>()
        .unwrap()
    };
    assert_eq!(run("sum"), vec![0.0, 8.0, -2.0, 0.0]);
    assert_eq!(run("replace"), vec![0.0, 3.0, -2.0, 0.0]);
    assert_eq!(run("max"), vec![0.0, 5.0, -2.0, 0.0]);
    assert_eq!(run("min"), vec![0.0, 3.0, -2.0, 0.0]);
    let inferred = ivy::scatter_nd(&i, &u).unwrap();
    assert_eq!(inferred.shape().dims(), &[2, 2]);
    let neg = ivy::scatter_nd_with(
        &ivy::array![[-1]],
        &ivy::array![7],
        ivy::opts::ScatterNd::new().shape([3]),
    )
    .unwrap();
    assert_eq!(neg, ivy::array![0, 0, 7]);
    let msg = |r: ivy::Result<Array>| r.unwrap_err().to_string();
    assert!(
        msg(ivy::scatter_nd_with(
            &i,
            &u,
            ivy::opts::ScatterNd::new().shape([2, 1])
        ))
        .contains("out of bounds")
    );
    assert!(
        msg(ivy::scatter_nd_with(
            &i,
            &u,
            ivy::opts::ScatterNd::new().reduction("mul")
        ))
        .contains("reduction")
    );
    assert!(msg(ivy::scatter_nd(&i, &ivy::array![1.0, 2.0])).contains("scatter_nd"));
    assert!(msg(ivy::scatter_nd(&ivy::array![[-1]], &ivy::array![1.0])).contains("give shape"));
    let huge = ivy::scatter_nd_with(
        &ivy::array![[0]],
        &ivy::array![[1.0]],
        ivy::opts::ScatterNd::new().shape([usize::MAX, 1]),
    );
    assert!(msg(huge).contains("too many elements"));
}

#[test]
fn scatter_gradients_go_to_the_written_updates() {
    let i = &ivy::array![[0], [1], [0]];
    let w = arr(&[1.0, 2.0, 3.0]);
    let grad = |r: &'static str| {
        ivy::grad(move |u: &Array| {
            let s =
                ivy::scatter_nd_with(i, u, ivy::opts::ScatterNd::new().shape([2]).reduction(r))?;
            ivy::sum(&ivy::multiply(&s, &ivy::array![10.0f64, 100.0])?)
        })(&arr(&[4.0, 7.0, 5.0]))
        .map(|g| f64s(&g))
        .unwrap()
    };
    assert_eq!(grad("sum"), vec![10.0, 100.0, 10.0]);
    assert_eq!(grad("replace"), vec![0.0, 100.0, 10.0]);
    assert_eq!(grad("max"), vec![0.0, 100.0, 10.0]);
    assert_eq!(grad("min"), vec![10.0, 100.0, 0.0]);
    // gather_nd's gradient scatters back, adding repeats.
    let g = ivy::grad(|p: &Array| ivy::sum(&ivy::gather_nd(p, &ivy::array![[1], [1], [0]])?))(&w)
        .unwrap();
    assert_eq!(f64s(&g), vec![1.0, 2.0, 0.0]);
}

// ---------------------------------------------------------------- general

#[test]
fn clip_norms() {
    let x = arr(&[3.0, 4.0, 12.0]);
    let y = ivy::clip_vector_norm(&x, 6.5).unwrap();
    close(&f64s(&y), &[1.5, 2.0, 6.0], 1e-12);
    assert_eq!(
        ivy::clip_vector_norm(&x, 0.0).unwrap(),
        ivy::zeros_like(&x).unwrap()
    );
    assert!(
        ivy::clip_vector_norm(&x, -1.0)
            .unwrap_err()
            .to_string()
            .contains("clip_vector_norm")
    );
    // Spectral norm of [[1, 2], [3, 4]]: sqrt(15 + sqrt(221)).
    let m = Array::from_shape_vec(vec![2, 2], vec![1.0, 2.0, 3.0, 4.0]).unwrap();
    let s1 = (15.0f64 + 221f64.sqrt()).sqrt();
    let c = f64s(&ivy::clip_matrix_norm(&m, 1.0).unwrap());
    close(&c, &[1.0 / s1, 2.0 / s1, 3.0 / s1, 4.0 / s1], 1e-12);
    // Column sums 4, 6; row sums 3, 7.
    let p = |p: f64, lim: f64| {
        f64s(&ivy::clip_matrix_norm_with(&m, lim, ivy::opts::ClipMatrixNorm::new().p(p)).unwrap())
    };
    close(&p(1.0, 3.0), &[0.5, 1.0, 1.5, 2.0], 1e-12);
    close(&p(-1.0, 2.0), &[0.5, 1.0, 1.5, 2.0], 1e-12);
    close(&p(f64::INFINITY, 3.5), &[0.5, 1.0, 1.5, 2.0], 1e-12);
    close(&p(f64::NEG_INFINITY, 1.5), &[0.5, 1.0, 1.5, 2.0], 1e-12);
    assert!(ivy::clip_matrix_norm_with(&m, 1.0, ivy::opts::ClipMatrixNorm::new().p(3.0)).is_err());
    // Frobenius sqrt(30); nuclear s1 + s2 = sqrt(30 + 2 |det|) = sqrt(34);
    // the smallest singular value sqrt(15 - sqrt(221)).
    let o = |ord: &str| {
        f64s(
            &ivy::clip_matrix_norm_with(&m, 1.0, ivy::opts::ClipMatrixNorm::new().ord(ord))
                .unwrap(),
        )
    };
    let scaled = |n: f64| [1.0 / n, 2.0 / n, 3.0 / n, 4.0 / n];
    close(&o("fro"), &scaled(30f64.sqrt()), 1e-12);
    close(&o("nuc"), &scaled(34f64.sqrt()), 1e-12);
    close(&o("2"), &scaled(s1), 1e-12);
    let s2 = (15.0f64 - 221f64.sqrt()).sqrt();
    close(
        &p(-2.0, 0.1),
        &[0.1 / s2, 0.2 / s2, 0.3 / s2, 0.4 / s2],
        1e-10,
    );
    close(&o("-2"), &[1.0, 2.0, 3.0, 4.0], 1e-12); // s2 < 1: unchanged
    // ord replaces p.
    let both = ivy::opts::ClipMatrixNorm::new().p(1.0).ord("fro");
    close(
        &f64s(&ivy::clip_matrix_norm_with(&m, 1.0, both).unwrap()),
        &scaled(30f64.sqrt()),
        1e-12,
    );
    let bad = ivy::clip_matrix_norm_with(&m, 1.0, ivy::opts::ClipMatrixNorm::new().ord("max"));
    assert!(bad.unwrap_err().to_string().contains("clip_matrix_norm"));
    for shape in [[2usize, 0, 3], [0, 2, 2], [1, 3, 0]] {
        let e = ivy::zeros(shape).unwrap();
        assert_eq!(
            ivy::clip_matrix_norm(&e, 1.0).unwrap().shape().dims(),
            &shape
        );
    }
    assert_eq!(
        ivy::clip_matrix_norm(&ivy::zeros([2, 2]).unwrap(), 1.0).unwrap(),
        ivy::zeros([2, 2]).unwrap()
    );
    // A batch: each matrix on its own; a small one is left as it is.
    let b = ivy::stack(vec![m.clone(), ivy::multiply(&m, 0.01).unwrap()]).unwrap();
    let cb = f64s(&ivy::clip_matrix_norm(&b, 1.0).unwrap());
    close(&cb[4..], &[0.01, 0.02, 0.03, 0.04], 1e-12);
    // The gradient of the spectral norm is u v^T.
    let g = ivy::grad(|x: &Array| {
        let y = ivy::clip_matrix_norm(x, 1.0)?;
        // y = x / s1(x), so sum(y * x) = |x|_F^2 / s1.
        ivy::sum(&ivy::multiply(&y, &ivy::stop_gradient(x)?)?)
    })(&m)
    .unwrap();
    assert!(f64s(&g).iter().all(|v| v.is_finite()));
}

#[test]
fn msort_sorts_along_the_first_axis() {
    let a = ivy::array![[5, 1, 4], [2, 3, 9], [1, 8, 0]];
    assert_eq!(
        ivy::msort(&a).unwrap(),
        ivy::array![[1, 1, 0], [2, 3, 4], [5, 8, 9]]
    );
    assert!(
        ivy::msort(&Array::scalar(1.0f64))
            .unwrap_err()
            .to_string()
            .contains("msort")
    );
}

// ---------------------------------------------------------------- control flow

#[test]
fn vmap_of_matmul_is_batched_matmul() {
    let a = Array::from_shape_vec(
        vec![4, 2, 3],
        (0..24).map(|k| k as f64 * 0.5).collect::<Vec<_>>(),
    )
    .unwrap();
    let b = Array::from_shape_vec(
        vec![4, 3, 2],
        (0..24).map(|k| (k % 5) as f64).collect::<Vec<_>>(),
    )
    .unwrap();
    let mm = ivy::vmap(|xs: &[Array]| ivy::matmul(&xs[0], &xs[1]), Vec::new(), 0);
    assert_eq!(
        mm(&[a.clone(), b.clone()]).unwrap(),
        ivy::matmul(&a, &b).unwrap()
    );
    // Mapping a over its last axis, stacking along the last axis.
    let sums = ivy::vmap(|xs: &[Array]| ivy::sum(&xs[0]), [Some(-1)], 0);
    assert_eq!(
        sums(std::slice::from_ref(&a)).unwrap(),
        ivy::sum_with(&a, ivy::opts::Sum::new().axis([0, 1])).unwrap()
    );
    let t = ivy::vmap(|xs: &[Array]| Ok(xs[0].clone()), [Some(0)], 1);
    assert_eq!(
        t(std::slice::from_ref(&a)).unwrap(),
        ivy::permute_dims(&a, [1, 0, 2]).unwrap()
    );
    // Errors: lengths differ, wrong arity, nothing mapped, empty axis.
    let msg = |r: ivy::Result<Array>| r.unwrap_err().to_string();
    let c = ivy::zeros([3, 3, 2]).unwrap();
    assert!(msg(mm(&[a.clone(), c])).contains("different lengths"));
    let one = ivy::vmap(|xs: &[Array]| Ok(xs[0].clone()), [Some(0), None], 0);
    assert!(msg(one(std::slice::from_ref(&a))).contains("in_axes"));
    let none = ivy::vmap(|xs: &[Array]| Ok(xs[0].clone()), [None], 0);
    assert!(msg(none(std::slice::from_ref(&a))).contains("maps no input"));
    assert!(msg(t(&[ivy::zeros([0, 2]).unwrap()])).contains("empty"));
}

#[test]
fn control_flow_is_differentiable_through_the_branch_taken() {
    let f = |x: &Array| {
        let big = ivy::greater(&ivy::sum(x)?, 0)?;
        let y = ivy::if_else(
            &big,
            |v: &Array| ivy::multiply(v, v),
            |v| ivy::multiply(v, 3),
            x,
        )?;
        ivy::sum(&y)
    };
    assert_eq!(
        f64s(&ivy::grad(f)(&arr(&[1.0, 2.0])).unwrap()),
        vec![2.0, 4.0]
    );
    assert_eq!(
        f64s(&ivy::grad(f)(&arr(&[-1.0, -2.0])).unwrap()),
        vec![3.0, 3.0]
    );
    // while_loop: square until above 10: x -> x^4 for x = 2.
    let g = ivy::grad(|x: &Array| {
        let y = ivy::while_loop(
            |v: &Array| ivy::less(&ivy::sum(v)?, 10),
            |v| ivy::multiply(&v, &v),
            x.clone(),
        )?;
        ivy::sum(&y)
    })(&arr(&[2.0]))
    .unwrap();
    assert_eq!(f64s(&g), vec![32.0]);
    // for_loop over rows: a running product.
    let rows = ivy::unstack(&ivy::array![[1.0, 2.0], [3.0, 4.0]]).unwrap();
    let p = ivy::for_loop(
        rows,
        |r, acc: Array| ivy::multiply(&acc, &r),
        ivy::array![1.0, 1.0],
    )
    .unwrap();
    assert_eq!(p.to_vec::<f32>().unwrap(), vec![3.0, 8.0]);
    let e = ivy::if_else(ivy::array![true, false], |v: i32| Ok(v), Ok, 0).unwrap_err();
    assert!(e.to_string().contains("if_else"), "{e}");
    let e = ivy::while_loop(|_: &i32| Ok(ivy::array![1, 1]), Ok, 0).unwrap_err();
    assert!(e.to_string().contains("while_loop"), "{e}");
}

// ---------------------------------------------------------------- experimental manipulation

#[test]
fn rot90_turns_and_comes_back() {
    let m = Array::from_shape_vec(vec![2, 3], (1..=6).collect::<Vec<i32>>()).unwrap();
    let r = |k: i64| ivy::rot90_with(&m, ivy::opts::Rot90::new().k(k)).unwrap();
    // numpy.rot90([[1, 2, 3], [4, 5, 6]], k) written out by hand.
    assert_eq!(r(1), ivy::array![[3, 6], [2, 5], [1, 4]]);
    assert_eq!(r(2), ivy::array![[6, 5, 4], [3, 2, 1]]);
    assert_eq!(r(3), ivy::array![[4, 1], [5, 2], [6, 3]]);
    assert_eq!(r(4), m);
    assert_eq!(r(-1), r(3));
    let back = ivy::rot90_with(&m, ivy::opts::Rot90::new().axes([1, 0])).unwrap();
    assert_eq!(back, r(3));
    assert!(ivy::rot90_with(&m, ivy::opts::Rot90::new().axes([0, 0])).is_err());
    assert!(ivy::rot90(&ivy::array![1, 2]).is_err());
    assert_eq!(ivy::fliplr(&m).unwrap(), ivy::array![[3, 2, 1], [6, 5, 4]]);
    assert_eq!(ivy::flipud(&m).unwrap(), ivy::array![[4, 5, 6], [1, 2, 3]]);
    assert!(
        ivy::fliplr(&ivy::array![1, 2])
            .unwrap_err()
            .to_string()
            .contains("fliplr")
    );
}

#[test]
fn stacking_helpers_follow_numpy_shapes() {
    let a = ivy::array![1, 2, 3];
    let b = ivy::array![4, 5, 6];
    assert_eq!(ivy::vstack([&a, &b]).unwrap().shape().dims(), &[2, 3]);
    assert_eq!(
        ivy::hstack([&a, &b]).unwrap(),
        ivy::array![1, 2, 3, 4, 5, 6]
    );
    assert_eq!(ivy::dstack([&a, &b]).unwrap().shape().dims(), &[1, 3, 2]);
    assert_eq!(
        ivy::column_stack([&a, &b]).unwrap(),
        ivy::array![[1, 4], [2, 5], [3, 6]]
    );
    let s = ivy::Array::scalar(7i32);
    let r = ivy::atleast_3d([&s, &a]).unwrap();
    assert_eq!(
        (r[0].shape().dims(), r[1].shape().dims()),
        (&[1usize, 1, 1][..], &[1usize, 3, 1][..])
    );
    assert_eq!(ivy::atleast_2d([&s]).unwrap()[0].shape().dims(), &[1, 1]);
    assert!(ivy::vstack([&a, &ivy::array![1, 2]]).is_err());
}

#[test]
fn top_k_agrees_with_sorting() {
    let x = Array::from_shape_vec(
        vec![2, 5],
        vec![3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0, 5.0, 3.0],
    )
    .unwrap();
    let (v, i) = ivy::top_k(&x, 3).unwrap();
    assert_eq!(f64s(&v), vec![5.0, 4.0, 3.0, 9.0, 6.0, 5.0]);
    assert_eq!(i.to_vec::<i64>().unwrap(), vec![4, 2, 0, 0, 2, 3]);
    let (v, _) = ivy::top_k_with(&x, 2, ivy::opts::TopK::new().axis(0).largest(false)).unwrap();
    assert_eq!(
        f64s(&v),
        vec![3.0, 1.0, 4.0, 1.0, 3.0, 9.0, 2.0, 6.0, 5.0, 5.0]
    );
    assert!(ivy::top_k(&x, 6).unwrap_err().to_string().contains("top_k"));
    // The values carry the gradient to the picked elements.
    let g = ivy::grad(|x: &Array| ivy::sum(&ivy::top_k(x, 1)?.0))(&arr(&[1.0, 7.0, 3.0])).unwrap();
    assert_eq!(f64s(&g), vec![0.0, 1.0, 0.0]);
}

#[test]
fn put_along_axis_inverts_take_along_axis() {
    let a = ivy::array![[10, 30, 20], [60, 40, 50]];
    let order = ivy::argsort(&a).unwrap();
    let sorted = ivy::take_along_axis(&a, &order).unwrap();
    let back = ivy::put_along_axis(&ivy::zeros_like(&a).unwrap(), &order, &sorted, 1).unwrap();
    assert_eq!(back, a);
    let e = ivy::put_along_axis(&a, &ivy::array![[3]], &ivy::array![1], 1).unwrap_err();
    assert!(e.to_string().contains("out of bounds"), "{e}");
    let m = ivy::put_along_axis_with(
        &a,
        &ivy::array![[0]],
        &ivy::array![1],
        1,
        ivy::opts::PutAlongAxis::new().mode("mul"),
    );
    assert!(m.unwrap_err().to_string().contains("put_along_axis"));
}

#[test]
fn unique_consecutive_along_an_axis() {
    let x = ivy::array![[1, 1, 2, 2], [3, 3, 4, 5]];
    let (o, i, c) =
        ivy::unique_consecutive_with(&x, ivy::opts::UniqueConsecutive::new().axis(1)).unwrap();
    assert_eq!(o, ivy::array![[1, 2, 2], [3, 4, 5]]);
    assert_eq!(i, ivy::array![0i64, 0, 1, 2]);
    assert_eq!(c, ivy::array![2i64, 1, 1]);
    let (o, i, c) = ivy::unique_consecutive(&ivy::array![[1, 1], [1, 2]]).unwrap();
    assert_eq!(
        (o, i.shape().dims().to_vec(), c),
        (ivy::array![1, 2], vec![2, 2], ivy::array![3i64, 1])
    );
    let (o, _, c) = ivy::unique_consecutive(&arr(&[f64::NAN, f64::NAN])).unwrap();
    assert_eq!((o.size(), c.to_vec::<i64>().unwrap()), (2, vec![1, 1]));
    let (o, i, c) = ivy::unique_consecutive(&ivy::zeros([0]).unwrap()).unwrap();
    assert_eq!((o.size(), i.size(), c.size()), (0, 0, 0));
}

#[test]
fn heaviside_and_trim_zeros() {
    let h = ivy::heaviside(&arr(&[-2.0, -0.0, 0.0, 3.0, f64::NAN]), &arr(&[0.25])).unwrap();
    let v = f64s(&h);
    assert_eq!(&v[..4], &[0.0, 0.25, 0.25, 1.0]);
    assert!(v[4].is_nan());
    assert_eq!(ivy::trim_zeros(&ivy::array![0, 0, 0]).unwrap().size(), 0);
    let f =
        ivy::trim_zeros_with(&ivy::array![0, 1, 0], ivy::opts::TrimZeros::new().trim("f")).unwrap();
    assert_eq!(f, ivy::array![1, 0]);
    assert!(
        ivy::trim_zeros_with(&ivy::array![0, 1], ivy::opts::TrimZeros::new().trim("x")).is_err()
    );
    assert!(ivy::trim_zeros(&ivy::array![[0, 1]]).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// unflatten undoes flatten over any run of axes.
    #[test]
    fn unflatten_undoes_flatten(dims in proptest::collection::vec(1usize..4, 1..5), s in 0usize..4, len in 0usize..4) {
        let nd = dims.len();
        let (s, e) = (s.min(nd - 1), (s + len).min(nd - 1));
        let n: usize = dims.iter().product();
        let x = Array::from_shape_vec(dims.clone(), (0..n as i32).collect::<Vec<_>>()).unwrap();
        let f = ivy::flatten_with(&x, ivy::opts::Flatten::new().start_dim(s as i64).end_dim(e as i64)).unwrap();
        prop_assert_eq!(f.ndim(), nd - (e - s));
        let inner: Vec<i64> = dims[s..=e].iter().map(|&d| d as i64).collect();
        prop_assert_eq!(ivy::unflatten(&f, s as i64, inner).unwrap(), x);
    }
}
