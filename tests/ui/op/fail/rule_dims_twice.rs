// One rule on the number of dimensions per parameter.
#[ivy::op(dtypes(float))]
fn my_rows(#[ndim(2)] #[min_ndim(1)] x: Array) -> Array {
    ivy::abs(x)
}

fn main() {}
