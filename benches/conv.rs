//! A 3x3 convolution, side by side in one run.
//!
//! The input is a batch of 64 float32 images of 32x32 pixels with 16
//! channels (`[64, 32, 32, 16]`, NHWC), the filters `[3, 3, 16, 32]` (HWIO),
//! stride 1, `"SAME"` padding (1 on each side): 65,536 output positions of
//! 32 channels, each a dot product of length 144.
//!
//! - `ivy`: `ivy::conv2d(&x, &filters, 1, "SAME")`;
//! - `im2col_dot`: the same computation written directly on `ndarray`: an
//!   im2col loop into one `[65536, 144]` matrix (copying 16-channel runs,
//!   zeros for padding) and `general_mat_mul` by the `[144, 32]` filter
//!   matrix. Target: `ivy` at most 1.1x `im2col_dot`.
//!
//! Both results agree to 1e-4 (checked once, before anything is timed).
//!
//! Run with `cargo bench --bench conv`.

use criterion::{Criterion, criterion_group, criterion_main};
use ivy::Array;
use ndarray::Array2;
use std::hint::black_box;

#[path = "support/im2col.rs"]
mod im2col;
use im2col::{CIN, COUT, H, K, N, W, im2col_dot};

fn uniform(shape: &[usize], seed: i64) -> Array {
    ivy::random_uniform_with(
        ivy::opts::RandomUniform::new()
            .low(-1.0)
            .high(1.0)
            .shape(shape.to_vec())
            .dtype(ivy::Dtype::Float32)
            .seed(seed),
    )
    .expect("random_uniform")
}

fn bench(c: &mut Criterion) {
    let x = uniform(&[N, H, W, CIN], 1);
    let f = uniform(&[K, K, CIN, COUT], 2);
    let xs = x.to_vec::<f32>().expect("f32");
    let w2 = Array2::from_shape_vec((K * K * CIN, COUT), f.to_vec::<f32>().expect("f32"))
        .expect("shape");

    let ours = ivy::conv2d(&x, &f, 1, "SAME").expect("conv2d");
    let theirs = im2col_dot(&xs, w2.view());
    let a = ours.to_vec::<f32>().expect("f32");
    assert_eq!(a.len(), theirs.len());
    for (p, q) in a.iter().zip(theirs.iter()) {
        assert!((p - q).abs() <= 1e-4 * (1.0 + q.abs()), "{p} vs {q}");
    }

    let mut g = c.benchmark_group("conv2d_3x3_64x32x32x16_to_32");
    g.sample_size(20);
    g.bench_function("ivy", |b| {
        b.iter(|| black_box(ivy::conv2d(black_box(&x), black_box(&f), 1, "SAME").expect("conv2d")))
    });
    g.bench_function("im2col_dot", |b| {
        b.iter(|| black_box(im2col_dot(black_box(&xs), black_box(w2.view()))))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
