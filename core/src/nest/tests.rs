//! Unit tests of the nest module: Ivy's verified examples (reference/ivy.md
//! section b and the docstrings of `nest.py`), plus errors and conversions.

use super::*;
use crate::error::Error;
use crate::nest_index as ix;
use crate::tree::Tree;
use indexmap::IndexMap;
use std::collections::BTreeMap;

type N = Nest<i64>;

fn dbg<T: std::fmt::Debug>(x: &T) -> String {
    format!("{x:?}")
}

#[test]
fn macro_forms() {
    let n: N = crate::nest!({"a": [1, (2,), ()], "b": {}, "c": None, "d": -3});
    assert_eq!(dbg(&n), "{'a': [1, (2,), ()], 'b': {}, 'c': None, 'd': -3}");
    let k = 7;
    let m: N = crate::nest!({1: k, "x": [k + 1, None]});
    assert_eq!(dbg(&m), "{'1': 7, 'x': [8, None]}");
}

#[test]
fn index_nest_examples() {
    let x: Nest<i64> = crate::nest!((1, 2));
    assert_eq!(index_nest(&x, &ix![0]).unwrap(), &crate::nest!(1));
    let x: N = crate::nest!({"a": 0, "b": [1, [2, 3]], "c": (4, 5)});
    assert_eq!(dbg(index_nest(&x, &ix!["b", 1]).unwrap()), "[2, 3]");
    // The empty index is the nest itself.
    assert_eq!(index_nest(&x, &ix![]).unwrap(), &x);
    let err = index_nest(&x, &ix!["z"]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "index_nest: at nest: no key 'z' in a dict with keys ['a', 'b', 'c']"
    );
    let err = index_nest(&x, &ix!["a", 0]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "index_nest: at nest['a']: a leaf cannot be indexed"
    );
    let err = index_nest(&x, &ix!["b", "k"]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "index_nest: at nest['b']: a list of 2 cannot be indexed by the key 'k'"
    );
}

#[test]
fn multi_index_examples() {
    let x: Nest<&str> = crate::nest!([["a", "b", "c"], ["d", "e", "f"], ["g", ["h", "i"]]]);
    let got = multi_index_nest(&x, &[ix![2, 1, 0], ix![0, 1]]).unwrap();
    assert_eq!(dbg(&got), r#"["h", "b"]"#);
}

#[test]
fn prune_examples() {
    let mut x: N = crate::nest!({"a": [1, 2, 3], "b": 4});
    prune_nest_at_indices(&mut x, &[ix!["a", 0], ix!["a", 2], ix!["b"]]).unwrap();
    assert_eq!(dbg(&x), "{'a': [2]}");
    // Positions of two digits are deleted in the right order.
    let mut y: N = Nest::List((0..12).map(Nest::Leaf).collect());
    prune_nest_at_indices(&mut y, &[ix![2], ix![10]]).unwrap();
    let left: Vec<i64> = y.into_tree().unwrap();
    assert_eq!(left, [0, 1, 3, 4, 5, 6, 7, 8, 9, 11]);
    let mut t: N = crate::nest!((1, 2));
    let err = prune_nest_at_index(&mut t, &ix![0]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "prune_nest_at_index: at nest: a tuple does not support item deletion"
    );
    assert!(prune_nest_at_index(&mut t, &ix![]).is_err());
}

#[test]
fn set_examples() {
    // Ivy, verified: {'a':(1,2)} at ('a',1) with 9, shallow: result and original both change.
    let mut x: N = crate::nest!({"a": (1, 2)});
    set_nest_at_index_mut(&mut x, &ix!["a", 1], crate::nest!(9)).unwrap();
    assert_eq!(dbg(&x), "{'a': (1, 9)}");
    // A root tuple (1,[2,3]) at (0,): returns (7,[2,3]); the original is unchanged.
    let t: N = crate::nest!((1, [2, 3]));
    let r = set_nest_at_index(&t, &ix![0], crate::nest!(7)).unwrap();
    assert_eq!(dbg(&r), "(7, [2, 3])");
    assert_eq!(dbg(&t), "(1, [2, 3])");
    // Docstring: {1: [1, [2, 3]], 2: (4, 5)} at (1, 1) with 2.
    let mut d: N = crate::nest!({1: [1, [2, 3]], 2: (4, 5)});
    set_nest_at_index_mut(&mut d, &ix![1, 1], crate::nest!(2)).unwrap();
    assert_eq!(dbg(&d), "{'1': [1, 2], '2': (4, 5)}");
    // set_nest_at_indices docstring.
    let mut l: Nest<String> = crate::nest!([
        ["1".to_string(), "2".to_string(), "3".to_string()],
        ["a".to_string(), "b".to_string()]
    ]);
    set_nest_at_indices_mut(
        &mut l,
        &[ix![0, 2], ix![1, 1]],
        [
            crate::nest!("111".to_string()),
            crate::nest!("x".to_string()),
        ],
    )
    .unwrap();
    assert_eq!(dbg(&l), r#"[["1", "2", "111"], ["a", "x"]]"#);
    let err = set_nest_at_index(&t, &ix![1, 5], crate::nest!(0)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "set_nest_at_index: at nest[1]: index 5 is out of range for a sequence of 2"
    );
}

#[test]
fn insert_examples() {
    let mut x: N = crate::nest!([[1, 2], [3, 4]]);
    insert_into_nest_at_index(&mut x, &ix![1, 1], crate::nest!(99)).unwrap();
    assert_eq!(dbg(&x), "[[1, 2], [3, 99, 4]]");
    // Past the end appends; negative counts from the end, as list.insert.
    let mut y: N = crate::nest!([1, 2]);
    insert_into_nest_at_index(&mut y, &ix![10], crate::nest!(3)).unwrap();
    insert_into_nest_at_index(&mut y, &ix![-1], crate::nest!(0)).unwrap();
    assert_eq!(dbg(&y), "[1, 2, 0, 3]");
    let mut t: N = crate::nest!((1,));
    assert!(insert_into_nest_at_index(&mut t, &ix![0], crate::nest!(0)).is_err());
}

#[test]
fn map_at_index_examples() {
    let x: N = crate::nest!({1: [1, [2, 3]], 2: (4, 5)});
    let y = map_nest_at_index(&x, &ix![1, 1], |_| crate::nest!(2)).unwrap();
    assert_eq!(dbg(&y), "{'1': [1, 2], '2': (4, 5)}");
    assert_ne!(x, y);
    let mut z: Nest<String> = crate::nest!([
        ["a".to_string(), "c".to_string(), "e".to_string()],
        ["m".to_string(), "t".to_string()]
    ]);
    map_nest_at_indices_mut(&mut z, &[ix![0, 1], ix![1, 1]], |n| match n {
        Nest::Leaf(s) => Nest::Leaf(format!("{s}b")),
        o => o.clone(),
    })
    .unwrap();
    assert_eq!(dbg(&z), r#"[["a", "cb", "e"], ["m", "tb"]]"#);
}

#[test]
fn argwhere_examples() {
    // Docstring: all leaves of a list nest where abs(x) holds (non-zero).
    let x: Nest<f64> = crate::nest!([[[1., -2., 3.], 19.], [[9., -36., 80.], -10.19]]);
    let got = nested_argwhere(&x, |n| n.leaf().is_some_and(|v| *v != 0.), false, None);
    assert_eq!(
        dbg(&got),
        "[[0, 0, 0], [0, 0, 1], [0, 0, 2], [0, 1], [1, 0, 0], [1, 0, 1], [1, 0, 2], [1, 1]]"
    );
    // check_nests appends a nest after its children.
    let y: N = crate::nest!({"a": [1, 2], "b": 3});
    let got = nested_argwhere(&y, |n| n.is_nest() || n.leaf() == Some(&2), true, None);
    assert_eq!(dbg(&got), "[['a', 1], ['a']]");
    // A bare leaf.
    let five: N = crate::nest!(5);
    assert_eq!(dbg(&nested_argwhere(&five, |_| true, false, None)), "[[]]");
    assert!(nested_argwhere(&five, |_| false, false, None).is_empty());
    // None is a leaf for f.
    let z: N = crate::nest!([None, 1]);
    assert_eq!(
        dbg(&nested_argwhere(&z, Nest::is_none, false, None)),
        "[[0]]"
    );
}

#[test]
fn all_nested_indices_examples() {
    let x: Nest<f64> = crate::nest!({"a": 2., "b": [6., [15., 9.]], "c": (7., 56.)});
    assert_eq!(
        dbg(&all_nested_indices(&x, false)),
        "[['a'], ['b', 0], ['b', 1, 0], ['b', 1, 1], ['c', 0], ['c', 1]]"
    );
}

#[test]
fn nested_map_examples() {
    let x: Nest<f64> = crate::nest!([[1., 2.], [3., 4.]]);
    assert_eq!(
        nested_map(&x, |a| a * 2.),
        crate::nest!([[2., 4.], [6., 8.]])
    );
    let mut x = x;
    nested_map_mut(&mut x, |a| *a *= 2.);
    assert_eq!(x, crate::nest!([[2., 4.], [6., 8.]]));
    let n: N = crate::nest!(([1, 2], [3, 4], [5, 6], {"a": 1, "b": 2, "c": 3}));
    assert_eq!(
        dbg(&nested_map(&n, |a| a * 2)),
        "([2, 4], [6, 8], [10, 12], {'a': 2, 'b': 4, 'c': 6})"
    );
}

#[test]
fn multi_map_examples() {
    let a: N = crate::nest!([[1, {"a": 2}], [10, {"a": 20}]]);
    // Ivy verified: xs[0] + xs[1] over the two halves.
    let (x, y) = match a {
        Nest::List(v) => (v[0].clone(), v[1].clone()),
        _ => unreachable!(),
    };
    assert_eq!(
        dbg(&nested_multi_map(|xs, _| xs[0] + xs[1], &[x.clone(), y]).unwrap()),
        "[11, {'a': 22}]"
    );
    assert_eq!(
        dbg(&nested_multi_map(|xs, _| xs[0] + xs[1], &[x.clone(), crate::nest!(100)]).unwrap()),
        "[101, {'a': 102}]"
    );
    // Key chains.
    let mut chains = Vec::new();
    nested_multi_map(
        |xs, c| {
            chains.push(c.to_string());
            *xs[0]
        },
        std::slice::from_ref(&x),
    )
    .unwrap();
    assert_eq!(chains, ["0", "1/a"]);
    // index_chains: unapplied leaves dropped (Ivy's verified quirk).
    let opts = MultiMapOptions {
        index_chains: Some(vec!["1/a".into()]),
        ..MultiMapOptions::new()
    };
    assert_eq!(
        dbg(&nested_multi_map_with(|_, _| 0, std::slice::from_ref(&x), &opts).unwrap()),
        "Some([{'a': 0}])"
    );
    // to_apply = false skips the listed chains.
    let opts = MultiMapOptions {
        index_chains: Some(vec!["1".into()]),
        to_apply: false,
        prune_unapplied: true,
    };
    assert_eq!(
        dbg(&nested_multi_map_with(|xs, _| xs[0] * 7, std::slice::from_ref(&x), &opts).unwrap()),
        "Some([7])"
    );
    // Everything pruned.
    let opts = MultiMapOptions {
        index_chains: Some(vec!["9".into()]),
        to_apply: true,
        prune_unapplied: true,
    };
    assert_eq!(
        nested_multi_map_with(|xs, _| *xs[0], std::slice::from_ref(&x), &opts).unwrap(),
        None
    );
    // Mismatched nests name the place.
    let short: N = crate::nest!([1]);
    let err = nested_multi_map(|xs, _| xs[0] + xs[1], &[x, short]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "nested_multi_map: at nest: a nest has no element '1'"
    );
    assert!(nested_multi_map(|xs: &[&i64], _| *xs[0], &[]).is_err());
}

#[test]
fn any_and_copy() {
    let x: N = crate::nest!([1, [2, None]]);
    assert!(nested_any(&x, Nest::is_none, false));
    assert!(!nested_any(&x, |n| n.leaf() == Some(&5), false));
    assert!(nested_any(&x, |n| n.len() == 2, true));
    let c = copy_nest(&x, false);
    assert_eq!(c, x);
}

#[test]
fn duplicates_by_identity() {
    let x = crate::Array::from_vec(vec![1i32, 2]);
    let same_values = crate::Array::from_vec(vec![1i32, 2]);
    let n: Nest = crate::nest!([x.clone(), same_values, {"k": x}]);
    assert_eq!(
        dbg(&duplicate_array_index_chains(&n)),
        "[[[0], [2, 'k']], [[1]]]"
    );
}

#[test]
fn prune_empty_examples() {
    let x: N = crate::nest!({"a": [{}, {}], "b": {"c": [1], "d": []}});
    assert_eq!(dbg(&prune_empty(&x)), "Some({'b': {'c': [1]}})");
    let y: N = crate::nest!([[], {}]);
    assert_eq!(prune_empty(&y), None);
    let z: N = crate::nest!({"a": None, "b": 0});
    assert_eq!(dbg(&prune_empty(&z)), "Some({'b': 0})");
    // In place; the input is left as None when nothing remains.
    let mut w: N = crate::nest!([None, ()]);
    assert!(!prune_empty_mut(&mut w));
    assert_eq!(w, Nest::None);
}

#[test]
fn ivy_map_examples() {
    let unique = IndexMap::from([("x".to_string(), vec![1.0, 2.0, 3.0])]);
    assert_eq!(
        map(|kw| kw["x"] * kw["x"], &IndexMap::new(), &unique).unwrap(),
        [1.0, 4.0, 9.0]
    );
    // reference: map(lambda a,b: a+b, {'a':10}, {'b':[1,2,3]}) -> [11,12,13], mean 12.0
    let c = IndexMap::from([("a".to_string(), 10.0)]);
    let u = IndexMap::from([("b".to_string(), vec![1.0, 2.0, 3.0])]);
    assert_eq!(
        map(|kw| kw["a"] + kw["b"], &c, &u).unwrap(),
        [11.0, 12.0, 13.0]
    );
    assert_eq!(map_mean(|kw| kw["a"] + kw["b"], &c, &u).unwrap(), 12.0);
    let clash = IndexMap::from([("a".to_string(), vec![1.0])]);
    assert!(matches!(
        map(|kw| kw["a"], &c, &clash),
        Err(Error::InvalidArgument { .. })
    ));
    // zip stops at the shortest list.
    let two = IndexMap::from([
        ("p".to_string(), vec![1.0, 2.0]),
        ("q".to_string(), vec![5.0]),
    ]);
    assert_eq!(
        map(|kw| kw["p"] + kw["q"], &IndexMap::new(), &two).unwrap(),
        [6.0]
    );
}

#[derive(crate::Tree, Debug, Clone, PartialEq)]
struct Layer<T> {
    w: Vec<T>,
    b: Option<T>,
}

#[derive(crate::Tree, Debug, Clone, PartialEq)]
enum Act<T> {
    Relu,
    Scaled(T),
    Gated { gate: T },
}

#[test]
fn typed_trees_round_trip_through_nests() {
    let t = (
        vec![
            Layer {
                w: vec![1.0, 2.0],
                b: None,
            },
            Layer {
                w: vec![],
                b: Some(3.0),
            },
        ],
        BTreeMap::from([
            (1u8, Act::Scaled(4.0)),
            (2, Act::Relu),
            (3, Act::Gated { gate: 5.0 }),
        ]),
    );
    let n = Nest::from_tree(&t);
    assert_eq!(
        dbg(&n),
        "([{'w': [1.0, 2.0], 'b': None}, {'w': [], 'b': 3.0}], \
         {'1': {'Scaled': (4.0,)}, '2': {'Relu': ()}, '3': {'Gated': {'gate': 5.0}}})"
    );
    let back: (Vec<Layer<f64>>, BTreeMap<u8, Act<f64>>) = n.clone().into_tree().unwrap();
    assert_eq!(back, t);
    // The Nest is itself a tree with the same leaves.
    assert_eq!(crate::tree_leaves(&n), crate::tree_leaves(&t));
    // Errors say where.
    let bad: Nest<f64> = crate::nest!([{"w": [1.0], "x": None}]);
    let err = bad.into_tree::<Vec<Layer<f64>>>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "Nest::into_tree: at nest[0]: missing field `b` of `Layer`"
    );
    let bad: Nest<f64> = crate::nest!([{"w": [1.0], "b": None, "c": 1.0}]);
    let err = bad.into_tree::<Vec<Layer<f64>>>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "Nest::into_tree: at nest[0]: `Layer` has no field `c`"
    );
    let bad: Nest<f64> = crate::nest!([1.0, 2.0, 3.0]);
    let err = bad.into_tree::<(f64, f64)>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "Nest::into_tree: at nest: expected a tuple of 2, got a list of 3"
    );
    let bad: Nest<f64> = crate::nest!({"x": 1.0});
    let err = bad.into_tree::<BTreeMap<u8, f64>>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "Nest::into_tree: at nest: key 'x' is not a key of type `u8`"
    );
}

#[test]
fn nest_tree_dict_order() {
    let n: N = crate::nest!({"b": 1, "a": 2});
    let (leaves, def) = crate::tree_flatten(&n);
    assert_eq!(leaves, [2, 1]);
    let back: N = crate::tree_unflatten(&def, [20, 10]).unwrap();
    assert_eq!(dbg(&back), "{'b': 10, 'a': 20}");
    let mut seen = Vec::new();
    let mut m = n.clone();
    m.for_each_mut(&mut |x: &mut i64| seen.push(*x));
    assert_eq!(seen, [2, 1]);
}
