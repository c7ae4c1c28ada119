// `#[same_shape(p)]` names another Array parameter.
#[ivy::op(dtypes(float))]
fn my_diff(#[same_shape(z)] x: Array, y: Array) -> Array {
    ivy::subtract(x, y)
}

#[ivy::op(dtypes(float))]
fn my_diff2(#[same_shape(x)] x: Array, #[same_shape(axis)] y: Array, axis: i64) -> Array {
    let _ = axis;
    ivy::subtract(x, y)
}

fn main() {}
