//! `container!`: a Container from nested `key: value` literals.
//!
//! ```text
//! container! { a: [1.0, 2.0], b: { c: 3, d: x.clone() }, "e-f": 0.5 }
//! ```
//!
//! Keys are identifiers or string literals (a key, not a chain: no `/` or
//! `.`), each at most once per level; values are `{ .. }` (a sub-container),
//! `[ .. ]` (an array literal, as `array!`), a number or bool literal (a 0-d
//! array of Ivy's default dtype for it), or any other expression, converted
//! into an entry with `Into` (an `Array`, a `Container`, or a leaf of
//! another type). Mistakes are compile errors at the key or value.

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use quote::{quote, quote_spanned};

/// Expand `container!{..}`; the input starts with the ivy crate's path and a
/// `;` (see `array!`).
pub fn expand(input: TokenStream) -> TokenStream {
    let (krate, rest) = crate::emit::split_krate(input);
    match level(&krate, rest) {
        Ok(t) => t,
        Err(e) => {
            let err = e.to_compile_error();
            quote!({ #err; #krate::Container::new() })
        }
    }
}

/// One level `key: value, ...` as a container expression.
fn level(krate: &TokenStream, tokens: TokenStream) -> syn::Result<TokenStream> {
    let mut entries = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let mut it = tokens.into_iter().peekable();
    while it.peek().is_some() {
        // The key.
        let (key, span) = match it.next() {
            Some(TokenTree::Ident(i)) => {
                let s = i.to_string();
                (
                    s.strip_prefix("r#").map(str::to_string).unwrap_or(s),
                    i.span(),
                )
            }
            Some(TokenTree::Literal(l)) => match syn::parse2::<syn::LitStr>(quote!(#l)) {
                Ok(s) => (s.value(), l.span()),
                Err(_) => {
                    return Err(syn::Error::new(
                        l.span(),
                        "a container key is an identifier or a string literal",
                    ));
                }
            },
            Some(other) => {
                return Err(syn::Error::new(
                    other.span(),
                    "expected a key (an identifier or a string literal) followed by `:`",
                ));
            }
            None => break,
        };
        if key.is_empty() || key.contains(['/', '.']) {
            return Err(syn::Error::new(
                span,
                format!(
                    "`{key}` is not a container key: keys are non-empty and contain neither `/` nor `.` (write nested levels as `{{ .. }}`)"
                ),
            ));
        }
        if seen.contains(&key) {
            return Err(syn::Error::new(
                span,
                format!("the key `{key}` is given twice at this level"),
            ));
        }
        seen.push(key.clone());
        match it.next() {
            Some(TokenTree::Punct(p)) if p.as_char() == ':' => {}
            other => {
                return Err(syn::Error::new(
                    other.map(|t| t.span()).unwrap_or(span),
                    format!("expected `:` after the key `{key}`"),
                ));
            }
        }
        // The value: tokens up to the next top-level comma.
        let mut value: Vec<TokenTree> = Vec::new();
        while let Some(tt) = it.peek() {
            if matches!(tt, TokenTree::Punct(p) if p.as_char() == ',') {
                it.next();
                break;
            }
            value.extend(it.next());
        }
        if value.is_empty() {
            return Err(syn::Error::new(
                span,
                format!("the key `{key}` has no value"),
            ));
        }
        let entry = entry(krate, value, span)?;
        entries.push(quote!((#key, #entry)));
    }
    Ok(quote!(#krate::Container::from_entries_unchecked([#(#entries),*])))
}

/// One value as an `Entry` expression.
fn entry(krate: &TokenStream, value: Vec<TokenTree>, key_span: Span) -> syn::Result<TokenStream> {
    if let [TokenTree::Group(g)] = value.as_slice() {
        match g.delimiter() {
            Delimiter::Brace => {
                let sub = level(krate, g.stream())?;
                return Ok(quote!(#krate::Entry::Container(#sub)));
            }
            Delimiter::Bracket => {
                let inner = g.stream();
                let lit = crate::array_lit::expand(quote!(#krate; #inner));
                return Ok(quote!(#krate::Entry::Leaf(#lit)));
            }
            _ => {}
        }
    }
    let ts: TokenStream = value.into_iter().collect();
    let expr: syn::Expr = syn::parse2(ts.clone())
        .map_err(|e| syn::Error::new(e.span(), format!("invalid value: {e}")))?;
    if is_literal(&expr) {
        let scalar = crate::array_lit::scalar_of(krate, &expr);
        return Ok(quote!(#krate::Entry::Leaf(
            #krate::__private::array_lit(&[], &[#scalar], ::std::option::Option::None)
        )));
    }
    let _ = key_span;
    Ok(quote_spanned!(syn::spanned::Spanned::span(&expr)=> #krate::Entry::from(#expr)))
}

/// A number or bool literal, possibly negated.
fn is_literal(e: &syn::Expr) -> bool {
    match e {
        syn::Expr::Lit(l) => matches!(
            l.lit,
            syn::Lit::Int(_) | syn::Lit::Float(_) | syn::Lit::Bool(_)
        ),
        syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => is_literal(&u.expr),
        _ => false,
    }
}
