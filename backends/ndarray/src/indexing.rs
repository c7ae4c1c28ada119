//! Kernels of the indexing ops.
//!
//! An index is resolved once, backend-independently, into an
//! [`ivy::IndexPlan`]. Basic indexing (integers, slices, `...`, new axes) is
//! a strided view of the source: shared without a copy when it reads the
//! whole buffer in order (`x[...]`, `x[None]`), else copied out a run at a
//! time (contiguous runs as slices); advanced indexing (integer and boolean arrays) gathers the
//! planned positions. `set_item` copies `x` and writes the (cast, broadcast)
//! value at the planned positions; `scatter_flat` adds or replaces into zeros.

use crate::NdarrayBackend;
use crate::host::{self, all, numeric};
use crate::layout::{self, Strided};
use crate::math::Arith;
use crate::parallel::PAR_MIN;
use ivy::kernels::IndexingKernels;
use ivy::{Array, Element, Error, Index, IndexSource, Result, Shape};

/// An internal error: a planned position outside the source (a bug, never
/// user input: plans are checked against the shape).
fn outside(op: &str, at: usize, len: usize) -> Error {
    Error::invalid(
        op,
        format!("internal error: position {at} outside {len} elements"),
    )
}

/// Whether a strided view from position 0 with `dims` and `strides` reads
/// all `size` elements in row-major order (axes of length 1 step anywhere).
fn whole(size: usize, dims: &[usize], strides: &[isize]) -> bool {
    if dims.iter().product::<usize>() != size {
        return false;
    }
    let mut expect = 1isize;
    for (&d, &s) in dims.iter().zip(strides).rev() {
        if d != 1 {
            if s != expect {
                return false;
            }
            expect *= d as isize;
        }
    }
    true
}

/// The runs of `src` an advanced index plans: `run` elements stepping
/// `stride` from each start (a slice copy when the step is 1). Large
/// gathers fill chunks of the output on the pool.
fn gather_runs<T: Copy + Send + Sync + Default>(
    op: &str,
    src: &[T],
    starts: &[usize],
    run: usize,
    stride: isize,
) -> Result<Vec<T>> {
    let total = starts.len() * run;
    if total >= PAR_MIN && run > 0 {
        let mut out = vec![T::default(); total];
        let bad = std::sync::atomic::AtomicUsize::new(usize::MAX);
        let k = crate::parallel::per_task(run);
        ivy::parallel::fill_chunks(&mut out, k * run, |offset, part| {
            let first = offset / run;
            for (o, &s) in part.chunks_mut(run).zip(&starts[first..]) {
                if let Err(at) = copy_run(src, s, stride, o) {
                    bad.store(at, std::sync::atomic::Ordering::Relaxed);
                }
            }
        });
        return match bad.into_inner() {
            usize::MAX => Ok(out),
            at => Err(outside(op, at, src.len())),
        };
    }
    let mut out = layout::alloc::<T>(op, total)?;
    if run == 1 {
        for &o in starts {
            out.push(*src.get(o).ok_or_else(|| outside(op, o, src.len()))?);
        }
        return Ok(out);
    }
    for &s in starts {
        if stride == 1 {
            out.extend_from_slice(layout::run(op, src, s, run)?);
        } else {
            for j in 0..run {
                let o = (s as isize + j as isize * stride) as usize;
                out.push(*src.get(o).ok_or_else(|| outside(op, o, src.len()))?);
            }
        }
    }
    Ok(out)
}

/// Copy the run of `out.len()` elements of `src` stepping `stride` from
/// `start` into `out`; the first position outside `src` is the error.
#[inline]
fn copy_run<T: Copy>(
    src: &[T],
    start: usize,
    stride: isize,
    out: &mut [T],
) -> std::result::Result<(), usize> {
    if stride == 1 {
        let run = src.get(start..start + out.len()).ok_or(start)?;
        out.copy_from_slice(run);
        return Ok(());
    }
    for (j, o) in out.iter_mut().enumerate() {
        let at = (start as isize + j as isize * stride) as usize;
        *o = *src.get(at).ok_or(at)?;
    }
    Ok(())
}

/// `value` cast to `dtype` and broadcast to `shape`, as a vector.
fn values_for<T: Element>(op: &str, value: &Array, x: &Array, shape: &Shape) -> Result<Vec<T>> {
    let data = host::data(op, value)?;
    let cast;
    let data = if value.dtype() == x.dtype() {
        data
    } else {
        cast = data.cast(x.dtype());
        &cast
    };
    let src = data
        .as_slice::<T>()
        .ok_or_else(|| host::wrong_dtype(op, value.dtype()))?;
    let view = Strided::of(value.shape())
        .broadcast(shape.dims())
        .ok_or_else(|| Error::Broadcast {
            op: op.to_string(),
            shapes: vec![value.shape().clone(), shape.clone()],
        })?;
    view.gather(op, src)
}

/// The one element of `value` (of size 1), cast to the dtype of `x`, after
/// checking that it broadcasts to `shape`.
fn single_value<T: Element>(op: &str, value: &Array, x: &Array, shape: &Shape) -> Result<T> {
    if Strided::of(value.shape()).broadcast(shape.dims()).is_none() {
        return Err(Error::Broadcast {
            op: op.to_string(),
            shapes: vec![value.shape().clone(), shape.clone()],
        });
    }
    let data = host::data(op, value)?.cast(x.dtype());
    data.as_slice::<T>()
        .and_then(|s| s.first().copied())
        .ok_or_else(|| host::wrong_dtype(op, value.dtype()))
}

#[ivy::kernels]
impl IndexingKernels for NdarrayBackend {
    fn get_item(&self, x: &Array, index: &Index) -> Result<Array> {
        let op = "get_item";
        let plan = index.plan(op, x.shape().dims())?;
        match plan.source {
            IndexSource::Strided { offset, strides } => {
                if offset == 0 && whole(x.size(), plan.shape.dims(), &strides) {
                    // The whole buffer in row-major order (`x[...]`,
                    // `x[:, None]`): share it, no copy.
                    return layout::share(op, x, plan.shape);
                }
                let view = Strided::new(offset as isize, plan.shape.to_vec(), strides);
                all!(op, x, T => layout::materialise::<T>(op, x, &view))
            }
            IndexSource::Gather {
                starts,
                run,
                stride,
            } => all!(op, x, T => {
                let v = gather_runs(op, host::slice::<T>(op, x)?, &starts, run, stride)?;
                Ok(host::out_vec(plan.shape, v))
            }),
        }
    }

    fn set_item(&self, x: &Array, index: &Index, value: &Array) -> Result<Array> {
        let op = "set_item";
        let plan = index.plan(op, x.shape().dims())?;
        all!(op, x, T => {
            let src = host::slice::<T>(op, x)?;
            let mut out = layout::alloc::<T>(op, src.len())?;
            out.extend_from_slice(src);
            let len = out.len();
            let mut bad = None;
            if value.size() == 1 && plan.shape.size() > 0 {
                // One value: written everywhere (no broadcast copy).
                let v = single_value::<T>(op, value, x, &plan.shape)?;
                plan.for_each_offset(|o| match out.get_mut(o) {
                    Some(slot) => *slot = v,
                    None => bad = Some(o),
                });
            } else {
                let vals = values_for::<T>(op, value, x, &plan.shape)?;
                let mut it = vals.into_iter();
                plan.for_each_offset(|o| match (out.get_mut(o), it.next()) {
                    (Some(slot), Some(v)) => *slot = v,
                    _ => bad = Some(o),
                });
            }
            if let Some(o) = bad {
                return Err(outside(op, o, len));
            }
            Ok(host::out_vec(x.shape().clone(), out))
        })
    }

    fn scatter_flat(
        &self,
        indices: &Array,
        updates: &Array,
        size: Option<usize>,
        reduction: &str,
    ) -> Result<Array> {
        let op = "scatter_flat";
        // `#[integer] #[same_shape(updates)] indices` and
        // `#[one_of("sum", "replace")] reduction` in the spec.
        let replace = reduction == "replace";
        let idx = host::data(op, indices)?.cast(ivy::Dtype::Int64);
        let idx = idx
            .as_slice::<i64>()
            .ok_or_else(|| host::wrong_dtype(op, indices.dtype()))?;
        let size = match size {
            Some(s) => s,
            // One past the largest index (0 when there is none or all are
            // negative, which the bounds check below then reports).
            None => match idx.iter().copied().max() {
                Some(m) if m >= 0 => usize::try_from(m)
                    .ok()
                    .and_then(|m| m.checked_add(1))
                    .ok_or_else(|| {
                        Error::invalid(op, format!("index {m} is too large for an array"))
                    })?,
                _ => 0,
            },
        };
        let mut pos = layout::alloc::<usize>(op, idx.len())?;
        for &i in idx {
            match usize::try_from(i) {
                Ok(p) if p < size => pos.push(p),
                _ => {
                    return Err(Error::invalid(
                        op,
                        format!("index {i} is out of bounds for axis 0 with size {size}"),
                    ));
                }
            }
        }
        numeric!(op, updates, T => {
            let src = host::slice::<T>(op, updates)?;
            let mut out = layout::repeated(op, size, <T as Arith>::zero())?;
            for (&p, &v) in pos.iter().zip(src) {
                let slot = out.get_mut(p).ok_or_else(|| outside(op, p, size))?;
                *slot = if replace { v } else { Arith::add(*slot, v) };
            }
            Ok(host::out_vec(Shape::from(size), out))
        })
    }
}
