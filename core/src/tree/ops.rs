//! The `tree_*` functions (JAX's `jax.tree_util`, optree's `optree.ops`).

use super::def::{Mismatch, Node, NodeKind, node_agrees, paired_children};
use super::def::{
    NodeRef, TreeDef, leaf_offsets, match_prefix, split_up_to, take_subtrees, unflatten_impl,
    zip_order,
};
use super::key::KeyPath;
use super::subtree::{FlattenConfig, Subtree, cut, map_cut, split_at_roots, unflatten_parts};
use super::visit::{
    ForEach, ForEachOrNone, Tree, TreeMap, flatten_impl, flatten_refs, structure_impl,
};
use crate::error::{Error, Result};

/// Flatten a tree into its leaves (cloned, in leaf order) and its structure
/// (JAX's `tree_flatten`).
///
/// Leaves are in pre-order: sequence and tuple elements in order, struct
/// fields in declaration order, map entries in sorted key order.
///
/// ```
/// # use ivy_core as ivy;
/// // The seed's example: the leaves are the `*` of the structure.
/// let value_structured = vec![(1.0, None), (2.0, Some(3.0))];
/// let (value_flat, value_tree) = ivy::tree_flatten(&value_structured);
/// assert_eq!(value_flat, [1.0, 2.0, 3.0]);
/// assert_eq!(value_tree.to_string(), "TreeDef([(*, None), (*, *)])");
/// let transformed_flat: Vec<f64> = value_flat.iter().map(|v| v * 2.0).collect();
/// let transformed: Vec<(f64, Option<f64>)> = ivy::tree_unflatten(&value_tree, transformed_flat)?;
/// assert_eq!(transformed, [(2.0, None), (4.0, Some(6.0))]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn tree_flatten<T: Tree<L>, L: Clone>(tree: &T) -> (Vec<L>, TreeDef) {
    flatten_impl(tree)
}

/// Rebuild a `T` from a structure and leaves (JAX's `tree_unflatten`).
///
/// Fails with an [`Error::Structure`] naming the key path of the first
/// disagreement when the number of leaves is wrong or when `T` does not have
/// that structure.
///
/// ```
/// # use ivy_core as ivy;
/// let def = ivy::tree_structure(&(0.0, vec![0.0, 0.0]));
/// let t: (f64, Vec<f64>) = ivy::tree_unflatten(&def, [1.0, 2.0, 3.0])?;
/// assert_eq!(t, (1.0, vec![2.0, 3.0]));
///
/// let err = ivy::tree_unflatten::<(f64, Vec<f64>), f64>(&def, [1.0]).unwrap_err();
/// assert_eq!(err.to_string(), "tree_unflatten: at tree: expected 3 leaves, got 1");
/// let err = ivy::tree_unflatten::<(f64, (f64, f64)), f64>(&def, [1.0, 2.0, 3.0]).unwrap_err();
/// assert_eq!(err.to_string(), "tree_unflatten: at tree[1]: expected a tuple of 2, got a list of 2");
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn tree_unflatten<T: Tree<L>, L>(
    def: &TreeDef,
    leaves: impl IntoIterator<Item = L>,
) -> Result<T> {
    unflatten_impl("tree_unflatten", def, leaves.into_iter().collect())
}

/// The leaves of a tree, borrowed, in leaf order (JAX's `tree_leaves`).
///
/// ```
/// # use ivy_core as ivy;
/// let t = (1, vec![2, 3], None::<i32>, [4]);
/// assert_eq!(ivy::tree_leaves(&t), [&1, &2, &3, &4]);
/// ```
pub fn tree_leaves<T: Tree<L>, L>(tree: &T) -> Vec<&L> {
    let mut out = Vec::new();
    tree.flatten_into(&mut ForEach(|l| out.push(l)));
    out
}

/// The structure of a tree (JAX's `tree_structure`).
///
/// ```
/// # use ivy_core as ivy;
/// use std::collections::BTreeMap;
/// let t = vec![1.0, 2.0];
/// let m = BTreeMap::from([("k1", 2.0), ("k2", 3.0)]);
/// assert_eq!(ivy::tree_structure(&(1.0, t, m)).to_string(), "TreeDef((*, [*, *], {'k1': *, 'k2': *}))");
/// ```
pub fn tree_structure<T: Tree<L>, L>(tree: &T) -> TreeDef {
    structure_impl(tree)
}

/// Map every leaf with `f`, keeping the structure (JAX's `tree_map` over one
/// tree). The leaf type may change: `Vec<f64>` maps to `Vec<M>`.
///
/// ```
/// # use ivy_core as ivy;
/// let params = vec![(1.0, 2.0), (3.0, 4.0)];
/// assert_eq!(ivy::tree_map(|x| x + 1.0, &params), [(2.0, 3.0), (4.0, 5.0)]);
/// let arrays: Vec<(ivy::Array, ivy::Array)> = ivy::tree_map(|&x| ivy::Array::scalar(x), &params);
/// assert_eq!(arrays[1].0, ivy::Array::scalar(3.0));
/// ```
pub fn tree_map<T, L, M>(mut f: impl FnMut(&L) -> M, tree: &T) -> T::Output
where
    T: TreeMap<L, M>,
{
    tree.map_ref(&mut f)
}

/// Map every leaf with a fallible `f`, stopping at the first error.
///
/// ```
/// # use ivy_core as ivy;
/// let to_u8 = |x: &i64| u8::try_from(*x).map_err(|e| ivy::Error::invalid("cast", e.to_string()));
/// assert_eq!(ivy::tree_try_map(to_u8, &vec![1, 2])?, vec![1u8, 2]);
/// assert!(ivy::tree_try_map(to_u8, &vec![1, 300]).is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn tree_try_map<T, L, M, E>(
    mut f: impl FnMut(&L) -> std::result::Result<M, E>,
    tree: &T,
) -> std::result::Result<T::Output, E>
where
    T: TreeMap<L, M>,
    E: From<Error>,
{
    tree.try_map_ref(&mut f)
}

/// Apply `f` to every leaf in place, in leaf order (optree's `tree_map_`,
/// without copying the tree).
///
/// ```
/// # use ivy_core as ivy;
/// let mut params = std::collections::BTreeMap::from([("b", vec![1.0]), ("a", vec![2.0, 3.0])]);
/// let mut seen = Vec::new();
/// ivy::tree_map_mut(|x: &mut f64| { seen.push(*x); *x *= 10.0 }, &mut params);
/// assert_eq!(seen, [2.0, 3.0, 1.0]);
/// assert_eq!(params["a"], [20.0, 30.0]);
/// ```
pub fn tree_map_mut<T: Tree<L>, L>(mut f: impl FnMut(&mut L), tree: &mut T) {
    tree.for_each_mut(&mut f)
}

/// The leaves of `b` in the order that faces `a`'s leaves (see
/// [`zip_order`]).
fn line_up<T: Copy>(leaves: Vec<T>, order: Option<Vec<usize>>) -> Vec<T> {
    match order {
        None => leaves,
        Some(o) => o.iter().filter_map(|&j| leaves.get(j).copied()).collect(),
    }
}

/// The leaves of `b`, borrowed, lined up with the leaves of a tree of
/// structure `da`.
fn zip_leaves<'b, U: Tree<L>, L>(op: &str, da: &TreeDef, b: &'b U) -> Result<Vec<&'b L>> {
    let (lb, db) = flatten_refs(b);
    let order = zip_order(op, da, &db)?;
    Ok(line_up(lb, order))
}

/// Map two trees of equal structure leaf by leaf (JAX's
/// `tree_map(f, a, b)`). The result has `a`'s type with `f`'s leaves.
///
/// The structures must be equal; otherwise the error names the key path of
/// the first disagreement and why. When `a` is only a prefix of `b`, use
/// [`tree_map_up_to`] (or [`tree_broadcast_prefix`] first). As in optree,
/// maps of different kinds (`BTreeMap`, `IndexMap`,
/// [`DefaultDict`](crate::tree::DefaultDict)) with the same keys zip key by
/// key, whatever their orders.
///
/// ```
/// # use ivy_core as ivy;
/// use std::collections::BTreeMap;
/// let params = BTreeMap::from([("w", vec![1.0, 2.0]), ("b", vec![0.5])]);
/// let grads = BTreeMap::from([("w", vec![0.1, 0.2]), ("b", vec![1.0])]);
/// let new = ivy::tree_map2(|p, g| p - 0.5 * g, &params, &grads)?;
/// assert_eq!(new["w"], [0.95, 1.9]);
///
/// let bad = BTreeMap::from([("w", vec![0.1]), ("b", vec![1.0])]);
/// let err = ivy::tree_map2(|p: &f64, g: &f64| p - g, &params, &bad).unwrap_err();
/// assert_eq!(err.to_string(), "tree_map2: at tree['w']: list arity mismatch: expected 2 children, got 1");
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn tree_map2<T, U, L1, L2, M>(
    mut f: impl FnMut(&L1, &L2) -> M,
    a: &T,
    b: &U,
) -> Result<T::Output>
where
    T: TreeMap<L1, M>,
    U: Tree<L2>,
{
    let lb = zip_leaves("tree_map2", &structure_impl(a), b)?;
    let mut it = lb.into_iter();
    a.try_map_ref(&mut |x| match it.next() {
        Some(y) => Ok(f(x, y)),
        None => Err(Error::structure(
            "tree_map2",
            "tree",
            "the second tree has fewer leaves",
        )),
    })
}

/// Map three trees of equal structure leaf by leaf.
///
/// ```
/// # use ivy_core as ivy;
/// let r = ivy::tree_map3(|a, b, c| a + b * c, &(1, [2]), &(3, [4]), &(5, [6]))?;
/// assert_eq!(r, (16, [26]));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn tree_map3<T, U, V, L1, L2, L3, M>(
    mut f: impl FnMut(&L1, &L2, &L3) -> M,
    a: &T,
    b: &U,
    c: &V,
) -> Result<T::Output>
where
    T: TreeMap<L1, M>,
    U: Tree<L2>,
    V: Tree<L3>,
{
    let da = structure_impl(a);
    let lb = zip_leaves("tree_map3", &da, b)?;
    let lc = zip_leaves("tree_map3", &da, c)?;
    let (mut ib, mut ic) = (lb.into_iter(), lc.into_iter());
    a.try_map_ref(&mut |x| match (ib.next(), ic.next()) {
        (Some(y), Some(z)) => Ok(f(x, y, z)),
        _ => Err(Error::structure(
            "tree_map3",
            "tree",
            "a tree has fewer leaves",
        )),
    })
}

/// Map a tree and any number of others of equal structure (and one leaf
/// type): `f` gets the first tree's leaf and the others' leaves at the same
/// position.
///
/// ```
/// # use ivy_core as ivy;
/// let a = vec![1.0, 2.0];
/// let (b, c) = (vec![10.0, 20.0], vec![100.0, 200.0]);
/// let sums = ivy::tree_map_n(|x, rest| x + rest.iter().copied().sum::<f64>(), &a, &[&b, &c])?;
/// assert_eq!(sums, [111.0, 222.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn tree_map_n<T, U, L1, L2, M>(
    mut f: impl FnMut(&L1, &[&L2]) -> M,
    first: &T,
    rest: &[&U],
) -> Result<T::Output>
where
    T: TreeMap<L1, M>,
    U: Tree<L2>,
{
    let da = structure_impl(first);
    let mut iters = Vec::with_capacity(rest.len());
    for t in rest {
        iters.push(zip_leaves("tree_map_n", &da, *t)?.into_iter());
    }
    let mut buf: Vec<&L2> = Vec::with_capacity(rest.len());
    first.try_map_ref(&mut |x| {
        buf.clear();
        for it in iters.iter_mut() {
            match it.next() {
                Some(y) => buf.push(y),
                None => {
                    return Err(Error::structure(
                        "tree_map_n",
                        "tree",
                        "a tree has fewer leaves",
                    ));
                }
            }
        }
        Ok(f(x, &buf))
    })
}

/// Map a tree over the subtrees of a deeper one: `prefix`'s structure must
/// be a prefix of `full`'s, and `f` gets each leaf of `prefix` with the
/// subtree of `full` at the same position (JAX's `tree_map(f, prefix, full)`
/// with a deeper second tree; dm-tree's `map_structure_up_to`).
///
/// ```
/// # use ivy_core as ivy;
/// // vmap-style axes: one per argument, applied to a whole argument subtree.
/// let in_axes: (i32, i32) = (0, 1);
/// let args: (Vec<f64>, (f64, f64, f64)) = (vec![1.0, 2.0], (3.0, 4.0, 5.0));
/// let counts = ivy::tree_map_up_to(|axis, sub| (*axis, sub.leaves().len()), &in_axes, &args)?;
/// assert_eq!(counts, ((0, 2), (1, 3)));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn tree_map_up_to<'b, T, U, L1, L2: 'b, M>(
    mut f: impl FnMut(&L1, Subtree<&'b L2>) -> M,
    prefix: &T,
    full: &'b U,
) -> Result<T::Output>
where
    T: TreeMap<L1, M>,
    U: Tree<L2>,
{
    let (lb, db) = flatten_refs(full);
    let parts = split_up_to(&structure_impl(prefix), &db, lb, "tree_map_up_to")?;
    let mut it = parts.into_iter();
    prefix.try_map_ref(&mut |x| match it.next() {
        Some(sub) => Ok(f(x, sub)),
        None => Err(Error::structure(
            "tree_map_up_to",
            "tree",
            "the full tree has fewer subtrees",
        )),
    })
}

/// [`tree_map_up_to`] over any number of deeper trees (dm-tree's
/// `map_structure_up_to(shallow, f, *structures)`): `prefix`'s structure
/// must be a prefix of every tree of `fulls`, and `f` gets each leaf of
/// `prefix` with the subtree of every full tree at the same position, in
/// the order of `fulls`.
///
/// ```
/// # use ivy_core as ivy;
/// use std::collections::BTreeMap;
/// // One learning rate per layer, applied to params and grads of any depth.
/// let lr = BTreeMap::from([("dense", 0.5), ("head", 0.1)]);
/// let params = BTreeMap::from([("dense", vec![1.0, 2.0]), ("head", vec![3.0])]);
/// let grads = BTreeMap::from([("dense", vec![0.2, 0.4]), ("head", vec![1.0])]);
/// let new = ivy::tree_map_up_to_n(
///     |lr, parts| {
///         let (p, g) = (parts[0].leaves(), parts[1].leaves());
///         p.iter().zip(g).map(|(p, g)| *p - lr * *g).collect::<Vec<f64>>()
///     },
///     &lr,
///     &[&params, &grads],
/// )?;
/// assert_eq!(new["dense"], [0.9, 1.8]);
/// assert_eq!(new["head"], [2.9]);
///
/// let short = BTreeMap::from([("dense", vec![0.0])]);
/// let err = ivy::tree_map_up_to_n(|_, _| 0.0, &lr, &[&params, &short]).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "tree_map_up_to_n: at tree: dict key mismatch: expected keys ['dense', 'head'], got ['dense']; missing ['head']"
/// );
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn tree_map_up_to_n<'b, T, U, L1, L2: 'b, M>(
    mut f: impl FnMut(&L1, &[Subtree<&'b L2>]) -> M,
    prefix: &T,
    fulls: &[&'b U],
) -> Result<T::Output>
where
    T: TreeMap<L1, M>,
    U: Tree<L2>,
{
    const OP: &str = "tree_map_up_to_n";
    let da = structure_impl(prefix);
    let mut columns = Vec::with_capacity(fulls.len());
    for full in fulls {
        let (lb, db) = flatten_refs(*full);
        let roots = match_prefix(OP, &da, &db)?;
        columns.push(take_subtrees(&db, &roots, lb).into_iter());
    }
    let mut row: Vec<Subtree<&'b L2>> = Vec::with_capacity(fulls.len());
    prefix.try_map_ref(&mut |x| {
        row.clear();
        for col in columns.iter_mut() {
            match col.next() {
                Some(sub) => row.push(sub),
                None => {
                    return Err(Error::structure(
                        OP,
                        "tree",
                        "a full tree has fewer subtrees",
                    ));
                }
            }
        }
        Ok(f(x, &row))
    })
}

/// The leaves with their key paths, cloned, and the structure (JAX's
/// `tree_flatten_with_path`). The paths are in leaf order.
///
/// ```
/// # use ivy_core as ivy;
/// use std::collections::BTreeMap;
/// let t = vec![BTreeMap::from([("a", (1.0, 2.0))])];
/// let (pairs, def) = ivy::tree_flatten_with_path(&t);
/// let rendered: Vec<(String, String, f64)> =
///     pairs.iter().map(|(p, x)| (p.keystr(), p.key_chain(), *x)).collect();
/// assert_eq!(rendered, [
///     ("[0]['a'][0]".to_string(), "0/a/0".to_string(), 1.0),
///     ("[0]['a'][1]".to_string(), "0/a/1".to_string(), 2.0),
/// ]);
/// assert_eq!(def, ivy::tree_structure(&t));
/// ```
pub fn tree_flatten_with_path<T: Tree<L>, L: Clone>(tree: &T) -> (Vec<(KeyPath, L)>, TreeDef) {
    let (leaves, def) = flatten_impl(tree);
    let pairs = def.paths().into_iter().zip(leaves).collect();
    (pairs, def)
}

/// The leaves with their key paths, borrowed (JAX's
/// `tree_leaves_with_path`).
///
/// ```
/// # use ivy_core as ivy;
/// let pairs = ivy::tree_leaves_with_path(&(1, [2, 3]));
/// let chains: Vec<String> = pairs.iter().map(|(p, _)| p.key_chain()).collect();
/// assert_eq!(chains, ["0", "1/0", "1/1"]);
/// ```
pub fn tree_leaves_with_path<T: Tree<L>, L>(tree: &T) -> Vec<(KeyPath, &L)> {
    let (leaves, def) = flatten_refs(tree);
    def.paths().into_iter().zip(leaves).collect()
}

/// Map every leaf with `f(path, leaf)` (JAX's `tree_map_with_path`).
///
/// ```
/// # use ivy_core as ivy;
/// use std::collections::BTreeMap;
/// let params = BTreeMap::from([("frozen", vec![1.0]), ("train", vec![2.0])]);
/// let new = ivy::tree_map_with_path(
///     |p, x| if p.key_chain().starts_with("frozen") { *x } else { x * 10.0 },
///     &params,
/// );
/// assert_eq!(new, BTreeMap::from([("frozen", vec![1.0]), ("train", vec![20.0])]));
/// ```
pub fn tree_map_with_path<T, L, M>(mut f: impl FnMut(&KeyPath, &L) -> M, tree: &T) -> T::Output
where
    T: TreeMap<L, M>,
{
    let paths = structure_impl(tree).paths();
    let root = KeyPath::new();
    let mut it = paths.iter();
    tree.map_ref(&mut |x| f(it.next().unwrap_or(&root), x))
}

/// Broadcast a prefix tree to the structure of a full tree: each leaf of
/// `prefix` is repeated over the subtree of `full` at its position (JAX's
/// `jax.tree.broadcast`, optree's `tree_broadcast_prefix`). The result has
/// `full`'s type with `prefix`'s leaves.
///
/// ```
/// # use ivy_core as ivy;
/// let axes = (0, 1);
/// let args = (vec![1.0, 2.0], [(3.0, 4.0)]);
/// let full_axes = ivy::tree_broadcast_prefix(&axes, &args)?;
/// assert_eq!(full_axes, (vec![0, 0], [(1, 1)]));
///
/// let err = ivy::tree_broadcast_prefix(&(0, 1, 2), &args).unwrap_err();
/// assert_eq!(err.to_string(), "tree_broadcast_prefix: at tree: tuple arity mismatch: expected 3 children, got 2");
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn tree_broadcast_prefix<P, F, L1, L2>(prefix: &P, full: &F) -> Result<F::Output>
where
    P: Tree<L1>,
    F: TreeMap<L2, L1>,
    F::Output: Tree<L1>,
    L1: Clone,
{
    const OP: &str = "tree_broadcast_prefix";
    let (la, da) = flatten_refs(prefix);
    let db = structure_impl(full);
    let roots = match_prefix(OP, &da, &db)?;
    let bn = db.nodes();
    let offsets = leaf_offsets(bn);
    // Each leaf of `prefix` fills the leaf range of its subtree of `full`
    // (ranges in `full`'s order, which differs from `prefix`'s only where
    // maps with the same keys come in other orders).
    let mut slots: Vec<Option<&L1>> = vec![None; db.num_leaves()];
    for (x, &bi) in la.into_iter().zip(&roots) {
        let start = offsets.get(bi).copied().unwrap_or(0);
        let n = bn.get(bi).map_or(0, |n| n.num_leaves);
        for slot in slots.iter_mut().skip(start).take(n) {
            *slot = Some(x);
        }
    }
    let leaves: Vec<L1> = slots.into_iter().flatten().cloned().collect();
    unflatten_impl(OP, &db, leaves)
}

/// Broadcast two trees to their common structure (optree's
/// `tree_broadcast_common`): where one tree has a leaf and the other a
/// subtree, the leaf is repeated over that subtree's structure. Where both
/// have nodes they must agree (as in [`tree_map2`]: same kind and arity,
/// maps with the same keys), and each result keeps its own node there. The
/// result types are named by the caller; they need not be the inputs'.
///
/// ```
/// # use ivy_core as ivy;
/// // optree.tree_broadcast_common((1, [2, 3]), ([4, 5], 6))
/// //   == (([1, 1], [2, 3]), ([4, 5], [6, 6]))
/// let (x, y): ((Vec<i32>, Vec<i32>), (Vec<i32>, Vec<i32>)) =
///     ivy::tree_broadcast_common(&(1, vec![2, 3]), &(vec![4, 5], 6))?;
/// assert_eq!(x, (vec![1, 1], vec![2, 3]));
/// assert_eq!(y, (vec![4, 5], vec![6, 6]));
///
/// // Both sides have nodes that disagree: the error says where.
/// let err = ivy::tree_broadcast_common::<_, _, Vec<i32>, Vec<i32>, _, _>(&vec![1, 2], &vec![3, 4, 5])
///     .unwrap_err();
/// assert_eq!(err.to_string(), "tree_broadcast_common: at tree: list arity mismatch: expected 2 children, got 3");
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn tree_broadcast_common<A, B, X, Y, L1, L2>(a: &A, b: &B) -> Result<(X, Y)>
where
    A: Tree<L1>,
    B: Tree<L2>,
    X: Tree<L1>,
    Y: Tree<L2>,
    L1: Clone,
    L2: Clone,
{
    const OP: &str = "tree_broadcast_common";
    let (la, da) = flatten_refs(a);
    let (lb, db) = flatten_refs(b);
    let (dx, ix) =
        broadcast_side(&da, &db).map_err(|m| Error::structure(OP, m.0.error_path(), m.1))?;
    let (dy, iy) =
        broadcast_side(&db, &da).map_err(|m| Error::structure(OP, m.0.error_path(), m.1))?;
    let lx: Vec<L1> = ix
        .iter()
        .filter_map(|&i| la.get(i).map(|l| (*l).clone()))
        .collect();
    let ly: Vec<L2> = iy
        .iter()
        .filter_map(|&i| lb.get(i).map(|l| (*l).clone()))
        .collect();
    let x = unflatten_impl(OP, &dx, lx)?;
    let y = unflatten_impl(OP, &dy, ly)?;
    Ok((x, y))
}

/// `x` broadcast against `y`: its structure, with every leaf of `x` that
/// faces a subtree of `y` replaced by that subtree's structure, and for each
/// leaf of it the index of the leaf of `x` it holds.
fn broadcast_side(
    x: &TreeDef,
    y: &TreeDef,
) -> std::result::Result<(TreeDef, Vec<usize>), Mismatch> {
    let (xn, yn) = (x.nodes(), y.nodes());
    let offsets = leaf_offsets(xn);
    let mut nodes = Vec::with_capacity(xn.len().max(yn.len()));
    let mut leaves = Vec::with_capacity(x.num_leaves().max(y.num_leaves()));
    let mut path = KeyPath::new();
    broadcast_rec(xn, 0, yn, 0, &offsets, &mut path, &mut nodes, &mut leaves)?;
    Ok((TreeDef::from_nodes(nodes, false), leaves))
}

#[allow(clippy::too_many_arguments)]
fn broadcast_rec(
    x: &[Node],
    xi: usize,
    y: &[Node],
    yi: usize,
    offsets: &[usize],
    path: &mut KeyPath,
    nodes: &mut Vec<Node>,
    leaves: &mut Vec<usize>,
) -> std::result::Result<(usize, usize), Mismatch> {
    let (Some(xn), Some(yn)) = (x.get(xi), y.get(yi)) else {
        return Err(Mismatch(path.clone(), "malformed structure".to_string()));
    };
    let first = offsets.get(xi).copied().unwrap_or(0);
    match (xn.kind.node_kind(), yn.kind.node_kind()) {
        (NodeKind::Leaf, NodeKind::Leaf) => {
            nodes.push(Node::LEAF);
            leaves.push(first);
            Ok((1, 1))
        }
        // A leaf of x facing a subtree of y: y's structure, x's leaf repeated.
        (NodeKind::Leaf, _) => {
            nodes.extend(y.iter().skip(yi).take(yn.num_nodes).cloned());
            leaves.extend(std::iter::repeat_n(first, yn.num_leaves));
            Ok((yn.num_leaves, yn.num_nodes))
        }
        // A subtree of x facing a leaf of y: kept as it is.
        (_, NodeKind::Leaf) => {
            nodes.extend(x.iter().skip(xi).take(xn.num_nodes).cloned());
            leaves.extend(first..first + xn.num_leaves);
            Ok((xn.num_leaves, xn.num_nodes))
        }
        _ => {
            node_agrees(xn, yn).map_err(|m| Mismatch(path.clone(), m))?;
            let at = nodes.len();
            nodes.push(xn.clone());
            let (mut n_leaves, mut n_nodes) = (0, 1);
            for (k, (cx, cy)) in paired_children(x, xi, y, yi).into_iter().enumerate() {
                path.push(xn.entry(k));
                let (l, n) = broadcast_rec(x, cx, y, cy, offsets, path, nodes, leaves)?;
                path.pop();
                n_leaves += l;
                n_nodes += n;
            }
            if let Some(n) = nodes.get_mut(at) {
                n.num_leaves = n_leaves;
                n.num_nodes = n_nodes;
            }
            Ok((n_leaves, n_nodes))
        }
    }
}

/// Transpose a tree of structure `outer ∘ inner` into one of structure
/// `inner ∘ outer` (JAX's `tree_transpose`). With `inner = None` the inner
/// structure is taken from the first subtree. The result type is named by
/// the caller.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::TreeDef;
/// let pairs = vec![(1, 2), (3, 4), (5, 6)];
/// let outer = ivy::tree_structure(&vec![0, 0, 0]);
/// let (a, b): (Vec<i32>, Vec<i32>) = ivy::tree_transpose(&outer, None, &pairs)?;
/// assert_eq!((a, b), (vec![1, 3, 5], vec![2, 4, 6]));
///
/// let inner = TreeDef::tuple([TreeDef::leaf(), TreeDef::leaf(), TreeDef::leaf()]);
/// let err = ivy::tree_transpose::<_, (Vec<i32>, Vec<i32>), _>(&outer, Some(&inner), &pairs).unwrap_err();
/// assert_eq!(err.to_string(), "tree_transpose: at tree[0]: tuple arity mismatch: expected 3 children, got 2");
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn tree_transpose<T, U, L>(outer: &TreeDef, inner: Option<&TreeDef>, tree: &T) -> Result<U>
where
    T: Tree<L>,
    U: Tree<L>,
    L: Clone,
{
    const OP: &str = "tree_transpose";
    let (leaves, def) = flatten_impl(tree);
    let inferred;
    let inner = match inner {
        Some(i) => i,
        None => {
            let parts = split_up_to(outer, &def, Vec::<()>::new(), OP)?;
            match parts.into_iter().next() {
                Some(p) => {
                    inferred = p.def().clone();
                    &inferred
                }
                None => {
                    return Err(Error::structure(
                        OP,
                        "tree",
                        "cannot infer the inner structure: the outer structure has no leaves",
                    ));
                }
            }
        }
    };
    let expected = outer.compose(inner);
    let order = zip_order(OP, &expected, &def)?;
    let leaves = match order {
        None => leaves,
        Some(o) => {
            let mut slots: Vec<Option<L>> = leaves.into_iter().map(Some).collect();
            o.iter()
                .filter_map(|&j| slots.get_mut(j).and_then(Option::take))
                .collect()
        }
    };
    let (n_out, n_in) = (outer.num_leaves(), inner.num_leaves());
    let mut slots: Vec<Option<L>> = leaves.into_iter().map(Some).collect();
    let mut permuted = Vec::with_capacity(slots.len());
    for j in 0..n_in {
        for i in 0..n_out {
            if let Some(x) = slots.get_mut(i * n_in + j).and_then(Option::take) {
                permuted.push(x);
            }
        }
    }
    unflatten_impl(OP, &inner.compose(outer), permuted)
}

/// Fold the leaves, in leaf order, starting from `initial` (JAX's
/// `tree_reduce(f, tree, initializer)`). Without an initial value, use
/// `tree_leaves(&t).into_iter().cloned().reduce(f)`.
///
/// ```
/// # use ivy_core as ivy;
/// let t = (1, vec![2, 3], [4]);
/// assert_eq!(ivy::tree_reduce(|acc, x| acc + x, &t, 0), 10);
/// assert_eq!(ivy::tree_reduce(|acc: String, x: &i32| acc + &x.to_string(), &t, String::new()), "1234");
/// ```
pub fn tree_reduce<T, L, A>(mut f: impl FnMut(A, &L) -> A, tree: &T, initial: A) -> A
where
    T: Tree<L>,
{
    tree_leaves(tree).into_iter().fold(initial, &mut f)
}

/// [`tree_reduce`] with a [`FlattenConfig`]: `f` gets `Some(leaf)` for
/// each leaf and, in none-is-leaf mode, `None` for each `None` (optree's
/// `tree_reduce(f, tree, initial, none_is_leaf=True)`), in leaf order.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::FlattenConfig;
/// // optree.tree_reduce(lambda a, x: a + [x], [1, None, (2, None)], [], none_is_leaf=True)
/// //   == [1, None, 2, None]
/// let t = (Some(1), None::<i32>, (Some(2), None::<i32>));
/// let seen = ivy::tree_reduce_with(
///     |mut acc: Vec<Option<i32>>, x| { acc.push(x.copied()); acc },
///     &t,
///     Vec::new(),
///     FlattenConfig::NONE_IS_LEAF,
/// );
/// assert_eq!(seen, [Some(1), None, Some(2), None]);
/// let seen = ivy::tree_reduce_with(
///     |mut acc: Vec<Option<i32>>, x| { acc.push(x.copied()); acc },
///     &t,
///     Vec::new(),
///     FlattenConfig::DEFAULT,
/// );
/// assert_eq!(seen, [Some(1), Some(2)]);
/// ```
pub fn tree_reduce_with<T, L, A>(
    mut f: impl FnMut(A, Option<&L>) -> A,
    tree: &T,
    initial: A,
    config: FlattenConfig,
) -> A
where
    T: Tree<L>,
{
    let mut items: Vec<Option<&L>> = Vec::new();
    tree.flatten_into(&mut ForEachOrNone {
        f: |x| items.push(x),
        none_is_leaf: config.none_is_leaf,
    });
    items.into_iter().fold(initial, &mut f)
}

/// [`tree_all`] with a [`FlattenConfig`]: in none-is-leaf mode `pred` also
/// sees each `None`, as `None` (optree's `tree_all(tree, none_is_leaf=True)`,
/// where a `None` leaf is false).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::FlattenConfig;
/// let t = vec![Some(1), None];
/// let truthy = |x: Option<&i32>| x.is_some_and(|v| *v != 0);
/// // optree.tree_all([1, None]) is True; with none_is_leaf=True, False.
/// assert!(ivy::tree_all_with(truthy, &t, FlattenConfig::DEFAULT));
/// assert!(!ivy::tree_all_with(truthy, &t, FlattenConfig::NONE_IS_LEAF));
/// ```
pub fn tree_all_with<T: Tree<L>, L>(
    mut pred: impl FnMut(Option<&L>) -> bool,
    tree: &T,
    config: FlattenConfig,
) -> bool {
    let mut all = true;
    tree.flatten_into(&mut ForEachOrNone {
        f: |x: Option<&L>| {
            if all && !pred(x) {
                all = false;
            }
        },
        none_is_leaf: config.none_is_leaf,
    });
    all
}

/// [`tree_any`] with a [`FlattenConfig`]: in none-is-leaf mode `pred` also
/// sees each `None`, as `None` (optree's `tree_any(tree, none_is_leaf=True)`).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::FlattenConfig;
/// let t = (0, (None::<i32>, 2));
/// let truthy = |x: Option<&i32>| x.is_some_and(|v| *v != 0);
/// assert!(ivy::tree_any_with(truthy, &t, FlattenConfig::NONE_IS_LEAF));
/// let is_none = |x: Option<&i32>| x.is_none();
/// assert!(ivy::tree_any_with(is_none, &t, FlattenConfig::NONE_IS_LEAF));
/// assert!(!ivy::tree_any_with(is_none, &t, FlattenConfig::DEFAULT));
/// ```
pub fn tree_any_with<T: Tree<L>, L>(
    mut pred: impl FnMut(Option<&L>) -> bool,
    tree: &T,
    config: FlattenConfig,
) -> bool {
    let mut any = false;
    tree.flatten_into(&mut ForEachOrNone {
        f: |x: Option<&L>| {
            if !any && pred(x) {
                any = true;
            }
        },
        none_is_leaf: config.none_is_leaf,
    });
    any
}

/// Whether `pred` holds for every leaf (`true` for a tree without leaves).
///
/// ```
/// # use ivy_core as ivy;
/// assert!(ivy::tree_all(|x| *x > 0, &(1, vec![2, 3])));
/// assert!(!ivy::tree_all(|x| *x > 1, &(1, vec![2, 3])));
/// assert!(ivy::tree_all(|x: &i32| *x > 1, &()));
/// ```
pub fn tree_all<T: Tree<L>, L>(mut pred: impl FnMut(&L) -> bool, tree: &T) -> bool {
    let mut all = true;
    tree.flatten_into(&mut ForEach(|l: &L| {
        if all && !pred(l) {
            all = false;
        }
    }));
    all
}

/// Whether `pred` holds for some leaf (`false` for a tree without leaves).
///
/// ```
/// # use ivy_core as ivy;
/// assert!(ivy::tree_any(|x| *x > 2, &(1, vec![2, 3])));
/// assert!(!ivy::tree_any(|x: &i32| *x > 2, &None::<i32>));
/// ```
pub fn tree_any<T: Tree<L>, L>(mut pred: impl FnMut(&L) -> bool, tree: &T) -> bool {
    let mut any = false;
    tree.flatten_into(&mut ForEach(|l: &L| {
        if !any && pred(l) {
            any = true;
        }
    }));
    any
}

/// Flatten with a [`FlattenConfig`] and an `is_leaf` predicate: the descent
/// stops at every node for which `is_leaf(path, node)` holds (and at `None`
/// in none-is-leaf mode), and that whole subtree becomes one "leaf" of the
/// returned structure (JAX's `tree_flatten(tree, is_leaf)`, optree's
/// `none_is_leaf`). Each is returned as a [`Subtree`]; a real leaf is a
/// one-leaf subtree.
///
/// `is_leaf` sees the key path and the node's structure ([`NodeRef`]: kind,
/// type name, arity, keys); it is not called on leaves.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::{FlattenConfig, NodeKind};
/// // Treat every (mean, var) pair as one unit.
/// let stats = vec![(0.0, 1.0), (0.5, 2.0)];
/// let (parts, def) = ivy::tree_flatten_with(&stats, FlattenConfig::DEFAULT, |_, n| n.kind() == NodeKind::Tuple);
/// assert_eq!(def.to_string(), "TreeDef([*, *])");
/// let pair: (f64, f64) = parts[1].clone().unflatten()?;
/// assert_eq!(pair, (0.5, 2.0));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn tree_flatten_with<T: Tree<L>, L: Clone>(
    tree: &T,
    config: FlattenConfig,
    mut is_leaf: impl FnMut(&KeyPath, NodeRef<'_>) -> bool,
) -> (Vec<Subtree<L>>, TreeDef) {
    let (leaves, full) = flatten_impl(tree);
    let (prefix, roots) = cut(&full, config, &mut is_leaf);
    (split_at_roots(&full, &roots, leaves), prefix)
}

/// The structure [`tree_flatten_with`] gives.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::FlattenConfig;
/// let x = (1.0, None::<f64>);
/// assert_eq!(ivy::tree_structure_with(&x, FlattenConfig::DEFAULT, ivy::tree::never).to_string(), "TreeDef((*, None))");
/// assert_eq!(
///     ivy::tree_structure_with(&x, FlattenConfig::NONE_IS_LEAF, ivy::tree::never).to_string(),
///     "TreeDef((*, *), NoneIsLeaf)"
/// );
/// ```
pub fn tree_structure_with<T: Tree<L>, L>(
    tree: &T,
    config: FlattenConfig,
    mut is_leaf: impl FnMut(&KeyPath, NodeRef<'_>) -> bool,
) -> TreeDef {
    cut(&structure_impl(tree), config, &mut is_leaf).0
}

/// Rebuild a `T` from a structure given by [`tree_flatten_with`] and one
/// [`Subtree`] per leaf of it.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::{FlattenConfig, Subtree};
/// let x = vec![Some(1.0), None];
/// let (parts, def) = ivy::tree_flatten_with(&x, FlattenConfig::NONE_IS_LEAF, ivy::tree::never);
/// // Replace the Nones (optree's tree_replace_nones).
/// let filled = parts.into_iter().map(|p| Subtree::from_leaf(p.into_leaf().unwrap_or(0.0)));
/// let y: Vec<Option<f64>> = ivy::tree_unflatten_with(&def, filled)?;
/// assert_eq!(y, [Some(1.0), Some(0.0)]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn tree_unflatten_with<T: Tree<L>, L>(
    def: &TreeDef,
    parts: impl IntoIterator<Item = Subtree<L>>,
) -> Result<T> {
    unflatten_parts("tree_unflatten_with", def, parts.into_iter().collect())
}

/// Map the subtrees cut by `config` and `is_leaf` (see
/// [`tree_flatten_with`]) and rebuild `T`'s type with the new leaf type.
/// `f` may reshape a subtree only into something `T::Output` can hold there;
/// otherwise the rebuild fails with the path of the mismatch.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::{FlattenConfig, Subtree};
/// // Nones are leaves here, so f sees them (optree's none_is_leaf tree_map).
/// let x = (Some(2.0), None::<f64>);
/// let y = ivy::tree_map_with(
///     |s| Subtree::from_leaf(s.into_leaf().map_or(-1.0, |v| v * 10.0)),
///     &x,
///     FlattenConfig::NONE_IS_LEAF,
///     ivy::tree::never,
/// )?;
/// assert_eq!(y, (Some(20.0), Some(-1.0)));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn tree_map_with<T, L, M>(
    f: impl FnMut(Subtree<L>) -> Subtree<M>,
    tree: &T,
    config: FlattenConfig,
    mut is_leaf: impl FnMut(&KeyPath, NodeRef<'_>) -> bool,
) -> Result<T::Output>
where
    T: TreeMap<L, M>,
    T::Output: Tree<M>,
    L: Clone,
{
    map_cut("tree_map_with", tree, config, &mut is_leaf, f)
}
