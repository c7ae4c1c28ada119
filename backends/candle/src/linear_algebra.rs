//! Kernels of the linear-algebra ops: candle's (batched, broadcasting)
//! `matmul`, which runs on floats only (integers are an error in candle;
//! they take the superset path, computed in `f64`).

use crate::CandleBackend;
use crate::tensor::{err, tensor, wrap};
use ivy::kernels::LinearAlgebraKernels;
use ivy::{Array, Error, Result};

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
}
