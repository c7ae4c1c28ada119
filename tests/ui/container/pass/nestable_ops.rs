//! Containers stand for arrays in every nestable op, the return type
//! follows statically, and user ops get Container methods too.

use ivy::{Array, Container};

#[ivy::op(category = activations, dtypes(float))]
fn my_double(x: Array) -> Array {
    ivy::multiply(x, 2.0)
}

fn main() -> ivy::Result<()> {
    let x = ivy::array![1.0, 2.0];
    let c = ivy::container! { a: [1.0, 2.0], b: { c: 3.0 } };
    let _: Array = ivy::add(&x, 1)?;
    let _: Container = ivy::add(&x, &c)?;
    let _: Container = ivy::add(&c, &x)?;
    let _: Container = ivy::add(c.clone(), 1)?;
    let _: Container = c.add(&c)?;
    let d: Container = my_double(&c)?;
    assert_eq!(d.leaf("b/c")?.to_vec::<f32>()?, vec![6.0]);
    let e: Container = c.my_double()?;
    assert_eq!(e, d);
    let _: Container = (&c + &x)?;
    let _: Container = (2.0 * &c)?;
    let _: Container = ((&c * 2)? - &c)?;
    Ok(())
}
