//! `ivy_rs.Array`: the hand-written part (construction, properties, the
//! Python operators, indexing, conversions, NumPy and DLPack). Every op of
//! the spec is also a method of it, generated (`crate::generated`).

// PyO3's registration of the operator methods (several `#[pymethods]`
// blocks, written by `macro_rules!`) calls its own unsafe trampolines in an
// unsafe fn without a block: edition 2024 warns there, on PyO3's code.
#![allow(unsafe_op_in_unsafe_fn)]

use crate::errors::to_py_err;
use crate::rt::{self, Leaf, Nest, PyContainer};
use ivy::args::OperandRef;
use ivy::{Array, ArrayLike, Dtype, Index, Scalar};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

/// An ivy array: dynamic dtype, shape, device and backend, shared storage.
///
/// Built from a nested list of numbers, a NumPy array, anything with
/// `__dlpack__`, or a number: `ivy_rs.Array([[1.0, 2.0], [3.0, 4.0]])`.
#[pyclass(name = "Array", module = "ivy_rs", weakref)]
pub struct PyArray {
    /// The array.
    pub a: Array,
}

/// A Python scalar from an ivy scalar.
pub fn scalar_to_py(py: Python<'_>, s: Scalar) -> PyResult<Py<PyAny>> {
    Ok(match s {
        Scalar::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        Scalar::Int(i) => i.into_pyobject(py)?.into_any().unbind(),
        Scalar::Float(f) => f.into_pyobject(py)?.into_any().unbind(),
        Scalar::Complex(c) => c.into_pyobject(py)?.into_any().unbind(),
    })
}

/// Any Python object as an array (of `dtype` if given).
pub fn to_array(obj: &Bound<'_, PyAny>, dtype: Option<Dtype>, op: &str) -> PyResult<Array> {
    if dtype.is_some()
        && (obj.is_instance_of::<pyo3::types::PyList>() || obj.is_instance_of::<PyTuple>())
    {
        // Python numbers straight to the dtype asked for (through the
        // inferred dtype first, a float64 value would be rounded to float32).
        return rt::nested_list(obj, op, "obj", dtype);
    }
    let a = match rt::operand(obj, op, "obj")? {
        ArrayLike::Array(a) => a,
        ArrayLike::Scalar(s) => {
            return Ok(ivy::__private::array_lit(&[], &[s], dtype));
        }
        ArrayLike::Container(_) => {
            return Err(PyTypeError::new_err(format!(
                "{op}: a Container is not an array (use Container methods)"
            )));
        }
    };
    match dtype {
        Some(d) if d != a.dtype() => a.astype(d).map_err(to_py_err),
        _ => Ok(a),
    }
}

fn wrap(py: Python<'_>, a: Array) -> PyResult<Py<PyAny>> {
    Ok(Py::new(py, PyArray { a })?.into_any())
}

/// A binary operator: the other operand is an array, a number, a NumPy array
/// or a container (the result is then a container); anything else is
/// `NotImplemented`, so Python tries the other side.
macro_rules! binary {
    ($($dunder:ident $rdunder:ident => $op:ident;)*) => {
        #[pymethods]
        impl PyArray {
            $(
                fn $dunder(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                    let py = slf.py();
                    let __g = slf.borrow();
                    let a = &__g.a;
                    if let Ok(b) = other.cast::<PyArray>() {
                        return wrap(py, ivy::$op(a, &b.borrow().a).map_err(to_py_err)?);
                    }
                    let Some(b) = other_operand(other)? else { return Ok(py.NotImplemented()) };
                    let x = ArrayLike::Array(a.clone());
                    if matches!(b, ArrayLike::Container(_)) {
                        return rt::ret(py, stringify!($op), ivy::$op(Nest(&x), Nest(&b)));
                    }
                    rt::ret(py, stringify!($op), ivy::$op(Leaf(OperandRef::Array(a)), rt::leaf(&b, stringify!($op), "x2")?))
                }
                fn $rdunder(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                    let py = slf.py();
                    let __g = slf.borrow();
                    let a = &__g.a;
                    let Some(b) = other_operand(other)? else { return Ok(py.NotImplemented()) };
                    let x = ArrayLike::Array(a.clone());
                    if matches!(b, ArrayLike::Container(_)) {
                        return rt::ret(py, stringify!($op), ivy::$op(Nest(&b), Nest(&x)));
                    }
                    rt::ret(py, stringify!($op), ivy::$op(rt::leaf(&b, stringify!($op), "x1")?, Leaf(OperandRef::Array(a))))
                }
            )*
        }
    };
}

/// The other operand of an operator, or `None` for a type ivy does not
/// take (Python then tries the reflected operator).
fn other_operand(other: &Bound<'_, PyAny>) -> PyResult<Option<ArrayLike>> {
    match rt::operand(other, "operator", "other") {
        Ok(x) => Ok(Some(x)),
        Err(e) if e.is_instance_of::<PyTypeError>(other.py()) => Ok(None),
        Err(e) => Err(e),
    }
}

binary! {
    __add__ __radd__ => add;
    __sub__ __rsub__ => subtract;
    __mul__ __rmul__ => multiply;
    __truediv__ __rtruediv__ => divide;
    __floordiv__ __rfloordiv__ => floor_divide;
    __mod__ __rmod__ => remainder;
    __matmul__ __rmatmul__ => matmul;
    __and__ __rand__ => bitwise_and;
    __or__ __ror__ => bitwise_or;
    __xor__ __rxor__ => bitwise_xor;
    __lshift__ __rlshift__ => bitwise_left_shift;
    __rshift__ __rrshift__ => bitwise_right_shift;
}

/// Comparisons return arrays (so the class is not hashable).
macro_rules! compare {
    ($($dunder:ident => $op:ident;)*) => {
        #[pymethods]
        impl PyArray {
            $(
                fn $dunder(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                    let py = slf.py();
                    let __g = slf.borrow();
                    let a = &__g.a;
                    if let Ok(b) = other.cast::<PyArray>() {
                        return wrap(py, ivy::$op(a, &b.borrow().a).map_err(to_py_err)?);
                    }
                    let Some(b) = other_operand(other)? else { return Ok(py.NotImplemented()) };
                    let x = ArrayLike::Array(a.clone());
                    if matches!(b, ArrayLike::Container(_)) {
                        return rt::ret(py, stringify!($op), ivy::$op(Nest(&x), Nest(&b)));
                    }
                    rt::ret(py, stringify!($op), ivy::$op(Leaf(OperandRef::Array(a)), rt::leaf(&b, stringify!($op), "x2")?))
                }
            )*
        }
    };
}

compare! {
    __lt__ => less;
    __le__ => less_equal;
    __gt__ => greater;
    __ge__ => greater_equal;
    __eq__ => equal;
    __ne__ => not_equal;
}

macro_rules! unary {
    ($($dunder:ident => $op:ident;)*) => {
        #[pymethods]
        impl PyArray {
            $(
                fn $dunder(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                    wrap(py, ivy::$op(&self.a).map_err(to_py_err)?)
                }
            )*
        }
    };
}

#[pymethods]
impl PyArray {
    fn __pow__(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyAny>,
        modulo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let _ = modulo;
        let py = slf.py();
        let __g = slf.borrow();
        let a = &__g.a;
        let Some(b) = other_operand(other)? else {
            return Ok(py.NotImplemented());
        };
        let x = ArrayLike::Array(a.clone());
        if matches!(b, ArrayLike::Container(_)) {
            return rt::ret(py, "pow", ivy::pow(Nest(&x), Nest(&b)));
        }
        rt::ret(
            py,
            "pow",
            ivy::pow(Leaf(OperandRef::Array(a)), rt::leaf(&b, "pow", "x2")?),
        )
    }
    fn __rpow__(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyAny>,
        modulo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let _ = modulo;
        let py = slf.py();
        let __g = slf.borrow();
        let a = &__g.a;
        let Some(b) = other_operand(other)? else {
            return Ok(py.NotImplemented());
        };
        let x = ArrayLike::Array(a.clone());
        if matches!(b, ArrayLike::Container(_)) {
            return rt::ret(py, "pow", ivy::pow(Nest(&b), Nest(&x)));
        }
        rt::ret(
            py,
            "pow",
            ivy::pow(rt::leaf(&b, "pow", "x1")?, Leaf(OperandRef::Array(a))),
        )
    }
}

unary! {
    __neg__ => negative;
    __pos__ => positive;
    __abs__ => abs;
    __invert__ => bitwise_invert;
}

impl PyArray {
    fn scalar(&self, what: &str) -> PyResult<Scalar> {
        if self.a.size() != 1 {
            return Err(PyTypeError::new_err(format!(
                "only an array of one element converts to a Python {what}; this one has shape {:?}",
                self.a.shape().dims()
            )));
        }
        self.a.get_flat(0).map_err(to_py_err)
    }
}

#[pymethods]
impl PyArray {
    /// An array from a nested list of numbers, a NumPy array, anything with
    /// `__dlpack__`, or a number; of `dtype` if given.
    #[new]
    #[pyo3(signature = (obj, dtype = None))]
    fn new(obj: &Bound<'_, PyAny>, dtype: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let dtype = match dtype {
            Some(d) if !d.is_none() => Some(crate::dtype::to_dtype(d)?),
            _ => None,
        };
        Ok(PyArray {
            a: to_array(obj, dtype, "Array")?,
        })
    }

    /// The dtype.
    #[getter]
    fn dtype(&self) -> crate::dtype::PyDtype {
        crate::dtype::PyDtype(self.a.dtype())
    }

    /// The shape, a tuple of ints.
    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.a.shape().dims())
    }

    /// The number of dimensions.
    #[getter]
    fn ndim(&self) -> usize {
        self.a.ndim()
    }

    /// The number of elements.
    #[getter]
    fn size(&self) -> usize {
        self.a.size()
    }

    /// The transpose of a 2-d array (the Array API's `T`).
    #[getter(T)]
    fn t(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        if self.a.ndim() != 2 {
            return Err(PyValueError::new_err(format!(
                "T: the array must have 2 dimensions, it has {} (use mT or permute_dims)",
                self.a.ndim()
            )));
        }
        wrap(py, ivy::matrix_transpose(&self.a).map_err(to_py_err)?)
    }

    /// The transpose of the last two axes (the Array API's `mT`).
    #[getter(mT)]
    fn mt(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        wrap(py, ivy::matrix_transpose(&self.a).map_err(to_py_err)?)
    }

    /// The device.
    #[getter]
    fn device(&self) -> crate::dtype::PyDevice {
        crate::dtype::PyDevice(self.a.device())
    }

    /// The backend that holds the array.
    #[getter]
    fn backend(&self) -> String {
        self.a.backend().name().to_string()
    }

    /// The array on `device`.
    #[pyo3(signature = (device, /, *, stream = None))]
    fn to_device(
        slf: &Bound<'_, Self>,
        device: &Bound<'_, PyAny>,
        stream: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let _ = stream;
        let d: ivy::Device = rt::arg(device, "to_device", "device")?;
        let __g = slf.borrow();
        let a = &__g.a;
        if d == a.device() {
            return Ok(slf.clone().into_any().unbind());
        }
        Err(crate::interop::no_device_move(a, d))
    }

    /// The array as Rust prints it.
    fn __repr__(&self) -> String {
        format!("{}", self.a)
    }

    fn __str__(&self) -> String {
        format!("{}", self.a)
    }

    fn __getitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let index: Index = rt::arg(key, "get_item", "index")?;
        wrap(py, ivy::get_item(&self.a, index).map_err(to_py_err)?)
    }

    /// `x[index] = value`: `x` becomes `ivy_rs.set_item(x, index, value)`
    /// (a new array in this object; other arrays that shared its storage are
    /// unchanged, as ivy arrays are immutable).
    fn __setitem__(
        slf: &Bound<'_, Self>,
        key: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let index: Index = rt::arg(key, "set_item", "index")?;
        let v = rt::operand(value, "set_item", "value")?;
        let new = {
            let g = slf.borrow();
            ivy::set_item(&g.a, index, rt::leaf(&v, "set_item", "value")?).map_err(to_py_err)?
        };
        slf.borrow_mut().a = new;
        Ok(())
    }

    fn __bool__(&self) -> PyResult<bool> {
        match self.scalar("bool")? {
            Scalar::Bool(b) => Ok(b),
            Scalar::Int(i) => Ok(i != 0),
            Scalar::Float(f) => Ok(f != 0.0),
            Scalar::Complex(c) => Ok(c.re != 0.0 || c.im != 0.0),
        }
    }

    fn __int__(&self) -> PyResult<i128> {
        match self.scalar("int")? {
            Scalar::Bool(b) => Ok(b as i128),
            Scalar::Int(i) => Ok(i),
            Scalar::Float(f) if f.is_nan() => {
                Err(PyValueError::new_err("cannot convert NaN to an int"))
            }
            Scalar::Float(f) if f.is_infinite() => Err(pyo3::exceptions::PyOverflowError::new_err(
                "cannot convert infinity to an int",
            )),
            Scalar::Float(f) => Ok(f.trunc() as i128),
            Scalar::Complex(_) => Err(PyTypeError::new_err(
                "cannot convert a complex array to an int",
            )),
        }
    }

    fn __float__(&self) -> PyResult<f64> {
        match self.scalar("float")? {
            Scalar::Bool(b) => Ok(b as u8 as f64),
            Scalar::Int(i) => Ok(i as f64),
            Scalar::Float(f) => Ok(f),
            Scalar::Complex(_) => Err(PyTypeError::new_err(
                "cannot convert a complex array to a float",
            )),
        }
    }

    fn __complex__(&self) -> PyResult<num_complex::Complex64> {
        Ok(match self.scalar("complex")? {
            Scalar::Bool(b) => num_complex::Complex64::new(b as u8 as f64, 0.0),
            Scalar::Int(i) => num_complex::Complex64::new(i as f64, 0.0),
            Scalar::Float(f) => num_complex::Complex64::new(f, 0.0),
            Scalar::Complex(c) => c,
        })
    }

    fn __index__(&self) -> PyResult<i128> {
        if !(ivy::is_int_dtype(self.a.dtype())) || self.a.ndim() != 0 {
            return Err(PyTypeError::new_err(format!(
                "only a 0-d integer array is an index; this one is {} of shape {:?}",
                self.a.dtype(),
                self.a.shape().dims()
            )));
        }
        self.__int__()
    }

    fn __len__(&self) -> PyResult<usize> {
        match self.a.shape().dims().first() {
            Some(&n) => Ok(n),
            None => Err(PyTypeError::new_err("len() of a 0-d array")),
        }
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let n = self.__len__()?;
        let items = (0..n)
            .map(|i| {
                let row = ivy::get_item(&self.a, Index::from(i as i64)).map_err(to_py_err)?;
                wrap(py, row)
            })
            .collect::<PyResult<Vec<_>>>()?;
        Ok(PyList::new(py, items)?
            .as_any()
            .try_iter()?
            .into_any()
            .unbind())
    }

    /// The one element as a Python number.
    fn item(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        scalar_to_py(py, self.scalar("number")?)
    }

    /// The elements as nested Python lists.
    fn tolist(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let n = self.a.size();
        let mut flat = Vec::with_capacity(n);
        for i in 0..n {
            flat.push(scalar_to_py(py, self.a.get_flat(i).map_err(to_py_err)?)?);
        }
        let dims = self.a.shape().dims().to_vec();
        if dims.is_empty() {
            return Ok(flat.pop().unwrap_or_else(|| py.None()));
        }
        fn build(
            py: Python<'_>,
            dims: &[usize],
            flat: &mut std::vec::IntoIter<Py<PyAny>>,
        ) -> PyResult<Py<PyAny>> {
            let mut items = Vec::with_capacity(dims[0]);
            for _ in 0..dims[0] {
                if dims.len() == 1 {
                    items.push(flat.next().unwrap_or_else(|| py.None()));
                } else {
                    items.push(build(py, &dims[1..], flat)?);
                }
            }
            Ok(PyList::new(py, items)?.into_any().unbind())
        }
        build(py, &dims, &mut flat.into_iter())
    }

    /// A NumPy view of the array (no copy; read-only), or a copy of `dtype`.
    #[pyo3(signature = (dtype = None, copy = None))]
    fn __array__(
        slf: &Bound<'_, Self>,
        dtype: Option<&Bound<'_, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let np = py.import("numpy")?;
        let mut out = np.call_method1("from_dlpack", (slf,))?;
        if let Some(d) = dtype.filter(|d| !d.is_none()) {
            out = out.call_method1("astype", (d,))?;
        } else if copy == Some(true) {
            out = out.call_method0("copy")?;
        }
        Ok(out.unbind())
    }

    /// The array as a NumPy array (a read-only view, no copy).
    fn to_numpy(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        Self::__array__(slf, None, None)
    }

    /// A DLPack capsule of the array: DLPack 1.x (read-only, no copy) when
    /// `max_version` allows it, else a legacy capsule of a copy (or, with
    /// `copy=False`, of the array's own storage, which the consumer must
    /// not write: a legacy capsule cannot say it is read-only).
    #[pyo3(signature = (*, stream = None, max_version = None, dl_device = None, copy = None))]
    fn __dlpack__<'py>(
        &self,
        py: Python<'py>,
        stream: Option<&Bound<'py, PyAny>>,
        max_version: Option<(u32, u32)>,
        dl_device: Option<(i32, i32)>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let _ = stream;
        if let Some((t, _)) = dl_device
            && t != 1
        {
            return Err(pyo3::exceptions::PyBufferError::new_err(format!(
                "ivy_rs arrays export host memory only (DLPack device type 1), not {t}"
            )));
        }
        if !matches!(max_version, Some((major, _)) if major >= 1) {
            // A consumer of DLPack 0.x: a legacy capsule, of a copy unless
            // the consumer asks for none (it must then only read it).
            return crate::interop::to_legacy_capsule(py, &self.a, copy == Some(false));
        }
        if copy == Some(true) {
            let c = crate::interop::copy(&self.a)?;
            return crate::interop::to_capsule(py, &c);
        }
        crate::interop::to_capsule(py, &self.a)
    }

    /// `(1, 0)`: CPU memory.
    fn __dlpack_device__(&self) -> (i32, i32) {
        (1, 0)
    }

    /// The `ivy_rs` module (the Array API namespace).
    #[pyo3(signature = (*, api_version = None))]
    fn __array_namespace__(
        &self,
        py: Python<'_>,
        api_version: Option<&str>,
    ) -> PyResult<Py<PyAny>> {
        if let Some(v) = api_version
            && !matches!(v, "2021.12" | "2022.12" | "2023.12" | "2024.12")
        {
            return Err(PyValueError::new_err(format!(
                "unsupported Array API version {v}: ivy_rs implements 2024.12"
            )));
        }
        Ok(py.import("ivy_rs")?.into_any().unbind())
    }

    /// Whether the array shares storage with another (no copy was made).
    fn shares_data_with(&self, other: &Bound<'_, PyArray>) -> bool {
        self.a.shares_data_with(&other.borrow().a)
    }

    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<Reduced> {
        let py = slf.py();
        let cls = py.get_type::<PyArray>().into_any().unbind();
        let this = slf.borrow();
        Ok((cls, (this.tolist(py)?, this.a.dtype().to_string())))
    }
}

/// What `__reduce__` returns: the class and its arguments (nested lists, dtype name).
type Reduced = (Py<PyAny>, (Py<PyAny>, String));

/// Keep `PyContainer` in scope for the generated methods' receiver.
#[allow(dead_code)]
type Receiver = PyContainer;
