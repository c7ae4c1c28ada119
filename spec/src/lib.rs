//! The op spec of ivy: every op written down once.
//!
//! This crate holds
//!
//! - **the list of every op** (`src/ops/<category>.rs`, one file per category),
//!   handed to a code generator with [`for_each_op!`];
//! - **the typed model** of a spec ([`model`]), its **parser** ([`parse`]) and
//!   its **checks** ([`check`], one function per rule), which `ivy-macros` uses
//!   to turn the list into the API;
//! - the dtype names and set expressions ([`dtypes`]) and the version-key
//!   grammar of the dtype tables ([`version`]), shared by the macros (at compile
//!   time) and `ivy-core` (at run time).
//!
//! # An entry
//!
//! ```text
//! /// Returns the tangent of each element.            <- docs (with examples) of the op,
//! ///                                                     its Array method and its catalogue entry
//! /// ```
//! /// let y = ivy::tan(&ivy::array![0.0, 1.0])?;
//! /// # Ok::<(), ivy::Error>(())
//! /// ```
//! #[primary]                                         <- kind: primary | compositional | mixed | standalone
//! #[dtypes(numeric)]                                 <- dtypes accepted (names, classes, | & -)
//! #[cast(integer | bool => float)]                   <- inputs cast before the kernel
//! #[differentiable]                                  <- or #[not_differentiable]
//! fn tan(x: Array) -> Array;                         <- signature in parameter kinds; no body
//! ```
//!
//! Parameters with `#[default(value)]` are keyword arguments: they go into the
//! op's options struct (`ivy::opts::Sum`) and the `<op>_with` form; the
//! default is an expression over the parameters before it, evaluated when the
//! caller leaves it out. An entry is written exactly as a user writes an
//! `#[op]` function. See [`parse`] for the full grammar.

pub mod check;
pub mod ctxt;
pub mod dtypes;
pub mod model;
pub mod parse;
pub mod version;

mod ops;

pub use ctxt::Ctxt;
pub use model::Spec;

/// Parse and check a whole spec (the tokens `for_each_op!` hands over).
pub fn load(tokens: proc_macro2::TokenStream) -> syn::Result<Spec> {
    let cx = Ctxt::new();
    let mut spec = match parse::parse_spec(tokens, &cx) {
        Ok(s) => s,
        Err(e) => {
            cx.syn_error(e);
            return Err(cx.finish().err().unwrap_or_else(|| {
                syn::Error::new(proc_macro2::Span::call_site(), "invalid spec")
            }));
        }
    };
    check::check_spec(&mut spec, &cx);
    cx.finish().map(|()| spec)
}
