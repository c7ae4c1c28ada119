//! The runtime the generated module calls: Python objects to the API's
//! argument types (one conversion per parameter kind), the operand types of
//! calls on arrays and on containers, results back to Python objects, and
//! `ivy::Error` to Python exceptions.

use crate::errors::to_py_err;
use ivy::args::{ListElement, Node, OperandRef};
use ivy::{
    Array, ArrayLike, Container, Contraction, Device, Dtype, Index, IndexItem, Ints, Scalar, Shape,
    Splits,
};
use num_complex::Complex64;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyComplex, PyFloat, PyInt, PyList, PySlice, PyString, PyTuple};

pub use crate::array::PyArray;
pub use crate::container::PyContainer;

/// A `TypeError` naming the op, the parameter and what was given.
pub fn type_error(op: &str, param: &str, want: &str, got: &Bound<'_, PyAny>) -> PyErr {
    let ty = got
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into());
    PyTypeError::new_err(format!("{op}: argument `{param}` must be {want}, got {ty}"))
}

/// A Python scalar (`bool`, `int`, `float`, `complex`) as a Scalar, if it
/// is one.
pub fn py_scalar(obj: &Bound<'_, PyAny>) -> PyResult<Option<Scalar>> {
    if obj.is_instance_of::<PyBool>() {
        return Ok(Some(Scalar::Bool(obj.extract::<bool>()?)));
    }
    if obj.is_instance_of::<PyInt>() {
        return Ok(Some(Scalar::Int(obj.extract::<i128>()?)));
    }
    if obj.is_instance_of::<PyFloat>() {
        return Ok(Some(Scalar::Float(obj.extract::<f64>()?)));
    }
    if obj.is_instance_of::<PyComplex>() {
        return Ok(Some(Scalar::Complex(obj.extract::<Complex64>()?)));
    }
    Ok(None)
}

/// An array from a Python object that is not an `ivy_rs.Array`: a nested
/// list or tuple of Python scalars (dtype inferred as Ivy does), a NumPy
/// array or scalar, or anything with `__dlpack__`.
pub fn foreign_array(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Option<Array>> {
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        return nested_list(obj, op, param, None).map(Some);
    }
    if obj.hasattr(pyo3::intern!(obj.py(), "__dlpack__"))? {
        return match crate::interop::from_dlpack_obj(obj, None) {
            Ok(a) => Ok(Some(a)),
            // ivy's DLPack import refuses some strided layouts (NumPy's
            // negative strides): read a contiguous copy of an array-like.
            Err(e) if obj.hasattr(pyo3::intern!(obj.py(), "__array__"))? => {
                let np = obj.py().import("numpy")?;
                let c = np.call_method1("ascontiguousarray", (obj,))?;
                crate::interop::from_dlpack_obj(&c, None)
                    .map(Some)
                    .map_err(|_| e)
            }
            Err(e) => Err(e),
        };
    }
    // NumPy scalars (np.float32(1)) and other array-likes.
    if obj.hasattr(pyo3::intern!(obj.py(), "__array__"))? {
        let np = obj.py().import("numpy")?;
        let a = np.call_method1("ascontiguousarray", (obj,))?;
        return crate::interop::from_dlpack_obj(&a, None).map(Some);
    }
    Ok(None)
}

/// A nested list of Python scalars as an array (of `dtype` if given, else the
/// dtype Ivy infers for the values).
pub fn nested_list(
    obj: &Bound<'_, PyAny>,
    op: &str,
    param: &str,
    dtype: Option<Dtype>,
) -> PyResult<Array> {
    let mut shape: Vec<usize> = Vec::new();
    let mut values: Vec<Scalar> = Vec::new();
    walk(obj, 0, &mut shape, &mut values, op, param)?;
    Ok(ivy::__private::array_lit(&shape, &values, dtype))
}

fn walk(
    obj: &Bound<'_, PyAny>,
    depth: usize,
    shape: &mut Vec<usize>,
    values: &mut Vec<Scalar>,
    op: &str,
    param: &str,
) -> PyResult<()> {
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        let n = obj.len()?;
        if depth == shape.len() {
            if !values.is_empty() {
                return Err(PyValueError::new_err(format!(
                    "{op}: argument `{param}` is a ragged nested sequence"
                )));
            }
            shape.push(n);
        } else if shape[depth] != n {
            return Err(PyValueError::new_err(format!(
                "{op}: argument `{param}` is a ragged nested sequence (lengths {} and {n} at depth {depth})",
                shape[depth]
            )));
        }
        for item in obj.try_iter()? {
            walk(&item?, depth + 1, shape, values, op, param)?;
        }
        return Ok(());
    }
    if depth != shape.len() {
        return Err(PyValueError::new_err(format!(
            "{op}: argument `{param}` is a ragged nested sequence"
        )));
    }
    if let Some(s) = py_scalar(obj)? {
        values.push(s);
        return Ok(());
    }
    if let Ok(a) = obj.cast::<PyArray>() {
        let __g = a.borrow();
        let a = &__g.a;
        if a.ndim() == 0 {
            values.push(a.item().map_err(to_py_err)?);
            return Ok(());
        }
    }
    Err(type_error(op, param, "a nested sequence of numbers", obj))
}

/// An array argument: an `ivy_rs.Array`, a Python scalar (weakly typed), an
/// `ivy_rs.Container`, a NumPy array, anything with `__dlpack__`, or a
/// nested list of numbers.
pub fn operand(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<ArrayLike> {
    if let Ok(a) = obj.cast::<PyArray>() {
        return Ok(ArrayLike::Array(a.borrow().a.clone()));
    }
    if let Some(s) = py_scalar(obj)? {
        return Ok(ArrayLike::Scalar(s));
    }
    if let Ok(c) = obj.cast::<PyContainer>() {
        return Ok(ArrayLike::Container(c.borrow().c.clone()));
    }
    match foreign_array(obj, op, param)? {
        Some(a) => Ok(ArrayLike::Array(a)),
        None => Err(type_error(
            op,
            param,
            "an ivy_rs.Array, a number, an ivy_rs.Container, a NumPy array or a nested list",
            obj,
        )),
    }
}

/// A list argument: a Python sequence of array arguments.
pub fn operands(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Vec<ArrayLike>> {
    if obj.is_instance_of::<PyString>()
        || !(obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>())
    {
        return Err(type_error(op, param, "a list or tuple of arrays", obj));
    }
    obj.try_iter()?.map(|x| operand(&x?, op, param)).collect()
}

/// One argument among those that decide whether a call maps over
/// containers.
pub enum Any<'a> {
    /// An array parameter.
    One(&'a ArrayLike),
    /// A list parameter.
    Many(&'a [ArrayLike]),
    /// An array keyword argument (maybe not given).
    Opt(&'a Option<ArrayLike>),
}

/// Whether any of the arguments is a container (the call then maps over
/// the containers' leaves and returns containers).
pub fn any_container(args: &[Any<'_>]) -> bool {
    let is = |a: &ArrayLike| matches!(a, ArrayLike::Container(_));
    args.iter().any(|a| match a {
        Any::One(a) => is(a),
        Any::Many(xs) => xs.iter().any(is),
        Any::Opt(Some(a)) => is(a),
        Any::Opt(None) => false,
    })
}

/// An operand of a call on arrays and scalars only.
#[derive(Clone, Copy)]
pub struct Leaf<'a>(pub OperandRef<'a>);

impl ivy::Operand for Leaf<'_> {
    type Kind = ivy::args::Leaf;
    #[inline(always)]
    fn node(&self) -> Node<'_> {
        Node::Leaf(self.0)
    }
}

impl ivy::ArrayOperand for Leaf<'_> {
    #[inline(always)]
    fn operand(&self) -> OperandRef<'_> {
        self.0
    }
}

impl ListElement for Leaf<'_> {
    type Kind = ivy::args::Leaf;
    fn to_array(&self, _: &'static str) -> ivy::Result<Array> {
        Ok(self.0.to_array())
    }
    fn node(&self) -> Node<'_> {
        Node::Leaf(self.0)
    }
}

/// An array argument of a call on arrays: a container is an error (the op is
/// not nestable, or the call has no container and this cannot happen).
#[inline(always)]
pub fn leaf<'a>(a: &'a ArrayLike, op: &str, param: &str) -> PyResult<Leaf<'a>> {
    match a {
        ArrayLike::Array(x) => Ok(Leaf(OperandRef::Array(x))),
        ArrayLike::Scalar(s) => Ok(Leaf(OperandRef::Scalar(*s))),
        ArrayLike::Container(_) => Err(PyTypeError::new_err(format!(
            "{op}: argument `{param}` cannot be an ivy_rs.Container: {op} is not nestable"
        ))),
    }
}

/// A list argument of a call on arrays.
pub fn leaves<'a>(xs: &'a [ArrayLike], op: &str, param: &str) -> PyResult<Vec<Leaf<'a>>> {
    xs.iter().map(|x| leaf(x, op, param)).collect()
}

/// An operand of a call with a container among its operands: arrays and
/// scalars are broadcast over the containers' leaves.
#[derive(Clone, Copy)]
pub struct Nest<'a>(pub &'a ArrayLike);

impl ivy::Operand for Nest<'_> {
    type Kind = ivy::args::Nested;
    fn node(&self) -> Node<'_> {
        self.0.node()
    }
}

impl ListElement for Nest<'_> {
    type Kind = ivy::args::Nested;
    fn to_array(&self, op: &'static str) -> ivy::Result<Array> {
        self.0.node().leaf(op).map(OperandRef::to_array)
    }
    fn node(&self) -> Node<'_> {
        self.0.node()
    }
}

/// A list argument of a call with containers.
pub fn nests(xs: &[ArrayLike]) -> Vec<Nest<'_>> {
    xs.iter().map(Nest).collect()
}

/// A Python object as the API type of a parameter kind.
pub trait FromPyArg: Sized {
    /// Convert `obj`, given for parameter `param` of `op`.
    fn from_py(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Self>;
}

/// A positional argument of a non-array kind.
#[inline]
pub fn arg<T: FromPyArg>(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<T> {
    T::from_py(obj, op, param)
}

/// A keyword argument whose `None` is a value rather than "the default"
/// (an `Option` parameter with another default, such as `concat`'s
/// `axis=0`, where `axis=None` flattens): `Unset` when the call leaves it
/// out, else the object given, `None` included.
pub enum Given<'py> {
    /// Not in the call.
    Unset,
    /// The object the call gave.
    Value(Bound<'py, PyAny>),
}

impl<'py> FromPyObject<'_, 'py> for Given<'py> {
    type Error = PyErr;
    fn extract(ob: pyo3::Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        Ok(Given::Value(ob.to_owned()))
    }
}

/// A keyword argument: `None` (or not given) means the spec's default.
#[inline]
pub fn keyword<T: FromPyArg>(
    obj: Option<&Bound<'_, PyAny>>,
    op: &str,
    param: &str,
) -> PyResult<Option<T>> {
    match obj {
        None => Ok(None),
        Some(o) if o.is_none() => Ok(None),
        Some(o) => T::from_py(o, op, param).map(Some),
    }
}

fn int(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<i64> {
    if obj.is_instance_of::<PyBool>() {
        return Err(type_error(op, param, "an int", obj));
    }
    if let Ok(i) = obj.extract::<i64>() {
        return Ok(i);
    }
    // NumPy integers and 0-d integer arrays: anything with __index__.
    if obj.hasattr(pyo3::intern!(obj.py(), "__index__"))? {
        return obj.call_method0("__index__")?.extract::<i64>();
    }
    Err(type_error(op, param, "an int", obj))
}

fn ints(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Vec<i64>> {
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        obj.try_iter()?.map(|x| int(&x?, op, param)).collect()
    } else if let Ok(a) = obj.cast::<PyArray>() {
        let __g = a.borrow();
        let a = &__g.a;
        a.astype(Dtype::Int64)
            .and_then(|b| b.to_vec::<i64>())
            .map_err(to_py_err)
    } else {
        Ok(vec![int(obj, op, param)?])
    }
}

impl FromPyArg for i64 {
    fn from_py(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Self> {
        int(obj, op, param)
    }
}

impl FromPyArg for usize {
    fn from_py(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Self> {
        let i = int(obj, op, param)?;
        usize::try_from(i).map_err(|_| {
            PyValueError::new_err(format!("{op}: argument `{param}` must be >= 0, got {i}"))
        })
    }
}

impl FromPyArg for f64 {
    fn from_py(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Self> {
        if obj.is_instance_of::<PyBool>() {
            return Err(type_error(op, param, "a float", obj));
        }
        obj.extract::<f64>()
            .map_err(|_| type_error(op, param, "a float", obj))
    }
}

impl FromPyArg for bool {
    fn from_py(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Self> {
        if obj.is_instance_of::<PyBool>() {
            return obj.extract::<bool>();
        }
        if let Ok(a) = obj.cast::<PyArray>() {
            let __g = a.borrow();
            let a = &__g.a;
            if a.ndim() == 0 && a.dtype() == Dtype::Bool {
                return a.to_vec::<bool>().map(|v| v[0]).map_err(to_py_err);
            }
        }
        Err(type_error(op, param, "a bool", obj))
    }
}

impl FromPyArg for String {
    fn from_py(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Self> {
        obj.extract::<String>()
            .map_err(|_| type_error(op, param, "a str", obj))
    }
}

impl FromPyArg for Shape {
    fn from_py(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Self> {
        let v = ints(obj, op, param)?;
        let dims: PyResult<Vec<usize>> = v
            .iter()
            .map(|&d| {
                usize::try_from(d).map_err(|_| {
                    PyValueError::new_err(format!(
                        "{op}: argument `{param}` must be a shape of sizes >= 0, got {v:?}"
                    ))
                })
            })
            .collect();
        Ok(Shape::from(dims?))
    }
}

impl FromPyArg for Ints {
    fn from_py(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Self> {
        Ok(Ints::from(ints(obj, op, param)?))
    }
}

impl FromPyArg for Splits {
    fn from_py(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Self> {
        if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
            let v = ints(obj, op, param)?;
            let sizes: PyResult<Vec<usize>> = v
                .iter()
                .map(|&d| {
                    usize::try_from(d).map_err(|_| {
                        PyValueError::new_err(format!(
                            "{op}: argument `{param}` must hold sizes >= 0, got {v:?}"
                        ))
                    })
                })
                .collect();
            Ok(Splits::Sizes(sizes?))
        } else {
            Ok(Splits::Sections(usize::from_py(obj, op, param)?))
        }
    }
}

impl FromPyArg for Contraction {
    fn from_py(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Self> {
        if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
            if obj.len()? != 2 {
                return Err(type_error(op, param, "an int or a pair of axis lists", obj));
            }
            let a = ints(&obj.get_item(0)?, op, param)?;
            let b = ints(&obj.get_item(1)?, op, param)?;
            Ok(Contraction::Pairs(a, b))
        } else {
            Ok(Contraction::Count(int(obj, op, param)?))
        }
    }
}

impl FromPyArg for ivy::Padding {
    fn from_py(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Self> {
        if let Ok(s) = obj.extract::<String>() {
            return Ok(ivy::Padding::from(s));
        }
        if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
            let pairs: PyResult<Vec<(i64, i64)>> = obj
                .try_iter()?
                .map(|p| {
                    let p = p?;
                    if let Ok(i) = int(&p, op, param) {
                        return Ok((i, i));
                    }
                    p.extract::<(i64, i64)>()
                        .map_err(|_| type_error(op, param, "(before, after) pairs", &p))
                })
                .collect();
            return Ok(ivy::Padding::from(pairs?));
        }
        Ok(ivy::Padding::from(int(obj, op, param)?))
    }
}

impl FromPyArg for Dtype {
    fn from_py(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Self> {
        if obj.is_instance_of::<PyString>() {
            // A name: ivy's own error for an unknown one.
            return crate::dtype::to_dtype(obj);
        }
        crate::dtype::to_dtype(obj).map_err(|_| type_error(op, param, "a dtype", obj))
    }
}

impl FromPyArg for Device {
    fn from_py(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Self> {
        if let Ok(d) = obj.cast::<crate::dtype::PyDevice>() {
            return Ok(d.get().0);
        }
        let s = obj
            .extract::<String>()
            .map_err(|_| type_error(op, param, "a device (\"cpu\")", obj))?;
        s.parse::<Device>().map_err(to_py_err)
    }
}

impl FromPyArg for Scalar {
    fn from_py(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Self> {
        if let Some(s) = py_scalar(obj)? {
            return Ok(s);
        }
        if let Ok(a) = obj.cast::<PyArray>() {
            let __g = a.borrow();
            let a = &__g.a;
            if a.ndim() == 0 {
                return a.item().map_err(to_py_err);
            }
        }
        if obj.hasattr(pyo3::intern!(obj.py(), "item"))? {
            let item = obj.call_method0("item")?;
            if let Some(s) = py_scalar(&item)? {
                return Ok(s);
            }
        }
        Err(type_error(op, param, "a number", obj))
    }
}

impl FromPyArg for Container {
    fn from_py(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Self> {
        if let Ok(c) = obj.cast::<PyContainer>() {
            return Ok(c.borrow().c.clone());
        }
        if obj.is_instance_of::<pyo3::types::PyDict>() {
            return crate::container::from_dict(obj);
        }
        Err(type_error(op, param, "an ivy_rs.Container or a dict", obj))
    }
}

impl FromPyArg for ArrayLike {
    fn from_py(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Self> {
        operand(obj, op, param)
    }
}

impl FromPyArg for Index {
    fn from_py(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Self> {
        let items = if let Ok(t) = obj.cast::<PyTuple>() {
            t.iter()
                .map(|x| index_item(&x, op, param))
                .collect::<PyResult<Vec<_>>>()?
        } else {
            vec![index_item(obj, op, param)?]
        };
        Ok(Index::new(items))
    }
}

fn opt_int(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<Option<i64>> {
    if obj.is_none() {
        Ok(None)
    } else {
        int(obj, op, param).map(Some)
    }
}

/// One item of a Python index: an int, a slice, `...`, `None`, or an integer
/// or boolean array (a list of ints or bools too).
pub fn index_item(obj: &Bound<'_, PyAny>, op: &str, param: &str) -> PyResult<IndexItem> {
    let py = obj.py();
    if obj.is_none() {
        return Ok(IndexItem::NewAxis);
    }
    if obj.is(py.Ellipsis()) {
        return Ok(IndexItem::Ellipsis);
    }
    if let Ok(s) = obj.cast::<PySlice>() {
        let start = opt_int(&s.getattr("start")?, op, param)?;
        let stop = opt_int(&s.getattr("stop")?, op, param)?;
        let step = opt_int(&s.getattr("step")?, op, param)?.unwrap_or(1);
        if step == 0 {
            return Err(PyValueError::new_err(format!(
                "{op}: slice step cannot be zero"
            )));
        }
        return Ok(IndexItem::Slice { start, stop, step });
    }
    if obj.is_instance_of::<PyBool>() {
        let a = ivy::__private::array_lit(&[], &[Scalar::Bool(obj.extract()?)], None);
        return Ok(IndexItem::Array(a));
    }
    if obj.is_instance_of::<PyInt>() {
        return Ok(IndexItem::Int(int(obj, op, param)?));
    }
    if let Ok(a) = obj.cast::<PyArray>() {
        let __g = a.borrow();
        let a = &__g.a;
        return Ok(IndexItem::Array(a.clone()));
    }
    if let Some(a) = foreign_array(obj, op, param)? {
        return Ok(IndexItem::Array(a));
    }
    if obj.hasattr(pyo3::intern!(py, "__index__"))? {
        return Ok(IndexItem::Int(int(obj, op, param)?));
    }
    Err(type_error(
        op,
        param,
        "an index (int, slice, ..., None, or an integer or boolean array)",
        obj,
    ))
}

/// A result to a Python object.
pub trait IntoPyRet {
    /// The Python object.
    fn into_py_ret(self, py: Python<'_>) -> PyResult<Py<PyAny>>;
}

impl IntoPyRet for Array {
    #[inline]
    fn into_py_ret(self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(Py::new(py, PyArray { a: self })?.into_any())
    }
}

impl IntoPyRet for Container {
    fn into_py_ret(self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(Py::new(py, PyContainer { c: self })?.into_any())
    }
}

impl<T: IntoPyRet> IntoPyRet for Vec<T> {
    fn into_py_ret(self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let items = self
            .into_iter()
            .map(|x| x.into_py_ret(py))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(PyList::new(py, items)?.into_any().unbind())
    }
}

macro_rules! tuple_ret {
    ($($t:ident $i:tt),*) => {
        impl<$($t: IntoPyRet),*> IntoPyRet for ($($t,)*) {
            fn into_py_ret(self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                let items = [$(self.$i.into_py_ret(py)?),*];
                Ok(PyTuple::new(py, items)?.into_any().unbind())
            }
        }
    };
}
tuple_ret!(A 0, B 1);
tuple_ret!(A 0, B 1, C 2);
tuple_ret!(A 0, B 1, C 2, D 3);

/// The result of a call, or its error as a Python exception.
#[inline]
pub fn ret<T: IntoPyRet>(py: Python<'_>, _op: &str, r: ivy::Result<T>) -> PyResult<Py<PyAny>> {
    match r {
        Ok(v) => v.into_py_ret(py),
        Err(e) => Err(to_py_err(e)),
    }
}
