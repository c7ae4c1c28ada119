//! A tuple variant of an untagged enum is its fields' node (or a tuple):
//! there is no record to keep a static field in.
use ivy::Tree;

#[derive(Tree)]
#[tree(untagged)]
enum Layer {
    Scale(Vec<f64>, #[tree(static)] u8),
    Dense { w: Vec<f64>, #[tree(static)] units: usize },
}

fn main() {}
