//! What a container holds and how it prints: Ivy's properties
//! (`cont_shape`, `cont_shapes`, `cont_dtype`, `cont_dev`, `cont_dev_str`,
//! `cont_config`), counts and identities, truth values, the leaves as lists
//! and iterators, and the print settings (`cont_with_print_limit`, ...,
//! `cont_update_config`, `cont_show`).

use super::args;
use super::{PyContainer, entry_to_py};
use crate::dtype::{PyDevice, PyDtype};
use crate::errors::to_py_err;
use ivy::container::IterOptions;
use ivy::{Array, Config, Container, EntryRef, Scalar};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

/// Properties.
#[pymethods]
impl PyContainer {
    /// The shape shared by the leaves (`None` where they differ).
    #[getter]
    fn cont_shape(&self) -> Vec<Option<usize>> {
        self.c.cont_shape()
    }

    /// A nested dict of the leaves' shapes, as tuples (Ivy's `cont_shapes`,
    /// a container of shapes).
    #[getter]
    fn cont_shapes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        args::dict_of(py, self.c.view(), &mut |a: &Array| {
            Ok(PyTuple::new(py, a.shape().dims())?.into_any().unbind())
        })
    }

    /// The dtype every leaf has, else `None`.
    #[getter]
    fn cont_dtype(&self) -> Option<PyDtype> {
        self.c.cont_dtype().map(PyDtype)
    }

    /// The device every leaf is on, else `None`.
    #[getter]
    fn cont_dev(&self) -> Option<PyDevice> {
        self.c.cont_dev().map(PyDevice)
    }

    /// The name of the device every leaf is on, else `None`.
    #[getter]
    fn cont_dev_str(&self) -> Option<String> {
        self.c.cont_dev_str()
    }

    /// The print configuration, a dict (`print_limit`, `print_indent`,
    /// `key_length_limit`, `print_line_spacing`).
    #[getter]
    fn cont_config<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        args::config_dict(py, &self.c.cont_config())
    }
}

/// Counts, identities and truth values.
#[pymethods]
impl PyContainer {
    /// The number of arrays (`exclusive` changes nothing: every leaf is an
    /// array).
    #[pyo3(signature = (exclusive = false))]
    fn cont_num_arrays(&self, exclusive: bool) -> usize {
        let _ = exclusive;
        self.c.cont_num_arrays()
    }

    /// The depth of the deepest leaf.
    fn cont_max_depth(&self) -> usize {
        self.c.cont_max_depth()
    }

    /// A container of one level: the arrays, smallest first, under their
    /// key chains joined with `__` (`exclusive` changes nothing).
    #[pyo3(signature = (exclusive = false))]
    fn cont_size_ordered_arrays(&self, exclusive: bool) -> PyContainer {
        let _ = exclusive;
        PyContainer::wrap(self.c.cont_size_ordered_arrays())
    }

    /// A tuple of tuples of the key chains whose leaves are the same array.
    fn cont_duplicate_array_keychains<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let groups = self
            .c
            .cont_duplicate_array_keychains()
            .into_iter()
            .map(|g| PyTuple::new(py, g))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, groups)
    }

    /// A container of every leaf's truth value, as 0-d bool arrays (leaves
    /// the key chains leave out are kept as they are, or pruned).
    #[pyo3(signature = (assert_is_bool = false, key_chains = None, to_apply = true, prune_unapplied = false, map_sequences = false))]
    fn cont_as_bools(
        &self,
        assert_is_bool: bool,
        key_chains: Option<&Bound<'_, PyAny>>,
        to_apply: bool,
        prune_unapplied: bool,
        map_sequences: bool,
    ) -> PyResult<PyContainer> {
        let _ = map_sequences;
        let kcs = args::opt_key_chains(key_chains, "cont_as_bools")?;
        let o = args::map_options(kcs, to_apply, prune_unapplied);
        self.c
            .cont_as_bools_with(&o, assert_is_bool)
            .map(PyContainer::wrap)
            .map_err(to_py_err)
    }

    /// Whether every leaf is true.
    #[pyo3(signature = (assert_is_bool = false, key_chains = None, to_apply = true, prune_unapplied = false, map_sequences = false))]
    fn cont_all_true(
        &self,
        assert_is_bool: bool,
        key_chains: Option<&Bound<'_, PyAny>>,
        to_apply: bool,
        prune_unapplied: bool,
        map_sequences: bool,
    ) -> PyResult<bool> {
        let _ = map_sequences;
        let kcs = args::opt_key_chains(key_chains, "cont_all_true")?;
        if kcs.is_none() {
            return self.c.cont_all_true(assert_is_bool).map_err(to_py_err);
        }
        let o = args::map_options(kcs, to_apply, prune_unapplied);
        self.c
            .cont_all_true_with(&o, assert_is_bool)
            .map_err(to_py_err)
    }

    /// Whether every leaf is false.
    #[pyo3(signature = (assert_is_bool = false, key_chains = None, to_apply = true, prune_unapplied = false, map_sequences = false))]
    fn cont_all_false(
        &self,
        assert_is_bool: bool,
        key_chains: Option<&Bound<'_, PyAny>>,
        to_apply: bool,
        prune_unapplied: bool,
        map_sequences: bool,
    ) -> PyResult<bool> {
        let _ = map_sequences;
        let kcs = args::opt_key_chains(key_chains, "cont_all_false")?;
        if kcs.is_none() {
            return self.c.cont_all_false(assert_is_bool).map_err(to_py_err);
        }
        let o = args::map_options(kcs, to_apply, prune_unapplied);
        self.c
            .cont_all_false_with(&o, assert_is_bool)
            .map_err(to_py_err)
    }
}

/// The leaves as lists, dicts and iterators.
#[pymethods]
impl PyContainer {
    /// The leaves, in order.
    fn cont_leaves(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        self.c.leaves().map(|a| args::array_obj(py, a)).collect()
    }

    /// The leaves, in order (Ivy's `cont_to_flat_list`).
    fn cont_to_flat_list(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        self.cont_leaves(py)
    }

    /// A container of this structure whose leaves are `flat_list`'s, in
    /// order (it must hold one per leaf).
    fn cont_from_flat_list(&self, flat_list: &Bound<'_, PyAny>) -> PyResult<PyContainer> {
        let leaves = flat_list
            .try_iter()?
            .map(|x| crate::array::to_array(&x?, None, "cont_from_flat_list"))
            .collect::<PyResult<Vec<Array>>>()?;
        self.c
            .cont_from_flat_list(leaves)
            .map(PyContainer::wrap)
            .map_err(to_py_err)
    }

    /// A nested dict of arrays (Ivy's `cont_to_dict`).
    fn cont_to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        super::to_dict(py, &self.c)
    }

    /// The values without their keys, as nested lists of arrays.
    fn cont_to_nested_list(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        args::nest_obj(py, &self.c.cont_to_nested_list(), &mut |a| {
            args::array_obj(py, a)
        })
    }

    /// A nested dict whose leaves are the arrays as (nested) lists of Python
    /// numbers (`tolist()`; a 0-d array gives its number).
    fn cont_with_entries_as_lists<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let lists = self.c.cont_with_entries_as_lists().map_err(to_py_err)?;
        args::dict_of(py, lists.view(), &mut |n| {
            args::nest_obj(py, n, &mut |s: &Scalar| crate::array::scalar_to_py(py, *s))
        })
    }

    /// Every key chain to a leaf (and to an empty sub-container with
    /// `include_empty`).
    #[pyo3(signature = (include_empty = false))]
    fn cont_all_key_chains(&self, include_empty: bool) -> Vec<String> {
        if include_empty {
            self.c.cont_all_key_chains_with(true)
        } else {
            self.c.cont_all_key_chains()
        }
    }

    /// An iterator of `(key_chain, leaf)` pairs, depth first (empty
    /// sub-containers too, as containers, with `include_empty`).
    #[pyo3(signature = (key_chain = "", leaf_keys_only = false, include_empty = false))]
    fn cont_to_iterator(
        &self,
        py: Python<'_>,
        key_chain: &str,
        leaf_keys_only: bool,
        include_empty: bool,
    ) -> PyResult<Py<PyAny>> {
        let items = self
            .walk(key_chain, leaf_keys_only, include_empty)
            .into_iter()
            .map(|(kc, e)| {
                let v = entry_to_py(py, e)?;
                Ok(
                    PyTuple::new(py, [kc.into_pyobject(py)?.into_any().unbind(), v])?
                        .into_any()
                        .unbind(),
                )
            })
            .collect::<PyResult<Vec<_>>>()?;
        args::iterator(py, items)
    }

    /// An iterator of the key chains of the leaves (and of the empty
    /// sub-containers with `include_empty`).
    #[pyo3(signature = (key_chain = "", leaf_keys_only = false, include_empty = false))]
    fn cont_to_iterator_keys(
        &self,
        py: Python<'_>,
        key_chain: &str,
        leaf_keys_only: bool,
        include_empty: bool,
    ) -> PyResult<Py<PyAny>> {
        let items = self
            .walk(key_chain, leaf_keys_only, include_empty)
            .into_iter()
            .map(|(kc, _)| Ok(PyString::new(py, &kc).into_any().unbind()))
            .collect::<PyResult<Vec<_>>>()?;
        args::iterator(py, items)
    }

    /// An iterator of the leaves (and of the empty sub-containers with
    /// `include_empty`).
    #[pyo3(signature = (include_empty = false))]
    fn cont_to_iterator_values(&self, py: Python<'_>, include_empty: bool) -> PyResult<Py<PyAny>> {
        let items = if include_empty {
            self.walk("", false, true)
                .into_iter()
                .map(|(_, e)| entry_to_py(py, e))
                .collect::<PyResult<Vec<_>>>()?
        } else {
            self.c
                .cont_to_iterator_values()
                .map(|a| args::array_obj(py, a))
                .collect::<PyResult<Vec<_>>>()?
        };
        args::iterator(py, items)
    }
}

impl PyContainer {
    /// Ivy's `cont_to_iterator` walk: `(key chain, entry)` pairs.
    fn walk(
        &self,
        key_chain: &str,
        leaf_keys_only: bool,
        include_empty: bool,
    ) -> Vec<(String, EntryRef<'_>)> {
        let o = IterOptions {
            leaf_keys_only,
            include_empty,
        };
        self.c
            .cont_to_iterator_with(o)
            .map(|(kc, e)| {
                let kc = if leaf_keys_only {
                    kc
                } else {
                    args::prefixed(key_chain, &kc)
                };
                (kc, e)
            })
            .collect()
    }
}

/// Printing and its settings.
#[pymethods]
impl PyContainer {
    /// A copy (or, with `inplace`, this container, returning `None`) whose
    /// arrays of more than `print_limit` elements print as their shape at
    /// every level (`None`: no limit).
    #[pyo3(signature = (print_limit, inplace = false))]
    fn cont_with_print_limit(
        slf: &Bound<'_, Self>,
        print_limit: Option<usize>,
        inplace: bool,
    ) -> Option<PyContainer> {
        match print_limit {
            Some(n) => Self::copy_or_in_place(
                slf,
                inplace,
                |c| c.cont_with_print_limit(n),
                |c| c.cont_with_print_limit_inplace(n),
            ),
            None => Self::copy_or_in_place(
                slf,
                inplace,
                Container::cont_remove_print_limit,
                Container::cont_remove_print_limit_inplace,
            ),
        }
    }

    /// A copy (or this container, returning `None`) whose arrays print in
    /// full at every level.
    #[pyo3(signature = (inplace = false))]
    fn cont_remove_print_limit(slf: &Bound<'_, Self>, inplace: bool) -> Option<PyContainer> {
        Self::copy_or_in_place(
            slf,
            inplace,
            Container::cont_remove_print_limit,
            Container::cont_remove_print_limit_inplace,
        )
    }

    /// A copy (or this container, returning `None`) whose keys print
    /// shortened to `key_length_limit` characters (`None`: in full).
    #[pyo3(signature = (key_length_limit, inplace = false))]
    fn cont_with_key_length_limit(
        slf: &Bound<'_, Self>,
        key_length_limit: Option<usize>,
        inplace: bool,
    ) -> Option<PyContainer> {
        match key_length_limit {
            Some(n) => Self::copy_or_in_place(
                slf,
                inplace,
                |c| c.cont_with_key_length_limit(n),
                |c| c.cont_with_key_length_limit_inplace(n),
            ),
            None => Self::copy_or_in_place(
                slf,
                inplace,
                Container::cont_remove_key_length_limit,
                Container::cont_remove_key_length_limit_inplace,
            ),
        }
    }

    /// A copy (or this container, returning `None`) whose keys print in
    /// full.
    #[pyo3(signature = (inplace = false))]
    fn cont_remove_key_length_limit(slf: &Bound<'_, Self>, inplace: bool) -> Option<PyContainer> {
        Self::copy_or_in_place(
            slf,
            inplace,
            Container::cont_remove_key_length_limit,
            Container::cont_remove_key_length_limit_inplace,
        )
    }

    /// A copy (or this container, returning `None`) indented by
    /// `print_indent` spaces per level.
    #[pyo3(signature = (print_indent, inplace = false))]
    fn cont_with_print_indent(
        slf: &Bound<'_, Self>,
        print_indent: usize,
        inplace: bool,
    ) -> Option<PyContainer> {
        Self::copy_or_in_place(
            slf,
            inplace,
            |c| c.cont_with_print_indent(print_indent),
            |c| c.cont_with_print_indent_inplace(print_indent),
        )
    }

    /// A copy (or this container, returning `None`) that prints
    /// `print_line_spacing` blank lines between entries.
    #[pyo3(signature = (print_line_spacing, inplace = false))]
    fn cont_with_print_line_spacing(
        slf: &Bound<'_, Self>,
        print_line_spacing: usize,
        inplace: bool,
    ) -> Option<PyContainer> {
        Self::copy_or_in_place(
            slf,
            inplace,
            |c| c.cont_with_print_line_spacing(print_line_spacing),
            |c| c.cont_with_print_line_spacing_inplace(print_line_spacing),
        )
    }

    /// Change the print configuration in place, at every level, with Ivy's
    /// configuration keywords (`print_limit`, `print_indent`,
    /// `key_length_limit`, `print_line_spacing`); returns `None`.
    #[pyo3(signature = (**config))]
    fn cont_update_config(&mut self, config: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
        let new: Config = args::config_update(self.c.config(), config)?;
        self.c.cont_update_config_inplace(new);
        Ok(())
    }

    /// Print the container (Python's `print(c)`); returns `None`.
    fn cont_show(&self, py: Python<'_>) -> PyResult<()> {
        print(py, &self.c.to_string())
    }

    /// The container's text with `"> "` before the lines of the entry at
    /// `key_chain` and `"  "` before the others.
    fn cont_format_sub_container(&self, key_chain: &str) -> PyResult<String> {
        self.c
            .cont_format_sub_container(key_chain)
            .map_err(to_py_err)
    }

    /// Print the container with the entry at a key chain (or the
    /// sub-container identical to one given) marked; returns `None`.
    fn cont_show_sub_container(
        &self,
        py: Python<'_>,
        sub_cont_or_keychain: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let kc = if let Ok(s) = sub_cont_or_keychain.cast::<PyString>() {
            s.to_cow()?.into_owned()
        } else {
            let sub = args::one_container(
                sub_cont_or_keychain,
                "cont_show_sub_container",
                "sub_cont_or_keychain",
            )?;
            match self
                .c
                .cont_find_sub_container(&sub, false)
                .map_err(to_py_err)?
            {
                Some(kc) => kc,
                // Not found: Ivy prints the container as it is.
                None => return print(py, &self.c.to_string()),
            }
        };
        let text = self.c.cont_format_sub_container(&kc).map_err(to_py_err)?;
        print(py, &text)
    }

    /// `key` shortened to `max_length` characters as the printing does
    /// (unchanged if it fits or `max_length` is `None`).
    #[staticmethod]
    fn cont_trim_key(key: &str, max_length: Option<usize>) -> String {
        match max_length {
            Some(n) => Container::cont_trim_key(key, n),
            None => key.to_string(),
        }
    }
}

/// Python's `print(text)` (so it goes to `sys.stdout`).
fn print(py: Python<'_>, text: &str) -> PyResult<()> {
    py.import("builtins")?.getattr("print")?.call1((text,))?;
    Ok(())
}
