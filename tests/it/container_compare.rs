//! Combining and comparing containers of arrays: the verified examples of
//! the reference (`reference/ivy.md`, section a, "Combination and
//! comparison") and the behaviours around them.
//!
//! Expected values are written out by hand from the reference's verified
//! outputs (Ivy 1.0.0.5, numpy backend), not computed with the functions
//! under test.

use ivy::container::{DiffKeys, DiffMode, DiffOptions, IdenticalOptions, UnifyMode};
use ivy::{Array, Container, Error, Result};

/// A copy of `x` with its own elements (Ivy's `cont_deep_copy` leaf step,
/// `ivy.copy_array`); `Array::clone` shares them.
fn copy_array(x: &Array) -> Result<Array> {
    let host = x.to_host()?;
    ivy::with_host_data!(&host, b, T => Array::from_shape_vec(x.shape().clone(), b.as_slice().to_vec()))
}

fn deep_copy(c: &Container) -> Result<Container> {
    c.try_map_leaves(copy_array)
}

fn chains(c: &Container) -> Vec<String> {
    c.cont_all_key_chains()
}

#[test]
fn identical_to_a_copy_but_not_to_a_deep_copy() -> Result<()> {
    // Verified: cont_identical([c, c.cont_copy()]) is True; against
    // cont_deep_copy() it is False unless same_arrays=False.
    let c = ivy::container! { a: [1.0, 2.0], b: { c: [[1, 2], [3, 4]], d: 5 } };
    let copy = c.clone();
    let deep = deep_copy(&c)?;
    assert!(c.leaf("a")?.shares_data_with(copy.leaf("a")?));
    assert!(!c.leaf("a")?.shares_data_with(deep.leaf("a")?));

    assert!(Container::cont_identical(&[&c, &copy])?);
    assert!(!Container::cont_identical(&[&c, &deep])?);
    let by_value = IdenticalOptions {
        same_arrays: false,
        ..Default::default()
    };
    assert!(Container::cont_identical_with(&[&c, &deep], &by_value)?);
    assert!(Container::cont_identical_with(
        &[&c, &copy, &deep],
        &by_value
    )?);
    // Neither the same arrays nor compared values: structure only.
    let neither = IdenticalOptions {
        same_arrays: false,
        arrays_equal: false,
        ..Default::default()
    };
    let other = ivy::container! { a: [7.0, 8.0], b: { c: [[0, 0], [0, 0]], d: 9 } };
    assert!(Container::cont_identical_with(&[&c, &other], &neither)?);
    assert!(!Container::cont_identical_with(&[&c, &other], &by_value)?);
    assert!(Container::cont_identical_structure(&[&c, &other]));
    Ok(())
}

#[test]
fn identical_checks_keys_dtypes_and_shapes() -> Result<()> {
    let by_value = IdenticalOptions {
        same_arrays: false,
        ..Default::default()
    };
    let x = ivy::container! { a: [1, 2], b: { c: 3 } };
    // Another key.
    let y = ivy::container! { a: [1, 2], b: { c: 3 }, e: 0 };
    assert!(!Container::cont_identical_with(&[&x, &y], &by_value)?);
    assert!(!Container::cont_identical_with(&[&y, &x], &by_value)?);
    // A leaf where the other has a sub-container.
    let z = ivy::container! { a: [1, 2], b: 3 };
    assert!(!Container::cont_identical_with(&[&x, &z], &by_value)?);
    assert!(!Container::cont_identical_structure(&[&x, &z]));
    // Same values, another dtype: Ivy's docs say check_types checks the
    // leaves' datatypes; without it, values compare after promotion.
    let f = ivy::container! { a: [1.0, 2.0], b: { c: 3.0 } };
    assert!(!Container::cont_identical_with(&[&x, &f], &by_value)?);
    let untyped = IdenticalOptions {
        check_types: false,
        ..by_value.clone()
    };
    assert!(Container::cont_identical_with(&[&x, &f], &untyped)?);
    // Another shape.
    let s = ivy::container! { a: [[1, 2]], b: { c: 3 } };
    assert!(!Container::cont_identical_with(&[&x, &s], &by_value)?);
    let unshaped = IdenticalOptions {
        check_shapes: false,
        arrays_equal: false,
        ..by_value.clone()
    };
    assert!(Container::cont_identical_with(&[&x, &s], &unshaped)?);
    // Fewer than two containers are identical.
    assert!(Container::cont_identical(&[&x])?);
    assert!(Container::cont_identical(&[])?);
    Ok(())
}

#[test]
fn identical_partial_and_key_chains() -> Result<()> {
    let x = ivy::container! { a: [1, 2], b: { c: 3, d: 4 } };
    let y = ivy::container! { a: [1, 2], b: { c: 3 }, q: 9 };
    let by_value = IdenticalOptions {
        same_arrays: false,
        ..Default::default()
    };
    assert!(!Container::cont_identical_with(&[&x, &y], &by_value)?);
    let partial = IdenticalOptions {
        partial: true,
        ..by_value.clone()
    };
    assert!(Container::cont_identical_with(&[&x, &y], &partial)?);
    // Partial, but a common chain differs.
    let w = ivy::container! { a: [1, 5], q: 9 };
    assert!(!Container::cont_identical_with(&[&x, &w], &partial)?);
    // No chain in common: not identical.
    let none = ivy::container! { z: 1 };
    assert!(!Container::cont_identical_with(&[&x, &none], &partial)?);

    // Only `a` and `b/c` (a chain selects its subtree; `.` is `/`).
    let only = IdenticalOptions {
        key_chains: Some(vec!["a".into(), "b.c".into()]),
        ..by_value.clone()
    };
    assert!(Container::cont_identical_with(&[&x, &y], &only)?);
    // Everything but `b/d` and `q`.
    let skip = IdenticalOptions {
        key_chains: Some(vec!["b/d".into(), "q".into()]),
        to_apply: false,
        ..by_value.clone()
    };
    assert!(Container::cont_identical_with(&[&x, &y], &skip)?);
    let skip_q = IdenticalOptions {
        key_chains: Some(vec!["q".into()]),
        to_apply: false,
        ..by_value
    };
    assert!(!Container::cont_identical_with(&[&x, &y], &skip_q)?);
    Ok(())
}

#[test]
fn assertions_name_the_chain_and_show_the_diff() -> Result<()> {
    let x = ivy::container! { a: [1, 2], b: { c: 3 } };
    let deep = deep_copy(&x)?;
    let e = Container::cont_assert_identical(&[&x, &deep]).unwrap_err();
    match &e {
        Error::KeyChain {
            op,
            key_chain,
            message,
        } => {
            assert_eq!(op, "cont_assert_identical");
            assert_eq!(key_chain, "a");
            assert!(
                message.contains("holds another array than container 0"),
                "{message}"
            );
            // Equal values: the diff is the container itself, printed as
            // Ivy prints a container.
            assert!(
                message.ends_with(
                    "the diff:\n{\n    a: ivy.array([1, 2]),\n    b: {\n        c: ivy.array(3)\n    }\n}"
                ),
                "{message}"
            );
        }
        other => panic!("unexpected error {other:?}"),
    }
    Container::cont_assert_identical(&[&x, &x.clone()])?;

    let y = ivy::container! { a: [1, 2], b: { c: 4 } };
    let by_value = IdenticalOptions {
        same_arrays: false,
        ..Default::default()
    };
    let e = Container::cont_assert_identical_with(&[&x, &y], &by_value).unwrap_err();
    assert_eq!(
        e.to_string(),
        "cont_assert_identical: key chain `b/c`: the containers are not identical: \
         the values differ between container 0 and container 1; the diff:\n\
         {\n    a: ivy.array([1, 2]),\n    b: {\n        c: {\n            \
         diff_0: ivy.array(3),\n            diff_1: ivy.array(4)\n        }\n    }\n}"
    );

    let s = ivy::container! { a: [[1, 2]], b: { c: 3 } };
    let e = Container::cont_assert_identical_structure(&[&x, &s]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "cont_assert_identical_structure: key chain `a`: the containers do not have identical \
         structure: the shapes differ: (2,) in container 0, (1, 2) in container 1; the diff:\n\
         {\n    a: {\n        diff_0: ivy.array([1, 2]),\n        diff_1: ivy.array([[1, 2]])\n    },\n    \
         b: {\n        c: ivy.array(3)\n    }\n}"
    );
    Container::cont_assert_identical_structure(&[&x, &y])?;
    Ok(())
}

#[test]
fn diff_groups_the_containers_that_agree() -> Result<()> {
    // Verified: with 3 containers where #0 == #2 the keys are "diff_0, 2"
    // and "diff_1".
    let x = ivy::container! { a: [1, 2], b: { c: [3.0] } };
    let y = ivy::container! { a: [1, 2], b: { c: [4.0] } };
    let z = ivy::container! { a: [1, 2], b: { c: [3.0] } };
    let d = Container::cont_diff(&[&x, &y, &z])?;
    assert_eq!(chains(&d), ["a", "b/c/diff_0, 2", "b/c/diff_1"]);
    assert_eq!(d.leaf("a")?, &ivy::array![1, 2]);
    assert_eq!(d.leaf("b/c/diff_0, 2")?, &ivy::array![3.0]);
    assert_eq!(d.leaf("b/c/diff_1")?, &ivy::array![4.0]);
    // The shared value is container 0's array itself.
    assert!(d.leaf("a")?.shares_data_with(x.leaf("a")?));

    // All three differ; then two equal to the last one.
    let w = ivy::container! { a: [1, 2], b: { c: [5.0] } };
    let d = Container::cont_diff(&[&x, &y, &w])?;
    assert_eq!(chains(&d), ["a", "b/c/diff_0", "b/c/diff_1", "b/c/diff_2"]);
    let d = Container::cont_diff(&[&y, &x, &z])?;
    assert_eq!(chains(&d), ["a", "b/c/diff_0", "b/c/diff_1, 2"]);
    Ok(())
}

#[test]
fn diff_of_keys_values_and_shapes() -> Result<()> {
    let x = ivy::container! { a: [1, 2], b: 5 };
    let y = ivy::container! { a: [1, 2, 3], c: 6 };
    let d = Container::cont_diff(&[&x, &y])?;
    assert_eq!(chains(&d), ["a/diff_0", "a/diff_1", "b/diff_0", "c/diff_1"]);
    // Values equal after promotion are the same (array_equal).
    let i = ivy::container! { a: [1, 2] };
    let f = ivy::container! { a: [1.0, 2.0] };
    assert_eq!(chains(&Container::cont_diff(&[&i, &f])?), ["a"]);

    // Different values, same shape: structural diff sees nothing.
    let p = ivy::container! { a: [1, 2] };
    let q = ivy::container! { a: [8, 9] };
    assert_eq!(chains(&Container::cont_structural_diff(&[&p, &q])?), ["a"]);
    assert_eq!(
        chains(&Container::cont_diff(&[&p, &q])?),
        ["a/diff_0", "a/diff_1"]
    );
    // No value or shape detection: the arrays are all "equal".
    let blind = DiffOptions {
        detect_value_diffs: false,
        detect_shape_diffs: false,
        ..Default::default()
    };
    assert_eq!(
        chains(&Container::cont_diff_with(&[&x, &y], &blind)?),
        ["a", "b/diff_0", "c/diff_1"]
    );
    // Shapes differ but only values are detected: array_equal needs equal
    // shapes, so they still differ.
    let values_only = DiffOptions {
        detect_shape_diffs: false,
        ..Default::default()
    };
    assert_eq!(
        chains(&Container::cont_diff_with(&[&x, &y], &values_only)?),
        ["a/diff_0", "a/diff_1", "b/diff_0", "c/diff_1"]
    );
    // Key differences not detected: the keys are combined.
    let keys_off = DiffOptions {
        detect_key_diffs: false,
        ..Default::default()
    };
    assert_eq!(
        chains(&Container::cont_diff_with(&[&x, &y], &keys_off)?),
        ["a/diff_0", "a/diff_1", "b", "c"]
    );
    Ok(())
}

#[test]
fn diff_modes_and_names() -> Result<()> {
    let x = ivy::container! { a: 1, b: { c: 2, d: 3 } };
    let y = ivy::container! { a: 1, b: { c: 4, d: 3 } };
    let only = DiffOptions {
        mode: DiffMode::DiffOnly,
        ..Default::default()
    };
    assert_eq!(
        chains(&Container::cont_diff_with(&[&x, &y], &only)?),
        ["b/c/diff_0", "b/c/diff_1"]
    );
    let same = DiffOptions {
        mode: DiffMode::SameOnly,
        ..Default::default()
    };
    assert_eq!(
        chains(&Container::cont_diff_with(&[&x, &y], &same)?),
        ["a", "b/d"]
    );
    let named = DiffOptions {
        diff_keys: DiffKeys::Names(vec!["before".into(), "after".into()]),
        ..Default::default()
    };
    let d = Container::cont_diff_with(&[&x, &y], &named)?;
    assert_eq!(chains(&d), ["a", "b/c/before", "b/c/after", "b/d"]);
    assert_eq!(d.leaf("b/c/after")?, &Array::scalar(4i32));
    let prefix = DiffOptions {
        diff_keys: DiffKeys::Prefix("v".into()),
        ..Default::default()
    };
    assert_eq!(
        chains(&Container::cont_diff_with(&[&x, &y], &prefix)?),
        ["a", "b/c/v_0", "b/c/v_1", "b/d"]
    );
    Ok(())
}

#[test]
fn reduce_sums_the_leaves() -> Result<()> {
    // Verified: [C(a=1, b={c: 2}), C(a=3, b={c: 4})] with sum -> {a: 4, b: {c: 6}}.
    let x = ivy::container! { a: 1, b: { c: 2 } };
    let y = ivy::container! { a: 3, b: { c: 4 } };
    let s = Container::cont_reduce(&[&x, &y], |xs| {
        let mut acc: Array = xs[0].clone();
        for v in &xs[1..] {
            acc = ivy::add(&acc, *v)?;
        }
        Ok(acc)
    })?;
    assert_eq!(chains(&s), ["a", "b/c"]);
    assert_eq!(s.leaf("a")?.item()?.to_f64(), 4.0);
    assert_eq!(s.leaf("b/c")?.item()?.to_f64(), 6.0);
    // The op's error comes back with the key chain of the leaves.
    let bad = ivy::container! { a: 1, b: { c: [1, 2, 3] } };
    let other = ivy::container! { a: 1, b: { c: [1, 2] } };
    let e = Container::cont_reduce(&[&bad, &other], |xs| ivy::add(xs[0], xs[1])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "at key chain `b/c`: add: shapes (3,) and (2,) cannot be broadcast together"
    );
    Ok(())
}

#[test]
fn unify_concatenates_sums_and_averages() -> Result<()> {
    let x = ivy::container! { a: [1, 2], b: { c: [[1.0, 2.0]] } };
    let y = ivy::container! { a: [3, 4], b: { c: [[3.0, 4.0]] } };
    let z = ivy::container! { a: [5, 6], b: { c: [[5.0, 6.0]] } };
    let sum = Container::cont_unify(&[&x, &y, &z], UnifyMode::Sum)?;
    assert_eq!(sum.leaf("a")?, &ivy::array![9, 12]);
    assert_eq!(sum.leaf("b/c")?, &ivy::array![[9.0, 12.0]]);
    let mean = Container::cont_unify(&[&x, &y, &z], UnifyMode::Mean)?;
    assert!(ivy::array_equal(mean.leaf("a")?, &ivy::array![3.0, 4.0])?);
    assert_eq!(mean.leaf("b/c")?, &ivy::array![[3.0, 4.0]]);
    let cat = Container::cont_unify(&[&x, &y], UnifyMode::Concat { axis: 0 })?;
    assert_eq!(cat.leaf("a")?, &ivy::array![1, 2, 3, 4]);
    assert_eq!(cat.leaf("b/c")?, &ivy::array![[1.0, 2.0], [3.0, 4.0]]);
    let cat1 = Container::cont_unify(&[&x, &y], UnifyMode::Concat { axis: -1 })?;
    assert_eq!(cat1.leaf("b/c")?, &ivy::array![[1.0, 2.0, 3.0, 4.0]]);
    // An axis the leaf does not have names the leaf.
    let e = Container::cont_unify(&[&x, &y], UnifyMode::Concat { axis: 1 }).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("at key chain `a`: concat: axis 1"),
        "{e}"
    );
    Ok(())
}

#[test]
fn list_join_and_list_stack() -> Result<()> {
    // Verified: cont_list_stack([C(a=1), C(a=3)]) -> {a: [1, 3]}.
    let one = ivy::container! { a: 1 };
    let three = ivy::container! { a: 3 };
    let s = Container::cont_list_stack(&[&one, &three])?;
    let list = s.leaf("a")?;
    assert_eq!(list.len(), 2);
    assert!(list[0].shares_data_with(one.leaf("a")?));
    assert_eq!(list[1].item()?.to_f64(), 3.0);
    // ... and stacked into one array.
    let s = Container::cont_list_stack_arrays(&[&one, &three], 0)?;
    assert_eq!(s.leaf("a")?, &ivy::array![1, 3]);

    // Verified: cont_list_join([C(a=[1]), C(a=[3])]) -> {a: [1, 3]}.
    let l1 = Container::from_key_chains([("a", vec![ivy::array![1]])])?;
    let l3 = Container::from_key_chains([("a", vec![ivy::array![3]])])?;
    let j = Container::cont_list_join(&[&l1, &l3])?;
    assert_eq!(j.leaf("a")?, &vec![ivy::array![1], ivy::array![3]]);
    // ... and concatenated.
    let a1 = ivy::container! { a: [1] };
    let a3 = ivy::container! { a: [3] };
    assert_eq!(
        Container::cont_list_join_arrays(&[&a1, &a3], 0)?.leaf("a")?,
        &ivy::array![1, 3]
    );
    Ok(())
}

#[test]
fn combine_right_most_wins() -> Result<()> {
    let x = ivy::container! { a: 1, b: { c: 2, d: 3 } };
    let y = ivy::container! { b: { c: 20 }, e: 5 };
    let c = Container::cont_combine(&[&x, &y]);
    assert_eq!(chains(&c), ["a", "b/c", "b/d", "e"]);
    assert_eq!(c.leaf("b/c")?.item()?.to_f64(), 20.0);
    assert_eq!(c.leaf("b/d")?.item()?.to_f64(), 3.0);
    assert!(c.leaf("b/c")?.shares_data_with(y.leaf("b/c")?));
    Ok(())
}

#[test]
fn common_key_chains_and_array_shapes() -> Result<()> {
    let x = ivy::container! { a: [1, 2], b: { c: [[1]], d: 2 } };
    let y = ivy::container! { b: { d: 2, c: [3] }, z: [1, 2] };
    assert_eq!(Container::cont_common_key_chains(&[&x, &y]), ["b/c", "b/d"]);
    // Same array shapes by size, whatever the keys.
    let p = ivy::container! { q: 7, r: [[4]], s: [5, 6] };
    assert!(Container::cont_identical_array_shapes(&[&x, &p]));
    assert!(!Container::cont_identical_array_shapes(&[&x, &y]));
    Ok(())
}

#[test]
fn configs() -> Result<()> {
    let x = ivy::container! { a: 1 };
    let mut y = ivy::container! { a: 1 };
    assert!(Container::cont_identical_configs(&[&x, &y])?);
    y.set_config(ivy::Config {
        print_limit: None,
        ..Default::default()
    });
    assert!(!Container::cont_identical_configs(&[&x, &y])?);
    assert_eq!(
        Container::cont_identical_configs(&[&x])
            .unwrap_err()
            .to_string(),
        "cont_identical_configs: needs at least two containers to compare, got 1"
    );
    Ok(())
}

#[test]
fn find_sub_containers_and_structures() -> Result<()> {
    let enc = ivy::container! { w: [[1.0, 2.0]], b: [0.5] };
    let c = ivy::container! { x: 1, model: { enc: enc.clone(), dec: { w: [[3.0]] } } };
    assert_eq!(
        c.cont_find_sub_container(&enc, false)?.as_deref(),
        Some("model/enc")
    );
    assert!(c.cont_contains_sub_container(&enc, false)?);
    c.cont_assert_contains_sub_container(&enc, false)?;
    // The container itself is found at "".
    assert_eq!(
        c.cont_find_sub_container(&c.clone(), false)?.as_deref(),
        Some("")
    );
    // An equal copy is not the same arrays.
    let copy = deep_copy(&enc)?;
    assert_eq!(c.cont_find_sub_container(&copy, false)?, None);
    let e = c
        .cont_assert_contains_sub_container(&copy, false)
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("the closest in structure is at key chain `model/enc`"),
        "{e}"
    );
    // ... but it has the structure.
    assert_eq!(
        c.cont_find_sub_structure(&copy, true, false).as_deref(),
        Some("model/enc")
    );
    c.cont_assert_contains_sub_structure(&copy, true, false)?;
    // Partial: part of a sub-container.
    let only_w = ivy::container! { w: [[9.0, 9.0]] };
    assert_eq!(c.cont_find_sub_structure(&only_w, true, false), None);
    assert_eq!(
        c.cont_find_sub_structure(&only_w, true, true).as_deref(),
        Some("model/enc")
    );
    // Shapes: `w` of shape (1, 1) is model/dec's.
    let small = ivy::container! { w: [[0.0]] };
    assert_eq!(
        c.cont_find_sub_structure(&small, true, false).as_deref(),
        Some("model/dec")
    );
    // Nothing of the kind.
    let none = ivy::container! { nope: 1 };
    assert!(!c.cont_contains_sub_structure(&none, true, true));
    let e = c
        .cont_assert_contains_sub_structure(&none, true, false)
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("the closest in structure is at the top level"),
        "{e}"
    );
    assert!(
        e.to_string()
            .contains("\n    nope: {\n        diff_1: ivy.array(1)\n    }"),
        "{e}"
    );
    // An empty needle is never found (as Ivy).
    assert_eq!(
        c.cont_find_sub_structure(&Container::new(), true, false),
        None
    );
    Ok(())
}
