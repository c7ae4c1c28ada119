//! Unit tests of the container core: building, key chains, iteration.

use super::*;

fn abc() -> Container<i64> {
    Container::from_key_chains([("a", 1), ("b/c", 2), ("b/d", 3)]).unwrap_or_default()
}

#[test]
fn key_chains_with_dots_and_slashes_are_the_same() {
    let c = abc();
    assert_eq!(c.get("b.c"), c.get("b/c"));
    assert_eq!(c.leaf("b.d").ok(), Some(&3));
}

#[test]
fn insert_keeps_order_and_replaces_in_place() {
    let mut c = abc();
    assert!(
        c.insert("a", 10)
            .is_ok_and(|old| old.and_then(Entry::into_leaf) == Some(1))
    );
    assert_eq!(c.keys().collect::<Vec<_>>(), ["a", "b"]);
    assert!(c.insert("b/e/f", 4).is_ok());
    assert_eq!(c.cont_all_key_chains(), ["a", "b/c", "b/d", "b/e/f"]);
}

#[test]
fn missing_chains_name_the_keys_where_the_walk_stopped() {
    let c = abc();
    let e = c.cont_at_key_chain("b/x/y").map(|_| ()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "cont_at_key_chain: key chain `b/x/y`: no key `x` at `b`; its keys are `c`, `d`"
    );
    let e = c.cont_at_key_chain("q").map(|_| ()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "cont_at_key_chain: key chain `q`: no key `q` at the top level; its keys are `a`, `b`"
    );
    let e = c.cont_at_key_chain("a/z").map(|_| ()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "cont_at_key_chain: key chain `a/z`: `a` is a leaf, not a container, so it has no key `z`"
    );
}

#[test]
fn invalid_keys_are_errors() {
    let mut c = abc();
    assert!(c.insert("a//b", 1).is_err());
    assert!(c.insert_key("x/y", 1).is_err());
    assert!(c.insert_key("", 1).is_err());
    assert!(c.remove("").is_err());
}

#[test]
fn remove_reports_missing_keys() {
    let mut c = abc();
    assert!(c.remove("b/q").is_err());
    assert!(c.remove("a/q").is_err());
    assert_eq!(c.remove("b/c").ok().and_then(Entry::into_leaf), Some(2));
    assert_eq!(c.cont_all_key_chains(), ["a", "b/d"]);
}

#[test]
fn equality_ignores_key_order_and_config() {
    let a = abc();
    let mut b = Container::from_key_chains([("b/d", 3), ("b/c", 2), ("a", 1)]).unwrap_or_default();
    b.set_config(Config {
        print_indent: 2,
        ..Config::default()
    });
    assert_eq!(a, b);
    assert!(!a.same_structure(&b));
    assert_ne!(a, a.map_leaves(|x| x + 1));
}

#[test]
fn flat_list_round_trip_shares_structure() {
    let c = abc();
    let flat = c.cont_to_flat_list();
    let back = c
        .cont_from_flat_list(flat.iter().map(|x| x * 2))
        .unwrap_or_default();
    assert!(back.same_structure(&c));
    assert!(Arc::ptr_eq(back.node(), c.node()));
    assert_eq!(back.cont_to_flat_list(), [2, 4, 6]);
    assert!(c.cont_from_flat_list([1, 2, 3, 4]).is_err());
}

#[test]
fn leaves_mut_and_iterators_agree() {
    let mut c = abc();
    for x in c.leaves_mut() {
        *x += 1;
    }
    let items: Vec<(String, i64)> = c.cont_to_iterator().map(|(k, v)| (k, *v)).collect();
    assert_eq!(
        items,
        [
            ("a".to_string(), 2),
            ("b/c".to_string(), 3),
            ("b/d".to_string(), 4)
        ]
    );
    assert_eq!(
        c.cont_to_iterator_keys().collect::<Vec<_>>(),
        c.cont_all_key_chains()
    );
    assert_eq!(c.cont_to_iterator_values().count(), 3);
}

#[test]
fn try_map_names_the_failing_leaf() {
    let c = abc();
    let e = c
        .try_map_leaves(|&x| {
            if x == 3 {
                Err(Error::invalid("f", "three"))
            } else {
                Ok(x)
            }
        })
        .map(|_| ())
        .unwrap_err();
    assert_eq!(e.to_string(), "at key chain `b/d`: f: three");
}

#[test]
fn nest_round_trip() {
    let c = abc();
    let n = c.to_nest();
    assert_eq!(Container::from_nest(n).ok(), Some(c));
}
