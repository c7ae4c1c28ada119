//! Code generation: one module per output family, each a pure function from
//! the spec model to tokens.
//!
//! | family | module | emits |
//! |---|---|---|
//! | functional API | [`functional`] | `ivy::<op>` and `ivy::<op>_with`, the nestable dispatch and the leaf body |
//! | options | [`opts`] | `ivy::opts::<Op>`: the keyword arguments of each op |
//! | methods | [`methods`] | `Array` methods (`x.tan()`), `self` in place of the first array |
//! | operators | [`operators`] | `std::ops` impls (`&a + &b`, `a * 2.0`) |
//! | kernels | [`kernels`] | one kernel trait per category, the `Backend` trait |
//! | gradients | [`gradients`] | the recording of traced calls and each op's vector-Jacobian product from `#[vjp]` |
//! | argument checks | [`rules`] | the parameter rules and `#[check]` calls, once per op before dispatch |
//! | catalogue | [`catalogue`] | `OpId`s, the `OpInfo` of every op, dynamic calls and test samples |
//! | python | [`python`] | the Python module of `bindings/python`: a PyO3 function per op, `Array` and `Container` methods |

pub mod catalogue;
pub mod functional;
pub mod gradients;
pub mod handle;
pub mod kernels;
pub mod methods;
pub mod operators;
pub mod opts;
pub mod python;
pub mod rules;

use ivy_spec::model::{Op, Param, ParamKind, Ret};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::Ident;

/// Where the generated code goes.
#[derive(Clone)]
pub struct Target {
    /// Path to the runtime crate (`::ivy`).
    pub krate: TokenStream,
    /// Generating ivy-core itself: Array methods are inherent, and doc
    /// examples get the hidden lines that name the crate and link a backend.
    pub builtin: bool,
}

impl Target {
    /// ivy-core.
    pub fn core() -> Target {
        Target {
            krate: quote!(::ivy),
            builtin: true,
        }
    }

    /// A user crate.
    pub fn user() -> Target {
        Target {
            krate: quote!(::ivy),
            builtin: false,
        }
    }
}

/// Split `$crate; rest` (what a `macro_rules!` wrapper in ivy-core passes a
/// proc macro, so the expansion names the crate however the caller reaches
/// it) into the crate path and the rest; the path is `::ivy` if missing.
pub fn split_krate(input: TokenStream) -> (TokenStream, TokenStream) {
    let mut tokens = input.into_iter();
    let mut krate = TokenStream::new();
    for tt in tokens.by_ref() {
        match &tt {
            proc_macro2::TokenTree::Punct(p) if p.as_char() == ';' => break,
            _ => krate.extend([tt]),
        }
    }
    if krate.is_empty() {
        krate = quote!(::ivy);
    }
    (krate, tokens.collect())
}

/// `CamelCase` of a snake_case name.
pub fn camel(name: &str) -> String {
    name.split('_')
        .filter(|s| !s.is_empty())
        .map(|s| {
            let mut c = s.chars();
            match c.next() {
                Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
                None => String::new(),
            }
        })
        .collect()
}

/// An identifier, raw if it is a keyword (`where`).
pub fn ident(name: &str, span: Span) -> Ident {
    match syn::parse_str::<Ident>(name) {
        Ok(mut i) => {
            i.set_span(span);
            i
        }
        Err(_) => Ident::new_raw(name, span),
    }
}

/// The name of the `<op>_with` function.
pub fn with_ident(op: &Op) -> Ident {
    format_ident!("{}_with", op.name, span = op.ident.span())
}

/// The options struct of an op: `Sum` in `ivy::opts` for the spec's ops,
/// `<Name>Opts` beside a user's `#[op]`.
pub fn opts_ident(op: &Op, t: &Target) -> Ident {
    if t.builtin {
        format_ident!("{}", camel(&op.name), span = op.ident.span())
    } else {
        format_ident!("{}Opts", camel(&op.name), span = op.ident.span())
    }
}

/// The path of the options struct of an op.
pub fn opts_path(op: &Op, t: &Target) -> TokenStream {
    let o = opts_ident(op, t);
    let k = &t.krate;
    if t.builtin {
        quote!(#k::opts::#o)
    } else {
        quote!(#o)
    }
}

/// The `OpId` constant of an op (`SUM`).
pub fn id_ident(op: &Op) -> Ident {
    format_ident!("{}", op.name.to_uppercase(), span = op.ident.span())
}

/// The kernel trait of a category (`ElementwiseKernels`).
pub fn kernel_trait(category: &str) -> Ident {
    format_ident!("{}Kernels", camel(category))
}

/// Whether an op has keyword parameters.
pub fn has_opts(op: &Op) -> bool {
    op.optional().next().is_some()
}

/// The generic type parameter of the `i`th array parameter (`X1`).
pub fn operand_ty(p: &Param) -> Ident {
    let c = camel(&p.name);
    if c.starts_with('X') {
        format_ident!("{}", c, span = p.ident.span())
    } else {
        format_ident!("X{}", c, span = p.ident.span())
    }
}

/// The bound of an array parameter's generic: any [`Operand`] for a
/// nestable op; arrays and scalars only otherwise, through a trait whose
/// compile error says why a container is refused (not nestable, or
/// container-dependent).
pub fn operand_bound(op: &Op, k: &TokenStream) -> TokenStream {
    if op.nestable {
        quote!(#k::Operand)
    } else if op.container_dependent {
        quote!(#k::DependentOperand)
    } else {
        quote!(#k::ArrayOperand)
    }
}

/// The API type of a non-array parameter kind: what a keyword field holds and
/// what a positional argument converts into.
pub fn api_type(kind: &ParamKind, k: &TokenStream) -> TokenStream {
    match kind {
        ParamKind::Array => quote!(#k::ArrayLike),
        ParamKind::Arrays => quote!(::std::vec::Vec<#k::Array>),
        ParamKind::Shape => quote!(#k::Shape),
        ParamKind::Axis | ParamKind::NewAxis | ParamKind::Int => quote!(i64),
        ParamKind::Axes | ParamKind::Permutation | ParamKind::Ints => quote!(#k::Ints),
        ParamKind::Splits => quote!(#k::Splits),
        ParamKind::Contraction => quote!(#k::Contraction),
        ParamKind::Padding => quote!(#k::Padding),
        ParamKind::Index => quote!(#k::Index),
        ParamKind::Dtype => quote!(#k::Dtype),
        ParamKind::Device => quote!(#k::Device),
        ParamKind::Scalar => quote!(#k::Scalar),
        ParamKind::Bool => quote!(bool),
        ParamKind::Float => quote!(f64),
        ParamKind::Usize => quote!(usize),
        ParamKind::Str => quote!(::std::string::String),
        ParamKind::Container => quote!(#k::Container),
        ParamKind::Option(inner) => api_type(inner, k),
        ParamKind::Verbatim => quote!(()),
    }
}

/// The type a positional argument is accepted as (`impl Into<Shape>`).
pub fn positional_type(kind: &ParamKind, k: &TokenStream) -> TokenStream {
    match kind {
        ParamKind::Arrays => quote!(impl #k::args::ArrayList),
        ParamKind::Shape
        | ParamKind::Axes
        | ParamKind::Permutation
        | ParamKind::Ints
        | ParamKind::Splits
        | ParamKind::Contraction
        | ParamKind::Padding
        | ParamKind::Index
        | ParamKind::Scalar
        | ParamKind::Float
        | ParamKind::Axis
        | ParamKind::NewAxis
        | ParamKind::Str
        | ParamKind::Int => {
            let t = api_type(kind, k);
            quote!(impl ::std::convert::Into<#t>)
        }
        // `&Container` or `Container`, taken whole.
        ParamKind::Container => quote!(impl ::std::borrow::Borrow<#k::Container>),
        other => api_type(other, k),
    }
}

/// The type a body (and a default expression) sees a parameter as.
pub fn body_type(kind: &ParamKind, k: &TokenStream) -> TokenStream {
    match kind {
        ParamKind::Array => quote!(&#k::Array),
        ParamKind::Arrays => quote!(&[#k::Array]),
        ParamKind::Shape => quote!(&#k::Shape),
        ParamKind::Axes | ParamKind::Permutation | ParamKind::Ints => quote!(&#k::Ints),
        ParamKind::Splits => quote!(&#k::Splits),
        ParamKind::Contraction => quote!(&#k::Contraction),
        ParamKind::Padding => quote!(&#k::Padding),
        ParamKind::Index => quote!(&#k::Index),
        ParamKind::Str => quote!(&str),
        ParamKind::Container => quote!(&#k::Container),
        ParamKind::Option(inner) => {
            let t = body_type(inner, k);
            quote!(::std::option::Option<#t>)
        }
        other => api_type(other, k),
    }
}

/// The type a kernel receives a parameter as.
pub fn kernel_type(kind: &ParamKind, k: &TokenStream) -> TokenStream {
    match kind {
        ParamKind::Array => quote!(&#k::Array),
        ParamKind::Arrays => quote!(&[#k::Array]),
        ParamKind::Shape => quote!(&#k::Shape),
        ParamKind::Axis | ParamKind::NewAxis | ParamKind::Usize => quote!(usize),
        ParamKind::Axes | ParamKind::Permutation => quote!(&[usize]),
        ParamKind::Ints => quote!(&[i64]),
        ParamKind::Splits => quote!(&#k::Splits),
        ParamKind::Contraction => quote!(&#k::Contraction),
        ParamKind::Padding => quote!(&#k::Padding),
        ParamKind::Index => quote!(&#k::Index),
        ParamKind::Str => quote!(&str),
        ParamKind::Container => quote!(&#k::Container),
        ParamKind::Option(inner) => {
            let t = kernel_type(inner, k);
            quote!(::std::option::Option<#t>)
        }
        other => api_type(other, k),
    }
}

/// The Rust return type of an op on arrays.
pub fn ret_type(ret: &Ret, k: &TokenStream) -> TokenStream {
    match ret {
        Ret::Array => quote!(#k::Array),
        Ret::List => quote!(::std::vec::Vec<#k::Array>),
        Ret::Tuple(n) => {
            let ts = (0..*n).map(|_| quote!(#k::Array));
            quote!((#(#ts),*))
        }
        Ret::Verbatim(t) => quote!(#t),
    }
}

/// Doc attributes from lines; for ivy-core, code blocks get hidden lines that
/// name the crate `ivy` and link the ndarray backend, so examples read as a
/// user writes them.
pub fn doc_attrs(lines: &[String], target: &Target) -> TokenStream {
    let mut out = Vec::new();
    let mut in_code = false;
    for line in lines {
        out.push(line.clone());
        let t = line.trim_start();
        if t.starts_with("```") {
            let lang = t.trim_start_matches('`').trim();
            if !in_code && target.builtin && (lang.is_empty() || lang == "rust") {
                out.push("# extern crate ivy_ndarray;".to_string());
                out.push("# extern crate ivy_core as ivy;".to_string());
            }
            in_code = !in_code;
        }
    }
    doc_lines(&out)
}

/// Generated examples (for ivy-core only: in a user crate the names they
/// use are not in scope of a doctest, so a user op shows the user's own).
pub fn example_attrs(lines: &[String], t: &Target) -> TokenStream {
    if t.builtin {
        doc_attrs(lines, t)
    } else {
        quote!()
    }
}

/// One doc line.
pub fn doc(line: &str) -> TokenStream {
    let l = format!(" {line}");
    quote!(#[doc = #l])
}

/// A dtype of the op's domain for generated examples: float32, else int32,
/// else bool.
pub fn example_dtype(op: &Op) -> &'static str {
    let m = op.dtypes.0;
    if m & (1 << 10) != 0 {
        "float32"
    } else if m & (1 << 2) != 0 {
        "int32"
    } else if m & (1 << 12) != 0 {
        "bool"
    } else {
        "float32"
    }
}

/// A literal of the op's dtype domain for generated examples: floats when the
/// op takes floats, else integers, else bools (as [`example_dtype`] picks).
pub fn example_array(op: &Op) -> &'static str {
    match example_dtype(op) {
        "int32" => "ivy::array![[1, 2], [3, 4]]",
        "bool" => "ivy::array![[true, false], [false, true]]",
        _ => "ivy::array![[1.0, 2.0], [3.0, 4.0]]",
    }
}

/// The `Dtype` variant of a dtype's text name: `uint8` -> `UInt8`,
/// `bfloat16` -> `BFloat16`, `float32` -> `Float32`.
fn dtype_variant(name: &str) -> String {
    for (prefix, variant) in [("uint", "UInt"), ("bfloat", "BFloat")] {
        if let Some(rest) = name.strip_prefix(prefix) {
            return format!("{variant}{rest}");
        }
    }
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

/// Example Rust source for a value of a parameter kind (used in generated
/// examples), taken from the op's `#[sample]` when it has one.
pub fn example_value(op: &Op, p: &Param) -> String {
    if let Some(e) = op.sample(&p.name) {
        if !matches!(p.kind, ParamKind::Array | ParamKind::Arrays) {
            return quote!(#e).to_string();
        }
        // An array sample is a shape, or (shape, dtype).
        let (shape, dtype) = match e {
            syn::Expr::Tuple(t) if t.elems.len() == 2 => {
                let (s, d) = (&t.elems[0], &t.elems[1]);
                (quote!(#s).to_string(), Some(quote!(#d).to_string()))
            }
            other => (quote!(#other).to_string(), None),
        };
        let dtype = dtype.unwrap_or_else(|| example_dtype(op).to_string());
        let one = format!(
            "ivy::ones_with({shape}, ivy::opts::Ones::new().dtype(ivy::Dtype::{}))?",
            dtype_variant(&dtype)
        );
        return if p.kind == ParamKind::Arrays {
            format!("[{one}, {one}]")
        } else {
            format!("&{one}")
        };
    }
    match &p.kind {
        ParamKind::Array => format!("&{}", example_array(op)),
        ParamKind::Arrays => format!("[{0}, {0}]", example_array(op)),
        ParamKind::Shape => "[2, 2]".into(),
        ParamKind::Axis | ParamKind::NewAxis | ParamKind::Int => "0".into(),
        ParamKind::Axes | ParamKind::Ints => "[0]".into(),
        ParamKind::Permutation => "[1, 0]".into(),
        ParamKind::Splits => "2usize".into(),
        ParamKind::Contraction => "([1], [0])".into(),
        ParamKind::Padding => "\"VALID\"".into(),
        ParamKind::Index => "ivy::s![0]".into(),
        ParamKind::Dtype => "ivy::Dtype::Float32".into(),
        ParamKind::Device => "ivy::Device::Cpu".into(),
        ParamKind::Scalar => "1".into(),
        ParamKind::Bool => "true".into(),
        ParamKind::Float => "0.5".into(),
        ParamKind::Usize => "2".into(),
        ParamKind::Str => "\"mean\"".into(),
        ParamKind::Container => "&ivy::Container::new()".into(),
        ParamKind::Option(inner) => match &**inner {
            ParamKind::Array => "1.0".into(),
            ParamKind::Container => "ivy::Container::new()".into(),
            ParamKind::Usize => "2usize".into(),
            ParamKind::Axes => "[0]".into(),
            other => example_value(
                op,
                &Param {
                    kind: other.clone(),
                    ..p.clone()
                },
            ),
        },
        ParamKind::Verbatim => "Default::default()".into(),
    }
}

/// Doc lines as `#[doc]` attributes, each text line after one space (as
/// `///` writes it), blank lines empty.
pub(crate) fn doc_lines(lines: &[String]) -> TokenStream {
    let attrs = lines.iter().map(|l| {
        let l = if l.is_empty() {
            String::new()
        } else {
            format!(" {l}")
        };
        quote!(#[doc = #l])
    });
    quote!(#(#attrs)*)
}
