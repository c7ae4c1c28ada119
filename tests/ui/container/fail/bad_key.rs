//! A key is an identifier or a string literal.
fn main() {
    let _c = ivy::container! { 1: 1.0 };
}
