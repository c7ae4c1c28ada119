//! Key chains: `"a/b/c"` (or `"a.b.c"`) addresses an entry of a nested
//! [`Container`]; getting, setting (creating levels), testing and removing
//! by chain, and `Index` / `IndexMut`.

use super::{Container, ContainerMut, ContainerRef, Entry, EntryMut, EntryRef, node};
use crate::error::{Error, Result};
use std::ops::{Deref, DerefMut, Index, IndexMut};

/// The keys of a key chain, split as Ivy splits them: at every `/` and `.`.
/// The empty chain `""` is the container itself and has no keys.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::container::split_key_chain;
/// assert_eq!(split_key_chain("a/b.c").collect::<Vec<_>>(), ["a", "b", "c"]);
/// assert_eq!(split_key_chain("").count(), 0);
/// ```
pub fn split_key_chain(kc: &str) -> impl Iterator<Item = &str> + '_ {
    let empty = kc.is_empty();
    kc.split(['/', '.']).filter(move |_| !empty)
}

/// Whether `key` may be a key: non-empty, without `/` or `.`.
pub(crate) fn check_key(op: &str, chain: &str, key: &str) -> Result<()> {
    if key.is_empty() {
        return Err(key_chain_error(
            op,
            chain,
            "a key chain has an empty key (keys are separated by `/` or `.`)",
        ));
    }
    if key.contains(['/', '.']) {
        return Err(key_chain_error(
            op,
            chain,
            format!("`{key}` is not a key: `/` and `.` separate the keys of a chain"),
        ));
    }
    Ok(())
}

fn key_chain_error(op: &str, chain: &str, message: impl Into<String>) -> Error {
    Error::KeyChain {
        op: op.to_string(),
        key_chain: chain.to_string(),
        message: message.into(),
    }
}

/// The error of a walk that stopped: at `at` (the keys walked so far), `key`
/// is missing from a container with keys `available`, or `at` is a leaf.
#[cold]
fn missing<'k>(
    op: &str,
    chain: &str,
    at: &str,
    key: &str,
    level: Option<impl Iterator<Item = &'k str>>,
) -> Error {
    let place = if at.is_empty() {
        "the top level".to_string()
    } else {
        format!("`{at}`")
    };
    let message = match level {
        Some(level) => {
            let keys: Vec<String> = level.map(|k| format!("`{k}`")).collect();
            if keys.is_empty() {
                format!("no key `{key}` at {place}, which is empty")
            } else {
                format!(
                    "no key `{key}` at {place}; its keys are {}",
                    keys.join(", ")
                )
            }
        }
        None => format!("{place} is a leaf, not a container, so it has no key `{key}`"),
    };
    key_chain_error(op, chain, message)
}

/// A key chain built up while walking a container: push a key, read the
/// chain, and the key is popped when the guard drops. Building chains this
/// way costs no allocation per leaf.
#[derive(Default)]
pub(crate) struct KeyChain {
    buf: String,
}

impl KeyChain {
    pub(crate) fn new() -> KeyChain {
        KeyChain::default()
    }

    #[inline]
    pub(crate) fn as_str(&self) -> &str {
        &self.buf
    }

    /// Append `key` until the guard drops.
    #[inline]
    pub(crate) fn push(&mut self, key: &str) -> KeyChainGuard<'_> {
        let len = self.buf.len();
        if !self.buf.is_empty() {
            self.buf.push('/');
        }
        self.buf.push_str(key);
        KeyChainGuard { chain: self, len }
    }
}

/// Pops the key [`KeyChain::push`] appended when dropped.
pub(crate) struct KeyChainGuard<'a> {
    chain: &'a mut KeyChain,
    len: usize,
}

impl Drop for KeyChainGuard<'_> {
    #[inline]
    fn drop(&mut self) {
        self.chain.buf.truncate(self.len);
    }
}

impl Deref for KeyChainGuard<'_> {
    type Target = KeyChain;
    fn deref(&self) -> &KeyChain {
        self.chain
    }
}

impl DerefMut for KeyChainGuard<'_> {
    fn deref_mut(&mut self) -> &mut KeyChain {
        self.chain
    }
}

impl<'a, L> ContainerRef<'a, L> {
    /// The entry at `kc`, if there is one.
    pub fn get(&self, kc: &str) -> Option<EntryRef<'a, L>> {
        let mut keys = split_key_chain(kc);
        let mut e = self.get_key(keys.next()?)?;
        for k in keys {
            e = e.as_container()?.get_key(k)?;
        }
        Some(e)
    }

    /// Whether `kc` names an entry.
    pub fn contains(&self, kc: &str) -> bool {
        self.get(kc).is_some()
    }

    /// The leaf at `kc`, or an error naming the chain.
    pub fn leaf(&self, kc: &str) -> Result<&'a L> {
        match self.walk("leaf", kc)? {
            EntryRef::Leaf(l) => Ok(l),
            EntryRef::Container(_) => {
                Err(key_chain_error("leaf", kc, "it is a container, not a leaf"))
            }
        }
    }

    /// The sub-container at `kc` (this level for `""`).
    pub fn sub(&self, kc: &str) -> Result<ContainerRef<'a, L>> {
        if kc.is_empty() {
            return Ok(*self);
        }
        match self.walk("sub", kc)? {
            EntryRef::Container(c) => Ok(c),
            EntryRef::Leaf(_) => Err(key_chain_error("sub", kc, "it is a leaf, not a container")),
        }
    }

    /// The entry at `kc`, or the error of [`Container::cont_at_key_chain`]
    /// for operation `op`.
    pub(crate) fn walk(&self, op: &str, kc: &str) -> Result<EntryRef<'a, L>> {
        let mut level = *self;
        let mut walked = 0usize;
        let mut keys = split_key_chain(kc).peekable();
        while let Some(k) = keys.next() {
            let at = &kc[..walked.saturating_sub(1)];
            let Some(e) = level.get_key(k) else {
                return Err(missing(op, kc, at, k, Some(level.keys())));
            };
            walked += k.len() + 1;
            match (e, keys.peek()) {
                (_, None) => return Ok(e),
                (EntryRef::Container(c), Some(_)) => level = c,
                (EntryRef::Leaf(_), Some(next)) => {
                    return Err(missing(
                        op,
                        kc,
                        &kc[..walked - 1],
                        next,
                        None::<std::iter::Empty<&str>>,
                    ));
                }
            }
        }
        Err(key_chain_error(
            op,
            kc,
            "the empty chain is the container itself, not an entry",
        ))
    }
}

impl<'a, L> ContainerMut<'a, L> {
    /// The entry at `kc`, mutably, if there is one.
    pub fn into_mut(self, kc: &str) -> Option<EntryMut<'a, L>> {
        let mut keys = split_key_chain(kc);
        let mut e = self.into_key_mut(keys.next()?)?;
        for k in keys {
            e = e.into_container()?.into_key_mut(k)?;
        }
        Some(e)
    }
}

impl<L> Container<L> {
    /// The entry at key chain `kc`, or an error naming the chain and the keys
    /// that exist where the walk stopped (Ivy's `cont_at_key_chain`). The
    /// empty chain is not an entry: use the container itself.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/b", 1), ("a/c", 2), ("d", 3)])?;
    /// assert_eq!(c.cont_at_key_chain("a.c")?.as_leaf(), Some(&2));
    /// let err = c.cont_at_key_chain("a/x").unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "cont_at_key_chain: key chain `a/x`: no key `x` at `a`; its keys are `b`, `c`"
    /// );
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_at_key_chain(&self, kc: &str) -> Result<EntryRef<'_, L>> {
        self.view().walk("cont_at_key_chain", kc)
    }

    /// The entry at `kc`, if there is one.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/b", 1)])?;
    /// assert!(c.get("a/b").is_some() && c.get("a/z").is_none() && c.get("a/b/c").is_none());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn get(&self, kc: &str) -> Option<EntryRef<'_, L>> {
        self.view().get(kc)
    }

    /// The entry at `kc`, mutably, if there is one (its leaves can change,
    /// not its structure).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c = ivy::Container::from_key_chains([("a/b", 1)])?;
    /// if let Some(x) = c.get_mut("a/b").and_then(|e| e.into_leaf()) { *x = 7; }
    /// assert_eq!(*c.leaf("a/b")?, 7);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn get_mut(&mut self, kc: &str) -> Option<EntryMut<'_, L>> {
        self.view_mut().into_mut(kc)
    }

    /// Whether `kc` names an entry (Ivy's `cont_has_key_chain`; `kc in c`
    /// with a chain).
    pub fn contains(&self, kc: &str) -> bool {
        self.get(kc).is_some()
    }

    /// Ivy's `cont_has_key_chain`.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/b", 1)])?;
    /// assert!(c.cont_has_key_chain("a/b") && c.cont_has_key_chain("a") && !c.cont_has_key_chain("b"));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_has_key_chain(&self, kc: &str) -> bool {
        self.contains(kc)
    }

    /// The leaf at `kc`, or an error naming the chain (also when `kc` is a
    /// sub-container).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/b", 1)])?;
    /// assert_eq!(*c.leaf("a/b")?, 1);
    /// assert!(c.leaf("a").unwrap_err().to_string().contains("is a container, not a leaf"));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn leaf(&self, kc: &str) -> Result<&L> {
        self.view().leaf(kc)
    }

    /// The leaf at `kc`, mutably.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c = ivy::Container::from_key_chains([("a/b", 1)])?;
    /// *c.leaf_mut("a/b")? += 1;
    /// assert_eq!(*c.leaf("a/b")?, 2);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn leaf_mut(&mut self, kc: &str) -> Result<&mut L> {
        match self.view().walk("leaf_mut", kc)? {
            EntryRef::Leaf(_) => {}
            EntryRef::Container(_) => {
                return Err(key_chain_error(
                    "leaf_mut",
                    kc,
                    "it is a container, not a leaf",
                ));
            }
        }
        self.get_mut(kc)
            .and_then(EntryMut::into_leaf)
            .ok_or_else(|| key_chain_error("leaf_mut", kc, "the entry disappeared during the walk"))
    }

    /// The sub-container at `kc` (the container itself for `""`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/b", 1), ("a/c", 2)])?;
    /// assert_eq!(c.sub("a")?.len(), 2);
    /// assert_eq!(c.sub("")?.len(), 1);
    /// assert!(c.sub("a/b").is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn sub(&self, kc: &str) -> Result<ContainerRef<'_, L>> {
        self.view().sub(kc)
    }

    /// The sub-container at `kc`, mutably (its leaves can change, not its
    /// structure).
    pub fn sub_mut(&mut self, kc: &str) -> Result<ContainerMut<'_, L>> {
        self.sub(kc)?;
        if kc.is_empty() {
            return Ok(self.view_mut());
        }
        self.get_mut(kc)
            .and_then(EntryMut::into_container)
            .ok_or_else(|| key_chain_error("sub_mut", kc, "the entry disappeared during the walk"))
    }

    /// Set the entry at `kc`, creating the missing levels, and return the
    /// entry it replaces (Ivy's `cont_set_at_key_chain` in place, and
    /// `c[kc] = v`). A leaf in the middle of the chain is an error.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c: ivy::Container<i64> = ivy::Container::new();
    /// assert!(c.insert("a/b/c", 1)?.is_none());
    /// assert_eq!(c.insert("a.b.c", 2)?.and_then(|e| e.into_leaf()), Some(1));
    /// assert!(c.insert("a/b/c/d", 3).is_err()); // a/b/c is a leaf
    /// assert!(c.insert("", 3).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn insert(&mut self, kc: &str, value: impl Into<Entry<L>>) -> Result<Option<Entry<L>>> {
        self.insert_at("insert", kc, value.into())
    }

    pub(crate) fn insert_at(
        &mut self,
        op: &str,
        kc: &str,
        value: Entry<L>,
    ) -> Result<Option<Entry<L>>> {
        let keys: Vec<&str> = split_key_chain(kc).collect();
        let Some((last, init)) = keys.split_last() else {
            return Err(key_chain_error(
                op,
                kc,
                "the empty chain is the container itself, not an entry",
            ));
        };
        for k in &keys {
            check_key(op, kc, k)?;
        }
        let config = self.config;
        let mut value = Some(value);
        let r = node::edit_at(
            &mut self.node,
            &mut self.leaves,
            0,
            init,
            true,
            &mut |level, leaves, base| {
                value
                    .take()
                    .and_then(|v| node::insert_in(level, leaves, base, last, v, config))
            },
        );
        match r {
            Ok(old) => Ok(old),
            Err(node::PathStop::Leaf(d) | node::PathStop::Missing(d)) => Err(key_chain_error(
                op,
                kc,
                format!("`{}` is a leaf, not a container", init[..=d].join("/")),
            )),
        }
    }

    /// Remove the entry at `kc` and return it; a missing chain is an error
    /// naming it.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c = ivy::Container::from_key_chains([("a/b", 1), ("a/c", 2)])?;
    /// assert_eq!(c.remove("a/b")?.into_leaf(), Some(1));
    /// assert_eq!(c.cont_all_key_chains(), ["a/c"]);
    /// assert!(c.remove("a/b").is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn remove(&mut self, kc: &str) -> Result<Entry<L>> {
        let keys: Vec<&str> = split_key_chain(kc).collect();
        let Some((last, init)) = keys.split_last() else {
            return Err(key_chain_error(
                "remove",
                kc,
                "the empty chain is the container itself, not an entry",
            ));
        };
        let parent_chain = kc[..kc.len() - last.len()].trim_end_matches(['/', '.']);
        if !init.is_empty() {
            match self.view().walk("remove", parent_chain)? {
                EntryRef::Container(_) => {}
                EntryRef::Leaf(_) => {
                    return Err(key_chain_error(
                        "remove",
                        kc,
                        format!("`{parent_chain}` is a leaf, not a container"),
                    ));
                }
            }
        }
        let parent_keys: Vec<String> = self
            .sub(parent_chain)
            .map(|p| p.keys().map(String::from).collect())
            .unwrap_or_default();
        if !parent_keys.iter().any(|k| k == last) {
            return Err(missing(
                "remove",
                kc,
                parent_chain,
                last,
                Some(parent_keys.iter().map(String::as_str)),
            ));
        }
        let config = self.config;
        let r = node::edit_at(
            &mut self.node,
            &mut self.leaves,
            0,
            init,
            false,
            &mut |level, leaves, base| node::remove_in(level, leaves, base, last, config),
        );
        match r {
            Ok(Some(e)) => Ok(e),
            _ => Err(key_chain_error(
                "remove",
                kc,
                "the entry disappeared during the walk",
            )),
        }
    }
}

/// `c["a/b"]`: the leaf at a key chain. Panics, with the message of
/// [`Container::leaf`]'s error, if there is none (or it is a
/// sub-container); use [`Container::get`], [`Container::leaf`] or
/// [`Container::sub`] for a non-panicking form.
///
/// ```
/// # extern crate ivy_core as ivy;
/// let c = ivy::Container::from_key_chains([("a/b", 1), ("a/c", 2)])?;
/// assert_eq!(c["a/c"], 2);
/// assert_eq!(c["a.b"], 1);
/// # Ok::<(), ivy::Error>(())
/// ```
impl<L> Index<&str> for Container<L> {
    type Output = L;
    fn index(&self, kc: &str) -> &L {
        match self.leaf(kc) {
            Ok(l) => l,
            Err(e) => panic!("{e}"),
        }
    }
}

/// `c["a/b"] = leaf` for a leaf that exists (use [`Container::insert`] to
/// create one). Panics if there is none.
///
/// ```
/// # extern crate ivy_core as ivy;
/// let mut c = ivy::Container::from_key_chains([("a/b", 1)])?;
/// c["a/b"] = 5;
/// assert_eq!(*c.leaf("a/b")?, 5);
/// # Ok::<(), ivy::Error>(())
/// ```
impl<L> IndexMut<&str> for Container<L> {
    fn index_mut(&mut self, kc: &str) -> &mut L {
        match self.leaf_mut(kc) {
            Ok(l) => l,
            Err(e) => panic!("{e}"),
        }
    }
}
