//! Every variant's content must be a tree of the leaf type the enum is used
//! with: a `String` is not a tree of `f64` leaves.
use ivy::Tree;

#[derive(Tree)]
#[tree(untagged)]
enum Entry {
    Value(f64),
    Label(String),
}

fn main() {
    let v = vec![Entry::Value(1.0), Entry::Label("a".to_string())];
    let _ = ivy::tree_leaves::<Vec<Entry>, f64>(&v);
}
