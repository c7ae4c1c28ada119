//! The quickstart of the README: arrays, ops, keyword arguments, promotion,
//! errors, the catalogue and a user-defined op.
//!
//! Run with `cargo run --example quickstart`.

use ivy::{Dtype, Scalar};

/// A user-defined op: written once in ivy ops, it gets `smooth_l1` and
/// `smooth_l1_with`, a `SmoothL1Opts` struct, Array methods, nestability, a
/// dtype check and a catalogue entry.
#[ivy::op(category = losses, dtypes(float))]
fn smooth_l1(x: Array, #[default(1.0)] beta: f64) -> Array {
    let a = ivy::abs(x)?;
    let quadratic = ivy::divide(&ivy::multiply(&ivy::multiply(&a, &a)?, 0.5)?, beta)?;
    let linear = ivy::subtract(&a, 0.5 * beta)?;
    ivy::r#where(&ivy::less(&a, beta)?, &quadratic, &linear)
}

fn main() -> ivy::Result<()> {
    // Arrays: unsuffixed literals follow the default dtypes (float32, int32).
    let x = ivy::array![[1.0, 2.0], [3.0, 4.0]];
    println!("x = {x}");
    println!(
        "backend: {} {}",
        ivy::current_backend().name(),
        ivy::current_backend().version()
    );

    // The functional API, methods and operators.
    let y = ivy::tan(&x)?;
    let z = (&x * 2 + &y)?;
    println!("x * 2 + tan(x) = {z}");
    println!("mean of x = {}", x.mean()?);

    // Keyword arguments: `<op>_with` and the op's options struct.
    let s = ivy::sum_with(&x, ivy::opts::Sum::new().axis(0).keepdims(true))?;
    println!("sum over axis 0, keepdims = {s}");

    // Ivy's promotion rules: int32 with a Python-like float scalar gives float64.
    let i = ivy::array![1, 2, 3];
    println!("{} + 1.5 -> {}", i.dtype(), (&i + 1.5)?.dtype());
    println!(
        "promote_types(int8, uint8) = {}",
        ivy::promote_types(Dtype::Int8, Dtype::UInt8)?
    );

    // Errors name the op, the dtypes or shapes, and the backend.
    if let Err(e) = ivy::add(&x, &i) {
        println!("error: {e}");
    }
    if let Err(e) = ivy::bitwise_and(&x, &x) {
        println!("error: {e}");
    }

    // The catalogue knows every op, its kind and its dtypes on this backend.
    let tan = ivy::catalogue::op("tan")?;
    println!(
        "tan: {:?}, {}, supports {}",
        tan.kind,
        tan.category,
        tan.supported_dtypes(ivy::current_backend())
    );
    println!("{} ops in the catalogue", ivy::catalogue::ops().count());

    // A user op works like a built-in one.
    let l = smooth_l1(&ivy::array![-3.0, 0.5, 2.0])?;
    println!("smooth_l1 = {l}");
    assert_eq!(ivy::sum(&l)?.item()?, Scalar::Float(4.125));
    Ok(())
}
