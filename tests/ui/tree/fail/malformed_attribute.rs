//! The `tree` attribute takes a parenthesized list.
use ivy::Tree;

#[derive(Tree)]
struct S {
    #[tree = "static"]
    n: usize,
}

fn main() {}
