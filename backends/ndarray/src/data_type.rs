//! Kernels of the data type ops.

use crate::NdarrayBackend;
use crate::host::{self, all};
use crate::layout;
use ivy::kernels::DataTypeKernels;
use ivy::{Array, Dtype, Error, Result, Shape};
use ndarray::IxDyn;

#[ivy::kernels]
impl DataTypeKernels for NdarrayBackend {
    fn astype(&self, x: &Array, dtype: Dtype, copy: bool) -> Result<Array> {
        let _ = copy; // arrays are immutable: a copy and a view are the same to the user
        let data = host::data("astype", x)?.cast(dtype);
        Ok(Array::from_host_unchecked(
            &crate::NDARRAY,
            x.shape().clone(),
            data,
        ))
    }

    fn broadcast_to(&self, x: &Array, shape: &Shape) -> Result<Array> {
        let op = "broadcast_to";
        if x.shape() == shape {
            return Ok(x.clone());
        }
        let incompatible = || Error::Broadcast {
            op: op.to_string(),
            shapes: vec![x.shape().clone(), shape.clone()],
        };
        // NumPy's rule, one way: aligned from the right, each dimension of x
        // equals the target's or is 1, and x has no more dimensions.
        if x.ndim() > shape.ndim()
            || x.shape()
                .iter()
                .rev()
                .zip(shape.iter().rev())
                .any(|(&d, &t)| d != t && d != 1)
        {
            return Err(incompatible());
        }
        let n = shape.checked_size(op)?;
        if n == x.size() {
            // Only dimensions of length 1 were added or kept (or there are
            // no elements): the row-major order is unchanged.
            return layout::share(op, x, shape.clone());
        }
        all!(op, x, T => {
            let v = host::view::<T>(op, x)?;
            layout::collect(op, v.broadcast(IxDyn(shape.dims())).ok_or_else(incompatible)?)
        })
    }
}
