//! The return type follows the operands: a container in gives a container
//! out, never an `Array`.
fn main() -> ivy::Result<()> {
    let c = ivy::container! { a: [1.0, 2.0] };
    let _x: ivy::Array = ivy::tan(&c)?;
    Ok(())
}
