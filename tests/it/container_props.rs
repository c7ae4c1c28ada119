//! Property tests of the container laws on random containers (depth up to 4,
//! `i64` leaves, and float32 arrays for the ops):
//!
//! - `cont_from_flat_list(cont_to_flat_list(c)) == c`, and the key chains of
//!   the iterator are `cont_all_key_chains`;
//! - `from_key_chains(cont_to_iterator(c)) == c` (no empty sub-containers);
//! - `from_nest(to_nest(c)) == c`;
//! - `cont_map(identity) == c`; `cont_multi_map` of a container with itself
//!   is `cont_map` of the doubled function;
//! - a nestable op over a container equals the op at each leaf, and a leaf
//!   broadcast over the container equals the op with that leaf everywhere;
//! - the JSON form reads back equal.

use ivy::container::MultiArg;
use ivy::{Container, ContainerRef, Entry, EntryRef};
use proptest::prelude::*;

/// Random containers with `i64` leaves.
fn container() -> impl Strategy<Value = Container<i64>> {
    let leaf = any::<i64>().prop_map(Entry::Leaf);
    let entry = leaf.prop_recursive(4, 48, 5, |inner| {
        prop::collection::vec(("[a-d]{1,2}", inner), 0..5).prop_map(|kv| {
            let mut c = Container::new();
            for (k, v) in kv {
                c.insert_key(&k, v).expect("valid key");
            }
            Entry::Container(c)
        })
    });
    prop::collection::vec(("[a-e]{1,2}", entry), 0..6).prop_map(|kv| {
        let mut c = Container::new();
        for (k, v) in kv {
            c.insert_key(&k, v).expect("valid key");
        }
        c
    })
}

fn has_empty_sub(c: ContainerRef<'_, i64>) -> bool {
    c.values().any(|e| match e {
        EntryRef::Container(s) => s.is_empty() || has_empty_sub(s),
        EntryRef::Leaf(_) => false,
    })
}

proptest! {
    #[test]
    fn flat_list_round_trip(c in container()) {
        let flat = c.cont_to_flat_list();
        prop_assert_eq!(flat.len(), c.num_leaves());
        let back = c.cont_from_flat_list(flat).unwrap();
        prop_assert_eq!(&back, &c);
        let kcs: Vec<String> = c.cont_to_iterator().map(|(kc, _)| kc).collect();
        prop_assert_eq!(kcs, c.cont_all_key_chains());
    }

    #[test]
    fn key_chains_and_nests_round_trip(c in container()) {
        if !has_empty_sub(c.view()) {
            let pairs: Vec<(String, i64)> = c.cont_to_iterator().map(|(kc, v)| (kc, *v)).collect();
            let back: Container<i64> = Container::from_key_chains(pairs).unwrap();
            prop_assert_eq!(&back, &c);
        }
        let back = Container::from_nest(c.to_nest()).unwrap();
        prop_assert_eq!(&back, &c);
    }

    #[test]
    fn maps_keep_structure(c in container()) {
        prop_assert_eq!(&c.cont_map(|x, _| Ok(*x)).unwrap(), &c);
        let twice = Container::cont_multi_map(&[MultiArg::from(&c), MultiArg::from(&c)], |xs, _| {
            Ok(xs[0].wrapping_add(*xs[1]))
        })
        .unwrap();
        let doubled = c.cont_map(|x, _| Ok(x.wrapping_mul(2))).unwrap();
        prop_assert_eq!(twice, doubled);
        let broadcast = Container::cont_multi_map(&[MultiArg::from(&c), MultiArg::Leaf(&1)], |xs, _| {
            Ok(xs[0].wrapping_add(*xs[1]))
        })
        .unwrap();
        prop_assert_eq!(broadcast, c.cont_map(|x, _| Ok(x.wrapping_add(1))).unwrap());
    }

    #[test]
    fn ops_over_containers_are_ops_at_each_leaf(c in container()) {
        let arrays = c.cont_map(|x, _| Ok(ivy::array![*x as f32, (*x % 7) as f32])).unwrap();
        let y = ivy::array![0.5f32, -2.0];
        let nested = ivy::multiply(&arrays, &y).unwrap();
        let by_leaf = arrays.cont_map(|x, _| ivy::multiply(x, &y)).unwrap();
        prop_assert_eq!(&nested, &by_leaf);
        let method = arrays.subtract(&arrays).unwrap();
        prop_assert_eq!(method, arrays.cont_map(|x, _| x - x).unwrap());
        let json = serde_json::to_string(&arrays).unwrap();
        let back: Container = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, arrays);
    }
}
