//! Kernels of the elementwise ops.

use crate::NdarrayBackend;
use crate::host::{self, inexact, numeric};
use crate::math::{Arith, Inexact};
use ivy::kernels::ElementwiseKernels;
use ivy::{Array, Result, Scalar};

#[ivy::kernels]
impl ElementwiseKernels for NdarrayBackend {
    fn tan(&self, x: &Array) -> Result<Array> {
        inexact!("tan", x, T => host::map("tan", x, |v: T| v.tan()))
    }

    fn exp(&self, x: &Array) -> Result<Array> {
        inexact!("exp", x, T => host::map("exp", x, |v: T| v.exp()))
    }

    fn add(&self, x1: &Array, x2: &Array, alpha: Option<Scalar>) -> Result<Array> {
        numeric!("add", x1, T => match alpha {
            None => host::zip("add", x1, x2, |a: T, b: T| a.add(b)),
            Some(s) => {
                let k: T = s.to_element();
                host::zip("add", x1, x2, move |a: T, b: T| a.add(k.mul(b)))
            }
        })
    }

    fn subtract(&self, x1: &Array, x2: &Array, alpha: Option<Scalar>) -> Result<Array> {
        numeric!("subtract", x1, T => match alpha {
            None => host::zip("subtract", x1, x2, |a: T, b: T| a.sub(b)),
            Some(s) => {
                let k: T = s.to_element();
                host::zip("subtract", x1, x2, move |a: T, b: T| a.sub(k.mul(b)))
            }
        })
    }

    fn divide(&self, x1: &Array, x2: &Array) -> Result<Array> {
        inexact!("divide", x1, T => host::zip("divide", x1, x2, |a: T, b: T| a.div(b)))
    }
}
