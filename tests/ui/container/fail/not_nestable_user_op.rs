//! A user op marked `#[not_nestable]` takes arrays and scalars only: a
//! container is refused at compile time with a message that says why.

#[ivy::op(category = elementwise, dtypes(float))]
#[not_nestable]
fn my_rowwise(x: Array) -> Array {
    ivy::add(x, 1.0)
}

fn main() {
    let c = ivy::container! { a: [1.0, 2.0] };
    let _ = my_rowwise(&c);
}
