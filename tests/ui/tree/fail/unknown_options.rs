//! Unknown `tree` options, on the type and on a field, are reported together.
use ivy::Tree;

#[derive(Tree)]
#[tree(flatten)]
struct Model {
    #[tree(skip)]
    cache: Vec<f64>,
    w: Vec<f64>,
}

fn main() {}
