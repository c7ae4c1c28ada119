//! A transparent struct stands for its one field: it needs exactly one,
//! and has no node to keep a static field in.
use ivy::Tree;

#[derive(Tree)]
#[tree(transparent)]
struct Two(Vec<f64>, Vec<f64>);

#[derive(Tree)]
#[tree(transparent)]
struct Nothing;

#[derive(Tree)]
#[tree(transparent)]
struct WithStatic {
    params: Vec<f64>,
    #[tree(static)]
    name: &'static str,
}

fn main() {}
