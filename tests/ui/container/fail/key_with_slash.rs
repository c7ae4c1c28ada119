//! A key of `container!` is one key, not a chain.
fn main() {
    let _c = ivy::container! { "a/b": 1.0 };
}
