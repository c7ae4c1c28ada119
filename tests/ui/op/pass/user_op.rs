//! A user defines an op of their own in their crate with `#[ivy::op]`, and it
//! gets what built-in ops get: the function and its `_with` form, an options
//! struct, Array methods (an extension trait), nestable operands, a dtype
//! check and a catalogue entry.

use ivy::Dtype;

/// `log(1 + exp(beta * x)) / beta`, written in ivy ops.
#[ivy::op(category = activations, dtypes(float))]
fn my_softplus(x: Array, #[default(1.0)] beta: f64) -> Array {
    let bx = ivy::multiply(x, beta)?;
    ivy::divide(&ivy::log1p(&ivy::exp(&bx)?)?, beta)
}

fn main() -> ivy::Result<()> {
    let x = ivy::array![0.0, 1.0];
    let y = my_softplus(&x)?;
    assert!((y.to_vec::<f32>()?[0] - std::f32::consts::LN_2).abs() < 1e-6);

    let y2 = my_softplus_with(&x, MySoftplusOpts::new().beta(2.0))?;
    assert_eq!(y2.shape(), x.shape());

    assert_eq!(x.my_softplus()?, y);

    // A scalar stands in for an array argument.
    assert_eq!(my_softplus(0.0)?.dtype(), Dtype::Float32);

    // The op's dtypes are checked, naming it.
    let err = my_softplus(&ivy::array![1, 2]).unwrap_err();
    assert!(err.to_string().starts_with("my_softplus:"), "{err}");

    // It is in the catalogue, callable by name, with derived dtype support.
    let info = ivy::catalogue::op("my_softplus")?;
    assert_eq!(info.category, "activations");
    assert!(
        info.supported_dtypes(ivy::current_backend())
            .contains(Dtype::Float64)
    );
    let out = info.call(
        &ivy::catalogue::CallArgs::new()
            .arg(x.clone())
            .kwarg("beta", 2.0),
    )?;
    assert_eq!(out[0], y2);
    Ok(())
}
