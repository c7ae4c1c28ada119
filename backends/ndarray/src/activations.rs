//! Kernels of the activations ops with a kernel here (mixed ops: other
//! backends run the composition in the spec): `sigmoid`, `silu`, `gelu`
//! and `softplus` on the vector functions of [`simd`](crate::simd),
//! `softmax` and `log_softmax` on the fused rows of [`rows`].

use crate::NdarrayBackend;
use crate::host::{self, floats};
use crate::math::Inexact;
use crate::rows;
use crate::simd;
use ivy::kernels::ActivationsKernels;
use ivy::{Array, Dtype, Result};

#[ivy::kernels]
impl ActivationsKernels for NdarrayBackend {
    fn gelu(&self, x: &Array, approximate: bool) -> Result<Array> {
        if approximate {
            floats!("gelu", x, T => host::map_real::<T, _>("gelu", x, simd::GeluTanh))
        } else {
            floats!("gelu", x, T => host::map_real::<T, _>("gelu", x, simd::Gelu))
        }
    }

    fn sigmoid(&self, x: &Array) -> Result<Array> {
        match x.dtype() {
            Dtype::Complex64 => host::map("sigmoid", x, complex_sigmoid::<ivy::Complex32>),
            Dtype::Complex128 => host::map("sigmoid", x, complex_sigmoid::<ivy::Complex64>),
            _ => floats!("sigmoid", x, T => host::map_real::<T, _>("sigmoid", x, simd::Sigmoid)),
        }
    }

    fn softmax(&self, x: &Array, axis: i64) -> Result<Array> {
        let axis = ivy::normalize_axis("softmax", axis, x.ndim())?;
        floats!("softmax", x, T => rows::softmax::<T>("softmax", x, axis, false))
    }

    fn log_softmax(&self, x: &Array, axis: i64) -> Result<Array> {
        let axis = ivy::normalize_axis("log_softmax", axis, x.ndim())?;
        floats!("log_softmax", x, T => rows::softmax::<T>("log_softmax", x, axis, true))
    }

    fn silu(&self, x: &Array) -> Result<Array> {
        floats!("silu", x, T => host::map_real::<T, _>("silu", x, simd::Silu))
    }

    /// `log(1 + exp(beta * x)) / beta` as `(log1p(exp(-|bx|)) + max(bx, 0)) /
    /// beta`, which neither overflows for large `bx` nor loses the tail for
    /// very negative `bx`; `x` itself where `beta * x > threshold`.
    fn softplus(&self, x: &Array, beta: Option<f64>, threshold: Option<f64>) -> Result<Array> {
        let f = simd::Softplus {
            beta: beta.unwrap_or(1.0),
            threshold,
        };
        floats!("softplus", x, T => host::map_real::<T, _>("softplus", x, f))
    }
}

/// `1 / (1 + e^-z)` for complex `z`, as the composition computes it.
fn complex_sigmoid<C: Inexact + crate::math::Arith>(z: C) -> C {
    z.neg().exp().add(C::one()).recip()
}

#[cfg(test)]
mod tests {
    use crate::reduce::testing::{arr, close, f64s};
    use ivy::opts::Softplus;
    use ivy::{Array, Dtype, Result, bf16, f16};

    /// The textbook formula, for moderate arguments.
    fn naive(x: f64, beta: f64) -> f64 {
        (1.0 + (beta * x).exp()).ln() / beta
    }

    #[test]
    fn softplus_matches_the_formula() -> Result<()> {
        let xs = vec![-3.0f64, -1.0, 0.0, 0.5, 1.0, 4.0];
        let want: Vec<f64> = xs.iter().map(|&x| naive(x, 1.0)).collect();
        assert!(close(
            &f64s(&ivy::softplus(&arr(&[6], xs.clone()))?),
            &want,
            1e-14
        ));
        let want: Vec<f64> = xs.iter().map(|&x| naive(x, 2.0)).collect();
        let got = ivy::softplus_with(&arr(&[2, 3], xs.clone()), Softplus::new().beta(2.0))?;
        assert_eq!(got.shape().dims(), &[2, 3]);
        assert!(close(&f64s(&got), &want, 1e-14));
        let y = ivy::softplus(&arr(&[1], vec![0.0f32]))?;
        assert_eq!(
            (y.dtype(), y.to_vec::<f32>()?),
            (Dtype::Float32, vec![std::f32::consts::LN_2])
        );
        Ok(())
    }

    #[test]
    fn softplus_is_stable_at_the_extremes() -> Result<()> {
        let x = arr(
            &[6],
            vec![
                1000.0f64,
                -1000.0,
                -30.0,
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::NAN,
            ],
        );
        let got = f64s(&ivy::softplus(&x)?);
        // log1p(exp(-30)) = exp(-30) to within exp(-60).
        assert!(close(
            &got,
            &[1000.0, 0.0, (-30.0f64).exp(), f64::INFINITY, 0.0, f64::NAN],
            1e-13
        ));
        // Large in float32 (exp(100) overflows f32) and in float16.
        let f = ivy::softplus(&arr(&[2], vec![100.0f32, -100.0]))?;
        assert_eq!(f.to_vec::<f32>()?, vec![100.0, (-100.0f32).exp()]);
        let h = ivy::softplus(&arr(&[2], vec![f16::from_f32(20.0), f16::from_f32(0.0)]))?;
        assert_eq!(
            h.to_vec::<f16>()?,
            vec![f16::from_f32(20.0), f16::from_f32(std::f32::consts::LN_2)]
        );
        let b = ivy::softplus(&arr(&[1], vec![bf16::from_f32(-1.0)]))?;
        assert_eq!(b.to_vec::<bf16>()?, vec![bf16::from_f64(naive(-1.0, 1.0))]);
        Ok(())
    }

    #[test]
    fn softplus_threshold_returns_x() -> Result<()> {
        let x = arr(&[3], vec![1.0f64, 25.0, 11.0]);
        let got = ivy::softplus_with(&x, Softplus::new().threshold(20.0))?;
        let v = f64s(&got);
        assert_eq!(v[1], 25.0);
        assert!(close(&v, &[naive(1.0, 1.0), 25.0, naive(11.0, 1.0)], 1e-14));
        // The threshold is in units of beta * x: 2 * 11 > 20.
        let got = ivy::softplus_with(&x, Softplus::new().threshold(20.0).beta(2.0))?;
        assert!(close(&f64s(&got), &[naive(1.0, 2.0), 25.0, 11.0], 1e-14));
        let e = ivy::softplus(&arr(&[0, 2], Vec::<f32>::new()))?;
        assert_eq!(e.shape().dims(), &[0, 2]);
        assert_eq!(ivy::softplus(&Array::scalar(0.0f64))?.ndim(), 0);
        Ok(())
    }
}
