//! `ivy::add` and `ivy::tan` on float32 arrays of 16 and 1,000,000 elements
//! (and `ivy::concat` of two such arrays, a list argument), side by side in
//! one run with
//! - `ndarray_dyn`: the same expression on `ndarray::ArrayD<f32>` (dynamic
//!   dimensions, like ivy's arrays), and
//! - `floor`: a plain loop over two slices into a new `Vec` (the least work
//!   any library must do: read, compute, allocate, write).
//!
//! With the `candle` feature, two more lines per group: `ivy_candle`, the
//! same ivy call on arrays of the candle backend, and `candle_raw`, the same
//! expression on `candle_core::Tensor` directly; and a `matmul` group (256x256
//! float32) on both backends against ndarray's `dot` and candle's `matmul`;
//! and `candle_add_made`: `add` of 1,048,576 float32 on candle arrays made
//! by `arange`, `to_backend`, `asarray` of varied and of constant data, each
//! beside raw candle on the same tensor.
//!
//! Run with `cargo bench --bench elementwise` (`--features candle` for the
//! candle lines); compare the `ivy` line of each group with `floor` (and
//! `ivy_candle` with `candle_raw`).

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

/// The candle lines of a group: `ivy_candle` runs `ivy_op` on the arrays
/// moved to the candle backend, `candle_raw` runs `raw` on their tensors.
#[cfg(feature = "candle")]
fn candle_lines(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    n: usize,
    xs: &[&ivy::Array],
    ivy_op: impl Fn(&[ivy::Array]) -> ivy::Array,
    raw: impl Fn(&[ivy::candle::candle_core::Tensor]) -> ivy::candle::candle_core::Tensor,
) {
    use ivy::candle::ToTensor;
    let on: Vec<ivy::Array> = xs
        .iter()
        .map(|x| x.to_backend("candle").expect("to candle"))
        .collect();
    let ts: Vec<_> = on.iter().map(|x| x.to_tensor().expect("tensor")).collect();
    g.bench_with_input(BenchmarkId::new("ivy_candle", n), &n, |bn, _| {
        bn.iter(|| ivy_op(black_box(&on)))
    });
    g.bench_with_input(BenchmarkId::new("candle_raw", n), &n, |bn, _| {
        bn.iter(|| raw(black_box(&ts)))
    });
}

fn inputs(n: usize) -> (Vec<f32>, Vec<f32>) {
    let a: Vec<f32> = (0..n).map(|i| (i % 100) as f32 * 0.01).collect();
    let b: Vec<f32> = (0..n).map(|i| (i % 37) as f32 * 0.03).collect();
    (a, b)
}

fn add(c: &mut Criterion) {
    let mut g = c.benchmark_group("add");
    for n in [16usize, 1_000_000] {
        let (a, b) = inputs(n);
        g.throughput(Throughput::Elements(n as u64));
        let xa = ivy::asarray(a.clone()).expect("array");
        let xb = ivy::asarray(b.clone()).expect("array");
        g.bench_with_input(BenchmarkId::new("ivy", n), &n, |bn, _| {
            bn.iter(|| ivy::add(black_box(&xa), black_box(&xb)).expect("add"))
        });
        let na = ndarray::ArrayD::from_shape_vec(ndarray::IxDyn(&[n]), a.clone()).expect("nd");
        let nb = ndarray::ArrayD::from_shape_vec(ndarray::IxDyn(&[n]), b.clone()).expect("nd");
        g.bench_with_input(BenchmarkId::new("ndarray_dyn", n), &n, |bn, _| {
            bn.iter(|| black_box(&na) + black_box(&nb))
        });
        g.bench_with_input(BenchmarkId::new("floor", n), &n, |bn, _| {
            bn.iter(|| {
                let (a, b) = (black_box(&a[..]), black_box(&b[..]));
                a.iter().zip(b).map(|(x, y)| x + y).collect::<Vec<f32>>()
            })
        });
        #[cfg(feature = "candle")]
        candle_lines(
            &mut g,
            n,
            &[&xa, &xb],
            |x| ivy::add(&x[0], &x[1]).expect("add"),
            |t| (&t[0] + &t[1]).expect("add"),
        );
    }
    g.finish();
}

fn tan(c: &mut Criterion) {
    let mut g = c.benchmark_group("tan");
    for n in [16usize, 1_000_000] {
        let (a, _) = inputs(n);
        g.throughput(Throughput::Elements(n as u64));
        let xa = ivy::asarray(a.clone()).expect("array");
        g.bench_with_input(BenchmarkId::new("ivy", n), &n, |bn, _| {
            bn.iter(|| ivy::tan(black_box(&xa)).expect("tan"))
        });
        let na = ndarray::ArrayD::from_shape_vec(ndarray::IxDyn(&[n]), a.clone()).expect("nd");
        g.bench_with_input(BenchmarkId::new("ndarray_dyn", n), &n, |bn, _| {
            bn.iter(|| black_box(&na).mapv(f32::tan))
        });
        g.bench_with_input(BenchmarkId::new("floor", n), &n, |bn, _| {
            bn.iter(|| {
                black_box(&a[..])
                    .iter()
                    .map(|x| x.tan())
                    .collect::<Vec<f32>>()
            })
        });
        #[cfg(feature = "candle")]
        candle_lines(
            &mut g,
            n,
            &[&xa],
            |x| ivy::tan(&x[0]).expect("tan"),
            // candle has no tan op: sin / cos, as its own docs suggest.
            |t| (t[0].sin().expect("sin") / t[0].cos().expect("cos")).expect("div"),
        );
    }
    g.finish();
}

fn concat(c: &mut Criterion) {
    let mut g = c.benchmark_group("concat");
    for n in [16usize, 1_000_000] {
        let (a, b) = inputs(n);
        g.throughput(Throughput::Elements(2 * n as u64));
        let xa = ivy::asarray(a.clone()).expect("array");
        let xb = ivy::asarray(b.clone()).expect("array");
        g.bench_with_input(BenchmarkId::new("ivy", n), &n, |bn, _| {
            bn.iter(|| ivy::concat([black_box(&xa), black_box(&xb)]).expect("concat"))
        });
        let na = ndarray::ArrayD::from_shape_vec(ndarray::IxDyn(&[n]), a.clone()).expect("nd");
        let nb = ndarray::ArrayD::from_shape_vec(ndarray::IxDyn(&[n]), b.clone()).expect("nd");
        g.bench_with_input(BenchmarkId::new("ndarray_dyn", n), &n, |bn, _| {
            bn.iter(|| {
                ndarray::concatenate(
                    ndarray::Axis(0),
                    &[black_box(&na).view(), black_box(&nb).view()],
                )
                .expect("nd")
            })
        });
        g.bench_with_input(BenchmarkId::new("floor", n), &n, |bn, _| {
            bn.iter(|| {
                let (a, b) = (black_box(&a[..]), black_box(&b[..]));
                let mut v = Vec::with_capacity(a.len() + b.len());
                v.extend_from_slice(a);
                v.extend_from_slice(b);
                v
            })
        });
    }
    g.finish();
}

fn matmul(c: &mut Criterion) {
    let mut g = c.benchmark_group("matmul");
    let n = 256usize;
    let (a, b) = inputs(n * n);
    g.throughput(Throughput::Elements((2 * n * n * n) as u64));
    let xa = ivy::reshape(&ivy::asarray(a.clone()).expect("array"), [n, n]).expect("reshape");
    let xb = ivy::reshape(&ivy::asarray(b.clone()).expect("array"), [n, n]).expect("reshape");
    g.bench_with_input(BenchmarkId::new("ivy", n), &n, |bn, _| {
        bn.iter(|| ivy::matmul(black_box(&xa), black_box(&xb)).expect("matmul"))
    });
    let na = ndarray::Array2::from_shape_vec((n, n), a).expect("nd");
    let nb = ndarray::Array2::from_shape_vec((n, n), b).expect("nd");
    g.bench_with_input(BenchmarkId::new("ndarray_dot", n), &n, |bn, _| {
        bn.iter(|| black_box(&na).dot(black_box(&nb)))
    });
    #[cfg(feature = "candle")]
    candle_lines(
        &mut g,
        n,
        &[&xa, &xb],
        |x| ivy::matmul(&x[0], &x[1]).expect("matmul"),
        |t| t[0].matmul(&t[1]).expect("matmul"),
    );
    g.finish();
}

/// `h.add(&x, &x)` on 1,048,576 float32 of the candle backend, whatever
/// way `x` was made: `arange`, `to_backend` of an ndarray array, `asarray`
/// of a varied `Vec<f32>` and of a constant one (`vec![0.5; n]`), each
/// against candle's own `&t + &t` on a tensor of the same values.
#[cfg(feature = "candle")]
fn candle_made(c: &mut Criterion) {
    use ivy::candle::ToTensor;
    let n = 1usize << 20;
    let mut g = c.benchmark_group("candle_add_made");
    g.throughput(Throughput::Elements(n as u64));
    let h = ivy::get_backend("candle").expect("candle");
    let (varied, _) = inputs(n);
    let made = [
        (
            "arange",
            h.arange_with(
                n as f64,
                ivy::opts::Arange::new().dtype(ivy::Dtype::Float32),
            )
            .expect("arange"),
        ),
        (
            "to_backend",
            ivy::asarray(varied.clone())
                .and_then(|y| y.to_backend("candle"))
                .expect("to_backend"),
        ),
        ("asarray", h.asarray(varied.clone()).expect("asarray")),
        (
            "asarray_const",
            h.asarray(vec![0.5f32; n]).expect("asarray"),
        ),
    ];
    for (how, x) in &made {
        assert!(x.host().is_none(), "{how}: not a candle tensor");
        g.bench_function(BenchmarkId::new("ivy_candle", how), |bn| {
            bn.iter(|| h.add(black_box(x), black_box(x)).expect("add"))
        });
        let t = x.to_tensor().expect("tensor");
        g.bench_function(BenchmarkId::new("candle_raw", how), |bn| {
            bn.iter(|| (black_box(&t) + black_box(&t)).expect("add"))
        });
    }
    g.finish();
}

#[cfg(not(feature = "candle"))]
criterion_group!(benches, add, tan, concat, matmul);
#[cfg(feature = "candle")]
criterion_group!(benches, add, tan, concat, matmul, candle_made);
criterion_main!(benches);
