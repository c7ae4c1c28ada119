/// A small spec of one op per kind, to read what the generator makes.
///
/// ```
/// # extern crate ivy_ndarray;
/// # extern crate ivy_core as ivy;
/// let ops: Vec<_> = ivy::catalogue::ops().filter(|o| o.category == "elementwise").collect();
/// assert!(!ops.is_empty());
/// ```
pub mod elementwise {
    #[allow(unused_imports)]
    use ::ivy::{Array, Dtype, Result, Scalar, Shape};
    /// Adds, with promotion; also `+`.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let y = ivy::add(&ivy::array![1, 2], 1)?;
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn add<X1: ::ivy::Operand, X2: ::ivy::Operand>(
        x1: X1,
        x2: X2,
    ) -> ::ivy::Result<::ivy::Out<(X1, X2), ::ivy::Array>>
    where
        (X1, X2): ::ivy::Operands,
    {
        add_with(x1, x2, ::ivy::opts::Add::new())
    }
    /// [`add`](fn@add) with keyword arguments, given as an [`Add`](crate::opts::Add).
    ///
    /// Keyword arguments and their defaults:
    ///
    /// - `alpha` (Option<Scalar>): `None`
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let r = ivy::add_with(&ivy::array![[1.0, 2.0], [3.0, 4.0]], &ivy::array![[1.0, 2.0], [3.0, 4.0]], ivy::opts::Add::new().alpha(1));
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn add_with<X1: ::ivy::Operand, X2: ::ivy::Operand>(
        x1: X1,
        x2: X2,
        opts: ::ivy::opts::Add,
    ) -> ::ivy::Result<::ivy::Out<(X1, X2), ::ivy::Array>>
    where
        (X1, X2): ::ivy::Operands,
    {
        let __opts = &opts;
        <<(
            X1,
            X2,
        ) as ::ivy::Operands>::Kind as ::ivy::args::Kind>::dispatch(
            || {
                let x1 = ::ivy::Operand::node(&x1).leaf("add")?;
                let x2 = ::ivy::Operand::node(&x2).leaf("add")?;
                __leaf_add(x1, x2, __opts)
            },
            || __nested_add(
                [::ivy::Operand::node(&x1), ::ivy::Operand::node(&x2)],
                __opts,
            ),
        )
    }
    #[allow(
        clippy::too_many_arguments,
        unused_variables,
        clippy::let_and_return,
        clippy::needless_borrow
    )]
    #[inline]
    fn __leaf_add(
        x1: ::ivy::args::OperandRef<'_>,
        x2: ::ivy::args::OperandRef<'_>,
        __opts: &::ivy::opts::Add,
    ) -> ::ivy::Result<::ivy::Array> {
        let __backend: &'static ::ivy::BackendEntry = ::ivy::__private::backend_of(
            "add",
            [::std::option::Option::Some(x1), ::std::option::Option::Some(x2)],
            [],
        )?;
        let [x1, x2] = ::ivy::__private::promote("add", __backend, [x1, x2])?;
        let x1: &::ivy::Array = &x1;
        let x2: &::ivy::Array = &x2;
        let __mode = ::ivy::__private::check_supported_or_mode(
            &::ivy::catalogue::builtin::ADD,
            __backend,
            ::std::option::Option::Some(x1.dtype()),
        )?;
        let x1 = ::ivy::__private::mode_cast(x1, __mode)?;
        let x1: &::ivy::Array = &x1;
        let x2 = ::ivy::__private::mode_cast(x2, __mode)?;
        let x2: &::ivy::Array = &x2;
        let alpha: ::std::option::Option<::ivy::Scalar> = __opts.alpha;
        let __out = {
            let __k_x1 = x1;
            let __k_x2 = x2;
            let __k_alpha = alpha.map(|__x| __x);
            ::ivy::__private::kernel(
                "add",
                __backend,
                || {
                    <dyn ::ivy::Backend as ::ivy::kernels::ElementwiseKernels>::add(
                        __backend.backend(),
                        __k_x1,
                        __k_x2,
                        __k_alpha,
                    )
                },
            )
        }?;
        if ::ivy::__private::traced(
            [::std::option::Option::Some(x1), ::std::option::Option::Some(x2)],
            [],
        ) {
            return ::std::result::Result::Ok(__record_add(__out, x1, x2, __opts));
        }
        ::std::result::Result::Ok(__out)
    }
    #[allow(clippy::too_many_arguments, unused_variables)]
    #[inline(never)]
    fn __nested_add(
        __nodes: [::ivy::Node<'_>; 2usize],
        __opts: &::ivy::opts::Add,
    ) -> ::ivy::Result<<::ivy::Array as ::ivy::Nestable>::Nested> {
        let __results = ::ivy::__private::map_nodes(
            "add",
            &__nodes,
            &mut |__xs| {
                let [::ivy::Node::Leaf(x1), ::ivy::Node::Leaf(x2)] = *__xs else {
                    return ::std::result::Result::Err(
                        ::ivy::__private::not_a_leaf("add"),
                    );
                };
                __leaf_add(x1, x2, __opts)
            },
        )?;
        <::ivy::Array as ::ivy::Nestable>::unzip("add", __results)
    }
    #[allow(
        clippy::too_many_arguments,
        unused_variables,
        clippy::needless_borrow,
        clippy::ptr_arg
    )]
    #[cold]
    #[inline(never)]
    fn __record_add(
        __out: ::ivy::Array,
        x1: &::ivy::Array,
        x2: &::ivy::Array,
        __opts: &::ivy::opts::Add,
    ) -> ::ivy::Array {
        let mut __inputs: ::ivy::__private::SmallVec<[&::ivy::Array; 4]> = ::ivy::__private::SmallVec::new();
        __inputs.push(x1);
        __inputs.push(x2);
        let __counts: [usize; 0usize] = [];
        let __opts = ::std::clone::Clone::clone(__opts);
        ::ivy::__private::record_vjp(
            "add",
            &__inputs,
            __out,
            ::std::boxed::Box::new(move |__a: &::ivy::__private::VjpArgs<'_>| {
                __vjp_add(__a, &__opts, &__counts)
            }),
        )
    }
    #[allow(
        clippy::too_many_arguments,
        unused_variables,
        unused_mut,
        clippy::needless_borrow,
        clippy::let_and_return
    )]
    fn __vjp_add(
        __a: &::ivy::__private::VjpArgs<'_>,
        __opts: &::ivy::opts::Add,
        __counts: &[usize; 0usize],
    ) -> ::ivy::Result<::ivy::__private::Grads> {
        let mut __i = 0usize;
        let x1: &::ivy::Array = &__a.inputs[__i];
        let __need_x1 = __a.need[__i];
        __i += 1;
        let x2: &::ivy::Array = &__a.inputs[__i];
        let __need_x2 = __a.need[__i];
        __i += 1;
        let alpha: ::std::option::Option<::ivy::Scalar> = __opts.alpha;
        let g: &::ivy::Array = &__a.cotangents[0];
        let out: &::ivy::Array = &__a.outputs[0];
        let mut __grads = ::ivy::__private::Grads::new();
        __grads
            .push(
                if __need_x1 {
                    ::std::option::Option::Some({
                        let __r: ::ivy::Result<::ivy::Array> = Ok(g.clone());
                        __r?
                    })
                } else {
                    ::std::option::Option::None
                },
            );
        __grads
            .push(
                if __need_x2 {
                    ::std::option::Option::Some({
                        let __r: ::ivy::Result<::ivy::Array> = Ok(g.clone());
                        __r?
                    })
                } else {
                    ::std::option::Option::None
                },
            );
        ::std::result::Result::Ok(__grads)
    }
    /// `y` plus every array of `xs`; `xs` may be a list of containers.
    #[inline]
    pub fn add_all<XY: ::ivy::Operand, Xs: ::ivy::args::ArrayList>(
        y: XY,
        xs: Xs,
    ) -> ::ivy::Result<::ivy::Out<(XY, ::ivy::args::List<Xs>), ::ivy::Array>>
    where
        (XY, ::ivy::args::List<Xs>): ::ivy::Operands,
    {
        let __opts = ();
        <<(
            XY,
            ::ivy::args::List<Xs>,
        ) as ::ivy::Operands>::Kind as ::ivy::args::Kind>::dispatch(
            || {
                let y = ::ivy::Operand::node(&y).leaf("add_all")?;
                let xs: ::std::vec::Vec<::ivy::Array> = ::ivy::args::ArrayList::to_arrays(
                    &xs,
                    "add_all",
                )?;
                __leaf_add_all(y, &xs, &())
            },
            || {
                let mut __nodes: ::std::vec::Vec<::ivy::Node<'_>> = ::std::vec::Vec::new();
                __nodes.push(::ivy::Operand::node(&y));
                let __len_xs = __nodes.len();
                ::ivy::args::ArrayList::push_nodes(&xs, &mut __nodes);
                let __len_xs = __nodes.len() - __len_xs;
                __nested_add_all(&__nodes, [__len_xs], &())
            },
        )
    }
    #[allow(
        clippy::too_many_arguments,
        unused_variables,
        clippy::let_and_return,
        clippy::needless_borrow
    )]
    #[inline]
    fn __leaf_add_all(
        y: ::ivy::args::OperandRef<'_>,
        xs: &[::ivy::Array],
        __opts: &(),
    ) -> ::ivy::Result<::ivy::Array> {
        let __backend: &'static ::ivy::BackendEntry = ::ivy::__private::backend_of(
            "add_all",
            [::std::option::Option::Some(y)],
            [xs],
        )?;
        let y = ::ivy::__private::to_array(__backend, y);
        let y: &::ivy::Array = &y;
        let xs: &[::ivy::Array] = &xs;
        ::ivy::__private::check_domain(
            &::ivy::catalogue::builtin::ADD_ALL,
            __backend,
            ::std::option::Option::Some(y.dtype()),
        )?;
        ::ivy::__private::within("add_all", __body_add_all(y, xs))
    }
    #[allow(clippy::too_many_arguments, unused_variables)]
    #[inline(never)]
    fn __nested_add_all(
        __nodes: &[::ivy::Node<'_>],
        __lens: [usize; 1usize],
        __opts: &(),
    ) -> ::ivy::Result<<::ivy::Array as ::ivy::Nestable>::Nested> {
        let __results = ::ivy::__private::map_node_list(
            "add_all",
            __nodes,
            &mut |__xs| {
                let (y, __xs) = ::ivy::__private::take_leaf("add_all", __xs)?;
                let (xs, __xs) = ::ivy::__private::take_list(
                    "add_all",
                    __xs,
                    __lens[0usize],
                )?;
                __leaf_add_all(y, &xs, __opts)
            },
        )?;
        <::ivy::Array as ::ivy::Nestable>::unzip("add_all", __results)
    }
    #[allow(clippy::too_many_arguments, unused_variables, clippy::needless_borrow)]
    fn __body_add_all(
        y: &::ivy::Array,
        xs: &[::ivy::Array],
    ) -> ::ivy::Result<::ivy::Array> {
        let mut acc = y.clone();
        for x in xs {
            acc = ivy::add(&acc, x)?;
        }
        Ok(acc)
    }
}
/// Reductions.
///
/// ```
/// # extern crate ivy_ndarray;
/// # extern crate ivy_core as ivy;
/// let ops: Vec<_> = ivy::catalogue::ops().filter(|o| o.category == "statistical").collect();
/// assert!(!ops.is_empty());
/// ```
pub mod statistical {
    #[allow(unused_imports)]
    use ::ivy::{Array, Dtype, Result, Scalar, Shape};
    /// Sums.
    #[inline]
    pub fn sum<X: ::ivy::Operand>(x: X) -> ::ivy::Result<::ivy::Out<(X,), ::ivy::Array>>
    where
        (X,): ::ivy::Operands,
    {
        sum_with(x, ::ivy::opts::Sum::new())
    }
    /// [`sum`](fn@sum) with keyword arguments, given as an [`Sum`](crate::opts::Sum).
    ///
    /// Keyword arguments and their defaults:
    ///
    /// - `axis` (Option<Axes>): `None`
    /// - `dtype` (Dtype): `ivy :: dtype :: sum_dtype(x.dtype())`
    /// - `keepdims` (bool): `false`
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let r = ivy::sum_with(&ivy::array![[1.0, 2.0], [3.0, 4.0]], ivy::opts::Sum::new().axis([0]));
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn sum_with<X: ::ivy::Operand>(
        x: X,
        opts: ::ivy::opts::Sum,
    ) -> ::ivy::Result<::ivy::Out<(X,), ::ivy::Array>>
    where
        (X,): ::ivy::Operands,
    {
        let __opts = &opts;
        <<(
            X,
        ) as ::ivy::Operands>::Kind as ::ivy::args::Kind>::dispatch(
            || {
                let x = ::ivy::Operand::node(&x).leaf("sum")?;
                __leaf_sum(x, __opts)
            },
            || __nested_sum([::ivy::Operand::node(&x)], __opts),
        )
    }
    #[allow(
        clippy::too_many_arguments,
        unused_variables,
        clippy::let_and_return,
        clippy::needless_borrow
    )]
    #[inline]
    fn __leaf_sum(
        x: ::ivy::args::OperandRef<'_>,
        __opts: &::ivy::opts::Sum,
    ) -> ::ivy::Result<::ivy::Array> {
        let __backend: &'static ::ivy::BackendEntry = ::ivy::__private::backend_of(
            "sum",
            [::std::option::Option::Some(x)],
            [],
        )?;
        let x = ::ivy::__private::to_array(__backend, x);
        let x: &::ivy::Array = &x;
        let __mode = ::ivy::__private::check_supported_or_mode(
            &::ivy::catalogue::builtin::SUM,
            __backend,
            ::std::option::Option::Some(x.dtype()),
        )?;
        let x = ::ivy::__private::mode_cast(x, __mode)?;
        let x: &::ivy::Array = &x;
        let axis: ::std::option::Option<&::ivy::Ints> = __opts.axis.as_ref();
        let dtype: ::ivy::Dtype = match __opts.dtype {
            ::std::option::Option::Some(v) => v,
            ::std::option::Option::None => {
                ::std::convert::Into::into(ivy::dtype::sum_dtype(x.dtype()))
            }
        };
        let keepdims: bool = match __opts.keepdims {
            ::std::option::Option::Some(v) => v,
            ::std::option::Option::None => ::std::convert::Into::into(false),
        };
        let __out = {
            let __k_x = x;
            let __k_axis = match axis {
                ::std::option::Option::Some(__x) => {
                    ::std::option::Option::Some(__x.to_axes("sum", x.ndim())?)
                }
                ::std::option::Option::None => ::std::option::Option::None,
            };
            let __k_dtype = dtype;
            let __k_keepdims = keepdims;
            ::ivy::__private::check_valid_dtype("sum", __backend, dtype)?;
            ::ivy::__private::kernel(
                "sum",
                __backend,
                || {
                    <dyn ::ivy::Backend as ::ivy::kernels::StatisticalKernels>::sum(
                        __backend.backend(),
                        __k_x,
                        __k_axis.as_deref(),
                        __k_dtype,
                        __k_keepdims,
                    )
                },
            )
        }?;
        if ::ivy::__private::traced([::std::option::Option::Some(x)], []) {
            return ::std::result::Result::Ok(__record_sum(__out, x, __opts));
        }
        ::std::result::Result::Ok(__out)
    }
    #[allow(clippy::too_many_arguments, unused_variables)]
    #[inline(never)]
    fn __nested_sum(
        __nodes: [::ivy::Node<'_>; 1usize],
        __opts: &::ivy::opts::Sum,
    ) -> ::ivy::Result<<::ivy::Array as ::ivy::Nestable>::Nested> {
        let __results = ::ivy::__private::map_nodes(
            "sum",
            &__nodes,
            &mut |__xs| {
                let [::ivy::Node::Leaf(x)] = *__xs else {
                    return ::std::result::Result::Err(
                        ::ivy::__private::not_a_leaf("sum"),
                    );
                };
                __leaf_sum(x, __opts)
            },
        )?;
        <::ivy::Array as ::ivy::Nestable>::unzip("sum", __results)
    }
    #[allow(
        clippy::too_many_arguments,
        unused_variables,
        clippy::needless_borrow,
        clippy::ptr_arg
    )]
    #[cold]
    #[inline(never)]
    fn __record_sum(
        __out: ::ivy::Array,
        x: &::ivy::Array,
        __opts: &::ivy::opts::Sum,
    ) -> ::ivy::Array {
        let mut __inputs: ::ivy::__private::SmallVec<[&::ivy::Array; 4]> = ::ivy::__private::SmallVec::new();
        __inputs.push(x);
        let __counts: [usize; 0usize] = [];
        let __opts = ::std::clone::Clone::clone(__opts);
        ::ivy::__private::record_vjp(
            "sum",
            &__inputs,
            __out,
            ::std::boxed::Box::new(move |__a: &::ivy::__private::VjpArgs<'_>| {
                __vjp_sum(__a, &__opts, &__counts)
            }),
        )
    }
    #[allow(
        clippy::too_many_arguments,
        unused_variables,
        unused_mut,
        clippy::needless_borrow,
        clippy::let_and_return
    )]
    fn __vjp_sum(
        __a: &::ivy::__private::VjpArgs<'_>,
        __opts: &::ivy::opts::Sum,
        __counts: &[usize; 0usize],
    ) -> ::ivy::Result<::ivy::__private::Grads> {
        let mut __i = 0usize;
        let x: &::ivy::Array = &__a.inputs[__i];
        let __need_x = __a.need[__i];
        __i += 1;
        let axis: ::std::option::Option<&::ivy::Ints> = __opts.axis.as_ref();
        let dtype: ::ivy::Dtype = match __opts.dtype {
            ::std::option::Option::Some(v) => v,
            ::std::option::Option::None => {
                ::std::convert::Into::into(ivy::dtype::sum_dtype(x.dtype()))
            }
        };
        let keepdims: bool = match __opts.keepdims {
            ::std::option::Option::Some(v) => v,
            ::std::option::Option::None => ::std::convert::Into::into(false),
        };
        let g: &::ivy::Array = &__a.cotangents[0];
        let out: &::ivy::Array = &__a.outputs[0];
        let mut __grads = ::ivy::__private::Grads::new();
        __grads
            .push(
                if __need_x {
                    ::std::option::Option::Some({
                        let __r: ::ivy::Result<::ivy::Array> = ivy::gradients::rules::unreduce(
                            g,
                            x,
                            axis,
                            keepdims,
                        );
                        __r?
                    })
                } else {
                    ::std::option::Option::None
                },
            );
        ::std::result::Result::Ok(__grads)
    }
    /// Where each element of `x2` goes in the sorted `x1`.
    #[inline]
    pub fn searchsorted<X1: ::ivy::Operand, X2: ::ivy::Operand>(
        x1: X1,
        x2: X2,
    ) -> ::ivy::Result<::ivy::Out<(X1, X2), ::ivy::Array>>
    where
        (X1, X2): ::ivy::Operands,
    {
        searchsorted_with(x1, x2, ::ivy::opts::Searchsorted::new())
    }
    /// [`searchsorted`](fn@searchsorted) with keyword arguments, given as an [`Searchsorted`](crate::opts::Searchsorted).
    ///
    /// Keyword arguments and their defaults:
    ///
    /// - `side` (Str): `"left"`
    /// - `sorter` (Option<Array>): `None`
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let r = ivy::searchsorted_with(&ivy::array![[1.0, 2.0], [3.0, 4.0]], &ivy::array![[1.0, 2.0], [3.0, 4.0]], ivy::opts::Searchsorted::new().side("mean"));
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn searchsorted_with<X1: ::ivy::Operand, X2: ::ivy::Operand>(
        x1: X1,
        x2: X2,
        opts: ::ivy::opts::Searchsorted,
    ) -> ::ivy::Result<::ivy::Out<(X1, X2), ::ivy::Array>>
    where
        (X1, X2): ::ivy::Operands,
    {
        let __opts = &opts;
        <<(
            X1,
            X2,
        ) as ::ivy::Operands>::Kind as ::ivy::args::Kind>::dispatch(
            || {
                let x1 = ::ivy::Operand::node(&x1).leaf("searchsorted")?;
                let x2 = ::ivy::Operand::node(&x2).leaf("searchsorted")?;
                let sorter = ::ivy::__private::kwarg_leaf(
                    "searchsorted",
                    "sorter",
                    __opts.sorter.as_ref(),
                )?;
                __leaf_searchsorted(x1, x2, sorter, __opts)
            },
            || __nested_searchsorted(
                [::ivy::Operand::node(&x1), ::ivy::Operand::node(&x2)],
                __opts,
            ),
        )
    }
    #[allow(
        clippy::too_many_arguments,
        unused_variables,
        clippy::let_and_return,
        clippy::needless_borrow
    )]
    #[inline]
    fn __leaf_searchsorted(
        x1: ::ivy::args::OperandRef<'_>,
        x2: ::ivy::args::OperandRef<'_>,
        sorter: ::std::option::Option<::ivy::args::OperandRef<'_>>,
        __opts: &::ivy::opts::Searchsorted,
    ) -> ::ivy::Result<::ivy::Array> {
        let __backend: &'static ::ivy::BackendEntry = ::ivy::__private::backend_of(
            "searchsorted",
            [::std::option::Option::Some(x1), ::std::option::Option::Some(x2), sorter],
            [],
        )?;
        let [x1, x2] = ::ivy::__private::promote("searchsorted", __backend, [x1, x2])?;
        let sorter = sorter.map(|x| ::ivy::__private::to_array(__backend, x));
        let x1: &::ivy::Array = &x1;
        let x2: &::ivy::Array = &x2;
        let sorter: ::std::option::Option<&::ivy::Array> = sorter.as_deref();
        let __mode = ::ivy::__private::check_supported_or_mode(
            &::ivy::catalogue::builtin::SEARCHSORTED,
            __backend,
            ::std::option::Option::Some(x1.dtype()),
        )?;
        let x1 = ::ivy::__private::mode_cast(x1, __mode)?;
        let x1: &::ivy::Array = &x1;
        let x2 = ::ivy::__private::mode_cast(x2, __mode)?;
        let x2: &::ivy::Array = &x2;
        let sorter = match sorter {
            ::std::option::Option::Some(x) => {
                ::std::option::Option::Some(::ivy::__private::mode_cast(x, __mode)?)
            }
            ::std::option::Option::None => ::std::option::Option::None,
        };
        let sorter: ::std::option::Option<&::ivy::Array> = sorter.as_deref();
        let __default_side: ::std::string::String;
        let side: &str = match &__opts.side {
            ::std::option::Option::Some(v) => v,
            ::std::option::Option::None => {
                __default_side = ::std::convert::Into::into("left");
                &__default_side
            }
        };
        {
            let __v = x1;
            ::ivy::__private::rules::ndim("searchsorted", "x1", __v, 1usize)?;
        }
        {
            let __v = x2;
            ::ivy::__private::rules::same_shape("searchsorted", "x2", __v, "x1", x1)?;
        }
        {
            let __v = side;
            ::ivy::__private::rules::one_of(
                "searchsorted",
                "side",
                __v,
                &["left", "right"],
            )?;
        }
        if let ::std::option::Option::Some(__v) = sorter {
            ::ivy::__private::rules::dtype_in(
                "searchsorted",
                "sorter",
                __v,
                ::ivy::DtypeSet::from_bits(255u16),
                "integer",
            )?;
        }
        let __out = {
            let __k_x1 = x1;
            let __k_x2 = x2;
            let __k_side = side;
            let __k_sorter = sorter.map(|__x| __x);
            checks::searchsorted("searchsorted", __k_x1, __k_x2, __k_side, __k_sorter)?;
            ::ivy::__private::kernel(
                "searchsorted",
                __backend,
                || {
                    <dyn ::ivy::Backend as ::ivy::kernels::StatisticalKernels>::searchsorted(
                        __backend.backend(),
                        __k_x1,
                        __k_x2,
                        __k_side,
                        __k_sorter,
                    )
                },
            )
        }?;
        if ::ivy::__private::traced(
            [::std::option::Option::Some(x1), ::std::option::Option::Some(x2), sorter],
            [],
        ) {
            return ::std::result::Result::Ok(
                __record_searchsorted(__out, x1, x2, sorter, __opts),
            );
        }
        ::std::result::Result::Ok(__out)
    }
    #[allow(clippy::too_many_arguments, unused_variables)]
    #[inline(never)]
    fn __nested_searchsorted(
        __nodes: [::ivy::Node<'_>; 2usize],
        __opts: &::ivy::opts::Searchsorted,
    ) -> ::ivy::Result<<::ivy::Array as ::ivy::Nestable>::Nested> {
        let __results = {
            let __all: [::ivy::__private::OptNode<'_>; 3usize] = [
                ::ivy::__private::some_node(__nodes[0usize]),
                ::ivy::__private::some_node(__nodes[1usize]),
                ::ivy::__private::kwarg_node(__opts.sorter.as_ref()),
            ];
            ::ivy::__private::map_opt_nodes(
                "searchsorted",
                &__all,
                &mut |__xs| {
                    let [::ivy::Node::Leaf(::std::option::Option::Some(x1)),
                    ::ivy::Node::Leaf(::std::option::Option::Some(x2)),
                    ::ivy::Node::Leaf(sorter)] = *__xs else {
                        return ::std::result::Result::Err(
                            ::ivy::__private::not_a_leaf("searchsorted"),
                        );
                    };
                    __leaf_searchsorted(x1, x2, sorter, __opts)
                },
            )
        }?;
        <::ivy::Array as ::ivy::Nestable>::unzip("searchsorted", __results)
    }
    #[allow(
        clippy::too_many_arguments,
        unused_variables,
        clippy::needless_borrow,
        clippy::ptr_arg
    )]
    #[cold]
    #[inline(never)]
    fn __record_searchsorted(
        __out: ::ivy::Array,
        x1: &::ivy::Array,
        x2: &::ivy::Array,
        sorter: ::std::option::Option<&::ivy::Array>,
        __opts: &::ivy::opts::Searchsorted,
    ) -> ::ivy::Array {
        let mut __inputs: ::ivy::__private::SmallVec<[&::ivy::Array; 4]> = ::ivy::__private::SmallVec::new();
        __inputs.push(x1);
        __inputs.push(x2);
        if let ::std::option::Option::Some(__x) = sorter {
            __inputs.push(__x);
        }
        ::ivy::__private::record_constant("searchsorted", &__inputs, __out)
    }
}
/// Activations.
///
/// ```
/// # extern crate ivy_ndarray;
/// # extern crate ivy_core as ivy;
/// let ops: Vec<_> = ivy::catalogue::ops().filter(|o| o.category == "activations").collect();
/// assert!(!ops.is_empty());
/// ```
pub mod activations {
    #[allow(unused_imports)]
    use ::ivy::{Array, Dtype, Result, Scalar, Shape};
    /// Softplus, with a kernel on some backends.
    #[inline]
    pub fn softplus<X: ::ivy::Operand>(
        x: X,
    ) -> ::ivy::Result<::ivy::Out<(X,), ::ivy::Array>>
    where
        (X,): ::ivy::Operands,
    {
        softplus_with(x, ::ivy::opts::Softplus::new())
    }
    /// [`softplus`](fn@softplus) with keyword arguments, given as an [`Softplus`](crate::opts::Softplus).
    ///
    /// Keyword arguments and their defaults:
    ///
    /// - `beta` (f64): `1.0`
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let r = ivy::softplus_with(&ivy::array![[1.0, 2.0], [3.0, 4.0]], ivy::opts::Softplus::new().beta(0.5));
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn softplus_with<X: ::ivy::Operand>(
        x: X,
        opts: ::ivy::opts::Softplus,
    ) -> ::ivy::Result<::ivy::Out<(X,), ::ivy::Array>>
    where
        (X,): ::ivy::Operands,
    {
        let __opts = &opts;
        <<(
            X,
        ) as ::ivy::Operands>::Kind as ::ivy::args::Kind>::dispatch(
            || {
                let x = ::ivy::Operand::node(&x).leaf("softplus")?;
                __leaf_softplus(x, __opts)
            },
            || __nested_softplus([::ivy::Operand::node(&x)], __opts),
        )
    }
    #[allow(
        clippy::too_many_arguments,
        unused_variables,
        clippy::let_and_return,
        clippy::needless_borrow
    )]
    #[inline]
    fn __leaf_softplus(
        x: ::ivy::args::OperandRef<'_>,
        __opts: &::ivy::opts::Softplus,
    ) -> ::ivy::Result<::ivy::Array> {
        let __backend: &'static ::ivy::BackendEntry = ::ivy::__private::backend_of(
            "softplus",
            [::std::option::Option::Some(x)],
            [],
        )?;
        let x = ::ivy::__private::to_array(__backend, x);
        let x: &::ivy::Array = &x;
        ::ivy::__private::check_domain(
            &::ivy::catalogue::builtin::SOFTPLUS,
            __backend,
            ::std::option::Option::Some(x.dtype()),
        )?;
        let beta: f64 = match __opts.beta {
            ::std::option::Option::Some(v) => v,
            ::std::option::Option::None => ::std::convert::Into::into(1.0),
        };
        if !::ivy::__private::traced([::std::option::Option::Some(x)], [])
            && __backend.has_kernel(::ivy::catalogue::ids::SOFTPLUS)
        {
            let __k_x = x;
            let __k_beta = beta;
            ::ivy::__private::check_kernel(
                &::ivy::catalogue::builtin::SOFTPLUS,
                __backend,
                ::std::option::Option::Some(x.dtype()),
            )?;
            ::ivy::__private::kernel(
                "softplus",
                __backend,
                || {
                    <dyn ::ivy::Backend as ::ivy::kernels::ActivationsKernels>::softplus(
                        __backend.backend(),
                        __k_x,
                        __k_beta,
                    )
                },
            )
        } else {
            ::ivy::__private::within("softplus", __body_softplus(x, beta))
        }
    }
    #[allow(clippy::too_many_arguments, unused_variables)]
    #[inline(never)]
    fn __nested_softplus(
        __nodes: [::ivy::Node<'_>; 1usize],
        __opts: &::ivy::opts::Softplus,
    ) -> ::ivy::Result<<::ivy::Array as ::ivy::Nestable>::Nested> {
        let __results = ::ivy::__private::map_nodes(
            "softplus",
            &__nodes,
            &mut |__xs| {
                let [::ivy::Node::Leaf(x)] = *__xs else {
                    return ::std::result::Result::Err(
                        ::ivy::__private::not_a_leaf("softplus"),
                    );
                };
                __leaf_softplus(x, __opts)
            },
        )?;
        <::ivy::Array as ::ivy::Nestable>::unzip("softplus", __results)
    }
    #[allow(clippy::too_many_arguments, unused_variables, clippy::needless_borrow)]
    fn __body_softplus(x: &::ivy::Array, beta: f64) -> ::ivy::Result<::ivy::Array> {
        ivy::divide(&ivy::log1p(&ivy::exp(&ivy::multiply(x, beta)?)?)?, beta)
    }
    /// Relu.
    #[inline]
    pub fn relu<X: ::ivy::Operand>(x: X) -> ::ivy::Result<::ivy::Out<(X,), ::ivy::Array>>
    where
        (X,): ::ivy::Operands,
    {
        let __opts = ();
        <<(
            X,
        ) as ::ivy::Operands>::Kind as ::ivy::args::Kind>::dispatch(
            || {
                let x = ::ivy::Operand::node(&x).leaf("relu")?;
                __leaf_relu(x, &())
            },
            || __nested_relu([::ivy::Operand::node(&x)], &()),
        )
    }
    #[allow(
        clippy::too_many_arguments,
        unused_variables,
        clippy::let_and_return,
        clippy::needless_borrow
    )]
    #[inline]
    fn __leaf_relu(
        x: ::ivy::args::OperandRef<'_>,
        __opts: &(),
    ) -> ::ivy::Result<::ivy::Array> {
        let __backend: &'static ::ivy::BackendEntry = ::ivy::__private::backend_of(
            "relu",
            [::std::option::Option::Some(x)],
            [],
        )?;
        let x = ::ivy::__private::to_array(__backend, x);
        let x: &::ivy::Array = &x;
        ::ivy::__private::check_domain(
            &::ivy::catalogue::builtin::RELU,
            __backend,
            ::std::option::Option::Some(x.dtype()),
        )?;
        ::ivy::__private::within("relu", __body_relu(x))
    }
    #[allow(clippy::too_many_arguments, unused_variables)]
    #[inline(never)]
    fn __nested_relu(
        __nodes: [::ivy::Node<'_>; 1usize],
        __opts: &(),
    ) -> ::ivy::Result<<::ivy::Array as ::ivy::Nestable>::Nested> {
        let __results = ::ivy::__private::map_nodes(
            "relu",
            &__nodes,
            &mut |__xs| {
                let [::ivy::Node::Leaf(x)] = *__xs else {
                    return ::std::result::Result::Err(
                        ::ivy::__private::not_a_leaf("relu"),
                    );
                };
                __leaf_relu(x, __opts)
            },
        )?;
        <::ivy::Array as ::ivy::Nestable>::unzip("relu", __results)
    }
    #[allow(clippy::too_many_arguments, unused_variables, clippy::needless_borrow)]
    fn __body_relu(x: &::ivy::Array) -> ::ivy::Result<::ivy::Array> {
        ivy::maximum(x, 0)
    }
}
/// Container-dependent ops: containers taken whole.
///
/// ```
/// # extern crate ivy_ndarray;
/// # extern crate ivy_core as ivy;
/// let ops: Vec<_> = ivy::catalogue::ops().filter(|o| o.category == "layers").collect();
/// assert!(!ops.is_empty());
/// ```
pub mod layers {
    #[allow(unused_imports)]
    use ::ivy::{Array, Dtype, Result, Scalar, Shape};
    /// `x` times the leaf `scale` of `params`, plus the leaf `shift` of
    /// `extra` if given.
    #[inline]
    pub fn affine<X: ::ivy::DependentOperand>(
        x: X,
        params: impl ::std::borrow::Borrow<::ivy::Container>,
    ) -> ::ivy::Result<::ivy::Array> {
        affine_with(x, params, ::ivy::opts::Affine::new())
    }
    /// [`affine`](fn@affine) with keyword arguments, given as an [`Affine`](crate::opts::Affine).
    ///
    /// Keyword arguments and their defaults:
    ///
    /// - `extra` (Option<Container>): `None`
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let r = ivy::affine_with(&ivy::array![[1.0, 2.0], [3.0, 4.0]], &ivy::Container::new(), ivy::opts::Affine::new().extra(&ivy::Container::new()));
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn affine_with<X: ::ivy::DependentOperand>(
        x: X,
        params: impl ::std::borrow::Borrow<::ivy::Container>,
        opts: ::ivy::opts::Affine,
    ) -> ::ivy::Result<::ivy::Array> {
        let __opts = &opts;
        let params: &::ivy::Container = ::std::borrow::Borrow::borrow(&params);
        let x = ::ivy::ArrayOperand::operand(&x);
        __leaf_affine(x, params, __opts)
    }
    #[allow(
        clippy::too_many_arguments,
        unused_variables,
        clippy::let_and_return,
        clippy::needless_borrow
    )]
    #[inline]
    fn __leaf_affine(
        x: ::ivy::args::OperandRef<'_>,
        params: &::ivy::Container,
        __opts: &::ivy::opts::Affine,
    ) -> ::ivy::Result<::ivy::Array> {
        let __backend: &'static ::ivy::BackendEntry = ::ivy::__private::backend_of(
            "affine",
            [::std::option::Option::Some(x)],
            [],
        )?;
        let x = ::ivy::__private::to_array(__backend, x);
        let x: &::ivy::Array = &x;
        ::ivy::__private::check_domain(
            &::ivy::catalogue::builtin::AFFINE,
            __backend,
            ::std::option::Option::Some(x.dtype()),
        )?;
        let extra: ::std::option::Option<&::ivy::Container> = __opts.extra.as_ref();
        let params: &::ivy::Container = params;
        ::ivy::__private::within("affine", __body_affine(x, params, extra))
    }
    #[allow(clippy::too_many_arguments, unused_variables, clippy::needless_borrow)]
    fn __body_affine(
        x: &::ivy::Array,
        params: &::ivy::Container,
        extra: ::std::option::Option<&::ivy::Container>,
    ) -> ::ivy::Result<::ivy::Array> {
        let y = ivy::multiply(x, params.leaf("scale")?)?;
        match extra {
            Some(e) => ivy::add(&y, e.leaf("shift")?),
            None => Ok(y),
        }
    }
}
/// General.
///
/// ```
/// # extern crate ivy_ndarray;
/// # extern crate ivy_core as ivy;
/// let ops: Vec<_> = ivy::catalogue::ops().filter(|o| o.category == "general").collect();
/// assert!(!ops.is_empty());
/// ```
pub mod general {
    #[allow(unused_imports)]
    use ::ivy::{Array, Dtype, Result, Scalar, Shape};
    /// The dtype.
    pub fn dtype(x: &ivy::Array) -> ivy::Dtype {
        x.dtype()
    }
}
pub use elementwise::*;
pub use statistical::*;
pub use activations::*;
pub use layers::*;
pub use general::*;
/// Keyword arguments of the ops, one struct per op that has any.
///
/// Positional arguments are passed to `ivy::<op>(..)`; keyword arguments go
/// into the op's struct here, passed to `ivy::<op>_with(.., opts)`:
///
/// ```
/// # extern crate ivy_ndarray;
/// # extern crate ivy_core as ivy;
/// let x = ivy::array![[1.0, 2.0], [3.0, 4.0]];
/// let s = ivy::sum_with(&x, ivy::opts::Sum::new().axis(0).keepdims(true))?;
/// assert_eq!(s.shape().dims(), &[1, 2]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub mod opts {
    /// Keyword arguments of [`add`](fn@crate::add): pass to [`add_with`](fn@crate::add_with).
    ///
    /// Start from [`new`](Self::new) (everything at its default) and set what you need:
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let o = ivy::opts::Add::new().alpha(1);
    /// let _ = o;
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[derive(Clone, Debug, Default)]
    #[non_exhaustive]
    pub struct Add {
        /// `alpha` (Option<Scalar>); when unset: `None`.
        pub alpha: ::std::option::Option<::ivy::Scalar>,
    }
    impl Add {
        /// Every keyword argument at its default.
        ///
        /// ```
        /// # extern crate ivy_ndarray;
        /// # extern crate ivy_core as ivy;
        /// let o = ivy::opts::Add::new();
        /// let _ = o;
        /// ```
        pub fn new() -> Self {
            ::std::default::Default::default()
        }
        /// Set `alpha`.
        ///
        /// ```
        /// # extern crate ivy_ndarray;
        /// # extern crate ivy_core as ivy;
        /// let o = ivy::opts::Add::new().alpha(1);
        /// assert!(o.alpha.is_some());
        /// # Ok::<(), ivy::Error>(())
        /// ```
        #[must_use]
        pub fn alpha(mut self, value: impl ::std::convert::Into<::ivy::Scalar>) -> Self {
            self.alpha = ::std::option::Option::Some(value.into());
            self
        }
    }
    /// Keyword arguments of [`sum`](fn@crate::sum): pass to [`sum_with`](fn@crate::sum_with).
    ///
    /// Start from [`new`](Self::new) (everything at its default) and set what you need:
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let o = ivy::opts::Sum::new().axis([0]).dtype(ivy::Dtype::Float32);
    /// let _ = o;
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[derive(Clone, Debug, Default)]
    #[non_exhaustive]
    pub struct Sum {
        /// `axis` (Option<Axes>); when unset: `None`.
        pub axis: ::std::option::Option<::ivy::Ints>,
        /// `dtype` (Dtype); when unset: `ivy :: dtype :: sum_dtype (x . dtype ())`.
        pub dtype: ::std::option::Option<::ivy::Dtype>,
        /// `keepdims` (bool); when unset: `false`.
        pub keepdims: ::std::option::Option<bool>,
    }
    impl Sum {
        /// Every keyword argument at its default.
        ///
        /// ```
        /// # extern crate ivy_ndarray;
        /// # extern crate ivy_core as ivy;
        /// let o = ivy::opts::Sum::new();
        /// let _ = o;
        /// ```
        pub fn new() -> Self {
            ::std::default::Default::default()
        }
        /// Set `axis`.
        ///
        /// ```
        /// # extern crate ivy_ndarray;
        /// # extern crate ivy_core as ivy;
        /// let o = ivy::opts::Sum::new().axis([0]);
        /// assert!(o.axis.is_some());
        /// # Ok::<(), ivy::Error>(())
        /// ```
        #[must_use]
        pub fn axis(mut self, value: impl ::std::convert::Into<::ivy::Ints>) -> Self {
            self.axis = ::std::option::Option::Some(value.into());
            self
        }
        /// Set `dtype`.
        ///
        /// ```
        /// # extern crate ivy_ndarray;
        /// # extern crate ivy_core as ivy;
        /// let o = ivy::opts::Sum::new().dtype(ivy::Dtype::Float32);
        /// assert!(o.dtype.is_some());
        /// # Ok::<(), ivy::Error>(())
        /// ```
        #[must_use]
        pub fn dtype(mut self, value: ::ivy::Dtype) -> Self {
            self.dtype = ::std::option::Option::Some(value);
            self
        }
        /// Set `keepdims`.
        ///
        /// ```
        /// # extern crate ivy_ndarray;
        /// # extern crate ivy_core as ivy;
        /// let o = ivy::opts::Sum::new().keepdims(true);
        /// assert!(o.keepdims.is_some());
        /// # Ok::<(), ivy::Error>(())
        /// ```
        #[must_use]
        pub fn keepdims(mut self, value: bool) -> Self {
            self.keepdims = ::std::option::Option::Some(value);
            self
        }
    }
    /// Keyword arguments of [`searchsorted`](fn@crate::searchsorted): pass to [`searchsorted_with`](fn@crate::searchsorted_with).
    ///
    /// Start from [`new`](Self::new) (everything at its default) and set what you need:
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let o = ivy::opts::Searchsorted::new().side("mean").sorter(&ivy::array![[1.0, 2.0], [3.0, 4.0]]);
    /// let _ = o;
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[derive(Clone, Debug, Default)]
    #[non_exhaustive]
    pub struct Searchsorted {
        /// `side` (Str); when unset: `"left"`.
        pub side: ::std::option::Option<::std::string::String>,
        /// `sorter` (Option<Array>); when unset: `None`.
        pub sorter: ::std::option::Option<::ivy::ArrayLike>,
    }
    impl Searchsorted {
        /// Every keyword argument at its default.
        ///
        /// ```
        /// # extern crate ivy_ndarray;
        /// # extern crate ivy_core as ivy;
        /// let o = ivy::opts::Searchsorted::new();
        /// let _ = o;
        /// ```
        pub fn new() -> Self {
            ::std::default::Default::default()
        }
        /// Set `side`.
        ///
        /// ```
        /// # extern crate ivy_ndarray;
        /// # extern crate ivy_core as ivy;
        /// let o = ivy::opts::Searchsorted::new().side("mean");
        /// assert!(o.side.is_some());
        /// # Ok::<(), ivy::Error>(())
        /// ```
        #[must_use]
        pub fn side(
            mut self,
            value: impl ::std::convert::Into<::std::string::String>,
        ) -> Self {
            self.side = ::std::option::Option::Some(value.into());
            self
        }
        /// Set `sorter`.
        ///
        /// ```
        /// # extern crate ivy_ndarray;
        /// # extern crate ivy_core as ivy;
        /// let o = ivy::opts::Searchsorted::new().sorter(&ivy::array![[1.0, 2.0], [3.0, 4.0]]);
        /// assert!(o.sorter.is_some());
        /// # Ok::<(), ivy::Error>(())
        /// ```
        #[must_use]
        pub fn sorter(
            mut self,
            value: impl ::std::convert::Into<::ivy::ArrayLike>,
        ) -> Self {
            self.sorter = ::std::option::Option::Some(value.into());
            self
        }
    }
    /// Keyword arguments of [`softplus`](fn@crate::softplus): pass to [`softplus_with`](fn@crate::softplus_with).
    ///
    /// Start from [`new`](Self::new) (everything at its default) and set what you need:
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let o = ivy::opts::Softplus::new().beta(0.5);
    /// let _ = o;
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[derive(Clone, Debug, Default)]
    #[non_exhaustive]
    pub struct Softplus {
        /// `beta` (f64); when unset: `1.0`.
        pub beta: ::std::option::Option<f64>,
    }
    impl Softplus {
        /// Every keyword argument at its default.
        ///
        /// ```
        /// # extern crate ivy_ndarray;
        /// # extern crate ivy_core as ivy;
        /// let o = ivy::opts::Softplus::new();
        /// let _ = o;
        /// ```
        pub fn new() -> Self {
            ::std::default::Default::default()
        }
        /// Set `beta`.
        ///
        /// ```
        /// # extern crate ivy_ndarray;
        /// # extern crate ivy_core as ivy;
        /// let o = ivy::opts::Softplus::new().beta(0.5);
        /// assert!(o.beta.is_some());
        /// # Ok::<(), ivy::Error>(())
        /// ```
        #[must_use]
        pub fn beta(mut self, value: impl ::std::convert::Into<f64>) -> Self {
            self.beta = ::std::option::Option::Some(value.into());
            self
        }
    }
    /// Keyword arguments of [`affine`](fn@crate::affine): pass to [`affine_with`](fn@crate::affine_with).
    ///
    /// Start from [`new`](Self::new) (everything at its default) and set what you need:
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let o = ivy::opts::Affine::new().extra(&ivy::Container::new());
    /// let _ = o;
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[derive(Clone, Debug, Default)]
    #[non_exhaustive]
    pub struct Affine {
        /// `extra` (Option<Container>); when unset: `None`.
        pub extra: ::std::option::Option<::ivy::Container>,
    }
    impl Affine {
        /// Every keyword argument at its default.
        ///
        /// ```
        /// # extern crate ivy_ndarray;
        /// # extern crate ivy_core as ivy;
        /// let o = ivy::opts::Affine::new();
        /// let _ = o;
        /// ```
        pub fn new() -> Self {
            ::std::default::Default::default()
        }
        /// Set `extra`.
        ///
        /// ```
        /// # extern crate ivy_ndarray;
        /// # extern crate ivy_core as ivy;
        /// let o = ivy::opts::Affine::new().extra(&ivy::Container::new());
        /// assert!(o.extra.is_some());
        /// # Ok::<(), ivy::Error>(())
        /// ```
        #[must_use]
        pub fn extra(
            mut self,
            value: impl ::std::convert::Into<::ivy::Container>,
        ) -> Self {
            self.extra = ::std::option::Option::Some(value.into());
            self
        }
    }
}
/// Kernel traits, one per category of ops, and the [`Backend`] trait
/// that gathers them.
pub mod kernels {
    /// The kernels of the `elementwise` ops. A backend implements the ones it has, under `#[ivy::kernels]`, which also records their dtype tables; the rest keep their defaults.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// use ivy::kernels::ElementwiseKernels;
    /// let b = ivy::current_backend().backend();
    /// let tables = <dyn ivy::Backend as ElementwiseKernels>::kernel_tables(b);
    /// assert!(tables.iter().all(|t| !t.op.is_empty()));
    /// ```
    pub trait ElementwiseKernels: ::ivy::backend::BackendBase {
        /// The dtype tables of this backend's kernels in the category, one
        /// entry per kernel it implements; written by `#[ivy::kernels]`.
        #[doc(hidden)]
        fn kernel_tables(&self) -> &'static [::ivy::backend::KernelTable] {
            &[]
        }
        /// Kernel of [`ivy::add`](fn@crate::add): Adds, with promotion; also `+`.
        ///
        /// Arguments arrive resolved: dtypes promoted and cast, defaults filled in, axes normalised, and the dtype checked against this backend's table. Without it, the op is unsupported on the backend.
        #[allow(unused_variables, clippy::too_many_arguments)]
        fn add(
            &self,
            x1: &::ivy::Array,
            x2: &::ivy::Array,
            alpha: ::std::option::Option<::ivy::Scalar>,
        ) -> ::ivy::Result<::ivy::Array> {
            let _ = (x1, x2, alpha);
            ::std::result::Result::Err(
                ::ivy::__private::no_kernel(
                    "add",
                    ::ivy::backend::BackendBase::name(self),
                ),
            )
        }
    }
    /// The kernels of the `statistical` ops. A backend implements the ones it has, under `#[ivy::kernels]`, which also records their dtype tables; the rest keep their defaults.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// use ivy::kernels::StatisticalKernels;
    /// let b = ivy::current_backend().backend();
    /// let tables = <dyn ivy::Backend as StatisticalKernels>::kernel_tables(b);
    /// assert!(tables.iter().all(|t| !t.op.is_empty()));
    /// ```
    pub trait StatisticalKernels: ::ivy::backend::BackendBase {
        /// The dtype tables of this backend's kernels in the category, one
        /// entry per kernel it implements; written by `#[ivy::kernels]`.
        #[doc(hidden)]
        fn kernel_tables(&self) -> &'static [::ivy::backend::KernelTable] {
            &[]
        }
        /// Kernel of [`ivy::sum`](fn@crate::sum): Sums.
        ///
        /// Arguments arrive resolved: dtypes promoted and cast, defaults filled in, axes normalised, and the dtype checked against this backend's table. Without it, the op is unsupported on the backend.
        #[allow(unused_variables, clippy::too_many_arguments)]
        fn sum(
            &self,
            x: &::ivy::Array,
            axis: ::std::option::Option<&[usize]>,
            dtype: ::ivy::Dtype,
            keepdims: bool,
        ) -> ::ivy::Result<::ivy::Array> {
            let _ = (x, axis, dtype, keepdims);
            ::std::result::Result::Err(
                ::ivy::__private::no_kernel(
                    "sum",
                    ::ivy::backend::BackendBase::name(self),
                ),
            )
        }
        /// Kernel of [`ivy::searchsorted`](fn@crate::searchsorted): Where each element of `x2` goes in the sorted `x1`.
        ///
        /// Arguments arrive resolved: dtypes promoted and cast, defaults filled in, axes normalised, and the dtype checked against this backend's table. Without it, the op is unsupported on the backend.
        #[allow(unused_variables, clippy::too_many_arguments)]
        fn searchsorted(
            &self,
            x1: &::ivy::Array,
            x2: &::ivy::Array,
            side: &str,
            sorter: ::std::option::Option<&::ivy::Array>,
        ) -> ::ivy::Result<::ivy::Array> {
            let _ = (x1, x2, side, sorter);
            ::std::result::Result::Err(
                ::ivy::__private::no_kernel(
                    "searchsorted",
                    ::ivy::backend::BackendBase::name(self),
                ),
            )
        }
    }
    /// The kernels of the `activations` ops. A backend implements the ones it has, under `#[ivy::kernels]`, which also records their dtype tables; the rest keep their defaults.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// use ivy::kernels::ActivationsKernels;
    /// let b = ivy::current_backend().backend();
    /// let tables = <dyn ivy::Backend as ActivationsKernels>::kernel_tables(b);
    /// assert!(tables.iter().all(|t| !t.op.is_empty()));
    /// ```
    pub trait ActivationsKernels: ::ivy::backend::BackendBase {
        /// The dtype tables of this backend's kernels in the category, one
        /// entry per kernel it implements; written by `#[ivy::kernels]`.
        #[doc(hidden)]
        fn kernel_tables(&self) -> &'static [::ivy::backend::KernelTable] {
            &[]
        }
        /// Kernel of [`ivy::softplus`](fn@crate::softplus): Softplus, with a kernel on some backends.
        ///
        /// Arguments arrive resolved: dtypes promoted and cast, defaults filled in, axes normalised, and the dtype checked against this backend's table. Without it, the op runs its compositional fallback.
        #[allow(unused_variables, clippy::too_many_arguments)]
        fn softplus(&self, x: &::ivy::Array, beta: f64) -> ::ivy::Result<::ivy::Array> {
            let _ = (x, beta);
            ::std::result::Result::Err(
                ::ivy::__private::no_kernel(
                    "softplus",
                    ::ivy::backend::BackendBase::name(self),
                ),
            )
        }
    }
    /// The kernels of the `layers` ops. A backend implements the ones it has, under `#[ivy::kernels]`, which also records their dtype tables; the rest keep their defaults.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// use ivy::kernels::LayersKernels;
    /// let b = ivy::current_backend().backend();
    /// let tables = <dyn ivy::Backend as LayersKernels>::kernel_tables(b);
    /// assert!(tables.iter().all(|t| !t.op.is_empty()));
    /// ```
    pub trait LayersKernels: ::ivy::backend::BackendBase {
        /// The dtype tables of this backend's kernels in the category, one
        /// entry per kernel it implements; written by `#[ivy::kernels]`.
        #[doc(hidden)]
        fn kernel_tables(&self) -> &'static [::ivy::backend::KernelTable] {
            &[]
        }
    }
    /// The kernels of the `general` ops. A backend implements the ones it has, under `#[ivy::kernels]`, which also records their dtype tables; the rest keep their defaults.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// use ivy::kernels::GeneralKernels;
    /// let b = ivy::current_backend().backend();
    /// let tables = <dyn ivy::Backend as GeneralKernels>::kernel_tables(b);
    /// assert!(tables.iter().all(|t| !t.op.is_empty()));
    /// ```
    pub trait GeneralKernels: ::ivy::backend::BackendBase {
        /// The dtype tables of this backend's kernels in the category, one
        /// entry per kernel it implements; written by `#[ivy::kernels]`.
        #[doc(hidden)]
        fn kernel_tables(&self) -> &'static [::ivy::backend::KernelTable] {
            &[]
        }
    }
    /// A backend: what it says about itself ([`BackendBase`](crate::backend::BackendBase))
    /// and its kernels, one trait per category of ops. Implemented for every
    /// type that implements those traits.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let b: &dyn ivy::Backend = ivy::current_backend().backend();
    /// assert_eq!(b.name(), "ndarray");
    /// ```
    pub trait Backend: ::ivy::backend::BackendBase + ElementwiseKernels + StatisticalKernels + ActivationsKernels + LayersKernels + GeneralKernels {}
    impl<
        T: ?Sized + ::ivy::backend::BackendBase + ElementwiseKernels + StatisticalKernels
            + ActivationsKernels + LayersKernels + GeneralKernels,
    > Backend for T {}
    /// The kernel tables of a backend, category by category.
    #[doc(hidden)]
    pub fn kernel_tables(
        b: &dyn Backend,
    ) -> [&'static [::ivy::backend::KernelTable]; 5usize] {
        [
            <dyn Backend as ElementwiseKernels>::kernel_tables(b),
            <dyn Backend as StatisticalKernels>::kernel_tables(b),
            <dyn Backend as ActivationsKernels>::kernel_tables(b),
            <dyn Backend as LayersKernels>::kernel_tables(b),
            <dyn Backend as GeneralKernels>::kernel_tables(b),
        ]
    }
    impl ElementwiseKernels for crate::backend::NoBackend {}
    impl StatisticalKernels for crate::backend::NoBackend {}
    impl ActivationsKernels for crate::backend::NoBackend {}
    impl LayersKernels for crate::backend::NoBackend {}
    impl GeneralKernels for crate::backend::NoBackend {}
}
pub use kernels::Backend;
#[doc(hidden)]
pub mod __catalogue {
    /// `OpId`s of the built-in ops, by name in capitals.
    pub mod ids {
        /// The id of `add`.
        pub const ADD: ::ivy::catalogue::OpId = ::ivy::catalogue::OpId(0u16);
        /// The id of `add_all`.
        pub const ADD_ALL: ::ivy::catalogue::OpId = ::ivy::catalogue::OpId(1u16);
        /// The id of `sum`.
        pub const SUM: ::ivy::catalogue::OpId = ::ivy::catalogue::OpId(2u16);
        /// The id of `searchsorted`.
        pub const SEARCHSORTED: ::ivy::catalogue::OpId = ::ivy::catalogue::OpId(3u16);
        /// The id of `softplus`.
        pub const SOFTPLUS: ::ivy::catalogue::OpId = ::ivy::catalogue::OpId(4u16);
        /// The id of `relu`.
        pub const RELU: ::ivy::catalogue::OpId = ::ivy::catalogue::OpId(5u16);
        /// The id of `affine`.
        pub const AFFINE: ::ivy::catalogue::OpId = ::ivy::catalogue::OpId(6u16);
        /// The id of `dtype`.
        pub const DTYPE: ::ivy::catalogue::OpId = ::ivy::catalogue::OpId(7u16);
    }
    /// The catalogue entry of each built-in op, by name in capitals.
    pub mod builtin {
        /// The catalogue entry of `add`.
        pub static ADD: ::ivy::catalogue::OpInfo = ::ivy::catalogue::OpInfo {
            name: "add",
            id: ::std::option::Option::Some(::ivy::catalogue::OpId(0u16)),
            kind: ::ivy::catalogue::OpKind::Primary,
            category: "elementwise",
            nestability: ::ivy::catalogue::Nestability::Nestable,
            differentiable: ::ivy::catalogue::Differentiability::Yes,
            convenience: false,
            dtypes: ::ivy::DtypeSet::from_bits(28671u16),
            derived_dtypes: false,
            casts: &[],
            out: ::ivy::catalogue::OutRule::Same,
            callees: &[],
            params: &[
                ::ivy::catalogue::ParamInfo {
                    name: "x1",
                    kind: "Array",
                    default: ::std::option::Option::None,
                },
                ::ivy::catalogue::ParamInfo {
                    name: "x2",
                    kind: "Array",
                    default: ::std::option::Option::None,
                },
                ::ivy::catalogue::ParamInfo {
                    name: "alpha",
                    kind: "Option<Scalar>",
                    default: ::std::option::Option::Some("None"),
                },
            ],
            returns: "Array",
            summary: "Adds, with promotion; also `+`.",
            tables: &[],
            device_tables: &[],
            call: ::std::option::Option::Some({
                fn __call(
                    __args: &::ivy::catalogue::CallArgs,
                ) -> ::ivy::Result<::std::vec::Vec<::ivy::Array>> {
                    __args.expect("add", &["x1", "x2"], &["alpha"])?;
                    let __a_x1: ::ivy::Array = __args.get("add", 0usize, "x1")?;
                    let __a_x2: ::ivy::Array = __args.get("add", 1usize, "x2")?;
                    let __out = {
                        let mut __opts = ::ivy::opts::Add::new();
                        if let ::std::option::Option::Some(v) = __args
                            .get_keyword::<::ivy::Scalar>("add", "alpha")?
                        {
                            __opts.alpha = ::std::option::Option::Some(v);
                        }
                        crate::add_with(&__a_x1, &__a_x2, __opts)
                    }?;
                    ::std::result::Result::Ok(
                        ::ivy::catalogue::IntoOutputs::into_outputs(__out),
                    )
                }
                __call
            }),
            call_nested: ::std::option::Option::Some({
                fn __call_nested(
                    __args: &::ivy::catalogue::CallArgs,
                    __pos: usize,
                    __c: &::ivy::Container,
                ) -> ::ivy::Result<::std::vec::Vec<::ivy::Container>> {
                    __args.expect("add", &["x1", "x2"], &["alpha"])?;
                    let __a_x1: ::ivy::Array = __args.get("add", 0usize, "x1")?;
                    let __a_x2: ::ivy::Array = __args.get("add", 1usize, "x2")?;
                    ::std::result::Result::Ok(
                        match __pos {
                            0usize => {
                                ::ivy::catalogue::IntoContainers::into_containers(
                                    {
                                        let mut __opts = ::ivy::opts::Add::new();
                                        if let ::std::option::Option::Some(v) = __args
                                            .get_keyword::<::ivy::Scalar>("add", "alpha")?
                                        {
                                            __opts.alpha = ::std::option::Option::Some(v);
                                        }
                                        crate::add_with(__c, &__a_x2, __opts)
                                    }?,
                                )
                            }
                            1usize => {
                                ::ivy::catalogue::IntoContainers::into_containers(
                                    {
                                        let mut __opts = ::ivy::opts::Add::new();
                                        if let ::std::option::Option::Some(v) = __args
                                            .get_keyword::<::ivy::Scalar>("add", "alpha")?
                                        {
                                            __opts.alpha = ::std::option::Option::Some(v);
                                        }
                                        crate::add_with(&__a_x1, __c, __opts)
                                    }?,
                                )
                            }
                            _ => {
                                return ::std::result::Result::Err(
                                    ::ivy::Error::invalid(
                                        "add",
                                        ::std::format!(
                                            "operand position {} out of range: the op has {} array parameters",
                                            __pos, 2usize
                                        ),
                                    ),
                                );
                            }
                        },
                    )
                }
                __call_nested
            }),
            sample: ::std::option::Option::Some({
                #[allow(unused_variables)]
                fn __sample(__dtype: ::ivy::Dtype) -> ::ivy::catalogue::CallArgs {
                    ::ivy::catalogue::CallArgs::new()
                        .arg(::ivy::__private::sample_array(__dtype, &[2, 2]))
                        .arg(::ivy::__private::sample_array(__dtype, &[2, 2]))
                }
                __sample
            }),
        };
        /// The catalogue entry of `add_all`.
        pub static ADD_ALL: ::ivy::catalogue::OpInfo = ::ivy::catalogue::OpInfo {
            name: "add_all",
            id: ::std::option::Option::Some(::ivy::catalogue::OpId(1u16)),
            kind: ::ivy::catalogue::OpKind::Compositional,
            category: "elementwise",
            nestability: ::ivy::catalogue::Nestability::Nestable,
            differentiable: ::ivy::catalogue::Differentiability::Derived,
            convenience: false,
            dtypes: ::ivy::DtypeSet::from_bits(28671u16),
            derived_dtypes: false,
            casts: &[],
            out: ::ivy::catalogue::OutRule::Same,
            callees: &[],
            params: &[
                ::ivy::catalogue::ParamInfo {
                    name: "y",
                    kind: "Array",
                    default: ::std::option::Option::None,
                },
                ::ivy::catalogue::ParamInfo {
                    name: "xs",
                    kind: "Arrays",
                    default: ::std::option::Option::None,
                },
            ],
            returns: "Array",
            summary: "`y` plus every array of `xs`; `xs` may be a list of containers.",
            tables: &[],
            device_tables: &[],
            call: ::std::option::Option::Some({
                fn __call(
                    __args: &::ivy::catalogue::CallArgs,
                ) -> ::ivy::Result<::std::vec::Vec<::ivy::Array>> {
                    __args.expect("add_all", &["y", "xs"], &[])?;
                    let __a_y: ::ivy::Array = __args.get("add_all", 0usize, "y")?;
                    let __a_xs: ::std::vec::Vec<::ivy::Array> = __args
                        .get("add_all", 1usize, "xs")?;
                    let __out = crate::add_all(&__a_y, __a_xs)?;
                    ::std::result::Result::Ok(
                        ::ivy::catalogue::IntoOutputs::into_outputs(__out),
                    )
                }
                __call
            }),
            call_nested: ::std::option::Option::Some({
                fn __call_nested(
                    __args: &::ivy::catalogue::CallArgs,
                    __pos: usize,
                    __c: &::ivy::Container,
                ) -> ::ivy::Result<::std::vec::Vec<::ivy::Container>> {
                    __args.expect("add_all", &["y", "xs"], &[])?;
                    let __a_y: ::ivy::Array = __args.get("add_all", 0usize, "y")?;
                    let __a_xs: ::std::vec::Vec<::ivy::Array> = __args
                        .get("add_all", 1usize, "xs")?;
                    ::std::result::Result::Ok(
                        match __pos {
                            0usize => {
                                ::ivy::catalogue::IntoContainers::into_containers(
                                    crate::add_all(__c, __a_xs)?,
                                )
                            }
                            1usize => {
                                ::ivy::catalogue::IntoContainers::into_containers(
                                    crate::add_all(&__a_y, ::std::vec![__c; __a_xs.len()])?,
                                )
                            }
                            _ => {
                                return ::std::result::Result::Err(
                                    ::ivy::Error::invalid(
                                        "add_all",
                                        ::std::format!(
                                            "operand position {} out of range: the op has {} array parameters",
                                            __pos, 2usize
                                        ),
                                    ),
                                );
                            }
                        },
                    )
                }
                __call_nested
            }),
            sample: ::std::option::Option::Some({
                #[allow(unused_variables)]
                fn __sample(__dtype: ::ivy::Dtype) -> ::ivy::catalogue::CallArgs {
                    ::ivy::catalogue::CallArgs::new()
                        .arg(::ivy::__private::sample_array(__dtype, &[2, 2]))
                        .arg(
                            ::std::vec![
                                ::ivy::__private::sample_array(__dtype, & [2, 2]),
                                ::ivy::__private::sample_array(__dtype, & [2, 2])
                            ],
                        )
                }
                __sample
            }),
        };
        /// The catalogue entry of `sum`.
        pub static SUM: ::ivy::catalogue::OpInfo = ::ivy::catalogue::OpInfo {
            name: "sum",
            id: ::std::option::Option::Some(::ivy::catalogue::OpId(2u16)),
            kind: ::ivy::catalogue::OpKind::Primary,
            category: "statistical",
            nestability: ::ivy::catalogue::Nestability::Nestable,
            differentiable: ::ivy::catalogue::Differentiability::Yes,
            convenience: false,
            dtypes: ::ivy::DtypeSet::from_bits(32767u16),
            derived_dtypes: false,
            casts: &[],
            out: ::ivy::catalogue::OutRule::DtypeParam,
            callees: &[],
            params: &[
                ::ivy::catalogue::ParamInfo {
                    name: "x",
                    kind: "Array",
                    default: ::std::option::Option::None,
                },
                ::ivy::catalogue::ParamInfo {
                    name: "axis",
                    kind: "Option<Axes>",
                    default: ::std::option::Option::Some("None"),
                },
                ::ivy::catalogue::ParamInfo {
                    name: "dtype",
                    kind: "Dtype",
                    default: ::std::option::Option::Some(
                        "ivy :: dtype :: sum_dtype (x . dtype ())",
                    ),
                },
                ::ivy::catalogue::ParamInfo {
                    name: "keepdims",
                    kind: "bool",
                    default: ::std::option::Option::Some("false"),
                },
            ],
            returns: "Array",
            summary: "Sums.",
            tables: &[],
            device_tables: &[],
            call: ::std::option::Option::Some({
                fn __call(
                    __args: &::ivy::catalogue::CallArgs,
                ) -> ::ivy::Result<::std::vec::Vec<::ivy::Array>> {
                    __args.expect("sum", &["x"], &["axis", "dtype", "keepdims"])?;
                    let __a_x: ::ivy::Array = __args.get("sum", 0usize, "x")?;
                    let __out = {
                        let mut __opts = ::ivy::opts::Sum::new();
                        if let ::std::option::Option::Some(v) = __args
                            .get_keyword::<::ivy::Ints>("sum", "axis")?
                        {
                            __opts.axis = ::std::option::Option::Some(v);
                        }
                        if let ::std::option::Option::Some(v) = __args
                            .get_keyword::<::ivy::Dtype>("sum", "dtype")?
                        {
                            __opts.dtype = ::std::option::Option::Some(v);
                        }
                        if let ::std::option::Option::Some(v) = __args
                            .get_keyword::<bool>("sum", "keepdims")?
                        {
                            __opts.keepdims = ::std::option::Option::Some(v);
                        }
                        crate::sum_with(&__a_x, __opts)
                    }?;
                    ::std::result::Result::Ok(
                        ::ivy::catalogue::IntoOutputs::into_outputs(__out),
                    )
                }
                __call
            }),
            call_nested: ::std::option::Option::Some({
                fn __call_nested(
                    __args: &::ivy::catalogue::CallArgs,
                    __pos: usize,
                    __c: &::ivy::Container,
                ) -> ::ivy::Result<::std::vec::Vec<::ivy::Container>> {
                    __args.expect("sum", &["x"], &["axis", "dtype", "keepdims"])?;
                    let __a_x: ::ivy::Array = __args.get("sum", 0usize, "x")?;
                    ::std::result::Result::Ok(
                        match __pos {
                            0usize => {
                                ::ivy::catalogue::IntoContainers::into_containers(
                                    {
                                        let mut __opts = ::ivy::opts::Sum::new();
                                        if let ::std::option::Option::Some(v) = __args
                                            .get_keyword::<::ivy::Ints>("sum", "axis")?
                                        {
                                            __opts.axis = ::std::option::Option::Some(v);
                                        }
                                        if let ::std::option::Option::Some(v) = __args
                                            .get_keyword::<::ivy::Dtype>("sum", "dtype")?
                                        {
                                            __opts.dtype = ::std::option::Option::Some(v);
                                        }
                                        if let ::std::option::Option::Some(v) = __args
                                            .get_keyword::<bool>("sum", "keepdims")?
                                        {
                                            __opts.keepdims = ::std::option::Option::Some(v);
                                        }
                                        crate::sum_with(__c, __opts)
                                    }?,
                                )
                            }
                            _ => {
                                return ::std::result::Result::Err(
                                    ::ivy::Error::invalid(
                                        "sum",
                                        ::std::format!(
                                            "operand position {} out of range: the op has {} array parameters",
                                            __pos, 1usize
                                        ),
                                    ),
                                );
                            }
                        },
                    )
                }
                __call_nested
            }),
            sample: ::std::option::Option::Some({
                #[allow(unused_variables)]
                fn __sample(__dtype: ::ivy::Dtype) -> ::ivy::catalogue::CallArgs {
                    ::ivy::catalogue::CallArgs::new()
                        .arg(::ivy::__private::sample_array(__dtype, &[2, 2]))
                }
                __sample
            }),
        };
        /// The catalogue entry of `searchsorted`.
        pub static SEARCHSORTED: ::ivy::catalogue::OpInfo = ::ivy::catalogue::OpInfo {
            name: "searchsorted",
            id: ::std::option::Option::Some(::ivy::catalogue::OpId(3u16)),
            kind: ::ivy::catalogue::OpKind::Primary,
            category: "statistical",
            nestability: ::ivy::catalogue::Nestability::Nestable,
            differentiable: ::ivy::catalogue::Differentiability::No,
            convenience: false,
            dtypes: ::ivy::DtypeSet::from_bits(4095u16),
            derived_dtypes: false,
            casts: &[],
            out: ::ivy::catalogue::OutRule::Index,
            callees: &[],
            params: &[
                ::ivy::catalogue::ParamInfo {
                    name: "x1",
                    kind: "Array",
                    default: ::std::option::Option::None,
                },
                ::ivy::catalogue::ParamInfo {
                    name: "x2",
                    kind: "Array",
                    default: ::std::option::Option::None,
                },
                ::ivy::catalogue::ParamInfo {
                    name: "side",
                    kind: "Str",
                    default: ::std::option::Option::Some("\"left\""),
                },
                ::ivy::catalogue::ParamInfo {
                    name: "sorter",
                    kind: "Option<Array>",
                    default: ::std::option::Option::Some("None"),
                },
            ],
            returns: "Array",
            summary: "Where each element of `x2` goes in the sorted `x1`.",
            tables: &[],
            device_tables: &[],
            call: ::std::option::Option::Some({
                fn __call(
                    __args: &::ivy::catalogue::CallArgs,
                ) -> ::ivy::Result<::std::vec::Vec<::ivy::Array>> {
                    __args.expect("searchsorted", &["x1", "x2"], &["side", "sorter"])?;
                    let __a_x1: ::ivy::Array = __args.get("searchsorted", 0usize, "x1")?;
                    let __a_x2: ::ivy::Array = __args.get("searchsorted", 1usize, "x2")?;
                    let __out = {
                        let mut __opts = ::ivy::opts::Searchsorted::new();
                        if let ::std::option::Option::Some(v) = __args
                            .get_keyword::<
                                ::std::string::String,
                            >("searchsorted", "side")?
                        {
                            __opts.side = ::std::option::Option::Some(v);
                        }
                        if let ::std::option::Option::Some(v) = __args
                            .get_keyword::<::ivy::ArrayLike>("searchsorted", "sorter")?
                        {
                            __opts.sorter = ::std::option::Option::Some(v);
                        }
                        crate::searchsorted_with(&__a_x1, &__a_x2, __opts)
                    }?;
                    ::std::result::Result::Ok(
                        ::ivy::catalogue::IntoOutputs::into_outputs(__out),
                    )
                }
                __call
            }),
            call_nested: ::std::option::Option::Some({
                fn __call_nested(
                    __args: &::ivy::catalogue::CallArgs,
                    __pos: usize,
                    __c: &::ivy::Container,
                ) -> ::ivy::Result<::std::vec::Vec<::ivy::Container>> {
                    __args.expect("searchsorted", &["x1", "x2"], &["side", "sorter"])?;
                    let __a_x1: ::ivy::Array = __args.get("searchsorted", 0usize, "x1")?;
                    let __a_x2: ::ivy::Array = __args.get("searchsorted", 1usize, "x2")?;
                    ::std::result::Result::Ok(
                        match __pos {
                            0usize => {
                                ::ivy::catalogue::IntoContainers::into_containers(
                                    {
                                        let mut __opts = ::ivy::opts::Searchsorted::new();
                                        if let ::std::option::Option::Some(v) = __args
                                            .get_keyword::<
                                                ::std::string::String,
                                            >("searchsorted", "side")?
                                        {
                                            __opts.side = ::std::option::Option::Some(v);
                                        }
                                        if let ::std::option::Option::Some(v) = __args
                                            .get_keyword::<::ivy::ArrayLike>("searchsorted", "sorter")?
                                        {
                                            __opts.sorter = ::std::option::Option::Some(v);
                                        }
                                        crate::searchsorted_with(__c, &__a_x2, __opts)
                                    }?,
                                )
                            }
                            1usize => {
                                ::ivy::catalogue::IntoContainers::into_containers(
                                    {
                                        let mut __opts = ::ivy::opts::Searchsorted::new();
                                        if let ::std::option::Option::Some(v) = __args
                                            .get_keyword::<
                                                ::std::string::String,
                                            >("searchsorted", "side")?
                                        {
                                            __opts.side = ::std::option::Option::Some(v);
                                        }
                                        if let ::std::option::Option::Some(v) = __args
                                            .get_keyword::<::ivy::ArrayLike>("searchsorted", "sorter")?
                                        {
                                            __opts.sorter = ::std::option::Option::Some(v);
                                        }
                                        crate::searchsorted_with(&__a_x1, __c, __opts)
                                    }?,
                                )
                            }
                            _ => {
                                return ::std::result::Result::Err(
                                    ::ivy::Error::invalid(
                                        "searchsorted",
                                        ::std::format!(
                                            "operand position {} out of range: the op has {} array parameters",
                                            __pos, 2usize
                                        ),
                                    ),
                                );
                            }
                        },
                    )
                }
                __call_nested
            }),
            sample: ::std::option::Option::Some({
                #[allow(unused_variables)]
                fn __sample(__dtype: ::ivy::Dtype) -> ::ivy::catalogue::CallArgs {
                    ::ivy::catalogue::CallArgs::new()
                        .arg(::ivy::__private::sample_array(__dtype, &[2, 2]))
                        .arg(::ivy::__private::sample_array(__dtype, &[2, 2]))
                }
                __sample
            }),
        };
        /// The catalogue entry of `softplus`.
        pub static SOFTPLUS: ::ivy::catalogue::OpInfo = ::ivy::catalogue::OpInfo {
            name: "softplus",
            id: ::std::option::Option::Some(::ivy::catalogue::OpId(4u16)),
            kind: ::ivy::catalogue::OpKind::Mixed,
            category: "activations",
            nestability: ::ivy::catalogue::Nestability::Nestable,
            differentiable: ::ivy::catalogue::Differentiability::Yes,
            convenience: false,
            dtypes: ::ivy::DtypeSet::from_bits(3840u16),
            derived_dtypes: false,
            casts: &[],
            out: ::ivy::catalogue::OutRule::Same,
            callees: &[],
            params: &[
                ::ivy::catalogue::ParamInfo {
                    name: "x",
                    kind: "Array",
                    default: ::std::option::Option::None,
                },
                ::ivy::catalogue::ParamInfo {
                    name: "beta",
                    kind: "f64",
                    default: ::std::option::Option::Some("1.0"),
                },
            ],
            returns: "Array",
            summary: "Softplus, with a kernel on some backends.",
            tables: &[],
            device_tables: &[],
            call: ::std::option::Option::Some({
                fn __call(
                    __args: &::ivy::catalogue::CallArgs,
                ) -> ::ivy::Result<::std::vec::Vec<::ivy::Array>> {
                    __args.expect("softplus", &["x"], &["beta"])?;
                    let __a_x: ::ivy::Array = __args.get("softplus", 0usize, "x")?;
                    let __out = {
                        let mut __opts = ::ivy::opts::Softplus::new();
                        if let ::std::option::Option::Some(v) = __args
                            .get_keyword::<f64>("softplus", "beta")?
                        {
                            __opts.beta = ::std::option::Option::Some(v);
                        }
                        crate::softplus_with(&__a_x, __opts)
                    }?;
                    ::std::result::Result::Ok(
                        ::ivy::catalogue::IntoOutputs::into_outputs(__out),
                    )
                }
                __call
            }),
            call_nested: ::std::option::Option::Some({
                fn __call_nested(
                    __args: &::ivy::catalogue::CallArgs,
                    __pos: usize,
                    __c: &::ivy::Container,
                ) -> ::ivy::Result<::std::vec::Vec<::ivy::Container>> {
                    __args.expect("softplus", &["x"], &["beta"])?;
                    let __a_x: ::ivy::Array = __args.get("softplus", 0usize, "x")?;
                    ::std::result::Result::Ok(
                        match __pos {
                            0usize => {
                                ::ivy::catalogue::IntoContainers::into_containers(
                                    {
                                        let mut __opts = ::ivy::opts::Softplus::new();
                                        if let ::std::option::Option::Some(v) = __args
                                            .get_keyword::<f64>("softplus", "beta")?
                                        {
                                            __opts.beta = ::std::option::Option::Some(v);
                                        }
                                        crate::softplus_with(__c, __opts)
                                    }?,
                                )
                            }
                            _ => {
                                return ::std::result::Result::Err(
                                    ::ivy::Error::invalid(
                                        "softplus",
                                        ::std::format!(
                                            "operand position {} out of range: the op has {} array parameters",
                                            __pos, 1usize
                                        ),
                                    ),
                                );
                            }
                        },
                    )
                }
                __call_nested
            }),
            sample: ::std::option::Option::Some({
                #[allow(unused_variables)]
                fn __sample(__dtype: ::ivy::Dtype) -> ::ivy::catalogue::CallArgs {
                    ::ivy::catalogue::CallArgs::new()
                        .arg(::ivy::__private::sample_array(__dtype, &[2, 2]))
                }
                __sample
            }),
        };
        /// The catalogue entry of `relu`.
        pub static RELU: ::ivy::catalogue::OpInfo = ::ivy::catalogue::OpInfo {
            name: "relu",
            id: ::std::option::Option::Some(::ivy::catalogue::OpId(5u16)),
            kind: ::ivy::catalogue::OpKind::Compositional,
            category: "activations",
            nestability: ::ivy::catalogue::Nestability::Nestable,
            differentiable: ::ivy::catalogue::Differentiability::Derived,
            convenience: false,
            dtypes: ::ivy::DtypeSet::from_bits(4095u16),
            derived_dtypes: false,
            casts: &[],
            out: ::ivy::catalogue::OutRule::Same,
            callees: &[],
            params: &[
                ::ivy::catalogue::ParamInfo {
                    name: "x",
                    kind: "Array",
                    default: ::std::option::Option::None,
                },
            ],
            returns: "Array",
            summary: "Relu.",
            tables: &[],
            device_tables: &[],
            call: ::std::option::Option::Some({
                fn __call(
                    __args: &::ivy::catalogue::CallArgs,
                ) -> ::ivy::Result<::std::vec::Vec<::ivy::Array>> {
                    __args.expect("relu", &["x"], &[])?;
                    let __a_x: ::ivy::Array = __args.get("relu", 0usize, "x")?;
                    let __out = crate::relu(&__a_x)?;
                    ::std::result::Result::Ok(
                        ::ivy::catalogue::IntoOutputs::into_outputs(__out),
                    )
                }
                __call
            }),
            call_nested: ::std::option::Option::Some({
                fn __call_nested(
                    __args: &::ivy::catalogue::CallArgs,
                    __pos: usize,
                    __c: &::ivy::Container,
                ) -> ::ivy::Result<::std::vec::Vec<::ivy::Container>> {
                    __args.expect("relu", &["x"], &[])?;
                    let __a_x: ::ivy::Array = __args.get("relu", 0usize, "x")?;
                    ::std::result::Result::Ok(
                        match __pos {
                            0usize => {
                                ::ivy::catalogue::IntoContainers::into_containers(
                                    crate::relu(__c)?,
                                )
                            }
                            _ => {
                                return ::std::result::Result::Err(
                                    ::ivy::Error::invalid(
                                        "relu",
                                        ::std::format!(
                                            "operand position {} out of range: the op has {} array parameters",
                                            __pos, 1usize
                                        ),
                                    ),
                                );
                            }
                        },
                    )
                }
                __call_nested
            }),
            sample: ::std::option::Option::Some({
                #[allow(unused_variables)]
                fn __sample(__dtype: ::ivy::Dtype) -> ::ivy::catalogue::CallArgs {
                    ::ivy::catalogue::CallArgs::new()
                        .arg(::ivy::__private::sample_array(__dtype, &[2, 2]))
                }
                __sample
            }),
        };
        /// The catalogue entry of `affine`.
        pub static AFFINE: ::ivy::catalogue::OpInfo = ::ivy::catalogue::OpInfo {
            name: "affine",
            id: ::std::option::Option::Some(::ivy::catalogue::OpId(6u16)),
            kind: ::ivy::catalogue::OpKind::Compositional,
            category: "layers",
            nestability: ::ivy::catalogue::Nestability::ContainerDependent,
            differentiable: ::ivy::catalogue::Differentiability::Derived,
            convenience: false,
            dtypes: ::ivy::DtypeSet::from_bits(3840u16),
            derived_dtypes: false,
            casts: &[],
            out: ::ivy::catalogue::OutRule::Same,
            callees: &[],
            params: &[
                ::ivy::catalogue::ParamInfo {
                    name: "x",
                    kind: "Array",
                    default: ::std::option::Option::None,
                },
                ::ivy::catalogue::ParamInfo {
                    name: "params",
                    kind: "Container",
                    default: ::std::option::Option::None,
                },
                ::ivy::catalogue::ParamInfo {
                    name: "extra",
                    kind: "Option<Container>",
                    default: ::std::option::Option::Some("None"),
                },
            ],
            returns: "Array",
            summary: "`x` times the leaf `scale` of `params`, plus the leaf `shift` of `extra` if given.",
            tables: &[],
            device_tables: &[],
            call: ::std::option::Option::Some({
                fn __call(
                    __args: &::ivy::catalogue::CallArgs,
                ) -> ::ivy::Result<::std::vec::Vec<::ivy::Array>> {
                    __args.expect("affine", &["x", "params"], &["extra"])?;
                    let __a_x: ::ivy::Array = __args.get("affine", 0usize, "x")?;
                    let __a_params: ::ivy::Container = __args
                        .get("affine", 1usize, "params")?;
                    let __out = {
                        let mut __opts = ::ivy::opts::Affine::new();
                        if let ::std::option::Option::Some(v) = __args
                            .get_keyword::<::ivy::Container>("affine", "extra")?
                        {
                            __opts.extra = ::std::option::Option::Some(v);
                        }
                        crate::affine_with(&__a_x, __a_params, __opts)
                    }?;
                    ::std::result::Result::Ok(
                        ::ivy::catalogue::IntoOutputs::into_outputs(__out),
                    )
                }
                __call
            }),
            call_nested: ::std::option::Option::None,
            sample: ::std::option::Option::Some({
                #[allow(unused_variables)]
                fn __sample(__dtype: ::ivy::Dtype) -> ::ivy::catalogue::CallArgs {
                    ::ivy::catalogue::CallArgs::new()
                        .arg(::ivy::__private::sample_array(__dtype, &[2, 2]))
                        .arg(::ivy::Container::new())
                }
                __sample
            }),
        };
        /// The catalogue entry of `dtype`.
        pub static DTYPE: ::ivy::catalogue::OpInfo = ::ivy::catalogue::OpInfo {
            name: "dtype",
            id: ::std::option::Option::Some(::ivy::catalogue::OpId(7u16)),
            kind: ::ivy::catalogue::OpKind::Standalone,
            category: "general",
            nestability: ::ivy::catalogue::Nestability::NotNestable,
            differentiable: ::ivy::catalogue::Differentiability::NotApplicable,
            convenience: false,
            dtypes: ::ivy::DtypeSet::from_bits(32767u16),
            derived_dtypes: false,
            casts: &[],
            out: ::ivy::catalogue::OutRule::Same,
            callees: &[],
            params: &[
                ::ivy::catalogue::ParamInfo {
                    name: "x",
                    kind: "&ivy::Array",
                    default: ::std::option::Option::None,
                },
            ],
            returns: "ivy::Dtype",
            summary: "The dtype.",
            tables: &[],
            device_tables: &[],
            call: ::std::option::Option::None,
            call_nested: ::std::option::Option::None,
            sample: ::std::option::Option::None,
        };
    }
    /// Number of built-in ops.
    pub const N_OPS: usize = 8usize;
    /// Every built-in op, in spec order (index = `OpId`).
    pub static BUILTIN: [&'static ::ivy::catalogue::OpInfo; 8usize] = [
        &builtin::ADD,
        &builtin::ADD_ALL,
        &builtin::SUM,
        &builtin::SEARCHSORTED,
        &builtin::SOFTPLUS,
        &builtin::RELU,
        &builtin::AFFINE,
        &builtin::DTYPE,
    ];
}
/// The API ops as methods of [`Array`](crate::Array), with `self` in
/// place of the first array argument.
impl ::ivy::Array {
    /// Method form of [`ivy::add`](fn@crate::add), with `self` as `x1`.
    ///
    /// Adds, with promotion; also `+`.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::array![[1.0, 2.0], [3.0, 4.0]];
    /// let r = x.add(&ivy::array![[1.0, 2.0], [3.0, 4.0]]);
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn add<'__a, X2: ::ivy::Operand>(
        &'__a self,
        x2: X2,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self, X2), ::ivy::Array>>
    where
        (&'__a Self, X2): ::ivy::Operands,
    {
        crate::add(self, x2)
    }
    /// Method form of [`ivy::add_with`](fn@crate::add_with), with `self` as `x1`.
    ///
    /// Adds, with promotion; also `+`.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::array![[1.0, 2.0], [3.0, 4.0]];
    /// let r = x.add_with(&ivy::array![[1.0, 2.0], [3.0, 4.0]], ivy::opts::Add::new());
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn add_with<'__a, X2: ::ivy::Operand>(
        &'__a self,
        x2: X2,
        opts: ::ivy::opts::Add,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self, X2), ::ivy::Array>>
    where
        (&'__a Self, X2): ::ivy::Operands,
    {
        crate::add_with(self, x2, opts)
    }
    /// Method form of [`ivy::add_all`](fn@crate::add_all), with `self` as `y`.
    ///
    /// `y` plus every array of `xs`; `xs` may be a list of containers.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::array![[1.0, 2.0], [3.0, 4.0]];
    /// let r = x.add_all([ivy::array![[1.0, 2.0], [3.0, 4.0]], ivy::array![[1.0, 2.0], [3.0, 4.0]]]);
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn add_all<'__a, Xs: ::ivy::args::ArrayList>(
        &'__a self,
        xs: Xs,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self, ::ivy::args::List<Xs>), ::ivy::Array>>
    where
        (&'__a Self, ::ivy::args::List<Xs>): ::ivy::Operands,
    {
        crate::add_all(self, xs)
    }
    /// Method form of [`ivy::sum`](fn@crate::sum), with `self` as `x`.
    ///
    /// Sums.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::array![[1.0, 2.0], [3.0, 4.0]];
    /// let r = x.sum();
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn sum<'__a>(
        &'__a self,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self,), ::ivy::Array>>
    where
        (&'__a Self,): ::ivy::Operands,
    {
        crate::sum(self)
    }
    /// Method form of [`ivy::sum_with`](fn@crate::sum_with), with `self` as `x`.
    ///
    /// Sums.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::array![[1.0, 2.0], [3.0, 4.0]];
    /// let r = x.sum_with(ivy::opts::Sum::new());
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn sum_with<'__a>(
        &'__a self,
        opts: ::ivy::opts::Sum,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self,), ::ivy::Array>>
    where
        (&'__a Self,): ::ivy::Operands,
    {
        crate::sum_with(self, opts)
    }
    /// Method form of [`ivy::searchsorted`](fn@crate::searchsorted), with `self` as `x1`.
    ///
    /// Where each element of `x2` goes in the sorted `x1`.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::array![[1.0, 2.0], [3.0, 4.0]];
    /// let r = x.searchsorted(&ivy::array![[1.0, 2.0], [3.0, 4.0]]);
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn searchsorted<'__a, X2: ::ivy::Operand>(
        &'__a self,
        x2: X2,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self, X2), ::ivy::Array>>
    where
        (&'__a Self, X2): ::ivy::Operands,
    {
        crate::searchsorted(self, x2)
    }
    /// Method form of [`ivy::searchsorted_with`](fn@crate::searchsorted_with), with `self` as `x1`.
    ///
    /// Where each element of `x2` goes in the sorted `x1`.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::array![[1.0, 2.0], [3.0, 4.0]];
    /// let r = x.searchsorted_with(&ivy::array![[1.0, 2.0], [3.0, 4.0]], ivy::opts::Searchsorted::new());
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn searchsorted_with<'__a, X2: ::ivy::Operand>(
        &'__a self,
        x2: X2,
        opts: ::ivy::opts::Searchsorted,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self, X2), ::ivy::Array>>
    where
        (&'__a Self, X2): ::ivy::Operands,
    {
        crate::searchsorted_with(self, x2, opts)
    }
    /// Method form of [`ivy::softplus`](fn@crate::softplus), with `self` as `x`.
    ///
    /// Softplus, with a kernel on some backends.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::array![[1.0, 2.0], [3.0, 4.0]];
    /// let r = x.softplus();
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn softplus<'__a>(
        &'__a self,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self,), ::ivy::Array>>
    where
        (&'__a Self,): ::ivy::Operands,
    {
        crate::softplus(self)
    }
    /// Method form of [`ivy::softplus_with`](fn@crate::softplus_with), with `self` as `x`.
    ///
    /// Softplus, with a kernel on some backends.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::array![[1.0, 2.0], [3.0, 4.0]];
    /// let r = x.softplus_with(ivy::opts::Softplus::new());
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn softplus_with<'__a>(
        &'__a self,
        opts: ::ivy::opts::Softplus,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self,), ::ivy::Array>>
    where
        (&'__a Self,): ::ivy::Operands,
    {
        crate::softplus_with(self, opts)
    }
    /// Method form of [`ivy::relu`](fn@crate::relu), with `self` as `x`.
    ///
    /// Relu.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::array![[1.0, 2.0], [3.0, 4.0]];
    /// let r = x.relu();
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn relu<'__a>(
        &'__a self,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self,), ::ivy::Array>>
    where
        (&'__a Self,): ::ivy::Operands,
    {
        crate::relu(self)
    }
    /// Method form of [`ivy::affine`](fn@crate::affine), with `self` as `x`.
    ///
    /// `x` times the leaf `scale` of `params`, plus the leaf `shift` of `extra` if given.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::array![[1.0, 2.0], [3.0, 4.0]];
    /// let r = x.affine(&ivy::Container::new());
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn affine<'__a>(
        &'__a self,
        params: impl ::std::borrow::Borrow<::ivy::Container>,
    ) -> ::ivy::Result<::ivy::Array> {
        crate::affine(self, params)
    }
    /// Method form of [`ivy::affine_with`](fn@crate::affine_with), with `self` as `x`.
    ///
    /// `x` times the leaf `scale` of `params`, plus the leaf `shift` of `extra` if given.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::array![[1.0, 2.0], [3.0, 4.0]];
    /// let r = x.affine_with(&ivy::Container::new(), ivy::opts::Affine::new());
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn affine_with<'__a>(
        &'__a self,
        params: impl ::std::borrow::Borrow<::ivy::Container>,
        opts: ::ivy::opts::Affine,
    ) -> ::ivy::Result<::ivy::Array> {
        crate::affine_with(self, params, opts)
    }
}
/// The nestable API ops as methods of [`Container`](crate::Container),
/// with `self` in place of the first array argument: each runs at
/// every leaf.
impl ::ivy::Container {
    /// Container method form of [`ivy::add`](fn@crate::add), with `self` as `x1`: the op runs at every leaf and the result has `self`'s structure.
    ///
    /// Adds, with promotion; also `+`.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::container! { a: ivy::array![[1.0, 2.0], [3.0, 4.0]], b: { c: ivy::array![[1.0, 2.0], [3.0, 4.0]] } };
    /// let r = x.add(&ivy::array![[1.0, 2.0], [3.0, 4.0]]);
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn add<'__a, X2: ::ivy::Operand>(
        &'__a self,
        x2: X2,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self, X2), ::ivy::Array>>
    where
        (&'__a Self, X2): ::ivy::Operands,
    {
        crate::add(self, x2)
    }
    /// Container method form of [`ivy::add_with`](fn@crate::add_with), with `self` as `x1`: the op runs at every leaf and the result has `self`'s structure.
    ///
    /// Adds, with promotion; also `+`.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::container! { a: ivy::array![[1.0, 2.0], [3.0, 4.0]], b: { c: ivy::array![[1.0, 2.0], [3.0, 4.0]] } };
    /// let r = x.add_with(&ivy::array![[1.0, 2.0], [3.0, 4.0]], ivy::opts::Add::new());
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn add_with<'__a, X2: ::ivy::Operand>(
        &'__a self,
        x2: X2,
        opts: ::ivy::opts::Add,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self, X2), ::ivy::Array>>
    where
        (&'__a Self, X2): ::ivy::Operands,
    {
        crate::add_with(self, x2, opts)
    }
    /// Container method form of [`ivy::add_all`](fn@crate::add_all), with `self` as `y`: the op runs at every leaf and the result has `self`'s structure.
    ///
    /// `y` plus every array of `xs`; `xs` may be a list of containers.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::container! { a: ivy::array![[1.0, 2.0], [3.0, 4.0]], b: { c: ivy::array![[1.0, 2.0], [3.0, 4.0]] } };
    /// let r = x.add_all([ivy::array![[1.0, 2.0], [3.0, 4.0]], ivy::array![[1.0, 2.0], [3.0, 4.0]]]);
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn add_all<'__a, Xs: ::ivy::args::ArrayList>(
        &'__a self,
        xs: Xs,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self, ::ivy::args::List<Xs>), ::ivy::Array>>
    where
        (&'__a Self, ::ivy::args::List<Xs>): ::ivy::Operands,
    {
        crate::add_all(self, xs)
    }
    /// Container method form of [`ivy::sum`](fn@crate::sum), with `self` as `x`: the op runs at every leaf and the result has `self`'s structure.
    ///
    /// Sums.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::container! { a: ivy::array![[1.0, 2.0], [3.0, 4.0]], b: { c: ivy::array![[1.0, 2.0], [3.0, 4.0]] } };
    /// let r = x.sum();
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn sum<'__a>(
        &'__a self,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self,), ::ivy::Array>>
    where
        (&'__a Self,): ::ivy::Operands,
    {
        crate::sum(self)
    }
    /// Container method form of [`ivy::sum_with`](fn@crate::sum_with), with `self` as `x`: the op runs at every leaf and the result has `self`'s structure.
    ///
    /// Sums.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::container! { a: ivy::array![[1.0, 2.0], [3.0, 4.0]], b: { c: ivy::array![[1.0, 2.0], [3.0, 4.0]] } };
    /// let r = x.sum_with(ivy::opts::Sum::new());
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn sum_with<'__a>(
        &'__a self,
        opts: ::ivy::opts::Sum,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self,), ::ivy::Array>>
    where
        (&'__a Self,): ::ivy::Operands,
    {
        crate::sum_with(self, opts)
    }
    /// Container method form of [`ivy::searchsorted`](fn@crate::searchsorted), with `self` as `x1`: the op runs at every leaf and the result has `self`'s structure.
    ///
    /// Where each element of `x2` goes in the sorted `x1`.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::container! { a: ivy::array![[1.0, 2.0], [3.0, 4.0]], b: { c: ivy::array![[1.0, 2.0], [3.0, 4.0]] } };
    /// let r = x.searchsorted(&ivy::array![[1.0, 2.0], [3.0, 4.0]]);
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn searchsorted<'__a, X2: ::ivy::Operand>(
        &'__a self,
        x2: X2,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self, X2), ::ivy::Array>>
    where
        (&'__a Self, X2): ::ivy::Operands,
    {
        crate::searchsorted(self, x2)
    }
    /// Container method form of [`ivy::searchsorted_with`](fn@crate::searchsorted_with), with `self` as `x1`: the op runs at every leaf and the result has `self`'s structure.
    ///
    /// Where each element of `x2` goes in the sorted `x1`.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::container! { a: ivy::array![[1.0, 2.0], [3.0, 4.0]], b: { c: ivy::array![[1.0, 2.0], [3.0, 4.0]] } };
    /// let r = x.searchsorted_with(&ivy::array![[1.0, 2.0], [3.0, 4.0]], ivy::opts::Searchsorted::new());
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn searchsorted_with<'__a, X2: ::ivy::Operand>(
        &'__a self,
        x2: X2,
        opts: ::ivy::opts::Searchsorted,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self, X2), ::ivy::Array>>
    where
        (&'__a Self, X2): ::ivy::Operands,
    {
        crate::searchsorted_with(self, x2, opts)
    }
    /// Container method form of [`ivy::softplus`](fn@crate::softplus), with `self` as `x`: the op runs at every leaf and the result has `self`'s structure.
    ///
    /// Softplus, with a kernel on some backends.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::container! { a: ivy::array![[1.0, 2.0], [3.0, 4.0]], b: { c: ivy::array![[1.0, 2.0], [3.0, 4.0]] } };
    /// let r = x.softplus();
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn softplus<'__a>(
        &'__a self,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self,), ::ivy::Array>>
    where
        (&'__a Self,): ::ivy::Operands,
    {
        crate::softplus(self)
    }
    /// Container method form of [`ivy::softplus_with`](fn@crate::softplus_with), with `self` as `x`: the op runs at every leaf and the result has `self`'s structure.
    ///
    /// Softplus, with a kernel on some backends.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::container! { a: ivy::array![[1.0, 2.0], [3.0, 4.0]], b: { c: ivy::array![[1.0, 2.0], [3.0, 4.0]] } };
    /// let r = x.softplus_with(ivy::opts::Softplus::new());
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn softplus_with<'__a>(
        &'__a self,
        opts: ::ivy::opts::Softplus,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self,), ::ivy::Array>>
    where
        (&'__a Self,): ::ivy::Operands,
    {
        crate::softplus_with(self, opts)
    }
    /// Container method form of [`ivy::relu`](fn@crate::relu), with `self` as `x`: the op runs at every leaf and the result has `self`'s structure.
    ///
    /// Relu.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let x = ivy::container! { a: ivy::array![[1.0, 2.0], [3.0, 4.0]], b: { c: ivy::array![[1.0, 2.0], [3.0, 4.0]] } };
    /// let r = x.relu();
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn relu<'__a>(
        &'__a self,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self,), ::ivy::Array>>
    where
        (&'__a Self,): ::ivy::Operands,
    {
        crate::relu(self)
    }
}
/// The nestable API ops as methods of a sub-container's view
/// ([`ContainerRef`](crate::ContainerRef), `c.sub("a")?`), as those
/// of [`Container`](crate::Container).
impl ::ivy::ContainerRef<'_> {
    /// Sub-container method form of [`ivy::add`](fn@crate::add), with `self` (a view, `c.sub(..)?`) as `x1`: the op runs at every leaf below it.
    ///
    /// Adds, with promotion; also `+`.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /** let c = ivy::container! { a: ivy::array![[1.0, 2.0], [3.0, 4.0]], b: { c: ivy::array![[1.0, 2.0], [3.0, 4.0]] } };
let x = c.sub("b")?;*/
    /// let r = x.add(&ivy::array![[1.0, 2.0], [3.0, 4.0]]);
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn add<'__a, X2: ::ivy::Operand>(
        &'__a self,
        x2: X2,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self, X2), ::ivy::Array>>
    where
        (&'__a Self, X2): ::ivy::Operands,
    {
        crate::add(self, x2)
    }
    /// Sub-container method form of [`ivy::add_with`](fn@crate::add_with), with `self` (a view, `c.sub(..)?`) as `x1`: the op runs at every leaf below it.
    ///
    /// Adds, with promotion; also `+`.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /** let c = ivy::container! { a: ivy::array![[1.0, 2.0], [3.0, 4.0]], b: { c: ivy::array![[1.0, 2.0], [3.0, 4.0]] } };
let x = c.sub("b")?;*/
    /// let r = x.add_with(&ivy::array![[1.0, 2.0], [3.0, 4.0]], ivy::opts::Add::new());
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn add_with<'__a, X2: ::ivy::Operand>(
        &'__a self,
        x2: X2,
        opts: ::ivy::opts::Add,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self, X2), ::ivy::Array>>
    where
        (&'__a Self, X2): ::ivy::Operands,
    {
        crate::add_with(self, x2, opts)
    }
    /// Sub-container method form of [`ivy::add_all`](fn@crate::add_all), with `self` (a view, `c.sub(..)?`) as `y`: the op runs at every leaf below it.
    ///
    /// `y` plus every array of `xs`; `xs` may be a list of containers.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /** let c = ivy::container! { a: ivy::array![[1.0, 2.0], [3.0, 4.0]], b: { c: ivy::array![[1.0, 2.0], [3.0, 4.0]] } };
let x = c.sub("b")?;*/
    /// let r = x.add_all([ivy::array![[1.0, 2.0], [3.0, 4.0]], ivy::array![[1.0, 2.0], [3.0, 4.0]]]);
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn add_all<'__a, Xs: ::ivy::args::ArrayList>(
        &'__a self,
        xs: Xs,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self, ::ivy::args::List<Xs>), ::ivy::Array>>
    where
        (&'__a Self, ::ivy::args::List<Xs>): ::ivy::Operands,
    {
        crate::add_all(self, xs)
    }
    /// Sub-container method form of [`ivy::sum`](fn@crate::sum), with `self` (a view, `c.sub(..)?`) as `x`: the op runs at every leaf below it.
    ///
    /// Sums.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /** let c = ivy::container! { a: ivy::array![[1.0, 2.0], [3.0, 4.0]], b: { c: ivy::array![[1.0, 2.0], [3.0, 4.0]] } };
let x = c.sub("b")?;*/
    /// let r = x.sum();
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn sum<'__a>(
        &'__a self,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self,), ::ivy::Array>>
    where
        (&'__a Self,): ::ivy::Operands,
    {
        crate::sum(self)
    }
    /// Sub-container method form of [`ivy::sum_with`](fn@crate::sum_with), with `self` (a view, `c.sub(..)?`) as `x`: the op runs at every leaf below it.
    ///
    /// Sums.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /** let c = ivy::container! { a: ivy::array![[1.0, 2.0], [3.0, 4.0]], b: { c: ivy::array![[1.0, 2.0], [3.0, 4.0]] } };
let x = c.sub("b")?;*/
    /// let r = x.sum_with(ivy::opts::Sum::new());
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn sum_with<'__a>(
        &'__a self,
        opts: ::ivy::opts::Sum,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self,), ::ivy::Array>>
    where
        (&'__a Self,): ::ivy::Operands,
    {
        crate::sum_with(self, opts)
    }
    /// Sub-container method form of [`ivy::searchsorted`](fn@crate::searchsorted), with `self` (a view, `c.sub(..)?`) as `x1`: the op runs at every leaf below it.
    ///
    /// Where each element of `x2` goes in the sorted `x1`.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /** let c = ivy::container! { a: ivy::array![[1.0, 2.0], [3.0, 4.0]], b: { c: ivy::array![[1.0, 2.0], [3.0, 4.0]] } };
let x = c.sub("b")?;*/
    /// let r = x.searchsorted(&ivy::array![[1.0, 2.0], [3.0, 4.0]]);
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn searchsorted<'__a, X2: ::ivy::Operand>(
        &'__a self,
        x2: X2,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self, X2), ::ivy::Array>>
    where
        (&'__a Self, X2): ::ivy::Operands,
    {
        crate::searchsorted(self, x2)
    }
    /// Sub-container method form of [`ivy::searchsorted_with`](fn@crate::searchsorted_with), with `self` (a view, `c.sub(..)?`) as `x1`: the op runs at every leaf below it.
    ///
    /// Where each element of `x2` goes in the sorted `x1`.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /** let c = ivy::container! { a: ivy::array![[1.0, 2.0], [3.0, 4.0]], b: { c: ivy::array![[1.0, 2.0], [3.0, 4.0]] } };
let x = c.sub("b")?;*/
    /// let r = x.searchsorted_with(&ivy::array![[1.0, 2.0], [3.0, 4.0]], ivy::opts::Searchsorted::new());
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn searchsorted_with<'__a, X2: ::ivy::Operand>(
        &'__a self,
        x2: X2,
        opts: ::ivy::opts::Searchsorted,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self, X2), ::ivy::Array>>
    where
        (&'__a Self, X2): ::ivy::Operands,
    {
        crate::searchsorted_with(self, x2, opts)
    }
    /// Sub-container method form of [`ivy::softplus`](fn@crate::softplus), with `self` (a view, `c.sub(..)?`) as `x`: the op runs at every leaf below it.
    ///
    /// Softplus, with a kernel on some backends.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /** let c = ivy::container! { a: ivy::array![[1.0, 2.0], [3.0, 4.0]], b: { c: ivy::array![[1.0, 2.0], [3.0, 4.0]] } };
let x = c.sub("b")?;*/
    /// let r = x.softplus();
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn softplus<'__a>(
        &'__a self,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self,), ::ivy::Array>>
    where
        (&'__a Self,): ::ivy::Operands,
    {
        crate::softplus(self)
    }
    /// Sub-container method form of [`ivy::softplus_with`](fn@crate::softplus_with), with `self` (a view, `c.sub(..)?`) as `x`: the op runs at every leaf below it.
    ///
    /// Softplus, with a kernel on some backends.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /** let c = ivy::container! { a: ivy::array![[1.0, 2.0], [3.0, 4.0]], b: { c: ivy::array![[1.0, 2.0], [3.0, 4.0]] } };
let x = c.sub("b")?;*/
    /// let r = x.softplus_with(ivy::opts::Softplus::new());
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn softplus_with<'__a>(
        &'__a self,
        opts: ::ivy::opts::Softplus,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self,), ::ivy::Array>>
    where
        (&'__a Self,): ::ivy::Operands,
    {
        crate::softplus_with(self, opts)
    }
    /// Sub-container method form of [`ivy::relu`](fn@crate::relu), with `self` (a view, `c.sub(..)?`) as `x`: the op runs at every leaf below it.
    ///
    /// Relu.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /** let c = ivy::container! { a: ivy::array![[1.0, 2.0], [3.0, 4.0]], b: { c: ivy::array![[1.0, 2.0], [3.0, 4.0]] } };
let x = c.sub("b")?;*/
    /// let r = x.relu();
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn relu<'__a>(
        &'__a self,
    ) -> ::ivy::Result<::ivy::Out<(&'__a Self,), ::ivy::Array>>
    where
        (&'__a Self,): ::ivy::Operands,
    {
        crate::relu(self)
    }
}
/// The API ops as methods of a [`BackendHandle`](crate::BackendHandle):
/// each runs on the handle's backend.
#[allow(clippy::too_many_arguments)]
impl ::ivy::BackendHandle {
    /// [`ivy::add`](fn@crate::add) on this handle's backend, whatever the current backend is; an array argument of another backend is an error naming both.
    ///
    /// Adds, with promotion; also `+`.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let h = ivy::get_backend("ndarray")?;
    /// let r = h.add(&ivy::array![[1.0, 2.0], [3.0, 4.0]], &ivy::array![[1.0, 2.0], [3.0, 4.0]]);
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn add<X1: ::ivy::Operand, X2: ::ivy::Operand>(
        &self,
        x1: X1,
        x2: X2,
    ) -> ::ivy::Result<::ivy::Out<(X1, X2), ::ivy::Array>>
    where
        (X1, X2): ::ivy::Operands,
    {
        self.__check_node("add", ::ivy::Operand::node(&x1))?;
        self.__check_node("add", ::ivy::Operand::node(&x2))?;
        let _on = self.enter();
        crate::add(x1, x2)
    }
    /// [`ivy::add_with`](fn@crate::add_with) on this handle's backend, whatever the current backend is; an array argument of another backend is an error naming both.
    ///
    /// Adds, with promotion; also `+`.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let h = ivy::get_backend("ndarray")?;
    /// let r = h.add_with(&ivy::array![[1.0, 2.0], [3.0, 4.0]], &ivy::array![[1.0, 2.0], [3.0, 4.0]], ivy::opts::Add::new());
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn add_with<X1: ::ivy::Operand, X2: ::ivy::Operand>(
        &self,
        x1: X1,
        x2: X2,
        opts: ::ivy::opts::Add,
    ) -> ::ivy::Result<::ivy::Out<(X1, X2), ::ivy::Array>>
    where
        (X1, X2): ::ivy::Operands,
    {
        self.__check_node("add", ::ivy::Operand::node(&x1))?;
        self.__check_node("add", ::ivy::Operand::node(&x2))?;
        let _on = self.enter();
        crate::add_with(x1, x2, opts)
    }
    /// [`ivy::add_all`](fn@crate::add_all) on this handle's backend, whatever the current backend is; an array argument of another backend is an error naming both.
    ///
    /// `y` plus every array of `xs`; `xs` may be a list of containers.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let h = ivy::get_backend("ndarray")?;
    /// let r = h.add_all(&ivy::array![[1.0, 2.0], [3.0, 4.0]], [ivy::array![[1.0, 2.0], [3.0, 4.0]], ivy::array![[1.0, 2.0], [3.0, 4.0]]]);
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn add_all<XY: ::ivy::Operand, Xs: ::ivy::args::ArrayList>(
        &self,
        y: XY,
        xs: Xs,
    ) -> ::ivy::Result<::ivy::Out<(XY, ::ivy::args::List<Xs>), ::ivy::Array>>
    where
        (XY, ::ivy::args::List<Xs>): ::ivy::Operands,
    {
        self.__check_node("add_all", ::ivy::Operand::node(&y))?;
        self.__check_list("add_all", &xs)?;
        let _on = self.enter();
        crate::add_all(y, xs)
    }
    /// [`ivy::sum`](fn@crate::sum) on this handle's backend, whatever the current backend is; an array argument of another backend is an error naming both.
    ///
    /// Sums.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let h = ivy::get_backend("ndarray")?;
    /// let r = h.sum(&ivy::array![[1.0, 2.0], [3.0, 4.0]]);
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn sum<X: ::ivy::Operand>(
        &self,
        x: X,
    ) -> ::ivy::Result<::ivy::Out<(X,), ::ivy::Array>>
    where
        (X,): ::ivy::Operands,
    {
        self.__check_node("sum", ::ivy::Operand::node(&x))?;
        let _on = self.enter();
        crate::sum(x)
    }
    /// [`ivy::sum_with`](fn@crate::sum_with) on this handle's backend, whatever the current backend is; an array argument of another backend is an error naming both.
    ///
    /// Sums.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let h = ivy::get_backend("ndarray")?;
    /// let r = h.sum_with(&ivy::array![[1.0, 2.0], [3.0, 4.0]], ivy::opts::Sum::new());
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn sum_with<X: ::ivy::Operand>(
        &self,
        x: X,
        opts: ::ivy::opts::Sum,
    ) -> ::ivy::Result<::ivy::Out<(X,), ::ivy::Array>>
    where
        (X,): ::ivy::Operands,
    {
        self.__check_node("sum", ::ivy::Operand::node(&x))?;
        let _on = self.enter();
        crate::sum_with(x, opts)
    }
    /// [`ivy::searchsorted`](fn@crate::searchsorted) on this handle's backend, whatever the current backend is; an array argument of another backend is an error naming both.
    ///
    /// Where each element of `x2` goes in the sorted `x1`.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let h = ivy::get_backend("ndarray")?;
    /// let r = h.searchsorted(&ivy::array![[1.0, 2.0], [3.0, 4.0]], &ivy::array![[1.0, 2.0], [3.0, 4.0]]);
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn searchsorted<X1: ::ivy::Operand, X2: ::ivy::Operand>(
        &self,
        x1: X1,
        x2: X2,
    ) -> ::ivy::Result<::ivy::Out<(X1, X2), ::ivy::Array>>
    where
        (X1, X2): ::ivy::Operands,
    {
        self.__check_node("searchsorted", ::ivy::Operand::node(&x1))?;
        self.__check_node("searchsorted", ::ivy::Operand::node(&x2))?;
        let _on = self.enter();
        crate::searchsorted(x1, x2)
    }
    /// [`ivy::searchsorted_with`](fn@crate::searchsorted_with) on this handle's backend, whatever the current backend is; an array argument of another backend is an error naming both.
    ///
    /// Where each element of `x2` goes in the sorted `x1`.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let h = ivy::get_backend("ndarray")?;
    /// let r = h.searchsorted_with(&ivy::array![[1.0, 2.0], [3.0, 4.0]], &ivy::array![[1.0, 2.0], [3.0, 4.0]], ivy::opts::Searchsorted::new());
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn searchsorted_with<X1: ::ivy::Operand, X2: ::ivy::Operand>(
        &self,
        x1: X1,
        x2: X2,
        opts: ::ivy::opts::Searchsorted,
    ) -> ::ivy::Result<::ivy::Out<(X1, X2), ::ivy::Array>>
    where
        (X1, X2): ::ivy::Operands,
    {
        self.__check_node("searchsorted", ::ivy::Operand::node(&x1))?;
        self.__check_node("searchsorted", ::ivy::Operand::node(&x2))?;
        self.__check_kwarg("searchsorted", opts.sorter.as_ref())?;
        let _on = self.enter();
        crate::searchsorted_with(x1, x2, opts)
    }
    /// [`ivy::softplus`](fn@crate::softplus) on this handle's backend, whatever the current backend is; an array argument of another backend is an error naming both.
    ///
    /// Softplus, with a kernel on some backends.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let h = ivy::get_backend("ndarray")?;
    /// let r = h.softplus(&ivy::array![[1.0, 2.0], [3.0, 4.0]]);
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn softplus<X: ::ivy::Operand>(
        &self,
        x: X,
    ) -> ::ivy::Result<::ivy::Out<(X,), ::ivy::Array>>
    where
        (X,): ::ivy::Operands,
    {
        self.__check_node("softplus", ::ivy::Operand::node(&x))?;
        let _on = self.enter();
        crate::softplus(x)
    }
    /// [`ivy::softplus_with`](fn@crate::softplus_with) on this handle's backend, whatever the current backend is; an array argument of another backend is an error naming both.
    ///
    /// Softplus, with a kernel on some backends.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let h = ivy::get_backend("ndarray")?;
    /// let r = h.softplus_with(&ivy::array![[1.0, 2.0], [3.0, 4.0]], ivy::opts::Softplus::new());
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn softplus_with<X: ::ivy::Operand>(
        &self,
        x: X,
        opts: ::ivy::opts::Softplus,
    ) -> ::ivy::Result<::ivy::Out<(X,), ::ivy::Array>>
    where
        (X,): ::ivy::Operands,
    {
        self.__check_node("softplus", ::ivy::Operand::node(&x))?;
        let _on = self.enter();
        crate::softplus_with(x, opts)
    }
    /// [`ivy::relu`](fn@crate::relu) on this handle's backend, whatever the current backend is; an array argument of another backend is an error naming both.
    ///
    /// Relu.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let h = ivy::get_backend("ndarray")?;
    /// let r = h.relu(&ivy::array![[1.0, 2.0], [3.0, 4.0]]);
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn relu<X: ::ivy::Operand>(
        &self,
        x: X,
    ) -> ::ivy::Result<::ivy::Out<(X,), ::ivy::Array>>
    where
        (X,): ::ivy::Operands,
    {
        self.__check_node("relu", ::ivy::Operand::node(&x))?;
        let _on = self.enter();
        crate::relu(x)
    }
    /// [`ivy::affine`](fn@crate::affine) on this handle's backend, whatever the current backend is; an array argument of another backend is an error naming both.
    ///
    /// `x` times the leaf `scale` of `params`, plus the leaf `shift` of `extra` if given.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let h = ivy::get_backend("ndarray")?;
    /// let r = h.affine(&ivy::array![[1.0, 2.0], [3.0, 4.0]], &ivy::Container::new());
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn affine<X: ::ivy::DependentOperand>(
        &self,
        x: X,
        params: impl ::std::borrow::Borrow<::ivy::Container>,
    ) -> ::ivy::Result<::ivy::Array> {
        self.__check_node("affine", ::ivy::Operand::node(&x))?;
        self.__check_container(
            "affine",
            ::std::option::Option::Some(::std::borrow::Borrow::borrow(&params)),
        )?;
        let _on = self.enter();
        crate::affine(x, params)
    }
    /// [`ivy::affine_with`](fn@crate::affine_with) on this handle's backend, whatever the current backend is; an array argument of another backend is an error naming both.
    ///
    /// `x` times the leaf `scale` of `params`, plus the leaf `shift` of `extra` if given.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let h = ivy::get_backend("ndarray")?;
    /// let r = h.affine_with(&ivy::array![[1.0, 2.0], [3.0, 4.0]], &ivy::Container::new(), ivy::opts::Affine::new());
    /// assert!(r.is_ok(), "{r:?}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn affine_with<X: ::ivy::DependentOperand>(
        &self,
        x: X,
        params: impl ::std::borrow::Borrow<::ivy::Container>,
        opts: ::ivy::opts::Affine,
    ) -> ::ivy::Result<::ivy::Array> {
        self.__check_node("affine", ::ivy::Operand::node(&x))?;
        self.__check_container(
            "affine",
            ::std::option::Option::Some(::std::borrow::Borrow::borrow(&params)),
        )?;
        self.__check_container("affine", opts.extra.as_ref())?;
        let _on = self.enter();
        crate::affine_with(x, params, opts)
    }
    /// [`ivy::dtype`](fn@crate::dtype) on this handle's backend, whatever the current backend is; an array argument of another backend is an error naming both.
    ///
    /// The dtype.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let h = ivy::get_backend("ndarray")?;
    /// let r = h.dtype(&h.ones([2])?);
    /// let _ = r;
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn dtype(&self, x: &ivy::Array) -> ivy::Dtype {
        let _on = self.enter();
        crate::dtype(x)
    }
}
::ivy::__private::binary_operator_impls!(Add, add, crate ::add);
