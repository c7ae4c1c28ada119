//! Printing arrays in Ivy's form.
//!
//! Python Ivy prints an array (`ivy.Array.__repr__`) by rounding floats to 10
//! significant figures (`ivy.array_significant_figures`), taking NumPy's
//! `repr` with precision 8 (`ivy.array_decimal_values`), putting `ivy.array`
//! in place of `array` and dropping the dtype. This module follows NumPy's
//! `arrayprint` (NumPy 2.x, default print options) step by step:
//!
//! - elements are formatted with one formatter per array, built from the
//!   elements that are shown: integers right-aligned to a common width; bools
//!   as `True`/`False` (`" True"` when not 0-d, so columns align); floats with
//!   NumPy's `FloatingFormat` in `floatmode="maxprec"` (shortest digits that
//!   round-trip in the element's dtype, at most `precision` fractional digits,
//!   a trailing `.` for integral values, left and right padding to a common
//!   width, `nan`/`inf`), switching every element to scientific notation when
//!   the largest magnitude is at least `10**min(8, finfo.precision)` (1e8 for
//!   float64, 1e6 for float32, 1e3 for float16, 1e2 for bfloat16), the
//!   smallest non-zero magnitude is below 1e-4, or their ratio exceeds 1000;
//!   complex numbers as a real and an imaginary float formatter side by side;
//! - rows are laid out as NumPy's `_formatArray` does: elements separated by
//!   `", "`, lines wrapped at 75 characters, nested rows aligned under the
//!   first `[` (after `ivy.array(`), one blank line between the blocks of a
//!   3-d array (two for 4-d, ...);
//! - arrays of more than 1000 elements are summarised with `...` and the 3
//!   leading and trailing items along each long axis, and then end with
//!   `shape=(...)` as NumPy 2.2+ prints them; empty arrays print as
//!   `ivy.array([])`, with `shape=(...)` unless they are 1-d.
//!
//! Two deviations from Python Ivy, both deliberate: continuation rows are
//! aligned under the first `[` of `ivy.array([` (Ivy keeps NumPy's 7-space
//! indent of `array([`; its containers re-align them the same way), and the
//! significant-figure rounding is skipped where Ivy's own arithmetic overflows
//! (float16, and magnitudes below about 1e-299 for float64 or 1e-29 for
//! float32, where Ivy would print `nan`). bfloat16, which NumPy lacks, is
//! printed with NumPy's float16 rules using its own precision.

use super::{Array, HostData};
use crate::dtype::{Complex32, Complex64, bf16, f16};
use std::fmt;

/// Printed before the elements; its length sets the continuation indent.
const PREFIX: &str = "ivy.array(";
/// NumPy's `linewidth`.
const LINE_WIDTH: usize = 75;
/// NumPy's `threshold`: more elements than this are summarised.
const THRESHOLD: usize = 1000;
/// NumPy's `edgeitems`.
const EDGE_ITEMS: usize = 3;
/// Ivy's `array_decimal_values`, NumPy's `precision`.
const PRECISION: usize = 8;
/// More fractional digits than any float has (float64 needs at most 1074).
const MAX_PRECISION: usize = 1100;
/// Ivy's `array_significant_figures`.
const SIG_FIGS: i32 = 10;

/// Format a float as Python's `repr(float)` does: the shortest digits that
/// round-trip, positional for decimal exponents from -4 to 15 (always with a
/// fractional part, `1.0`), otherwise scientific with a signed exponent of at
/// least two digits (`1e+16`, `1.5e-05`); `nan`, `inf` and `-inf`.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// use ivy::array::format_float;
/// assert_eq!(format_float(1.0), "1.0");
/// assert_eq!(format_float(0.1 + 0.2), "0.30000000000000004");
/// assert_eq!(format_float(1e16), "1e+16");
/// assert_eq!(format_float(1e15), "1000000000000000.0");
/// assert_eq!(format_float(0.0001), "0.0001");
/// assert_eq!(format_float(-1.5e-5), "-1.5e-05");
/// assert_eq!(format_float(f64::NEG_INFINITY), "-inf");
/// ```
pub fn format_float(x: f64) -> String {
    if x.is_nan() {
        return "nan".to_string();
    }
    if x.is_infinite() {
        return if x < 0.0 { "-inf" } else { "inf" }.to_string();
    }
    let sign = if x.is_sign_negative() { "-" } else { "" };
    if x == 0.0 {
        return format!("{sign}0.0");
    }
    python_repr(sign, shortest(FloatKind::F64, x.abs()))
}

/// An `f32` as Python writes the float with the same shortest digits
/// (`0.1`, not `0.10000000149011612`); finite and non-zero values only, the
/// others as [`format_float`].
pub(crate) fn format_float32(x: f32) -> String {
    if !x.is_finite() || x == 0.0 {
        return format_float(f64::from(x));
    }
    let sign = if x.is_sign_negative() { "-" } else { "" };
    python_repr(sign, shortest(FloatKind::F32, f64::from(x.abs())))
}

/// Python's `repr` of a float from its sign and shortest digits.
fn python_repr(sign: &str, d: Decimal) -> String {
    let digits = d.digits_str();
    // Python's `decpt`: the value is 0.DIGITS * 10**decpt.
    let decpt = d.exp + 1;
    let n = digits.len() as i32;
    if -4 < decpt && decpt <= 16 {
        if decpt <= 0 {
            format!("{sign}0.{}{digits}", "0".repeat((-decpt) as usize))
        } else if decpt >= n {
            format!("{sign}{digits}{}.0", "0".repeat((decpt - n) as usize))
        } else {
            let (int, frac) = digits.split_at(decpt as usize);
            format!("{sign}{int}.{frac}")
        }
    } else {
        let (first, rest) = digits.split_at(1);
        let dot = if rest.is_empty() { "" } else { "." };
        let esign = if d.exp < 0 { '-' } else { '+' };
        format!(
            "{sign}{first}{dot}{rest}e{esign}{:02}",
            d.exp.unsigned_abs()
        )
    }
}

/// Prints the array as Python Ivy does with the NumPy backend.
///
/// The precision flag sets NumPy's `precision` (the most fractional digits a
/// float shows, 8 by default), and the alternate flag (`{:#}`) prints every
/// element instead of summarising arrays of more than 1000 elements.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let x = ivy::array![[1.0, 2.5], [3.0, 4.0]];
/// assert_eq!(x.to_string(), "ivy.array([[1. , 2.5],\n           [3. , 4. ]])");
/// assert_eq!(ivy::array![1, 2, 3].to_string(), "ivy.array([1, 2, 3])");
/// assert_eq!(ivy::array![true, false].to_string(), "ivy.array([ True, False])");
/// let y = ivy::array![0.5, 1e-5];
/// assert_eq!(y.to_string(), "ivy.array([5.e-01, 1.e-05])");
/// let z = ivy::array![1.23456, 2.0];
/// assert_eq!(format!("{z:.3}"), "ivy.array([1.235, 2.   ])");
/// ```
impl fmt::Display for Array {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let opts = Options {
            precision: f.precision().unwrap_or(PRECISION).min(MAX_PRECISION),
            threshold: if f.alternate() { usize::MAX } else { THRESHOLD },
            edge_items: EDGE_ITEMS,
            line_width: LINE_WIDTH,
        };
        match self.to_host() {
            Ok(host) => f.write_str(&render(&host, self.shape().dims(), &opts)),
            Err(e) => write!(f, "{PREFIX}<elements unavailable: {e}>)"),
        }
    }
}

/// NumPy's print options that this printer honours.
#[derive(Clone, Copy, Debug)]
struct Options {
    precision: usize,
    threshold: usize,
    edge_items: usize,
    line_width: usize,
}

/// The whole text of an array: prefix, elements and NumPy's extras.
fn render(host: &HostData, dims: &[usize], opts: &Options) -> String {
    let size: usize = dims.iter().product();
    let summarize = size > opts.threshold;
    let body = if size == 0 {
        "[]".to_string()
    } else {
        crate::with_host_data!(host, b, T => render_elements::<T>(b.as_slice(), dims, summarize, opts))
    };
    let mut out = String::with_capacity(PREFIX.len() + body.len() + 2);
    out.push_str(PREFIX);
    out.push_str(&body);
    // NumPy adds `shape=` when the elements do not show it; the dtype it would
    // add is dropped by Ivy.
    if (size == 0 && dims != [0]) || summarize {
        let extra = format!("shape={}", crate::shape::Shape::from(dims.to_vec()));
        out.push(',');
        let last_line = out.len() - out.rfind('\n').map_or(0, |i| i + 1);
        if last_line + extra.len() + 2 > opts.line_width {
            out.push('\n');
            out.push_str(&" ".repeat(PREFIX.len()));
        } else {
            out.push(' ');
        }
        out.push_str(&extra);
    }
    out.push(')');
    out
}

/// The bracketed elements of a non-empty array.
fn render_elements<T: PrintElement>(
    data: &[T],
    dims: &[usize],
    summarize: bool,
    opts: &Options,
) -> String {
    let strides = row_major_strides(dims);
    let edge = if summarize {
        Some(opts.edge_items)
    } else {
        None
    };
    let shown: Vec<Elem> = if summarize {
        let mut idx = Vec::new();
        shown_indices(dims, &strides, opts.edge_items, 0, 0, &mut idx);
        idx.iter()
            .filter_map(|&i| data.get(i))
            .map(|v| v.elem())
            .collect()
    } else {
        data.iter().map(|v| v.elem()).collect()
    };
    let formatter = ElementFormat::new(&shown, T::KIND, dims.is_empty(), opts.precision);
    let element = |i: usize| match data.get(i) {
        Some(v) => formatter.format(v.elem()),
        None => "?".to_string(),
    };
    let layout = Layout {
        dims,
        strides: &strides,
        edge,
        element: &element,
    };
    let hanging = " ".repeat(PREFIX.len() + 1);
    // NumPy reserves room for the closing `)` on the last line.
    layout.recurse(0, 0, &hanging, opts.line_width.saturating_sub(1))
}

fn row_major_strides(dims: &[usize]) -> Vec<usize> {
    let mut strides = vec![1; dims.len()];
    for i in (0..dims.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * dims[i + 1];
    }
    strides
}

/// Flat indices of the elements a summarised array shows (NumPy's
/// `_leading_trailing`), in row-major order.
fn shown_indices(
    dims: &[usize],
    strides: &[usize],
    edge: usize,
    axis: usize,
    offset: usize,
    out: &mut Vec<usize>,
) {
    if axis == dims.len() {
        out.push(offset);
        return;
    }
    let n = dims[axis];
    let mut visit = |i: usize| {
        shown_indices(
            dims,
            strides,
            edge,
            axis + 1,
            offset + i * strides[axis],
            out,
        )
    };
    if n > 2 * edge {
        (0..edge).for_each(&mut visit);
        (n - edge..n).for_each(&mut visit);
    } else {
        (0..n).for_each(&mut visit);
    }
}

/// NumPy's `_formatArray`.
struct Layout<'a> {
    dims: &'a [usize],
    strides: &'a [usize],
    /// Edge items per axis when summarising.
    edge: Option<usize>,
    element: &'a dyn Fn(usize) -> String,
}

impl Layout<'_> {
    fn recurse(&self, axis: usize, offset: usize, hanging: &str, width: usize) -> String {
        let ndim = self.dims.len();
        if axis == ndim {
            return (self.element)(offset);
        }
        let axes_left = ndim - axis;
        let next_hanging = format!("{hanging} ");
        let next_width = width.saturating_sub(1);
        let len = self.dims[axis];
        let stride = self.strides[axis];
        let (leading, trailing, show_summary) = match self.edge {
            Some(e) if 2 * e < len => (e, e, true),
            _ => (0, len, false),
        };
        let child =
            |i: usize| self.recurse(axis + 1, offset + i * stride, &next_hanging, next_width);
        let mut s = String::new();
        if axes_left == 1 {
            // Room for the element, leaving one column for `,` or `]`.
            let elem_width = width.saturating_sub(1);
            let mut line = hanging.to_string();
            for i in 0..leading {
                extend_line(&mut s, &mut line, &child(i), elem_width, hanging);
                line.push_str(", ");
            }
            if show_summary {
                extend_line(&mut s, &mut line, "...", elem_width, hanging);
                line.push_str(", ");
            }
            for i in (len - trailing)..len.saturating_sub(1) {
                extend_line(&mut s, &mut line, &child(i), elem_width, hanging);
                line.push_str(", ");
            }
            if len > 0 {
                extend_line(&mut s, &mut line, &child(len - 1), elem_width, hanging);
            }
            s.push_str(&line);
        } else {
            let line_sep = format!(",{}", "\n".repeat(axes_left - 1));
            for i in 0..leading {
                s.push_str(hanging);
                s.push_str(&child(i));
                s.push_str(&line_sep);
            }
            if show_summary {
                s.push_str(hanging);
                s.push_str("...");
                s.push_str(&line_sep);
            }
            for i in (len - trailing)..len.saturating_sub(1) {
                s.push_str(hanging);
                s.push_str(&child(i));
                s.push_str(&line_sep);
            }
            if len > 0 {
                s.push_str(hanging);
                s.push_str(&child(len - 1));
            }
        }
        let body = s.get(hanging.len()..).unwrap_or("");
        format!("[{body}]")
    }
}

/// NumPy's `_extendLine`: start a new line when `word` would pass `width`,
/// unless the line holds nothing but its indent.
fn extend_line(s: &mut String, line: &mut String, word: &str, width: usize, indent: &str) {
    let needs_wrap = line.len() + word.len() > width && line.len() > indent.len();
    if needs_wrap {
        s.push_str(line.trim_end());
        s.push('\n');
        line.clear();
        line.push_str(indent);
    }
    line.push_str(word);
}

/// One element, widened so one formatter serves every dtype of a kind.
#[derive(Clone, Copy, Debug)]
enum Elem {
    Bool(bool),
    Int(i128),
    /// The exact value of the element (every float dtype widens exactly).
    Float(f64),
    Complex(f64, f64),
}

/// The floating-point dtypes, which differ in their shortest digits and in
/// where scientific notation starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FloatKind {
    BF16,
    F16,
    F32,
    F64,
}

impl FloatKind {
    /// `x` rounded to this dtype (how NumPy compares a Python float with an
    /// element of this dtype).
    fn round(self, x: f64) -> f64 {
        match self {
            FloatKind::BF16 => bf16::from_f64(x).to_f64(),
            FloatKind::F16 => f16::from_f64(x).to_f64(),
            FloatKind::F32 => x as f32 as f64,
            FloatKind::F64 => x,
        }
    }

    /// `10**min(8, finfo(dtype).precision)`: magnitudes from here on print in
    /// scientific notation.
    fn exp_cutoff(self) -> f64 {
        match self {
            FloatKind::BF16 => 1e2,
            FloatKind::F16 => 1e3,
            FloatKind::F32 => 1e6,
            FloatKind::F64 => 1e8,
        }
    }
}

/// Element types the printer knows.
trait PrintElement: Copy {
    /// The float kind of the element, or of its parts for complex numbers.
    const KIND: Option<FloatKind>;
    fn elem(self) -> Elem;
}

macro_rules! print_int {
    ($($t:ty),*) => {$(
        impl PrintElement for $t {
            const KIND: Option<FloatKind> = None;
            fn elem(self) -> Elem {
                Elem::Int(self as i128)
            }
        }
    )*};
}
print_int!(i8, i16, i32, i64, u8, u16, u32, u64);

impl PrintElement for bool {
    const KIND: Option<FloatKind> = None;
    fn elem(self) -> Elem {
        Elem::Bool(self)
    }
}

impl PrintElement for bf16 {
    const KIND: Option<FloatKind> = Some(FloatKind::BF16);
    fn elem(self) -> Elem {
        Elem::Float(self.to_f64())
    }
}

impl PrintElement for f16 {
    const KIND: Option<FloatKind> = Some(FloatKind::F16);
    fn elem(self) -> Elem {
        Elem::Float(self.to_f64())
    }
}

impl PrintElement for f32 {
    const KIND: Option<FloatKind> = Some(FloatKind::F32);
    fn elem(self) -> Elem {
        Elem::Float(sig_fig_f32(self) as f64)
    }
}

impl PrintElement for f64 {
    const KIND: Option<FloatKind> = Some(FloatKind::F64);
    fn elem(self) -> Elem {
        Elem::Float(sig_fig_f64(self))
    }
}

// Ivy leaves complex numbers unrounded.
impl PrintElement for Complex32 {
    const KIND: Option<FloatKind> = Some(FloatKind::F32);
    fn elem(self) -> Elem {
        Elem::Complex(self.re as f64, self.im as f64)
    }
}

impl PrintElement for Complex64 {
    const KIND: Option<FloatKind> = Some(FloatKind::F64);
    fn elem(self) -> Elem {
        Elem::Complex(self.re, self.im)
    }
}

/// Ivy's `vec_sig_fig` in float64 arithmetic: `round(x * mags) / mags` with
/// `mags = 10**(9 - floor(log10(|x|)))`, skipped where `mags` overflows.
fn sig_fig_f64(x: f64) -> f64 {
    if !x.is_finite() || x == 0.0 {
        return x;
    }
    let mags = 10f64.powf((SIG_FIGS - 1) as f64 - x.abs().log10().floor());
    if !mags.is_finite() || mags == 0.0 {
        return x;
    }
    let r = (x * mags).round_ties_even() / mags;
    if r.is_finite() { r } else { x }
}

/// Ivy's `vec_sig_fig` in float32 arithmetic, as NumPy computes it for a
/// float32 array.
fn sig_fig_f32(x: f32) -> f32 {
    if !x.is_finite() || x == 0.0 {
        return x;
    }
    let mags = 10f32.powf((SIG_FIGS - 1) as f32 - x.abs().log10().floor());
    if !mags.is_finite() || mags == 0.0 {
        return x;
    }
    let r = (x * mags).round_ties_even() / mags;
    if r.is_finite() { r } else { x }
}

/// The formatter of one array (NumPy's `BoolFormat`, `IntegerFormat`,
/// `FloatingFormat`, `ComplexFloatingFormat`).
enum ElementFormat {
    Bool { true_str: &'static str },
    Int { width: usize },
    Float(FloatFormat),
    Complex { re: FloatFormat, im: FloatFormat },
}

impl ElementFormat {
    /// The formatter for an array whose shown elements are `shown`.
    fn new(
        shown: &[Elem],
        kind: Option<FloatKind>,
        zero_dim: bool,
        precision: usize,
    ) -> ElementFormat {
        let kind = kind.unwrap_or(FloatKind::F64);
        match shown.first() {
            Some(Elem::Bool(_)) => ElementFormat::Bool {
                true_str: if zero_dim { "True" } else { " True" },
            },
            Some(Elem::Int(_)) => {
                let ints = shown.iter().filter_map(|e| match e {
                    Elem::Int(i) => Some(*i),
                    _ => None,
                });
                let (min, max) =
                    ints.fold((i128::MAX, i128::MIN), |(lo, hi), i| (lo.min(i), hi.max(i)));
                ElementFormat::Int {
                    width: min.to_string().len().max(max.to_string().len()),
                }
            }
            Some(Elem::Complex(..)) => {
                let (re, im): (Vec<f64>, Vec<f64>) = shown
                    .iter()
                    .filter_map(|e| match e {
                        Elem::Complex(r, i) => Some((*r, *i)),
                        _ => None,
                    })
                    .unzip();
                ElementFormat::Complex {
                    re: FloatFormat::new(kind, &re, precision, false),
                    im: FloatFormat::new(kind, &im, precision, true),
                }
            }
            Some(Elem::Float(_)) | None => {
                let values: Vec<f64> = shown
                    .iter()
                    .filter_map(|e| match e {
                        Elem::Float(x) => Some(*x),
                        _ => None,
                    })
                    .collect();
                ElementFormat::Float(FloatFormat::new(kind, &values, precision, false))
            }
        }
    }

    fn format(&self, e: Elem) -> String {
        match (self, e) {
            (ElementFormat::Bool { true_str }, Elem::Bool(b)) => {
                if b { true_str } else { "False" }.to_string()
            }
            (ElementFormat::Int { width }, Elem::Int(i)) => format!("{i:>width$}"),
            (ElementFormat::Float(ff), Elem::Float(x)) => ff.format(x),
            (ElementFormat::Complex { re, im }, Elem::Complex(r, i)) => {
                let r = re.format(r);
                let i = im.format(i);
                // The `j` goes before the padding of the imaginary part.
                let end = i.trim_end().len();
                format!("{r}{}j{}", &i[..end], &i[end..])
            }
            (_, other) => format!("{other:?}"),
        }
    }
}

/// NumPy's trimming modes for Dragon4 output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Trim {
    /// `'k'`: keep trailing zeros (padding to the precision).
    Keep,
    /// `'.'`: drop trailing zeros, keep the point.
    Dot,
}

/// NumPy's `FloatingFormat` in `floatmode="maxprec"`, `suppress=False`.
#[derive(Clone, Debug)]
struct FloatFormat {
    kind: FloatKind,
    exp_format: bool,
    precision: usize,
    min_digits: usize,
    trim: Trim,
    sign_plus: bool,
    pad_left: usize,
    pad_right: usize,
    exp_size: usize,
}

impl FloatFormat {
    /// NumPy's `fillFormat` over the shown values.
    fn new(kind: FloatKind, values: &[f64], precision: usize, sign_plus: bool) -> FloatFormat {
        let finite: Vec<f64> = values.iter().copied().filter(|x| x.is_finite()).collect();
        let mut ff = FloatFormat {
            kind,
            exp_format: false,
            precision,
            min_digits: 0,
            trim: Trim::Dot,
            sign_plus,
            pad_left: 0,
            pad_right: 0,
            exp_size: 0,
        };
        let nonzero = finite.iter().filter(|x| **x != 0.0).map(|x| x.abs());
        let range = nonzero.fold(None, |acc: Option<(f64, f64)>, a| match acc {
            None => Some((a, a)),
            Some((lo, hi)) => Some((lo.min(a), hi.max(a))),
        });
        if let Some((min, max)) = range {
            // NumPy compares in the array's dtype (Python floats are weak).
            ff.exp_format = max >= kind.exp_cutoff()
                || min < kind.round(1e-4)
                || kind.round(max / min) > 1000.0;
        }
        if finite.is_empty() {
            // Only nan and inf: nothing to measure.
        } else if ff.exp_format {
            let parts: Vec<Sci> = finite
                .iter()
                .map(|&x| scientific(kind, x, precision, 0, Trim::Dot, sign_plus, 0))
                .collect();
            ff.exp_size = parts
                .iter()
                .map(|p| p.exp.len())
                .max()
                .unwrap_or(1)
                .saturating_sub(1);
            ff.precision = parts.iter().map(|p| p.frac.len()).max().unwrap_or(0);
            ff.min_digits = ff.precision;
            ff.trim = Trim::Keep;
            ff.pad_left = parts.iter().map(|p| p.int.len()).max().unwrap_or(0);
            ff.pad_right = ff.exp_size + 2 + ff.precision;
        } else {
            let parts: Vec<(String, String)> = finite
                .iter()
                .map(|&x| positional(kind, x, precision, 0, Trim::Dot, sign_plus))
                .collect();
            ff.pad_left = parts.iter().map(|p| p.0.len()).max().unwrap_or(0);
            ff.pad_right = parts.iter().map(|p| p.1.len()).max().unwrap_or(0);
        }
        if finite.len() != values.len() {
            let neg_inf = sign_plus || values.iter().any(|x| x.is_infinite() && *x < 0.0);
            let offset = ff.pad_right + 1;
            let nan_len = "nan".len().saturating_sub(offset);
            let inf_len = ("inf".len() + usize::from(neg_inf)).saturating_sub(offset);
            ff.pad_left = ff.pad_left.max(nan_len).max(inf_len);
        }
        ff
    }

    fn format(&self, x: f64) -> String {
        if !x.is_finite() {
            let s = if x.is_nan() {
                if self.sign_plus { "+nan" } else { "nan" }
            } else if x < 0.0 {
                "-inf"
            } else if self.sign_plus {
                "+inf"
            } else {
                "inf"
            };
            let pad = (self.pad_left + self.pad_right + 1).saturating_sub(s.len());
            return format!("{}{s}", " ".repeat(pad));
        }
        if self.exp_format {
            let p = scientific(
                self.kind,
                x,
                self.precision,
                self.min_digits,
                self.trim,
                self.sign_plus,
                self.exp_size,
            );
            let pad = self.pad_left.saturating_sub(p.int.len());
            format!("{}{}.{}e{}", " ".repeat(pad), p.int, p.frac, p.exp)
        } else {
            let (int, frac) = positional(
                self.kind,
                x,
                self.precision,
                self.min_digits,
                self.trim,
                self.sign_plus,
            );
            let left = self.pad_left.saturating_sub(int.len());
            let right = self.pad_right.saturating_sub(frac.len());
            format!("{}{int}.{frac}{}", " ".repeat(left), " ".repeat(right))
        }
    }
}

/// A number in scientific form, split as NumPy's `fillFormat` splits it.
struct Sci {
    /// Sign and leading digit.
    int: String,
    /// Digits after the point.
    frac: String,
    /// Signed exponent, such as `-05`.
    exp: String,
}

fn sign_str(x: f64, sign_plus: bool) -> &'static str {
    if x.is_sign_negative() {
        "-"
    } else if sign_plus {
        "+"
    } else {
        ""
    }
}

/// NumPy's `dragon4_positional(x, precision, min_digits, unique=True,
/// fractional=True, trim)`, split at the point: the shortest digits that
/// round-trip in the dtype, rounded (half to even, on the exact value) to at
/// most `precision` and extended to at least `min_digits` fractional digits.
fn positional(
    kind: FloatKind,
    x: f64,
    precision: usize,
    min_digits: usize,
    trim: Trim,
    sign_plus: bool,
) -> (String, String) {
    let a = x.abs();
    let d = shortest(kind, a);
    let frac_len = d.frac_len();
    let (int, mut frac) = if frac_len > precision || frac_len < min_digits {
        let n = if frac_len > precision {
            precision
        } else {
            min_digits
        };
        let s = format!("{a:.n$}");
        match s.split_once('.') {
            Some((i, f)) => (i.to_string(), f.to_string()),
            None => (s, String::new()),
        }
    } else {
        d.positional_parts()
    };
    match trim {
        Trim::Dot => frac.truncate(frac.trim_end_matches('0').len()),
        Trim::Keep => {
            while frac.len() < precision {
                frac.push('0');
            }
        }
    }
    (format!("{}{int}", sign_str(x, sign_plus)), frac)
}

/// NumPy's `dragon4_scientific(x, precision, min_digits, unique=True, trim,
/// exp_digits)`: like [`positional`] with the digits counted after the first
/// significant one, and an exponent of at least `max(exp_digits, 2)` digits.
fn scientific(
    kind: FloatKind,
    x: f64,
    precision: usize,
    min_digits: usize,
    trim: Trim,
    sign_plus: bool,
    exp_digits: usize,
) -> Sci {
    let a = x.abs();
    let mut d = shortest(kind, a);
    let frac_len = d.digits.len().saturating_sub(1);
    if frac_len > precision || frac_len < min_digits {
        let n = if frac_len > precision {
            precision
        } else {
            min_digits
        };
        d = Decimal::parse_sci(&format!("{a:.n$e}"));
    }
    let first = d.digits.first().copied().unwrap_or(b'0') as char;
    let mut frac: String = d.digits.iter().skip(1).map(|&c| c as char).collect();
    match trim {
        Trim::Dot => frac.truncate(frac.trim_end_matches('0').len()),
        Trim::Keep => {
            while frac.len() < precision {
                frac.push('0');
            }
        }
    }
    let width = exp_digits.max(2);
    let esign = if d.exp < 0 { '-' } else { '+' };
    Sci {
        int: format!("{}{first}", sign_str(x, sign_plus)),
        frac,
        exp: format!("{esign}{:0width$}", d.exp.unsigned_abs()),
    }
}

/// A decimal `d1.d2d3... * 10**exp`; `digits` are ASCII digits, the first
/// non-zero unless the number is zero.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Decimal {
    digits: Vec<u8>,
    exp: i32,
}

impl Decimal {
    fn zero() -> Decimal {
        Decimal {
            digits: vec![b'0'],
            exp: 0,
        }
    }

    /// Parse Rust's `{:e}` output (`1.25e-7`, `3e0`).
    fn parse_sci(s: &str) -> Decimal {
        let (mantissa, exp) = s.split_once('e').unwrap_or((s, "0"));
        let digits: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).collect();
        if digits.is_empty() {
            return Decimal::zero();
        }
        Decimal {
            digits,
            exp: exp.parse().unwrap_or(0),
        }
    }

    fn digits_str(&self) -> String {
        self.digits.iter().map(|&c| c as char).collect()
    }

    /// Number of digits after the point in positional form.
    fn frac_len(&self) -> usize {
        (self.digits.len() as i64 - 1 - self.exp as i64).max(0) as usize
    }

    /// Integer and fractional digits in positional form.
    fn positional_parts(&self) -> (String, String) {
        let digits = self.digits_str();
        if self.exp < 0 {
            let zeros = "0".repeat((-self.exp - 1) as usize);
            ("0".to_string(), format!("{zeros}{digits}"))
        } else {
            let int_len = self.exp as usize + 1;
            if digits.len() <= int_len {
                (
                    format!("{digits}{}", "0".repeat(int_len - digits.len())),
                    String::new(),
                )
            } else {
                let (i, f) = digits.split_at(int_len);
                (i.to_string(), f.to_string())
            }
        }
    }

    fn to_f64(&self) -> f64 {
        let digits = self.digits_str();
        let (first, rest) = digits.split_at(1.min(digits.len()));
        format!("{first}.{rest}0e{}", self.exp)
            .parse()
            .unwrap_or(f64::NAN)
    }

    /// The decimal one unit of the last digit above (`up`) or below.
    fn step(&self, up: bool) -> Decimal {
        let mut digits = self.digits.clone();
        let mut exp = self.exp;
        let mut i = digits.len();
        loop {
            if i == 0 {
                // Carried out of the first digit: 9.99 -> 10.0 = 1.00e+1.
                digits.insert(0, b'1');
                digits.pop();
                exp += 1;
                break;
            }
            i -= 1;
            if up {
                if digits[i] == b'9' {
                    digits[i] = b'0';
                } else {
                    digits[i] += 1;
                    break;
                }
            } else if digits[i] == b'0' {
                digits[i] = b'9';
            } else {
                digits[i] -= 1;
                break;
            }
        }
        if digits.first() == Some(&b'0') && digits.len() > 1 {
            // Borrowed from the first digit: 1.00 -> 0.99 = 9.90e-1.
            digits.remove(0);
            digits.push(b'0');
            exp -= 1;
        }
        Decimal { digits, exp }
    }
}

/// The shortest decimal that rounds back to `a` (finite, not negative) in the
/// dtype `kind`, the closest one when several have as few digits.
fn shortest(kind: FloatKind, a: f64) -> Decimal {
    if a == 0.0 || !a.is_finite() {
        return Decimal::zero();
    }
    match kind {
        FloatKind::F64 => Decimal::parse_sci(&format!("{a:e}")),
        FloatKind::F32 => Decimal::parse_sci(&format!("{:e}", a as f32)),
        FloatKind::F16 | FloatKind::BF16 => shortest_half(kind, a),
    }
}

/// [`shortest`] for the 16-bit floats: try 1, 2, ... significant digits,
/// taking the correctly rounded decimal or, failing that, its neighbour on
/// the other side of `a`, as soon as one lies in `a`'s rounding interval.
fn shortest_half(kind: FloatKind, a: f64) -> Decimal {
    let (bits, to_f64): (u16, fn(u16) -> f64) = match kind {
        FloatKind::BF16 => (bf16::from_f64(a).to_bits(), |b| bf16::from_bits(b).to_f64()),
        _ => (f16::from_f64(a).to_bits(), |b| f16::from_bits(b).to_f64()),
    };
    let down = if bits == 0 { 0.0 } else { to_f64(bits - 1) };
    let up_raw = to_f64(bits.wrapping_add(1));
    // Past the largest finite value, the next step keeps the same spacing.
    let up = if up_raw.is_finite() {
        up_raw
    } else {
        a + (a - down)
    };
    let lo = a - (a - down) / 2.0;
    let hi = a + (up - a) / 2.0;
    // Ties round to the even bit pattern, so even values own their bounds.
    let inclusive = bits % 2 == 0;
    let rounds_to_a = |v: f64| {
        if inclusive {
            lo <= v && v <= hi
        } else {
            lo < v && v < hi
        }
    };
    for n in 0..17 {
        let d = Decimal::parse_sci(&format!("{a:.n$e}"));
        let v = d.to_f64();
        if rounds_to_a(v) {
            return trimmed(d);
        }
        let other = d.step(v < a);
        if rounds_to_a(other.to_f64()) {
            return trimmed(other);
        }
    }
    Decimal::parse_sci(&format!("{a:e}"))
}

fn trimmed(mut d: Decimal) -> Decimal {
    while d.digits.len() > 1 && d.digits.last() == Some(&b'0') {
        d.digits.pop();
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Array;

    fn arr<T: crate::Element>(shape: &[usize], v: Vec<T>) -> Array {
        match Array::from_shape_vec(shape.to_vec(), v) {
            Ok(a) => a,
            Err(e) => panic!("bad test array: {e}"),
        }
    }

    fn f64s(v: &[f64]) -> String {
        Array::from_vec(v.to_vec()).to_string()
    }

    fn f32s(v: &[f32]) -> String {
        Array::from_vec(v.to_vec()).to_string()
    }

    #[test]
    fn format_float_is_python_repr() {
        let cases: &[(f64, &str)] = &[
            (1.0, "1.0"),
            (0.1, "0.1"),
            (-2.5, "-2.5"),
            (0.1 + 0.2, "0.30000000000000004"),
            (1e16, "1e+16"),
            (1e15, "1000000000000000.0"),
            (123456789.123, "123456789.123"),
            (1e-5, "1e-05"),
            (1.5e-5, "1.5e-05"),
            (0.0001, "0.0001"),
            (1.5e300, "1.5e+300"),
            (1.2345678901234568e17, "1.2345678901234568e+17"),
            (5e-324, "5e-324"),
            (0.0, "0.0"),
            (-0.0, "-0.0"),
            (f64::NAN, "nan"),
            (f64::INFINITY, "inf"),
            (f64::NEG_INFINITY, "-inf"),
            (f64::MAX, "1.7976931348623157e+308"),
            (100.0, "100.0"),
        ];
        for (x, want) in cases {
            assert_eq!(format_float(*x), *want, "repr({x:e})");
        }
    }

    #[test]
    fn one_dimensional_floats() {
        assert_eq!(f64s(&[1.0, 2.0]), "ivy.array([1., 2.])");
        assert_eq!(f64s(&[1.5, 2.0, 3.0]), "ivy.array([1.5, 2. , 3. ])");
        assert_eq!(
            f64s(&[0.0, 0.25, 0.5, 0.75, 1.0]),
            "ivy.array([0.  , 0.25, 0.5 , 0.75, 1.  ])"
        );
        assert_eq!(f64s(&[-1.5, 2.0]), "ivy.array([-1.5,  2. ])");
        assert_eq!(
            f64s(&[-1.25, 10.5, 100.0]),
            "ivy.array([ -1.25,  10.5 , 100.  ])"
        );
        assert_eq!(
            f64s(&[1.0 / 3.0, 2.0 / 3.0]),
            "ivy.array([0.33333333, 0.66666667])"
        );
        assert_eq!(f64s(&[0.001953125]), "ivy.array([0.00195312])");
        assert_eq!(f64s(&[1e7]), "ivy.array([10000000.])");
        assert_eq!(f64s(&[1.0, 1000.0]), "ivy.array([   1., 1000.])");
        assert_eq!(f32s(&[0.1, 0.2, 0.3]), "ivy.array([0.1, 0.2, 0.3])");
        assert_eq!(f32s(&[3.3, -7.25]), "ivy.array([ 3.3 , -7.25])");
        assert_eq!(f32s(&[std::f32::consts::PI]), "ivy.array([3.1415927])");
    }

    #[test]
    fn negative_zero() {
        assert_eq!(f64s(&[-0.0, 0.0]), "ivy.array([-0.,  0.])");
        assert_eq!(Array::scalar(-0.0f64).to_string(), "ivy.array(-0.)");
    }

    #[test]
    fn nan_and_inf() {
        assert_eq!(
            f64s(&[1.0, f64::NAN, f64::INFINITY]),
            "ivy.array([ 1., nan, inf])"
        );
        assert_eq!(f64s(&[f64::NEG_INFINITY, 1.5]), "ivy.array([-inf,  1.5])");
        assert_eq!(f64s(&[1.5, f64::NAN]), "ivy.array([1.5, nan])");
        assert_eq!(f64s(&[f64::NAN, f64::INFINITY]), "ivy.array([nan, inf])");
        assert_eq!(
            f64s(&[f64::NAN, f64::NEG_INFINITY]),
            "ivy.array([ nan, -inf])"
        );
        assert_eq!(f64s(&[1e-5, f64::NAN]), "ivy.array([1.e-05,    nan])");
        assert_eq!(Array::scalar(f64::NAN).to_string(), "ivy.array(nan)");
        assert_eq!(
            Array::scalar(f64::NEG_INFINITY).to_string(),
            "ivy.array(-inf)"
        );
    }

    #[test]
    fn scientific_notation() {
        assert_eq!(f64s(&[1e-5, 1.0]), "ivy.array([1.e-05, 1.e+00])");
        assert_eq!(f64s(&[1e10]), "ivy.array([1.e+10])");
        assert_eq!(f64s(&[1e8]), "ivy.array([1.e+08])");
        assert_eq!(f64s(&[1.0, 1001.0]), "ivy.array([1.000e+00, 1.001e+03])");
        assert_eq!(
            f64s(&[0.1, 123456.0]),
            "ivy.array([1.00000e-01, 1.23456e+05])"
        );
        assert_eq!(f64s(&[1e-100, 1.0]), "ivy.array([1.e-100, 1.e+000])");
        assert_eq!(f64s(&[0.0, 1e-5]), "ivy.array([0.e+00, 1.e-05])");
        assert_eq!(f64s(&[-1e-5, 2.5e-5]), "ivy.array([-1.0e-05,  2.5e-05])");
        assert_eq!(
            f64s(&[1.0 / 3.0, 1e-5]),
            "ivy.array([3.33333333e-01, 1.00000000e-05])"
        );
        // float32 switches at 1e6 (NumPy 2.3+), and extra digits are the
        // exact ones of the float32 value.
        assert_eq!(f32s(&[1e6]), "ivy.array([1.e+06])");
        assert_eq!(f32s(&[999999.0]), "ivy.array([999999.])");
        assert_eq!(
            f32s(&[1e-5, 1.2345678e-5]),
            "ivy.array([9.9999997e-06, 1.2345678e-05])"
        );
        // The 1e-4 bound is compared in the dtype: float32(1e-4) is not below it.
        assert_eq!(f32s(&[1e-4]), "ivy.array([0.0001])");
        assert_eq!(f64s(&[1e-4]), "ivy.array([0.0001])");
        assert_eq!(f64s(&[9.9e-5]), "ivy.array([9.9e-05])");
    }

    #[test]
    fn zero_dimensional() {
        assert_eq!(Array::scalar(5i64).to_string(), "ivy.array(5)");
        assert_eq!(Array::scalar(-3i8).to_string(), "ivy.array(-3)");
        assert_eq!(Array::scalar(1.5f32).to_string(), "ivy.array(1.5)");
        assert_eq!(Array::scalar(2.0f64).to_string(), "ivy.array(2.)");
        assert_eq!(Array::scalar(1e-5f64).to_string(), "ivy.array(1.e-05)");
        assert_eq!(Array::scalar(true).to_string(), "ivy.array(True)");
        assert_eq!(Array::scalar(false).to_string(), "ivy.array(False)");
        assert_eq!(
            Array::scalar(Complex64::new(1.0, 2.0)).to_string(),
            "ivy.array(1.+2.j)"
        );
    }

    #[test]
    fn integers() {
        assert_eq!(
            Array::from_vec(vec![1i32, 2, 3]).to_string(),
            "ivy.array([1, 2, 3])"
        );
        assert_eq!(
            Array::from_vec(vec![0u8, 255]).to_string(),
            "ivy.array([  0, 255])"
        );
        assert_eq!(
            Array::from_vec(vec![-128i8, 5]).to_string(),
            "ivy.array([-128,    5])"
        );
        assert_eq!(
            Array::from_vec(vec![-5i16, 10]).to_string(),
            "ivy.array([-5, 10])"
        );
        assert_eq!(
            Array::from_vec(vec![u64::MAX, 0]).to_string(),
            "ivy.array([18446744073709551615,                    0])"
        );
        assert_eq!(
            Array::from_vec(vec![i64::MIN]).to_string(),
            "ivy.array([-9223372036854775808])"
        );
        assert_eq!(
            Array::from_vec(vec![7u32, 70000]).to_string(),
            "ivy.array([    7, 70000])"
        );
        assert_eq!(Array::from_vec(vec![1u16]).to_string(), "ivy.array([1])");
    }

    #[test]
    fn bools() {
        assert_eq!(
            Array::from_vec(vec![true, false]).to_string(),
            "ivy.array([ True, False])"
        );
        assert_eq!(
            Array::from_vec(vec![true, true]).to_string(),
            "ivy.array([ True,  True])"
        );
        assert_eq!(
            arr(&[2, 2], vec![false, true, true, false]).to_string(),
            "ivy.array([[False,  True],\n           [ True, False]])"
        );
    }

    #[test]
    fn complex() {
        let c = |v: &[(f64, f64)]| {
            Array::from_vec(
                v.iter()
                    .map(|&(r, i)| Complex64::new(r, i))
                    .collect::<Vec<_>>(),
            )
            .to_string()
        };
        assert_eq!(c(&[(1.0, 2.0), (3.0, -4.0)]), "ivy.array([1.+2.j, 3.-4.j])");
        assert_eq!(
            c(&[(1.0, 2.5), (1.0, 2.0)]),
            "ivy.array([1.+2.5j, 1.+2.j ])"
        );
        assert_eq!(c(&[(0.0, 0.0)]), "ivy.array([0.+0.j])");
        assert_eq!(
            c(&[(-1.5, 0.0), (2.0, -0.0)]),
            "ivy.array([-1.5+0.j,  2. -0.j])"
        );
        assert_eq!(
            c(&[(f64::NAN, 1.0), (1.0, 1.0)]),
            "ivy.array([nan+1.j,  1.+1.j])"
        );
        assert_eq!(c(&[(1.0, f64::INFINITY)]), "ivy.array([1.+infj])");
        assert_eq!(
            c(&[(1.0, 1e-5), (2.0, 1.0)]),
            "ivy.array([1.+1.e-05j, 2.+1.e+00j])"
        );
        let c32 = Array::from_vec(vec![Complex32::new(0.5, -1.5)]);
        assert_eq!(c32.to_string(), "ivy.array([0.5-1.5j])");
    }

    #[test]
    fn half_floats_print_their_own_shortest_digits() {
        let h = |v: &[f32]| {
            Array::from_vec(v.iter().map(|&x| f16::from_f32(x)).collect::<Vec<_>>()).to_string()
        };
        assert_eq!(h(&[0.1, 0.2]), "ivy.array([0.1, 0.2])");
        assert_eq!(h(&[std::f32::consts::PI]), "ivy.array([3.14])");
        assert_eq!(h(&[1000.0]), "ivy.array([1.e+03])");
        assert_eq!(h(&[999.0, 1.5]), "ivy.array([999. ,   1.5])");
        assert_eq!(h(&[65504.0]), "ivy.array([6.55e+04])");
        let b = |v: &[f32]| {
            Array::from_vec(v.iter().map(|&x| bf16::from_f32(x)).collect::<Vec<_>>()).to_string()
        };
        assert_eq!(b(&[0.1, 1.5]), "ivy.array([0.1, 1.5])");
        assert_eq!(b(&[3.0, 100.0]), "ivy.array([3.e+00, 1.e+02])");
    }

    #[test]
    fn every_f16_and_bf16_shortest_round_trips_and_is_shortest() {
        for bits in 1..0x7c00u16 {
            let a = f16::from_bits(bits).to_f64();
            let d = shortest(FloatKind::F16, a);
            assert_eq!(f16::from_f64(d.to_f64()).to_bits(), bits, "f16 {a}");
            if d.digits.len() > 1 {
                let shorter = Decimal::parse_sci(&format!("{a:.*e}", d.digits.len() - 2));
                for cand in [shorter.clone(), shorter.step(true), shorter.step(false)] {
                    assert_ne!(
                        f16::from_f64(cand.to_f64()).to_bits(),
                        bits,
                        "f16 {a} has a shorter form"
                    );
                }
            }
        }
        for bits in 1..0x7f80u16 {
            let a = bf16::from_bits(bits).to_f64();
            let d = shortest(FloatKind::BF16, a);
            assert_eq!(
                bf16::from_f32(d.to_f64() as f32).to_bits(),
                bits,
                "bf16 {a}"
            );
        }
    }

    #[test]
    fn two_and_three_dimensions() {
        assert_eq!(
            arr(&[2, 2], vec![1.0f32, 2.0, 3.0, 4.0]).to_string(),
            "ivy.array([[1., 2.],\n           [3., 4.]])"
        );
        assert_eq!(
            arr(&[2, 2], vec![1i64, -2, 30, 4]).to_string(),
            "ivy.array([[ 1, -2],\n           [30,  4]])"
        );
        assert_eq!(
            arr(&[2, 2, 2], (0..8i64).collect()).to_string(),
            "ivy.array([[[0, 1],\n            [2, 3]],\n\n           [[4, 5],\n            [6, 7]]])"
        );
        assert_eq!(
            arr(&[1, 1, 1, 2], vec![1i32, 2]).to_string(),
            "ivy.array([[[[1, 2]]]])"
        );
        assert_eq!(
            arr(&[2, 1, 1, 1], vec![1i32, 2]).to_string(),
            "ivy.array([[[[1]]],\n\n\n           [[[2]]]])"
        );
        assert_eq!(
            arr(&[1, 3], vec![0.5f64, 1.0, 2.0]).to_string(),
            "ivy.array([[0.5, 1. , 2. ]])"
        );
    }

    #[test]
    fn empty_arrays() {
        assert_eq!(
            Array::from_vec(Vec::<f32>::new()).to_string(),
            "ivy.array([])"
        );
        assert_eq!(
            Array::from_vec(Vec::<bool>::new()).to_string(),
            "ivy.array([])"
        );
        assert_eq!(
            arr(&[0, 3], Vec::<f64>::new()).to_string(),
            "ivy.array([], shape=(0, 3))"
        );
        assert_eq!(
            arr(&[2, 0], Vec::<i64>::new()).to_string(),
            "ivy.array([], shape=(2, 0))"
        );
    }

    #[test]
    fn long_rows_wrap_at_75_columns() {
        let x = Array::from_vec((0..30i64).collect());
        assert_eq!(
            x.to_string(),
            "ivy.array([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15,\n           \
             16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29])"
        );
        let y = Array::from_vec((0..12).map(|i| i as f64 / 8.0).collect());
        assert_eq!(
            y.to_string(),
            "ivy.array([0.   , 0.125, 0.25 , 0.375, 0.5  , 0.625, 0.75 , 0.875, 1.   ,\n           \
             1.125, 1.25 , 1.375])"
        );
        for line in x.to_string().lines().chain(y.to_string().lines()) {
            assert!(line.len() <= LINE_WIDTH, "{line:?}");
        }
        // Rows of a 2-d array wrap with one more column of indent.
        let z = arr(&[2, 20], (0..40i64).map(|i| i * 10).collect());
        assert_eq!(
            z.to_string(),
            "ivy.array([[  0,  10,  20,  30,  40,  50,  60,  70,  80,  90, 100, 110,\n            \
             120, 130, 140, 150, 160, 170, 180, 190],\n           \
             [200, 210, 220, 230, 240, 250, 260, 270, 280, 290, 300, 310,\n            \
             320, 330, 340, 350, 360, 370, 380, 390]])"
        );
    }

    #[test]
    fn summarised_arrays() {
        let x = Array::from_vec((0..2000i64).collect());
        assert_eq!(
            x.to_string(),
            "ivy.array([   0,    1,    2, ..., 1997, 1998, 1999], shape=(2000,))"
        );
        // 1000 elements are printed in full, 1001 are not.
        assert!(!Array::from_vec(vec![0u8; 1000]).to_string().contains("..."));
        assert_eq!(
            Array::from_vec(vec![0u8; 1001]).to_string(),
            "ivy.array([0, 0, 0, ..., 0, 0, 0], shape=(1001,))"
        );
        let z = arr(&[100, 100], vec![0.0f64; 10000]);
        let row = "[0., 0., 0., ..., 0., 0., 0.]";
        let ind = " ".repeat(11);
        let want = format!(
            "ivy.array([{row},\n{ind}{row},\n{ind}{row},\n{ind}...,\n{ind}{row},\n{ind}{row},\n{ind}{row}], shape=(100, 100))"
        );
        assert_eq!(z.to_string(), want);
        let t = arr(&[7, 1, 150], vec![0i32; 1050]);
        let blk = "[[0, 0, 0, ..., 0, 0, 0]]";
        let want = format!(
            "ivy.array([{blk},\n\n{ind}{blk},\n\n{ind}{blk},\n\n{ind}...,\n\n{ind}{blk},\n\n{ind}{blk},\n\n{ind}{blk}], shape=(7, 1, 150))"
        );
        assert_eq!(t.to_string(), want);
        // The width comes from the shown elements only.
        let mut v = vec![0i64; 1001];
        v[500] = 1_000_000;
        assert_eq!(
            Array::from_vec(v).to_string(),
            "ivy.array([0, 0, 0, ..., 0, 0, 0], shape=(1001,))"
        );
        // `{:#}` prints everything.
        let full = format!("{:#}", Array::from_vec(vec![0u8; 1001]));
        assert!(!full.contains("...") && !full.contains("shape"));
        assert_eq!(full.matches('0').count(), 1001);
    }

    #[test]
    fn shape_goes_on_a_new_line_when_the_last_line_is_full() {
        let v: Vec<u64> = (0..1001u64).map(|i| i * 10_000_000_000_000_000).collect();
        let s = Array::from_vec(v).to_string();
        let last = s.lines().last().unwrap_or("");
        assert!(s.lines().all(|l| l.len() <= LINE_WIDTH), "{s}");
        let before = s.lines().rev().nth(1).unwrap_or("");
        if before.len() + " shape=(1001,))".len() > LINE_WIDTH {
            assert_eq!(last, "          shape=(1001,))");
        } else {
            assert!(last.ends_with(", shape=(1001,))"));
        }
    }

    #[test]
    fn precision_flag_sets_numpy_precision() {
        let x = Array::from_vec(vec![1.23456f64, 2.0]);
        assert_eq!(format!("{x:.3}"), "ivy.array([1.235, 2.   ])");
        assert_eq!(format!("{x:.0}"), "ivy.array([1., 2.])");
        let y = Array::from_vec(vec![1.0f64 / 3.0, 1e-5]);
        assert_eq!(format!("{y:.2}"), "ivy.array([3.33e-01, 1.00e-05])");
    }

    #[test]
    fn ivy_rounds_to_ten_significant_figures_first() {
        assert_eq!(f64s(&[123456.789012345]), "ivy.array([123456.789])");
        assert_eq!(f64s(&[0.1 + 0.2]), "ivy.array([0.3])");
        assert_eq!(sig_fig_f64(1.23456789012345), 1.23456789);
        assert_eq!(sig_fig_f64(-9.87654321098e-7), -9.876543211e-7);
        // Where Ivy's own arithmetic would overflow, the value is kept.
        assert_eq!(sig_fig_f64(1e-305), 1e-305);
        assert_eq!(f64s(&[1e-305]), "ivy.array([1.e-305])");
    }

    #[test]
    fn display_never_panics_on_odd_shapes() {
        for dims in [
            vec![0usize],
            vec![0, 0],
            vec![1],
            vec![1, 1, 1],
            vec![3, 0, 2],
        ] {
            let n: usize = dims.iter().product();
            let s = arr(&dims, vec![1.5f32; n]).to_string();
            assert!(s.starts_with("ivy.array("), "{s}");
        }
    }
}
