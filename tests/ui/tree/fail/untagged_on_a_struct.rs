//! `untagged` is an enum's option and `transparent` a struct's; each names
//! the other where it was misplaced, and neither goes with `leaf`.
use ivy::Tree;

#[derive(Tree)]
#[tree(untagged)]
struct Wrapper {
    x: f64,
}

#[derive(Tree)]
#[tree(transparent)]
enum Either {
    Left(f64),
    Right(Vec<f64>),
}

#[derive(Tree)]
#[tree(leaf, untagged)]
enum Value {
    Int(i64),
    Float(f64),
}

fn main() {}
