//! Tokens to the typed model.
//!
//! The grammar of a spec:
//!
//! ```text
//! spec     := ("category" IDENT "{" inner_doc* entry* "}")*
//! entry    := attr* "fn" IDENT generics? "(" params? ")" ("->" type)? (";" | block)
//! param    := ("#[default(" expr ")]" | rule)* IDENT ":" kind
//! rule     := #[one_of(STR, ..)] | #[ndim(INT)] | #[min_ndim(INT)] | #[square] | #[dtypes(set)] | #[same_shape(IDENT)]
//! kind     := Array | Arrays | Shape | Axis | NewAxis | Axes | Permutation | Ints
//!           | Splits | Contraction | Padding | Index | Dtype | Device | Scalar | bool | i64 | f64 | usize | Str | Container
//!           | Option<kind>
//! attr     := doc comment | #[primary] | #[compositional] | #[mixed] | #[standalone]
//!           | #[dtypes(set)] | #[dtype_of(IDENT)] | #[promote] | #[promote(IDENT, ..)] | #[cast((IDENT, ..:)? set => float|int|bool|complex)]
//!           | #[out(same|bool|real|dtype|index|same_each|custom)] | #[operator(OP, ..)]
//!           | #[differentiable] | #[not_differentiable] | #[not_nestable] | #[convenience]
//!           | #[no_method] | #[sample(IDENT = expr, ..)] | #[vjp(IDENT = expr | zero, ..)]
//!           | #[supported_dtypes(backend = "name", "KEY" => set, ..)]
//!           | #[unsupported_dtypes(backend = "name", "KEY" => set, ..)]
//!           | #[supported_devices(backend = "name", "KEY" => (cpu, gpu), ..)]
//!           | #[unsupported_devices(backend = "name", "KEY" => (gpu), ..)]
//!           | #[check(PATH)]
//! ```
//!
//! Syntax errors stop parsing; everything else (unknown attributes, kinds, dtype
//! names, version keys) is recorded in the [`Ctxt`] with its span so that all
//! mistakes are reported together.

use crate::ctxt::Ctxt;
use crate::dtypes::{DtypeExpr, DtypeMask};
use crate::model::*;
use proc_macro2::{Span, TokenStream};
use syn::parse::{Parse, ParseStream, Parser};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Attribute, Expr, Ident, LitStr, Token, braced, parenthesized};

/// Parse a whole spec (the tokens given to `api!`).
pub fn parse_spec(tokens: TokenStream, cx: &Ctxt) -> syn::Result<Spec> {
    let parser = |input: ParseStream| {
        let mut categories = Vec::new();
        while !input.is_empty() {
            let kw: Ident = input.parse()?;
            if kw != "category" {
                return Err(syn::Error::new(
                    kw.span(),
                    "expected `category <name> { ... }`",
                ));
            }
            let name: Ident = input.parse()?;
            let content;
            braced!(content in input);
            let inner = Attribute::parse_inner(&content)?;
            let docs = doc_lines(&inner);
            let mut ops = Vec::new();
            while !content.is_empty() {
                let item: RawEntry = content.parse()?;
                ops.push(item.into_op(&name.to_string(), cx));
            }
            categories.push(Category { name, docs, ops });
        }
        Ok(Spec { categories })
    };
    parser.parse2(tokens)
}

/// Parse one entry written as an ordinary function under `#[op(...)]`: the
/// attribute's arguments are the entry attributes without `#[...]`.
pub fn parse_op_fn(args: TokenStream, item: TokenStream, cx: &Ctxt) -> syn::Result<Op> {
    let meta_parser = Punctuated::<TokenStream2Item, Token![,]>::parse_terminated;
    let metas = meta_parser.parse2(args)?;
    let mut entry: RawEntry = syn::parse2(item)?;
    let category = metas
        .iter()
        .find_map(|m| m.category.clone())
        .unwrap_or_else(|| "custom".to_string());
    for m in metas {
        if m.category.is_none() {
            entry.attrs.push(m.attr);
        }
    }
    Ok(entry.into_op(&category, cx))
}

/// One `#[op(...)]` argument: `category = name` or an entry attribute body.
struct TokenStream2Item {
    category: Option<String>,
    attr: Attribute,
}

impl Parse for TokenStream2Item {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        if input.peek(Ident) && input.peek2(Token![=]) {
            let fork = input.fork();
            let name: Ident = fork.parse()?;
            if name == "category" {
                input.parse::<Ident>()?;
                input.parse::<Token![=]>()?;
                let c: Ident = input.parse()?;
                return Ok(TokenStream2Item {
                    category: Some(c.to_string()),
                    attr: dummy_attr(c.span()),
                });
            }
        }
        let meta: syn::Meta = input.parse()?;
        let span = meta.span();
        Ok(TokenStream2Item {
            category: None,
            attr: Attribute {
                pound_token: Token![#](span),
                style: syn::AttrStyle::Outer,
                bracket_token: syn::token::Bracket(span),
                meta,
            },
        })
    }
}

fn dummy_attr(span: Span) -> Attribute {
    syn::parse_quote_spanned!(span=> #[doc = ""])
}

/// An entry before interpretation.
struct RawEntry {
    attrs: Vec<Attribute>,
    ident: Ident,
    generics: syn::Generics,
    params: Vec<RawParam>,
    ret: Option<syn::Type>,
    ret_span: Span,
    body: Option<syn::Block>,
    receiver: Option<Span>,
    asyncness: Option<Span>,
}

struct RawParam {
    ident: Ident,
    ty: syn::Type,
    default: Option<Expr>,
    rules: Vec<(Rule, Span)>,
}

impl Parse for RawEntry {
    fn parse(input: ParseStream) -> syn::Result<RawEntry> {
        let attrs = Attribute::parse_outer(input)?;
        // `pub`, `async` and `const` are accepted so `#[op]` can report them
        // precisely instead of failing on syntax.
        let _vis: syn::Visibility = input.parse()?;
        let asyncness = input.parse::<Option<Token![async]>>()?.map(|t| t.span);
        input.parse::<Token![fn]>()?;
        let ident: Ident = input.parse()?;
        let mut generics: syn::Generics = input.parse()?;
        let content;
        parenthesized!(content in input);
        let mut params = Vec::new();
        let mut receiver = None;
        while !content.is_empty() {
            let param_attrs = Attribute::parse_outer(&content)?;
            if content.peek(Token![self])
                || (content.peek(Token![&])
                    && (content.peek2(Token![self]) || content.peek2(Token![mut])))
                || (content.peek(Token![mut]) && content.peek2(Token![self]))
            {
                let r: syn::Receiver = content.parse()?;
                receiver = Some(r.span());
            } else {
                let ident: Ident = content.call(syn::ext::IdentExt::parse_any)?;
                content.parse::<Token![:]>()?;
                let ty: syn::Type = content.parse()?;
                let mut default = None;
                let mut rules = Vec::new();
                for a in param_attrs {
                    if let Some(rule) = parse_rule(&a)? {
                        rules.push((rule, a.path().span()));
                    } else if a.path().is_ident("default") {
                        if default.is_some() {
                            return Err(syn::Error::new(
                                a.path().span(),
                                "`#[default]` is given twice",
                            ));
                        }
                        default = Some(a.parse_args::<Expr>()?);
                    } else {
                        return Err(syn::Error::new(
                            a.path().span(),
                            format!(
                                "unknown parameter attribute; a keyword parameter is written `#[default(value)] name: Kind`, \
                                 an argument rule is one of {}",
                                Rule::NAMES
                                    .iter()
                                    .map(|n| format!("#[{n}]"))
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ),
                        ));
                    }
                }
                params.push(RawParam {
                    ident,
                    ty,
                    default,
                    rules,
                });
            }
            if content.is_empty() {
                break;
            }
            content.parse::<Token![,]>()?;
        }
        let (ret, ret_span) = if input.peek(Token![->]) {
            let arrow: Token![->] = input.parse()?;
            let ty: syn::Type = input.parse()?;
            let span = ty.span();
            let _ = arrow;
            (Some(ty), span)
        } else {
            (None, ident.span())
        };
        generics.where_clause = input.parse()?;
        let body = if input.peek(Token![;]) {
            input.parse::<Token![;]>()?;
            None
        } else {
            Some(input.parse::<syn::Block>()?)
        };
        Ok(RawEntry {
            attrs,
            ident,
            generics,
            params,
            ret,
            ret_span,
            body,
            receiver,
            asyncness,
        })
    }
}

impl RawEntry {
    fn into_op(self, category: &str, cx: &Ctxt) -> Op {
        let mut op = Op {
            name: unraw(&self.ident),
            ident: self.ident.clone(),
            category: category.to_string(),
            docs: doc_lines(&self.attrs),
            kind: OpKind::Primary,
            kind_span: self.ident.span(),
            params: Vec::new(),
            ret: Ret::Array,
            body: self.body,
            generics: self.generics,
            dtypes: DtypeMask::ALL,
            dtypes_given: false,
            promote: Vec::new(),
            dtype_of: None,
            casts: Vec::new(),
            out: OutRule::Same,
            operators: Vec::new(),
            differentiable: Differentiable::Unstated,
            nestable: true,
            container_dependent: false,
            convenience: false,
            method: true,
            tables: Vec::new(),
            device_tables: Vec::new(),
            samples: Vec::new(),
            vjp: Vec::new(),
            callees: Vec::new(),
            checks: Vec::new(),
        };
        if let Some(span) = self.receiver {
            cx.error(span, "an op takes no `self`: methods are generated, with `self` in place of the first array argument");
        }
        if let Some(span) = self.asyncness {
            cx.error(span, "an op cannot be `async`");
        }
        let mut kinds: Vec<(OpKind, Span)> = Vec::new();
        let mut seen: Vec<(String, Span)> = Vec::new();
        for attr in &self.attrs {
            let path = attr.path();
            let Some(name) = path.get_ident().map(Ident::to_string) else {
                cx.error(path.span(), "unknown op attribute");
                continue;
            };
            if name == "doc" {
                continue;
            }
            if let Some((_, first)) = seen.iter().find(|(n, _)| *n == name)
                && !matches!(name.as_str(), "supported_dtypes" | "unsupported_dtypes")
            {
                let mut e = syn::Error::new(path.span(), format!("`#[{name}]` is given twice"));
                e.combine(syn::Error::new(*first, "first given here"));
                cx.syn_error(e);
                continue;
            }
            seen.push((name.clone(), path.span()));
            if let Err(e) = apply_attr(&mut op, &name, attr, &mut kinds) {
                cx.syn_error(e);
            }
        }
        match kinds.as_slice() {
            [] => cx.error(
                self.ident.span(),
                format!(
                    "op `{}` needs its kind: add one of #[primary], #[compositional], #[mixed] or #[standalone]",
                    op.name
                ),
            ),
            [(k, s)] => {
                op.kind = *k;
                op.kind_span = *s;
            }
            [(a, _), (b, s), ..] => cx.error(
                *s,
                format!(
                    "op `{}` is both #[{}] and #[{}]; the kinds are mutually exclusive",
                    op.name,
                    a.keyword(),
                    b.keyword()
                ),
            ),
        }
        let standalone = op.kind == OpKind::Standalone;
        for p in self.params {
            let (kind, kind_span) = kind_of(&p.ty);
            if kind.is_none() && !standalone {
                cx.error(
                    p.ty.span(),
                    format!(
                        "unknown parameter kind `{}`; expected one of {} (plain Rust types are allowed only in #[standalone] ops)",
                        quote::ToTokens::to_token_stream(&p.ty).to_string().replace(' ', ""),
                        ParamKind::NAMES.join(", ")
                    ),
                );
            }
            let kind = if standalone {
                ParamKind::Verbatim
            } else {
                kind.unwrap_or(ParamKind::Verbatim)
            };
            let default = p.default.map(|e| match &e {
                Expr::Path(path) if path.path.is_ident("None") => Default::None,
                _ => Default::Expr(Box::new(e)),
            });
            op.params.push(Param {
                name: unraw(&p.ident),
                ident: p.ident,
                kind,
                kind_span,
                ty: p.ty,
                default,
                rules: p.rules,
            });
        }
        op.ret = match self.ret {
            None if standalone => Ret::Verbatim(Box::new(syn::parse_quote!(()))),
            None => {
                cx.error(self.ret_span, format!("op `{}` must say what it returns (`-> Array`)", op.name));
                Ret::Array
            }
            Some(ty) if standalone => Ret::Verbatim(Box::new(ty)),
            Some(ty) => ret_of(&ty).unwrap_or_else(|| {
                cx.error(
                    ty.span(),
                    "an op returns `Array`, a tuple of arrays `(Array, Array)` or a list `Vec<Array>`",
                );
                Ret::Array
            }),
        };
        if standalone {
            op.nestable = false;
        }
        // A container parameter makes the op container-dependent: its
        // containers are taken whole, so it is never mapped over them.
        if !standalone && op.params.iter().any(|p| p.kind.is_container()) {
            op.container_dependent = true;
            op.nestable = false;
        }
        if !op.params.iter().any(|p| p.kind.is_array()) {
            op.nestable = false;
            op.method = false;
        }
        op
    }
}

fn unraw(i: &Ident) -> String {
    ident_name(i)
}

/// The lines of the doc comments among `attrs`.
pub fn doc_lines(attrs: &[Attribute]) -> Vec<String> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .filter_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => {
                    let v = s.value();
                    Some(v.strip_prefix(' ').map(str::to_string).unwrap_or(v))
                }
                _ => None,
            },
            _ => None,
        })
        .collect()
}

fn kind_of(ty: &syn::Type) -> (Option<ParamKind>, Span) {
    let span = ty.span();
    let syn::Type::Path(p) = ty else {
        return (None, span);
    };
    if p.qself.is_some() || p.path.segments.len() != 1 {
        return (None, span);
    }
    let seg = &p.path.segments[0];
    let name = seg.ident.to_string();
    let kind = match (name.as_str(), &seg.arguments) {
        ("Option", syn::PathArguments::AngleBracketed(a)) if a.args.len() == 1 => {
            match &a.args[0] {
                syn::GenericArgument::Type(inner) => match kind_of(inner).0 {
                    Some(ParamKind::Option(_)) | None => None,
                    Some(k) => Some(ParamKind::Option(Box::new(k))),
                },
                _ => None,
            }
        }
        (_, syn::PathArguments::None) => match name.as_str() {
            "Array" => Some(ParamKind::Array),
            "Arrays" => Some(ParamKind::Arrays),
            "Shape" => Some(ParamKind::Shape),
            "Axis" => Some(ParamKind::Axis),
            "NewAxis" => Some(ParamKind::NewAxis),
            "Axes" => Some(ParamKind::Axes),
            "Permutation" => Some(ParamKind::Permutation),
            "Ints" => Some(ParamKind::Ints),
            "Splits" => Some(ParamKind::Splits),
            "Contraction" => Some(ParamKind::Contraction),
            "Padding" => Some(ParamKind::Padding),
            "Index" => Some(ParamKind::Index),
            "Dtype" => Some(ParamKind::Dtype),
            "Device" => Some(ParamKind::Device),
            "Scalar" => Some(ParamKind::Scalar),
            "bool" => Some(ParamKind::Bool),
            "i64" => Some(ParamKind::Int),
            "f64" => Some(ParamKind::Float),
            "usize" => Some(ParamKind::Usize),
            "Str" => Some(ParamKind::Str),
            "Container" => Some(ParamKind::Container),
            _ => None,
        },
        _ => None,
    };
    (kind, span)
}

fn ret_of(ty: &syn::Type) -> Option<Ret> {
    let is_array = |t: &syn::Type| matches!(kind_of(t).0, Some(ParamKind::Array));
    match ty {
        syn::Type::Tuple(t) if t.elems.len() >= 2 && t.elems.iter().all(is_array) => {
            Some(Ret::Tuple(t.elems.len()))
        }
        syn::Type::Path(p) if p.path.segments.len() == 1 => {
            let seg = &p.path.segments[0];
            match (seg.ident.to_string().as_str(), &seg.arguments) {
                ("Array", syn::PathArguments::None) => Some(Ret::Array),
                ("Vec", syn::PathArguments::AngleBracketed(a)) if a.args.len() == 1 => {
                    match &a.args[0] {
                        syn::GenericArgument::Type(t) if is_array(t) => Some(Ret::List),
                        _ => None,
                    }
                }
                _ => None,
            }
        }
        _ => None,
    }
}

fn flag(attr: &Attribute) -> syn::Result<()> {
    match &attr.meta {
        syn::Meta::Path(_) => Ok(()),
        _ => Err(syn::Error::new(
            attr.meta.span(),
            "this attribute takes no arguments",
        )),
    }
}

/// A parameter attribute that writes an argument rule, parsed; `None` for
/// any other attribute.
fn parse_rule(a: &Attribute) -> syn::Result<Option<Rule>> {
    let Some(name) = a.path().get_ident().map(Ident::to_string) else {
        return Ok(None);
    };
    let count =
        |a: &Attribute| -> syn::Result<usize> { a.parse_args::<syn::LitInt>()?.base10_parse() };
    Ok(Some(match name.as_str() {
        "one_of" => {
            let values = a.parse_args_with(Punctuated::<LitStr, Token![,]>::parse_terminated)?;
            Rule::OneOf(values.into_iter().collect())
        }
        "ndim" => Rule::Ndim(count(a)?),
        "min_ndim" => Rule::MinNdim(count(a)?),
        "square" => {
            flag(a)?;
            Rule::Square
        }
        "dtypes" => {
            let tokens = a.meta.require_list()?.tokens.clone();
            let text = tokens.to_string();
            Rule::Dtypes(syn::parse2::<DtypeExpr>(tokens)?.mask, text)
        }
        "same_shape" => Rule::SameShape(a.parse_args::<Ident>()?),
        _ => return Ok(None),
    }))
}

fn apply_attr(
    op: &mut Op,
    name: &str,
    attr: &Attribute,
    kinds: &mut Vec<(OpKind, Span)>,
) -> syn::Result<()> {
    let span = attr.path().span();
    match name {
        "primary" | "compositional" | "mixed" | "standalone" => {
            flag(attr)?;
            let k = match name {
                "primary" => OpKind::Primary,
                "compositional" => OpKind::Compositional,
                "mixed" => OpKind::Mixed,
                _ => OpKind::Standalone,
            };
            kinds.push((k, span));
        }
        "dtypes" => {
            op.dtypes = attr.parse_args::<DtypeExpr>()?.mask;
            op.dtypes_given = true;
        }
        "promote" => match &attr.meta {
            syn::Meta::Path(_) => op.promote = vec![Ident::new("__all", span)],
            _ => {
                let names =
                    attr.parse_args_with(Punctuated::<Ident, Token![,]>::parse_terminated)?;
                op.promote = names.into_iter().collect();
            }
        },
        "dtype_of" => op.dtype_of = Some(attr.parse_args::<Ident>()?),
        "cast" => {
            let cast = attr.parse_args_with(|input: ParseStream| {
                let fork = input.fork();
                let mut params = Vec::new();
                let named = (|| -> syn::Result<Vec<Ident>> {
                    let mut names = vec![fork.parse::<Ident>()?];
                    while fork.peek(Token![,]) {
                        fork.parse::<Token![,]>()?;
                        names.push(fork.parse::<Ident>()?);
                    }
                    if fork.peek(Token![:]) && !fork.peek(Token![::]) {
                        fork.parse::<Token![:]>()?;
                        Ok(names)
                    } else {
                        Err(fork.error("no parameter list"))
                    }
                })();
                if let Ok(names) = named {
                    use syn::parse::discouraged::Speculative;
                    input.advance_to(&fork);
                    params = names;
                }
                let from: DtypeExpr = input.parse()?;
                input.parse::<Token![=>]>()?;
                let to: Ident = input.parse()?;
                let target = match to.to_string().as_str() {
                    "float" => CastTarget::Float,
                    "int" => CastTarget::Int,
                    "bool" => CastTarget::Bool,
                    "complex" => CastTarget::Complex,
                    _ => {
                        return Err(syn::Error::new(
                            to.span(),
                            "a cast goes to `float`, `int`, `bool` or `complex` (the default dtype of that kind)",
                        ));
                    }
                };
                Ok(Cast { params, from: from.mask, to: target, span })
            })?;
            op.casts.push(cast);
        }
        "out" => {
            let rule: Ident = attr.parse_args()?;
            op.out = match rule.to_string().as_str() {
                "same" => OutRule::Same,
                "bool" => OutRule::Bool,
                "real" => OutRule::Real,
                "dtype" => OutRule::DtypeParam,
                "index" => OutRule::Index,
                "same_each" => OutRule::SameEach,
                "custom" => OutRule::Custom,
                _ => {
                    return Err(syn::Error::new(
                        rule.span(),
                        "unknown output rule; expected same, bool, real, dtype, index, same_each or custom",
                    ));
                }
            };
        }
        "operator" => {
            let ops = attr.parse_args_with(|input: ParseStream| {
                let mut out = Vec::new();
                while !input.is_empty() {
                    out.push(parse_operator(input)?);
                    if input.is_empty() {
                        break;
                    }
                    input.parse::<Token![,]>()?;
                }
                Ok(out)
            })?;
            op.operators.extend(ops);
        }
        "differentiable" => {
            flag(attr)?;
            op.differentiable = Differentiable::Yes;
        }
        "not_differentiable" => {
            flag(attr)?;
            op.differentiable = Differentiable::No;
        }
        "not_nestable" => {
            flag(attr)?;
            op.nestable = false;
        }
        "convenience" => {
            flag(attr)?;
            op.convenience = true;
        }
        "no_method" => {
            flag(attr)?;
            op.method = false;
        }
        "sample" | "vjp" => {
            let pairs = attr.parse_args_with(|input: ParseStream| {
                let mut out = Vec::new();
                while !input.is_empty() {
                    let name: Ident = input.call(syn::ext::IdentExt::parse_any)?;
                    input.parse::<Token![=]>()?;
                    let value: Expr = input.parse()?;
                    out.push((name, value));
                    if input.is_empty() {
                        break;
                    }
                    input.parse::<Token![,]>()?;
                }
                Ok(out)
            })?;
            if name == "vjp" {
                op.vjp.extend(pairs);
            } else {
                op.samples.extend(pairs);
            }
        }
        "supported_devices" | "unsupported_devices" => {
            let mode = if name == "supported_devices" {
                TableMode::Supported
            } else {
                TableMode::Unsupported
            };
            let (backend, rows) = attr.parse_args_with(|input: ParseStream| {
                let backend = parse_backend_key(input)?;
                Ok((backend, parse_device_rows(input)?))
            })?;
            op.device_tables.push(crate::model::DeviceTable {
                mode,
                backend,
                rows,
                span,
            });
        }
        "supported_dtypes" | "unsupported_dtypes" => {
            let mode = if name == "supported_dtypes" {
                TableMode::Supported
            } else {
                TableMode::Unsupported
            };
            let mut table = attr.parse_args_with(|input: ParseStream| parse_table(input, true))?;
            table.mode = mode;
            table.span = span;
            op.tables.push(table);
        }
        "check" => op.checks.push(attr.parse_args::<syn::Path>()?),
        _ => {
            return Err(syn::Error::new(
                span,
                format!(
                    "unknown op attribute `#[{name}]`; expected one of primary, compositional, mixed, standalone, \
                     dtypes, dtype_of, promote, cast, out, operator, differentiable, not_differentiable, not_nestable, \
                     convenience, no_method, sample, vjp, supported_dtypes, unsupported_dtypes, \
                     supported_devices, unsupported_devices, check"
                ),
            ));
        }
    }
    Ok(())
}

fn parse_operator(input: ParseStream) -> syn::Result<Operator> {
    let la = input.lookahead1();
    macro_rules! try_tok {
        ($($t:tt => $v:expr),*) => {
            $(if la.peek(Token![$t]) { input.parse::<Token![$t]>()?; return Ok($v); })*
        };
    }
    if input.peek(Ident) {
        let i: Ident = input.parse()?;
        return match i.to_string().as_str() {
            "neg" => Ok(Operator::Neg),
            "not" => Ok(Operator::Not),
            _ => Err(syn::Error::new(
                i.span(),
                "expected an operator: + - * / % & | ^ << >>, or `neg` / `not` for the unary ones",
            )),
        };
    }
    try_tok!(<< => Operator::Shl, >> => Operator::Shr, + => Operator::Add, - => Operator::Sub,
             * => Operator::Mul, / => Operator::Div, % => Operator::Rem, & => Operator::BitAnd,
             | => Operator::BitOr, ^ => Operator::BitXor, ! => Operator::Not);
    Err(la.error())
}

/// Parse a version-keyed dtype table: `[backend = "name",] "KEY" => set, ...`.
/// `backend = "name",` at the start of a table on a spec entry, if there.
fn parse_backend_key(input: ParseStream) -> syn::Result<Option<LitStr>> {
    if input.peek(Ident) && input.peek2(Token![=]) && !input.peek2(Token![=>]) {
        let k: Ident = input.parse()?;
        if k != "backend" {
            return Err(syn::Error::new(
                k.span(),
                "expected `backend = \"name\"` or a version key string",
            ));
        }
        input.parse::<Token![=]>()?;
        let b = input.parse::<LitStr>()?;
        if !input.is_empty() {
            input.parse::<Token![,]>()?;
        }
        return Ok(Some(b));
    }
    Ok(None)
}

/// A version key followed by `=>`, checked against the grammar.
pub fn parse_version_key(input: ParseStream) -> syn::Result<LitStr> {
    let key: LitStr = input.parse()?;
    if let Err(e) = crate::version::VersionKey::parse(&key.value()) {
        return Err(syn::Error::new(
            key.span(),
            format!("malformed version key: {}", e.reason),
        ));
    }
    input.parse::<Token![=>]>()?;
    Ok(key)
}

/// The bits of a device kind name: cpu 1, gpu 2, tpu 4 (`all` is every
/// kind, as in Ivy's device tables).
pub fn device_bits(name: &Ident) -> syn::Result<u8> {
    match name.to_string().as_str() {
        "cpu" => Ok(1),
        "gpu" => Ok(2),
        "tpu" => Ok(4),
        "all" => Ok(7),
        other => Err(syn::Error::new(
            name.span(),
            format!("unknown device `{other}`; expected cpu, gpu, tpu or all"),
        )),
    }
}

/// Rows of a device table: `"KEY" => (cpu, gpu), ...`.
pub fn parse_device_rows(input: ParseStream) -> syn::Result<Vec<(LitStr, u8)>> {
    let mut rows = Vec::new();
    while !input.is_empty() {
        let key = parse_version_key(input)?;
        let content;
        parenthesized!(content in input);
        let names = content.parse_terminated(<Ident as syn::parse::Parse>::parse, Token![,])?;
        let mut bits = 0u8;
        for n in &names {
            bits |= device_bits(n)?;
        }
        rows.push((key, bits));
        if input.is_empty() {
            break;
        }
        input.parse::<Token![,]>()?;
    }
    if rows.is_empty() {
        return Err(input.error("a device table needs at least one row: \"KEY\" => (cpu, gpu)"));
    }
    Ok(rows)
}

pub fn parse_table(input: ParseStream, allow_backend: bool) -> syn::Result<DtypeTable> {
    let mut backend = None;
    if input.peek(Ident) && input.peek2(Token![=]) && !input.peek2(Token![=>]) {
        let k: Ident = input.parse()?;
        if k != "backend" || !allow_backend {
            return Err(syn::Error::new(
                k.span(),
                "expected a version key string such as \"0.16 and below\"",
            ));
        }
        input.parse::<Token![=]>()?;
        backend = Some(input.parse::<LitStr>()?);
        if !input.is_empty() {
            input.parse::<Token![,]>()?;
        }
    }
    let mut rows = Vec::new();
    while !input.is_empty() {
        let key = parse_version_key(input)?;
        let set: DtypeExpr = input.parse()?;
        rows.push((key, set.mask));
        if input.is_empty() {
            break;
        }
        input.parse::<Token![,]>()?;
    }
    if rows.is_empty() {
        return Err(input.error("a dtype table needs at least one row: \"KEY\" => (dtypes)"));
    }
    Ok(DtypeTable {
        mode: TableMode::Unsupported,
        backend,
        rows,
        span: input.span(),
    })
}
