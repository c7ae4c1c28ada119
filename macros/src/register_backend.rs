//! `register_backend!`: a backend's registered entry, its `linkme`
//! registration, and an empty kernel impl (every kernel "unsupported") for
//! each category the backend does not implement.
//!
//! The public macro is a `macro_rules!` wrapper in ivy-core that sends the
//! user's input through `ivy_spec::for_each_op_with!`, so this expansion gets
//! `{ $crate; input }` followed by the spec, and reads the categories from
//! the spec: a category added to the spec gets its empty impl in every
//! backend without a change there.

use crate::emit::{kernel_trait, split_krate};
use ivy_spec::ctxt::Ctxt;
use proc_macro2::{Delimiter, TokenStream, TokenTree};
use quote::quote;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{Attribute, Expr, Ident, Token, Type, Visibility, bracketed};

/// What the user writes:
///
/// ```text
/// /// docs
/// pub static NAME: BackendType = expr;
/// kernels: [elementwise, creation];
/// ```
struct Input {
    attrs: Vec<Attribute>,
    vis: Visibility,
    name: Ident,
    ty: Type,
    expr: Expr,
    kernels: Punctuated<Ident, Token![,]>,
}

mod kw {
    syn::custom_keyword!(kernels);
}

impl Parse for Input {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let attrs = input.call(Attribute::parse_outer)?;
        let vis: Visibility = input.parse()?;
        input.parse::<Token![static]>()?;
        let name: Ident = input.parse()?;
        input.parse::<Token![:]>()?;
        let ty: Type = input.parse()?;
        input.parse::<Token![=]>()?;
        let expr: Expr = input.parse()?;
        input.parse::<Token![;]>()?;
        if !input.peek(kw::kernels) {
            return Err(input.error(
                "expected `kernels: [..];`, the categories whose kernel traits the backend implements (`kernels: [];` for none)",
            ));
        }
        input.parse::<kw::kernels>()?;
        input.parse::<Token![:]>()?;
        let content;
        bracketed!(content in input);
        let kernels = content.parse_terminated(Ident::parse, Token![,])?;
        if input.peek(Token![;]) {
            input.parse::<Token![;]>()?;
        }
        if !input.is_empty() {
            return Err(input.error("unexpected tokens after `kernels: [..];`"));
        }
        Ok(Input {
            attrs,
            vis,
            name,
            ty,
            expr,
            kernels,
        })
    }
}

/// Expand `{ $crate; input } spec..`.
pub fn expand(tokens: TokenStream) -> TokenStream {
    let mut tokens = tokens.into_iter();
    let args = match tokens.next() {
        Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => g.stream(),
        _ => {
            return quote!(::std::compile_error!(
                "register_backend: expected `{ $crate; input }` then the spec"
            ));
        }
    };
    let (krate, input) = split_krate(args);
    let cx = Ctxt::new();
    let spec = ivy_spec::parse::parse_spec(tokens.collect(), &cx);
    let spec = match (cx.finish(), spec) {
        (Ok(()), Ok(spec)) => spec,
        (Err(e), _) | (_, Err(e)) => return e.to_compile_error(),
    };
    let input: Input = match syn::parse2(input) {
        Ok(i) => i,
        Err(e) => return e.to_compile_error(),
    };
    let categories: Vec<String> = spec.categories.iter().map(|c| c.name.to_string()).collect();
    generate(&krate, &categories, input)
}

fn generate(k: &TokenStream, categories: &[String], input: Input) -> TokenStream {
    let cx = Ctxt::new();
    let mut listed: Vec<String> = Vec::new();
    for c in &input.kernels {
        let name = c.to_string();
        if !categories.contains(&name) {
            cx.error(
                c.span(),
                format!(
                    "unknown kernel category `{name}`; the categories are: {}",
                    categories.join(", ")
                ),
            );
        } else if listed.contains(&name) {
            cx.error(
                c.span(),
                format!("kernel category `{name}` is listed twice"),
            );
        }
        listed.push(name);
    }
    if let Err(e) = cx.finish() {
        return e.to_compile_error();
    }
    let Input {
        attrs,
        vis,
        name,
        ty,
        expr,
        ..
    } = input;
    let empty = categories
        .iter()
        .filter(|c| !listed.contains(c))
        .map(|c| kernel_trait(c));
    quote! {
        #(#attrs)*
        #vis static #name: #k::backend::BackendEntry = {
            static BACKEND: #ty = #expr;
            #k::backend::BackendEntry::new(&BACKEND)
        };

        const _: () = {
            #[#k::__private::linkme::distributed_slice(#k::backend::BACKENDS)]
            #[linkme(crate = #k::__private::linkme)]
            static REGISTER: &#k::backend::BackendEntry = &#name;
        };

        #(impl #k::kernels::#empty for #ty {})*
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The expansion of `register_backend!` over the golden fixture's spec
    /// (categories elementwise, statistical, activations, layers, general).
    fn expand_over_fixture(input: &str) -> TokenStream {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden");
        let spec = std::fs::read_to_string(format!("{dir}/fixture.spec")).expect("fixture");
        let tokens: TokenStream = format!("{{ ::ivy; {input} }} {spec}")
            .parse()
            .expect("tokens");
        expand(tokens)
    }

    /// The kernel traits the expansion implements (empty) for the backend.
    fn empty_impls(out: &TokenStream) -> Vec<String> {
        let file: syn::File = syn::parse2(out.clone()).expect("the expansion parses");
        file.items
            .iter()
            .filter_map(|item| match item {
                syn::Item::Impl(i) if i.items.is_empty() => {
                    let (_, path, _) = i.trait_.as_ref()?;
                    Some(path.segments.last()?.ident.to_string())
                }
                _ => None,
            })
            .collect()
    }

    #[test]
    fn every_category_not_listed_gets_its_default_impl_and_only_those() {
        let out = expand_over_fixture("pub static E: B = B; kernels: [statistical, elementwise];");
        assert_eq!(
            empty_impls(&out),
            ["ActivationsKernels", "LayersKernels", "GeneralKernels"],
            "{out}"
        );
        let none = expand_over_fixture("static E: B = B; kernels: [];");
        assert_eq!(empty_impls(&none).len(), 5);
    }

    #[test]
    fn the_entry_keeps_its_attributes_and_visibility_and_is_registered() {
        let out = expand_over_fixture("/// Docs.\npub(crate) static E: B = B::new(3); kernels: []");
        let file: syn::File = syn::parse2(out.clone()).expect("parses");
        let syn::Item::Static(entry) = &file.items[0] else {
            panic!("the entry comes first: {out}")
        };
        assert_eq!(entry.ident, "E");
        assert!(matches!(entry.vis, syn::Visibility::Restricted(_)));
        assert!(entry.attrs.iter().any(|a| a.path().is_ident("doc")));
        let text = out.to_string();
        assert!(
            text.contains("distributed_slice (:: ivy :: backend :: BACKENDS)"),
            "{text}"
        );
        assert!(text.contains("static BACKEND : B = B :: new (3)"), "{text}");
    }

    #[test]
    fn mistakes_are_spanned_errors() {
        for (input, message) in [
            (
                "static E: B = B; kernels: [elementwise, losses];",
                "unknown kernel category `losses`",
            ),
            (
                "static E: B = B; kernels: [general, general];",
                "`general` is listed twice",
            ),
            ("static E: B = B;", "expected `kernels: [..];`"),
            ("static E: B = B; kernels: []; extra", "unexpected tokens"),
            ("static E = B; kernels: [];", "expected `:`"),
        ] {
            let out = expand_over_fixture(input).to_string();
            assert!(out.contains("compile_error"), "{input}: {out}");
            assert!(out.contains(message), "{input}: {out}");
        }
    }
}
