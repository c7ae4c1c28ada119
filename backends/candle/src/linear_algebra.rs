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
    if shape.ndim() < 2 {
        return Err(Error::shape(
            op,
            "needs an array of at least 2 dimensions",
            vec![shape.clone()],
        ));
    }
    if axis1 == axis2 {
        return Err(Error::invalid(
            op,
            format!("axis1 and axis2 are the same axis ({axis1})"),
        ));
    }
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
}
