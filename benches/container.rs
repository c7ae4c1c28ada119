//! Containers against the same work done by hand: every case runs an op over
//! the leaves of a container (a realistic parameter tree of layers, each with
//! a weight and a bias: depth 3) and, in the same group, over a `Vec<Array>`
//! of the same leaves with a plain loop. The target is at most 1.2x the hand
//! loop; criterion reports leaves per second (the time per leaf is its
//! inverse).
//!
//! - `cont_map`: `x + 1` on 100,000 float32[4] leaves, with
//!   `Container::cont_map` against `vec.iter().map(|x| x + 1)`;
//! - `add`: `&c1 + &c2` over 10,000 leaves against a zipped loop;
//! - `tan`: `ivy::tan(&c)` over 10,000 leaves against a loop of `ivy::tan`;
//! - `flat_list`: `cont_to_flat_list` + `cont_from_flat_list` over 10,000
//!   leaves against cloning the `Vec<Array>` into a new one and moving it
//!   into another (what the round trip does).
//!
//! Reference points on this kind of machine: Python Ivy's `cont_map(x + 1)`
//! costs about 2 ms per float32[4] leaf, optree over numpy arrays about
//! 2.9 us per leaf.
//!
//! Run: `cargo bench --bench container`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use ivy::{Array, Container};
use std::hint::black_box;
use std::time::Duration;

/// `n / 2` layers `layer_00000`, ..., each `{w: float32[4], b: float32[4]}`.
fn params(n: usize) -> Container {
    let mut c = Container::new();
    for i in 0..n / 2 {
        let v = i as f32;
        c.insert(
            &format!("layer_{i:05}/w"),
            ivy::array![v, v + 1.0, v + 2.0, v + 3.0],
        )
        .expect("key");
        c.insert(
            &format!("layer_{i:05}/b"),
            ivy::array![0.5f32, 0.5, 0.5, 0.5],
        )
        .expect("key");
    }
    c
}

fn leaves(c: &Container) -> Vec<Array> {
    c.cont_to_flat_list()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("container");
    g.measurement_time(Duration::from_secs(3));
    g.warm_up_time(Duration::from_secs(1));

    let n = 100_000;
    let p = params(n);
    let v = leaves(&p);
    g.throughput(Throughput::Elements(n as u64));
    g.bench_function(BenchmarkId::new("cont_map/container", n), |b| {
        b.iter(|| black_box(&p).cont_map(|x, _| x + 1).expect("map"))
    });
    g.bench_function(BenchmarkId::new("cont_map/vec_loop", n), |b| {
        b.iter(|| {
            black_box(&v)
                .iter()
                .map(|x| x + 1)
                .collect::<ivy::Result<Vec<Array>>>()
                .expect("map")
        })
    });

    let n = 10_000;
    let p1 = params(n);
    let p2 = p1.cont_map(|x, _| x * 2).expect("map");
    let (v1, v2) = (leaves(&p1), leaves(&p2));
    g.throughput(Throughput::Elements(n as u64));
    g.bench_function(BenchmarkId::new("add/container", n), |b| {
        b.iter(|| (black_box(&p1) + black_box(&p2)).expect("add"))
    });
    g.bench_function(BenchmarkId::new("add/vec_loop", n), |b| {
        b.iter(|| {
            black_box(&v1)
                .iter()
                .zip(black_box(&v2))
                .map(|(x, y)| x + y)
                .collect::<ivy::Result<Vec<Array>>>()
                .expect("add")
        })
    });
    g.bench_function(BenchmarkId::new("tan/container", n), |b| {
        b.iter(|| ivy::tan(black_box(&p1)).expect("tan"))
    });
    g.bench_function(BenchmarkId::new("tan/vec_loop", n), |b| {
        b.iter(|| {
            black_box(&v1)
                .iter()
                .map(ivy::tan)
                .collect::<ivy::Result<Vec<Array>>>()
                .expect("tan")
        })
    });
    g.bench_function(BenchmarkId::new("flat_list/container", n), |b| {
        b.iter(|| {
            let flat = black_box(&p1).cont_to_flat_list();
            p1.cont_from_flat_list(flat).expect("same length")
        })
    });
    g.bench_function(BenchmarkId::new("flat_list/vec_loop", n), |b| {
        b.iter(|| {
            let flat: Vec<Array> = black_box(&v1).to_vec();
            flat.into_iter().collect::<Vec<Array>>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
