// Scratch: the tape bench's three measurements, timed in one process.
use ivy::Array;
use std::time::Instant;

const CHAIN: usize = 100;

fn chain(x: &Array) -> ivy::Result<Array> {
    let mut y = x.clone();
    for _ in 0..CHAIN / 2 {
        y = ivy::multiply(&ivy::sin(&y)?, 1.0001)?;
    }
    Ok(y)
}

fn main() -> ivy::Result<()> {
    let reps: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let mode = std::env::args().nth(2).unwrap_or_default();
    let x = ivy::astype(&ivy::linspace(0.1, 0.9, 16)?, ivy::Dtype::Float32)?;
    let g = ivy::grad(|x: &Array| ivy::sum(&chain(x)?));
    let t = Instant::now();
    if mode != "fwd" {
        for _ in 0..reps {
            std::hint::black_box(g(&x)?);
        }
        println!(
            "traced  {:.1} us",
            t.elapsed().as_secs_f64() * 1e6 / reps as f64
        );
    }
    let t = Instant::now();
    if mode != "traced" {
        for _ in 0..reps {
            std::hint::black_box(ivy::sum(&chain(&x)?)?);
        }
        println!(
            "forward {:.1} us",
            t.elapsed().as_secs_f64() * 1e6 / reps as f64
        );
    }
    Ok(())
}
