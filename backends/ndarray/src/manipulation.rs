//! Kernels of the manipulation ops.
//!
//! `reshape`, `expand_dims` and `squeeze` (and `tile` with all repeats 1)
//! share the elements of their input: only the shape changes. The others
//! copy, as runs of contiguous elements where the layout allows
//! (`concat`, `stack`, `split`, `unstack`, `roll`, `repeat`) or through a
//! strided ndarray view (`permute_dims`, `swapaxes`, `flip`, `tile`).

use crate::NdarrayBackend;
use crate::host::{self, all, reals};
use crate::layout::{self, around, ints};
use ivy::kernels::ManipulationKernels;
use ivy::{Array, Element, Error, Result, Shape, Splits};
use ndarray::{ArrayViewD, Axis, IxDyn};

#[ivy::kernels]
impl ManipulationKernels for NdarrayBackend {
    fn reshape(&self, x: &Array, shape: &[i64], copy: Option<bool>) -> Result<Array> {
        // Arrays are immutable, so sharing the elements is right whatever
        // `copy` asks for: no one can observe the difference.
        let _ = copy;
        let target = reshape_target(x, shape)?;
        layout::share("reshape", x, target)
    }

    fn permute_dims(&self, x: &Array, axes: &[usize]) -> Result<Array> {
        let op = "permute_dims";
        check_permutation(op, axes, x.ndim())?;
        if axes.iter().enumerate().all(|(i, &a)| i == a) {
            return Ok(x.clone());
        }
        all!(op, x, T => layout::collect(op, host::view::<T>(op, x)?.permuted_axes(IxDyn(axes))))
    }

    fn expand_dims(&self, x: &Array, axis: &[i64]) -> Result<Array> {
        let op = "expand_dims";
        let out_ndim = x.ndim() + axis.len();
        let mut inserted = vec![false; out_ndim];
        for &a in axis {
            let n = ivy::normalize_axis(op, a, out_ndim)?;
            match inserted.get_mut(n) {
                Some(slot) if !*slot => *slot = true,
                _ => {
                    return Err(Error::invalid(
                        op,
                        format!("axis {a} is repeated in {}", ints(axis)),
                    ));
                }
            }
        }
        let mut dims = x.shape().iter().copied();
        let shape: Shape = inserted
            .iter()
            .map(|&new| if new { 1 } else { dims.next().unwrap_or(1) })
            .collect();
        layout::share(op, x, shape)
    }

    fn squeeze(&self, x: &Array, axis: Option<&[usize]>) -> Result<Array> {
        let op = "squeeze";
        let shape: Shape = match axis {
            None => x.shape().iter().copied().filter(|&d| d != 1).collect(),
            Some(axes) => {
                for &a in axes {
                    match x.shape().get(a) {
                        Some(1) => {}
                        Some(&d) => {
                            return Err(Error::shape(
                                op,
                                format!("cannot squeeze axis {a}: its length is {d}, not 1"),
                                vec![x.shape().clone()],
                            ));
                        }
                        None => return Err(out_of_bounds(op, a, x.ndim())),
                    }
                }
                x.shape()
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !axes.contains(i))
                    .map(|(_, &d)| d)
                    .collect()
            }
        };
        layout::share(op, x, shape)
    }

    fn concat(&self, xs: &[Array], axis: Option<usize>) -> Result<Array> {
        let op = "concat";
        let first = xs
            .first()
            .ok_or_else(|| Error::invalid(op, "needs at least one array"))?;
        let overflow = || Error::shape(op, "the number of elements overflows usize", shapes_of(xs));
        let (shape, outer) = match axis {
            None => {
                let total = xs
                    .iter()
                    .try_fold(0usize, |acc, a| acc.checked_add(a.size()))
                    .ok_or_else(overflow)?;
                (Shape::from(total), 1)
            }
            Some(ax) => {
                let nd = first.ndim();
                if ax >= nd {
                    return Err(out_of_bounds(op, ax, nd));
                }
                let mut len = 0usize;
                for a in xs {
                    if a.ndim() != nd {
                        return Err(Error::shape(
                            op,
                            "all the arrays must have the same number of dimensions",
                            shapes_of(xs),
                        ));
                    }
                    let differs = a
                        .shape()
                        .iter()
                        .zip(first.shape().iter())
                        .enumerate()
                        .any(|(i, (p, q))| i != ax && p != q);
                    if differs {
                        return Err(Error::shape(
                            op,
                            format!("the shapes must match except along axis {ax}"),
                            shapes_of(xs),
                        ));
                    }
                    len = len
                        .checked_add(a.shape().get(ax).copied().unwrap_or(0))
                        .ok_or_else(overflow)?;
                }
                let shape = layout::set_dim(first.shape(), ax, len);
                shape.checked_size(op)?;
                (shape, around(first.shape(), ax).0)
            }
        };
        all!(op, first, T => join::<T>(op, xs, outer, shape))
    }

    fn stack(&self, arrays: &[Array], axis: usize) -> Result<Array> {
        let op = "stack";
        let first = arrays
            .first()
            .ok_or_else(|| Error::invalid(op, "needs at least one array"))?;
        if arrays.iter().any(|a| a.shape() != first.shape()) {
            return Err(Error::shape(
                op,
                "all the arrays must have the same shape",
                shapes_of(arrays),
            ));
        }
        if axis > first.ndim() {
            return Err(out_of_bounds(op, axis, first.ndim() + 1));
        }
        let mut shape = first.shape().clone();
        shape.insert(axis, arrays.len());
        shape.checked_size(op)?;
        let outer = first.shape().iter().take(axis).product();
        all!(op, first, T => join::<T>(op, arrays, outer, shape))
    }

    fn split(
        &self,
        x: &Array,
        num_or_size_splits: Option<&Splits>,
        axis: usize,
        with_remainder: bool,
    ) -> Result<Vec<Array>> {
        let op = "split";
        if axis >= x.ndim() {
            return Err(out_of_bounds(op, axis, x.ndim()));
        }
        let dims = around(x.shape(), axis);
        let len = dims.1;
        let sizes: Vec<usize> = match num_or_size_splits {
            None => vec![1; len],
            Some(Splits::Sections(0)) => {
                return Err(Error::invalid(op, "cannot split into 0 sections"));
            }
            Some(&Splits::Sections(n)) => {
                if len.is_multiple_of(n) {
                    vec![len / n; n]
                } else if with_remainder {
                    // Sections of ceil(len / n) elements; the last one holds
                    // what is left.
                    let size = len.div_ceil(n);
                    let mut v = vec![size; len / size];
                    if !len.is_multiple_of(size) {
                        v.push(len % size);
                    }
                    v
                } else {
                    return Err(Error::shape(
                        op,
                        format!(
                            "axis {axis} of length {len} cannot be split into {n} equal sections (pass with_remainder for a shorter last one)"
                        ),
                        vec![x.shape().clone()],
                    ));
                }
            }
            Some(Splits::Sizes(s)) => {
                let total = s.iter().try_fold(0usize, |acc, &d| acc.checked_add(d));
                if total != Some(len) {
                    return Err(Error::shape(
                        op,
                        format!("the sizes {s:?} do not add up to the length {len} of axis {axis}"),
                        vec![x.shape().clone()],
                    ));
                }
                s.clone()
            }
        };
        all!(op, x, T => {
            let s = host::slice::<T>(op, x)?;
            let mut out = Vec::with_capacity(sizes.len());
            let mut start = 0;
            for &size in &sizes {
                let mut v = layout::alloc::<T>(op, dims.0 * size * dims.2)?;
                layout::extend_axis_range(op, &mut v, s, dims, start, size)?;
                out.push(host::out_vec(layout::set_dim(x.shape(), axis, size), v));
                start += size;
            }
            Ok(out)
        })
    }

    fn unstack(&self, x: &Array, axis: usize, keepdims: bool) -> Result<Vec<Array>> {
        let op = "unstack";
        if axis >= x.ndim() {
            return Err(out_of_bounds(op, axis, x.ndim()));
        }
        let dims = around(x.shape(), axis);
        let shape: Shape = if keepdims {
            layout::set_dim(x.shape(), axis, 1)
        } else {
            x.shape()
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != axis)
                .map(|(_, &d)| d)
                .collect()
        };
        all!(op, x, T => {
            let s = host::slice::<T>(op, x)?;
            let mut out = Vec::with_capacity(dims.1);
            for i in 0..dims.1 {
                let mut v = layout::alloc::<T>(op, dims.0 * dims.2)?;
                layout::extend_axis_range(op, &mut v, s, dims, i, 1)?;
                out.push(host::out_vec(shape.clone(), v));
            }
            Ok(out)
        })
    }

    fn flip(&self, x: &Array, axis: Option<&[usize]>) -> Result<Array> {
        let op = "flip";
        let every: Vec<usize>;
        let axes = match axis {
            Some(a) => a,
            None => {
                every = (0..x.ndim()).collect();
                &every
            }
        };
        for &a in axes {
            if a >= x.ndim() {
                return Err(out_of_bounds(op, a, x.ndim()));
            }
        }
        if axes
            .iter()
            .all(|&a| x.shape().get(a).is_some_and(|&d| d <= 1))
        {
            return Ok(x.clone());
        }
        all!(op, x, T => {
            let mut v = host::view::<T>(op, x)?;
            for &a in axes {
                v.invert_axis(Axis(a));
            }
            layout::collect(op, v)
        })
    }

    fn roll(&self, x: &Array, shift: &[i64], axis: Option<&[i64]>) -> Result<Array> {
        let op = "roll";
        // The total shift of each axis (of the flattened array without
        // `axis`), as NumPy: repeated axes add up.
        let (dims, totals): (Vec<usize>, Vec<i128>) = match axis {
            None => (
                vec![x.size()],
                vec![shift.iter().map(|&s| i128::from(s)).sum()],
            ),
            Some(axes) => {
                let n = match (shift.len(), axes.len()) {
                    (s, a) if s == a => s,
                    (0, _) | (_, 0) => {
                        return Err(Error::invalid(
                            op,
                            format!(
                                "shift {} and axis {} do not have matching lengths",
                                ints(shift),
                                ints(axes)
                            ),
                        ));
                    }
                    (1, a) => a,
                    (s, 1) => s,
                    _ => {
                        return Err(Error::invalid(
                            op,
                            format!(
                                "shift {} and axis {} must have the same length, or one of them one element",
                                ints(shift),
                                ints(axes)
                            ),
                        ));
                    }
                };
                let mut totals = vec![0i128; x.ndim()];
                for i in 0..n {
                    let s = shift
                        .get(if shift.len() == 1 { 0 } else { i })
                        .copied()
                        .unwrap_or(0);
                    let a = axes
                        .get(if axes.len() == 1 { 0 } else { i })
                        .copied()
                        .unwrap_or(0);
                    let a = ivy::normalize_axis(op, a, x.ndim())?;
                    if let Some(t) = totals.get_mut(a) {
                        *t += i128::from(s);
                    }
                }
                (x.shape().to_vec(), totals)
            }
        };
        // (axis, shift in 1..len) of each axis that moves.
        let rolls: Vec<(usize, usize)> = dims
            .iter()
            .zip(&totals)
            .enumerate()
            .filter_map(|(a, (&len, &t))| {
                let k = usize::try_from(t.rem_euclid(i128::try_from(len).ok()?.max(1))).ok()?;
                (k != 0).then_some((a, k))
            })
            .collect();
        if rolls.is_empty() {
            return Ok(x.clone());
        }
        all!(op, x, T => roll_t::<T>(op, x, &dims, &rolls))
    }

    fn swapaxes(&self, x: &Array, axis0: usize, axis1: usize) -> Result<Array> {
        let op = "swapaxes";
        for a in [axis0, axis1] {
            if a >= x.ndim() {
                return Err(out_of_bounds(op, a, x.ndim()));
            }
        }
        if axis0 == axis1 {
            return Ok(x.clone());
        }
        all!(op, x, T => {
            let mut v = host::view::<T>(op, x)?;
            v.swap_axes(axis0, axis1);
            layout::collect(op, v)
        })
    }

    fn tile(&self, x: &Array, repeats: &[i64]) -> Result<Array> {
        let op = "tile";
        let reps = layout::non_negative(op, "repeats", repeats)?;
        let d = x.ndim().max(reps.len());
        // Both padded with leading ones to the same length, as NumPy.
        let dims: Vec<usize> = std::iter::repeat_n(1, d - x.ndim())
            .chain(x.shape().iter().copied())
            .collect();
        let reps: Vec<usize> = std::iter::repeat_n(1, d - reps.len()).chain(reps).collect();
        let overflow = || {
            Error::shape(
                op,
                format!("repeats {} overflow the size", ints(repeats)),
                vec![x.shape().clone()],
            )
        };
        let out: Vec<usize> = dims
            .iter()
            .zip(&reps)
            .map(|(&s, &r)| s.checked_mul(r).ok_or_else(overflow))
            .collect::<Result<_>>()?;
        let out = Shape::from(out);
        out.checked_size(op)?;
        if reps.iter().all(|&r| r == 1) {
            return layout::share(op, x, out);
        }
        // x seen as (1, d0, 1, d1, ...) broadcast to (r0, d0, r1, d1, ...)
        // is the tiled array, laid out in row-major order.
        let spread: Vec<usize> = dims.iter().flat_map(|&s| [1, s]).collect();
        let target: Vec<usize> = dims.iter().zip(&reps).flat_map(|(&s, &r)| [r, s]).collect();
        all!(op, x, T => {
            let v = ArrayViewD::from_shape(IxDyn(&spread), host::slice::<T>(op, x)?)
                .map_err(|e| Error::invalid(op, format!("internal error: {e}")))?;
            let b = v.broadcast(IxDyn(&target)).ok_or_else(overflow)?;
            let tiled = layout::collect(op, b)?;
            layout::share(op, &tiled, out.clone())
        })
    }

    fn repeat(&self, x: &Array, repeats: &[i64], axis: Option<usize>) -> Result<Array> {
        let op = "repeat";
        let counts = layout::non_negative(op, "repeats", repeats)?;
        let (dims, ax) = match axis {
            None => (vec![x.size()], 0),
            Some(a) if a < x.ndim() => (x.shape().to_vec(), a),
            Some(a) => return Err(out_of_bounds(op, a, x.ndim())),
        };
        let (outer, len, inner) = around(&dims, ax);
        let counts = match counts.as_slice() {
            &[c] => vec![c; len],
            c if c.len() == len => c.to_vec(),
            _ => {
                return Err(Error::shape(
                    op,
                    format!(
                        "repeats {} must have one element, or one per element along the axis ({len})",
                        ints(repeats)
                    ),
                    vec![x.shape().clone()],
                ));
            }
        };
        let overflow = || {
            Error::shape(
                op,
                "the number of elements overflows usize",
                vec![x.shape().clone()],
            )
        };
        let total = counts
            .iter()
            .try_fold(0usize, |acc, &c| acc.checked_add(c))
            .ok_or_else(overflow)?;
        let shape = layout::set_dim(&dims, ax, total);
        let n = shape.checked_size(op)?;
        all!(op, x, T => {
            let s = host::slice::<T>(op, x)?;
            let mut out = layout::alloc::<T>(op, n)?;
            for o in 0..outer {
                for (i, &c) in counts.iter().enumerate() {
                    let chunk = layout::run(op, s, (o * len + i) * inner, inner)?;
                    match chunk {
                        [one] => out.extend(std::iter::repeat_n(*one, c)),
                        _ => (0..c).for_each(|_| out.extend_from_slice(chunk)),
                    }
                }
            }
            Ok(host::out_vec(shape, out))
        })
    }

    fn clip(&self, x: &Array, x_min: Option<&Array>, x_max: Option<&Array>) -> Result<Array> {
        let op = "clip";
        // The bounds take the dtype of `x` (scalars arrive as 0-d arrays of
        // their own default dtype).
        let lo = x_min.map(|b| host::cast_to(op, b, x.dtype())).transpose()?;
        let hi = x_max.map(|b| host::cast_to(op, b, x.dtype())).transpose()?;
        reals!(op, x, T => match (&lo, &hi) {
            (None, None) => Ok(x.clone()),
            (Some(lo), None) => host::zip(op, x, lo, |v: T, l: T| max_nan(v, l)),
            (None, Some(hi)) => host::zip(op, x, hi, |v: T, h: T| min_nan(v, h)),
            (Some(lo), Some(hi)) => {
                host::zip3::<T, T, T>(op, x, lo, hi, |v: T, l: T, h: T| min_nan(max_nan(v, l), h))
            }
        })
    }
}

/// The shape `reshape` makes of `shape` (one `-1` inferred).
fn reshape_target(x: &Array, shape: &[i64]) -> Result<Shape> {
    let op = "reshape";
    let size = x.size();
    let bad = |why: &str| {
        Error::shape(
            op,
            format!(
                "cannot reshape an array of size {size} into shape {}{why}",
                ints(shape)
            ),
            vec![x.shape().clone()],
        )
    };
    let mut unknown = None;
    let mut known = 1usize;
    let mut dims = Vec::with_capacity(shape.len());
    for (i, &d) in shape.iter().enumerate() {
        if d == -1 {
            if unknown.replace(i).is_some() {
                return Err(bad(": only one dimension can be -1"));
            }
            dims.push(1);
        } else {
            let d = usize::try_from(d).map_err(|_| bad(&format!(": dimension {d} is negative")))?;
            known = known
                .checked_mul(d)
                .ok_or_else(|| bad(": the size overflows"))?;
            dims.push(d);
        }
    }
    match unknown {
        Some(i) => {
            if known == 0 || !size.is_multiple_of(known) {
                return Err(bad(""));
            }
            if let Some(d) = dims.get_mut(i) {
                *d = size / known;
            }
        }
        None if known != size => return Err(bad("")),
        None => {}
    }
    Ok(Shape::from(dims))
}

/// `axes` must be a permutation of `0..ndim` (the generated wrapper has
/// checked it; ndarray would panic otherwise).
fn check_permutation(op: &str, axes: &[usize], ndim: usize) -> Result<()> {
    let mut seen = vec![false; ndim];
    let ok = axes.len() == ndim
        && axes.iter().all(|&a| match seen.get_mut(a) {
            Some(s) if !*s => {
                *s = true;
                true
            }
            _ => false,
        });
    if ok {
        Ok(())
    } else {
        Err(Error::invalid(
            op,
            format!("axes {axes:?} are not a permutation of the {ndim} dimensions"),
        ))
    }
}

fn out_of_bounds(op: &str, axis: usize, ndim: usize) -> Error {
    Error::AxisOutOfBounds {
        op: op.to_string(),
        axis: i64::try_from(axis).unwrap_or(i64::MAX),
        ndim,
    }
}

fn shapes_of(xs: &[Array]) -> Vec<Shape> {
    xs.iter().map(|a| a.shape().clone()).collect()
}

/// Join arrays of dtype `T` into `shape`: for each of `outer` blocks, the
/// next `size / outer` elements of every array in turn (`concat` and `stack`).
fn join<T: Element>(op: &str, xs: &[Array], outer: usize, shape: Shape) -> Result<Array> {
    let n = shape.checked_size(op)?;
    let mut out = layout::alloc::<T>(op, n)?;
    let mut parts = Vec::with_capacity(xs.len());
    for a in xs {
        let s = host::slice::<T>(op, a)?;
        let chunk = s.len().checked_div(outer).unwrap_or(0);
        if chunk > 0 {
            parts.push(s.chunks_exact(chunk));
        }
    }
    for _ in 0..outer {
        for p in &mut parts {
            if let Some(c) = p.next() {
                out.extend_from_slice(c);
            }
        }
    }
    Ok(host::out_vec(shape, out))
}

/// Roll `x` (seen with the dimensions `dims`) by `k` along each `(axis, k)`.
fn roll_t<T: Element>(
    op: &str,
    x: &Array,
    dims: &[usize],
    rolls: &[(usize, usize)],
) -> Result<Array> {
    let mut cur: Option<Vec<T>> = None;
    for &(a, k) in rolls {
        let src: &[T] = match &cur {
            Some(v) => v,
            None => host::slice::<T>(op, x)?,
        };
        let (outer, len, inner) = around(dims, a);
        let mut next = layout::alloc::<T>(op, src.len())?;
        // Position j takes the element at (j - k) mod len: the last k
        // positions come first.
        for o in 0..outer {
            let base = o * len * inner;
            next.extend_from_slice(layout::run(op, src, base + (len - k) * inner, k * inner)?);
            next.extend_from_slice(layout::run(op, src, base, (len - k) * inner)?);
        }
        cur = Some(next);
    }
    match cur {
        Some(v) => Ok(host::out_vec(x.shape().clone(), v)),
        None => Ok(x.clone()),
    }
}

/// NaN test for any element type (only floats have NaN).
#[allow(clippy::eq_op)]
#[inline]
fn is_nan<T: PartialEq + Copy>(v: T) -> bool {
    v != v
}

/// The larger of `a` and `b`; NaN if either is NaN (NumPy's `maximum`).
#[inline]
fn max_nan<T: PartialOrd + Copy>(a: T, b: T) -> T {
    if is_nan(a) || b <= a { a } else { b }
}

/// The smaller of `a` and `b`; NaN if either is NaN (NumPy's `minimum`).
#[inline]
fn min_nan<T: PartialOrd + Copy>(a: T, b: T) -> T {
    if is_nan(a) || b >= a { a } else { b }
}
