// `#[one_of]` tests a Str parameter; `#[ndim]`, `#[min_ndim]`, `#[square]`,
// `#[dtypes]` and `#[same_shape]` an Array one.
#[ivy::op(dtypes(float))]
fn my_pick(
    #[one_of("a", "b")] x: Array,
    #[ndim(2)] mode: Str,
    #[default(false)]
    #[square]
    flag: bool,
) -> Array {
    let _ = (mode, flag);
    ivy::abs(x)
}

fn main() {}
