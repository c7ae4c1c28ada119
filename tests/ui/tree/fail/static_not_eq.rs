//! A `#[tree(static)]` field must be `Eq + Hash`: a float is not.
use ivy::Tree;

#[derive(Tree)]
struct Optimizer {
    momentum: Vec<f64>,
    #[tree(static)]
    learning_rate: f64,
}

fn main() {}
