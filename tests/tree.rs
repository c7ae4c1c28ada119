//! Pytrees through the facade crate: the examples of the pytree seed
//! (JAX's "Pytrees" page) in Rust, and the behaviours of JAX's and optree's
//! test suites that the Rust port keeps.
//!
//! Expected values come from the reference libraries' documented outputs
//! (JAX's printed `PyTreeDef`s and leaves), translated to this crate's
//! spelling: `PyTreeDef(...)` is `TreeDef(...)`, a registered class prints
//! as a Rust struct.

use ivy::tree::{FlattenConfig, KeyEntry, KeyPath, NodeKind, Subtree, TreeDef};
use ivy::{Array, Nest, Tree};
use std::collections::{BTreeMap, HashMap};

// ---------------------------------------------------------------------------
// "What is a pytree?"
// ---------------------------------------------------------------------------

/// Any value a leaf may be, for the seed's mixed-leaf examples.
#[derive(Tree, Debug, Clone, PartialEq)]
#[tree(leaf)]
enum Value {
    Int(i64),
    Str(&'static str),
    Object,
}

#[test]
fn seed_example_pytrees_count_their_leaves() {
    // [1, "a", object()]  # 3 leaves
    let a = vec![Value::Int(1), Value::Str("a"), Value::Object];
    assert_eq!(ivy::tree_leaves(&a).len(), 3);
    // (1, (2, 3), ())  # 3 leaves
    let b = (1, (2, 3), ());
    assert_eq!(ivy::tree_leaves(&b).len(), 3);
    // [1, {"k1": 2, "k2": (3, 4)}, 5]  # 5 leaves
    let c: Nest<i64> = ivy::nest!([1, {"k1": 2, "k2": (3, 4)}, 5]);
    assert_eq!(ivy::tree_leaves(&c), [&1, &2, &3, &4, &5]);
}

// ---------------------------------------------------------------------------
// "Applying optional parameters to pytrees": prefixes
// ---------------------------------------------------------------------------

#[test]
fn seed_in_axes_prefix_broadcasting() {
    // vmap input (a1, {"k1": a2, "k2": a3}); in_axes are prefix trees whose
    // None means "not mapped", so None is a leaf here.
    let args = (
        Array::from_vec(vec![1.0f32]),
        BTreeMap::from([
            ("k1", Array::from_vec(vec![2.0f32])),
            ("k2", Array::from_vec(vec![3.0f32])),
        ]),
    );
    let full = ivy::tree_structure(&args);

    let axes_for = |in_axes: &dyn Fn() -> (TreeDef, Vec<Subtree<i32>>)| -> Vec<Option<i32>> {
        let (prefix, parts) = in_axes();
        // Each axis covers the subtree of args at its position.
        let spans = prefix
            .flatten_up_to(&args)
            .map(|s| s.into_iter().map(|p| p.leaves().len()).collect::<Vec<_>>());
        let spans = spans.unwrap_or_default();
        parts
            .into_iter()
            .zip(spans)
            .flat_map(|(axis, n)| std::iter::repeat_n(axis.into_leaf(), n))
            .collect()
    };

    // (None, {"k1": None, "k2": 0})
    let full_form = || {
        let t = (None::<i32>, BTreeMap::from([("k1", None), ("k2", Some(0))]));
        let (parts, def) =
            ivy::tree_flatten_with(&t, FlattenConfig::NONE_IS_LEAF, ivy::tree::never);
        (def, parts)
    };
    assert_eq!(axes_for(&full_form), [None, None, Some(0)]);
    // (None, 0) is the same as (None, {"k1": 0, "k2": 0}).
    let prefix_form = || {
        let t = (None::<i32>, Some(0));
        let (parts, def) =
            ivy::tree_flatten_with(&t, FlattenConfig::NONE_IS_LEAF, ivy::tree::never);
        (def, parts)
    };
    assert_eq!(axes_for(&prefix_form), [None, Some(0), Some(0)]);
    // 0 maps everything.
    let leaf_form = || (TreeDef::leaf(), vec![Subtree::from_leaf(0)]);
    assert_eq!(axes_for(&leaf_form), [Some(0), Some(0), Some(0)]);

    // With plain leaves, the same thing is tree_broadcast_prefix.
    let axes = ivy::tree_broadcast_prefix(&(-1, 0), &args).unwrap();
    assert_eq!(ivy::tree_leaves(&axes), [&-1, &0, &0]);
    assert_eq!(ivy::tree_structure(&axes), full);
}

// ---------------------------------------------------------------------------
// "Viewing the pytree definition of an object"
// ---------------------------------------------------------------------------

#[test]
fn seed_viewing_a_treedef() {
    let def = ivy::tree_structure(&(1.0, vec![2.0, 3.0]));
    assert_eq!(format!("{def}"), "TreeDef((*, [*, *]))");
    assert_eq!(format!("{def:?}"), "TreeDef((*, [*, *]))");
}

// ---------------------------------------------------------------------------
// "Internal pytree handling": flatten, transform, unflatten
// ---------------------------------------------------------------------------

#[test]
fn seed_flatten_transform_unflatten() {
    // value_structured = [1., (2., 3.)]
    let value_structured: Nest<f64> = ivy::nest!([1., (2., 3.)]);
    let (value_flat, value_tree) = ivy::tree_flatten(&value_structured);
    assert_eq!(value_flat, [1.0, 2.0, 3.0]);
    assert_eq!(value_tree.to_string(), "TreeDef([*, (*, *)])");
    let transformed_flat: Vec<f64> = value_flat.iter().map(|v| v * 2.0).collect();
    assert_eq!(transformed_flat, [2.0, 4.0, 6.0]);
    let transformed_structured: Nest<f64> =
        ivy::tree_unflatten(&value_tree, transformed_flat).unwrap();
    assert_eq!(format!("{transformed_structured:?}"), "[2.0, (4.0, 6.0)]");
}

#[derive(Tree, Debug, Clone, PartialEq)]
struct Point {
    x: f64,
    y: f64,
}

#[test]
fn seed_example_containers() {
    fn show<T: Tree<f64> + PartialEq + std::fmt::Debug>(structured: &T) -> (Vec<f64>, String) {
        let (flat, tree) = ivy::tree_flatten(structured);
        let unflattened: T = ivy::tree_unflatten(&tree, flat.clone()).unwrap();
        assert_eq!(&unflattened, structured);
        (flat, tree.to_string())
    }
    // (1., [2., 3.])
    assert_eq!(
        show(&(1., vec![2., 3.])),
        (vec![1., 2., 3.], "TreeDef((*, [*, *]))".to_string())
    );
    // (1., {'b': 2., 'a': 3.}): keys sorted, so the leaves are [1., 3., 2.]
    assert_eq!(
        show(&(1., BTreeMap::from([("b", 2.), ("a", 3.)]))),
        (
            vec![1., 3., 2.],
            "TreeDef((*, {'a': *, 'b': *}))".to_string()
        )
    );
    assert_eq!(
        show(&(1., HashMap::from([("b", 2.), ("a", 3.)]))),
        (
            vec![1., 3., 2.],
            "TreeDef((*, {'a': *, 'b': *}))".to_string()
        )
    );
    // 1.
    assert_eq!(show(&1.), (vec![1.], "TreeDef(*)".to_string()));
    // None
    assert_eq!(show(&None::<f64>), (vec![], "TreeDef(None)".to_string()));
    // Point(1., 2.)  (a namedtuple in JAX; a struct here)
    assert_eq!(
        show(&Point { x: 1., y: 2. }),
        (vec![1., 2.], "TreeDef(Point { x: *, y: * })".to_string())
    );
    // jnp.zeros(2): an array is one leaf.
    let zeros = Array::from_vec(vec![0.0f32, 0.0]);
    let (flat, tree) = ivy::tree_flatten(&zeros);
    assert_eq!(flat, std::slice::from_ref(&zeros));
    assert_eq!(tree.to_string(), "TreeDef(*)");
}

// ---------------------------------------------------------------------------
// "Extending pytrees"
// ---------------------------------------------------------------------------

/// Not registered: a leaf.
#[derive(Tree, Debug, Clone, PartialEq)]
#[tree(leaf)]
struct Special {
    x: f64,
    y: f64,
}

/// Registered: its fields are children.
#[derive(Tree, Debug, Clone, PartialEq)]
struct RegisteredSpecial {
    x: f64,
    y: f64,
}

#[test]
fn seed_extending_pytrees() {
    let s = Special { x: 1., y: 2. };
    let (flat, tree) = ivy::tree_flatten(&s);
    assert_eq!(flat, std::slice::from_ref(&s));
    assert_eq!(tree.to_string(), "TreeDef(*)");
    assert_eq!(
        ivy::tree_unflatten::<Special, Special>(&tree, flat).unwrap(),
        s
    );

    let r = RegisteredSpecial { x: 1., y: 2. };
    let (flat, tree) = ivy::tree_flatten(&r);
    assert_eq!(flat, [1., 2.]);
    assert_eq!(
        tree.to_string(),
        "TreeDef(RegisteredSpecial { x: *, y: * })"
    );
    assert_eq!(
        ivy::tree_unflatten::<RegisteredSpecial, f64>(&tree, flat).unwrap(),
        r
    );
}

/// A type whose constructor validates and converts its input.
#[derive(Tree, Debug, Clone, PartialEq)]
struct MyTree<T> {
    a: T,
}

impl MyTree<Array> {
    fn new(a: Vec<f32>) -> MyTree<Array> {
        MyTree {
            a: Array::from_vec(a),
        }
    }
}

#[test]
fn seed_custom_pytrees_and_initialization() {
    // Rebuilding never calls `new`: structures are filled field by field, so
    // a tree of other leaf types (here, shapes, or a tree of trees) is fine.
    let tree = MyTree::new(vec![0.0, 1.0, 2.0, 3.0, 4.0]);
    let shapes: MyTree<Vec<usize>> = ivy::tree_map(|a: &Array| a.shape().dims().to_vec(), &tree);
    assert_eq!(shapes.a, [5]);
    let nested: MyTree<MyTree<Array>> = ivy::tree_map(|a: &Array| MyTree { a: a.clone() }, &tree);
    assert_eq!(nested.a.a, tree.a);
}

#[derive(Tree, Debug, Clone, PartialEq)]
struct Conv {
    w: Vec<f64>,
    #[tree(static)]
    stride: usize,
}

#[test]
fn seed_aux_data_is_compared_and_hashed() {
    use std::collections::HashSet;
    let a = ivy::tree_structure(&Conv {
        w: vec![1.0],
        stride: 2,
    });
    let b = ivy::tree_structure(&Conv {
        w: vec![5.0],
        stride: 2,
    });
    let c = ivy::tree_structure(&Conv {
        w: vec![1.0],
        stride: 3,
    });
    assert_eq!(a, b);
    assert_ne!(a, c);
    let set: HashSet<TreeDef> = [a.clone(), b, c].into_iter().collect();
    assert_eq!(set.len(), 2);
    assert_eq!(a.to_string(), "TreeDef(Conv { w: [*], static stride: 2 })");
}

// ---------------------------------------------------------------------------
// JAX tree_util_test: flatten_up_to, prefix errors, key paths, transpose
// ---------------------------------------------------------------------------

#[test]
fn flatten_up_to_rows() {
    // (prefix structure, full value, expected subtrees as leaves)
    let full = (vec![1, 2], (3, 4), BTreeMap::from([("a", 5), ("b", 6)]));
    let cases: Vec<(TreeDef, Vec<Vec<i32>>)> = vec![
        (TreeDef::leaf(), vec![vec![1, 2, 3, 4, 5, 6]]),
        (
            ivy::tree_structure(&(0, 0, 0)),
            vec![vec![1, 2], vec![3, 4], vec![5, 6]],
        ),
        (
            ivy::tree_structure(&(vec![0, 0], 0, 0)),
            vec![vec![1], vec![2], vec![3, 4], vec![5, 6]],
        ),
        (
            ivy::tree_structure(&full),
            vec![vec![1], vec![2], vec![3], vec![4], vec![5], vec![6]],
        ),
    ];
    for (prefix, expected) in cases {
        let parts = prefix.flatten_up_to(&full).unwrap();
        let got: Vec<Vec<i32>> = parts.iter().map(|p| p.leaves().to_vec()).collect();
        assert_eq!(got, expected, "{prefix}");
    }
}

#[test]
fn flatten_up_to_errors_are_one_line_with_a_path() {
    let full = (vec![1, 2], BTreeMap::from([("a", 5), ("b", 6)]));
    let cases: Vec<(TreeDef, &str)> = vec![
        (
            ivy::tree_structure(&(0, 0, 0)),
            "at tree: tuple arity mismatch: expected 3 children, got 2",
        ),
        (
            ivy::tree_structure(&(vec![0], 0)),
            "at tree[0]: list arity mismatch: expected 1 children, got 2",
        ),
        (
            ivy::tree_structure(&[0, 0]),
            "at tree: expected a list of 2, got a tuple of 2",
        ),
        (
            ivy::tree_structure(&(0, BTreeMap::from([("a", 0)]))),
            "at tree[1]: dict key mismatch: expected keys ['a'], got ['a', 'b']; extra ['b']",
        ),
        (
            ivy::tree_structure(&(0, None::<i32>)),
            "at tree[1]: expected None, got a dict with keys ['a', 'b']",
        ),
        (
            ivy::tree_structure(&(0.0, Point { x: 0.0, y: 0.0 })),
            "at tree[1]: expected a `Point`, got a dict with keys ['a', 'b']",
        ),
    ];
    for (prefix, expected) in cases {
        let err = prefix.flatten_up_to(&full).unwrap_err().to_string();
        assert_eq!(err, format!("flatten_up_to: {expected}"));
        assert!(!err.contains('\n'));
    }
}

#[test]
fn key_paths_match_jax_keystr_and_ivy_key_chains() {
    let t = (
        vec![BTreeMap::from([(
            "a",
            RegisteredSpecial { x: 1.0, y: 2.0 },
        )])],
        3.0,
    );
    let pairs = ivy::tree_leaves_with_path(&t);
    let keystrs: Vec<String> = pairs.iter().map(|(p, _)| ivy::keystr(p)).collect();
    assert_eq!(keystrs, ["[0][0]['a'].x", "[0][0]['a'].y", "[1]"]);
    let chains: Vec<String> = pairs.iter().map(|(p, _)| p.key_chain()).collect();
    assert_eq!(chains, ["0/0/a/x", "0/0/a/y", "1"]);
    let expected = KeyPath::from(vec![
        KeyEntry::Index(0),
        KeyEntry::Index(0),
        KeyEntry::key("a"),
        KeyEntry::field("y"),
    ]);
    assert_eq!(pairs[1].0, expected);
    // flatten and flatten_with_path agree.
    let (with_path, def) = ivy::tree_flatten_with_path(&t);
    let (leaves, def2) = ivy::tree_flatten(&t);
    assert_eq!(def, def2);
    assert_eq!(
        with_path.into_iter().map(|(_, x)| x).collect::<Vec<_>>(),
        leaves
    );
}

#[test]
fn is_leaf_sees_paths() {
    // JAX's is_leaf_takes_path: stop under a given key.
    let params = BTreeMap::from([("frozen", vec![1.0, 2.0]), ("train", vec![3.0])]);
    let (parts, def) = ivy::tree_flatten_with(&params, FlattenConfig::DEFAULT, |p, n| {
        p.key_chain() == "frozen" && n.kind() == NodeKind::List
    });
    assert_eq!(def.to_string(), "TreeDef({'frozen': *, 'train': [*]})");
    assert_eq!(parts.len(), 2);
    assert_eq!(parts[0].leaves(), [1.0, 2.0]);
}

#[test]
fn transpose_list_of_pairs() {
    let outer = ivy::tree_structure(&[0, 0, 0]);
    let inner = ivy::tree_structure(&(0, 0));
    let t = [(1, 2), (3, 4), (5, 6)];
    let (a, b): ([i32; 3], [i32; 3]) = ivy::tree_transpose(&outer, Some(&inner), &t).unwrap();
    assert_eq!((a, b), ([1, 3, 5], [2, 4, 6]));
}

#[test]
fn none_semantics_in_both_modes() {
    let x = vec![Some(1.0), None, Some(2.0)];
    let def = ivy::tree_structure(&x);
    assert_eq!(def.to_string(), "TreeDef([*, None, *])");
    assert_eq!((def.num_leaves(), def.num_nodes()), (2, 4));
    let def = ivy::tree_structure_with(&x, FlattenConfig::NONE_IS_LEAF, ivy::tree::never);
    assert_eq!(def.to_string(), "TreeDef([*, *, *], NoneIsLeaf)");
    assert_eq!((def.num_leaves(), def.num_nodes()), (3, 4));
    // Structures of different modes differ.
    assert_ne!(def, ivy::tree_structure(&x));
}

#[test]
fn containers_of_different_types_zip_when_structures_agree() {
    let a = vec![1.0, 2.0];
    let b = [10.0, 20.0];
    assert_eq!(ivy::tree_map2(|x, y| x + y, &a, &b).unwrap(), [11.0, 22.0]);
    let m = BTreeMap::from([("a".to_string(), 1.0)]);
    let h = HashMap::from([("a", 2.0)]);
    assert_eq!(ivy::tree_map2(|x, y| x * y, &m, &h).unwrap()["a"], 2.0);
}

#[test]
fn treedef_serde_json_round_trip() {
    let t = (
        vec![1.0],
        BTreeMap::from([("k", (None::<f64>, 2.0))]),
        RegisteredSpecial { x: 0.0, y: 0.0 },
    );
    let def = ivy::tree_structure(&t);
    let json = serde_json::to_string(&def).unwrap();
    let back: TreeDef = serde_json::from_str(&json).unwrap();
    assert_eq!(back, def);
    type Rebuilt = (
        Vec<f64>,
        BTreeMap<String, (Option<f64>, f64)>,
        RegisteredSpecial,
    );
    let rebuilt: Rebuilt = ivy::tree_unflatten(&back, [1.0, 2.0, 3.0, 4.0]).unwrap();
    assert_eq!(rebuilt.2, RegisteredSpecial { x: 3.0, y: 4.0 });
}
