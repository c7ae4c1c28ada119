//! A user op with a list parameter beside an array operand: the list takes
//! arrays or containers, the return type follows both, and the methods (on
//! `Array` and `Container`) take the list too.

use ivy::{Array, Container};

/// `y` plus every array of `xs`.
#[ivy::op(category = elementwise, dtypes(numeric))]
fn add_all(y: Array, xs: Arrays) -> Array {
    let mut acc = y.clone();
    for x in xs {
        acc = ivy::add(&acc, x)?;
    }
    Ok(acc)
}

fn main() -> ivy::Result<()> {
    let a = ivy::array![1.0, 2.0];
    let b = ivy::array![10.0, 20.0];
    let r: Array = add_all(&a, [&b, &b])?;
    assert_eq!(r.to_vec::<f32>()?, vec![21.0, 42.0]);
    let m: Array = a.add_all(vec![b.clone()])?;
    assert_eq!(m.to_vec::<f32>()?, vec![11.0, 22.0]);

    let c = ivy::container! { p: [1.0, 1.0], q: { r: [2.0, 2.0] } };
    // A container operand with a list of arrays, an array with a list of
    // containers, and a container method with a list of containers.
    let r1: Container = add_all(&c, [&b])?;
    assert_eq!(r1.leaf("q/r")?.to_vec::<f32>()?, vec![12.0, 22.0]);
    let r2: Container = add_all(&a, [&c, &c])?;
    assert_eq!(r2.leaf("q/r")?.to_vec::<f32>()?, vec![5.0, 6.0]);
    let r3: Container = c.add_all(vec![c.clone()])?;
    assert_eq!(r3.leaf("p")?.to_vec::<f32>()?, vec![2.0, 2.0]);
    let r4: Container = a.add_all(&[c.clone()][..])?;
    assert_eq!(r4.leaf("p")?.to_vec::<f32>()?, vec![2.0, 3.0]);

    // In a structure error the arguments are numbered in parameter order,
    // a list's elements in its place: `y` is 0, the list's elements 1 and 2.
    let d = ivy::container! { p: [1.0, 1.0] };
    let e = add_all(&c, [&c, &d]).unwrap_err().to_string();
    assert!(
        e.contains("`q` is in arguments 0, 1 but not in argument 2"),
        "{e}"
    );

    // The catalogue's nested call puts a container in the list position.
    let info = ivy::catalogue::op("add_all")?;
    let call = info.call_nested.expect("add_all is nestable");
    let args = ivy::catalogue::CallArgs::new()
        .arg(a.clone())
        .arg(vec![b.clone()]);
    let out = call(&args, 1, &c)?;
    assert_eq!(out[0].leaf("p")?.to_vec::<f32>()?, vec![2.0, 3.0]);
    Ok(())
}
