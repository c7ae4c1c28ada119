// #[derive(Tree)] struct Linear<T> { w: T, b: T, #[tree(static)] act: &'static str }
#[allow(non_upper_case_globals, unreachable_code, dead_code, clippy::all)]
const _: () = {
    const __IVY_TREE_INFO_0: &'static ::ivy::tree::RecordInfo = &::ivy::tree::RecordInfo {
        module: ::core::module_path!(),
        name: "Linear",
        variant: ::core::option::Option::None,
        shape: ::ivy::tree::RecordShape::Named,
        fields: &["w", "b"],
        statics: &["act"],
    };
    #[automatically_derived]
    impl<T, __IvyL> ::ivy::tree::Tree<__IvyL> for Linear<T>
    where
        T: ::ivy::tree::Tree<__IvyL>,
        T: ::ivy::tree::Tree<__IvyL>,
        &'static str: ::ivy::tree::StaticField,
    {
        #[inline]
        #[allow(unused_variables)]
        fn flatten_into<'__ivy_a, __IvyS: ::ivy::tree::Sink<'__ivy_a, __IvyL>>(
            &'__ivy_a self,
            __ivy_sink: &mut __IvyS,
        )
        where
            __IvyL: '__ivy_a,
        {
            match self {
                Linear { w: __ivy_b0, b: __ivy_b1, act: __ivy_b2 } => {
                    let __ivy_token = __ivy_sink
                        .record(
                            __IVY_TREE_INFO_0,
                            || {
                                let mut __ivy_v = ::ivy::tree::__private::Vec::new();
                                __ivy_v
                                    .push(
                                        ::ivy::tree::StaticValue::new(
                                            ::core::clone::Clone::clone(__ivy_b2),
                                        ),
                                    );
                                __ivy_v
                            },
                        );
                    __ivy_sink.child_field(__IVY_TREE_INFO_0, 0usize);
                    <T as ::ivy::tree::Tree<__IvyL>>::flatten_into(__ivy_b0, __ivy_sink);
                    __ivy_sink.child_field(__IVY_TREE_INFO_0, 1usize);
                    <T as ::ivy::tree::Tree<__IvyL>>::flatten_into(__ivy_b1, __ivy_sink);
                    __ivy_sink.end(__ivy_token);
                }
            }
        }
        fn unflatten_from<__IvyS: ::ivy::tree::Source<__IvyL>>(
            __ivy_src: &mut __IvyS,
        ) -> ::ivy::tree::__private::Result<Self> {
            let __ivy_m = __ivy_src.record(&[__IVY_TREE_INFO_0])?;
            #[allow(unreachable_patterns)]
            let __ivy_value = match __ivy_m.variant() {
                0usize => {
                    let __ivy_f2: &'static str = __ivy_src
                        .static_field::<&'static str>(&__ivy_m, 0usize)?;
                    let __ivy_f0: T = <T as ::ivy::tree::Tree<
                        __IvyL,
                    >>::unflatten_from(__ivy_src)?;
                    let __ivy_f1: T = <T as ::ivy::tree::Tree<
                        __IvyL,
                    >>::unflatten_from(__ivy_src)?;
                    Linear {
                        w: __ivy_f0,
                        b: __ivy_f1,
                        act: __ivy_f2,
                    }
                }
                _ => {
                    return ::core::result::Result::Err(
                        ::ivy::tree::__private::derive_failed(),
                    );
                }
            };
            __ivy_src.end()?;
            ::core::result::Result::Ok(__ivy_value)
        }
        #[inline]
        #[allow(unused_variables)]
        fn for_each_mut<__IvyF: ::core::ops::FnMut(&mut __IvyL)>(
            &mut self,
            __ivy_f: &mut __IvyF,
        ) {
            match self {
                Linear { w: __ivy_b0, b: __ivy_b1, act: __ivy_b2 } => {
                    <T as ::ivy::tree::Tree<__IvyL>>::for_each_mut(__ivy_b0, __ivy_f);
                    <T as ::ivy::tree::Tree<__IvyL>>::for_each_mut(__ivy_b1, __ivy_f);
                }
            }
        }
        #[inline]
        #[allow(unused_variables)]
        fn accepts(__ivy_next: &::ivy::tree::Peek<'_>) -> bool {
            __ivy_next.is_record(__IVY_TREE_INFO_0)
        }
    }
    #[automatically_derived]
    impl<T, __IvyL, __IvyM> ::ivy::tree::TreeMap<__IvyL, __IvyM> for Linear<T>
    where
        T: ::ivy::tree::TreeMap<__IvyL, __IvyM>,
        &'static str: ::ivy::tree::StaticField,
    {
        type Output = Linear<<T as ::ivy::tree::TreeMap<__IvyL, __IvyM>>::Output>;
        #[inline]
        #[allow(unused_variables)]
        fn map_ref<__IvyF: ::core::ops::FnMut(&__IvyL) -> __IvyM>(
            &self,
            __ivy_f: &mut __IvyF,
        ) -> Self::Output {
            match self {
                Linear { w: __ivy_b0, b: __ivy_b1, act: __ivy_b2 } => {
                    Linear {
                        w: <T as ::ivy::tree::TreeMap<
                            __IvyL,
                            __IvyM,
                        >>::map_ref(__ivy_b0, __ivy_f),
                        b: <T as ::ivy::tree::TreeMap<
                            __IvyL,
                            __IvyM,
                        >>::map_ref(__ivy_b1, __ivy_f),
                        act: ::core::clone::Clone::clone(__ivy_b2),
                    }
                }
            }
        }
        #[allow(unused_variables)]
        fn try_map_ref<
            __IvyE: ::core::convert::From<::ivy::tree::__private::Error>,
            __IvyF: ::core::ops::FnMut(&__IvyL) -> ::core::result::Result<__IvyM, __IvyE>,
        >(&self, __ivy_f: &mut __IvyF) -> ::core::result::Result<Self::Output, __IvyE> {
            ::core::result::Result::Ok(
                match self {
                    Linear { w: __ivy_b0, b: __ivy_b1, act: __ivy_b2 } => {
                        Linear {
                            w: <T as ::ivy::tree::TreeMap<
                                __IvyL,
                                __IvyM,
                            >>::try_map_ref(__ivy_b0, __ivy_f)?,
                            b: <T as ::ivy::tree::TreeMap<
                                __IvyL,
                                __IvyM,
                            >>::try_map_ref(__ivy_b1, __ivy_f)?,
                            act: ::core::clone::Clone::clone(__ivy_b2),
                        }
                    }
                },
            )
        }
    }
};

// #[derive(Tree)] struct Pair(f64, f64);
#[allow(non_upper_case_globals, unreachable_code, dead_code, clippy::all)]
const _: () = {
    const __IVY_TREE_INFO_0: &'static ::ivy::tree::RecordInfo = &::ivy::tree::RecordInfo {
        module: ::core::module_path!(),
        name: "Pair",
        variant: ::core::option::Option::None,
        shape: ::ivy::tree::RecordShape::Tuple,
        fields: &["0", "1"],
        statics: &[],
    };
    #[automatically_derived]
    impl<__IvyL> ::ivy::tree::Tree<__IvyL> for Pair
    where
        f64: ::ivy::tree::Tree<__IvyL>,
        f64: ::ivy::tree::Tree<__IvyL>,
    {
        #[inline]
        #[allow(unused_variables)]
        fn flatten_into<'__ivy_a, __IvyS: ::ivy::tree::Sink<'__ivy_a, __IvyL>>(
            &'__ivy_a self,
            __ivy_sink: &mut __IvyS,
        )
        where
            __IvyL: '__ivy_a,
        {
            match self {
                Pair { 0: __ivy_b0, 1: __ivy_b1 } => {
                    let __ivy_token = __ivy_sink
                        .record(
                            __IVY_TREE_INFO_0,
                            || {
                                let mut __ivy_v = ::ivy::tree::__private::Vec::new();
                                __ivy_v
                            },
                        );
                    __ivy_sink.child_field(__IVY_TREE_INFO_0, 0usize);
                    <f64 as ::ivy::tree::Tree<
                        __IvyL,
                    >>::flatten_into(__ivy_b0, __ivy_sink);
                    __ivy_sink.child_field(__IVY_TREE_INFO_0, 1usize);
                    <f64 as ::ivy::tree::Tree<
                        __IvyL,
                    >>::flatten_into(__ivy_b1, __ivy_sink);
                    __ivy_sink.end(__ivy_token);
                }
            }
        }
        fn unflatten_from<__IvyS: ::ivy::tree::Source<__IvyL>>(
            __ivy_src: &mut __IvyS,
        ) -> ::ivy::tree::__private::Result<Self> {
            let __ivy_m = __ivy_src.record(&[__IVY_TREE_INFO_0])?;
            #[allow(unreachable_patterns)]
            let __ivy_value = match __ivy_m.variant() {
                0usize => {
                    let __ivy_f0: f64 = <f64 as ::ivy::tree::Tree<
                        __IvyL,
                    >>::unflatten_from(__ivy_src)?;
                    let __ivy_f1: f64 = <f64 as ::ivy::tree::Tree<
                        __IvyL,
                    >>::unflatten_from(__ivy_src)?;
                    Pair { 0: __ivy_f0, 1: __ivy_f1 }
                }
                _ => {
                    return ::core::result::Result::Err(
                        ::ivy::tree::__private::derive_failed(),
                    );
                }
            };
            __ivy_src.end()?;
            ::core::result::Result::Ok(__ivy_value)
        }
        #[inline]
        #[allow(unused_variables)]
        fn for_each_mut<__IvyF: ::core::ops::FnMut(&mut __IvyL)>(
            &mut self,
            __ivy_f: &mut __IvyF,
        ) {
            match self {
                Pair { 0: __ivy_b0, 1: __ivy_b1 } => {
                    <f64 as ::ivy::tree::Tree<__IvyL>>::for_each_mut(__ivy_b0, __ivy_f);
                    <f64 as ::ivy::tree::Tree<__IvyL>>::for_each_mut(__ivy_b1, __ivy_f);
                }
            }
        }
        #[inline]
        #[allow(unused_variables)]
        fn accepts(__ivy_next: &::ivy::tree::Peek<'_>) -> bool {
            __ivy_next.is_record(__IVY_TREE_INFO_0)
        }
    }
    #[automatically_derived]
    impl<__IvyL, __IvyM> ::ivy::tree::TreeMap<__IvyL, __IvyM> for Pair
    where
        f64: ::ivy::tree::TreeMap<__IvyL, __IvyM, Output = f64>,
        f64: ::ivy::tree::TreeMap<__IvyL, __IvyM, Output = f64>,
    {
        type Output = Pair;
        #[inline]
        #[allow(unused_variables)]
        fn map_ref<__IvyF: ::core::ops::FnMut(&__IvyL) -> __IvyM>(
            &self,
            __ivy_f: &mut __IvyF,
        ) -> Self::Output {
            match self {
                Pair { 0: __ivy_b0, 1: __ivy_b1 } => {
                    Pair {
                        0: <f64 as ::ivy::tree::TreeMap<
                            __IvyL,
                            __IvyM,
                        >>::map_ref(__ivy_b0, __ivy_f),
                        1: <f64 as ::ivy::tree::TreeMap<
                            __IvyL,
                            __IvyM,
                        >>::map_ref(__ivy_b1, __ivy_f),
                    }
                }
            }
        }
        #[allow(unused_variables)]
        fn try_map_ref<
            __IvyE: ::core::convert::From<::ivy::tree::__private::Error>,
            __IvyF: ::core::ops::FnMut(&__IvyL) -> ::core::result::Result<__IvyM, __IvyE>,
        >(&self, __ivy_f: &mut __IvyF) -> ::core::result::Result<Self::Output, __IvyE> {
            ::core::result::Result::Ok(
                match self {
                    Pair { 0: __ivy_b0, 1: __ivy_b1 } => {
                        Pair {
                            0: <f64 as ::ivy::tree::TreeMap<
                                __IvyL,
                                __IvyM,
                            >>::try_map_ref(__ivy_b0, __ivy_f)?,
                            1: <f64 as ::ivy::tree::TreeMap<
                                __IvyL,
                                __IvyM,
                            >>::try_map_ref(__ivy_b1, __ivy_f)?,
                        }
                    }
                },
            )
        }
    }
};

// #[derive(Tree)] struct Marker;
#[allow(non_upper_case_globals, unreachable_code, dead_code, clippy::all)]
const _: () = {
    const __IVY_TREE_INFO_0: &'static ::ivy::tree::RecordInfo = &::ivy::tree::RecordInfo {
        module: ::core::module_path!(),
        name: "Marker",
        variant: ::core::option::Option::None,
        shape: ::ivy::tree::RecordShape::Unit,
        fields: &[],
        statics: &[],
    };
    #[automatically_derived]
    impl<__IvyL> ::ivy::tree::Tree<__IvyL> for Marker {
        #[inline]
        #[allow(unused_variables)]
        fn flatten_into<'__ivy_a, __IvyS: ::ivy::tree::Sink<'__ivy_a, __IvyL>>(
            &'__ivy_a self,
            __ivy_sink: &mut __IvyS,
        )
        where
            __IvyL: '__ivy_a,
        {
            match self {
                Marker {} => {
                    let __ivy_token = __ivy_sink
                        .record(
                            __IVY_TREE_INFO_0,
                            || {
                                let mut __ivy_v = ::ivy::tree::__private::Vec::new();
                                __ivy_v
                            },
                        );
                    __ivy_sink.end(__ivy_token);
                }
            }
        }
        fn unflatten_from<__IvyS: ::ivy::tree::Source<__IvyL>>(
            __ivy_src: &mut __IvyS,
        ) -> ::ivy::tree::__private::Result<Self> {
            let __ivy_m = __ivy_src.record(&[__IVY_TREE_INFO_0])?;
            #[allow(unreachable_patterns)]
            let __ivy_value = match __ivy_m.variant() {
                0usize => Marker {},
                _ => {
                    return ::core::result::Result::Err(
                        ::ivy::tree::__private::derive_failed(),
                    );
                }
            };
            __ivy_src.end()?;
            ::core::result::Result::Ok(__ivy_value)
        }
        #[inline]
        #[allow(unused_variables)]
        fn for_each_mut<__IvyF: ::core::ops::FnMut(&mut __IvyL)>(
            &mut self,
            __ivy_f: &mut __IvyF,
        ) {
            match self {
                Marker {} => {}
            }
        }
        #[inline]
        #[allow(unused_variables)]
        fn accepts(__ivy_next: &::ivy::tree::Peek<'_>) -> bool {
            __ivy_next.is_record(__IVY_TREE_INFO_0)
        }
    }
    #[automatically_derived]
    impl<__IvyL, __IvyM> ::ivy::tree::TreeMap<__IvyL, __IvyM> for Marker {
        type Output = Marker;
        #[inline]
        #[allow(unused_variables)]
        fn map_ref<__IvyF: ::core::ops::FnMut(&__IvyL) -> __IvyM>(
            &self,
            __ivy_f: &mut __IvyF,
        ) -> Self::Output {
            match self {
                Marker {} => Marker {},
            }
        }
        #[allow(unused_variables)]
        fn try_map_ref<
            __IvyE: ::core::convert::From<::ivy::tree::__private::Error>,
            __IvyF: ::core::ops::FnMut(&__IvyL) -> ::core::result::Result<__IvyM, __IvyE>,
        >(&self, __ivy_f: &mut __IvyF) -> ::core::result::Result<Self::Output, __IvyE> {
            ::core::result::Result::Ok(
                match self {
                    Marker {} => Marker {},
                },
            )
        }
    }
};

// #[derive(Tree)] enum Act<T> { Relu, Scaled(T), Gated { gate: T, #[tree(static)] bias: i32 } }
#[allow(non_upper_case_globals, unreachable_code, dead_code, clippy::all)]
const _: () = {
    const __IVY_TREE_INFO_0: &'static ::ivy::tree::RecordInfo = &::ivy::tree::RecordInfo {
        module: ::core::module_path!(),
        name: "Act",
        variant: ::core::option::Option::Some("Relu"),
        shape: ::ivy::tree::RecordShape::Unit,
        fields: &[],
        statics: &[],
    };
    const __IVY_TREE_INFO_1: &'static ::ivy::tree::RecordInfo = &::ivy::tree::RecordInfo {
        module: ::core::module_path!(),
        name: "Act",
        variant: ::core::option::Option::Some("Scaled"),
        shape: ::ivy::tree::RecordShape::Tuple,
        fields: &["0"],
        statics: &[],
    };
    const __IVY_TREE_INFO_2: &'static ::ivy::tree::RecordInfo = &::ivy::tree::RecordInfo {
        module: ::core::module_path!(),
        name: "Act",
        variant: ::core::option::Option::Some("Gated"),
        shape: ::ivy::tree::RecordShape::Named,
        fields: &["gate"],
        statics: &["bias"],
    };
    #[automatically_derived]
    impl<T, __IvyL> ::ivy::tree::Tree<__IvyL> for Act<T>
    where
        T: ::ivy::tree::Tree<__IvyL>,
        T: ::ivy::tree::Tree<__IvyL>,
        i32: ::ivy::tree::StaticField,
    {
        #[inline]
        #[allow(unused_variables)]
        fn flatten_into<'__ivy_a, __IvyS: ::ivy::tree::Sink<'__ivy_a, __IvyL>>(
            &'__ivy_a self,
            __ivy_sink: &mut __IvyS,
        )
        where
            __IvyL: '__ivy_a,
        {
            match self {
                Act::Relu {} => {
                    let __ivy_token = __ivy_sink
                        .record(
                            __IVY_TREE_INFO_0,
                            || {
                                let mut __ivy_v = ::ivy::tree::__private::Vec::new();
                                __ivy_v
                            },
                        );
                    __ivy_sink.end(__ivy_token);
                }
                Act::Scaled { 0: __ivy_b0 } => {
                    let __ivy_token = __ivy_sink
                        .record(
                            __IVY_TREE_INFO_1,
                            || {
                                let mut __ivy_v = ::ivy::tree::__private::Vec::new();
                                __ivy_v
                            },
                        );
                    __ivy_sink.child_field(__IVY_TREE_INFO_1, 0usize);
                    <T as ::ivy::tree::Tree<__IvyL>>::flatten_into(__ivy_b0, __ivy_sink);
                    __ivy_sink.end(__ivy_token);
                }
                Act::Gated { gate: __ivy_b0, bias: __ivy_b1 } => {
                    let __ivy_token = __ivy_sink
                        .record(
                            __IVY_TREE_INFO_2,
                            || {
                                let mut __ivy_v = ::ivy::tree::__private::Vec::new();
                                __ivy_v
                                    .push(
                                        ::ivy::tree::StaticValue::new(
                                            ::core::clone::Clone::clone(__ivy_b1),
                                        ),
                                    );
                                __ivy_v
                            },
                        );
                    __ivy_sink.child_field(__IVY_TREE_INFO_2, 0usize);
                    <T as ::ivy::tree::Tree<__IvyL>>::flatten_into(__ivy_b0, __ivy_sink);
                    __ivy_sink.end(__ivy_token);
                }
            }
        }
        fn unflatten_from<__IvyS: ::ivy::tree::Source<__IvyL>>(
            __ivy_src: &mut __IvyS,
        ) -> ::ivy::tree::__private::Result<Self> {
            let __ivy_m = __ivy_src
                .record(&[__IVY_TREE_INFO_0, __IVY_TREE_INFO_1, __IVY_TREE_INFO_2])?;
            #[allow(unreachable_patterns)]
            let __ivy_value = match __ivy_m.variant() {
                0usize => Act::Relu {},
                1usize => {
                    let __ivy_f0: T = <T as ::ivy::tree::Tree<
                        __IvyL,
                    >>::unflatten_from(__ivy_src)?;
                    Act::Scaled { 0: __ivy_f0 }
                }
                2usize => {
                    let __ivy_f1: i32 = __ivy_src.static_field::<i32>(&__ivy_m, 0usize)?;
                    let __ivy_f0: T = <T as ::ivy::tree::Tree<
                        __IvyL,
                    >>::unflatten_from(__ivy_src)?;
                    Act::Gated {
                        gate: __ivy_f0,
                        bias: __ivy_f1,
                    }
                }
                _ => {
                    return ::core::result::Result::Err(
                        ::ivy::tree::__private::derive_failed(),
                    );
                }
            };
            __ivy_src.end()?;
            ::core::result::Result::Ok(__ivy_value)
        }
        #[inline]
        #[allow(unused_variables)]
        fn for_each_mut<__IvyF: ::core::ops::FnMut(&mut __IvyL)>(
            &mut self,
            __ivy_f: &mut __IvyF,
        ) {
            match self {
                Act::Relu {} => {}
                Act::Scaled { 0: __ivy_b0 } => {
                    <T as ::ivy::tree::Tree<__IvyL>>::for_each_mut(__ivy_b0, __ivy_f);
                }
                Act::Gated { gate: __ivy_b0, bias: __ivy_b1 } => {
                    <T as ::ivy::tree::Tree<__IvyL>>::for_each_mut(__ivy_b0, __ivy_f);
                }
            }
        }
        #[inline]
        #[allow(unused_variables)]
        fn accepts(__ivy_next: &::ivy::tree::Peek<'_>) -> bool {
            __ivy_next.is_record(__IVY_TREE_INFO_0)
                || __ivy_next.is_record(__IVY_TREE_INFO_1)
                || __ivy_next.is_record(__IVY_TREE_INFO_2)
        }
    }
    #[automatically_derived]
    impl<T, __IvyL, __IvyM> ::ivy::tree::TreeMap<__IvyL, __IvyM> for Act<T>
    where
        T: ::ivy::tree::TreeMap<__IvyL, __IvyM>,
        i32: ::ivy::tree::StaticField,
    {
        type Output = Act<<T as ::ivy::tree::TreeMap<__IvyL, __IvyM>>::Output>;
        #[inline]
        #[allow(unused_variables)]
        fn map_ref<__IvyF: ::core::ops::FnMut(&__IvyL) -> __IvyM>(
            &self,
            __ivy_f: &mut __IvyF,
        ) -> Self::Output {
            match self {
                Act::Relu {} => Act::Relu {},
                Act::Scaled { 0: __ivy_b0 } => {
                    Act::Scaled {
                        0: <T as ::ivy::tree::TreeMap<
                            __IvyL,
                            __IvyM,
                        >>::map_ref(__ivy_b0, __ivy_f),
                    }
                }
                Act::Gated { gate: __ivy_b0, bias: __ivy_b1 } => {
                    Act::Gated {
                        gate: <T as ::ivy::tree::TreeMap<
                            __IvyL,
                            __IvyM,
                        >>::map_ref(__ivy_b0, __ivy_f),
                        bias: ::core::clone::Clone::clone(__ivy_b1),
                    }
                }
            }
        }
        #[allow(unused_variables)]
        fn try_map_ref<
            __IvyE: ::core::convert::From<::ivy::tree::__private::Error>,
            __IvyF: ::core::ops::FnMut(&__IvyL) -> ::core::result::Result<__IvyM, __IvyE>,
        >(&self, __ivy_f: &mut __IvyF) -> ::core::result::Result<Self::Output, __IvyE> {
            ::core::result::Result::Ok(
                match self {
                    Act::Relu {} => Act::Relu {},
                    Act::Scaled { 0: __ivy_b0 } => {
                        Act::Scaled {
                            0: <T as ::ivy::tree::TreeMap<
                                __IvyL,
                                __IvyM,
                            >>::try_map_ref(__ivy_b0, __ivy_f)?,
                        }
                    }
                    Act::Gated { gate: __ivy_b0, bias: __ivy_b1 } => {
                        Act::Gated {
                            gate: <T as ::ivy::tree::TreeMap<
                                __IvyL,
                                __IvyM,
                            >>::try_map_ref(__ivy_b0, __ivy_f)?,
                            bias: ::core::clone::Clone::clone(__ivy_b1),
                        }
                    }
                },
            )
        }
    }
};

// #[derive(Tree)] #[tree(untagged)] enum Item<T> { Empty, Leaf(T), Pair(T, T), Point { x: T, y: T } }
#[allow(non_upper_case_globals, unreachable_code, dead_code, clippy::all)]
const _: () = {
    const __IVY_TREE_INFO_3: &'static ::ivy::tree::RecordInfo = &::ivy::tree::RecordInfo {
        module: ::core::module_path!(),
        name: "Item",
        variant: ::core::option::Option::Some("Point"),
        shape: ::ivy::tree::RecordShape::Named,
        fields: &["x", "y"],
        statics: &[],
    };
    #[automatically_derived]
    impl<T, __IvyL> ::ivy::tree::Tree<__IvyL> for Item<T>
    where
        T: ::ivy::tree::Tree<__IvyL>,
        T: ::ivy::tree::Tree<__IvyL>,
        T: ::ivy::tree::Tree<__IvyL>,
        T: ::ivy::tree::Tree<__IvyL>,
        T: ::ivy::tree::Tree<__IvyL>,
    {
        #[inline]
        #[allow(unused_variables)]
        fn flatten_into<'__ivy_a, __IvyS: ::ivy::tree::Sink<'__ivy_a, __IvyL>>(
            &'__ivy_a self,
            __ivy_sink: &mut __IvyS,
        )
        where
            __IvyL: '__ivy_a,
        {
            match self {
                Item::Empty {} => __ivy_sink.none(),
                Item::Leaf { 0: __ivy_b0 } => {
                    <T as ::ivy::tree::Tree<__IvyL>>::flatten_into(__ivy_b0, __ivy_sink)
                }
                Item::Pair { 0: __ivy_b0, 1: __ivy_b1 } => {
                    let __ivy_token = __ivy_sink.tuple(2usize);
                    __ivy_sink.child_index(0usize);
                    <T as ::ivy::tree::Tree<__IvyL>>::flatten_into(__ivy_b0, __ivy_sink);
                    __ivy_sink.child_index(1usize);
                    <T as ::ivy::tree::Tree<__IvyL>>::flatten_into(__ivy_b1, __ivy_sink);
                    __ivy_sink.end(__ivy_token);
                }
                Item::Point { x: __ivy_b0, y: __ivy_b1 } => {
                    let __ivy_token = __ivy_sink
                        .record(
                            __IVY_TREE_INFO_3,
                            || {
                                let mut __ivy_v = ::ivy::tree::__private::Vec::new();
                                __ivy_v
                            },
                        );
                    __ivy_sink.child_field(__IVY_TREE_INFO_3, 0usize);
                    <T as ::ivy::tree::Tree<__IvyL>>::flatten_into(__ivy_b0, __ivy_sink);
                    __ivy_sink.child_field(__IVY_TREE_INFO_3, 1usize);
                    <T as ::ivy::tree::Tree<__IvyL>>::flatten_into(__ivy_b1, __ivy_sink);
                    __ivy_sink.end(__ivy_token);
                }
            }
        }
        fn unflatten_from<__IvyS: ::ivy::tree::Source<__IvyL>>(
            __ivy_src: &mut __IvyS,
        ) -> ::ivy::tree::__private::Result<Self> {
            let __ivy_which: usize = match __ivy_src.peek_node() {
                ::core::option::Option::Some(__ivy_peeked) => {
                    let __ivy_next = &__ivy_peeked;
                    if __ivy_next.kind() == ::ivy::tree::NodeKind::None {
                        0usize
                    } else if <T as ::ivy::tree::Tree<__IvyL>>::accepts(__ivy_next) {
                        1usize
                    } else if __ivy_next.kind() == ::ivy::tree::NodeKind::Tuple
                        && __ivy_next.arity() == 2usize
                    {
                        2usize
                    } else if __ivy_next.is_record(__IVY_TREE_INFO_3) {
                        3usize
                    } else {
                        usize::MAX
                    }
                }
                ::core::option::Option::None => usize::MAX,
            };
            let __ivy_value = match __ivy_which {
                0usize => {
                    __ivy_src.take_none()?;
                    Item::Empty {}
                }
                1usize => {
                    let __ivy_f0: T = <T as ::ivy::tree::Tree<
                        __IvyL,
                    >>::unflatten_from(__ivy_src)?;
                    Item::Leaf { 0: __ivy_f0 }
                }
                2usize => {
                    __ivy_src.tuple(2usize)?;
                    let __ivy_f0: T = <T as ::ivy::tree::Tree<
                        __IvyL,
                    >>::unflatten_from(__ivy_src)?;
                    let __ivy_f1: T = <T as ::ivy::tree::Tree<
                        __IvyL,
                    >>::unflatten_from(__ivy_src)?;
                    __ivy_src.end()?;
                    Item::Pair {
                        0: __ivy_f0,
                        1: __ivy_f1,
                    }
                }
                3usize => {
                    let __ivy_m = __ivy_src.record(&[__IVY_TREE_INFO_3])?;
                    let __ivy_f0: T = <T as ::ivy::tree::Tree<
                        __IvyL,
                    >>::unflatten_from(__ivy_src)?;
                    let __ivy_f1: T = <T as ::ivy::tree::Tree<
                        __IvyL,
                    >>::unflatten_from(__ivy_src)?;
                    __ivy_src.end()?;
                    Item::Point {
                        x: __ivy_f0,
                        y: __ivy_f1,
                    }
                }
                _ => {
                    return ::core::result::Result::Err(
                        __ivy_src
                            .unexpected("a node that a variant of `Item` stands for"),
                    );
                }
            };
            ::core::result::Result::Ok(__ivy_value)
        }
        #[inline]
        #[allow(unused_variables)]
        fn for_each_mut<__IvyF: ::core::ops::FnMut(&mut __IvyL)>(
            &mut self,
            __ivy_f: &mut __IvyF,
        ) {
            match self {
                Item::Empty {} => {}
                Item::Leaf { 0: __ivy_b0 } => {
                    <T as ::ivy::tree::Tree<__IvyL>>::for_each_mut(__ivy_b0, __ivy_f);
                }
                Item::Pair { 0: __ivy_b0, 1: __ivy_b1 } => {
                    <T as ::ivy::tree::Tree<__IvyL>>::for_each_mut(__ivy_b0, __ivy_f);
                    <T as ::ivy::tree::Tree<__IvyL>>::for_each_mut(__ivy_b1, __ivy_f);
                }
                Item::Point { x: __ivy_b0, y: __ivy_b1 } => {
                    <T as ::ivy::tree::Tree<__IvyL>>::for_each_mut(__ivy_b0, __ivy_f);
                    <T as ::ivy::tree::Tree<__IvyL>>::for_each_mut(__ivy_b1, __ivy_f);
                }
            }
        }
        #[inline]
        #[allow(unused_variables)]
        fn accepts(__ivy_next: &::ivy::tree::Peek<'_>) -> bool {
            __ivy_next.kind() == ::ivy::tree::NodeKind::None
                || <T as ::ivy::tree::Tree<__IvyL>>::accepts(__ivy_next)
                || __ivy_next.kind() == ::ivy::tree::NodeKind::Tuple
                    && __ivy_next.arity() == 2usize
                || __ivy_next.is_record(__IVY_TREE_INFO_3)
        }
    }
    #[automatically_derived]
    impl<T, __IvyL, __IvyM> ::ivy::tree::TreeMap<__IvyL, __IvyM> for Item<T>
    where
        T: ::ivy::tree::TreeMap<__IvyL, __IvyM>,
    {
        type Output = Item<<T as ::ivy::tree::TreeMap<__IvyL, __IvyM>>::Output>;
        #[inline]
        #[allow(unused_variables)]
        fn map_ref<__IvyF: ::core::ops::FnMut(&__IvyL) -> __IvyM>(
            &self,
            __ivy_f: &mut __IvyF,
        ) -> Self::Output {
            match self {
                Item::Empty {} => Item::Empty {},
                Item::Leaf { 0: __ivy_b0 } => {
                    Item::Leaf {
                        0: <T as ::ivy::tree::TreeMap<
                            __IvyL,
                            __IvyM,
                        >>::map_ref(__ivy_b0, __ivy_f),
                    }
                }
                Item::Pair { 0: __ivy_b0, 1: __ivy_b1 } => {
                    Item::Pair {
                        0: <T as ::ivy::tree::TreeMap<
                            __IvyL,
                            __IvyM,
                        >>::map_ref(__ivy_b0, __ivy_f),
                        1: <T as ::ivy::tree::TreeMap<
                            __IvyL,
                            __IvyM,
                        >>::map_ref(__ivy_b1, __ivy_f),
                    }
                }
                Item::Point { x: __ivy_b0, y: __ivy_b1 } => {
                    Item::Point {
                        x: <T as ::ivy::tree::TreeMap<
                            __IvyL,
                            __IvyM,
                        >>::map_ref(__ivy_b0, __ivy_f),
                        y: <T as ::ivy::tree::TreeMap<
                            __IvyL,
                            __IvyM,
                        >>::map_ref(__ivy_b1, __ivy_f),
                    }
                }
            }
        }
        #[allow(unused_variables)]
        fn try_map_ref<
            __IvyE: ::core::convert::From<::ivy::tree::__private::Error>,
            __IvyF: ::core::ops::FnMut(&__IvyL) -> ::core::result::Result<__IvyM, __IvyE>,
        >(&self, __ivy_f: &mut __IvyF) -> ::core::result::Result<Self::Output, __IvyE> {
            ::core::result::Result::Ok(
                match self {
                    Item::Empty {} => Item::Empty {},
                    Item::Leaf { 0: __ivy_b0 } => {
                        Item::Leaf {
                            0: <T as ::ivy::tree::TreeMap<
                                __IvyL,
                                __IvyM,
                            >>::try_map_ref(__ivy_b0, __ivy_f)?,
                        }
                    }
                    Item::Pair { 0: __ivy_b0, 1: __ivy_b1 } => {
                        Item::Pair {
                            0: <T as ::ivy::tree::TreeMap<
                                __IvyL,
                                __IvyM,
                            >>::try_map_ref(__ivy_b0, __ivy_f)?,
                            1: <T as ::ivy::tree::TreeMap<
                                __IvyL,
                                __IvyM,
                            >>::try_map_ref(__ivy_b1, __ivy_f)?,
                        }
                    }
                    Item::Point { x: __ivy_b0, y: __ivy_b1 } => {
                        Item::Point {
                            x: <T as ::ivy::tree::TreeMap<
                                __IvyL,
                                __IvyM,
                            >>::try_map_ref(__ivy_b0, __ivy_f)?,
                            y: <T as ::ivy::tree::TreeMap<
                                __IvyL,
                                __IvyM,
                            >>::try_map_ref(__ivy_b1, __ivy_f)?,
                        }
                    }
                },
            )
        }
    }
};

// #[derive(Tree)] #[tree(transparent)] struct Params(Vec<f64>);
#[allow(non_upper_case_globals, unreachable_code, dead_code, clippy::all)]
const _: () = {
    #[automatically_derived]
    impl<__IvyL> ::ivy::tree::Tree<__IvyL> for Params
    where
        Vec<f64>: ::ivy::tree::Tree<__IvyL>,
    {
        #[inline]
        #[allow(unused_variables)]
        fn flatten_into<'__ivy_a, __IvyS: ::ivy::tree::Sink<'__ivy_a, __IvyL>>(
            &'__ivy_a self,
            __ivy_sink: &mut __IvyS,
        )
        where
            __IvyL: '__ivy_a,
        {
            match self {
                Params { 0: __ivy_b0 } => {
                    <Vec<
                        f64,
                    > as ::ivy::tree::Tree<__IvyL>>::flatten_into(__ivy_b0, __ivy_sink)
                }
            }
        }
        fn unflatten_from<__IvyS: ::ivy::tree::Source<__IvyL>>(
            __ivy_src: &mut __IvyS,
        ) -> ::ivy::tree::__private::Result<Self> {
            let __ivy_which: usize = match __ivy_src.peek_node() {
                ::core::option::Option::Some(__ivy_peeked) => {
                    let __ivy_next = &__ivy_peeked;
                    if <Vec<f64> as ::ivy::tree::Tree<__IvyL>>::accepts(__ivy_next) {
                        0usize
                    } else {
                        usize::MAX
                    }
                }
                ::core::option::Option::None => usize::MAX,
            };
            let __ivy_value = match __ivy_which {
                0usize => {
                    let __ivy_f0: Vec<f64> = <Vec<
                        f64,
                    > as ::ivy::tree::Tree<__IvyL>>::unflatten_from(__ivy_src)?;
                    Params { 0: __ivy_f0 }
                }
                _ => {
                    return ::core::result::Result::Err(
                        __ivy_src
                            .unexpected("a node that a variant of `Params` stands for"),
                    );
                }
            };
            ::core::result::Result::Ok(__ivy_value)
        }
        #[inline]
        #[allow(unused_variables)]
        fn for_each_mut<__IvyF: ::core::ops::FnMut(&mut __IvyL)>(
            &mut self,
            __ivy_f: &mut __IvyF,
        ) {
            match self {
                Params { 0: __ivy_b0 } => {
                    <Vec<
                        f64,
                    > as ::ivy::tree::Tree<__IvyL>>::for_each_mut(__ivy_b0, __ivy_f);
                }
            }
        }
        #[inline]
        #[allow(unused_variables)]
        fn accepts(__ivy_next: &::ivy::tree::Peek<'_>) -> bool {
            <Vec<f64> as ::ivy::tree::Tree<__IvyL>>::accepts(__ivy_next)
        }
    }
    #[automatically_derived]
    impl<__IvyL, __IvyM> ::ivy::tree::TreeMap<__IvyL, __IvyM> for Params
    where
        Vec<f64>: ::ivy::tree::TreeMap<__IvyL, __IvyM, Output = Vec<f64>>,
    {
        type Output = Params;
        #[inline]
        #[allow(unused_variables)]
        fn map_ref<__IvyF: ::core::ops::FnMut(&__IvyL) -> __IvyM>(
            &self,
            __ivy_f: &mut __IvyF,
        ) -> Self::Output {
            match self {
                Params { 0: __ivy_b0 } => {
                    Params {
                        0: <Vec<
                            f64,
                        > as ::ivy::tree::TreeMap<
                            __IvyL,
                            __IvyM,
                        >>::map_ref(__ivy_b0, __ivy_f),
                    }
                }
            }
        }
        #[allow(unused_variables)]
        fn try_map_ref<
            __IvyE: ::core::convert::From<::ivy::tree::__private::Error>,
            __IvyF: ::core::ops::FnMut(&__IvyL) -> ::core::result::Result<__IvyM, __IvyE>,
        >(&self, __ivy_f: &mut __IvyF) -> ::core::result::Result<Self::Output, __IvyE> {
            ::core::result::Result::Ok(
                match self {
                    Params { 0: __ivy_b0 } => {
                        Params {
                            0: <Vec<
                                f64,
                            > as ::ivy::tree::TreeMap<
                                __IvyL,
                                __IvyM,
                            >>::try_map_ref(__ivy_b0, __ivy_f)?,
                        }
                    }
                },
            )
        }
    }
};

// #[derive(Tree)] #[tree(leaf)] struct Meters(f64);
#[automatically_derived]
impl ::ivy::tree::Tree<Meters> for Meters {
    #[inline]
    fn flatten_into<'__ivy_a, __IvyS: ::ivy::tree::Sink<'__ivy_a, Meters>>(
        &'__ivy_a self,
        __ivy_sink: &mut __IvyS,
    )
    where
        Meters: '__ivy_a,
    {
        __ivy_sink.leaf(self)
    }
    #[inline]
    fn unflatten_from<__IvyS: ::ivy::tree::Source<Meters>>(
        __ivy_src: &mut __IvyS,
    ) -> ::ivy::tree::__private::Result<Self> {
        __ivy_src.leaf()
    }
    #[inline]
    fn for_each_mut<__IvyF: ::core::ops::FnMut(&mut Meters)>(
        &mut self,
        __ivy_f: &mut __IvyF,
    ) {
        __ivy_f(self)
    }
    #[inline]
    fn accepts(__ivy_next: &::ivy::tree::Peek<'_>) -> bool {
        __ivy_next.kind() == ::ivy::tree::NodeKind::Leaf
    }
    #[inline]
    fn flatten_list<'__ivy_a, __IvyS: ::ivy::tree::Sink<'__ivy_a, Meters>>(
        __ivy_items: &'__ivy_a [Self],
        __ivy_sink: &mut __IvyS,
    )
    where
        Meters: '__ivy_a,
    {
        __ivy_sink.leaf_list(__ivy_items)
    }
    #[inline]
    fn unflatten_list<__IvyS: ::ivy::tree::Source<Meters>>(
        __ivy_src: &mut __IvyS,
        __ivy_len: ::core::option::Option<usize>,
    ) -> ::ivy::tree::__private::Result<::std::vec::Vec<Self>> {
        __ivy_src.leaf_list(__ivy_len)
    }
}
#[automatically_derived]
impl<__IvyM> ::ivy::tree::TreeMap<Meters, __IvyM> for Meters {
    type Output = __IvyM;
    #[inline]
    fn map_ref<__IvyF: ::core::ops::FnMut(&Meters) -> __IvyM>(
        &self,
        __ivy_f: &mut __IvyF,
    ) -> __IvyM {
        __ivy_f(self)
    }
    #[inline]
    fn try_map_ref<
        __IvyE: ::core::convert::From<::ivy::tree::__private::Error>,
        __IvyF: ::core::ops::FnMut(&Meters) -> ::core::result::Result<__IvyM, __IvyE>,
    >(&self, __ivy_f: &mut __IvyF) -> ::core::result::Result<__IvyM, __IvyE> {
        __ivy_f(self)
    }
}

