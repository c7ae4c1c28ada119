//! A tree has one leaf type: a struct mixing arrays and integers is not a
//! tree of either until the integer is made static.
use ivy::{Array, Tree};

#[derive(Tree)]
struct Layer {
    w: Array,
    units: usize,
}

fn main() {
    let l = Layer { w: Array::from_vec(vec![1.0f32]), units: 1 };
    let _ = ivy::tree_leaves::<Layer, Array>(&l);
}
