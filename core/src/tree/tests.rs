//! Unit tests of the tree module (integration tests are in `tests/tree*.rs`).

use super::*;
use crate::error::Error;
use crate::nest::Nest;
use indexmap::IndexMap;
use std::collections::{BTreeMap, HashMap, VecDeque};

#[derive(Tree, Debug, Clone, PartialEq)]
struct Linear<T> {
    w: T,
    b: T,
    #[tree(static)]
    act: &'static str,
}

#[derive(Tree, Debug, Clone, PartialEq)]
struct Pair(f64, Option<f64>);

#[derive(Tree, Debug, Clone, PartialEq)]
struct Marker;

#[derive(Tree, Debug, Clone, PartialEq)]
struct Empty {}

#[derive(Tree, Debug, Clone, PartialEq)]
enum Layer<T> {
    Dense { w: T, b: T },
    Scale(T, #[tree(static)] u8),
    Identity,
}

#[derive(Tree, Debug, Clone, PartialEq)]
enum Never {}

#[derive(Tree, Debug, Clone, Copy, PartialEq)]
#[tree(leaf)]
struct Meters(f64);

#[derive(Tree, Debug, Clone, PartialEq)]
struct Bounded<T: Clone + std::fmt::Debug>
where
    T: PartialEq,
{
    inner: Vec<T>,
}

fn s(x: &str) -> String {
    x.to_string()
}

#[test]
fn leaves_and_structure_of_std_types() {
    let x = (
        1.0,
        vec![2.0, 3.0],
        None::<f64>,
        [4.0],
        Some(5.0),
        Box::new(6.0),
    );
    let (leaves, def) = tree_flatten(&x);
    assert_eq!(leaves, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    assert_eq!(def.to_string(), "TreeDef((*, [*, *], None, [*], *, *))");
    assert_eq!(def.num_leaves(), 6);
    // tuple + leaf + list(2 leaves) + None + list(1 leaf) + 2 leaves
    assert_eq!(def.num_nodes(), 1 + 1 + 3 + 1 + 2 + 1 + 1);
    type Back = (f64, Vec<f64>, Option<f64>, [f64; 1], Option<f64>, Box<f64>);
    let back: Back = tree_unflatten(&def, leaves).unwrap();
    assert_eq!(back, x);
}

#[test]
fn tuple_printing_edge_cases() {
    assert_eq!(tree_structure::<_, f64>(&()).to_string(), "TreeDef(())");
    assert_eq!(tree_structure(&(1.0,)).to_string(), "TreeDef((*,))");
    assert_eq!(
        tree_structure(&Vec::<f64>::new()).to_string(),
        "TreeDef([])"
    );
    assert_eq!(
        tree_structure(&BTreeMap::<String, f64>::new()).to_string(),
        "TreeDef({})"
    );
    assert_eq!(tree_structure(&1.0).to_string(), "TreeDef(*)");
    assert_eq!(tree_structure(&None::<f64>).to_string(), "TreeDef(None)");
}

#[test]
fn twelve_tuple() {
    let t = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
    let (l, d) = tree_flatten(&t);
    assert_eq!(l, (1..=12).collect::<Vec<_>>());
    let back: (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) =
        tree_unflatten(&d, l).unwrap();
    assert_eq!(back, t);
}

#[test]
fn maps_traverse_sorted_and_index_map_in_insertion_order() {
    let mut im: IndexMap<String, i32> = IndexMap::new();
    im.insert(s("b"), 1);
    im.insert(s("c"), 2);
    im.insert(s("a"), 3);
    let (leaves, def) = tree_flatten(&im);
    assert_eq!(leaves, [1, 2, 3]);
    assert_eq!(
        def.to_string(),
        "TreeDef(OrderedDict({'b': *, 'c': *, 'a': *}))"
    );
    let back: IndexMap<String, i32> = tree_unflatten(&def, leaves).unwrap();
    let keys: Vec<&String> = back.keys().collect();
    assert_eq!(keys, ["b", "c", "a"]);
    assert_eq!(back, im);
    // A defaultdict traverses sorted and rebuilds in insertion order.
    let dd: DefaultDict<String, i32> = im.clone().into();
    let (leaves, ddef) = tree_flatten(&dd);
    assert_eq!(leaves, [3, 1, 2]);
    let back: DefaultDict<String, i32> = tree_unflatten(&ddef, leaves).unwrap();
    assert_eq!(back.keys().collect::<Vec<_>>(), ["b", "c", "a"]);
    // A sorted map's structure is a plain dict.
    let bm = BTreeMap::from([(s("a"), 0), (s("b"), 0), (s("c"), 0)]);
    let def = tree_structure(&bm);
    assert_eq!(def.to_string(), "TreeDef({'a': *, 'b': *, 'c': *})");
    let hm: HashMap<String, i32> = HashMap::from([(s("c"), 2), (s("a"), 3), (s("b"), 1)]);
    let (hl, hd) = tree_flatten(&hm);
    assert_eq!(hl, [3, 1, 2]);
    assert_eq!(hd, def);
    let back: HashMap<String, i32> = tree_unflatten(&hd, hl).unwrap();
    assert_eq!(back, hm);
}

#[test]
fn index_map_mapping_keeps_and_visits_insertion_order() {
    let mut im: IndexMap<&'static str, i32> = IndexMap::new();
    im.insert("z", 1);
    im.insert("a", 2);
    let mut order = Vec::new();
    let out = tree_map(
        |x| {
            order.push(*x);
            x * 10
        },
        &im,
    );
    assert_eq!(order, [1, 2]);
    assert_eq!(out.keys().copied().collect::<Vec<_>>(), ["z", "a"]);
    // DefaultDict visits sorted and keeps its order.
    let dd = DefaultDict::from(im.clone());
    let mut order = Vec::new();
    let out = tree_map(
        |x| {
            order.push(*x);
            x * 10
        },
        &dd,
    );
    assert_eq!(order, [2, 1]);
    assert_eq!(out.keys().copied().collect::<Vec<_>>(), ["z", "a"]);
    let mut seen = Vec::new();
    let mut dd = dd;
    tree_map_mut(|x: &mut i32| seen.push(*x), &mut dd);
    assert_eq!(seen, [2, 1]);
    assert_eq!(out["z"], 10);
}

#[test]
fn int_and_char_keys() {
    let m = BTreeMap::from([(10u32, 'x'), (2, 'y')]);
    let (l, d) = tree_flatten(&m);
    assert_eq!(l, ['y', 'x']);
    assert_eq!(d.to_string(), "TreeDef({2: *, 10: *})");
    let back: BTreeMap<u32, char> = tree_unflatten(&d, l).unwrap();
    assert_eq!(back, m);
    // Keys of another type are refused with the path.
    let err = tree_unflatten::<BTreeMap<String, char>, char>(&d, ['a', 'b']).unwrap_err();
    assert!(
        err.to_string().contains("key 2 is not a key of type"),
        "{err}"
    );
}

#[test]
fn derive_struct_flatten_print_rebuild() {
    let l = Linear {
        w: 1.0,
        b: 2.0,
        act: "relu",
    };
    let (leaves, def) = tree_flatten(&l);
    assert_eq!(leaves, [1.0, 2.0]);
    assert_eq!(
        def.to_string(),
        "TreeDef(Linear { w: *, b: *, static act: \"relu\" })"
    );
    assert_eq!(def.type_name().as_deref(), Some("Linear"));
    let back: Linear<f64> = tree_unflatten(&def, [3.0, 4.0]).unwrap();
    assert_eq!(
        back,
        Linear {
            w: 3.0,
            b: 4.0,
            act: "relu"
        }
    );
    // Static metadata is part of the structure.
    let other = Linear {
        w: 1.0,
        b: 2.0,
        act: "tanh",
    };
    assert_ne!(tree_structure(&other), def);
    let err = tree_map2(|a, b| a + b, &l, &other).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_map2: at tree: static field `act` of `Linear` differs: expected \"relu\", got \"tanh\""
    );
}

#[test]
fn derive_tuple_unit_and_empty_structs() {
    let p = Pair(1.0, None);
    let (l, d) = tree_flatten(&p);
    assert_eq!(l, [1.0]);
    assert_eq!(d.to_string(), "TreeDef(Pair(*, None))");
    assert_eq!(d.paths()[0].keystr(), ".0");
    let back: Pair = tree_unflatten(&d, [5.0]).unwrap();
    assert_eq!(back, Pair(5.0, None));
    assert_eq!(
        tree_structure::<_, f64>(&Marker).to_string(),
        "TreeDef(Marker)"
    );
    assert_eq!(
        tree_structure::<_, f64>(&Empty {}).to_string(),
        "TreeDef(Empty {})"
    );
    let m: Marker = tree_unflatten::<_, f64>(&tree_structure::<_, f64>(&Marker), []).unwrap();
    assert_eq!(m, Marker);
}

#[test]
fn derive_enum() {
    let layers: Vec<Layer<f64>> = vec![
        Layer::Dense { w: 1.0, b: 2.0 },
        Layer::Scale(3.0, 7),
        Layer::Identity,
    ];
    let (l, d) = tree_flatten(&layers);
    assert_eq!(l, [1.0, 2.0, 3.0]);
    assert_eq!(
        d.to_string(),
        "TreeDef([Layer::Dense { w: *, b: * }, Layer::Scale(*, static 7), Layer::Identity])"
    );
    let back: Vec<Layer<f64>> = tree_unflatten(&d, [4.0, 5.0, 6.0]).unwrap();
    assert_eq!(
        back,
        vec![
            Layer::Dense { w: 4.0, b: 5.0 },
            Layer::Scale(6.0, 7),
            Layer::Identity
        ]
    );
    let mapped = tree_map(|x| x.to_string(), &layers);
    let lin = tree_map(
        |x| x.to_string(),
        &Linear {
            w: 1.0f64,
            b: 2.0,
            act: "",
        },
    );
    assert_eq!(lin.w, "1");
    assert_eq!(mapped[1], Layer::Scale(s("3"), 7));
    // A variant mismatch names both.
    let d2 = tree_structure(&vec![
        Layer::Identity,
        Layer::Identity,
        Layer::Identity::<f64>,
    ]);
    let err = tree_map2(
        |a: &f64, b: &f64| a + b,
        &layers,
        &vec![Layer::Identity::<f64>, Layer::Identity, Layer::Identity],
    );
    assert_eq!(
        err.unwrap_err().to_string(),
        "tree_map2: at tree[0]: expected a `Layer::Dense`, got a `Layer::Identity`"
    );
    let err = tree_unflatten::<Vec<Layer<f64>>, f64>(&d2, []).map(|_| ());
    assert!(err.is_ok());
    let e: Option<Never> = None;
    assert_eq!(tree_structure::<_, f64>(&e).to_string(), "TreeDef(None)");
}

#[test]
fn derive_leaf_type() {
    let v = vec![Meters(1.0), Meters(2.5)];
    let (l, d) = tree_flatten(&v);
    assert_eq!(l, [Meters(1.0), Meters(2.5)]);
    assert_eq!(d.to_string(), "TreeDef([*, *])");
    let km: Vec<f64> = tree_map(|m: &Meters| m.0 / 1000.0, &v);
    assert_eq!(km, [0.001, 0.0025]);
}

#[test]
fn derive_generic_with_bounds_maps_type() {
    let b = Bounded { inner: vec![1, 2] };
    let out: Bounded<String> = tree_map(|x: &i32| x.to_string(), &b);
    assert_eq!(out.inner, [s("1"), s("2")]);
}

#[test]
fn map_changes_leaf_type_in_generic_records() {
    let model = BTreeMap::from([(
        "enc",
        Linear {
            w: 1.0,
            b: 0.5,
            act: "relu",
        },
    )]);
    let arrays = tree_map(|&x| crate::Array::scalar(x), &model);
    assert_eq!(arrays["enc"].w, crate::Array::scalar(1.0));
    assert_eq!(arrays["enc"].act, "relu");
    assert_eq!(tree_structure(&arrays), tree_structure(&model));
}

#[test]
fn unflatten_errors_name_the_path() {
    let def = tree_structure(&BTreeMap::from([("a", vec![(1.0, 2.0)])]));
    let err = tree_unflatten::<BTreeMap<&str, Vec<(f64, f64)>>, f64>(&def, [1.0]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_unflatten: at tree: expected 2 leaves, got 1"
    );
    let err = tree_unflatten::<BTreeMap<&str, Vec<[f64; 2]>>, f64>(&def, [1.0, 2.0]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_unflatten: at tree['a'][0]: expected a list of 2, got a tuple of 2"
    );
    let err =
        tree_unflatten::<BTreeMap<&str, Vec<(f64, f64, f64)>>, f64>(&def, [1.0, 2.0]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_unflatten: at tree['a'][0]: expected a tuple of 3, got a tuple of 2"
    );
    let err = tree_unflatten::<Linear<f64>, f64>(&def, [1.0, 2.0]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_unflatten: at tree: expected a `Linear`, got a dict with keys ['a']"
    );
    let err =
        tree_unflatten::<[f64; 3], f64>(&tree_structure(&vec![0.0; 2]), [1.0, 2.0]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_unflatten: at tree: expected a list of 3, got a list of 2"
    );
}

#[test]
fn errors_are_structure_errors_with_path_and_one_line() {
    let a = vec![BTreeMap::from([("x", vec![1.0, 2.0])])];
    let b = vec![BTreeMap::from([("x", vec![1.0])])];
    let err = tree_map2(|p, q| p + q, &a, &b).unwrap_err();
    match &err {
        Error::Structure { op, path, message } => {
            assert_eq!(op, "tree_map2");
            assert_eq!(path, "tree[0]['x']");
            assert_eq!(message, "list arity mismatch: expected 2 children, got 1");
            assert!(!message.contains('\n'));
        }
        other => panic!("unexpected error {other:?}"),
    }
}

#[test]
fn map2_leaf_against_subtree_is_an_error() {
    let err = tree_map2(
        |a: &f64, b: &f64| a + b,
        &(1.0, 2.0),
        &(1.0, vec![2.0, 3.0]),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_map2: at tree[1]: expected a leaf, got a list of 2"
    );
}

#[test]
fn prefix_and_flatten_up_to() {
    let full = (1.0, BTreeMap::from([("k1", 2.0), ("k2", 3.0)]));
    let prefix = tree_structure(&(0.0, 0.0));
    assert!(prefix.is_prefix_of(&tree_structure(&full)));
    assert!(tree_structure(&full).is_prefix_of(&tree_structure(&full)));
    assert!(!tree_structure(&full).is_prefix_of(&prefix));
    let parts = prefix.flatten_up_to(&full).unwrap();
    assert_eq!(parts.len(), 2);
    assert_eq!(parts[0].leaf(), Some(&1.0));
    assert_eq!(parts[1].leaves(), [2.0, 3.0]);
    assert_eq!(parts[1].def().to_string(), "TreeDef({'k1': *, 'k2': *})");
    let wrong_keys = tree_structure(&(0.0, BTreeMap::from([("k1", 0.0), ("k3", 0.0)])));
    let err = wrong_keys.flatten_up_to(&full).unwrap_err();
    assert_eq!(
        err.to_string(),
        "flatten_up_to: at tree[1]: dict key mismatch: expected keys ['k1', 'k3'], got ['k1', 'k2']; missing ['k3']; extra ['k2']"
    );
}

#[test]
fn children_compose_and_builders() {
    let def = tree_structure(&(1.0, vec![2.0, 3.0], None::<f64>));
    let kids = def.children();
    assert_eq!(kids.len(), 3);
    assert_eq!(kids[0], TreeDef::leaf());
    assert_eq!(kids[1], TreeDef::list([TreeDef::leaf(), TreeDef::leaf()]));
    assert_eq!(kids[2], TreeDef::none());
    assert_eq!(TreeDef::tuple(kids), def);
    let inner = tree_structure(&(0, 0));
    let outer = tree_structure(&[0, 0, 0]);
    let c = outer.compose(&inner);
    assert_eq!(c, tree_structure(&[(1, 2), (3, 4), (5, 6)]));
    assert_eq!(c.num_leaves(), 6);
    assert_eq!(c.num_nodes(), 1 + 3 * 3);
}

#[test]
fn eq_and_hash_agree() {
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};
    fn h(d: &TreeDef) -> u64 {
        let mut s = DefaultHasher::new();
        d.hash(&mut s);
        s.finish()
    }
    let a = tree_structure(&BTreeMap::from([("a", (1, 2))]));
    let mut im = HashMap::new();
    im.insert("a", (5, 6));
    let b = tree_structure(&im);
    let ordered = tree_structure(&IndexMap::from([("a", (5, 6))]));
    assert_ne!(a, ordered);
    assert_ne!(h(&a), h(&ordered));
    assert_eq!(a, b);
    assert_eq!(h(&a), h(&b));
    let mut set = std::collections::HashSet::new();
    set.insert(a.clone());
    assert!(set.contains(&b));
    assert!(!set.contains(&tree_structure(&BTreeMap::from([("b", (1, 2))]))));
}

#[test]
fn paths_keystr_and_key_chains() {
    let t = vec![BTreeMap::from([(
        "a",
        Linear {
            w: 1.0,
            b: 2.0,
            act: "x",
        },
    )])];
    let pairs = tree_leaves_with_path(&t);
    let ks: Vec<String> = pairs.iter().map(|(p, _)| p.keystr()).collect();
    assert_eq!(ks, ["[0]['a'].w", "[0]['a'].b"]);
    let kc: Vec<String> = pairs.iter().map(|(p, _)| p.key_chain()).collect();
    assert_eq!(kc, ["0/a/w", "0/a/b"]);
    assert_eq!(*pairs[1].1, 2.0);
    let (with_path, def) = tree_flatten_with_path(&t);
    assert_eq!(
        def.paths(),
        with_path.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>()
    );
    let mapped = tree_map_with_path(|p, x| format!("{}={x}", p.key_chain()), &t);
    assert_eq!(mapped[0]["a"].b, "0/a/b=2");
}

#[test]
fn broadcast_and_transpose() {
    let full = (vec![1.0, 2.0], BTreeMap::from([("a", 3.0)]));
    let b = tree_broadcast_prefix(&(10, 20), &full).unwrap();
    assert_eq!(b, (vec![10, 10], BTreeMap::from([("a", 20)])));
    // A leaf prefix broadcasts everywhere.
    let b = tree_broadcast_prefix(&7, &full).unwrap();
    assert_eq!(b, (vec![7, 7], BTreeMap::from([("a", 7)])));
    let err = tree_broadcast_prefix(&(1, 2), &(1.0, 2.0, 3.0)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_broadcast_prefix: at tree: tuple arity mismatch: expected 2 children, got 3"
    );
    // Transpose a list of dicts into a dict of lists.
    let rows = vec![
        BTreeMap::from([("x", 1), ("y", 2)]),
        BTreeMap::from([("x", 3), ("y", 4)]),
    ];
    let outer = tree_structure(&vec![0, 0]);
    let inner = tree_structure(&BTreeMap::from([("x", 0), ("y", 0)]));
    let cols: BTreeMap<&str, Vec<i32>> = tree_transpose(&outer, Some(&inner), &rows).unwrap();
    assert_eq!(cols, BTreeMap::from([("x", vec![1, 3]), ("y", vec![2, 4])]));
    let back: Vec<BTreeMap<&str, i32>> = tree_transpose(&inner, None, &cols).unwrap();
    assert_eq!(back, rows);
}

#[test]
fn reduce_all_any() {
    let t = (1, vec![2, 3], BTreeMap::from([("z", 4), ("a", 5)]));
    assert_eq!(tree_reduce(|acc, x| acc * 10 + x, &t, 0), 12354);
    assert!(tree_all(|x| *x > 0, &t));
    assert!(!tree_any(|x| *x > 5, &t));
    assert!(tree_any(|x| *x == 5, &t));
}

#[test]
fn map_n_and_map3_check_every_tree() {
    let a = vec![1, 2];
    let b = vec![10, 20];
    let c = vec![100];
    let err = tree_map_n(|x, r| x + r.iter().copied().sum::<i32>(), &a, &[&b, &c]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_map_n: at tree: list arity mismatch: expected 2 children, got 1"
    );
    let err = tree_map3(|x, y, z| x + y + z, &a, &b, &c).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_map3: at tree: list arity mismatch: expected 2 children, got 1"
    );
}

#[test]
fn is_leaf_cuts_and_none_is_leaf() {
    let t = vec![(1.0, 2.0), (3.0, 4.0)];
    let (parts, def) = tree_flatten_with(&t, FlattenConfig::DEFAULT, |p, _| p.len() == 1);
    assert_eq!(def.to_string(), "TreeDef([*, *])");
    assert_eq!(parts[1].leaves(), [3.0, 4.0]);
    let back: Vec<(f64, f64)> = tree_unflatten_with(&def, parts).unwrap();
    assert_eq!(back, t);
    // tree_map_with may reshape only into what the type can hold.
    let swapped = tree_map_with(
        |s| {
            let l = s.leaves().to_vec();
            Subtree::new(s.def().clone(), vec![l[1], l[0]]).unwrap()
        },
        &t,
        FlattenConfig::DEFAULT,
        |_, n| n.kind() == NodeKind::Tuple,
    )
    .unwrap();
    assert_eq!(swapped, [(2.0, 1.0), (4.0, 3.0)]);
    let err = tree_map_with(
        |_| Subtree::from_leaf(0.0),
        &t,
        FlattenConfig::DEFAULT,
        |_, n| n.kind() == NodeKind::Tuple,
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_map_with: at tree[0]: expected a tuple of 2, got a leaf"
    );
    // None as a leaf.
    let x = (None::<f64>, Some(1.0));
    let (parts, def) = tree_flatten_with(&x, FlattenConfig::NONE_IS_LEAF, never);
    assert!(def.none_is_leaf());
    assert_eq!(def.num_leaves(), 2);
    assert!(parts[0].is_none());
    // A none-is-leaf structure cannot be rebuilt from plain leaves.
    let err = tree_unflatten::<(Option<f64>, Option<f64>), f64>(&def, [1.0, 2.0]).unwrap_err();
    assert!(err.to_string().contains("tree_unflatten_with"), "{err}");
    let back: (Option<f64>, Option<f64>) = tree_unflatten_with(&def, parts).unwrap();
    assert_eq!(back, x);
}

#[test]
fn map_mut_in_place() {
    let mut layers = vec![Layer::Dense { w: 1.0, b: 2.0 }, Layer::Scale(3.0, 1)];
    tree_map_mut(|x: &mut f64| *x += 1.0, &mut layers);
    assert_eq!(
        layers,
        [Layer::Dense { w: 2.0, b: 3.0 }, Layer::Scale(4.0, 1)]
    );
}

#[test]
fn other_sequences() {
    let v: VecDeque<i32> = VecDeque::from([1, 2]);
    let b: Box<[i32]> = Box::from([3, 4]);
    let (l, d) = tree_flatten(&(v.clone(), b.clone()));
    assert_eq!(l, [1, 2, 3, 4]);
    let back: (VecDeque<i32>, Box<[i32]>) = tree_unflatten(&d, l).unwrap();
    assert_eq!(back, (v, b));
    assert_eq!(d.to_string(), "TreeDef((deque([*, *]), [*, *]))");
    assert_eq!(d.children()[0].kind(), NodeKind::Deque);
}

#[test]
fn serde_round_trip() {
    let t = (
        vec![1.0, 2.0],
        None::<f64>,
        BTreeMap::from([(s("b"), 1.0), (s("a"), 2.0)]),
        BTreeMap::from([(3i64, 0.0)]),
        Pair(1.0, Some(2.0)),
    );
    let def = tree_structure(&t);
    let json = serde_json::to_string(&def).unwrap();
    let back: TreeDef = serde_json::from_str(&json).unwrap();
    assert_eq!(back, def);
    assert_eq!(back.to_string(), def.to_string());
    // A deserialized structure rebuilds values.
    let (leaves, _) = tree_flatten(&t);
    type Rebuilt = (
        Vec<f64>,
        Option<f64>,
        BTreeMap<String, f64>,
        BTreeMap<i64, f64>,
        Pair,
    );
    let rebuilt: Rebuilt = tree_unflatten(&back, leaves).unwrap();
    assert_eq!(rebuilt, t);
    // IndexMap and DefaultDict order survive, and every node kind.
    let mut im = IndexMap::new();
    im.insert(s("z"), 1);
    im.insert(s("a"), 2);
    let dd = DefaultDict::from(im.clone());
    let t = (
        im,
        dd,
        VecDeque::from([3]),
        BTreeMap::from([(FloatKey::new(f64::NAN), 4), (FloatKey::new(-1.5), 5)]),
    );
    let (l, d) = tree_flatten(&t);
    let json = serde_json::to_string(&d).unwrap();
    let d2: TreeDef = serde_json::from_str(&json).unwrap();
    assert_eq!(d2, d);
    assert_eq!(d2.to_string(), d.to_string());
    type Back = (
        IndexMap<String, i32>,
        DefaultDict<String, i32>,
        VecDeque<i32>,
        BTreeMap<FloatKey, i32>,
    );
    let back: Back = tree_unflatten(&d2, l).unwrap();
    assert_eq!(back.0.keys().collect::<Vec<_>>(), ["z", "a"]);
    assert_eq!(back.1.keys().collect::<Vec<_>>(), ["z", "a"]);
    assert_eq!(back.3.keys().map(|k| k.get()).next(), Some(-1.5));
    assert!(json.contains(r#"{"float":"nan"}"#), "{json}");
}

#[test]
fn serde_statics_serialize_but_do_not_deserialize() {
    let def = tree_structure(&Linear {
        w: 1.0,
        b: 2.0,
        act: "relu",
    });
    let json = serde_json::to_string(&def).unwrap();
    assert!(json.contains("relu"), "{json}");
    let err = serde_json::from_str::<TreeDef>(&json).unwrap_err();
    assert!(
        err.to_string().contains("static field `act` of `Linear`"),
        "{err}"
    );
}

#[test]
fn serde_rejects_malformed() {
    for bad in [
        r#"{"nodes":[]}"#,
        r#"{"nodes":[{"kind":"list","arity":2},{"kind":"leaf"}]}"#,
        r#"{"nodes":[{"kind":"leaf"},{"kind":"leaf"}]}"#,
        r#"{"nodes":[{"kind":"list","arity":1000000000},{"kind":"leaf"}]}"#,
        r#"{"nodes":[{"kind":"dict","keys":[{"str":"a"}],"order":[3]},{"kind":"leaf"}]}"#,
    ] {
        assert!(serde_json::from_str::<TreeDef>(bad).is_err(), "{bad}");
    }
    let deep = format!(
        r#"{{"nodes":[{}{{"kind":"leaf"}}]}}"#,
        r#"{"kind":"list","arity":1},"#.repeat(2000)
    );
    assert!(serde_json::from_str::<TreeDef>(&deep).is_err());
}

#[test]
fn subtree_api() {
    let st = Subtree::from_tree(&(1, vec![2, 3]));
    assert_eq!(st.leaves(), [1, 2, 3]);
    assert!(!st.is_leaf());
    let (def, leaves) = st.clone().into_parts();
    assert_eq!(def.num_leaves(), leaves.len());
    let doubled: (i32, Vec<i32>) = st.map(|x| x * 2).unflatten().unwrap();
    assert_eq!(doubled, (2, vec![4, 6]));
}

#[test]
fn node_ref_sees_structure() {
    let t = BTreeMap::from([(
        "a",
        Linear {
            w: 1.0,
            b: 2.0,
            act: "x",
        },
    )]);
    let def = tree_structure(&t);
    let root = def.root_ref();
    assert_eq!(root.kind(), NodeKind::Dict);
    assert_eq!(root.keys(), [Key::from("a")]);
    let rec = root.children()[0];
    assert_eq!(rec.type_name().as_deref(), Some("Linear"));
    assert_eq!(rec.num_leaves(), 2);
    assert_eq!(
        format!("{rec:?}"),
        "Linear { w: *, b: *, static act: \"x\" }"
    );
}

#[test]
fn leaf_runs_are_invisible() {
    // Lists of leaves are stored without their leaf nodes; nothing public
    // may tell, however the list was built.
    let v = vec![1.0, 2.0, 3.0];
    let (leaves, def) = tree_flatten(&v);
    assert_eq!(leaves, [1.0, 2.0, 3.0]);
    assert_eq!((def.num_nodes(), def.num_leaves()), (4, 3));
    assert_eq!(def.to_string(), "TreeDef([*, *, *])");
    assert_eq!(def.children(), vec![TreeDef::leaf(); 3]);
    assert_eq!(def.child(2), Some(TreeDef::leaf()));
    assert_eq!(def.root_ref().children().len(), 3);
    let built = TreeDef::list([TreeDef::leaf(), TreeDef::leaf(), TreeDef::leaf()]);
    let deque = tree_structure(&VecDeque::from(vec![1.0, 2.0, 3.0]));
    let boxed = tree_structure(&vec![Box::new(1.0), Box::new(2.0), Box::new(3.0)]);
    let opts = tree_structure(&vec![Some(1.0), Some(2.0), Some(3.0)]);
    let arr = tree_structure(&[1.0, 2.0, 3.0]);
    let meters = tree_structure(&vec![Meters(1.0), Meters(2.0), Meters(3.0)]);
    let hash = |d: &TreeDef| {
        use std::hash::{BuildHasher, RandomState};
        static S: std::sync::OnceLock<RandomState> = std::sync::OnceLock::new();
        S.get_or_init(RandomState::new).hash_one(d)
    };
    assert_eq!(deque.to_string(), "TreeDef(deque([*, *, *]))");
    assert_ne!(def, deque);
    for other in [&built, &boxed, &opts, &arr] {
        assert_eq!(&def, other);
        assert_eq!(hash(&def), hash(other));
        assert_eq!(other.to_string(), "TreeDef([*, *, *])");
    }
    assert_eq!(meters.to_string(), "TreeDef([*, *, *])");
    assert_ne!(def, tree_structure(&vec![1.0, 2.0]));
    assert_ne!(def, tree_structure(&(1.0, 2.0, 3.0)));
    let nested = tree_structure(&vec![vec![1.0], vec![], vec![2.0, 3.0]]);
    assert_eq!(nested.to_string(), "TreeDef([[*], [], [*, *]])");
    assert_eq!(nested.num_nodes(), 1 + 2 + 1 + 3);
    let paths: Vec<String> = nested.paths().iter().map(|p| p.key_chain()).collect();
    assert_eq!(paths, ["0/0", "2/0", "2/1"]);
    assert_eq!(
        nested.compose(&def).num_nodes(),
        1 + (1 + 4) + 1 + (1 + 2 * 4)
    );
    assert!(
        TreeDef::list([TreeDef::leaf(), TreeDef::leaf()]).is_prefix_of(&nested.child(2).unwrap())
    );

    // Rebuilding reads runs leaf by leaf or at once, as the type asks.
    let back: Vec<f64> = tree_unflatten(&def, [4.0, 5.0, 6.0]).unwrap();
    assert_eq!(back, [4.0, 5.0, 6.0]);
    let back: Vec<Option<f64>> = tree_unflatten(&def, [4.0, 5.0, 6.0]).unwrap();
    assert_eq!(back, [Some(4.0), Some(5.0), Some(6.0)]);
    let back: VecDeque<f64> = tree_unflatten(&deque, [4.0, 5.0, 6.0]).unwrap();
    assert_eq!(back, [4.0, 5.0, 6.0]);
    let back: [f64; 3] = tree_unflatten(&def, [4.0, 5.0, 6.0]).unwrap();
    assert_eq!(back, [4.0, 5.0, 6.0]);
    let back: Vec<Meters> = tree_unflatten(&def, [4.0, 5.0, 6.0].map(Meters)).unwrap();
    assert_eq!(back, [Meters(4.0), Meters(5.0), Meters(6.0)]);
    let back: Vec<Vec<f64>> = tree_unflatten(&nested, [7.0, 8.0, 9.0]).unwrap();
    assert_eq!(back, vec![vec![7.0], vec![], vec![8.0, 9.0]]);

    // Errors name the same nodes and paths as without runs.
    let err = tree_unflatten::<Vec<(f64,)>, f64>(&def, [1.0, 2.0, 3.0]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_unflatten: at tree[0]: expected a tuple of 1, got a leaf"
    );
    let err = tree_unflatten::<[f64; 2], f64>(&def, [1.0, 2.0, 3.0]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_unflatten: at tree: expected a list of 2, got a list of 3"
    );
    let err = tree_unflatten::<Vec<Vec<f64>>, f64>(&def, [1.0, 2.0, 3.0]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_unflatten: at tree[0]: expected a list, got a leaf"
    );
    let mixed = tree_structure(&vec![Some(1.0), None]);
    let err = tree_unflatten::<Vec<f64>, f64>(&mixed, [1.0]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_unflatten: at tree[1]: expected a leaf, got None"
    );
    let err = tree_unflatten::<(f64, f64, f64, f64), f64>(&def, [1.0, 2.0, 3.0]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tree_unflatten: at tree: expected a tuple of 4, got a list of 3"
    );

    // Serde sees every node.
    let json = serde_json::to_string(&def).unwrap();
    assert_eq!(
        json,
        r#"{"nodes":[{"kind":"list","arity":3},{"kind":"leaf"},{"kind":"leaf"},{"kind":"leaf"}],"none_is_leaf":false}"#
    );
    let de: TreeDef = serde_json::from_str(&json).unwrap();
    assert_eq!(de, def);
}

#[test]
fn float_key_order_equality_hash_and_text() {
    use std::collections::HashSet;
    let mut keys: Vec<FloatKey> = [f64::NAN, 1.0, f64::NEG_INFINITY, -0.0, 0.5, f64::INFINITY]
        .into_iter()
        .map(FloatKey::new)
        .collect();
    keys.sort();
    let text: Vec<String> = keys.iter().map(|k| k.to_string()).collect();
    assert_eq!(text, ["-inf", "-0.0", "0.5", "1.0", "inf", "nan"]);
    // -0.0 and 0.0 are one key; NaNs are one key; hashing agrees.
    let set: HashSet<FloatKey> = [0.0, -0.0, f64::NAN, -f64::NAN]
        .into_iter()
        .map(FloatKey::new)
        .collect();
    assert_eq!(set.len(), 2);
    // Python's repr, against values printed by CPython 3.11.
    for (x, py) in [
        (1e-5, "1e-05"),
        (1.5e-7, "1.5e-07"),
        (1e16, "1e+16"),
        (1e15, "1000000000000000.0"),
        (1.2345678901234568e18, "1.2345678901234568e+18"),
        (0.0001, "0.0001"),
        (-2.0, "-2.0"),
        (1e300, "1e+300"),
        (5e-324, "5e-324"),
    ] {
        assert_eq!(FloatKey::new(x).to_string(), py);
    }
    assert_eq!(FloatKey::from(0.1f32).get(), f64::from(0.1f32));
    assert_eq!(f64::from(FloatKey::new(2.0)), 2.0);
    assert_eq!(format!("{:?}", FloatKey::new(2.0)), "FloatKey(2.0)");
    // A f32 map key: the f64 value of the f32.
    assert_eq!(FloatKey::from(1.5f32).to_key(), Key::from(1.5));
    assert_eq!(Key::from(2.5).chain_segment(), "2.5");
}

#[test]
fn key_typed_maps_round_trip() {
    let m = BTreeMap::from([
        (Key::Int(1), 1.0),
        (Key::from("a"), 2.0),
        (Key::from(0.5), 3.0),
    ]);
    let (l, d) = tree_flatten(&m);
    assert_eq!(l, [3.0, 1.0, 2.0]);
    let back: BTreeMap<Key, f64> = tree_unflatten(&d, l).unwrap();
    assert_eq!(back, m);
}

#[test]
fn multi_tree_functions_match_maps_by_key() {
    let od = IndexMap::from([("b", vec![1, 2]), ("a", vec![3])]);
    let d = BTreeMap::from([("a", vec![30]), ("b", vec![10, 20])]);
    // map_n, map_up_to and broadcast_prefix all pair by key.
    let r = tree_map_n(|x, rest| x + rest[0], &od, &[&d]).unwrap();
    assert_eq!(r["b"], [11, 22]);
    assert_eq!(r["a"], [33]);
    let prefix = IndexMap::from([("b", 100), ("a", 200)]);
    let r = tree_map_up_to(
        |p, sub| p + sub.leaves().iter().copied().sum::<i32>(),
        &prefix,
        &d,
    )
    .unwrap();
    assert_eq!(r.into_iter().collect::<Vec<_>>(), [("b", 130), ("a", 230)]);
    let r = tree_broadcast_prefix(&prefix, &d).unwrap();
    assert_eq!(r, BTreeMap::from([("a", vec![200]), ("b", vec![100, 100])]));
    let parts = tree_map_up_to_n(
        |p: &i32, subs| {
            (
                *p,
                subs.iter().map(|s| s.leaves().len()).collect::<Vec<_>>(),
            )
        },
        &prefix,
        &[&d, &d],
    )
    .unwrap();
    assert_eq!(parts["a"], (200, vec![1, 1]));
    // A deeper second tree is still an error in tree_map2.
    let err = tree_map2(|x: &i32, y: &i32| x + y, &prefix, &d).unwrap_err();
    assert!(
        err.to_string().contains("expected a leaf, got a list of 2"),
        "{err}"
    );
    // Transpose pairs by key too.
    let outer = tree_structure(&vec![0, 0]);
    let t = vec![
        IndexMap::from([("x", 1), ("y", 2)]),
        IndexMap::from([("y", 4), ("x", 3)]),
    ];
    let inner = tree_structure(&IndexMap::from([("x", 0), ("y", 0)]));
    let r: IndexMap<&str, Vec<i32>> = tree_transpose(&outer, Some(&inner), &t).unwrap();
    assert_eq!(r["x"], [1, 3]);
    assert_eq!(r["y"], [2, 4]);
}

#[test]
fn derive_untagged_and_transparent() {
    #[derive(Tree, Debug, Clone, PartialEq)]
    #[tree(untagged)]
    enum Value<T> {
        Nothing,
        One(T),
        Many(Vec<T>),
        Two(T, T),
        Scaled {
            x: T,
            #[tree(static)]
            by: u8,
        },
    }
    #[derive(Tree, Debug, Clone, PartialEq)]
    #[tree(transparent)]
    struct Params<T>(BTreeMap<&'static str, T>);

    let v = vec![
        Value::One(1.0),
        Value::Nothing,
        Value::Many(vec![2.0, 3.0]),
        Value::Two(4.0, 5.0),
        Value::Scaled { x: 6.0, by: 2 },
    ];
    let (l, d) = tree_flatten(&v);
    assert_eq!(l, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    assert_eq!(
        d.to_string(),
        "TreeDef([*, None, [*, *], (*, *), Value::Scaled { x: *, static by: 2 }])"
    );
    let back: Vec<Value<f64>> = tree_unflatten(&d, l.clone()).unwrap();
    assert_eq!(back, v);
    let mapped: Vec<Value<String>> = tree_map(|x: &f64| x.to_string(), &v);
    assert_eq!(mapped[3], Value::Two("4".to_string(), "5".to_string()));
    let paths: Vec<String> = d.paths().iter().map(|p| p.keystr()).collect();
    assert_eq!(
        paths,
        ["[0]", "[2][0]", "[2][1]", "[3][0]", "[3][1]", "[4].x"]
    );
    // Through a nest and back (a nest holds no records: the last item goes).
    let n = crate::nest::Nest::from_tree(&v[..4].to_vec());
    let back: Vec<Value<f64>> = n.into_tree().unwrap();
    assert_eq!(back, v[..4]);
    // Transparent: the struct is its field.
    let p = Params(BTreeMap::from([("w", 1.0)]));
    let d = tree_structure(&p);
    assert_eq!(d.to_string(), "TreeDef({'w': *})");
    assert_eq!(d, tree_structure(&p.0));
    let back: Params<f64> = tree_unflatten(&d, [2.0]).unwrap();
    assert_eq!(back.0["w"], 2.0);
    // accepts answers by content.
    use super::Peek;
    assert!(<Value<f64> as Tree<f64>>::accepts(&Peek::new(
        NodeKind::None,
        0
    )));
    assert!(<Value<f64> as Tree<f64>>::accepts(&Peek::new(
        NodeKind::Tuple,
        2
    )));
    assert!(!<Value<f64> as Tree<f64>>::accepts(&Peek::new(
        NodeKind::Tuple,
        3
    )));
    assert!(!<Value<f64> as Tree<f64>>::accepts(&Peek::new(
        NodeKind::Dict,
        1
    )));
    assert!(<Params<f64> as Tree<f64>>::accepts(&Peek::new(
        NodeKind::Dict,
        1
    )));
    assert!(<Linear<f64> as Tree<f64>>::accepts(&Peek::of_node(
        &tree_structure(&Linear {
            w: 1.0,
            b: 1.0,
            act: "r"
        })
        .nodes()[0]
    )));
    assert!(!<Linear<f64> as Tree<f64>>::accepts(&Peek::new(
        NodeKind::Record,
        2
    )));
}

#[test]
fn accessor_paths_and_errors() {
    let t = (
        1.0,
        vec![Linear {
            w: 2.0,
            b: 3.0,
            act: "relu",
        }],
        None::<f64>,
    );
    let def = tree_structure(&t);
    let acc = def.accessors();
    let printed: Vec<String> = acc.iter().map(|a| a.to_string()).collect();
    assert_eq!(printed, ["*[0]", "*[1][0].w", "*[1][0].b"]);
    assert_eq!(acc[2].path(), def.paths()[2]);
    assert_eq!(acc[2].leaf_index(&def, "t").unwrap(), 2);
    assert_eq!(
        format!("{:?}", acc[1].entries()[2]),
        "GetAttrEntry(name='w', kind=Record)"
    );
    // A path that ends at a node.
    let short = Accessor::new(acc[1].entries()[..1].to_vec());
    let err = short.get(&t).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Accessor::get: at tree[1]: the path ends at a list of 1, not at a leaf"
    );
    // with_mut changes one leaf.
    let mut t2 = t.clone();
    acc[2].with_mut(&mut t2, |b| *b = 30.0).unwrap();
    assert_eq!(t2.1[0].b, 30.0);
    assert!(short.with_mut(&mut t2, |_| ()).is_err());
    // Accessors are values: equal, hashable, one per leaf.
    let set: std::collections::HashSet<Accessor> = acc.iter().cloned().collect();
    assert_eq!(set.len(), 3);
    let (pairs, _) = tree_flatten_with_accessor(&t);
    assert_eq!(pairs.iter().map(|p| p.0.clone()).collect::<Vec<_>>(), acc);
}

#[test]
fn broadcast_common_laws() {
    // Broadcasting a tree with itself changes nothing; with a leaf, repeats
    // the leaf over the tree.
    let t = (vec![1, 2], BTreeMap::from([("a", (3, None::<i32>))]));
    let (x, y): (Nest<i32>, Nest<i32>) = tree_broadcast_common(&t, &t).unwrap();
    assert_eq!(x, Nest::from_tree(&t));
    assert_eq!(y, x);
    let (x, y): (Nest<i32>, Nest<i32>) = tree_broadcast_common(&7, &t).unwrap();
    assert_eq!(tree_structure(&x), tree_structure(&t));
    assert!(tree_all(|v| *v == 7, &x));
    assert_eq!(y, Nest::from_tree(&t));
}
