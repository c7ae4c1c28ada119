// Ops are synchronous functions.
#[ivy::op(dtypes(float))]
async fn my_relu(x: Array) -> Array {
    ivy::maximum(x, 0)
}

fn main() {}
