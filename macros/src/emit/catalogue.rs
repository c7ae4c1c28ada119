//! The catalogue: an `OpInfo` per op, with a dynamic caller and the argument
//! samples the catalogue-driven tests use; for the spec also the `OpId`s and
//! the list of built-in ops.

use super::functional::operand_params;
use super::*;
use ivy_spec::model::{
    CastTarget, Default as PDefault, Differentiable, OpKind, OutRule, Spec, TableMode,
};

/// The `OpInfo` expression of an op, with `id` its `OpId` (if built in).
pub fn op_info(op: &Op, t: &Target, id: Option<u16>) -> TokenStream {
    let k = &t.krate;
    let c = quote!(#k::catalogue);
    let name = &op.name;
    let id = match id {
        Some(i) => quote!(::std::option::Option::Some(#c::OpId(#i))),
        None => quote!(::std::option::Option::None),
    };
    let kind = match op.kind {
        OpKind::Primary => quote!(Primary),
        OpKind::Compositional => quote!(Compositional),
        OpKind::Mixed => quote!(Mixed),
        OpKind::Standalone => quote!(Standalone),
    };
    let category = &op.category;
    let nestability = if op.nestable {
        quote!(Nestable)
    } else if op.container_dependent {
        quote!(ContainerDependent)
    } else {
        quote!(NotNestable)
    };
    let differentiable = match (&op.differentiable, op.kind) {
        (_, OpKind::Standalone) => quote!(NotApplicable),
        (Differentiable::Yes, _) => quote!(Yes),
        (Differentiable::No, _) => quote!(No),
        (Differentiable::Unstated, _) => quote!(Derived),
    };
    let convenience = op.convenience;
    let dtypes = op.dtypes.0;
    let derived = !op.dtypes_given && op.kind == OpKind::Compositional;
    // The casts of the parameter whose dtype the op's dtypes are about.
    let checked = super::functional::checked_param(op).map(|p| p.name.clone());
    let casts = op.casts.iter().filter(|c| {
        c.params.is_empty()
            || c.params
                .iter()
                .any(|i| Some(ivy_spec::model::ident_name(i)) == checked)
    });
    let casts = casts.map(|cst| {
        let m = cst.from.0;
        let t = match cst.to {
            CastTarget::Float => quote!(Float),
            CastTarget::Int => quote!(Int),
            CastTarget::Bool => quote!(Bool),
            CastTarget::Complex => quote!(Complex),
        };
        quote!((#k::DtypeSet::from_bits(#m), #c::CastTarget::#t))
    });
    let out = match op.out {
        OutRule::Same => quote!(Same),
        OutRule::Bool => quote!(Bool),
        OutRule::Real => quote!(Real),
        OutRule::DtypeParam => quote!(DtypeParam),
        OutRule::Index => quote!(Index),
        OutRule::SameEach => quote!(SameEach),
        OutRule::Custom => quote!(Custom),
    };
    let callees = &op.callees;
    let params = op.params.iter().map(|p| {
        let n = &p.name;
        let kind = if p.kind == ParamKind::Verbatim {
            let ty = &p.ty;
            quote!(#ty).to_string().replace(' ', "")
        } else {
            p.kind.spelling()
        };
        let default = match &p.default {
            Some(PDefault::None) => quote!(::std::option::Option::Some("None")),
            Some(PDefault::Expr(e)) => {
                let s = quote!(#e).to_string();
                quote!(::std::option::Option::Some(#s))
            }
            None => quote!(::std::option::Option::None),
        };
        quote!(#c::ParamInfo { name: #n, kind: #kind, default: #default })
    });
    let returns = match &op.ret {
        ivy_spec::model::Ret::Array => "Array".to_string(),
        ivy_spec::model::Ret::List => "Vec<Array>".to_string(),
        ivy_spec::model::Ret::Tuple(n) => format!("({})", vec!["Array"; *n].join(", ")),
        ivy_spec::model::Ret::Verbatim(t) => quote!(#t).to_string().replace(' ', ""),
    };
    let summary = op.summary();
    let tables = op.tables.iter().map(|tb| {
        let backend = tb.backend.as_ref().map(|b| b.value()).unwrap_or_default();
        let supported = tb.mode == TableMode::Supported;
        let rows = tb.rows.iter().map(|(key, m)| {
            let m = m.0;
            quote!((#key, #k::DtypeSet::from_bits(#m)))
        });
        quote!(#c::SpecTable { backend: #backend, supported: #supported, rows: &[#(#rows),*] })
    });
    let device_tables = op.device_tables.iter().map(|tb| {
        let backend = tb.backend.as_ref().map(|b| b.value()).unwrap_or_default();
        let supported = tb.mode == TableMode::Supported;
        let rows = tb.rows.iter().map(|(key, b)| quote!((#key, #k::DeviceSet::from_bits(#b))));
        quote!(#c::SpecDeviceTable { backend: #backend, supported: #supported, rows: &[#(#rows),*] })
    });
    let (call, sample) = if op.kind == OpKind::Standalone {
        (
            quote!(::std::option::Option::None),
            quote!(::std::option::Option::None),
        )
    } else {
        let call = call_fn(op, t);
        let sample = sample_fn(op, t);
        (
            quote!(::std::option::Option::Some(#call)),
            quote!(::std::option::Option::Some(#sample)),
        )
    };
    let call_nested = if op.kind != OpKind::Standalone
        && op.nestable
        && op
            .required()
            .any(|p| matches!(p.kind, ParamKind::Array | ParamKind::Arrays))
    {
        let f = call_nested_fn(op, t);
        quote!(::std::option::Option::Some(#f))
    } else {
        quote!(::std::option::Option::None)
    };
    quote! {
        #c::OpInfo {
            name: #name,
            id: #id,
            kind: #c::OpKind::#kind,
            category: #category,
            nestability: #c::Nestability::#nestability,
            differentiable: #c::Differentiability::#differentiable,
            convenience: #convenience,
            dtypes: #k::DtypeSet::from_bits(#dtypes),
            derived_dtypes: #derived,
            casts: &[#(#casts),*],
            out: #c::OutRule::#out,
            callees: &[#(#callees),*],
            params: &[#(#params),*],
            returns: #returns,
            summary: #summary,
            tables: &[#(#tables),*],
            device_tables: &[#(#device_tables),*],
            call: #call,
            call_nested: #call_nested,
            sample: #sample,
        }
    }
}

/// The pieces of a dynamic call: the statements that check the arguments
/// and bind them (`__a_<name>`), and the argument expressions.
struct CallParts {
    prelude: TokenStream,
    args: Vec<TokenStream>,
}

fn call_parts(op: &Op, t: &Target) -> CallParts {
    let k = &t.krate;
    let op_name = &op.name;
    let mut lets = Vec::new();
    let mut args = Vec::new();
    for (i, p) in op.required().enumerate() {
        let name = format_ident!("__a_{}", p.name);
        let pn = &p.name;
        let ty = match &p.kind {
            ParamKind::Array => quote!(#k::Array),
            ParamKind::Arrays => quote!(::std::vec::Vec<#k::Array>),
            other => api_type(other, k),
        };
        lets.push(quote!(let #name: #ty = __args.get(#op_name, #i, #pn)?;));
        args.push(match &p.kind {
            ParamKind::Array => quote!(&#name),
            _ => quote!(#name),
        });
    }
    let req = op.required().map(|p| &p.name);
    let kw = op.optional().map(|p| &p.name);
    CallParts {
        prelude: quote! {
            __args.expect(#op_name, &[#(#req),*], &[#(#kw),*])?;
            #(#lets)*
        },
        args,
    }
}

/// The call of the op (with its keyword arguments from `__args`) on `args`.
fn call_expr(op: &Op, t: &Target, args: &[TokenStream]) -> TokenStream {
    let k = &t.krate;
    let op_name = &op.name;
    let name = super::ident(&op.name, op.ident.span());
    let path = if t.builtin {
        quote!(crate::#name)
    } else {
        quote!(#name)
    };
    if !has_opts(op) {
        return quote!(#path(#(#args),*));
    }
    let with = with_ident(op);
    let with_path = if t.builtin {
        quote!(crate::#with)
    } else {
        quote!(#with)
    };
    let opts_path = opts_path(op, t);
    let sets = op.optional().map(|p| {
        let f = &p.ident;
        let pn = &p.name;
        let ty = match (&p.kind, &p.default) {
            (ParamKind::Option(inner), Some(PDefault::None)) => api_type(inner, k),
            (ParamKind::Option(inner), _) => {
                let a = api_type(inner, k);
                quote!(::std::option::Option<#a>)
            }
            (kind, _) => api_type(kind, k),
        };
        quote! {
            if let ::std::option::Option::Some(v) = __args.get_keyword::<#ty>(#op_name, #pn)? {
                __opts.#f = ::std::option::Option::Some(v);
            }
        }
    });
    quote! {
        {
            let mut __opts = #opts_path::new();
            #(#sets)*
            #with_path(#(#args,)* __opts)
        }
    }
}

/// A closure-free function item that runs the op from `CallArgs`.
fn call_fn(op: &Op, t: &Target) -> TokenStream {
    let k = &t.krate;
    let c = quote!(#k::catalogue);
    let CallParts { prelude, args } = call_parts(op, t);
    let body = call_expr(op, t, &args);
    quote! {
        {
            fn __call(__args: &#c::CallArgs) -> #k::Result<::std::vec::Vec<#k::Array>> {
                #prelude
                let __out = #body?;
                ::std::result::Result::Ok(#c::IntoOutputs::into_outputs(__out))
            }
            __call
        }
    }
}

/// A function item that runs the op from `CallArgs` with a container in
/// place of its `pos`-th array parameter (operand or list; a list becomes
/// the container repeated as many times as the list has arrays).
fn call_nested_fn(op: &Op, t: &Target) -> TokenStream {
    let k = &t.krate;
    let c = quote!(#k::catalogue);
    let op_name = &op.name;
    let CallParts { prelude, args } = call_parts(op, t);
    let operand_slots: Vec<usize> = op
        .required()
        .enumerate()
        .filter(|(_, p)| matches!(p.kind, ParamKind::Array | ParamKind::Arrays))
        .map(|(i, _)| i)
        .collect();
    let n = operand_slots.len();
    let params: Vec<&Param> = op.required().collect();
    let arms = operand_slots.iter().enumerate().map(|(j, &slot)| {
        let mut args = args.clone();
        args[slot] = if params[slot].kind == ParamKind::Arrays {
            let list = format_ident!("__a_{}", params[slot].name);
            quote!(::std::vec![__c; #list.len()])
        } else {
            quote!(__c)
        };
        let body = call_expr(op, t, &args);
        quote!(#j => #c::IntoContainers::into_containers(#body?),)
    });
    quote! {
        {
            fn __call_nested(
                __args: &#c::CallArgs,
                __pos: usize,
                __c: &#k::Container,
            ) -> #k::Result<::std::vec::Vec<#k::Container>> {
                #prelude
                ::std::result::Result::Ok(match __pos {
                    #(#arms)*
                    _ => return ::std::result::Result::Err(#k::Error::invalid(
                        #op_name,
                        ::std::format!("operand position {} out of range: the op has {} array parameters", __pos, #n),
                    )),
                })
            }
            __call_nested
        }
    }
}

/// The arguments of a sample call on inputs of a dtype.
fn sample_fn(op: &Op, t: &Target) -> TokenStream {
    let k = &t.krate;
    let c = quote!(#k::catalogue);
    let p = quote!(#k::__private);
    let args = op.required().map(|prm| {
        let given = op.sample(&prm.name);
        // An array sample is a shape, or `(shape, dtype)` to fix its dtype.
        if let (ParamKind::Array, Some(syn::Expr::Tuple(t))) = (&prm.kind, given)
            && t.elems.len() == 2
        {
            let shape = &t.elems[0];
            let d = &t.elems[1];
            let d = quote!(#d).to_string();
            return quote!(#p::sample_array(#d.parse::<#k::Dtype>().unwrap_or(__dtype), &#shape));
        }
        match (&prm.kind, given) {
            (ParamKind::Array, Some(shape)) => quote!(#p::sample_array(__dtype, &#shape)),
            (ParamKind::Array, None) => quote!(#p::sample_array(__dtype, &[2, 2])),
            (ParamKind::Arrays, Some(shape)) => {
                quote!(::std::vec![#p::sample_array(__dtype, &#shape), #p::sample_array(__dtype, &#shape)])
            }
            (ParamKind::Arrays, None) => {
                quote!(::std::vec![#p::sample_array(__dtype, &[2, 2]), #p::sample_array(__dtype, &[2, 2])])
            }
            (_, Some(e)) => quote!(#e),
            (ParamKind::Dtype, None) => quote!(__dtype),
            (ParamKind::Shape, None) => quote!([2usize, 2]),
            (ParamKind::Axis | ParamKind::NewAxis | ParamKind::Int, None) => quote!(0i64),
            (ParamKind::Axes | ParamKind::Ints, None) => quote!([0i64]),
            (ParamKind::Permutation, None) => quote!([1i64, 0]),
            (ParamKind::Splits, None) => quote!(#k::Splits::Sections(2)),
            (ParamKind::Contraction, None) => quote!(#k::Contraction::Count(2)),
            (ParamKind::Padding, None) => quote!(#k::Padding::from("VALID")),
            (ParamKind::Index, None) => quote!(#k::Index::from(0i64)),
            (ParamKind::Device, None) => quote!(#k::Device::Cpu),
            (ParamKind::Scalar, None) => quote!(1i64),
            (ParamKind::Bool, None) => quote!(false),
            (ParamKind::Float, None) => quote!(0.5f64),
            (ParamKind::Usize, None) => quote!(2usize),
            (ParamKind::Container, None) => quote!(#k::Container::new()),
            (_, None) => quote!(#c::Value::None),
        }
    });
    quote! {
        {
            #[allow(unused_variables)]
            fn __sample(__dtype: #k::Dtype) -> #c::CallArgs {
                #c::CallArgs::new() #(.arg(#args))*
            }
            __sample
        }
    }
}

/// The catalogue module of the spec: ids, one static `OpInfo` per op, and the
/// list of all built-in ops.
pub fn catalogue_module(spec: &Spec, t: &Target) -> TokenStream {
    let k = &t.krate;
    let c = quote!(#k::catalogue);
    let ops: Vec<&Op> = spec.ops().collect();
    let n = ops.len();
    let ids = ops.iter().enumerate().map(|(i, op)| {
        let id = id_ident(op);
        let i = i as u16;
        let d = doc(&format!("The id of `{}`.", op.name));
        quote!(#d pub const #id: #c::OpId = #c::OpId(#i);)
    });
    let infos = ops.iter().enumerate().map(|(i, op)| {
        let id = id_ident(op);
        let info = op_info(op, t, Some(i as u16));
        let d = doc(&format!("The catalogue entry of `{}`.", op.name));
        quote!(#d pub static #id: #c::OpInfo = #info;)
    });
    let list = ops.iter().map(|op| {
        let id = id_ident(op);
        quote!(&builtin::#id)
    });
    let _ = operand_params;
    quote! {
        #[doc(hidden)]
        pub mod __catalogue {
            /// `OpId`s of the built-in ops, by name in capitals.
            pub mod ids {
                #(#ids)*
            }
            /// The catalogue entry of each built-in op, by name in capitals.
            pub mod builtin {
                #(#infos)*
            }
            /// Number of built-in ops.
            pub const N_OPS: usize = #n;
            /// Every built-in op, in spec order (index = `OpId`).
            pub static BUILTIN: [&'static #c::OpInfo; #n] = [#(#list),*];
        }
    }
}
