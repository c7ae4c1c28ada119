//! Default dtypes (Ivy's stacks) and precise mode.
//! PLACEHOLDER: being written by the dtype helper.

use super::{Complex64, Dtype};
use crate::error::Result;

pub fn default_dtype() -> Dtype { Dtype::Float32 }
pub fn default_float_dtype() -> Dtype { Dtype::Float32 }
pub fn default_int_dtype() -> Dtype { Dtype::Int32 }
pub fn default_uint_dtype() -> Dtype { Dtype::UInt32 }
pub fn default_complex_dtype() -> Dtype { Dtype::Complex64 }
pub fn default_float_dtype_for(_v: &[f64]) -> Dtype { Dtype::Float32 }
pub fn default_int_dtype_for(_v: &[i128]) -> Dtype { Dtype::Int32 }
pub fn default_uint_dtype_for(_v: &[i128]) -> Dtype { Dtype::UInt32 }
pub fn default_complex_dtype_for(_v: &[Complex64]) -> Dtype { Dtype::Complex64 }
pub fn default_dtype_for(_v: &[crate::Scalar]) -> Dtype { Dtype::Float32 }
pub fn infer_default_dtype(d: Dtype) -> Dtype { d }
pub fn precise_mode() -> bool { true }
pub fn set_precise_mode(_m: bool) {}
pub fn unset_precise_mode() {}
pub fn set_default_dtype(_d: Dtype) -> Result<()> { Ok(()) }
pub fn set_default_float_dtype(_d: Dtype) -> Result<()> { Ok(()) }
pub fn set_default_int_dtype(_d: Dtype) -> Result<()> { Ok(()) }
pub fn set_default_uint_dtype(_d: Dtype) -> Result<()> { Ok(()) }
pub fn set_default_complex_dtype(_d: Dtype) -> Result<()> { Ok(()) }
pub fn unset_default_dtype() {}
pub fn unset_default_float_dtype() {}
pub fn unset_default_int_dtype() {}
pub fn unset_default_uint_dtype() {}
pub fn unset_default_complex_dtype() {}
pub fn with_precise_mode<R>(_m: bool, f: impl FnOnce() -> R) -> R { f() }
pub fn with_default_dtype<R>(_d: Dtype, f: impl FnOnce() -> R) -> Result<R> { Ok(f()) }
pub fn with_default_float_dtype<R>(_d: Dtype, f: impl FnOnce() -> R) -> Result<R> { Ok(f()) }
pub fn with_default_int_dtype<R>(_d: Dtype, f: impl FnOnce() -> R) -> Result<R> { Ok(f()) }
pub struct DefaultDtypeGuard;
pub struct PreciseModeGuard;
