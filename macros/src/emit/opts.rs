//! Options structs: the keyword arguments of an op, `ivy::opts::<Op>`.
//!
//! Every field is an `Option` that is `None` until set; a `None` field takes the
//! spec's default when the op runs. Parameters whose value may itself be `None`
//! with a non-`None` default hold `Option<Option<T>>`, so "not given" and
//! "given as None" stay distinct.

use super::*;
use ivy_spec::model::Default as PDefault;

/// The options struct of an op, or nothing if it has no keyword parameters.
pub fn opts_struct(op: &Op, t: &Target) -> TokenStream {
    if !has_opts(op) {
        return quote!();
    }
    let k = &t.krate;
    let name = opts_ident(op, t);
    let path_text = if t.builtin {
        format!("ivy::opts::{name}")
    } else {
        name.to_string()
    };
    let mut fields = Vec::new();
    let mut setters = Vec::new();
    for p in op.optional() {
        let f = &p.ident;
        let (field_ty, setter_ty, wrap) = field_types(p, k);
        let default = match &p.default {
            Some(PDefault::None) => "`None`".to_string(),
            Some(PDefault::Expr(e)) => format!("`{}`", quote!(#e)),
            None => String::new(),
        };
        let fdoc = doc(&format!(
            "`{}` ({}); when unset: {}.",
            p.name,
            p.kind.spelling(),
            default
        ));
        fields.push(quote!(#fdoc pub #f: #field_ty));
        let sdoc = doc(&format!("Set `{}`.", p.name));
        let ex = setter_example(op, p, &path_text);
        let ex_docs = example_attrs(&ex, t);
        setters.push(quote! {
            #sdoc
            #[doc = ""]
            #ex_docs
            #[must_use]
            pub fn #f(mut self, value: #setter_ty) -> Self {
                self.#f = ::std::option::Option::Some(#wrap);
                self
            }
        });
    }
    let struct_docs = {
        let prefix = if t.builtin { "crate::" } else { "" };
        let lines = vec![
            format!(
                "Keyword arguments of [`{0}`](fn@{prefix}{0}): pass to [`{0}_with`](fn@{prefix}{0}_with).",
                op.name
            ),
            String::new(),
            "Start from [`new`](Self::new) (everything at its default) and set what you need:"
                .to_string(),
            String::new(),
        ];
        let head = doc_attrs(&lines, t);
        let mut lines = vec!["```".to_string()];
        let chain: String = op
            .optional()
            .take(2)
            .map(|p| format!(".{}({})", p.name, setter_value(op, p)))
            .collect();
        lines.push(format!("let o = {path_text}::new(){chain};"));
        lines.push("let _ = o;".into());
        lines.push("# Ok::<(), ivy::Error>(())".into());
        lines.push("```".into());
        let ex = example_attrs(&lines, t);
        quote!(#head #ex)
    };
    let new_doc = doc("Every keyword argument at its default.");
    let new_ex = example_attrs(
        &[
            "```".to_string(),
            format!("let o = {path_text}::new();"),
            "let _ = o;".to_string(),
            "```".to_string(),
        ],
        t,
    );
    quote! {
        #struct_docs
        #[derive(Clone, Debug, Default)]
        #[non_exhaustive]
        pub struct #name {
            #(#fields,)*
        }

        impl #name {
            #new_doc
            #[doc = ""]
            #new_ex
            pub fn new() -> Self {
                ::std::default::Default::default()
            }

            #(#setters)*
        }
    }
}

/// Kinds a setter takes as the plain type: `Into` would make an unsuffixed
/// literal ambiguous (`usize` has no `From<i32>`), or there is nothing to
/// convert from.
fn plain(kind: &ParamKind) -> bool {
    matches!(
        kind,
        ParamKind::Usize | ParamKind::Bool | ParamKind::Dtype | ParamKind::Device
    )
}

/// (field type, setter argument type, expression wrapping `value`).
fn field_types(p: &Param, k: &TokenStream) -> (TokenStream, TokenStream, TokenStream) {
    match (&p.kind, &p.default) {
        (ParamKind::Option(inner), Some(PDefault::None)) if plain(inner) => {
            let api = api_type(inner, k);
            (
                quote!(::std::option::Option<#api>),
                quote!(#api),
                quote!(value),
            )
        }
        (kind, _) if plain(kind) => {
            let api = api_type(kind, k);
            (
                quote!(::std::option::Option<#api>),
                quote!(#api),
                quote!(value),
            )
        }
        (ParamKind::Option(inner), Some(PDefault::None)) => {
            let api = api_type(inner, k);
            (
                quote!(::std::option::Option<#api>),
                quote!(impl ::std::convert::Into<#api>),
                quote!(value.into()),
            )
        }
        (ParamKind::Option(inner), _) => {
            let api = api_type(inner, k);
            (
                quote!(::std::option::Option<::std::option::Option<#api>>),
                quote!(impl ::std::convert::Into<::std::option::Option<#api>>),
                quote!(value.into()),
            )
        }
        (kind, _) => {
            let api = api_type(kind, k);
            (
                quote!(::std::option::Option<#api>),
                quote!(impl ::std::convert::Into<#api>),
                quote!(value.into()),
            )
        }
    }
}

fn setter_value(op: &Op, p: &Param) -> String {
    match &p.kind {
        ParamKind::Option(inner) => example_value(
            op,
            &Param {
                kind: (**inner).clone(),
                ..p.clone()
            },
        ),
        _ => example_value(op, p),
    }
}

fn setter_example(op: &Op, p: &Param, path_text: &str) -> Vec<String> {
    vec![
        "```".to_string(),
        format!(
            "let o = {path_text}::new().{}({});",
            p.name,
            setter_value(op, p)
        ),
        format!("assert!(o.{}.is_some());", p.name),
        // A sample value may be built with `?`.
        "# Ok::<(), ivy::Error>(())".to_string(),
        "```".to_string(),
    ]
}

/// The `opts` module with every options struct.
pub fn opts_module(structs: Vec<TokenStream>) -> TokenStream {
    quote! {
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
            #(#structs)*
        }
    }
}
