//! Functions that are not ops on arrays (here `ivy::dtype`) do not take
//! containers; the container's own `dtype()` gives a container of dtypes.
fn main() {
    let c = ivy::container! { a: [1.0, 2.0] };
    let _ = ivy::dtype(&c);
}
