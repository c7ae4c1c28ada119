//! A user op marked `#[not_nestable]` takes lists of arrays only: a list of
//! containers is refused at compile time (its kind is `Nested`, the op wants
//! `Leaf`).

#[ivy::op(category = manipulation)]
#[not_nestable]
fn my_sum_all(xs: Arrays) -> Array {
    let mut acc = ivy::zeros(())?;
    for x in xs {
        acc = ivy::add(&acc, x)?;
    }
    Ok(acc)
}

fn main() {
    let c = ivy::container! { a: [1.0, 2.0] };
    let _ = my_sum_all([&ivy::array![1.0]]);
    let _ = my_sum_all([&c, &c]);
}
