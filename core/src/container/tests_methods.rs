//! Unit tests of the structure and key-chain methods (keys.rs, prune.rs,
//! restructure.rs), with the verified outputs of reference/ivy.md section a.

use super::*;
use crate::container::{FlattenOptions, KeySlice, RestructureOptions};

type C = Container<i64>;

fn c(pairs: &[(&str, i64)]) -> C {
    match Container::from_key_chains(pairs.iter().copied()) {
        Ok(c) => c,
        Err(e) => panic!("bad test container: {e}"),
    }
}

fn with_empty(mut x: C, kcs: &[&str]) -> C {
    for kc in kcs {
        if let Err(e) = x.insert(kc, C::new()) {
            panic!("bad test chain: {e}");
        }
    }
    x
}

fn err_text<T>(r: Result<T>) -> String {
    match r {
        Ok(_) => panic!("expected an error"),
        Err(e) => e.to_string(),
    }
}

// --- keys.rs -------------------------------------------------------------

#[test]
fn flatten_key_chain_verified_examples() {
    assert_eq!(Container::cont_flatten_key_chain("a/b.c/d"), "a__b__c__d");
    let o = FlattenOptions {
        above_height: Some(1),
        below_depth: Some(1),
        ..Default::default()
    };
    assert_eq!(
        Container::cont_flatten_key_chain_with("a/b/c/d", o),
        "a/b__c/d"
    );
}

#[test]
fn flatten_key_chain_counts_against_the_whole_chain() {
    // Python: 3 keys, above_height=2 cuts b/c, below_depth=2 then takes a
    // (only one key left), nothing is joined.
    let o = FlattenOptions {
        above_height: Some(2),
        below_depth: Some(2),
        ..Default::default()
    };
    assert_eq!(Container::cont_flatten_key_chain_with("a/b/c", o), "a/b/c");
    // A count not below the number of keys does nothing (Python's `n > h`).
    let o = FlattenOptions {
        above_height: Some(3),
        ..Default::default()
    };
    assert_eq!(
        Container::cont_flatten_key_chain_with("a/b/c", o),
        "a__b__c"
    );
    assert_eq!(Container::cont_flatten_key_chain(""), "");
    assert_eq!(Container::cont_flatten_key_chain("a"), "a");
}

#[test]
fn has_key_is_a_substring_test_on_leaf_chains() {
    let x = with_empty(c(&[("ab/cd", 1)]), &["zz"]);
    assert!(x.cont_has_key("b/c"));
    assert!(x.cont_has_key("ab"));
    assert!(!x.cont_has_key("zz")); // empty sub-containers are not leaves
    assert_eq!(x.cont_key_chains_containing_with("z", true), ["zz"]);
}

#[test]
fn at_keys_verified_example() {
    let x = c(&[("a", 1), ("b/c", 2), ("b/d", 3)]);
    assert_eq!(x.cont_at_keys(["a", "c"]), c(&[("a", 1), ("b/c", 2)]));
    assert!(x.cont_at_keys(["q"]).is_empty());
}

#[test]
fn at_key_chains_errors_name_the_existing_keys() {
    let x = c(&[("a", 1), ("b/c", 2), ("b/d", 3)]);
    assert_eq!(
        err_text(x.cont_at_key_chains(["a", "b/e"])),
        "cont_at_key_chains: key chain `b/e`: no key `e` at `b`; its keys are `c`, `d`"
    );
    let like = with_empty(c(&[("b/d", 0)]), &["z"]);
    let got = x.cont_at_key_chains_like(&like).unwrap_or_default();
    assert_eq!(got.cont_all_key_chains_with(true), ["b/d", "z"]);
    let got = x.cont_at_key_chains(["b"]).unwrap_or_default();
    assert_eq!(got, c(&[("b/c", 2), ("b/d", 3)]));
}

#[test]
fn set_and_overwrite_at_key_chains() {
    let x = c(&[("a", 1), ("b/c", 2)]);
    let y = x.cont_set_at_key_chain("b/e/f", 5).unwrap_or_default();
    assert_eq!(y.cont_all_key_chains(), ["a", "b/c", "b/e/f"]);
    assert_eq!(x.cont_all_key_chains(), ["a", "b/c"]);
    assert_eq!(
        err_text(x.cont_set_at_key_chain("a/z", 0)),
        "cont_set_at_key_chain: key chain `a/z`: `a` is a leaf, not a container"
    );
    assert_eq!(
        err_text(x.cont_overwrite_at_key_chain("b/z", 0)),
        "cont_overwrite_at_key_chain: key chain `b/z`: no key `z` at `b`; its keys are `c`"
    );
    let t = c(&[("b/c", 20), ("n/m", 30)]);
    assert_eq!(
        x.cont_set_at_key_chains(&t).ok(),
        Some(c(&[("a", 1), ("b/c", 20), ("n/m", 30)]))
    );
    // Overwriting checks every chain first and changes nothing on error.
    assert_eq!(
        err_text(x.cont_overwrite_at_key_chains(&t)),
        "cont_overwrite_at_key_chains: key chain `n/m`: no key `n` at the top level; its keys are `a`, `b`"
    );
    let t = c(&[("b/c", 20)]);
    assert_eq!(
        x.cont_overwrite_at_key_chains(&t).ok(),
        Some(c(&[("a", 1), ("b/c", 20)]))
    );
}

#[test]
fn set_at_keys_replaces_at_every_depth_without_descending() {
    let x = c(&[("a", 1), ("b/a", 2), ("b/c/a", 3), ("d", 4)]);
    let y = x.cont_set_at_keys([("a", 0)]);
    assert_eq!(y, c(&[("a", 0), ("b/a", 0), ("b/c/a", 0), ("d", 4)]));
    let sub = c(&[("a", 7)]);
    let y = x.cont_set_at_keys([("b", sub)]);
    // the new `b` holds an `a`, which is not replaced again
    assert_eq!(y, c(&[("a", 1), ("b/a", 7), ("d", 4)]));
}

#[test]
fn create_if_absent_if_exists_try_kc() {
    let mut x = c(&[("a/b", 1)]);
    assert_eq!(x.cont_create_if_absent("a/b", 9).ok(), Some(false));
    assert_eq!(x.cont_create_if_absent("a/c", 9).ok(), Some(true));
    assert!(x.cont_create_if_absent("a/b/z", 9).is_err());
    assert_eq!(x, c(&[("a/b", 1), ("a/c", 9)]));
    assert!(x.cont_if_exists("a/z").is_none());
    assert_eq!(x.cont_try_kc("a/c"), Entry::Leaf(9));
    assert_eq!(x.cont_try_kc("q"), Entry::Container(x.clone()));
}

#[test]
fn sort_by_key_sorts_every_level_by_code_point() {
    let x = c(&[("b/z", 1), ("b/Z", 2), ("b/a", 3), ("a", 4), ("_", 5)]);
    let s = x.cont_sort_by_key();
    assert_eq!(s.cont_all_key_chains(), ["_", "a", "b/Z", "b/a", "b/z"]);
    assert_eq!(s, x);
    // already sorted levels keep their shared key lists
    let again = s.cont_sort_by_key();
    assert!(Arc::ptr_eq(again.node(), s.node()));
}

// --- prune.rs ------------------------------------------------------------

#[test]
fn prune_key_chain_verified_example_and_ignores_missing() {
    assert!(c(&[("a/b", 1)]).cont_prune_key_chain("a/b").is_empty());
    let x = with_empty(c(&[("a/b/c", 1), ("a/d", 2)]), &["e"]);
    let y = x.cont_prune_key_chain("a/b/c");
    assert_eq!(y.cont_all_key_chains_with(true), ["a/d", "e"]);
    assert_eq!(x.cont_prune_key_chain("a/q"), x);
    assert_eq!(x.cont_prune_key_chain("a/d/q"), x);
    assert_eq!(x.cont_prune_key_chain(""), x);
}

#[test]
fn prune_keys_matches_substrings_of_whole_chains() {
    let x = c(&[("ab/c", 1), ("d/e", 2), ("f", 3)]);
    assert_eq!(x.cont_prune_keys(["b/c"]), c(&[("d/e", 2), ("f", 3)]));
    assert_eq!(x.cont_prune_keys(["e", "f"]), c(&[("ab/c", 1)]));
    let like = c(&[("d/e", 0)]);
    assert_eq!(
        x.cont_prune_key_chains_like(&like),
        c(&[("ab/c", 1), ("f", 3)])
    );
}

#[test]
fn prune_empty_removes_nested_empties() {
    let x = with_empty(c(&[("a", 1), ("b/c", 2)]), &["b/d", "e/f/g", "h"]);
    assert_eq!(
        x.cont_prune_empty().cont_all_key_chains_with(true),
        ["a", "b/c"]
    );
    let only_empty = with_empty(C::new(), &["x/y"]);
    assert!(only_empty.cont_prune_empty().is_empty());
}

#[test]
fn prune_key_from_key_chains_verified_example() {
    let x = c(&[("Ayy", 1), ("Bee/Cee", 2), ("Bee/Dee", 3)]);
    let y = x.cont_prune_key_from_key_chains(Some("Bee"), None);
    assert_eq!(y.ok(), Some(c(&[("Ayy", 1), ("Cee", 2), ("Dee", 3)])));
}

#[test]
fn prune_key_from_key_chains_merges_recurses_and_reports_collisions() {
    // The removed level's entries merge with what is there, the later
    // entry winning; the key is also removed below.
    let x = c(&[("a/k/x", 1), ("a/x", 2), ("a/k/k/y", 3)]);
    let y = x
        .cont_prune_key_from_key_chains(Some("k"), None)
        .unwrap_or_default();
    assert_eq!(y, c(&[("a/x", 2), ("a/y", 3)]));
    // A removed key holding a leaf takes its parent's place.
    let x = c(&[("p/k", 1), ("q/r", 2)]);
    assert_eq!(
        x.cont_prune_key_from_key_chains(Some("k"), None).ok(),
        Some(c(&[("p", 1), ("q/r", 2)]))
    );
    // ... unless the parent holds other entries.
    let x = c(&[("p/k", 1), ("p/z", 2)]);
    assert_eq!(
        err_text(x.cont_prune_key_from_key_chains(Some("k"), None)),
        "cont_prune_key_from_key_chains: key chain `p`: removing the key would put the leaf of `p/k` and other entries at the same key chain"
    );
    let x = c(&[("p/z", 2), ("p/k", 1)]);
    assert!(x.cont_prune_key_from_key_chains(Some("k"), None).is_err());
    // A leaf at the top level cannot be the result.
    assert!(
        c(&[("k", 1)])
            .cont_prune_key_from_key_chains(Some("k"), None)
            .is_err()
    );
    // Containing, and the list form.
    let x = c(&[("xa/b", 1), ("c/xd/e", 2)]);
    assert_eq!(
        x.cont_prune_key_from_key_chains(None, Some("x")).ok(),
        Some(c(&[("b", 1), ("c/e", 2)]))
    );
    assert_eq!(
        x.cont_prune_keys_from_key_chains(&["xa", "c"], &[]).ok(),
        Some(c(&[("b", 1), ("xd/e", 2)]))
    );
    assert!(x.cont_prune_keys_from_key_chains(&[], &[]).is_err());
}

#[test]
fn cutoff_verified_examples() {
    let x = c(&[("a", 1), ("b/c/d/e", 2)]);
    let d = x.cont_cutoff_at_depth(2);
    assert_eq!(d.cont_all_key_chains_with(true), ["a", "b/c"]);
    assert_eq!(
        d.get("b/c").and_then(|e| e.as_container()).map(|s| s.len()),
        Some(0)
    );
    let h = x.cont_cutoff_at_height(1);
    assert_eq!(h.cont_all_key_chains_with(true), ["a", "b/c/d"]);
    assert!(x.cont_cutoff_at_depth(0).is_empty());
    assert_eq!(x.cont_cutoff_at_height(0), x);
}

#[test]
fn cutoff_at_depth_uses_the_depth_on_every_branch() {
    // Ivy (height-based) would empty `x` (depth 1) too here.
    let x = c(&[("x/y/z", 1), ("b/c/d/e", 2)]);
    let d = x.cont_cutoff_at_depth(2);
    assert_eq!(d.cont_all_key_chains_with(true), ["x/y", "b/c"]);
}

// --- restructure.rs --------------------------------------------------------

#[test]
fn flatten_and_format_key_chains() {
    let x = with_empty(c(&[("a/b/c", 1), ("d", 2)]), &["e/f"]);
    let f = x.cont_flatten_key_chains().unwrap_or_default();
    assert_eq!(f, c(&[("a__b__c", 1), ("d", 2)]));
    let f = x
        .cont_flatten_key_chains_with(true, FlattenOptions::default())
        .unwrap_or_default();
    assert_eq!(f.cont_all_key_chains_with(true), ["a__b__c", "d", "e__f"]);
    let o = FlattenOptions {
        above_height: Some(1),
        replacement: ".",
        ..Default::default()
    };
    // "." separates keys, so this replacement re-nests the chain
    let f = x.cont_flatten_key_chains_with(false, o).unwrap_or_default();
    assert_eq!(f.cont_all_key_chains(), ["a/b/c", "d"]);
    let g = x
        .cont_format_key_chains(|kc| kc.replace('/', "_"))
        .unwrap_or_default();
    assert_eq!(g, c(&[("a_b_c", 1), ("d", 2)]));
    assert!(x.cont_format_key_chains(|_| String::new()).is_err());
}

#[test]
fn restructure_key_chains_verified_example() {
    let x = c(&[("a", 1), ("b/c", 2), ("b/d", 3)]);
    let y = x.cont_restructure_key_chains([("a", "A"), ("b/c", "B/C")]);
    assert_eq!(y.ok(), Some(c(&[("A", 1), ("B/C", 2), ("b/d", 3)])));
    // Moving onto an existing sub-container merges into it.
    let y = x.cont_restructure_key_chains([("a", "b/z")]);
    assert_eq!(y.ok(), Some(c(&[("b/c", 2), ("b/d", 3), ("b/z", 1)])));
    assert_eq!(
        err_text(x.cont_restructure_key_chains([("b/q", "z")])),
        "cont_restructure_key_chains: key chain `b/q`: no key `q` at `b`; its keys are `c`, `d`"
    );
    let o = RestructureOptions {
        keep_orig: false,
        replace: true,
    };
    let y = x.cont_restructure_key_chains_with([("b", "n")], o);
    assert_eq!(y.ok(), Some(c(&[("n/c", 2), ("n/d", 3)])));
}

#[test]
fn slice_keys_python_slices_and_strings() {
    let x = c(&[("a", 0), ("b", 1), ("bz", 2), ("c", 3), ("d", 4), ("e", 5)]);
    let keys = |s: KeySlice| -> Vec<String> {
        x.cont_slice_keys(s)
            .unwrap_or_default()
            .cont_all_key_chains()
    };
    assert_eq!(keys((1..3).into()), ["b", "bz"]);
    assert_eq!(keys((..2).into()), ["a", "b"]);
    assert_eq!(keys((4..).into()), ["d", "e"]);
    assert_eq!(keys((2..=3).into()), ["bz", "c"]);
    assert_eq!(keys(KeySlice::new(Some(-2), None, 1)), ["d", "e"]);
    assert_eq!(keys(KeySlice::new(Some(-100), Some(-4), 1)), ["a", "b"]);
    assert_eq!(keys(KeySlice::new(None, None, 2)), ["a", "bz", "d"]);
    assert_eq!(keys(KeySlice::new(Some(4), Some(0), -2)), ["bz", "d"]);
    assert_eq!(
        keys(KeySlice::new(Some(10), Some(20), 1)),
        Vec::<String>::new()
    );
    assert_eq!(keys("b:c".into()), ["b", "bz", "c"]);
    assert_eq!(keys("f:z".into()), Vec::<String>::new());
    assert_eq!(
        err_text(x.cont_slice_keys(KeySlice::new(None, None, 0))),
        "cont_slice_keys: a key slice's step cannot be 0"
    );
    assert!(x.cont_slice_keys("b:").is_err());
    assert!(x.cont_slice_keys("b-d").is_err());
}

#[test]
fn slice_keys_per_depth_and_all_depths() {
    let x = c(&[
        ("a/x", 1),
        ("a/y", 2),
        ("b/x", 3),
        ("b/y/p", 4),
        ("b/y/q", 5),
    ]);
    let y = x
        .cont_slice_keys_per_depth([(1, (1..).into())], false)
        .unwrap_or_default();
    assert_eq!(y.cont_all_key_chains(), ["a/y", "b/y/p", "b/y/q"]);
    let y = x.cont_slice_keys_all_depths(1..).unwrap_or_default();
    assert_eq!(y.cont_all_key_chains(), ["b/y/q"]);
    let y = x
        .cont_slice_keys_per_depth([(2, (..1).into()), (0, (1..).into())], true)
        .unwrap_or_default();
    // depth 1 gets the first slice given, `..1`
    assert_eq!(y.cont_all_key_chains(), ["b/x"]);
}

#[test]
fn slice_via_key_verified_example() {
    let x = c(&[("a/x", 1), ("a/y", 2), ("b/x", 3), ("b/y", 4)]);
    assert_eq!(
        x.cont_slice_via_key("x").ok(),
        Some(c(&[("a", 1), ("b", 3)]))
    );
    let top = c(&[("x/p", 1), ("y", 2)]);
    assert_eq!(top.cont_slice_via_key("x").ok(), Some(c(&[("p", 1)])));
    assert!(c(&[("x", 1)]).cont_slice_via_key("x").is_err());
    assert_eq!(x.cont_slice_via_key("q").ok(), Some(x.clone()));
}

#[test]
fn nested_list_and_dict() {
    let x = c(&[("a/b", 1), ("a/c", 2), ("d", 3)]);
    assert_eq!(
        x.cont_to_nested_list(),
        crate::nest::Nest::List(vec![
            crate::nest::Nest::List(vec![crate::nest::Nest::Leaf(1), crate::nest::Nest::Leaf(2)]),
            crate::nest::Nest::Leaf(3),
        ])
    );
    assert_eq!(x.cont_to_dict(), x.to_nest());
}
