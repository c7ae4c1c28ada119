// `#[check(path)]` runs with a kernel's arguments; an `#[op]` function is
// compositional (its body checks what it needs, or a parameter rule does).
#[allow(dead_code)]
fn my_check(_op: &str, _x: &ivy::Array) -> ivy::Result<()> {
    Ok(())
}

#[ivy::op(dtypes(float), check(my_check))]
fn my_abs(x: Array) -> Array {
    ivy::abs(x)
}

fn main() {}
