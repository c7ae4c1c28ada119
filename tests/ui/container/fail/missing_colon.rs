//! `key: value`, with a colon.
fn main() {
    let _c = ivy::container! { a 1.0 };
}
