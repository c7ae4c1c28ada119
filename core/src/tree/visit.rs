//! The [`Tree`] and [`TreeMap`] traits, and the [`Sink`] / [`Source`]
//! protocol through which a node type flattens and rebuilds itself.

use super::def::{DictNode, Kind, MapKind, Node, NodeKind, TreeDef, path_to};
use super::key::{StaticField, StaticValue, TreeKey};
use super::record::{RecordInfo, RecordNode, RecordRef};
use crate::error::{Error, Result};
use std::sync::Arc;

/// A pytree node type over leaves of type `L`: the registry of node types,
/// the Rust way.
///
/// A type implements `Tree<L>` for the leaf type(s) it can hold: `f64`
/// implements `Tree<f64>` (it is a leaf), `Vec<T>` implements `Tree<L>`
/// whenever `T` does, and so do tuples, arrays, `Option`, `Box`, the maps,
/// and every struct or enum with `#[derive(Tree)]`. So the leaf type of
/// `Vec<(f64, Option<f64>)>` is `f64`, inferred, and `()` or an empty struct
/// is a tree of any leaf type.
///
/// The methods are the protocol the `tree_*` functions are built on; call
/// those functions rather than these methods. To register a type by hand
/// (JAX's `register_pytree_node`), implement `Tree` and [`TreeMap`] as
/// `#[derive(Tree)]` would:
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::{RecordInfo, RecordShape, Sink, Source, Tree, TreeMap};
///
/// /// A point whose leaves are its two coordinates.
/// #[derive(Debug, PartialEq)]
/// struct Point<T> { x: T, y: T }
///
/// const POINT: RecordInfo = RecordInfo {
///     module: module_path!(), name: "Point", variant: None,
///     shape: RecordShape::Named, fields: &["x", "y"], statics: &[],
/// };
///
/// impl<L, T: Tree<L>> Tree<L> for Point<T> {
///     fn flatten_into<'a, S: Sink<'a, L>>(&'a self, sink: &mut S) where L: 'a {
///         let token = sink.record(&POINT, Vec::new);
///         sink.child_field(&POINT, 0);
///         self.x.flatten_into(sink);
///         sink.child_field(&POINT, 1);
///         self.y.flatten_into(sink);
///         sink.end(token);
///     }
///     fn unflatten_from<S: Source<L>>(src: &mut S) -> ivy::Result<Self> {
///         src.record(&[&POINT])?;
///         let x = T::unflatten_from(src)?;
///         let y = T::unflatten_from(src)?;
///         src.end()?;
///         Ok(Point { x, y })
///     }
///     fn for_each_mut<F: FnMut(&mut L)>(&mut self, f: &mut F) {
///         self.x.for_each_mut(f);
///         self.y.for_each_mut(f);
///     }
/// }
///
/// impl<L, M, T: TreeMap<L, M>> TreeMap<L, M> for Point<T> {
///     type Output = Point<T::Output>;
///     fn map_ref<F: FnMut(&L) -> M>(&self, f: &mut F) -> Self::Output {
///         Point { x: self.x.map_ref(f), y: self.y.map_ref(f) }
///     }
///     fn try_map_ref<E: From<ivy::Error>, F: FnMut(&L) -> Result<M, E>>(
///         &self,
///         f: &mut F,
///     ) -> Result<Self::Output, E> {
///         Ok(Point { x: self.x.try_map_ref(f)?, y: self.y.try_map_ref(f)? })
///     }
/// }
///
/// let p = Point { x: 1.0f64, y: 2.0 };
/// let (leaves, def) = ivy::tree_flatten(&p);
/// assert_eq!(leaves, [1.0, 2.0]);
/// assert_eq!(def.to_string(), "TreeDef(Point { x: *, y: * })");
/// let q: Point<f64> = ivy::tree_unflatten(&def, [3.0, 4.0])?;
/// assert_eq!(q, Point { x: 3.0, y: 4.0 });
/// assert_eq!(ivy::tree_map(|v| v.to_string(), &p), Point { x: "1".to_string(), y: "2".to_string() });
/// # Ok::<(), ivy::Error>(())
/// ```
pub trait Tree<L>: Sized {
    /// Report the node and its children to `sink`, in pre-order (the leaf
    /// order): a leaf calls [`Sink::leaf`]; a node calls one of
    /// [`Sink::list`], [`Sink::tuple`], [`Sink::dict`], [`Sink::record`],
    /// then before each child the matching `child_*` method and the child's
    /// `flatten_into`, then [`Sink::end`] with the token it got.
    fn flatten_into<'a, S: Sink<'a, L>>(&'a self, sink: &mut S)
    where
        L: 'a;

    /// Rebuild a value from `src`, reading the nodes in the order
    /// [`Tree::flatten_into`] reports them (and [`Source::end`] after the
    /// children of each node).
    fn unflatten_from<S: Source<L>>(src: &mut S) -> Result<Self>;

    /// Call `f` on every leaf, in leaf order, in place.
    fn for_each_mut<F: FnMut(&mut L)>(&mut self, f: &mut F);

    /// Report a sequence of `Self` (a `Vec<Self>`, `[Self; N]`, ...) as a
    /// list node: [`Sink::list`], each item as a child, [`Sink::end`]. Leaf
    /// types override it to hand the whole slice to [`Sink::leaf_list`];
    /// other types keep this default.
    #[inline]
    fn flatten_list<'a, S: Sink<'a, L>>(items: &'a [Self], sink: &mut S)
    where
        L: 'a,
    {
        let token = sink.list(items.len());
        for (k, x) in items.iter().enumerate() {
            sink.child_index(k);
            x.flatten_into(sink);
        }
        sink.end(token);
    }

    /// Whether a value of this type can be rebuilt from a node like `next`
    /// (its kind, arity and record type): how an untagged enum
    /// (`#[tree(untagged)]`) chooses the variant to rebuild. Every type of
    /// this crate and every derived type answers exactly; the default, for
    /// a hand-written impl, is `true` (try it).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// use ivy::tree::{NodeKind, Peek, Tree};
    /// assert!(<Vec<f64> as Tree<f64>>::accepts(&Peek::new(NodeKind::List, 3)));
    /// assert!(!<(f64, f64) as Tree<f64>>::accepts(&Peek::new(NodeKind::Tuple, 3)));
    /// assert!(<Option<f64> as Tree<f64>>::accepts(&Peek::new(NodeKind::None, 0)));
    /// ```
    #[inline]
    fn accepts(next: &Peek<'_>) -> bool {
        let _ = next;
        true
    }

    /// Rebuild a sequence of `Self` from a list node (of length `len` if
    /// given), the reverse of [`Tree::flatten_list`]. Leaf types override it
    /// to take the leaves with [`Source::leaf_list`].
    #[inline]
    fn unflatten_list<S: Source<L>>(src: &mut S, len: Option<usize>) -> Result<Vec<Self>> {
        let n = src.list(len)?;
        let mut v = Vec::with_capacity(n);
        for _ in 0..n {
            v.push(Self::unflatten_from(src)?);
        }
        src.end()?;
        Ok(v)
    }
}

/// Mapping the leaves of a [`Tree`] from `L` to `M`.
///
/// `Output` is the same type with `M` leaves: `Vec<f64>` maps to `Vec<M>`,
/// a generic `#[derive(Tree)] struct Params<T>` maps to `Params<T::Output>`,
/// and a non-generic struct (whose field types name their leaf type) maps
/// only to itself (`M = L`).
///
/// `f` is called on the leaves in leaf order, the order of
/// [`tree_flatten`](crate::tree_flatten).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::TreeMap;
/// let v = vec![(1.0, 2.0)];
/// let s: Vec<(String, String)> = v.map_ref(&mut |x: &f64| x.to_string());
/// assert_eq!(s, [("1".to_string(), "2".to_string())]);
/// ```
pub trait TreeMap<L, M>: Tree<L> {
    /// The mapped type.
    type Output;

    /// Map every leaf with `f`.
    fn map_ref<F: FnMut(&L) -> M>(&self, f: &mut F) -> Self::Output;

    /// Map every leaf with a fallible `f`, stopping at the first error.
    fn try_map_ref<E: From<Error>, F: FnMut(&L) -> std::result::Result<M, E>>(
        &self,
        f: &mut F,
    ) -> std::result::Result<Self::Output, E>;
}

/// Receives a tree's nodes and leaves from [`Tree::flatten_into`].
///
/// The node methods return a token to hand back to [`Sink::end`] after the
/// node's children. The `child_*` methods announce the next child (for key
/// paths); sinks that do not track paths ignore them.
///
/// A sink that counts nodes by kind:
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::{RecordInfo, Sink, StaticValue, Tree, TreeKey};
/// #[derive(Default)]
/// struct Count { leaves: usize, nodes: usize }
/// impl<'a, L: 'a> Sink<'a, L> for Count {
///     fn leaf(&mut self, _: &'a L) { self.leaves += 1 }
///     fn none(&mut self) { self.nodes += 1 }
///     fn tuple(&mut self, _: usize) -> usize { self.nodes += 1; 0 }
///     fn list(&mut self, _: usize) -> usize { self.nodes += 1; 0 }
///     fn dict<K: TreeKey>(&mut self, _: &[&K], _: Option<&[usize]>) -> usize { self.nodes += 1; 0 }
///     fn record<F: FnOnce() -> Vec<StaticValue>>(&mut self, _: &'static RecordInfo, _: F) -> usize {
///         self.nodes += 1;
///         0
///     }
///     fn end(&mut self, _: usize) {}
/// }
/// let mut c = Count::default();
/// (1.0, vec![2.0, 3.0], None::<f64>).flatten_into(&mut c);
/// assert_eq!((c.leaves, c.nodes), (3, 3));
/// ```
pub trait Sink<'a, L: 'a> {
    /// A leaf.
    fn leaf(&mut self, leaf: &'a L);
    /// `None` (a node without children).
    fn none(&mut self);
    /// A tuple of `arity` children follows.
    fn tuple(&mut self, arity: usize) -> usize;
    /// A sequence of `len` children follows.
    fn list(&mut self, len: usize) -> usize;
    /// A map follows; `keys` are its keys in traversal (sorted) order, the
    /// order its children follow in, and `order` is its insertion order when
    /// that differs (`order[j]` = sorted position of the `j`-th inserted
    /// key).
    fn dict<K: TreeKey>(&mut self, keys: &[&K], order: Option<&[usize]>) -> usize;
    /// A record of type `info` follows with `info.fields.len()` children;
    /// `statics` gives its static field values when the sink needs them.
    fn record<F: FnOnce() -> Vec<StaticValue>>(
        &mut self,
        info: &'static RecordInfo,
        statics: F,
    ) -> usize;
    /// A double-ended queue of `len` children follows (`VecDeque`, optree's
    /// `deque`). The default reports it as a list.
    #[inline]
    fn deque(&mut self, len: usize) -> usize {
        self.list(len)
    }
    /// An insertion-ordered map follows (`IndexMap`, optree's
    /// `OrderedDict`); `keys` are in insertion order, the order its children
    /// follow in. The default reports it as a map whose insertion order is
    /// its traversal order.
    #[inline]
    fn ordered_dict<K: TreeKey>(&mut self, keys: &[&K]) -> usize {
        self.dict(keys, None)
    }
    /// A [`DefaultDict`](super::DefaultDict) follows (optree's
    /// `defaultdict`): as [`Sink::dict`]. The default reports it as a map.
    #[inline]
    fn default_dict<K: TreeKey>(&mut self, keys: &[&K], order: Option<&[usize]>) -> usize {
        self.dict(keys, order)
    }
    /// The next child is element `k` of a tuple or sequence.
    #[inline]
    fn child_index(&mut self, k: usize) {
        let _ = k;
    }
    /// The next child is the value of `key` in a map.
    #[inline]
    fn child_key<K: TreeKey>(&mut self, key: &K) {
        let _ = key;
    }
    /// The next child is field `k` of the record `info`.
    #[inline]
    fn child_field(&mut self, info: &'static RecordInfo, k: usize) {
        let _ = (info, k);
    }
    /// The children of the node that returned `token` are done.
    fn end(&mut self, token: usize);
    /// A list whose children are the leaves `leaves`: the same as
    /// [`Sink::list`], then [`Sink::child_index`] and [`Sink::leaf`] for each
    /// leaf, then [`Sink::end`] (which is what the default does). Sinks may
    /// take the slice at once.
    #[inline]
    fn leaf_list(&mut self, leaves: &'a [L]) {
        let token = self.list(leaves.len());
        for (k, x) in leaves.iter().enumerate() {
            self.child_index(k);
            self.leaf(x);
        }
        self.end(token);
    }
}

/// The keys of a map node as a [`Source`] hands them over (see the
/// `IndexMap` example of [`Tree`] impls: children come in `keys` order and
/// are inserted in `order`). Up to [`DictKeys::INLINE`] keys are held without
/// a heap allocation (a `smallvec::SmallVec`; a `Vec` converts with `into`).
///
/// ```
/// # use ivy_core as ivy;
/// let d = ivy::tree::DictKeys { keys: vec!["a", "b"].into(), order: Some(vec![1, 0]) };
/// let inserted: Vec<&str> = d.order.iter().flatten().map(|&j| d.keys[j]).collect();
/// assert_eq!(inserted, ["b", "a"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DictKeys<K> {
    /// The keys, in the order the children follow.
    pub keys: smallvec::SmallVec<[K; DictKeys::<()>::INLINE]>,
    /// The insertion order to rebuild, if it differs from `keys`' order:
    /// `order[j]` is the position in `keys` of the `j`-th key to insert.
    pub order: Option<Vec<usize>>,
}

impl<K> DictKeys<K> {
    /// How many keys a [`DictKeys`] holds in place.
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// assert_eq!(ivy::tree::DictKeys::<String>::INLINE, 4);
    /// ```
    pub const INLINE: usize = 4;
}

/// The next node of a [`Source`], seen before it is taken (see
/// [`Tree::accepts`]): its kind, its arity and, for a record, its type.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::tree::{NodeKind, Peek};
/// let p = Peek::new(NodeKind::Tuple, 2);
/// assert_eq!((p.kind(), p.arity()), (NodeKind::Tuple, 2));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Peek<'a> {
    kind: NodeKind,
    arity: usize,
    record: Option<&'a RecordNode>,
}

impl<'a> Peek<'a> {
    /// A node of `kind` with `arity` children (and no record type known).
    pub fn new(kind: NodeKind, arity: usize) -> Peek<'a> {
        Peek {
            kind,
            arity,
            record: None,
        }
    }

    pub(crate) fn of_node(node: &'a Node) -> Peek<'a> {
        Peek {
            kind: node.kind.node_kind(),
            arity: node.arity,
            record: match &node.kind {
                Kind::Record(r) => Some(r),
                _ => None,
            },
        }
    }

    /// The node's kind.
    pub fn kind(&self) -> NodeKind {
        self.kind
    }

    /// Its number of children.
    pub fn arity(&self) -> usize {
        self.arity
    }

    /// Whether it is a record of type `info` (`false` if the source does
    /// not know record types).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// use ivy::tree::{NodeKind, Peek, RecordInfo, RecordShape};
    /// const P: RecordInfo = RecordInfo {
    ///     module: "m", name: "P", variant: None, shape: RecordShape::Unit, fields: &[], statics: &[],
    /// };
    /// assert!(!Peek::new(NodeKind::Record, 0).is_record(&P));
    /// ```
    pub fn is_record(&self, info: &RecordInfo) -> bool {
        self.kind == NodeKind::Record && self.record.is_some_and(|r| r.is(info))
    }
}

/// Which record (or enum variant) a [`Source`] found.
///
/// ```
/// # use ivy_core as ivy;
/// let m = ivy::tree::RecordMatch::new(1, 0);
/// assert_eq!((m.variant(), m.index()), (1, 0));
/// ```
#[derive(Clone, Debug)]
pub struct RecordMatch {
    variant: usize,
    index: usize,
    node: Option<Arc<RecordNode>>,
}

impl RecordMatch {
    /// The position of the matched record in the list given to
    /// [`Source::record`] (the variant index of an enum).
    pub fn variant(&self) -> usize {
        self.variant
    }

    /// A match of variant `variant` found at position `index` by a source
    /// that holds no static values.
    pub fn new(variant: usize, index: usize) -> RecordMatch {
        RecordMatch {
            variant,
            index,
            node: None,
        }
    }

    /// The position at which the source found the record.
    pub fn index(&self) -> usize {
        self.index
    }
}

/// Hands nodes and leaves to [`Tree::unflatten_from`], checking each against
/// what the type expects. The crate's sources read a
/// [`TreeDef`](super::TreeDef) with its leaves ([`tree_unflatten`](crate::tree_unflatten))
/// and a [`Nest`](crate::nest::Nest) ([`Nest::into_tree`](crate::nest::Nest::into_tree)).
///
/// ```
/// # use ivy_core as ivy;
/// // Both sources rebuild the same value.
/// let t = (1.0, vec![2.0]);
/// let (leaves, def) = ivy::tree_flatten(&t);
/// let a: (f64, Vec<f64>) = ivy::tree_unflatten(&def, leaves)?;
/// let b: (f64, Vec<f64>) = ivy::nest::Nest::from_tree(&t).into_tree()?;
/// assert_eq!(a, b);
/// # Ok::<(), ivy::Error>(())
/// ```
pub trait Source<L> {
    /// Take a leaf.
    fn leaf(&mut self) -> Result<L>;
    /// If the next node is `None`, take it and return `true`; otherwise
    /// return `false` and leave it (for `Option`).
    fn take_none(&mut self) -> Result<bool>;
    /// Take a tuple node of `arity` children.
    fn tuple(&mut self, arity: usize) -> Result<()>;
    /// Take a sequence node and return its length; with `len`, the length
    /// must be `len` (`[T; N]`).
    fn list(&mut self, len: Option<usize>) -> Result<usize>;
    /// Take a map node and return its keys.
    fn dict<K: TreeKey>(&mut self) -> Result<DictKeys<K>>;
    /// Take a record node that must be one of `variants`.
    fn record(&mut self, variants: &[&'static RecordInfo]) -> Result<RecordMatch>;
    /// Take a deque node and return its length. The default takes a list.
    #[inline]
    fn deque(&mut self) -> Result<usize> {
        self.list(None)
    }
    /// Take an insertion-ordered map node and return its keys in insertion
    /// order. The default takes a map.
    #[inline]
    fn ordered_dict<K: TreeKey>(&mut self) -> Result<DictKeys<K>> {
        self.dict()
    }
    /// Take a [`DefaultDict`](super::DefaultDict) node and return its keys
    /// as [`Source::dict`] does. The default takes a map.
    #[inline]
    fn default_dict<K: TreeKey>(&mut self) -> Result<DictKeys<K>> {
        self.dict()
    }
    /// The value of static field `k` of the record `m`.
    fn static_field<T: StaticField>(&mut self, m: &RecordMatch, k: usize) -> Result<T>;
    /// The children of the last node taken are done.
    fn end(&mut self) -> Result<()>;
    /// The kind and arity of the next node, if the source can tell without
    /// taking it (dynamic types such as [`Nest`](crate::nest::Nest) need
    /// it to know what to read).
    fn peek(&self) -> Option<(NodeKind, usize)> {
        None
    }
    /// The next node, if the source can tell without taking it, with its
    /// record type where it is a record (what [`Tree::accepts`] reads). The
    /// default is [`Source::peek`] without record types.
    fn peek_node(&self) -> Option<Peek<'_>> {
        self.peek().map(|(kind, arity)| Peek::new(kind, arity))
    }
    /// The error for a next node that is not `expected` (a type that reads
    /// its nodes by content, such as an untagged enum, found none it can
    /// read). Sources that track paths say where.
    fn unexpected(&self, expected: &str) -> Error {
        let got = match self.peek() {
            Some((kind, arity)) => format!("a {kind:?} node of {arity} children"),
            None => "a node this source cannot describe".to_string(),
        };
        Error::structure(
            "tree_unflatten",
            "tree",
            format!("expected {expected}, got {got}"),
        )
    }
    /// Take a list node whose children are all leaves, and its leaves; with
    /// `len`, the length must be `len`. The same as [`Source::list`], then
    /// [`Source::leaf`] for each child, then [`Source::end`] (which is what
    /// the default does). Sources may take the leaves at once.
    #[inline]
    fn leaf_list(&mut self, len: Option<usize>) -> Result<Vec<L>> {
        leaf_list_by_node(self, len)
    }
}

/// [`Source::leaf_list`] node by node: the list, each leaf, the end.
fn leaf_list_by_node<L, S: Source<L> + ?Sized>(src: &mut S, len: Option<usize>) -> Result<Vec<L>> {
    let n = src.list(len)?;
    let mut v = Vec::with_capacity(n);
    for _ in 0..n {
        v.push(src.leaf()?);
    }
    src.end()?;
    Ok(v)
}

// ---------------------------------------------------------------------------
// Sinks
// ---------------------------------------------------------------------------

/// Where a [`DefBuilder`] puts leaves.
pub(crate) trait LeafOut<'a, L> {
    fn put(&mut self, leaf: &'a L);
    fn put_slice(&mut self, leaves: &'a [L]);
}

/// Leaves are cloned.
pub(crate) struct Cloned<L>(pub Vec<L>);

impl<'a, L: Clone> LeafOut<'a, L> for Cloned<L> {
    #[inline]
    fn put(&mut self, leaf: &'a L) {
        self.0.push(leaf.clone())
    }
    #[inline]
    fn put_slice(&mut self, leaves: &'a [L]) {
        self.0.extend_from_slice(leaves)
    }
}

/// Leaves are borrowed.
pub(crate) struct Borrowed<'a, L>(pub Vec<&'a L>);

impl<'a, L> LeafOut<'a, L> for Borrowed<'a, L> {
    #[inline]
    fn put(&mut self, leaf: &'a L) {
        self.0.push(leaf)
    }
    #[inline]
    fn put_slice(&mut self, leaves: &'a [L]) {
        self.0.extend(leaves.iter())
    }
}

/// Leaves are dropped (structure only).
pub(crate) struct NoLeaves;

impl<L> LeafOut<'_, L> for NoLeaves {
    #[inline]
    fn put(&mut self, _: &L) {}
    #[inline]
    fn put_slice(&mut self, _: &[L]) {}
}

/// Builds the compact pre-order node vector of a [`TreeDef`] (lists of
/// leaves stored without their leaf nodes, see
/// [`Nodes`](super::def::Nodes)).
pub(crate) struct DefBuilder<O> {
    pub nodes: Vec<Node>,
    pub leaves: O,
    leaf_count: usize,
    /// Leaf nodes not stored (in leaf runs).
    elided: usize,
}

impl<O> DefBuilder<O> {
    /// A builder with room for `nodes` nodes.
    pub fn with_capacity(nodes: usize, leaves: O) -> DefBuilder<O> {
        DefBuilder {
            nodes: Vec::with_capacity(nodes),
            leaves,
            leaf_count: 0,
            elided: 0,
        }
    }

    #[inline]
    fn open(&mut self, kind: Kind, arity: usize) -> usize {
        let token = self.nodes.len();
        // `num_leaves` holds the leaf count so far and `num_nodes` the full
        // index of the node until `end` fixes them.
        self.nodes.push(Node {
            kind,
            arity,
            num_leaves: self.leaf_count,
            num_nodes: token + self.elided,
        });
        token
    }

    fn map<K: TreeKey>(&mut self, kind: MapKind, keys: &[&K], order: Option<&[usize]>) -> usize {
        let dict = DictNode {
            kind,
            keys: keys.iter().map(|k| k.to_key()).collect(),
            order: order.map(Box::from),
        };
        self.open(Kind::Dict(Arc::new(dict)), keys.len())
    }

    pub fn finish(self, none_is_leaf: bool) -> (O, TreeDef) {
        let len = self.nodes.len() + self.elided;
        let def = TreeDef::from_compact(self.nodes, self.elided > 0, len, none_is_leaf);
        (self.leaves, def)
    }
}

impl<'a, L: 'a, O: LeafOut<'a, L>> Sink<'a, L> for DefBuilder<O> {
    #[inline]
    fn leaf(&mut self, leaf: &'a L) {
        self.nodes.push(Node::LEAF);
        self.leaves.put(leaf);
        self.leaf_count += 1;
    }

    #[inline]
    fn none(&mut self) {
        self.nodes.push(Node::NONE);
    }

    #[inline]
    fn tuple(&mut self, arity: usize) -> usize {
        self.open(Kind::Tuple, arity)
    }

    #[inline]
    fn list(&mut self, len: usize) -> usize {
        self.open(Kind::List, len)
    }

    fn dict<K: TreeKey>(&mut self, keys: &[&K], order: Option<&[usize]>) -> usize {
        self.map(MapKind::Dict, keys, order)
    }

    fn ordered_dict<K: TreeKey>(&mut self, keys: &[&K]) -> usize {
        self.map(MapKind::Ordered, keys, None)
    }

    fn default_dict<K: TreeKey>(&mut self, keys: &[&K], order: Option<&[usize]>) -> usize {
        self.map(MapKind::Default, keys, order)
    }

    #[inline]
    fn deque(&mut self, len: usize) -> usize {
        self.open(Kind::Deque, len)
    }

    fn record<F: FnOnce() -> Vec<StaticValue>>(
        &mut self,
        info: &'static RecordInfo,
        statics: F,
    ) -> usize {
        let statics = if info.statics.is_empty() {
            Box::default()
        } else {
            statics().into_boxed_slice()
        };
        let node = RecordNode {
            info: RecordRef::Static(info),
            statics,
        };
        self.open(Kind::Record(Arc::new(node)), info.fields.len())
    }

    #[inline]
    fn end(&mut self, token: usize) {
        let len = self.nodes.len();
        let full_len = len + self.elided;
        let count = self.leaf_count;
        if let Some(n) = self.nodes.get_mut(token) {
            n.num_leaves = count - n.num_leaves;
            n.num_nodes = full_len - n.num_nodes;
            // A list of leaves reported leaf by leaf: drop its leaf nodes,
            // as `leaf_list` does not store them.
            if n.is_leaf_run() && len > token + 1 {
                self.elided += len - (token + 1);
                self.nodes.truncate(token + 1);
            }
        }
    }

    #[inline]
    fn leaf_list(&mut self, leaves: &'a [L]) {
        let n = leaves.len();
        self.nodes.push(Node {
            kind: Kind::List,
            arity: n,
            num_leaves: n,
            num_nodes: n + 1,
        });
        self.elided += n;
        self.leaf_count += n;
        self.leaves.put_slice(leaves);
    }
}

/// Calls a closure on each leaf, ignoring structure.
pub(crate) struct ForEach<F>(pub F);

impl<'a, L: 'a, F: FnMut(&'a L)> Sink<'a, L> for ForEach<F> {
    #[inline]
    fn leaf(&mut self, leaf: &'a L) {
        (self.0)(leaf)
    }
    #[inline]
    fn none(&mut self) {}
    #[inline]
    fn tuple(&mut self, _: usize) -> usize {
        0
    }
    #[inline]
    fn list(&mut self, _: usize) -> usize {
        0
    }
    #[inline]
    fn dict<K: TreeKey>(&mut self, _: &[&K], _: Option<&[usize]>) -> usize {
        0
    }
    #[inline]
    fn record<G: FnOnce() -> Vec<StaticValue>>(&mut self, _: &'static RecordInfo, _: G) -> usize {
        0
    }
    #[inline]
    fn end(&mut self, _: usize) {}
}

/// Calls a closure on each leaf (`Some`) and, when `none_is_leaf`, on each
/// `None` (`None`), ignoring structure.
pub(crate) struct ForEachOrNone<F> {
    pub f: F,
    pub none_is_leaf: bool,
}

impl<'a, L: 'a, F: FnMut(Option<&'a L>)> Sink<'a, L> for ForEachOrNone<F> {
    #[inline]
    fn leaf(&mut self, leaf: &'a L) {
        (self.f)(Some(leaf))
    }
    #[inline]
    fn none(&mut self) {
        if self.none_is_leaf {
            (self.f)(None)
        }
    }
    #[inline]
    fn tuple(&mut self, _: usize) -> usize {
        0
    }
    #[inline]
    fn list(&mut self, _: usize) -> usize {
        0
    }
    #[inline]
    fn dict<K: TreeKey>(&mut self, _: &[&K], _: Option<&[usize]>) -> usize {
        0
    }
    #[inline]
    fn record<G: FnOnce() -> Vec<StaticValue>>(&mut self, _: &'static RecordInfo, _: G) -> usize {
        0
    }
    #[inline]
    fn end(&mut self, _: usize) {}
}

/// Counts nodes and leaves: a first pass that sizes the vectors of a
/// flatten exactly (growing them instead copies them about twice over,
/// which costs more than this pass).
#[derive(Default)]
struct Count {
    nodes: usize,
    leaves: usize,
}

impl<'a, L: 'a> Sink<'a, L> for Count {
    #[inline]
    fn leaf(&mut self, _: &'a L) {
        self.nodes += 1;
        self.leaves += 1;
    }
    #[inline]
    fn none(&mut self) {
        self.nodes += 1;
    }
    #[inline]
    fn tuple(&mut self, _: usize) -> usize {
        self.nodes += 1;
        0
    }
    #[inline]
    fn list(&mut self, _: usize) -> usize {
        self.nodes += 1;
        0
    }
    #[inline]
    fn dict<K: TreeKey>(&mut self, _: &[&K], _: Option<&[usize]>) -> usize {
        self.nodes += 1;
        0
    }
    #[inline]
    fn record<G: FnOnce() -> Vec<StaticValue>>(&mut self, _: &'static RecordInfo, _: G) -> usize {
        self.nodes += 1;
        0
    }
    #[inline]
    fn end(&mut self, _: usize) {}
    #[inline]
    fn leaf_list(&mut self, leaves: &'a [L]) {
        self.nodes += 1;
        self.leaves += leaves.len();
    }
}

/// The node and leaf counts of `tree`.
fn count<T: Tree<L>, L>(tree: &T) -> Count {
    let mut c = Count::default();
    tree.flatten_into(&mut c);
    c
}

/// Flatten `tree` into cloned leaves and its structure.
pub(crate) fn flatten_impl<T: Tree<L>, L: Clone>(tree: &T) -> (Vec<L>, TreeDef) {
    let c = count(tree);
    let mut b = DefBuilder::with_capacity(c.nodes, Cloned(Vec::with_capacity(c.leaves)));
    tree.flatten_into(&mut b);
    let (leaves, def) = b.finish(false);
    (leaves.0, def)
}

/// Flatten `tree` into borrowed leaves and its structure.
pub(crate) fn flatten_refs<T: Tree<L>, L>(tree: &T) -> (Vec<&L>, TreeDef) {
    let c = count(tree);
    let mut b = DefBuilder::with_capacity(c.nodes, Borrowed(Vec::with_capacity(c.leaves)));
    tree.flatten_into(&mut b);
    let (leaves, def) = b.finish(false);
    (leaves.0, def)
}

/// The structure of `tree`.
pub(crate) fn structure_impl<T: Tree<L>, L>(tree: &T) -> TreeDef {
    let mut b = DefBuilder::with_capacity(count(tree).nodes, NoLeaves);
    tree.flatten_into(&mut b);
    b.finish(false).1
}

// ---------------------------------------------------------------------------
// DefSource
// ---------------------------------------------------------------------------

/// Reads a [`TreeDef`]'s nodes and a vector of leaves.
///
/// It walks the compact nodes (see [`Nodes`](super::def::Nodes)): inside a
/// leaf run, `run` counts the leaves still to take. `epos` is the position of
/// the next node in the full pre-order vector, for error paths.
pub(crate) struct DefSource<'d, L> {
    op: &'static str,
    def: &'d TreeDef,
    nodes: &'d [Node],
    pos: usize,
    epos: usize,
    run: usize,
    leaves: std::vec::IntoIter<L>,
}

impl<'d, L> DefSource<'d, L> {
    pub fn new(op: &'static str, def: &'d TreeDef, leaves: Vec<L>) -> DefSource<'d, L> {
        DefSource {
            op,
            def,
            nodes: def.compact_nodes(),
            pos: 0,
            epos: 0,
            run: 0,
            leaves: leaves.into_iter(),
        }
    }

    /// The next node, if not inside a leaf run.
    #[inline]
    fn next_node(&self) -> Option<&'d Node> {
        if self.run > 0 {
            None
        } else {
            self.nodes.get(self.pos)
        }
    }

    /// Move past the (non-leaf-run-member) node at `pos`.
    #[inline]
    fn advance(&mut self, n: &Node) {
        self.pos += 1;
        self.epos += 1;
        if n.is_leaf_run() {
            self.run = n.arity;
        }
    }

    #[cold]
    fn error(&self, at: usize, message: String) -> Error {
        Error::structure(self.op, path_to(self.def.nodes(), at).error_path(), message)
    }

    #[cold]
    fn expected(&self, what: &str) -> Error {
        let got = match self.def.nodes().get(self.epos) {
            Some(n) => n.describe(),
            None => "nothing (the structure has fewer nodes)".to_string(),
        };
        self.error(self.epos, format!("expected {what}, got {got}"))
    }

    #[cold]
    fn too_few_leaves(&self) -> Error {
        Error::structure(self.op, "tree", "fewer leaves than the structure has")
    }

    /// Every node and leaf was used.
    pub fn finish(&mut self) -> Result<()> {
        if self.run != 0 || self.pos != self.nodes.len() {
            return Err(self.error(
                self.epos,
                "the structure has more nodes than the type reads".to_string(),
            ));
        }
        if self.leaves.next().is_some() {
            return Err(Error::structure(
                self.op,
                "tree",
                "more leaves than the structure has",
            ));
        }
        Ok(())
    }
}

impl<L> Source<L> for DefSource<'_, L> {
    #[inline]
    fn leaf(&mut self) -> Result<L> {
        if self.run > 0 {
            self.run -= 1;
        } else if let Some(Node {
            kind: Kind::Leaf, ..
        }) = self.nodes.get(self.pos)
        {
            self.pos += 1;
        } else {
            return Err(self.expected("a leaf"));
        }
        self.epos += 1;
        match self.leaves.next() {
            Some(l) => Ok(l),
            None => Err(self.too_few_leaves()),
        }
    }

    #[inline]
    fn take_none(&mut self) -> Result<bool> {
        match self.next_node() {
            Some(Node {
                kind: Kind::None, ..
            }) => {
                self.pos += 1;
                self.epos += 1;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    #[inline]
    fn tuple(&mut self, arity: usize) -> Result<()> {
        match self.next_node() {
            Some(
                n @ Node {
                    kind: Kind::Tuple, ..
                },
            ) if n.arity == arity => {
                self.pos += 1;
                self.epos += 1;
                Ok(())
            }
            _ => Err(self.expected(&format!("a tuple of {arity}"))),
        }
    }

    #[inline]
    fn list(&mut self, len: Option<usize>) -> Result<usize> {
        match self.next_node() {
            Some(
                n @ Node {
                    kind: Kind::List, ..
                },
            ) if len.is_none_or(|l| l == n.arity) => {
                self.advance(n);
                Ok(n.arity)
            }
            _ => Err(self.expected(&match len {
                Some(l) => format!("a list of {l}"),
                None => "a list".to_string(),
            })),
        }
    }

    #[inline]
    fn leaf_list(&mut self, len: Option<usize>) -> Result<Vec<L>> {
        if let Some(n) = self.next_node()
            && n.is_leaf_run()
            && len.is_none_or(|l| l == n.arity)
        {
            let k = n.arity;
            if self.leaves.len() < k {
                return Err(self.too_few_leaves());
            }
            self.pos += 1;
            self.epos += 1 + k;
            return Ok(self.leaves.by_ref().take(k).collect());
        }
        // Anything else (an empty list, a list of other nodes, an error)
        // goes node by node.
        leaf_list_by_node(self, len)
    }

    fn dict<K: TreeKey>(&mut self) -> Result<DictKeys<K>> {
        self.map(MapKind::Dict)
    }

    fn ordered_dict<K: TreeKey>(&mut self) -> Result<DictKeys<K>> {
        self.map(MapKind::Ordered)
    }

    fn default_dict<K: TreeKey>(&mut self) -> Result<DictKeys<K>> {
        self.map(MapKind::Default)
    }

    #[inline]
    fn deque(&mut self) -> Result<usize> {
        match self.next_node() {
            Some(
                n @ Node {
                    kind: Kind::Deque, ..
                },
            ) => {
                self.pos += 1;
                self.epos += 1;
                Ok(n.arity)
            }
            _ => Err(self.expected("a deque")),
        }
    }

    fn record(&mut self, variants: &[&'static RecordInfo]) -> Result<RecordMatch> {
        self.record_impl(variants)
    }

    fn static_field<T: StaticField>(&mut self, m: &RecordMatch, k: usize) -> Result<T> {
        self.static_field_impl(m, k)
    }

    #[inline]
    fn end(&mut self) -> Result<()> {
        Ok(())
    }

    fn peek(&self) -> Option<(NodeKind, usize)> {
        self.peek_node().map(|p| (p.kind(), p.arity()))
    }

    fn unexpected(&self, expected: &str) -> Error {
        self.expected(expected)
    }

    fn peek_node(&self) -> Option<Peek<'_>> {
        if self.run > 0 {
            return Some(Peek::new(NodeKind::Leaf, 0));
        }
        self.nodes.get(self.pos).map(Peek::of_node)
    }
}

impl<L> DefSource<'_, L> {
    /// Take a map node of kind `kind` and return its keys.
    fn map<K: TreeKey>(&mut self, kind: MapKind) -> Result<DictKeys<K>> {
        let d = match self.next_node() {
            Some(Node {
                kind: Kind::Dict(d),
                ..
            }) if d.kind == kind => d,
            _ => {
                return Err(self.expected(match kind {
                    MapKind::Dict => "a dict",
                    MapKind::Ordered => "an OrderedDict",
                    MapKind::Default => "a defaultdict",
                }));
            }
        };
        let mut keys = smallvec::SmallVec::with_capacity(d.keys.len());
        for k in d.keys.iter() {
            match K::from_key(k) {
                Some(key) => keys.push(key),
                None => {
                    let what = std::any::type_name::<K>();
                    return Err(
                        self.error(self.epos, format!("key {k} is not a key of type `{what}`"))
                    );
                }
            }
        }
        let order = d.order.as_ref().map(|o| o.to_vec());
        self.pos += 1;
        self.epos += 1;
        Ok(DictKeys { keys, order })
    }

    fn record_impl(&mut self, variants: &[&'static RecordInfo]) -> Result<RecordMatch> {
        let Some(Node {
            kind: Kind::Record(r),
            ..
        }) = self.next_node()
        else {
            return Err(self.expected(&expected_records(variants)));
        };
        match variants.iter().position(|v| r.is(v)) {
            Some(variant) => {
                let m = RecordMatch {
                    variant,
                    index: self.epos,
                    node: Some(r.clone()),
                };
                self.pos += 1;
                self.epos += 1;
                Ok(m)
            }
            None => Err(self.expected(&expected_records(variants))),
        }
    }

    fn static_field_impl<T: StaticField>(&mut self, m: &RecordMatch, k: usize) -> Result<T> {
        let value = m
            .node
            .as_ref()
            .and_then(|r| r.statics.get(k))
            .and_then(|v| v.downcast_ref::<T>());
        match value {
            Some(v) => Ok(v.clone()),
            None => {
                let (name, field) = match &m.node {
                    Some(r) => (r.display_name(), r.static_name(k).to_string()),
                    None => ("?".to_string(), k.to_string()),
                };
                Err(self.error(
                    m.index,
                    format!(
                        "static field `{field}` of `{name}` does not hold a `{}`",
                        std::any::type_name::<T>()
                    ),
                ))
            }
        }
    }
}

/// "a `Linear`" or "one of `A::X`, `A::Y`".
pub(crate) fn expected_records(variants: &[&'static RecordInfo]) -> String {
    match variants {
        [one] => format!("a `{}`", one.display_name()),
        many => {
            let names: Vec<String> = many
                .iter()
                .map(|v| format!("`{}`", v.display_name()))
                .collect();
            format!("one of {}", names.join(", "))
        }
    }
}

/// Used by dict impls: `order` from the insertion positions of sorted keys.
///
/// `sorted_pos[j]` = the original (insertion) index of the `j`-th key in
/// sorted order. Returns `None` if the insertion order is the sorted order.
pub(crate) fn insertion_order(sorted_pos: &[usize]) -> Option<Vec<usize>> {
    if sorted_pos.iter().enumerate().all(|(j, &p)| j == p) {
        return None;
    }
    let mut order = vec![0; sorted_pos.len()];
    for (j, &p) in sorted_pos.iter().enumerate() {
        if let Some(slot) = order.get_mut(p) {
            *slot = j;
        }
    }
    Some(order)
}
