//! The Python module: a PyO3 function per op, with the spec's parameters
//! (required ones positional, keyword ones keyword-only with Python's `None`
//! standing for the spec's default), the spec's docs as its docstring, and
//! the same op as a method of `ivy_rs.Array` (and of `ivy_rs.Container` for
//! nestable ops).
//!
//! The generated code calls the typed API (`ivy::<op>_with`) through the
//! binding crate's runtime module (`rt`): one generic conversion per
//! parameter kind (`rt::arg::<T>`), one operand type for calls on arrays and
//! scalars (`rt::Leaf`) and one for calls with a container among the
//! operands (`rt::Nest`), and one conversion of the result (`rt::ret`). Ops
//! whose parameters are plain Rust types (standalone ops) are not emitted;
//! their names are listed in `STANDALONE` so the binding provides each by
//! hand and a test can check it does.

use super::*;
use ivy_spec::model::{Default as PDefault, OpKind, Spec};

/// Where the generated Python code goes: the ivy crate and the binding's
/// runtime module.
pub struct PyTarget {
    /// Path to the ivy facade (`::ivy`).
    pub krate: TokenStream,
    /// Path to the binding's runtime module (`crate::rt`).
    pub rt: TokenStream,
}

impl PyTarget {
    /// The binding crate `ivy-python`.
    pub fn binding() -> PyTarget {
        PyTarget {
            krate: quote!(::ivy),
            rt: quote!(crate::rt),
        }
    }
}

/// Whether an op gets a Python function (every parameter has a kind the
/// runtime converts).
pub fn exported(op: &Op) -> bool {
    op.kind != OpKind::Standalone
        && op.params.iter().all(|p| p.kind != ParamKind::Verbatim)
        && !matches!(op.ret, Ret::Verbatim(_))
}

/// The Python signature text (`(x1, x2, /, *, alpha=None)` without the
/// slash: Ivy's names may be given as keywords).
fn text_signature(op: &Op, skip_first: bool) -> String {
    let mut parts: Vec<String> = Vec::new();
    if skip_first {
        parts.push("self".into());
    }
    let first = op.first_array().map(|p| p.name.clone());
    for p in op.required() {
        if skip_first && Some(&p.name) == first.as_ref() {
            continue;
        }
        parts.push(p.name.clone());
    }
    let mut kws = op
        .optional()
        .map(|p| match none_is_a_value(p) {
            Some(d) => format!("{}={d}", p.name),
            None => format!("{}=None", p.name),
        })
        .peekable();
    if kws.peek().is_some() {
        parts.push("*".into());
        parts.extend(kws);
    }
    format!("({})", parts.join(", "))
}

/// The docstring: the spec's docs, then what keywords mean.
fn docstring(op: &Op) -> TokenStream {
    let mut lines: Vec<String> = op.docs.iter().map(|l| l.to_string()).collect();
    let kws: Vec<String> = op
        .optional()
        .map(|p| {
            let d = match &p.default {
                Some(PDefault::None) | None => "None".to_string(),
                Some(PDefault::Expr(e)) => quote!(#e).to_string(),
            };
            format!("- `{}` ({}): default `{}`", p.name, p.kind.spelling(), d)
        })
        .collect();
    if !kws.is_empty() {
        lines.push(String::new());
        lines.push(
            "Keyword arguments (`None` means the default, except for a keyword whose default is not `None`, where `None` is a value):"
                .into(),
        );
        lines.push(String::new());
        lines.extend(kws);
    }
    super::doc_lines(&lines)
}

/// The default of an `Option` parameter whose default is not `None`
/// (`concat`'s `axis` is `Some(0)`), as Python writes it: for such a
/// parameter, a `None` from Python is a value (`axis=None` flattens), so the
/// Python signature's default is "not given" (`rt::Given::Unset`) rather
/// than `None`.
fn none_is_a_value(p: &Param) -> Option<String> {
    let (ParamKind::Option(_), Some(PDefault::Expr(e))) = (&p.kind, &p.default) else {
        return None;
    };
    let inner = match &**e {
        syn::Expr::Call(c)
            if c.args.len() == 1
                && matches!(&*c.func, syn::Expr::Path(f) if f.path.is_ident("Some")) =>
        {
            let a = &c.args[0];
            quote!(#a).to_string()
        }
        other => quote!(#other).to_string(),
    };
    Some(inner)
}

/// The identifier of the Rust function behind a Python function.
fn fn_ident(op: &Op) -> Ident {
    format_ident!("__py_{}", op.name)
}

/// The type the keyword field holds the converted value as, and how the
/// value is wrapped for the field (`Option<Option<T>>` fields get `Some`).
fn keyword_type(p: &Param, k: &TokenStream) -> (TokenStream, bool) {
    match (&p.kind, &p.default) {
        (ParamKind::Option(inner), Some(PDefault::None)) => (api_type(inner, k), false),
        (ParamKind::Option(inner), _) => (api_type(inner, k), true),
        (kind, _) => (api_type(kind, k), false),
    }
}

/// The function of one op.
pub fn op_function(op: &Op, t: &PyTarget) -> TokenStream {
    let k = &t.krate;
    let rt = &t.rt;
    let name = &op.name;
    let f = fn_ident(op);
    let docs = docstring(op);
    let sig_text = text_signature(op, false);
    let req: Vec<&Param> = op.required().collect();
    let opt: Vec<&Param> = op.optional().collect();
    let req_idents: Vec<Ident> = req.iter().map(|p| p.ident.clone()).collect();
    let opt_idents: Vec<Ident> = opt.iter().map(|p| p.ident.clone()).collect();
    let opt_defaults = opt.iter().map(|p| {
        if none_is_a_value(p).is_some() {
            quote!(#rt::Given::Unset)
        } else {
            quote!(None)
        }
    });
    let sig = quote!((#(#req_idents,)* * #(, #opt_idents = #opt_defaults)*));
    let sig = if opt.is_empty() {
        quote!((#(#req_idents),*))
    } else {
        sig
    };
    // Converting each argument.
    let mut lets = Vec::new();
    let mut operands = Vec::new();
    for p in &req {
        let id = &p.ident;
        let pn = &p.name;
        let v = format_ident!("__v_{}", p.name);
        match &p.kind {
            ParamKind::Array => {
                lets.push(quote!(let #v = #rt::operand(#id, #name, #pn)?;));
                operands.push(quote!(#rt::Any::One(&#v)));
            }
            ParamKind::Arrays => {
                lets.push(quote!(let #v = #rt::operands(#id, #name, #pn)?;));
                operands.push(quote!(#rt::Any::Many(&#v)));
            }
            kind => {
                let ty = api_type(kind, k);
                lets.push(quote!(let #v: #ty = #rt::arg(#id, #name, #pn)?;));
            }
        }
    }
    let has_opts = !opt.is_empty();
    let opts_init = if has_opts {
        let o = format_ident!("{}", camel(&op.name));
        let sets = opt.iter().map(|p| {
            let id = &p.ident;
            let pn = &p.name;
            let (ty, wrap) = keyword_type(p, k);
            let val = if wrap {
                quote!(::std::option::Option::Some(__x))
            } else {
                quote!(__x)
            };
            if p.kind.is_array() {
                // An array keyword may be a container (mapped with the call's
                // containers): it counts among the operands.
                let v = format_ident!("__v_{}", p.name);
                operands.push(quote!(#rt::Any::Opt(&#v)));
                quote! {
                    let #v: ::std::option::Option<#ty> = #rt::keyword(#id, #name, #pn)?;
                    if let ::std::option::Option::Some(__x) = ::std::clone::Clone::clone(&#v) {
                        __opts.#id = ::std::option::Option::Some(#val);
                    }
                }
            } else if none_is_a_value(p).is_some() {
                // Given (even as None) or left out.
                quote! {
                    if let #rt::Given::Value(__o) = #id {
                        __opts.#id = ::std::option::Option::Some(#rt::keyword::<#ty>(::std::option::Option::Some(&__o), #name, #pn)?);
                    }
                }
            } else {
                quote! {
                    if let ::std::option::Option::Some(__x) = #rt::keyword::<#ty>(#id, #name, #pn)? {
                        __opts.#id = ::std::option::Option::Some(#val);
                    }
                }
            }
        });
        quote! {
            let mut __opts = #k::opts::#o::new();
            #(#sets)*
        }
    } else {
        quote!()
    };
    let call_with = |wrap: &dyn Fn(&Param) -> TokenStream| {
        let args = req.iter().map(|p| {
            let v = format_ident!("__v_{}", p.name);
            match &p.kind {
                ParamKind::Array | ParamKind::Arrays => wrap(p),
                ParamKind::Container => quote!(&#v),
                _ => quote!(::std::clone::Clone::clone(&#v)),
            }
        });
        if has_opts {
            let w = with_ident(op);
            quote!(#k::#w(#(#args,)* __opts))
        } else {
            let n = ident(&op.name, op.ident.span());
            quote!(#k::#n(#(#args),*))
        }
    };
    let leaf_call = call_with(&|p| {
        let v = format_ident!("__v_{}", p.name);
        let pn = &p.name;
        if p.kind == ParamKind::Arrays {
            quote!(#rt::leaves(&#v, #name, #pn)?)
        } else {
            quote!(#rt::leaf(&#v, #name, #pn)?)
        }
    });
    let nested = op.nestable && !operands.is_empty();
    let body = if nested {
        let nest_call = call_with(&|p| {
            let v = format_ident!("__v_{}", p.name);
            if p.kind == ParamKind::Arrays {
                quote!(#rt::nests(&#v))
            } else {
                quote!(#rt::Nest(&#v))
            }
        });
        quote! {
            if #rt::any_container(&[#(#operands),*]) {
                #rt::ret(__py, #name, #nest_call)
            } else {
                #rt::ret(__py, #name, #leaf_call)
            }
        }
    } else {
        quote!(#rt::ret(__py, #name, #leaf_call))
    };
    let req_params = req.iter().map(|p| {
        let id = &p.ident;
        quote!(#id: &::pyo3::Bound<'_, ::pyo3::PyAny>)
    });
    let opt_params = opt.iter().map(|p| {
        let id = &p.ident;
        if none_is_a_value(p).is_some() {
            quote!(#id: #rt::Given<'_>)
        } else {
            quote!(#id: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>)
        }
    });
    quote! {
        #docs
        #[::pyo3::pyfunction]
        #[pyo3(name = #name, signature = #sig, text_signature = #sig_text)]
        #[allow(clippy::too_many_arguments, unused_mut, unused_variables, non_snake_case)]
        pub fn #f(
            __py: ::pyo3::Python<'_>,
            #(#req_params,)*
            #(#opt_params,)*
        ) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
            #(#lets)*
            #opts_init
            #body
        }
    }
}

/// The method form of an op on a receiver class (`self` as the first array
/// argument), calling the function.
fn method(op: &Op, receiver: &TokenStream, rt: &TokenStream) -> Option<TokenStream> {
    let first = op.first_array()?;
    if !op.method || first.default.is_some() {
        return None;
    }
    let name = &op.name;
    let f = fn_ident(op);
    let sig_text = text_signature(op, true);
    let docs = docstring(op);
    let m = format_ident!("__pym_{}", op.name);
    let mut params = Vec::new();
    let mut sig = Vec::new();
    let mut args = Vec::new();
    for p in op.required() {
        let id = &p.ident;
        if p.name == first.name {
            args.push(quote!(__slf.as_any()));
            continue;
        }
        params.push(quote!(#id: &::pyo3::Bound<'_, ::pyo3::PyAny>));
        sig.push(quote!(#id));
        args.push(quote!(#id));
    }
    let mut kw = Vec::new();
    for p in op.optional() {
        let id = &p.ident;
        if none_is_a_value(p).is_some() {
            params.push(quote!(#id: #rt::Given<'_>));
            kw.push(quote!(#id = #rt::Given::Unset));
        } else {
            params.push(quote!(#id: ::std::option::Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>));
            kw.push(quote!(#id = None));
        }
        args.push(quote!(#id));
    }
    let sig = if kw.is_empty() {
        quote!((#(#sig),*))
    } else {
        quote!((#(#sig,)* * #(, #kw)*))
    };
    Some(quote! {
        #docs
        #[pyo3(name = #name, signature = #sig, text_signature = #sig_text)]
        #[allow(clippy::too_many_arguments, non_snake_case)]
        fn #m(
            __slf: &::pyo3::Bound<'_, #receiver>,
            #(#params,)*
        ) -> ::pyo3::PyResult<::pyo3::Py<::pyo3::PyAny>> {
            #f(__slf.py(), #(#args),*)
        }
    })
}

/// The whole generated module: a function per exported op, the methods of
/// `Array` and `Container`, `register` (adds the functions to a module) and
/// the lists of names.
pub fn module(spec: &Spec, t: &PyTarget) -> TokenStream {
    let rt = &t.rt;
    let ops: Vec<&Op> = spec.ops().filter(|o| exported(o)).collect();
    let fns = ops.iter().map(|op| op_function(op, t));
    let array = quote!(#rt::PyArray);
    let container = quote!(#rt::PyContainer);
    let array_methods = ops.iter().filter_map(|op| method(op, &array, rt));
    let container_methods = ops
        .iter()
        .filter(|op| op.nestable)
        .filter_map(|op| method(op, &container, rt));
    let adds = ops.iter().map(|op| {
        let f = fn_ident(op);
        quote!(__m.add_function(::pyo3::wrap_pyfunction!(#f, __m)?)?;)
    });
    let entries = ops.iter().map(|op| {
        let n = &op.name;
        let c = &op.category;
        quote!((#n, #c))
    });
    let standalone = spec.ops().filter(|o| !exported(o)).map(|o| o.name.clone());
    quote! {
        #(#fns)*

        /// The ops as methods of `ivy_rs.Array` (`self` is the first array
        /// argument).
        #[::pyo3::pymethods]
        impl #array {
            #(#array_methods)*
        }

        /// The nestable ops as methods of `ivy_rs.Container`, applied at
        /// every leaf.
        #[::pyo3::pymethods]
        impl #container {
            #(#container_methods)*
        }

        /// Add every generated function to the module.
        pub fn register(__m: &::pyo3::Bound<'_, ::pyo3::types::PyModule>) -> ::pyo3::PyResult<()> {
            use ::pyo3::types::PyModuleMethods;
            #(#adds)*
            ::std::result::Result::Ok(())
        }

        /// Every generated function: its name and category, in spec order.
        pub const OPS: &[(&str, &str)] = &[#(#entries),*];

        /// The ops of the spec that are not generated (standalone ops, whose
        /// parameters are plain Rust types): the binding writes each by hand.
        pub const STANDALONE: &[&str] = &[#(#standalone),*];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Python module of the fixture spec, compared with a golden file.
    #[test]
    fn generated_code_matches_the_golden_file() {
        let spec = crate::golden::fixture();
        let tokens = module(&spec, &PyTarget::binding());
        let got = match syn::parse2::<syn::File>(tokens.clone()) {
            Ok(f) => prettyplease::unparse(&f),
            Err(e) => panic!("the generated Python module does not parse: {e}\n{tokens}"),
        };
        crate::golden::compare("python.rs", &got);
    }

    /// Every op of the fixture but the standalone one is exported; a
    /// container-dependent op is not mapped over containers; the keyword
    /// parameters are keyword-only with `None` defaults.
    #[test]
    fn exports_and_signatures() {
        let spec = crate::golden::fixture();
        let names: Vec<&str> = spec
            .ops()
            .filter(|o| exported(o))
            .map(|o| o.name.as_str())
            .collect();
        assert_eq!(
            names,
            [
                "add",
                "add_all",
                "sum",
                "searchsorted",
                "softplus",
                "relu",
                "affine"
            ]
        );
        let sum = spec.op("sum").expect("sum");
        assert_eq!(
            text_signature(sum, false),
            "(x, *, axis=None, dtype=None, keepdims=None)"
        );
        assert_eq!(
            text_signature(sum, true),
            "(self, *, axis=None, dtype=None, keepdims=None)"
        );
        let affine =
            op_function(spec.op("affine").expect("affine"), &PyTarget::binding()).to_string();
        assert!(!affine.contains("any_container"), "{affine}");
        let add = op_function(spec.op("add").expect("add"), &PyTarget::binding()).to_string();
        assert!(add.contains("any_container"), "{add}");
    }
}
