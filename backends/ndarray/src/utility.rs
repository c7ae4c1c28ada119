//! Kernels of the utility ops: `all` and `any`, truth-value reductions of
//! every dtype (an element is true when it is not zero; NaN is true).

use crate::NdarrayBackend;
use crate::host::{self, all};
use crate::reduce::{self, Reducer};
use ivy::kernels::UtilityKernels;
use ivy::{Array, Element, Result};

/// Whether every element is true; short-circuits within a block.
struct AllOf;

impl<T: Element> Reducer<T> for AllOf {
    type A = bool;
    #[inline]
    fn init(&self) -> bool {
        true
    }
    #[inline]
    fn step(&self, a: bool, v: T, _: usize) -> bool {
        a & v.to_bool()
    }
    #[inline]
    fn combine(&self, a: bool, b: bool) -> bool {
        a & b
    }
    #[inline]
    fn block(&self, xs: &[T], _: usize) -> bool {
        xs.iter().all(|v| v.to_bool())
    }
}

/// Whether any element is true; short-circuits within a block.
struct AnyOf;

impl<T: Element> Reducer<T> for AnyOf {
    type A = bool;
    #[inline]
    fn init(&self) -> bool {
        false
    }
    #[inline]
    fn step(&self, a: bool, v: T, _: usize) -> bool {
        a | v.to_bool()
    }
    #[inline]
    fn combine(&self, a: bool, b: bool) -> bool {
        a | b
    }
    #[inline]
    fn block(&self, xs: &[T], _: usize) -> bool {
        xs.iter().any(|v| v.to_bool())
    }
}

fn truth<T: Element, R: Reducer<T, A = bool>>(
    op: &str,
    x: &Array,
    axis: Option<&[usize]>,
    keepdims: bool,
    r: &R,
) -> Result<Array> {
    let axes = reduce::axes_or_all(x, axis);
    let s = host::slice::<T>(op, x)?;
    let out = reduce::reduce(s, x.shape().dims(), &axes, r);
    Ok(host::out_vec(x.shape().reduced(&axes, keepdims), out))
}

#[ivy::kernels]
impl UtilityKernels for NdarrayBackend {
    fn all(&self, x: &Array, axis: Option<&[usize]>, keepdims: bool) -> Result<Array> {
        all!("all", x, T => truth::<T, _>("all", x, axis, keepdims, &AllOf))
    }

    fn any(&self, x: &Array, axis: Option<&[usize]>, keepdims: bool) -> Result<Array> {
        all!("any", x, T => truth::<T, _>("any", x, axis, keepdims, &AnyOf))
    }
}

#[cfg(test)]
mod tests {
    use crate::reduce::testing::arr;
    use ivy::opts::{All, Any};
    use ivy::{Complex64, Dtype, Result, Scalar, bf16};

    #[test]
    fn all_and_any_of_every_element() -> Result<()> {
        let x = arr(&[3], vec![1i32, 2, 0]);
        assert_eq!(ivy::all(&x)?.item()?, Scalar::Bool(false));
        assert_eq!(ivy::any(&x)?.item()?, Scalar::Bool(true));
        assert_eq!(ivy::all(&x)?.dtype(), Dtype::Bool);
        let z = arr(&[3], vec![0u64, 0, 0]);
        assert_eq!(ivy::any(&z)?.item()?, Scalar::Bool(false));
        let b = arr(&[2], vec![true, true]);
        assert_eq!(ivy::all(&b)?.item()?, Scalar::Bool(true));
        Ok(())
    }

    #[test]
    fn along_axes_with_keepdims() -> Result<()> {
        // [[1, 0, 1], [1, 1, 0]]
        let x = arr(&[2, 3], vec![1i8, 0, 1, 1, 1, 0]);
        assert_eq!(
            ivy::all_with(&x, All::new().axis(0))?.to_vec::<bool>()?,
            vec![true, false, false]
        );
        assert_eq!(
            ivy::any_with(&x, Any::new().axis(1))?.to_vec::<bool>()?,
            vec![true, true]
        );
        let k = ivy::all_with(&x, All::new().axis(1).keepdims(true))?;
        assert_eq!(k, arr(&[2, 1], vec![false, false]));
        let k = ivy::any_with(&x, Any::new().keepdims(true))?;
        assert_eq!(k, arr(&[1, 1], vec![true]));
        Ok(())
    }

    #[test]
    fn floats_complex_and_nan() -> Result<()> {
        // NaN is not zero; -0.0 is.
        let f = arr(&[2], vec![f64::NAN, -0.0]);
        assert_eq!(ivy::any(&f)?.item()?, Scalar::Bool(true));
        assert_eq!(ivy::all(&f)?.item()?, Scalar::Bool(false));
        let h = arr(&[2], vec![bf16::from_f32(0.5), bf16::from_f32(-2.0)]);
        assert_eq!(ivy::all(&h)?.item()?, Scalar::Bool(true));
        let c = arr(
            &[2],
            vec![Complex64::new(0.0, 1.0), Complex64::new(0.0, 0.0)],
        );
        assert_eq!(ivy::any(&c)?.item()?, Scalar::Bool(true));
        assert_eq!(ivy::all(&c)?.item()?, Scalar::Bool(false));
        Ok(())
    }

    #[test]
    fn empty_and_zero_d() -> Result<()> {
        let e = arr(&[0, 2], Vec::<f32>::new());
        assert_eq!(ivy::all(&e)?.item()?, Scalar::Bool(true));
        assert_eq!(ivy::any(&e)?.item()?, Scalar::Bool(false));
        assert_eq!(
            ivy::all_with(&e, All::new().axis(0))?.to_vec::<bool>()?,
            vec![true, true]
        );
        assert_eq!(ivy::any_with(&e, Any::new().axis(1))?.shape().dims(), &[0]);
        assert_eq!(
            ivy::all(&ivy::Array::scalar(3u16))?.item()?,
            Scalar::Bool(true)
        );
        assert_eq!(
            ivy::any(&ivy::Array::scalar(0i16))?.item()?,
            Scalar::Bool(false)
        );
        assert!(ivy::all_with(&arr(&[2], vec![1i32, 1]), All::new().axis(1)).is_err());
        Ok(())
    }
}
