//! Nestable ops, methods and operators on containers: the seed's examples
//! (shared nested structure, broadcasting, the error for structures that are
//! not shared), multi-output ops and static return types.

use ivy::{Array, Container};

fn vals(c: &Container, kc: &str) -> Vec<f64> {
    c.leaf(kc)
        .unwrap()
        .astype(ivy::Dtype::Float64)
        .unwrap()
        .to_vec::<f64>()
        .unwrap()
}

#[test]
fn seed_division_broadcasts_the_shallower_leaves() {
    // x = Container(a={'b': 2, 'c': 4}, d={'e': 6, 'f': 9}); y = Container(a=2, d=3)
    let x = ivy::container! { a: { b: 2, c: 4 }, d: { e: 6, f: 9 } };
    let y = ivy::container! { a: 2, d: 3 };
    let q = (&x / &y).unwrap();
    assert_eq!(q.cont_all_key_chains(), ["a/b", "a/c", "d/e", "d/f"]);
    for (kc, want) in [("a/b", 1.0), ("a/c", 2.0), ("d/e", 2.0), ("d/f", 3.0)] {
        assert_eq!(vals(&q, kc), vec![want], "{kc}");
        assert_eq!(q.leaf(kc).unwrap().dtype(), ivy::default_float_dtype());
    }
}

#[test]
fn seed_three_containers_add_with_broadcasting() {
    let x = ivy::container! { a: { b: 2, c: 4 }, d: { e: 6, f: 8 } };
    let y = ivy::container! { a: 2, d: 3 };
    let z = ivy::container! { a: { b: 10, c: { g: 11, h: 12 } }, d: { e: 13, f: 14 } };
    let s = (&x + &y + &z).unwrap();
    assert_eq!(
        s.cont_all_key_chains(),
        ["a/b", "a/c/g", "a/c/h", "d/e", "d/f"]
    );
    for (kc, want) in [
        ("a/b", 14),
        ("a/c/g", 17),
        ("a/c/h", 18),
        ("d/e", 22),
        ("d/f", 25),
    ] {
        assert_eq!(
            s.leaf(kc).unwrap().to_vec::<i32>().unwrap(),
            vec![want],
            "{kc}"
        );
    }
}

#[test]
fn seed_unshared_structures_name_every_offending_key_chain() {
    let x = ivy::container! { a: { b: 2, c: 4 }, d: { e: 6, f: 8 } };
    let y = ivy::container! { a: 2, d: 3, g: 4 };
    let z = ivy::container! { a: { b: 10, c: { g: 11, h: 12 } }, d: { e: 13, g: 14 } };
    // A three-argument op sees all three reasons at once.
    let err = ivy::r#where(&x, &y, &z).unwrap_err();
    let msg = err.to_string();
    assert!(matches!(err, ivy::Error::UnsharedStructure { .. }), "{msg}");
    assert_eq!(err.op(), Some("where"));
    for reason in [
        "`g` is in argument 1 but not in arguments 0, 2",
        "`d/f` is in argument 0 but not in argument 2",
        "`d/g` is in argument 2 but not in argument 0",
    ] {
        assert!(msg.contains(reason), "missing `{reason}` in: {msg}");
    }
    // And a binary operator on the first two reports the one that applies.
    let msg = (&x + &y).unwrap_err().to_string();
    assert!(
        msg.contains("`g` is in argument 1 but not in argument 0"),
        "{msg}"
    );
}

#[test]
fn keys_in_another_order_match_by_key() {
    let x = ivy::container! { a: 1, b: 2 };
    let y = ivy::container! { b: 20, a: 10 };
    let s = (&x + &y).unwrap();
    assert_eq!(s.cont_all_key_chains(), ["a", "b"]);
    assert_eq!(s.leaf("a").unwrap().to_vec::<i32>().unwrap(), vec![11]);
    assert_eq!(s.leaf("b").unwrap().to_vec::<i32>().unwrap(), vec![22]);
}

#[test]
fn reference_examples_of_broadcasting() {
    // C(a=1,b={c:2}) + 10 -> {a:11, b:{c:12}}
    let c = ivy::container! { a: 1, b: { c: 2 } };
    let r = (&c + 10).unwrap();
    assert_eq!(r.leaf("b/c").unwrap().to_vec::<i32>().unwrap(), vec![12]);
    let r = (10 + &c).unwrap();
    assert_eq!(r.leaf("a").unwrap().to_vec::<i32>().unwrap(), vec![11]);
    // C(a=1,b={c:2}) + C(a=10,b=20) -> {a:11, b:{c:22}}
    let d = ivy::container! { a: 10, b: 20 };
    let r = (&c + &d).unwrap();
    assert_eq!(r.leaf("b/c").unwrap().to_vec::<i32>().unwrap(), vec![22]);
    // C(a=1,b=2) + C(a=10): an error, not Python's IndexError.
    let e = (&ivy::container! { a: 1, b: 2 } + &ivy::container! { a: 10 }).unwrap_err();
    assert!(
        e.to_string()
            .contains("`b` is in argument 0 but not in argument 1"),
        "{e}"
    );
}

#[test]
fn functions_methods_and_static_types() {
    let x = ivy::array![1.0, 2.0];
    let c = ivy::container! { a: [0.0, 1.0], b: { c: [2.0, 3.0] } };
    // Arrays only: an Array; any container: a Container (checked by the types).
    let a: Array = ivy::add(&x, &x).unwrap();
    let m: Container = ivy::add(&x, &c).unwrap();
    let n: Container = ivy::add(&c, 1).unwrap();
    assert_eq!(a.to_vec::<f32>().unwrap(), vec![2.0, 4.0]);
    assert_eq!(vals(&m, "b/c"), vec![3.0, 5.0]);
    assert_eq!(vals(&n, "a"), vec![1.0, 2.0]);
    // Methods with self in the first array position, with and without options.
    let t = c.tan().unwrap();
    let want = ivy::tan(&ivy::array![2.0, 3.0])
        .unwrap()
        .to_vec::<f32>()
        .unwrap();
    assert_eq!(
        vals(&t, "b/c"),
        want.iter().map(|&v| v as f64).collect::<Vec<_>>()
    );
    let s = c.sum().unwrap();
    assert_eq!(vals(&s, "b/c"), vec![5.0]);
    let s = c.sum_with(ivy::opts::Sum::new().keepdims(true)).unwrap();
    assert_eq!(s.leaf("a").unwrap().shape().dims(), &[1]);
    // Unary operators.
    let neg = (-&c).unwrap();
    assert_eq!(vals(&neg, "a"), vec![-0.0, -1.0]);
}

#[test]
fn multi_output_ops_return_as_many_containers() {
    let c = ivy::container! { a: [1.0, 2.0, 3.0, 4.0], b: { c: [5.0, 6.0, 7.0, 8.0] } };
    let parts: Vec<Container> = c
        .split_with(ivy::opts::Split::new().num_or_size_splits(2))
        .unwrap();
    assert_eq!(parts.len(), 2);
    assert_eq!(vals(&parts[1], "b/c"), vec![7.0, 8.0]);
    let rows = ivy::unstack(&c).unwrap();
    assert_eq!(rows.len(), 4);
    assert_eq!(vals(&rows[2], "a"), vec![3.0]);
    // Leaves that give lists of different lengths cannot be split.
    let uneven = ivy::container! { a: [1.0, 2.0], b: [1.0, 2.0, 3.0] };
    let e = ivy::unstack(&uneven).unwrap_err();
    assert!(e.to_string().contains("different lengths"), "{e}");
}

#[test]
fn a_failing_leaf_is_named_by_its_key_chain() {
    let c = ivy::container! { a: [1.0, 2.0], b: { c: [1.0, 2.0, 3.0] } };
    let e = ivy::add(&c, &ivy::array![1.0, 2.0]).unwrap_err();
    assert!(e.to_string().starts_with("at key chain `b/c`: add"), "{e}");
    assert_eq!(e.op(), Some("add"));
}

#[test]
fn concat_of_a_list_of_containers_maps_at_every_leaf() {
    let c1 = ivy::container! { a: [1.0, 2.0], b: { c: [3.0] } };
    let c2 = ivy::container! { a: [4.0], b: { c: [5.0, 6.0] } };
    let j: Container = ivy::concat([&c1, &c2]).unwrap();
    assert_eq!(j.cont_all_key_chains(), ["a", "b/c"]);
    assert_eq!(vals(&j, "a"), vec![1.0, 2.0, 4.0]);
    assert_eq!(vals(&j, "b/c"), vec![3.0, 5.0, 6.0]);
    // The same through other list types, with options.
    let owned: Container = ivy::concat(vec![c1.clone(), c2.clone()]).unwrap();
    assert_eq!(owned, j);
    let refs: Container = ivy::concat(vec![&c1, &c2]).unwrap();
    assert_eq!(refs, j);
    let slice: Container = ivy::concat(&[c1.clone(), c2.clone()][..]).unwrap();
    assert_eq!(slice, j);
    let flat: Container = ivy::concat_with(
        [c1.clone(), c2.clone()],
        ivy::opts::Concat::new().axis(None),
    )
    .unwrap();
    assert_eq!(vals(&flat, "a"), vec![1.0, 2.0, 4.0]);
    // A list of arrays still returns an array.
    let a: Array = ivy::concat([&ivy::array![1.0], &ivy::array![2.0]]).unwrap();
    assert_eq!(a.to_vec::<f32>().unwrap(), vec![1.0, 2.0]);
}

#[test]
fn stack_and_broadcast_arrays_of_containers() {
    let c1 = ivy::container! { a: [1.0, 2.0], b: { c: [3.0, 4.0] } };
    let c2 = ivy::container! { a: [5.0, 6.0], b: { c: [7.0, 8.0] } };
    let s: Container = ivy::stack(vec![c1.clone(), c2.clone()]).unwrap();
    assert_eq!(s.leaf("b/c").unwrap().shape().dims(), &[2, 2]);
    assert_eq!(vals(&s, "b/c"), vec![3.0, 4.0, 7.0, 8.0]);
    let s1: Container = ivy::stack_with([&c1, &c2], ivy::opts::Stack::new().axis(1)).unwrap();
    assert_eq!(vals(&s1, "a"), vec![1.0, 5.0, 2.0, 6.0]);
    // A list result becomes one container per element.
    let row = ivy::container! { a: [[1.0, 2.0]], b: { c: [[3.0]] } };
    let col = ivy::container! { a: [[1.0], [2.0]], b: { c: [[4.0]] } };
    let out: Vec<Container> = ivy::broadcast_arrays([&row, &col]).unwrap();
    assert_eq!(out.len(), 2);
    assert_eq!(out[0].leaf("a").unwrap().shape().dims(), &[2, 2]);
    assert_eq!(out[1].leaf("b/c").unwrap().shape().dims(), &[1, 1]);
    assert_eq!(vals(&out[1], "a"), vec![1.0, 1.0, 2.0, 2.0]);
}

#[test]
fn a_list_of_nodes_broadcasts_its_arrays_over_its_containers() {
    let c = ivy::container! { a: [1.0], b: { c: [2.0], d: [3.0] } };
    let x = ivy::array![0.0];
    let j: Container = ivy::concat([ivy::Node::from(&x), ivy::Node::from(&c)]).unwrap();
    assert_eq!(j.cont_all_key_chains(), ["a", "b/c", "b/d"]);
    assert_eq!(vals(&j, "b/d"), vec![0.0, 3.0]);
    // A shallower container meets a whole sub-container, as for operands.
    let y = ivy::container! { a: [10.0], b: [20.0] };
    let s: Container = ivy::stack([&c, &y]).unwrap();
    assert_eq!(vals(&s, "b/c"), vec![2.0, 20.0]);
    assert_eq!(vals(&s, "b/d"), vec![3.0, 20.0]);
}

#[test]
fn lists_of_containers_that_do_not_share_a_structure_are_an_error() {
    let c1 = ivy::container! { a: [1.0], b: [2.0] };
    let c2 = ivy::container! { a: [3.0], c: [4.0] };
    let e = ivy::concat([&c1, &c2]).unwrap_err();
    let msg = e.to_string();
    assert!(matches!(e, ivy::Error::UnsharedStructure { .. }), "{msg}");
    assert_eq!(e.op(), Some("concat"));
    assert!(
        msg.contains("`b` is in argument 0 but not in argument 1"),
        "{msg}"
    );
    assert!(
        msg.contains("`c` is in argument 1 but not in argument 0"),
        "{msg}"
    );
    // A failing leaf is named by its key chain.
    let c3 = ivy::container! { a: [1.0], b: { c: [[2.0]] } };
    let c4 = ivy::container! { a: [1.0], b: { c: [3.0] } };
    let e = ivy::concat([&c3, &c4]).unwrap_err();
    assert!(
        e.to_string().starts_with("at key chain `b/c`: concat"),
        "{e}"
    );
    // An empty list of containers has nothing to map over.
    assert!(ivy::concat(Vec::<Container>::new()).is_err());
}

#[test]
fn keyword_arrays_take_containers_too() {
    let x = ivy::container! { a: [1.0, 5.0, 9.0], b: { c: [0.0, 4.0] } };
    let lo = ivy::container! { a: 2.0, b: 1.0 };
    // A container bound maps with the operand's containers (a leaf of the
    // shallower one broadcast over the subtree); a scalar bound applies
    // everywhere.
    let r = ivy::clip_with(&x, ivy::opts::Clip::new().x_min(&lo).x_max(6.0)).unwrap();
    assert_eq!(vals(&r, "a"), vec![2.0, 5.0, 6.0]);
    assert_eq!(vals(&r, "b/c"), vec![1.0, 4.0]);
    // The method form, and the bound's own structure checked.
    let r = x.clip_with(ivy::opts::Clip::new().x_max(&lo)).unwrap();
    assert_eq!(vals(&r, "b/c"), vec![0.0, 1.0]);
    let bad = ivy::container! { a: 2.0, z: 1.0 };
    let e = x.clip_with(ivy::opts::Clip::new().x_min(&bad)).unwrap_err();
    assert!(
        e.to_string()
            .contains("`z` is in argument 1 but not in argument 0"),
        "{e}"
    );
    // With arrays only the result is an Array, so a container bound there is
    // an error naming the op and the keyword, never a panic.
    let e = ivy::clip_with(&ivy::array![1.0, 2.0], ivy::opts::Clip::new().x_min(&lo)).unwrap_err();
    assert!(
        e.to_string().starts_with("clip:") && e.to_string().contains("`x_min`"),
        "{e}"
    );
}
