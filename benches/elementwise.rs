//! `ivy::add` and `ivy::tan` on float32 arrays of 16 and 1,000,000 elements
//! (and `ivy::concat` of two such arrays, a list argument), side by side in
//! one run with
//! - `ndarray_dyn`: the same expression on `ndarray::ArrayD<f32>` (dynamic
//!   dimensions, like ivy's arrays), and
//! - `floor`: a plain loop over two slices into a new `Vec` (the least work
//!   any library must do: read, compute, allocate, write).
//!
//! Run with `cargo bench --bench elementwise`; compare the `ivy` line of each
//! group with `floor`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

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

criterion_group!(benches, add, tan, concat);
criterion_main!(benches);
