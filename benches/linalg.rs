//! Linear algebra, side by side in one run:
//! - `matmul_{512,2048}_{f32,f64}`: `ivy::matmul` of two square matrices on
//!   every core (`ivy`) and on one thread (`ivy_1_thread`, through
//!   `ivy::with_num_threads`) against ndarray's `dot` (matrixmultiply, one
//!   thread) on the same data;
//! - `matmul_small`: the products where a call's fixed cost counts:
//!   square float32 matrices of 4, 16 and 64, a 256 x 256 matrix times a
//!   vector, and a batch of 1000 products of 4 x 4 matrices (`ndarray_dot`
//!   loops over `dot` per matrix);
//! - `solve`: `ivy::solve` (a 512 x 512 float32 system with one right-hand
//!   side, which copies the result into an ivy array) against faer's partial
//!   pivoting LU and solve called directly on a `faer::MatRef` of the same
//!   row-major data.
//!
//! Run with `cargo bench --bench linalg`.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use faer::linalg::solvers::Solve;
use ndarray::{Array2, Array3, Axis, LinalgScalar};
use std::hint::black_box;

const N: usize = 512;

/// A diagonally dominant matrix (well conditioned) and a right-hand side.
fn data() -> (Vec<f32>, Vec<f32>) {
    let a: Vec<f32> = (0..N * N)
        .map(|i| {
            let (r, c) = (i / N, i % N);
            ((i * 7919 % 1000) as f32) * 1e-3 + if r == c { N as f32 } else { 0.0 }
        })
        .collect();
    let b: Vec<f32> = (0..N).map(|i| (i % 17) as f32).collect();
    (a, b)
}

/// `len` values in `[-1, 1)` from a fixed sequence.
fn values(len: usize, seed: usize) -> Vec<f64> {
    (0..len)
        .map(|i| ((i * 7919 + seed * 104729) % 2001) as f64 / 1000.0 - 1.0)
        .collect()
}

/// One square product of `n` in `T`: ivy on every core, ivy on one thread,
/// ndarray's `dot`; the results agree (checked once, before timing).
fn square<T: ivy::Element + LinalgScalar + Into<f64>>(
    c: &mut Criterion,
    n: usize,
    name: &str,
    from: fn(f64) -> T,
) {
    let va: Vec<T> = values(n * n, 1).into_iter().map(from).collect();
    let vb: Vec<T> = values(n * n, 2).into_iter().map(from).collect();
    let x = ivy::Array::from_shape_vec([n, n], va.clone()).expect("array");
    let y = ivy::Array::from_shape_vec([n, n], vb.clone()).expect("array");
    let xa = Array2::from_shape_vec((n, n), va).expect("ndarray");
    let ya = Array2::from_shape_vec((n, n), vb).expect("ndarray");
    let ours = ivy::matmul(&x, &y)
        .expect("matmul")
        .to_vec::<T>()
        .expect("to_vec");
    let theirs = xa.dot(&ya);
    for (p, q) in ours.iter().zip(theirs.iter()) {
        let (p, q): (f64, f64) = ((*p).into(), (*q).into());
        assert!((p - q).abs() <= 1e-3 * (1.0 + q.abs()), "{p} vs {q}");
    }
    let mut g = c.benchmark_group(format!("matmul_{n}_{name}"));
    if n > 1000 {
        g.sample_size(10);
    }
    g.bench_function("ivy", |bn| {
        bn.iter(|| ivy::matmul(black_box(&x), black_box(&y)).expect("matmul"))
    });
    g.bench_function("ivy_1_thread", |bn| {
        bn.iter(|| {
            ivy::with_num_threads(1, || ivy::matmul(black_box(&x), black_box(&y)))
                .expect("threads")
                .expect("matmul")
        })
    });
    g.bench_function("ndarray_dot", |bn| {
        bn.iter(|| black_box(&xa).dot(black_box(&ya)))
    });
    g.finish();
}

fn matmul(c: &mut Criterion) {
    for n in [512, 2048] {
        square::<f32>(c, n, "f32", |v| v as f32);
        square::<f64>(c, n, "f64", |v| v);
    }
}

fn matmul_small(c: &mut Criterion) {
    let mut g = c.benchmark_group("matmul_small");
    let f32s =
        |len, seed| -> Vec<f32> { values(len, seed).into_iter().map(|v| v as f32).collect() };
    // (label, x1 shape, x2 shape)
    let cases: [(&str, Vec<usize>, Vec<usize>); 5] = [
        ("4x4", vec![4, 4], vec![4, 4]),
        ("16x16", vec![16, 16], vec![16, 16]),
        ("64x64", vec![64, 64], vec![64, 64]),
        ("256x256_vector", vec![256, 256], vec![256]),
        ("1000_of_4x4", vec![1000, 4, 4], vec![1000, 4, 4]),
    ];
    for (label, s1, s2) in cases {
        let (l1, l2) = (s1.iter().product(), s2.iter().product());
        let (v1, v2) = (f32s(l1, 3), f32s(l2, 4));
        let x = ivy::Array::from_shape_vec(s1.clone(), v1.clone()).expect("array");
        let y = ivy::Array::from_shape_vec(s2.clone(), v2.clone()).expect("array");
        g.bench_with_input(BenchmarkId::new("ivy", label), &(), |bn, _| {
            bn.iter(|| ivy::matmul(black_box(&x), black_box(&y)).expect("matmul"))
        });
        match (s1.len(), s2.len()) {
            (2, 2) => {
                let xa = Array2::from_shape_vec((s1[0], s1[1]), v1).expect("ndarray");
                let ya = Array2::from_shape_vec((s2[0], s2[1]), v2).expect("ndarray");
                g.bench_with_input(BenchmarkId::new("ndarray_dot", label), &(), |bn, _| {
                    bn.iter(|| black_box(&xa).dot(black_box(&ya)))
                });
            }
            (2, 1) => {
                let xa = Array2::from_shape_vec((s1[0], s1[1]), v1).expect("ndarray");
                let ya = ndarray::Array1::from_vec(v2);
                g.bench_with_input(BenchmarkId::new("ndarray_dot", label), &(), |bn, _| {
                    bn.iter(|| black_box(&xa).dot(black_box(&ya)))
                });
            }
            _ => {
                let xa = Array3::from_shape_vec((s1[0], s1[1], s1[2]), v1).expect("ndarray");
                let ya = Array3::from_shape_vec((s2[0], s2[1], s2[2]), v2).expect("ndarray");
                g.bench_with_input(BenchmarkId::new("ndarray_dot", label), &(), |bn, _| {
                    bn.iter(|| {
                        let mut out = Array3::<f32>::zeros((s1[0], s1[1], s2[2]));
                        for ((a, b), mut o) in xa
                            .axis_iter(Axis(0))
                            .zip(ya.axis_iter(Axis(0)))
                            .zip(out.axis_iter_mut(Axis(0)))
                        {
                            o.assign(&a.dot(&b));
                        }
                        out
                    })
                });
            }
        }
    }
    g.finish();
}

fn solve(c: &mut Criterion) {
    let (a, b) = data();
    let mut g = c.benchmark_group("solve_512");
    let xa = ivy::Array::from_shape_vec([N, N], a.clone()).expect("array");
    let xb = ivy::Array::from_shape_vec([N], b.clone()).expect("array");
    g.bench_function("ivy", |bn| {
        bn.iter(|| ivy::solve(black_box(&xa), black_box(&xb)).expect("solve"))
    });
    g.bench_function("faer", |bn| {
        bn.iter(|| {
            let am = faer::MatRef::from_row_major_slice(black_box(&a), N, N);
            let bm = faer::MatRef::from_row_major_slice(black_box(&b), N, 1);
            am.partial_piv_lu().solve(bm)
        })
    });
    g.finish();
}

criterion_group!(benches, matmul, matmul_small, solve);
criterion_main!(benches);
