// Parameters use the spec's kinds (Array, Axis, Dtype, f64, ...).
#[ivy::op(dtypes(float))]
fn my_scale(x: Array, factor: f32) -> Array {
    ivy::multiply(x, factor)
}

fn main() {}
