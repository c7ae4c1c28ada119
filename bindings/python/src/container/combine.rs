//! Several containers at once (Ivy's static "combination" and
//! "comparison" methods): `cont_combine`, the list joins and stacks,
//! `cont_unify`, `cont_common_key_chains`, the diffs, the identity tests
//! and their assertions; and finding a sub-container or a sub-structure
//! inside a container.
//!
//! Containers are passed as Ivy passes them: `cont_combine` and the diffs
//! take them as separate arguments (`*containers`), the others as one list.

use super::PyContainer;
use super::args::{self, Calls};
use crate::errors::to_py_err;
use crate::rt;
use ivy::container::{DiffKeys, DiffMode, DiffOptions, IdenticalOptions, UnifyMode};
use ivy::{Array, Container, Device};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString, PyTuple};

/// The containers of a `*containers` argument.
fn varargs(containers: &Bound<'_, PyTuple>, op: &str) -> PyResult<Vec<Container>> {
    containers
        .iter()
        .map(|c| args::one_container(&c, op, "containers"))
        .collect()
}

/// Ivy's `mode`, `diff_keys` and `detect_*` arguments of the diffs.
fn diff_options(
    op: &str,
    mode: &str,
    diff_keys: &Bound<'_, PyAny>,
    detect_key_diffs: bool,
    detect_value_diffs: bool,
    detect_shape_diffs: bool,
) -> PyResult<DiffOptions> {
    let mode = match mode {
        "all" => DiffMode::All,
        "same_only" => DiffMode::SameOnly,
        "diff_only" => DiffMode::DiffOnly,
        other => {
            return Err(to_py_err(ivy::Error::invalid(
                op,
                format!("mode must be \"all\", \"same_only\" or \"diff_only\", not \"{other}\""),
            )));
        }
    };
    let diff_keys = if let Ok(s) = diff_keys.cast::<PyString>() {
        DiffKeys::Prefix(s.to_cow()?.into_owned())
    } else if diff_keys.is_instance_of::<PyList>() || diff_keys.is_instance_of::<PyTuple>() {
        DiffKeys::Names(args::key_chain_list(diff_keys, op, "diff_keys")?)
    } else {
        return Err(args::wrong_type(
            op,
            "diff_keys",
            "a str or a list of str",
            diff_keys,
        ));
    };
    Ok(DiffOptions {
        mode,
        diff_keys,
        detect_key_diffs,
        detect_value_diffs,
        detect_shape_diffs,
    })
}

/// Ivy's keyword arguments of the identity tests.
#[allow(clippy::too_many_arguments)]
fn identical_options(
    op: &str,
    check_types: bool,
    check_shapes: bool,
    same_arrays: bool,
    arrays_equal: bool,
    key_chains: Option<&Bound<'_, PyAny>>,
    to_apply: bool,
    partial: bool,
) -> PyResult<IdenticalOptions> {
    Ok(IdenticalOptions {
        check_types,
        check_shapes,
        same_arrays,
        arrays_equal,
        key_chains: args::opt_key_chains(key_chains, op)?,
        to_apply,
        partial,
    })
}

/// Ivy's `assert_and_assign`: after a successful test, the first container
/// takes the second's leaves (in place). With `partial`, Ivy compares
/// copies of the common part, so nothing is assigned.
fn assign(containers: &Bound<'_, PyAny>, cs: &[Container], partial: bool) -> PyResult<()> {
    if partial || cs.len() < 2 {
        return Ok(());
    }
    let new = cs[0]
        .cont_overwrite_at_key_chains(&cs[1])
        .map_err(to_py_err)?;
    if let Ok(first) = containers.get_item(0)?.cast::<PyContainer>() {
        first.borrow_mut().c = new;
    }
    Ok(())
}

/// A list-valued container as a nested dict of lists of arrays.
fn dict_of_lists<'py>(py: Python<'py>, c: &Container<Vec<Array>>) -> PyResult<Bound<'py, PyDict>> {
    args::dict_of(py, c.view(), &mut |xs: &Vec<Array>| {
        let items = xs
            .iter()
            .map(|a| args::array_obj(py, a))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(PyList::new(py, items)?.into_any().unbind())
    })
}

/// A container whose leaves are lists: a nested dict of lists (or tuples)
/// of arrays, or an `ivy_rs.Container`, each array a list of its slices
/// along axis 0 (Python iterates an array so).
fn list_container(obj: &Bound<'_, PyAny>, op: &str) -> PyResult<Container<Vec<Array>>> {
    let slices = |a: &Array| -> PyResult<Vec<Array>> {
        ivy::unstack_with(a, ivy::opts::Unstack::new().axis(0)).map_err(to_py_err)
    };
    args::nested(
        obj,
        op,
        "containers",
        &mut |v| {
            if v.is_instance_of::<PyList>() || v.is_instance_of::<PyTuple>() {
                v.try_iter()?
                    .map(|x| crate::array::to_array(&x?, None, op))
                    .collect()
            } else {
                slices(&crate::array::to_array(v, None, op)?)
            }
        },
        &mut |a| slices(a),
    )
}

/// `found` as Ivy's finders return it: the key chain, or `False`.
fn chain_or_false(py: Python<'_>, found: Option<String>) -> PyResult<Py<PyAny>> {
    Ok(match found {
        Some(kc) => PyString::new(py, &kc).into_any().unbind(),
        None => PyBool::new(py, false).to_owned().into_any().unbind(),
    })
}

/// Combining and joining.
#[pymethods]
impl PyContainer {
    /// The key union of the containers, recursively; the right-most value
    /// wins (a right-most argument that is not a container is returned as
    /// it is).
    #[staticmethod]
    #[pyo3(signature = (*containers, config = None))]
    fn cont_combine(
        py: Python<'_>,
        containers: &Bound<'_, PyTuple>,
        config: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        if let Some(last) = containers.iter().last()
            && !(last.is_instance_of::<PyDict>() || last.cast::<PyContainer>().is_ok())
        {
            return Ok(last.unbind());
        }
        let cs = varargs(containers, "cont_combine")?;
        let refs: Vec<&Container> = cs.iter().collect();
        let out = args::with_config(Container::cont_combine(&refs), config)?;
        args::container_obj(py, out)
    }

    /// The key chains of the leaves every container has.
    #[staticmethod]
    fn cont_common_key_chains(containers: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let cs = args::containers(containers, "cont_common_key_chains", "containers")?;
        let refs: Vec<&Container> = cs.iter().collect();
        Ok(Container::cont_common_key_chains(&refs))
    }

    /// A nested dict of the first container's structure whose leaves are
    /// the lists of the containers' arrays there (`dim` is unused, as in
    /// Ivy; `config` changes nothing in a dict).
    #[staticmethod]
    #[pyo3(signature = (containers, dim, config = None))]
    fn cont_list_stack<'py>(
        py: Python<'py>,
        containers: &Bound<'py, PyAny>,
        dim: &Bound<'py, PyAny>,
        config: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let _ = (dim, config);
        let cs = args::containers(containers, "cont_list_stack", "containers")?;
        let refs: Vec<&Container> = cs.iter().collect();
        let out = Container::cont_list_stack(&refs).map_err(to_py_err)?;
        dict_of_lists(py, &out)
    }

    /// A nested dict of the first container's structure whose leaves are
    /// the containers' lists there joined end to end (the containers are
    /// nested dicts of lists, or `ivy_rs.Container`s, whose arrays count as
    /// the lists of their slices along axis 0).
    #[staticmethod]
    #[pyo3(signature = (containers, config = None))]
    fn cont_list_join<'py>(
        py: Python<'py>,
        containers: &Bound<'py, PyAny>,
        config: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        const OP: &str = "cont_list_join";
        let _ = config;
        let items: Vec<Bound<'py, PyAny>> = containers.try_iter()?.collect::<PyResult<_>>()?;
        let cs = items
            .iter()
            .map(|c| list_container(c, OP))
            .collect::<PyResult<Vec<_>>>()?;
        let refs: Vec<&Container<Vec<Array>>> = cs.iter().collect();
        let out = Container::cont_list_join(&refs).map_err(to_py_err)?;
        dict_of_lists(py, &out)
    }

    /// A container of the containers' arrays at each key chain stacked along
    /// a new `axis`.
    #[staticmethod]
    #[pyo3(signature = (containers, axis = 0))]
    fn cont_list_stack_arrays(containers: &Bound<'_, PyAny>, axis: i64) -> PyResult<PyContainer> {
        let cs = args::containers(containers, "cont_list_stack_arrays", "containers")?;
        let refs: Vec<&Container> = cs.iter().collect();
        Container::cont_list_stack_arrays(&refs, axis)
            .map(PyContainer::wrap)
            .map_err(to_py_err)
    }

    /// A container of the containers' arrays at each key chain concatenated
    /// along `axis`.
    #[staticmethod]
    #[pyo3(signature = (containers, axis = 0))]
    fn cont_list_join_arrays(containers: &Bound<'_, PyAny>, axis: i64) -> PyResult<PyContainer> {
        let cs = args::containers(containers, "cont_list_join_arrays", "containers")?;
        let refs: Vec<&Container> = cs.iter().collect();
        Container::cont_list_join_arrays(&refs, axis)
            .map(PyContainer::wrap)
            .map_err(to_py_err)
    }

    /// One container from several (a dict from device to container, or a
    /// list): the arrays at each key chain concatenated along `axis`
    /// (`mode="concat"`), added (`"sum"`) or averaged (`"mean"`). Every
    /// array must be on `device` already.
    #[staticmethod]
    #[pyo3(signature = (containers, device, mode, axis = 0))]
    fn cont_unify(
        containers: &Bound<'_, PyAny>,
        device: &Bound<'_, PyAny>,
        mode: &str,
        axis: i64,
    ) -> PyResult<PyContainer> {
        const OP: &str = "cont_unify";
        let dev: Device = rt::arg(device, OP, "device")?;
        let mode = match mode {
            "concat" => UnifyMode::Concat { axis },
            "sum" => UnifyMode::Sum,
            "mean" => UnifyMode::Mean,
            other => {
                return Err(to_py_err(ivy::Error::invalid(
                    OP,
                    format!("mode must be \"concat\", \"sum\" or \"mean\", not \"{other}\""),
                )));
            }
        };
        let cs = args::containers(containers, OP, "containers")?;
        for (i, c) in cs.iter().enumerate() {
            if let Some((kc, a)) = c.cont_to_iterator().find(|(_, a)| a.device() != dev) {
                return Err(to_py_err(ivy::Error::invalid(
                    OP,
                    format!(
                        "the array at `{kc}` of container {i} is on {}, not {dev} (ivy_rs moves no arrays here)",
                        a.device()
                    ),
                )));
            }
        }
        let refs: Vec<&Container> = cs.iter().collect();
        Container::cont_unify(&refs, mode)
            .map(PyContainer::wrap)
            .map_err(to_py_err)
    }
}

/// Diffs.
#[pymethods]
impl PyContainer {
    /// The containers side by side: the value where they agree, else a
    /// sub-container of the differing values under keys `diff_0, 2`, ...
    #[staticmethod]
    #[pyo3(signature = (*containers, mode = "all", diff_keys = None, detect_key_diffs = true, detect_value_diffs = true, detect_shape_diffs = true, config = None),
        text_signature = "(*containers, mode='all', diff_keys='diff', detect_key_diffs=True, detect_value_diffs=True, detect_shape_diffs=True, config=None)")]
    #[allow(clippy::too_many_arguments)]
    fn cont_diff(
        py: Python<'_>,
        containers: &Bound<'_, PyTuple>,
        mode: &str,
        diff_keys: Option<&Bound<'_, PyAny>>,
        detect_key_diffs: bool,
        detect_value_diffs: bool,
        detect_shape_diffs: bool,
        config: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyContainer> {
        const OP: &str = "cont_diff";
        let default = PyString::new(py, "diff");
        let dk = diff_keys.unwrap_or(default.as_any());
        let o = diff_options(
            OP,
            mode,
            dk,
            detect_key_diffs,
            detect_value_diffs,
            detect_shape_diffs,
        )?;
        let cs = varargs(containers, OP)?;
        let refs: Vec<&Container> = cs.iter().collect();
        let out = Container::cont_diff_with(&refs, &o).map_err(to_py_err)?;
        Ok(PyContainer::wrap(args::with_config(out, config)?))
    }

    /// `cont_diff` of the keys and shapes only, not the values.
    #[staticmethod]
    #[pyo3(signature = (*containers, mode = "all", diff_keys = None, detect_key_diffs = true, detect_shape_diffs = true, config = None),
        text_signature = "(*containers, mode='all', diff_keys='diff', detect_key_diffs=True, detect_shape_diffs=True, config=None)")]
    fn cont_structural_diff(
        py: Python<'_>,
        containers: &Bound<'_, PyTuple>,
        mode: &str,
        diff_keys: Option<&Bound<'_, PyAny>>,
        detect_key_diffs: bool,
        detect_shape_diffs: bool,
        config: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyContainer> {
        const OP: &str = "cont_structural_diff";
        let default = PyString::new(py, "diff");
        let dk = diff_keys.unwrap_or(default.as_any());
        let o = diff_options(OP, mode, dk, detect_key_diffs, false, detect_shape_diffs)?;
        let cs = varargs(containers, OP)?;
        let refs: Vec<&Container> = cs.iter().collect();
        let out = Container::cont_structural_diff_with(&refs, &o).map_err(to_py_err)?;
        Ok(PyContainer::wrap(args::with_config(out, config)?))
    }

    /// `cont_diff` with the Python function `same(x, y)` saying whether two
    /// leaves count as equal.
    #[staticmethod]
    #[pyo3(signature = (*containers, same, mode = "all", diff_keys = None, detect_key_diffs = true, config = None),
        text_signature = "(*containers, same, mode='all', diff_keys='diff', detect_key_diffs=True, config=None)")]
    fn cont_diff_by(
        py: Python<'_>,
        containers: &Bound<'_, PyTuple>,
        same: &Bound<'_, PyAny>,
        mode: &str,
        diff_keys: Option<&Bound<'_, PyAny>>,
        detect_key_diffs: bool,
        config: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyContainer> {
        const OP: &str = "cont_diff_by";
        let default = PyString::new(py, "diff");
        let dk = diff_keys.unwrap_or(default.as_any());
        let o = diff_options(OP, mode, dk, detect_key_diffs, true, true)?;
        let cs = varargs(containers, OP)?;
        let refs: Vec<&Container> = cs.iter().collect();
        let mut calls = Calls::new(OP);
        let r = Container::cont_diff_by(&refs, &o, |a, b| {
            calls.run(|| {
                same.call1((args::array_obj(py, a)?, args::array_obj(py, b)?))?
                    .is_truthy()
            })
        });
        let out = calls.finish(r)?;
        Ok(PyContainer::wrap(args::with_config(out, config)?))
    }
}

/// Identity tests.
#[pymethods]
impl PyContainer {
    /// Whether the containers are identical: the same keys, and at each
    /// leaf the same dtype, shape and the same array (equal values, without
    /// `same_arrays`).
    #[staticmethod]
    #[pyo3(signature = (containers, check_types = true, check_shapes = true, same_arrays = true, arrays_equal = true, key_chains = None, to_apply = true, partial = false, key_chain = "", assert_and_assign = false))]
    #[allow(clippy::too_many_arguments)]
    fn cont_identical(
        containers: &Bound<'_, PyAny>,
        check_types: bool,
        check_shapes: bool,
        same_arrays: bool,
        arrays_equal: bool,
        key_chains: Option<&Bound<'_, PyAny>>,
        to_apply: bool,
        partial: bool,
        key_chain: &str,
        assert_and_assign: bool,
    ) -> PyResult<bool> {
        // Ivy's recursion prefix: it selects nothing.
        let _ = key_chain;
        let op = "cont_identical";
        let o = identical_options(
            op,
            check_types,
            check_shapes,
            same_arrays,
            arrays_equal,
            key_chains,
            to_apply,
            partial,
        )?;
        let cs = args::containers(containers, op, "containers")?;
        let refs: Vec<&Container> = cs.iter().collect();
        let same = Container::cont_identical_with(&refs, &o).map_err(to_py_err)?;
        if same && assert_and_assign {
            assign(containers, &cs, partial)?;
        }
        Ok(same)
    }

    /// Raise (an `IvyValueError`, or `IvyKeyError` naming the key chain,
    /// showing the diff) unless the containers are identical; returns
    /// `None`.
    #[staticmethod]
    #[pyo3(signature = (containers, check_types = true, check_shapes = true, same_arrays = true, arrays_equal = true, key_chains = None, to_apply = true, partial = false))]
    #[allow(clippy::too_many_arguments)]
    fn cont_assert_identical(
        containers: &Bound<'_, PyAny>,
        check_types: bool,
        check_shapes: bool,
        same_arrays: bool,
        arrays_equal: bool,
        key_chains: Option<&Bound<'_, PyAny>>,
        to_apply: bool,
        partial: bool,
    ) -> PyResult<()> {
        let op = "cont_assert_identical";
        let o = identical_options(
            op,
            check_types,
            check_shapes,
            same_arrays,
            arrays_equal,
            key_chains,
            to_apply,
            partial,
        )?;
        let cs = args::containers(containers, op, "containers")?;
        let refs: Vec<&Container> = cs.iter().collect();
        Container::cont_assert_identical_with(&refs, &o).map_err(to_py_err)
    }

    /// Whether the containers have the same keys, and (as asked) the same
    /// dtypes and shapes at each leaf.
    #[staticmethod]
    #[pyo3(signature = (containers, check_types = true, check_shapes = true, key_chains = None, to_apply = true, partial = false, key_chain = "", assert_and_assign = false))]
    #[allow(clippy::too_many_arguments)]
    fn cont_identical_structure(
        containers: &Bound<'_, PyAny>,
        check_types: bool,
        check_shapes: bool,
        key_chains: Option<&Bound<'_, PyAny>>,
        to_apply: bool,
        partial: bool,
        key_chain: &str,
        assert_and_assign: bool,
    ) -> PyResult<bool> {
        let _ = key_chain;
        let op = "cont_identical_structure";
        let o = identical_options(
            op,
            check_types,
            check_shapes,
            false,
            false,
            key_chains,
            to_apply,
            partial,
        )?;
        let cs = args::containers(containers, op, "containers")?;
        let refs: Vec<&Container> = cs.iter().collect();
        let same = Container::cont_identical_structure_with(&refs, &o);
        if same && assert_and_assign {
            assign(containers, &cs, partial)?;
        }
        Ok(same)
    }

    /// Raise (showing the structural diff) unless the containers have
    /// identical structure; returns `None`.
    #[staticmethod]
    #[pyo3(signature = (containers, check_types = true, check_shapes = true, key_chains = None, to_apply = true, partial = false, assert_and_assign = false))]
    #[allow(clippy::too_many_arguments)]
    fn cont_assert_identical_structure(
        containers: &Bound<'_, PyAny>,
        check_types: bool,
        check_shapes: bool,
        key_chains: Option<&Bound<'_, PyAny>>,
        to_apply: bool,
        partial: bool,
        assert_and_assign: bool,
    ) -> PyResult<()> {
        let op = "cont_assert_identical_structure";
        let o = identical_options(
            op,
            check_types,
            check_shapes,
            false,
            false,
            key_chains,
            to_apply,
            partial,
        )?;
        let cs = args::containers(containers, op, "containers")?;
        let refs: Vec<&Container> = cs.iter().collect();
        Container::cont_assert_identical_structure_with(&refs, &o).map_err(to_py_err)?;
        if assert_and_assign {
            assign(containers, &cs, partial)?;
        }
        Ok(())
    }

    /// Whether the containers have the same print configuration (at least
    /// two are needed).
    #[staticmethod]
    fn cont_identical_configs(containers: &Bound<'_, PyAny>) -> PyResult<bool> {
        let cs = args::containers(containers, "cont_identical_configs", "containers")?;
        let refs: Vec<&Container> = cs.iter().collect();
        Container::cont_identical_configs(&refs).map_err(to_py_err)
    }

    /// Whether the containers hold as many arrays of the same shapes, in
    /// size order, whatever their key chains (`exclusive` changes nothing).
    #[staticmethod]
    #[pyo3(signature = (containers, exclusive = false))]
    fn cont_identical_array_shapes(
        containers: &Bound<'_, PyAny>,
        exclusive: bool,
    ) -> PyResult<bool> {
        let _ = exclusive;
        let cs = args::containers(containers, "cont_identical_array_shapes", "containers")?;
        let refs: Vec<&Container> = cs.iter().collect();
        Ok(Container::cont_identical_array_shapes(&refs))
    }
}

/// Finding sub-containers and sub-structures.
#[pymethods]
impl PyContainer {
    /// The key chain of a sub-container identical to `sub_cont_to_find`
    /// (the same arrays; `""` for this container), else `False`.
    #[pyo3(signature = (sub_cont_to_find, partial = false))]
    fn cont_find_sub_container(
        &self,
        py: Python<'_>,
        sub_cont_to_find: &Bound<'_, PyAny>,
        partial: bool,
    ) -> PyResult<Py<PyAny>> {
        let sub = args::one_container(
            sub_cont_to_find,
            "cont_find_sub_container",
            "sub_cont_to_find",
        )?;
        let found = self
            .c
            .cont_find_sub_container(&sub, partial)
            .map_err(to_py_err)?;
        chain_or_false(py, found)
    }

    /// Whether a sub-container identical to `sub_cont` is in this one.
    #[pyo3(signature = (sub_cont, partial = false))]
    fn cont_contains_sub_container(
        &self,
        sub_cont: &Bound<'_, PyAny>,
        partial: bool,
    ) -> PyResult<bool> {
        let sub = args::one_container(sub_cont, "cont_contains_sub_container", "sub_cont")?;
        self.c
            .cont_contains_sub_container(&sub, partial)
            .map_err(to_py_err)
    }

    /// Raise (showing the diff against the closest sub-container) unless a
    /// sub-container identical to `sub_cont` is in this one; returns `None`.
    #[pyo3(signature = (sub_cont, partial = false))]
    fn cont_assert_contains_sub_container(
        &self,
        sub_cont: &Bound<'_, PyAny>,
        partial: bool,
    ) -> PyResult<()> {
        let sub = args::one_container(sub_cont, "cont_assert_contains_sub_container", "sub_cont")?;
        self.c
            .cont_assert_contains_sub_container(&sub, partial)
            .map_err(to_py_err)
    }

    /// The key chain of a sub-container with the structure of
    /// `sub_struc_to_find` (keys, dtypes, and shapes with `check_shapes`),
    /// else `False`.
    #[pyo3(signature = (sub_struc_to_find, check_shapes = true, partial = false))]
    fn cont_find_sub_structure(
        &self,
        py: Python<'_>,
        sub_struc_to_find: &Bound<'_, PyAny>,
        check_shapes: bool,
        partial: bool,
    ) -> PyResult<Py<PyAny>> {
        let sub = args::one_container(
            sub_struc_to_find,
            "cont_find_sub_structure",
            "sub_struc_to_find",
        )?;
        chain_or_false(
            py,
            self.c.cont_find_sub_structure(&sub, check_shapes, partial),
        )
    }

    /// Whether a sub-container with the structure of `sub_cont` is in this
    /// one.
    #[pyo3(signature = (sub_cont, check_shapes = true, partial = false))]
    fn cont_contains_sub_structure(
        &self,
        sub_cont: &Bound<'_, PyAny>,
        check_shapes: bool,
        partial: bool,
    ) -> PyResult<bool> {
        let sub = args::one_container(sub_cont, "cont_contains_sub_structure", "sub_cont")?;
        Ok(self
            .c
            .cont_contains_sub_structure(&sub, check_shapes, partial))
    }

    /// Raise (showing the structural diff) unless a sub-container with the
    /// structure of `sub_cont` is in this one; returns `None`.
    #[pyo3(signature = (sub_cont, check_shapes = true, partial = false))]
    fn cont_assert_contains_sub_structure(
        &self,
        sub_cont: &Bound<'_, PyAny>,
        check_shapes: bool,
        partial: bool,
    ) -> PyResult<()> {
        let sub = args::one_container(sub_cont, "cont_assert_contains_sub_structure", "sub_cont")?;
        self.c
            .cont_assert_contains_sub_structure(&sub, check_shapes, partial)
            .map_err(to_py_err)
    }
}
