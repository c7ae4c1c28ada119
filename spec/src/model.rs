//! The typed model of the op spec.
//!
//! The parser ([`crate::parse`]) builds these types from tokens, keeping the
//! span of everything a user can get wrong; the checks ([`crate::check`])
//! validate them, one function per rule; the generators in `ivy-macros` read
//! them and nothing else.

use crate::dtypes::DtypeMask;
use proc_macro2::Span;
use syn::{Expr, Ident, LitStr};

/// A whole spec: ops grouped by category, in the order written.
#[derive(Debug, Clone)]
pub struct Spec {
    /// The categories with their ops.
    pub categories: Vec<Category>,
}

impl Spec {
    /// Every op, category by category.
    pub fn ops(&self) -> impl Iterator<Item = &Op> {
        self.categories.iter().flat_map(|c| c.ops.iter())
    }

    /// The op named `name`.
    pub fn op(&self, name: &str) -> Option<&Op> {
        self.ops().find(|o| o.name == name)
    }
}

/// A category of ops (`elementwise`, `creation`, ...): a module of the API and
/// a kernel trait of the backends.
#[derive(Debug, Clone)]
pub struct Category {
    /// The category name, a snake_case identifier.
    pub name: Ident,
    /// Docs of the category (inner doc comments).
    pub docs: Vec<String>,
    /// The ops, in the order written.
    pub ops: Vec<Op>,
}

/// How an op is implemented (Ivy's function types; mutually exclusive).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpKind {
    /// A kernel per backend, nothing else.
    Primary,
    /// Written once in terms of other ops; no kernels.
    Compositional,
    /// A kernel on some backends, with a compositional fallback for the rest.
    Mixed,
    /// Calls no other op (convenience and utility functions).
    Standalone,
}

impl OpKind {
    /// The attribute that declares this kind.
    pub fn keyword(self) -> &'static str {
        match self {
            OpKind::Primary => "primary",
            OpKind::Compositional => "compositional",
            OpKind::Mixed => "mixed",
            OpKind::Standalone => "standalone",
        }
    }

    /// Whether backends have a kernel method for this kind.
    pub fn has_kernel(self) -> bool {
        matches!(self, OpKind::Primary | OpKind::Mixed)
    }

    /// Whether an op of this kind is written with a body.
    pub fn has_body(self) -> bool {
        !matches!(self, OpKind::Primary)
    }
}

/// One op of the spec.
#[derive(Debug, Clone)]
pub struct Op {
    /// The op name, as in Ivy (`tan`, `cross_entropy`).
    pub name: String,
    /// The name token.
    pub ident: Ident,
    /// The category it belongs to.
    pub category: String,
    /// Doc comment lines (the first paragraph is the summary).
    pub docs: Vec<String>,
    /// How it is implemented, with the span of the attribute that says so.
    pub kind: OpKind,
    /// Span of the kind attribute.
    pub kind_span: Span,
    /// Parameters in order.
    pub params: Vec<Param>,
    /// What it returns.
    pub ret: Ret,
    /// Body of compositional, mixed and standalone ops.
    pub body: Option<syn::Block>,
    /// Generics of a standalone op (written verbatim).
    pub generics: syn::Generics,
    /// The dtypes the op accepts (Ivy's supported dtypes before any backend).
    pub dtypes: DtypeMask,
    /// Whether `#[dtypes(..)]` was written. A compositional op without it
    /// supports what all the ops it calls support (Ivy's derivation); with it,
    /// the written set is the claim (checked by the catalogue-driven test).
    pub dtypes_given: bool,
    /// Array parameters promoted to one dtype before the kernel runs.
    pub promote: Vec<Ident>,
    /// The array parameter whose dtype the op's dtypes and tables are about
    /// (default: the first promoted one, else the first array).
    pub dtype_of: Option<Ident>,
    /// Input casts before the kernel: dtypes in the mask become the default
    /// dtype of the target kind.
    pub casts: Vec<Cast>,
    /// How the output dtype follows the inputs.
    pub out: OutRule,
    /// Operators that call the op (`+`, `-`, ...).
    pub operators: Vec<Operator>,
    /// Whether the op is differentiable (explicit in the spec; "not
    /// differentiable" never happens silently).
    pub differentiable: Differentiable,
    /// Whether Containers may stand in for array arguments.
    pub nestable: bool,
    /// Whether the op is container-dependent (Ivy's term): it has a
    /// parameter of kind `Container` or `Option<Container>`, whose argument,
    /// if given, must be a container, and is never nestable (many
    /// containers to one result). Set by the parser from the parameters.
    pub container_dependent: bool,
    /// Whether Ivy counts it as a convenience function.
    pub convenience: bool,
    /// Whether to generate an Array method (when there is an array argument).
    pub method: bool,
    /// Version-keyed dtype tables that sit on the spec entry, per backend (for
    /// compositional ops whose support differs by backend).
    pub tables: Vec<DtypeTable>,
    /// Version-keyed device tables on the spec entry, per backend (Ivy's
    /// `supported_devices` / `unsupported_devices` attributes), combined
    /// with what a compositional op derives from the ops it calls.
    pub device_tables: Vec<DeviceTable>,
    /// Argument values the catalogue-driven tests use instead of the generic
    /// ones, by parameter name.
    pub samples: Vec<(Ident, Expr)>,
    /// The vector-Jacobian product of a differentiable primary op: for each
    /// array parameter, an expression of type `ivy::Result<Array>` (a list
    /// parameter: `ivy::Result<Vec<Array>>`) giving its gradient, written in
    /// ivy ops over the cotangent `g` (`gs` for several outputs), the
    /// output `out` (`outs`) and the parameters by name; or `zero` where no
    /// gradient flows to it.
    pub vjp: Vec<(Ident, Expr)>,
    /// Ops called in the body (`ivy::name(..)` calls and `.name(..)` methods
    /// naming an op), for derived dtype support; filled by the checks.
    pub callees: Vec<String>,
    /// `#[check(path)]`: core functions the generated wrapper calls with the
    /// op name and the kernel's arguments before dispatch, for argument
    /// rules no parameter attribute states.
    pub checks: Vec<syn::Path>,
}

/// The name an identifier spells, without a raw prefix (`r#true` is `true`).
pub fn ident_name(i: &Ident) -> String {
    let s = i.to_string();
    s.strip_prefix("r#").map(str::to_string).unwrap_or(s)
}

/// Whether a `#[vjp]` entry is the keyword `zero` (no gradient flows).
pub fn is_zero_rule(e: &Expr) -> bool {
    matches!(e, Expr::Path(p) if p.path.is_ident("zero"))
}

impl Op {
    /// The sample given for parameter `name`, if any.
    pub fn sample(&self, name: &str) -> Option<&Expr> {
        self.samples
            .iter()
            .find(|(n, _)| ident_name(n) == name)
            .map(|(_, e)| e)
    }

    /// The parameter named `name`.
    pub fn param(&self, name: &str) -> Option<&Param> {
        self.params.iter().find(|p| p.name == name)
    }

    /// The first parameter of kind `Array` (which `self` replaces in methods).
    pub fn first_array(&self) -> Option<&Param> {
        self.params.iter().find(|p| p.kind == ParamKind::Array)
    }

    /// Parameters that are passed positionally (no default).
    pub fn required(&self) -> impl Iterator<Item = &Param> {
        self.params.iter().filter(|p| p.default.is_none())
    }

    /// Parameters with a default (the keyword arguments, in the options struct).
    pub fn optional(&self) -> impl Iterator<Item = &Param> {
        self.params.iter().filter(|p| p.default.is_some())
    }

    /// The summary line of the docs.
    pub fn summary(&self) -> String {
        self.docs
            .iter()
            .map(|l| l.trim())
            .take_while(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// One parameter.
#[derive(Debug, Clone)]
pub struct Param {
    /// The name.
    pub name: String,
    /// The name token.
    pub ident: Ident,
    /// The kind, which decides the API type, the kernel type and the checks.
    pub kind: ParamKind,
    /// Span of the kind.
    pub kind_span: Span,
    /// The verbatim type, for standalone ops (which take plain Rust types).
    pub ty: syn::Type,
    /// The default value: the parameter is then a keyword argument. The
    /// expression may use the parameters declared before it.
    pub default: Option<Default>,
    /// Argument rules checked once per op before dispatch (`#[one_of(..)]`,
    /// `#[ndim(..)]`, ...), so no kernel repeats them; each with the span
    /// of its attribute.
    pub rules: Vec<(Rule, Span)>,
}

/// A rule on one argument, written as a parameter attribute and checked by
/// the generated wrapper before the kernel runs.
#[derive(Debug, Clone)]
pub enum Rule {
    /// `#[one_of("a", "b")]` on a `Str`: the value is one of these.
    OneOf(Vec<LitStr>),
    /// `#[ndim(n)]` on an `Array`: exactly `n` dimensions.
    Ndim(usize),
    /// `#[min_ndim(n)]` on an `Array`: at least `n` dimensions.
    MinNdim(usize),
    /// `#[square]` on an `Array`: a stack of square matrices (at least two
    /// dimensions, the last two equal).
    Square,
    /// `#[dtypes(set)]` on an `Array` (its dtype) or a `Dtype` (the dtype
    /// given or resolved): a dtype of the set (with the set as written, for
    /// the error).
    Dtypes(DtypeMask, String),
    /// `#[same_shape(other)]` on an `Array`: the shape of array parameter
    /// `other`.
    SameShape(Ident),
}

impl Rule {
    /// The attribute names of the rules.
    pub const NAMES: &'static [&'static str] = &[
        "one_of",
        "ndim",
        "min_ndim",
        "square",
        "dtypes",
        "same_shape",
    ];

    /// The attribute that writes the rule.
    pub fn keyword(&self) -> &'static str {
        match self {
            Rule::OneOf(_) => "one_of",
            Rule::Ndim(_) => "ndim",
            Rule::MinNdim(_) => "min_ndim",
            Rule::Square => "square",
            Rule::Dtypes(..) => "dtypes",
            Rule::SameShape(_) => "same_shape",
        }
    }
}

/// The default of a keyword parameter.
#[derive(Debug, Clone)]
pub enum Default {
    /// `#[default(None)]` on an `Option<..>` parameter.
    None,
    /// Any other expression, evaluated when the caller gives no value.
    Expr(Box<Expr>),
}

/// The closed vocabulary of parameter kinds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParamKind {
    /// An array argument; nestable (a Container may stand in) and may be a
    /// Rust scalar.
    Array,
    /// A sequence of arrays.
    Arrays,
    /// A shape.
    Shape,
    /// One axis, normalised against the first array argument's rank.
    Axis,
    /// One axis of the result, which has one more dimension (expand_dims,
    /// stack).
    NewAxis,
    /// A set of axes, normalised, sorted and checked for repeats.
    Axes,
    /// A permutation of the axes.
    Permutation,
    /// A list of integers.
    Ints,
    /// How to split: a number of sections or their sizes.
    Splits,
    /// What `tensordot` contracts: a number of axes, or a pair of axis
    /// lists.
    Contraction,
    /// The padding of a convolution or pool: `"SAME"`, `"VALID"`, a number
    /// or `(before, after)` pairs.
    Padding,
    /// An index (`x[1:3, ..., None]`): integers, slices, `...`, new axes and
    /// integer or boolean arrays.
    Index,
    /// A dtype; optional in the API, resolved for the kernel.
    Dtype,
    /// A device; optional in the API, resolved for the kernel.
    Device,
    /// A Python-like scalar (`fill_value`, `start`); takes part in dtype
    /// inference.
    Scalar,
    /// `bool`.
    Bool,
    /// `i64`.
    Int,
    /// `f64`.
    Float,
    /// `usize`.
    Usize,
    /// A string option (`reduction = "mean"`).
    Str,
    /// A container taken as a whole (never mapped over): the op is then
    /// container-dependent and not nestable. Compositional ops only.
    Container,
    /// `Option<kind>`.
    Option(Box<ParamKind>),
    /// A plain Rust type, allowed only in standalone ops.
    Verbatim,
}

impl ParamKind {
    /// The spelling of the kind in the spec.
    pub fn spelling(&self) -> String {
        match self {
            ParamKind::Array => "Array".into(),
            ParamKind::Arrays => "Arrays".into(),
            ParamKind::Shape => "Shape".into(),
            ParamKind::Axis => "Axis".into(),
            ParamKind::NewAxis => "NewAxis".into(),
            ParamKind::Axes => "Axes".into(),
            ParamKind::Permutation => "Permutation".into(),
            ParamKind::Ints => "Ints".into(),
            ParamKind::Splits => "Splits".into(),
            ParamKind::Contraction => "Contraction".into(),
            ParamKind::Padding => "Padding".into(),
            ParamKind::Index => "Index".into(),
            ParamKind::Dtype => "Dtype".into(),
            ParamKind::Device => "Device".into(),
            ParamKind::Scalar => "Scalar".into(),
            ParamKind::Bool => "bool".into(),
            ParamKind::Int => "i64".into(),
            ParamKind::Float => "f64".into(),
            ParamKind::Usize => "usize".into(),
            ParamKind::Str => "Str".into(),
            ParamKind::Container => "Container".into(),
            ParamKind::Option(k) => format!("Option<{}>", k.spelling()),
            ParamKind::Verbatim => "<verbatim>".into(),
        }
    }

    /// Every kind name accepted in a signature (for error messages).
    pub const NAMES: &'static [&'static str] = &[
        "Array",
        "Arrays",
        "Shape",
        "Axis",
        "NewAxis",
        "Axes",
        "Permutation",
        "Ints",
        "Splits",
        "Contraction",
        "Padding",
        "Index",
        "Dtype",
        "Device",
        "Scalar",
        "bool",
        "i64",
        "f64",
        "usize",
        "Str",
        "Container",
        "Option<..>",
    ];

    /// Whether the kind is `Container` or `Option<Container>` (which makes
    /// the op container-dependent).
    pub fn is_container(&self) -> bool {
        match self {
            ParamKind::Container => true,
            ParamKind::Option(k) => k.is_container(),
            _ => false,
        }
    }

    /// Whether the kind involves arrays (for nestability).
    pub fn is_array(&self) -> bool {
        match self {
            ParamKind::Array | ParamKind::Arrays => true,
            ParamKind::Option(k) => k.is_array(),
            _ => false,
        }
    }
}

/// What an op returns.
#[derive(Debug, Clone)]
pub enum Ret {
    /// One array.
    Array,
    /// A tuple of arrays (`(Array, Array)`).
    Tuple(usize),
    /// A list of arrays whose length depends on the arguments.
    List,
    /// A plain Rust type (standalone ops only).
    Verbatim(Box<syn::Type>),
}

/// An input cast: dtypes in `from` are cast to the default dtype of `to`
/// before the kernel (Ivy's superset behaviour, e.g. integers to the default
/// float dtype for `sqrt`).
#[derive(Debug, Clone)]
pub struct Cast {
    /// The array parameters it applies to (empty: every array parameter).
    pub params: Vec<Ident>,
    /// The dtypes cast.
    pub from: DtypeMask,
    /// The target kind.
    pub to: CastTarget,
    /// Span for errors.
    pub span: Span,
}

/// Where a [`Cast`] goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastTarget {
    /// The default float dtype.
    Float,
    /// The default int dtype.
    Int,
    /// `bool`.
    Bool,
    /// The default complex dtype.
    Complex,
}

/// How the output dtype follows the (promoted, cast) input dtype.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutRule {
    /// The same dtype as the array input.
    Same,
    /// `bool` (comparisons, predicates).
    Bool,
    /// The real dtype of the same precision (`abs`, `real`, `imag` of complex).
    Real,
    /// The value of the resolved `dtype` parameter.
    DtypeParam,
    /// `int64` (indices: argmax, argsort).
    Index,
    /// Several outputs, each the same dtype as the input.
    SameEach,
    /// Decided by the op (documented on the op).
    Custom,
}

/// A Rust operator that calls an op.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operator {
    /// `+`
    Add,
    /// `-` (binary)
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Rem,
    /// `&`
    BitAnd,
    /// `|`
    BitOr,
    /// `^`
    BitXor,
    /// `<<`
    Shl,
    /// `>>`
    Shr,
    /// `-` (unary)
    Neg,
    /// `!`
    Not,
}

impl Operator {
    /// Whether the operator takes one operand.
    pub fn is_unary(self) -> bool {
        matches!(self, Operator::Neg | Operator::Not)
    }

    /// The `std::ops` trait and method names.
    pub fn trait_and_method(self) -> (&'static str, &'static str) {
        match self {
            Operator::Add => ("Add", "add"),
            Operator::Sub => ("Sub", "sub"),
            Operator::Mul => ("Mul", "mul"),
            Operator::Div => ("Div", "div"),
            Operator::Rem => ("Rem", "rem"),
            Operator::BitAnd => ("BitAnd", "bitand"),
            Operator::BitOr => ("BitOr", "bitor"),
            Operator::BitXor => ("BitXor", "bitxor"),
            Operator::Shl => ("Shl", "shl"),
            Operator::Shr => ("Shr", "shr"),
            Operator::Neg => ("Neg", "neg"),
            Operator::Not => ("Not", "not"),
        }
    }

    /// The operator's symbol.
    pub fn symbol(self) -> &'static str {
        match self {
            Operator::Add => "+",
            Operator::Sub | Operator::Neg => "-",
            Operator::Mul => "*",
            Operator::Div => "/",
            Operator::Rem => "%",
            Operator::BitAnd => "&",
            Operator::BitOr => "|",
            Operator::BitXor => "^",
            Operator::Shl => "<<",
            Operator::Shr => ">>",
            Operator::Not => "!",
        }
    }
}

/// Whether an op is differentiable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Differentiable {
    /// Not stated (allowed for compositional ops, which derive it from their
    /// callees, and standalone ops, which are never differentiable).
    Unstated,
    /// `#[differentiable]`.
    Yes,
    /// `#[not_differentiable]`: gradients through it are an explicit error.
    No,
}

/// Whether a table lists the supported or the unsupported dtypes (Ivy's
/// `with_supported_dtypes` / `with_unsupported_dtypes`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableMode {
    /// Only the listed dtypes are supported.
    Supported,
    /// The listed dtypes are not supported.
    Unsupported,
}

/// A version-keyed device table: `#[unsupported_devices(backend = "candle",
/// "0.1 and above" => (gpu))]`.
#[derive(Debug, Clone)]
pub struct DeviceTable {
    /// Supported or unsupported.
    pub mode: TableMode,
    /// The backend it applies to (required on spec entries).
    pub backend: Option<LitStr>,
    /// The rows: a version key and device-kind bits (cpu 1, gpu 2, tpu 4).
    pub rows: Vec<(LitStr, u8)>,
    /// Span of the attribute.
    pub span: Span,
}

/// A version-keyed dtype table: `#[unsupported_dtypes("0.16 and below" =>
/// (float16, bfloat16), ...)]`.
#[derive(Debug, Clone)]
pub struct DtypeTable {
    /// Supported or unsupported.
    pub mode: TableMode,
    /// For tables on spec entries: the backend they apply to.
    pub backend: Option<LitStr>,
    /// The rows: a version key and a dtype set, in the order written.
    pub rows: Vec<(LitStr, DtypeMask)>,
    /// Span of the attribute.
    pub span: Span,
}
