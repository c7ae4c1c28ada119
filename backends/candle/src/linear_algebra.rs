//! Kernels of the linear-algebra ops: candle's (batched, broadcasting)
//! `matmul`, which runs on floats only (integers are an error in candle;
//! they take the superset path, computed in `f64`).

use crate::CandleBackend;
use crate::tensor::{err, tensor, wrap};
use candle_core::{DType, Tensor};
use ivy::kernels::LinearAlgebraKernels;
use ivy::{Array, Error, Result, Shape};

/// The flat positions of the `offset`-th diagonal over `axis1` and `axis2`
/// of a row-major array of `shape`, in the order of the result (the other
/// axes, then the diagonal), and the result's shape.
fn diagonal_positions(
    op: &str,
    shape: &Shape,
    offset: i64,
    axis1: usize,
    axis2: usize,
) -> Result<(Vec<usize>, Vec<usize>)> {
    // `#[min_ndim(2)] x` and `#[check(ivy::checks::distinct_axes)]` in the spec.
    let strides = shape.strides();
    let (Some(&n1), Some(&n2)) = (shape.get(axis1), shape.get(axis2)) else {
        return Err(Error::AxisOutOfBounds {
            op: op.into(),
            axis: axis1.max(axis2) as i64,
            ndim: shape.ndim(),
        });
    };
    let (s1, s2) = (strides[axis1], strides[axis2]);
    let shift = usize::try_from(offset.unsigned_abs()).unwrap_or(usize::MAX);
    let (r0, c0) = if offset >= 0 { (0, shift) } else { (shift, 0) };
    let len = n1.saturating_sub(r0).min(n2.saturating_sub(c0));
    let rest: Vec<usize> = (0..shape.ndim())
        .filter(|&i| i != axis1 && i != axis2)
        .collect();
    let mut dims: Vec<usize> = rest.iter().map(|&i| shape.dims()[i]).collect();
    dims.push(len);
    let total: usize = dims.iter().product();
    let mut pos = Vec::with_capacity(total);
    if total > 0 {
        let mut idx = vec![0usize; rest.len()];
        loop {
            let base: usize = rest.iter().zip(&idx).map(|(&a, &i)| i * strides[a]).sum();
            for j in 0..len {
                pos.push(base + (r0 + j) * s1 + (c0 + j) * s2);
            }
            let mut k = rest.len();
            loop {
                if k == 0 {
                    return Ok((pos, dims));
                }
                k -= 1;
                idx[k] += 1;
                if idx[k] < dims[k] {
                    break;
                }
                idx[k] = 0;
            }
        }
    }
    Ok((pos, dims))
}

/// The diagonal of `x` as a tensor of shape `[rest.., len]`.
fn diagonal_tensor(op: &str, x: &Array, offset: i64, axis1: usize, axis2: usize) -> Result<Tensor> {
    let (pos, dims) = diagonal_positions(op, x.shape(), offset, axis1, axis2)?;
    let t = tensor(op, x)?;
    if pos.is_empty() {
        return Tensor::zeros(dims, t.dtype(), t.device()).map_err(err(op));
    }
    if pos.iter().any(|&p| p > u32::MAX as usize) {
        return Err(Error::invalid(
            op,
            "candle indexes with u32: the array is too large",
        ));
    }
    let n = pos.len();
    let ids: Vec<u32> = pos.into_iter().map(|p| p as u32).collect();
    let f = || -> candle_core::Result<Tensor> {
        let ids = Tensor::from_vec(ids, n, t.device())?;
        t.flatten_all()?.index_select(&ids, 0)?.reshape(dims)
    };
    f().map_err(err(op))
}

/// The batch dimensions and the matrix size of `x`, a stack of matrices.
fn matrices(x: &Array) -> (Vec<usize>, usize, usize) {
    let d = x.shape().dims();
    let nd = d.len();
    (d[..nd - 2].to_vec(), d[nd - 2], d[nd - 1])
}

/// The batch shape and order `n` of the square matrices `x` (`#[square]`
/// in the spec).
fn square(x: &Array) -> (Vec<usize>, usize) {
    let (batch, _, n) = matrices(x);
    (batch, n)
}

/// Gaussian elimination with partial pivoting (the largest magnitude of
/// the column, the first one on ties) of the first `n` columns of the
/// batch `a` (`[B, n, m]`, `m >= n`, the extra columns carried along):
/// the upper triangular result, the pivots (`[B, n]`) and the sign of the
/// row permutation (`[B]`). A zero pivot (a column of zeros) eliminates
/// nothing.
fn eliminate(a: &Tensor, n: usize) -> candle_core::Result<(Tensor, Tensor, Tensor)> {
    let (b, _, m) = a.dims3()?;
    let dev = a.device();
    let dt = a.dtype();
    let rows = Tensor::arange(0u32, n as u32, dev)?;
    let rows_b = rows.unsqueeze(0)?.broadcast_as((b, n))?.contiguous()?;
    let mut a = a.contiguous()?;
    let mut sign = Tensor::ones(b, dt, dev)?;
    let mut pivots = Vec::with_capacity(n);
    for k in 0..n {
        let col = a.narrow(2, k, 1)?.squeeze(2)?.abs()?;
        let below = rows_b.ge(k as f64)?;
        let col = below.where_cond(&col, &Tensor::full(-1.0, (b, n), dev)?.to_dtype(dt)?)?;
        let p = col.argmax_keepdim(1)?; // [B, 1] u32
        let kk = Tensor::full(k as u32, (b, n), dev)?;
        let pb = p.broadcast_as((b, n))?;
        let idx = rows_b
            .eq(&kk)?
            .where_cond(&pb, &rows_b.eq(&pb)?.where_cond(&kk, &rows_b)?)?;
        a = a.gather(&idx.unsqueeze(2)?.broadcast_as((b, n, m))?.contiguous()?, 1)?;
        let swapped = p.squeeze(1)?.ne(k as f64)?;
        sign = swapped.where_cond(&sign.neg()?, &sign)?;
        let pivot = a.narrow(1, k, 1)?.narrow(2, k, 1)?; // [B, 1, 1]
        pivots.push(pivot.reshape(b)?);
        let row = a.narrow(1, k, 1)?; // [B, 1, m]
        let zero_pivot = pivot.eq(0.0)?;
        let safe = zero_pivot.where_cond(&pivot.ones_like()?, &pivot)?;
        let l = a.narrow(2, k, 1)?.broadcast_div(&safe)?; // [B, n, 1]
        let after = rows
            .gt(k as f64)?
            .reshape((1, n, 1))?
            .broadcast_as((b, n, 1))?;
        let keep = after.mul(&zero_pivot.eq(0.0)?.broadcast_as((b, n, 1))?)?;
        let l = keep.where_cond(&l, &l.zeros_like()?)?;
        a = a.sub(&l.broadcast_mul(&row)?)?;
    }
    let pivots = if n == 0 {
        Tensor::zeros((b, 0), dt, dev)?
    } else {
        Tensor::stack(&pivots, 1)?
    };
    Ok((a, pivots, sign))
}

/// The solution of `U X = Y` for the upper triangular first `n` columns
/// of `a` (`[B, n, n + k]`, `Y` its last `k` columns), by back
/// substitution.
fn back_substitute(a: &Tensor, n: usize) -> candle_core::Result<Tensor> {
    let (b, _, m) = a.dims3()?;
    let k = m - n;
    let mut xs: Vec<Tensor> = Vec::with_capacity(n);
    for i in (0..n).rev() {
        let row = a.narrow(1, i, 1)?; // [B, 1, m]
        let mut rhs = row.narrow(2, n, k)?; // [B, 1, k]
        if i + 1 < n {
            let u = row.narrow(2, i + 1, n - i - 1)?.contiguous()?; // [B, 1, n-i-1]
            let rest = Tensor::cat(&xs.iter().rev().collect::<Vec<_>>(), 1)?.contiguous()?; // [B, n-i-1, k]
            rhs = rhs.sub(&u.matmul(&rest)?)?;
        }
        let d = row.narrow(2, i, 1)?; // [B, 1, 1]
        xs.push(rhs.broadcast_div(&d)?);
    }
    if n == 0 {
        return Tensor::zeros((b, 0, k), a.dtype(), a.device());
    }
    Tensor::cat(&xs.iter().rev().collect::<Vec<_>>(), 1)
}

/// The index of the first matrix with a zero pivot, if any.
fn first_singular(pivots: &Tensor) -> candle_core::Result<Option<usize>> {
    if pivots.elem_count() == 0 {
        return Ok(None);
    }
    let any = pivots
        .eq(0.0)?
        .max_keepdim(1)?
        .squeeze(1)?
        .to_vec1::<u8>()?;
    Ok(any.iter().position(|&z| z != 0))
}

fn singular_error(op: &str, x: &Array, which: usize) -> Error {
    Error::invalid(
        op,
        format!(
            "matrix {which} of the {} array of shape {} is singular",
            x.dtype(),
            x.shape()
        ),
    )
}

/// The matrices of `x` as a `[B, n, n]` batch.
fn batch3(op: &str, x: &Array, batch: &[usize], n: usize) -> Result<Tensor> {
    let b: usize = batch.iter().product();
    tensor(op, x)?.reshape((b, n, n)).map_err(err(op))
}

/// The error of an iteration that did not converge (as on ndarray, whose
/// faer refuses matrices holding an infinity or NaN the same way).
fn no_convergence(op: &str, x: &Array) -> Error {
    Error::invalid(
        op,
        format!(
            "the iteration did not converge on the {} array of shape {}",
            x.dtype(),
            x.shape()
        ),
    )
}

/// Whether every element of `t` is finite.
fn all_finite(t: &Tensor) -> candle_core::Result<bool> {
    if t.elem_count() == 0 {
        return Ok(true);
    }
    Ok(t.sub(t)?.eq(0.0)?.min_all()?.to_scalar::<u8>()? == 1)
}

#[ivy::kernels]
impl LinearAlgebraKernels for CandleBackend {
    // NumPy's rules for 1-d operands: a vector on the left is a row, on the
    // right a column, and the added axis is removed from the result.
    // Real dtypes only, so an adjoint is a transpose. Integers (which
    // candle's matmul refuses) are multiplied in `f64` and cast back (the
    // superset behaviour, see `crate::tensor::int_via_f64`): the ndarray
    // backend's values while the sums stay below 2^53.
    #[supported_dtypes("0.1.0 and above" => (float, integer))]
    fn matmul(
        &self,
        x1: &Array,
        x2: &Array,
        transpose_a: bool,
        transpose_b: bool,
        adjoint_a: bool,
        adjoint_b: bool,
    ) -> Result<Array> {
        let op = "matmul";
        if x1.ndim() == 0 || x2.ndim() == 0 {
            return Err(Error::shape(
                op,
                "operands must have at least one dimension",
                vec![x1.shape().clone(), x2.shape().clone()],
            ));
        }
        let (mut a, mut b) = (tensor(op, x1)?, tensor(op, x2)?);
        let mut f = || -> candle_core::Result<candle_core::Tensor> {
            if (transpose_a || adjoint_a) && a.rank() >= 2 {
                a = a.transpose(a.rank() - 2, a.rank() - 1)?;
            }
            if (transpose_b || adjoint_b) && b.rank() >= 2 {
                b = b.transpose(b.rank() - 2, b.rank() - 1)?;
            }
            let (va, vb) = (a.rank() == 1, b.rank() == 1);
            if va {
                a = a.unsqueeze(0)?;
            }
            if vb {
                b = b.unsqueeze(1)?;
            }
            let mut r = if a.dtype().is_int() {
                crate::tensor::int_via_f64(&a.contiguous()?, &b.contiguous()?, |a, b| {
                    a.broadcast_matmul(b)
                })?
            } else {
                // `+ 0`: a dot product that comes out zero is `+0` on the
                // ndarray backend (its sums start from `+0`); candle's
                // gemm can leave `-0`.
                a.contiguous()?
                    .broadcast_matmul(&b.contiguous()?)?
                    .affine(1.0, 0.0)?
            };
            if vb {
                r = r.squeeze(r.rank() - 1)?;
            }
            if va {
                r = r.squeeze(r.rank() - if vb { 1 } else { 2 })?;
            }
            Ok(r)
        };
        let (ka, kb) = (x1.shape().dims().last(), x2.shape().dims());
        let inner_b = if kb.len() == 1 || transpose_b || adjoint_b {
            kb.last()
        } else {
            kb.get(kb.len() - 2)
        };
        let inner_a = if x1.ndim() >= 2 && (transpose_a || adjoint_a) {
            x1.shape().dims().get(x1.ndim() - 2)
        } else {
            ka
        };
        if inner_a != inner_b {
            return Err(Error::shape(
                op,
                "the inner dimensions do not match",
                vec![x1.shape().clone(), x2.shape().clone()],
            ));
        }
        Ok(wrap(f().map_err(err(op))?, x1.dtype()))
    }

    // A strided view: no copy. Real dtypes only, so `conjugate` changes
    // nothing.
    fn matrix_transpose(&self, x: &Array, conjugate: bool) -> Result<Array> {
        let op = "matrix_transpose";
        let _ = conjugate;
        let n = x.ndim();
        if n < 2 {
            return Err(Error::shape(
                op,
                "needs an array of at least 2 dimensions",
                vec![x.shape().clone()],
            ));
        }
        let t = tensor(op, x)?;
        Ok(wrap(t.transpose(n - 2, n - 1).map_err(err(op))?, x.dtype()))
    }
    // Narrow integers multiply in `i64` and wrap back, as on ndarray.
    #[supported_dtypes("0.2.0 and above" => (float, integer))]
    fn outer(&self, x1: &Array, x2: &Array) -> Result<Array> {
        let op = "outer";
        let (a, b) = (tensor(op, x1)?, tensor(op, x2)?);
        let f = || -> candle_core::Result<Tensor> {
            let a = a.flatten_all()?;
            let b = b.flatten_all()?;
            let (n, m) = (a.elem_count(), b.elem_count());
            let (a, b) = (a.reshape((n, 1))?, b.reshape((1, m))?);
            let dt = a.dtype();
            if matches!(dt, DType::U8 | DType::U32 | DType::I16 | DType::I32) {
                a.to_dtype(DType::I64)?
                    .broadcast_mul(&b.to_dtype(DType::I64)?)?
                    .to_dtype(dt)
            } else {
                a.broadcast_mul(&b)
            }
        };
        Ok(wrap(f().map_err(err(op))?, x1.dtype()))
    }

    // The diagonal summed as `sum` does (a sum of `-0` stays `-0`; half
    // floats in `f32`; narrow integers in `i64`, wrapping back).
    #[supported_dtypes("0.2.0 and above" => (float, integer))]
    fn trace(&self, x: &Array, offset: i64, axis1: usize, axis2: usize) -> Result<Array> {
        let op = "trace";
        let d = diagonal_tensor(op, x, offset, axis1, axis2)?;
        let f = || -> candle_core::Result<Tensor> {
            let dt = d.dtype();
            let last = d.rank() - 1;
            let acc = match dt {
                DType::F16 | DType::BF16 => d.to_dtype(DType::F32)?,
                DType::U8 | DType::U32 | DType::I16 | DType::I32 => d.to_dtype(DType::I64)?,
                _ => d.clone(),
            };
            crate::statistical::float_sum(&acc, &[last], false)?.to_dtype(dt)
        };
        Ok(wrap(f().map_err(err(op))?, x.dtype()))
    }

    fn diagonal(&self, x: &Array, offset: i64, axis1: usize, axis2: usize) -> Result<Array> {
        let op = "diagonal";
        Ok(wrap(
            diagonal_tensor(op, x, offset, axis1, axis2)?,
            x.dtype(),
        ))
    }
    // Products of the pivots of Gaussian elimination with partial pivoting
    // (as LAPACK and faer), in the dtype itself.
    #[supported_dtypes("0.1.0 and above" => (float32, float64))]
    fn det(&self, x: &Array) -> Result<Array> {
        let op = "det";
        let (batch, n) = square(x);
        let a = batch3(op, x, &batch, n)?;
        let f = || -> candle_core::Result<Tensor> {
            let (_, pivots, sign) = eliminate(&a, n)?;
            let mut d = sign;
            for i in 0..n {
                d = d.mul(&pivots.narrow(1, i, 1)?.squeeze(1)?)?;
            }
            d.reshape(batch.as_slice())
        };
        Ok(wrap(f().map_err(err(op))?, x.dtype()))
    }

    #[supported_dtypes("0.1.0 and above" => (float32, float64))]
    fn slogdet(&self, x: &Array) -> Result<(Array, Array)> {
        let op = "slogdet";
        let (batch, n) = square(x);
        let a = batch3(op, x, &batch, n)?;
        let f = || -> candle_core::Result<(Tensor, Tensor)> {
            let (_, pivots, sign) = eliminate(&a, n)?;
            let mut s = sign;
            let mut l = s.zeros_like()?;
            for i in 0..n {
                let p = pivots.narrow(1, i, 1)?.squeeze(1)?;
                s = s.mul(&p.sign()?)?;
                l = l.add(&p.abs()?.log()?)?;
            }
            // A NaN pivot makes both NaN; a zero one (even after a NaN, as
            // on ndarray) sign 0 and log -inf.
            if n > 0 {
                let nan = pivots.ne(&pivots)?.max_keepdim(1)?.squeeze(1)?;
                let zero = pivots.eq(0.0)?.max_keepdim(1)?.squeeze(1)?;
                s = nan.where_cond(&crate::math::full_like(&s, f64::NAN)?, &s)?;
                s = zero.where_cond(&s.zeros_like()?, &s)?;
                l = zero.where_cond(&crate::math::full_like(&l, f64::NEG_INFINITY)?, &l)?;
            }
            Ok((s.reshape(batch.as_slice())?, l.reshape(batch.as_slice())?))
        };
        let (s, l) = f().map_err(err(op))?;
        Ok((wrap(s, x.dtype()), wrap(l, x.dtype())))
    }

    // Elimination on `[A | I]`, then back substitution; an exact zero
    // pivot is the singular-matrix error naming the first such matrix.
    #[supported_dtypes("0.1.0 and above" => (float32, float64))]
    fn inv(&self, x: &Array) -> Result<Array> {
        let op = "inv";
        let (batch, n) = square(x);
        let a = batch3(op, x, &batch, n)?;
        let b: usize = batch.iter().product();
        let (u, pivots, _) = (|| -> candle_core::Result<_> {
            let eye = Tensor::eye(n, a.dtype(), a.device())?
                .unsqueeze(0)?
                .broadcast_as((b, n, n))?;
            eliminate(&Tensor::cat(&[&a, &eye], 2)?, n)
        })()
        .map_err(err(op))?;
        if let Some(k) = first_singular(&pivots).map_err(err(op))? {
            return Err(singular_error(op, x, k));
        }
        let r = back_substitute(&u, n)
            .and_then(|r| r.reshape(x.shape().dims()))
            .map_err(err(op))?;
        Ok(wrap(r, x.dtype()))
    }

    // `x2` a vector (`[n]`) or a batch of matrices (`[.., n, k]`), the
    // batches broadcast; the error for a singular `x1` names its first
    // singular matrix.
    #[supported_dtypes("0.1.0 and above" => (float32, float64))]
    fn solve(&self, x1: &Array, x2: &Array) -> Result<Array> {
        let op = "solve";
        let (ba, n) = square(x1);
        let shapes = || vec![x1.shape().clone(), x2.shape().clone()];
        let vector = x2.ndim() == 1;
        let (bb, rows, k) = if vector {
            (Vec::new(), x2.shape().dims()[0], 1)
        } else {
            matrices(x2)
        };
        if rows != n {
            return Err(Error::shape(
                op,
                format!("x1 has {n} rows but x2 has {rows}"),
                shapes(),
            ));
        }
        let batch =
            ivy::broadcast_shapes_of(op, &Shape::from(ba.clone()), &Shape::from(bb.clone()))
                .map_err(|_| {
                    Error::shape(
                        op,
                        format!(
                            "the batch dimensions {} and {} cannot be broadcast",
                            Shape::from(ba.clone()),
                            Shape::from(bb.clone())
                        ),
                        shapes(),
                    )
                })?;
        let a = batch3(op, x1, &ba, n)?;
        let (_, pivots, _) = eliminate(&a, n).map_err(err(op))?;
        if let Some(i) = first_singular(&pivots).map_err(err(op))? {
            return Err(singular_error(op, x1, i));
        }
        let t1 = tensor(op, x1)?;
        let t2 = tensor(op, x2)?;
        let f = || -> candle_core::Result<Tensor> {
            let bs = batch.dims().to_vec();
            let nb: usize = bs.iter().product();
            let mut da = bs.clone();
            da.extend([n, n]);
            let mut db = bs.clone();
            db.extend([n, k]);
            let a = t1.broadcast_as(da)?.reshape((nb, n, n))?;
            let y = if vector { t2.reshape((n, 1))? } else { t2 };
            let y = y.broadcast_as(db)?.reshape((nb, n, k))?;
            let (u, _, _) = eliminate(&Tensor::cat(&[&a, &y], 2)?, n)?;
            let r = back_substitute(&u, n)?;
            let mut out = bs;
            out.push(n);
            if !vector {
                out.push(k);
            }
            r.reshape(out)
        };
        Ok(wrap(f().map_err(err(op))?, x1.dtype()))
    }
    // Column by column (`L[:, j] = (A[:, j] - L L[j, :]^T) / sqrt(d)`),
    // reading the lower triangle; a pivot `d` that is not positive is the
    // error naming the first such matrix, as on ndarray.
    #[supported_dtypes("0.1.0 and above" => (float32, float64))]
    fn cholesky(&self, x: &Array, upper: bool) -> Result<Array> {
        let op = "cholesky";
        let (batch, n) = square(x);
        let a = batch3(op, x, &batch, n)?;
        let b: usize = batch.iter().product();
        let mut bad: Option<usize> = None;
        let mut f = || -> candle_core::Result<Tensor> {
            let dev = a.device();
            let rows = Tensor::arange(0u32, n as u32, dev)?;
            let mut l = a.zeros_like()?;
            for j in 0..n {
                let lj = l.narrow(1, j, 1)?.transpose(1, 2)?.contiguous()?; // [B, n, 1]
                let s = a.narrow(2, j, 1)?.sub(&l.contiguous()?.matmul(&lj)?)?; // [B, n, 1]
                let d = s.narrow(1, j, 1)?; // [B, 1, 1]
                let ok = d.gt(0.0)?.flatten_all()?.to_vec1::<u8>()?;
                if let Some(k) = ok.iter().position(|&o| o == 0) {
                    bad = Some(k);
                    return Ok(l);
                }
                let col = s.broadcast_div(&d.sqrt()?)?;
                let below = rows
                    .ge(j as f64)?
                    .reshape((1, n, 1))?
                    .broadcast_as((b, n, 1))?;
                let col = below.where_cond(&col, &col.zeros_like()?)?;
                let e = rows.eq(j as f64)?.to_dtype(a.dtype())?.reshape((1, 1, n))?;
                l = l.add(&col.broadcast_mul(&e)?)?;
            }
            let l = if upper {
                l.transpose(1, 2)?.contiguous()?
            } else {
                l
            };
            l.reshape(x.shape().dims())
        };
        let r = f().map_err(err(op))?;
        if let Some(k) = bad {
            return Err(Error::invalid(
                op,
                format!(
                    "matrix {k} of the {} array of shape {} is not positive definite",
                    x.dtype(),
                    x.shape()
                ),
            ));
        }
        Ok(wrap(r, x.dtype()))
    }
    // Householder reflections as faer (the ndarray backend's library)
    // makes them: `beta = -sign(x0) |x|` (sign(0) = +1), no reflection
    // when the part below the diagonal is zero, so R's diagonal signs match
    // ndarray's; `Q` accumulated by applying them to the identity.
    #[supported_dtypes("0.1.0 and above" => (float32, float64))]
    fn qr(&self, x: &Array, mode: &str) -> Result<(Array, Array)> {
        let op = "qr";
        // `#[one_of("reduced", "complete")] mode` in the spec.
        let complete = mode == "complete";
        let (batch, m, n) = matrices(x);
        let b: usize = batch.iter().product();
        let k = m.min(n);
        let (qc, rr) = if complete { (m, m) } else { (k, k) };
        let t = tensor(op, x)?;
        let f = || -> candle_core::Result<(Tensor, Tensor)> {
            let dt = t.dtype();
            let dev = t.device();
            let tiny = if dt == DType::F32 {
                f64::from(f32::MIN_POSITIVE)
            } else {
                f64::MIN_POSITIVE
            };
            let mut r = t.reshape((b, m, n))?.contiguous()?;
            let mut q = Tensor::eye(m, dt, dev)?
                .unsqueeze(0)?
                .broadcast_as((b, m, m))?
                .contiguous()?;
            let rows = Tensor::arange(0u32, m as u32, dev)?.reshape((1, m, 1))?;
            for j in 0..k {
                let col = r.narrow(2, j, 1)?; // [B, m, 1]
                let head = col.narrow(1, j, 1)?; // [B, 1, 1]
                let tail_mask = rows.gt(j as f64)?.broadcast_as((b, m, 1))?;
                let tail = tail_mask.where_cond(&col, &col.zeros_like()?)?;
                let tail_norm = tail.sqr()?.sum_keepdim(1)?.sqrt()?; // [B, 1, 1]
                let head_abs = head.abs()?;
                let head = head_abs.lt(tiny)?.where_cond(&head.zeros_like()?, &head)?;
                let norm = crate::math::via_f64_2(&head, &tail_norm, |h, t| {
                    h.abs()?.sqr()?.add(&t.sqr()?)?.sqrt()
                })?;
                let sign = head
                    .lt(0.0)?
                    .where_cond(&crate::math::full_like(&head, -1.0)?, &head.ones_like()?)?;
                let signed_norm = sign.mul(&norm)?;
                let hb = head.add(&signed_norm)?;
                let hb_safe = hb.eq(0.0)?.where_cond(&hb.ones_like()?, &hb)?;
                let v_tail = tail.broadcast_div(&hb_safe)?;
                let e = rows.eq(j as f64)?.to_dtype(dt)?.broadcast_as((b, m, 1))?;
                let v = v_tail.add(&e)?; // v0 = 1
                let ratio = tail_norm.div(&hb_safe.abs()?)?;
                let tau = crate::math::mul_c(&crate::math::add_c(&ratio.sqr()?, 1.0)?, 0.5)?;
                // No reflection where the tail is zero: the identity.
                let reflect = tail_norm.ge(tiny)?; // [B, 1, 1]
                let inv_tau = reflect.where_cond(&tau.recip()?, &tau.zeros_like()?)?;
                // R <- H R, Q <- Q H, with H = I - v v^T / tau.
                let vt = v.transpose(1, 2)?.contiguous()?; // [B, 1, m]
                let vr = vt.matmul(&r)?; // [B, 1, n]
                r = r.sub(&v.broadcast_mul(&vr)?.broadcast_mul(&inv_tau)?)?;
                let qv = q.matmul(&v.contiguous()?)?; // [B, m, 1]
                q = q.sub(&qv.broadcast_mul(&vt)?.broadcast_mul(&inv_tau)?)?;
                // The diagonal entry is -signed_norm exactly (or the head
                // itself without a reflection), the rest of the column 0.
                let diag = reflect.where_cond(&signed_norm.neg()?, &head)?;
                let newcol = tail_mask.where_cond(&col.zeros_like()?, &r.narrow(2, j, 1)?)?;
                let newcol = e
                    .broadcast_mul(&diag)?
                    .add(&e.eq(0.0)?.where_cond(&newcol, &newcol.zeros_like()?)?)?;
                let left = r.narrow(2, 0, j)?;
                let right = r.narrow(2, j + 1, n - j - 1)?;
                r = Tensor::cat(&[&left, &newcol, &right], 2)?.contiguous()?;
            }
            // The upper triangle of the first `rr` rows; `qc` columns of Q.
            let cols = Tensor::arange(0u32, n as u32, dev)?.reshape((1, n))?;
            let rws = Tensor::arange(0u32, m as u32, dev)?.reshape((m, 1))?;
            let upper = cols
                .broadcast_ge(&rws)?
                .unsqueeze(0)?
                .broadcast_as((b, m, n))?;
            let r = upper.where_cond(&r, &r.zeros_like()?)?;
            let r = if rr <= m { r.narrow(1, 0, rr)? } else { r };
            let q = q.narrow(2, 0, qc)?;
            let mut qd = batch.clone();
            qd.extend([m, qc]);
            let mut rd = batch.clone();
            rd.extend([rr, n]);
            Ok((q.contiguous()?.reshape(qd)?, r.contiguous()?.reshape(rd)?))
        };
        let (q, r) = f().map_err(err(op))?;
        Ok((wrap(q, x.dtype()), wrap(r, x.dtype())))
    }
    // Cyclic Jacobi rotations in `f64` on the matrix read from its lower
    // triangle (as ndarray's faer does), ascending.
    #[supported_dtypes("0.1.0 and above" => (float32, float64))]
    fn eigvalsh(&self, x: &Array) -> Result<Array> {
        let op = "eigvalsh";
        let (batch, n) = square(x);
        let a = batch3(op, x, &batch, n)?;
        if !all_finite(&a).map_err(err(op))? {
            return Err(no_convergence(op, x));
        }
        let f = || -> candle_core::Result<Option<Tensor>> {
            let dt = a.dtype();
            let a = a.to_dtype(DType::F64)?;
            let lower =
                a.broadcast_mul(&Tensor::tril2(n, DType::F64, a.device())?.unsqueeze(0)?)?;
            let strict = lower.broadcast_sub(
                &a.broadcast_mul(&Tensor::eye(n, DType::F64, a.device())?.unsqueeze(0)?)?,
            )?;
            let sym = lower.add(&strict.transpose(1, 2)?)?.contiguous()?;
            let Some((w, _)) = crate::math::jacobi_eigen(&sym)? else {
                return Ok(None);
            };
            let mut d = batch.clone();
            d.push(n);
            Ok(Some(w.to_dtype(dt)?.reshape(d)?))
        };
        let r = f().map_err(err(op))?.ok_or_else(|| no_convergence(op, x))?;
        Ok(wrap(r, x.dtype()))
    }

    // One-sided Jacobi in `f64`, descending.
    #[supported_dtypes("0.1.0 and above" => (float32, float64))]
    fn svdvals(&self, x: &Array) -> Result<Array> {
        let op = "svdvals";
        let (batch, m, n) = matrices(x);
        let b: usize = batch.iter().product();
        let t = tensor(op, x)?;
        if !all_finite(&t).map_err(err(op))? {
            return Err(no_convergence(op, x));
        }
        let f = || -> candle_core::Result<Option<Tensor>> {
            let dt = t.dtype();
            let mut d = batch.clone();
            d.push(m.min(n));
            if m.min(n) == 0 {
                return Tensor::zeros(d, dt, t.device()).map(Some);
            }
            let a = t.to_dtype(DType::F64)?.reshape((b, m, n))?;
            let Some(s) = crate::math::jacobi_singular_values(&a)? else {
                return Ok(None);
            };
            Ok(Some(s.to_dtype(dt)?.reshape(d)?))
        };
        let r = f().map_err(err(op))?.ok_or_else(|| no_convergence(op, x))?;
        Ok(wrap(r, x.dtype()))
    }
    // One-sided Jacobi in `f64` accumulating the rotations (see
    // `crate::math::jacobi_svd`): `S` descending, each of the first `k`
    // left vectors scaled so its entry of largest magnitude is positive
    // (its right vector with it), as on ndarray; the left vectors of zero
    // singular values and those past `k` (`full_matrices`) complete an
    // orthonormal basis. Empty matrices give identities, as on ndarray; an
    // infinity or NaN is the no-convergence error, as for `svdvals`.
    #[supported_dtypes("0.1.0 and above" => (float32, float64))]
    fn svd(&self, x: &Array, full_matrices: bool) -> Result<(Array, Array, Array)> {
        let op = "svd";
        let (batch, m, n) = matrices(x);
        let b: usize = batch.iter().product();
        let k = m.min(n);
        let (uc, vr) = if full_matrices { (m, n) } else { (k, k) };
        let t = tensor(op, x)?;
        if !all_finite(&t).map_err(err(op))? {
            return Err(no_convergence(op, x));
        }
        let f = || -> candle_core::Result<Option<(Tensor, Tensor, Tensor)>> {
            let dt = t.dtype();
            let dev = t.device();
            let dims = |tail: &[usize]| {
                let mut d = batch.clone();
                d.extend_from_slice(tail);
                d
            };
            if k == 0 || b == 0 {
                let eye = |r: usize, c: usize| -> candle_core::Result<Tensor> {
                    let e: Vec<f64> = (0..r * c)
                        .map(|i| f64::from(u8::from(i / c == i % c)))
                        .collect();
                    Tensor::from_vec(e, (1, r, c), dev)?
                        .to_dtype(dt)?
                        .broadcast_as((b, r, c))?
                        .reshape(dims(&[r, c]))
                };
                let s = Tensor::zeros(dims(&[k]), dt, dev)?;
                return Ok(Some((eye(m, uc)?, s, eye(vr, n)?)));
            }
            let a = t.to_dtype(DType::F64)?.reshape((b, m, n))?;
            let Some((u, s, vh)) = crate::math::jacobi_svd(&a, full_matrices)? else {
                return Ok(None);
            };
            Ok(Some((
                u.to_dtype(dt)?.reshape(dims(&[m, uc]))?,
                s.to_dtype(dt)?.reshape(dims(&[k]))?,
                vh.to_dtype(dt)?.reshape(dims(&[vr, n]))?,
            )))
        };
        let (u, s, vh) = f().map_err(err(op))?.ok_or_else(|| no_convergence(op, x))?;
        let d = x.dtype();
        Ok((wrap(u, d), wrap(s, d), wrap(vh, d)))
    }
    // Cyclic Jacobi in `f64` (see `eigvalsh`); each eigenvector is scaled
    // so its entry of largest magnitude (the first such) is positive, as
    // on ndarray.
    #[supported_dtypes("0.1.0 and above" => (float32, float64))]
    fn eigh(&self, x: &Array) -> Result<(Array, Array)> {
        let op = "eigh";
        let (batch, n) = square(x);
        let a = batch3(op, x, &batch, n)?;
        if !all_finite(&a).map_err(err(op))? {
            return Err(no_convergence(op, x));
        }
        let b: usize = batch.iter().product();
        let f = || -> candle_core::Result<Option<(Tensor, Tensor)>> {
            let dt = a.dtype();
            let a = a.to_dtype(DType::F64)?;
            let lower =
                a.broadcast_mul(&Tensor::tril2(n, DType::F64, a.device())?.unsqueeze(0)?)?;
            let diag = a.broadcast_mul(&Tensor::eye(n, DType::F64, a.device())?.unsqueeze(0)?)?;
            let sym = lower
                .add(&lower.sub(&diag)?.transpose(1, 2)?)?
                .contiguous()?;
            let Some((w, v)) = crate::math::jacobi_eigen(&sym)? else {
                return Ok(None);
            };
            // The entry of largest magnitude of each column (the first on
            // ties): its sign scales the column.
            let first = v.abs()?.argmax_keepdim(1)?; // [B, 1, n]
            let pick = v.gather(&first.contiguous()?, 1)?; // [B, 1, n]
            let sign = pick
                .lt(0.0)?
                .where_cond(&crate::math::full_like(&pick, -1.0)?, &pick.ones_like()?)?;
            let v = v.broadcast_mul(&sign)?;
            let mut dw = batch.clone();
            dw.push(n);
            let mut dv = batch.clone();
            dv.extend([n, n]);
            let _ = b;
            Ok(Some((
                w.to_dtype(dt)?.reshape(dw)?,
                v.to_dtype(dt)?.reshape(dv)?,
            )))
        };
        let (w, v) = f().map_err(err(op))?.ok_or_else(|| no_convergence(op, x))?;
        Ok((wrap(w, x.dtype()), wrap(v, x.dtype())))
    }
}
