//! The methods that call a Python function: `cont_map` (at every leaf),
//! `cont_map_sub_conts` (at every sub-container), the static
//! `cont_multi_map` (over several containers with Ivy's shared nested
//! structure rule) and `cont_reduce`, and `cont_format_key_chains`.
//!
//! An exception the function raises is re-raised as it is ([`Calls`]);
//! what the function returns at a leaf becomes an array as `ivy_rs.asarray`
//! would make it.

use super::PyContainer;
use super::args::{self, Calls};
use crate::array::to_array;
use crate::errors::to_py_err;
use ivy::container::MultiArg;
use ivy::{Array, Container};
use pyo3::prelude::*;
use pyo3::types::PyList;

/// The filter chains of a map under the key chain `prefix` (Ivy's
/// `key_chain` argument) as chains relative to the container: Ivy compares
/// `prefix/kc` with them exactly, which is `kc` against those under
/// `prefix`.
fn relative(key_chains: Option<Vec<String>>, prefix: &str) -> Option<Vec<String>> {
    if prefix.is_empty() {
        return key_chains;
    }
    key_chains.map(|kcs| {
        kcs.into_iter()
            .filter_map(|k| {
                k.strip_prefix(prefix)
                    .and_then(|r| r.strip_prefix('/'))
                    .map(str::to_string)
            })
            .collect()
    })
}

#[pymethods]
impl PyContainer {
    /// A new container of `func(x, key_chain)` at every leaf (with
    /// `key_chains`, at those only, the others kept or pruned; with
    /// `inplace`, this container, changed and returned).
    #[pyo3(signature = (func, key_chains = None, to_apply = true, prune_unapplied = false, map_sequences = false, inplace = false, key_chain = ""))]
    #[allow(clippy::too_many_arguments)]
    fn cont_map(
        slf: &Bound<'_, Self>,
        func: &Bound<'_, PyAny>,
        key_chains: Option<&Bound<'_, PyAny>>,
        to_apply: bool,
        prune_unapplied: bool,
        map_sequences: bool,
        inplace: bool,
        key_chain: &str,
    ) -> PyResult<Py<PyAny>> {
        // Leaves are arrays, never lists or tuples: nothing to map inside.
        let _ = map_sequences;
        let py = slf.py();
        let kcs = relative(args::opt_key_chains(key_chains, "cont_map")?, key_chain);
        let o = args::map_options(kcs, to_apply, prune_unapplied);
        let c = slf.borrow().c.clone();
        let mut calls = Calls::new("cont_map");
        let r = c.cont_map_with(&o, |x, kc| {
            calls.run(|| {
                let v = func.call1((args::array_obj(py, x)?, args::prefixed(key_chain, kc)))?;
                to_array(&v, None, "cont_map")
            })
        });
        let out = calls.finish(r)?;
        if inplace {
            slf.borrow_mut().c = out;
            return Ok(slf.clone().into_any().unbind());
        }
        args::container_obj(py, out)
    }

    /// A new container where `func(sub_container, key_chain)` (which returns
    /// a container) replaces every sub-container, children first, and the
    /// container itself with `include_self` (with `inplace`, this container
    /// is changed and `None` returned). With `key_chains` and
    /// `prune_unapplied`, the leaves the filter leaves out are pruned first.
    #[pyo3(signature = (func, key_chains = None, to_apply = true, prune_unapplied = false, inplace = false, key_chain = "", include_self = true))]
    #[allow(clippy::too_many_arguments)]
    fn cont_map_sub_conts(
        slf: &Bound<'_, Self>,
        func: &Bound<'_, PyAny>,
        key_chains: Option<&Bound<'_, PyAny>>,
        to_apply: bool,
        prune_unapplied: bool,
        inplace: bool,
        key_chain: &str,
        include_self: bool,
    ) -> PyResult<Option<PyContainer>> {
        const OP: &str = "cont_map_sub_conts";
        let py = slf.py();
        let kcs = args::opt_key_chains(key_chains, OP)?;
        let mut c = slf.borrow().c.clone();
        if prune_unapplied && kcs.is_some() {
            // Ivy's filter here only drops leaves; `func` sees every level.
            let filter = args::map_options(kcs, to_apply, prune_unapplied);
            let drop: Vec<String> = c
                .cont_all_key_chains()
                .into_iter()
                .filter(|kc| !filter.applies(&args::prefixed(key_chain, kc), false))
                .collect();
            c = c.cont_prune_key_chains(drop);
        }
        let mut calls = Calls::new(OP);
        let r = c.cont_map_sub_conts(include_self || !key_chain.is_empty(), |sub, kc| {
            calls.run(|| {
                let arg = Py::new(py, PyContainer::wrap(sub.clone()))?;
                let v = func.call1((arg, args::prefixed(key_chain, kc)))?;
                args::one_container(&v, OP, "the result of func")
            })
        });
        let out = calls.finish(r)?;
        if inplace {
            slf.borrow_mut().c = out;
            return Ok(None);
        }
        Ok(Some(PyContainer::wrap(out)))
    }

    /// A new container of `func(xs, key_chain)` at every key chain of the
    /// containers in `containers`, `xs` holding each one's leaf there (an
    /// element that is not an `ivy_rs.Container` is passed at every key
    /// chain, and a leaf meeting a sub-container is passed at each of its
    /// leaves). With `key_chains` (prefixes), at those only: elsewhere the
    /// first element's value is kept, or pruned.
    #[staticmethod]
    #[pyo3(signature = (func, containers, key_chains = None, to_apply = true, prune_unapplied = false, key_chain = "", config = None, map_nests = false, assert_identical = false))]
    #[allow(clippy::too_many_arguments)]
    fn cont_multi_map(
        py: Python<'_>,
        func: &Bound<'_, PyAny>,
        containers: &Bound<'_, PyAny>,
        key_chains: Option<&Bound<'_, PyAny>>,
        to_apply: bool,
        prune_unapplied: bool,
        key_chain: &str,
        config: Option<&Bound<'_, PyAny>>,
        map_nests: bool,
        assert_identical: bool,
    ) -> PyResult<PyContainer> {
        const OP: &str = "cont_multi_map";
        // Leaves are arrays (no nests to map inside), and a leaf meeting a
        // sub-container is always broadcast over it, as Ivy does with
        // `assert_identical`.
        let _ = (map_nests, assert_identical);
        let kcs = args::opt_key_chains(key_chains, OP)?;
        enum Arg {
            Cont(Container<Py<PyAny>>),
            Leaf(Py<PyAny>),
        }
        let mut converted = Vec::new();
        for x in containers.try_iter()? {
            let x = x?;
            converted.push(match x.cast::<PyContainer>() {
                Ok(pc) => {
                    let c = pc.borrow().c.clone();
                    let objs = c
                        .leaves()
                        .map(|a| args::array_obj(py, a))
                        .collect::<PyResult<Vec<_>>>()?;
                    Arg::Cont(c.cont_from_flat_list(objs).map_err(to_py_err)?)
                }
                Err(_) => Arg::Leaf(x.unbind()),
            });
        }
        if !converted.iter().any(|a| matches!(a, Arg::Cont(_))) {
            return Err(to_py_err(ivy::Error::invalid(
                OP,
                "no ivy_rs.Container among the containers given",
            )));
        }
        let margs: Vec<MultiArg<'_, Py<PyAny>>> = converted
            .iter()
            .map(|a| match a {
                Arg::Cont(c) => MultiArg::Container(c),
                Arg::Leaf(l) => MultiArg::Leaf(l),
            })
            .collect();
        let filter = args::map_options(kcs, to_apply, prune_unapplied);
        let mut calls = Calls::new(OP);
        let r = Container::cont_multi_map(&margs, |xs: &[&Py<PyAny>], kc: &str| {
            let full = args::prefixed(key_chain, kc);
            if !filter.applies(&full, true) {
                return Ok((!prune_unapplied).then(|| xs[0].clone_ref(py)));
            }
            calls.run(|| {
                let list = PyList::new(py, xs.iter().map(|x| x.bind(py)))?;
                Ok(Some(func.call1((list, full))?.unbind()))
            })
        });
        let mapped = calls.finish(r)?;
        let mut pruned = Vec::new();
        let mut leaves = Vec::with_capacity(mapped.num_leaves());
        for (kc, v) in mapped.cont_to_iterator() {
            match v {
                Some(obj) => leaves.push(to_array(obj.bind(py), None, OP)?),
                None => {
                    pruned.push(kc);
                    leaves.push(Array::scalar(false));
                }
            }
        }
        let mut out = mapped.cont_from_flat_list(leaves).map_err(to_py_err)?;
        if !pruned.is_empty() {
            out = out.cont_prune_key_chains(pruned);
        }
        Ok(PyContainer::wrap(args::with_config(out, config)?))
    }

    /// A container of `reduction(leaves)` at every key chain of the first
    /// container, `leaves` the list of each container's leaf there.
    #[staticmethod]
    #[pyo3(signature = (containers, reduction, config = None))]
    fn cont_reduce(
        py: Python<'_>,
        containers: &Bound<'_, PyAny>,
        reduction: &Bound<'_, PyAny>,
        config: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyContainer> {
        const OP: &str = "cont_reduce";
        let cs = args::containers(containers, OP, "containers")?;
        let refs: Vec<&Container> = cs.iter().collect();
        let mut calls = Calls::new(OP);
        let r = Container::cont_reduce(&refs, |xs: &[&Array]| {
            calls.run(|| {
                let items = xs
                    .iter()
                    .map(|a| args::array_obj(py, a))
                    .collect::<PyResult<Vec<_>>>()?;
                let v = reduction.call1((PyList::new(py, items)?,))?;
                to_array(&v, None, OP)
            })
        });
        let out = calls.finish(r)?;
        Ok(PyContainer::wrap(args::with_config(out, config)?))
    }

    /// A new container with every leaf moved to the key chain
    /// `format_fn(key_chain)`.
    fn cont_format_key_chains(&self, format_fn: &Bound<'_, PyAny>) -> PyResult<PyContainer> {
        let mut calls = Calls::new("cont_format_key_chains");
        let r = self.c.cont_format_key_chains(|kc| {
            if calls.failed() {
                return kc.to_string();
            }
            calls
                .run(|| format_fn.call1((kc,))?.extract::<String>())
                .unwrap_or_else(|_| kc.to_string())
        });
        calls.finish(r).map(PyContainer::wrap)
    }
}
