//! Indexing: the [`Index`] that [`get_item`](crate::get_item) and
//! [`set_item`](crate::set_item) take, the [`s!`](crate::s) macro that writes
//! one, and the [`IndexPlan`] every backend resolves an index into.
//!
//! An index is a list of [`IndexItem`]s, one per axis it consumes, following
//! the Array API (2024.12) and NumPy:
//!
//! | item | in `s![..]` | effect |
//! |---|---|---|
//! | integer | `1`, `-1` | selects one position, removes the axis |
//! | slice | `1..3`, `..`, `2..`, `..;2`, `..;-1` | positions `start, start + step, ..` before `stop` (clamped as in Python) |
//! | ellipsis | `...` | as many full slices as the other items leave |
//! | new axis | `NewAxis` | inserts an axis of length 1 |
//! | integer array | `&idx` | advanced indexing: gathers the positions |
//! | boolean array | `&mask` | advanced indexing: the positions where `mask` is true |
//!
//! Advanced indexing follows the Array API 2024.12 (NumPy's rules): integer
//! and boolean arrays (a boolean array of `k` dimensions stands for the `k`
//! integer arrays of its true positions) and, once there is one, the integers
//! too, broadcast together; the broadcast dimensions replace the indexed axes
//! where the first of them was if they are next to each other in the index,
//! and come first otherwise. Out-of-range integers are errors naming the op,
//! the axis, the index and the axis length, never panics.
//!
//! ```
//! # extern crate ivy_core as ivy; extern crate ivy_ndarray;
//! use ivy::NewAxis;
//! let x = ivy::reshape(&ivy::arange(12)?, [3, 4])?;
//! assert_eq!(x.get(ivy::s![1..3, .., NewAxis])?.shape().dims(), &[2, 4, 1]);
//! assert_eq!(x.get(ivy::s![-1, ..;2])?.to_vec::<i32>()?, vec![8, 10]);
//! assert_eq!(x.get(ivy::s![.., -1])?.to_vec::<i32>()?, vec![3, 7, 11]);
//! assert!(x.get(ivy::s![3]).is_err());
//! # Ok::<(), ivy::Error>(())
//! ```

use crate::array::Array;
use crate::error::{Error, Result};
use crate::shape::Shape;
use std::fmt;
use std::ops::{Range, RangeFrom, RangeFull, RangeInclusive, RangeTo, RangeToInclusive};

/// The new-axis index item (Python's `None`): inserts an axis of length 1.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::array![1, 2];
/// assert_eq!(x.get(ivy::s![ivy::NewAxis, ..])?.shape().dims(), &[1, 2]);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NewAxis;

/// The ellipsis index item (Python's `...`): as many full slices as the other
/// items leave. In [`s!`](crate::s) it is written `...`.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::zeros([2, 3, 4])?;
/// assert_eq!(x.get(ivy::s![..., 0])?.shape().dims(), &[2, 3]);
/// assert_eq!(x.get(ivy::Index::from(ivy::Ellipsis))?.shape().dims(), &[2, 3, 4]);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ellipsis;

/// One item of an [`Index`].
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::IndexItem;
/// assert!(matches!(IndexItem::from(-1), IndexItem::Int(-1)));
/// assert!(matches!(
///     IndexItem::from(1..),
///     IndexItem::Slice { start: Some(1), stop: None, step: 1 }
/// ));
/// ```
#[derive(Clone, Debug)]
pub enum IndexItem {
    /// One position (negative counts from the end); removes the axis.
    Int(i64),
    /// `start:stop:step` as in Python (missing bounds are the ends, in the
    /// direction of the step; the step is not 0).
    Slice {
        /// The first position (inclusive).
        start: Option<i64>,
        /// Where to stop (exclusive).
        stop: Option<i64>,
        /// The step (negative walks backwards).
        step: i64,
    },
    /// `...`
    Ellipsis,
    /// A new axis of length 1.
    NewAxis,
    /// An integer or boolean array (advanced indexing).
    Array(Array),
}

impl IndexItem {
    /// A slice with a step: what `s![a..b;step]` writes.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::IndexItem;
    /// assert!(matches!(
    ///     IndexItem::stepped(.., -1),
    ///     IndexItem::Slice { start: None, stop: None, step: -1 }
    /// ));
    /// ```
    pub fn stepped(range: impl Into<SliceRange>, step: i64) -> IndexItem {
        let r = range.into();
        IndexItem::Slice {
            start: r.start,
            stop: r.stop,
            step,
        }
    }
}

impl fmt::Display for IndexItem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IndexItem::Int(i) => write!(f, "{i}"),
            IndexItem::Slice { start, stop, step } => {
                if let Some(s) = start {
                    write!(f, "{s}")?;
                }
                write!(f, ":")?;
                if let Some(s) = stop {
                    write!(f, "{s}")?;
                }
                if *step != 1 {
                    write!(f, ":{step}")?;
                }
                Ok(())
            }
            IndexItem::Ellipsis => write!(f, "..."),
            IndexItem::NewAxis => write!(f, "None"),
            IndexItem::Array(a) => write!(f, "<{} array of shape {}>", a.dtype(), a.shape()),
        }
    }
}

/// The bounds of a slice, from a Rust range (`1..3`, `..`, `2..`, `..=4`).
///
/// ```
/// # extern crate ivy_core as ivy;
/// let r = ivy::SliceRange::from(..=4);
/// assert_eq!((r.start, r.stop), (None, Some(5)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SliceRange {
    /// The first position, if given.
    pub start: Option<i64>,
    /// The end (exclusive), if given.
    pub stop: Option<i64>,
}

/// An inclusive end as an exclusive one: `..=-1` is "to the end".
fn inclusive_end(e: i64) -> Option<i64> {
    if e == -1 { None } else { Some(e + 1) }
}

macro_rules! index_from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for IndexItem {
            fn from(i: $t) -> IndexItem { IndexItem::Int(i as i64) }
        }
        impl From<Range<$t>> for SliceRange {
            fn from(r: Range<$t>) -> SliceRange {
                SliceRange { start: Some(r.start as i64), stop: Some(r.end as i64) }
            }
        }
        impl From<RangeFrom<$t>> for SliceRange {
            fn from(r: RangeFrom<$t>) -> SliceRange {
                SliceRange { start: Some(r.start as i64), stop: None }
            }
        }
        impl From<RangeTo<$t>> for SliceRange {
            fn from(r: RangeTo<$t>) -> SliceRange {
                SliceRange { start: None, stop: Some(r.end as i64) }
            }
        }
        impl From<RangeInclusive<$t>> for SliceRange {
            fn from(r: RangeInclusive<$t>) -> SliceRange {
                SliceRange { start: Some(*r.start() as i64), stop: inclusive_end(*r.end() as i64) }
            }
        }
        impl From<RangeToInclusive<$t>> for SliceRange {
            fn from(r: RangeToInclusive<$t>) -> SliceRange {
                SliceRange { start: None, stop: inclusive_end(r.end as i64) }
            }
        }
        impl From<Range<$t>> for IndexItem {
            fn from(r: Range<$t>) -> IndexItem { IndexItem::stepped(r, 1) }
        }
        impl From<RangeFrom<$t>> for IndexItem {
            fn from(r: RangeFrom<$t>) -> IndexItem { IndexItem::stepped(r, 1) }
        }
        impl From<RangeTo<$t>> for IndexItem {
            fn from(r: RangeTo<$t>) -> IndexItem { IndexItem::stepped(r, 1) }
        }
        impl From<RangeInclusive<$t>> for IndexItem {
            fn from(r: RangeInclusive<$t>) -> IndexItem { IndexItem::stepped(r, 1) }
        }
        impl From<RangeToInclusive<$t>> for IndexItem {
            fn from(r: RangeToInclusive<$t>) -> IndexItem { IndexItem::stepped(r, 1) }
        }
    )*};
}
index_from_int!(i32, i64, isize, usize);

impl From<RangeFull> for SliceRange {
    fn from(_: RangeFull) -> SliceRange {
        SliceRange {
            start: None,
            stop: None,
        }
    }
}

impl From<RangeFull> for IndexItem {
    fn from(r: RangeFull) -> IndexItem {
        IndexItem::stepped(r, 1)
    }
}

impl From<NewAxis> for IndexItem {
    fn from(_: NewAxis) -> IndexItem {
        IndexItem::NewAxis
    }
}

impl From<Ellipsis> for IndexItem {
    fn from(_: Ellipsis) -> IndexItem {
        IndexItem::Ellipsis
    }
}

impl From<Array> for IndexItem {
    fn from(a: Array) -> IndexItem {
        IndexItem::Array(a)
    }
}

impl From<&Array> for IndexItem {
    fn from(a: &Array) -> IndexItem {
        IndexItem::Array(a.clone())
    }
}

/// An index: the items of `x[i, j:k, ..., None]`, written with
/// [`s!`](crate::s) or converted from one item.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::array![[1, 2, 3], [4, 5, 6]];
/// assert_eq!(x.get(1)?.to_vec::<i32>()?, vec![4, 5, 6]);
/// assert_eq!(x.get(ivy::s![.., 1..;-1])?.to_vec::<i32>()?, vec![2, 1, 5, 4]);
/// let mask = ivy::greater(&x, 2)?;
/// assert_eq!(x.get(&mask)?.to_vec::<i32>()?, vec![3, 4, 5, 6]);
/// assert_eq!(ivy::s![0, ..].to_string(), "[0, :]");
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Index(Vec<IndexItem>);

impl Index {
    /// An index of the given items.
    pub fn new(items: Vec<IndexItem>) -> Index {
        Index(items)
    }

    /// The items.
    pub fn items(&self) -> &[IndexItem] {
        &self.0
    }

    /// Resolve the index against an array of `shape` for the op `op`: the
    /// result's shape and where each of its elements comes from.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let plan = ivy::s![1, ..;2].plan("get_item", &[3, 4])?;
    /// assert_eq!(plan.shape.dims(), &[2]);
    /// assert_eq!(plan.offsets(), vec![4, 6]);
    /// assert!(ivy::s![-4].plan("get_item", &[3]).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn plan(&self, op: &str, shape: &[usize]) -> Result<IndexPlan> {
        plan(op, &self.0, shape)
    }
}

impl fmt::Display for Index {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[")?;
        for (i, it) in self.0.iter().enumerate() {
            if i > 0 {
                write!(f, ", ")?;
            }
            write!(f, "{it}")?;
        }
        write!(f, "]")
    }
}

impl From<Vec<IndexItem>> for Index {
    fn from(v: Vec<IndexItem>) -> Index {
        Index(v)
    }
}

impl<const N: usize> From<[IndexItem; N]> for Index {
    fn from(v: [IndexItem; N]) -> Index {
        Index(v.to_vec())
    }
}

impl From<&Index> for Index {
    fn from(v: &Index) -> Index {
        v.clone()
    }
}

impl From<IndexItem> for Index {
    fn from(v: IndexItem) -> Index {
        Index(vec![v])
    }
}

macro_rules! index_from_item {
    ($($t:ty),*) => {$(
        impl From<$t> for Index {
            fn from(v: $t) -> Index { Index(vec![IndexItem::from(v)]) }
        }
    )*};
}
index_from_item!(
    i32,
    i64,
    isize,
    usize,
    Range<i32>,
    Range<i64>,
    Range<usize>,
    RangeFrom<i32>,
    RangeFrom<i64>,
    RangeFrom<usize>,
    RangeTo<i32>,
    RangeTo<i64>,
    RangeTo<usize>,
    RangeFull,
    NewAxis,
    Ellipsis,
    Array,
    &Array
);

/// Write an [`Index`] as ndarray's `s!` does: items separated by commas; a
/// slice is a Rust range with an optional `;step`; `...` is the ellipsis,
/// `NewAxis` a new axis; any other expression converts into an
/// [`IndexItem`] (integers, ranges, arrays).
///
/// Slices mean what they mean in Python: `s![8..2;-2]` is `x[8:2:-2]`
/// (positions 8, 6, 4). Clippy's `reversed_empty_ranges` lint flags such a
/// range as empty; allow it there, or write the item as
/// `IndexItem::Slice { start: Some(8), stop: Some(2), step: -2 }`.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::reshape(&ivy::arange(24)?, [2, 3, 4])?;
/// assert_eq!(x.get(ivy::s![1..2, .., NewAxis])?.shape().dims(), &[1, 3, 1, 4]);
/// assert_eq!(x.get(ivy::s![-1, 0, ..;3])?.to_vec::<i32>()?, vec![12, 15]);
/// assert_eq!(x.get(ivy::s![..., ..;-1, 0])?.shape().dims(), &[2, 3]);
/// let rows = ivy::array![2, 0];
/// assert_eq!(x.get(ivy::s![0, &rows, 1])?.to_vec::<i32>()?, vec![9, 1]);
/// # Ok::<(), ivy::Error>(())
/// ```
#[macro_export]
macro_rules! s {
    (@acc [$($acc:expr),*]) => {
        $crate::Index::new(::std::vec![$($acc),*])
    };
    (@acc [$($acc:expr),*] ...) => {
        $crate::s!(@acc [$($acc,)* $crate::IndexItem::Ellipsis])
    };
    (@acc [$($acc:expr),*] ..., $($rest:tt)*) => {
        $crate::s!(@acc [$($acc,)* $crate::IndexItem::Ellipsis] $($rest)*)
    };
    (@acc [$($acc:expr),*] NewAxis) => {
        $crate::s!(@acc [$($acc,)* $crate::IndexItem::NewAxis])
    };
    (@acc [$($acc:expr),*] NewAxis, $($rest:tt)*) => {
        $crate::s!(@acc [$($acc,)* $crate::IndexItem::NewAxis] $($rest)*)
    };
    (@acc [$($acc:expr),*] $r:expr;$step:expr) => {
        $crate::s!(@acc [$($acc,)* $crate::IndexItem::stepped($r, $step)])
    };
    (@acc [$($acc:expr),*] $r:expr;$step:expr, $($rest:tt)*) => {
        $crate::s!(@acc [$($acc,)* $crate::IndexItem::stepped($r, $step)] $($rest)*)
    };
    (@acc [$($acc:expr),*] $e:expr) => {
        $crate::s!(@acc [$($acc,)* $crate::IndexItem::from($e)])
    };
    (@acc [$($acc:expr),*] $e:expr, $($rest:tt)*) => {
        $crate::s!(@acc [$($acc,)* $crate::IndexItem::from($e)] $($rest)*)
    };
    ($($t:tt)*) => {
        $crate::s!(@acc [] $($t)*)
    };
}

/// An index resolved against a shape: the result's shape and where its
/// elements come from, computed once for every backend.
///
/// ```
/// # extern crate ivy_core as ivy;
/// let p = ivy::s![..;-1].plan("get_item", &[3])?;
/// assert_eq!(p.offsets(), vec![2, 1, 0]);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexPlan {
    /// The shape of the result.
    pub shape: Shape,
    /// Where its elements come from.
    pub source: IndexSource,
}

/// Where the elements of an indexed result come from, as flat (row-major)
/// positions in the source array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IndexSource {
    /// Basic indexing, a strided view: result element `idx` is source
    /// element `offset + sum(idx[i] * strides[i])`.
    Strided {
        /// The position of the first element.
        offset: usize,
        /// The step in the source per step along each result axis.
        strides: Vec<isize>,
    },
    /// Advanced indexing, as runs: for each start (in row-major order of
    /// the result without its last `run` positions), the `run` elements
    /// `start + j * stride`.
    Gather {
        /// Where each run starts.
        starts: Vec<usize>,
        /// The length of every run (1 when the last result axis is an
        /// advanced one).
        run: usize,
        /// The step within a run.
        stride: isize,
    },
}

impl IndexPlan {
    /// The flat source position of every result element, in row-major order.
    pub fn offsets(&self) -> Vec<usize> {
        let mut out = Vec::with_capacity(self.shape.size());
        self.for_each_offset(|o| out.push(o));
        out
    }

    /// Call `f` with the flat source position of every result element, in
    /// row-major order, without collecting them.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut seen = Vec::new();
    /// ivy::s![.., 1].plan("get_item", &[2, 3])?.for_each_offset(|o| seen.push(o));
    /// assert_eq!(seen, vec![1, 4]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn for_each_offset(&self, mut f: impl FnMut(usize)) {
        match &self.source {
            IndexSource::Gather {
                starts,
                run,
                stride,
            } => {
                for &s in starts {
                    for j in 0..*run {
                        f((s as isize + j as isize * stride) as usize);
                    }
                }
            }
            IndexSource::Strided { offset, strides } => {
                let dims = self.shape.dims();
                if dims.contains(&0) {
                    return;
                }
                // The last axis in a tight loop, the others by an odometer.
                let (last_len, last_stride) = match (dims.last(), strides.last()) {
                    (Some(&d), Some(&s)) => (d, s),
                    _ => (1, 0),
                };
                let outer = &dims[..dims.len().saturating_sub(1)];
                let mut idx = vec![0usize; outer.len()];
                let mut at = *offset as isize;
                loop {
                    for j in 0..last_len {
                        f((at + j as isize * last_stride) as usize);
                    }
                    let mut k = outer.len();
                    loop {
                        if k == 0 {
                            return;
                        }
                        k -= 1;
                        idx[k] += 1;
                        at += strides[k];
                        if idx[k] < outer[k] {
                            break;
                        }
                        at -= strides[k] * outer[k] as isize;
                        idx[k] = 0;
                    }
                }
            }
        }
    }
}

/// One resolved item: what it does to the source.
enum Part {
    /// A fixed position (basic indexing: no result axis).
    Fixed(isize),
    /// A result axis of `len` positions stepping `stride` from `start`.
    Axis {
        start: isize,
        len: usize,
        stride: isize,
    },
    /// An advanced index: positions (already in range) of an axis of stride
    /// `stride`, in an array of `shape`.
    Adv {
        values: Vec<usize>,
        shape: Shape,
        stride: isize,
    },
}

fn out_of_range(op: &str, axis: usize, index: i64, size: usize) -> Error {
    Error::invalid(
        op,
        format!("index {index} is out of bounds for axis {axis} with size {size}"),
    )
}

/// `i` in `-n..n` as a position, or an error naming the axis.
fn normalise(op: &str, axis: usize, i: i64, n: usize) -> Result<usize> {
    let n_i = n as i64;
    if i < -n_i || i >= n_i {
        return Err(out_of_range(op, axis, i, n));
    }
    Ok(if i < 0 {
        (i + n_i) as usize
    } else {
        i as usize
    })
}

/// Python's `slice.indices`: the start and the number of positions.
fn slice_indices(
    op: &str,
    (start, stop, step): (Option<i64>, Option<i64>, i64),
    n: usize,
) -> Result<(i64, usize)> {
    if step == 0 {
        return Err(Error::invalid(op, "slice step cannot be zero"));
    }
    let n = n as i64;
    let (lower, upper) = if step > 0 { (0, n) } else { (-1, n - 1) };
    let clamp = |v: i64| {
        if v < 0 {
            (v.saturating_add(n)).max(lower)
        } else {
            v.min(upper)
        }
    };
    let start = start.map_or(if step > 0 { lower } else { upper }, clamp);
    let stop = stop.map_or(if step > 0 { upper } else { lower }, clamp);
    let len = if step > 0 && stop > start {
        (stop - start + step - 1) / step
    } else if step < 0 && start > stop {
        (start - stop - step - 1) / -step
    } else {
        0
    };
    Ok((start, len as usize))
}

/// The elements of an index array as integers (any integer dtype).
fn int_values(op: &str, a: &Array) -> Result<Vec<i64>> {
    let a = if a.dtype() == crate::Dtype::Int64 {
        a.clone()
    } else {
        crate::astype(a, crate::Dtype::Int64)?
    };
    a.to_vec::<i64>()
        .map_err(|e| Error::invalid(op, e.to_string()))
}

fn plan(op: &str, items: &[IndexItem], shape: &[usize]) -> Result<IndexPlan> {
    let ndim = shape.len();
    // How many source axes each item consumes.
    let mut consumed = 0usize;
    let mut ellipses = 0usize;
    let mut advanced = false;
    for it in items {
        match it {
            IndexItem::Int(_) | IndexItem::Slice { .. } => consumed += 1,
            IndexItem::Ellipsis => ellipses += 1,
            IndexItem::NewAxis => {}
            IndexItem::Array(a) => {
                advanced = true;
                if a.dtype().is_bool() {
                    consumed += a.ndim();
                } else if a.dtype().is_int() {
                    consumed += 1;
                } else {
                    return Err(Error::invalid(
                        op,
                        format!(
                            "arrays used as indices must be of integer or boolean dtype, got {}",
                            a.dtype()
                        ),
                    ));
                }
            }
        }
    }
    if ellipses > 1 {
        return Err(Error::invalid(
            op,
            "an index can only have a single ellipsis ('...')",
        ));
    }
    if consumed > ndim {
        return Err(Error::invalid(
            op,
            format!(
                "too many indices: the array is {ndim}-dimensional, but {consumed} were indexed"
            ),
        ));
    }
    // Row-major strides of the source.
    let mut strides = vec![1isize; ndim];
    for k in (0..ndim.saturating_sub(1)).rev() {
        strides[k] = strides[k + 1] * shape[k + 1].max(1) as isize;
    }
    let full = |ax: usize| Part::Axis {
        start: 0,
        len: shape[ax],
        stride: strides[ax],
    };
    let mut parts = Vec::with_capacity(items.len() + ndim);
    let mut ax = 0usize;
    for it in items {
        match it {
            IndexItem::Int(i) => {
                let p = normalise(op, ax, *i, shape[ax])?;
                parts.push(if advanced {
                    Part::Adv {
                        values: vec![p],
                        shape: Shape::scalar(),
                        stride: strides[ax],
                    }
                } else {
                    Part::Fixed(p as isize * strides[ax])
                });
                ax += 1;
            }
            IndexItem::Slice { start, stop, step } => {
                let (s, len) = slice_indices(op, (*start, *stop, *step), shape[ax])?;
                parts.push(Part::Axis {
                    start: if len == 0 {
                        0
                    } else {
                        s as isize * strides[ax]
                    },
                    len,
                    stride: *step as isize * strides[ax],
                });
                ax += 1;
            }
            IndexItem::Ellipsis => {
                for _ in 0..ndim - consumed {
                    parts.push(full(ax));
                    ax += 1;
                }
            }
            IndexItem::NewAxis => parts.push(Part::Axis {
                start: 0,
                len: 1,
                stride: 0,
            }),
            IndexItem::Array(a) if a.dtype().is_bool() => {
                let mask = a.to_vec::<bool>()?;
                let k = a.ndim();
                if k == 0 {
                    // A 0-d mask: a new axis of length 1, kept or emptied.
                    let keep = mask.first().copied().unwrap_or(false);
                    parts.push(Part::Adv {
                        values: if keep { vec![0] } else { vec![] },
                        shape: Shape::from(usize::from(keep)),
                        stride: 0,
                    });
                    continue;
                }
                let dims = &shape[ax..ax + k];
                if a.shape().dims() != dims {
                    return Err(Error::shape(
                        op,
                        format!(
                            "a boolean index must have the shape of the axes it indexes ({}), from axis {ax}",
                            Shape::from(dims)
                        ),
                        vec![Shape::from(shape), a.shape().clone()],
                    ));
                }
                // The masked axes are adjacent and row-major, so the
                // coordinates of a true position weigh in as its flat
                // position within them times the stride of the last one
                // (one advanced index, as NumPy's k adjacent ones).
                let flat: Vec<usize> = mask
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| **b)
                    .map(|(i, _)| i)
                    .collect();
                parts.push(Part::Adv {
                    shape: Shape::from(flat.len()),
                    values: flat,
                    stride: strides[ax + k - 1],
                });
                ax += k;
            }
            IndexItem::Array(a) => {
                let values = int_values(op, a)?
                    .into_iter()
                    .map(|i| normalise(op, ax, i, shape[ax]))
                    .collect::<Result<Vec<_>>>()?;
                parts.push(Part::Adv {
                    values,
                    shape: a.shape().clone(),
                    stride: strides[ax],
                });
                ax += 1;
            }
        }
    }
    while ax < ndim {
        parts.push(full(ax));
        ax += 1;
    }
    if !advanced {
        let mut offset = 0isize;
        let mut dims = Vec::new();
        let mut out_strides = Vec::new();
        for p in &parts {
            match p {
                Part::Fixed(o) => offset += o,
                Part::Axis { start, len, stride } => {
                    offset += start;
                    dims.push(*len);
                    out_strides.push(*stride);
                }
                Part::Adv { .. } => {}
            }
        }
        return Ok(IndexPlan {
            shape: Shape::from(dims),
            source: IndexSource::Strided {
                offset: offset.max(0) as usize,
                strides: out_strides,
            },
        });
    }
    advanced_plan(op, &parts, shape)
}

/// The plan of an index with arrays: the broadcast advanced positions form
/// one block of result axes, placed where the first advanced item is when
/// they are adjacent, and first otherwise.
fn advanced_plan(op: &str, parts: &[Part], shape: &[usize]) -> Result<IndexPlan> {
    let adv: Vec<usize> = parts
        .iter()
        .enumerate()
        .filter(|(_, p)| matches!(p, Part::Adv { .. }))
        .map(|(i, _)| i)
        .collect();
    let adjacent = adv.windows(2).all(|w| w[1] == w[0] + 1);
    let mut bshape = Shape::scalar();
    for p in parts {
        if let Part::Adv { shape: s, .. } = p {
            bshape = crate::broadcast_shapes_of(op, &bshape, s).map_err(|_| {
                Error::shape(
                    op,
                    "the index arrays cannot be broadcast together",
                    parts
                        .iter()
                        .filter_map(|p| match p {
                            Part::Adv { shape, .. } => Some(shape.clone()),
                            _ => None,
                        })
                        .collect(),
                )
            })?;
        }
    }
    let bdims = bshape.dims();
    let bsize: usize = bdims.iter().product();
    // The source offset contributed by the advanced items, per broadcast
    // position.
    let mut adv_off = vec![0isize; bsize];
    for p in parts {
        if let Part::Adv {
            values,
            shape: s,
            stride,
        } = p
        {
            if s == &bshape {
                for (off, &v) in adv_off.iter_mut().zip(values) {
                    *off += v as isize * stride;
                }
                continue;
            }
            // The strides of this array within the broadcast shape.
            let lead = bdims.len() - s.ndim();
            let mut st = vec![0usize; bdims.len()];
            let mut acc = 1usize;
            for j in (0..s.ndim()).rev() {
                if s.dims()[j] != 1 {
                    st[lead + j] = acc;
                }
                acc *= s.dims()[j];
            }
            for (b, off) in adv_off.iter_mut().enumerate() {
                let mut rest = b;
                let mut src = 0usize;
                for j in (0..bdims.len()).rev() {
                    src += (rest % bdims[j]) * st[j];
                    rest /= bdims[j];
                }
                *off += values.get(src).copied().unwrap_or(0) as isize * stride;
            }
        }
    }
    // The result axes: (len, stride) for basic axes, None for the block.
    let mut base = 0isize;
    let mut axes: Vec<Option<(usize, isize)>> = Vec::new();
    let mut out_dims: Vec<usize> = Vec::new();
    if !adjacent {
        axes.push(None);
        out_dims.extend_from_slice(bdims);
    }
    for (i, p) in parts.iter().enumerate() {
        match p {
            Part::Fixed(o) => base += o,
            Part::Axis { start, len, stride } => {
                base += start;
                axes.push(Some((*len, *stride)));
                out_dims.push(*len);
            }
            Part::Adv { .. } => {
                if adjacent && adv.first() == Some(&i) {
                    axes.push(None);
                    out_dims.extend_from_slice(bdims);
                }
            }
        }
    }
    let out_shape = Shape::from(out_dims);
    let n = out_shape.checked_size(op)?;
    let _ = shape;
    // The last result axis, when it is a basic one, is copied as runs.
    let (run, stride) = match axes.last() {
        Some(Some((len, stride))) => {
            let r = (*len, *stride);
            axes.pop();
            r
        }
        _ => (1, 0),
    };
    if axes.len() == 1 && axes[0].is_none() && run == 1 {
        // Only the advanced block: the starts are its offsets.
        let starts: Vec<usize> = adv_off.into_iter().map(|o| (o + base) as usize).collect();
        return Ok(IndexPlan {
            shape: out_shape,
            source: IndexSource::Gather {
                starts,
                run,
                stride,
            },
        });
    }
    let n_starts = n.checked_div(run).unwrap_or(0);
    let mut starts = Vec::new();
    starts
        .try_reserve_exact(n_starts)
        .map_err(|e| Error::invalid(op, format!("cannot allocate {n_starts} indices: {e}")))?;
    if n_starts > 0 {
        let lens: Vec<usize> = axes.iter().map(|a| a.map_or(bsize, |(l, _)| l)).collect();
        let mut idx = vec![0usize; axes.len()];
        'walk: loop {
            let mut at = base;
            for (a, &i) in axes.iter().zip(&idx) {
                at += match a {
                    Some((_, s)) => i as isize * s,
                    None => adv_off[i],
                };
            }
            starts.push(at as usize);
            let mut k = axes.len();
            loop {
                if k == 0 {
                    break 'walk;
                }
                k -= 1;
                idx[k] += 1;
                if idx[k] < lens[k] {
                    break;
                }
                idx[k] = 0;
            }
        }
    }
    Ok(IndexPlan {
        shape: out_shape,
        source: IndexSource::Gather {
            starts,
            run,
            stride,
        },
    })
}

/// The flat source position of every element of `x.get_item(index)`, as an
/// `int64` array of the result's shape (what the gradient of `get_item`
/// scatters into).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let pos = ivy::index::flat_positions(&ivy::Shape::from([2, 3]), &ivy::s![.., 2])?;
/// assert_eq!(pos.to_vec::<i64>()?, vec![2, 5]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn flat_positions(shape: &Shape, index: &Index) -> Result<Array> {
    let plan = index.plan("get_item", shape.dims())?;
    let v: Vec<i64> = plan.offsets().into_iter().map(|o| o as i64).collect();
    Array::from_shape_vec(plan.shape, v)
}

impl Array {
    /// The part of this array that `index` selects: [`get_item`](crate::get_item)
    /// (Python's `x[index]`), with the index written by [`s!`](crate::s) or
    /// given as one item.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let x = ivy::array![[1, 2, 3], [4, 5, 6]];
    /// assert_eq!(x.get(ivy::s![.., -1])?.to_vec::<i32>()?, vec![3, 6]);
    /// assert_eq!(x.get(0)?.to_vec::<i32>()?, vec![1, 2, 3]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn get(&self, index: impl Into<Index>) -> Result<Array> {
        crate::get_item(self, index)
    }

    /// This array with the part that `index` selects replaced by `value`
    /// (broadcast and cast to this array's dtype): [`set_item`](crate::set_item),
    /// functional (Python's `x[index] = value` on a copy).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let x = ivy::array![[1, 2, 3], [4, 5, 6]];
    /// let y = x.set(ivy::s![.., 0], 0)?;
    /// assert_eq!(y.to_vec::<i32>()?, vec![0, 2, 3, 0, 5, 6]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn set<V: crate::Operand>(
        &self,
        index: impl Into<Index>,
        value: V,
    ) -> Result<crate::Out<(&Array, V), Array>>
    where
        for<'a> (&'a Array, V): crate::Operands,
    {
        crate::set_item(self, index, value)
    }
}
