//! Kernels of the searching ops.
//!
//! `argmax`/`argmin` return `int64` indices, the first one on ties; NaN is
//! both the largest and the smallest value (the first NaN wins, as in NumPy).
//! `nonzero` and `argwhere` give the row-major coordinates of the elements
//! that are not zero (NaN is not zero).

use crate::NdarrayBackend;
use crate::host::{self, all, ordered};
use crate::parallel::{self, PAR_MIN, TASK};
use crate::reduce::{self, Real};
use ivy::kernels::SearchingKernels;
use ivy::{Array, Element, Error, Result, Shape};

/// Whether `v` beats the running best `best` of an `argmax` (`max == true`)
/// or `argmin`: NaN beats every number and nothing beats NaN.
#[inline]
fn beats<T: Real>(v: T, best: T, max: bool) -> bool {
    !best.nan() && (v.nan() || if max { v > best } else { v < best })
}

/// The best element of a non-empty contiguous lane and its index (the
/// first on ties; the first NaN once there is one).
fn arg_run<T: Real>(xs: &[T], max: bool) -> (T, usize) {
    let mut it = xs.iter().enumerate();
    let Some((_, &first)) = it.next() else {
        return (T::default(), 0);
    };
    let (mut bi, mut best) = (0usize, first);
    for (i, &v) in it {
        if best.nan() {
            break;
        }
        if beats(v, best, max) {
            (bi, best) = (i, v);
        }
    }
    (best, bi)
}

/// The index of the best element of a non-empty contiguous lane; a long
/// lane splits into chunks whose winners are compared in order, which
/// picks the same element as one pass.
fn arg_lane<T: Real>(xs: &[T], max: bool) -> i64 {
    if xs.len() < PAR_MIN {
        return arg_run(xs, max).1 as i64;
    }
    let parts = ivy::parallel::map_chunks(xs.len(), TASK, |r| {
        let (v, i) = arg_run(xs.get(r.clone()).unwrap_or_default(), max);
        (v, r.start + i)
    });
    let mut it = parts.into_iter();
    let Some(mut best) = it.next() else {
        return 0;
    };
    for p in it {
        if beats(p.0, best.0, max) {
            best = p;
        }
    }
    best.1 as i64
}

/// The index along `rows` (of equal lengths) of the best element of each
/// column.
fn arg_rows<'a, T: Real>(mut rows: impl Iterator<Item = &'a [T]>, max: bool, idx: &mut [i64]) {
    let mut best: Vec<T> = rows.next().map(<[T]>::to_vec).unwrap_or_default();
    idx.fill(0);
    for (r, row) in rows.enumerate() {
        for ((b, i), &v) in best.iter_mut().zip(idx.iter_mut()).zip(row) {
            if beats(v, *b, max) {
                (*b, *i) = (v, r as i64 + 1);
            }
        }
    }
}

fn arg_extremum<T: Real>(
    op: &str,
    x: &Array,
    axis: Option<usize>,
    keepdims: bool,
    max: bool,
) -> Result<Array> {
    let s = host::slice::<T>(op, x)?;
    // `#[check(ivy::checks::nonempty_axis)]` in the spec; again here only
    // because a lane of length 0 cannot be cut into lanes (a direct call).
    ivy::checks::nonempty_axis(op, x, axis, keepdims)?;
    let Some(axis) = axis else {
        let shape: Shape = if keepdims {
            vec![1; x.ndim()].into()
        } else {
            Shape::scalar()
        };
        return Ok(host::out_vec(shape, vec![arg_lane(s, max)]));
    };
    let (outer, n, inner) = reduce::around(op, x.shape(), axis)?;
    let mut out = vec![0i64; outer * inner];
    if inner == 1 {
        if n >= PAR_MIN {
            for (o, lane) in out.iter_mut().zip(s.chunks_exact(n)) {
                *o = arg_lane(lane, max);
            }
        } else {
            parallel::rows(s, n, &mut out, 1, |lane, o| {
                if let Some(o) = o.first_mut() {
                    *o = arg_lane(lane, max);
                }
            });
        }
    } else if inner > 0 {
        // Row by row: a running best per element of the inner axes; in
        // parallel, blocks of `n` rows, or strips of columns of one block
        // (each column's scan is the same either way).
        if outer == 1 && s.len() >= PAR_MIN && inner >= 2 * STRIP {
            ivy::parallel::fill_chunks(&mut out, STRIP, |lo, part| {
                let w = part.len();
                let rows = s
                    .chunks_exact(inner)
                    .map(|row| row.get(lo..lo + w).unwrap_or_default());
                arg_rows(rows, max, part);
            });
        } else {
            parallel::rows(s, n * inner, &mut out, inner, |block, idx| {
                arg_rows(block.chunks_exact(inner), max, idx)
            });
        }
    }
    Ok(host::out_vec(x.shape().reduced(&[axis], keepdims), out))
}

/// Columns of one strip of a parallel `argmax`/`argmin` over a leading axis.
const STRIP: usize = 256;

/// The flat (row-major) positions of the elements that are not zero.
fn nonzero_flat<T: Element>(op: &str, x: &Array) -> Result<Vec<usize>> {
    let s = host::slice::<T>(op, x)?;
    Ok(s.iter()
        .enumerate()
        .filter(|(_, v)| v.to_bool())
        .map(|(i, _)| i)
        .collect())
}

/// The coordinate along dimension `d` (of length `len`, row-major stride
/// `stride`) of the flat position `f`.
#[inline]
fn coordinate(f: usize, stride: usize, len: usize) -> i64 {
    (f / stride.max(1) % len.max(1)) as i64
}

/// `searchsorted` on element type `T`: a binary search of the sort keys
/// (NaN last) of `x1`, read through `sorter` when given.
fn search_sorted<T: Real>(
    op: &str,
    x1: &Array,
    x2: &Array,
    right: bool,
    sorter: Option<&Array>,
) -> Result<Array> {
    let src = host::slice::<T>(op, x1)?;
    let keys: Vec<T::Key> = match sorter {
        None => src.iter().map(|&v| v.key()).collect(),
        Some(s) => {
            if s.shape() != x1.shape() || !s.dtype().is_int() {
                return Err(Error::invalid(
                    op,
                    format!(
                        "sorter must be integer indices of the shape of x1 ({}), got {} of shape {}",
                        x1.shape(),
                        s.dtype(),
                        s.shape()
                    ),
                ));
            }
            let order = host::data(op, s)?.cast(ivy::Dtype::Int64);
            let order = order
                .as_slice::<i64>()
                .ok_or_else(|| host::wrong_dtype(op, s.dtype()))?;
            order
                .iter()
                .map(|&i| {
                    usize::try_from(i)
                        .ok()
                        .and_then(|i| src.get(i))
                        .map(|v| v.key())
                        .ok_or_else(|| {
                            Error::invalid(
                                op,
                                format!(
                                    "sorter index {i} is out of bounds for axis 0 with size {}",
                                    src.len()
                                ),
                            )
                        })
                })
                .collect::<Result<_>>()?
        }
    };
    let out: Vec<i64> = host::slice::<T>(op, x2)?
        .iter()
        .map(|&v| {
            let k = v.key();
            let p = if right {
                keys.partition_point(|&e| e <= k)
            } else {
                keys.partition_point(|&e| e < k)
            };
            p as i64
        })
        .collect();
    Ok(host::out_vec(x2.shape().clone(), out))
}

#[ivy::kernels]
impl SearchingKernels for NdarrayBackend {
    fn searchsorted(
        &self,
        x1: &Array,
        x2: &Array,
        side: &str,
        sorter: Option<&Array>,
    ) -> Result<Array> {
        let op = "searchsorted";
        // `#[ndim(1)] x1` and `#[one_of("left", "right")] side` in the spec.
        let right = side == "right";
        ordered!(op, x1, T => search_sorted::<T>(op, x1, x2, right, sorter))
    }

    fn argmax(&self, x: &Array, axis: Option<usize>, keepdims: bool) -> Result<Array> {
        ordered!("argmax", x, T => arg_extremum::<T>("argmax", x, axis, keepdims, true))
    }

    fn argmin(&self, x: &Array, axis: Option<usize>, keepdims: bool) -> Result<Array> {
        ordered!("argmin", x, T => arg_extremum::<T>("argmin", x, axis, keepdims, false))
    }

    fn r#where(&self, condition: &Array, x1: &Array, x2: &Array) -> Result<Array> {
        all!("where", x1, T => {
            if condition.shape() == x1.shape() && x1.shape() == x2.shape() {
                let c = host::slice::<bool>("where", condition)?;
                let a = host::slice::<T>("where", x1)?;
                let b = host::slice::<T>("where", x2)?;
                let out: Vec<T> = c.iter().zip(a).zip(b).map(|((&c, &a), &b)| if c { a } else { b }).collect();
                Ok(host::out_vec(x1.shape().clone(), out))
            } else {
                host::zip3("where", condition, x1, x2, |c: bool, a: T, b: T| if c { a } else { b })
            }
        })
    }

    fn nonzero(&self, x: &Array) -> Result<Vec<Array>> {
        if x.ndim() == 0 {
            return Err(Error::shape(
                "nonzero",
                "a 0-d array has no dimension to index (use argwhere, or reshape it to 1-d)",
                vec![x.shape().clone()],
            ));
        }
        let flat = all!("nonzero", x, T => nonzero_flat::<T>("nonzero", x))?;
        let strides = x.shape().strides();
        Ok(x.shape()
            .iter()
            .zip(&strides)
            .map(|(&len, &stride)| {
                let idx: Vec<i64> = flat.iter().map(|&f| coordinate(f, stride, len)).collect();
                host::out_vec(Shape::from(flat.len()), idx)
            })
            .collect())
    }

    fn argwhere(&self, x: &Array) -> Result<Array> {
        let flat = all!("argwhere", x, T => nonzero_flat::<T>("argwhere", x))?;
        let strides = x.shape().strides();
        let dims = x.shape().dims();
        let mut out = Vec::with_capacity(flat.len() * dims.len());
        for &f in &flat {
            out.extend(
                dims.iter()
                    .zip(&strides)
                    .map(|(&len, &stride)| coordinate(f, stride, len)),
            );
        }
        Ok(host::out_vec(Shape::from([flat.len(), dims.len()]), out))
    }
}

#[cfg(test)]
mod tests {
    use crate::reduce::testing::arr;
    use ivy::opts::{Argmax, Argmin};
    use ivy::{Array, Complex64, Dtype, Error, Result, Scalar, bf16, f16};

    #[test]
    fn argmax_and_argmin_flattened_and_along_axes() -> Result<()> {
        let x = arr(&[2, 2], vec![1i32, 9, 7, 3]);
        let m = ivy::argmax(&x)?;
        assert_eq!(
            (m.dtype(), m.ndim(), m.item()?),
            (Dtype::Int64, 0, Scalar::Int(1))
        );
        assert_eq!(ivy::argmin(&x)?.item()?, Scalar::Int(0));
        assert_eq!(
            ivy::argmax_with(&x, Argmax::new().axis(0))?.to_vec::<i64>()?,
            vec![1, 0]
        );
        assert_eq!(
            ivy::argmax_with(&x, Argmax::new().axis(1))?.to_vec::<i64>()?,
            vec![1, 0]
        );
        assert_eq!(
            ivy::argmin_with(&x, Argmin::new().axis(0))?.to_vec::<i64>()?,
            vec![0, 1]
        );
        assert_eq!(
            ivy::argmin_with(&x, Argmin::new().axis(-1))?.to_vec::<i64>()?,
            vec![0, 1]
        );
        let k = ivy::argmax_with(&x, Argmax::new().axis(1).keepdims(true))?;
        assert_eq!(k, arr(&[2, 1], vec![1i64, 0]));
        let k = ivy::argmin_with(&x, Argmin::new().keepdims(true))?;
        assert_eq!(k, arr(&[1, 1], vec![0i64]));
        // (2, 3, 2) along the middle axis: x[i, :, k].
        let c = arr(&[2, 3, 2], vec![5u8, 0, 1, 8, 5, 8, 0, 2, 9, 2, 3, 1]);
        assert_eq!(
            ivy::argmax_with(&c, Argmax::new().axis(1))?.to_vec::<i64>()?,
            vec![0, 1, 1, 0]
        );
        assert_eq!(
            ivy::argmin_with(&c, Argmin::new().axis(1))?.to_vec::<i64>()?,
            vec![1, 0, 0, 2]
        );
        Ok(())
    }

    #[test]
    fn ties_take_the_first_and_nan_wins() -> Result<()> {
        assert_eq!(
            ivy::argmin(&arr(&[3], vec![4i32, 1, 1]))?.item()?,
            Scalar::Int(1)
        );
        assert_eq!(
            ivy::argmax(&arr(&[4], vec![2i8, 7, 7, 7]))?.item()?,
            Scalar::Int(1)
        );
        let f = arr(&[5], vec![1.0f64, f64::NAN, 9.0, f64::NAN, -1.0]);
        assert_eq!(ivy::argmax(&f)?.item()?, Scalar::Int(1));
        assert_eq!(ivy::argmin(&f)?.item()?, Scalar::Int(1));
        // Along a strided axis too: column 1 has its NaN second.
        let g = arr(&[3, 2], vec![1.0f32, 5.0, 3.0, f32::NAN, 2.0, 9.0]);
        assert_eq!(
            ivy::argmax_with(&g, Argmax::new().axis(0))?.to_vec::<i64>()?,
            vec![1, 1]
        );
        assert_eq!(
            ivy::argmin_with(&g, Argmin::new().axis(0))?.to_vec::<i64>()?,
            vec![0, 1]
        );
        let inf = arr(&[3], vec![f32::NEG_INFINITY, 0.0, f32::INFINITY]);
        assert_eq!(ivy::argmax(&inf)?.item()?, Scalar::Int(2));
        assert_eq!(ivy::argmin(&inf)?.item()?, Scalar::Int(0));
        let b = arr(&[3], vec![false, true, true]);
        assert_eq!(ivy::argmax(&b)?.item()?, Scalar::Int(1));
        let h = arr(&[2], vec![f16::from_f32(-1.0), f16::from_f32(-2.0)]);
        assert_eq!(ivy::argmin(&h)?.item()?, Scalar::Int(1));
        let u = arr(&[2], vec![u64::MAX, u64::MAX - 1]);
        assert_eq!(ivy::argmin(&u)?.item()?, Scalar::Int(1));
        Ok(())
    }

    #[test]
    fn arg_extrema_of_empty_and_zero_d() -> Result<()> {
        assert_eq!(ivy::argmax(&Array::scalar(3.5f64))?, Array::scalar(0i64));
        let e = arr(&[0, 3], Vec::<i32>::new());
        let err = ivy::argmax(&e).unwrap_err();
        assert!(
            matches!(&err, Error::Shape { op, .. } if op == "argmax"),
            "{err}"
        );
        assert!(err.to_string().contains("(0, 3)"));
        assert!(ivy::argmin_with(&e, Argmin::new().axis(0)).is_err());
        assert_eq!(
            ivy::argmin_with(&e, Argmin::new().axis(1))?.shape().dims(),
            &[0]
        );
        assert!(ivy::argmax_with(&e, Argmax::new().axis(2)).is_err());
        assert!(ivy::argmax(&arr(&[1], vec![Complex64::new(1.0, 0.0)])).is_err());
        Ok(())
    }

    #[test]
    fn where_selects_and_broadcasts() -> Result<()> {
        let c = arr(&[3], vec![true, false, true]);
        let r = ivy::r#where(
            &c,
            &arr(&[3], vec![1i32, 2, 3]),
            &arr(&[3], vec![7i32, 8, 9]),
        )?;
        assert_eq!(r, arr(&[3], vec![1i32, 8, 3]));
        assert_eq!(
            ivy::r#where(&c, &arr(&[3], vec![1i32, 2, 3]), 0)?.to_vec::<i32>()?,
            vec![1, 0, 3]
        );
        // (2, 1) condition, (3,) and () values -> (2, 3).
        let c2 = arr(&[2, 1], vec![true, false]);
        let r = ivy::r#where(
            &c2,
            &arr(&[3], vec![1.0f64, 2.0, 3.0]),
            &Array::scalar(-1.0f64),
        )?;
        assert_eq!(r, arr(&[2, 3], vec![1.0f64, 2.0, 3.0, -1.0, -1.0, -1.0]));
        // A numeric condition counts as not zero; the values promote.
        let n = arr(&[3], vec![0.0f32, f32::NAN, 2.0]);
        let r = ivy::r#where(
            &n,
            &arr(&[3], vec![1i8, 1, 1]),
            &arr(&[3], vec![0i16, 0, 0]),
        )?;
        assert_eq!(r, arr(&[3], vec![0i16, 1, 1]));
        let z = arr(
            &[2],
            vec![Complex64::new(0.0, 1.0), Complex64::new(0.0, 0.0)],
        );
        let r = ivy::r#where(
            &z,
            &arr(&[2], vec![bf16::ONE; 2]),
            &arr(&[2], vec![bf16::ZERO; 2]),
        )?;
        assert_eq!(r.to_vec::<bf16>()?, vec![bf16::ONE, bf16::ZERO]);
        let r = ivy::r#where(
            &Array::scalar(false),
            &Array::scalar(true),
            &Array::scalar(false),
        )?;
        assert_eq!(r, Array::scalar(false));
        let e = ivy::r#where(
            &arr(&[0], Vec::<bool>::new()),
            &arr(&[1], vec![1u32]),
            &arr(&[0], Vec::<u32>::new()),
        )?;
        assert_eq!(e.shape().dims(), &[0]);
        let err = ivy::r#where(&c, &arr(&[2], vec![1i32, 2]), 0).unwrap_err();
        assert!(
            matches!(&err, Error::Broadcast { op, .. } if op == "where"),
            "{err}"
        );
        Ok(())
    }

    #[test]
    fn nonzero_gives_one_index_array_per_dimension() -> Result<()> {
        let idx = ivy::nonzero(&arr(&[2, 2], vec![0i32, 1, 2, 0]))?;
        assert_eq!(idx.len(), 2);
        assert_eq!(idx[0], arr(&[2], vec![0i64, 1]));
        assert_eq!(idx[1], arr(&[2], vec![1i64, 0]));
        let idx = ivy::nonzero(&arr(&[5], vec![0.0f32, f32::NAN, -0.0, 3.0, 0.0]))?;
        assert_eq!(idx[0].to_vec::<i64>()?, vec![1, 3]);
        // x[i, j, k] != 0 at (0, 1, 2) and (1, 0, 1).
        let mut v = vec![false; 12];
        v[5] = true;
        v[7] = true;
        let idx = ivy::nonzero(&arr(&[2, 2, 3], v))?;
        let got: Vec<Vec<i64>> = idx
            .iter()
            .map(|a| a.to_vec::<i64>())
            .collect::<Result<_>>()?;
        assert_eq!(got, vec![vec![0, 1], vec![1, 0], vec![2, 1]]);
        let idx = ivy::nonzero(&arr(&[2, 0], Vec::<u8>::new()))?;
        assert_eq!(
            idx.iter()
                .map(|a| a.shape().dims().to_vec())
                .collect::<Vec<_>>(),
            vec![vec![0], vec![0]]
        );
        let idx = ivy::nonzero(&arr(
            &[2],
            vec![Complex64::new(0.0, 0.0), Complex64::new(0.0, -1.0)],
        ))?;
        assert_eq!(idx[0].to_vec::<i64>()?, vec![1]);
        assert!(ivy::nonzero(&Array::scalar(1i32)).is_err());
        Ok(())
    }

    #[test]
    fn argwhere_gives_one_row_per_element() -> Result<()> {
        let w = ivy::argwhere(&arr(&[2, 2], vec![0i32, 1, 2, 0]))?;
        assert_eq!(w, arr(&[2, 2], vec![0i64, 1, 1, 0]));
        let w = ivy::argwhere(&arr(&[3], vec![true, false, true]))?;
        assert_eq!(w, arr(&[2, 1], vec![0i64, 2]));
        let w = ivy::argwhere(&arr(&[2, 3], vec![0.0f64; 6]))?;
        assert_eq!(w.shape().dims(), &[0, 2]);
        // 0-d: one row of no coordinates, or none (NumPy).
        assert_eq!(ivy::argwhere(&Array::scalar(5u16))?.shape().dims(), &[1, 0]);
        assert_eq!(ivy::argwhere(&Array::scalar(0u16))?.shape().dims(), &[0, 0]);
        Ok(())
    }
}
