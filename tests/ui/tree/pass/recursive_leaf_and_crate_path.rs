//! A self-recursive type, a leaf type, and `#[tree(crate = ...)]`.
use ivy::Tree;

#[derive(Tree, Debug, PartialEq)]
struct List<T> {
    head: T,
    tail: Option<Box<List<T>>>,
}

#[derive(Tree, Debug, Clone, Copy, PartialEq)]
#[tree(leaf)]
struct Meters(f64);

mod renamed {
    pub use ivy as core_crate;
}

#[derive(renamed::core_crate::Tree)]
#[tree(crate = renamed::core_crate)]
struct Renamed {
    x: f64,
}

#[derive(Tree)]
#[tree(crate = "::ivy")]
struct Quoted(f64);

fn main() {
    let l = List {
        head: 1,
        tail: Some(Box::new(List {
            head: 2,
            tail: None,
        })),
    };
    assert_eq!(ivy::tree_leaves(&l), [&1, &2]);
    assert_eq!(
        ivy::tree_structure(&l).to_string(),
        "TreeDef(List { head: *, tail: List { head: *, tail: None } })"
    );
    let m = vec![Meters(1.0), Meters(2.0)];
    assert_eq!(ivy::tree_leaves(&m).len(), 2);
    assert_eq!(ivy::tree_leaves(&Renamed { x: 1.0 }), [&1.0]);
    assert_eq!(ivy::tree_leaves(&Quoted(2.0)), [&2.0]);
}
