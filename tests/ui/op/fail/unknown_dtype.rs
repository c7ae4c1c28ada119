// The op's dtypes use the spec's names.
#[ivy::op(dtypes(float | half))]
fn my_relu(x: Array) -> Array {
    ivy::maximum(x, 0)
}

fn main() {}
