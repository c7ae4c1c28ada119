//! Pruning a [`Container`]: removing key chains, keys, empty levels, one
//! level of every chain, and everything below a depth or height.

use super::key_chain::{KeyChain, split_key_chain};
use super::keys::{kc_error, merge_into};
use super::{Container, Entry};
use crate::error::{Error, Result};

impl<L> Container<L> {
    /// Remove the entry at the keys `chain` and then every sub-container the
    /// removal left empty; whether it was there.
    fn prune_chain_mut(&mut self, chain: &[&str]) -> bool {
        match chain {
            [] => false,
            [k] => self.remove_key(k).is_some(),
            [k, rest @ ..] => {
                let Some((found, empty)) = self.edit_sub(k, |c| {
                    let found = c.prune_chain_mut(rest);
                    (found, c.is_empty())
                }) else {
                    return false;
                };
                if found && empty {
                    self.remove_key(k);
                }
                found
            }
        }
    }

    /// A new container without the entry at `kc`; sub-containers the
    /// removal leaves empty are removed too (Ivy's `cont_prune_key_chain`:
    /// `{a: {b: 1}}` minus `a/b` is `{}`). A chain that is not there is
    /// ignored, as in Ivy. Ivy also drops the *already* empty sub-containers
    /// next to the chain's path; that is a side effect of how it rebuilds
    /// the levels, and they are kept here.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/b", 1)])?;
    /// assert!(c.cont_prune_key_chain("a/b").is_empty());
    /// let c = ivy::Container::from_key_chains([("a/b", 1), ("a/c", 2), ("d", 3)])?;
    /// assert_eq!(c.cont_prune_key_chain("a.b").cont_all_key_chains(), ["a/c", "d"]);
    /// assert_eq!(c.cont_prune_key_chain("a").cont_all_key_chains(), ["d"]);
    /// assert_eq!(c.cont_prune_key_chain("x/y"), c);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_prune_key_chain(&self, kc: &str) -> Container<L>
    where
        L: Clone,
    {
        self.cont_prune_key_chains([kc])
    }

    /// A new container without the entries at `key_chains`, as
    /// [`cont_prune_key_chain`](Self::cont_prune_key_chain) for each (Ivy's
    /// `cont_prune_key_chains` with a list or a string).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a", 1), ("b/c", 2), ("b/d", 3)])?;
    /// assert_eq!(c.cont_prune_key_chains(["a", "b/d"]).cont_all_key_chains(), ["b/c"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_prune_key_chains<S: AsRef<str>>(
        &self,
        key_chains: impl IntoIterator<Item = S>,
    ) -> Container<L>
    where
        L: Clone,
    {
        let mut out = self.clone();
        for kc in key_chains {
            let keys: Vec<&str> = split_key_chain(kc.as_ref()).collect();
            out.prune_chain_mut(&keys);
        }
        out
    }

    /// A new container without the entries at the leaf chains of `like`
    /// (Ivy's `cont_prune_key_chains` with a nested dict; only `like`'s
    /// structure is read).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a", 1), ("b/c", 2), ("b/d", 3)])?;
    /// let like = ivy::Container::from_key_chains([("b/c", ()), ("b/d", ())])?;
    /// assert_eq!(c.cont_prune_key_chains_like(&like).cont_all_key_chains(), ["a"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_prune_key_chains_like<M>(&self, like: &Container<M>) -> Container<L>
    where
        L: Clone,
    {
        self.cont_prune_key_chains(like.cont_to_iterator_keys())
    }

    /// A new container without the leaves whose key chain contains one of
    /// `query_keys` as a substring of the whole chain (Ivy's
    /// `cont_prune_keys`: `"b/c"` or `"a"` both match the chain `"ab/c"`).
    /// Sub-containers left empty are removed.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a", 1), ("b/c", 2), ("b/d", 3)])?;
    /// assert_eq!(c.cont_prune_keys(["c"]).cont_all_key_chains(), ["a", "b/d"]);
    /// assert_eq!(c.cont_prune_keys(["b"]).cont_all_key_chains(), ["a"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_prune_keys<S: AsRef<str>>(
        &self,
        query_keys: impl IntoIterator<Item = S>,
    ) -> Container<L>
    where
        L: Clone,
    {
        let queries: Vec<S> = query_keys.into_iter().collect();
        let chains: Vec<String> = self
            .cont_to_iterator_keys()
            .filter(|kc| queries.iter().any(|q| kc.contains(q.as_ref())))
            .collect();
        self.cont_prune_key_chains(chains)
    }

    /// A new container without empty sub-containers, at any depth (Ivy's
    /// `cont_prune_empty`; a container left with nothing is empty). Leaves
    /// here are never `None`, so Ivy's `keep_nones` has no counterpart: for
    /// a `Container<Option<T>>`, prune the `None` leaves with
    /// [`cont_prune_key_chains`](Self::cont_prune_key_chains) first.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c = ivy::Container::from_key_chains([("a", 1)])?;
    /// c.insert("b/c", ivy::Container::new())?;
    /// c.insert("d", ivy::Container::new())?;
    /// assert_eq!(c.cont_all_key_chains_with(true), ["a", "b/c", "d"]);
    /// assert_eq!(c.cont_prune_empty().cont_all_key_chains_with(true), ["a"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_prune_empty(&self) -> Container<L>
    where
        L: Clone,
    {
        let mut out = self.clone();
        out.for_each_sub_mut(|c, _, _| {
            if c.values()
                .any(|e| e.as_container().is_some_and(|c| c.is_empty()))
            {
                c.retain(|_, e| !e.as_container().is_some_and(|c| c.is_empty()));
            }
        });
        out
    }

    /// A new container where every key equal to `absolute`, or containing
    /// `containing`, is removed from the key chains: that level's entries
    /// merge into its parent (recursively, the later entry winning, as
    /// Ivy's `cont_combine`), and a removed key that holds a leaf puts the
    /// leaf in its parent's place (Ivy's `cont_prune_key_from_key_chains`).
    ///
    /// At least one of the two is needed. Where Ivy goes wrong, this does
    /// what it means: a removed leaf next to other entries would make one
    /// chain both a leaf and a container (Ivy silently drops or crashes);
    /// here that is an error naming the chain. Ivy also merges a removed
    /// level's entries without removing the key inside them; here the
    /// levels below are pruned too.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("Ayy", 1), ("Bee/Cee", 2), ("Bee/Dee", 3)])?;
    /// let out = c.cont_prune_key_from_key_chains(Some("Bee"), None)?;
    /// assert_eq!(out, ivy::Container::from_key_chains([("Ayy", 1), ("Cee", 2), ("Dee", 3)])?);
    /// let c = ivy::Container::from_key_chains([("x/b", 1), ("y/b", 2)])?;
    /// assert_eq!(c.cont_prune_key_from_key_chains(None, Some("b"))?.cont_all_key_chains(), ["x", "y"]);
    /// assert!(c.cont_prune_key_from_key_chains(None, None).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_prune_key_from_key_chains(
        &self,
        absolute: Option<&str>,
        containing: Option<&str>,
    ) -> Result<Container<L>>
    where
        L: Clone,
    {
        let op = "cont_prune_key_from_key_chains";
        if absolute.is_none() && containing.is_none() {
            return Err(Error::invalid(
                op,
                "at least one of `absolute` and `containing` is needed",
            ));
        }
        self.prune_level(op, &|k| {
            absolute.is_some_and(|a| k == a) || containing.is_some_and(|c| k.contains(c))
        })
    }

    /// [`cont_prune_key_from_key_chains`](Self::cont_prune_key_from_key_chains)
    /// with lists: a key is removed when it is one of `absolute` or contains
    /// one of `containing` (Ivy's `cont_prune_keys_from_key_chains`; Ivy's
    /// recursion calls the one-key form with the lists, which this fixes).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/x/p", 1), ("b/y/q", 2), ("c", 3)])?;
    /// let out = c.cont_prune_keys_from_key_chains(&["x"], &["y"])?;
    /// assert_eq!(out.cont_all_key_chains(), ["a/p", "b/q", "c"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_prune_keys_from_key_chains(
        &self,
        absolute: &[&str],
        containing: &[&str],
    ) -> Result<Container<L>>
    where
        L: Clone,
    {
        let op = "cont_prune_keys_from_key_chains";
        if absolute.is_empty() && containing.is_empty() {
            return Err(Error::invalid(
                op,
                "at least one of `absolute` and `containing` is needed",
            ));
        }
        self.prune_level(op, &|k| {
            absolute.contains(&k) || containing.iter().any(|c| k.contains(c))
        })
    }

    fn prune_level(&self, op: &str, remove: &dyn Fn(&str) -> bool) -> Result<Container<L>>
    where
        L: Clone,
    {
        let mut chain = KeyChain::new();
        match self.clone().prune_level_inner(op, remove, &mut chain)? {
            Entry::Container(c) => Ok(c),
            Entry::Leaf(_) => Err(kc_error(
                op,
                "",
                "removing the key leaves one leaf at the top level, and a container cannot be a leaf",
            )),
        }
    }

    /// Bottom-up: prune the children, then build this level from the kept
    /// entries and the contents of the removed keys.
    fn prune_level_inner(
        self,
        op: &str,
        remove: &dyn Fn(&str) -> bool,
        chain: &mut KeyChain,
    ) -> Result<Entry<L>> {
        let (keys, values, config) = self.into_parts();
        let mut level = Container::with_config(config);
        let mut leaf: Option<(L, String)> = None;
        for (k, v) in keys.iter().zip(values) {
            let mut g = chain.push(k);
            let here = g.as_str().to_string();
            let v = match v {
                Entry::Container(c) => c.prune_level_inner(op, remove, &mut g)?,
                leaf => leaf,
            };
            drop(g);
            let collision = |other: &str| {
                kc_error(
                    op,
                    chain.as_str(),
                    format!(
                        "removing the key would put the leaf of `{other}` and other entries at the same key chain"
                    ),
                )
            };
            if let Some((_, from)) = &leaf {
                return Err(collision(from));
            }
            match (remove(k), v) {
                (true, Entry::Leaf(l)) => {
                    if !level.is_empty() {
                        return Err(collision(&here));
                    }
                    leaf = Some((l, here));
                }
                (true, Entry::Container(c)) => merge_into(&mut level, c),
                (false, v) => {
                    level.insert_key_unchecked(k, v);
                }
            }
        }
        Ok(match leaf {
            Some((l, _)) => Entry::Leaf(l),
            None => Entry::Container(level),
        })
    }

    /// A new container where every sub-container at depth `depth_cutoff`
    /// (the number of keys in its chain; the container itself is depth 0)
    /// is emptied, so no key chain is longer than `depth_cutoff` (Ivy's
    /// `cont_cutoff_at_depth`). Ivy compares each sub-container's height
    /// with the height of the whole container, which is the depth only on
    /// the deepest branch; this uses the depth everywhere.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a", 1), ("b/c/d/e", 2)])?;
    /// let out = c.cont_cutoff_at_depth(2);
    /// assert_eq!(out.cont_all_key_chains_with(true), ["a", "b/c"]);
    /// assert!(out.sub("b/c")?.is_empty());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_cutoff_at_depth(&self, depth_cutoff: usize) -> Container<L>
    where
        L: Clone,
    {
        let mut out = self.clone();
        out.for_each_sub_mut(|c, _, depth| {
            if depth >= depth_cutoff && !c.is_empty() {
                *c = Container::with_config(c.config());
            }
        });
        out
    }

    /// A new container where every sub-container of height at most
    /// `height_cutoff` (the most keys in a chain below it) is emptied (Ivy's
    /// `cont_cutoff_at_height`). Heights are those of `self`, before any
    /// level is emptied.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a", 1), ("b/c/d/e", 2)])?;
    /// let out = c.cont_cutoff_at_height(1);
    /// assert_eq!(out.cont_all_key_chains_with(true), ["a", "b/c/d"]);
    /// assert!(c.cont_cutoff_at_height(4).is_empty());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_cutoff_at_height(&self, height_cutoff: usize) -> Container<L>
    where
        L: Clone,
    {
        let mut out = self.clone();
        cutoff_at_height(&mut out, height_cutoff);
        out
    }
}

/// Empty the sub-containers of `c` (and `c`) of height at most `cutoff`;
/// returns the height `c` had.
fn cutoff_at_height<L>(c: &mut Container<L>, cutoff: usize) -> usize {
    let mut below = 0;
    let subs: Vec<String> = c
        .iter()
        .filter(|(_, e)| e.is_container())
        .map(|(k, _)| k.to_string())
        .collect();
    for k in subs {
        if let Some(h) = c.edit_sub(&k, |s| cutoff_at_height(s, cutoff)) {
            below = below.max(h);
        }
    }
    let h = if c.is_empty() { 0 } else { 1 + below };
    if h <= cutoff && !c.is_empty() {
        *c = Container::with_config(c.config());
    }
    h
}
