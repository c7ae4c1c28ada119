//! A key is given once per level.
fn main() {
    let _c = ivy::container! { a: 1.0, b: { c: 2.0 }, a: 3.0 };
}
