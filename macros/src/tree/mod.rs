//! `#[derive(Tree)]`: a struct or enum as a pytree node (or, with
//! `#[tree(leaf)]`, as a leaf type).
//!
//! Representations, chosen on the type:
//!
//! - default: a struct, and each variant of an enum, is a record node
//!   (`Linear { w: *, b: * }`, `Act::Scaled(*)`);
//! - `#[tree(untagged)]` on an enum: each variant is the node of its
//!   content, as a Python list holding values of several kinds would show
//!   them: a unit variant is `None`, a one-field tuple variant is its field,
//!   a tuple variant of several fields a tuple, a struct variant a record;
//!   rebuilding picks the first variant that accepts the next node;
//! - `#[tree(transparent)]` on a struct of one field: the field's node;
//! - `#[tree(leaf)]`: the whole value is one leaf.
//!
//! Parse (attributes into a small model, errors accumulated with their
//! spans) -> generate `Tree<L>` and `TreeMap<L, M>` impls. On any error the
//! output is the errors as `compile_error!`s plus a harmless `Tree` impl, so
//! the user sees the real error and not a cascade of "`S` is not a `Tree`".

use proc_macro2::{Span, TokenStream, TokenTree};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields, Generics, Ident, Member, Path, Type};

/// Entry point called by `#[proc_macro_derive(Tree)]`.
pub fn derive(input: TokenStream) -> TokenStream {
    let input: DeriveInput = match syn::parse2(input) {
        Ok(i) => i,
        Err(e) => return e.to_compile_error(),
    };
    let mut errors = Errors::default();
    let model = Model::parse(&input, &mut errors);
    match errors.combine() {
        Some(err) => {
            let mut out = err.to_compile_error();
            out.extend(dummy(&input, &model.krate));
            out
        }
        None => expand(&model),
    }
}

/// Accumulated errors (serde's `Ctxt`, without the drop guard: `derive`
/// always calls `combine`).
#[derive(Default)]
struct Errors(Vec<syn::Error>);

impl Errors {
    fn push(&mut self, e: syn::Error) {
        self.0.push(e)
    }

    fn spanned(&mut self, tokens: impl quote::ToTokens, msg: impl std::fmt::Display) {
        self.0.push(syn::Error::new_spanned(tokens, msg))
    }

    fn combine(self) -> Option<syn::Error> {
        let mut it = self.0.into_iter();
        let mut first = it.next()?;
        for e in it {
            first.combine(e);
        }
        Some(first)
    }
}

// ---------------------------------------------------------------------------
// Model
// ---------------------------------------------------------------------------

struct Model<'a> {
    ident: &'a Ident,
    generics: &'a Generics,
    krate: Path,
    leaf: bool,
    /// `#[tree(untagged)]` (enums).
    untagged: bool,
    /// `#[tree(transparent)]` (structs of one field).
    transparent: bool,
    body: Body<'a>,
}

enum Body<'a> {
    Struct(Variant<'a>),
    Enum(Vec<Variant<'a>>),
}

struct Variant<'a> {
    /// `None` for a struct.
    ident: Option<&'a Ident>,
    shape: Shape,
    fields: Vec<Field<'a>>,
}

#[derive(Clone, Copy, PartialEq)]
enum Shape {
    Named,
    Tuple,
    Unit,
}

struct Field<'a> {
    member: Member,
    /// The name used in key paths and the `TreeDef` (`w`, or `0` for a
    /// tuple field).
    name: String,
    ty: &'a Type,
    is_static: bool,
}

impl<'a> Model<'a> {
    fn parse(input: &'a DeriveInput, errors: &mut Errors) -> Model<'a> {
        let mut krate: Path = syn::parse_quote!(::ivy);
        let mut leaf = false;
        let mut untagged: Option<Path> = None;
        let mut transparent: Option<Path> = None;
        let is_enum = matches!(input.data, Data::Enum(_));
        for attr in input.attrs.iter().filter(|a| a.path().is_ident("tree")) {
            let res = attr.parse_nested_meta(|meta| {
                if meta.path.is_ident("leaf") {
                    if leaf {
                        errors.spanned(&meta.path, "duplicate `leaf` option");
                    }
                    leaf = true;
                    Ok(())
                } else if meta.path.is_ident("untagged") {
                    if untagged.is_some() {
                        errors.spanned(&meta.path, "duplicate `untagged` option");
                    } else if !is_enum {
                        errors.spanned(
                            &meta.path,
                            "`untagged` is for enums; a struct of one field that should stand \
                             for its field takes `#[tree(transparent)]`",
                        );
                    }
                    untagged = Some(meta.path.clone());
                    Ok(())
                } else if meta.path.is_ident("transparent") {
                    if transparent.is_some() {
                        errors.spanned(&meta.path, "duplicate `transparent` option");
                    } else if is_enum {
                        errors.spanned(
                            &meta.path,
                            "`transparent` is for structs of one field; an enum whose variants \
                             stand for their contents takes `#[tree(untagged)]`",
                        );
                    }
                    transparent = Some(meta.path.clone());
                    Ok(())
                } else if meta.path.is_ident("crate") {
                    let value = meta.value()?;
                    if value.peek(syn::LitStr) {
                        let s: syn::LitStr = value.parse()?;
                        krate = s.parse()?;
                    } else {
                        krate = value.parse()?;
                    }
                    Ok(())
                } else if meta.path.is_ident("static") {
                    Err(meta.error("`static` belongs on a field: `#[tree(static)] name: Type`"))
                } else {
                    Err(meta.error(format!(
                        "unknown `tree` option `{}`; expected `leaf`, `untagged` (enums), \
                         `transparent` (structs of one field) or `crate = path` here",
                        path_name(&meta.path)
                    )))
                }
            });
            if let Err(e) = res {
                errors.push(e);
            }
        }

        let body = match &input.data {
            Data::Struct(s) => Body::Struct(Variant::parse(None, &s.fields, errors)),
            Data::Enum(e) => Body::Enum(
                e.variants
                    .iter()
                    .map(|v| {
                        for attr in v.attrs.iter().filter(|a| a.path().is_ident("tree")) {
                            errors.spanned(attr, "`#[tree(...)]` options go on the enum or on fields, not on variants");
                        }
                        Variant::parse(Some(&v.ident), &v.fields, errors)
                    })
                    .collect(),
            ),
            Data::Union(u) => {
                errors.push(syn::Error::new(
                    u.union_token.span(),
                    "`#[derive(Tree)]` does not support unions: which field holds the value is not known, \
                     so a union cannot be flattened; use a struct or an enum",
                ));
                Body::Struct(Variant { ident: None, shape: Shape::Unit, fields: Vec::new() })
            }
        };

        if leaf {
            let variants: Vec<&Variant> = match &body {
                Body::Struct(v) => vec![v],
                Body::Enum(vs) => vs.iter().collect(),
            };
            for f in variants
                .iter()
                .flat_map(|v| v.fields.iter())
                .filter(|f| f.is_static)
            {
                errors.spanned(
                    f.ty,
                    "`#[tree(static)]` has no effect in a `#[tree(leaf)]` type, which is one leaf",
                );
            }
        }

        if leaf {
            for p in untagged.iter().chain(transparent.iter()) {
                errors.spanned(
                    p,
                    format!(
                        "`{}` cannot go with `leaf`: a leaf type is one leaf, whatever its fields",
                        path_name(p)
                    ),
                );
            }
        }
        if let (Some(p), Body::Struct(v)) = (&transparent, &body)
            && !leaf
        {
            if let Some(f) = v.statics().next() {
                errors.spanned(
                    f.ty,
                    "a `#[tree(transparent)]` struct has no node to keep a static field in: \
                     make it a field of the inner type, or drop `transparent`",
                );
            }
            let n = v.children().count();
            if n != 1 {
                errors.spanned(
                    p,
                    format!(
                        "`#[tree(transparent)]` needs exactly one field (the one the struct \
                         stands for); `{}` has {n}",
                        input.ident
                    ),
                );
            }
        }
        if let (Some(_), Body::Enum(vs)) = (&untagged, &body)
            && !leaf
        {
            check_untagged(vs, errors);
        }

        Model {
            ident: &input.ident,
            generics: &input.generics,
            krate,
            leaf,
            untagged: untagged.is_some() && is_enum,
            transparent: transparent.is_some() && !is_enum,
            body,
        }
    }
}

/// The mistakes an untagged enum can hold: two variants that stand for the
/// same node (two unit variants are both `None`; two one-field variants of
/// one type), and static fields where no record node keeps them.
fn check_untagged(vs: &[Variant], errors: &mut Errors) {
    let mut unit: Option<&Ident> = None;
    let mut single: Vec<(&Ident, String)> = Vec::new();
    for v in vs {
        let Some(id) = v.ident else { continue };
        match v.shape {
            Shape::Unit => match unit {
                Some(first) => errors.spanned(
                    id,
                    format!(
                        "in an untagged enum a unit variant stands for `None`, and `{first}` \
                         already does; `{id}` could never be rebuilt"
                    ),
                ),
                None => unit = Some(id),
            },
            Shape::Tuple => {
                for f in v.statics() {
                    errors.spanned(
                        f.ty,
                        "a tuple variant of an untagged enum is its fields' node, with no \
                         record to keep a static field in: make it a struct variant",
                    );
                }
                let children: Vec<&Field> = v.children().collect();
                if let [f] = children.as_slice() {
                    let ty = f.ty;
                    let text = quote!(#ty).to_string();
                    match single.iter().find(|(_, t)| *t == text) {
                        Some((first, _)) => errors.spanned(
                            id,
                            format!(
                                "variants `{first}` and `{id}` of an untagged enum both hold \
                                 `{}`: rebuilding picks the first that fits, so `{id}` could \
                                 never be rebuilt",
                                text.replace(' ', "")
                            ),
                        ),
                        None => single.push((id, text)),
                    }
                }
            }
            Shape::Named => {}
        }
    }
}

impl<'a> Variant<'a> {
    fn parse(ident: Option<&'a Ident>, fields: &'a Fields, errors: &mut Errors) -> Variant<'a> {
        let shape = match fields {
            Fields::Named(_) => Shape::Named,
            Fields::Unnamed(_) => Shape::Tuple,
            Fields::Unit => Shape::Unit,
        };
        let fields = fields
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let mut is_static = false;
                for attr in f.attrs.iter().filter(|a| a.path().is_ident("tree")) {
                    let res = attr.parse_nested_meta(|meta| {
                        if meta.path.is_ident("static") {
                            if is_static {
                                errors.spanned(&meta.path, "duplicate `static` option");
                            }
                            is_static = true;
                            Ok(())
                        } else {
                            Err(meta.error(format!(
                                "unknown `tree` option `{}`; expected `static` here",
                                path_name(&meta.path)
                            )))
                        }
                    });
                    if let Err(e) = res {
                        errors.push(e);
                    }
                }
                let (member, name) = match &f.ident {
                    Some(id) => (Member::Named(id.clone()), unraw(id)),
                    None => (
                        Member::Unnamed(syn::Index {
                            index: i as u32,
                            span: f.ty.span(),
                        }),
                        i.to_string(),
                    ),
                };
                Field {
                    member,
                    name,
                    ty: &f.ty,
                    is_static,
                }
            })
            .collect();
        Variant {
            ident,
            shape,
            fields,
        }
    }

    fn children(&self) -> impl Iterator<Item = &Field<'a>> {
        self.fields.iter().filter(|f| !f.is_static)
    }

    fn statics(&self) -> impl Iterator<Item = &Field<'a>> {
        self.fields.iter().filter(|f| f.is_static)
    }
}

fn unraw(id: &Ident) -> String {
    let s = id.to_string();
    s.strip_prefix("r#").map(str::to_string).unwrap_or(s)
}

fn path_name(p: &Path) -> String {
    quote!(#p).to_string().replace(' ', "")
}

// ---------------------------------------------------------------------------
// Code generation
// ---------------------------------------------------------------------------

fn expand(m: &Model) -> TokenStream {
    if m.leaf {
        return expand_leaf(m);
    }
    let krate = &m.krate;
    let tree = quote!(#krate::tree);
    let ident = m.ident;
    let (_, ty_generics, _) = m.generics.split_for_impl();
    let self_ty = quote!(#ident #ty_generics);

    let variants: Vec<&Variant> = match &m.body {
        Body::Struct(v) => vec![v],
        Body::Enum(vs) => vs.iter().collect(),
    };
    let is_enum = matches!(m.body, Body::Enum(_));

    // One `RecordInfo` const per struct / variant.
    let info_names: Vec<Ident> = (0..variants.len())
        .map(|i| format_ident!("__IVY_TREE_INFO_{}", i))
        .collect();
    // (Only records have one: other representations print no type.)
    let infos = variants
        .iter()
        .zip(&info_names)
        .filter(|(v, _)| repr(m, v) == Repr::Record)
        .map(|(v, name)| {
            let type_name = ident.to_string();
            let variant = match v.ident {
                Some(id) => {
                    let s = unraw(id);
                    quote!(::core::option::Option::Some(#s))
                }
                None => quote!(::core::option::Option::None),
            };
            let shape = match v.shape {
                Shape::Named => quote!(#tree::RecordShape::Named),
                Shape::Tuple => quote!(#tree::RecordShape::Tuple),
                Shape::Unit => quote!(#tree::RecordShape::Unit),
            };
            let fields = v.children().map(|f| f.name.as_str());
            let statics = v.statics().map(|f| f.name.as_str());
            quote! {
                const #name: &'static #tree::RecordInfo = &#tree::RecordInfo {
                    module: ::core::module_path!(),
                    name: #type_name,
                    variant: #variant,
                    shape: #shape,
                    fields: &[#(#fields),*],
                    statics: &[#(#statics),*],
                };
            }
        });

    // Type parameters that may change under `TreeMap`: those in child
    // fields and in no static field.
    let all_fields: Vec<&Field> = variants.iter().flat_map(|v| v.fields.iter()).collect();
    let tree_params: Vec<Ident> = m
        .generics
        .type_params()
        .map(|p| p.ident.clone())
        .filter(|p| {
            all_fields.iter().any(|f| !f.is_static && mentions(f.ty, p))
                && !all_fields.iter().any(|f| f.is_static && mentions(f.ty, p))
        })
        .collect();

    // --- Tree<L> ---
    let mut tree_generics = m.generics.clone();
    tree_generics.params.push(syn::parse_quote!(__IvyL));
    let (tree_impl_generics, _, _) = tree_generics.split_for_impl();
    let mut tree_where = where_clause(m.generics);
    // A field that holds the type itself (`Box<Self>`, `Vec<List<T>>`) gets
    // no bound: the impl being defined provides it, and stating it would
    // make the trait solver go round in circles.
    let self_ident = Ident::new("Self", Span::call_site());
    let recursive = |ty: &Type| mentions(ty, m.ident) || mentions(ty, &self_ident);
    for f in &all_fields {
        let ty = f.ty;
        if f.is_static {
            tree_where.push(static_bound(ty, &tree));
        } else if !recursive(ty) {
            tree_where.push(quote_spanned!(ty.span()=> #ty: #tree::Tree<__IvyL>));
        }
    }

    let flatten_arms = variants.iter().zip(&info_names).map(|(v, info)| {
        let (pat, binds) = pattern(m, v, is_enum);
        match repr(m, v) {
            Repr::Record => {}
            Repr::None => return quote!(#pat => __ivy_sink.none(),),
            Repr::Inner => {
                let (f, b) = v
                    .fields
                    .iter()
                    .zip(&binds)
                    .find(|(f, _)| !f.is_static)
                    .map_or((None, None), |(f, b)| (Some(f.ty), Some(b)));
                return match (f, b) {
                    (Some(ty), Some(b)) => {
                        quote!(#pat => <#ty as #tree::Tree<__IvyL>>::flatten_into(#b, __ivy_sink),)
                    }
                    _ => quote!(#pat => {}),
                };
            }
            Repr::Tuple => {
                let n = v.fields.len();
                let children = v.fields.iter().zip(&binds).enumerate().map(|(k, (f, b))| {
                    let ty = f.ty;
                    quote! {
                        __ivy_sink.child_index(#k);
                        <#ty as #tree::Tree<__IvyL>>::flatten_into(#b, __ivy_sink);
                    }
                });
                return quote! {
                    #pat => {
                        let __ivy_token = __ivy_sink.tuple(#n);
                        #(#children)*
                        __ivy_sink.end(__ivy_token);
                    }
                };
            }
        }
        let statics = v
            .fields
            .iter()
            .zip(&binds)
            .filter(|(f, _)| f.is_static)
            .map(|(_, b)| quote!(#tree::StaticValue::new(::core::clone::Clone::clone(#b))));
        let children = v
            .fields
            .iter()
            .zip(&binds)
            .filter(|(f, _)| !f.is_static)
            .enumerate()
            .map(|(k, (f, b))| {
                let ty = f.ty;
                quote! {
                    __ivy_sink.child_field(#info, #k);
                    <#ty as #tree::Tree<__IvyL>>::flatten_into(#b, __ivy_sink);
                }
            });
        quote! {
            #pat => {
                let __ivy_token = __ivy_sink.record(#info, || {
                    let mut __ivy_v = #tree::__private::Vec::new();
                    #( __ivy_v.push(#statics); )*
                    __ivy_v
                });
                #(#children)*
                __ivy_sink.end(__ivy_token);
            }
        }
    });

    let unflatten_arms = variants.iter().enumerate().map(|(i, v)| {
        let mut static_k = 0usize;
        let reads = v.fields.iter().enumerate().map(|(j, f)| {
            let var = format_ident!("__ivy_f{}", j);
            let ty = f.ty;
            if f.is_static {
                let k = static_k;
                static_k += 1;
                quote!(let #var: #ty = __ivy_src.static_field::<#ty>(&__ivy_m, #k)?;)
            } else {
                quote!(let #var: #ty = <#ty as #tree::Tree<__IvyL>>::unflatten_from(__ivy_src)?;)
            }
        });
        // Statics first (they come from the record node), then children.
        let (static_reads, child_reads): (Vec<_>, Vec<_>) =
            v.fields.iter().zip(reads).partition(|(f, _)| f.is_static);
        let static_reads = static_reads.into_iter().map(|(_, r)| r);
        let child_reads = child_reads.into_iter().map(|(_, r)| r);
        let ctor = constructor(m, v, is_enum);
        let inits = v.fields.iter().enumerate().map(|(j, f)| {
            let member = &f.member;
            let var = format_ident!("__ivy_f{}", j);
            quote!(#member: #var)
        });
        quote! {
            #i => {
                #(#static_reads)*
                #(#child_reads)*
                #ctor { #(#inits),* }
            }
        }
    });

    let for_each_arms = variants.iter().map(|v| {
        let (pat, binds) = pattern(m, v, is_enum);
        let calls = v
            .fields
            .iter()
            .zip(&binds)
            .filter(|(f, _)| !f.is_static)
            .map(|(f, b)| {
                let ty = f.ty;
                quote!(<#ty as #tree::Tree<__IvyL>>::for_each_mut(#b, __ivy_f);)
            });
        quote!(#pat => { #(#calls)* })
    });

    let info_list = &info_names;
    // An enum without variants has no value to rebuild: the source's error
    // (no record matches) is the answer.
    let unflatten_body = if m.transparent || m.untagged {
        unflatten_by_content(m, &variants, &info_names, &tree)
    } else if variants.is_empty() {
        quote! {
            __ivy_src.record(&[])?;
            ::core::result::Result::Err(#tree::__private::derive_failed())
        }
    } else {
        quote! {
            let __ivy_m = __ivy_src.record(&[#(#info_list),*])?;
            #[allow(unreachable_patterns)]
            let __ivy_value = match __ivy_m.variant() {
                #(#unflatten_arms)*
                _ => return ::core::result::Result::Err(#tree::__private::derive_failed()),
            };
            __ivy_src.end()?;
            ::core::result::Result::Ok(__ivy_value)
        }
    };
    // `match self {}` does not compile for a reference to an empty enum.
    let match_self = if variants.is_empty() {
        quote!(match *self)
    } else {
        quote!(match self)
    };
    let accepts_body = accepts(m, &variants, &info_names, &tree);
    let tree_impl = quote! {
        #[automatically_derived]
        impl #tree_impl_generics #tree::Tree<__IvyL> for #self_ty where #(#tree_where,)* {
            #[inline]
            #[allow(unused_variables)]
            fn flatten_into<'__ivy_a, __IvyS: #tree::Sink<'__ivy_a, __IvyL>>(&'__ivy_a self, __ivy_sink: &mut __IvyS)
            where
                __IvyL: '__ivy_a,
            {
                #match_self {
                    #(#flatten_arms)*
                }
            }

            fn unflatten_from<__IvyS: #tree::Source<__IvyL>>(__ivy_src: &mut __IvyS) -> #tree::__private::Result<Self> {
                #unflatten_body
            }

            #[inline]
            #[allow(unused_variables)]
            fn for_each_mut<__IvyF: ::core::ops::FnMut(&mut __IvyL)>(&mut self, __ivy_f: &mut __IvyF) {
                #match_self {
                    #(#for_each_arms)*
                }
            }

            #[inline]
            #[allow(unused_variables)]
            fn accepts(__ivy_next: &#tree::Peek<'_>) -> bool {
                #accepts_body
            }
        }
    };

    // --- TreeMap<L, M> ---
    let mut map_generics = tree_generics.clone();
    map_generics.params.push(syn::parse_quote!(__IvyM));
    let (map_impl_generics, _, _) = map_generics.split_for_impl();
    let subst = |ts: TokenStream| substitute(ts, &tree_params, &tree);
    let output_ty = subst(quote!(#self_ty));
    let mut map_where = where_clause(m.generics);
    for p in &tree_params {
        map_where.push(quote!(#p: #tree::TreeMap<__IvyL, __IvyM>));
    }
    // The mapped type must satisfy the type's own bounds.
    for p in m
        .generics
        .type_params()
        .filter(|p| tree_params.contains(&p.ident))
    {
        if !p.bounds.is_empty() {
            let id = &p.ident;
            let bounds = &p.bounds;
            map_where.push(subst(quote!(#id: #bounds)));
        }
    }
    if let Some(wc) = &m.generics.where_clause {
        for pred in &wc.predicates {
            let pred = quote!(#pred);
            let substituted = subst(pred.clone());
            if substituted.to_string() != pred.to_string() {
                map_where.push(substituted);
            }
        }
    }
    for f in &all_fields {
        let ty = f.ty;
        if f.is_static {
            map_where.push(static_bound(ty, &tree));
        } else if !is_bare_param(ty, &tree_params) && !recursive(ty) {
            // (A bare tree parameter is already bounded above; restating its
            // `Output` would be a cycle, as would a recursive field's.)
            let out = subst(quote!(#ty));
            map_where.push(
                quote_spanned!(ty.span()=> #ty: #tree::TreeMap<__IvyL, __IvyM, Output = #out>),
            );
        }
    }

    let map_arms = |fallible: bool| {
        variants
            .iter()
            .map(|v| {
                let (pat, binds) = pattern(m, v, is_enum);
                let ctor = constructor(m, v, is_enum);
                let inits = v.fields.iter().zip(&binds).map(|(f, b)| {
                    let member = &f.member;
                    let ty = f.ty;
                    if f.is_static {
                        quote!(#member: ::core::clone::Clone::clone(#b))
                    } else if fallible {
                        quote!(#member: <#ty as #tree::TreeMap<__IvyL, __IvyM>>::try_map_ref(#b, __ivy_f)?)
                    } else {
                        quote!(#member: <#ty as #tree::TreeMap<__IvyL, __IvyM>>::map_ref(#b, __ivy_f))
                    }
                });
                quote!(#pat => #ctor { #(#inits),* },)
            })
            .collect::<Vec<_>>()
    };
    let map_ref_arms = map_arms(false);
    let try_map_arms = map_arms(true);

    let map_impl = quote! {
        #[automatically_derived]
        impl #map_impl_generics #tree::TreeMap<__IvyL, __IvyM> for #self_ty where #(#map_where,)* {
            type Output = #output_ty;

            #[inline]
            #[allow(unused_variables)]
            fn map_ref<__IvyF: ::core::ops::FnMut(&__IvyL) -> __IvyM>(&self, __ivy_f: &mut __IvyF) -> Self::Output {
                #match_self {
                    #(#map_ref_arms)*
                }
            }

            #[allow(unused_variables)]
            fn try_map_ref<
                __IvyE: ::core::convert::From<#tree::__private::Error>,
                __IvyF: ::core::ops::FnMut(&__IvyL) -> ::core::result::Result<__IvyM, __IvyE>,
            >(
                &self,
                __ivy_f: &mut __IvyF,
            ) -> ::core::result::Result<Self::Output, __IvyE> {
                ::core::result::Result::Ok(#match_self {
                    #(#try_map_arms)*
                })
            }
        }
    };

    quote! {
        // (`unreachable_code`: an enum without variants maps to `Ok(match *self {})`.)
        #[allow(non_upper_case_globals, unreachable_code, dead_code, clippy::all)]
        const _: () = {
            #(#infos)*
            #tree_impl
            #map_impl
        };
    }
}

/// How a struct or variant shows in a `TreeDef`.
#[derive(Clone, Copy, PartialEq)]
enum Repr {
    /// A record node (the default; struct variants of untagged enums).
    Record,
    /// `None` (unit variants of untagged enums).
    None,
    /// Its one child field's node (transparent structs, one-field tuple
    /// variants of untagged enums).
    Inner,
    /// A tuple node (tuple variants of several fields, or none, of
    /// untagged enums).
    Tuple,
}

fn repr(m: &Model, v: &Variant) -> Repr {
    if m.transparent {
        return Repr::Inner;
    }
    if !m.untagged {
        return Repr::Record;
    }
    match v.shape {
        Shape::Named => Repr::Record,
        Shape::Unit => Repr::None,
        Shape::Tuple if v.fields.len() == 1 => Repr::Inner,
        Shape::Tuple => Repr::Tuple,
    }
}

/// Whether the next node of a source (`__ivy_next`) is one variant `v` can
/// be rebuilt from.
fn accepts_variant(m: &Model, v: &Variant, info: &Ident, tree: &TokenStream) -> TokenStream {
    match repr(m, v) {
        Repr::Record => quote!(__ivy_next.is_record(#info)),
        Repr::None => quote!(__ivy_next.kind() == #tree::NodeKind::None),
        Repr::Inner => match v.children().next() {
            Some(f) => {
                let ty = f.ty;
                quote!(<#ty as #tree::Tree<__IvyL>>::accepts(__ivy_next))
            }
            None => quote!(false),
        },
        Repr::Tuple => {
            let n = v.fields.len();
            quote!(__ivy_next.kind() == #tree::NodeKind::Tuple && __ivy_next.arity() == #n)
        }
    }
}

/// The body of `Tree::accepts`: any variant accepts.
fn accepts(m: &Model, variants: &[&Variant], infos: &[Ident], tree: &TokenStream) -> TokenStream {
    let conds: Vec<TokenStream> = variants
        .iter()
        .zip(infos)
        .map(|(v, info)| accepts_variant(m, v, info, tree))
        .collect();
    if conds.is_empty() {
        quote!(false)
    } else {
        quote!(#(#conds)||*)
    }
}

/// `unflatten_from` of a transparent struct or an untagged enum: the first
/// variant that accepts the next node is read from it.
fn unflatten_by_content(
    m: &Model,
    variants: &[&Variant],
    infos: &[Ident],
    tree: &TokenStream,
) -> TokenStream {
    let is_enum = matches!(m.body, Body::Enum(_));
    let conds = variants
        .iter()
        .zip(infos)
        .enumerate()
        .map(|(i, (v, info))| {
            let c = accepts_variant(m, v, info, tree);
            quote!(if #c { #i })
        });
    let arms = variants
        .iter()
        .zip(infos)
        .enumerate()
        .map(|(i, (v, info))| {
            let ctor = constructor(m, v, is_enum);
            let var = |j: usize| format_ident!("__ivy_f{}", j);
            let inits = v.fields.iter().enumerate().map(|(j, f)| {
                let member = &f.member;
                let x = var(j);
                quote!(#member: #x)
            });
            let child_reads = v
                .fields
                .iter()
                .enumerate()
                .filter(|(_, f)| !f.is_static)
                .map(|(j, f)| {
                    let x = var(j);
                    let ty = f.ty;
                    quote!(let #x: #ty = <#ty as #tree::Tree<__IvyL>>::unflatten_from(__ivy_src)?;)
                })
                .collect::<Vec<_>>();
            let body = match repr(m, v) {
                Repr::None => quote! {
                    __ivy_src.take_none()?;
                    #ctor {}
                },
                Repr::Inner => quote! {
                    #(#child_reads)*
                    #ctor { #(#inits),* }
                },
                Repr::Tuple => {
                    let n = v.fields.len();
                    quote! {
                        __ivy_src.tuple(#n)?;
                        #(#child_reads)*
                        __ivy_src.end()?;
                        #ctor { #(#inits),* }
                    }
                }
                Repr::Record => {
                    let mut k = 0usize;
                    let static_reads = v
                        .fields
                        .iter()
                        .enumerate()
                        .filter(|(_, f)| f.is_static)
                        .map(|(j, f)| {
                            let x = var(j);
                            let ty = f.ty;
                            let read =
                                quote!(let #x: #ty = __ivy_src.static_field::<#ty>(&__ivy_m, #k)?;);
                            k += 1;
                            read
                        })
                        .collect::<Vec<_>>();
                    quote! {
                        let __ivy_m = __ivy_src.record(&[#info])?;
                        #(#static_reads)*
                        #(#child_reads)*
                        __ivy_src.end()?;
                        #ctor { #(#inits),* }
                    }
                }
            };
            quote!(#i => { #body })
        });
    let what = format!("a node that a variant of `{}` stands for", m.ident);
    quote! {
        let __ivy_which: usize = match __ivy_src.peek_node() {
            ::core::option::Option::Some(__ivy_peeked) => {
                let __ivy_next = &__ivy_peeked;
                #(#conds else)* { usize::MAX }
            }
            ::core::option::Option::None => usize::MAX,
        };
        let __ivy_value = match __ivy_which {
            #(#arms)*
            _ => return ::core::result::Result::Err(__ivy_src.unexpected(#what)),
        };
        ::core::result::Result::Ok(__ivy_value)
    }
}

/// `#[tree(leaf)]`: the whole value is one leaf.
fn expand_leaf(m: &Model) -> TokenStream {
    let krate = &m.krate;
    let tree = quote!(#krate::tree);
    let ident = m.ident;
    let (impl_generics, ty_generics, _) = m.generics.split_for_impl();
    let self_ty = quote!(#ident #ty_generics);
    let wc = where_clause(m.generics);
    let mut map_generics = m.generics.clone();
    map_generics.params.push(syn::parse_quote!(__IvyM));
    let (map_impl_generics, _, _) = map_generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_generics #tree::Tree<#self_ty> for #self_ty where #(#wc,)* {
            #[inline]
            fn flatten_into<'__ivy_a, __IvyS: #tree::Sink<'__ivy_a, #self_ty>>(&'__ivy_a self, __ivy_sink: &mut __IvyS)
            where
                #self_ty: '__ivy_a,
            {
                __ivy_sink.leaf(self)
            }
            #[inline]
            fn unflatten_from<__IvyS: #tree::Source<#self_ty>>(__ivy_src: &mut __IvyS) -> #tree::__private::Result<Self> {
                __ivy_src.leaf()
            }
            #[inline]
            fn for_each_mut<__IvyF: ::core::ops::FnMut(&mut #self_ty)>(&mut self, __ivy_f: &mut __IvyF) {
                __ivy_f(self)
            }
            #[inline]
            fn accepts(__ivy_next: &#tree::Peek<'_>) -> bool {
                __ivy_next.kind() == #tree::NodeKind::Leaf
            }
            #[inline]
            fn flatten_list<'__ivy_a, __IvyS: #tree::Sink<'__ivy_a, #self_ty>>(__ivy_items: &'__ivy_a [Self], __ivy_sink: &mut __IvyS)
            where
                #self_ty: '__ivy_a,
            {
                __ivy_sink.leaf_list(__ivy_items)
            }
            #[inline]
            fn unflatten_list<__IvyS: #tree::Source<#self_ty>>(
                __ivy_src: &mut __IvyS,
                __ivy_len: ::core::option::Option<usize>,
            ) -> #tree::__private::Result<::std::vec::Vec<Self>> {
                __ivy_src.leaf_list(__ivy_len)
            }
        }

        #[automatically_derived]
        impl #map_impl_generics #tree::TreeMap<#self_ty, __IvyM> for #self_ty where #(#wc,)* {
            type Output = __IvyM;
            #[inline]
            fn map_ref<__IvyF: ::core::ops::FnMut(&#self_ty) -> __IvyM>(&self, __ivy_f: &mut __IvyF) -> __IvyM {
                __ivy_f(self)
            }
            #[inline]
            fn try_map_ref<
                __IvyE: ::core::convert::From<#tree::__private::Error>,
                __IvyF: ::core::ops::FnMut(&#self_ty) -> ::core::result::Result<__IvyM, __IvyE>,
            >(
                &self,
                __ivy_f: &mut __IvyF,
            ) -> ::core::result::Result<__IvyM, __IvyE> {
                __ivy_f(self)
            }
        }
    }
}

/// `Ty: StaticField`, every token spanned at the field's type so that an
/// unsatisfied bound (`f64` is not `Eq`) is reported there.
fn static_bound(ty: &Type, tree: &TokenStream) -> TokenStream {
    let span = ty.span();
    respan(quote!(#ty: #tree::StaticField), span)
}

fn respan(ts: TokenStream, span: Span) -> TokenStream {
    ts.into_iter()
        .map(|tt| match tt {
            TokenTree::Group(g) => {
                let mut ng = proc_macro2::Group::new(g.delimiter(), respan(g.stream(), span));
                ng.set_span(span);
                TokenTree::Group(ng)
            }
            mut other => {
                other.set_span(span);
                other
            }
        })
        .collect()
}

/// The predicates of the type's own where clause.
fn where_clause(g: &Generics) -> Vec<TokenStream> {
    match &g.where_clause {
        Some(wc) => wc.predicates.iter().map(|p| quote!(#p)).collect(),
        None => Vec::new(),
    }
}

/// A pattern binding every field of `v` by reference, and the bindings.
fn pattern(m: &Model, v: &Variant, is_enum: bool) -> (TokenStream, Vec<Ident>) {
    let binds: Vec<Ident> = (0..v.fields.len())
        .map(|j| format_ident!("__ivy_b{}", j))
        .collect();
    let members = v.fields.iter().map(|f| &f.member);
    let path = constructor(m, v, is_enum);
    (quote!(#path { #(#members: #binds),* }), binds)
}

/// `Name` or `Name::Variant` (generic arguments are inferred).
fn constructor(m: &Model, v: &Variant, is_enum: bool) -> TokenStream {
    let ident = m.ident;
    match (is_enum, v.ident) {
        (true, Some(var)) => quote!(#ident::#var),
        _ => quote!(#ident),
    }
}

/// Whether the type is one of `params`, alone.
fn is_bare_param(ty: &Type, params: &[Ident]) -> bool {
    match ty {
        Type::Path(p) if p.qself.is_none() => {
            p.path.get_ident().is_some_and(|id| params.contains(id))
        }
        Type::Paren(p) => is_bare_param(&p.elem, params),
        Type::Group(g) => is_bare_param(&g.elem, params),
        _ => false,
    }
}

/// Whether the type mentions the type parameter `p`.
fn mentions(ty: &Type, p: &Ident) -> bool {
    fn walk(ts: TokenStream, p: &Ident) -> bool {
        ts.into_iter().any(|tt| match tt {
            TokenTree::Ident(id) => &id == p,
            TokenTree::Group(g) => walk(g.stream(), p),
            _ => false,
        })
    }
    walk(quote!(#ty), p)
}

/// Replace every type parameter in `params` (a lone identifier, not part of
/// a longer path) by `<P as TreeMap<L, M>>::Output`.
fn substitute(ts: TokenStream, params: &[Ident], tree: &TokenStream) -> TokenStream {
    let tokens: Vec<TokenTree> = ts.into_iter().collect();
    let mut out = TokenStream::new();
    for (i, tt) in tokens.iter().enumerate() {
        match tt {
            TokenTree::Ident(id) if params.contains(id) => {
                let after_path_sep = i >= 2
                    && matches!(&tokens[i - 1], TokenTree::Punct(p) if p.as_char() == ':')
                    && matches!(&tokens[i - 2], TokenTree::Punct(p) if p.as_char() == ':');
                let before_path_sep = matches!(tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == ':')
                    && matches!(tokens.get(i + 2), Some(TokenTree::Punct(p)) if p.as_char() == ':');
                if after_path_sep || before_path_sep {
                    out.extend([tt.clone()]);
                } else {
                    out.extend(quote!(<#id as #tree::TreeMap<__IvyL, __IvyM>>::Output));
                }
            }
            TokenTree::Group(g) => {
                let mut ng =
                    proc_macro2::Group::new(g.delimiter(), substitute(g.stream(), params, tree));
                ng.set_span(g.span());
                out.extend([TokenTree::Group(ng)]);
            }
            other => out.extend([other.clone()]),
        }
    }
    out
}

/// What is emitted next to the errors: a `Tree` impl that compiles whatever
/// the fields are, so uses of the type do not add errors of their own.
fn dummy(input: &DeriveInput, krate: &Path) -> TokenStream {
    let ident = &input.ident;
    let mut g = input.generics.clone();
    g.params.push(syn::parse_quote!(__IvyL));
    let (impl_generics, _, _) = g.split_for_impl();
    let (_, ty_generics, where_clause) = input.generics.split_for_impl();
    let tree = quote!(#krate::tree);
    let span = Span::call_site();
    quote_spanned! {span=>
        const _: () = {
            impl #impl_generics #tree::Tree<__IvyL> for #ident #ty_generics #where_clause {
                fn flatten_into<'__ivy_a, __IvyS: #tree::Sink<'__ivy_a, __IvyL>>(&'__ivy_a self, _: &mut __IvyS)
                where
                    __IvyL: '__ivy_a,
                {
                }
                fn unflatten_from<__IvyS: #tree::Source<__IvyL>>(_: &mut __IvyS) -> #tree::__private::Result<Self> {
                    ::core::result::Result::Err(#tree::__private::derive_failed())
                }
                fn for_each_mut<__IvyF: ::core::ops::FnMut(&mut __IvyL)>(&mut self, _: &mut __IvyF) {}
            }
        };
    }
}

#[cfg(test)]
mod tests;
