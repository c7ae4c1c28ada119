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

// ---------------------------------------------------------------------------
// optree's OrderedDict, defaultdict and deque nodes
//
// Expected values were observed with optree 0.20.0 (the call is in the
// comment above each constant) and are written in this crate's spelling:
// `PyTreeSpec(...)` is `TreeDef(...)`, `defaultdict(<class 'int'>, {...})`
// is `defaultdict({...})` (a Rust DefaultDict's factory is `V::default`).
// ---------------------------------------------------------------------------

use ivy::tree::{Accessor, DefaultDict, FloatKey, IndexMap, Key};
use std::collections::VecDeque;

#[test]
fn ordered_dict_defaultdict_and_deque_flatten_print_and_rebuild_as_optree() {
    // optree.tree_flatten([OrderedDict([('b', 1), ('a', (2, None))]),
    //                      defaultdict(int, {'y': 3, 'x': 4}), deque([5, 6])])
    // == ([1, 2, 4, 3, 5, 6], PyTreeSpec([OrderedDict({'b': *, 'a': (*, None)}),
    //        defaultdict(<class 'int'>, {'x': *, 'y': *}), deque([*, *])]))
    const LEAVES: [i64; 6] = [1, 2, 4, 3, 5, 6];
    // (A Rust tuple stands for the Python list: a sequence of three
    // children of different types, so `[...]` reads `(...)` here.)
    const SPEC: &str = "TreeDef((OrderedDict({'b': *, 'a': (*, None)}), defaultdict({'x': *, 'y': *}), deque([*, *])))";
    type T = (
        IndexMap<&'static str, Nest<i64>>,
        DefaultDict<&'static str, i64>,
        VecDeque<i64>,
    );
    let t: T = (
        IndexMap::from([("b", Nest::Leaf(1)), ("a", ivy::nest!((2, None)))]),
        [("y", 3), ("x", 4)].into_iter().collect(),
        VecDeque::from([5, 6]),
    );
    let (leaves, def) = ivy::tree_flatten(&t);
    assert_eq!(leaves, LEAVES);
    assert_eq!(def.to_string(), SPEC);
    // optree.tree_unflatten(spec, [10, 20, 30, 40, 50, 60])
    // == [OrderedDict([('b', 10), ('a', (20, None))]),
    //     defaultdict(<class 'int'>, {'y': 40, 'x': 30}), deque([50, 60])]
    let back: T = ivy::tree_unflatten(&def, [10, 20, 30, 40, 50, 60]).unwrap();
    assert_eq!(
        back.0.into_iter().collect::<Vec<_>>(),
        [("b", Nest::Leaf(10)), ("a", ivy::nest!((20, None)))]
    );
    assert_eq!(
        back.1.iter().collect::<Vec<_>>(),
        [(&"y", &40), (&"x", &30)]
    );
    assert_eq!(back.2, [50, 60]);
    // optree.tree_paths(...) / tree_accessors: insertion order for the
    // OrderedDict, sorted for the defaultdict.
    let accessors: Vec<String> = def.accessors().iter().map(|a| a.to_string()).collect();
    assert_eq!(
        accessors,
        [
            "*[0]['b']",
            "*[0]['a'][0]",
            "*[1]['x']",
            "*[1]['y']",
            "*[2][0]",
            "*[2][1]"
        ]
    );
}

#[test]
fn empty_ordered_nodes_print_as_optree() {
    // str(optree.tree_structure(OrderedDict())) == 'PyTreeSpec(OrderedDict())'
    assert_eq!(
        ivy::tree_structure(&IndexMap::<String, f64>::new()).to_string(),
        "TreeDef(OrderedDict())"
    );
    // str(optree.tree_structure(deque())) == 'PyTreeSpec(deque())'
    assert_eq!(
        ivy::tree_structure(&VecDeque::<f64>::new()).to_string(),
        "TreeDef(deque())"
    );
    // defaultdict(int) prints 'PyTreeSpec(defaultdict(<class 'int'>, {}))'
    assert_eq!(
        ivy::tree_structure(&DefaultDict::<String, f64>::new()).to_string(),
        "TreeDef(defaultdict({}))"
    );
}

#[test]
fn key_order_is_part_of_an_ordered_dict_structure_only() {
    let ab = IndexMap::from([("a", 1), ("b", 2)]);
    let ba = IndexMap::from([("b", 1), ("a", 2)]);
    // optree.tree_structure(OrderedDict(a, b)) == ...(OrderedDict(b, a)) -> False
    assert_ne!(ivy::tree_structure(&ab), ivy::tree_structure(&ba));
    // optree.tree_structure({'b': 1, 'a': 2}) == ...({'a': 1, 'b': 2}) -> True
    let d1 = DefaultDict::from(IndexMap::from([("b", 1), ("a", 2)]));
    let d2 = DefaultDict::from(IndexMap::from([("a", 1), ("b", 2)]));
    assert_eq!(ivy::tree_structure(&d1), ivy::tree_structure(&d2));
    assert_eq!(
        ivy::tree_structure(&BTreeMap::from([("b", 1), ("a", 2)])),
        ivy::tree_structure(&HashMap::from([("a", 1), ("b", 2)]))
    );
    // Different map kinds are different structures.
    let plain = ivy::tree_structure(&BTreeMap::from([("a", 1), ("b", 2)]));
    assert_ne!(plain, ivy::tree_structure(&ab));
    assert_ne!(plain, ivy::tree_structure(&d2));
    // optree.tree_structure([1, 2]) == optree.tree_structure(deque([1, 2])) -> False
    assert_ne!(
        ivy::tree_structure(&vec![1, 2]),
        ivy::tree_structure(&VecDeque::from([1, 2]))
    );
}

#[test]
fn maps_of_any_kind_zip_by_key_as_optree_does() {
    // optree.tree_map(lambda x, y: x * 10 + y, OrderedDict([('b', 1), ('a', 2)]), {'a': 3, 'b': 4})
    // == OrderedDict([('b', 14), ('a', 23)])
    let od = IndexMap::from([("b", 1), ("a", 2)]);
    let d = BTreeMap::from([("a", 3), ("b", 4)]);
    let r = ivy::tree_map2(|x, y| x * 10 + y, &od, &d).unwrap();
    assert_eq!(r.into_iter().collect::<Vec<_>>(), [("b", 14), ("a", 23)]);
    // optree.tree_map(lambda x, y: x * 10 + y, {'a': 3, 'b': 4}, OrderedDict([('b', 1), ('a', 2)]))
    // == {'a': 32, 'b': 41}
    let r = ivy::tree_map2(|x, y| x * 10 + y, &d, &od).unwrap();
    assert_eq!(r, BTreeMap::from([("a", 32), ("b", 41)]));
    // Two OrderedDicts in other orders, and a defaultdict:
    // optree.tree_map(..., defaultdict(int, {'b': 1, 'a': 2}), OrderedDict([('b', 3), ('a', 4)]))
    // pairs 'b' with 'b'.
    let dd: DefaultDict<&str, i32> = [("b", 1), ("a", 2)].into_iter().collect();
    let od2 = IndexMap::from([("a", 4), ("b", 3)]);
    let r = ivy::tree_map3(|x, y, z| (*x, *y, *z), &dd, &od, &od2).unwrap();
    assert_eq!(r["a"], (2, 2, 4));
    assert_eq!(r["b"], (1, 1, 3));
    // optree.tree_structure(OrderedDict([('b', 0), ('a', 0)])).flatten_up_to({'a': [1, 2], 'b': 3})
    // == [3, [1, 2]]
    let prefix = ivy::tree_structure(&IndexMap::from([("b", 0), ("a", 0)]));
    let parts = prefix
        .flatten_up_to(&BTreeMap::from([("a", vec![1, 2]), ("b", vec![3])]))
        .unwrap();
    let got: Vec<Vec<i32>> = parts.iter().map(|p| p.leaves().to_vec()).collect();
    assert_eq!(got, [vec![3], vec![1, 2]]);
    // Different key sets still fail, naming the keys.
    let err = ivy::tree_map2(|x, y| x + y, &od, &BTreeMap::from([("a", 1), ("c", 2)])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_map2: at tree: dict key mismatch: expected keys ['b', 'a'], got ['a', 'c']; missing ['b']; extra ['c']"
    );
}

#[test]
fn a_deque_does_not_zip_with_a_list() {
    // optree.tree_map(lambda x, y: x, [1], deque([2]))
    // -> ValueError: Expected an instance of list, got deque([2]).
    let err = ivy::tree_map2(|x: &i32, _: &i32| *x, &vec![1], &VecDeque::from([2])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_map2: at tree: expected a list of 1, got a deque of 1"
    );
    // Unflattening checks the node kind too.
    let def = ivy::tree_structure(&VecDeque::from([1, 2]));
    let err = ivy::tree_unflatten::<Vec<i32>, i32>(&def, [1, 2]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_unflatten: at tree: expected a list, got a deque of 2"
    );
    let def = ivy::tree_structure(&BTreeMap::from([("a", 1)]));
    let err = ivy::tree_unflatten::<IndexMap<&str, i32>, i32>(&def, [1]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_unflatten: at tree: expected an OrderedDict, got a dict with keys ['a']"
    );
}

// ---------------------------------------------------------------------------
// Float keys
// ---------------------------------------------------------------------------

#[test]
fn float_keys_sort_and_print_as_optree() {
    // optree.tree_flatten({2.5: 'c', -1.0: 'a', 0.5: 'b'})
    // == (['a', 'b', 'c'], PyTreeSpec({-1.0: *, 0.5: *, 2.5: *}))
    let m = BTreeMap::from([
        (FloatKey::new(2.5), "c"),
        (FloatKey::new(-1.0), "a"),
        (FloatKey::new(0.5), "b"),
    ]);
    let (leaves, def) = ivy::tree_flatten(&m);
    assert_eq!(leaves, ["a", "b", "c"]);
    assert_eq!(def.to_string(), "TreeDef({-1.0: *, 0.5: *, 2.5: *})");
    // optree.tree_flatten({1e-7: 1, 1e16: 2, 1e15: 3, 0.0001: 4, 123456789.125: 5})
    // == ([1, 4, 5, 3, 2], PyTreeSpec({1e-07: *, 0.0001: *, 123456789.125: *,
    //                                  1000000000000000.0: *, 1e+16: *}))
    let m: HashMap<FloatKey, i32> = [
        (1e-7, 1),
        (1e16, 2),
        (1e15, 3),
        (0.0001, 4),
        (123456789.125, 5),
    ]
    .into_iter()
    .map(|(k, v)| (FloatKey::new(k), v))
    .collect();
    let (leaves, def) = ivy::tree_flatten(&m);
    assert_eq!(leaves, [1, 4, 5, 3, 2]);
    assert_eq!(
        def.to_string(),
        "TreeDef({1e-07: *, 0.0001: *, 123456789.125: *, 1000000000000000.0: *, 1e+16: *})"
    );
    // Rebuilt with its keys, and as key paths: JAX's
    // keystr(tree_flatten_with_path({1.5: 1, 0.5: 2})[0][0][0]) == '[0.5]'.
    let back: HashMap<FloatKey, i32> = ivy::tree_unflatten(&def, leaves).unwrap();
    assert_eq!(back, m);
    let m = BTreeMap::from([(FloatKey::new(1.5), 1), (FloatKey::new(0.5), 2)]);
    assert_eq!(ivy::tree_leaves_with_path(&m)[0].0.keystr(), "[0.5]");
    // Serialized and read back.
    let json = serde_json::to_string(&def).unwrap();
    let back: TreeDef = serde_json::from_str(&json).unwrap();
    assert_eq!(back, def);
}

#[test]
fn mixed_keys_sort_float_before_int_before_str() {
    // optree.tree_flatten({1.5: 'f', 1: 'i', 'a': 's', 2: 'j', 0.5: 'g'})
    // == (['g', 'f', 'i', 'j', 's'], PyTreeSpec({0.5: *, 1.5: *, 1: *, 2: *, 'a': *}))
    // (Keys that do not compare with each other sort by type: float < int < str.)
    let m = BTreeMap::from([
        (Key::from(1.5), 'f'),
        (Key::Int(1), 'i'),
        (Key::from("a"), 's'),
        (Key::Int(2), 'j'),
        (Key::from(0.5), 'g'),
    ]);
    let (leaves, def) = ivy::tree_flatten(&m);
    assert_eq!(leaves, ['g', 'f', 'i', 'j', 's']);
    assert_eq!(
        def.to_string(),
        "TreeDef({0.5: *, 1.5: *, 1: *, 2: *, 'a': *})"
    );
    // optree.tree_flatten({True: 'b', 1.5: 'f', 'a': 's'}): bool < float.
    let m = BTreeMap::from([
        (Key::from("a"), 's'),
        (Key::from(1.5), 'f'),
        (Key::Bool(true), 'b'),
    ]);
    assert_eq!(ivy::tree_leaves(&m), [&'b', &'f', &'s']);
}

// ---------------------------------------------------------------------------
// Accessors and flattened-index keys
// ---------------------------------------------------------------------------

/// A Python list holding a leaf, None, a tuple, a record and a dict, as an
/// untagged enum: each variant is the node of what it holds.
#[derive(Tree, Debug, Clone, PartialEq)]
#[tree(untagged)]
enum Item {
    Missing,
    Leaf(f64),
    Pair(f64, f64),
    Point(Point),
    Map(BTreeMap<String, f64>),
}

fn python_list() -> Vec<Item> {
    // [1.0, None, (2.0, 3.0), Point(4.0, 5.0), {'a': 6.0}]
    vec![
        Item::Leaf(1.0),
        Item::Missing,
        Item::Pair(2.0, 3.0),
        Item::Point(Point { x: 4.0, y: 5.0 }),
        Item::Map(BTreeMap::from([("a".to_string(), 6.0)])),
    ]
}

#[test]
fn a_python_shaped_list_of_an_untagged_enum() {
    // optree.tree_flatten([1.0, None, (2.0, 3.0), Point(4.0, 5.0), {'a': 6.0}])
    // == ([1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
    //     PyTreeSpec([*, None, (*, *), Point(x=*, y=*), {'a': *}]))
    let t = python_list();
    let (leaves, def) = ivy::tree_flatten(&t);
    assert_eq!(leaves, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    assert_eq!(
        def.to_string(),
        "TreeDef([*, None, (*, *), Point { x: *, y: * }, {'a': *}])"
    );
    // Rebuilt: each variant chosen by the node it finds.
    let back: Vec<Item> = ivy::tree_unflatten(&def, leaves.iter().map(|x| x * 10.0)).unwrap();
    assert_eq!(back[0], Item::Leaf(10.0));
    assert_eq!(back[1], Item::Missing);
    assert_eq!(back[2], Item::Pair(20.0, 30.0));
    assert_eq!(back[3], Item::Point(Point { x: 40.0, y: 50.0 }));
    assert_eq!(
        back[4],
        Item::Map(BTreeMap::from([("a".to_string(), 60.0)]))
    );
    assert_eq!(ivy::tree_map(|x| x * 10.0, &t), back);
    // optree.tree_accessors(...) prints
    // ['*[0]', '*[2][0]', '*[2][1]', '*[3].x', '*[3].y', "*[4]['a']"]
    let accessors = ivy::tree_accessors(&t);
    let printed: Vec<String> = accessors.iter().map(ToString::to_string).collect();
    assert_eq!(
        printed,
        [
            "*[0]",
            "*[2][0]",
            "*[2][1]",
            "*[3].x",
            "*[3].y",
            "*[4]['a']"
        ]
    );
    // A structure no variant stands for is an error naming the place.
    let def = ivy::tree_structure(&vec![vec![1.0]]);
    let err = ivy::tree_unflatten::<Vec<Item>, f64>(&def, [1.0]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_unflatten: at tree[0]: expected a node that a variant of `Item` stands for, got a list of 1"
    );
}

#[test]
fn accessors_fetch_from_any_tree_of_the_shape() {
    // t = [1, {'a': 2, 'b': (3, None)}, OrderedDict([('y', 4), ('x', 5)])]
    // [str(a) for a in optree.tree_accessors(t)]
    // == ['*[0]', "*[1]['a']", "*[1]['b'][0]", "*[2]['y']", "*[2]['x']"]
    // repr(optree.tree_accessors(t)[1]) ==
    // "PyTreeAccessor(*[1]['a'], (SequenceEntry(index=1, type=<class 'list'>),
    //                             MappingEntry(key='a', type=<class 'dict'>)))"
    // optree.tree_accessors(t)[2]([10, {'a': 20, 'b': (30, None)}, ...]) == 30
    type T = (
        i32,
        BTreeMap<&'static str, (i32, Option<i32>)>,
        IndexMap<&'static str, i32>,
    );
    let t: T = (
        1,
        BTreeMap::from([("a", (2, None)), ("b", (3, None))]),
        IndexMap::from([("y", 4), ("x", 5)]),
    );
    let accessors = ivy::tree_accessors(&t);
    let printed: Vec<String> = accessors.iter().map(ToString::to_string).collect();
    assert_eq!(
        printed,
        [
            "*[0]",
            "*[1]['a'][0]",
            "*[1]['b'][0]",
            "*[2]['y']",
            "*[2]['x']"
        ]
    );
    assert_eq!(
        format!("{:?}", accessors[3]),
        "Accessor(*[2]['y'], (SequenceEntry(index=2, kind=Tuple), MappingEntry(key='y', kind=OrderedDict)))"
    );
    let other: T = (
        10,
        BTreeMap::from([("a", (20, None)), ("b", (30, None))]),
        IndexMap::from([("y", 40), ("x", 50)]),
    );
    let fetched: Vec<i32> = accessors.iter().map(|a| *a.get(&other).unwrap()).collect();
    assert_eq!(fetched, [10, 20, 30, 40, 50]);
    // An accessor reads keys, not positions: the same keys in another
    // order still answer (Python's tree['y'] does too).
    let reordered: T = (0, BTreeMap::new(), IndexMap::from([("x", 500), ("y", 400)]));
    assert_eq!(accessors[3].get(&reordered).unwrap(), &400);
    // optree.tree_accessors(t)[2]([1, [1, 2, 3]]) -> TypeError; here:
    let err = accessors[1].get(&(1, vec![1, 2, 3], 0)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Accessor::get: at tree[1]: no child ['a'] in a list of 3"
    );
    // The root accessor: str(optree.PyTreeAccessor()) == 'PyTreeAccessor(*, ())'
    assert_eq!(format!("{:?}", Accessor::root()), "Accessor(*, ())");
    // tree_map_with_accessor sees the same accessors.
    let named = ivy::tree_map_with_accessor(|a, x| (a.to_string(), *x), &t);
    assert_eq!(named.2["x"], ("*[2]['x']".to_string(), 5));
}

#[test]
fn flattened_index_keys_print_as_jax() {
    // repr/str of jax.tree_util.FlattenedIndexKey(3): 'FlattenedIndexKey(key=3)', '[<flat index 3>]'
    assert_eq!(KeyEntry::FlatIndex(3).to_string(), "[<flat index 3>]");
    // jax.tree_util.keystr((SequenceKey(0), DictKey(1.5), GetAttrKey('w'), FlattenedIndexKey(2)))
    // == '[0][1.5].w[<flat index 2>]'; with simple=True, separator='/': '0/1.5/w/2'
    let p = KeyPath::from(vec![
        KeyEntry::Index(0),
        KeyEntry::Key(Key::from(1.5)),
        KeyEntry::field("w"),
        KeyEntry::FlatIndex(2),
    ]);
    assert_eq!(p.keystr(), "[0][1.5].w[<flat index 2>]");
    assert_eq!(p.keystr_simple("/"), "0/1.5/w/2");
    // A flat index takes the k-th child of any node.
    use ivy::tree::AccessorEntry;
    let a = Accessor::new(vec![
        AccessorEntry::new(KeyEntry::FlatIndex(1), NodeKind::Record),
        AccessorEntry::new(KeyEntry::FlatIndex(0), NodeKind::Dict),
    ]);
    assert_eq!(a.to_string(), "*[<flat index 1>][<flat index 0>]");
    let t = Point { x: 1.0, y: 2.0 };
    let err = a.get(&t).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Accessor::get: at tree.y: no child [<flat index 0>] in a leaf"
    );
    let a = Accessor::new(vec![AccessorEntry::new(
        KeyEntry::FlatIndex(1),
        NodeKind::Record,
    )]);
    assert_eq!(a.get(&t).unwrap(), &2.0);
}

// ---------------------------------------------------------------------------
// Broadcasting, prefix mapping over many trees, none-as-leaf reductions
// ---------------------------------------------------------------------------

type Named<V> = BTreeMap<&'static str, V>;
type VecAndOption = (Vec<i32>, Option<i32>);

#[test]
fn broadcast_common_rows_from_optree() {
    // optree.tree_broadcast_common(1, [2, 3]) == ([1, 1], [2, 3])
    let (x, y): (Vec<i32>, Vec<i32>) = ivy::tree_broadcast_common(&1, &vec![2, 3]).unwrap();
    assert_eq!((x, y), (vec![1, 1], vec![2, 3]));
    // optree.tree_broadcast_common([1, 2], 3) == ([1, 2], [3, 3])
    let (x, y): (Vec<i32>, Vec<i32>) = ivy::tree_broadcast_common(&vec![1, 2], &3).unwrap();
    assert_eq!((x, y), (vec![1, 2], vec![3, 3]));
    // optree.tree_broadcast_common({'a': 1, 'b': [2, 3]}, {'a': [4, 5], 'b': 6})
    // == ({'a': [1, 1], 'b': [2, 3]}, {'a': [4, 5], 'b': [6, 6]})
    let a = BTreeMap::from([("a", Nest::Leaf(1)), ("b", ivy::nest!([2, 3]))]);
    let b = BTreeMap::from([("a", ivy::nest!([4, 5])), ("b", Nest::Leaf(6))]);
    let (x, y): (Named<Vec<i32>>, Named<Vec<i32>>) = ivy::tree_broadcast_common(&a, &b).unwrap();
    assert_eq!(x, BTreeMap::from([("a", vec![1, 1]), ("b", vec![2, 3])]));
    assert_eq!(y, BTreeMap::from([("a", vec![4, 5]), ("b", vec![6, 6])]));
    // optree.tree_broadcast_common((1, None), ([4, 5], 6))
    // == (([1, 1], None), ([4, 5], None))
    let (x, y): (VecAndOption, VecAndOption) =
        ivy::tree_broadcast_common(&(1, None::<i32>), &(vec![4, 5], 6)).unwrap();
    assert_eq!(x, (vec![1, 1], None));
    assert_eq!(y, (vec![4, 5], None));
    // optree.tree_broadcast_common(OrderedDict([('b', 1), ('a', 2)]), {'a': [3, 4], 'b': 5})
    // == (OrderedDict([('b', 1), ('a', [2, 2])]), {'a': [3, 4], 'b': 5})
    let od = IndexMap::from([("b", Nest::Leaf(1)), ("a", Nest::Leaf(2))]);
    let d = BTreeMap::from([("a", ivy::nest!([3, 4])), ("b", Nest::Leaf(5))]);
    let (x, y): (IndexMap<&str, Nest<i32>>, Named<Nest<i32>>) =
        ivy::tree_broadcast_common(&od, &d).unwrap();
    assert_eq!(
        x.into_iter().collect::<Vec<_>>(),
        [("b", Nest::Leaf(1)), ("a", ivy::nest!([2, 2]))]
    );
    assert_eq!(y, d);
    // optree.tree_broadcast_common((1, 2), [3, 4]) -> ValueError:
    // PyTreeSpecs have incompatible node types; expected type: tuple, got: list.
    let err = ivy::tree_broadcast_common::<_, _, Nest<i32>, Nest<i32>, _, _>(&(1, 2), &vec![3, 4])
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_broadcast_common: at tree: expected a tuple of 2, got a list of 2"
    );
    // optree.tree_broadcast_common({'a': 1}, {'b': 2}) -> ValueError: dictionary key mismatch
    let err = ivy::tree_broadcast_common::<_, _, Nest<i32>, Nest<i32>, _, _>(
        &BTreeMap::from([("a", 1)]),
        &BTreeMap::from([("b", 2)]),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_broadcast_common: at tree: dict key mismatch: expected keys ['a'], got ['b']; missing ['a']; extra ['b']"
    );
}

#[test]
fn map_up_to_over_many_trees_as_dm_tree() {
    // tree.map_structure_up_to((0, 0), lambda *xs: xs, (1, [2, 3]), ([4], 5), ((6,), 7))
    // passes each function call the three subtrees at a position.
    let a = (1, vec![2, 3]);
    let b = (vec![4], vec![5]);
    let c = (vec![6], vec![7]);
    let r = ivy::tree_map_up_to_n(
        |k: &usize, parts| {
            (
                *k,
                parts.iter().map(|s| s.leaves().len()).collect::<Vec<_>>(),
            )
        },
        &(0usize, 1usize),
        &[
            &Nest::from_tree(&a),
            &Nest::from_tree(&b),
            &Nest::from_tree(&c),
        ],
    )
    .unwrap();
    assert_eq!(r, ((0, vec![1, 1, 1]), (1, vec![2, 1, 1])));
    // Each full tree is checked, and the error says which disagreement.
    let err =
        ivy::tree_map_up_to_n(|_: &usize, _| 0, &(0usize, 1usize), &[&vec![1, 2]]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_map_up_to_n: at tree: expected a tuple of 2, got a list of 2"
    );
}

#[test]
fn reduce_all_any_with_none_as_leaf() {
    let truthy = |x: Option<&i32>| x.is_some_and(|v| *v != 0);
    // optree.tree_all([1, None]) -> True; with none_is_leaf=True -> False
    let t = vec![Some(1), None];
    assert!(ivy::tree_all_with(truthy, &t, FlattenConfig::DEFAULT));
    assert!(!ivy::tree_all_with(truthy, &t, FlattenConfig::NONE_IS_LEAF));
    // optree.tree_any([0, (None, 2)], none_is_leaf=True) -> True;
    // optree.tree_any([0, None], none_is_leaf=True) -> False
    assert!(ivy::tree_any_with(
        truthy,
        &(Some(0), (None::<i32>, Some(2))),
        FlattenConfig::NONE_IS_LEAF
    ));
    assert!(!ivy::tree_any_with(
        truthy,
        &vec![Some(0), None],
        FlattenConfig::NONE_IS_LEAF
    ));
    // optree.tree_all([None], none_is_leaf=True) -> False; optree.tree_all([None]) -> True
    assert!(!ivy::tree_all_with(
        truthy,
        &vec![None::<i32>],
        FlattenConfig::NONE_IS_LEAF
    ));
    assert!(ivy::tree_all_with(
        truthy,
        &vec![None::<i32>],
        FlattenConfig::DEFAULT
    ));
    // optree.tree_reduce(lambda a, x: a + (0 if x is None else x),
    //                    {'b': None, 'a': 3, 'c': [4, None]}, 10, none_is_leaf=True) == 17
    let t = BTreeMap::from([
        ("b", vec![None]),
        ("a", vec![Some(3)]),
        ("c", vec![Some(4), None]),
    ]);
    let mut seen = 0;
    let total = ivy::tree_reduce_with(
        |acc, x: Option<&i32>| {
            seen += 1;
            acc + x.copied().unwrap_or(0)
        },
        &t,
        10,
        FlattenConfig::NONE_IS_LEAF,
    );
    assert_eq!((total, seen), (17, 4));
}
