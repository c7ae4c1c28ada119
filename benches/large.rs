//! Large arrays, side by side in one run: the kernels at the machine's limit.
//!
//! Every case runs these lines in one criterion group:
//! - `ivy`: the ivy call on the ndarray backend, on every core
//!   ([`ivy::num_threads`], `IVY_NUM_THREADS` if set);
//! - `ivy_1thread`: the same call with `ivy::with_num_threads(1, ..)`, so the
//!   gain of SIMD and of the threads can be told apart;
//! - `scalar_loop`: the old floor, a plain single-threaded loop over slices
//!   calling the standard library's scalar function per element into a new
//!   `Vec` (for softmax and layer_norm a row loop doing the same arithmetic);
//! - `ndarray`: the same expression on `ndarray` directly (`mapv`, `sum`,
//!   `dot` (matrixmultiply, one thread), row-wise ops; for conv2d an im2col
//!   loop and `general_mat_mul`, as in `benches/conv.rs`).
//!
//! Cases: `add`, `sum`, `exp`, `log`, `sin`, `tanh`, `sigmoid` on 1,048,576
//! elements; `softmax` and `layer_norm` over the rows of 1024x1024;
//! `matmul` at 512 and 2048; each in float32 and float64; a 3x3 `conv2d`
//! of `[64, 32, 32, 16]` by `[3, 3, 16, 32]` in float32.
//!
//! The inputs are `lo + (hi - lo) * ((i * 7919) % n) / n` (a permutation of
//! a uniform grid), the same as `benches/peers/numpy_large.py` builds, so
//! NumPy's figures from that script compare line by line.
//!
//! Run with `cargo bench --bench large` (a few minutes); one case with
//! `cargo bench --bench large -- exp`.

use criterion::{
    BenchmarkGroup, Criterion, criterion_group, criterion_main, measurement::WallTime,
};
use ivy::Array;
use ndarray::{Array2, ArrayD, Axis, IxDyn};
use std::hint::black_box;

#[path = "support/im2col.rs"]
mod im2col;

const N: usize = 1 << 20;
const ROWS: usize = 1024;

/// A float type of the bench: f32 or f64.
trait Float:
    ivy::Element
    + num_traits::Float
    + num_traits::FromPrimitive
    + ndarray::LinalgScalar
    + ndarray::ScalarOperand
    + std::iter::Sum
    + Send
    + Sync
{
    const NAME: &'static str;
    fn of(v: f64) -> Self;
}

impl Float for f32 {
    const NAME: &'static str = "float32";
    fn of(v: f64) -> f32 {
        v as f32
    }
}

impl Float for f64 {
    const NAME: &'static str = "float64";
    fn of(v: f64) -> f64 {
        v
    }
}

/// `lo + (hi - lo) * ((i * 7919) % n) / n` for `i` in `0..n`.
fn inputs<T: Float>(n: usize, lo: f64, hi: f64) -> Vec<T> {
    (0..n)
        .map(|i| T::of(lo + (hi - lo) * ((i * 7919 % n) as f64) / n as f64))
        .collect()
}

fn array<T: Float>(v: &[T], shape: &[usize]) -> Array {
    let a = ivy::asarray(v.to_vec()).expect("asarray");
    ivy::reshape(&a, shape.to_vec()).expect("reshape")
}

fn nd<T: Float>(v: &[T], shape: &[usize]) -> ArrayD<T> {
    ArrayD::from_shape_vec(IxDyn(shape), v.to_vec()).expect("ndarray")
}

/// The `ivy` and `ivy_1thread` lines of a group.
fn ivy_lines(g: &mut BenchmarkGroup<'_, WallTime>, f: impl Fn() -> Array) {
    g.bench_function("ivy", |b| b.iter(|| black_box(f())));
    g.bench_function("ivy_1thread", |b| {
        b.iter(|| ivy::with_num_threads(1, || black_box(f())).expect("threads"))
    });
}

/// A unary elementwise case: ivy's op, the scalar function, ndarray's `mapv`.
fn unary<T: Float>(
    c: &mut Criterion,
    name: &str,
    (lo, hi): (f64, f64),
    op: impl Fn(&Array) -> ivy::Result<Array>,
    scalar: fn(T) -> T,
) {
    let v = inputs::<T>(N, lo, hi);
    let x = array(&v, &[N]);
    let nx = nd(&v, &[N]);
    let mut g = c.benchmark_group(format!("{name}/{}/1M", T::NAME));
    ivy_lines(&mut g, || op(black_box(&x)).expect("op"));
    g.bench_function("scalar_loop", |b| {
        b.iter(|| {
            black_box(&v[..])
                .iter()
                .map(|&x| scalar(x))
                .collect::<Vec<T>>()
        })
    });
    g.bench_function("ndarray", |b| b.iter(|| black_box(&nx).mapv(scalar)));
    g.finish();
}

fn sigmoid<T: Float>(x: T) -> T {
    T::one() / (T::one() + (-x).exp())
}

fn elementwise<T: Float>(c: &mut Criterion) {
    let a = inputs::<T>(N, -10.0, 10.0);
    let b = inputs::<T>(N, -3.0, 3.0);
    let (xa, xb) = (array(&a, &[N]), array(&b, &[N]));
    let (na, nb) = (nd(&a, &[N]), nd(&b, &[N]));

    let mut g = c.benchmark_group(format!("add/{}/1M", T::NAME));
    ivy_lines(&mut g, || {
        ivy::add(black_box(&xa), black_box(&xb)).expect("add")
    });
    g.bench_function("scalar_loop", |bn| {
        bn.iter(|| {
            let (a, b) = (black_box(&a[..]), black_box(&b[..]));
            a.iter().zip(b).map(|(&x, &y)| x + y).collect::<Vec<T>>()
        })
    });
    g.bench_function("ndarray", |bn| bn.iter(|| black_box(&na) + black_box(&nb)));
    g.finish();

    let mut g = c.benchmark_group(format!("sum/{}/1M", T::NAME));
    ivy_lines(&mut g, || ivy::sum(black_box(&xa)).expect("sum"));
    g.bench_function("scalar_loop", |bn| {
        bn.iter(|| black_box(&a[..]).iter().fold(T::zero(), |s, &x| s + x))
    });
    g.bench_function("ndarray", |bn| bn.iter(|| black_box(&na).sum()));
    g.finish();

    unary::<T>(c, "exp", (-10.0, 10.0), |x| ivy::exp(x), T::exp);
    unary::<T>(c, "log", (1e-3, 100.0), |x| ivy::log(x), T::ln);
    unary::<T>(c, "sin", (-10.0, 10.0), |x| ivy::sin(x), T::sin);
    unary::<T>(c, "tanh", (-3.0, 3.0), |x| ivy::tanh(x), T::tanh);
    unary::<T>(
        c,
        "sigmoid",
        (-10.0, 10.0),
        |x| ivy::sigmoid(x),
        sigmoid::<T>,
    );
}

/// softmax over each row, as a plain loop.
fn softmax_rows<T: Float>(v: &[T], cols: usize) -> Vec<T> {
    let mut out = Vec::with_capacity(v.len());
    for row in v.chunks(cols) {
        let m = row.iter().fold(T::neg_infinity(), |m, &x| m.max(x));
        let start = out.len();
        let mut s = T::zero();
        for &x in row {
            let e = (x - m).exp();
            s = s + e;
            out.push(e);
        }
        out[start..].iter_mut().for_each(|e| *e = *e / s);
    }
    out
}

/// layer_norm over each row (eps 1e-5, no scale or offset), as a plain loop.
fn layer_norm_rows<T: Float>(v: &[T], cols: usize) -> Vec<T> {
    let mut out = Vec::with_capacity(v.len());
    let n = T::of(cols as f64);
    for row in v.chunks(cols) {
        let mean = row.iter().copied().sum::<T>() / n;
        let var = row.iter().map(|&x| (x - mean) * (x - mean)).sum::<T>() / n;
        let inv = T::one() / (var + T::of(1e-5)).sqrt();
        out.extend(row.iter().map(|&x| (x - mean) * inv));
    }
    out
}

fn rows<T: Float>(c: &mut Criterion) {
    let v = inputs::<T>(ROWS * ROWS, -10.0, 10.0);
    let x = array(&v, &[ROWS, ROWS]);
    let m = nd(&v, &[ROWS, ROWS]);

    let mut g = c.benchmark_group(format!("softmax/{}/1024x1024", T::NAME));
    ivy_lines(&mut g, || ivy::softmax(black_box(&x)).expect("softmax"));
    g.bench_function("scalar_loop", |b| {
        b.iter(|| softmax_rows(black_box(&v), ROWS))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            let m = black_box(&m);
            let max = m.fold_axis(Axis(1), T::neg_infinity(), |&a, &b| a.max(b));
            let e = (m - &max.insert_axis(Axis(1))).mapv(T::exp);
            let s = e.sum_axis(Axis(1)).insert_axis(Axis(1));
            e / s
        })
    });
    g.finish();

    let mut g = c.benchmark_group(format!("layer_norm/{}/1024x1024", T::NAME));
    ivy_lines(&mut g, || {
        ivy::layer_norm(black_box(&x), [-1]).expect("layer_norm")
    });
    g.bench_function("scalar_loop", |b| {
        b.iter(|| layer_norm_rows(black_box(&v), ROWS))
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| {
            let m = black_box(&m);
            let mean = m.mean_axis(Axis(1)).expect("rows").insert_axis(Axis(1));
            let var = m.var_axis(Axis(1), T::zero()).insert_axis(Axis(1));
            (m - &mean) / var.mapv(|v| (v + T::of(1e-5)).sqrt())
        })
    });
    g.finish();
}

fn matmul<T: Float>(c: &mut Criterion) {
    for k in [512usize, 2048] {
        let a = inputs::<T>(k * k, -1.0, 1.0);
        let b = inputs::<T>(k * k, -0.5, 0.5);
        let (xa, xb) = (array(&a, &[k, k]), array(&b, &[k, k]));
        let na = Array2::from_shape_vec((k, k), a).expect("ndarray");
        let nb = Array2::from_shape_vec((k, k), b).expect("ndarray");
        let mut g = c.benchmark_group(format!("matmul/{}/{k}", T::NAME));
        if k > 1000 {
            g.sample_size(10);
        }
        ivy_lines(&mut g, || {
            ivy::matmul(black_box(&xa), black_box(&xb)).expect("matmul")
        });
        g.bench_function("ndarray", |bn| {
            bn.iter(|| black_box(&na).dot(black_box(&nb)))
        });
        g.finish();
    }
}

fn conv2d(c: &mut Criterion) {
    use im2col::{CIN, COUT, H, K, N as BATCH, W};
    let xs = inputs::<f32>(BATCH * H * W * CIN, -1.0, 1.0);
    let fs = inputs::<f32>(K * K * CIN * COUT, -0.5, 0.5);
    let x = array(&xs, &[BATCH, H, W, CIN]);
    let f = array(&fs, &[K, K, CIN, COUT]);
    let w2 = Array2::from_shape_vec((K * K * CIN, COUT), fs.clone()).expect("ndarray");
    let mut g = c.benchmark_group("conv2d/float32/64x32x32x16_3x3x16x32");
    g.sample_size(20);
    ivy_lines(&mut g, || {
        ivy::conv2d(black_box(&x), black_box(&f), 1, "SAME").expect("conv2d")
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| black_box(im2col::im2col_dot(black_box(&xs), w2.view())))
    });
    g.finish();
}

fn all(c: &mut Criterion) {
    elementwise::<f32>(c);
    elementwise::<f64>(c);
    rows::<f32>(c);
    rows::<f64>(c);
    matmul::<f32>(c);
    matmul::<f64>(c);
    conv2d(c);
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(std::time::Duration::from_secs(1)).measurement_time(std::time::Duration::from_secs(3));
    targets = all
}
criterion_main!(benches);
