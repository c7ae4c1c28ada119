//! The cost of gradients, side by side in one run.
//!
//! **`mlp_step`**: one forward-and-backward step of a 784-256-10 multilayer
//! perceptron (relu hidden layer, mean softmax cross-entropy against one-hot
//! labels) on a batch of 64 float32 rows:
//! - `ivy`: `ivy::value_and_grad` of the loss over a `Container` of weights
//!   `{l1: {w, b}, l2: {w, b}}`, the loss written in ivy ops
//!   (`matmul`, `add`, `relu`, `log_softmax`, `multiply`, `sum`, `mean`);
//! - `floor`: the same step over `ndarray::Array2<f32>` with the backward
//!   pass written by hand (`.dot()` on transposed views, the fused softmax
//!   cross-entropy gradient `(softmax - onehot) / batch`): the least work
//!   this backend can do. Target: `ivy` at most 1.2x `floor`.
//!
//! Both give the same loss and gradients to 1e-4; this is checked once,
//! before anything is timed.
//!
//! **`tape`**: the cost of recording. A chain of 100 elementwise ops on a
//! 16-element float32 array (50 times `sin` then `multiply` by 1.0001),
//! summed:
//! - `traced`: `ivy::grad` of the chain: forward with recording, then the
//!   backward pass;
//! - `forward`: the same chain on untraced arrays (what the forward costs
//!   without gradients);
//! - `backward_by_hand`: the backward pass written by hand with untraced ivy
//!   ops on the saved intermediates (`g *= 1.0001; g *= cos(x_i)`, 150 ops):
//!   the arithmetic any backward pass must do.
//!
//! The tape's overhead per recorded op is
//! `(traced - forward - backward_by_hand) / 100`: what recording the nodes,
//! walking the graph, calling the derivatives through the generated rules
//! and the broadcast-undoing rule adds to the ops themselves. Target: under
//! 300 ns. `(traced - forward) / 100` is also printed (the backward
//! arithmetic included) at the end of the run.
//!
//! Run with `cargo bench --bench mlp`.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use ivy::{Array, Container};
use ndarray::{Array1, Array2, Axis, Ix1, Ix2};
use std::hint::black_box;
use std::time::{Duration, Instant};

const BATCH: usize = 64;
const INPUT: usize = 784;
const HIDDEN: usize = 256;
const CLASSES: usize = 10;

/// Normal samples of `shape` scaled by `scale`, float32, from a fixed seed.
fn normal(shape: &[usize], scale: f64, seed: i64) -> Array {
    let x = ivy::random_normal_with(
        ivy::opts::RandomNormal::new()
            .shape(shape.to_vec())
            .seed(seed),
    )
    .expect("random_normal");
    ivy::multiply(&x, scale).expect("multiply")
}

fn to2(x: &Array) -> Array2<f32> {
    x.to_ndarray::<f32>()
        .expect("ndarray")
        .into_dimensionality::<Ix2>()
        .expect("2-d")
}

fn to1(x: &Array) -> Array1<f32> {
    x.to_ndarray::<f32>()
        .expect("ndarray")
        .into_dimensionality::<Ix1>()
        .expect("1-d")
}

/// The inputs: weights (He's initialisation, small non-zero biases), a batch
/// and one-hot labels.
struct Problem {
    weights: Container,
    x: Array,
    onehot: Array,
}

fn problem() -> Problem {
    let weights = ivy::container! {
        l1: {
            w: normal(&[INPUT, HIDDEN], (2.0 / INPUT as f64).sqrt(), 1),
            b: normal(&[HIDDEN], 0.01, 2),
        },
        l2: {
            w: normal(&[HIDDEN, CLASSES], (2.0 / HIDDEN as f64).sqrt(), 3),
            b: normal(&[CLASSES], 0.01, 4),
        },
    };
    let x = normal(&[BATCH, INPUT], 1.0, 5);
    let labels = ivy::asarray(
        (0..BATCH as i64)
            .map(|i| (i * 7) % 10)
            .collect::<Vec<i64>>(),
    )
    .expect("labels");
    let onehot = ivy::one_hot(&labels, CLASSES).expect("one_hot");
    Problem { weights, x, onehot }
}

/// The loss in ivy ops.
fn ivy_loss(w: &Container, x: &Array, onehot: &Array) -> ivy::Result<Array> {
    let h = ivy::relu(&ivy::add(
        &ivy::matmul(x, w.leaf("l1/w")?)?,
        w.leaf("l1/b")?,
    )?)?;
    let logits = ivy::add(&ivy::matmul(&h, w.leaf("l2/w")?)?, w.leaf("l2/b")?)?;
    let logp = ivy::log_softmax(&logits)?;
    let per_row = ivy::sum_with(
        &ivy::multiply(&logp, onehot)?,
        ivy::opts::Sum::new().axis(-1),
    )?;
    ivy::negative(&ivy::mean(&per_row)?)
}

/// The same weights and batch as ndarray arrays.
struct Floor {
    x: Array2<f32>,
    y: Array2<f32>,
    w1: Array2<f32>,
    b1: Array1<f32>,
    w2: Array2<f32>,
    b2: Array1<f32>,
}

impl Floor {
    fn new(p: &Problem) -> Floor {
        let w = &p.weights;
        Floor {
            x: to2(&p.x),
            y: to2(&p.onehot),
            w1: to2(w.leaf("l1/w").expect("l1/w")),
            b1: to1(w.leaf("l1/b").expect("l1/b")),
            w2: to2(w.leaf("l2/w").expect("l2/w")),
            b2: to1(w.leaf("l2/b").expect("l2/b")),
        }
    }

    /// Loss and gradients `(dw1, db1, dw2, db2)`, the backward pass by hand.
    #[allow(clippy::type_complexity)]
    fn step(&self) -> (f32, Array2<f32>, Array1<f32>, Array2<f32>, Array1<f32>) {
        let z1 = self.x.dot(&self.w1) + &self.b1;
        let h = z1.mapv(|v| v.max(0.0));
        let mut p = h.dot(&self.w2) + &self.b2;
        // Log-softmax per row, then the loss; `p` becomes the softmax.
        let mut loss = 0.0f32;
        for (mut row, y) in p.rows_mut().into_iter().zip(self.y.rows()) {
            let m = row.fold(f32::NEG_INFINITY, |a, &b| a.max(b));
            let lse = m + row.iter().map(|&v| (v - m).exp()).sum::<f32>().ln();
            loss -= row.iter().zip(y).map(|(&v, &t)| t * (v - lse)).sum::<f32>();
            row.mapv_inplace(|v| (v - lse).exp());
        }
        let n = BATCH as f32;
        let dz2 = (p - &self.y) / n;
        let dw2 = h.t().dot(&dz2);
        let db2 = dz2.sum_axis(Axis(0));
        let mut dz1 = dz2.dot(&self.w2.t());
        dz1.zip_mut_with(&z1, |d, &z| {
            if z <= 0.0 {
                *d = 0.0
            }
        });
        let dw1 = self.x.t().dot(&dz1);
        let db1 = dz1.sum_axis(Axis(0));
        (loss / n, dw1, db1, dw2, db2)
    }
}

fn assert_close(what: &str, ivy: &[f32], floor: &[f32]) {
    assert_eq!(ivy.len(), floor.len(), "{what}: lengths");
    for (i, (a, b)) in ivy.iter().zip(floor).enumerate() {
        assert!(
            (a - b).abs() <= 1e-4 * (1.0 + b.abs()),
            "{what}[{i}]: ivy {a}, by hand {b}"
        );
    }
}

fn mlp_step(c: &mut Criterion) {
    let p = problem();
    let floor = Floor::new(&p);
    let (x, onehot) = (p.x.clone(), p.onehot.clone());
    let step = ivy::value_and_grad(move |w: &Container| ivy_loss(w, &x, &onehot));

    // Same numbers, checked once outside the timing.
    let (loss, grads) = step(&p.weights).expect("ivy step");
    let (floss, dw1, db1, dw2, db2) = floor.step();
    assert_close(
        "loss",
        &[loss.item().expect("loss").to_f64() as f32],
        &[floss],
    );
    let leaf = |k: &str| grads.leaf(k).expect("grad").to_vec::<f32>().expect("f32");
    assert_close("l1/w", &leaf("l1/w"), dw1.as_slice().expect("contiguous"));
    assert_close("l1/b", &leaf("l1/b"), db1.as_slice().expect("contiguous"));
    assert_close("l2/w", &leaf("l2/w"), dw2.as_slice().expect("contiguous"));
    assert_close("l2/b", &leaf("l2/b"), db2.as_slice().expect("contiguous"));

    let mut g = c.benchmark_group("mlp_step");
    let id = "784-256-10/64";
    g.bench_with_input(BenchmarkId::new("ivy", id), &(), |bn, _| {
        bn.iter(|| step(black_box(&p.weights)).expect("step"))
    });
    g.bench_with_input(BenchmarkId::new("floor", id), &(), |bn, _| {
        bn.iter(|| black_box(&floor).step())
    });
    // Where a step's time goes: the loss alone (no recording), and the two
    // large products every step makes (the forward `x · w1` and the weight
    // gradient `x^T · dz1`), without the rest.
    g.bench_with_input(BenchmarkId::new("ivy_forward", id), &(), |bn, _| {
        bn.iter(|| ivy_loss(black_box(&p.weights), &p.x, &p.onehot).expect("loss"))
    });
    let w1 = p.weights.leaf("l1/w").expect("l1/w").clone();
    let dz1 = ivy::matmul(&p.x, &w1).expect("dz1 stand-in");
    let xt = ivy::matrix_transpose(&p.x).expect("x^T");
    g.bench_with_input(BenchmarkId::new("ivy_two_products", id), &(), |bn, _| {
        bn.iter(|| {
            (
                ivy::matmul(black_box(&p.x), &w1).expect("x w1"),
                ivy::matmul(black_box(&xt), &dz1).expect("x^T dz1"),
            )
        })
    });
    g.finish();
}

const CHAIN: usize = 100;

/// `CHAIN` elementwise ops: `sin` then `multiply` by 1.0001, alternately.
fn chain(x: &Array) -> ivy::Result<Array> {
    let mut y = x.clone();
    for _ in 0..CHAIN / 2 {
        y = ivy::multiply(&ivy::sin(&y)?, 1.0001)?;
    }
    Ok(y)
}

/// The inputs of each `sin` of the chain (what the backward pass needs).
fn saved(x: &Array) -> Vec<Array> {
    let mut xs = Vec::with_capacity(CHAIN / 2);
    let mut y = x.clone();
    for _ in 0..CHAIN / 2 {
        xs.push(y.clone());
        y = ivy::multiply(&ivy::sin(&y).expect("sin"), 1.0001).expect("multiply");
    }
    xs
}

/// The chain's backward pass by hand, from `d sum / d y = 1`.
fn backward_by_hand(saved: &[Array]) -> ivy::Result<Array> {
    let mut g = ivy::ones_like(&saved[0])?;
    for x in saved.iter().rev() {
        g = ivy::multiply(&ivy::multiply(&g, 1.0001)?, &ivy::cos(x)?)?;
    }
    Ok(g)
}

fn tape(c: &mut Criterion) {
    let x = ivy::asarray((0..16).map(|i| i as f32 * 0.1).collect::<Vec<f32>>()).expect("x");
    let traced = ivy::grad(|x: &Array| ivy::sum(&chain(x)?));
    let forward = |x: &Array| ivy::sum(&chain(x)?);
    let xs = saved(&x);
    let by_tape = traced(&x).expect("grad");
    let by_hand = backward_by_hand(&xs).expect("by hand");
    assert_close(
        "chain gradient",
        &by_tape.to_vec::<f32>().expect("f32"),
        &by_hand.to_vec::<f32>().expect("f32"),
    );

    let mut g = c.benchmark_group("tape");
    let id = "100_ops/16";
    g.bench_with_input(BenchmarkId::new("traced", id), &(), |bn, _| {
        bn.iter(|| traced(black_box(&x)).expect("grad"))
    });
    g.bench_with_input(BenchmarkId::new("forward", id), &(), |bn, _| {
        bn.iter(|| forward(black_box(&x)).expect("forward"))
    });
    g.bench_with_input(BenchmarkId::new("backward_by_hand", id), &(), |bn, _| {
        bn.iter(|| backward_by_hand(black_box(&xs)).expect("backward"))
    });
    g.finish();

    // The per-op figures, from a quick timing of its own (criterion's
    // estimates are not available to the bench itself): only when
    // benchmarking this group, not in `cargo test --benches`.
    if !timing_tape() {
        return;
    }
    let time = |f: &dyn Fn()| {
        for _ in 0..200 {
            f();
        }
        let mut best = Duration::MAX;
        for _ in 0..20 {
            let t = Instant::now();
            for _ in 0..200 {
                f();
            }
            best = best.min(t.elapsed() / 200);
        }
        best.as_nanos() as f64
    };
    let t = time(&|| {
        black_box(traced(black_box(&x)).expect("grad"));
    });
    let f = time(&|| {
        black_box(forward(black_box(&x)).expect("forward"));
    });
    let b = time(&|| {
        black_box(backward_by_hand(black_box(&xs)).expect("backward"));
    });
    let n = CHAIN as f64;
    println!(
        "tape: traced {:.1} us, forward {:.1} us, backward by hand {:.1} us; \
         overhead per recorded op {:.0} ns (traced - forward - backward by hand) / 100, \
         {:.0} ns with the backward arithmetic (traced - forward) / 100",
        t / 1e3,
        f / 1e3,
        b / 1e3,
        (t - f - b) / n,
        (t - f) / n
    );
}

/// Whether this run benchmarks the `tape` group: `cargo bench` passes
/// `--bench`, and a filter, if given, must match the group's ids (a plain
/// substring test; criterion's filters are regular expressions, so this may
/// print the summary for a filter that selected nothing, never skip it
/// wrongly for a plain name). `--profile-time` runs skip it.
fn timing_tape() -> bool {
    const WITH_VALUE: &[&str] = &[
        "--warm-up-time",
        "--measurement-time",
        "--sample-size",
        "--save-baseline",
        "--baseline",
        "--baseline-lenient",
        "--load-baseline",
        "--profile-time",
        "--noise-threshold",
        "--confidence-level",
        "--significance-level",
        "--nresamples",
        "--output-format",
        "--color",
        "--plotting-backend",
        "--format",
    ];
    let args: Vec<String> = std::env::args().skip(1).collect();
    if !args.iter().any(|a| a == "--bench") || args.iter().any(|a| a.starts_with("--profile-time"))
    {
        return false;
    }
    let mut filter = None;
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        if WITH_VALUE.contains(&a.as_str()) {
            i += 2;
            continue;
        }
        if !a.starts_with('-') {
            filter = Some(a.clone());
            break;
        }
        i += 1;
    }
    filter.is_none_or(|f| {
        [
            "tape/traced/100_ops/16",
            "tape/forward/100_ops/16",
            "tape/backward_by_hand/100_ops/16",
        ]
        .iter()
        .any(|id| id.contains(f.as_str()))
    })
}

criterion_group!(benches, mlp_step, tape);
criterion_main!(benches);
