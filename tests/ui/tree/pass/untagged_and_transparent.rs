//! A Python-shaped list: an untagged enum whose variants are a leaf,
//! `None`, a tuple, a record and a map; a transparent newtype; both
//! generic, changing leaf type under `tree_map`.
use ivy::{Array, Tree};
use std::collections::BTreeMap;

#[derive(Tree, Debug, Clone, PartialEq)]
struct Point<T> {
    x: T,
    y: T,
}

#[derive(Tree, Debug, Clone, PartialEq)]
#[tree(untagged)]
enum Item<T> {
    Missing,
    Leaf(T),
    Pair(T, T),
    Point(Point<T>),
    Map(BTreeMap<String, T>),
    Labelled {
        value: T,
        #[tree(static)]
        label: &'static str,
    },
}

#[derive(Tree, Debug, Clone, PartialEq)]
#[tree(transparent)]
struct Batch<T> {
    items: Vec<Item<T>>,
}

fn main() {
    let b = Batch {
        items: vec![
            Item::Leaf(1.0f64),
            Item::Missing,
            Item::Pair(2.0, 3.0),
            Item::Point(Point { x: 4.0, y: 5.0 }),
            Item::Map(BTreeMap::from([("a".to_string(), 6.0)])),
            Item::Labelled {
                value: 7.0,
                label: "z",
            },
        ],
    };
    let (leaves, def) = ivy::tree_flatten(&b);
    assert_eq!(leaves, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]);
    assert_eq!(
        def.to_string(),
        "TreeDef([*, None, (*, *), Point { x: *, y: * }, {'a': *}, Item::Labelled { value: *, static label: \"z\" }])"
    );
    let back: Batch<f64> = ivy::tree_unflatten(&def, leaves).unwrap();
    assert_eq!(back, b);
    let arrays: Batch<Array> = ivy::tree_map(|&x| Array::scalar(x), &b);
    assert_eq!(arrays.items.len(), 6);
}
