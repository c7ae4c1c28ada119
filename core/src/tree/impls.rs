//! [`Tree`] and [`TreeMap`] for leaves and the std containers.

use super::def::NodeKind;
use super::key::TreeKey;
use super::visit::{DictKeys, Peek, Sink, Source, Tree, TreeMap};
use crate::error::{Error, Result};
use indexmap::IndexMap;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::hash::{BuildHasher, Hash};

// ---------------------------------------------------------------------------
// Leaves
// ---------------------------------------------------------------------------

macro_rules! leaves {
    ($($t:ty),* $(,)?) => {$(
        impl Tree<$t> for $t {
            #[inline]
            fn flatten_into<'a, S: Sink<'a, $t>>(&'a self, sink: &mut S)
            where
                $t: 'a,
            {
                sink.leaf(self)
            }
            #[inline]
            fn unflatten_from<S: Source<$t>>(src: &mut S) -> Result<Self> {
                src.leaf()
            }
            #[inline]
            fn for_each_mut<F: FnMut(&mut $t)>(&mut self, f: &mut F) {
                f(self)
            }
            #[inline]
            fn accepts(next: &Peek<'_>) -> bool {
                next.kind() == NodeKind::Leaf
            }
            #[inline]
            fn flatten_list<'a, S: Sink<'a, $t>>(items: &'a [Self], sink: &mut S)
            where
                $t: 'a,
            {
                sink.leaf_list(items)
            }
            #[inline]
            fn unflatten_list<S: Source<$t>>(src: &mut S, len: Option<usize>) -> Result<Vec<Self>> {
                src.leaf_list(len)
            }
        }

        impl<M> TreeMap<$t, M> for $t {
            type Output = M;
            #[inline]
            fn map_ref<F: FnMut(&$t) -> M>(&self, f: &mut F) -> M {
                f(self)
            }
            #[inline]
            fn try_map_ref<E: From<Error>, F: FnMut(&$t) -> std::result::Result<M, E>>(
                &self,
                f: &mut F,
            ) -> std::result::Result<M, E> {
                f(self)
            }
        }
    )*};
}

leaves!(
    crate::Array,
    crate::Scalar,
    crate::Dtype,
    crate::Shape,
    bool,
    char,
    i8,
    i16,
    i32,
    i64,
    i128,
    isize,
    u8,
    u16,
    u32,
    u64,
    u128,
    usize,
    f32,
    f64,
    crate::dtype::f16,
    crate::dtype::bf16,
    crate::dtype::Complex32,
    crate::dtype::Complex64,
    String,
    &'static str,
);

// ---------------------------------------------------------------------------
// Transparent wrappers: Box, Option (Some is its content, None a node)
// ---------------------------------------------------------------------------

impl<L, T: Tree<L>> Tree<L> for Box<T> {
    #[inline]
    fn flatten_into<'a, S: Sink<'a, L>>(&'a self, sink: &mut S)
    where
        L: 'a,
    {
        (**self).flatten_into(sink)
    }
    #[inline]
    fn unflatten_from<S: Source<L>>(src: &mut S) -> Result<Self> {
        T::unflatten_from(src).map(Box::new)
    }
    #[inline]
    fn for_each_mut<F: FnMut(&mut L)>(&mut self, f: &mut F) {
        (**self).for_each_mut(f)
    }
    #[inline]
    fn accepts(next: &Peek<'_>) -> bool {
        T::accepts(next)
    }
}

impl<L, M, T: TreeMap<L, M>> TreeMap<L, M> for Box<T> {
    type Output = Box<T::Output>;
    #[inline]
    fn map_ref<F: FnMut(&L) -> M>(&self, f: &mut F) -> Self::Output {
        Box::new((**self).map_ref(f))
    }
    #[inline]
    fn try_map_ref<E: From<Error>, F: FnMut(&L) -> std::result::Result<M, E>>(
        &self,
        f: &mut F,
    ) -> std::result::Result<Self::Output, E> {
        (**self).try_map_ref(f).map(Box::new)
    }
}

/// `Some(x)` is `x`'s structure; `None` is a node without children (JAX's
/// convention). A consequence: `Some(None)` rebuilds as `None`.
impl<L, T: Tree<L>> Tree<L> for Option<T> {
    #[inline]
    fn flatten_into<'a, S: Sink<'a, L>>(&'a self, sink: &mut S)
    where
        L: 'a,
    {
        match self {
            Some(x) => x.flatten_into(sink),
            None => sink.none(),
        }
    }
    #[inline]
    fn unflatten_from<S: Source<L>>(src: &mut S) -> Result<Self> {
        if src.take_none()? {
            Ok(None)
        } else {
            T::unflatten_from(src).map(Some)
        }
    }
    #[inline]
    fn for_each_mut<F: FnMut(&mut L)>(&mut self, f: &mut F) {
        if let Some(x) = self {
            x.for_each_mut(f)
        }
    }
    #[inline]
    fn accepts(next: &Peek<'_>) -> bool {
        next.kind() == NodeKind::None || T::accepts(next)
    }
}

impl<L, M, T: TreeMap<L, M>> TreeMap<L, M> for Option<T> {
    type Output = Option<T::Output>;
    #[inline]
    fn map_ref<F: FnMut(&L) -> M>(&self, f: &mut F) -> Self::Output {
        self.as_ref().map(|x| x.map_ref(f))
    }
    #[inline]
    fn try_map_ref<E: From<Error>, F: FnMut(&L) -> std::result::Result<M, E>>(
        &self,
        f: &mut F,
    ) -> std::result::Result<Self::Output, E> {
        self.as_ref().map(|x| x.try_map_ref(f)).transpose()
    }
}

// ---------------------------------------------------------------------------
// Sequences
// ---------------------------------------------------------------------------

impl<L, T: Tree<L>> Tree<L> for Vec<T> {
    #[inline]
    fn flatten_into<'a, S: Sink<'a, L>>(&'a self, sink: &mut S)
    where
        L: 'a,
    {
        T::flatten_list(self, sink)
    }
    #[inline]
    fn unflatten_from<S: Source<L>>(src: &mut S) -> Result<Self> {
        T::unflatten_list(src, None)
    }
    #[inline]
    fn for_each_mut<F: FnMut(&mut L)>(&mut self, f: &mut F) {
        for x in self {
            x.for_each_mut(f)
        }
    }
    #[inline]
    fn accepts(next: &Peek<'_>) -> bool {
        next.kind() == NodeKind::List
    }
}

impl<L, M, T: TreeMap<L, M>> TreeMap<L, M> for Vec<T> {
    type Output = Vec<T::Output>;
    #[inline]
    fn map_ref<F: FnMut(&L) -> M>(&self, f: &mut F) -> Self::Output {
        self.iter().map(|x| x.map_ref(f)).collect()
    }
    #[inline]
    fn try_map_ref<E: From<Error>, F: FnMut(&L) -> std::result::Result<M, E>>(
        &self,
        f: &mut F,
    ) -> std::result::Result<Self::Output, E> {
        self.iter().map(|x| x.try_map_ref(f)).collect()
    }
}

/// A deque node (optree's `deque`, printed `deque([*, *])`): a structure
/// of its own, not a list's.
impl<L, T: Tree<L>> Tree<L> for VecDeque<T> {
    fn flatten_into<'a, S: Sink<'a, L>>(&'a self, sink: &mut S)
    where
        L: 'a,
    {
        let token = sink.deque(self.len());
        for (k, x) in self.iter().enumerate() {
            sink.child_index(k);
            x.flatten_into(sink);
        }
        sink.end(token);
    }
    fn unflatten_from<S: Source<L>>(src: &mut S) -> Result<Self> {
        let n = src.deque()?;
        let mut v = VecDeque::with_capacity(n);
        for _ in 0..n {
            v.push_back(T::unflatten_from(src)?);
        }
        src.end()?;
        Ok(v)
    }
    fn for_each_mut<F: FnMut(&mut L)>(&mut self, f: &mut F) {
        for x in self {
            x.for_each_mut(f)
        }
    }
    #[inline]
    fn accepts(next: &Peek<'_>) -> bool {
        next.kind() == NodeKind::Deque
    }
}

impl<L, M, T: TreeMap<L, M>> TreeMap<L, M> for VecDeque<T> {
    type Output = VecDeque<T::Output>;
    fn map_ref<F: FnMut(&L) -> M>(&self, f: &mut F) -> Self::Output {
        self.iter().map(|x| x.map_ref(f)).collect()
    }
    fn try_map_ref<E: From<Error>, F: FnMut(&L) -> std::result::Result<M, E>>(
        &self,
        f: &mut F,
    ) -> std::result::Result<Self::Output, E> {
        self.iter().map(|x| x.try_map_ref(f)).collect()
    }
}

impl<L, T: Tree<L>> Tree<L> for Box<[T]> {
    fn flatten_into<'a, S: Sink<'a, L>>(&'a self, sink: &mut S)
    where
        L: 'a,
    {
        T::flatten_list(self, sink)
    }
    fn unflatten_from<S: Source<L>>(src: &mut S) -> Result<Self> {
        T::unflatten_list(src, None).map(Vec::into_boxed_slice)
    }
    fn for_each_mut<F: FnMut(&mut L)>(&mut self, f: &mut F) {
        for x in self.iter_mut() {
            x.for_each_mut(f)
        }
    }
    #[inline]
    fn accepts(next: &Peek<'_>) -> bool {
        next.kind() == NodeKind::List
    }
}

impl<L, M, T: TreeMap<L, M>> TreeMap<L, M> for Box<[T]> {
    type Output = Box<[T::Output]>;
    fn map_ref<F: FnMut(&L) -> M>(&self, f: &mut F) -> Self::Output {
        self.iter().map(|x| x.map_ref(f)).collect()
    }
    fn try_map_ref<E: From<Error>, F: FnMut(&L) -> std::result::Result<M, E>>(
        &self,
        f: &mut F,
    ) -> std::result::Result<Self::Output, E> {
        self.iter().map(|x| x.try_map_ref(f)).collect()
    }
}

/// A fixed-size array is a list node; rebuilding checks the length.
impl<L, T: Tree<L>, const N: usize> Tree<L> for [T; N] {
    #[inline]
    fn flatten_into<'a, S: Sink<'a, L>>(&'a self, sink: &mut S)
    where
        L: 'a,
    {
        T::flatten_list(self.as_slice(), sink)
    }
    fn unflatten_from<S: Source<L>>(src: &mut S) -> Result<Self> {
        let v: Vec<T> = T::unflatten_list(src, Some(N))?;
        let len = v.len();
        <[T; N]>::try_from(v).map_err(|_| {
            Error::structure(
                "tree_unflatten",
                "tree",
                format!("expected a list of {N}, got {len}"),
            )
        })
    }
    #[inline]
    fn for_each_mut<F: FnMut(&mut L)>(&mut self, f: &mut F) {
        for x in self {
            x.for_each_mut(f)
        }
    }
    #[inline]
    fn accepts(next: &Peek<'_>) -> bool {
        next.kind() == NodeKind::List && next.arity() == N
    }
}

impl<L, M, T: TreeMap<L, M>, const N: usize> TreeMap<L, M> for [T; N] {
    type Output = [T::Output; N];
    #[inline]
    fn map_ref<F: FnMut(&L) -> M>(&self, f: &mut F) -> Self::Output {
        self.each_ref().map(|x| x.map_ref(f))
    }
    fn try_map_ref<E: From<Error>, F: FnMut(&L) -> std::result::Result<M, E>>(
        &self,
        f: &mut F,
    ) -> std::result::Result<Self::Output, E> {
        let v: Vec<T::Output> = self
            .iter()
            .map(|x| x.try_map_ref(f))
            .collect::<std::result::Result<_, E>>()?;
        let len = v.len();
        <[T::Output; N]>::try_from(v).map_err(|_| {
            E::from(Error::structure(
                "tree_map",
                "tree",
                format!("expected a list of {N}, got {len}"),
            ))
        })
    }
}

// ---------------------------------------------------------------------------
// Tuples
// ---------------------------------------------------------------------------

impl<L> Tree<L> for () {
    #[inline]
    fn flatten_into<'a, S: Sink<'a, L>>(&'a self, sink: &mut S)
    where
        L: 'a,
    {
        let token = sink.tuple(0);
        sink.end(token);
    }
    #[inline]
    fn unflatten_from<S: Source<L>>(src: &mut S) -> Result<Self> {
        src.tuple(0)?;
        src.end()
    }
    #[inline]
    fn for_each_mut<F: FnMut(&mut L)>(&mut self, _: &mut F) {}
    #[inline]
    fn accepts(next: &Peek<'_>) -> bool {
        next.kind() == NodeKind::Tuple && next.arity() == 0
    }
}

impl<L, M> TreeMap<L, M> for () {
    type Output = ();
    #[inline]
    fn map_ref<F: FnMut(&L) -> M>(&self, _: &mut F) {}
    #[inline]
    fn try_map_ref<E: From<Error>, F: FnMut(&L) -> std::result::Result<M, E>>(
        &self,
        _: &mut F,
    ) -> std::result::Result<(), E> {
        Ok(())
    }
}

macro_rules! tuples {
    ($( ($n:expr; $($T:ident $i:tt),+) )*) => {$(
        impl<L, $($T: Tree<L>),+> Tree<L> for ($($T,)+) {
            #[inline]
            fn flatten_into<'a, S: Sink<'a, L>>(&'a self, sink: &mut S)
            where
                L: 'a,
            {
                let token = sink.tuple($n);
                $(
                    sink.child_index($i);
                    self.$i.flatten_into(sink);
                )+
                sink.end(token);
            }
            #[inline]
            fn unflatten_from<S: Source<L>>(src: &mut S) -> Result<Self> {
                src.tuple($n)?;
                let value = ($($T::unflatten_from(src)?,)+);
                src.end()?;
                Ok(value)
            }
            #[inline]
            fn for_each_mut<F: FnMut(&mut L)>(&mut self, f: &mut F) {
                $( self.$i.for_each_mut(f); )+
            }
            #[inline]
            fn accepts(next: &Peek<'_>) -> bool {
                next.kind() == NodeKind::Tuple && next.arity() == $n
            }
        }

        impl<L, M, $($T: TreeMap<L, M>),+> TreeMap<L, M> for ($($T,)+) {
            type Output = ($($T::Output,)+);
            #[inline]
            fn map_ref<F: FnMut(&L) -> M>(&self, f: &mut F) -> Self::Output {
                ($(self.$i.map_ref(f),)+)
            }
            #[inline]
            fn try_map_ref<E: From<Error>, F: FnMut(&L) -> std::result::Result<M, E>>(
                &self,
                f: &mut F,
            ) -> std::result::Result<Self::Output, E> {
                Ok(($(self.$i.try_map_ref(f)?,)+))
            }
        }
    )*};
}

tuples! {
    (1; T0 0)
    (2; T0 0, T1 1)
    (3; T0 0, T1 1, T2 2)
    (4; T0 0, T1 1, T2 2, T3 3)
    (5; T0 0, T1 1, T2 2, T3 3, T4 4)
    (6; T0 0, T1 1, T2 2, T3 3, T4 4, T5 5)
    (7; T0 0, T1 1, T2 2, T3 3, T4 4, T5 5, T6 6)
    (8; T0 0, T1 1, T2 2, T3 3, T4 4, T5 5, T6 6, T7 7)
    (9; T0 0, T1 1, T2 2, T3 3, T4 4, T5 5, T6 6, T7 7, T8 8)
    (10; T0 0, T1 1, T2 2, T3 3, T4 4, T5 5, T6 6, T7 7, T8 8, T9 9)
    (11; T0 0, T1 1, T2 2, T3 3, T4 4, T5 5, T6 6, T7 7, T8 8, T9 9, T10 10)
    (12; T0 0, T1 1, T2 2, T3 3, T4 4, T5 5, T6 6, T7 7, T8 8, T9 9, T10 10, T11 11)
}

// ---------------------------------------------------------------------------
// Maps: children in sorted key order; IndexMap in insertion order
// ---------------------------------------------------------------------------

impl<L, K: TreeKey, V: Tree<L>> Tree<L> for BTreeMap<K, V> {
    fn flatten_into<'a, S: Sink<'a, L>>(&'a self, sink: &mut S)
    where
        L: 'a,
    {
        let keys: smallvec::SmallVec<[&K; 16]> = self.keys().collect();
        let token = sink.dict(&keys, None);
        for (k, v) in self {
            sink.child_key(k);
            v.flatten_into(sink);
        }
        sink.end(token);
    }
    fn unflatten_from<S: Source<L>>(src: &mut S) -> Result<Self> {
        let d = src.dict::<K>()?;
        // A small map is built by inserting (no scratch vector); a larger
        // one in bulk, which is linear for the sorted keys a `TreeDef`
        // holds. Either way a repeated key keeps its last value.
        if d.keys.len() <= DictKeys::<K>::INLINE {
            let mut map = BTreeMap::new();
            for k in d.keys {
                map.insert(k, V::unflatten_from(src)?);
            }
            src.end()?;
            return Ok(map);
        }
        let mut pairs = Vec::with_capacity(d.keys.len());
        for k in d.keys {
            let v = V::unflatten_from(src)?;
            pairs.push((k, v));
        }
        src.end()?;
        Ok(BTreeMap::from_iter(pairs))
    }
    fn for_each_mut<F: FnMut(&mut L)>(&mut self, f: &mut F) {
        for v in self.values_mut() {
            v.for_each_mut(f)
        }
    }
    #[inline]
    fn accepts(next: &Peek<'_>) -> bool {
        next.kind() == NodeKind::Dict
    }
}

impl<L, M, K: TreeKey, V: TreeMap<L, M>> TreeMap<L, M> for BTreeMap<K, V> {
    type Output = BTreeMap<K, V::Output>;
    fn map_ref<F: FnMut(&L) -> M>(&self, f: &mut F) -> Self::Output {
        self.iter()
            .map(|(k, v)| (k.clone(), v.map_ref(f)))
            .collect()
    }
    fn try_map_ref<E: From<Error>, F: FnMut(&L) -> std::result::Result<M, E>>(
        &self,
        f: &mut F,
    ) -> std::result::Result<Self::Output, E> {
        self.iter()
            .map(|(k, v)| Ok((k.clone(), v.try_map_ref(f)?)))
            .collect()
    }
}

fn sorted_entries<'m, K: Ord, V>(it: impl Iterator<Item = (&'m K, &'m V)>) -> Vec<(&'m K, &'m V)> {
    let mut entries: Vec<(&K, &V)> = it.collect();
    entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
    entries
}

impl<L, K: TreeKey + Hash, V: Tree<L>, H: BuildHasher + Default> Tree<L> for HashMap<K, V, H> {
    fn flatten_into<'a, S: Sink<'a, L>>(&'a self, sink: &mut S)
    where
        L: 'a,
    {
        let entries = sorted_entries(self.iter());
        let keys: Vec<&K> = entries.iter().map(|e| e.0).collect();
        let token = sink.dict(&keys, None);
        for (k, v) in entries {
            sink.child_key(k);
            v.flatten_into(sink);
        }
        sink.end(token);
    }
    fn unflatten_from<S: Source<L>>(src: &mut S) -> Result<Self> {
        let d = src.dict::<K>()?;
        let mut m = HashMap::with_capacity_and_hasher(d.keys.len(), H::default());
        for k in d.keys {
            let v = V::unflatten_from(src)?;
            m.insert(k, v);
        }
        src.end()?;
        Ok(m)
    }
    fn for_each_mut<F: FnMut(&mut L)>(&mut self, f: &mut F) {
        let mut entries: Vec<(&K, &mut V)> = self.iter_mut().collect();
        entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
        for (_, v) in entries {
            v.for_each_mut(f)
        }
    }
    #[inline]
    fn accepts(next: &Peek<'_>) -> bool {
        next.kind() == NodeKind::Dict
    }
}

impl<L, M, K: TreeKey + Hash, V: TreeMap<L, M>, H: BuildHasher + Default> TreeMap<L, M>
    for HashMap<K, V, H>
{
    type Output = HashMap<K, V::Output, H>;
    fn map_ref<F: FnMut(&L) -> M>(&self, f: &mut F) -> Self::Output {
        sorted_entries(self.iter())
            .into_iter()
            .map(|(k, v)| (k.clone(), v.map_ref(f)))
            .collect()
    }
    fn try_map_ref<E: From<Error>, F: FnMut(&L) -> std::result::Result<M, E>>(
        &self,
        f: &mut F,
    ) -> std::result::Result<Self::Output, E> {
        sorted_entries(self.iter())
            .into_iter()
            .map(|(k, v)| Ok((k.clone(), v.try_map_ref(f)?)))
            .collect()
    }
}

/// An ordered map node (optree's `OrderedDict`, printed
/// `OrderedDict({'b': *, 'a': *})`): children in insertion order, and two
/// maps with the same keys in other orders have different structures (they
/// still zip together in the multi-tree functions, key by key).
impl<L, K: TreeKey + Hash, V: Tree<L>, H: BuildHasher + Default> Tree<L> for IndexMap<K, V, H> {
    fn flatten_into<'a, S: Sink<'a, L>>(&'a self, sink: &mut S)
    where
        L: 'a,
    {
        let keys: smallvec::SmallVec<[&K; 16]> = self.keys().collect();
        let token = sink.ordered_dict(&keys);
        for (k, v) in self {
            sink.child_key(k);
            v.flatten_into(sink);
        }
        sink.end(token);
    }
    fn unflatten_from<S: Source<L>>(src: &mut S) -> Result<Self> {
        let d = src.ordered_dict::<K>()?;
        let mut m = IndexMap::with_capacity_and_hasher(d.keys.len(), H::default());
        for k in d.keys {
            let v = V::unflatten_from(src)?;
            m.insert(k, v);
        }
        src.end()?;
        Ok(m)
    }
    fn for_each_mut<F: FnMut(&mut L)>(&mut self, f: &mut F) {
        for v in self.values_mut() {
            v.for_each_mut(f)
        }
    }
    #[inline]
    fn accepts(next: &Peek<'_>) -> bool {
        next.kind() == NodeKind::OrderedDict
    }
}

impl<L, M, K: TreeKey + Hash, V: TreeMap<L, M>, H: BuildHasher + Default> TreeMap<L, M>
    for IndexMap<K, V, H>
{
    type Output = IndexMap<K, V::Output, H>;
    fn map_ref<F: FnMut(&L) -> M>(&self, f: &mut F) -> Self::Output {
        self.iter()
            .map(|(k, v)| (k.clone(), v.map_ref(f)))
            .collect()
    }
    fn try_map_ref<E: From<Error>, F: FnMut(&L) -> std::result::Result<M, E>>(
        &self,
        f: &mut F,
    ) -> std::result::Result<Self::Output, E> {
        self.iter()
            .map(|(k, v)| Ok((k.clone(), v.try_map_ref(f)?)))
            .collect()
    }
}
