//! In an untagged enum each variant stands for a node; two variants that
//! stand for the same node could not be told apart when rebuilding.
use ivy::Tree;

#[derive(Tree)]
#[tree(untagged)]
enum Item {
    Missing,
    Empty,
    Weight(f64),
    Bias(f64),
    Many(Vec<f64>),
}

fn main() {}
