//! Every key has a value.
fn main() {
    let _c = ivy::container! { a: , b: 2.0 };
}
