//! Kernels of the data-type ops: candle's `to_dtype` and `broadcast_as`.

use crate::CandleBackend;
use crate::tensor::{dtype_of, err, mask, nonzero, tensor, wrap};
use ivy::kernels::DataTypeKernels;
use ivy::{Array, Dtype, Result, Shape};

#[ivy::kernels]
impl DataTypeKernels for CandleBackend {
    // To `bool`: nonzero is true (a `u8` mask). From `bool`: the mask's 0
    // and 1. Everything else is candle's `to_dtype` (float to integer
    // truncates toward zero and saturates, as Rust's `as`).
    fn astype(&self, x: &Array, dtype: Dtype, copy: bool) -> Result<Array> {
        let op = "astype";
        let _ = copy; // arrays are immutable
        if x.dtype() == dtype {
            return Ok(x.clone());
        }
        let t = tensor(op, x)?;
        if dtype == Dtype::Bool {
            return Ok(mask(nonzero(&t).map_err(err(op))?));
        }
        let dt = dtype_of(op, dtype)?;
        Ok(wrap(t.to_dtype(dt).map_err(err(op))?, dtype))
    }

    // A broadcast view: no copy.
    fn broadcast_to(&self, x: &Array, shape: &Shape) -> Result<Array> {
        let op = "broadcast_to";
        if x.shape() == shape {
            return Ok(x.clone());
        }
        ivy::broadcast_shapes_of(op, x.shape(), shape).and_then(|b| {
            if &b == shape {
                Ok(())
            } else {
                Err(ivy::Error::shape(
                    op,
                    format!("cannot broadcast {} to {shape}", x.shape()),
                    vec![x.shape().clone(), shape.clone()],
                ))
            }
        })?;
        let t = tensor(op, x)?;
        Ok(wrap(
            t.broadcast_as(shape.dims()).map_err(err(op))?,
            x.dtype(),
        ))
    }
}
