//! `static` belongs on fields, options do not go on variants, a field is not
//! static twice, and a leaf type has no static fields.
use ivy::Tree;

#[derive(Tree)]
#[tree(static)]
struct A {
    x: f64,
}

#[derive(Tree)]
enum B {
    #[tree(static)]
    V(f64),
}

#[derive(Tree)]
struct C {
    #[tree(static, static)]
    n: usize,
}

#[derive(Tree)]
#[tree(leaf)]
struct D {
    #[tree(static)]
    n: usize,
}

fn main() {}
