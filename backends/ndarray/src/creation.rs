//! Kernels of the creation ops.

use crate::NdarrayBackend;
use crate::host;
use ivy::kernels::CreationKernels;
use ivy::{Array, Device, Dtype, Element, Result, Shape};

#[ivy::kernels]
impl CreationKernels for NdarrayBackend {
    fn zeros(&self, shape: &Shape, dtype: Dtype, device: Device) -> Result<Array> {
        let _ = device;
        let n = shape.checked_size("zeros")?;
        host::by_dtype!("zeros", dtype, T => Ok(host::out_vec(shape.clone(), vec![<T as Element>::from_bool(false); n])))
    }
}
