//! Kernels of the data type ops.

use crate::NdarrayBackend;
use crate::host::{self, all};
use crate::layout::{self, Strided};
use ivy::kernels::DataTypeKernels;
use ivy::{Array, Dtype, Error, Result, Shape};

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
        let view = Strided::of(x.shape())
            .broadcast(shape.dims())
            .ok_or_else(incompatible)?;
        all!(op, x, T => layout::materialise::<T>(op, x, &view))
    }
}

#[cfg(test)]
mod tests {
    use ivy::{Array, Dtype, Element, Error, Result};

    fn arr<T: Element>(shape: &[usize], v: Vec<T>) -> Array {
        Array::from_shape_vec(shape.to_vec(), v).expect("the test data fits its shape")
    }

    #[test]
    fn broadcast_to_repeats_along_new_and_unit_axes() -> Result<()> {
        let v = arr(&[2], vec![1i32, 2]);
        assert_eq!(
            ivy::broadcast_to(&v, [2, 2])?,
            arr(&[2, 2], vec![1i32, 2, 1, 2])
        );
        let c = arr(&[3, 1], vec![1u8, 2, 3]);
        assert_eq!(
            ivy::broadcast_to(&c, [3, 2])?,
            arr(&[3, 2], vec![1u8, 1, 2, 2, 3, 3])
        );
        assert_eq!(
            ivy::broadcast_to(&c, [2, 3, 2])?.to_vec::<u8>()?,
            [1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3]
        );
        let s = arr(&[], vec![2.5f64]);
        assert_eq!(
            ivy::broadcast_to(&s, [2, 3])?,
            arr(&[2, 3], vec![2.5f64; 6])
        );
        assert_eq!(ivy::broadcast_to(&s, ())?, s);
        // No element repeated: the result shares the elements.
        let same = ivy::broadcast_to(&v, [2])?;
        assert!(same.shares_data_with(&v));
        let lifted = ivy::broadcast_to(&v, [1, 1, 2])?;
        assert!(lifted.shares_data_with(&v) && lifted.shape().dims() == [1, 1, 2]);
        // Empty results.
        assert_eq!(ivy::broadcast_to(&c, [3, 0])?.shape().dims(), [3, 0]);
        assert_eq!(
            ivy::broadcast_to(&arr(&[0], Vec::<i8>::new()), [2, 0])?
                .shape()
                .dims(),
            [2, 0]
        );
        for d in Dtype::ALL {
            let x = ivy::astype(&arr(&[2, 1], vec![0i64, 1]), d)?;
            let want = ivy::astype(&arr(&[2, 2], vec![0i64, 0, 1, 1]), d)?;
            assert_eq!(ivy::broadcast_to(&x, [2, 2])?, want, "{d}");
        }
        Ok(())
    }

    #[test]
    fn broadcast_to_errors() {
        let v = arr(&[2], vec![1i32, 2]);
        let e = ivy::broadcast_to(&v, [3]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "broadcast_to: shapes (2,) and (3,) cannot be broadcast together"
        );
        assert!(matches!(
            ivy::broadcast_to(&arr(&[1, 2], vec![1i32, 2]), [2]),
            Err(Error::Broadcast { .. })
        ));
        assert!(ivy::broadcast_to(&v, [2, 3]).is_err());
        assert!(ivy::broadcast_to(&arr(&[0], Vec::<i32>::new()), [1]).is_err());
        assert!(ivy::broadcast_to(&v, [usize::MAX, 2]).is_err());
    }
}
