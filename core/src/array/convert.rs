//! Conversions between arrays and Rust data: vectors, slices, nested
//! fixed-size arrays and `ndarray` arrays.

use super::{Array, Buffer, Data, HostData};
use crate::backend::current_backend;
use crate::dtype::Element;
use crate::error::{Error, Result};
use crate::shape::Shape;
use ndarray::{ArrayBase, ArrayD, Dimension, IxDyn};

/// Rust data that can become an [`Array`] (what [`asarray`](crate::asarray)
/// takes). The dtype is the element type's.
///
/// ```
/// # extern crate ivy_ndarray;
/// # extern crate ivy_core as ivy;
/// use ivy::IntoArray;
/// let a = vec![1i16, 2, 3].into_array()?;
/// assert_eq!((a.dtype(), a.shape().dims()), (ivy::Dtype::Int16, &[3][..]));
/// let b = [[1.0f64, 2.0], [3.0, 4.0]].into_array()?;
/// assert_eq!(b.shape().dims(), &[2, 2]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub trait IntoArray {
    /// The array, on the current backend.
    fn into_array(self) -> Result<Array>;
}

fn host<T: Element>(shape: Shape, v: Vec<T>) -> Result<Array> {
    Ok(Array::from_host(current_backend(), shape, HostData::from(v))?.adopted())
}

impl<T: Element> IntoArray for Vec<T> {
    fn into_array(self) -> Result<Array> {
        let n = self.len();
        host(Shape::from(n), self)
    }
}

impl<T: Element> IntoArray for &Vec<T> {
    fn into_array(self) -> Result<Array> {
        self.as_slice().into_array()
    }
}

impl<T: Element> IntoArray for &[T] {
    fn into_array(self) -> Result<Array> {
        host(Shape::from(self.len()), self.to_vec())
    }
}

impl<T: Element, const N: usize> IntoArray for [T; N] {
    fn into_array(self) -> Result<Array> {
        host(Shape::from(N), self.to_vec())
    }
}

impl<T: Element, const N: usize> IntoArray for &[T; N] {
    fn into_array(self) -> Result<Array> {
        host(Shape::from(N), self.to_vec())
    }
}

impl<T: Element, const N: usize, const M: usize> IntoArray for [[T; M]; N] {
    fn into_array(self) -> Result<Array> {
        (&self).into_array()
    }
}

impl<T: Element, const N: usize, const M: usize> IntoArray for &[[T; M]; N] {
    fn into_array(self) -> Result<Array> {
        host(
            Shape::from([N, M]),
            self.iter().flatten().copied().collect(),
        )
    }
}

impl<T: Element, const N: usize, const M: usize, const L: usize> IntoArray for &[[[T; L]; M]; N] {
    fn into_array(self) -> Result<Array> {
        host(
            Shape::from([N, M, L]),
            self.iter().flatten().flatten().copied().collect(),
        )
    }
}

impl<T: Element> IntoArray for Vec<Vec<T>> {
    /// Rows of one length; a ragged input is an error.
    fn into_array(self) -> Result<Array> {
        let rows = self.len();
        let cols = self.first().map_or(0, Vec::len);
        if let Some((i, r)) = self.iter().enumerate().find(|(_, r)| r.len() != cols) {
            return Err(Error::shape(
                "asarray",
                format!(
                    "ragged rows: row {i} has {} elements, row 0 has {cols}",
                    r.len()
                ),
                vec![Shape::from([rows, cols])],
            ));
        }
        host(
            Shape::from([rows, cols]),
            self.into_iter().flatten().collect(),
        )
    }
}

impl<T: Element, D: Dimension> IntoArray for ndarray::Array<T, D> {
    /// Adopts the elements without copying when the array is in standard
    /// (row-major, contiguous) layout and owns exactly them.
    fn into_array(self) -> Result<Array> {
        let shape = Shape::from(self.shape());
        let n = self.len();
        let standard = self.is_standard_layout();
        let (v, offset) = self.into_raw_vec_and_offset();
        if standard && offset.unwrap_or(0) == 0 && v.len() == n {
            return host(shape, v);
        }
        // Rebuild the view to read the elements in logical order.
        let copied: Vec<T> = match offset {
            Some(o) if o + n <= v.len() && standard => v[o..o + n].to_vec(),
            _ => {
                return Err(Error::invalid(
                    "asarray",
                    "cannot read a non-contiguous owned ndarray; call .as_standard_layout() first",
                ));
            }
        };
        host(shape, copied)
    }
}

impl<'a, T: Element, D: Dimension> IntoArray for ndarray::ArrayView<'a, T, D> {
    /// Copies the elements in logical (row-major) order.
    fn into_array(self) -> Result<Array> {
        let shape = Shape::from(self.shape());
        host(shape, self.iter().copied().collect())
    }
}

impl<T: Element, D: Dimension> IntoArray for &ndarray::Array<T, D> {
    /// Copies the elements in logical (row-major) order.
    fn into_array(self) -> Result<Array> {
        self.view().into_array()
    }
}

impl IntoArray for Array {
    fn into_array(self) -> Result<Array> {
        Ok(self)
    }
}

impl IntoArray for &Array {
    fn into_array(self) -> Result<Array> {
        Ok(self.clone())
    }
}

impl Array {
    /// The elements as an `ndarray::ArrayD<T>` (a copy; see
    /// [`Array::into_ndarray`] to avoid it). The dtype must be `T`'s.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::array![[1.0, 2.0], [3.0, 4.0]];
    /// let a = x.to_ndarray::<f32>()?;
    /// assert_eq!(a[[1, 0]], 3.0);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn to_ndarray<T: Element>(&self) -> Result<ArrayD<T>> {
        let v = self.to_vec::<T>()?;
        ArrayD::from_shape_vec(IxDyn(self.shape().dims()), v)
            .map_err(|e| Error::invalid("to_ndarray", e.to_string()))
    }

    /// The elements as an `ndarray::ArrayD<T>`, without copying when this is
    /// the only handle to elements the array adopted (from a `Vec` or an
    /// `ndarray` array).
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let nd = ndarray::ArrayD::from_shape_vec(ndarray::IxDyn(&[2]), vec![1u32, 2]).unwrap();
    /// let ptr = nd.as_ptr();
    /// let back = ivy::asarray(nd)?.into_ndarray::<u32>()?;
    /// assert_eq!(back.as_ptr(), ptr); // the same memory, both ways
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn into_ndarray<T: Element>(self) -> Result<ArrayD<T>> {
        let dims = self.shape().to_vec();
        let v = self.into_vec::<T>()?;
        ArrayD::from_shape_vec(IxDyn(&dims), v)
            .map_err(|e| Error::invalid("into_ndarray", e.to_string()))
    }

    /// A read-only `ndarray` view of the elements of a host array of `T`
    /// (no copy).
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::array![[1, 2], [3, 4]];
    /// assert_eq!(x.view::<i32>()?.sum(), 10);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn view<T: Element>(&self) -> Result<ndarray::ArrayViewD<'_, T>> {
        let s = match &self.data {
            Data::Host(h) => h.as_slice::<T>().ok_or_else(|| Error::InvalidDtype {
                op: "view".into(),
                dtype: self.dtype(),
                expected: format!("the element type's dtype {}", T::DTYPE),
            })?,
            Data::Native(_) => {
                return Err(Error::invalid(
                    "view",
                    "a native array has no host view; use to_ndarray",
                ));
            }
        };
        ndarray::ArrayViewD::from_shape(IxDyn(self.shape().dims()), s)
            .map_err(|e| Error::invalid("view", e.to_string()))
    }
}

impl<T: Element, D: Dimension> TryFrom<ArrayBase<ndarray::OwnedRepr<T>, D>> for Array {
    type Error = Error;
    /// The same as [`IntoArray::into_array`].
    fn try_from(a: ArrayBase<ndarray::OwnedRepr<T>, D>) -> Result<Array> {
        a.into_array()
    }
}

impl<T: Element> From<Buffer<T>> for Array {
    /// A 1-d array of the buffer on the current backend.
    fn from(b: Buffer<T>) -> Array {
        let n = b.len();
        Array::from_rust(current_backend(), Shape::from(n), HostData::from(b))
    }
}
