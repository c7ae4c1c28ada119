//! Generic structs and enums change leaf type under `tree_map`; bounds on
//! the type's parameters carry over to the mapped type.
use ivy::{Array, Tree};
use std::fmt::Debug;

#[derive(Tree, Debug, Clone, PartialEq)]
struct Linear<T: Clone + Debug>
where
    T: PartialEq,
{
    w: Vec<T>,
    b: Option<T>,
    #[tree(static)]
    name: &'static str,
}

#[derive(Tree, Debug, Clone, PartialEq)]
struct Pair<A>(A, A);

#[derive(Tree, Debug, Clone, PartialEq)]
enum Act<T> {
    Relu,
    Scaled(T),
    Gated {
        gate: T,
        #[tree(static)]
        bias: i32,
    },
}

fn main() {
    let l = Linear {
        w: vec![1.0f64, 2.0],
        b: None,
        name: "l",
    };
    let arrays: Linear<Array> = ivy::tree_map(|&x| Array::scalar(x), &l);
    assert_eq!(arrays.w.len(), 2);
    let p: Pair<String> = ivy::tree_map(|x: &i32| x.to_string(), &Pair(1, 2));
    assert_eq!(p, Pair("1".to_string(), "2".to_string()));
    let acts = vec![
        Act::Relu,
        Act::Scaled(2.0f64),
        Act::Gated { gate: 1.0, bias: 3 },
    ];
    let (leaves, def) = ivy::tree_flatten(&acts);
    assert_eq!(leaves, [2.0, 1.0]);
    let back: Vec<Act<f64>> = ivy::tree_unflatten(&def, leaves).unwrap();
    assert_eq!(back, acts);
}
