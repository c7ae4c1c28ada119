//! What a container of arrays holds: common shape, dtype and device, the
//! per-leaf shapes, dims, dtypes, devices and sizes (Ivy's `c.shape`,
//! `c.dtype`, ... properties), array counts and identities, truth values,
//! and the leaves as nested lists.

use super::{Config, Container, ContainerRef, Entry, EntryRef, MapOptions};
use crate::array::Array;
use crate::device::Device;
use crate::dtype::Dtype;
use crate::error::{Error, Result};
use crate::nest::Nest;
use crate::scalar::Scalar;
use crate::shape::Shape;

/// Whether `a` and `b` are the same array for Ivy's identity tests (Python's
/// `is`): they share their element storage and have the same shape. A clone
/// of an array is the same array; an equal array built apart is not.
fn same_array(a: &Array, b: &Array) -> bool {
    a.shares_data_with(b) && a.shape() == b.shape()
}

/// Python's `bool(x)` of an array, with Ivy's `assert_is_bool`.
fn truth(op: &str, a: &Array, assert_is_bool: bool) -> Result<bool> {
    if assert_is_bool && a.dtype() != Dtype::Bool {
        return Err(Error::InvalidDtype {
            op: op.to_string(),
            dtype: a.dtype(),
            expected: "a bool array (assert_is_bool)".to_string(),
        });
    }
    if a.size() != 1 {
        return Err(Error::shape(
            op,
            format!(
                "the truth value of an array of {} elements is ambiguous; it needs exactly one",
                a.size()
            ),
            vec![a.shape().clone()],
        ));
    }
    Ok(match a.item()? {
        Scalar::Bool(b) => b,
        Scalar::Int(i) => i != 0,
        // NaN is true, as in Python.
        Scalar::Float(x) => x != 0.0,
        Scalar::Complex(z) => z.re != 0.0 || z.im != 0.0,
    })
}

/// The elements of `a` as nested lists of scalars (Python's `tolist()`); a
/// 0-d array gives its scalar.
fn to_list(a: &Array) -> Result<Nest<Scalar>> {
    let host = a.to_host()?;
    let dims = a.shape().dims();
    let mut flat = 0usize;
    fn build(
        host: &crate::array::HostData,
        dims: &[usize],
        flat: &mut usize,
    ) -> Result<Nest<Scalar>> {
        match dims.split_first() {
            None => {
                let s = host.scalar_at(*flat).ok_or_else(|| {
                    Error::invalid(
                        "cont_with_entries_as_lists",
                        format!("element {flat} is missing from the array's storage"),
                    )
                })?;
                *flat += 1;
                Ok(Nest::Leaf(s))
            }
            Some((&n, rest)) => {
                let mut items = Vec::with_capacity(n);
                for _ in 0..n {
                    items.push(build(host, rest, flat)?);
                }
                Ok(Nest::List(items))
            }
        }
    }
    build(&host, dims, &mut flat)
}

impl<L> Container<L> {
    /// The print configuration (Ivy's `cont_config` property; the same as
    /// [`config`](Container::config)).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c: ivy::Container<i64> = ivy::Container::new();
    /// assert_eq!(c.cont_config().print_limit, Some(10));
    /// ```
    pub fn cont_config(&self) -> Config {
        self.config()
    }

    /// The greatest number of keys in a key chain, counting empty
    /// sub-containers as entries (Ivy's `cont_max_depth`); 0 for an empty
    /// container.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c = ivy::Container::from_key_chains([("a", 1), ("b/c", 2)])?;
    /// assert_eq!(c.cont_max_depth(), 2);
    /// c.insert("d/e/f", ivy::Container::new())?;
    /// assert_eq!(c.cont_max_depth(), 3);
    /// assert_eq!(ivy::Container::<i64>::new().cont_max_depth(), 0);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_max_depth(&self) -> usize {
        max_depth(self.view())
    }
}

/// The depth of a (sub-)container, as [`Container::cont_max_depth`].
fn max_depth<L>(c: ContainerRef<'_, L>) -> usize {
    c.values()
        .map(|e| match e {
            EntryRef::Container(c) => 1 + max_depth(c),
            EntryRef::Leaf(_) => 1,
        })
        .max()
        .unwrap_or(0)
}

impl Container {
    /// The leading dimensions the arrays share (Ivy's `cont_shape`): the
    /// shapes of the arrays with at least one dimension, cut to the smallest
    /// rank, with `None` where they differ. An empty container gives
    /// `[Some(0)]`; a container whose arrays are all 0-d gives `[]`.
    ///
    /// Ivy tests "the same" by the product of the ratios to the first array's
    /// dimension being 1, so sizes 2, 4 and 1 pass as equal, and it reports a
    /// shared 0 as -1; here a dimension is reported when every array has it,
    /// which is what Ivy meant.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let c = ivy::Container::from_key_chains([
    ///     ("a", ivy::zeros([2, 3])?),
    ///     ("b/c", ivy::zeros([2, 4])?),
    /// ])?;
    /// assert_eq!(c.cont_shape(), [Some(2), None]);
    /// assert_eq!(ivy::Container::new().cont_shape(), [Some(0)]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_shape(&self) -> Vec<Option<usize>> {
        if self.is_empty() {
            return vec![Some(0)];
        }
        let shapes: Vec<&[usize]> = self
            .leaves()
            .map(|a| a.shape().dims())
            .filter(|d| !d.is_empty())
            .collect();
        let Some(rank) = shapes.iter().map(|d| d.len()).min() else {
            return Vec::new();
        };
        (0..rank)
            .map(|i| {
                let d = shapes[0][i];
                shapes.iter().all(|s| s[i] == d).then_some(d)
            })
            .collect()
    }

    /// The shape of every array, in a container of the same structure (Ivy's
    /// `cont_shapes`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let c = ivy::container! { a: [1, 2, 3], b: { c: [[1], [2]] } };
    /// let s = c.cont_shapes();
    /// assert_eq!(s.leaf("b/c")?.dims(), &[2, 1]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_shapes(&self) -> Container<Shape> {
        self.map_leaves(|a| a.shape().clone())
    }

    /// The dtype of the arrays if they all have the same one, else `None`
    /// (Ivy's `cont_dtype`; also `None` without arrays).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let c = ivy::container! { a: [1.0], b: { c: [2.0] } };
    /// assert_eq!(c.cont_dtype(), Some(ivy::Dtype::Float32));
    /// let mixed = ivy::container! { a: [1.0], b: [2] };
    /// assert_eq!(mixed.cont_dtype(), None);
    /// ```
    pub fn cont_dtype(&self) -> Option<Dtype> {
        let mut leaves = self.leaves();
        let first = leaves.next()?.dtype();
        leaves.all(|a| a.dtype() == first).then_some(first)
    }

    /// The device of the arrays if they are all on the same one, else `None`
    /// (Ivy's `cont_dev`; also `None` without arrays, where Ivy fails with an
    /// `IndexError`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let c = ivy::container! { a: [1.0], b: { c: [2] } };
    /// assert_eq!(c.cont_dev(), Some(ivy::Device::Cpu));
    /// assert_eq!(ivy::Container::new().cont_dev(), None);
    /// ```
    pub fn cont_dev(&self) -> Option<Device> {
        let mut leaves = self.leaves();
        let first = leaves.next()?.device();
        leaves.all(|a| a.device() == first).then_some(first)
    }

    /// The common device as a string (Ivy's `cont_dev_str`), or `None`.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let c = ivy::container! { a: [1.0], b: { c: 2.0 } };
    /// assert_eq!(c.cont_dev_str().as_deref(), Some("cpu"));
    /// ```
    pub fn cont_dev_str(&self) -> Option<String> {
        self.cont_dev().map(|d| d.to_string())
    }

    /// The number of arrays (Ivy's `cont_num_arrays`; every leaf of a
    /// `Container<Array>` is one).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let c = ivy::container! { a: [1.0], b: { c: [2], d: 3 } };
    /// assert_eq!(c.cont_num_arrays(), 3);
    /// ```
    pub fn cont_num_arrays(&self) -> usize {
        self.num_leaves()
    }

    /// A flat container of the arrays, smallest first (Ivy's
    /// `cont_size_ordered_arrays`): each key is the leaf's key chain with
    /// `/` replaced by `__`, arrays of equal size keep their order, and the
    /// print configuration is the default (Ivy builds a new container).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let c = ivy::container! { a: [1, 2, 3], b: { c: [4], d: [5, 6] } };
    /// let s = c.cont_size_ordered_arrays();
    /// assert_eq!(s.keys().collect::<Vec<_>>(), ["b__c", "b__d", "a"]);
    /// ```
    pub fn cont_size_ordered_arrays(&self) -> Container {
        let mut arrays: Vec<(String, &Array)> = self
            .cont_to_iterator()
            .map(|(kc, a)| (kc.replace('/', "__"), a))
            .collect();
        arrays.sort_by_key(|(_, a)| a.size());
        let mut out = Container::with_config(Config::default());
        for (k, a) in arrays {
            out.insert_key_unchecked(&k, Entry::Leaf(a.clone()));
        }
        out
    }

    /// The groups of key chains whose leaves are the same array (Ivy's
    /// `cont_duplicate_array_keychains`, which tests Python's `is`): clones
    /// of one array, sharing its elements with the same shape. Groups come
    /// in the order of their first chain, chains in order; arrays that occur
    /// once are left out.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let x = ivy::array![1.0, 2.0];
    /// let y = ivy::array![1.0, 2.0]; // equal, but not the same array
    /// let c = ivy::Container::from_key_chains([
    ///     ("a", x.clone()), ("b/c", x), ("b/d", y),
    /// ])?;
    /// assert_eq!(c.cont_duplicate_array_keychains(), [["a", "b/c"]]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_duplicate_array_keychains(&self) -> Vec<Vec<String>> {
        let leaves: Vec<(String, &Array)> = self.cont_to_iterator().collect();
        let mut taken = vec![false; leaves.len()];
        let mut groups = Vec::new();
        for i in 0..leaves.len() {
            if taken[i] {
                continue;
            }
            let mut group = vec![i];
            for j in i + 1..leaves.len() {
                if !taken[j] && same_array(leaves[i].1, leaves[j].1) {
                    group.push(j);
                }
            }
            if group.len() > 1 {
                for &g in &group {
                    taken[g] = true;
                }
                groups.push(group.into_iter().map(|g| leaves[g].0.clone()).collect());
            }
        }
        groups
    }

    /// Every leaf's truth value (Ivy's `cont_as_bools`, Python's `bool(x)`):
    /// an array of one element is true when that element is non-zero (NaN is
    /// true). An array of any other size is an error, as in NumPy; with
    /// `assert_is_bool` an array whose dtype is not `bool` is one too (Ivy
    /// asserts the leaf is a Python `bool`). Errors name the leaf's key
    /// chain.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let c = ivy::container! { a: true, b: { c: 0.0, d: [2] } };
    /// let b = c.cont_as_bools(false)?;
    /// assert_eq!(b.cont_to_flat_list(), [true, false, true]);
    /// let e = c.cont_as_bools(true).unwrap_err();
    /// assert_eq!(e.to_string(), "at key chain `b/c`: cont_as_bools: expected a bool array (assert_is_bool), got float32");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_as_bools(&self, assert_is_bool: bool) -> Result<Container<bool>> {
        self.as_bools("cont_as_bools", assert_is_bool)
    }

    fn as_bools(&self, op: &str, assert_is_bool: bool) -> Result<Container<bool>> {
        self.try_map_leaves(|a| truth(op, a, assert_is_bool))
    }

    /// [`cont_as_bools`](Self::cont_as_bools) at the leaves `options`
    /// selects (Ivy's `key_chains`, `to_apply` and `prune_unapplied`; key
    /// chains match exactly, as in [`cont_map_with`](Self::cont_map_with),
    /// which Ivy's `cont_as_bools` calls). A selected leaf becomes a 0-d
    /// `bool` array; a leaf not selected is kept as it is, as in Ivy, or
    /// dropped with `prune_unapplied` (with the sub-containers it leaves
    /// empty). The result therefore holds arrays, not `bool`s: with
    /// `prune_unapplied` every leaf is a `bool` array.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::container::MapOptions;
    /// let c = ivy::container! { a: 2, b: { c: 0.0, d: [1, 2] } };
    /// // `b/d` has two elements and no truth value: leave it out.
    /// let skip_d = MapOptions::new().key_chains(["b/d"]).to_apply(false);
    /// let b = c.cont_as_bools_with(&skip_d, false)?;
    /// assert_eq!(b.leaf("a")?, &ivy::Array::scalar(true));
    /// assert_eq!(b.leaf("b/c")?, &ivy::Array::scalar(false));
    /// assert_eq!(b.leaf("b/d")?, c.leaf("b/d")?);
    /// // Only `a`, the rest dropped.
    /// let only_a = MapOptions::new().key_chains(["a"]).prune_unapplied(true);
    /// assert_eq!(c.cont_as_bools_with(&only_a, false)?.cont_all_key_chains(), ["a"]);
    /// assert!(c.cont_as_bools_with(&MapOptions::new(), false).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_as_bools_with(
        &self,
        options: &MapOptions,
        assert_is_bool: bool,
    ) -> Result<Container> {
        self.cont_map_with(options, |a, _| {
            truth("cont_as_bools", a, assert_is_bool).map(Array::scalar)
        })
    }

    /// The truth values that [`cont_all_true_with`](Self::cont_all_true_with)
    /// and [`cont_all_false_with`](Self::cont_all_false_with) combine: a
    /// selected leaf's (with `assert_is_bool`), and a leaf not selected by
    /// its plain truth value unless `prune_unapplied` drops it.
    fn truths_with(
        &self,
        op: &str,
        options: &MapOptions,
        assert_is_bool: bool,
    ) -> Result<Vec<bool>> {
        let mut out = Vec::new();
        for (kc, a) in self.cont_to_iterator() {
            let selected = options.applies(&kc, false);
            if !selected && options.prune_unapplied {
                continue;
            }
            let t = truth(op, a, selected && assert_is_bool)
                .map_err(|e| Error::in_container(&kc, e))?;
            out.push(t);
        }
        Ok(out)
    }

    /// Whether every leaf is true (Ivy's `cont_all_true`; true for a
    /// container without leaves). Errors as
    /// [`cont_as_bools`](Self::cont_as_bools).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// assert!(ivy::container! { a: true, b: { c: 1 } }.cont_all_true(false)?);
    /// assert!(!ivy::container! { a: true, b: { c: 0 } }.cont_all_true(false)?);
    /// assert!(ivy::container! { a: [1, 2] }.cont_all_true(false).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_all_true(&self, assert_is_bool: bool) -> Result<bool> {
        Ok(self
            .as_bools("cont_all_true", assert_is_bool)?
            .leaves()
            .all(|&b| b))
    }

    /// [`cont_all_true`](Self::cont_all_true) with Ivy's `key_chains`,
    /// `to_apply` and `prune_unapplied`
    /// ([`cont_as_bools_with`](Self::cont_as_bools_with)): as in Ivy, a leaf
    /// the options do not select still counts, by its truth value without
    /// the `assert_is_bool` check, unless `prune_unapplied` drops it; so
    /// the key chains narrow the assertion, and with `prune_unapplied` the
    /// test itself.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::container::MapOptions;
    /// let c = ivy::container! { flags: { x: true, y: true }, count: 0 };
    /// // Only the flags, and they must be bools.
    /// let flags = MapOptions::new().key_chains(["flags/x", "flags/y"]).prune_unapplied(true);
    /// assert!(c.cont_all_true_with(&flags, true)?);
    /// // Kept, `count` (0) still counts, without the bool assertion.
    /// let kept = MapOptions::new().key_chains(["flags/x", "flags/y"]);
    /// assert!(!c.cont_all_true_with(&kept, true)?);
    /// assert!(c.cont_all_true(true).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_all_true_with(&self, options: &MapOptions, assert_is_bool: bool) -> Result<bool> {
        Ok(self
            .truths_with("cont_all_true", options, assert_is_bool)?
            .into_iter()
            .all(|b| b))
    }

    /// Whether every leaf is false (Ivy's `cont_all_false`; true for a
    /// container without leaves). Errors as
    /// [`cont_as_bools`](Self::cont_as_bools).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// assert!(ivy::container! { a: false, b: { c: 0.0 } }.cont_all_false(true).is_err());
    /// assert!(ivy::container! { a: false, b: { c: 0.0 } }.cont_all_false(false)?);
    /// assert!(!ivy::container! { a: false, b: { c: 2 } }.cont_all_false(false)?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_all_false(&self, assert_is_bool: bool) -> Result<bool> {
        Ok(!self
            .as_bools("cont_all_false", assert_is_bool)?
            .leaves()
            .any(|&b| b))
    }

    /// [`cont_all_false`](Self::cont_all_false) with Ivy's `key_chains`,
    /// `to_apply` and `prune_unapplied`, counting the leaves as
    /// [`cont_all_true_with`](Self::cont_all_true_with) does.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::container::MapOptions;
    /// let c = ivy::container! { a: false, b: { c: 0.0, d: 1 } };
    /// // Everything but `b/d`, dropping it.
    /// let not_d = MapOptions::new().key_chains(["b/d"]).to_apply(false).prune_unapplied(true);
    /// assert!(c.cont_all_false_with(&not_d, false)?);
    /// // `b/c` is a float: asserting bools fails there.
    /// let e = c.cont_all_false_with(&not_d, true).unwrap_err();
    /// assert!(e.to_string().starts_with("at key chain `b/c`: cont_all_false: "), "{e}");
    /// // Not dropped, `b/d` (1) counts.
    /// assert!(!c.cont_all_false_with(&MapOptions::new().key_chains(["a"]), false)?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_all_false_with(&self, options: &MapOptions, assert_is_bool: bool) -> Result<bool> {
        Ok(!self
            .truths_with("cont_all_false", options, assert_is_bool)?
            .into_iter()
            .any(|b| b))
    }

    /// Every array as nested lists of its elements (Ivy's
    /// `cont_with_entries_as_lists`, `to_list` on each leaf): a [`Nest`] of
    /// lists with [`Scalar`] leaves, or the scalar itself for a 0-d array.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// use ivy::{nest::Nest, Scalar};
    /// let c = ivy::container! { a: [[1, 2]], b: { c: 2.5 } };
    /// let l = c.cont_with_entries_as_lists()?;
    /// let row = Nest::List(vec![Nest::Leaf(Scalar::Int(1)), Nest::Leaf(Scalar::Int(2))]);
    /// assert_eq!(l.leaf("a")?, &Nest::List(vec![row]));
    /// assert_eq!(l.leaf("b/c")?, &Nest::Leaf(Scalar::Float(2.5)));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_with_entries_as_lists(&self) -> Result<Container<Nest<Scalar>>> {
        self.try_map_leaves(to_list)
    }

    /// The shape of every array (Ivy's `c.shape`, which forwards `shape` to
    /// the leaves); the same as [`cont_shapes`](Self::cont_shapes).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let x = ivy::container! { a: [0.0], b: { a: [[0.0]], b: [1.0, 2.0, 3.0] } };
    /// assert_eq!(x.shape().to_string(), "{
    ///     a: [
    ///         1
    ///     ],
    ///     b: {
    ///         a: [
    ///             1,
    ///             1
    ///         ],
    ///         b: [
    ///             3
    ///         ]
    ///     }
    /// }");
    /// ```
    pub fn shape(&self) -> Container<Shape> {
        self.cont_shapes()
    }

    /// The number of dimensions of every array (Ivy's `c.ndim`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let x = ivy::container! { a: [0.0], b: { a: [[0.0]], b: [1.0, 2.0, 3.0] } };
    /// assert_eq!(x.ndim().to_string(), "{\n    a: 1,\n    b: {\n        a: 2,\n        b: 1\n    }\n}");
    /// ```
    pub fn ndim(&self) -> Container<usize> {
        self.map_leaves(Array::ndim)
    }

    /// The dtype of every array (Ivy's `c.dtype`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let x = ivy::container! { a: [0.0], b: [1] };
    /// assert_eq!(x.dtype().to_string(), "{\n    a: float32,\n    b: int32\n}");
    /// ```
    pub fn dtype(&self) -> Container<Dtype> {
        self.map_leaves(Array::dtype)
    }

    /// The device of every array (Ivy's `c.device`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let x = ivy::container! { a: [0.0] };
    /// assert_eq!(x.device().leaf("a")?, &ivy::Device::Cpu);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn device(&self) -> Container<Device> {
        self.map_leaves(Array::device)
    }

    /// The number of elements of every array (Ivy's `c.size`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let x = ivy::container! { a: [[1, 2, 3], [4, 5, 6]], b: 7 };
    /// assert_eq!(x.size().cont_to_flat_list(), [6, 1]);
    /// ```
    pub fn size(&self) -> Container<usize> {
        self.map_leaves(Array::size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::array;

    fn zeros(shape: &[usize]) -> Array {
        let n: usize = shape.iter().product();
        match Array::from_shape_vec(shape.to_vec(), vec![0f32; n]) {
            Ok(a) => a,
            Err(e) => panic!("bad test array: {e}"),
        }
    }

    fn cont(pairs: Vec<(&str, Entry)>) -> Container {
        match Container::from_key_chains(pairs) {
            Ok(c) => c,
            Err(e) => panic!("bad test container: {e}"),
        }
    }

    #[test]
    fn cont_shape_examples() {
        // Reference: {a:(2,3), b:{c:(2,4)}} -> [2, None]; empty -> [0].
        let c = cont(vec![
            ("a", zeros(&[2, 3]).into()),
            ("b/c", zeros(&[2, 4]).into()),
        ]);
        assert_eq!(c.cont_shape(), [Some(2), None]);
        assert_eq!(Container::new().cont_shape(), [Some(0)]);
        // Truncated to the smallest rank; 0-d arrays are skipped.
        let c = cont(vec![
            ("a", zeros(&[4, 5, 6]).into()),
            ("b", zeros(&[4, 5]).into()),
            ("s", Array::scalar(1.0f32).into()),
        ]);
        assert_eq!(c.cont_shape(), [Some(4), Some(5)]);
        // Ivy's product-of-ratios test would call 2, 4, 1 equal; they differ.
        let c = cont(vec![
            ("a", zeros(&[2]).into()),
            ("b", zeros(&[4]).into()),
            ("c", zeros(&[1]).into()),
        ]);
        assert_eq!(c.cont_shape(), [None]);
        // A shared 0 is 0 (Ivy: -1).
        let c = cont(vec![
            ("a", zeros(&[0, 2]).into()),
            ("b", zeros(&[0, 2]).into()),
        ]);
        assert_eq!(c.cont_shape(), [Some(0), Some(2)]);
        let only_scalars = cont(vec![("s", Array::scalar(1i64).into())]);
        assert_eq!(only_scalars.cont_shape(), []);
    }

    #[test]
    fn max_depth_counts_empty_containers() {
        // {a:{b:{}}, c:1}: chains with empty are a/b and c -> 2.
        let mut c: Container<i64> = Container::new();
        assert!(c.insert("a/b", Container::new()).is_ok());
        assert!(c.insert("c", 1).is_ok());
        assert_eq!(c.cont_max_depth(), 2);
        let deep: Container<i64> = match Container::from_key_chains([("a", 1), ("b/c/d/e", 2)]) {
            Ok(c) => c,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(deep.cont_max_depth(), 4);
    }

    #[test]
    fn duplicates_group_clones_in_first_seen_order() {
        // Reference: {a:x, b:{c:x, d:y}} -> (("a","b/c"),)
        let x = array![1.0, 2.0];
        let y = array![3.0];
        let c = cont(vec![
            ("a", x.clone().into()),
            ("b/c", x.clone().into()),
            ("b/d", y.clone().into()),
        ]);
        assert_eq!(c.cont_duplicate_array_keychains(), [["a", "b/c"]]);
        let c = cont(vec![
            ("p", y.clone().into()),
            ("q", x.clone().into()),
            ("r", y.into()),
            ("s", x.into()),
            ("t", array![1.0, 2.0].into()),
        ]);
        assert_eq!(
            c.cont_duplicate_array_keychains(),
            [
                vec!["p".to_string(), "r".into()],
                vec!["q".into(), "s".into()]
            ]
        );
    }

    #[test]
    fn size_ordered_arrays_flatten_keys_stably() {
        let c = cont(vec![
            ("a", zeros(&[3]).into()),
            ("b/c", zeros(&[1]).into()),
            ("b/d/e", zeros(&[2, 2]).into()),
            ("f", zeros(&[3]).into()),
            ("g", Array::scalar(0f32).into()),
        ]);
        let s = c.cont_size_ordered_arrays();
        assert_eq!(
            s.keys().collect::<Vec<_>>(),
            ["b__c", "g", "a", "f", "b__d__e"]
        );
        assert_eq!(s.cont_max_depth(), 1);
    }

    #[test]
    fn truth_values() {
        let c = cont(vec![
            ("t", Array::scalar(true).into()),
            ("n", Array::scalar(f64::NAN).into()),
            ("z", Array::from_vec(vec![0i64]).into()),
        ]);
        assert_eq!(
            c.cont_as_bools(false).ok().map(|b| b.cont_to_flat_list()),
            Some(vec![true, true, false])
        );
        assert!(matches!(c.cont_all_true(false), Ok(false)));
        assert!(matches!(c.cont_all_false(false), Ok(false)));
        let e = c.cont_all_true(true).map(|_| ()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "at key chain `n`: cont_all_true: expected a bool array (assert_is_bool), got float64"
        );
        let empty = cont(vec![("x", array![1, 2].into())]);
        let e = empty.cont_all_false(false).map(|_| ()).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("at key chain `x`: cont_all_false: "),
            "{e}"
        );
        assert!(matches!(Container::new().cont_all_true(false), Ok(true)));
        assert!(matches!(Container::new().cont_all_false(false), Ok(true)));
        let bools = cont(vec![
            ("a", Array::scalar(true).into()),
            ("b/c", Array::scalar(true).into()),
        ]);
        assert!(matches!(bools.cont_all_true(true), Ok(true)));
    }

    #[test]
    fn truth_values_with_key_chain_options() {
        // `m` has no truth value (two elements); `f` is a float zero.
        let c = cont(vec![
            ("t", Array::scalar(true).into()),
            ("s/f", Array::scalar(0.0f32).into()),
            ("s/m", array![1, 2].into()),
        ]);
        let skip_m = MapOptions::new().key_chains(["s/m"]).to_apply(false);
        let b = c
            .cont_as_bools_with(&skip_m, false)
            .map_err(|e| e.to_string());
        let b = match b {
            Ok(b) => b,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(b.cont_all_key_chains(), ["t", "s/f", "s/m"]);
        assert_eq!(b.leaf("t").ok(), Some(&Array::scalar(true)));
        assert_eq!(b.leaf("s/f").ok(), Some(&Array::scalar(false)));
        // Kept as it was: the same array.
        assert!(matches!(
            (b.leaf("s/m"), c.leaf("s/m")),
            (Ok(x), Ok(y)) if x.shares_data_with(y)
        ));
        // Pruned: `s` keeps only `f`; pruning all of `s` drops `s`.
        let only_f = MapOptions::new().key_chains(["s/f"]).prune_unapplied(true);
        assert_eq!(
            c.cont_as_bools_with(&only_f, false)
                .map(|b| b.cont_all_key_chains())
                .ok(),
            Some(vec!["s/f".to_string()])
        );
        let only_t = MapOptions::new().key_chains(["t"]).prune_unapplied(true);
        assert_eq!(
            c.cont_as_bools_with(&only_t, true)
                .map(|b| b.keys().count())
                .ok(),
            Some(1)
        );
        // Exact chains, not prefixes (as cont_map): "s" selects nothing.
        let prefix = MapOptions::new().key_chains(["s"]).prune_unapplied(true);
        assert_eq!(
            c.cont_as_bools_with(&prefix, false)
                .map(|b| b.is_empty())
                .ok(),
            Some(true)
        );
        // The assertion applies only where selected; the error names the leaf.
        let e = c.cont_as_bools_with(&only_f, true).map(|_| ()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "at key chain `s/f`: cont_as_bools: expected a bool array (assert_is_bool), got float32"
        );

        // all_true / all_false: a kept unselected leaf counts by its value.
        assert!(matches!(c.cont_all_true_with(&only_t, true), Ok(true)));
        let keep_rest = MapOptions::new().key_chains(["t"]);
        let e = c
            .cont_all_true_with(&keep_rest, true)
            .map(|_| ())
            .unwrap_err();
        // `s/m` is unselected but kept: its truth value is still needed.
        assert!(
            e.to_string()
                .starts_with("at key chain `s/m`: cont_all_true: "),
            "{e}"
        );
        let no_m = MapOptions::new().key_chains(["s/m"]).to_apply(false);
        assert!(matches!(
            c.cont_all_true_with(&no_m.clone().prune_unapplied(true), false),
            Ok(false)
        ));
        assert!(c.cont_all_false_with(&only_f, true).is_err());
        assert!(matches!(c.cont_all_false_with(&only_f, false), Ok(true)));
        assert!(matches!(
            c.cont_all_false_with(&no_m.prune_unapplied(true), false),
            Ok(false)
        ));
        // Everything pruned: vacuously true, as with no leaves.
        let none = MapOptions::new()
            .key_chains(Vec::<String>::new())
            .prune_unapplied(true);
        assert!(matches!(c.cont_all_true_with(&none, true), Ok(true)));
        assert!(matches!(c.cont_all_false_with(&none, true), Ok(true)));
    }

    #[test]
    fn entries_as_lists() {
        let c = cont(vec![("a", array![[true], [false]].into())]);
        let l = match c.cont_with_entries_as_lists() {
            Ok(l) => l,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(
            l.to_string(),
            "{\n    a: [\n        [\n            True\n        ],\n        [\n            False\n        ]\n    ]\n}"
        );
    }

    #[test]
    fn per_leaf_properties() {
        let c = cont(vec![
            ("a", zeros(&[2, 3]).into()),
            ("b/c", Array::scalar(1i64).into()),
        ]);
        assert_eq!(c.ndim().cont_to_flat_list(), [2, 0]);
        assert_eq!(c.size().cont_to_flat_list(), [6, 1]);
        assert_eq!(
            c.dtype().cont_to_flat_list(),
            [Dtype::Float32, Dtype::Int64]
        );
        assert_eq!(c.device().cont_to_flat_list(), [Device::Cpu, Device::Cpu]);
        assert_eq!(c.cont_dtype(), None);
        assert_eq!(c.cont_dev(), Some(Device::Cpu));
        assert_eq!(
            c.shape().leaf("a").map(|s| s.dims().to_vec()).ok(),
            Some(vec![2, 3])
        );
        assert_eq!(c.cont_num_arrays(), 2);
    }
}
