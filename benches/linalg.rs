//! Linear algebra on 512 x 512 float32 matrices, side by side in one run:
//! - `matmul`: `ivy::matmul` against ndarray's `dot` on the same data;
//! - `solve`: `ivy::solve` (a 512 x 512 system with one right-hand side,
//!   which copies the result into an ivy array) against faer's partial
//!   pivoting LU and solve called directly on a `faer::MatRef` of the same
//!   row-major data.
//!
//! Run with `cargo bench --bench linalg`.

use criterion::{Criterion, criterion_group, criterion_main};
use faer::linalg::solvers::Solve;
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

fn matmul(c: &mut Criterion) {
    let (a, _) = data();
    let mut g = c.benchmark_group("matmul_512");
    let x = ivy::Array::from_shape_vec([N, N], a.clone()).expect("array");
    g.bench_function("ivy", |bn| {
        bn.iter(|| ivy::matmul(black_box(&x), black_box(&x)).expect("matmul"))
    });
    let m = ndarray::Array2::from_shape_vec((N, N), a).expect("ndarray");
    g.bench_function("ndarray_dot", |bn| {
        bn.iter(|| black_box(&m).dot(black_box(&m)))
    });
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

criterion_group!(benches, matmul, solve);
criterion_main!(benches);
