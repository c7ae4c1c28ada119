// `#[one_of]` lists distinct strings, at least one.
#[ivy::op(dtypes(float))]
fn my_reduce(x: Array, #[default("sum")] #[one_of("sum", "mean", "sum")] reduction: Str) -> Array {
    let _ = reduction;
    ivy::sum(x)
}

#[ivy::op(dtypes(float))]
fn my_reduce2(x: Array, #[one_of()] reduction: Str) -> Array {
    let _ = reduction;
    ivy::sum(x)
}

fn main() {}
