//! Mapping functions over containers: [`Container::cont_map`] over one
//! container, and the engine behind every nestable op,
//! [`Container::cont_multi_map`], which maps over several containers and
//! leaves at once with Ivy's *shared nested structure* rule (documented on
//! `cont_multi_map`, since this module is private).

use super::node::Node as NodeShape;
use super::{Container, ContainerRef, Entry, EntryRef, KeyChain};
use crate::error::{Error, Result};
use crate::nestable::{Node, OperandRef};
use smallvec::SmallVec;
use std::sync::Arc;

/// One argument of [`Container::cont_multi_map`]: a container, or a leaf that
/// is broadcast over the containers' structure.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::container::MultiArg;
/// let c: ivy::Container<i64> = ivy::Container::from_key_chains([("a", 1i64), ("b", 2i64)])?;
/// let args = [MultiArg::from(&c), MultiArg::Leaf(&10)];
/// let sum = ivy::Container::cont_multi_map(&args, |xs, _| Ok(xs[0] + xs[1]))?;
/// assert_eq!(*sum.leaf("b")?, 12);
/// # Ok::<(), ivy::Error>(())
/// ```
pub enum MultiArg<'a, L> {
    /// A leaf, broadcast to every leaf of the containers.
    Leaf(&'a L),
    /// A container.
    Container(&'a Container<L>),
}

impl<L> Clone for MultiArg<'_, L> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<L> Copy for MultiArg<'_, L> {}

impl<'a, L> From<&'a Container<L>> for MultiArg<'a, L> {
    fn from(c: &'a Container<L>) -> Self {
        MultiArg::Container(c)
    }
}

/// Which leaves [`Container::cont_map_with`] and
/// [`Container::cont_multi_map_with`] apply the function to (Ivy's
/// `key_chains`, `to_apply` and `prune_unapplied`); the truth-value methods
/// ([`Container::cont_as_bools_with`], ...) take them too.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::container::MapOptions;
/// let c: ivy::Container<i64> = ivy::Container::from_key_chains([("a", 1i64), ("b/c", 2i64), ("b/d", 3i64)])?;
/// // Apply only at `b/c`, keep the rest as it is.
/// let r = c.cont_map_with(&MapOptions::new().key_chains(["b/c"]), |x, _| Ok(x * 10))?;
/// assert_eq!((*r.leaf("a")?, *r.leaf("b/c")?, *r.leaf("b/d")?), (1, 20, 3));
/// // Apply everywhere except `b/c`, and drop what was not applied.
/// let opts = MapOptions::new().key_chains(["b/c"]).to_apply(false).prune_unapplied(true);
/// let r = c.cont_map_with(&opts, |x, _| Ok(x * 10))?;
/// assert_eq!(r.cont_all_key_chains(), ["a", "b/d"]);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct MapOptions {
    /// The key chains the filter names (`None`: every leaf).
    pub key_chains: Option<Vec<String>>,
    /// `true`: apply at the named chains; `false`: everywhere else.
    pub to_apply: bool,
    /// Drop the leaves the function was not applied to (else keep them).
    pub prune_unapplied: bool,
}

impl Default for MapOptions {
    /// The same as [`MapOptions::new`]: apply everywhere, keep everything.
    fn default() -> MapOptions {
        MapOptions::new()
    }
}

impl MapOptions {
    /// Apply everywhere, keep everything (Ivy's defaults).
    pub fn new() -> MapOptions {
        MapOptions {
            key_chains: None,
            to_apply: true,
            prune_unapplied: false,
        }
    }

    /// Filter by these key chains.
    pub fn key_chains<S: Into<String>>(mut self, kcs: impl IntoIterator<Item = S>) -> Self {
        self.key_chains = Some(kcs.into_iter().map(Into::into).collect());
        self
    }

    /// Apply at the named chains (`true`) or everywhere else (`false`).
    pub fn to_apply(mut self, to_apply: bool) -> Self {
        self.to_apply = to_apply;
        self
    }

    /// Drop the leaves the function was not applied to.
    pub fn prune_unapplied(mut self, prune: bool) -> Self {
        self.prune_unapplied = prune;
        self
    }

    /// Whether the leaf at `kc` is mapped; `prefix` matches a named chain
    /// and everything under it (`cont_multi_map`), else exact chains
    /// (`cont_map`), as in Ivy.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let o = ivy::container::MapOptions::new().key_chains(["a"]);
    /// assert!(o.applies("a", false) && !o.applies("a/b", false));
    /// assert!(o.applies("a/b", true) && !o.applies("c", true));
    /// ```
    pub fn applies(&self, kc: &str, prefix: bool) -> bool {
        let Some(kcs) = &self.key_chains else {
            return true;
        };
        let named = kcs.iter().any(|k| {
            if prefix {
                kc.starts_with(k.as_str())
            } else {
                kc == k
            }
        });
        named == self.to_apply
    }
}

impl<L> Container<L> {
    /// A container of `f(leaf, key_chain)` at every leaf (Ivy's `cont_map`).
    /// The first error is returned with its leaf's key chain. The result
    /// shares this container's structure: mapping costs a loop over the
    /// leaves and one key chain per leaf, built in one buffer.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let c = ivy::container! { a: [1.0, 2.0], b: { c: 3.0 } };
    /// let plus_one = c.cont_map(|x, _| x + 1)?;
    /// assert_eq!(plus_one.leaf("b/c")?.to_vec::<f32>()?, vec![4.0]);
    /// let names = c.cont_map(|_, kc| Ok(kc.to_uppercase()))?;
    /// assert_eq!(names.leaf("b/c")?, "B/C");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_map<M>(&self, mut f: impl FnMut(&L, &str) -> Result<M>) -> Result<Container<M>> {
        let mut out = Vec::with_capacity(self.leaves.len());
        let leaves = &self.leaves;
        for_each_chain(&self.node, 0, &mut KeyChain::new(), &mut |i, kc| {
            out.push(f(&leaves[i], kc).map_err(|e| Error::in_container(kc, e))?);
            Ok(())
        })?;
        Ok(Container::from_flat(self.node.clone(), out, self.config))
    }

    /// [`cont_map`](Container::cont_map) with a key-chain filter: leaves the
    /// function does not apply to are kept as they are, or dropped with
    /// `prune_unapplied` (then sub-containers left empty are dropped too).
    /// Key chains match exactly, as in Ivy's `cont_map`.
    ///
    /// See [`MapOptions`] for an example.
    pub fn cont_map_with(
        &self,
        opts: &MapOptions,
        mut f: impl FnMut(&L, &str) -> Result<L>,
    ) -> Result<Container<L>>
    where
        L: Clone,
    {
        let mapped = self.cont_map(|l, kc| {
            if opts.applies(kc, false) {
                f(l, kc).map(Some)
            } else if opts.prune_unapplied {
                Ok(None)
            } else {
                Ok(Some(l.clone()))
            }
        })?;
        Ok(prune_none(mapped))
    }

    /// Map every leaf in place (Ivy's `cont_map(..., inplace=True)`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c: ivy::Container<i64> = ivy::Container::from_key_chains([("a", 1i64), ("b/c", 2i64)])?;
    /// c.cont_map_mut(|x, _| { *x += 1; Ok(()) })?;
    /// assert_eq!(*c.leaf("b/c")?, 3);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_map_mut(&mut self, mut f: impl FnMut(&mut L, &str) -> Result<()>) -> Result<()> {
        let leaves = &mut self.leaves;
        for_each_chain(&self.node, 0, &mut KeyChain::new(), &mut |i, kc| {
            f(&mut leaves[i], kc).map_err(|e| Error::in_container(kc, e))
        })
    }

    /// Apply `f(sub_container, key_chain)` to every sub-container, bottom-up
    /// (children first, so `f` sees its children already mapped), and to the
    /// container itself (key chain `""`) when `include_self` (Ivy's
    /// `cont_map_sub_conts`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c: ivy::Container<i64> = ivy::Container::from_key_chains([("a", 1i64), ("b/c", 2i64), ("b/d", 3i64)])?;
    /// // Keep only the first entry of every container.
    /// let r = c.cont_map_sub_conts(true, |sub, _| {
    ///     let mut out = ivy::Container::new();
    ///     if let Some((k, e)) = sub.get_index(0) { out.insert_key(k, e.to_entry())?; }
    ///     Ok(out)
    /// })?;
    /// assert_eq!(r.cont_all_key_chains(), ["a"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_map_sub_conts(
        &self,
        include_self: bool,
        mut f: impl FnMut(&Container<L>, &str) -> Result<Container<L>>,
    ) -> Result<Container<L>>
    where
        L: Clone,
    {
        let mut kc = KeyChain::new();
        map_sub_conts(self.view(), include_self, &mut f, &mut kc)
    }

    /// `f(leaves, key_chain)` over several containers and leaves at once,
    /// with Ivy's *shared nested structure* rule (Ivy's static
    /// `cont_multi_map`): the leaves at each key chain, one per argument (a
    /// [`MultiArg::Leaf`] everywhere), in argument order. This is the engine
    /// behind every nestable op.
    ///
    /// The rule:
    ///
    /// - at each level, the containers among the arguments must have the same
    ///   keys (in any order; the result keeps the first container's order);
    /// - a leaf (or a scalar, or an array passed directly) meets a whole
    ///   sub-container: it is broadcast to every leaf below it;
    /// - anything else is an [`Error::UnsharedStructure`] that lists every key
    ///   chain breaking the rule, with the arguments that have it and those
    ///   that do not.
    ///
    /// Where Python Ivy drops a container that lacks a key and then fails
    /// with an `IndexError` (reference, "shared-nested-structure
    /// broadcasting"), this engine reports all the offending chains at once.
    /// Containers of one structure (the common case: a map of a container,
    /// an op over it) are zipped leaf by leaf, without walking the levels.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::Container;
    /// // The seed's example: y's leaves are broadcast over x's sub-containers.
    /// let x: Container<f64> = ivy::Container::from_key_chains([("a/b", 2.0f64), ("a/c", 4.0f64), ("d/e", 6.0f64), ("d/f", 9.0f64)])?;
    /// let y: Container<f64> = ivy::Container::from_key_chains([("a", 2.0f64), ("d", 3.0f64)])?;
    /// let q = Container::cont_multi_map(&[(&x).into(), (&y).into()], |v, _| Ok(v[0] / v[1]))?;
    /// assert_eq!(q, ivy::Container::from_key_chains([("a/b", 1f64), ("a/c", 2.0), ("d/e", 2.0), ("d/f", 3.0)])?);
    ///
    /// // A key only one container has breaks the rule.
    /// let z: Container<f64> = ivy::Container::from_key_chains([("a", 1.0f64), ("d", 1.0f64), ("g", 1.0f64)])?;
    /// let e = Container::cont_multi_map(&[(&x).into(), (&z).into()], |v, _| Ok(v[0] / v[1]));
    /// assert!(e.unwrap_err().to_string().contains("`g` is in argument 1 but not in argument 0"));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_multi_map<M>(
        args: &[MultiArg<'_, L>],
        mut f: impl FnMut(&[&L], &str) -> Result<M>,
    ) -> Result<Container<M>> {
        let nodes: SmallVec<[Node<'_, L, &L>; 4]> = args.iter().map(|a| a.node()).collect();
        let mut kc = KeyChain::new();
        multi_map(
            "cont_multi_map",
            &nodes,
            &|l| l,
            &mut |xs: &SmallVec<[Node<'_, L, &L>; 4]>, kc: &str| f(&leaves_of(xs), kc),
            Track::Always(&mut kc),
        )
    }

    /// [`cont_multi_map`](Container::cont_multi_map) with a key-chain filter
    /// (prefix matching, as in Ivy's `cont_multi_map`): where the function is
    /// not applied, the first argument's leaf is kept, or dropped with
    /// `prune_unapplied`.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::{Container, container::MapOptions};
    /// let x: Container<i64> = ivy::Container::from_key_chains([("a", 1i64), ("b/c", 2i64), ("b/d", 3i64)])?;
    /// let opts = MapOptions::new().key_chains(["b"]);
    /// let r = Container::cont_multi_map_with(&[(&x).into(), (&x).into()], &opts, |v, _| Ok(v[0] + v[1]))?;
    /// assert_eq!((*r.leaf("a")?, *r.leaf("b/c")?, *r.leaf("b/d")?), (1, 4, 6));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_multi_map_with(
        args: &[MultiArg<'_, L>],
        opts: &MapOptions,
        mut f: impl FnMut(&[&L], &str) -> Result<L>,
    ) -> Result<Container<L>>
    where
        L: Clone,
    {
        let nodes: SmallVec<[Node<'_, L, &L>; 4]> = args.iter().map(|a| a.node()).collect();
        let mut kc = KeyChain::new();
        let mapped = multi_map(
            "cont_multi_map",
            &nodes,
            &|l| l,
            &mut |xs: &SmallVec<[Node<'_, L, &L>; 4]>, kc: &str| {
                let xs = leaves_of(xs);
                if opts.applies(kc, true) {
                    Ok(Some(f(&xs, kc)?))
                } else if opts.prune_unapplied {
                    Ok(None)
                } else {
                    Ok(Some(xs[0].clone()))
                }
            },
            Track::Always(&mut kc),
        )?;
        Ok(prune_none(mapped))
    }
}

/// Visit the leaves below `node` in order, with their index in the leaf
/// list (`base` is the level's first) and their key chain.
pub(crate) fn for_each_chain(
    node: &NodeShape,
    base: usize,
    kc: &mut KeyChain,
    f: &mut impl FnMut(usize, &str) -> Result<()>,
) -> Result<()> {
    for (i, kid) in node.kids.iter().enumerate() {
        let mut g = kc.push(node.keys.get(i));
        match &kid.sub {
            None => f(base + kid.at, g.as_str())?,
            Some(sub) => for_each_chain(sub, base + kid.at, &mut g, f)?,
        }
    }
    Ok(())
}

fn map_sub_conts<L: Clone>(
    c: ContainerRef<'_, L>,
    apply_here: bool,
    f: &mut impl FnMut(&Container<L>, &str) -> Result<Container<L>>,
    kc: &mut KeyChain,
) -> Result<Container<L>> {
    let mut values = Vec::with_capacity(c.len());
    for (key, e) in c.iter() {
        values.push(match e {
            EntryRef::Leaf(l) => Entry::Leaf(l.clone()),
            EntryRef::Container(sub) => {
                let mut g = kc.push(key);
                Entry::Container(map_sub_conts(sub, true, f, &mut g)?)
            }
        });
    }
    let mapped = Container::from_parts(c.node.keys.clone(), values, *c.config);
    if apply_here {
        f(&mapped, kc.as_str()).map_err(|e| wrap_at(kc.as_str(), e))
    } else {
        Ok(mapped)
    }
}

/// Drop `None` leaves and the sub-containers they leave empty (sub-containers
/// that were empty before stay).
fn prune_none<L>(c: Container<Option<L>>) -> Container<L> {
    if c.leaves.iter().all(Option::is_some) {
        let (node, leaves, config) = c.into_flat();
        return Container::from_flat(node, leaves.into_iter().flatten().collect(), config);
    }
    let (keys, values, config) = c.into_parts();
    let mut out = Container::with_config(config);
    for (i, e) in values.into_iter().enumerate() {
        match e {
            Entry::Leaf(Some(l)) => {
                out.insert_key_unchecked(keys.get(i), Entry::Leaf(l));
            }
            Entry::Leaf(None) => {}
            Entry::Container(sub) => {
                let was_empty = sub.is_empty();
                let sub = prune_none(sub);
                if was_empty || !sub.is_empty() {
                    out.insert_key_unchecked(keys.get(i), Entry::Container(sub));
                }
            }
        }
    }
    out
}

impl<'a, L> MultiArg<'a, L> {
    fn node(self) -> Node<'a, L, &'a L> {
        match self {
            MultiArg::Leaf(l) => Node::Leaf(l),
            MultiArg::Container(c) => Node::Container(c.view()),
        }
    }
}

/// The nodes of one level: a fixed-size array for the ops (their arity is
/// known when they are generated), a small vector for `cont_multi_map`.
pub(crate) trait Nodes<'a, L: 'a, X: Copy + 'a>:
    Clone + AsRef<[Node<'a, L, X>]> + AsMut<[Node<'a, L, X>]>
{
}

impl<'a, L: 'a, X: Copy + 'a, S> Nodes<'a, L, X> for S where
    S: Clone + AsRef<[Node<'a, L, X>]> + AsMut<[Node<'a, L, X>]>
{
}

/// Whether the engine builds the key chain of every leaf (the function wants
/// it) or only on an error (the ops: nothing per leaf).
pub(crate) enum Track<'k> {
    Always(&'k mut KeyChain),
    OnError,
}

/// Why a walk stopped: the function failed (with the key chain of its leaf),
/// or the structures are not shared (reported by a second, complete walk).
enum Stop {
    Failed(Error),
    Unshared,
}

/// Map an op over `N` nodes of which at least one is a container: the engine
/// of the generated `__nested_<op>` functions. `f` gets the nodes at one key
/// chain, all leaves; `leaf_of` makes a container's leaf a node's leaf.
pub(crate) fn map_nodes<'a, X: Copy + 'a, M, const N: usize>(
    op: &'static str,
    nodes: &[Node<'a, crate::Array, X>; N],
    leaf_of: &impl Fn(&'a crate::Array) -> X,
    f: &mut impl FnMut(&[Node<'a, crate::Array, X>; N]) -> Result<M>,
) -> Result<Container<M>> {
    multi_map(
        op,
        nodes,
        leaf_of,
        &mut |xs: &[Node<'a, crate::Array, X>; N], _: &str| f(xs),
        Track::OnError,
    )
}

/// [`map_nodes`] over any number of nodes: the engine of the generated
/// `__nested_<op>` functions of ops with list parameters (the lists'
/// lengths are known only at the call). The nodes of a level live in a small
/// vector (on the stack up to 8).
pub(crate) fn map_node_list<'a, M>(
    op: &'static str,
    nodes: &[Node<'a>],
    f: &mut impl FnMut(&[Node<'a>]) -> Result<M>,
) -> Result<Container<M>> {
    let nodes: SmallVec<[Node<'a>; 8]> = nodes.iter().copied().collect();
    multi_map(
        op,
        &nodes,
        &OperandRef::Array,
        &mut |xs: &SmallVec<[Node<'a>; 8]>, _: &str| f(xs),
        Track::OnError,
    )
}

/// The engine: map `f` over the leaves of `nodes`.
///
/// Containers of one structure (every container's shape the same as the
/// first's) are zipped by leaf position; any other mix goes through the
/// level-by-level walk of the shared-nested-structure rule.
pub(crate) fn multi_map<'a, L: 'a, X: Copy + 'a, S: Nodes<'a, L, X>, M>(
    op: &'static str,
    nodes: &S,
    leaf_of: &impl Fn(&'a L) -> X,
    f: &mut impl FnMut(&S, &str) -> Result<M>,
    mut track: Track<'_>,
) -> Result<Container<M>> {
    let slots = nodes.as_ref();
    let Some(c0) = slots.iter().find_map(|s| match *s {
        Node::Container(c) => Some(c),
        Node::Leaf(_) => None,
    }) else {
        return Err(Error::invalid(
            op,
            "no container among the arguments to map over",
        ));
    };
    let shared = slots.iter().all(|s| match s {
        Node::Container(c) => NodeShape::same(c.node, c0.node),
        Node::Leaf(_) => true,
    });
    if shared {
        let mut call = nodes.clone();
        let n = c0.leaves.len();
        let mut out = Vec::with_capacity(n);
        let at = |i: usize, call: &mut S| {
            for (s, c) in slots.iter().zip(call.as_mut()) {
                if let Node::Container(cont) = s {
                    *c = Node::Leaf(leaf_of(&cont.leaves[i]));
                }
            }
        };
        match track {
            Track::OnError => {
                for i in 0..n {
                    at(i, &mut call);
                    match f(&call, "") {
                        Ok(m) => out.push(m),
                        Err(e) => {
                            return Err(Error::in_container(&c0.node.key_chain_of(i), e));
                        }
                    }
                }
            }
            Track::Always(kc) => {
                for_each_chain(c0.node, 0, kc, &mut |i, kc| {
                    at(i, &mut call);
                    out.push(f(&call, kc).map_err(|e| Error::in_container(kc, e))?);
                    Ok(())
                })?;
            }
        }
        return Ok(Container::from_flat(c0.node.clone(), out, *c0.config));
    }
    let mut call = nodes.clone();
    let mut out = Vec::new();
    match walk(slots, &mut call, leaf_of, f, &mut track, &mut out) {
        Ok(node) => Ok(Container::from_flat(node, out, *c0.config)),
        Err(Stop::Failed(e)) => Err(e),
        Err(Stop::Unshared) => Err(Error::UnsharedStructure {
            op: op.to_string(),
            problems: unshared_problems(slots),
        }),
    }
}

/// The walk of the shared-nested-structure rule: the result's levels follow
/// the first container's keys; `call` is the nodes passed to `f`, all
/// leaves; the leaves of the result are pushed to `out` in order.
fn walk<'a, L: 'a, X: Copy + 'a, S: Nodes<'a, L, X>, M>(
    slots: &[Node<'a, L, X>],
    call: &mut S,
    leaf_of: &impl Fn(&'a L) -> X,
    f: &mut impl FnMut(&S, &str) -> Result<M>,
    track: &mut Track<'_>,
    out: &mut Vec<M>,
) -> std::result::Result<Arc<NodeShape>, Stop> {
    let Some(c0) = slots.iter().find_map(|s| match *s {
        Node::Container(c) => Some(c),
        Node::Leaf(_) => None,
    }) else {
        return Err(Stop::Unshared);
    };
    let keys0 = &c0.node.keys;
    let n = c0.len();
    // Aligned: every container has c0's keys in c0's order (the common case,
    // often the very same shared key list), so entries match by position.
    let mut aligned = true;
    for s in slots {
        if let Node::Container(c) = s
            && !c.node.keys.equal_in_order(keys0)
        {
            if c.len() != n || keys0.iter().any(|k| c.node.keys.position(k).is_none()) {
                return Err(Stop::Unshared);
            }
            aligned = false;
        }
    }
    let mut kids = Vec::with_capacity(n);
    // The slots one level down; leaves stay as they are (broadcast).
    let mut child: SmallVec<[Node<'a, L, X>; 4]> = slots.iter().copied().collect();
    for i in 0..n {
        let mut nested = false;
        for (s, c) in slots.iter().zip(child.iter_mut()) {
            if let Node::Container(cont) = *s {
                let at = if aligned {
                    i
                } else {
                    cont.node
                        .keys
                        .position(keys0.get(i))
                        .ok_or(Stop::Unshared)?
                };
                *c = match cont.entry(at) {
                    EntryRef::Leaf(l) => Node::Leaf(leaf_of(l)),
                    EntryRef::Container(sub) => {
                        nested = true;
                        Node::Container(sub)
                    }
                };
            }
        }
        let key = keys0.get(i);
        if nested {
            let sub = match track {
                Track::Always(kc) => {
                    let mut g = kc.push(key);
                    walk(&child, call, leaf_of, f, &mut Track::Always(&mut g), out)
                }
                Track::OnError => walk(&child, call, leaf_of, f, track, out),
            };
            match sub {
                Ok(node) => kids.push(Some(node)),
                Err(Stop::Failed(e)) => {
                    return Err(Stop::Failed(match track {
                        Track::Always(_) => e,
                        Track::OnError => prefix_key(key, e),
                    }));
                }
                Err(Stop::Unshared) => return Err(Stop::Unshared),
            }
        } else {
            for (c, x) in child.iter().zip(call.as_mut()) {
                if let Node::Leaf(l) = *c {
                    *x = Node::Leaf(l);
                }
            }
            let r = match track {
                Track::Always(kc) => {
                    let g = kc.push(key);
                    f(call, g.as_str()).map_err(|e| Error::in_container(g.as_str(), e))
                }
                Track::OnError => f(call, key).map_err(|e| Error::in_container(key, e)),
            };
            match r {
                Ok(m) => {
                    out.push(m);
                    kids.push(None);
                }
                Err(e) => return Err(Stop::Failed(e)),
            }
        }
    }
    Ok(Arc::new(NodeShape::new(keys0.clone(), kids)))
}

/// The leaves of nodes that are all leaves (what the engine passes `f`).
fn leaves_of<'a, L>(nodes: &[Node<'a, L, &'a L>]) -> SmallVec<[&'a L; 4]> {
    nodes
        .iter()
        .filter_map(|n| match *n {
            Node::Leaf(l) => Some(l),
            Node::Container(_) => None,
        })
        .collect()
}

/// Put `key` in front of the key chain of an error that happened below it.
fn prefix_key(key: &str, e: Error) -> Error {
    match e {
        Error::InContainer { key_chain, source } => Error::InContainer {
            key_chain: format!("{key}/{key_chain}"),
            source,
        },
        e => Error::in_container(key, e),
    }
}

fn wrap_at(kc: &str, e: Error) -> Error {
    if kc.is_empty() {
        e
    } else {
        Error::in_container(kc, e)
    }
}

/// Every key chain that breaks the shared-nested-structure rule, with the
/// arguments (by position) that have it and those that do not.
fn unshared_problems<L, X: Copy>(slots: &[Node<'_, L, X>]) -> Vec<String> {
    let mut problems = Vec::new();
    let args: Vec<(usize, Option<ContainerRef<'_, L>>)> = slots
        .iter()
        .enumerate()
        .map(|(i, s)| match *s {
            Node::Container(c) => (i, Some(c)),
            Node::Leaf(_) => (i, None),
        })
        .collect();
    collect_problems(&args, "", &mut problems);
    if problems.is_empty() {
        problems.push("the structures differ".to_string());
    }
    problems
}

fn collect_problems<L>(
    args: &[(usize, Option<ContainerRef<'_, L>>)],
    prefix: &str,
    out: &mut Vec<String>,
) {
    let conts: Vec<(usize, ContainerRef<'_, L>)> = args
        .iter()
        .filter_map(|&(i, c)| c.map(|c| (i, c)))
        .collect();
    let mut union: Vec<&str> = Vec::new();
    for (_, c) in &conts {
        for k in c.keys() {
            if !union.contains(&k) {
                union.push(k);
            }
        }
    }
    for key in union {
        let kc = if prefix.is_empty() {
            key.to_string()
        } else {
            format!("{prefix}/{key}")
        };
        let (has, lacks): (Vec<_>, Vec<_>) =
            conts.iter().partition(|(_, c)| c.get_key(key).is_some());
        if !lacks.is_empty() {
            out.push(format!(
                "`{kc}` is in {} but not in {}",
                list(&has),
                list(&lacks)
            ));
            continue;
        }
        let children: Vec<(usize, Option<ContainerRef<'_, L>>)> = conts
            .iter()
            .map(|(i, c)| (*i, c.get_key(key).and_then(|e| e.as_container())))
            .collect();
        if children.iter().any(|(_, c)| c.is_some()) {
            collect_problems(&children, &kc, out);
        }
    }
}

fn list<L>(args: &[&(usize, ContainerRef<'_, L>)]) -> String {
    let idx: Vec<String> = args.iter().map(|(i, _)| i.to_string()).collect();
    match idx.len() {
        1 => format!("argument {}", idx[0]),
        _ => format!("arguments {}", idx.join(", ")),
    }
}
