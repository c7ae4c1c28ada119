/// Adds, with promotion; also `+`.
///
/// ```
/// let y = ivy::add(&ivy::array![1, 2], 1)?;
/// # Ok::<(), ivy::Error>(())
/// ```
///
/// Keyword arguments (`None` means the default, except for a keyword whose default is not `None`, where `None` is a value):
///
/// - `alpha` (Option<Scalar>): default `None`
#[::pyo3::pyfunction]
#[pyo3(
    name = "add",
    signature = (x1, x2, *, alpha = None),
    text_signature = "(x1, x2, *, alpha=None)"
)]
#[allow(clippy::too_many_arguments, unused_mut, unused_variables, non_snake_case)]
pub fn __py_add(
    __py: ::pyo3::Python<'_>,
    x1: &::pyo3::Bound<'_, ::pyo3::PyAny>,
    x2: &::pyo3::Bound<'_, ::pyo3::PyAny>,
    alpha: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
    let __v_x1 = crate::rt::operand(x1, "add", "x1")?;
    let __v_x2 = crate::rt::operand(x2, "add", "x2")?;
    let mut __opts = ::ivy::opts::Add::new();
    if let ::std::option::Option::Some(__x) = crate::rt::keyword::<
        ::ivy::Scalar,
    >(alpha, "add", "alpha")? {
        __opts.alpha = ::std::option::Option::Some(__x);
    }
    if crate::rt::any_container(
        &[crate::rt::Any::One(&__v_x1), crate::rt::Any::One(&__v_x2)],
    ) {
        crate::rt::ret(
            __py,
            "add",
            ::ivy::add_with(crate::rt::Nest(&__v_x1), crate::rt::Nest(&__v_x2), __opts),
        )
    } else {
        crate::rt::ret(
            __py,
            "add",
            ::ivy::add_with(
                crate::rt::leaf(&__v_x1, "add", "x1")?,
                crate::rt::leaf(&__v_x2, "add", "x2")?,
                __opts,
            ),
        )
    }
}
/// `y` plus every array of `xs`; `xs` may be a list of containers.
#[::pyo3::pyfunction]
#[pyo3(name = "add_all", signature = (y, xs), text_signature = "(y, xs)")]
#[allow(clippy::too_many_arguments, unused_mut, unused_variables, non_snake_case)]
pub fn __py_add_all(
    __py: ::pyo3::Python<'_>,
    y: &::pyo3::Bound<'_, ::pyo3::PyAny>,
    xs: &::pyo3::Bound<'_, ::pyo3::PyAny>,
) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
    let __v_y = crate::rt::operand(y, "add_all", "y")?;
    let __v_xs = crate::rt::operands(xs, "add_all", "xs")?;
    if crate::rt::any_container(
        &[crate::rt::Any::One(&__v_y), crate::rt::Any::Many(&__v_xs)],
    ) {
        crate::rt::ret(
            __py,
            "add_all",
            ::ivy::add_all(crate::rt::Nest(&__v_y), crate::rt::nests(&__v_xs)),
        )
    } else {
        crate::rt::ret(
            __py,
            "add_all",
            ::ivy::add_all(
                crate::rt::leaf(&__v_y, "add_all", "y")?,
                crate::rt::leaves(&__v_xs, "add_all", "xs")?,
            ),
        )
    }
}
/// Sums.
///
/// Keyword arguments (`None` means the default, except for a keyword whose default is not `None`, where `None` is a value):
///
/// - `axis` (Option<Axes>): default `None`
/// - `dtype` (Dtype): default `ivy :: dtype :: sum_dtype (x . dtype ())`
/// - `keepdims` (bool): default `false`
#[::pyo3::pyfunction]
#[pyo3(
    name = "sum",
    signature = (x, *, axis = None, dtype = None, keepdims = None),
    text_signature = "(x, *, axis=None, dtype=None, keepdims=None)"
)]
#[allow(clippy::too_many_arguments, unused_mut, unused_variables, non_snake_case)]
pub fn __py_sum(
    __py: ::pyo3::Python<'_>,
    x: &::pyo3::Bound<'_, ::pyo3::PyAny>,
    axis: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
    dtype: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
    keepdims: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
    let __v_x = crate::rt::operand(x, "sum", "x")?;
    let mut __opts = ::ivy::opts::Sum::new();
    if let ::std::option::Option::Some(__x) = crate::rt::keyword::<
        ::ivy::Ints,
    >(axis, "sum", "axis")? {
        __opts.axis = ::std::option::Option::Some(__x);
    }
    if let ::std::option::Option::Some(__x) = crate::rt::keyword::<
        ::ivy::Dtype,
    >(dtype, "sum", "dtype")? {
        __opts.dtype = ::std::option::Option::Some(__x);
    }
    if let ::std::option::Option::Some(__x) = crate::rt::keyword::<
        bool,
    >(keepdims, "sum", "keepdims")? {
        __opts.keepdims = ::std::option::Option::Some(__x);
    }
    if crate::rt::any_container(&[crate::rt::Any::One(&__v_x)]) {
        crate::rt::ret(__py, "sum", ::ivy::sum_with(crate::rt::Nest(&__v_x), __opts))
    } else {
        crate::rt::ret(
            __py,
            "sum",
            ::ivy::sum_with(crate::rt::leaf(&__v_x, "sum", "x")?, __opts),
        )
    }
}
/// Where each element of `x2` goes in the sorted `x1`.
///
/// Keyword arguments (`None` means the default, except for a keyword whose default is not `None`, where `None` is a value):
///
/// - `side` (Str): default `"left"`
/// - `sorter` (Option<Array>): default `None`
#[::pyo3::pyfunction]
#[pyo3(
    name = "searchsorted",
    signature = (x1, x2, *, side = None, sorter = None),
    text_signature = "(x1, x2, *, side=None, sorter=None)"
)]
#[allow(clippy::too_many_arguments, unused_mut, unused_variables, non_snake_case)]
pub fn __py_searchsorted(
    __py: ::pyo3::Python<'_>,
    x1: &::pyo3::Bound<'_, ::pyo3::PyAny>,
    x2: &::pyo3::Bound<'_, ::pyo3::PyAny>,
    side: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
    sorter: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
    let __v_x1 = crate::rt::operand(x1, "searchsorted", "x1")?;
    let __v_x2 = crate::rt::operand(x2, "searchsorted", "x2")?;
    let mut __opts = ::ivy::opts::Searchsorted::new();
    if let ::std::option::Option::Some(__x) = crate::rt::keyword::<
        ::std::string::String,
    >(side, "searchsorted", "side")? {
        __opts.side = ::std::option::Option::Some(__x);
    }
    let __v_sorter: ::std::option::Option<::ivy::ArrayLike> = crate::rt::keyword(
        sorter,
        "searchsorted",
        "sorter",
    )?;
    if let ::std::option::Option::Some(__x) = ::std::clone::Clone::clone(&__v_sorter) {
        __opts.sorter = ::std::option::Option::Some(__x);
    }
    if crate::rt::any_container(
        &[
            crate::rt::Any::One(&__v_x1),
            crate::rt::Any::One(&__v_x2),
            crate::rt::Any::Opt(&__v_sorter),
        ],
    ) {
        crate::rt::ret(
            __py,
            "searchsorted",
            ::ivy::searchsorted_with(
                crate::rt::Nest(&__v_x1),
                crate::rt::Nest(&__v_x2),
                __opts,
            ),
        )
    } else {
        crate::rt::ret(
            __py,
            "searchsorted",
            ::ivy::searchsorted_with(
                crate::rt::leaf(&__v_x1, "searchsorted", "x1")?,
                crate::rt::leaf(&__v_x2, "searchsorted", "x2")?,
                __opts,
            ),
        )
    }
}
/// Softplus, with a kernel on some backends.
///
/// Keyword arguments (`None` means the default, except for a keyword whose default is not `None`, where `None` is a value):
///
/// - `beta` (f64): default `1.0`
#[::pyo3::pyfunction]
#[pyo3(
    name = "softplus",
    signature = (x, *, beta = None),
    text_signature = "(x, *, beta=None)"
)]
#[allow(clippy::too_many_arguments, unused_mut, unused_variables, non_snake_case)]
pub fn __py_softplus(
    __py: ::pyo3::Python<'_>,
    x: &::pyo3::Bound<'_, ::pyo3::PyAny>,
    beta: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
    let __v_x = crate::rt::operand(x, "softplus", "x")?;
    let mut __opts = ::ivy::opts::Softplus::new();
    if let ::std::option::Option::Some(__x) = crate::rt::keyword::<
        f64,
    >(beta, "softplus", "beta")? {
        __opts.beta = ::std::option::Option::Some(__x);
    }
    if crate::rt::any_container(&[crate::rt::Any::One(&__v_x)]) {
        crate::rt::ret(
            __py,
            "softplus",
            ::ivy::softplus_with(crate::rt::Nest(&__v_x), __opts),
        )
    } else {
        crate::rt::ret(
            __py,
            "softplus",
            ::ivy::softplus_with(crate::rt::leaf(&__v_x, "softplus", "x")?, __opts),
        )
    }
}
/// Relu.
#[::pyo3::pyfunction]
#[pyo3(name = "relu", signature = (x), text_signature = "(x)")]
#[allow(clippy::too_many_arguments, unused_mut, unused_variables, non_snake_case)]
pub fn __py_relu(
    __py: ::pyo3::Python<'_>,
    x: &::pyo3::Bound<'_, ::pyo3::PyAny>,
) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
    let __v_x = crate::rt::operand(x, "relu", "x")?;
    if crate::rt::any_container(&[crate::rt::Any::One(&__v_x)]) {
        crate::rt::ret(__py, "relu", ::ivy::relu(crate::rt::Nest(&__v_x)))
    } else {
        crate::rt::ret(__py, "relu", ::ivy::relu(crate::rt::leaf(&__v_x, "relu", "x")?))
    }
}
/// `x` times the leaf `scale` of `params`, plus the leaf `shift` of
/// `extra` if given.
///
/// Keyword arguments (`None` means the default, except for a keyword whose default is not `None`, where `None` is a value):
///
/// - `extra` (Option<Container>): default `None`
#[::pyo3::pyfunction]
#[pyo3(
    name = "affine",
    signature = (x, params, *, extra = None),
    text_signature = "(x, params, *, extra=None)"
)]
#[allow(clippy::too_many_arguments, unused_mut, unused_variables, non_snake_case)]
pub fn __py_affine(
    __py: ::pyo3::Python<'_>,
    x: &::pyo3::Bound<'_, ::pyo3::PyAny>,
    params: &::pyo3::Bound<'_, ::pyo3::PyAny>,
    extra: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
    let __v_x = crate::rt::operand(x, "affine", "x")?;
    let __v_params: ::ivy::Container = crate::rt::arg(params, "affine", "params")?;
    let mut __opts = ::ivy::opts::Affine::new();
    if let ::std::option::Option::Some(__x) = crate::rt::keyword::<
        ::ivy::Container,
    >(extra, "affine", "extra")? {
        __opts.extra = ::std::option::Option::Some(__x);
    }
    crate::rt::ret(
        __py,
        "affine",
        ::ivy::affine_with(crate::rt::leaf(&__v_x, "affine", "x")?, &__v_params, __opts),
    )
}
/// The ops as methods of `ivy_rs.Array` (`self` is the first array
/// argument).
#[::pyo3::pymethods]
impl crate::rt::PyArray {
    /// Adds, with promotion; also `+`.
    ///
    /// ```
    /// let y = ivy::add(&ivy::array![1, 2], 1)?;
    /// # Ok::<(), ivy::Error>(())
    /// ```
    ///
    /// Keyword arguments (`None` means the default, except for a keyword whose default is not `None`, where `None` is a value):
    ///
    /// - `alpha` (Option<Scalar>): default `None`
    #[pyo3(
        name = "add",
        signature = (x2, *, alpha = None),
        text_signature = "(self, x2, *, alpha=None)"
    )]
    #[allow(clippy::too_many_arguments, non_snake_case)]
    fn __pym_add(
        __slf: &::pyo3::Bound<'_, crate::rt::PyArray>,
        x2: &::pyo3::Bound<'_, ::pyo3::PyAny>,
        alpha: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
    ) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
        __py_add(__slf.py(), __slf.as_any(), x2, alpha)
    }
    /// `y` plus every array of `xs`; `xs` may be a list of containers.
    #[pyo3(name = "add_all", signature = (xs), text_signature = "(self, xs)")]
    #[allow(clippy::too_many_arguments, non_snake_case)]
    fn __pym_add_all(
        __slf: &::pyo3::Bound<'_, crate::rt::PyArray>,
        xs: &::pyo3::Bound<'_, ::pyo3::PyAny>,
    ) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
        __py_add_all(__slf.py(), __slf.as_any(), xs)
    }
    /// Sums.
    ///
    /// Keyword arguments (`None` means the default, except for a keyword whose default is not `None`, where `None` is a value):
    ///
    /// - `axis` (Option<Axes>): default `None`
    /// - `dtype` (Dtype): default `ivy :: dtype :: sum_dtype (x . dtype ())`
    /// - `keepdims` (bool): default `false`
    #[pyo3(
        name = "sum",
        signature = (*, axis = None, dtype = None, keepdims = None),
        text_signature = "(self, *, axis=None, dtype=None, keepdims=None)"
    )]
    #[allow(clippy::too_many_arguments, non_snake_case)]
    fn __pym_sum(
        __slf: &::pyo3::Bound<'_, crate::rt::PyArray>,
        axis: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
        dtype: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
        keepdims: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
    ) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
        __py_sum(__slf.py(), __slf.as_any(), axis, dtype, keepdims)
    }
    /// Where each element of `x2` goes in the sorted `x1`.
    ///
    /// Keyword arguments (`None` means the default, except for a keyword whose default is not `None`, where `None` is a value):
    ///
    /// - `side` (Str): default `"left"`
    /// - `sorter` (Option<Array>): default `None`
    #[pyo3(
        name = "searchsorted",
        signature = (x2, *, side = None, sorter = None),
        text_signature = "(self, x2, *, side=None, sorter=None)"
    )]
    #[allow(clippy::too_many_arguments, non_snake_case)]
    fn __pym_searchsorted(
        __slf: &::pyo3::Bound<'_, crate::rt::PyArray>,
        x2: &::pyo3::Bound<'_, ::pyo3::PyAny>,
        side: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
        sorter: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
    ) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
        __py_searchsorted(__slf.py(), __slf.as_any(), x2, side, sorter)
    }
    /// Softplus, with a kernel on some backends.
    ///
    /// Keyword arguments (`None` means the default, except for a keyword whose default is not `None`, where `None` is a value):
    ///
    /// - `beta` (f64): default `1.0`
    #[pyo3(
        name = "softplus",
        signature = (*, beta = None),
        text_signature = "(self, *, beta=None)"
    )]
    #[allow(clippy::too_many_arguments, non_snake_case)]
    fn __pym_softplus(
        __slf: &::pyo3::Bound<'_, crate::rt::PyArray>,
        beta: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
    ) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
        __py_softplus(__slf.py(), __slf.as_any(), beta)
    }
    /// Relu.
    #[pyo3(name = "relu", signature = (), text_signature = "(self)")]
    #[allow(clippy::too_many_arguments, non_snake_case)]
    fn __pym_relu(
        __slf: &::pyo3::Bound<'_, crate::rt::PyArray>,
    ) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
        __py_relu(__slf.py(), __slf.as_any())
    }
    /// `x` times the leaf `scale` of `params`, plus the leaf `shift` of
    /// `extra` if given.
    ///
    /// Keyword arguments (`None` means the default, except for a keyword whose default is not `None`, where `None` is a value):
    ///
    /// - `extra` (Option<Container>): default `None`
    #[pyo3(
        name = "affine",
        signature = (params, *, extra = None),
        text_signature = "(self, params, *, extra=None)"
    )]
    #[allow(clippy::too_many_arguments, non_snake_case)]
    fn __pym_affine(
        __slf: &::pyo3::Bound<'_, crate::rt::PyArray>,
        params: &::pyo3::Bound<'_, ::pyo3::PyAny>,
        extra: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
    ) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
        __py_affine(__slf.py(), __slf.as_any(), params, extra)
    }
}
/// The nestable ops as methods of `ivy_rs.Container`, applied at
/// every leaf.
#[::pyo3::pymethods]
impl crate::rt::PyContainer {
    /// Adds, with promotion; also `+`.
    ///
    /// ```
    /// let y = ivy::add(&ivy::array![1, 2], 1)?;
    /// # Ok::<(), ivy::Error>(())
    /// ```
    ///
    /// Keyword arguments (`None` means the default, except for a keyword whose default is not `None`, where `None` is a value):
    ///
    /// - `alpha` (Option<Scalar>): default `None`
    #[pyo3(
        name = "add",
        signature = (x2, *, alpha = None),
        text_signature = "(self, x2, *, alpha=None)"
    )]
    #[allow(clippy::too_many_arguments, non_snake_case)]
    fn __pym_add(
        __slf: &::pyo3::Bound<'_, crate::rt::PyContainer>,
        x2: &::pyo3::Bound<'_, ::pyo3::PyAny>,
        alpha: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
    ) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
        __py_add(__slf.py(), __slf.as_any(), x2, alpha)
    }
    /// `y` plus every array of `xs`; `xs` may be a list of containers.
    #[pyo3(name = "add_all", signature = (xs), text_signature = "(self, xs)")]
    #[allow(clippy::too_many_arguments, non_snake_case)]
    fn __pym_add_all(
        __slf: &::pyo3::Bound<'_, crate::rt::PyContainer>,
        xs: &::pyo3::Bound<'_, ::pyo3::PyAny>,
    ) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
        __py_add_all(__slf.py(), __slf.as_any(), xs)
    }
    /// Sums.
    ///
    /// Keyword arguments (`None` means the default, except for a keyword whose default is not `None`, where `None` is a value):
    ///
    /// - `axis` (Option<Axes>): default `None`
    /// - `dtype` (Dtype): default `ivy :: dtype :: sum_dtype (x . dtype ())`
    /// - `keepdims` (bool): default `false`
    #[pyo3(
        name = "sum",
        signature = (*, axis = None, dtype = None, keepdims = None),
        text_signature = "(self, *, axis=None, dtype=None, keepdims=None)"
    )]
    #[allow(clippy::too_many_arguments, non_snake_case)]
    fn __pym_sum(
        __slf: &::pyo3::Bound<'_, crate::rt::PyContainer>,
        axis: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
        dtype: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
        keepdims: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
    ) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
        __py_sum(__slf.py(), __slf.as_any(), axis, dtype, keepdims)
    }
    /// Where each element of `x2` goes in the sorted `x1`.
    ///
    /// Keyword arguments (`None` means the default, except for a keyword whose default is not `None`, where `None` is a value):
    ///
    /// - `side` (Str): default `"left"`
    /// - `sorter` (Option<Array>): default `None`
    #[pyo3(
        name = "searchsorted",
        signature = (x2, *, side = None, sorter = None),
        text_signature = "(self, x2, *, side=None, sorter=None)"
    )]
    #[allow(clippy::too_many_arguments, non_snake_case)]
    fn __pym_searchsorted(
        __slf: &::pyo3::Bound<'_, crate::rt::PyContainer>,
        x2: &::pyo3::Bound<'_, ::pyo3::PyAny>,
        side: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
        sorter: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
    ) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
        __py_searchsorted(__slf.py(), __slf.as_any(), x2, side, sorter)
    }
    /// Softplus, with a kernel on some backends.
    ///
    /// Keyword arguments (`None` means the default, except for a keyword whose default is not `None`, where `None` is a value):
    ///
    /// - `beta` (f64): default `1.0`
    #[pyo3(
        name = "softplus",
        signature = (*, beta = None),
        text_signature = "(self, *, beta=None)"
    )]
    #[allow(clippy::too_many_arguments, non_snake_case)]
    fn __pym_softplus(
        __slf: &::pyo3::Bound<'_, crate::rt::PyContainer>,
        beta: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
    ) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
        __py_softplus(__slf.py(), __slf.as_any(), beta)
    }
    /// Relu.
    #[pyo3(name = "relu", signature = (), text_signature = "(self)")]
    #[allow(clippy::too_many_arguments, non_snake_case)]
    fn __pym_relu(
        __slf: &::pyo3::Bound<'_, crate::rt::PyContainer>,
    ) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
        __py_relu(__slf.py(), __slf.as_any())
    }
}
/// Add every generated function to the module.
pub fn register(
    __m: &::pyo3::Bound<'_, ::pyo3::types::PyModule>,
) -> ::pyo3::PyResult<()> {
    use ::pyo3::types::PyModuleMethods;
    __m.add_function(::pyo3::wrap_pyfunction!(__py_add, __m)?)?;
    __m.add_function(::pyo3::wrap_pyfunction!(__py_add_all, __m)?)?;
    __m.add_function(::pyo3::wrap_pyfunction!(__py_sum, __m)?)?;
    __m.add_function(::pyo3::wrap_pyfunction!(__py_searchsorted, __m)?)?;
    __m.add_function(::pyo3::wrap_pyfunction!(__py_softplus, __m)?)?;
    __m.add_function(::pyo3::wrap_pyfunction!(__py_relu, __m)?)?;
    __m.add_function(::pyo3::wrap_pyfunction!(__py_affine, __m)?)?;
    ::std::result::Result::Ok(())
}
/// Every generated function: its name and category, in spec order.
pub const OPS: &[(&str, &str)] = &[
    ("add", "elementwise"),
    ("add_all", "elementwise"),
    ("sum", "statistical"),
    ("searchsorted", "statistical"),
    ("softplus", "activations"),
    ("relu", "activations"),
    ("affine", "layers"),
];
/// The ops of the spec that are not generated (standalone ops, whose
/// parameters are plain Rust types): the binding writes each by hand.
pub const STANDALONE: &[&str] = &["dtype"];
