//! Numerical conformance with NumPy: `tests/data/conformance.jsonl.gz` holds
//! cases written by `tests/python/conformance.py` (NumPy and ml_dtypes, run
//! by hand), each an op of the catalogue, its inputs and NumPy's result; this
//! test replays every case through [`ivy::catalogue::call`] and compares.
//!
//! # What "equal" means
//!
//! - The output dtype and shape must be exactly NumPy's. Where Ivy's rules
//!   give another dtype (integers cast to the default float dtype by float
//!   functions, the accumulator dtype of `sum`, `prod`, `cumsum`), the
//!   generator computes NumPy's result *in Ivy's dtype* and the case carries
//!   a note saying which rule applies: the values are still compared, and the
//!   notes are counted and listed (`IVY_RULES`), never used to loosen a
//!   comparison.
//! - Integers and bool: exactly equal.
//! - Floats: NaN equals NaN (any sign or payload); zeros and infinities must
//!   match exactly, with the sign of zero; finite values within a number of
//!   units in the last place of the output dtype, by class of op
//!   ([`Tolerance`]): 0 for correctly rounded ops (arithmetic, `sqrt`,
//!   rounding, comparisons, copies), 4 for transcendental functions in
//!   `float32`/`float64` (both sides call a libm, whose results may differ
//!   by an ulp or two), 1 for `float16`/`bfloat16` (both compute in `float32`
//!   and round once, so they can only land on either side of a rounding
//!   boundary), and a relative bound for reductions (the summation order
//!   differs: NumPy sums pairwise).
//! - Complex: each component separately, NaN and signed zeros as above, and
//!   finite components within the tolerance measured in ulps of the larger
//!   component's magnitude (a component that is tiny next to the other one
//!   carries no more absolute accuracy than the larger one).
//! - A case where NumPy raised must raise an `ivy::Error` here too.
//!
//! Cases that differ from NumPy on purpose are listed in [`DIVERGENCES`],
//! each with the reason; anything else is a failure.

use ivy::catalogue::{self, CallArgs, Value};
use ivy::{Array, Complex32, Complex64, Dtype, bf16, f16};
use serde_json::Value as J;
use std::io::Read;

/// A mismatch: the message and, for a value mismatch, the first differing
/// element (got, want) as (re, im).
struct Mismatch {
    why: String,
    element: Option<((f64, f64), (f64, f64))>,
}

/// What a divergence rule sees of a case.
struct Seen<'a> {
    op: &'a str,
    dtype: &'a str,
    kwargs: &'a J,
    element: Option<((f64, f64), (f64, f64))>,
}

fn decimals(s: &Seen) -> i64 {
    s.kwargs["decimals"]["i"].as_i64().unwrap_or(0)
}

/// A divergence: its reason and the cases it covers.
type Rule = (&'static str, fn(&Seen) -> bool);

/// Where this crate differs from NumPy on purpose: each rule says which
/// cases it covers (as narrowly as the difference allows) and why. A case
/// that differs and matches no rule is a failure.
const DIVERGENCES: &[Rule] = &[
    (
        "nextafter of float16 with x == y: NumPy's own half-precision nextafter returns x, \
         C's nextafter (which NumPy calls for float32 and float64) returns y; Ivy returns y \
         in every dtype, so nextafter(+0, -0) is -0",
        |s| {
            s.op == "nextafter"
                && s.dtype == "float16"
                && s.element.is_some_and(|((g, _), (w, _))| {
                    g == 0.0 && w == 0.0 && g.is_sign_negative() != w.is_sign_negative()
                })
        },
    ),
    (
        "nextafter of bfloat16 from an infinity towards the other infinity: ml_dtypes \
         returns the infinity, C (and NumPy in float32/float64) the largest finite value \
         of that sign, as Ivy does in every dtype",
        |s| {
            s.op == "nextafter"
                && s.dtype == "bfloat16"
                && s.element.is_some_and(|((g, _), (w, _))| {
                    w.is_infinite() && g.is_finite() && g.abs() > 3.0e38
                })
        },
    ),
    (
        "complex log1p: NumPy computes log(1 + z) and loses every digit of a tiny z \
         (log1p(1e-20 + 0j) = 0); Ivy keeps them",
        |s| s.op == "log1p" && s.dtype.starts_with("complex"),
    ),
    (
        "complex expm1 at an infinite or NaN part: NumPy's formula (expm1(x) cos y - \
         2 sin^2(y/2), e^x sin y) gives NaN parts there; Ivy follows the Array API's \
         special cases (expm1(inf + 0i) = inf + 0i, expm1(-inf + yi) = -1 + 0 cis y)",
        |s| {
            s.op == "expm1"
                && s.dtype.starts_with("complex")
                && s.element.is_some_and(|(g, w)| {
                    !(g.0.is_finite() && g.1.is_finite()) && (w.0.is_nan() || w.1.is_nan())
                })
        },
    ),
    (
        "round of float16/bfloat16 with decimals != 0: NumPy scales by 10^decimals in \
         the half dtype (x * 10^d is rounded to 11 or 8 bits before rint), Ivy in \
         float32 with one rounding at the end",
        |s| s.op == "round" && matches!(s.dtype, "float16" | "bfloat16") && decimals(s) != 0,
    ),
    (
        "round with decimals > 0 of values within 10^decimals of the largest finite \
         value: NumPy's scaling overflows and returns inf, Ivy returns x (it has no \
         digits to round)",
        |s| {
            s.op == "round"
                && decimals(s) > 0
                && s.element
                    .is_some_and(|(g, w)| w.0.is_infinite() && g.0.is_finite())
        },
    ),
    (
        "round of int64/uint64 with decimals < 0: NumPy goes through float64 and \
         loses the digits past 2^53; Ivy rounds in integers, exactly",
        |s| s.op == "round" && matches!(s.dtype, "int64" | "uint64") && decimals(s) < 0,
    ),
    (
        "mean of complex numbers with a non-finite part: NumPy divides the sum by n \
         as a complex number (Smith's algorithm, where inf * 0 appears), which turns \
         the other part into NaN; Ivy divides each part by n",
        |s| {
            s.op == "mean"
                && s.dtype.starts_with("complex")
                && s.element.is_some_and(|(g, w)| {
                    !(g.0.is_finite() && g.1.is_finite()) && (w.0.is_nan() || w.1.is_nan())
                })
        },
    ),
    (
        "var/std of float16: NumPy accumulates the squares in float16, which \
         overflows to inf from |x - mean| of about 256; Ivy accumulates in float32",
        |s| {
            matches!(s.op, "var" | "std")
                && s.dtype == "float16"
                && s.element
                    .is_some_and(|(g, w)| w.0.is_infinite() && g.0.is_finite())
        },
    ),
    (
        "gelu in its negative tail: the reference composes 0.5 x (1 + erf(x / sqrt 2)), \
         which cancels where erf is near -1 (to 0, or a few ulps of 1 off); Ivy's kernel \
         computes x erfc(-x / sqrt 2) / 2 and keeps the tiny result",
        |s| {
            s.op == "gelu"
                && s.element.is_some_and(|(g, w)| {
                    let eps = match s.dtype {
                        "float64" => f64::EPSILON,
                        "float32" => f32::EPSILON as f64,
                        _ => 2f64.powi(-7),
                    };
                    w.0 <= 0.0 && g.0 <= 0.0 && (g.0 - w.0).abs() <= 8.0 * eps
                })
        },
    ),
    (
        "maximum/minimum/fmin of +0 and -0: which zero NumPy returns depends on the \
         dtype and the array's length (SIMD or scalar loop); the Array API leaves it \
         unspecified; Ivy returns the first operand",
        |s| {
            matches!(s.op, "maximum" | "minimum" | "fmin")
                && s.element.is_some_and(|(g, w)| g.0 == 0.0 && w.0 == 0.0)
        },
    ),
];

/// Notes the generator writes on cases computed in Ivy's dtype, and what
/// they mean.
const IVY_RULES: &[(&str, &str)] = &[
    (
        "cast",
        "Ivy casts integer (and bool) inputs of float functions to the default float dtype (float32); NumPy picks float16/32/64 by width",
    ),
    (
        "sum_dtype",
        "Ivy accumulates sum/prod/cumsum/cumprod of narrow integers in the default integer dtype (int32/uint32); NumPy in int64/uint64",
    ),
];

/// The comparison class of an op.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Tolerance {
    /// Bit-for-bit (NaN equal to NaN).
    Exact,
    /// A few ulps: libm functions.
    Transcendental,
    /// Relative bound: reductions and anything summing.
    Reduction,
    /// Compositional ops (several roundings in the dtype, against a
    /// reference rounded once): 16 ulps, 8 in float16/bfloat16 (whose
    /// intermediate values may be subnormal).
    Composite,
}

fn tolerance(op: &str) -> Tolerance {
    match op {
        "sin" | "cos" | "tan" | "asin" | "acos" | "atan" | "sinh" | "cosh" | "tanh" | "asinh"
        | "acosh" | "atanh" | "exp" | "exp2" | "expm1" | "log" | "log2" | "log10" | "log1p"
        | "erf" | "pow" | "atan2" | "logaddexp" | "logaddexp2" | "hypot" | "deg2rad"
        | "rad2deg" | "angle" => Tolerance::Transcendental,
        "sigmoid" | "softplus" | "silu" | "gelu" | "mish" | "softsign" | "hardswish"
        | "leaky_relu" | "logsigmoid" | "selu" | "elu" | "celu" | "softshrink" | "scaled_tanh"
        | "hardsilu" => Tolerance::Composite,
        "sum" | "prod" | "mean" | "var" | "std" | "cumsum" | "cumprod" | "cumulative_sum"
        | "cumulative_prod" | "logsumexp" | "matmul" | "vecdot" | "trace" | "vector_norm"
        | "softmax" | "log_softmax" | "einsum" => Tolerance::Reduction,
        // The mean, median and linear_ramp modes sum or interpolate; the
        // other modes copy, which the relative bound also holds exactly.
        "pad" => Tolerance::Reduction,
        // Factorisations and transforms: LAPACK/pocketfft and faer/rustfft
        // round differently; compared with the reductions' relative bound.
        "cholesky" | "det" | "slogdet" | "inv" | "solve" | "qr" | "svd" | "svdvals" | "eigh"
        | "eigvalsh" | "eig" | "eigvals" | "matrix_norm" | "matrix_power" | "pinv"
        | "tensordot" | "inner" | "cross" | "kron" | "multi_dot" | "vander" | "tensorsolve"
        | "fft" | "ifft" | "rfft" | "irfft" | "hfft" | "ihfft" | "fftn" | "ifftn" | "rfftn"
        | "irfftn" | "fftfreq" | "rfftfreq" => Tolerance::Reduction,
        _ => Tolerance::Exact,
    }
}

/// Complex results of these ops are compared as transcendental even where
/// the real ones are exact (complex `*`, `/`, `sqrt`, `abs`, `sign`,
/// `reciprocal` involve several roundings).
fn complex_tolerance(op: &str) -> Tolerance {
    match tolerance(op) {
        Tolerance::Exact
            if matches!(
                op,
                "multiply" | "divide" | "square" | "sqrt" | "abs" | "sign" | "reciprocal" | "outer"
            ) =>
        {
            Tolerance::Transcendental
        }
        t => t,
    }
}

/// (mantissa bits with the implicit one, smallest normal exponent).
fn precision(d: Dtype) -> (i32, i32) {
    match d {
        Dtype::Float16 => (11, -14),
        Dtype::BFloat16 => (8, -126),
        Dtype::Float32 | Dtype::Complex64 => (24, -126),
        _ => (53, -1022),
    }
}

/// One unit in the last place of `scale` in dtype `d`.
fn ulp(scale: f64, d: Dtype) -> f64 {
    let (p, emin) = precision(d);
    let e = if scale == 0.0 {
        emin
    } else {
        (scale.abs().log2().floor() as i32).max(emin)
    };
    2f64.powi(e - (p - 1))
}

fn ulps_allowed(t: Tolerance, d: Dtype) -> f64 {
    match (t, d) {
        (Tolerance::Exact, _) => 0.0,
        (Tolerance::Composite, Dtype::Float16 | Dtype::BFloat16) => 8.0,
        (Tolerance::Composite, _) => 16.0,
        (_, Dtype::Float16 | Dtype::BFloat16) => 1.0,
        _ => 4.0,
    }
}

fn rtol(d: Dtype) -> f64 {
    match d {
        Dtype::Float64 | Dtype::Complex128 => 1e-12,
        Dtype::Float32 | Dtype::Complex64 => 2e-5,
        Dtype::Float16 => 4e-3,
        _ => 3e-2,
    }
}

/// Whether `got` may stand for `want` (one real component).
fn close(got: f64, want: f64, scale: f64, t: Tolerance, d: Dtype) -> bool {
    if want.is_nan() || got.is_nan() {
        return want.is_nan() && got.is_nan();
    }
    if want == 0.0 || want.is_infinite() || got.is_infinite() || t == Tolerance::Exact {
        if got == want && got.is_sign_negative() == want.is_sign_negative() {
            return true;
        }
        if t == Tolerance::Exact || want.is_infinite() || got.is_infinite() {
            return false;
        }
    }
    let err = (got - want).abs();
    match t {
        Tolerance::Reduction => err <= rtol(d) * (scale.abs() + 1.0),
        _ => err <= ulps_allowed(t, d) * ulp(scale, d),
    }
}

/// The elements of an array, as f64 pairs (re, im) for floats and complex,
/// or exact integers.
#[derive(Debug, PartialEq)]
enum Values {
    Ints(Vec<i128>),
    Floats(Vec<(f64, f64)>),
}

fn dtype(s: &str) -> Dtype {
    s.parse().unwrap_or_else(|_| panic!("unknown dtype {s}"))
}

fn width(d: Dtype) -> usize {
    match d {
        Dtype::Bool | Dtype::Int8 | Dtype::UInt8 => 2,
        Dtype::Int16 | Dtype::UInt16 | Dtype::Float16 | Dtype::BFloat16 => 4,
        Dtype::Int32 | Dtype::UInt32 | Dtype::Float32 => 8,
        Dtype::Int64 | Dtype::UInt64 | Dtype::Float64 | Dtype::Complex64 => 16,
        Dtype::Complex128 => 32,
    }
}

/// Decodes the hex string of little-endian-free, fixed-width bit patterns
/// (each element big-endian hex of its bits; complex: real then imaginary).
fn words(hex: &str, w: usize) -> Vec<u128> {
    assert_eq!(hex.len() % w, 0, "hex data of width {w}");
    (0..hex.len() / w)
        .map(|i| u128::from_str_radix(&hex[i * w..(i + 1) * w], 16).expect("hex"))
        .collect()
}

fn array(j: &J) -> Array {
    let d = dtype(j["d"].as_str().expect("d"));
    let shape: Vec<usize> = j["s"]
        .as_array()
        .expect("s")
        .iter()
        .map(|v| v.as_u64().expect("dim") as usize)
        .collect();
    let w = words(j["v"].as_str().expect("v"), width(d));
    let r = match d {
        Dtype::Bool => Array::from_shape_vec(shape, w.iter().map(|&b| b != 0).collect()),
        Dtype::Int8 => Array::from_shape_vec(shape, w.iter().map(|&b| b as u8 as i8).collect()),
        Dtype::Int16 => Array::from_shape_vec(shape, w.iter().map(|&b| b as u16 as i16).collect()),
        Dtype::Int32 => Array::from_shape_vec(shape, w.iter().map(|&b| b as u32 as i32).collect()),
        Dtype::Int64 => Array::from_shape_vec(shape, w.iter().map(|&b| b as u64 as i64).collect()),
        Dtype::UInt8 => Array::from_shape_vec(shape, w.iter().map(|&b| b as u8).collect()),
        Dtype::UInt16 => Array::from_shape_vec(shape, w.iter().map(|&b| b as u16).collect()),
        Dtype::UInt32 => Array::from_shape_vec(shape, w.iter().map(|&b| b as u32).collect()),
        Dtype::UInt64 => Array::from_shape_vec(shape, w.iter().map(|&b| b as u64).collect()),
        Dtype::Float16 => {
            Array::from_shape_vec(shape, w.iter().map(|&b| f16::from_bits(b as u16)).collect())
        }
        Dtype::BFloat16 => Array::from_shape_vec(
            shape,
            w.iter().map(|&b| bf16::from_bits(b as u16)).collect(),
        ),
        Dtype::Float32 => {
            Array::from_shape_vec(shape, w.iter().map(|&b| f32::from_bits(b as u32)).collect())
        }
        Dtype::Float64 => {
            Array::from_shape_vec(shape, w.iter().map(|&b| f64::from_bits(b as u64)).collect())
        }
        Dtype::Complex64 => Array::from_shape_vec(
            shape,
            w.iter()
                .map(|&b| {
                    Complex32::new(f32::from_bits((b >> 32) as u32), f32::from_bits(b as u32))
                })
                .collect(),
        ),
        Dtype::Complex128 => Array::from_shape_vec(
            shape,
            w.iter()
                .map(|&b| {
                    Complex64::new(f64::from_bits((b >> 64) as u64), f64::from_bits(b as u64))
                })
                .collect(),
        ),
    };
    r.expect("a valid array in the data file")
}

fn values(a: &Array) -> Values {
    let f = |v: Vec<f64>| Values::Floats(v.into_iter().map(|x| (x, 0.0)).collect());
    let i = |v: Vec<i128>| Values::Ints(v);
    let r = || -> ivy::Result<Values> {
        Ok(match a.dtype() {
            Dtype::Bool => i(a.to_vec::<bool>()?.into_iter().map(i128::from).collect()),
            Dtype::Int8 => i(a.to_vec::<i8>()?.into_iter().map(i128::from).collect()),
            Dtype::Int16 => i(a.to_vec::<i16>()?.into_iter().map(i128::from).collect()),
            Dtype::Int32 => i(a.to_vec::<i32>()?.into_iter().map(i128::from).collect()),
            Dtype::Int64 => i(a.to_vec::<i64>()?.into_iter().map(i128::from).collect()),
            Dtype::UInt8 => i(a.to_vec::<u8>()?.into_iter().map(i128::from).collect()),
            Dtype::UInt16 => i(a.to_vec::<u16>()?.into_iter().map(i128::from).collect()),
            Dtype::UInt32 => i(a.to_vec::<u32>()?.into_iter().map(i128::from).collect()),
            Dtype::UInt64 => i(a.to_vec::<u64>()?.into_iter().map(i128::from).collect()),
            Dtype::Float16 => f(a.to_vec::<f16>()?.into_iter().map(f64::from).collect()),
            Dtype::BFloat16 => f(a.to_vec::<bf16>()?.into_iter().map(f64::from).collect()),
            Dtype::Float32 => f(a.to_vec::<f32>()?.into_iter().map(f64::from).collect()),
            Dtype::Float64 => f(a.to_vec::<f64>()?),
            Dtype::Complex64 => Values::Floats(
                a.to_vec::<Complex32>()?
                    .into_iter()
                    .map(|z| (z.re as f64, z.im as f64))
                    .collect(),
            ),
            Dtype::Complex128 => Values::Floats(
                a.to_vec::<Complex64>()?
                    .into_iter()
                    .map(|z| (z.re, z.im))
                    .collect(),
            ),
        })
    };
    r().expect("readable output")
}

/// One item of a tagged index: `{"i": n}`, `{"sl": [start, stop, step]}`
/// (bounds may be null), `{"el": true}` (`...`), `{"na": true}` (`None`) or
/// `{"arr": ARRAY}`.
fn index_item(j: &J) -> ivy::IndexItem {
    let (k, v) = j
        .as_object()
        .and_then(|o| o.iter().next())
        .expect("an index item");
    match k.as_str() {
        "i" => ivy::IndexItem::Int(v.as_i64().expect("int")),
        "sl" => {
            let b = v.as_array().expect("slice bounds");
            ivy::IndexItem::Slice {
                start: b[0].as_i64(),
                stop: b[1].as_i64(),
                step: b[2].as_i64().expect("step"),
            }
        }
        "el" => ivy::IndexItem::Ellipsis,
        "na" => ivy::IndexItem::NewAxis,
        "arr" => ivy::IndexItem::Array(array(v)),
        other => panic!("unknown index tag {other}"),
    }
}

fn value(j: &J) -> Value {
    let (k, v) = j
        .as_object()
        .expect("a tagged value")
        .iter()
        .next()
        .expect("tag");
    match k.as_str() {
        "i" => Value::from(v.as_i64().expect("int")),
        // Written as Python's repr, so inf and nan survive JSON.
        "f" => Value::from(
            v.as_str()
                .and_then(|s| s.parse::<f64>().ok())
                .expect("a float as a string"),
        ),
        "b" => Value::from(v.as_bool().expect("bool")),
        "none" => Value::None,
        "ints" => Value::Ints(ivy::Ints::from(
            v.as_array()
                .expect("ints")
                .iter()
                .map(|x| x.as_i64().expect("int"))
                .collect::<Vec<i64>>(),
        )),
        "sections" => Value::Splits(ivy::Splits::Sections(v.as_u64().expect("sections") as usize)),
        "sizes" => Value::Splits(ivy::Splits::Sizes(
            v.as_array()
                .expect("sizes")
                .iter()
                .map(|n| n.as_u64().expect("size") as usize)
                .collect(),
        )),
        // tensordot's pair of axis lists.
        "pairs" => {
            let lists: Vec<Vec<i64>> = v
                .as_array()
                .expect("two axis lists")
                .iter()
                .map(|l| {
                    l.as_array()
                        .expect("an axis list")
                        .iter()
                        .map(|x| x.as_i64().expect("int"))
                        .collect()
                })
                .collect();
            let [a, b] = <[Vec<i64>; 2]>::try_from(lists).expect("two axis lists");
            Value::Contraction(ivy::Contraction::Pairs(a, b))
        }
        "index" => Value::Index(ivy::Index::new(
            v.as_array()
                .expect("index items")
                .iter()
                .map(index_item)
                .collect(),
        )),
        "s" => Value::Str(v.as_str().expect("str").to_string()),
        "dt" => Value::Dtype(dtype(v.as_str().expect("dtype"))),
        "arr" => Value::Array(array(v)),
        "list" => Value::Arrays(v.as_array().expect("list").iter().map(array).collect()),
        other => panic!("unknown tag {other}"),
    }
}

fn plain(why: String) -> Mismatch {
    Mismatch { why, element: None }
}

/// Why `got` differs from `want`, or None; `complex_in` says the op's input
/// was complex (its tolerance class may then differ, see
/// [`complex_tolerance`]).
fn compare(op: &str, complex_in: bool, got: &Array, want: &Array) -> Option<Mismatch> {
    if got.dtype() != want.dtype() {
        return Some(plain(format!("dtype {} != {}", got.dtype(), want.dtype())));
    }
    if got.shape().dims() != want.shape().dims() {
        return Some(plain(format!(
            "shape {:?} != {:?}",
            got.shape().dims(),
            want.shape().dims()
        )));
    }
    let d = want.dtype();
    match (values(got), values(want)) {
        (Values::Ints(g), Values::Ints(w)) => (g != w).then(|| plain(format!("{g:?} != {w:?}"))),
        (Values::Floats(g), Values::Floats(w)) => {
            let t = if complex_in {
                complex_tolerance(op)
            } else {
                tolerance(op)
            };
            for (k, (a, b)) in g.iter().zip(&w).enumerate() {
                let scale = if d.is_complex() {
                    let m = |v: f64| if v.is_finite() { v.abs() } else { 0.0 };
                    m(b.0).max(m(b.1))
                } else {
                    b.0
                };
                if !close(a.0, b.0, scale, t, d) || !close(a.1, b.1, scale, t, d) {
                    return Some(Mismatch {
                        why: format!("element {k}: got {a:?}, want {b:?} ({t:?})"),
                        element: Some((*a, *b)),
                    });
                }
            }
            None
        }
        _ => Some(plain("kinds differ".into())),
    }
}

/// What is compared of a decomposition that is unique only up to signs
/// or order (the generator writes the same from NumPy): `|Q|` and `|R|` of
/// `qr` (full-rank inputs), the singular values of `svd`, the eigenvalues
/// of `eigh`, and the eigenvalues of `eig`/`eigvals` sorted by real then
/// imaginary part (as `np.sort_complex`).
fn invariants(op: &str, outs: Vec<Array>) -> Vec<Array> {
    let sorted = |w: &Array| -> Array {
        let mut v: Vec<(f64, f64)> = match values(w) {
            Values::Floats(v) => v,
            Values::Ints(_) => return w.clone(),
        };
        v.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
        let c: Vec<ivy::Complex64> = v
            .iter()
            .map(|&(re, im)| ivy::Complex64::new(re, im))
            .collect();
        let a = Array::from_shape_vec(w.shape().clone(), c).expect("same size");
        ivy::astype(&a, w.dtype()).expect("complex cast")
    };
    match op {
        "qr" => outs.iter().map(|a| ivy::abs(a).expect("abs")).collect(),
        "svd" => outs.into_iter().skip(1).take(1).collect(),
        "eigh" => outs.into_iter().take(1).collect(),
        "eig" | "eigvals" => outs.first().map(sorted).into_iter().collect(),
        _ => outs,
    }
}

fn load() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/conformance.jsonl.gz"
    );
    let bytes = std::fs::read(path).expect("tests/data/conformance.jsonl.gz");
    let mut s = String::new();
    flate2::read::GzDecoder::new(&bytes[..])
        .read_to_string(&mut s)
        .expect("gzip");
    s
}

#[test]
fn every_case_matches_numpy() {
    let data = load();
    let mut n = 0usize;
    let mut ops = std::collections::BTreeSet::new();
    let mut rules: std::collections::BTreeMap<String, usize> = Default::default();
    let mut explained: std::collections::BTreeMap<String, usize> = Default::default();
    let mut failures = Vec::new();
    for line in data.lines() {
        let case: J = serde_json::from_str(line).expect("a JSON case");
        let op = case["op"].as_str().expect("op");
        let mut args = CallArgs::new();
        for a in case["a"].as_array().expect("a") {
            args = args.arg(value(a));
        }
        if let Some(k) = case["k"].as_object() {
            for (name, v) in k {
                args = args.kwarg(name, value(v));
            }
        }
        n += 1;
        ops.insert(op.to_string());
        if let Some(r) = case["ivy"].as_str() {
            assert!(IVY_RULES.iter().any(|(k, _)| *k == r), "unknown rule {r}");
            *rules.entry(r.to_string()).or_default() += 1;
        }
        let in_dtype = case["a"][0]
            .get("arr")
            .and_then(|a| a["d"].as_str())
            .unwrap_or("")
            .to_string();
        let got =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| catalogue::call(op, &args)));
        let why = match (&got, case.get("o")) {
            (Err(_), _) => Some(plain("panicked".to_string())),
            (Ok(Err(e)), Some(_)) => Some(plain(format!("error: {e}"))),
            (Ok(Ok(_)), None) => Some(plain("NumPy raised, Ivy did not".to_string())),
            (Ok(Err(_)), None) => None,
            (Ok(Ok(outs)), Some(o)) => {
                let want: Vec<Array> = o.as_array().expect("o").iter().map(array).collect();
                let outs = invariants(op, outs.clone());
                if outs.len() != want.len() {
                    Some(plain(format!(
                        "{} outputs, want {}",
                        outs.len(),
                        want.len()
                    )))
                } else {
                    let complex_in = in_dtype.starts_with("complex");
                    outs.iter()
                        .zip(&want)
                        .find_map(|(g, w)| compare(op, complex_in, g, w))
                }
            }
        };
        if let Some(m) = why {
            let seen = Seen {
                op,
                dtype: &in_dtype,
                kwargs: &case["k"],
                element: m.element,
            };
            if let Some((reason, _)) = DIVERGENCES.iter().find(|(_, applies)| applies(&seen)) {
                *explained.entry(reason.to_string()).or_default() += 1;
                continue;
            }
            failures.push(format!(
                "{op} {in_dtype}: {}\n    case: {}",
                m.why,
                &line[..line.len().min(400)]
            ));
        }
    }
    eprintln!("{n} cases over {} ops", ops.len());
    for (r, c) in &rules {
        eprintln!("  computed in Ivy's dtype ({r}): {c} cases");
    }
    for (r, c) in &explained {
        eprintln!("  explained divergence, {c} cases: {r}");
    }
    assert!(n >= 5000, "only {n} cases");
    // One line per (op, dtype) with its count and first case, so a failure
    // reads as a list of classes rather than a wall of cases.
    let mut groups: std::collections::BTreeMap<String, (usize, String)> = Default::default();
    for f in &failures {
        let key = f.split(':').next().unwrap_or("").to_string();
        groups.entry(key).or_insert((0, f.clone())).0 += 1;
    }
    assert!(
        failures.is_empty(),
        "{} unexplained mismatches in {} (op, dtype) classes:\n{}",
        failures.len(),
        groups.len(),
        groups
            .iter()
            .map(|(k, (c, f))| format!("[{c}x] {k}: first: {f}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Writes what the generator needs from the catalogue (op names, claimed
/// dtypes, the dtype each is computed in, the output rule, parameters) as
/// JSON to `$IVY_CATALOGUE_JSON`. Run by hand:
/// `IVY_CATALOGUE_JSON=/tmp/ops.json cargo test -p ivy --test it -- --ignored conformance::dump_catalogue`.
#[test]
#[ignore]
fn dump_catalogue() {
    let path = std::env::var("IVY_CATALOGUE_JSON").expect("IVY_CATALOGUE_JSON");
    let ops: Vec<J> = catalogue::ops()
        .map(|op| {
            // The dtypes the op runs on this backend (its claims narrowed by
            // the tables and, for compositional ops, by its callees).
            let kernel: serde_json::Map<String, J> = op
                .supported_dtypes(ivy::current_backend())
                .iter()
                .map(|d| (d.to_string(), J::from(op.kernel_dtype(d).to_string())))
                .collect();
            serde_json::json!({
                "name": op.name,
                "kind": format!("{:?}", op.kind),
                "category": op.category,
                "out": format!("{:?}", op.out),
                "callable": op.call.is_some(),
                "kernel": kernel,
                "params": op.params.iter().map(|p| serde_json::json!([p.name, p.kind, p.default])).collect::<Vec<_>>(),
            })
        })
        .collect();
    std::fs::write(path, serde_json::to_string_pretty(&ops).expect("json")).expect("write");
}
