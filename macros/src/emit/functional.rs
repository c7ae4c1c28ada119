//! The functional API: `ivy::<op>`, `ivy::<op>_with`, and the leaf function
//! that resolves arguments, checks dtypes and calls the kernel or the body.
//!
//! The leaf runs these steps, each emitted only when the op needs it:
//!
//! 1. the backend: the one all array arguments live on (an error names both
//!    if they differ), else the current backend;
//! 2. array arguments: promotion (`#[promote]`), scalars made arrays;
//! 3. the op's dtype domain, on the input dtype;
//! 4. input casts (`#[cast]`);
//! 5. keyword arguments: the given value or the default expression, in order;
//! 6. for a kernel: axes normalised, the kernel dtype checked against the
//!    backend's resolved table (one mask test), and the kernel called behind a
//!    panic guard; for a body: the body, with the arguments as it declared them;
//! 7. for a kernel, if an array argument is traced by a gradient function,
//!    the call recorded in the gradient graph ([`super::gradients`]).

use super::*;
use ivy_spec::model::{CastTarget, Default as PDefault, OpKind};

/// Everything of one op in its category module: the public functions and the
/// private leaf (and body) functions.
pub fn op_items(op: &Op, t: &Target) -> TokenStream {
    if op.kind == OpKind::Standalone {
        return standalone_fn(op, t);
    }
    let public = public_fns(op, t);
    let leaf = leaf_fn(op, t);
    let nested = nested_fn(op, t);
    let body = body_fn(op, t);
    let gradients = super::gradients::gradient_fns(op, t);
    quote!(#public #leaf #nested #body #gradients)
}

/// The array parameters passed positionally (nestable operands).
pub fn operand_params(op: &Op) -> Vec<&Param> {
    op.required()
        .filter(|p| p.kind == ParamKind::Array)
        .collect()
}

fn leaf_ident(op: &Op) -> Ident {
    format_ident!("__leaf_{}", op.name)
}

fn nested_ident(op: &Op) -> Ident {
    format_ident!("__nested_{}", op.name)
}

fn body_ident(op: &Op) -> Ident {
    format_ident!("__body_{}", op.name)
}

/// The optional array parameters (keyword arguments of kind
/// `Option<Array>`, held in the options as `ArrayLike`s).
pub fn opt_array_params(op: &Op) -> Vec<&Param> {
    op.optional()
        .filter(|p| matches!(&p.kind, ParamKind::Option(inner) if **inner == ParamKind::Array))
        .collect()
}

/// `let x_min = kwarg_leaf(..)?;` for each optional array parameter: its
/// leaf on the array-only path.
fn kwarg_leaf_lets(op: &Op, t: &Target) -> Vec<TokenStream> {
    let k = &t.krate;
    let op_name = &op.name;
    opt_array_params(op)
        .into_iter()
        .map(|prm| {
            let name = &prm.ident;
            let pname = &prm.name;
            quote!(let #name = #k::__private::kwarg_leaf(#op_name, #pname, __opts.#name.as_ref())?;)
        })
        .collect()
}

/// The list parameters (`Arrays`) passed positionally.
pub fn list_params(op: &Op) -> Vec<&Param> {
    op.required()
        .filter(|p| p.kind == ParamKind::Arrays)
        .collect()
}

/// The signature parts shared by `<op>`, `<op>_with` and the methods.
pub struct Sig {
    /// `<X1: Operand, X2: Operand, Xs: ArrayList>`.
    pub generics: TokenStream,
    /// `where (X1, X2, List<Xs>): Operands`.
    pub where_clause: TokenStream,
    /// `x1: X1, x2: X2, shape: impl Into<Shape>`.
    pub params: Vec<TokenStream>,
    /// The argument names, in order.
    pub args: Vec<Ident>,
    /// `Result<Out<(X1, X2, List<Xs>), Array>>`.
    pub ret: TokenStream,
    /// The list parameters' generics with their bounds (`Xs: ArrayList`).
    pub list_generics: Vec<TokenStream>,
}

/// The bound of a list parameter's generic: any list for a nestable op, a
/// list of arrays for one that is not.
fn list_bound(op: &Op, k: &TokenStream) -> TokenStream {
    if op.nestable {
        quote!(#k::args::ArrayList)
    } else {
        quote!(#k::args::ArrayList<Kind = #k::args::Leaf>)
    }
}

/// The elements of the `Operands` tuple of an op, in parameter order:
/// an operand's generic, or `List<Xs>` for a list; `first` (an operand)
/// written as `self_ty` (for methods).
pub fn kind_args(op: &Op, k: &TokenStream, self_: Option<(&str, TokenStream)>) -> Vec<TokenStream> {
    op.required()
        .filter_map(|p| match p.kind {
            ParamKind::Array => Some(match &self_ {
                Some((name, ty)) if p.name == *name => ty.clone(),
                _ => {
                    let t = operand_ty(p);
                    quote!(#t)
                }
            }),
            ParamKind::Arrays => {
                let t = operand_ty(p);
                Some(quote!(#k::args::List<#t>))
            }
            _ => None,
        })
        .collect()
}

/// The public signature of an op (without the options argument).
pub fn signature(op: &Op, t: &Target) -> Sig {
    let k = &t.krate;
    let operands = operand_params(op);
    let tys: Vec<Ident> = operands.iter().map(|p| operand_ty(p)).collect();
    // A nestable op takes any operand; one that is not takes arrays and
    // scalars only, with a message that says so for a container.
    let bound = operand_bound(op, k);
    let lbound = list_bound(op, k);
    let list_generics: Vec<TokenStream> = list_params(op)
        .iter()
        .map(|p| {
            let t = operand_ty(p);
            quote!(#t: #lbound)
        })
        .collect();
    let all_generics: Vec<TokenStream> = tys
        .iter()
        .map(|t| quote!(#t: #bound))
        .chain(list_generics.iter().cloned())
        .collect();
    let generics = if all_generics.is_empty() {
        quote!()
    } else {
        quote!(<#(#all_generics),*>)
    };
    let ret_inner = ret_type(&op.ret, k);
    let kinds = kind_args(op, k, None);
    let (where_clause, ret) = if kinds.is_empty() || !op.nestable {
        (quote!(), quote!(#k::Result<#ret_inner>))
    } else {
        (
            quote!(where (#(#kinds,)*): #k::Operands),
            quote!(#k::Result<#k::Out<(#(#kinds,)*), #ret_inner>>),
        )
    };
    let mut params = Vec::new();
    let mut args = Vec::new();
    for p in op.required() {
        let name = &p.ident;
        let ty = if matches!(p.kind, ParamKind::Array | ParamKind::Arrays) {
            let ty = operand_ty(p);
            quote!(#ty)
        } else {
            positional_type(&p.kind, k)
        };
        params.push(quote!(#name: #ty));
        args.push(p.ident.clone());
    }
    Sig {
        generics,
        where_clause,
        params,
        args,
        ret,
        list_generics,
    }
}

fn public_fns(op: &Op, t: &Target) -> TokenStream {
    let k = &t.krate;
    let name = super::ident(&op.name, op.ident.span());
    let with = with_ident(op);
    let Sig {
        generics,
        where_clause,
        params,
        args,
        ret,
        ..
    } = signature(op, t);
    let docs = doc_attrs(&op.docs, t);
    let dispatch = dispatch(op, t);
    if !has_opts(op) {
        return quote! {
            #docs
            #[inline]
            pub fn #name #generics (#(#params),*) -> #ret #where_clause {
                let __opts = ();
                #dispatch
            }
        };
    }
    let opts = opts_path(op, t);
    let with_docs = with_docs(op, t);
    let _ = k;
    quote! {
        #docs
        #[inline]
        pub fn #name #generics (#(#params),*) -> #ret #where_clause {
            #with(#(#args,)* #opts::new())
        }

        #with_docs
        #[inline]
        pub fn #with #generics (#(#params,)* opts: #opts) -> #ret #where_clause {
            let __opts = &opts;
            #dispatch
        }
    }
}

fn with_docs(op: &Op, t: &Target) -> TokenStream {
    let opts = opts_ident(op, t).to_string();
    let opts_text = if t.builtin {
        format!("ivy::opts::{opts}")
    } else {
        opts.clone()
    };
    let opts_link = if t.builtin {
        format!("crate::opts::{opts}")
    } else {
        opts.clone()
    };
    let mut lines = vec![
        format!(
            "[`{}`](fn@{}) with keyword arguments, given as an [`{opts}`]({opts_link}).",
            op.name, op.name
        ),
        String::new(),
    ];
    lines.push("Keyword arguments and their defaults:".into());
    lines.push(String::new());
    for p in op.optional() {
        let d = match &p.default {
            Some(PDefault::None) => "`None`".to_string(),
            Some(PDefault::Expr(e)) => format!(
                "`{}`",
                quote!(#e)
                    .to_string()
                    .replace(" . ", ".")
                    .replace(" (", "(")
            ),
            None => String::new(),
        };
        lines.push(format!("- `{}` ({}): {}", p.name, p.kind.spelling(), d));
    }
    let mut ex = vec!["```".to_string()];
    let args: Vec<String> = op.required().map(|p| example_value(op, p)).collect();
    let setter = op
        .optional()
        .next()
        .map(|p| {
            let v = match &p.kind {
                ParamKind::Option(inner) => example_value(
                    op,
                    &Param {
                        kind: (**inner).clone(),
                        ..p.clone()
                    },
                ),
                _ => example_value(op, p),
            };
            format!(".{}({v})", p.name)
        })
        .unwrap_or_default();
    let call_args = if args.is_empty() {
        String::new()
    } else {
        format!("{}, ", args.join(", "))
    };
    let fn_text = format!("ivy::{}_with", op.name);
    ex.push(format!(
        "let r = {fn_text}({call_args}{opts_text}::new(){setter});"
    ));
    ex.push("assert!(r.is_ok(), \"{r:?}\");".into());
    ex.push("# Ok::<(), ivy::Error>(())".into());
    ex.push("```".into());
    let docs = doc_attrs(&lines, t);
    let ex = example_attrs(&ex, t);
    quote!(#docs #[doc = ""] #ex)
}

/// The body of `<op>` / `<op>_with`: convert positional arguments, then map
/// the leaf function over the operands' kind.
fn dispatch(op: &Op, t: &Target) -> TokenStream {
    let k = &t.krate;
    let leaf = leaf_ident(op);
    let operands = operand_params(op);
    let lists = list_params(op);
    let op_name = &op.name;
    let mut prep = Vec::new();
    // Lists become vectors of arrays on the array-only path (inside the
    // dispatch for a nestable op, where a list of containers goes elsewhere).
    let mut list_prep = Vec::new();
    let mut leaf_args = Vec::new();
    for p in op.required() {
        let name = &p.ident;
        match &p.kind {
            ParamKind::Array => leaf_args.push(quote!(#name)),
            ParamKind::Arrays => {
                list_prep.push(quote!(let #name: ::std::vec::Vec<#k::Array> = #k::args::ArrayList::to_arrays(&#name, #op_name)?;));
                leaf_args.push(quote!(&#name));
            }
            ParamKind::Dtype | ParamKind::Device | ParamKind::Bool | ParamKind::Usize => {
                leaf_args.push(quote!(#name));
            }
            ParamKind::Container => {
                prep.push(
                    quote!(let #name: &#k::Container = ::std::borrow::Borrow::borrow(&#name);),
                );
                leaf_args.push(quote!(#name));
            }
            kind => {
                let ty = api_type(kind, k);
                prep.push(quote!(let #name: #ty = ::std::convert::Into::into(#name);));
                if matches!(
                    kind,
                    ParamKind::Axis
                        | ParamKind::NewAxis
                        | ParamKind::Int
                        | ParamKind::Float
                        | ParamKind::Scalar
                ) {
                    leaf_args.push(quote!(#name));
                } else {
                    leaf_args.push(quote!(&#name));
                }
            }
        }
    }
    let call_opts = if has_opts(op) {
        quote!(__opts)
    } else {
        quote!(&())
    };
    let kw_lets = kwarg_leaf_lets(op, t);
    let kw_args: Vec<&Ident> = opt_array_params(op).iter().map(|p| &p.ident).collect();
    if operands.is_empty() && (lists.is_empty() || !op.nestable) {
        return quote! {
            #(#prep)*
            #(#list_prep)*
            #(#kw_lets)*
            #leaf(#(#leaf_args,)* #(#kw_args,)* #call_opts)
        };
    }
    let ops: Vec<&Ident> = operands.iter().map(|p| &p.ident).collect();
    if !op.nestable {
        let lets = ops
            .iter()
            .map(|o| quote!(let #o = #k::ArrayOperand::operand(&#o);));
        return quote! {
            #(#prep)*
            #(#list_prep)*
            #(#lets)*
            #(#kw_lets)*
            #leaf(#(#leaf_args,)* #(#kw_args,)* #call_opts)
        };
    }
    // The leaf path binds each operand's leaf (a no-op match once inlined)
    // and each list's arrays; the nested path hands the nodes (in parameter
    // order, a list's elements in its place) to `__nested_<op>`, one
    // non-generic function per op.
    let kinds = kind_args(op, k, None);
    let nested = nested_ident(op);
    let lets = ops
        .iter()
        .map(|o| quote!(let #o = #k::Operand::node(&#o).leaf(#op_name)?;));
    let other_args: Vec<&TokenStream> = op
        .required()
        .zip(&leaf_args)
        .filter(|(p, _)| !matches!(p.kind, ParamKind::Array | ParamKind::Arrays))
        .map(|(_, a)| a)
        .collect();
    let nested_call = if lists.is_empty() {
        quote!(#nested([#(#k::Operand::node(&#ops)),*], #(#other_args,)* #call_opts))
    } else {
        let lens: Vec<Ident> = lists
            .iter()
            .map(|p| format_ident!("__len_{}", p.name))
            .collect();
        let pushes = op.required().filter_map(|prm| {
            let name = &prm.ident;
            match prm.kind {
                ParamKind::Array => Some(quote!(__nodes.push(#k::Operand::node(&#name));)),
                ParamKind::Arrays => {
                    let len = format_ident!("__len_{}", prm.name);
                    Some(quote! {
                        let #len = __nodes.len();
                        #k::args::ArrayList::push_nodes(&#name, &mut __nodes);
                        let #len = __nodes.len() - #len;
                    })
                }
                _ => None,
            }
        });
        quote! {{
            let mut __nodes: ::std::vec::Vec<#k::Node<'_>> = ::std::vec::Vec::new();
            #(#pushes)*
            #nested(&__nodes, [#(#lens),*], #(#other_args,)* #call_opts)
        }}
    };
    quote! {
        #(#prep)*
        <<(#(#kinds,)*) as #k::Operands>::Kind as #k::args::Kind>::dispatch(
            || {
                #(#lets)*
                #(#list_prep)*
                #(#kw_lets)*
                #leaf(#(#leaf_args,)* #(#kw_args,)* #call_opts)
            },
            || #nested_call,
        )
    }
}

/// The parameters of the leaf function: operands as `OperandRef`, the
/// others as the public function converted them.
fn leaf_params(op: &Op, t: &Target) -> Vec<(Ident, TokenStream)> {
    let k = &t.krate;
    op.required()
        .map(|prm| {
            let ty = match &prm.kind {
                ParamKind::Array => quote!(#k::args::OperandRef<'_>),
                ParamKind::Arrays => quote!(&[#k::Array]),
                ParamKind::Dtype => quote!(#k::Dtype),
                ParamKind::Device => quote!(#k::Device),
                ParamKind::Bool => quote!(bool),
                ParamKind::Usize => quote!(usize),
                ParamKind::Str => quote!(&str),
                kind @ (ParamKind::Axis
                | ParamKind::NewAxis
                | ParamKind::Int
                | ParamKind::Float
                | ParamKind::Scalar) => api_type(kind, k),
                kind => {
                    let t = api_type(kind, k);
                    quote!(&#t)
                }
            };
            (prm.ident.clone(), ty)
        })
        .collect()
}

pub fn opts_param_ty(op: &Op, t: &Target) -> TokenStream {
    if has_opts(op) {
        let o = opts_path(op, t);
        quote!(&#o)
    } else {
        quote!(&())
    }
}

/// The nested function of a nestable op: the leaf function mapped over the
/// containers among the operands and the lists' elements, with the
/// shared-nested-structure rule ([`Container::cont_multi_map`]), the result
/// split per output.
///
/// Without lists the nodes are a fixed-size array, one per operand, matched
/// by pattern at each leaf. With lists they come in parameter order, a
/// list's elements (`__lens` of each list) in its place, and at each leaf
/// the lists are rebuilt as vectors.
fn nested_fn(op: &Op, t: &Target) -> TokenStream {
    let operands = operand_params(op);
    let lists = list_params(op);
    if !op.nestable || (operands.is_empty() && lists.is_empty()) {
        return quote!();
    }
    let k = &t.krate;
    let p = quote!(#k::__private);
    let op_name = &op.name;
    let leaf = leaf_ident(op);
    let nested = nested_ident(op);
    let ret = ret_type(&op.ret, k);
    let opts_ty = opts_param_ty(op, t);
    let n = operands.len();
    let n_lists = lists.len();
    let ops: Vec<&Ident> = operands.iter().map(|p| &p.ident).collect();
    let params = leaf_params(op, t);
    let others: Vec<TokenStream> = params
        .iter()
        .zip(op.required())
        .filter(|(_, p)| !matches!(p.kind, ParamKind::Array | ParamKind::Arrays))
        .map(|((name, ty), _)| quote!(#name: #ty))
        .collect();
    let args: Vec<TokenStream> = params
        .iter()
        .zip(op.required())
        .map(|((name, _), p)| {
            if p.kind == ParamKind::Arrays {
                quote!(&#name)
            } else {
                quote!(#name)
            }
        })
        .collect();
    let kws = opt_array_params(op);
    let kw_names: Vec<&Ident> = kws.iter().map(|p| &p.ident).collect();
    // The engine's call (a `Result<Container<R>>`) and the nodes parameter
    // differ with the op's arguments; the function around them does not.
    let (nodes_param, mapped) = if !lists.is_empty() {
        let kw_lets = kwarg_leaf_lets(op, t);
        let mut i = 0usize;
        let takes = op.required().filter_map(|prm| {
            let name = &prm.ident;
            match prm.kind {
                ParamKind::Array => Some(quote! {
                    let (#name, __xs) = #p::take_leaf(#op_name, __xs)?;
                }),
                ParamKind::Arrays => {
                    let at = i;
                    i += 1;
                    Some(quote! {
                        let (#name, __xs) = #p::take_list(#op_name, __xs, __lens[#at])?;
                    })
                }
                _ => None,
            }
        });
        (
            quote!(__nodes: &[#k::Node<'_>], __lens: [usize; #n_lists],),
            quote! {
                #p::map_node_list(#op_name, __nodes, &mut |__xs| {
                    #(#takes)*
                    #(#kw_lets)*
                    #leaf(#(#args,)* #(#kw_names,)* __opts)
                })
            },
        )
    } else if kws.is_empty() {
        (
            quote!(__nodes: [#k::Node<'_>; #n],),
            quote! {
                #p::map_nodes(#op_name, &__nodes, &mut |__xs| {
                    let [#(#k::Node::Leaf(#ops)),*] = *__xs else {
                        return ::std::result::Result::Err(#p::not_a_leaf(#op_name));
                    };
                    #leaf(#(#args,)* __opts)
                })
            },
        )
    } else {
        // Optional array keywords take part as nodes after the operands (a
        // container there maps like an operand); absent ones are `None`.
        let idx = 0..n;
        let all = n + kws.len();
        (
            quote!(__nodes: [#k::Node<'_>; #n],),
            quote! {{
                let __all: [#p::OptNode<'_>; #all] = [
                    #(#p::some_node(__nodes[#idx]),)*
                    #(#p::kwarg_node(__opts.#kw_names.as_ref()),)*
                ];
                #p::map_opt_nodes(#op_name, &__all, &mut |__xs| {
                    let [#(#k::Node::Leaf(::std::option::Option::Some(#ops)),)* #(#k::Node::Leaf(#kw_names)),*] = *__xs else {
                        return ::std::result::Result::Err(#p::not_a_leaf(#op_name));
                    };
                    #leaf(#(#args,)* #(#kw_names,)* __opts)
                })
            }},
        )
    };
    quote! {
        #[allow(clippy::too_many_arguments, unused_variables)]
        #[inline(never)]
        fn #nested(
            #nodes_param
            #(#others,)*
            __opts: #opts_ty,
        ) -> #k::Result<<#ret as #k::Nestable>::Nested> {
            let __results = #mapped?;
            <#ret as #k::Nestable>::unzip(#op_name, __results)
        }
    }
}

/// The leaf function: one call on arrays and scalars.
fn leaf_fn(op: &Op, t: &Target) -> TokenStream {
    let k = &t.krate;
    let p = quote!(#k::__private);
    let leaf = leaf_ident(op);
    let op_name = &op.name;
    let ret = ret_type(&op.ret, k);
    let opts_ty = if has_opts(op) {
        let o = opts_path(op, t);
        quote!(&#o)
    } else {
        quote!(&())
    };

    // Parameters of the leaf: operands as OperandRef, others as converted
    // above, then the optional array arguments' leaves (taken from the
    // options by the caller: on the nested path they differ per leaf).
    let params: Vec<TokenStream> = leaf_params(op, t)
        .into_iter()
        .map(|(name, ty)| quote!(#name: #ty))
        .chain(opt_array_params(op).into_iter().map(|prm| {
            let name = &prm.ident;
            quote!(#name: ::std::option::Option<#k::args::OperandRef<'_>>)
        }))
        .collect();

    let mut steps = Vec::new();

    // 1. The backend.
    let mut operand_exprs = Vec::new();
    let mut list_exprs = Vec::new();
    for prm in &op.params {
        let name = &prm.ident;
        match &prm.kind {
            ParamKind::Array => operand_exprs.push(quote!(::std::option::Option::Some(#name))),
            ParamKind::Option(inner) if **inner == ParamKind::Array => {
                operand_exprs.push(quote!(#name))
            }
            ParamKind::Arrays => list_exprs.push(quote!(#name)),
            _ => {}
        }
    }
    let uses_arrays = !operand_exprs.is_empty() || !list_exprs.is_empty();
    steps.push(quote! {
        let __backend: &'static #k::BackendEntry =
            #p::backend_of(#op_name, [#(#operand_exprs),*], [#(#list_exprs),*])?;
    });

    // 2. Arrays: promotion groups, then each remaining operand made an array.
    let promote: Vec<&Param> = if op.promote.iter().any(|i| i == "__all") {
        op.params
            .iter()
            .filter(|p| p.kind == ParamKind::Array)
            .collect()
    } else {
        op.promote
            .iter()
            .filter_map(|i| op.param(&ivy_spec::model::ident_name(i)))
            .collect()
    };
    let promoted_names: Vec<String> = promote.iter().map(|p| p.name.clone()).collect();
    if !promote.is_empty() {
        let names: Vec<&Ident> = promote.iter().map(|p| &p.ident).collect();
        steps.push(quote! {
            let [#(#names),*] = #p::promote(#op_name, __backend, [#(#names),*])?;
        });
    }
    for prm in &op.params {
        let name = &prm.ident;
        if promoted_names.contains(&prm.name) {
            continue;
        }
        match &prm.kind {
            ParamKind::Array => steps.push(quote!(let #name = #p::to_array(__backend, #name);)),
            ParamKind::Option(inner) if **inner == ParamKind::Array => {
                steps.push(quote!(let #name = #name.map(|x| #p::to_array(__backend, x));));
            }
            ParamKind::Arrays if op.promote.iter().any(|i| i == "__all" || *i == prm.name) => {
                steps.push(quote!(let #name = #p::promote_list(#op_name, __backend, #name)?;));
            }
            _ => {}
        }
    }
    // Bind arrays as the body sees them.
    for prm in &op.params {
        let name = &prm.ident;
        match &prm.kind {
            ParamKind::Array => steps.push(quote!(let #name: &#k::Array = &#name;)),
            ParamKind::Option(inner) if **inner == ParamKind::Array => {
                steps
                    .push(quote!(let #name: ::std::option::Option<&#k::Array> = #name.as_deref();));
            }
            ParamKind::Arrays => steps.push(quote!(let #name: &[#k::Array] = &#name;)),
            _ => {}
        }
    }

    // 3. The domain, on the input dtype. A primary op checks its whole
    // resolved table here at once (the kernel's table through the casts
    // included), so the kernel step checks nothing more.
    let mut id = checked_dtype(op, t);
    let info = info_expr(op, t);
    if let Some(dt) = &id.input {
        if op.kind == OpKind::Primary {
            // The table's check; only when it refuses the dtype are the
            // casting modes read (out of line), and the arrays of the refused
            // dtype cast to their choice. On the supported path `__mode` is
            // `None` and each array stays borrowed.
            steps.push(quote! {
                let __mode = #p::check_supported_or_mode(#info, __backend, #dt)?;
            });
            steps.extend(mode_casts(op, t));
            id.kernel = None;
        } else {
            steps.push(quote!(#p::check_domain(#info, __backend, #dt)?;));
        }
    }

    // 4. Casts.
    for c in &op.casts {
        let mask = c.from.0;
        let target = match c.to {
            CastTarget::Float => quote!(Float),
            CastTarget::Int => quote!(Int),
            CastTarget::Bool => quote!(Bool),
            CastTarget::Complex => quote!(Complex),
        };
        let targets: Vec<&Param> = if c.params.is_empty() {
            op.params.iter().filter(|p| p.kind.is_array()).collect()
        } else {
            c.params
                .iter()
                .filter_map(|i| op.param(&ivy_spec::model::ident_name(i)))
                .collect()
        };
        for prm in targets {
            let name = &prm.ident;
            let set = quote!(#k::DtypeSet::from_bits(#mask));
            let tgt = quote!(#p::CastTarget::#target);
            match &prm.kind {
                ParamKind::Array => steps.push(quote! {
                    let #name = #p::cast(#op_name, __backend, #name, #set, #tgt)?;
                    let #name: &#k::Array = &#name;
                }),
                ParamKind::Option(_) => steps.push(quote! {
                    let #name = match #name { ::std::option::Option::Some(x) => ::std::option::Option::Some(#p::cast(#op_name, __backend, x, #set, #tgt)?), ::std::option::Option::None => ::std::option::Option::None };
                    let #name: ::std::option::Option<&#k::Array> = #name.as_deref();
                }),
                ParamKind::Arrays => steps.push(quote! {
                    let #name = #p::cast_list(#op_name, __backend, #name, #set, #tgt)?;
                    let #name: &[#k::Array] = &#name;
                }),
                _ => {}
            }
        }
    }

    // 5. Keyword arguments.
    for prm in op.optional() {
        steps.push(keyword_binding(op, prm, t));
    }
    // Positional non-array arguments as the body sees them.
    for prm in op.required() {
        let name = &prm.ident;
        match &prm.kind {
            ParamKind::Array | ParamKind::Arrays => {}
            kind => {
                let ty = body_type(kind, k);
                steps.push(quote!(let #name: #ty = #name;));
            }
        }
    }
    let _ = uses_arrays;
    // The argument rules of the spec, once, before the kernel or the body.
    steps.extend(super::rules::rule_steps(op, t));

    // 6. Kernel or body.
    let kernel_path = kernel_call(op, t, &id);
    let body_path = body_call(op, t);
    let run = match op.kind {
        OpKind::Primary => {
            let finish = super::gradients::finish_primary(op, t);
            quote! {
                let __out = { #kernel_path }?;
                #finish
            }
        }
        OpKind::Mixed => {
            let idc = id_path(op, t);
            let traced = super::gradients::traced_test(op, t);
            quote! {
                if !#traced && __backend.has_kernel(#idc) { #kernel_path } else { #body_path }
            }
        }
        OpKind::Compositional | OpKind::Standalone => body_path,
    };
    // Inlined into the public function: a call on arrays then runs the
    // dispatch and the guarded kernel call in the caller's frame, and the
    // result is not moved through one more frame.
    quote! {
        #[allow(clippy::too_many_arguments, unused_variables, clippy::let_and_return, clippy::needless_borrow)]
        #[inline]
        fn #leaf(#(#params,)* __opts: #opts_ty) -> #k::Result<#ret> {
            #(#steps)*
            #run
        }
    }
}

/// The casting modes' casts of a primary op whose input dtype the backend
/// refused (`__mode` is `Some((from, to))`): every array argument of dtype
/// `from` becomes `to`, the others stay as they are. Nothing is copied when
/// `__mode` is `None`.
fn mode_casts(op: &Op, t: &Target) -> Vec<TokenStream> {
    let k = &t.krate;
    let p = quote!(#k::__private);
    let mut casts = Vec::new();
    for prm in op.required() {
        let name = &prm.ident;
        match &prm.kind {
            ParamKind::Array => casts.push(quote! {
                let #name = #p::mode_cast(#name, __mode)?;
                let #name: &#k::Array = &#name;
            }),
            ParamKind::Arrays => casts.push(quote! {
                let #name = #p::mode_cast_list(#name, __mode)?;
                let #name: &[#k::Array] = &#name;
            }),
            _ => {}
        }
    }
    for prm in opt_array_params(op) {
        let name = &prm.ident;
        casts.push(quote! {
            let #name = match #name {
                ::std::option::Option::Some(x) => ::std::option::Option::Some(#p::mode_cast(x, __mode)?),
                ::std::option::Option::None => ::std::option::Option::None,
            };
            let #name: ::std::option::Option<&#k::Array> = #name.as_deref();
        });
    }
    casts
}

/// The binding of one keyword parameter: the given value or the default.
pub fn keyword_binding(op: &Op, prm: &Param, t: &Target) -> TokenStream {
    let k = &t.krate;
    let name = &prm.ident;
    let _ = op;
    match (&prm.kind, &prm.default) {
        // Optional arrays were bound with the operands.
        (ParamKind::Option(inner), _) if **inner == ParamKind::Array => quote!(),
        (ParamKind::Option(inner), Some(PDefault::None)) => {
            let ty = body_type(inner, k);
            if is_copy(inner) {
                quote!(let #name: ::std::option::Option<#ty> = __opts.#name;)
            } else if **inner == ParamKind::Str {
                // `Option<String>` is seen as `Option<&str>`.
                quote!(let #name: ::std::option::Option<#ty> = __opts.#name.as_deref();)
            } else {
                quote!(let #name: ::std::option::Option<#ty> = __opts.#name.as_ref();)
            }
        }
        (ParamKind::Option(inner), Some(PDefault::Expr(e))) => {
            let ty = body_type(inner, k);
            let api = api_type(inner, k);
            if is_copy(inner) {
                quote! {
                    let #name: ::std::option::Option<#ty> = match __opts.#name {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => #e,
                    };
                }
            } else {
                let tmp = format_ident!("__default_{}", prm.name);
                quote! {
                    let #tmp: ::std::option::Option<#api>;
                    let #name: ::std::option::Option<#ty> = match &__opts.#name {
                        ::std::option::Option::Some(v) => v.as_ref(),
                        ::std::option::Option::None => { #tmp = #e; #tmp.as_ref() }
                    };
                }
            }
        }
        (kind, Some(PDefault::Expr(e))) => {
            let ty = body_type(kind, k);
            let api = api_type(kind, k);
            if is_copy(kind) {
                quote! {
                    let #name: #ty = match __opts.#name {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => ::std::convert::Into::into(#e),
                    };
                }
            } else {
                let tmp = format_ident!("__default_{}", prm.name);
                quote! {
                    let #tmp: #api;
                    let #name: #ty = match &__opts.#name {
                        ::std::option::Option::Some(v) => v,
                        ::std::option::Option::None => { #tmp = ::std::convert::Into::into(#e); &#tmp }
                    };
                }
            }
        }
        _ => quote!(),
    }
}

/// Kinds whose API value is `Copy` (bound by value).
pub fn is_copy(kind: &ParamKind) -> bool {
    matches!(
        kind,
        ParamKind::Axis
            | ParamKind::NewAxis
            | ParamKind::Int
            | ParamKind::Dtype
            | ParamKind::Device
            | ParamKind::Scalar
            | ParamKind::Bool
            | ParamKind::Float
            | ParamKind::Usize
    )
}

/// Which dtype the domain and the kernel table are checked on.
struct Checked {
    /// Before casts (the domain).
    input: Option<TokenStream>,
    /// After casts (the kernel table).
    kernel: Option<TokenStream>,
}

/// The array parameter whose dtype the op's dtypes and tables are about:
/// `#[dtype_of]`, else the first promoted one, else the first array.
pub fn checked_param(op: &Op) -> Option<&Param> {
    let named = op
        .dtype_of
        .as_ref()
        .and_then(|i| op.param(&ivy_spec::model::ident_name(i)));
    let promoted = if op.promote.iter().any(|i| i == "__all") {
        op.params.iter().find(|p| p.kind == ParamKind::Array)
    } else {
        op.promote
            .iter()
            .find_map(|i| op.param(&ivy_spec::model::ident_name(i)))
    };
    named
        .or(promoted)
        .or_else(|| op.params.iter().find(|p| p.kind == ParamKind::Array))
        .or_else(|| op.params.iter().find(|p| p.kind == ParamKind::Arrays))
}

fn checked_dtype(op: &Op, t: &Target) -> Checked {
    let _ = t;
    let first = checked_param(op);
    if let Some(prm) = first {
        let name = &prm.ident;
        let e = if prm.kind == ParamKind::Arrays {
            quote!(#name.first().map(|a| a.dtype()))
        } else {
            quote!(::std::option::Option::Some(#name.dtype()))
        };
        return Checked {
            input: Some(e.clone()),
            kernel: Some(e),
        };
    }
    if let Some(prm) = op.params.iter().find(|p| p.kind == ParamKind::Dtype) {
        let name = &prm.ident;
        return Checked {
            input: None,
            kernel: Some(quote!(::std::option::Option::Some(#name))),
        };
    }
    Checked {
        input: None,
        kernel: None,
    }
}

/// `&ivy::catalogue::...::OP` for this op.
pub fn info_expr(op: &Op, t: &Target) -> TokenStream {
    let k = &t.krate;
    let id = id_ident(op);
    if t.builtin {
        quote!(&#k::catalogue::builtin::#id)
    } else {
        let info = format_ident!("__IVY_OP_{}", op.name.to_uppercase());
        quote!(&#info)
    }
}

fn id_path(op: &Op, t: &Target) -> TokenStream {
    let k = &t.krate;
    let id = id_ident(op);
    quote!(#k::catalogue::ids::#id)
}

fn kernel_call(op: &Op, t: &Target, id: &Checked) -> TokenStream {
    let k = &t.krate;
    let p = quote!(#k::__private);
    let op_name = &op.name;
    let mut steps = Vec::new();
    let rank_of = op
        .params
        .iter()
        .find(|p| p.kind.is_array())
        .map(|prm| {
            let name = &prm.ident;
            match &prm.kind {
                ParamKind::Arrays => quote!(#p::rank_of_list(#op_name, #name)?),
                ParamKind::Option(_) => quote!(#name.map(|a| a.ndim()).unwrap_or(0)),
                _ => quote!(#name.ndim()),
            }
        })
        .unwrap_or(quote!(0usize));
    let mut args = Vec::new();
    for prm in &op.params {
        let name = &prm.ident;
        let conv = kernel_conversion(&prm.kind, quote!(#name), op_name, &rank_of, t);
        let kname = format_ident!("__k_{}", prm.name);
        steps.push(quote!(let #kname = #conv;));
        args.push(match &prm.kind {
            ParamKind::Axes | ParamKind::Permutation => quote!(&#kname),
            ParamKind::Option(inner)
                if matches!(**inner, ParamKind::Axes | ParamKind::Permutation) =>
            {
                quote!(#kname.as_deref())
            }
            _ => quote!(#kname),
        });
    }
    for prm in op.params.iter().filter(|p| p.kind == ParamKind::Dtype) {
        let name = &prm.ident;
        steps.push(quote!(#p::check_valid_dtype(#op_name, __backend, #name)?;));
    }
    let info = info_expr(op, t);
    let mut cast_back = quote!();
    if let Some(dt) = &id.kernel {
        match dtype_only_param(op) {
            // An op whose dtype argument is what its tables are about
            // (`zeros(.., dtype)`): a refused dtype given by the caller is
            // replaced by the casting modes' choice, and the result cast
            // back to it, as Ivy's `casting_modes_ops` does with `dtype`.
            Some(prm) if matches!(op.ret, ivy_spec::model::Ret::Array) => {
                let name = &prm.ident;
                let given = if op.optional().any(|q| q.name == prm.name) {
                    quote!(__opts.#name.is_some())
                } else {
                    quote!(true)
                };
                steps.insert(0, quote! {
                    let (#name, __cast_back) = match #p::check_kernel(#info, __backend, #dt) {
                        ::std::result::Result::Ok(()) => (#name, ::std::option::Option::None),
                        ::std::result::Result::Err(__e) => {
                            match #p::casting_target_kernel(#info, __backend, #name, #given) {
                                ::std::option::Option::Some(__to) => (__to, ::std::option::Option::Some(#name)),
                                ::std::option::Option::None => return ::std::result::Result::Err(__e),
                            }
                        }
                    };
                });
                cast_back = quote!(.and_then(|__o| #p::cast_back(__o, __cast_back)));
            }
            _ => steps.push(quote!(#p::check_kernel(#info, __backend, #dt)?;)),
        }
    }
    steps.extend(super::rules::check_fn_steps(op, &args));
    let trait_ = kernel_trait(&op.category);
    let name = super::ident(&op.name, op.ident.span());
    quote! {
        #(#steps)*
        #p::kernel(#op_name, __backend, || {
            <dyn #k::Backend as #k::kernels::#trait_>::#name(__backend.backend(), #(#args),*)
        })#cast_back
    }
}

/// The dtype parameter of an op without array parameters (its tables are
/// checked on it).
fn dtype_only_param(op: &Op) -> Option<&Param> {
    if op.params.iter().any(|p| p.kind.is_array()) {
        return None;
    }
    op.params.iter().find(|p| p.kind == ParamKind::Dtype)
}

/// Convert a body-level binding to what the kernel takes.
fn kernel_conversion(
    kind: &ParamKind,
    v: TokenStream,
    op: &str,
    rank: &TokenStream,
    t: &Target,
) -> TokenStream {
    let k = &t.krate;
    let p = quote!(#k::__private);
    match kind {
        ParamKind::Axis => quote!(#k::normalize_axis(#op, #v, #rank)?),
        ParamKind::NewAxis => quote!(#k::normalize_axis(#op, #v, #rank + 1)?),
        ParamKind::Axes => quote!(#v.to_axes(#op, #rank)?),
        ParamKind::Permutation => quote!(#v.to_permutation(#op, #rank)?),
        ParamKind::Ints => quote!(#v.as_slice()),
        ParamKind::Option(inner) => {
            let x = quote!(__x);
            let inner_conv = kernel_conversion(inner, x.clone(), op, rank, t);
            let fallible = matches!(
                **inner,
                ParamKind::Axis | ParamKind::NewAxis | ParamKind::Axes | ParamKind::Permutation
            );
            if fallible {
                quote!(match #v { ::std::option::Option::Some(__x) => ::std::option::Option::Some(#inner_conv), ::std::option::Option::None => ::std::option::Option::None })
            } else {
                quote!(#v.map(|__x| #inner_conv))
            }
        }
        _ => {
            let _ = p;
            v
        }
    }
}

/// The call of the body of a compositional or mixed op: an error from an op
/// the body called comes out under this op's name (`ivy::Error::within`, on
/// the error path only).
fn body_call(op: &Op, t: &Target) -> TokenStream {
    let k = &t.krate;
    let body = body_ident(op);
    let op_name = &op.name;
    let args = op.params.iter().map(|p| &p.ident);
    quote!(#k::__private::within(#op_name, #body(#(#args),*)))
}

/// The body of a compositional, mixed or standalone op as a function of the
/// parameters, typed as the body sees them.
fn body_fn(op: &Op, t: &Target) -> TokenStream {
    let Some(block) = &op.body else {
        return quote!();
    };
    if op.kind == OpKind::Standalone {
        return quote!();
    }
    let k = &t.krate;
    let body = body_ident(op);
    let ret = ret_type(&op.ret, k);
    let params = op.params.iter().map(|p| {
        let name = &p.ident;
        let ty = body_type(&p.kind, k);
        quote!(#name: #ty)
    });
    quote! {
        #[allow(clippy::too_many_arguments, unused_variables, clippy::needless_borrow)]
        fn #body(#(#params),*) -> #k::Result<#ret> #block
    }
}

/// A standalone op: its body is the function, written with plain Rust types.
pub fn standalone_fn(op: &Op, t: &Target) -> TokenStream {
    let name = super::ident(&op.name, op.ident.span());
    let docs = doc_attrs(&op.docs, t);
    let generics = &op.generics;
    let where_clause = &op.generics.where_clause;
    let params = op.params.iter().map(|p| {
        let n = &p.ident;
        let ty = &p.ty;
        quote!(#n: #ty)
    });
    let ret = match &op.ret {
        Ret::Verbatim(t) => quote!(#t),
        other => ret_type(other, &t.krate),
    };
    let block = &op.body;
    quote! {
        #docs
        pub fn #name #generics (#(#params),*) -> #ret #where_clause #block
    }
}
