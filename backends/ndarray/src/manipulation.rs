//! Kernels of the manipulation ops.
//!
//! `reshape`, `expand_dims` and `squeeze` (and `tile` with all repeats 1)
//! share the elements of their input: only the shape changes. The others
//! copy, as runs of contiguous elements where the layout allows
//! (`concat`, `stack`, `split`, `unstack`, `roll`, `repeat`) or through a
//! strided ndarray view (`permute_dims`, `swapaxes`, `flip`, `tile`).

use crate::NdarrayBackend;
use crate::host::{self, all, reals};
use crate::layout::{self, Strided, around, ints};
use ivy::kernels::ManipulationKernels;
use ivy::{Array, Element, Error, Result, Shape, Splits};
use std::borrow::Cow;

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
        let view = Strided::of(x.shape()).permute(axes);
        all!(op, x, T => layout::materialise::<T>(op, x, &view))
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
        let sizes = ivy::split_sizes(op, x.shape(), num_or_size_splits, axis, with_remainder)?;
        let dims = around(x.shape(), axis);
        all!(op, x, T => {
            let s = host::slice::<T>(op, x)?;
            let mut out = layout::alloc(op, sizes.len())?;
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
            let mut out = layout::alloc(op, dims.1)?;
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
        let mut view = Strided::of(x.shape());
        for &a in axes {
            view.flip(a);
        }
        all!(op, x, T => layout::materialise::<T>(op, x, &view))
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
        let mut view = Strided::of(x.shape());
        view.swap(axis0, axis1);
        all!(op, x, T => layout::materialise::<T>(op, x, &view))
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
        let view = Strided::of(&spread)
            .broadcast(&target)
            .ok_or_else(overflow)?;
        all!(op, x, T => Ok(host::out_vec(out, view.gather(op, host::slice::<T>(op, x)?)?)))
    }

    fn repeat(&self, x: &Array, repeats: &[i64], axis: Option<usize>) -> Result<Array> {
        let op = "repeat";
        let counts = layout::non_negative(op, "repeats", repeats)?;
        let (dims, ax) = match axis {
            None => (vec![x.size()], 0),
            // `axis` is normalised against `x`'s rank before dispatch.
            Some(a) => (x.shape().to_vec(), a),
        };
        let (outer, len, inner) = around(&dims, ax);
        if counts.len() != 1 && counts.len() != len {
            return Err(Error::shape(
                op,
                format!(
                    "repeats {} must have one element, or one per element along the axis ({len})",
                    ints(repeats)
                ),
                vec![x.shape().clone()],
            ));
        }
        let overflow = || {
            Error::shape(
                op,
                "the number of elements overflows usize",
                vec![x.shape().clone()],
            )
        };
        let total = match counts.as_slice() {
            &[c] => c.checked_mul(len),
            each => each.iter().try_fold(0usize, |acc, &c| acc.checked_add(c)),
        }
        .ok_or_else(overflow)?;
        let shape = layout::set_dim(&dims, ax, total);
        let n = shape.checked_size(op)?;
        all!(op, x, T => Ok(host::out_vec(shape, repeat_t::<T>(op, x, n, (outer, len, inner), &counts)?)))
    }

    fn clip(&self, x: &Array, x_min: Option<&Array>, x_max: Option<&Array>) -> Result<Array> {
        let op = "clip";
        // The bounds take the dtype of `x` (scalars arrive as 0-d arrays of
        // their own default dtype).
        let lo = x_min.map(|b| host::cast_to(op, b, x.dtype())).transpose()?;
        let hi = x_max.map(|b| host::cast_to(op, b, x.dtype())).transpose()?;
        if lo.is_none() && hi.is_none() {
            return Ok(x.clone());
        }
        reals!(op, x, T => clip_t::<T>(op, x, lo.as_ref(), hi.as_ref()))
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

/// `repeat` on elements of type `T`: the `i`-th run of `inner` elements along
/// the axis (of length `len`, inside `outer` blocks) written `counts[i]`
/// times (or `counts[0]` times when it is the only count), into an output of
/// `n` elements.
fn repeat_t<T: Element>(
    op: &str,
    x: &Array,
    n: usize,
    (outer, len, inner): (usize, usize, usize),
    counts: &[usize],
) -> Result<Vec<T>> {
    let s = host::slice::<T>(op, x)?;
    let mut out = layout::alloc::<T>(op, n)?;
    if n == 0 {
        // Also covers `inner == 0`, which `chunks_exact_mut` must not see.
        return Ok(out);
    }
    out.resize(n, T::default());
    let mut rest = out.as_mut_slice();
    for o in 0..outer {
        for i in 0..len {
            let c = match counts {
                &[c] => c,
                each => each.get(i).copied().unwrap_or(0),
            };
            let chunk = layout::run(op, s, (o * len + i) * inner, inner)?;
            let (dst, tail) = std::mem::take(&mut rest)
                .split_at_mut_checked(c * inner)
                .ok_or_else(|| Error::invalid(op, "internal error: repeat output too short"))?;
            match chunk {
                [one] => dst.fill(*one),
                _ => dst
                    .chunks_exact_mut(inner)
                    .for_each(|d| d.copy_from_slice(chunk)),
            }
            rest = tail;
        }
    }
    Ok(out)
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

/// One operand of `clip` over the output's elements: a single value, or one
/// element per output element.
enum Spread<'a, T: Clone> {
    One(T),
    Many(Cow<'a, [T]>),
}

/// `clip` on elements of type `T`: bounds broadcast with `x` (the output has
/// the broadcast shape), applied as NumPy's `minimum(maximum(x, lo), hi)`.
fn clip_t<T: Element + PartialOrd>(
    op: &str,
    x: &Array,
    lo: Option<&Array>,
    hi: Option<&Array>,
) -> Result<Array> {
    let mut shape = x.shape().clone();
    for b in [lo, hi].into_iter().flatten() {
        shape = ivy::broadcast_shapes_of(op, &shape, b.shape())?;
    }
    let xs = spread(op, x, &shape)?;
    let lo = lo.map(|b| bound(op, b, &shape)).transpose()?;
    let hi = hi.map(|b| bound(op, b, &shape)).transpose()?;
    let mut out = layout::alloc::<T>(op, xs.len())?;
    let xs = xs.iter().copied();
    match (lo, hi) {
        (None, None) => out.extend(xs),
        (Some(l), None) => with_bound(&mut out, xs, &l, max_nan),
        (None, Some(h)) => with_bound(&mut out, xs, &h, min_nan),
        (Some(Spread::One(l)), Some(h)) => {
            with_bound(&mut out, xs.map(|v| max_nan(v, l)), &h, min_nan)
        }
        (Some(Spread::Many(l)), Some(h)) => with_bound(
            &mut out,
            xs.zip(l.iter().copied()).map(|(v, l)| max_nan(v, l)),
            &h,
            min_nan,
        ),
    }
    Ok(host::out_vec(shape, out))
}

/// The elements of `a` broadcast to `shape` (borrowed when it has that shape).
fn spread<'a, T: Element>(op: &str, a: &'a Array, shape: &Shape) -> Result<Cow<'a, [T]>> {
    let s = host::slice::<T>(op, a)?;
    if a.shape() == shape {
        return Ok(Cow::Borrowed(s));
    }
    let view = Strided::of(a.shape())
        .broadcast(shape)
        .ok_or_else(|| Error::Broadcast {
            op: op.to_string(),
            shapes: vec![a.shape().clone(), shape.clone()],
        })?;
    Ok(Cow::Owned(view.gather(op, s)?))
}

/// A bound of `clip` over the output's elements.
fn bound<'a, T: Element>(op: &str, b: &'a Array, shape: &Shape) -> Result<Spread<'a, T>> {
    match host::slice::<T>(op, b)? {
        [one] => Ok(Spread::One(*one)),
        _ => spread(op, b, shape).map(Spread::Many),
    }
}

/// Append `f(v, bound)` for each `v`.
fn with_bound<T: Copy>(
    out: &mut Vec<T>,
    xs: impl Iterator<Item = T>,
    b: &Spread<'_, T>,
    f: fn(T, T) -> T,
) {
    match b {
        Spread::One(c) => out.extend(xs.map(|v| f(v, *c))),
        Spread::Many(cs) => out.extend(xs.zip(cs.iter().copied()).map(|(v, c)| f(v, c))),
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

#[cfg(test)]
mod tests {
    use ivy::opts::{
        Concat, ExpandDims, Flip, Repeat, Reshape, Roll, Split, Squeeze, Stack, Unstack,
    };
    use ivy::{Array, Dtype, Element, Error, Result, Splits, bf16, f16};

    fn arr<T: Element>(shape: &[usize], v: Vec<T>) -> Array {
        Array::from_shape_vec(shape.to_vec(), v).expect("the test data fits its shape")
    }

    /// `0, 1, 2, ...` as int64 in `shape`.
    fn iota(shape: &[usize]) -> Array {
        let n: usize = shape.iter().product();
        arr(shape, (0..n as i64).collect())
    }

    fn i64s(x: &Array) -> Vec<i64> {
        ivy::astype(x, Dtype::Int64)
            .and_then(|y| y.to_vec::<i64>())
            .expect("castable to int64")
    }

    fn dims(x: &Array) -> Vec<usize> {
        x.shape().to_vec()
    }

    /// `f` applied to `x` cast to every dtype equals `want` cast to it.
    fn every_dtype(x: &Array, want: &Array, f: impl Fn(&Array) -> Result<Array>) -> Result<()> {
        for d in Dtype::ALL {
            let got = f(&ivy::astype(x, d)?)?;
            assert_eq!(got, ivy::astype(want, d)?, "{d}");
        }
        Ok(())
    }

    #[test]
    fn reshape_infers_one_dimension_and_shares_the_elements() -> Result<()> {
        let x = iota(&[6]);
        let y = ivy::reshape(&x, [2, -1])?;
        assert_eq!(dims(&y), [2, 3]);
        assert_eq!(i64s(&y), [0, 1, 2, 3, 4, 5]);
        assert!(y.shares_data_with(&x));
        assert_eq!(dims(&ivy::reshape(&x, [-1, 1, 2])?), [3, 1, 2]);
        assert_eq!(dims(&ivy::reshape(&x, [-1])?), [6]);
        let c = ivy::reshape_with(&x, [3, 2], Reshape::new().copy(true))?;
        assert_eq!(dims(&c), [3, 2]);
        // 0-d and empty arrays.
        let s = ivy::reshape(&arr(&[], vec![7.5f32]), [1, 1])?;
        assert_eq!((dims(&s), s.to_vec::<f32>()?), (vec![1, 1], vec![7.5]));
        assert_eq!(
            dims(&ivy::reshape(&s, Vec::<i64>::new())?),
            Vec::<usize>::new()
        );
        let e = iota(&[0, 3]);
        assert_eq!(dims(&ivy::reshape(&e, [3, 0, 5])?), [3, 0, 5]);
        assert_eq!(dims(&ivy::reshape(&e, [-1, 3])?), [0, 3]);
        every_dtype(&iota(&[2, 2]), &arr(&[4], vec![0i64, 1, 2, 3]), |x| {
            ivy::reshape(x, [4])
        })
    }

    #[test]
    fn reshape_errors() {
        let x = iota(&[6]);
        let check = |shape: Vec<i64>, needle: &str| {
            let e = ivy::reshape(&x, shape.clone()).unwrap_err();
            assert_eq!(e.op(), Some("reshape"));
            assert!(matches!(e, Error::Shape { .. }), "{e}");
            assert!(e.to_string().contains(needle), "{shape:?}: {e}");
        };
        check(vec![4], "size 6 into shape (4,)");
        check(vec![-1, -1], "only one dimension can be -1");
        check(vec![2, -2], "dimension -2 is negative");
        check(vec![-1, 4], "into shape (-1, 4)");
        check(vec![i64::MAX, i64::MAX], "overflows");
        let e = ivy::reshape(&iota(&[0]), [0, -1]).unwrap_err();
        assert!(e.to_string().contains("size 0 into shape (0, -1)"), "{e}");
    }

    #[test]
    fn permute_dims_moves_axes() -> Result<()> {
        let x = iota(&[2, 3, 4]);
        let y = ivy::permute_dims(&x, [2, 0, 1])?;
        assert_eq!(dims(&y), [4, 2, 3]);
        // y[i, j, k] = x[j, k, i] = 12 j + 4 k + i.
        let want: Vec<i64> = (0..4)
            .flat_map(|i| (0..2).flat_map(move |j| (0..3).map(move |k| 12 * j + 4 * k + i)))
            .collect();
        assert_eq!(i64s(&y), want);
        assert_eq!(ivy::permute_dims(&x, [-1, 0, 1])?, y);
        let ident = ivy::permute_dims(&x, [0, 1, 2])?;
        assert!(ident.shares_data_with(&x));
        let s = arr(&[], vec![3u8]);
        assert_eq!(ivy::permute_dims(&s, Vec::<i64>::new())?, s);
        assert_eq!(dims(&ivy::permute_dims(&iota(&[0, 2]), [1, 0])?), [2, 0]);
        every_dtype(&iota(&[2, 2]), &arr(&[2, 2], vec![0i64, 2, 1, 3]), |x| {
            ivy::permute_dims(x, [1, 0])
        })?;
        assert!(ivy::permute_dims(&x, [0, 0, 1]).is_err());
        assert!(ivy::permute_dims(&x, [0, 1]).is_err());
        assert!(matches!(
            ivy::permute_dims(&x, [0, 1, 3]),
            Err(Error::AxisOutOfBounds { .. })
        ));
        Ok(())
    }

    #[test]
    fn expand_dims_inserts_axes_in_the_result() -> Result<()> {
        let x = iota(&[2, 3]);
        let y = ivy::expand_dims(&x)?;
        assert_eq!(dims(&y), [1, 2, 3]);
        assert!(y.shares_data_with(&x));
        let with = |axis: Vec<i64>| {
            ivy::expand_dims_with(&x, ExpandDims::new().axis(axis)).map(|a| dims(&a))
        };
        assert_eq!(with(vec![-1])?, [2, 3, 1]);
        assert_eq!(with(vec![1])?, [2, 1, 3]);
        assert_eq!(with(vec![0, -1])?, [1, 2, 3, 1]);
        assert_eq!(with(vec![3, 0])?, [1, 2, 3, 1]);
        assert_eq!(with(vec![1, 2])?, [2, 1, 1, 3]);
        assert_eq!(with(vec![])?, [2, 3]);
        assert_eq!(dims(&ivy::expand_dims(&arr(&[], vec![true]))?), [1]);
        assert_eq!(
            dims(&ivy::expand_dims_with(
                &iota(&[0]),
                ExpandDims::new().axis(1)
            )?),
            [0, 1]
        );
        every_dtype(&iota(&[2]), &arr(&[1, 2], vec![0i64, 1]), |x| {
            ivy::expand_dims(x)
        })?;
        // Out of bounds against ndim + len(axis), and repeats.
        let e = ivy::expand_dims_with(&x, ExpandDims::new().axis(3)).unwrap_err();
        assert_eq!(
            e,
            Error::AxisOutOfBounds {
                op: "expand_dims".into(),
                axis: 3,
                ndim: 3
            }
        );
        assert!(with(vec![-4]).is_err());
        let e = ivy::expand_dims_with(&x, ExpandDims::new().axis([0, -4])).unwrap_err();
        assert!(e.to_string().contains("repeated"), "{e}");
        assert!(with(vec![1, 1]).is_err());
        Ok(())
    }

    #[test]
    fn squeeze_removes_length_one_axes() -> Result<()> {
        let x = iota(&[1, 2, 1]);
        let y = ivy::squeeze(&x)?;
        assert_eq!(dims(&y), [2]);
        assert!(y.shares_data_with(&x));
        assert_eq!(
            dims(&ivy::squeeze_with(&x, Squeeze::new().axis(0))?),
            [2, 1]
        );
        assert_eq!(
            dims(&ivy::squeeze_with(&x, Squeeze::new().axis(-1))?),
            [1, 2]
        );
        assert_eq!(
            dims(&ivy::squeeze_with(&x, Squeeze::new().axis([0, 2]))?),
            [2]
        );
        assert_eq!(dims(&ivy::squeeze(&iota(&[1, 1]))?), Vec::<usize>::new());
        assert_eq!(
            dims(&ivy::squeeze(&arr(&[], vec![1.0f64]))?),
            Vec::<usize>::new()
        );
        assert_eq!(dims(&ivy::squeeze(&iota(&[0, 1]))?), [0]);
        every_dtype(&iota(&[1, 3]), &arr(&[3], vec![0i64, 1, 2]), |x| {
            ivy::squeeze(x)
        })?;
        let e = ivy::squeeze_with(&x, Squeeze::new().axis(1)).unwrap_err();
        assert!(
            matches!(e, Error::Shape { .. }) && e.to_string().contains("axis 1"),
            "{e}"
        );
        assert!(matches!(
            ivy::squeeze_with(&x, Squeeze::new().axis(3)),
            Err(Error::AxisOutOfBounds { .. })
        ));
        assert!(ivy::squeeze_with(&x, Squeeze::new().axis([0, 0])).is_err());
        Ok(())
    }

    #[test]
    fn concat_joins_along_an_axis_or_flattened() -> Result<()> {
        let a = arr(&[2, 2], vec![1i32, 2, 3, 4]);
        let b = arr(&[2, 1], vec![5i32, 6]);
        let c = arr(&[1, 2], vec![7i32, 8]);
        assert_eq!(
            ivy::concat([&a, &c])?,
            arr(&[3, 2], vec![1i32, 2, 3, 4, 7, 8])
        );
        let w = arr(&[2, 3], vec![1i32, 2, 5, 3, 4, 6]);
        assert_eq!(ivy::concat_with([&a, &b], Concat::new().axis(1))?, w);
        assert_eq!(ivy::concat_with([&a, &b], Concat::new().axis(-1))?, w);
        let flat = ivy::concat_with([&a, &b, &arr(&[], vec![9i32])], Concat::new().axis(None))?;
        assert_eq!(flat, arr(&[7], vec![1i32, 2, 3, 4, 5, 6, 9]));
        // Three arrays along the middle axis of 3-d arrays.
        let p = iota(&[2, 1, 2]);
        let q = arr(&[2, 2, 2], (10..18).collect::<Vec<i64>>());
        let r = ivy::concat_with([&p, &q, &p], Concat::new().axis(1))?;
        assert_eq!(dims(&r), [2, 4, 2]);
        assert_eq!(
            i64s(&r),
            [0, 1, 10, 11, 12, 13, 0, 1, 2, 3, 14, 15, 16, 17, 2, 3]
        );
        // Promotion, empty arrays, one array.
        let m = ivy::concat([&arr(&[1], vec![1i8]), &arr(&[1], vec![300i16])])?;
        assert_eq!(m, arr(&[2], vec![1i16, 300]));
        let e = ivy::concat([&iota(&[0, 2]), &iota(&[1, 2])])?;
        assert_eq!(e, iota(&[1, 2]));
        assert_eq!(ivy::concat([&a])?, a);
        every_dtype(&iota(&[2]), &arr(&[4], vec![0i64, 1, 0, 1]), |x| {
            ivy::concat([x, x])
        })
    }

    #[test]
    fn concat_errors() {
        let a = iota(&[2, 2]);
        let e = ivy::concat([&a, &iota(&[2])]).unwrap_err();
        assert!(
            e.to_string().contains("same number of dimensions")
                && e.to_string().contains("(2, 2) and (2,)"),
            "{e}"
        );
        let e = ivy::concat([&a, &iota(&[2, 3])]).unwrap_err();
        assert!(e.to_string().contains("except along axis 0"), "{e}");
        assert!(matches!(ivy::concat([&a, &a]).map(|c| dims(&c)), Ok(d) if d == [4, 2]));
        assert!(matches!(
            ivy::concat_with([&a, &a], Concat::new().axis(2)),
            Err(Error::AxisOutOfBounds { .. })
        ));
        let s = arr(&[], vec![1i64]);
        assert!(matches!(
            ivy::concat([&s, &s]),
            Err(Error::AxisOutOfBounds { .. })
        ));
        assert!(ivy::concat(Vec::<Array>::new()).is_err());
        assert!(ivy::concat_with(Vec::<Array>::new(), Concat::new().axis(None)).is_err());
    }

    #[test]
    fn stack_joins_along_a_new_axis() -> Result<()> {
        let a = arr(&[2], vec![1u16, 2]);
        let b = arr(&[2], vec![3u16, 4]);
        assert_eq!(ivy::stack([&a, &b])?, arr(&[2, 2], vec![1u16, 2, 3, 4]));
        assert_eq!(
            ivy::stack_with([&a, &b], Stack::new().axis(1))?,
            arr(&[2, 2], vec![1u16, 3, 2, 4])
        );
        assert_eq!(
            ivy::stack_with([&a, &b], Stack::new().axis(-1))?,
            arr(&[2, 2], vec![1u16, 3, 2, 4])
        );
        let m = iota(&[2, 2]);
        let n = arr(&[2, 2], vec![4i64, 5, 6, 7]);
        let s = ivy::stack_with([&m, &n, &m], Stack::new().axis(1))?;
        assert_eq!(dims(&s), [2, 3, 2]);
        assert_eq!(i64s(&s), [0, 1, 4, 5, 0, 1, 2, 3, 6, 7, 2, 3]);
        let z = ivy::stack([&arr(&[], vec![1.5f64]), &arr(&[], vec![2.5f64])])?;
        assert_eq!(z, arr(&[2], vec![1.5f64, 2.5]));
        assert_eq!(dims(&ivy::stack([&iota(&[0]), &iota(&[0])])?), [2, 0]);
        assert_eq!(
            ivy::stack([&arr(&[1], vec![1u8]), &arr(&[1], vec![2.0f32])])?.dtype(),
            Dtype::Float32
        );
        every_dtype(&iota(&[2]), &arr(&[2, 2], vec![0i64, 0, 1, 1]), |x| {
            ivy::stack_with([x, x], Stack::new().axis(1))
        })?;
        let e = ivy::stack([&a, &arr(&[3], vec![1u16, 2, 3])]).unwrap_err();
        assert!(e.to_string().contains("same shape"), "{e}");
        assert!(matches!(
            ivy::stack_with([&a, &b], Stack::new().axis(2)),
            Err(Error::AxisOutOfBounds { .. })
        ));
        assert!(ivy::stack(Vec::<Array>::new()).is_err());
        Ok(())
    }

    #[test]
    fn split_into_elements_sections_or_sizes() -> Result<()> {
        let x = iota(&[3]);
        let parts = ivy::split(&x)?;
        assert_eq!(
            parts.iter().map(i64s).collect::<Vec<_>>(),
            [vec![0], vec![1], vec![2]]
        );
        assert!(parts.iter().all(|p| dims(p) == [1]));
        let six = iota(&[6]);
        let s = ivy::split_with(&six, Split::new().num_or_size_splits(3usize))?;
        assert_eq!(
            s.iter().map(i64s).collect::<Vec<_>>(),
            [vec![0, 1], vec![2, 3], vec![4, 5]]
        );
        let s = ivy::split_with(&six, Split::new().num_or_size_splits([1, 0, 5]))?;
        assert_eq!(
            s.iter().map(i64s).collect::<Vec<_>>(),
            [vec![0], vec![], vec![1, 2, 3, 4, 5]]
        );
        // Along axis 1 of a 2-d array.
        let m = iota(&[2, 4]);
        let s = ivy::split_with(&m, Split::new().num_or_size_splits(2usize).axis(1))?;
        assert_eq!(s[0], arr(&[2, 2], vec![0i64, 1, 4, 5]));
        assert_eq!(s[1], arr(&[2, 2], vec![2i64, 3, 6, 7]));
        let s = ivy::split_with(&m, Split::new().num_or_size_splits([3, 1]).axis(-1))?;
        assert_eq!(s[0], arr(&[2, 3], vec![0i64, 1, 2, 4, 5, 6]));
        assert_eq!(s[1], arr(&[2, 1], vec![3i64, 7]));
        // With a remainder: sections of n elements, the last shorter (Ivy's
        // doc example: [[3, 2, 1], [4, 5, 6]] in 2 along axis 1).
        let d = arr(&[2, 3], vec![3i32, 2, 1, 4, 5, 6]);
        let s = ivy::split_with(
            &d,
            Split::new()
                .num_or_size_splits(2usize)
                .axis(1)
                .with_remainder(true),
        )?;
        assert_eq!(
            s,
            [
                arr(&[2, 2], vec![3i32, 2, 4, 5]),
                arr(&[2, 1], vec![1i32, 6])
            ]
        );
        let ten = iota(&[10]);
        let s = ivy::split_with(
            &ten,
            Split::new().num_or_size_splits(4usize).with_remainder(true),
        )?;
        assert_eq!(s.iter().map(|p| p.size()).collect::<Vec<_>>(), [4, 4, 2]);
        assert_eq!(i64s(&s[2]), [8, 9]);
        let s = ivy::split_with(
            &six,
            Split::new().num_or_size_splits(3usize).with_remainder(true),
        )?;
        assert_eq!(s.len(), 3);
        // Empty axes.
        assert!(ivy::split(&iota(&[0]))?.is_empty());
        let s = ivy::split_with(&iota(&[0, 2]), Split::new().num_or_size_splits(2usize))?;
        assert!(s.len() == 2 && s.iter().all(|p| dims(p) == [0, 2]));
        for d in Dtype::ALL {
            let s = ivy::split_with(
                &ivy::astype(&six, d)?,
                Split::new().num_or_size_splits(2usize),
            )?;
            assert_eq!(s[1], ivy::astype(&arr(&[3], vec![3i64, 4, 5]), d)?, "{d}");
        }
        Ok(())
    }

    #[test]
    fn split_errors() {
        let seven = iota(&[7]);
        let e = ivy::split_with(&seven, Split::new().num_or_size_splits(3usize)).unwrap_err();
        assert!(
            matches!(e, Error::Shape { .. })
                && e.to_string().contains("length 7 cannot be split into 3"),
            "{e}"
        );
        let e = ivy::split_with(&seven, Split::new().num_or_size_splits(0usize)).unwrap_err();
        assert!(e.to_string().contains("0 sections"), "{e}");
        let e = ivy::split_with(&seven, Split::new().num_or_size_splits([3, 3])).unwrap_err();
        assert!(
            e.to_string().contains("do not add up to the length 7"),
            "{e}"
        );
        let e = ivy::split_with(
            &seven,
            Split::new().num_or_size_splits(Splits::Sizes(vec![usize::MAX, 8])),
        )
        .unwrap_err();
        assert!(matches!(e, Error::Shape { .. }), "{e}");
        assert!(matches!(
            ivy::split_with(&seven, Split::new().axis(1)),
            Err(Error::AxisOutOfBounds { .. })
        ));
        assert!(ivy::split(&arr(&[], vec![1i32])).is_err());
    }

    #[test]
    fn unstack_slices_along_an_axis() -> Result<()> {
        let x = iota(&[2, 3]);
        let rows = ivy::unstack(&x)?;
        assert_eq!(
            rows,
            [arr(&[3], vec![0i64, 1, 2]), arr(&[3], vec![3i64, 4, 5])]
        );
        let cols = ivy::unstack_with(&x, Unstack::new().axis(1))?;
        assert_eq!(
            cols.iter().map(i64s).collect::<Vec<_>>(),
            [vec![0, 3], vec![1, 4], vec![2, 5]]
        );
        assert_eq!(ivy::unstack_with(&x, Unstack::new().axis(-1))?, cols);
        let kept = ivy::unstack_with(&x, Unstack::new().axis(1).keepdims(true))?;
        assert!(kept.iter().all(|c| dims(c) == [2, 1]));
        assert_eq!(i64s(&kept[2]), [2, 5]);
        let z = ivy::unstack(&arr(&[2], vec![1.5f32, 2.5]))?;
        assert_eq!(z, [arr(&[], vec![1.5f32]), arr(&[], vec![2.5f32])]);
        assert!(ivy::unstack(&iota(&[0, 3]))?.is_empty());
        let e = ivy::unstack_with(&iota(&[2, 0]), Unstack::new().axis(0))?;
        assert!(e.len() == 2 && e.iter().all(|p| dims(p) == [0]));
        for d in Dtype::ALL {
            let cols = ivy::unstack_with(&ivy::astype(&x, d)?, Unstack::new().axis(1))?;
            assert_eq!(cols[1], ivy::astype(&arr(&[2], vec![1i64, 4]), d)?, "{d}");
        }
        assert!(ivy::unstack(&arr(&[], vec![1i32])).is_err());
        assert!(matches!(
            ivy::unstack_with(&x, Unstack::new().axis(2)),
            Err(Error::AxisOutOfBounds { .. })
        ));
        Ok(())
    }

    #[test]
    fn flip_reverses_axes() -> Result<()> {
        let x = iota(&[2, 3]);
        assert_eq!(i64s(&ivy::flip(&x)?), [5, 4, 3, 2, 1, 0]);
        assert_eq!(
            i64s(&ivy::flip_with(&x, Flip::new().axis(0))?),
            [3, 4, 5, 0, 1, 2]
        );
        assert_eq!(
            i64s(&ivy::flip_with(&x, Flip::new().axis(-1))?),
            [2, 1, 0, 5, 4, 3]
        );
        assert_eq!(
            i64s(&ivy::flip_with(&x, Flip::new().axis([0, 1]))?),
            [5, 4, 3, 2, 1, 0]
        );
        let c = iota(&[2, 2, 2]);
        assert_eq!(
            i64s(&ivy::flip_with(&c, Flip::new().axis([0, 2]))?),
            [5, 4, 7, 6, 1, 0, 3, 2]
        );
        let s = arr(&[], vec![4i8]);
        assert_eq!(ivy::flip(&s)?, s);
        assert_eq!(dims(&ivy::flip(&iota(&[0, 2]))?), [0, 2]);
        let nan = ivy::flip(&arr(&[2], vec![f32::NAN, 1.0]))?.to_vec::<f32>()?;
        assert!(nan[0] == 1.0 && nan[1].is_nan());
        every_dtype(&iota(&[3]), &arr(&[3], vec![2i64, 1, 0]), |x| ivy::flip(x))?;
        assert!(matches!(
            ivy::flip_with(&x, Flip::new().axis(2)),
            Err(Error::AxisOutOfBounds { .. })
        ));
        assert!(ivy::flip_with(&x, Flip::new().axis([1, -1])).is_err());
        Ok(())
    }

    #[test]
    fn roll_shifts_with_wraparound() -> Result<()> {
        let v = arr(&[4], vec![1i32, 2, 3, 4]);
        assert_eq!(ivy::roll(&v, 1)?, arr(&[4], vec![4i32, 1, 2, 3]));
        assert_eq!(ivy::roll(&v, -1)?, arr(&[4], vec![2i32, 3, 4, 1]));
        assert_eq!(ivy::roll(&v, 5)?, arr(&[4], vec![4i32, 1, 2, 3]));
        assert_eq!(ivy::roll(&v, -8)?, v);
        assert_eq!(ivy::roll(&v, i64::MIN)?, v);
        // No axis: the flattened array, shifts added up (NumPy).
        let m = iota(&[2, 3]);
        assert_eq!(i64s(&ivy::roll(&m, 1)?), [5, 0, 1, 2, 3, 4]);
        assert_eq!(dims(&ivy::roll(&m, 1)?), [2, 3]);
        assert_eq!(i64s(&ivy::roll(&m, [1, 2])?), [3, 4, 5, 0, 1, 2]);
        // Along axes.
        let along = |shift: Vec<i64>, axis: Vec<i64>| {
            ivy::roll_with(&m, shift, Roll::new().axis(axis)).map(|r| i64s(&r))
        };
        assert_eq!(along(vec![1], vec![0])?, [3, 4, 5, 0, 1, 2]);
        assert_eq!(along(vec![1], vec![1])?, [2, 0, 1, 5, 3, 4]);
        assert_eq!(along(vec![-1], vec![-1])?, [1, 2, 0, 4, 5, 3]);
        assert_eq!(along(vec![1, 2], vec![0, 1])?, [4, 5, 3, 1, 2, 0]);
        assert_eq!(along(vec![1], vec![0, 1])?, [5, 3, 4, 2, 0, 1]);
        assert_eq!(along(vec![1, 1], vec![1])?, [1, 2, 0, 4, 5, 3]);
        assert_eq!(along(vec![1, 1], vec![1, 1])?, [1, 2, 0, 4, 5, 3]);
        assert_eq!(along(vec![], vec![])?, i64s(&m));
        // 0-d and empty arrays.
        let s = arr(&[], vec![true]);
        assert_eq!(ivy::roll(&s, 3)?, s);
        assert_eq!(
            dims(&ivy::roll_with(&iota(&[0, 3]), 1, Roll::new().axis(0))?),
            [0, 3]
        );
        assert_eq!(dims(&ivy::roll(&iota(&[0]), 2)?), [0]);
        every_dtype(&iota(&[3]), &arr(&[3], vec![2i64, 0, 1]), |x| {
            ivy::roll(x, 1)
        })?;
        Ok(())
    }

    #[test]
    fn roll_errors() {
        let m = iota(&[2, 3]);
        let e = ivy::roll_with(&m, [1, 2], Roll::new().axis([0, 1, 0])).unwrap_err();
        assert!(e.to_string().contains("same length"), "{e}");
        let e = ivy::roll_with(&m, Vec::<i64>::new(), Roll::new().axis(0)).unwrap_err();
        assert!(e.to_string().contains("matching lengths"), "{e}");
        assert_eq!(
            ivy::roll_with(&m, 1, Roll::new().axis(2)).unwrap_err(),
            Error::AxisOutOfBounds {
                op: "roll".into(),
                axis: 2,
                ndim: 2
            }
        );
        assert!(ivy::roll_with(&arr(&[], vec![1i32]), 1, Roll::new().axis(0)).is_err());
    }

    #[test]
    fn swapaxes_exchanges_two_axes() -> Result<()> {
        let x = iota(&[2, 3]);
        assert_eq!(
            ivy::swapaxes(&x, 0, 1)?,
            arr(&[3, 2], vec![0i64, 3, 1, 4, 2, 5])
        );
        assert_eq!(
            ivy::swapaxes(&x, -1, 0)?,
            arr(&[3, 2], vec![0i64, 3, 1, 4, 2, 5])
        );
        let c = iota(&[2, 3, 4]);
        let y = ivy::swapaxes(&c, 0, 2)?;
        assert_eq!(dims(&y), [4, 3, 2]);
        // y[i, j, k] = c[k, j, i] = 12 k + 4 j + i.
        let want: Vec<i64> = (0..4)
            .flat_map(|i| (0..3).flat_map(move |j| (0..2).map(move |k| 12 * k + 4 * j + i)))
            .collect();
        assert_eq!(i64s(&y), want);
        assert!(ivy::swapaxes(&x, 1, -1)?.shares_data_with(&x));
        assert_eq!(dims(&ivy::swapaxes(&iota(&[0, 2]), 0, 1)?), [2, 0]);
        every_dtype(&iota(&[1, 2]), &arr(&[2, 1], vec![0i64, 1]), |x| {
            ivy::swapaxes(x, 0, 1)
        })?;
        assert!(matches!(
            ivy::swapaxes(&x, 0, 2),
            Err(Error::AxisOutOfBounds { .. })
        ));
        assert!(ivy::swapaxes(&arr(&[], vec![1i32]), 0, 0).is_err());
        Ok(())
    }

    #[test]
    fn tile_repeats_the_whole_array() -> Result<()> {
        let v = arr(&[2], vec![1i32, 2]);
        assert_eq!(ivy::tile(&v, 2)?, arr(&[4], vec![1i32, 2, 1, 2]));
        assert_eq!(ivy::tile(&v, [2, 1])?, arr(&[2, 2], vec![1i32, 2, 1, 2]));
        assert_eq!(
            ivy::tile(&v, [2, 2])?,
            arr(&[2, 4], vec![1i32, 2, 1, 2, 1, 2, 1, 2])
        );
        let m = arr(&[2, 2], vec![1i32, 2, 3, 4]);
        assert_eq!(
            ivy::tile(&m, 2)?,
            arr(&[2, 4], vec![1i32, 2, 1, 2, 3, 4, 3, 4])
        );
        assert_eq!(
            ivy::tile(&m, [2, 1])?,
            arr(&[4, 2], vec![1i32, 2, 3, 4, 1, 2, 3, 4])
        );
        assert_eq!(dims(&ivy::tile(&m, [3, 1, 1])?), [3, 2, 2]);
        assert_eq!(
            ivy::tile(&arr(&[], vec![7u8]), 3)?,
            arr(&[3], vec![7u8, 7, 7])
        );
        let same = ivy::tile(&m, Vec::<i64>::new())?;
        assert!(same == m && same.shares_data_with(&m));
        assert!(ivy::tile(&m, [1, 1, 1])?.shares_data_with(&m));
        assert_eq!(dims(&ivy::tile(&m, 0)?), [2, 0]);
        assert_eq!(dims(&ivy::tile(&iota(&[0]), 3)?), [0]);
        every_dtype(&iota(&[2]), &arr(&[4], vec![0i64, 1, 0, 1]), |x| {
            ivy::tile(x, 2)
        })?;
        let e = ivy::tile(&m, [-1]).unwrap_err();
        assert!(e.to_string().contains("must not be negative"), "{e}");
        assert!(ivy::tile(&m, [i64::MAX, i64::MAX]).is_err());
        Ok(())
    }

    #[test]
    fn repeat_repeats_each_element() -> Result<()> {
        let v = arr(&[2], vec![1i32, 2]);
        assert_eq!(ivy::repeat(&v, 2)?, arr(&[4], vec![1i32, 1, 2, 2]));
        let w = arr(&[3], vec![1i32, 2, 3]);
        assert_eq!(ivy::repeat(&w, [1, 0, 2])?, arr(&[3], vec![1i32, 3, 3]));
        let m = arr(&[2, 2], vec![1i32, 2, 3, 4]);
        assert_eq!(
            ivy::repeat(&m, 2)?,
            arr(&[8], vec![1i32, 1, 2, 2, 3, 3, 4, 4])
        );
        assert_eq!(
            ivy::repeat_with(&m, 2, Repeat::new().axis(0))?,
            arr(&[4, 2], vec![1i32, 2, 1, 2, 3, 4, 3, 4])
        );
        assert_eq!(
            ivy::repeat_with(&m, [2, 1], Repeat::new().axis(-1))?,
            arr(&[2, 3], vec![1i32, 1, 2, 3, 3, 4])
        );
        assert_eq!(
            ivy::repeat(&arr(&[], vec![2.5f64]), 3)?,
            arr(&[3], vec![2.5f64, 2.5, 2.5])
        );
        assert_eq!(dims(&ivy::repeat(&v, 0)?), [0]);
        assert_eq!(
            dims(&ivy::repeat_with(&iota(&[0, 2]), 3, Repeat::new().axis(0))?),
            [0, 2]
        );
        assert_eq!(
            dims(&ivy::repeat_with(
                &iota(&[0, 2]),
                Vec::<i64>::new(),
                Repeat::new().axis(0)
            )?),
            [0, 2]
        );
        every_dtype(&iota(&[2]), &arr(&[3], vec![0i64, 1, 1]), |x| {
            ivy::repeat(x, [1, 2])
        })?;
        let e = ivy::repeat(&w, [1, 2]).unwrap_err();
        assert!(
            matches!(e, Error::Shape { .. }) && e.to_string().contains("one per element"),
            "{e}"
        );
        assert!(
            ivy::repeat(&w, -1)
                .unwrap_err()
                .to_string()
                .contains("must not be negative")
        );
        assert!(matches!(
            ivy::repeat_with(&m, 2, Repeat::new().axis(2)),
            Err(Error::AxisOutOfBounds { .. })
        ));
        assert!(ivy::repeat(&w, [i64::MAX, i64::MAX, 1]).is_err());
        Ok(())
    }

    #[test]
    fn clip_bounds_in_the_dtype_of_x() -> Result<()> {
        use ivy::opts::Clip;
        let x = arr(&[3], vec![1i32, 5, 9]);
        assert_eq!(
            ivy::clip_with(&x, Clip::new().x_min(2).x_max(6))?,
            arr(&[3], vec![2i32, 5, 6])
        );
        assert_eq!(
            ivy::clip_with(&x, Clip::new().x_min(4))?,
            arr(&[3], vec![4i32, 5, 9])
        );
        assert_eq!(
            ivy::clip_with(&x, Clip::new().x_max(4))?,
            arr(&[3], vec![1i32, 4, 4])
        );
        assert_eq!(ivy::clip(&x)?, x);
        // A float bound is cast to the int dtype of x (2.7 -> 2).
        assert_eq!(
            ivy::clip_with(&x, Clip::new().x_min(2.7).x_max(6.9))?,
            arr(&[3], vec![2i32, 5, 6])
        );
        // Array bounds broadcast with x.
        let lo = arr(&[2, 1], vec![0i32, 6]);
        let c = ivy::clip_with(&x, Clip::new().x_min(lo).x_max(8))?;
        assert_eq!(c, arr(&[2, 3], vec![1i32, 5, 8, 6, 6, 8]));
        let hi = arr(&[3], vec![0.5f64, 10.0, 7.0]);
        assert_eq!(
            ivy::clip_with(&x, Clip::new().x_max(hi))?,
            arr(&[3], vec![0i32, 5, 7])
        );
        // NaN stays NaN; a NaN bound gives NaN.
        let f = arr(&[4], vec![f32::NAN, -1.0, 0.5, f32::INFINITY]);
        let c = ivy::clip_with(&f, Clip::new().x_min(0.0).x_max(1.0))?.to_vec::<f32>()?;
        assert!(c[0].is_nan());
        assert_eq!(&c[1..], [0.0, 0.5, 1.0]);
        let c = ivy::clip_with(&arr(&[1], vec![0.5f64]), Clip::new().x_min(f64::NAN))?
            .to_vec::<f64>()?;
        assert!(c[0].is_nan());
        let h = arr(
            &[3],
            vec![f16::from_f32(-2.0), f16::from_f32(0.25), f16::from_f32(3.0)],
        );
        let c = ivy::clip_with(&h, Clip::new().x_min(-1).x_max(1))?;
        assert_eq!(
            c.to_vec::<f16>()?,
            [f16::from_f32(-1.0), f16::from_f32(0.25), f16::from_f32(1.0)]
        );
        let b = arr(&[2], vec![bf16::from_f32(-2.0), bf16::from_f32(2.0)]);
        assert_eq!(
            ivy::clip_with(&b, Clip::new().x_min(0))?.to_vec::<bf16>()?,
            [bf16::ZERO, bf16::from_f32(2.0)]
        );
        let u = arr(&[3], vec![0u8, 100, 255]);
        assert_eq!(
            ivy::clip_with(&u, Clip::new().x_min(10).x_max(200))?,
            arr(&[3], vec![10u8, 100, 200])
        );
        let z = arr(&[], vec![5i64]);
        assert_eq!(
            ivy::clip_with(&z, Clip::new().x_max(3))?,
            arr(&[], vec![3i64])
        );
        assert_eq!(
            dims(&ivy::clip_with(&iota(&[0]), Clip::new().x_min(1))?),
            [0]
        );
        // min > max gives max (NumPy: minimum(maximum(x, lo), hi)).
        assert_eq!(
            ivy::clip_with(&x, Clip::new().x_min(7).x_max(3))?,
            arr(&[3], vec![3i32, 3, 3])
        );
        for d in Dtype::ALL
            .into_iter()
            .filter(|d| d.is_int() || d.is_float())
        {
            let c = ivy::clip_with(&ivy::astype(&iota(&[4]), d)?, Clip::new().x_min(1).x_max(2))?;
            assert_eq!(c, ivy::astype(&arr(&[4], vec![1i64, 1, 2, 2]), d)?, "{d}");
        }
        Ok(())
    }

    #[test]
    fn clip_errors() {
        use ivy::opts::Clip;
        assert!(ivy::clip_with(&arr(&[1], vec![true]), Clip::new().x_min(0)).is_err());
        let c = arr(&[1], vec![ivy::Complex64::new(1.0, 1.0)]);
        assert!(ivy::clip_with(&c, Clip::new().x_min(0)).is_err());
        let e = ivy::clip_with(&iota(&[3]), Clip::new().x_min(iota(&[2]))).unwrap_err();
        assert!(matches!(e, Error::Broadcast { .. }), "{e}");
    }
}

#[cfg(test)]
mod layout_tests {
    //! The strided copies behind permute_dims, swapaxes, flip, tile and
    //! broadcast_to, against index formulas on every axis combination.
    use ivy::opts::Flip;
    use ivy::{Array, Result};

    const DIMS: [usize; 3] = [2, 3, 4];

    fn x() -> Array {
        Array::from_shape_vec(DIMS.to_vec(), (0..24i64).collect()).expect("24 elements")
    }

    /// Row-major flat index of `idx` in DIMS.
    fn flat(idx: [usize; 3]) -> i64 {
        (idx[0] * 12 + idx[1] * 4 + idx[2]) as i64
    }

    #[test]
    fn every_permutation_matches_the_index_formula() -> Result<()> {
        let perms = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        for p in perms {
            let y = ivy::permute_dims(&x(), p.map(|a| a as i64))?;
            let out = [DIMS[p[0]], DIMS[p[1]], DIMS[p[2]]];
            assert_eq!(y.shape().dims(), out);
            let mut want = Vec::new();
            for i in 0..out[0] {
                for j in 0..out[1] {
                    for k in 0..out[2] {
                        // y[i, j, k] = x at the index whose axis p[n] is the n-th of (i, j, k).
                        let mut idx = [0; 3];
                        idx[p[0]] = i;
                        idx[p[1]] = j;
                        idx[p[2]] = k;
                        want.push(flat(idx));
                    }
                }
            }
            assert_eq!(y.to_vec::<i64>()?, want, "{p:?}");
        }
        Ok(())
    }

    #[test]
    fn every_flip_matches_the_index_formula() -> Result<()> {
        for mask in 0..8u8 {
            let axes: Vec<i64> = (0..3).filter(|a| mask & (1 << a) != 0).collect();
            let y = ivy::flip_with(&x(), Flip::new().axis(axes.clone()))?;
            let mut want = Vec::new();
            for i in 0..2 {
                for j in 0..3 {
                    for k in 0..4 {
                        let pick = |a: usize, v: usize| {
                            if mask & (1 << a) != 0 {
                                DIMS[a] - 1 - v
                            } else {
                                v
                            }
                        };
                        want.push(flat([pick(0, i), pick(1, j), pick(2, k)]));
                    }
                }
            }
            assert_eq!(y.to_vec::<i64>()?, want, "{axes:?}");
        }
        Ok(())
    }

    #[test]
    fn huge_axes_of_empty_arrays_error_or_stay_empty_without_aborting() -> Result<()> {
        use ivy::opts::{Repeat, Split, Unstack};
        let wide = ivy::zeros([0, 1 << 50])?;
        let r = ivy::repeat_with(&wide, 2, Repeat::new().axis(1))?;
        assert_eq!(r.shape().dims(), [0, 1 << 51]);
        let e = ivy::split_with(
            &ivy::zeros([0])?,
            Split::new().num_or_size_splits(usize::MAX),
        )
        .unwrap_err();
        assert!(e.to_string().contains("cannot make"), "{e}");
        assert!(ivy::unstack_with(&wide, Unstack::new().axis(1)).is_err());
        assert!(ivy::split_with(&wide, Split::new().axis(1)).is_err());
        Ok(())
    }

    #[test]
    fn large_transposes_copy_in_tiles() -> Result<()> {
        // Sides above and not multiples of the tile side (32).
        let (r, c) = (45usize, 70usize);
        let m = Array::from_shape_vec([r, c], (0..(r * c) as i64).collect())?;
        let t = ivy::permute_dims(&m, [1, 0])?;
        let want: Vec<i64> = (0..c)
            .flat_map(|j| (0..r).map(move |i| (i * c + j) as i64))
            .collect();
        assert_eq!(t.to_vec::<i64>()?, want);
        // A batch of them, and a transpose of the last two of three axes.
        let b = Array::from_shape_vec([3, 33, 40], (0..3 * 33 * 40).map(|v| v as f32).collect())?;
        let t = ivy::swapaxes(&b, 1, 2)?;
        assert_eq!(t.shape().dims(), [3, 40, 33]);
        let got = t.to_vec::<f32>()?;
        for (n, v) in got.iter().enumerate() {
            let (a, k, j) = (n / (40 * 33), n / 33 % 40, n % 33);
            assert_eq!(*v, (a * 33 * 40 + j * 40 + k) as f32, "at {n}");
        }
        // Moving the first axis last: contiguous along rows of 33 * 40.
        let t = ivy::permute_dims(&b, [1, 2, 0])?;
        let got = t.to_vec::<f32>()?;
        for (n, v) in got.iter().enumerate() {
            let (j, k, a) = (n / (40 * 3), n / 3 % 40, n % 3);
            assert_eq!(*v, (a * 33 * 40 + j * 40 + k) as f32, "at {n}");
        }
        Ok(())
    }

    #[test]
    fn flips_permutes_and_broadcasts_compose() -> Result<()> {
        // Transpose of a flipped array, then tiled and broadcast.
        let m = Array::from_shape_vec([2, 3], vec![1u8, 2, 3, 4, 5, 6])?;
        let t = ivy::swapaxes(&ivy::flip(&m)?, 0, 1)?;
        assert_eq!(t.to_vec::<u8>()?, [6, 3, 5, 2, 4, 1]);
        let tiled = ivy::tile(&t, [1, 2])?;
        assert_eq!(tiled.to_vec::<u8>()?, [6, 3, 6, 3, 5, 2, 5, 2, 4, 1, 4, 1]);
        let b = ivy::broadcast_to(&ivy::reshape(&t, [3, 1, 2])?, [2, 3, 2, 2])?;
        assert_eq!(
            b.to_vec::<u8>()?,
            [6, 3, 6, 3, 5, 2, 5, 2, 4, 1, 4, 1].repeat(2)
        );
        Ok(())
    }
}
