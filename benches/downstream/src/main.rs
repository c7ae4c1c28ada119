//! `ivy::add` of two `float32[16]` arrays as a user's program calls it: a
//! separate crate that depends on `ivy`, built in the default release
//! profile. Beside it, the floor of `benches/elementwise.rs`: a loop over
//! two slices into a new `Vec`.
//!
//! ```text
//! cargo run --release --manifest-path benches/downstream/Cargo.toml
//! ```
//!
//! Each line is the best of 15 runs of 1,000,000 calls, in nanoseconds per
//! call; the two are timed alternately so both see the same machine.
//!
//! With an argument `N` it makes exactly `N` calls of `ivy::add` and nothing
//! else, for counting instructions: the difference between the counts of
//! two runs (for example `valgrind --tool=callgrind` with `N` = 1000 and
//! 2000) divided by the difference in calls is the cost of one call.

use std::hint::black_box;
use std::time::Instant;

const CALLS: u32 = 1_000_000;

fn best(f: &mut dyn FnMut()) -> f64 {
    let t = Instant::now();
    f();
    t.elapsed().as_secs_f64() * 1e9 / f64::from(CALLS)
}

fn main() -> ivy::Result<()> {
    let a: Vec<f32> = (0..16).map(|i| i as f32 * 0.01).collect();
    let b: Vec<f32> = (0..16).map(|i| i as f32 * 0.03).collect();
    let (xa, xb) = (ivy::asarray(a.clone())?, ivy::asarray(b.clone())?);
    if let Some(n) = std::env::args().nth(1) {
        let n: u32 = n.parse().map_err(|_| {
            ivy::Error::invalid("ivy-downstream", "the argument is a count of calls")
        })?;
        for _ in 0..n {
            black_box(ivy::add(black_box(&xa), black_box(&xb)).ok());
        }
        return Ok(());
    }
    let mut ivy_ns = f64::INFINITY;
    let mut floor_ns = f64::INFINITY;
    for _ in 0..15 {
        ivy_ns = ivy_ns.min(best(&mut || {
            for _ in 0..CALLS {
                black_box(ivy::add(black_box(&xa), black_box(&xb)).ok());
            }
        }));
        floor_ns = floor_ns.min(best(&mut || {
            for _ in 0..CALLS {
                let (x, y) = (black_box(&a[..]), black_box(&b[..]));
                black_box(x.iter().zip(y).map(|(p, q)| p + q).collect::<Vec<f32>>());
            }
        }));
    }
    println!(
        "add/16 from a downstream crate: ivy {ivy_ns:.1} ns, floor {floor_ns:.1} ns, {:.2}x",
        ivy_ns / floor_ns
    );
    Ok(())
}
