//! Keys are non-empty.
fn main() {
    let _c = ivy::container! { "": 1.0 };
}
