//! Key chains: reading the entries at keys and chains, setting and
//! overwriting them, merging, pruning, cutting off levels, flattening,
//! restructuring and slicing the keys, copying, reshaping like another
//! container and unstacking into a list of containers.
//!
//! Where Ivy returns the container itself (`cont_at_key_chains(None)`, an
//! `inplace=True` setter, `cont_try_kc` of a missing chain) the same
//! Python object is returned.

use super::args;
use super::{PyContainer, entry, entry_to_py};
use crate::errors::to_py_err;
use crate::rt;
use ivy::container::{FlattenOptions, KeySlice, Restructure, RestructureOptions, UnstackOptions};
use ivy::{Array, Container, Dtype, Entry, Ints};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PySlice, PyString};

/// This container as the Python object it is.
fn this(slf: &Bound<'_, PyContainer>) -> Py<PyAny> {
    slf.clone().into_any().unbind()
}

/// An owned container as a new Python object.
fn new(py: Python<'_>, c: Container) -> PyResult<Py<PyAny>> {
    args::container_obj(py, c)
}

/// `val` as an entry set by `in_place` in this container (returned), with
/// `inplace`, else by `copy` in a new one.
fn set_entry<R>(
    slf: &Bound<'_, PyContainer>,
    val: &Bound<'_, PyAny>,
    inplace: bool,
    in_place: impl FnOnce(&mut Container, Entry) -> ivy::Result<R>,
    copy: impl FnOnce(&Container, Entry) -> ivy::Result<Container>,
) -> PyResult<Py<PyAny>> {
    let e = entry(val)?;
    if inplace {
        in_place(&mut slf.borrow_mut().c, e).map_err(to_py_err)?;
        return Ok(this(slf));
    }
    let c = copy(&slf.borrow().c, e).map_err(to_py_err)?;
    new(slf.py(), c)
}

/// Reading entries at keys and key chains.
#[pymethods]
impl PyContainer {
    /// Whether `query_key` is a substring of some leaf's key chain.
    fn cont_has_key(&self, query_key: &str) -> bool {
        self.c.cont_has_key(query_key)
    }

    /// Whether the key chain is in the container.
    fn cont_has_key_chain(&self, key_chain: &str) -> bool {
        self.c.cont_has_key_chain(key_chain)
    }

    /// The key chains of the leaves (and of the empty sub-containers with
    /// `include_empty`) that contain `sub_str`.
    #[pyo3(signature = (sub_str, include_empty = false))]
    fn cont_key_chains_containing(&self, sub_str: &str, include_empty: bool) -> Vec<String> {
        if include_empty {
            self.c.cont_key_chains_containing_with(sub_str, true)
        } else {
            self.c.cont_key_chains_containing(sub_str)
        }
    }

    /// The array or sub-container at `key_chain` (`None` if it is missing
    /// and `ignore_key_errors`; the container itself for `""`).
    #[pyo3(signature = (key_chain, ignore_key_errors = false))]
    fn cont_at_key_chain(
        slf: &Bound<'_, Self>,
        key_chain: &str,
        ignore_key_errors: bool,
    ) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        if key_chain.is_empty() {
            return Ok(this(slf));
        }
        let me = slf.borrow();
        match me.c.cont_at_key_chain(key_chain) {
            Ok(e) => entry_to_py(py, e),
            Err(_) if ignore_key_errors => Ok(py.None()),
            Err(e) => Err(to_py_err(e)),
        }
    }

    /// A container of only the entries at `key_chains` (a key chain, a list
    /// or tuple of them, or a nested dict or container whose leaf chains
    /// are taken); `None` gives the container itself when `ignore_none`.
    #[pyo3(signature = (key_chains, ignore_none = true, ignore_key_errors = false))]
    fn cont_at_key_chains(
        slf: &Bound<'_, Self>,
        key_chains: &Bound<'_, PyAny>,
        ignore_none: bool,
        ignore_key_errors: bool,
    ) -> PyResult<Py<PyAny>> {
        const OP: &str = "cont_at_key_chains";
        let py = slf.py();
        if key_chains.is_none() {
            if ignore_none {
                return Ok(this(slf));
            }
            return Err(args::wrong_type(
                OP,
                "key_chains",
                "a str, a list, tuple or dict of key chains, or an ivy_rs.Container",
                key_chains,
            ));
        }
        let c = slf.borrow().c.clone();
        let out =
            if key_chains.is_instance_of::<PyDict>() || key_chains.cast::<PyContainer>().is_ok() {
                let mut like = args::structure(key_chains, OP, "key_chains")?;
                if ignore_key_errors {
                    let missing: Vec<String> = like
                        .cont_all_key_chains()
                        .into_iter()
                        .filter(|kc| !c.contains(kc))
                        .collect();
                    like = like.cont_prune_key_chains(missing);
                }
                c.cont_at_key_chains_like(&like)
            } else {
                let kcs = args::key_chain_list(key_chains, OP, "key_chains")?;
                c.cont_at_key_chains_with(kcs, ignore_key_errors)
            };
        new(py, out.map_err(to_py_err)?)
    }

    /// A container of the leaves whose key chain has one of `queries` as a
    /// key (with `containing`, also those where a query is a substring of
    /// every key); `None` gives the container itself when `ignore_none`.
    #[pyo3(signature = (queries, ignore_none = true, containing = false, ignore_key_errors = false))]
    fn cont_at_keys(
        slf: &Bound<'_, Self>,
        queries: &Bound<'_, PyAny>,
        ignore_none: bool,
        containing: bool,
        ignore_key_errors: bool,
    ) -> PyResult<Py<PyAny>> {
        // The chains come from the container itself: no key error to ignore.
        let _ = ignore_key_errors;
        if queries.is_none() && ignore_none {
            return Ok(this(slf));
        }
        let qs = args::key_chain_list(queries, "cont_at_keys", "queries")?;
        let out = slf.borrow().c.cont_at_keys_with(qs, containing);
        new(slf.py(), out)
    }

    /// The array or sub-container at `key`, or `None` if there is none (the
    /// container itself for `""`).
    fn cont_if_exists(slf: &Bound<'_, Self>, key: &str) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        if key.is_empty() {
            return Ok(this(slf));
        }
        match slf.borrow().c.cont_if_exists(key) {
            Some(e) => entry_to_py(py, e),
            None => Ok(py.None()),
        }
    }

    /// The array or sub-container at `key`, or the container itself if there
    /// is none.
    fn cont_try_kc(slf: &Bound<'_, Self>, key: &str) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let me = slf.borrow();
        match me.c.get(key) {
            Some(e) => entry_to_py(py, e),
            None => Ok(this(slf)),
        }
    }
}

/// Setting and merging entries.
#[pymethods]
impl PyContainer {
    /// Put `value` at `key` if nothing is there, creating the levels: in
    /// place, returning whether it was put there, or (not `inplace`) in a
    /// new container, returned.
    #[pyo3(signature = (key, value, inplace = true))]
    fn cont_create_if_absent(
        slf: &Bound<'_, Self>,
        key: &str,
        value: &Bound<'_, PyAny>,
        inplace: bool,
    ) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let e = entry(value)?;
        if inplace {
            let set = slf
                .borrow_mut()
                .c
                .cont_create_if_absent(key, e)
                .map_err(to_py_err)?;
            return Ok(set.into_pyobject(py)?.to_owned().into_any().unbind());
        }
        let mut c = slf.borrow().c.clone();
        c.cont_create_if_absent(key, e).map_err(to_py_err)?;
        new(py, c)
    }

    /// A new container with `val` at `key_chain`, creating the missing
    /// levels (with `inplace`, this container, changed and returned).
    #[pyo3(signature = (key_chain, val, inplace = false))]
    fn cont_set_at_key_chain(
        slf: &Bound<'_, Self>,
        key_chain: &str,
        val: &Bound<'_, PyAny>,
        inplace: bool,
    ) -> PyResult<Py<PyAny>> {
        set_entry(
            slf,
            val,
            inplace,
            |c, e| c.cont_set_at_key_chain_mut(key_chain, e),
            |c, e| c.cont_set_at_key_chain(key_chain, e),
        )
    }

    /// A new container with `val` at `key_chain`, which must exist (with
    /// `inplace`, this container, changed and returned).
    #[pyo3(signature = (key_chain, val, inplace = false))]
    fn cont_overwrite_at_key_chain(
        slf: &Bound<'_, Self>,
        key_chain: &str,
        val: &Bound<'_, PyAny>,
        inplace: bool,
    ) -> PyResult<Py<PyAny>> {
        set_entry(
            slf,
            val,
            inplace,
            |c, e| c.cont_overwrite_at_key_chain_mut(key_chain, e),
            |c, e| c.cont_overwrite_at_key_chain(key_chain, e),
        )
    }

    /// A new container with the leaves of `target_dict` (a nested dict or
    /// container) set at their key chains, creating missing levels (with
    /// `inplace`, this container; with `return_dict`, that container,
    /// changed and returned).
    #[pyo3(signature = (target_dict, return_dict = None, inplace = false))]
    fn cont_set_at_key_chains(
        slf: &Bound<'_, Self>,
        target_dict: &Bound<'_, PyAny>,
        return_dict: Option<&Bound<'_, PyAny>>,
        inplace: bool,
    ) -> PyResult<Py<PyAny>> {
        let t = args::arrays(target_dict, "cont_set_at_key_chains", "target_dict")?;
        Self::set_chains(slf, return_dict, inplace, |c| c.cont_set_at_key_chains(&t))
    }

    /// As `cont_set_at_key_chains`, but every key chain of `target_dict`
    /// must exist already.
    #[pyo3(signature = (target_dict, return_dict = None, inplace = false))]
    fn cont_overwrite_at_key_chains(
        slf: &Bound<'_, Self>,
        target_dict: &Bound<'_, PyAny>,
        return_dict: Option<&Bound<'_, PyAny>>,
        inplace: bool,
    ) -> PyResult<Py<PyAny>> {
        let t = args::arrays(target_dict, "cont_overwrite_at_key_chains", "target_dict")?;
        Self::set_chains(slf, return_dict, inplace, |c| {
            c.cont_overwrite_at_key_chains(&t)
        })
    }

    /// A new container where every entry, at any depth, whose key is in
    /// `target_dict` is replaced by its value there.
    fn cont_set_at_keys(&self, target_dict: &Bound<'_, PyDict>) -> PyResult<PyContainer> {
        let target = target_dict
            .iter()
            .map(|(k, v)| Ok((k.extract::<String>()?, entry(&v)?)))
            .collect::<PyResult<Vec<(String, Entry)>>>()?;
        Ok(PyContainer::wrap(self.c.cont_set_at_keys(target)))
    }

    /// Merge `dict_in` (a nested dict or container) into this container in
    /// place, then apply the configuration keywords; returns `None`.
    #[pyo3(signature = (dict_in, **config))]
    fn cont_inplace_update(
        &mut self,
        dict_in: &Bound<'_, PyAny>,
        config: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<()> {
        let other = args::arrays(dict_in, "cont_inplace_update", "dict_in")?;
        self.c.cont_inplace_update(other);
        if config.is_some_and(|d| !d.is_empty()) {
            let new = args::config_update(self.c.config(), config)?;
            self.c.cont_update_config_inplace(new);
        }
        Ok(())
    }
}

impl PyContainer {
    /// The `return_dict` / `inplace` / new-container forms of the setters
    /// of several key chains.
    fn set_chains(
        slf: &Bound<'_, Self>,
        return_dict: Option<&Bound<'_, PyAny>>,
        inplace: bool,
        f: impl FnOnce(&Container) -> ivy::Result<Container>,
    ) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        if let Some(r) = return_dict.filter(|r| !r.is_none()) {
            let r = r.cast::<PyContainer>().map_err(|_| {
                args::wrong_type(
                    "cont_set_at_key_chains",
                    "return_dict",
                    "an ivy_rs.Container",
                    r,
                )
            })?;
            let c = f(&r.borrow().c).map_err(to_py_err)?;
            r.borrow_mut().c = c;
            return Ok(r.clone().into_any().unbind());
        }
        let c = f(&slf.borrow().c).map_err(to_py_err)?;
        if inplace {
            slf.borrow_mut().c = c;
            return Ok(this(slf));
        }
        new(py, c)
    }
}

/// Pruning and cutting off.
#[pymethods]
impl PyContainer {
    /// The container without the entry at `key_chain`.
    fn cont_prune_key_chain(&self, key_chain: &str) -> PyContainer {
        PyContainer::wrap(self.c.cont_prune_key_chain(key_chain))
    }

    /// The container without the entries at `key_chains` (a key chain, a
    /// list or tuple of them, or a nested dict or container whose leaf
    /// chains are taken); `None` gives the container itself when
    /// `ignore_none`.
    #[pyo3(signature = (key_chains, ignore_none = true))]
    fn cont_prune_key_chains(
        slf: &Bound<'_, Self>,
        key_chains: &Bound<'_, PyAny>,
        ignore_none: bool,
    ) -> PyResult<Py<PyAny>> {
        const OP: &str = "cont_prune_key_chains";
        if key_chains.is_none() {
            if ignore_none {
                return Ok(this(slf));
            }
            return Err(args::wrong_type(
                OP,
                "key_chains",
                "a str, a list, tuple or dict of key chains, or an ivy_rs.Container",
                key_chains,
            ));
        }
        let c = slf.borrow().c.clone();
        let out =
            if key_chains.is_instance_of::<PyDict>() || key_chains.cast::<PyContainer>().is_ok() {
                c.cont_prune_key_chains_like(&args::structure(key_chains, OP, "key_chains")?)
            } else {
                c.cont_prune_key_chains(args::key_chain_list(key_chains, OP, "key_chains")?)
            };
        new(slf.py(), out)
    }

    /// The container without the leaves whose key chain contains one of
    /// `query_keys` (a str or a list); `None` gives the container itself
    /// when `ignore_none`.
    #[pyo3(signature = (query_keys, ignore_none = true))]
    fn cont_prune_keys(
        slf: &Bound<'_, Self>,
        query_keys: &Bound<'_, PyAny>,
        ignore_none: bool,
    ) -> PyResult<Py<PyAny>> {
        if query_keys.is_none() && ignore_none {
            return Ok(this(slf));
        }
        let qs = args::key_chain_list(query_keys, "cont_prune_keys", "query_keys")?;
        let out = slf.borrow().c.cont_prune_keys(qs);
        new(slf.py(), out)
    }

    /// The container without its empty sub-containers; `None` instead of an
    /// empty result when not `base` (`keep_nones` changes nothing: leaves
    /// are never `None`).
    #[pyo3(signature = (keep_nones = false, base = true))]
    fn cont_prune_empty(&self, keep_nones: bool, base: bool) -> Option<PyContainer> {
        let _ = keep_nones;
        let out = self.c.cont_prune_empty();
        (base || !out.is_empty()).then(|| PyContainer::wrap(out))
    }

    /// The container with the key `absolute`, or every key containing
    /// `containing`, removed from the key chains (its entries move up a
    /// level).
    #[pyo3(signature = (absolute = None, containing = None))]
    fn cont_prune_key_from_key_chains(
        &self,
        absolute: Option<&str>,
        containing: Option<&str>,
    ) -> PyResult<PyContainer> {
        self.c
            .cont_prune_key_from_key_chains(absolute, containing)
            .map(PyContainer::wrap)
            .map_err(to_py_err)
    }

    /// The container with the keys in `absolute`, or containing one of
    /// `containing` (lists of str, or one str), removed from the key chains.
    #[pyo3(signature = (absolute = None, containing = None))]
    fn cont_prune_keys_from_key_chains(
        &self,
        absolute: Option<&Bound<'_, PyAny>>,
        containing: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyContainer> {
        const OP: &str = "cont_prune_keys_from_key_chains";
        let list = |o: Option<&Bound<'_, PyAny>>, p: &str| -> PyResult<Vec<String>> {
            match o {
                Some(o) if !o.is_none() => args::key_chain_list(o, OP, p),
                _ => Ok(Vec::new()),
            }
        };
        let a = list(absolute, "absolute")?;
        let c = list(containing, "containing")?;
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        let c: Vec<&str> = c.iter().map(String::as_str).collect();
        self.c
            .cont_prune_keys_from_key_chains(&a, &c)
            .map(PyContainer::wrap)
            .map_err(to_py_err)
    }

    /// A new container (or, with `inplace`, this one, returning `None`)
    /// whose sub-containers at depth `depth_cutoff` are emptied.
    #[pyo3(signature = (depth_cutoff, inplace = false))]
    fn cont_cutoff_at_depth(
        slf: &Bound<'_, Self>,
        depth_cutoff: usize,
        inplace: bool,
    ) -> Option<PyContainer> {
        Self::copy_or_in_place(
            slf,
            inplace,
            |c| c.cont_cutoff_at_depth(depth_cutoff),
            |c| *c = c.cont_cutoff_at_depth(depth_cutoff),
        )
    }

    /// A new container (or, with `inplace`, this one, returning `None`)
    /// whose sub-containers of height at most `height_cutoff` are emptied.
    #[pyo3(signature = (height_cutoff, inplace = false))]
    fn cont_cutoff_at_height(
        slf: &Bound<'_, Self>,
        height_cutoff: usize,
        inplace: bool,
    ) -> Option<PyContainer> {
        Self::copy_or_in_place(
            slf,
            inplace,
            |c| c.cont_cutoff_at_height(height_cutoff),
            |c| *c = c.cont_cutoff_at_height(height_cutoff),
        )
    }
}

/// Flattening, restructuring, slicing and sorting keys.
#[pymethods]
impl PyContainer {
    /// One key chain as one key: its keys joined with `replacement`, but for
    /// the last `above_height` and the first `below_depth`.
    #[staticmethod]
    #[pyo3(signature = (key_chain, replacement = "__", above_height = None, below_depth = None))]
    fn cont_flatten_key_chain(
        key_chain: &str,
        replacement: &str,
        above_height: Option<usize>,
        below_depth: Option<usize>,
    ) -> String {
        let o = FlattenOptions {
            replacement,
            above_height,
            below_depth,
        };
        Container::cont_flatten_key_chain_with(key_chain, o)
    }

    /// The container with one level of keys `a__b` for the chain `a/b` (but
    /// for the last `above_height` and the first `below_depth` levels; empty
    /// sub-containers too with `include_empty`).
    #[pyo3(signature = (include_empty = false, above_height = None, below_depth = None))]
    fn cont_flatten_key_chains(
        &self,
        include_empty: bool,
        above_height: Option<usize>,
        below_depth: Option<usize>,
    ) -> PyResult<PyContainer> {
        let o = FlattenOptions {
            above_height,
            below_depth,
            ..FlattenOptions::default()
        };
        self.c
            .cont_flatten_key_chains_with(include_empty, o)
            .map(PyContainer::wrap)
            .map_err(to_py_err)
    }

    /// A new container with the entries moved from the old key chains (the
    /// keys of `keychain_mapping`) to the new ones (its values).
    #[pyo3(signature = (keychain_mapping, keep_orig = true, replace = true))]
    fn cont_restructure_key_chains(
        &self,
        keychain_mapping: &Bound<'_, PyDict>,
        keep_orig: bool,
        replace: bool,
    ) -> PyResult<PyContainer> {
        let mapping = keychain_mapping
            .iter()
            .map(|(k, v)| Ok((k.extract::<String>()?, v.extract::<String>()?)))
            .collect::<PyResult<Vec<(String, String)>>>()?;
        let o = RestructureOptions { keep_orig, replace };
        self.c
            .cont_restructure_key_chains_with(mapping, o)
            .map(PyContainer::wrap)
            .map_err(to_py_err)
    }

    /// A new container with the entries moved as `mapping` says: old key
    /// chain to a new one, or to `{"key_chain": .., "pattern": ..,
    /// "axes_lengths": {..}}`, which also rearranges every leaf moved
    /// (einops' `rearrange`).
    #[pyo3(signature = (mapping, keep_orig = true, replace = true))]
    fn cont_restructure(
        &self,
        mapping: &Bound<'_, PyDict>,
        keep_orig: bool,
        replace: bool,
    ) -> PyResult<PyContainer> {
        const OP: &str = "cont_restructure";
        let mut steps: Vec<(String, Restructure)> = Vec::new();
        for (k, v) in mapping.iter() {
            let old: String = k.extract()?;
            let r = if let Ok(d) = v.cast::<PyDict>() {
                let kc: String = match d.get_item("key_chain")? {
                    Some(kc) => kc.extract()?,
                    None => {
                        return Err(args::unsupported(
                            OP,
                            "mapping",
                            "values that are dicts need a \"key_chain\" entry",
                        ));
                    }
                };
                let mut r = Restructure::new(kc);
                if let Some(p) = d.get_item("pattern")? {
                    r = r.pattern(p.extract::<String>()?);
                }
                if let Some(l) = d.get_item("axes_lengths")? {
                    let l = l
                        .cast::<PyDict>()
                        .map_err(|_| args::wrong_type(OP, "axes_lengths", "a dict", &l))?;
                    for (name, n) in l.iter() {
                        r = r.axis_length(
                            name.extract::<String>()?,
                            rt::arg::<usize>(&n, OP, "axes_lengths")?,
                        );
                    }
                }
                r
            } else {
                Restructure::new(v.extract::<String>().map_err(|_| {
                    args::wrong_type(OP, "mapping", "a dict of str or dict values", &v)
                })?)
            };
            steps.push((old, r));
        }
        let o = RestructureOptions { keep_orig, replace };
        self.c
            .cont_restructure_with(steps, o)
            .map(PyContainer::wrap)
            .map_err(to_py_err)
    }

    /// A new container of the top-level keys `key_slice` selects (a slice,
    /// an int, `"b:d"` for the keys from `b` to `d`, or a dict `{depth:
    /// slice}`); with `all_depths`, the keys of every level.
    #[pyo3(signature = (key_slice, all_depths = false))]
    fn cont_slice_keys(
        &self,
        key_slice: &Bound<'_, PyAny>,
        all_depths: bool,
    ) -> PyResult<PyContainer> {
        let out = if let Ok(d) = key_slice.cast::<PyDict>() {
            let slices = d
                .iter()
                .map(|(depth, s)| {
                    Ok((
                        rt::arg::<usize>(&depth, "cont_slice_keys", "key_slice")?,
                        key_slice_of(&s)?,
                    ))
                })
                .collect::<PyResult<Vec<(usize, KeySlice)>>>()?;
            self.c.cont_slice_keys_per_depth(slices, all_depths)
        } else if all_depths {
            self.c.cont_slice_keys_all_depths(key_slice_of(key_slice)?)
        } else {
            self.c.cont_slice_keys(key_slice_of(key_slice)?)
        };
        out.map(PyContainer::wrap).map_err(to_py_err)
    }

    /// A new container where every sub-container holding the key
    /// `slice_key` is replaced by its entry there.
    fn cont_slice_via_key(&self, slice_key: &str) -> PyResult<PyContainer> {
        self.c
            .cont_slice_via_key(slice_key)
            .map(PyContainer::wrap)
            .map_err(to_py_err)
    }

    /// The container with its keys sorted at every level.
    fn cont_sort_by_key(&self) -> PyContainer {
        PyContainer::wrap(self.c.cont_sort_by_key())
    }

    /// A new container tree whose leaves are these arrays (shared, not
    /// copied).
    fn cont_copy(&self) -> PyContainer {
        PyContainer::wrap(self.c.cont_copy())
    }

    /// A copy with new storage for every leaf.
    fn cont_deep_copy(&self) -> PyResult<PyContainer> {
        Ok(PyContainer {
            c: self.c.cont_deep_copy().map_err(to_py_err)?,
        })
    }
}

/// Reshaping and unstacking.
#[pymethods]
impl PyContainer {
    /// A new container whose leaves at the key chains of `target_dict` (a
    /// nested dict or container of shapes) are reshaped to `leading_shape`
    /// followed by that shape (`return_cont`: reshape that container
    /// instead).
    #[pyo3(signature = (target_dict, leading_shape = None, return_cont = None))]
    fn cont_reshape_like(
        &self,
        target_dict: &Bound<'_, PyAny>,
        leading_shape: Option<Vec<usize>>,
        return_cont: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyContainer> {
        const OP: &str = "cont_reshape_like";
        let shapes: Container<Ints> = args::nested(
            target_dict,
            OP,
            "target_dict",
            &mut |v| rt::arg::<Ints>(v, OP, "target_dict"),
            &mut |a: &Array| {
                a.astype(Dtype::Int64)
                    .and_then(|b| b.to_vec::<i64>())
                    .map(Ints::from)
                    .map_err(to_py_err)
            },
        )?;
        let base = match return_cont.filter(|r| !r.is_none()) {
            Some(r) => args::one_container(r, OP, "return_cont")?,
            None => self.c.clone(),
        };
        base.cont_reshape_like(&shapes, &leading_shape.unwrap_or_default())
            .map(PyContainer::wrap)
            .map_err(to_py_err)
    }

    /// A list of containers, the `i`th holding slice `i` of every leaf along
    /// `axis` (kept, of length 1, with `keepdims`; the first `dim_size`).
    #[pyo3(signature = (axis, keepdims = false, dim_size = None))]
    fn cont_unstack_conts(
        &self,
        axis: i64,
        keepdims: bool,
        dim_size: Option<usize>,
    ) -> PyResult<Vec<PyContainer>> {
        let o = UnstackOptions { keepdims, dim_size };
        self.c
            .cont_unstack_conts_with(axis, o)
            .map(|v| v.into_iter().map(PyContainer::wrap).collect())
            .map_err(to_py_err)
    }
}

/// A Python key slice: a `slice`, an int (one key), or `"x:y"`.
fn key_slice_of(obj: &Bound<'_, PyAny>) -> PyResult<KeySlice> {
    const OP: &str = "cont_slice_keys";
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(KeySlice::Chars(s.to_cow()?.into_owned()));
    }
    if let Ok(s) = obj.cast::<PySlice>() {
        let start: Option<isize> = s.getattr("start")?.extract()?;
        let stop: Option<isize> = s.getattr("stop")?.extract()?;
        let step: Option<isize> = s.getattr("step")?.extract()?;
        return Ok(KeySlice::new(start, stop, step.unwrap_or(1)));
    }
    if obj.is_instance_of::<PyInt>() {
        let i: isize = obj.extract()?;
        let stop = if i == -1 { None } else { Some(i + 1) };
        return Ok(KeySlice::new(Some(i), stop, 1));
    }
    Err(args::wrong_type(
        OP,
        "key_slice",
        "a slice, an int, a str \"x:y\" or a dict of them",
        obj,
    ))
}
