//! Ivy's 19 nest functions (`ivy/functional/ivy/nest.py`).

use super::value::{Index, IndexKey, Nest, PyStr, index_path, resolve};
use crate::Array;
use crate::error::{Error, Result};
use indexmap::IndexMap;
use std::cmp::Ordering;

fn err(op: &str, index: &[IndexKey], message: impl Into<String>) -> Error {
    Error::structure(op, index_path(index), message)
}

fn key_text(k: &IndexKey) -> String {
    match k {
        IndexKey::Pos(i) => i.to_string(),
        IndexKey::Key(s) => s.clone(),
    }
}

/// Why `key` does not index `n`, in one line.
fn bad_step<L>(n: &Nest<L>, key: &IndexKey) -> String {
    match (n, key) {
        (Nest::List(v) | Nest::Tuple(v), IndexKey::Pos(i)) => {
            format!(
                "index {i} is out of range for {} of {}",
                if matches!(n, Nest::List(_)) {
                    "a list"
                } else {
                    "a tuple"
                },
                v.len()
            )
        }
        (Nest::List(_) | Nest::Tuple(_), IndexKey::Key(k)) => {
            format!("{} cannot be indexed by the key {}", n.describe(), PyStr(k))
        }
        (Nest::Dict(_), k) => format!("no key {} in {}", PyStr(&key_text(k)), n.describe()),
        (_, _) => format!("{} cannot be indexed", n.describe()),
    }
}

/// Walk `index` from `nest`, for `op`'s errors.
fn walk<'a, L>(op: &str, nest: &'a Nest<L>, index: &[IndexKey]) -> Result<&'a Nest<L>> {
    let mut cur = nest;
    for (depth, key) in index.iter().enumerate() {
        cur = match cur.get(key) {
            Some(next) => next,
            None => return Err(err(op, &index[..depth], bad_step(cur, key))),
        };
    }
    Ok(cur)
}

fn walk_mut<'a, L>(op: &str, nest: &'a mut Nest<L>, index: &[IndexKey]) -> Result<&'a mut Nest<L>> {
    let mut cur = nest;
    for (depth, key) in index.iter().enumerate() {
        let why = match cur.get(key) {
            Some(_) => None,
            None => Some(bad_step(cur, key)),
        };
        if let Some(why) = why {
            return Err(err(op, &index[..depth], why));
        }
        cur = match cur.get_mut(key) {
            Some(next) => next,
            None => return Err(err(op, &index[..depth], "cannot be indexed")),
        };
    }
    Ok(cur)
}

/// The element of `nest` at `index` (Ivy's `index_nest`).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, index_nest};
/// let x: Nest<i64> = ivy::nest!({"a": 0, "b": [1, [2, 3]], "c": (4, 5)});
/// assert_eq!(index_nest(&x, &ivy::nest_index!["b", 1])?, &ivy::nest!([2, 3]));
/// let x: Nest<&str> = ivy::nest!([["a", "b", "c"], ["d", "e", "f"], ["g", ["h", "i"]]]);
/// assert_eq!(index_nest(&x, &ivy::nest_index![2, 1, 0])?, &ivy::nest!("h"));
/// let err = index_nest(&x, &ivy::nest_index![2, 5]).unwrap_err();
/// assert_eq!(err.to_string(), "index_nest: at nest[2]: index 5 is out of range for a list of 2");
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn index_nest<'a, L>(nest: &'a Nest<L>, index: &[IndexKey]) -> Result<&'a Nest<L>> {
    walk("index_nest", nest, index)
}

/// The elements at several indices (Ivy's `multi_index_nest`).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, multi_index_nest};
/// let x: Nest<i64> = ivy::nest!({"a": 0, "b": [1, [2, 3]], "c": (4, 5)});
/// let got = multi_index_nest(&x, &[ivy::nest_index!["b", 1], ivy::nest_index!["a"]])?;
/// assert_eq!(format!("{got:?}"), "[[2, 3], 0]");
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn multi_index_nest<'a, L, I: AsRef<[IndexKey]>>(
    nest: &'a Nest<L>,
    indices: &[I],
) -> Result<Vec<&'a Nest<L>>> {
    indices
        .iter()
        .map(|i| walk("multi_index_nest", nest, i.as_ref()))
        .collect()
}

fn split_last<'i>(op: &str, index: &'i [IndexKey]) -> Result<(&'i [IndexKey], &'i IndexKey)> {
    match index.split_last() {
        Some((last, parent)) => Ok((parent, last)),
        None => Err(err(op, index, "the index is empty")),
    }
}

/// Delete the element at `index`, in place (Ivy's `prune_nest_at_index`).
/// Tuples cannot lose elements (as in Python).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, prune_nest_at_index};
/// let mut x: Nest<i64> = ivy::nest!({"a": [1, 2, 3], "b": 4});
/// prune_nest_at_index(&mut x, &ivy::nest_index!["a", 1])?;
/// assert_eq!(x, ivy::nest!({"a": [1, 3], "b": 4}));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn prune_nest_at_index<L>(nest: &mut Nest<L>, index: &[IndexKey]) -> Result<()> {
    const OP: &str = "prune_nest_at_index";
    let (parent, last) = split_last(OP, index)?;
    let p = walk_mut(OP, nest, parent)?;
    match (&mut *p, last) {
        (Nest::List(v), IndexKey::Pos(i)) => match resolve(*i, v.len()) {
            Some(j) => {
                v.remove(j);
                Ok(())
            }
            None => Err(err(
                OP,
                parent,
                format!("index {i} is out of range for a list of {}", v.len()),
            )),
        },
        (Nest::Dict(d), k) => match d.shift_remove(&key_text(k)) {
            Some(_) => Ok(()),
            None => Err(err(
                OP,
                parent,
                format!("no key {} in the dict", PyStr(&key_text(k))),
            )),
        },
        (Nest::Tuple(_), _) => Err(err(OP, parent, "a tuple does not support item deletion")),
        (other, k) => Err(err(OP, parent, bad_step(other, k))),
    }
}

/// Compare indices so that deeper and later elements come first, which is
/// the order in which several can be deleted safely.
fn later_first(a: &[IndexKey], b: &[IndexKey]) -> Ordering {
    for (x, y) in a.iter().zip(b) {
        let o = match (x, y) {
            (IndexKey::Pos(p), IndexKey::Pos(q)) => p.cmp(q),
            (IndexKey::Key(p), IndexKey::Key(q)) => p.cmp(q),
            (IndexKey::Pos(_), IndexKey::Key(_)) => Ordering::Less,
            (IndexKey::Key(_), IndexKey::Pos(_)) => Ordering::Greater,
        };
        if o != Ordering::Equal {
            return o.reverse();
        }
    }
    b.len().cmp(&a.len())
}

/// Delete the elements at several indices, in place (Ivy's
/// `prune_nest_at_indices`): deeper and later elements go first, so the
/// indices all refer to the nest as given. (Ivy sorts the indices by their
/// text, which misorders positions of two digits; positions are compared as
/// numbers here.)
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, prune_nest_at_indices};
/// let mut x: Nest<i64> = ivy::nest!({"a": [1, 2, 3], "b": 4});
/// prune_nest_at_indices(&mut x, &[ivy::nest_index!["a", 0], ivy::nest_index!["a", 2], ivy::nest_index!["b"]])?;
/// assert_eq!(x, ivy::nest!({"a": [2]}));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn prune_nest_at_indices<L, I: AsRef<[IndexKey]>>(
    nest: &mut Nest<L>,
    indices: &[I],
) -> Result<()> {
    let mut sorted: Vec<&[IndexKey]> = indices.iter().map(|i| i.as_ref()).collect();
    sorted.sort_by(|a, b| later_first(a, b));
    for i in sorted {
        prune_nest_at_index(nest, i).map_err(|e| rename(e, "prune_nest_at_indices"))?;
    }
    Ok(())
}

fn rename(e: Error, op: &str) -> Error {
    match e {
        Error::Structure { path, message, .. } => Error::Structure {
            op: op.to_string(),
            path,
            message,
        },
        other => other,
    }
}

/// Set the element at `index` in place (Ivy's `set_nest_at_index` with
/// `shallow=True`, where the input is the result). A missing dict key is
/// added; a list position must exist.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, set_nest_at_index_mut};
/// let mut x: Nest<i64> = ivy::nest!({"a": (1, 2)});
/// set_nest_at_index_mut(&mut x, &ivy::nest_index!["a", 1], ivy::nest!(9))?;
/// assert_eq!(x, ivy::nest!({"a": (1, 9)}));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn set_nest_at_index_mut<L>(
    nest: &mut Nest<L>,
    index: &[IndexKey],
    value: Nest<L>,
) -> Result<()> {
    set_in("set_nest_at_index", nest, index, value)
}

fn set_in<L>(op: &str, nest: &mut Nest<L>, index: &[IndexKey], value: Nest<L>) -> Result<()> {
    let (parent, last) = split_last(op, index)?;
    let p = walk_mut(op, nest, parent)?;
    match (&mut *p, last) {
        (Nest::List(v) | Nest::Tuple(v), IndexKey::Pos(i)) => {
            let n = v.len();
            match resolve(*i, n).and_then(|j| v.get_mut(j)) {
                Some(slot) => {
                    *slot = value;
                    Ok(())
                }
                None => Err(err(
                    op,
                    parent,
                    format!("index {i} is out of range for a sequence of {n}"),
                )),
            }
        }
        (Nest::Dict(d), k) => {
            d.insert(key_text(k), value);
            Ok(())
        }
        (other, k) => Err(err(op, parent, bad_step(other, k))),
    }
}

/// A copy of `nest` with the element at `index` set to `value`; `nest` is
/// not changed (Ivy's `set_nest_at_index` with `shallow=False`).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, set_nest_at_index};
/// let x: Nest<i64> = ivy::nest!((1, [2, 3]));
/// let y = set_nest_at_index(&x, &ivy::nest_index![0], ivy::nest!(7))?;
/// assert_eq!(y, ivy::nest!((7, [2, 3])));
/// assert_eq!(x, ivy::nest!((1, [2, 3])));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn set_nest_at_index<L: Clone>(
    nest: &Nest<L>,
    index: &[IndexKey],
    value: Nest<L>,
) -> Result<Nest<L>> {
    let mut out = nest.clone();
    set_in("set_nest_at_index", &mut out, index, value)?;
    Ok(out)
}

/// Set the elements at several indices in place (Ivy's
/// `set_nest_at_indices`, `shallow=True`). `values` pairs with `indices`
/// as Python's `zip` does; to set one value everywhere, pass
/// `std::iter::repeat(value)`.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, set_nest_at_indices_mut};
/// let mut x: Nest<f64> = ivy::nest!({"a": [1., 2., 3.], "b": [4., 5., 6.], "c": [0.]});
/// let idx = [ivy::nest_index!["a", 1], ivy::nest_index!["b", 2], ivy::nest_index!["c", 0]];
/// set_nest_at_indices_mut(&mut x, &idx, [ivy::nest!(11.), ivy::nest!(22.), ivy::nest!(33.)])?;
/// assert_eq!(format!("{x:?}"), "{'a': [1.0, 11.0, 3.0], 'b': [4.0, 5.0, 22.0], 'c': [33.0]}");
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn set_nest_at_indices_mut<L, I: AsRef<[IndexKey]>>(
    nest: &mut Nest<L>,
    indices: &[I],
    values: impl IntoIterator<Item = Nest<L>>,
) -> Result<()> {
    for (i, v) in indices.iter().zip(values) {
        set_in("set_nest_at_indices", nest, i.as_ref(), v)?;
    }
    Ok(())
}

/// A copy of `nest` with the elements at several indices set (Ivy's
/// `set_nest_at_indices`, `shallow=False`).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, set_nest_at_indices};
/// let x: Nest<i64> = ivy::nest!([[1, 2, 3, 4, 5, 6], [7, 8]]);
/// let y = set_nest_at_indices(&x, &[ivy::nest_index![0, 4], ivy::nest_index![1, 1]], std::iter::repeat(ivy::nest!(0)))?;
/// assert_eq!(y, ivy::nest!([[1, 2, 3, 4, 0, 6], [7, 0]]));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn set_nest_at_indices<L: Clone, I: AsRef<[IndexKey]>>(
    nest: &Nest<L>,
    indices: &[I],
    values: impl IntoIterator<Item = Nest<L>>,
) -> Result<Nest<L>> {
    let mut out = nest.clone();
    set_nest_at_indices_mut(&mut out, indices, values)?;
    Ok(out)
}

/// Insert `value` at `index`, in place (Ivy's `insert_into_nest_at_index`):
/// at the last step a list gets `list.insert` (a position past the end
/// appends, as in Python), a dict gets the key set; dict keys missing along
/// the way are created as empty dicts.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, insert_into_nest_at_index};
/// let mut x: Nest<&str> = ivy::nest!(["1", ["2", "3"]]);
/// insert_into_nest_at_index(&mut x, &ivy::nest_index![1, 0], ivy::nest!("x"))?;
/// assert_eq!(x, ivy::nest!(["1", ["x", "2", "3"]]));
/// let mut y: Nest<i64> = ivy::nest!({"a": 1});
/// insert_into_nest_at_index(&mut y, &ivy::nest_index!["b", "c"], ivy::nest!(5))?;
/// assert_eq!(y, ivy::nest!({"a": 1, "b": {"c": 5}}));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn insert_into_nest_at_index<L>(
    nest: &mut Nest<L>,
    index: &[IndexKey],
    value: Nest<L>,
) -> Result<()> {
    insert_in("insert_into_nest_at_index", nest, index, value)
}

fn insert_in<L>(op: &str, nest: &mut Nest<L>, index: &[IndexKey], value: Nest<L>) -> Result<()> {
    let (parent, last) = split_last(op, index)?;
    let mut cur = nest;
    for (depth, key) in parent.iter().enumerate() {
        if let (Nest::Dict(d), k) = (&mut *cur, key) {
            let k = key_text(k);
            if !d.contains_key(&k) {
                d.insert(k.clone(), Nest::Dict(IndexMap::new()));
            }
        }
        let why = match cur.get(key) {
            Some(_) => None,
            None => Some(bad_step(cur, key)),
        };
        if let Some(why) = why {
            return Err(err(op, &parent[..depth], why));
        }
        cur = match cur.get_mut(key) {
            Some(next) => next,
            None => return Err(err(op, &parent[..depth], "cannot be indexed")),
        };
    }
    match (cur, last) {
        (Nest::List(v), IndexKey::Pos(i)) => {
            let n = isize::try_from(v.len()).unwrap_or(isize::MAX);
            let at = if *i < 0 { (i + n).max(0) } else { (*i).min(n) };
            v.insert(usize::try_from(at).unwrap_or(0), value);
            Ok(())
        }
        (Nest::Dict(d), k) => {
            d.insert(key_text(k), value);
            Ok(())
        }
        (Nest::Tuple(_), _) => Err(err(op, parent, "a tuple does not support item assignment")),
        (other, k) => Err(err(op, parent, bad_step(other, k))),
    }
}

/// Insert several values, in place and in order, so later indices see the
/// earlier inserts (Ivy's `insert_into_nest_at_indices`). `values` pairs with
/// `indices` as `zip` does.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, insert_into_nest_at_indices};
/// let mut x: Nest<i64> = ivy::nest!([[1, 2], [3, 4]]);
/// insert_into_nest_at_indices(&mut x, &[ivy::nest_index![0, 0], ivy::nest_index![1, 1]], [ivy::nest!(9), ivy::nest!(8)])?;
/// assert_eq!(x, ivy::nest!([[9, 1, 2], [3, 8, 4]]));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn insert_into_nest_at_indices<L, I: AsRef<[IndexKey]>>(
    nest: &mut Nest<L>,
    indices: &[I],
    values: impl IntoIterator<Item = Nest<L>>,
) -> Result<()> {
    for (i, v) in indices.iter().zip(values) {
        insert_in("insert_into_nest_at_indices", nest, i.as_ref(), v)?;
    }
    Ok(())
}

/// Replace the element at `index` by `f` of it, in place (Ivy's
/// `map_nest_at_index`, `shallow=True`).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, map_nest_at_index_mut};
/// let mut x: Nest<String> = ivy::nest!([["a".to_string()], ["g".to_string(), ["h".to_string(), "i".to_string()]]]);
/// map_nest_at_index_mut(&mut x, &ivy::nest_index![1, 1, 0], |n| match n {
///     Nest::Leaf(s) => Nest::Leaf(format!("{s}H")),
///     other => other.clone(),
/// })?;
/// assert_eq!(format!("{x:?}"), r#"[["a"], ["g", ["hH", "i"]]]"#);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn map_nest_at_index_mut<L>(
    nest: &mut Nest<L>,
    index: &[IndexKey],
    mut f: impl FnMut(&Nest<L>) -> Nest<L>,
) -> Result<()> {
    let target = walk_mut("map_nest_at_index", nest, index)?;
    *target = f(target);
    Ok(())
}

/// A copy of `nest` with the element at `index` replaced by `f` of it (Ivy's
/// `map_nest_at_index`, `shallow=False`).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, map_nest_at_index};
/// let x: Nest<i64> = ivy::nest!({"1": [1, [2, 3]], "2": (4, 5)});
/// let y = map_nest_at_index(&x, &ivy::nest_index![1, 1], |_| ivy::nest!(2))?;
/// assert_eq!(format!("{y:?}"), "{'1': [1, 2], '2': (4, 5)}");
/// assert_eq!(x, ivy::nest!({"1": [1, [2, 3]], "2": (4, 5)}));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn map_nest_at_index<L: Clone>(
    nest: &Nest<L>,
    index: &[IndexKey],
    f: impl FnMut(&Nest<L>) -> Nest<L>,
) -> Result<Nest<L>> {
    let mut out = nest.clone();
    map_nest_at_index_mut(&mut out, index, f)?;
    Ok(out)
}

/// Replace the elements at several indices by `f` of them, in place (Ivy's
/// `map_nest_at_indices`, `shallow=True`).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, map_nest_at_indices_mut};
/// let mut x: Nest<i64> = ivy::nest!(([-9, 8, -27], [9, -4, -5, 7]));
/// let abs = |n: &Nest<i64>| match n { Nest::Leaf(v) => Nest::Leaf(v.abs()), o => o.clone() };
/// map_nest_at_indices_mut(&mut x, &[ivy::nest_index![0, 2], ivy::nest_index![1, 0], ivy::nest_index![1, 2]], abs)?;
/// assert_eq!(x, ivy::nest!(([-9, 8, 27], [9, -4, 5, 7])));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn map_nest_at_indices_mut<L, I: AsRef<[IndexKey]>>(
    nest: &mut Nest<L>,
    indices: &[I],
    mut f: impl FnMut(&Nest<L>) -> Nest<L>,
) -> Result<()> {
    for i in indices {
        let target = walk_mut("map_nest_at_indices", nest, i.as_ref())?;
        *target = f(target);
    }
    Ok(())
}

/// A copy of `nest` with the elements at several indices replaced by `f` of
/// them (Ivy's `map_nest_at_indices`, `shallow=False`).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, map_nest_at_indices};
/// let x: Nest<f64> = ivy::nest!({"a": [8., 16., 22.], "b": [10., 44., 81.], "c": [9., 75., 37.]});
/// let inc = |n: &Nest<f64>| match n { Nest::Leaf(v) => Nest::Leaf(v + 1.), o => o.clone() };
/// let y = map_nest_at_indices(&x, &[ivy::nest_index!["a", 2], ivy::nest_index!["b", 0], ivy::nest_index!["c", 1]], inc)?;
/// assert_eq!(format!("{y:?}"), "{'a': [8.0, 16.0, 23.0], 'b': [11.0, 44.0, 81.0], 'c': [9.0, 76.0, 37.0]}");
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn map_nest_at_indices<L: Clone, I: AsRef<[IndexKey]>>(
    nest: &Nest<L>,
    indices: &[I],
    f: impl FnMut(&Nest<L>) -> Nest<L>,
) -> Result<Nest<L>> {
    let mut out = nest.clone();
    map_nest_at_indices_mut(&mut out, indices, f)?;
    Ok(out)
}

/// Children of a nest with their index steps, in order (lists and tuples by
/// position, dicts in insertion order).
fn children<L>(n: &Nest<L>) -> Vec<(IndexKey, &Nest<L>)> {
    match n {
        Nest::List(v) | Nest::Tuple(v) => v
            .iter()
            .enumerate()
            .map(|(i, x)| (IndexKey::Pos(i as isize), x))
            .collect(),
        Nest::Dict(d) => d
            .iter()
            .map(|(k, x)| (IndexKey::Key(k.clone()), x))
            .collect(),
        _ => Vec::new(),
    }
}

/// The indices of the leaves (and, with `check_nests`, of the nests, after
/// their children) for which `f` holds, depth-first (Ivy's
/// `nested_argwhere`). `f` sees leaves and `None` as [`Nest`] values; the
/// search stops after `stop_after_n_found` hits. A bare leaf gives `[[]]`
/// when `f` holds (Ivy returns `False` otherwise; here, no indices).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, nested_argwhere};
/// let x: Nest<f64> = ivy::nest!({"a": [2., 0.6, -2.], "b": [1., 4., 1.9], "c": [9.4]});
/// let big = nested_argwhere(&x, |n| n.leaf().is_some_and(|v| v.abs() > 1.), false, None);
/// assert_eq!(format!("{big:?}"), "[['a', 0], ['a', 2], ['b', 1], ['b', 2], ['c', 0]]");
/// let y: Nest<f64> = ivy::nest!(([-5., 9., 2.], [0.3, 4.]));
/// let first4 = nested_argwhere(&y, |n| n.leaf().is_some_and(|v| *v != 0.), false, Some(4));
/// assert_eq!(format!("{first4:?}"), "[[0, 0], [0, 1], [0, 2], [1, 0]]");
/// ```
pub fn nested_argwhere<L>(
    nest: &Nest<L>,
    mut f: impl FnMut(&Nest<L>) -> bool,
    check_nests: bool,
    stop_after_n_found: Option<usize>,
) -> Vec<Index> {
    fn rec<L>(
        n: &Nest<L>,
        f: &mut dyn FnMut(&Nest<L>) -> bool,
        check_nests: bool,
        limit: Option<usize>,
        index: &mut Index,
        out: &mut Vec<Index>,
    ) {
        if limit.is_some_and(|l| out.len() >= l) {
            return;
        }
        if n.is_nest() {
            for (k, c) in children(n) {
                index.push(k);
                rec(c, f, check_nests, limit, index, out);
                index.pop();
            }
            if check_nests && !index.is_empty() && limit.is_none_or(|l| out.len() < l) && f(n) {
                out.push(index.clone());
            }
        } else if f(n) {
            out.push(index.clone());
        }
    }
    let mut out = Vec::new();
    rec(
        nest,
        &mut f,
        check_nests,
        stop_after_n_found,
        &mut Vec::new(),
        &mut out,
    );
    out
}

/// The indices of all leaves (and, with `include_nests`, of all nests, each
/// after its children), depth-first (Ivy's `all_nested_indices`).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, all_nested_indices};
/// let x: Nest<i64> = ivy::nest!({"a": [1, (2, 3)], "b": 4});
/// assert_eq!(format!("{:?}", all_nested_indices(&x, false)), "[['a', 0], ['a', 1, 0], ['a', 1, 1], ['b']]");
/// assert_eq!(
///     format!("{:?}", all_nested_indices(&x, true)),
///     "[['a', 0], ['a', 1, 0], ['a', 1, 1], ['a', 1], ['a'], ['b']]"
/// );
/// ```
pub fn all_nested_indices<L>(nest: &Nest<L>, include_nests: bool) -> Vec<Index> {
    nested_argwhere(nest, |_| true, include_nests, None)
}

/// Whether `f` holds for some leaf (or, with `check_nests`, some nest)
/// (Ivy's `nested_any`).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, nested_any};
/// let x: Nest<i64> = ivy::nest!([1, {"a": [2, 3]}]);
/// assert!(nested_any(&x, |n| n.leaf() == Some(&3), false));
/// assert!(!nested_any(&x, |n| n.len() == 2 && !n.is_nest(), false));
/// assert!(nested_any(&x, |n| matches!(n, Nest::Dict(_)), true));
/// ```
pub fn nested_any<L>(
    nest: &Nest<L>,
    mut f: impl FnMut(&Nest<L>) -> bool,
    check_nests: bool,
) -> bool {
    !nested_argwhere(nest, &mut f, check_nests, Some(1)).is_empty()
        || (check_nests && nest.is_nest() && f(nest))
}

/// A copy of the nest's lists, tuples and dicts; leaves are cloned (an
/// `Array` clone shares its elements, so leaves are not copied, as in Ivy).
/// With `to_mutable`, tuples become lists (Ivy's `copy_nest`).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, copy_nest};
/// let x: Nest<i64> = ivy::nest!(([23, 25, 1337], [63, 98, 6]));
/// assert_eq!(copy_nest(&x, false), x);
/// assert_eq!(copy_nest(&x, true), ivy::nest!([[23, 25, 1337], [63, 98, 6]]));
/// ```
pub fn copy_nest<L: Clone>(nest: &Nest<L>, to_mutable: bool) -> Nest<L> {
    match nest {
        Nest::Tuple(v) if to_mutable => Nest::List(v.iter().map(|x| copy_nest(x, true)).collect()),
        Nest::Tuple(v) => Nest::Tuple(v.iter().map(|x| copy_nest(x, false)).collect()),
        Nest::List(v) => Nest::List(v.iter().map(|x| copy_nest(x, to_mutable)).collect()),
        Nest::Dict(d) => Nest::Dict(
            d.iter()
                .map(|(k, x)| (k.clone(), copy_nest(x, to_mutable)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Apply `f` to every leaf, returning a new nest (Ivy's `nested_map` with
/// `shallow=False`; the input is not changed). `None` stays `None`. The leaf
/// type may change.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, nested_map};
/// let x: Nest<i64> = ivy::nest!({"1": [1, [2, 3]], "2": (4, 5)});
/// assert_eq!(nested_map(&x, |a| a + 1), ivy::nest!({"1": [2, [3, 4]], "2": (5, 6)}));
/// assert_eq!(nested_map(&x, |a| a.to_string()).leaf(), None);
/// ```
pub fn nested_map<L, M>(x: &Nest<L>, mut f: impl FnMut(&L) -> M) -> Nest<M> {
    fn rec<L, M>(x: &Nest<L>, f: &mut dyn FnMut(&L) -> M) -> Nest<M> {
        match x {
            Nest::Leaf(l) => Nest::Leaf(f(l)),
            Nest::None => Nest::None,
            Nest::List(v) => Nest::List(v.iter().map(|c| rec(c, f)).collect()),
            Nest::Tuple(v) => Nest::Tuple(v.iter().map(|c| rec(c, f)).collect()),
            Nest::Dict(d) => Nest::Dict(d.iter().map(|(k, c)| (k.clone(), rec(c, f))).collect()),
        }
    }
    rec(x, &mut f)
}

/// Options of [`nested_map_with`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NestedMapOptions {
    /// Turn tuples into lists.
    pub to_mutable: bool,
    /// Map only elements at depth `<= max_depth` (the root is depth 0);
    /// deeper ones are kept as they are.
    pub max_depth: Option<usize>,
}

/// [`nested_map`] with Ivy's `to_mutable` and `max_depth` options (the leaf
/// type stays, since unmapped leaves are kept).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, NestedMapOptions, nested_map_with};
/// let x: Nest<i64> = ivy::nest!([[1, 2], [3, [4, 5]], [[6], [7, 8, [9, 10]]]]);
/// let y = nested_map_with(&x, |a| a * 2, NestedMapOptions { max_depth: Some(3), ..Default::default() });
/// assert_eq!(y, ivy::nest!([[2, 4], [6, [8, 10]], [[12], [14, 16, [9, 10]]]]));
/// let t: Nest<i64> = ivy::nest!(([23, 25, 1337], [63, 98, 6]));
/// let z = nested_map_with(&t, |a| a + 1, NestedMapOptions { to_mutable: true, ..Default::default() });
/// assert_eq!(z, ivy::nest!([[24, 26, 1338], [64, 99, 7]]));
/// ```
pub fn nested_map_with<L: Clone>(
    x: &Nest<L>,
    mut f: impl FnMut(&L) -> L,
    options: NestedMapOptions,
) -> Nest<L> {
    fn rec<L: Clone>(
        x: &Nest<L>,
        f: &mut dyn FnMut(&L) -> L,
        o: NestedMapOptions,
        depth: usize,
    ) -> Nest<L> {
        if o.max_depth.is_some_and(|m| depth > m) {
            return x.clone();
        }
        match x {
            Nest::Leaf(l) => Nest::Leaf(f(l)),
            Nest::None => Nest::None,
            Nest::List(v) => Nest::List(v.iter().map(|c| rec(c, f, o, depth + 1)).collect()),
            Nest::Tuple(v) => {
                let items = v.iter().map(|c| rec(c, f, o, depth + 1)).collect();
                if o.to_mutable {
                    Nest::List(items)
                } else {
                    Nest::Tuple(items)
                }
            }
            Nest::Dict(d) => Nest::Dict(
                d.iter()
                    .map(|(k, c)| (k.clone(), rec(c, f, o, depth + 1)))
                    .collect(),
            ),
        }
    }
    rec(x, &mut f, options, 0)
}

/// Apply `f` to every leaf in place (Ivy's `nested_map` with
/// `shallow=True`, made explicit by `&mut`).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, nested_map_mut};
/// let mut x: Nest<String> = ivy::nest!([["a".to_string(), "b".to_string()], ["c".to_string()]]);
/// nested_map_mut(&mut x, |a| a.push('H'));
/// assert_eq!(format!("{x:?}"), r#"[["aH", "bH"], ["cH"]]"#);
/// ```
pub fn nested_map_mut<L>(x: &mut Nest<L>, mut f: impl FnMut(&mut L)) {
    fn rec<L>(x: &mut Nest<L>, f: &mut dyn FnMut(&mut L)) {
        match x {
            Nest::Leaf(l) => f(l),
            Nest::None => {}
            Nest::List(v) | Nest::Tuple(v) => v.iter_mut().for_each(|c| rec(c, f)),
            Nest::Dict(d) => d.values_mut().for_each(|c| rec(c, f)),
        }
    }
    rec(x, &mut f)
}

/// Options of [`nested_multi_map_with`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MultiMapOptions {
    /// The key chains (`"1/a"`) to apply `f` at (or, with `to_apply =
    /// false`, to skip); a leaf matches a chain its own chain starts with.
    pub index_chains: Option<Vec<String>>,
    /// Whether `index_chains` lists where to apply (`true`) or where not to.
    pub to_apply: bool,
    /// Drop the leaves `f` was not applied to (and nests left empty).
    pub prune_unapplied: bool,
}

impl MultiMapOptions {
    /// Apply everywhere (Ivy's defaults).
    ///
    /// ```
    /// # use ivy_core as ivy;
    /// let o = ivy::nest::MultiMapOptions::new();
    /// assert!(o.to_apply && !o.prune_unapplied && o.index_chains.is_none());
    /// ```
    pub fn new() -> MultiMapOptions {
        MultiMapOptions {
            index_chains: None,
            to_apply: true,
            prune_unapplied: false,
        }
    }
}

/// Map several nests of one structure at once: `f` gets the leaves at each
/// position and the position's key chain (`"1/a"`), and the result has the
/// structure of the first nest that is a list, tuple or dict (Ivy's
/// `nested_multi_map`). A nest that is a leaf where the others have
/// structure is broadcast: every position gets that leaf.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, nested_multi_map};
/// let a: Nest<i64> = ivy::nest!([1, {"a": 2}]);
/// let b: Nest<i64> = ivy::nest!([10, {"a": 20}]);
/// assert_eq!(nested_multi_map(|xs, _| xs[0] + xs[1], &[a.clone(), b])?, ivy::nest!([11, {"a": 22}]));
/// assert_eq!(nested_multi_map(|xs, _| xs[0] + xs[1], &[a, ivy::nest!(100)])?, ivy::nest!([101, {"a": 102}]));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn nested_multi_map<L: Clone>(
    f: impl FnMut(&[&L], &str) -> L,
    nests: &[Nest<L>],
) -> Result<Nest<L>> {
    Ok(nested_multi_map_with(f, nests, &MultiMapOptions::new())?.unwrap_or(Nest::None))
}

/// [`nested_multi_map`] with Ivy's `index_chains`, `to_apply` and
/// `prune_unapplied`. Returns `None` when everything was pruned.
///
/// As in Ivy (verified against it), when `index_chains` is given the leaves
/// `f` is not applied to are dropped even with `prune_unapplied = false`.
/// Where some nest has `None` at a leaf position, the result there is
/// `None`. Key chains are built from the driving nest's keys and positions.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{MultiMapOptions, Nest, nested_multi_map_with};
/// let a: Nest<i64> = ivy::nest!([1, {"a": 2}]);
/// let opts = MultiMapOptions { index_chains: Some(vec!["1/a".into()]), ..MultiMapOptions::new() };
/// let out = nested_multi_map_with(|xs, chain| { assert_eq!(chain, "1/a"); xs[0] * 0 }, &[a], &opts)?;
/// assert_eq!(out, Some(ivy::nest!([{"a": 0}])));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn nested_multi_map_with<L: Clone>(
    mut f: impl FnMut(&[&L], &str) -> L,
    nests: &[Nest<L>],
    options: &MultiMapOptions,
) -> Result<Option<Nest<L>>> {
    if nests.is_empty() {
        return Err(Error::structure(
            "nested_multi_map",
            "nest",
            "no nests given",
        ));
    }
    let refs: Vec<&Nest<L>> = nests.iter().collect();
    multi_rec(&mut f, &refs, options, "", &mut Vec::new())
}

fn multi_rec<L: Clone>(
    f: &mut dyn FnMut(&[&L], &str) -> L,
    nests: &[&Nest<L>],
    o: &MultiMapOptions,
    chain: &str,
    index: &mut Index,
) -> Result<Option<Nest<L>>> {
    const OP: &str = "nested_multi_map";
    let Some(driver) = nests.iter().find(|n| n.is_nest()) else {
        // All leaves (or None).
        if let Some(chains) = &o.index_chains {
            let found = chains.iter().any(|c| chain.starts_with(c.as_str()));
            if found != o.to_apply {
                return Ok(None);
            }
        }
        let mut leaves = Vec::with_capacity(nests.len());
        for n in nests {
            match n {
                Nest::Leaf(l) => leaves.push(l),
                _ => return Ok(Some(Nest::None)),
            }
        }
        return Ok(Some(Nest::Leaf(f(&leaves, chain))));
    };
    let kids = children(driver);
    let mut out: Vec<(IndexKey, Nest<L>)> = Vec::with_capacity(kids.len());
    for (pos, (key, _)) in kids.iter().enumerate() {
        let mut values = Vec::with_capacity(nests.len());
        for n in nests {
            let v = match (n, driver) {
                (Nest::List(v) | Nest::Tuple(v), _) => v.get(pos),
                (Nest::Dict(d), Nest::Dict(_)) => d.get(&key_text(key)),
                (Nest::Dict(d), _) => d.get_index(pos).map(|e| e.1),
                (leaf, _) => Some(*leaf),
            };
            match v {
                Some(v) => values.push(v),
                None => {
                    return Err(err(
                        OP,
                        index,
                        format!("a nest has no element {}", PyStr(&key_text(key))),
                    ));
                }
            }
        }
        let k = key_text(key);
        let this_chain = if chain.is_empty() {
            k
        } else {
            format!("{chain}/{k}")
        };
        index.push(key.clone());
        let r = multi_rec(f, &values, o, &this_chain, index)?;
        index.pop();
        if let Some(r) = r {
            out.push((key.clone(), r));
        }
    }
    if o.prune_unapplied && out.is_empty() {
        return Ok(None);
    }
    Ok(Some(match driver {
        Nest::Tuple(_) => Nest::Tuple(out.into_iter().map(|e| e.1).collect()),
        Nest::Dict(_) => Nest::Dict(out.into_iter().map(|(k, v)| (key_text(&k), v)).collect()),
        _ => Nest::List(out.into_iter().map(|e| e.1).collect()),
    }))
}

/// Group the indices of leaves that are the same value by `same`, in
/// first-seen order, groups of one included (the general form of
/// [`duplicate_array_index_chains`]).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, duplicate_leaf_index_chains};
/// let x: Nest<i64> = ivy::nest!([1, {"a": 2, "b": 1}]);
/// let groups = duplicate_leaf_index_chains(&x, |a, b| a == b);
/// assert_eq!(format!("{groups:?}"), "[[[0], [1, 'b']], [[1, 'a']]]");
/// ```
pub fn duplicate_leaf_index_chains<L>(
    nest: &Nest<L>,
    mut same: impl FnMut(&L, &L) -> bool,
) -> Vec<Vec<Index>> {
    let mut firsts: Vec<&L> = Vec::new();
    let mut groups: Vec<Vec<Index>> = Vec::new();
    for idx in nested_argwhere(nest, |n| n.leaf().is_some(), false, None) {
        let Ok(Nest::Leaf(l)) = walk("duplicate_array_index_chains", nest, &idx) else {
            continue;
        };
        match firsts.iter().position(|g| same(g, l)) {
            Some(i) => {
                if let Some(g) = groups.get_mut(i) {
                    g.push(idx);
                }
            }
            None => {
                firsts.push(l);
                groups.push(vec![idx]);
            }
        }
    }
    groups
}

/// Group the indices of arrays that are the same array, in first-seen
/// order, groups of one included (Ivy's `duplicate_array_index_chains`,
/// which compares with Python's `is`). Two `Array`s are the same array when
/// they share their element storage and have the same shape: clones of one
/// array are, two arrays built from equal values are not.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::{Array, nest::{Nest, duplicate_array_index_chains}};
/// let x = Array::from_vec(vec![1.0f32]);
/// let y = Array::from_vec(vec![1.0f32]);
/// let n: Nest = ivy::nest!([{"a": x.clone(), "b": {"c": y.clone(), "d": x.clone()}}, [x, y]]);
/// let groups = duplicate_array_index_chains(&n);
/// assert_eq!(
///     format!("{groups:?}"),
///     "[[[0, 'a'], [0, 'b', 'd'], [1, 0]], [[0, 'b', 'c'], [1, 1]]]"
/// );
/// ```
pub fn duplicate_array_index_chains(nest: &Nest<Array>) -> Vec<Vec<Index>> {
    duplicate_leaf_index_chains(nest, |a, b| a.shares_data_with(b) && a.shape() == b.shape())
}

/// Remove empty lists, tuples and dicts and `None`s, recursively; `None` if
/// nothing is left (Ivy's `prune_empty`). Tuples become lists, as in Ivy.
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, prune_empty};
/// let x: Nest<i64> = ivy::nest!({"a": [{}, {}], "b": {"c": [1], "d": []}});
/// assert_eq!(prune_empty(&x), Some(ivy::nest!({"b": {"c": [1]}})));
/// let y: Nest<i64> = ivy::nest!([[], {}]);
/// assert_eq!(prune_empty(&y), None);
/// let z: Nest<i64> = ivy::nest!({"a": None, "b": 0});
/// assert_eq!(prune_empty(&z), Some(ivy::nest!({"b": 0})));
/// ```
pub fn prune_empty<L: Clone>(nest: &Nest<L>) -> Option<Nest<L>> {
    let mut out = nest.clone();
    if prune_empty_mut(&mut out) {
        Some(out)
    } else {
        None
    }
}

/// [`prune_empty`] in place; returns whether anything is left (if not, the
/// nest is set to `None`).
///
/// ```
/// # use ivy_core as ivy;
/// use ivy::nest::{Nest, prune_empty_mut};
/// let mut x: Nest<i64> = ivy::nest!([(1, None), []]);
/// assert!(prune_empty_mut(&mut x));
/// assert_eq!(x, ivy::nest!([[1]]));
/// ```
pub fn prune_empty_mut<L>(nest: &mut Nest<L>) -> bool {
    let keep = match nest {
        Nest::Leaf(_) => true,
        Nest::None => false,
        Nest::List(v) | Nest::Tuple(v) => {
            v.retain_mut(prune_empty_mut);
            if let Nest::Tuple(t) = nest {
                *nest = Nest::List(std::mem::take(t));
            }
            !nest.is_empty()
        }
        Nest::Dict(d) => {
            d.retain(|_, x| prune_empty_mut(x));
            !d.is_empty()
        }
    };
    if !keep {
        *nest = Nest::None;
    }
    keep
}

/// Call `f` on keyword arguments made of `constant` and one element of each
/// list in `unique`, zipped (Ivy's `map`). The lists are zipped as Python's
/// `zip` does (to the shortest); a name in both maps is an error.
///
/// ```
/// # use ivy_core as ivy;
/// use indexmap::IndexMap;
/// let constant = IndexMap::from([("w".to_string(), 10.0), ("b".to_string(), 1.0)]);
/// let unique = IndexMap::from([("x".to_string(), vec![0.0, 1.0, 2.0])]);
/// let out = ivy::nest::map(|kw| kw["w"] * kw["x"] + kw["b"], &constant, &unique)?;
/// assert_eq!(out, [1.0, 11.0, 21.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn map<V: Clone, R>(
    mut f: impl FnMut(&IndexMap<String, V>) -> R,
    constant: &IndexMap<String, V>,
    unique: &IndexMap<String, Vec<V>>,
) -> Result<Vec<R>> {
    if unique.is_empty() {
        return Err(Error::invalid(
            "map",
            "`unique` must name at least one list to map over",
        ));
    }
    if let Some(k) = unique.keys().find(|k| constant.contains_key(*k)) {
        return Err(Error::invalid(
            "map",
            format!("`{k}` is given in both `constant` and `unique`"),
        ));
    }
    let n = unique.values().map(Vec::len).min().unwrap_or(0);
    let mut out = Vec::with_capacity(n);
    let mut kw = constant.clone();
    for i in 0..n {
        for (k, vs) in unique {
            if let Some(v) = vs.get(i) {
                kw.insert(k.clone(), v.clone());
            }
        }
        out.push(f(&kw));
    }
    Ok(out)
}

/// [`map`] with Ivy's `mean=True`: the mean of the results.
///
/// ```
/// # use ivy_core as ivy;
/// use indexmap::IndexMap;
/// let unique = IndexMap::from([("x".to_string(), vec![0.0, 1.0, 2.0])]);
/// let m = ivy::nest::map_mean(|kw| kw["x"] * kw["x"], &IndexMap::new(), &unique)?;
/// assert!((m - 5.0 / 3.0).abs() < 1e-12);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn map_mean<V: Clone, R>(
    f: impl FnMut(&IndexMap<String, V>) -> R,
    constant: &IndexMap<String, V>,
    unique: &IndexMap<String, Vec<V>>,
) -> Result<R>
where
    R: std::ops::Add<Output = R> + std::ops::Div<f64, Output = R>,
{
    let rets = map(f, constant, unique)?;
    let n = rets.len();
    let mut it = rets.into_iter();
    let Some(first) = it.next() else {
        return Err(Error::invalid("map", "the mean of no results"));
    };
    Ok(it.fold(first, |a, b| a + b) / n as f64)
}
