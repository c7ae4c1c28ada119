//! Key chains: `"a/b/c"` (or `"a.b.c"`) addresses an entry of a nested
//! [`Container`]; getting, setting (creating levels), testing and removing
//! by chain, and `Index` / `IndexMut`.

use super::{Container, Entry};
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
fn missing<L>(op: &str, chain: &str, at: &str, key: &str, level: Option<&Container<L>>) -> Error {
    let place = if at.is_empty() {
        "the top level".to_string()
    } else {
        format!("`{at}`")
    };
    let message = match level {
        Some(c) => {
            let keys: Vec<String> = c.keys().map(|k| format!("`{k}`")).collect();
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

    pub(crate) fn as_str(&self) -> &str {
        &self.buf
    }

    /// Append `key` until the guard drops.
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
    pub fn cont_at_key_chain(&self, kc: &str) -> Result<&Entry<L>> {
        self.walk("cont_at_key_chain", kc)
    }

    /// The entry at `kc`, if there is one.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/b", 1)])?;
    /// assert!(c.get("a/b").is_some() && c.get("a/z").is_none() && c.get("a/b/c").is_none());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn get(&self, kc: &str) -> Option<&Entry<L>> {
        let mut keys = split_key_chain(kc);
        let first = keys.next()?;
        let mut e = self.get_key(first)?;
        for k in keys {
            e = e.as_container()?.get_key(k)?;
        }
        Some(e)
    }

    /// The entry at `kc`, mutably, if there is one.
    pub fn get_mut(&mut self, kc: &str) -> Option<&mut Entry<L>> {
        let mut keys = split_key_chain(kc);
        let first = keys.next()?;
        let mut e = self.get_key_mut(first)?;
        for k in keys {
            e = e.as_container_mut()?.get_key_mut(k)?;
        }
        Some(e)
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
        match self.walk("leaf", kc)? {
            Entry::Leaf(l) => Ok(l),
            Entry::Container(_) => {
                Err(key_chain_error("leaf", kc, "it is a container, not a leaf"))
            }
        }
    }

    /// The leaf at `kc`, mutably.
    pub fn leaf_mut(&mut self, kc: &str) -> Result<&mut L> {
        match self.walk_mut("leaf_mut", kc)? {
            Entry::Leaf(l) => Ok(l),
            Entry::Container(_) => Err(key_chain_error(
                "leaf_mut",
                kc,
                "it is a container, not a leaf",
            )),
        }
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
    pub fn sub(&self, kc: &str) -> Result<&Container<L>> {
        if kc.is_empty() {
            return Ok(self);
        }
        match self.walk("sub", kc)? {
            Entry::Container(c) => Ok(c),
            Entry::Leaf(_) => Err(key_chain_error("sub", kc, "it is a leaf, not a container")),
        }
    }

    /// The sub-container at `kc`, mutably.
    pub fn sub_mut(&mut self, kc: &str) -> Result<&mut Container<L>> {
        if kc.is_empty() {
            return Ok(self);
        }
        match self.walk_mut("sub_mut", kc)? {
            Entry::Container(c) => Ok(c),
            Entry::Leaf(_) => Err(key_chain_error(
                "sub_mut",
                kc,
                "it is a leaf, not a container",
            )),
        }
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
        let mut level: &mut Container<L> = self;
        let mut walked = 0usize;
        for k in init {
            let config = level.config;
            let i = match level.keys.position(k) {
                Some(i) => i,
                None => {
                    level.insert_key_unchecked(k, Entry::Container(Container::with_config(config)));
                    level.len() - 1
                }
            };
            walked += k.len() + usize::from(walked > 0);
            level = match &mut level.values[i] {
                Entry::Container(c) => c,
                Entry::Leaf(_) => {
                    return Err(key_chain_error(
                        op,
                        kc,
                        format!("`{}` is a leaf, not a container", &kc[..walked]),
                    ));
                }
            };
        }
        Ok(level.insert_key_unchecked(last, value))
    }

    /// Remove the entry at `kc` and return it; the levels above stay, even if
    /// left empty (see `cont_prune_key_chain` for Ivy's pruning form).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c = ivy::Container::from_key_chains([("a/b", 1), ("c", 2)])?;
    /// assert_eq!(c.remove("a/b")?.into_leaf(), Some(1));
    /// assert!(c.sub("a")?.is_empty());
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
        let parent = if init.is_empty() {
            self
        } else {
            self.walk_mut("remove", parent_chain)?
                .as_container_mut()
                .ok_or_else(|| {
                    key_chain_error(
                        "remove",
                        kc,
                        format!("`{parent_chain}` is a leaf, not a container"),
                    )
                })?
        };
        match parent.remove_key(last) {
            Some(e) => Ok(e),
            None => Err(missing("remove", kc, parent_chain, last, Some(parent))),
        }
    }

    /// Walk to the entry at `kc`, or say where and why the walk stopped.
    pub(crate) fn walk(&self, op: &str, kc: &str) -> Result<&Entry<L>> {
        let mut level = self;
        let mut walked = 0usize;
        let mut keys = split_key_chain(kc).peekable();
        if keys.peek().is_none() {
            return Err(key_chain_error(
                op,
                kc,
                "the empty chain is the container itself, not an entry",
            ));
        }
        while let Some(k) = keys.next() {
            let at = &kc[..walked.saturating_sub(1)];
            let Some(e) = level.get_key(k) else {
                return Err(missing(op, kc, at, k, Some(level)));
            };
            walked += k.len() + 1;
            match (e, keys.peek()) {
                (_, None) => return Ok(e),
                (Entry::Container(c), Some(_)) => level = c,
                (Entry::Leaf(_), Some(next)) => {
                    return Err(missing(
                        op,
                        kc,
                        &kc[..walked - 1],
                        next,
                        None::<&Container<L>>,
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

    /// [`walk`](Self::walk), mutably. The error is found with the shared
    /// walk, so the mutable one only runs on a chain that exists.
    pub(crate) fn walk_mut(&mut self, op: &str, kc: &str) -> Result<&mut Entry<L>> {
        self.walk(op, kc)?;
        self.get_mut(kc)
            .ok_or_else(|| key_chain_error(op, kc, "the entry disappeared during the walk"))
    }
}

/// `c["a/b"]`: the entry at a key chain. Panics, with the message of
/// [`Container::cont_at_key_chain`]'s error, if there is none; use
/// [`Container::get`] or [`Container::cont_at_key_chain`] for a
/// non-panicking form.
///
/// ```
/// # extern crate ivy_core as ivy;
/// let c = ivy::Container::from_key_chains([("a/b", 1), ("a/c", 2)])?;
/// assert_eq!(c["a/c"].as_leaf(), Some(&2));
/// assert_eq!(c["a"]["b"].as_leaf(), Some(&1));
/// # Ok::<(), ivy::Error>(())
/// ```
impl<L> Index<&str> for Container<L> {
    type Output = Entry<L>;
    fn index(&self, kc: &str) -> &Entry<L> {
        match self.walk("index", kc) {
            Ok(e) => e,
            Err(e) => panic!("{e}"),
        }
    }
}

/// `c["a/b"] = entry` for a chain that exists (use [`Container::insert`] to
/// create one). Panics if there is none.
///
/// ```
/// # extern crate ivy_core as ivy;
/// let mut c = ivy::Container::from_key_chains([("a/b", 1)])?;
/// c["a/b"] = ivy::Entry::Leaf(5);
/// assert_eq!(*c.leaf("a/b")?, 5);
/// # Ok::<(), ivy::Error>(())
/// ```
impl<L> IndexMut<&str> for Container<L> {
    fn index_mut(&mut self, kc: &str) -> &mut Entry<L> {
        match self.walk_mut("index", kc) {
            Ok(e) => e,
            Err(e) => panic!("{e}"),
        }
    }
}

/// `entry["b"]`: a key chain inside a sub-container entry. Panics if the
/// entry is a leaf or the chain is missing.
impl<L> Index<&str> for Entry<L> {
    type Output = Entry<L>;
    fn index(&self, kc: &str) -> &Entry<L> {
        match self {
            Entry::Container(c) => &c[kc],
            Entry::Leaf(_) => {
                panic!("index: key chain `{kc}`: the entry is a leaf, not a container")
            }
        }
    }
}

impl<L> IndexMut<&str> for Entry<L> {
    fn index_mut(&mut self, kc: &str) -> &mut Entry<L> {
        match self {
            Entry::Container(c) => &mut c[kc],
            Entry::Leaf(_) => {
                panic!("index: key chain `{kc}`: the entry is a leaf, not a container")
            }
        }
    }
}
