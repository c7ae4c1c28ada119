//! A user op with `Container` parameters is container-dependent: it takes
//! those containers whole (by reference or by value, positional or as a
//! keyword argument), its array parameters take arrays and scalars, and the
//! catalogue records it as container-dependent.

use ivy::catalogue::{CallArgs, Nestability};

/// `x` times the leaf `scale` of `params`, plus the leaf `shift` of `extra`
/// if given.
#[ivy::op(category = layers, dtypes(float))]
fn my_affine(x: Array, params: Container, #[default(None)] extra: Option<Container>) -> Array {
    let y = ivy::multiply(x, params.leaf("scale")?)?;
    match extra {
        Some(e) => ivy::add(&y, e.leaf("shift")?),
        None => Ok(y),
    }
}

fn main() -> ivy::Result<()> {
    let x = ivy::array![1.0, 2.0];
    let params = ivy::container! { scale: 3.0 };
    let extra = ivy::container! { shift: [10.0, 20.0] };
    assert_eq!(my_affine(&x, &params)?.to_vec::<f32>()?, vec![3.0, 6.0]);
    assert_eq!(my_affine(2.0, params.clone())?.to_vec::<f32>()?, vec![6.0]);
    let y = my_affine_with(&x, &params, MyAffineOpts::new().extra(&extra))?;
    assert_eq!(y.to_vec::<f32>()?, vec![13.0, 26.0]);
    assert_eq!(x.my_affine(&params)?.to_vec::<f32>()?, vec![3.0, 6.0]);

    let info = ivy::catalogue::op("my_affine")?;
    assert_eq!(info.nestability, Nestability::ContainerDependent);
    assert!(info.call_nested.is_none());
    let out = info.call(
        &CallArgs::new()
            .arg(x.clone())
            .arg(&params)
            .kwarg("extra", extra),
    )?;
    assert_eq!(out[0], y);
    // A container that misses a leaf is the body's error.
    assert!(my_affine(&x, ivy::Container::new()).is_err());
    Ok(())
}
