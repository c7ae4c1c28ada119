//! Property tests of the pytree laws on random nested values:
//!
//! - `tree_unflatten(tree_structure(x), tree_leaves(x)) == x`;
//! - `tree_map(identity, x) == x`;
//! - `tree_structure(tree_map(f, x)) == tree_structure(x)`;
//! - `flatten_up_to` with a prefix of `x`'s structure gives subtrees whose
//!   leaves, concatenated, are `x`'s leaves, and whose structures compose
//!   back into `x`'s;
//! - serialized structures deserialize equal; nests convert to and from
//!   typed trees;
//! - every accessor fetches the leaf of its position, and its path is that
//!   leaf's key path;
//! - broadcasting a prefix against a full tree with `tree_broadcast_common`
//!   gives `tree_broadcast_prefix`'s tree and the full tree unchanged;
//!   `tree_map_up_to_n` over one tree is `tree_map_up_to`;
//! - an `IndexMap` round-trips in its order, its structure is equal to
//!   another's exactly when the keys come in the same order, and maps zip by
//!   key whatever the order; float-keyed maps round-trip, serialized too.

use ivy::Tree;
use ivy::nest::Nest;
use ivy::tree::{FlattenConfig, FloatKey, IndexMap, Subtree, TreeDef};
use proptest::prelude::*;
use std::collections::BTreeMap;

/// Random dynamic nests of depth up to 4 with `i64` leaves.
fn nest() -> impl Strategy<Value = Nest<i64>> {
    let leaf = prop_oneof![any::<i64>().prop_map(Nest::Leaf), Just(Nest::None)];
    leaf.prop_recursive(4, 48, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Nest::List),
            prop::collection::vec(inner.clone(), 0..5).prop_map(Nest::Tuple),
            prop::collection::vec(("[a-d]{1,2}", inner), 0..5)
                .prop_map(|kv| Nest::Dict(kv.into_iter().collect())),
        ]
    })
}

#[derive(Tree, Debug, Clone, PartialEq)]
struct Layer<T> {
    w: Vec<T>,
    b: Option<T>,
    #[tree(static)]
    name: String,
}

#[derive(Tree, Debug, Clone, PartialEq)]
enum Block<T> {
    Dense(Layer<T>),
    Residual { inner: Box<Block<T>>, scale: T },
    Skip,
}

type Model = (
    BTreeMap<String, Vec<Layer<f64>>>,
    Vec<Option<(f64, [f64; 2])>>,
);

fn layer() -> impl Strategy<Value = Layer<f64>> {
    (
        prop::collection::vec(-1e6..1e6f64, 0..4),
        prop::option::of(-1e3..1e3f64),
        "[xy]",
    )
        .prop_map(|(w, b, name)| Layer { w, b, name })
}

fn model() -> impl Strategy<Value = Model> {
    (
        prop::collection::btree_map("[a-c]{1,3}", prop::collection::vec(layer(), 0..3), 0..4),
        prop::collection::vec(
            prop::option::of((
                any::<f64>().prop_filter("finite", |x| x.is_finite()),
                [0.0..1.0f64, 0.0..1.0f64],
            )),
            0..4,
        ),
    )
}

fn block() -> impl Strategy<Value = Block<f64>> {
    let leaf = prop_oneof![layer().prop_map(Block::Dense), Just(Block::Skip)];
    leaf.prop_recursive(3, 8, 1, |inner| {
        (inner, -10.0..10.0f64).prop_map(|(b, scale)| Block::Residual {
            inner: Box::new(b),
            scale,
        })
    })
}

proptest! {
    #[test]
    fn nest_round_trip(x in nest()) {
        let (leaves, def) = ivy::tree_flatten(&x);
        prop_assert_eq!(leaves.len(), def.num_leaves());
        let back: Nest<i64> = ivy::tree_unflatten(&def, leaves).unwrap();
        // Debug also checks dict insertion order.
        prop_assert_eq!(format!("{back:?}"), format!("{x:?}"));
    }

    #[test]
    fn nest_map_identity_and_structure(x in nest()) {
        let same = ivy::tree_map(|v: &i64| *v, &x);
        prop_assert_eq!(format!("{same:?}"), format!("{x:?}"));
        let strings = ivy::tree_map(|v: &i64| v.to_string(), &x);
        prop_assert_eq!(ivy::tree_structure(&strings), ivy::tree_structure(&x));
    }

    #[test]
    fn model_round_trip_and_laws(m in model()) {
        let (leaves, def) = ivy::tree_flatten(&m);
        let back: Model = ivy::tree_unflatten(&def, leaves.clone()).unwrap();
        prop_assert_eq!(&back, &m);
        prop_assert_eq!(ivy::tree_map(|v: &f64| *v, &m), m.clone());
        let as_text = ivy::tree_map(|v: &f64| format!("{v}"), &m);
        prop_assert_eq!(ivy::tree_structure(&as_text), def.clone());
        // The leaf order is the order of tree_leaves and of the paths.
        prop_assert_eq!(ivy::tree_leaves(&m).into_iter().copied().collect::<Vec<_>>(), leaves.clone());
        prop_assert_eq!(def.paths().len(), leaves.len());
    }

    #[test]
    fn flatten_up_to_is_consistent_with_flatten(m in model(), depth in 0usize..5) {
        let (leaves, def) = ivy::tree_flatten(&m);
        let prefix = ivy::tree_structure_with(&m, FlattenConfig::DEFAULT, |p, _| p.len() >= depth);
        prop_assert!(prefix.is_prefix_of(&def));
        let parts: Vec<Subtree<f64>> = prefix.flatten_up_to(&m).unwrap();
        prop_assert_eq!(parts.len(), prefix.num_leaves());
        let concat: Vec<f64> = parts.iter().flat_map(|p| p.leaves().iter().copied()).collect();
        prop_assert_eq!(concat, leaves);
        let rebuilt: Model = ivy::tree_unflatten_with(&prefix, parts).unwrap();
        prop_assert_eq!(rebuilt, m);
    }

    #[test]
    fn enums_and_boxes_round_trip(b in block()) {
        let (leaves, def) = ivy::tree_flatten(&b);
        let back: Block<f64> = ivy::tree_unflatten(&def, leaves).unwrap();
        prop_assert_eq!(&back, &b);
        let doubled = ivy::tree_map(|v: &f64| v * 2.0, &b);
        prop_assert_eq!(ivy::tree_structure(&doubled), def);
    }

    #[test]
    fn serialized_structures_deserialize_equal(x in nest()) {
        let def = ivy::tree_structure(&x);
        let json = serde_json::to_string(&def).unwrap();
        let back: TreeDef = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &def);
        prop_assert_eq!(back.to_string(), def.to_string());
    }

    #[test]
    fn typed_values_convert_through_nests(m in prop::collection::btree_map("[a-c]{1,2}", prop::collection::vec(prop::option::of(-5i64..5), 0..4), 0..4)) {
        let n = Nest::from_tree(&m);
        let back: BTreeMap<String, Vec<Option<i64>>> = n.into_tree().unwrap();
        prop_assert_eq!(back, m);
    }

    #[test]
    fn map2_of_a_tree_with_itself(m in model()) {
        let sum = ivy::tree_map2(|a: &f64, b: &f64| a + b, &m, &m).unwrap();
        prop_assert_eq!(sum, ivy::tree_map(|a: &f64| a * 2.0, &m));
    }

    #[test]
    fn accessors_fetch_their_leaves(x in nest()) {
        let (leaves, def) = ivy::tree_flatten(&x);
        let accessors = ivy::tree_accessors(&x);
        prop_assert_eq!(accessors.len(), leaves.len());
        let paths = def.paths();
        for (i, a) in accessors.iter().enumerate() {
            prop_assert_eq!(a.get(&x).unwrap(), &leaves[i]);
            prop_assert_eq!(&a.path(), &paths[i]);
            prop_assert_eq!(a.leaf_index(&def, "law").unwrap(), i);
        }
    }

    #[test]
    fn broadcast_common_of_a_prefix_is_broadcast_prefix(x in nest(), depth in 0usize..4) {
        let prefix = ivy::tree_structure_with(&x, FlattenConfig::DEFAULT, |p, _| p.len() >= depth);
        let p: Nest<i64> = prefix.unflatten(0..prefix.num_leaves() as i64).unwrap();
        let (px, fx): (Nest<i64>, Nest<i64>) = ivy::tree_broadcast_common(&p, &x).unwrap();
        let expected: Nest<i64> = ivy::tree_broadcast_prefix(&p, &x).unwrap();
        prop_assert_eq!(format!("{px:?}"), format!("{expected:?}"));
        prop_assert_eq!(format!("{fx:?}"), format!("{x:?}"));
        // And the other way round.
        let (fy, py): (Nest<i64>, Nest<i64>) = ivy::tree_broadcast_common(&x, &p).unwrap();
        prop_assert_eq!(format!("{fy:?}"), format!("{x:?}"));
        prop_assert_eq!(format!("{py:?}"), format!("{expected:?}"));
    }

    #[test]
    fn map_up_to_n_of_one_tree_is_map_up_to(m in model(), depth in 0usize..4) {
        let prefix = ivy::tree_structure_with(&m, FlattenConfig::DEFAULT, |p, _| p.len() >= depth);
        let p: Nest<usize> = prefix.unflatten(0..prefix.num_leaves()).unwrap();
        let one = ivy::tree_map_up_to(|k, s| (*k, s.leaves().len()), &p, &m).unwrap();
        let many = ivy::tree_map_up_to_n(|k, s| (*k, s[0].leaves().len()), &p, &[&m]).unwrap();
        prop_assert_eq!(format!("{one:?}"), format!("{many:?}"));
    }

    #[test]
    fn ordered_dicts_keep_their_order(
        entries in prop::collection::vec(("[a-e]", prop::collection::vec(-5i64..5, 0..3)), 0..6),
    ) {
        let m: IndexMap<String, Vec<i64>> = entries.into_iter().collect();
        let (leaves, def) = ivy::tree_flatten(&m);
        let back: IndexMap<String, Vec<i64>> = ivy::tree_unflatten(&def, leaves).unwrap();
        prop_assert_eq!(back.keys().collect::<Vec<_>>(), m.keys().collect::<Vec<_>>());
        prop_assert_eq!(&back, &m);
        let mut reversed = m.clone();
        reversed.reverse();
        let same_order = m.len() < 2;
        prop_assert_eq!(ivy::tree_structure(&reversed) == def, same_order);
        // Zipping pairs values by key, whatever the order.
        let pairs = ivy::tree_map2(|a: &i64, b: &i64| (*a, *b), &m, &reversed).unwrap();
        for v in pairs.values() {
            for (a, b) in v {
                prop_assert_eq!(a, b);
            }
        }
    }

    #[test]
    fn float_keyed_maps_round_trip(entries in prop::collection::btree_map(any::<f64>().prop_map(FloatKey::new), -9i64..9, 0..6)) {
        let (leaves, def) = ivy::tree_flatten(&entries);
        let json = serde_json::to_string(&def).unwrap();
        let back_def: TreeDef = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back_def, &def);
        let back: std::collections::BTreeMap<FloatKey, i64> = ivy::tree_unflatten(&back_def, leaves).unwrap();
        prop_assert_eq!(back, entries);
    }
}
