// `#[dtypes(..)]` on a parameter admits at least one dtype (its names are
// the op-level `dtypes(..)`'s).
#[ivy::op(dtypes(float))]
fn my_index(x: Array, #[dtypes(integer & float)] i: Array) -> Array {
    ivy::take(x, i)
}

fn main() {}
