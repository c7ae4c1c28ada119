//! The layers ops against oracles written here: convolutions (plain,
//! strided, dilated, input-dilated, grouped, padded, transposed) against a
//! direct sum over the taps, pools against a direct max / mean, attention
//! against softmax(QK^T / sqrt(d)) V by hand, the LSTM against one step by
//! hand, dropout statistics, embeddings, and bad input; multi-head attention
//! with its weights as arrays and as one container (container-dependent),
//! and its gradients with respect to that container.

use ivy::{Array, Dtype, opts};
use proptest::prelude::*;

/// A small deterministic generator of values in [-1, 1).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
    }
    fn vec(&mut self, n: usize) -> Vec<f64> {
        (0..n).map(|_| self.next()).collect()
    }
}

fn arr(shape: &[usize], v: Vec<f64>) -> Array {
    Array::from_shape_vec(ivy::Shape::from(shape), v).expect("shape fits")
}

fn vals(a: &Array) -> Vec<f64> {
    ivy::astype(a, Dtype::Float64)
        .and_then(|a| a.to_vec::<f64>())
        .expect("float")
}

fn close(got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len(), "lengths differ");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= tol * (1.0 + w.abs()),
            "element {i}: got {g}, want {w}"
        );
    }
}

/// Row-major offset of a multi-index.
fn offset(idx: &[usize], shape: &[usize]) -> usize {
    idx.iter().zip(shape).fold(0, |o, (&i, &n)| o * n + i)
}

/// Every multi-index of a shape, row-major.
fn indices(shape: &[usize]) -> Vec<Vec<usize>> {
    let mut out = vec![vec![]];
    for &n in shape {
        out = out
            .into_iter()
            .flat_map(|p| {
                (0..n).map(move |i| {
                    let mut q = p.clone();
                    q.push(i);
                    q
                })
            })
            .collect();
    }
    out
}

struct ConvCase {
    x_shape: Vec<usize>, // [N, *sp, C]
    k: Vec<usize>,
    cout: usize,
    groups: usize,
    s: Vec<usize>,
    d: Vec<usize>,
    xd: Vec<usize>,
    pad: Vec<(i64, i64)>,
}

/// The direct sum: out[n, o, co] = sum over taps and the group's input
/// channels of x[n, i, ci] * w[k, ci - group start, co], where the input
/// position i of tap k in window o is (o * s + k * d - lo) / xd when that
/// divides and lands inside.
fn conv_oracle(c: &ConvCase, x: &[f64], w: &[f64]) -> (Vec<usize>, Vec<f64>) {
    let nd = c.k.len();
    let n = c.x_shape[0];
    let sp = &c.x_shape[1..1 + nd];
    let cin = c.x_shape[nd + 1];
    let cig = cin / c.groups;
    let cog = c.cout / c.groups;
    let outs: Vec<usize> = (0..nd)
        .map(|i| {
            let din = (sp[i] - 1) * c.xd[i] + 1;
            let keff = (c.k[i] - 1) * c.d[i] + 1;
            ((din as i64 + c.pad[i].0 + c.pad[i].1 - keff as i64) / c.s[i] as i64 + 1) as usize
        })
        .collect();
    let mut out_shape = vec![n];
    out_shape.extend(&outs);
    out_shape.push(c.cout);
    let mut w_shape = c.k.clone();
    w_shape.extend([cig, c.cout]);
    let mut y = vec![0.0; out_shape.iter().product()];
    for b in 0..n {
        for o in indices(&outs) {
            for co in 0..c.cout {
                let grp = co / cog;
                let mut acc = 0.0;
                'tap: for k in indices(&c.k) {
                    let mut pos = vec![b];
                    for i in 0..nd {
                        let p = (o[i] * c.s[i] + k[i] * c.d[i]) as i64 - c.pad[i].0;
                        if p < 0
                            || !(p as usize).is_multiple_of(c.xd[i])
                            || p as usize / c.xd[i] >= sp[i]
                        {
                            continue 'tap;
                        }
                        pos.push(p as usize / c.xd[i]);
                    }
                    for j in 0..cig {
                        let mut xi = pos.clone();
                        xi.push(grp * cig + j);
                        let mut wi = k.clone();
                        wi.extend([j, co]);
                        acc += x[offset(&xi, &c.x_shape)] * w[offset(&wi, &w_shape)];
                    }
                }
                let mut yi = vec![b];
                yi.extend(&o);
                yi.push(co);
                y[offset(&yi, &out_shape)] = acc;
            }
        }
    }
    (out_shape, y)
}

fn pad_text(p: &[(i64, i64)]) -> String {
    p.iter()
        .map(|(a, b)| format!("({a}, {b})"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn run_conv(c: &ConvCase, seed: u64) {
    let mut r = Lcg(seed);
    let nd = c.k.len();
    let cin = c.x_shape[nd + 1];
    let mut w_shape = c.k.clone();
    w_shape.extend([cin / c.groups, c.cout]);
    let x = r.vec(c.x_shape.iter().product());
    let w = r.vec(w_shape.iter().product());
    let (shape, want) = conv_oracle(c, &x, &w);
    let o = opts::ConvGeneralDilated::new()
        .dims(nd)
        .feature_group_count(c.groups)
        .dilations(c.d.clone())
        .x_dilations(c.xd.clone());
    let y = ivy::conv_general_dilated_with(
        &arr(&c.x_shape, x.clone()),
        &arr(&w_shape, w.clone()),
        c.s.clone(),
        pad_text(&c.pad),
        o,
    )
    .expect("conv runs");
    assert_eq!(y.shape().dims(), &shape[..]);
    close(&vals(&y), &want, 1e-12);

    // Channel-first data and filters give the same numbers, permuted.
    let xs = ivy::layer_support::channels_first(&arr(&c.x_shape, x)).expect("permute");
    let mut fperm: Vec<i64> = vec![nd as i64 + 1, nd as i64];
    fperm.extend(0..nd as i64);
    let ws = ivy::permute_dims(&arr(&w_shape, w), fperm).expect("permute");
    let o = opts::ConvGeneralDilated::new()
        .dims(nd)
        .feature_group_count(c.groups)
        .dilations(c.d.clone())
        .x_dilations(c.xd.clone())
        .data_format("channel_first")
        .filter_format("channel_first");
    let yf = ivy::conv_general_dilated_with(&xs, &ws, c.s.clone(), pad_text(&c.pad), o)
        .expect("conv runs");
    let back = ivy::layer_support::channels_last(&yf).expect("permute");
    close(&vals(&back), &want, 1e-12);
}

#[test]
fn conv_variants_match_the_direct_sum() {
    let cases = [
        // 1-d, plain
        ConvCase {
            x_shape: vec![2, 7, 3],
            k: vec![3],
            cout: 4,
            groups: 1,
            s: vec![1],
            d: vec![1],
            xd: vec![1],
            pad: vec![(0, 0)],
        },
        // 1-d, strided, dilated, padded
        ConvCase {
            x_shape: vec![1, 9, 2],
            k: vec![2],
            cout: 3,
            groups: 1,
            s: vec![2],
            d: vec![3],
            xd: vec![1],
            pad: vec![(2, 1)],
        },
        // 2-d, groups
        ConvCase {
            x_shape: vec![2, 5, 4, 4],
            k: vec![3, 2],
            cout: 6,
            groups: 2,
            s: vec![1, 2],
            d: vec![1, 1],
            xd: vec![1, 1],
            pad: vec![(1, 1), (0, 1)],
        },
        // 2-d, input dilation
        ConvCase {
            x_shape: vec![1, 3, 4, 2],
            k: vec![2, 3],
            cout: 2,
            groups: 1,
            s: vec![1, 1],
            d: vec![1, 2],
            xd: vec![2, 3],
            pad: vec![(1, 0), (2, 2)],
        },
        // 2-d, depthwise-like (groups = channels)
        ConvCase {
            x_shape: vec![1, 4, 4, 3],
            k: vec![2, 2],
            cout: 3,
            groups: 3,
            s: vec![2, 1],
            d: vec![1, 1],
            xd: vec![1, 1],
            pad: vec![(0, 0), (1, 1)],
        },
        // 3-d
        ConvCase {
            x_shape: vec![1, 4, 3, 5, 2],
            k: vec![2, 2, 3],
            cout: 3,
            groups: 1,
            s: vec![1, 2, 1],
            d: vec![2, 1, 1],
            xd: vec![1, 1, 1],
            pad: vec![(0, 1), (1, 0), (1, 1)],
        },
    ];
    for (i, c) in cases.iter().enumerate() {
        run_conv(c, 100 + i as u64);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn random_2d_convs_match_the_direct_sum(
        h in 1usize..6, w in 1usize..6, k0 in 1usize..4, k1 in 1usize..4,
        s0 in 1usize..3, s1 in 1usize..3, d0 in 1usize..3, xd1 in 1usize..3,
        g in 1usize..3, lo in 0i64..3, hi in 0i64..3, seed in 0u64..1000,
    ) {
        let c = ConvCase {
            x_shape: vec![1, h, w, 2 * g], k: vec![k0, k1], cout: 2 * g, groups: g,
            s: vec![s0, s1], d: vec![d0, 1], xd: vec![1, xd1], pad: vec![(lo, hi), (hi, lo)],
        };
        let span0 = h as i64 + lo + hi - ((k0 - 1) * d0 + 1) as i64;
        let span1 = ((w - 1) * xd1 + 1) as i64 + lo + hi - k1 as i64;
        prop_assume!(span0 >= 0 && span1 >= 0);
        run_conv(&c, seed);
    }
}

#[test]
fn conv_wrappers_agree_with_the_general_form() {
    let mut r = Lcg(7);
    let x = arr(&[2, 6, 5, 3], r.vec(180));
    let f = arr(&[3, 3, 3, 4], r.vec(108));
    let b = arr(&[4], r.vec(4));
    let general = ivy::conv_general_dilated_with(
        &x,
        &f,
        [2],
        "SAME",
        opts::ConvGeneralDilated::new().bias(b.clone()),
    )
    .unwrap();
    let c2 = ivy::conv2d_with(&x, &f, [2], "SAME", opts::Conv2d::new().bias(b.clone())).unwrap();
    assert_eq!(c2, general);
    let c = ivy::conv_with(&x, &f, [2], "SAME", opts::Conv::new().bias(b)).unwrap();
    assert_eq!(c, general);
    // SAME: output ceil(6 / 2) x ceil(5 / 2).
    assert_eq!(general.shape().dims(), &[2, 3, 3, 4]);

    // NCHW input gives the permuted result.
    let xc = ivy::permute_dims(&x, [0, 3, 1, 2]).unwrap();
    let yc = ivy::conv2d_with(
        &xc,
        &f,
        [2],
        "SAME",
        opts::Conv2d::new().data_format("NCHW"),
    )
    .unwrap();
    let y = ivy::conv2d(&x, &f, [2], "SAME").unwrap();
    close(
        &vals(&ivy::permute_dims(&yc, [0, 2, 3, 1]).unwrap()),
        &vals(&y),
        1e-5,
    );

    // conv1d and conv3d are the general form with dims 1 and 3.
    let x1 = arr(&[1, 8, 2], r.vec(16));
    let f1 = arr(&[3, 2, 2], r.vec(12));
    let g1 = ivy::conv_general_dilated_with(
        &x1,
        &f1,
        [1],
        "VALID",
        opts::ConvGeneralDilated::new().dims(1),
    )
    .unwrap();
    assert_eq!(ivy::conv1d(&x1, &f1, [1], "VALID").unwrap(), g1);
    let x3 = arr(&[1, 3, 3, 3, 1], r.vec(27));
    let f3 = arr(&[2, 2, 2, 1, 2], r.vec(16));
    let g3 = ivy::conv_general_dilated_with(
        &x3,
        &f3,
        [1],
        "VALID",
        opts::ConvGeneralDilated::new().dims(3),
    )
    .unwrap();
    assert_eq!(ivy::conv3d(&x3, &f3, [1], "VALID").unwrap(), g3);

    // depthwise: one filter per channel = groups = channels.
    let fd = arr(&[3, 3, 3], r.vec(27));
    let dw = ivy::depthwise_conv2d(&x, &fd, [1], "SAME").unwrap();
    let f4 = ivy::reshape(&fd, [3, 3, 1, 3]).unwrap();
    let gr = ivy::conv_general_dilated_with(
        &x,
        &f4,
        [1],
        "SAME",
        opts::ConvGeneralDilated::new().feature_group_count(3),
    )
    .unwrap();
    assert_eq!(dw, gr);
}

/// The transposed convolution by scattering: out[i * s + k * d - lo] +=
/// x[i] * w[k], filters [*k, d_out / groups, d_in].
#[allow(clippy::too_many_arguments)]
fn transpose_oracle(
    x_shape: &[usize],
    x: &[f64],
    k: &[usize],
    cog: usize,
    w: &[f64],
    s: &[usize],
    d: &[usize],
    lo: &[i64],
    out_sp: &[usize],
    groups: usize,
) -> Vec<f64> {
    let nd = k.len();
    let cin = x_shape[nd + 1];
    let cig = cin / groups;
    let cout = cog * groups;
    let mut out_shape = vec![x_shape[0]];
    out_shape.extend(out_sp);
    out_shape.push(cout);
    let mut w_shape = k.to_vec();
    w_shape.extend([cog, cin]);
    let mut y = vec![0.0; out_shape.iter().product()];
    for xi in indices(x_shape) {
        let ci = xi[nd + 1];
        let grp = ci / cig;
        'tap: for kk in indices(k) {
            let mut yi = vec![xi[0]];
            for i in 0..nd {
                let p = (xi[1 + i] * s[i] + kk[i] * d[i]) as i64 - lo[i];
                if p < 0 || p as usize >= out_sp[i] {
                    continue 'tap;
                }
                yi.push(p as usize);
            }
            for j in 0..cog {
                let mut wi = kk.clone();
                wi.extend([j, ci]);
                let mut yo = yi.clone();
                yo.push(grp * cog + j);
                y[offset(&yo, &out_shape)] += x[offset(&xi, x_shape)] * w[offset(&wi, &w_shape)];
            }
        }
    }
    y
}

#[test]
fn transposed_convs_match_scattering() {
    let mut r = Lcg(11);
    // (x shape, kernel, d_out per group, groups, strides, dilations, padding, output spatial, forward lo)
    type Case = (
        Vec<usize>,
        Vec<usize>,
        usize,
        usize,
        Vec<usize>,
        Vec<usize>,
        &'static str,
        Vec<usize>,
        Vec<i64>,
    );
    let cases: Vec<Case> = vec![
        (
            vec![1, 3, 2],
            vec![3],
            2,
            1,
            vec![2],
            vec![1],
            "VALID",
            vec![7],
            vec![0],
        ),
        (
            vec![2, 4, 1],
            vec![2],
            3,
            1,
            vec![3],
            vec![2],
            "VALID",
            vec![12],
            vec![0],
        ),
        // SAME: out = in * s; the forward padding (in - 1) s + k - out is
        // 1 then 0, all of it after (TensorFlow's split), so lo = 0.
        (
            vec![1, 3, 3, 2],
            vec![3, 2],
            2,
            1,
            vec![2, 2],
            vec![1, 1],
            "SAME",
            vec![6, 6],
            vec![0, 0],
        ),
        (
            vec![1, 3, 1],
            vec![4],
            1,
            1,
            vec![1],
            vec![1],
            "SAME",
            vec![3],
            vec![1],
        ),
        (
            vec![1, 2, 3, 4],
            vec![2, 2],
            1,
            2,
            vec![1, 2],
            vec![1, 1],
            "VALID",
            vec![3, 6],
            vec![0, 0],
        ),
        (
            vec![1, 2, 2, 2, 1],
            vec![2, 1, 2],
            2,
            1,
            vec![2, 1, 1],
            vec![1, 1, 2],
            "VALID",
            vec![4, 2, 4],
            vec![0, 0, 0],
        ),
        // explicit padding crops the full output
        (
            vec![1, 4, 1],
            vec![3],
            1,
            1,
            vec![2],
            vec![1],
            "[(1, 2)]",
            vec![6],
            vec![1],
        ),
    ];
    for (xs, k, cog, g, s, d, pad, out_sp, lo) in cases {
        let nd = k.len();
        let cin = xs[nd + 1];
        let mut w_shape = k.clone();
        w_shape.extend([cog, cin]);
        let x = r.vec(xs.iter().product());
        let w = r.vec(w_shape.iter().product());
        let want = transpose_oracle(&xs, &x, &k, cog, &w, &s, &d, &lo, &out_sp, g);
        let y = ivy::conv_general_transpose_with(
            &arr(&xs, x),
            &arr(&w_shape, w),
            s.clone(),
            pad,
            opts::ConvGeneralTranspose::new()
                .dims(nd)
                .dilations(d.clone())
                .feature_group_count(g),
        )
        .unwrap_or_else(|e| panic!("{pad} {xs:?}: {e}"));
        let mut shape = vec![xs[0]];
        shape.extend(&out_sp);
        shape.push(cog * g);
        assert_eq!(y.shape().dims(), &shape[..], "{xs:?} {pad}");
        close(&vals(&y), &want, 1e-12);
    }
}

#[test]
fn transposed_conv_is_the_gradient_of_conv() {
    // <conv(x, w), g> = <x, conv_transpose(g, w)> for every x, g.
    let mut r = Lcg(5);
    let x = arr(&[1, 7, 6, 2], r.vec(84));
    let w = arr(&[3, 2, 2, 3], r.vec(36));
    let y = ivy::conv2d(&x, &w, [2, 1], "VALID").unwrap();
    let g = arr(y.shape().dims(), r.vec(y.size()));
    let gx = ivy::grad(|x: &Array| {
        ivy::sum(&ivy::multiply(&ivy::conv2d(x, &w, [2, 1], "VALID")?, &g)?)
    })(&x)
    .unwrap();
    // filters of the transpose: [*k, d_out, d_in] = the forward [*k, in, out].
    let t = ivy::conv2d_transpose_with(
        &g,
        &w,
        [2, 1],
        "VALID",
        opts::Conv2dTranspose::new().output_shape([7, 6]),
    )
    .unwrap();
    close(&vals(&t), &vals(&gx), 1e-12);
    // Without output_shape the VALID length is (3 - 1) * 2 + 3 = 7 and (5 - 1) + 2 = 6.
    assert_eq!(
        ivy::conv2d_transpose(&g, &w, [2, 1], "VALID")
            .unwrap()
            .shape()
            .dims(),
        &[1, 7, 6, 2]
    );
}

fn pool_oracle(
    x_shape: &[usize],
    x: &[f64],
    k: &[usize],
    s: &[usize],
    pad: &[(i64, i64)],
    max: bool,
    include_pad: bool,
) -> Vec<f64> {
    let nd = k.len();
    let sp = &x_shape[1..1 + nd];
    let c = x_shape[nd + 1];
    let outs: Vec<usize> = (0..nd)
        .map(|i| ((sp[i] as i64 + pad[i].0 + pad[i].1 - k[i] as i64) / s[i] as i64 + 1) as usize)
        .collect();
    let mut y = Vec::new();
    for b in 0..x_shape[0] {
        for o in indices(&outs) {
            for ch in 0..c {
                let (mut best, mut sum, mut count) = (f64::NEG_INFINITY, 0.0, 0usize);
                'tap: for kk in indices(k) {
                    let mut pos = vec![b];
                    for i in 0..nd {
                        let p = (o[i] * s[i] + kk[i]) as i64 - pad[i].0;
                        if p < 0 || p as usize >= sp[i] {
                            if include_pad {
                                count += 1;
                            }
                            continue 'tap;
                        }
                        pos.push(p as usize);
                    }
                    pos.push(ch);
                    let v = x[offset(&pos, x_shape)];
                    best = best.max(v);
                    sum += v;
                    count += 1;
                }
                y.push(if max { best } else { sum / count as f64 });
            }
        }
    }
    y
}

#[test]
fn pools_match_the_direct_max_and_mean() {
    let mut r = Lcg(3);
    let x1 = r.vec(2 * 9 * 3);
    let x2 = r.vec(7 * 6 * 2);
    let x3 = r.vec(4 * 5 * 3 * 2);
    let p = [(1i64, 1i64)];
    close(
        &vals(&ivy::max_pool1d(&arr(&[2, 9, 3], x1.clone()), 3, 2, "1").unwrap()),
        &pool_oracle(&[2, 9, 3], &x1, &[3], &[2], &p, true, false),
        0.0,
    );
    close(
        &vals(&ivy::avg_pool1d(&arr(&[2, 9, 3], x1.clone()), 3, 2, "1").unwrap()),
        &pool_oracle(&[2, 9, 3], &x1, &[3], &[2], &p, false, false),
        1e-12,
    );
    let o = opts::AvgPool1d::new().count_include_pad(true);
    close(
        &vals(&ivy::avg_pool1d_with(&arr(&[2, 9, 3], x1.clone()), 3, 2, "1", o).unwrap()),
        &pool_oracle(&[2, 9, 3], &x1, &[3], &[2], &p, false, true),
        1e-12,
    );

    let p2 = [(1i64, 0i64), (0, 1)];
    close(
        &vals(
            &ivy::max_pool2d(
                &arr(&[1, 7, 6, 2], x2.clone()),
                [2, 3],
                [2, 1],
                "[(1, 0), (0, 1)]",
            )
            .unwrap(),
        ),
        &pool_oracle(&[1, 7, 6, 2], &x2, &[2, 3], &[2, 1], &p2, true, false),
        0.0,
    );
    close(
        &vals(
            &ivy::avg_pool2d(
                &arr(&[1, 7, 6, 2], x2.clone()),
                [2, 3],
                [2, 1],
                "[(1, 0), (0, 1)]",
            )
            .unwrap(),
        ),
        &pool_oracle(&[1, 7, 6, 2], &x2, &[2, 3], &[2, 1], &p2, false, false),
        1e-12,
    );

    let p3 = [(0i64, 0i64); 3];
    close(
        &vals(&ivy::max_pool3d(&arr(&[1, 4, 5, 3, 2], x3.clone()), 2, [1, 2, 1], "VALID").unwrap()),
        &pool_oracle(
            &[1, 4, 5, 3, 2],
            &x3,
            &[2, 2, 2],
            &[1, 2, 1],
            &p3,
            true,
            false,
        ),
        0.0,
    );
    close(
        &vals(&ivy::avg_pool3d(&arr(&[1, 4, 5, 3, 2], x3.clone()), 2, [1, 2, 1], "VALID").unwrap()),
        &pool_oracle(
            &[1, 4, 5, 3, 2],
            &x3,
            &[2, 2, 2],
            &[1, 2, 1],
            &p3,
            false,
            false,
        ),
        1e-12,
    );

    // Channel-first layout.
    let xc = ivy::permute_dims(&arr(&[1, 7, 6, 2], x2.clone()), [0, 3, 1, 2]).unwrap();
    let yc = ivy::max_pool2d_with(
        &xc,
        2,
        2,
        "VALID",
        opts::MaxPool2d::new().data_format("NCHW"),
    )
    .unwrap();
    let y = ivy::max_pool2d(&arr(&[1, 7, 6, 2], x2), 2, 2, "VALID").unwrap();
    assert_eq!(ivy::permute_dims(&yc, [0, 2, 3, 1]).unwrap(), y);
}

#[test]
fn max_pool_dilation_ceil_mode_and_integers() {
    let x = ivy::reshape(&ivy::array![5, 1, 7, 2, 8, 3, 0], [1, 7, 1]).unwrap();
    // Taps 0, 2 of each window of span 3, stride 2: windows at 0, 2, 4.
    let o = opts::MaxPool1d::new().dilation(2);
    assert_eq!(
        ivy::max_pool1d_with(&x, 2, 2, "VALID", o)
            .unwrap()
            .to_vec::<i32>()
            .unwrap(),
        vec![7, 8, 8]
    );
    // ceil_mode adds the window starting at 6 (within the input).
    let o = opts::MaxPool1d::new().ceil_mode(true);
    assert_eq!(
        ivy::max_pool1d_with(&x, 2, 2, "VALID", o)
            .unwrap()
            .to_vec::<i32>()
            .unwrap(),
        vec![5, 7, 8, 0]
    );
    // Negative integers beat the padding.
    let n = ivy::reshape(&ivy::array![-5i8, -7], [1, 2, 1]).unwrap();
    assert_eq!(
        ivy::max_pool1d(&n, 2, 1, "SAME")
            .unwrap()
            .to_vec::<i8>()
            .unwrap(),
        vec![-5, -7]
    );
    // avg with ceil_mode: the extra window counts only real elements.
    let f = ivy::reshape(&ivy::array![1.0, 2.0, 3.0], [1, 3, 1]).unwrap();
    let o = opts::AvgPool1d::new().ceil_mode(true);
    assert_eq!(
        ivy::avg_pool1d_with(&f, 2, 2, "VALID", o)
            .unwrap()
            .to_vec::<f32>()
            .unwrap(),
        vec![1.5, 3.0]
    );
    let o = opts::AvgPool1d::new().divisor_override(4.0);
    assert_eq!(
        ivy::avg_pool1d_with(&f, 2, 1, "VALID", o)
            .unwrap()
            .to_vec::<f32>()
            .unwrap(),
        vec![0.75, 1.25]
    );
}

#[test]
fn max_pool_gradient_goes_to_the_largest() {
    let x = ivy::reshape(&ivy::array![1.0, 4.0, 2.0, 3.0], [1, 4, 1]).unwrap();
    let g = ivy::grad(|x: &Array| ivy::sum(&ivy::max_pool1d(x, 2, 2, "VALID")?))(&x).unwrap();
    assert_eq!(g.to_vec::<f32>().unwrap(), vec![0.0, 1.0, 0.0, 1.0]);
    let g = ivy::grad(|x: &Array| ivy::sum(&ivy::avg_pool1d(x, 2, 1, "VALID")?))(&x).unwrap();
    assert_eq!(g.to_vec::<f32>().unwrap(), vec![0.5, 1.0, 1.0, 0.5]);
}

#[test]
fn attention_is_softmax_of_scaled_scores_times_values() {
    let mut r = Lcg(9);
    let (b, l, s, d, dv) = (2, 3, 4, 5, 2);
    let q = r.vec(b * l * d);
    let k = r.vec(b * s * d);
    let v = r.vec(b * s * dv);
    let mask_v: Vec<bool> = (0..b * l * s).map(|i| i % 3 != 1).collect();
    for (causal, masked) in [(false, false), (true, false), (false, true)] {
        let mut want = Vec::new();
        for bb in 0..b {
            for i in 0..l {
                let mut sc: Vec<f64> = (0..s)
                    .map(|j| {
                        (0..d)
                            .map(|t| q[(bb * l + i) * d + t] * k[(bb * s + j) * d + t])
                            .sum::<f64>()
                            / (d as f64).sqrt()
                    })
                    .collect();
                for (j, v) in sc.iter_mut().enumerate() {
                    if (causal && j > i) || (masked && !mask_v[(bb * l + i) * s + j]) {
                        *v = f64::MIN;
                    }
                }
                let m = sc.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
                let e: Vec<f64> = sc.iter().map(|x| (x - m).exp()).collect();
                let z: f64 = e.iter().sum();
                for c in 0..dv {
                    want.push(
                        (0..s)
                            .map(|j| e[j] / z * v[(bb * s + j) * dv + c])
                            .sum::<f64>(),
                    );
                }
            }
        }
        let mut o = opts::ScaledDotProductAttention::new().is_causal(causal);
        if masked {
            let m = Array::from_shape_vec(ivy::Shape::from([b, l, s]), mask_v.clone()).unwrap();
            o = o.mask(m);
        }
        let y = ivy::scaled_dot_product_attention_with(
            &arr(&[b, l, d], q.clone()),
            &arr(&[b, s, d], k.clone()),
            &arr(&[b, s, dv], v.clone()),
            o,
        )
        .unwrap();
        assert_eq!(y.shape().dims(), &[b, l, dv]);
        close(&vals(&y), &want, 1e-12);
    }
    // An explicit scale.
    let o = opts::ScaledDotProductAttention::new().scale(0.0);
    let y = ivy::scaled_dot_product_attention_with(
        &arr(&[b, l, d], q),
        &arr(&[b, s, d], k),
        &arr(&[b, s, dv], v.clone()),
        o,
    )
    .unwrap();
    // Uniform weights: the mean of the values.
    let mean = ivy::mean_with(
        &arr(&[b, s, dv], v),
        opts::Mean::new().axis(1).keepdims(true),
    )
    .unwrap();
    close(
        &vals(&y),
        &vals(&ivy::broadcast_to(&mean, [b, l, dv]).unwrap()),
        1e-12,
    );
}

#[test]
fn linear_is_x_times_weight_transposed_plus_bias() {
    let mut r = Lcg(1);
    let (x, w, bias) = (r.vec(6), r.vec(12), r.vec(4));
    let y = ivy::linear_with(
        &arr(&[2, 3], x.clone()),
        &arr(&[4, 3], w.clone()),
        opts::Linear::new().bias(arr(&[4], bias.clone())),
    )
    .unwrap();
    let want: Vec<f64> = (0..2)
        .flat_map(|i| {
            let (x, w, bias) = (&x, &w, &bias);
            (0..4).map(move |o| (0..3).map(|t| x[i * 3 + t] * w[o * 3 + t]).sum::<f64>() + bias[o])
        })
        .collect();
    close(&vals(&y), &want, 1e-12);
}

#[test]
fn dropout_statistics_and_identity() {
    let x = ivy::ones_with([20000], opts::Ones::new().dtype(Dtype::Float64)).unwrap();
    let y = ivy::dropout_with(&x, 0.3, opts::Dropout::new().seed(42)).unwrap();
    let v = y.to_vec::<f64>().unwrap();
    let kept = v.iter().filter(|&&a| a != 0.0).count() as f64 / v.len() as f64;
    // Binomial(20000, 0.7): sd 0.0032; 5 sd.
    assert!((kept - 0.7).abs() < 0.017, "kept {kept}");
    assert!(v.iter().all(|&a| a == 0.0 || (a - 1.0 / 0.7).abs() < 1e-12));
    // The mean is preserved in expectation.
    let mean = v.iter().sum::<f64>() / v.len() as f64;
    assert!((mean - 1.0).abs() < 0.03);
    // Same seed, same mask.
    assert_eq!(
        ivy::dropout_with(&x, 0.3, opts::Dropout::new().seed(42)).unwrap(),
        y
    );
    // No scaling.
    let u = ivy::dropout_with(&x, 0.3, opts::Dropout::new().seed(1).scale(false)).unwrap();
    assert!(
        u.to_vec::<f64>()
            .unwrap()
            .iter()
            .all(|&a| a == 0.0 || a == 1.0)
    );
    // Not training: the identity; prob 1: all dropped; dtype cast.
    assert_eq!(
        ivy::dropout_with(&x, 0.3, opts::Dropout::new().training(false)).unwrap(),
        x
    );
    assert!(
        ivy::dropout(&x, 1.0)
            .unwrap()
            .to_vec::<f64>()
            .unwrap()
            .iter()
            .all(|&a| a == 0.0)
    );
    assert_eq!(
        ivy::dropout_with(&x, 0.5, opts::Dropout::new().dtype(Dtype::Float32))
            .unwrap()
            .dtype(),
        Dtype::Float32
    );
    // noise_shape: one draw per row.
    let m = ivy::ones_with([50, 8], opts::Ones::new().dtype(Dtype::Float64)).unwrap();
    let y = ivy::dropout_with(&m, 0.5, opts::Dropout::new().seed(3).noise_shape([50, 1])).unwrap();
    let a = y.to_ndarray::<f64>().unwrap();
    for i in 0..50 {
        assert!((0..8).all(|j| a[[i, j]] == a[[i, 0]]));
    }
    assert!(ivy::dropout(&x, -0.1).is_err());
    // Channel dropout in channel-first layout: one draw per (sample, channel).
    let c = ivy::ones_with([4, 6, 5], opts::Ones::new().dtype(Dtype::Float64)).unwrap();
    let y =
        ivy::dropout1d_with(&c, 0.5, opts::Dropout1d::new().data_format("NCW").seed(9)).unwrap();
    let a = y.to_ndarray::<f64>().unwrap();
    for n in 0..4 {
        for ch in 0..6 {
            assert!((0..5).all(|w| a[[n, ch, w]] == a[[n, ch, 0]]));
        }
    }
}

#[test]
fn embedding_picks_rows_and_renormalises() {
    let w = arr(&[4, 3], (0..12).map(f64::from).collect());
    let e = ivy::embedding(&w, &ivy::array![[3, 0], [1, 1]]).unwrap();
    assert_eq!(e.shape().dims(), &[2, 2, 3]);
    assert_eq!(
        vals(&e),
        vec![9., 10., 11., 0., 1., 2., 3., 4., 5., 3., 4., 5.]
    );
    let n =
        ivy::embedding_with(&w, &ivy::array![1, 0], opts::Embedding::new().max_norm(2.0)).unwrap();
    let norm = (9.0f64 + 16.0 + 25.0).sqrt();
    let n0 = 5.0f64.sqrt(); // row 0 = [0, 1, 2] has norm sqrt(5) > 2 too
    close(
        &vals(&n),
        &[6.0 / norm, 8.0 / norm, 10.0 / norm, 0.0, 2.0 / n0, 4.0 / n0],
        1e-12,
    );
    assert!(ivy::embedding(&w, &ivy::array![-1]).is_err());
    assert!(ivy::embedding(&w, &ivy::array![1.0]).is_err());
}

fn sigmoid(v: f64) -> f64 {
    1.0 / (1.0 + (-v).exp())
}

#[test]
fn lstm_matches_steps_by_hand() {
    let mut r = Lcg(21);
    let (b, t, n_in, h) = (2, 3, 2, 3);
    let x = r.vec(b * t * n_in);
    let k = r.vec(n_in * 4 * h);
    let rk = r.vec(h * 4 * h);
    let bias = r.vec(4 * h);
    let rb = r.vec(4 * h);
    let h0 = r.vec(b * h);
    let c0 = r.vec(b * h);
    let mut want_states = vec![0.0; b * t * h];
    let mut hs = h0.clone();
    let mut cs = c0.clone();
    for step in 0..t {
        let mut nh = vec![0.0; b * h];
        let mut nc = vec![0.0; b * h];
        for bb in 0..b {
            let z: Vec<f64> = (0..4 * h)
                .map(|j| {
                    (0..n_in)
                        .map(|i| x[(bb * t + step) * n_in + i] * k[i * 4 * h + j])
                        .sum::<f64>()
                        + bias[j]
                        + (0..h)
                            .map(|i| hs[bb * h + i] * rk[i * 4 * h + j])
                            .sum::<f64>()
                        + rb[j]
                })
                .collect();
            for u in 0..h {
                let (ig, fg, gg, og) = (
                    sigmoid(z[u]),
                    sigmoid(z[h + u]),
                    z[2 * h + u].tanh(),
                    sigmoid(z[3 * h + u]),
                );
                nc[bb * h + u] = fg * cs[bb * h + u] + ig * gg;
                nh[bb * h + u] = og * nc[bb * h + u].tanh();
                want_states[(bb * t + step) * h + u] = nh[bb * h + u];
            }
        }
        hs = nh;
        cs = nc;
    }
    let o = opts::LstmUpdate::new()
        .bias(arr(&[4 * h], bias))
        .recurrent_bias(arr(&[4 * h], rb));
    let (states, hn, cn) = ivy::lstm_update_with(
        &arr(&[b, t, n_in], x.clone()),
        &arr(&[b, h], h0.clone()),
        &arr(&[b, h], c0.clone()),
        &arr(&[n_in, 4 * h], k.clone()),
        &arr(&[h, 4 * h], rk.clone()),
        o,
    )
    .unwrap();
    close(&vals(&states), &want_states, 1e-12);
    close(&vals(&hn), &hs, 1e-12);
    close(&vals(&cn), &cs, 1e-12);
    // Time-major input gives the same states, time-major.
    let xt = ivy::permute_dims(&arr(&[b, t, n_in], x), [1, 0, 2]).unwrap();
    let (st, _, _) = ivy::lstm_update_with(
        &xt,
        &arr(&[b, h], h0),
        &arr(&[b, h], c0),
        &arr(&[n_in, 4 * h], k),
        &arr(&[h, 4 * h], rk),
        opts::LstmUpdate::new().time_major(true),
    )
    .unwrap();
    assert_eq!(st.shape().dims(), &[t, b, h]);
}

#[test]
fn im2col_and_col2im_are_transposes() {
    // <im2col(x), c> = <x, col2im(c)>.
    let mut r = Lcg(13);
    let x = arr(&[2, 5, 4, 3], r.vec(120));
    let o = opts::Im2col::new()
        .strides([2, 1])
        .padding([1, 0, 2, 1])
        .dilations([1, 2])
        .x_dilations([1, 2]);
    let cols = ivy::im2col_with(&x, [2, 3], o).unwrap();
    let c = arr(cols.shape().dims(), r.vec(cols.size()));
    let back = ivy::col2im_with(
        &c,
        [5, 4],
        opts::Col2im::new()
            .strides([2, 1])
            .padding([1, 0, 2, 1])
            .dilations([1, 2])
            .x_dilations([1, 2]),
    )
    .unwrap();
    let lhs: f64 = vals(&cols).iter().zip(vals(&c)).map(|(a, b)| a * b).sum();
    let rhs: f64 = vals(&x).iter().zip(vals(&back)).map(|(a, b)| a * b).sum();
    assert!((lhs - rhs).abs() < 1e-10, "{lhs} vs {rhs}");
}

#[test]
fn bad_input_is_an_error_naming_the_op() {
    let x = ivy::ones([1, 4, 4, 2]).unwrap();
    let f = ivy::ones([3, 3, 2, 4]).unwrap();
    let cases: Vec<(&str, ivy::Result<Array>)> = vec![
        (
            "conv2d",
            ivy::conv2d(&x, &ivy::ones([3, 3, 3, 4]).unwrap(), 1, "VALID"),
        ),
        ("conv2d", ivy::conv2d(&x, &f, 0, "VALID")),
        ("conv2d", ivy::conv2d(&x, &f, 1, "MIDDLE")),
        ("conv2d", ivy::conv2d(&x, &f, 1, "1, 2, 3")),
        ("conv2d", ivy::conv2d(&x, &f, [1, 1, 1], "VALID")),
        (
            "conv2d",
            ivy::conv2d(&ivy::ones([4, 4, 2]).unwrap(), &f, 1, "VALID"),
        ),
        (
            "conv2d",
            ivy::conv2d_with(&x, &f, 1, "VALID", opts::Conv2d::new().data_format("HWNC")),
        ),
        (
            "conv2d",
            ivy::conv2d(&ivy::ones([1, 2, 2, 2]).unwrap(), &f, 1, "VALID"),
        ),
        (
            "conv_general_dilated",
            ivy::conv_general_dilated_with(
                &x,
                &f,
                1,
                "VALID",
                opts::ConvGeneralDilated::new().feature_group_count(3),
            ),
        ),
        (
            "conv2d_transpose",
            ivy::conv2d_transpose_with(
                &x,
                &ivy::ones([3, 3, 4, 2]).unwrap(),
                2,
                "VALID",
                opts::Conv2dTranspose::new().output_shape([3, 3]),
            ),
        ),
        (
            "conv2d_transpose",
            ivy::conv2d_transpose(&x, &f, 1, "VALID"),
        ),
        ("max_pool2d", ivy::max_pool2d(&x, 5, 1, "VALID")),
        ("max_pool2d", ivy::max_pool2d(&x, 2, 1, "3")),
        (
            "avg_pool2d",
            ivy::avg_pool2d_with(
                &x,
                2,
                1,
                "VALID",
                opts::AvgPool2d::new().divisor_override(0.0),
            ),
        ),
        ("im2col", ivy::im2col(&ivy::ones([4]).unwrap(), [2])),
        (
            "col2im",
            ivy::col2im(&ivy::ones([1, 3, 2, 1]).unwrap(), [9]),
        ),
        (
            "matmul",
            ivy::linear(&ivy::ones([2, 3]).unwrap(), &ivy::ones([4, 2]).unwrap()),
        ),
        (
            "matmul",
            ivy::scaled_dot_product_attention(
                &ivy::ones([2, 3]).unwrap(),
                &ivy::ones([2, 4]).unwrap(),
                &ivy::ones([2, 4]).unwrap(),
            ),
        ),
    ];
    for (op, r) in cases {
        let e = r.expect_err(op);
        assert!(e.to_string().contains(op), "{op}: {e}");
    }
}

#[test]
fn einsum_identities() {
    let mut r = Lcg(31);
    let a = arr(&[3, 4], r.vec(12));
    let b = arr(&[4, 5], r.vec(20));
    let sq = arr(&[4, 4], r.vec(16));
    let batch = arr(&[2, 3, 4], r.vec(24));
    let batch2 = arr(&[2, 4, 5], r.vec(40));
    let v = arr(&[4], r.vec(4));
    let e = |eq: &str, xs: &[&Array]| {
        ivy::einsum(eq, xs.to_vec()).unwrap_or_else(|err| panic!("{eq}: {err}"))
    };
    close(
        &vals(&e("ij,jk->ik", &[&a, &b])),
        &vals(&ivy::matmul(&a, &b).unwrap()),
        1e-12,
    );
    close(
        &vals(&e("ij,jk", &[&a, &b])),
        &vals(&ivy::matmul(&a, &b).unwrap()),
        1e-12,
    );
    close(
        &vals(&e("ik,kj->ji", &[&a, &b])),
        &vals(&ivy::matrix_transpose(&ivy::matmul(&a, &b).unwrap()).unwrap()),
        1e-12,
    );
    close(
        &vals(&e("ii", &[&sq])),
        &vals(&ivy::trace(&sq).unwrap()),
        1e-12,
    );
    close(
        &vals(&e("ii->i", &[&sq])),
        &vals(&ivy::diagonal(&sq).unwrap()),
        1e-12,
    );
    close(
        &vals(&e("ij->ji", &[&a])),
        &vals(&ivy::matrix_transpose(&a).unwrap()),
        1e-12,
    );
    close(
        &vals(&e("ij->", &[&a])),
        &vals(&ivy::sum(&a).unwrap()),
        1e-12,
    );
    close(
        &vals(&e("ij->j", &[&a])),
        &vals(&ivy::sum_with(&a, opts::Sum::new().axis(0)).unwrap()),
        1e-12,
    );
    close(
        &vals(&e("bij,bjk->bik", &[&batch, &batch2])),
        &vals(&ivy::matmul(&batch, &batch2).unwrap()),
        1e-12,
    );
    close(
        &vals(&e("...ij,...jk->...ik", &[&batch, &batch2])),
        &vals(&ivy::matmul(&batch, &batch2).unwrap()),
        1e-12,
    );
    close(
        &vals(&e("...j,j->...", &[&batch, &v])),
        &vals(&ivy::matmul(&batch, &v).unwrap()),
        1e-12,
    );
    close(
        &vals(&e("i,i", &[&v, &v])),
        &vals(&ivy::vecdot(&v, &v).unwrap()),
        1e-12,
    );
    close(
        &vals(&e("i,j->ij", &[&v, &v])),
        &vals(&ivy::outer(&v, &v).unwrap()),
        1e-12,
    );
    // Three operands: a chain of products; broadcasting over a length-1 axis.
    let c = arr(&[5, 2], r.vec(10));
    let abc = ivy::matmul(&ivy::matmul(&a, &b).unwrap(), &c).unwrap();
    close(&vals(&e("ij,jk,kl->il", &[&a, &b, &c])), &vals(&abc), 1e-12);
    let one = arr(&[1, 4], r.vec(4));
    let bsum = ivy::multiply(&a, &one).unwrap();
    close(&vals(&e("ij,ij->ij", &[&a, &one])), &vals(&bsum), 1e-12);
    // A repeated subscript across a diagonal and a product: sum_i A[i,i] v[i].
    let want: f64 = (0..4).map(|i| vals(&sq)[i * 5] * vals(&v)[i]).sum();
    close(&vals(&e("ii,i", &[&sq, &v])), &[want], 1e-12);
    // Integers stay integers.
    let ia = ivy::array![[1i64, 2], [3, 4]];
    assert_eq!(
        ivy::einsum("ij,jk->ik", [&ia, &ia]).unwrap(),
        ivy::array![[7i64, 10], [15, 22]]
    );
}

#[test]
fn einsum_is_differentiable_and_refuses_bad_subscripts() {
    let mut r = Lcg(41);
    let a = arr(&[3, 4], r.vec(12));
    let b = arr(&[4, 2], r.vec(8));
    let g = ivy::grad(|a: &Array| ivy::sum(&ivy::einsum("ij,jk->ik", [a, &b])?))(&a).unwrap();
    let want = ivy::grad(|a: &Array| ivy::sum(&ivy::matmul(a, &b)?))(&a).unwrap();
    close(&vals(&g), &vals(&want), 1e-12);
    for eq in [
        "ij,jk->ik,",
        "ij->ii",
        "ij->k",
        "i,j",
        "ij,jk->i-k",
        "i...j...,jk",
        "ijk,jk",
    ] {
        let err = ivy::einsum(eq, [&a, &b]).expect_err(eq);
        assert!(err.to_string().contains("einsum"), "{eq}: {err}");
    }
    assert!(ivy::einsum("ij,ij", [&a, &b]).is_err());
}

#[test]
fn multi_head_attention_is_per_head_attention_of_projections() {
    let mut r = Lcg(51);
    let (b, l, s, e, h) = (2, 3, 4, 6, 3);
    let q = arr(&[b, l, e], r.vec(b * l * e));
    let kv = arr(&[b, s, e], r.vec(b * s * e));
    let w_in = arr(&[3 * e, e], r.vec(3 * e * e));
    let b_in = arr(&[3 * e], r.vec(3 * e));
    let w_out = arr(&[e, e], r.vec(e * e));
    let b_out = arr(&[e], r.vec(e));
    let pad = Array::from_shape_vec(
        ivy::Shape::from([b, s]),
        vec![false, false, true, false, false, true, true, false],
    )
    .unwrap();
    let o = opts::MultiHeadAttention::new()
        .key(kv.clone())
        .num_heads(h)
        .in_proj_weights(w_in.clone())
        .in_proj_bias(b_in.clone())
        .out_proj_weights(w_out.clone())
        .out_proj_bias(b_out.clone())
        .key_padding_mask(pad.clone())
        .average_attention_weights(false);
    let (out, w) = ivy::multi_head_attention_with(&q, o).unwrap();
    assert_eq!(out.shape().dims(), &[b, l, e]);
    assert_eq!(w.shape().dims(), &[b, h, l, s]);

    // By hand: project, split heads, attend with the padding masked, join, project.
    let proj = |x: &Array, part: usize| -> Array {
        let wp = ivy::get_item(&w_in, ivy::s![part * e..(part + 1) * e]).unwrap();
        let bp = ivy::get_item(&b_in, ivy::s![part * e..(part + 1) * e]).unwrap();
        ivy::linear_with(x, &wp, opts::Linear::new().bias(bp)).unwrap()
    };
    let (pq, pk, pv) = (proj(&q, 0), proj(&kv, 1), proj(&kv, 2));
    let d = e / h;
    let keep = ivy::reshape(&ivy::logical_not(&pad).unwrap(), [b, 1, s]).unwrap();
    let mut heads = Vec::new();
    for hh in 0..h {
        let cut = |x: &Array| ivy::get_item(x, ivy::s![.., .., hh * d..(hh + 1) * d]).unwrap();
        let o = opts::ScaledDotProductAttention::new().mask(keep.clone());
        heads.push(
            ivy::scaled_dot_product_attention_with(&cut(&pq), &cut(&pk), &cut(&pv), o).unwrap(),
        );
    }
    let joined = ivy::concat_with(heads, opts::Concat::new().axis(Some(-1))).unwrap();
    let want = ivy::linear_with(&joined, &w_out, opts::Linear::new().bias(b_out)).unwrap();
    close(&vals(&out), &vals(&want), 1e-12);
    // Padded keys get no weight.
    let wv = w.to_ndarray::<f64>().unwrap();
    for hh in 0..h {
        for i in 0..l {
            assert_eq!(wv[[0, hh, i, 2]], 0.0);
            assert_eq!(wv[[1, hh, i, 1]], 0.0);
        }
    }
    // Sequence-first input gives the same output, sequence-first.
    let qt = ivy::permute_dims(&q, [1, 0, 2]).unwrap();
    let kt = ivy::permute_dims(&kv, [1, 0, 2]).unwrap();
    let o = opts::MultiHeadAttention::new()
        .key(kt)
        .num_heads(h)
        .batch_first(false)
        .in_proj_weights(w_in);
    let (ot, _) = ivy::multi_head_attention_with(&qt, o).unwrap();
    assert_eq!(ot.shape().dims(), &[l, b, e]);
}

/// `multi_head_attention` is container-dependent: the projections given as
/// one `weights` container (any mix of them, the rest as arrays) give the
/// same result as all given as arrays.
#[test]
fn multi_head_attention_weights_as_a_container_equal_weights_as_arrays() {
    let mut r = Lcg(77);
    let (b, l, s, e, h) = (2, 3, 4, 4, 2);
    let q = arr(&[b, l, e], r.vec(b * l * e));
    let kv = arr(&[b, s, e], r.vec(b * s * e));
    let wq = arr(&[e, e], r.vec(e * e));
    let wk = arr(&[e, e], r.vec(e * e));
    let wv = arr(&[e, e], r.vec(e * e));
    let w_in = arr(&[3 * e, e], r.vec(3 * e * e));
    let b_in = arr(&[3 * e], r.vec(3 * e));
    let w_out = arr(&[e, e], r.vec(e * e));
    let b_out = arr(&[e], r.vec(e));
    let base = || opts::MultiHeadAttention::new().key(kv.clone()).num_heads(h);
    let run = |o: opts::MultiHeadAttention| ivy::multi_head_attention_with(&q, o).unwrap();

    // Separate projections.
    let (want, want_w) = run(base()
        .q_proj_weights(wq.clone())
        .k_proj_weights(wk.clone())
        .v_proj_weights(wv.clone())
        .in_proj_bias(b_in.clone())
        .out_proj_weights(w_out.clone())
        .out_proj_bias(b_out.clone()));
    let all = ivy::container! {
        q_proj_weights: wq.clone(), k_proj_weights: wk.clone(), v_proj_weights: wv.clone(),
        in_proj_bias: b_in.clone(), out_proj_weights: w_out.clone(), out_proj_bias: b_out.clone(),
    };
    let (got, got_w) = run(base().weights(&all));
    assert_eq!(vals(&got), vals(&want));
    assert_eq!(vals(&got_w), vals(&want_w));
    // Half in the container, half as arrays.
    let half = ivy::container! { q_proj_weights: wq.clone(), out_proj_bias: b_out.clone() };
    let (got, _) = run(base()
        .weights(half)
        .k_proj_weights(wk.clone())
        .v_proj_weights(wv.clone())
        .in_proj_bias(b_in.clone())
        .out_proj_weights(w_out.clone()));
    assert_eq!(vals(&got), vals(&want));

    // The stacked in-projection.
    let (want, _) = run(base()
        .in_proj_weights(w_in.clone())
        .out_proj_weights(w_out.clone()));
    let c = ivy::container! { in_proj_weights: w_in.clone(), out_proj_weights: w_out.clone() };
    let (got, _) = run(base().weights(c));
    assert_eq!(vals(&got), vals(&want));

    // An empty container is no projection at all.
    let (want, _) = run(base());
    let (got, _) = run(base().weights(ivy::Container::new()));
    assert_eq!(vals(&got), vals(&want));

    // The dynamic call through the catalogue takes the container too.
    let args = ivy::catalogue::CallArgs::new()
        .arg(q.clone())
        .kwarg("key", kv.clone())
        .kwarg("num_heads", h)
        .kwarg("weights", &all);
    let out = ivy::catalogue::call("multi_head_attention", &args).unwrap();
    let (want, _) = run(base().weights(&all));
    assert_eq!(vals(&out[0]), vals(&want));
    // So does a backend handle (which checks the container's leaves live on
    // its backend).
    let h = ivy::get_backend("ndarray").unwrap();
    let (got, _) = h
        .multi_head_attention_with(&q, base().weights(&all))
        .unwrap();
    assert_eq!(vals(&got), vals(&want));
    let info = ivy::catalogue::op("multi_head_attention").unwrap();
    assert_eq!(
        info.nestability,
        ivy::catalogue::Nestability::ContainerDependent
    );
    assert!(info.call_nested.is_none());
    assert!(
        info.params
            .iter()
            .any(|p| p.name == "weights" && p.kind == "Option<Container>")
    );
}

/// The weights container's mistakes are `Error::KeyChain`s naming the op
/// and the key chain: a projection given twice, an unknown key chain (the
/// valid ones listed), a sub-container where a leaf is needed.
#[test]
fn multi_head_attention_weights_container_errors_name_the_key_chain() {
    let q = arr(&[1, 2, 2], vec![1.0, 0.0, 0.0, 1.0]);
    let w = arr(&[2, 2], vec![1.0, 0.0, 0.0, 1.0]);
    let call = |o: opts::MultiHeadAttention| {
        ivy::multi_head_attention_with(&q, o.num_heads(1usize)).unwrap_err()
    };
    let key_chain_of = |e: &ivy::Error| match e {
        ivy::Error::KeyChain { op, key_chain, .. } => {
            assert_eq!(op, "multi_head_attention");
            key_chain.clone()
        }
        other => panic!("expected a key chain error, got {other:?}"),
    };

    let twice = opts::MultiHeadAttention::new()
        .q_proj_weights(w.clone())
        .weights(ivy::container! { q_proj_weights: w.clone() });
    let e = call(twice);
    assert_eq!(key_chain_of(&e), "q_proj_weights");
    assert!(e.to_string().contains("given twice"), "{e}");

    let unknown = opts::MultiHeadAttention::new()
        .weights(ivy::container! { q_proj_weights: w.clone(), to_q: w.clone() });
    let e = call(unknown);
    assert_eq!(key_chain_of(&e), "to_q");
    for valid in [
        "in_proj_weights",
        "q_proj_weights",
        "k_proj_weights",
        "v_proj_weights",
        "out_proj_weights",
        "in_proj_bias",
        "out_proj_bias",
    ] {
        assert!(e.to_string().contains(valid), "{e}");
    }

    let nested = opts::MultiHeadAttention::new()
        .weights(ivy::container! { out_proj_weights: { w: w.clone() } });
    let e = call(nested);
    assert_eq!(key_chain_of(&e), "out_proj_weights");
    assert!(e.to_string().contains("sub-container"), "{e}");

    // A projection of the wrong rank, in the container or as an array, is
    // a shape error naming it.
    let bad = arr(&[3], vec![1.0; 3]);
    for o in [
        opts::MultiHeadAttention::new().weights(ivy::container! { q_proj_weights: bad.clone() }),
        opts::MultiHeadAttention::new().q_proj_weights(bad.clone()),
    ] {
        let e = call(o);
        assert!(matches!(e, ivy::Error::Shape { .. }), "{e:?}");
        assert!(
            e.to_string()
                .contains("multi_head_attention: q_proj_weights must have 2 dimensions"),
            "{e}"
        );
    }
}

/// Gradients with respect to a model's weights container flow through the
/// container-dependent op: `execute_with_gradients` over the container
/// gives, at each projection, the central finite difference of the loss.
#[test]
fn multi_head_attention_gradients_with_respect_to_the_weights_container() {
    let mut r = Lcg(5);
    let (b, l, s, e, h) = (1, 2, 3, 4, 2);
    let q = arr(&[b, l, e], r.vec(b * l * e));
    let kv = arr(&[b, s, e], r.vec(b * s * e));
    let weights = ivy::container! {
        in_proj_weights: arr(&[3 * e, e], r.vec(3 * e * e)),
        in_proj_bias: arr(&[3 * e], r.vec(3 * e)),
        out_proj_weights: arr(&[e, e], r.vec(e * e)),
    };
    let loss = |w: &ivy::Container| -> ivy::Result<Array> {
        let o = opts::MultiHeadAttention::new()
            .key(kv.clone())
            .num_heads(h)
            .weights(w);
        let (out, _) = ivy::multi_head_attention_with(&q, o)?;
        ivy::sum(&ivy::square(&out)?)
    };
    let (value, grads) = ivy::execute_with_gradients(loss, &weights).unwrap();
    let grads: ivy::Container = grads.into_tree().unwrap();
    assert_eq!(vals(&value), vals(&loss(&weights).unwrap()));
    let eps = 1e-6;
    for kc in ["in_proj_weights", "in_proj_bias", "out_proj_weights"] {
        let g = vals(grads.leaf(kc).unwrap());
        let x = vals(weights.leaf(kc).unwrap());
        let shape = weights.leaf(kc).unwrap().shape().clone();
        assert_eq!(g.len(), x.len(), "{kc}");
        // A few entries of each, by central differences.
        for i in [0, x.len() / 2, x.len() - 1] {
            let at = |d: f64| {
                let mut y = x.clone();
                y[i] += d;
                let mut w = weights.clone();
                w.insert(kc, Array::from_shape_vec(shape.clone(), y).unwrap())
                    .unwrap();
                vals(&loss(&w).unwrap())[0]
            };
            let fd = (at(eps) - at(-eps)) / (2.0 * eps);
            assert!(
                (g[i] - fd).abs() <= 1e-6 * (1.0 + fd.abs()),
                "{kc}[{i}]: gradient {}, finite difference {fd}",
                g[i]
            );
        }
    }
}

/// `bias_k` / `bias_v` and `add_zero_attn` are keys and values appended to
/// the projected ones; `static_k` / `static_v` are the projected keys and
/// values split into heads. Checked against the plain call with the keys
/// and values built by hand.
#[test]
fn multi_head_attention_extra_and_static_keys_are_keys_appended_or_given() {
    let mut r = Lcg(53);
    let (b, l, s, e, h) = (2, 3, 4, 4, 2);
    let q = arr(&[b, l, e], r.vec(b * l * e));
    let kv = arr(&[b, s, e], r.vec(b * s * e));
    let bk = arr(&[e], r.vec(e));
    let bv = arr(&[e], r.vec(e));
    let mha = |o: opts::MultiHeadAttention| ivy::multi_head_attention_with(&q, o).unwrap();
    let base = || opts::MultiHeadAttention::new().key(kv.clone()).num_heads(h);
    let append = |x: &Array, row: &Array| {
        let row =
            ivy::broadcast_to(&ivy::reshape(row, [1, 1, e as i64]).unwrap(), [b, 1, e]).unwrap();
        ivy::concat_with([x, &row], opts::Concat::new().axis(Some(1))).unwrap()
    };

    // bias_k / bias_v: one more key and value per sequence.
    let (out, w) = mha(base().bias_k(bk.clone()).bias_v(bv.clone()));
    let (want, ww) = mha(base().key(append(&kv, &bk)).value(append(&kv, &bv)));
    close(&vals(&out), &vals(&want), 1e-12);
    assert_eq!(w.shape().dims(), &[b, l, s + 1]);
    close(&vals(&w), &vals(&ww), 1e-12);

    // add_zero_attn: a key and a value of zeros.
    let zero = ivy::zeros_with([e], opts::Zeros::new().dtype(Dtype::Float64)).unwrap();
    let (out, _) = mha(base().add_zero_attn(true));
    let (want, _) = mha(base().key(append(&kv, &zero)).value(append(&kv, &zero)));
    close(&vals(&out), &vals(&want), 1e-12);

    // Both, with a key padding mask: the padded key gets no weight, the
    // appended ones (bias, then zeros) are attended.
    let pad = Array::from_shape_vec(
        ivy::Shape::from([b, s]),
        vec![false, true, false, false, false, false, false, true],
    )
    .unwrap();
    let o = base()
        .bias_k(bk.clone())
        .bias_v(bv.clone())
        .add_zero_attn(true)
        .key_padding_mask(pad)
        .average_attention_weights(false);
    let (_, w) = mha(o);
    assert_eq!(w.shape().dims(), &[b, h, l, s + 2]);
    let wv = w.to_ndarray::<f64>().unwrap();
    for hh in 0..h {
        for i in 0..l {
            assert_eq!(wv[[0, hh, i, 1]], 0.0);
            assert_eq!(wv[[1, hh, i, 3]], 0.0);
            assert!(wv[[0, hh, i, s]] > 0.0 && wv[[0, hh, i, s + 1]] > 0.0);
        }
    }

    // static_k / static_v: the projected keys and values, split into heads
    // ([batch * heads, S, head size]); the key given is then not used.
    let w_in = arr(&[3 * e, e], r.vec(3 * e * e));
    let b_in = arr(&[3 * e], r.vec(3 * e));
    let proj = |x: &Array, part: usize| -> Array {
        let wp = ivy::get_item(&w_in, ivy::s![part * e..(part + 1) * e]).unwrap();
        let bp = ivy::get_item(&b_in, ivy::s![part * e..(part + 1) * e]).unwrap();
        let y = ivy::linear_with(x, &wp, opts::Linear::new().bias(bp)).unwrap();
        let y = ivy::reshape(&y, [b as i64, s as i64, h as i64, (e / h) as i64]).unwrap();
        let y = ivy::permute_dims(&y, [0, 2, 1, 3]).unwrap();
        ivy::reshape(&y, [(b * h) as i64, s as i64, (e / h) as i64]).unwrap()
    };
    let with_in = || {
        base()
            .in_proj_weights(w_in.clone())
            .in_proj_bias(b_in.clone())
    };
    let (want, _) = mha(with_in());
    let other = arr(&[b, s, e], r.vec(b * s * e));
    let (out, _) = mha(with_in()
        .key(other)
        .static_k(proj(&kv, 1))
        .static_v(proj(&kv, 2)));
    close(&vals(&out), &vals(&want), 1e-12);

    // Refused: half a bias, a bias with static keys, a static key of the
    // wrong batch.
    let err = |o: opts::MultiHeadAttention| {
        let e = ivy::multi_head_attention_with(&q, o).unwrap_err();
        assert!(e.to_string().contains("multi_head_attention"), "{e}");
    };
    err(base().bias_k(bk.clone()));
    err(base()
        .bias_k(bk.clone())
        .bias_v(bv.clone())
        .static_k(proj(&kv, 1)));
    err(base().static_k(arr(&[h, s, e / h], r.vec(h * s * e / h))));
    err(base()
        .bias_k(arr(&[e + 1], r.vec(e + 1)))
        .bias_v(bv.clone()));

    // The gradient reaches bias_k, bias_v and static_v (central differences).
    let sv = proj(&kv, 2);
    let loss = |xs: &Vec<Array>| -> ivy::Result<Array> {
        let o = opts::MultiHeadAttention::new()
            .key(kv.clone())
            .num_heads(h)
            .in_proj_weights(w_in.clone())
            .bias_k(xs[0].clone())
            .bias_v(xs[1].clone())
            .add_zero_attn(true);
        let (out, _) = ivy::multi_head_attention_with(&q, o)?;
        let o2 = opts::MultiHeadAttention::new()
            .key(kv.clone())
            .num_heads(h)
            .in_proj_weights(w_in.clone())
            .static_k(proj(&kv, 1))
            .static_v(xs[2].clone());
        let (out2, _) = ivy::multi_head_attention_with(&q, o2)?;
        let wts = ivy::sin(&ivy::arange(b * l * e)?.reshape([b, l, e])?)?;
        let wts = ivy::astype(&wts, Dtype::Float64)?;
        ivy::add(
            &ivy::sum(&ivy::multiply(&out, &wts)?)?,
            &ivy::sum(&ivy::multiply(&out2, &wts)?)?,
        )
    };
    let xs = vec![bk.clone(), bv.clone(), sv.clone()];
    let g = ivy::grad(loss)(&xs).unwrap();
    for (k, x) in xs.iter().enumerate() {
        let xv = vals(x);
        let gv = vals(&g[k]);
        for i in 0..xv.len() {
            let at = |d: f64| {
                let mut v = xv.clone();
                v[i] += d;
                let mut ys = xs.clone();
                ys[k] = arr(x.shape().dims(), v);
                vals(&loss(&ys).unwrap())[0]
            };
            let fd = (at(1e-6) - at(-1e-6)) / 2e-6;
            assert!(
                (gv[i] - fd).abs() < 1e-6 + 1e-5 * fd.abs(),
                "input {k} element {i}: {} vs {fd}",
                gv[i]
            );
        }
    }
}

/// Ivy's typed explicit paddings (an integer, or a `(before, after)` pair
/// per spatial dimension, directly or as a `Padding`) give every
/// convolution and pool what the padding string gives; for the
/// convolutions that is zero padding followed by `"VALID"`.
#[test]
fn typed_explicit_padding_matches_the_string_and_zero_padding_on_every_conv_and_pool() {
    use ivy::Padding;
    let mut r = Lcg(71);
    let x1 = arr(&[1, 6, 2], r.vec(12));
    let x2 = arr(&[1, 5, 4, 2], r.vec(40));
    let x3 = arr(&[1, 4, 3, 3, 2], r.vec(72));
    let f1 = arr(&[3, 2, 2], r.vec(12));
    let f2 = arr(&[2, 3, 2, 2], r.vec(24));
    let f3 = arr(&[2, 2, 2, 2, 1], r.vec(16));
    let fd = arr(&[2, 3, 2], r.vec(12));
    let zero_pad = |x: &Array, pairs: &[(i64, i64)]| {
        let mut w = vec![0i64, 0];
        for &(a, b) in pairs {
            w.extend([a, b]);
        }
        w.extend([0, 0]);
        ivy::constant_pad(x, w).unwrap()
    };
    let same = |a: Array, b: Array| close(&vals(&a), &vals(&b), 1e-12);
    let p1 = [(2i64, 1i64)];
    let p2 = [(1i64, 0i64), (2, 1)];
    let p3 = [(1i64, 1i64); 3];

    let y = ivy::conv1d(&x1, &f1, 1, p1).unwrap();
    same(y.clone(), ivy::conv1d(&x1, &f1, 1, "[(2, 1)]").unwrap());
    same(
        y,
        ivy::conv1d(&zero_pad(&x1, &p1), &f1, 1, "VALID").unwrap(),
    );
    let y = ivy::conv2d(&x2, &f2, [2, 1], p2).unwrap();
    same(
        y,
        ivy::conv2d(&zero_pad(&x2, &p2), &f2, [2, 1], "VALID").unwrap(),
    );
    let y = ivy::conv3d(&x3, &f3, 1, 1).unwrap();
    same(
        y,
        ivy::conv3d(&zero_pad(&x3, &p3), &f3, 1, "VALID").unwrap(),
    );
    let y = ivy::depthwise_conv2d(&x2, &fd, 1, Padding::from(p2.to_vec())).unwrap();
    same(
        y,
        ivy::depthwise_conv2d(&zero_pad(&x2, &p2), &fd, 1, "VALID").unwrap(),
    );
    let y = ivy::conv_general_dilated(&x2, &f2, [1], Padding::from(p2)).unwrap();
    same(
        y,
        ivy::conv_general_dilated(&zero_pad(&x2, &p2), &f2, [1], "VALID").unwrap(),
    );
    let y = ivy::conv(&x2, &f2, [1], Padding::from(p2)).unwrap();
    same(
        y,
        ivy::conv(&zero_pad(&x2, &p2), &f2, [1], "VALID").unwrap(),
    );

    // The transposes read explicit padding as the padding of the forward
    // convolution they undo: the typed form gives what the string gives.
    let t1 = arr(&[1, 4, 2], r.vec(8));
    let ft1 = arr(&[3, 2, 2], r.vec(12));
    same(
        ivy::conv1d_transpose(&t1, &ft1, 2, Padding::from([(1, 1)])).unwrap(),
        ivy::conv1d_transpose(&t1, &ft1, 2, "[(1, 1)]").unwrap(),
    );
    let t2 = arr(&[1, 3, 2, 2], r.vec(12));
    let ft2 = arr(&[2, 2, 2, 2], r.vec(16));
    same(
        ivy::conv2d_transpose(&t2, &ft2, 2, Padding::from(p2)).unwrap(),
        ivy::conv2d_transpose(&t2, &ft2, 2, "[(1, 0), (2, 1)]").unwrap(),
    );
    same(
        ivy::conv_general_transpose(&t2, &ft2, [2], Padding::from(p2)).unwrap(),
        ivy::conv_general_transpose(&t2, &ft2, [2], "1,0,2,1").unwrap(),
    );
    let t3 = arr(&[1, 2, 2, 2, 1], r.vec(8));
    let ft3 = arr(&[2, 2, 2, 1, 1], r.vec(8));
    same(
        ivy::conv3d_transpose(&t3, &ft3, 1, Padding::from(1)).unwrap(),
        ivy::conv3d_transpose(&t3, &ft3, 1, "1").unwrap(),
    );

    // Pools: padding up to half the window.
    same(
        ivy::max_pool1d(&x1, 3, 1, [(1, 1)]).unwrap(),
        ivy::max_pool1d(&x1, 3, 1, "[(1, 1)]").unwrap(),
    );
    same(
        ivy::avg_pool1d(&x1, 3, 2, Padding::from(1)).unwrap(),
        ivy::avg_pool1d(&x1, 3, 2, "1").unwrap(),
    );
    let pp2 = [(1i64, 0i64), (0, 1)];
    same(
        ivy::max_pool2d(&x2, [2, 3], [2, 1], Padding::from(pp2)).unwrap(),
        ivy::max_pool2d(&x2, [2, 3], [2, 1], "[(1, 0), (0, 1)]").unwrap(),
    );
    same(
        ivy::avg_pool2d(&x2, [2, 3], [2, 1], Padding::from(pp2)).unwrap(),
        ivy::avg_pool2d(&x2, [2, 3], [2, 1], "[(1, 0), (0, 1)]").unwrap(),
    );
    same(
        ivy::max_pool3d(&x3, 2, 1, Padding::from([(1, 0), (0, 1), (1, 1)])).unwrap(),
        ivy::max_pool3d(&x3, 2, 1, "1,0,0,1,1,1").unwrap(),
    );
    same(
        ivy::avg_pool3d(&x3, 2, 1, 1).unwrap(),
        ivy::avg_pool3d(&x3, 2, 1, "1").unwrap(),
    );

    // Negative padding is refused, naming the op.
    let e = ivy::conv1d(&x1, &f1, 1, Padding::from([(-1, 0)])).unwrap_err();
    assert!(e.to_string().contains("conv1d"), "{e}");
}

#[test]
fn adaptive_pools_match_pytorch_windows() {
    let mut r = Lcg(61);
    let (h, w, c) = (7, 5, 2);
    let x = r.vec(h * w * c);
    for (oh, ow) in [(3, 2), (7, 5), (1, 1), (4, 4)] {
        let mut avg = Vec::new();
        let mut mx = Vec::new();
        for i in 0..oh {
            let (hs, he) = (i * h / oh, ((i + 1) * h).div_ceil(oh));
            for j in 0..ow {
                let (ws, we) = (j * w / ow, ((j + 1) * w).div_ceil(ow));
                for ch in 0..c {
                    let vs: Vec<f64> = (hs..he)
                        .flat_map(|a| (ws..we).map(move |b| (a, b)))
                        .map(|(a, b)| x[(a * w + b) * c + ch])
                        .collect();
                    avg.push(vs.iter().sum::<f64>() / vs.len() as f64);
                    mx.push(vs.iter().cloned().fold(f64::NEG_INFINITY, f64::max));
                }
            }
        }
        let xa = arr(&[1, h, w, c], x.clone());
        close(
            &vals(&ivy::adaptive_avg_pool2d(&xa, [oh, ow]).unwrap()),
            &avg,
            1e-12,
        );
        let o = opts::AdaptiveMaxPool2d::new().data_format("NHWC");
        close(
            &vals(&ivy::adaptive_max_pool2d_with(&xa, [oh, ow], o).unwrap()),
            &mx,
            0.0,
        );
    }
    // 1-d, channel-first and unbatched.
    let x1 = arr(&[2, 6], r.vec(12));
    let y = ivy::adaptive_avg_pool1d(&x1, 4).unwrap();
    assert_eq!(y.shape().dims(), &[2, 4]);
    let v = vals(&x1);
    close(&vals(&y)[..1], &[(v[0] + v[1]) / 2.0], 1e-12);
    assert!(ivy::adaptive_avg_pool1d(&x1, 0).is_err());
    assert!(ivy::adaptive_avg_pool2d(&x1, 2).is_err());
}

#[test]
fn dropout_gradient_is_the_mask_times_the_scale() {
    let x = ivy::ones_with([200], opts::Ones::new().dtype(Dtype::Float64)).unwrap();
    let y = ivy::dropout_with(&x, 0.5, opts::Dropout::new().seed(4)).unwrap();
    let g =
        ivy::grad(|x: &Array| ivy::sum(&ivy::dropout_with(x, 0.5, opts::Dropout::new().seed(4))?))(
            &x,
        )
        .unwrap();
    // x is all ones, so y is the mask times 1 / (1 - 0.5).
    assert_eq!(g, y);
    let g = ivy::grad(|x: &Array| {
        ivy::sum(&ivy::dropout2d_with(
            &ivy::reshape(x, [2, 10, 10, 1])?,
            0.5,
            opts::Dropout2d::new().seed(4),
        )?)
    })(&x)
    .unwrap();
    assert!(
        g.to_vec::<f64>()
            .unwrap()
            .iter()
            .all(|&v| v == 0.0 || v == 2.0)
    );
}
