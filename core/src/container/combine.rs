//! Combining several containers into one (Ivy's static "combination"
//! methods): [`cont_combine`](Container::cont_combine) (key union, the
//! right-most value wins), [`cont_list_join`](Container::cont_list_join),
//! [`cont_list_stack`](Container::cont_list_stack),
//! [`cont_reduce`](Container::cont_reduce),
//! [`cont_unify`](Container::cont_unify) and
//! [`cont_common_key_chains`](Container::cont_common_key_chains).
//!
//! Every function that takes several containers takes them as a slice of
//! references, `&[&Container<L>]`, as Ivy's take a list: `Container::cont_combine(&[&a, &b])`.
//!
//! The leaf-wise functions (`cont_list_join`, `cont_list_stack`,
//! `cont_reduce`, `cont_unify`) follow Ivy: they walk the keys of the
//! **first** container and take the entry at the same key chain from every
//! other one; keys only the others have are ignored. A key chain the first
//! container has and another does not, or a leaf in one where another has a
//! sub-container, is an error naming the function and the key chain.

use super::key_chain::KeyChain;
use super::{Config, Container, ContainerRef, Entry, EntryRef};
use crate::array::Array;
use crate::error::{Error, Result};
use indexmap::IndexSet;

/// How [`Container::cont_unify`] joins the leaves of several containers
/// (Ivy's `mode` strings `"concat"`, `"sum"` and `"mean"`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::container::UnifyMode;
/// assert_ne!(UnifyMode::Concat { axis: 0 }, UnifyMode::Sum);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnifyMode {
    /// Concatenate the leaves along an existing `axis` ([`concat`](fn@crate::concat)).
    Concat {
        /// The axis (negative counts from the end).
        axis: i64,
    },
    /// Add the leaves.
    Sum,
    /// Add the leaves and divide by the number of containers.
    Mean,
}

/// The error for an entry the first container has and container `i` lacks,
/// or holds as another kind (leaf against sub-container).
fn mismatch(op: &str, chain: &str, message: String) -> Error {
    Error::KeyChain {
        op: op.to_string(),
        key_chain: chain.to_string(),
        message,
    }
}

fn no_containers(op: &str) -> Error {
    Error::invalid(op, "needs at least one container")
}

/// The keys of all the containers, in order of first appearance.
fn union_keys<'a, L>(containers: &[ContainerRef<'a, L>]) -> IndexSet<&'a str> {
    let mut keys = IndexSet::new();
    for c in containers {
        keys.extend(c.keys());
    }
    keys
}

/// Walk the keys of `containers[0]`, taking each entry from every container,
/// and build a container of `leaf(leaves)` (the structure and key lists of
/// the first container). Shared by the leaf-wise functions.
pub(crate) fn zip_leaves<L, M>(
    op: &str,
    containers: &[&Container<L>],
    leaf: &mut impl FnMut(&[&L]) -> Result<M>,
) -> Result<Container<M>> {
    let Some(first) = containers.first() else {
        return Err(no_containers(op));
    };
    if containers.iter().all(|c| c.same_structure(first)) {
        // One structure: zip the leaf lists.
        let mut xs: Vec<&L> = Vec::with_capacity(containers.len());
        let mut out = Vec::with_capacity(first.num_leaves());
        for i in 0..first.num_leaves() {
            xs.clear();
            xs.extend(containers.iter().map(|c| &c.leaves_slice()[i]));
            match leaf(&xs) {
                Ok(m) => out.push(m),
                Err(e) => return Err(Error::in_container(&first.node().key_chain_of(i), e)),
            }
        }
        return Ok(Container::from_flat(
            first.node().clone(),
            out,
            first.config(),
        ));
    }
    let views: Vec<ContainerRef<'_, L>> = containers.iter().map(|c| c.view()).collect();
    let mut chain = KeyChain::new();
    zip_inner(op, &views, leaf, &mut chain)
}

fn zip_inner<L, M>(
    op: &str,
    containers: &[ContainerRef<'_, L>],
    leaf: &mut impl FnMut(&[&L]) -> Result<M>,
    chain: &mut KeyChain,
) -> Result<Container<M>> {
    let first = containers[0];
    let mut values = Vec::with_capacity(first.len());
    let mut leaves: Vec<&L> = Vec::with_capacity(containers.len());
    let mut subs: Vec<ContainerRef<'_, L>> = Vec::with_capacity(containers.len());
    for (key, entry) in first.iter() {
        let mut g = chain.push(key);
        leaves.clear();
        subs.clear();
        for (i, c) in containers.iter().enumerate() {
            let Some(e) = c.get_key(key) else {
                return Err(mismatch(
                    op,
                    g.as_str(),
                    format!("container {i} has no entry there (container 0 has one)"),
                ));
            };
            match (entry, e) {
                (EntryRef::Leaf(_), EntryRef::Leaf(l)) => leaves.push(l),
                (EntryRef::Container(_), EntryRef::Container(s)) => subs.push(s),
                (EntryRef::Leaf(_), EntryRef::Container(_)) => {
                    return Err(mismatch(
                        op,
                        g.as_str(),
                        format!(
                            "container 0 has a leaf there but container {i} has a sub-container"
                        ),
                    ));
                }
                (EntryRef::Container(_), EntryRef::Leaf(_)) => {
                    return Err(mismatch(
                        op,
                        g.as_str(),
                        format!(
                            "container 0 has a sub-container there but container {i} has a leaf"
                        ),
                    ));
                }
            }
        }
        values.push(match entry {
            EntryRef::Leaf(_) => match leaf(&leaves) {
                Ok(m) => Entry::Leaf(m),
                Err(e) => return Err(Error::in_container(g.as_str(), e)),
            },
            EntryRef::Container(_) => Entry::Container(zip_inner(op, &subs, leaf, &mut g)?),
        });
    }
    Ok(Container::from_parts(
        first.node.keys.clone(),
        values,
        first.config(),
    ))
}

impl<L> Container<L> {
    /// The key union of `containers`, recursively; where several have the
    /// same key chain **the right-most value wins** (Ivy's static
    /// `cont_combine`). A leaf to the right of a sub-container replaces the
    /// whole sub-container, and a sub-container to the right of a leaf
    /// replaces the leaf. The result has the configuration of the right-most
    /// container, and no containers give an empty one.
    ///
    /// Keys are in order of first appearance, left to right (Ivy sorts them).
    /// Python raises when a leaf is left of a sub-container at the same key;
    /// here the sub-container wins, as a right-most value does.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::Container;
    /// let a = Container::from_key_chains([("a", 1), ("b/c", 2), ("b/d", 3)])?;
    /// let b = Container::from_key_chains([("b/c", 20), ("e", 5)])?;
    /// let c = Container::cont_combine(&[&a, &b]);
    /// assert_eq!(c.cont_all_key_chains(), ["a", "b/c", "b/d", "e"]);
    /// assert_eq!(c.cont_to_flat_list(), [1, 20, 3, 5]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_combine(containers: &[&Container<L>]) -> Container<L>
    where
        L: Clone,
    {
        match containers {
            [] => Container::new(),
            [one] => (*one).clone(),
            many => {
                let views: Vec<ContainerRef<'_, L>> = many.iter().map(|c| c.view()).collect();
                combine_containers(&views, many.last().map(|c| c.config()).unwrap_or_default())
            }
        }
    }

    /// The key chains of the leaves every container has, in the order of the
    /// first container (Ivy's static `cont_common_key_chains`, whose order
    /// is a set's). No containers give no chains.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::Container;
    /// let a = Container::from_key_chains([("a", 1), ("b/c", 2), ("b/d", 3)])?;
    /// let b = Container::from_key_chains([("b/d", 4), ("a", 5), ("b/e", 6)])?;
    /// assert_eq!(Container::cont_common_key_chains(&[&a, &b]), ["a", "b/d"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_common_key_chains(containers: &[&Container<L>]) -> Vec<String> {
        let Some((first, rest)) = containers.split_first() else {
            return Vec::new();
        };
        first
            .cont_to_iterator()
            .filter(|(kc, _)| rest.iter().all(|c| c.get(kc).is_some_and(|e| e.is_leaf())))
            .map(|(kc, _)| kc)
            .collect()
    }

    /// A container of the structure of `containers[0]` whose leaves are the
    /// lists of the containers' leaves at the same key chain, in order (Ivy's
    /// static `cont_list_stack`; its `dim` argument is unused there and
    /// absent here). For arrays,
    /// [`cont_list_stack_arrays`](Container::cont_list_stack_arrays) stacks
    /// them into one array instead.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::Container;
    /// // [C(a=1), C(a=3)] -> {a: [1, 3]}
    /// let x = Container::from_key_chains([("a", 1)])?;
    /// let y = Container::from_key_chains([("a", 3)])?;
    /// let s = Container::cont_list_stack(&[&x, &y])?;
    /// assert_eq!(s.leaf("a")?, &vec![1, 3]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_list_stack(containers: &[&Container<L>]) -> Result<Container<Vec<L>>>
    where
        L: Clone,
    {
        zip_leaves("cont_list_stack", containers, &mut |xs: &[&L]| {
            Ok(xs.iter().map(|x| (*x).clone()).collect())
        })
    }

    /// `reduction` applied to the leaves of `containers` at each key chain
    /// of the first container (Ivy's static `cont_reduce`). An error of the
    /// reduction is returned with the key chain of its leaves
    /// ([`Error::InContainer`]).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::Container;
    /// // [C(a=1, b={c: 2}), C(a=3, b={c: 4})] with sum -> {a: 4, b: {c: 6}}
    /// let x = Container::from_key_chains([("a", 1), ("b/c", 2)])?;
    /// let y = Container::from_key_chains([("a", 3), ("b/c", 4)])?;
    /// let s = Container::cont_reduce(&[&x, &y], |xs| Ok(xs.iter().copied().sum::<i64>()))?;
    /// assert_eq!(s, Container::from_key_chains([("a", 4), ("b/c", 6)])?);
    ///
    /// let err = Container::cont_reduce(&[&x, &y], |xs| {
    ///     if *xs[0] == 2 { Err(ivy::Error::invalid("my_sum", "two")) } else { Ok(0) }
    /// });
    /// assert_eq!(err.unwrap_err().to_string(), "at key chain `b/c`: my_sum: two");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_reduce<M>(
        containers: &[&Container<L>],
        mut reduction: impl FnMut(&[&L]) -> Result<M>,
    ) -> Result<Container<M>> {
        zip_leaves("cont_reduce", containers, &mut reduction)
    }
}

impl<T: Clone> Container<Vec<T>> {
    /// The lists at each key chain of the first container, joined end to end
    /// (Ivy's static `cont_list_join`: `[C(a=[1]), C(a=[3])]` gives
    /// `{a: [1, 3]}`). For arrays,
    /// [`cont_list_join_arrays`](Container::cont_list_join_arrays)
    /// concatenates them instead.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::Container;
    /// let x = Container::from_key_chains([("a", vec![1]), ("b/c", vec![2, 3])])?;
    /// let y = Container::from_key_chains([("a", vec![3]), ("b/c", vec![])])?;
    /// let j = Container::cont_list_join(&[&x, &y])?;
    /// assert_eq!(j.leaf("a")?, &vec![1, 3]);
    /// assert_eq!(j.leaf("b/c")?, &vec![2, 3]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_list_join(containers: &[&Container<Vec<T>>]) -> Result<Container<Vec<T>>> {
        zip_leaves("cont_list_join", containers, &mut |xs: &[&Vec<T>]| {
            Ok(xs.iter().flat_map(|x| x.iter().cloned()).collect())
        })
    }
}

impl Container<Array> {
    /// The arrays at each key chain of the first container stacked along a
    /// new `axis` with [`stack`](fn@crate::stack): the array form of
    /// [`cont_list_stack`](Container::cont_list_stack), which makes lists.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::Container;
    /// let x = ivy::container! { a: [1, 2], b: { c: 5 } };
    /// let y = ivy::container! { a: [3, 4], b: { c: 6 } };
    /// let s = Container::cont_list_stack_arrays(&[&x, &y], 0)?;
    /// assert_eq!(s.leaf("a")?, &ivy::array![[1, 2], [3, 4]]);
    /// assert_eq!(s.leaf("b/c")?, &ivy::array![5, 6]);
    /// let t = Container::cont_list_stack_arrays(&[&x, &y], -1)?;
    /// assert_eq!(t.leaf("a")?, &ivy::array![[1, 3], [2, 4]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_list_stack_arrays(containers: &[&Container], axis: i64) -> Result<Container> {
        zip_leaves(
            "cont_list_stack_arrays",
            containers,
            &mut |xs: &[&Array]| {
                crate::stack_with(xs.to_vec(), crate::opts::Stack::new().axis(axis))
            },
        )
    }

    /// The arrays at each key chain of the first container concatenated
    /// along the existing `axis` with [`concat`](fn@crate::concat): the
    /// array form of [`cont_list_join`](Container::cont_list_join) (and of
    /// Ivy's `container_combine_method="concat"`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::Container;
    /// let x = ivy::container! { a: [1, 2] };
    /// let y = ivy::container! { a: [3] };
    /// let j = Container::cont_list_join_arrays(&[&x, &y], 0)?;
    /// assert_eq!(j.leaf("a")?, &ivy::array![1, 2, 3]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_list_join_arrays(containers: &[&Container], axis: i64) -> Result<Container> {
        zip_leaves(
            "cont_list_join_arrays",
            containers,
            &mut |xs: &[&Array]| {
                crate::concat_with(xs.to_vec(), crate::opts::Concat::new().axis(Some(axis)))
            },
        )
    }

    /// One container from several (Ivy's static `cont_unify`): at each key
    /// chain of the first container, the arrays are concatenated along an
    /// axis, added, or averaged.
    ///
    /// Ivy takes a dict from device to container and moves every array to
    /// one device first; here the arrays are used where they are (move them
    /// with the device functions first; arrays of different backends are an
    /// error of the op). Ivy's sum starts from `zeros([])`, a float32 0-d
    /// array that makes an integer sum float; here it starts from the first
    /// leaf, so the dtype is the promoted dtype of the leaves. The mean is
    /// the sum divided by the number of containers.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::{Container, container::UnifyMode};
    /// let x = ivy::container! { a: [1.0, 2.0], b: { c: [10.0] } };
    /// let y = ivy::container! { a: [3.0, 4.0], b: { c: [20.0] } };
    /// let sum = Container::cont_unify(&[&x, &y], UnifyMode::Sum)?;
    /// assert_eq!(sum.leaf("a")?, &ivy::array![4.0, 6.0]);
    /// let mean = Container::cont_unify(&[&x, &y], UnifyMode::Mean)?;
    /// assert_eq!(mean.leaf("b/c")?, &ivy::array![15.0]);
    /// let cat = Container::cont_unify(&[&x, &y], UnifyMode::Concat { axis: 0 })?;
    /// assert_eq!(cat.leaf("a")?, &ivy::array![1.0, 2.0, 3.0, 4.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_unify(containers: &[&Container], mode: UnifyMode) -> Result<Container> {
        let n = containers.len();
        zip_leaves("cont_unify", containers, &mut |xs: &[&Array]| match mode {
            UnifyMode::Concat { axis } => {
                crate::concat_with(xs.to_vec(), crate::opts::Concat::new().axis(Some(axis)))
            }
            UnifyMode::Sum => sum_arrays(xs),
            UnifyMode::Mean => {
                let s = sum_arrays(xs)?;
                crate::divide(&s, n as f64)
            }
        })
    }
}

/// The elementwise sum of one or more arrays.
fn sum_arrays(xs: &[&Array]) -> Result<Array> {
    let Some((first, rest)) = xs.split_first() else {
        return Err(Error::invalid("cont_unify", "no arrays to add"));
    };
    let mut acc: Array = (*first).clone();
    for x in rest {
        acc = crate::add(&acc, *x)?;
    }
    Ok(acc)
}

/// `cont_combine` of two or more containers.
fn combine_containers<L: Clone>(
    containers: &[ContainerRef<'_, L>],
    config: Config,
) -> Container<L> {
    let mut out = Container::with_config(config);
    let mut entries: Vec<EntryRef<'_, L>> = Vec::with_capacity(containers.len());
    for key in union_keys(containers) {
        entries.clear();
        entries.extend(containers.iter().filter_map(|c| c.get_key(key)));
        out.insert_key_unchecked(key, combine_entries(&entries, config));
    }
    out
}

/// The right-most entry wins; sub-containers right of the last leaf are
/// combined.
fn combine_entries<L: Clone>(entries: &[EntryRef<'_, L>], config: Config) -> Entry<L> {
    let start = entries
        .iter()
        .rposition(|e| e.is_leaf())
        .map_or(0, |i| i + 1);
    if start == entries.len() {
        // The right-most entry is a leaf.
        return entries[start - 1].to_entry();
    }
    let subs: Vec<ContainerRef<'_, L>> = entries[start..]
        .iter()
        .filter_map(|e| e.as_container())
        .collect();
    match subs.as_slice() {
        [one] => Entry::Container(one.to_container()),
        many => Entry::Container(combine_containers(many, config)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(pairs: &[(&str, i64)]) -> Container<i64> {
        Container::from_key_chains(pairs.iter().copied()).unwrap_or_default()
    }

    #[test]
    fn combine_right_most_wins_recursively() {
        let a = c(&[("a", 1), ("b/c", 2), ("b/d", 3)]);
        let b = c(&[("b/d", 30), ("e", 4)]);
        let x = c(&[("b/c", 200)]);
        let r = Container::cont_combine(&[&a, &b, &x]);
        assert_eq!(r, c(&[("a", 1), ("b/c", 200), ("b/d", 30), ("e", 4)]));
        assert_eq!(r.cont_all_key_chains(), ["a", "b/c", "b/d", "e"]);
    }

    #[test]
    fn combine_leaf_and_sub_container_replace_each_other() {
        let a = c(&[("a/x", 1)]);
        let b = c(&[("a", 2)]);
        assert_eq!(Container::cont_combine(&[&a, &b]), c(&[("a", 2)]));
        // A sub-container right of a leaf replaces it; one left of the leaf
        // is not merged in.
        let d = c(&[("a/y", 3)]);
        assert_eq!(Container::cont_combine(&[&a, &b, &d]), c(&[("a/y", 3)]));
        assert_eq!(Container::cont_combine(&[&b, &d]), c(&[("a/y", 3)]));
    }

    #[test]
    fn combine_of_none_and_one() {
        assert!(Container::<i64>::cont_combine(&[]).is_empty());
        let a = c(&[("a", 1)]);
        assert_eq!(Container::cont_combine(&[&a]), a);
    }

    #[test]
    fn combine_takes_the_right_most_config() {
        let a = c(&[("a", 1)]);
        let mut b = c(&[("b", 2)]);
        b.set_config(Config {
            print_indent: 2,
            ..Config::default()
        });
        assert_eq!(Container::cont_combine(&[&a, &b]).config().print_indent, 2);
    }

    #[test]
    fn list_join_and_stack() {
        let x = Container::from_key_chains([("a", vec![1]), ("b/c", vec![2])]).unwrap_or_default();
        let y =
            Container::from_key_chains([("a", vec![3]), ("b/c", vec![4, 5])]).unwrap_or_default();
        let j = Container::cont_list_join(&[&x, &y]);
        assert_eq!(
            j.ok(),
            Container::from_key_chains([("a", vec![1, 3]), ("b/c", vec![2, 4, 5])]).ok()
        );
        let s = Container::cont_list_stack(&[&x, &y]);
        assert_eq!(
            s.ok(),
            Container::from_key_chains([
                ("a", vec![vec![1], vec![3]]),
                ("b/c", vec![vec![2], vec![4, 5]])
            ])
            .ok()
        );
    }

    #[test]
    fn reduce_sums_at_every_chain() {
        let x = c(&[("a", 1), ("b/c", 2)]);
        let y = c(&[("a", 3), ("b/c", 4)]);
        let r = Container::cont_reduce(&[&x, &y], |xs| Ok(xs.iter().copied().sum::<i64>()));
        assert_eq!(r.ok(), Some(c(&[("a", 4), ("b/c", 6)])));
    }

    #[test]
    fn reduce_follows_the_first_containers_keys() {
        let x = c(&[("a", 1)]);
        let y = c(&[("a", 3), ("z", 9)]);
        let r = Container::cont_reduce(&[&x, &y], |xs| Ok(xs.len()));
        assert_eq!(
            r.ok().map(|r| r.cont_all_key_chains()),
            Some(vec!["a".to_string()])
        );
    }

    #[test]
    fn missing_and_mismatched_entries_name_the_chain() {
        let x = c(&[("a", 1), ("b/c", 2)]);
        let y = c(&[("a", 3)]);
        let e = Container::cont_reduce(&[&x, &y], |_| Ok(0))
            .map(|_| ())
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "cont_reduce: key chain `b`: container 1 has no entry there (container 0 has one)"
        );
        let z = c(&[("a", 3), ("b", 4)]);
        let e = Container::cont_list_stack(&[&x, &z])
            .map(|_| ())
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "cont_list_stack: key chain `b`: container 0 has a sub-container there but container 1 has a leaf"
        );
        let w = c(&[("a/q", 3), ("b/c", 4)]);
        let e = Container::cont_list_stack(&[&x, &w])
            .map(|_| ())
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "cont_list_stack: key chain `a`: container 0 has a leaf there but container 1 has a sub-container"
        );
        let e = Container::<i64>::cont_reduce(&[], |_| Ok(0))
            .map(|_| ())
            .unwrap_err();
        assert_eq!(e.to_string(), "cont_reduce: needs at least one container");
    }

    #[test]
    fn reduce_errors_carry_the_leaf_chain() {
        let x = c(&[("a", 1), ("b/c/d", 2)]);
        let e = Container::cont_reduce(&[&x], |xs| {
            if *xs[0] == 2 {
                Err(Error::invalid("f", "bad"))
            } else {
                Ok(())
            }
        })
        .map(|_| ())
        .unwrap_err();
        assert_eq!(e.to_string(), "at key chain `b/c/d`: f: bad");
    }

    #[test]
    fn common_key_chains_keep_the_first_order() {
        let x = c(&[("a", 1), ("b/c", 2), ("b/d", 3)]);
        let y = c(&[("b/d", 1), ("b/c/e", 2), ("a", 3)]);
        // `b/c` is a leaf in x and a sub-container in y: not common.
        assert_eq!(Container::cont_common_key_chains(&[&x, &y]), ["a", "b/d"]);
        assert_eq!(
            Container::cont_common_key_chains(&[&x]),
            ["a", "b/c", "b/d"]
        );
        assert!(Container::<i64>::cont_common_key_chains(&[]).is_empty());
    }
}
