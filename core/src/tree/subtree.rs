//! [`Subtree`]: a piece of a tree held as its structure and leaves, and
//! [`FlattenConfig`]: `None` as a leaf, and `is_leaf` cuts.

use super::def::{Kind, Node, NodeKind, NodeRef, TreeDef, child_roots, substitute, unflatten_impl};
use super::key::KeyPath;
use super::visit::{Tree, TreeMap, flatten_impl};
use crate::error::{Error, Result};

/// A subtree of some tree, as its structure and its leaves: what
/// [`TreeDef::flatten_up_to`], [`tree_flatten_with`](crate::tree_flatten_with)
/// and [`tree_map_up_to`](crate::tree_map_up_to) hand out where the subtree's
/// Rust type is not known statically. It can be rebuilt into any type of
/// that structure with [`Subtree::unflatten`].
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::Subtree;
/// let s = Subtree::from_tree(&(1.0, 2.0));
/// assert_eq!(s.leaves(), [1.0, 2.0]);
/// assert_eq!(s.def().to_string(), "TreeDef((*, *))");
/// let back: [f64; 2] = s.unflatten().or_else(|_| Ok::<_, ivy::Error>([0.0; 2]))?;
/// assert_eq!(back, [0.0, 0.0]); // a tuple is not an array
/// let back: (f64, f64) = Subtree::from_tree(&(1.0, 2.0)).unflatten()?;
/// assert_eq!(back, (1.0, 2.0));
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, PartialEq)]
pub struct Subtree<L> {
    def: TreeDef,
    leaves: Vec<L>,
}

impl<L> Subtree<L> {
    /// A subtree from its parts; the number of leaves must match.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// use ivy::tree::{Subtree, TreeDef};
    /// assert!(Subtree::new(TreeDef::leaf(), vec![1]).is_ok());
    /// assert!(Subtree::new(TreeDef::leaf(), vec![1, 2]).is_err());
    /// ```
    pub fn new(def: TreeDef, leaves: Vec<L>) -> Result<Subtree<L>> {
        if def.num_leaves() != leaves.len() {
            return Err(Error::structure(
                "Subtree::new",
                "tree",
                format!("expected {} leaves, got {}", def.num_leaves(), leaves.len()),
            ));
        }
        Ok(Subtree { def, leaves })
    }

    pub(crate) fn from_parts_unchecked(def: TreeDef, leaves: Vec<L>) -> Subtree<L> {
        Subtree { def, leaves }
    }

    /// A single leaf.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert_eq!(ivy::tree::Subtree::from_leaf(3).leaf(), Some(&3));
    /// ```
    pub fn from_leaf(leaf: L) -> Subtree<L> {
        Subtree {
            def: TreeDef::leaf(),
            leaves: vec![leaf],
        }
    }

    /// `None` (a node without children).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let s = ivy::tree::Subtree::<f64>::none();
    /// assert!(s.is_none());
    /// assert_eq!(s.unflatten::<Option<f64>>()?, None);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn none() -> Subtree<L> {
        Subtree {
            def: TreeDef::none(),
            leaves: Vec::new(),
        }
    }

    /// Flatten a value into a subtree (its leaves cloned).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let s = ivy::tree::Subtree::from_tree(&[1, 2]);
    /// assert_eq!((s.def().num_leaves(), s.leaves()), (2, &[1, 2][..]));
    /// assert!(!s.is_leaf() && !s.is_none() && s.leaf().is_none());
    /// let (def, leaves) = s.into_parts();
    /// assert_eq!(def.to_string(), "TreeDef([*, *])");
    /// assert_eq!(leaves, [1, 2]);
    /// ```
    pub fn from_tree<T: Tree<L>>(tree: &T) -> Subtree<L>
    where
        L: Clone,
    {
        let (leaves, def) = flatten_impl(tree);
        Subtree { def, leaves }
    }

    /// The structure.
    pub fn def(&self) -> &TreeDef {
        &self.def
    }

    /// The leaves.
    pub fn leaves(&self) -> &[L] {
        &self.leaves
    }

    /// The structure and the leaves.
    pub fn into_parts(self) -> (TreeDef, Vec<L>) {
        (self.def, self.leaves)
    }

    /// The leaf, if this subtree is a single leaf.
    pub fn leaf(&self) -> Option<&L> {
        if self.def.is_leaf() {
            self.leaves.first()
        } else {
            None
        }
    }

    /// Whether this subtree is `None`.
    pub fn is_none(&self) -> bool {
        self.def.kind() == NodeKind::None
    }

    /// Whether this subtree is a single leaf.
    pub fn is_leaf(&self) -> bool {
        self.def.is_leaf()
    }

    /// The leaf, if this subtree is a single leaf; `None` otherwise (for
    /// instance for a `None` subtree).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// use ivy::tree::Subtree;
    /// assert_eq!(Subtree::from_leaf(2.0).into_leaf(), Some(2.0));
    /// assert_eq!(Subtree::<f64>::none().into_leaf(), None);
    /// ```
    pub fn into_leaf(self) -> Option<L> {
        if self.def.is_leaf() {
            self.leaves.into_iter().next()
        } else {
            None
        }
    }

    /// Rebuild the subtree as a `T`.
    pub fn unflatten<T: Tree<L>>(self) -> Result<T> {
        unflatten_impl("Subtree::unflatten", &self.def, self.leaves)
    }

    /// Map the leaves, keeping the structure.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let s = ivy::tree::Subtree::from_tree(&vec![1, 2]).map(|x| x * 10);
    /// assert_eq!(s.leaves(), [10, 20]);
    /// ```
    pub fn map<M>(self, f: impl FnMut(L) -> M) -> Subtree<M> {
        Subtree {
            def: self.def,
            leaves: self.leaves.into_iter().map(f).collect(),
        }
    }
}

impl<L: Clone> Subtree<&L> {
    /// Clone the borrowed leaves.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let t = (1, vec![2, 3]);
    /// let parts = ivy::tree_map_up_to(|_: &i32, s| s.cloned(), &(0, 0), &t)?;
    /// assert_eq!(parts.1.leaves(), [2, 3]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cloned(self) -> Subtree<L> {
        Subtree {
            def: self.def,
            leaves: self.leaves.into_iter().cloned().collect(),
        }
    }
}

impl<L: std::fmt::Debug> std::fmt::Debug for Subtree<L> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Subtree({}, {:?})", self.def, self.leaves)
    }
}

/// How to flatten: JAX's fixed convention (`None` is a node without
/// children, the default) or optree's `none_is_leaf` mode, in which `None`
/// takes a leaf position. The mode is printed in the `TreeDef`.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::FlattenConfig;
/// let x = vec![Some(1.0), None];
/// let (parts, def) = ivy::tree_flatten_with(&x, FlattenConfig::NONE_IS_LEAF, ivy::tree::never);
/// assert_eq!(def.to_string(), "TreeDef([*, *], NoneIsLeaf)");
/// let leaves: Vec<Option<f64>> = parts.into_iter().map(|s| s.into_leaf()).collect();
/// assert_eq!(leaves, [Some(1.0), None]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FlattenConfig {
    /// Whether `None` is a leaf.
    pub none_is_leaf: bool,
}

impl FlattenConfig {
    /// `None` is a node without children (JAX).
    pub const DEFAULT: FlattenConfig = FlattenConfig {
        none_is_leaf: false,
    };
    /// `None` is a leaf (optree's `none_is_leaf=True`).
    pub const NONE_IS_LEAF: FlattenConfig = FlattenConfig { none_is_leaf: true };
}

/// The `is_leaf` predicate that never stops the descent.
///
/// ```
/// # use ivy_core as ivy;
/// let (parts, _) = ivy::tree_flatten_with(&vec![1, 2], Default::default(), ivy::tree::never);
/// assert_eq!(parts.len(), 2);
/// ```
pub fn never(_: &KeyPath, _: NodeRef<'_>) -> bool {
    false
}

/// Cut `full` where `is_leaf` holds (or at `None` in none-is-leaf mode):
/// returns the prefix structure and, for each of its leaves, the root index
/// of the cut subtree in `full`.
pub(crate) fn cut(
    full: &TreeDef,
    config: FlattenConfig,
    is_leaf: &mut dyn FnMut(&KeyPath, NodeRef<'_>) -> bool,
) -> (TreeDef, Vec<usize>) {
    let mut nodes = Vec::with_capacity(full.num_nodes());
    let mut roots = Vec::new();
    let mut path = KeyPath::new();
    cut_rec(
        full.nodes(),
        0,
        config,
        is_leaf,
        &mut path,
        &mut nodes,
        &mut roots,
    );
    (TreeDef::from_nodes(nodes, config.none_is_leaf), roots)
}

fn cut_rec(
    full: &[Node],
    i: usize,
    config: FlattenConfig,
    is_leaf: &mut dyn FnMut(&KeyPath, NodeRef<'_>) -> bool,
    path: &mut KeyPath,
    out: &mut Vec<Node>,
    roots: &mut Vec<usize>,
) -> (usize, usize) {
    let Some(node) = full.get(i) else {
        return (0, 0);
    };
    let stop = match node.kind {
        Kind::Leaf => true,
        Kind::None => {
            config.none_is_leaf
                || is_leaf(
                    path,
                    NodeRef {
                        nodes: full,
                        index: i,
                    },
                )
        }
        _ => is_leaf(
            path,
            NodeRef {
                nodes: full,
                index: i,
            },
        ),
    };
    if stop {
        out.push(Node::LEAF);
        roots.push(i);
        return (1, 1);
    }
    let at = out.len();
    out.push(node.clone());
    let (mut leaves, mut count) = (0, 1);
    for (k, c) in child_roots(full, i).enumerate() {
        path.push(node.entry(k));
        let (l, n) = cut_rec(full, c, config, is_leaf, path, out, roots);
        path.pop();
        leaves += l;
        count += n;
    }
    if let Some(n) = out.get_mut(at) {
        n.num_leaves = leaves;
        n.num_nodes = count;
    }
    (leaves, count)
}

/// Split `leaves` (of `full`) into the subtrees rooted at `roots`.
pub(crate) fn split_at_roots<L>(
    full: &TreeDef,
    roots: &[usize],
    leaves: Vec<L>,
) -> Vec<Subtree<L>> {
    let mut out = Vec::with_capacity(roots.len());
    let mut it = leaves.into_iter();
    for &r in roots {
        let def = full.subtree(r);
        let part: Vec<L> = it.by_ref().take(def.num_leaves()).collect();
        out.push(Subtree { def, leaves: part });
    }
    out
}

/// Replace the leaves of `prefix` by `parts` and rebuild a `T`.
pub(crate) fn unflatten_parts<T: Tree<L>, L>(
    op: &'static str,
    prefix: &TreeDef,
    parts: Vec<Subtree<L>>,
) -> Result<T> {
    if parts.len() != prefix.num_leaves() {
        return Err(Error::structure(
            op,
            "tree",
            format!(
                "expected {} subtrees, got {}",
                prefix.num_leaves(),
                parts.len()
            ),
        ));
    }
    let defs: Vec<TreeDef> = parts.iter().map(|p| p.def.clone()).collect();
    let full = substitute(prefix, defs.iter());
    let leaves: Vec<L> = parts.into_iter().flat_map(|p| p.leaves).collect();
    unflatten_impl(op, &full, leaves)
}

/// Map the subtrees of `tree` cut by `config` and `is_leaf`, and rebuild.
pub(crate) fn map_cut<T, L, M, F>(
    op: &'static str,
    tree: &T,
    config: FlattenConfig,
    is_leaf: &mut dyn FnMut(&KeyPath, NodeRef<'_>) -> bool,
    mut f: F,
) -> Result<T::Output>
where
    T: TreeMap<L, M>,
    T::Output: Tree<M>,
    L: Clone,
    F: FnMut(Subtree<L>) -> Subtree<M>,
{
    let (leaves, full) = flatten_impl(tree);
    let (prefix, roots) = cut(&full, config, is_leaf);
    let parts = split_at_roots(&full, &roots, leaves);
    let mapped: Vec<Subtree<M>> = parts.into_iter().map(&mut f).collect();
    unflatten_parts(op, &prefix, mapped)
}
