//! Printing a [`Container`] as Ivy's `Container.__repr__` does (the
//! `Display` impl, whose docs describe the layout), the [`PrintLeaf`] trait
//! for leaves, and the print-configuration setters (`cont_with_print_limit`,
//! ...).

use super::{Config, Container, ContainerRef, EntryRef, split_key_chain};
use crate::array::{Array, format_float};
use crate::device::Device;
use crate::dtype::Dtype;
use crate::error::{Error, Result};
use crate::nest::Nest;
use crate::scalar::Scalar;
use crate::shape::Shape;
use std::fmt;

/// The Python class Ivy names for an array leaf too large to print
/// (`type(ivy.Array)`), kept so container texts compare with Ivy's.
pub const ARRAY_CLASS: &str = "<class ivy.data_classes.array.array.Array>";

/// A value that can be a leaf of a printed [`Container`].
///
/// `print_leaf` writes the leaf's text, which starts at
/// [`LeafPrinter::column`] (just after `key: `); a leaf of several lines
/// starts each further line with [`LeafPrinter::new_line`].
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::container::{LeafPrinter, PrintLeaf};
/// struct Point(i32, i32);
/// impl PrintLeaf for Point {
///     fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
///         p.write_str(&format!("({}, {})", self.0, self.1));
///     }
/// }
/// let c = ivy::Container::from_key_chains([("p", Point(1, 2))])?;
/// assert_eq!(c.to_string(), "{\n    p: (1, 2)\n}");
/// # Ok::<(), ivy::Error>(())
/// ```
pub trait PrintLeaf {
    /// Write this leaf.
    fn print_leaf(&self, p: &mut LeafPrinter<'_>);

    /// Write a `Vec` (or slice) of these leaves. The default is a JSON list,
    /// one item a line (`[]` when empty), as Ivy prints a list leaf; arrays
    /// override it with Ivy's one-line summary.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("f", vec![1, 2])])?;
    /// assert_eq!(c.to_string(), "{\n    f: [\n        1,\n        2\n    ]\n}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    fn print_list(items: &[Self], p: &mut LeafPrinter<'_>)
    where
        Self: Sized,
    {
        p.json_list(items.len(), |i, p| items[i].print_leaf(p));
    }
}

/// Where and how a leaf prints: handed to [`PrintLeaf::print_leaf`].
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::container::{LeafPrinter, PrintLeaf};
/// struct Two;
/// impl PrintLeaf for Two {
///     fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
///         let col = p.column();
///         p.write_str("first");
///         p.new_line(col);
///         p.write_str("second");
///     }
/// }
/// let c = ivy::Container::from_key_chains([("ab", Two)])?;
/// assert_eq!(c.to_string(), "{\n    ab: first\n        second\n}");
/// # Ok::<(), ivy::Error>(())
/// ```
pub struct LeafPrinter<'a> {
    out: &'a mut String,
    column: usize,
    line_indent: usize,
    style: Style,
    print_limit: Option<usize>,
}

/// The settings of the outermost container, which govern the whole text.
#[derive(Clone, Copy)]
struct Style {
    indent: usize,
    spacing: usize,
    key_length_limit: Option<usize>,
}

impl LeafPrinter<'_> {
    /// Append text (which should hold no newline: use
    /// [`new_line`](Self::new_line)).
    pub fn write_str(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// The column (0-based, in characters) at which the leaf's text starts.
    pub fn column(&self) -> usize {
        self.column
    }

    /// The indentation of the line that holds the leaf's key.
    pub fn line_indent(&self) -> usize {
        self.line_indent
    }

    /// Spaces per level (the outermost container's `print_indent`).
    pub fn indent(&self) -> usize {
        self.style.indent
    }

    /// The `print_limit` of the container holding the leaf: arrays of more
    /// elements print as their type and shape.
    pub fn print_limit(&self) -> Option<usize> {
        self.print_limit
    }

    /// End the line and indent the next one by `column` spaces.
    pub fn new_line(&mut self, column: usize) {
        self.out.push('\n');
        push_spaces(self.out, column);
    }

    /// Write a JSON list of `len` items, one a line, one level deeper than
    /// this leaf's key (`[]` when empty); `item(i, p)` writes the `i`th.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::container::{LeafPrinter, PrintLeaf};
    /// struct Pair(u8, u8);
    /// impl PrintLeaf for Pair {
    ///     fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
    ///         let v = [self.0, self.1];
    ///         p.json_list(2, |i, p| v[i].print_leaf(p));
    ///     }
    /// }
    /// let c = ivy::Container::from_key_chains([("p", Pair(3, 4))])?;
    /// assert_eq!(c.to_string(), "{\n    p: [\n        3,\n        4\n    ]\n}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn json_list(&mut self, len: usize, mut item: impl FnMut(usize, &mut LeafPrinter<'_>)) {
        if len == 0 {
            self.out.push_str("[]");
            return;
        }
        self.out.push('[');
        let inner = self.line_indent + self.style.indent;
        for i in 0..len {
            self.new_line(inner);
            let mut p = LeafPrinter {
                out: self.out,
                column: inner,
                line_indent: inner,
                style: self.style,
                print_limit: self.print_limit,
            };
            item(i, &mut p);
            if i + 1 < len {
                self.out.push(',');
            }
        }
        self.new_line(self.line_indent);
        self.out.push(']');
    }

    /// Write a JSON object of `(key, value)` entries laid out like a
    /// sub-container (keys trimmed and spaced as the container's).
    fn json_dict<'k, V: PrintLeaf + 'k>(
        &mut self,
        entries: impl ExactSizeIterator<Item = (&'k str, &'k V)>,
    ) {
        let n = entries.len();
        if n == 0 {
            self.out.push_str("{}");
            return;
        }
        self.out.push('{');
        let inner = self.line_indent + self.style.indent;
        for (i, (k, v)) in entries.enumerate() {
            let column = self.style.key_line(self.out, inner, k);
            let mut p = LeafPrinter {
                out: self.out,
                column,
                line_indent: inner,
                style: self.style,
                print_limit: self.print_limit,
            };
            v.print_leaf(&mut p);
            if i + 1 < n {
                self.out.push(',');
            }
        }
        self.new_line(self.line_indent);
        self.out.push('}');
    }
}

fn push_spaces(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}

impl Style {
    /// Start the line of an entry: newline, the blank lines of
    /// `print_line_spacing`, indentation and `key: `. Returns the column
    /// where the value starts.
    fn key_line(&self, out: &mut String, line_indent: usize, key: &str) -> usize {
        out.push('\n');
        out.extend(std::iter::repeat_n('\n', self.spacing));
        push_spaces(out, line_indent);
        let key = match self.key_length_limit {
            Some(limit) => trim_key(key, limit),
            None => key.to_string(),
        };
        out.push_str(&key);
        out.push_str(": ");
        line_indent + key.chars().count() + 2
    }
}

/// Ivy's `cont_trim_key`: the characters at indices
/// `round((len - 1) / (max_length - 1) * i)` for `i` in `0..max_length`
/// (NumPy's round, half to even).
fn trim_key(key: &str, max_length: usize) -> String {
    let chars: Vec<char> = key.chars().collect();
    let len = chars.len();
    if len <= max_length {
        return key.to_string();
    }
    if max_length <= 1 {
        // Ivy divides by zero here; one character means the first.
        return chars.iter().take(max_length).collect();
    }
    let step = (len - 1) as f64 / (max_length - 1) as f64;
    (0..max_length)
        .map(|i| {
            let idx = (step * i as f64).round_ties_even() as usize;
            chars[idx.min(len - 1)]
        })
        .collect()
}

/// The line range `[start, end)` of the highlighted entry, while rendering.
struct Highlight<'t> {
    target: Vec<&'t str>,
    lines: Option<(usize, usize)>,
}

fn count_lines(s: &str) -> usize {
    s.bytes().filter(|&b| b == b'\n').count()
}

/// The whole text of `c`, whose config governs indentation, spacing and key
/// trimming (as the outermost container's does in Ivy).
fn render<L: PrintLeaf>(c: &Container<L>, highlight: Option<&mut Highlight<'_>>) -> String {
    let style = Style {
        indent: c.config.print_indent,
        spacing: c.config.print_line_spacing,
        key_length_limit: c.config.key_length_limit,
    };
    let mut out = String::new();
    if c.is_empty() {
        out.extend(std::iter::repeat_n('\n', style.spacing));
        out.push_str("{}");
        return out;
    }
    write_container(&mut out, c.view(), 0, style, true, highlight, 0);
    out
}

fn write_container<L: PrintLeaf>(
    out: &mut String,
    c: ContainerRef<'_, L>,
    line_indent: usize,
    style: Style,
    root: bool,
    mut highlight: Option<&mut Highlight<'_>>,
    depth: usize,
) {
    if c.is_empty() {
        out.push_str("{}");
        return;
    }
    out.push('{');
    let inner = line_indent + style.indent;
    let n = c.len();
    for (i, (k, e)) in c.iter().enumerate() {
        // Is this entry the highlighted one, or on the way to it?
        let on_path = highlight
            .as_deref()
            .is_some_and(|h| h.target.get(depth) == Some(&k));
        let is_target = on_path
            && highlight
                .as_deref()
                .is_some_and(|h| h.target.len() == depth + 1);
        let start = if is_target {
            count_lines(out) + 1 + style.spacing
        } else {
            0
        };
        let column = style.key_line(out, inner, k);
        match e {
            EntryRef::Leaf(l) => {
                let mut p = LeafPrinter {
                    out,
                    column,
                    line_indent: inner,
                    style,
                    print_limit: c.config.print_limit,
                };
                l.print_leaf(&mut p);
            }
            EntryRef::Container(s) => {
                let h = if on_path && !is_target {
                    highlight.as_deref_mut()
                } else {
                    None
                };
                write_container(out, s, inner, style, false, h, depth + 1);
            }
        }
        if i + 1 < n {
            out.push(',');
        }
        if is_target && let Some(h) = highlight.as_deref_mut() {
            h.lines = Some((start, count_lines(out) + 1));
        }
    }
    out.push('\n');
    if root {
        out.extend(std::iter::repeat_n('\n', style.spacing));
    }
    push_spaces(out, line_indent);
    out.push('}');
}

/// Prints the container as Ivy's `__repr__` does. This container's
/// [`Config`] sets the indentation, line spacing and key length limit of the
/// whole text; each sub-container's own `print_limit` decides which of its
/// arrays print in full.
///
/// Ivy's text is `json.dumps(..., indent=print_indent)` of the container with
/// the quotes taken out, `true`/`false` written `True`/`False`, keys
/// shortened by [`Container::cont_trim_key`], blank lines added by
/// `print_line_spacing`, and multi-line arrays re-aligned under their opening
/// bracket. This impl writes the same text directly:
///
/// ```text
/// {
///     a: ivy.array([1, 2, 3]),
///     b: {
///         c: ivy.array([[1., 2.],·
///                       [3., 4.]]),
///         d: ivy.array(5)
///     }
/// }
/// ```
///
/// (`·` marks the trailing space Ivy leaves after the comma of each
/// continued row.)
///
/// ## Leaves
///
/// A container prints when its leaves implement [`PrintLeaf`]: arrays,
/// [`Shape`]s, [`Dtype`]s, [`Device`]s, bools, integers, floats, strings,
/// `Option`s (`None` prints `null`, as Ivy's JSON does), `Vec`s (JSON lists,
/// one item a line) and [`Nest`]s. Implement it for a leaf type of your own;
/// [`LeafPrinter`] gives the column the leaf starts at and the indentation,
/// so multi-line leaves can line up.
///
/// Inside a container an array prints as its own `Display` (`ivy.array(...)`,
/// NumPy's layout, see [`Array`]) with Ivy's rewriting applied: every space
/// deleted, `", "` put back after every comma (so continued rows end in a
/// space), blank lines between blocks dropped, and each continued row
/// indented so that its innermost `[` sits under the innermost `[` of the
/// first row. An array of more than `print_limit` elements (and at least one
/// dimension) prints as Ivy prints it, with Ivy's Python class name so that
/// outputs compare line by line: `(<class ivy.data_classes.array.array.Array>
/// shape=[20])`; a `Vec` of arrays prints as
/// `(list[2], <class ivy.data_classes.array.array.Array>, shape=[2])`.
///
/// ## Where this differs from Ivy's text, deliberately
///
/// - Ivy replaces `true` by `True` everywhere in the text, so a key
///   `is_true` prints as `is_True`; here only bool values print `True`.
/// - Ivy computes the indentation of an array's continued rows from the
///   untrimmed key, so with `key_length_limit` they drift right of the
///   bracket; here they line up under the trimmed key's bracket.
/// - Ivy's bracket re-alignment removes one space too many before rows that
///   open three or more levels (arrays of 4 or more dimensions); here every
///   row lines up under the innermost bracket, as NumPy prints it.
/// - Ivy indents a wrapped row of a bool array (`True, False, ...`) to the
///   column of `ivy.array`, but a wrapped row of numbers one past the
///   innermost bracket; here every wrapped row of elements goes one past the
///   innermost bracket, and a `shape=(...)` line under the first bracket.
/// - The colours Ivy adds with termcolor are not printed.
/// - A string leaf prints its text with JSON's escapes for control
///   characters and backslashes, but non-ASCII characters as themselves
///   (Python's `json.dumps` writes `\uXXXX`), and keeps its quotes (Ivy
///   deletes every `'` and `"` in the whole text).
///
/// Kept from Ivy, though odd: `print_line_spacing` blank lines go before
/// every key line and before the final `}` of the outermost container (and
/// before `{}` when it is empty), not before nested closing braces.
///
/// # Example
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let c = ivy::container! { a: [1, 2, 3], b: { c: [[1.0, 2.0], [3.0, 4.0]], d: 5 } };
/// assert_eq!(
///     c.to_string(),
///     "{
///     a: ivy.array([1, 2, 3]),
///     b: {
///         c: ivy.array([[1., 2.], \n                      [3., 4.]]),
///         d: ivy.array(5)
///     }
/// }"
/// );
/// ```
impl<L: PrintLeaf> fmt::Display for Container<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&render(self, None))
    }
}

impl<L: PrintLeaf> PrintLeaf for Container<L> {
    /// A container as a leaf (a `Container<Container>`, or inside a
    /// [`Nest`]) prints as a sub-container would.
    fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
        write_container(p.out, self.view(), p.line_indent, p.style, false, None, 0);
    }
}

// ---------------------------------------------------------------------------
// Leaves.

/// Ivy's rewriting of an array's text inside a container: spaces deleted,
/// `", "` after every comma, blank lines dropped, continued rows aligned on
/// their innermost bracket.
fn print_array_text(text: &str, p: &mut LeafPrinter<'_>) {
    let squeezed: String = text.chars().filter(|&ch| ch != ' ').collect();
    let squeezed = squeezed.replace(',', ", ");
    let mut lines = squeezed.split('\n').filter(|l| !l.is_empty());
    let Some(first) = lines.next() else {
        return;
    };
    p.write_str(first);
    // The column of the first `[` (after `ivy.array(`) and of the innermost
    // one the first row opens.
    let (first_bracket, innermost) = match first.find("([") {
        Some(pos) => {
            let col = p.column + first[..pos].chars().count() + 1;
            let opened = first[pos + 1..].chars().take_while(|&ch| ch == '[').count();
            (col, col + opened - 1)
        }
        None => (p.column, p.column),
    };
    for line in lines {
        let brackets = line.chars().take_while(|&ch| ch == '[').count();
        let column = if brackets > 0 {
            innermost.saturating_sub(brackets - 1)
        } else if line.starts_with("shape=") {
            first_bracket
        } else {
            innermost + 1
        };
        p.new_line(column);
        p.write_str(line);
    }
}

fn shape_list(shape: &Shape) -> String {
    let dims: Vec<String> = shape.dims().iter().map(|d| d.to_string()).collect();
    format!("[{}]", dims.join(", "))
}

/// An array prints in full (Ivy's rewriting of its `ivy.array(...)` text)
/// unless it has at least one dimension and more elements than the
/// container's `print_limit`; then it prints as
/// `(<class ivy.data_classes.array.array.Array> shape=[d0, d1])`.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let c = ivy::container! { a: [1, 2, 3] };
/// let big = c.cont_with_print_limit(2);
/// assert_eq!(big.to_string(), "{\n    a: (<class ivy.data_classes.array.array.Array> shape=[3])\n}");
/// ```
impl PrintLeaf for Array {
    fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
        if self.ndim() > 0 && p.print_limit.is_some_and(|limit| self.size() > limit) {
            p.write_str(&format!(
                "({ARRAY_CLASS} shape={})",
                shape_list(self.shape())
            ));
        } else {
            print_array_text(&self.to_string(), p);
        }
    }

    /// Ivy's summary of a list whose first item is an array:
    /// `(list[N], <class ...>, shape=[...])`, the shape of the first item.
    fn print_list(items: &[Array], p: &mut LeafPrinter<'_>) {
        match items.first() {
            Some(a) => p.write_str(&format!(
                "(list[{}], {ARRAY_CLASS}, shape={})",
                items.len(),
                shape_list(a.shape())
            )),
            None => p.write_str("[]"),
        }
    }
}

/// A shape prints as the JSON list of its dimensions, as Ivy prints a
/// container of shapes (`c.shape`).
impl PrintLeaf for Shape {
    fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
        let dims = self.dims();
        p.json_list(dims.len(), |i, p| dims[i].print_leaf(p));
    }
}

/// A dtype prints its name (`float32`).
impl PrintLeaf for Dtype {
    fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
        p.write_str(self.name());
    }
}

/// A device prints as Ivy writes it (`cpu`, `gpu:0`).
impl PrintLeaf for Device {
    fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
        p.write_str(&self.to_string());
    }
}

/// `True` or `False`.
impl PrintLeaf for bool {
    fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
        p.write_str(if *self { "True" } else { "False" });
    }
}

macro_rules! print_int {
    ($($t:ty),*) => {$(
        /// The decimal number.
        impl PrintLeaf for $t {
            fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
                p.write_str(&self.to_string());
            }
        }
    )*};
}
print_int!(
    i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize
);

/// Python's JSON text of a float: `repr(x)`, with `NaN`, `Infinity` and
/// `-Infinity`.
fn json_float(x: f64) -> String {
    if x.is_nan() {
        "NaN".to_string()
    } else if x.is_infinite() {
        if x < 0.0 { "-Infinity" } else { "Infinity" }.to_string()
    } else {
        format_float(x)
    }
}

/// Python's JSON text of a float: `2.5`, `1.0`, `1e-05`, `NaN`, `Infinity`.
impl PrintLeaf for f64 {
    fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
        p.write_str(&json_float(*self));
    }
}

/// The shortest digits that give back the `f32`, written as Python writes a
/// float (`0.1`, `1.0`, `1e+20`), with `NaN` and `Infinity` as for `f64`.
impl PrintLeaf for f32 {
    fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
        p.write_str(&json_f32(*self));
    }
}

fn json_f32(x: f32) -> String {
    if !x.is_finite() || x == 0.0 {
        return json_float(f64::from(x));
    }
    crate::array::format_float32(x)
}

/// Bools, integers and floats as above; a complex number as Python's
/// `repr` (`(1+2j)`).
impl PrintLeaf for Scalar {
    fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
        match *self {
            Scalar::Bool(b) => b.print_leaf(p),
            Scalar::Int(i) => i.print_leaf(p),
            Scalar::Float(x) => x.print_leaf(p),
            Scalar::Complex(z) => {
                let im = format_float(z.im);
                let im = im.strip_suffix(".0").unwrap_or(&im);
                let sign = if z.im.is_sign_negative() || z.im.is_nan() && im.starts_with('-') {
                    ""
                } else {
                    "+"
                };
                if z.re == 0.0 && z.re.is_sign_positive() {
                    p.write_str(&format!("{im}j"));
                } else {
                    let re = format_float(z.re);
                    let re = re.strip_suffix(".0").unwrap_or(&re);
                    p.write_str(&format!("({re}{sign}{im}j)"));
                }
            }
        }
    }
}

/// The text, with JSON's escapes for `\`, newlines and other control
/// characters, without quotes.
impl PrintLeaf for str {
    fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
        let mut s = String::with_capacity(self.len());
        for ch in self.chars() {
            match ch {
                '\\' => s.push_str("\\\\"),
                '\n' => s.push_str("\\n"),
                '\r' => s.push_str("\\r"),
                '\t' => s.push_str("\\t"),
                c if (c as u32) < 0x20 => s.push_str(&format!("\\u{:04x}", c as u32)),
                c => s.push(c),
            }
        }
        p.write_str(&s);
    }
}

/// As `str`.
impl PrintLeaf for String {
    fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
        self.as_str().print_leaf(p);
    }
}

/// As the value referred to.
impl<T: PrintLeaf + ?Sized> PrintLeaf for &T {
    fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
        (**self).print_leaf(p);
    }
}

/// As the boxed value.
impl<T: PrintLeaf + ?Sized> PrintLeaf for Box<T> {
    fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
        (**self).print_leaf(p);
    }
}

/// `None` prints `null` (Python's `None` through JSON).
impl<T: PrintLeaf> PrintLeaf for Option<T> {
    fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
        match self {
            Some(v) => v.print_leaf(p),
            None => p.write_str("null"),
        }
    }
}

/// [`PrintLeaf::print_list`] of the items: a JSON list, or Ivy's summary
/// for arrays.
impl<T: PrintLeaf> PrintLeaf for Vec<T> {
    fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
        T::print_list(self, p);
    }
}

/// As a `Vec`.
impl<T: PrintLeaf> PrintLeaf for [T] {
    fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
        T::print_list(self, p);
    }
}

/// Lists and tuples print as JSON lists (JSON has no tuples), dicts as
/// sub-containers, `None` as `null`.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::nest::Nest;
/// let n: Nest<i64> = ivy::nest!([1, None]);
/// let c = ivy::Container::from_key_chains([("n", n)])?;
/// assert_eq!(c.to_string(), "{\n    n: [\n        1,\n        null\n    ]\n}");
/// # Ok::<(), ivy::Error>(())
/// ```
impl<L: PrintLeaf> PrintLeaf for Nest<L> {
    fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
        match self {
            Nest::Leaf(l) => l.print_leaf(p),
            Nest::None => p.write_str("null"),
            Nest::List(items) | Nest::Tuple(items) => {
                p.json_list(items.len(), |i, p| items[i].print_leaf(p));
            }
            Nest::Dict(d) => p.json_dict(d.iter().map(|(k, v)| (k.as_str(), v))),
        }
    }
}

// ---------------------------------------------------------------------------
// Config setters, show.

impl<L> Container<L> {
    /// Apply `f` to the config of this container and of every sub-container
    /// (they then all print with the container's).
    fn update_config_all(&mut self, f: &impl Fn(&mut Config)) {
        let mut config = self.config();
        f(&mut config);
        self.set_config(config);
        super::Node::clear_configs(self.node_mut());
    }

    fn with_config_all(&self, f: impl Fn(&mut Config)) -> Container<L>
    where
        L: Clone,
    {
        let mut c = self.clone();
        c.update_config_all(&f);
        c
    }

    /// A copy (leaves shared, as [`Clone`]) in which this container and every
    /// sub-container print arrays of at most `print_limit` elements in full
    /// (Ivy's `cont_with_print_limit`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let c = ivy::container! { a: { b: [1, 2, 3] } }.cont_with_print_limit(2);
    /// assert_eq!(c.sub("a")?.config().print_limit, Some(2));
    /// assert!(c.to_string().contains("b: (<class ivy.data_classes.array.array.Array> shape=[3])"));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_with_print_limit(&self, print_limit: usize) -> Container<L>
    where
        L: Clone,
    {
        self.with_config_all(|c| c.print_limit = Some(print_limit))
    }

    /// [`cont_with_print_limit`](Self::cont_with_print_limit) in place.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c = ivy::Container::from_key_chains([("a/b", 1)])?;
    /// c.cont_with_print_limit_inplace(3);
    /// assert_eq!(c.sub("a")?.config().print_limit, Some(3));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_with_print_limit_inplace(&mut self, print_limit: usize) {
        self.update_config_all(&|c| c.print_limit = Some(print_limit));
    }

    /// A copy in which every array prints in full, however large (Ivy's
    /// `cont_remove_print_limit`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// let c = ivy::Container::from_key_chains([("a", ivy::arange(12)?)])?;
    /// assert!(c.to_string().contains("shape=[12]"));
    /// let full = c.cont_remove_print_limit();
    /// assert_eq!(full.config().print_limit, None);
    /// assert!(full.to_string().contains("a: ivy.array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])"));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_remove_print_limit(&self) -> Container<L>
    where
        L: Clone,
    {
        self.with_config_all(|c| c.print_limit = None)
    }

    /// [`cont_remove_print_limit`](Self::cont_remove_print_limit) in place.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c = ivy::Container::from_key_chains([("a/b", 1)])?;
    /// c.cont_remove_print_limit_inplace();
    /// assert_eq!(c.sub("a")?.config().print_limit, None);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_remove_print_limit_inplace(&mut self) {
        self.update_config_all(&|c| c.print_limit = None);
    }

    /// A copy whose keys print shortened to at most `key_length_limit`
    /// characters by [`cont_trim_key`](Container::cont_trim_key) (Ivy's
    /// `cont_with_key_length_limit`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("abcdefg", 1)])?.cont_with_key_length_limit(3);
    /// assert_eq!(c.to_string(), "{\n    adg: 1\n}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_with_key_length_limit(&self, key_length_limit: usize) -> Container<L>
    where
        L: Clone,
    {
        self.with_config_all(|c| c.key_length_limit = Some(key_length_limit))
    }

    /// [`cont_with_key_length_limit`](Self::cont_with_key_length_limit) in
    /// place.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c = ivy::Container::from_key_chains([("abcdefg", 1)])?;
    /// c.cont_with_key_length_limit_inplace(2);
    /// assert_eq!(c.to_string(), "{\n    ag: 1\n}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_with_key_length_limit_inplace(&mut self, key_length_limit: usize) {
        self.update_config_all(&|c| c.key_length_limit = Some(key_length_limit));
    }

    /// A copy whose keys print in full (Ivy's `cont_remove_key_length_limit`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("abcdefg", 1)])?.cont_with_key_length_limit(3);
    /// assert_eq!(c.cont_remove_key_length_limit().to_string(), "{\n    abcdefg: 1\n}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_remove_key_length_limit(&self) -> Container<L>
    where
        L: Clone,
    {
        self.with_config_all(|c| c.key_length_limit = None)
    }

    /// [`cont_remove_key_length_limit`](Self::cont_remove_key_length_limit)
    /// in place.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c = ivy::Container::from_key_chains([("abcdefg", 1)])?.cont_with_key_length_limit(3);
    /// c.cont_remove_key_length_limit_inplace();
    /// assert_eq!(c.config().key_length_limit, None);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_remove_key_length_limit_inplace(&mut self) {
        self.update_config_all(&|c| c.key_length_limit = None);
    }

    /// A copy that indents by `print_indent` spaces per level (Ivy's
    /// `cont_with_print_indent`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/b", 1)])?.cont_with_print_indent(2);
    /// assert_eq!(c.to_string(), "{\n  a: {\n    b: 1\n  }\n}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_with_print_indent(&self, print_indent: usize) -> Container<L>
    where
        L: Clone,
    {
        self.with_config_all(|c| c.print_indent = print_indent)
    }

    /// [`cont_with_print_indent`](Self::cont_with_print_indent) in place.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c = ivy::Container::from_key_chains([("a", 1)])?;
    /// c.cont_with_print_indent_inplace(1);
    /// assert_eq!(c.to_string(), "{\n a: 1\n}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_with_print_indent_inplace(&mut self, print_indent: usize) {
        self.update_config_all(&|c| c.print_indent = print_indent);
    }

    /// A copy that prints `print_line_spacing` blank lines before every key
    /// line and before the final `}` (Ivy's `cont_with_print_line_spacing`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a", 1), ("b", 2)])?.cont_with_print_line_spacing(1);
    /// assert_eq!(c.to_string(), "{\n\n    a: 1,\n\n    b: 2\n\n}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_with_print_line_spacing(&self, print_line_spacing: usize) -> Container<L>
    where
        L: Clone,
    {
        self.with_config_all(|c| c.print_line_spacing = print_line_spacing)
    }

    /// [`cont_with_print_line_spacing`](Self::cont_with_print_line_spacing)
    /// in place.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c = ivy::Container::from_key_chains([("a", 1)])?;
    /// c.cont_with_print_line_spacing_inplace(2);
    /// assert_eq!(c.config().print_line_spacing, 2);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_with_print_line_spacing_inplace(&mut self, print_line_spacing: usize) {
        self.update_config_all(&|c| c.print_line_spacing = print_line_spacing);
    }

    /// A copy in which this container and every sub-container have `config`
    /// (Ivy's `cont_update_config`, which changes only the container it is
    /// called on; here, as the other setters, the whole tree).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let cfg = ivy::Config { print_indent: 1, key_length_limit: Some(1), ..Default::default() };
    /// let c = ivy::Container::from_key_chains([("ab/cd", 1)])?.cont_update_config(cfg);
    /// assert_eq!(c.sub("ab")?.config(), cfg);
    /// assert_eq!(c.to_string(), "{\n a: {\n  c: 1\n }\n}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_update_config(&self, config: Config) -> Container<L>
    where
        L: Clone,
    {
        self.with_config_all(|c| *c = config)
    }

    /// [`cont_update_config`](Self::cont_update_config) in place.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let mut c = ivy::Container::from_key_chains([("a/b", 1)])?;
    /// let cfg = ivy::Config { print_limit: None, ..Default::default() };
    /// c.cont_update_config_inplace(cfg);
    /// assert_eq!(c.sub("a")?.config(), cfg);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_update_config_inplace(&mut self, config: Config) {
        self.update_config_all(&|c| *c = config);
    }

    /// Print the container to standard output, with a newline (Ivy's
    /// `cont_show`, Python's `print(c)`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a", 1)])?;
    /// c.cont_show(); // prints {\n    a: 1\n}
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_show(&self)
    where
        L: PrintLeaf,
    {
        println!("{self}");
    }

    /// The text [`cont_show_sub_container`](Self::cont_show_sub_container)
    /// prints: the container's text with two characters before every line,
    /// `"> "` on the lines of the entry at `key_chain` (its key line through
    /// its closing brace, or all lines of a leaf) and `"  "` on the others,
    /// so the alignment is kept. Ivy marks the sub-container by colouring it
    /// red; this is the same mark in plain text. The chain may name a leaf
    /// too; `""` marks the whole container.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a", 1), ("b/c", 2), ("d", 3)])?;
    /// assert_eq!(
    ///     c.cont_format_sub_container("b")?,
    ///     "  {\n      a: 1,\n>     b: {\n>         c: 2\n>     },\n      d: 3\n  }"
    /// );
    /// assert!(c.cont_format_sub_container("x").is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_format_sub_container(&self, key_chain: &str) -> Result<String>
    where
        L: PrintLeaf,
    {
        const OP: &str = "cont_show_sub_container";
        let target: Vec<&str> = split_key_chain(key_chain).collect();
        if !target.is_empty() {
            self.view().walk(OP, key_chain)?;
        }
        let (text, lines) = if target.is_empty() {
            let text = render(self, None);
            let n = count_lines(&text) + 1;
            (text, Some((0, n)))
        } else {
            let mut h = Highlight {
                target,
                lines: None,
            };
            let text = render(self, Some(&mut h));
            (text, h.lines)
        };
        let (start, end) = lines.ok_or_else(|| Error::KeyChain {
            op: OP.to_string(),
            key_chain: key_chain.to_string(),
            message: "the entry was not found while printing".to_string(),
        })?;
        let marked: Vec<String> = text
            .split('\n')
            .enumerate()
            .map(|(i, line)| {
                let mark = if (start..end).contains(&i) {
                    "> "
                } else {
                    "  "
                };
                if line.is_empty() {
                    mark.trim_end().to_string()
                } else {
                    format!("{mark}{line}")
                }
            })
            .collect();
        Ok(marked.join("\n"))
    }

    /// Print the container with the entry at `key_chain` marked (Ivy's
    /// `cont_show_sub_container`): see
    /// [`cont_format_sub_container`](Self::cont_format_sub_container) for
    /// the text. An error names a chain that is not in the container.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// let c = ivy::Container::from_key_chains([("a/b", 1)])?;
    /// c.cont_show_sub_container("a")?;
    /// assert!(c.cont_show_sub_container("a/z").is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn cont_show_sub_container(&self, key_chain: &str) -> Result<()>
    where
        L: PrintLeaf,
    {
        println!("{}", self.cont_format_sub_container(key_chain)?);
        Ok(())
    }
}

impl Container {
    /// Shorten `key` to `max_length` characters as Ivy's `cont_trim_key`
    /// does: keep the characters at `round((len - 1) / (max_length - 1) *
    /// i)` for `i` in `0..max_length` (rounding half to even, as NumPy), so
    /// the first and last characters stay. Keys that fit are unchanged. Ivy
    /// divides by zero for `max_length` 1; here it keeps the first
    /// character (and 0 gives `""`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::Container;
    /// assert_eq!(Container::cont_trim_key("abcdefg", 3), "adg");
    /// assert_eq!(Container::cont_trim_key("abcdefghij", 4), "adgj");
    /// assert_eq!(Container::cont_trim_key("qrstuv", 3), "qsv"); // 2.5 rounds to 2
    /// assert_eq!(Container::cont_trim_key("abc", 3), "abc");
    /// ```
    pub fn cont_trim_key(key: &str, max_length: usize) -> String {
        trim_key(key, max_length)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Entry;
    use crate::array;

    fn arange(n: i64) -> Array {
        Array::from_vec((0..n).collect::<Vec<i64>>())
    }

    fn zeros(shape: &[usize]) -> Array {
        let n: usize = shape.iter().product();
        match Array::from_shape_vec(shape.to_vec(), vec![0f32; n]) {
            Ok(a) => a,
            Err(e) => panic!("bad test array: {e}"),
        }
    }

    fn cont<L>(pairs: Vec<(&str, Entry<L>)>) -> Container<L> {
        match Container::from_key_chains(pairs) {
            Ok(c) => c,
            Err(e) => panic!("bad test container: {e}"),
        }
    }

    /// Ivy's verified outputs write a trailing space as `·`.
    fn ivy(text: &str) -> String {
        text.replace('·', " ")
    }

    #[test]
    fn nested_arrays_align_under_their_bracket() {
        let c = crate::container! { a: [1, 2, 3], b: { c: [[1.0, 2.0], [3.0, 4.0]], d: 5 } };
        let want = ivy("{
    a: ivy.array([1, 2, 3]),
    b: {
        c: ivy.array([[1., 2.],·
                      [3., 4.]]),
        d: ivy.array(5)
    }
}");
        assert_eq!(c.to_string(), want);
    }

    #[test]
    fn arrays_over_the_print_limit_print_type_and_shape() {
        let b = cont(vec![("c", zeros(&[3, 4]).into())]);
        let c = cont(vec![
            ("a", arange(20).into()),
            ("b", b.into()),
            ("d", arange(10).into()),
        ]);
        let want = "{
    a: (<class ivy.data_classes.array.array.Array> shape=[20]),
    b: {
        c: (<class ivy.data_classes.array.array.Array> shape=[3, 4])
    },
    d: ivy.array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
}";
        assert_eq!(c.to_string(), want);
        // 11 elements are over the default limit of 10; 0-d never is.
        let c = cont(vec![
            ("a", arange(11).into()),
            ("s", Array::scalar(7i64).into()),
        ]);
        assert_eq!(
            c.to_string(),
            "{\n    a: (<class ivy.data_classes.array.array.Array> shape=[11]),\n    s: ivy.array(7)\n}"
        );
        let c = c.cont_with_print_limit(0);
        assert!(c.to_string().contains("s: ivy.array(7)"));
    }

    #[test]
    fn each_sub_container_uses_its_own_print_limit() {
        let mut inner = cont(vec![("x", arange(5).into())]);
        inner.set_config(Config {
            print_limit: Some(3),
            ..Config::default()
        });
        let c = cont(vec![("a", arange(5).into()), ("b", inner.into())]);
        assert_eq!(
            c.to_string(),
            "{\n    a: ivy.array([0, 1, 2, 3, 4]),\n    b: {\n        x: (<class ivy.data_classes.array.array.Array> shape=[5])\n    }\n}"
        );
    }

    #[test]
    fn lists_of_arrays_print_a_summary() {
        let c = cont(vec![("a", Entry::Leaf(vec![array![1, 2], array![3, 4]]))]);
        assert_eq!(
            c.to_string(),
            "{\n    a: (list[2], <class ivy.data_classes.array.array.Array>, shape=[2])\n}"
        );
    }

    #[derive(Clone)]
    enum Py {
        Int(i64),
        Float(f64),
        Str(&'static str),
        None,
        Bool(bool),
        List(Vec<i64>),
    }

    impl PrintLeaf for Py {
        fn print_leaf(&self, p: &mut LeafPrinter<'_>) {
            match self {
                Py::Int(i) => i.print_leaf(p),
                Py::Float(x) => x.print_leaf(p),
                Py::Str(s) => s.print_leaf(p),
                Py::None => p.write_str("null"),
                Py::Bool(b) => b.print_leaf(p),
                Py::List(v) => v.print_leaf(p),
            }
        }
    }

    #[test]
    fn python_scalars_strings_none_bools_and_lists() {
        let h = cont(vec![("i", Entry::Leaf(Py::Bool(false)))]);
        let c = cont(vec![
            ("a", Entry::Leaf(Py::Int(1))),
            ("b", Entry::Leaf(Py::Float(2.5))),
            ("c", Entry::Leaf(Py::Str("hi"))),
            ("d", Entry::Leaf(Py::None)),
            ("e", Entry::Leaf(Py::Bool(true))),
            ("f", Entry::Leaf(Py::List(vec![1, 2]))),
            ("h", h.into()),
        ]);
        let want = "{
    a: 1,
    b: 2.5,
    c: hi,
    d: null,
    e: True,
    f: [
        1,
        2
    ],
    h: {
        i: False
    }
}";
        assert_eq!(c.to_string(), want);
    }

    #[test]
    fn empty_containers() {
        let c: Container = Container::new();
        assert_eq!(c.to_string(), "{}");
        let c: Container<i64> = cont(vec![("a", Container::new().into()), ("b", Entry::Leaf(1))]);
        assert_eq!(c.to_string(), "{\n    a: {},\n    b: 1\n}");
    }

    #[test]
    fn print_indent_two_keeps_arrays_aligned() {
        let c = crate::container! { a: { c: [[1.0, 2.0], [3.0, 4.0]] } }.cont_with_print_indent(2);
        let want = ivy("{
  a: {
    c: ivy.array([[1., 2.],·
                  [3., 4.]])
  }
}");
        assert_eq!(c.to_string(), want);
    }

    #[test]
    fn key_length_limit_trims_every_key() {
        let inner = cont(vec![("qrstuv", Entry::Leaf(2i64))]);
        let c = cont(vec![
            ("abcdefg", Entry::Leaf(1i64)),
            ("hijklmnop", inner.into()),
        ])
        .cont_with_key_length_limit(3);
        assert_eq!(
            c.to_string(),
            "{\n    adg: 1,\n    hlp: {\n        qsv: 2\n    }\n}"
        );
        assert_eq!(Container::cont_trim_key("abcdefghij", 4), "adgj");
        assert_eq!(Container::cont_trim_key("abcdefg", 3), "adg");
        assert_eq!(Container::cont_trim_key("abcdefg", 7), "abcdefg");
        assert_eq!(Container::cont_trim_key("abcdefg", 1), "a");
        assert_eq!(Container::cont_trim_key("abcdefg", 0), "");
        // round(6/4 * [0, 1, 2, 3, 4]) = [0, 2 (1.5), 3, 4 (4.5), 6]
        assert_eq!(Container::cont_trim_key("abcdefg", 5), "acdeg");
    }

    #[test]
    fn trimmed_keys_keep_arrays_aligned() {
        let c =
            cont(vec![("abcdefg", array![[1, 2], [3, 4]].into())]).cont_with_key_length_limit(3);
        assert_eq!(
            c.to_string(),
            ivy("{\n    adg: ivy.array([[1, 2],·\n                    [3, 4]])\n}")
        );
    }

    #[test]
    fn three_d_rows_align_on_the_innermost_bracket() {
        let a = match Array::from_shape_vec([2, 2, 2], (1..=8).collect::<Vec<i64>>()) {
            Ok(a) => a,
            Err(e) => panic!("{e}"),
        };
        let c = cont(vec![("a", a.into())]);
        let want = ivy("{
    a: ivy.array([[[1, 2],·
                   [3, 4]],·
                  [[5, 6],·
                   [7, 8]]])
}");
        assert_eq!(c.to_string(), want);
    }

    #[test]
    fn four_d_rows_align_on_the_innermost_bracket() {
        let a = match Array::from_shape_vec([2, 1, 1, 2], (1..=4).collect::<Vec<i64>>()) {
            Ok(a) => a,
            Err(e) => panic!("{e}"),
        };
        let c = cont(vec![("a", a.into())]);
        let want = ivy("{
    a: ivy.array([[[[1, 2]]],·
                  [[[3, 4]]]])
}");
        assert_eq!(c.to_string(), want);
    }

    #[test]
    fn wrapped_rows_sit_after_the_innermost_bracket() {
        // Ten float64s of many digits overflow NumPy's 75 columns; Ivy puts
        // wrapped rows of numbers one past the innermost bracket.
        let v: Vec<f64> = (1..=10).map(|i| i as f64 + 0.123_456_78).collect();
        let c = cont(vec![("x", Array::from_vec(v).into())]);
        let want = ivy("{
    x: ivy.array([1.12345678, 2.12345678, 3.12345678, 4.12345678,·
                  5.12345678, 6.12345678, 7.12345678, 8.12345678,·
                  9.12345678, 10.12345678])
}");
        assert_eq!(c.to_string(), want);
        // Bool rows too (Ivy would put `True])` under `ivy.array`).
        let b: Vec<bool> = (0..10).map(|i| i % 3 == 0).collect();
        let c = cont(vec![("b", Array::from_vec(b).into())]);
        let want = ivy("{
    b: ivy.array([True, False, False, True, False, False, True, False, False,·
                  True])
}");
        assert_eq!(c.to_string(), want);
    }

    #[test]
    fn summarised_and_empty_arrays_without_a_print_limit() {
        let big = match Array::from_shape_vec([2, 1000], vec![1.5f32; 2000]) {
            Ok(a) => a,
            Err(e) => panic!("{e}"),
        };
        let c =
            cont(vec![("big", big.into()), ("e", zeros(&[0, 3]).into())]).cont_remove_print_limit();
        let want = ivy("{
    big: ivy.array([[1.5, 1.5, 1.5, ..., 1.5, 1.5, 1.5],·
                    [1.5, 1.5, 1.5, ..., 1.5, 1.5, 1.5]], shape=(2, 1000)),
    e: ivy.array([], shape=(0, 3))
}");
        assert_eq!(c.to_string(), want);
    }

    #[test]
    fn line_spacing_goes_before_keys_and_the_last_brace() {
        let inner = cont(vec![("c", Entry::Leaf(2i64))]);
        let c = cont(vec![("a", Entry::Leaf(1i64)), ("b", inner.into())])
            .cont_with_print_line_spacing(1);
        assert_eq!(
            c.to_string(),
            "{\n\n    a: 1,\n\n    b: {\n\n        c: 2\n    }\n\n}"
        );
        let e: Container<i64> = Container::new().cont_with_print_line_spacing(2);
        assert_eq!(e.to_string(), "\n\n{}");
    }

    #[test]
    fn shapes_and_dims_print_as_the_seed_shows() {
        // seed 000: x = Container(a=array([0.]), b=Container(a=array([[0.]]), b=array([1., 2., 3.])))
        let b = cont(vec![
            ("a", Entry::Leaf(Shape::from([1, 1]))),
            ("b", Entry::Leaf(Shape::from([3]))),
        ]);
        let c = cont(vec![("a", Entry::Leaf(Shape::from([1]))), ("b", b.into())]);
        let want = "{
    a: [
        1
    ],
    b: {
        a: [
            1,
            1
        ],
        b: [
            3
        ]
    }
}";
        assert_eq!(c.to_string(), want);
    }

    #[test]
    fn floats_print_as_python() {
        assert_eq!(json_f32(0.1), "0.1");
        assert_eq!(json_f32(1.0), "1.0");
        assert_eq!(json_f32(-2.5e-7), "-2.5e-07");
        assert_eq!(json_f32(1e20), "1e+20");
        assert_eq!(json_f32(123456.0), "123456.0");
        assert_eq!(json_float(f64::NAN), "NaN");
        assert_eq!(json_float(f64::NEG_INFINITY), "-Infinity");
        let c = cont(vec![(
            "z",
            Entry::Leaf(Scalar::Complex(crate::dtype::Complex64::new(1.0, -2.0))),
        )]);
        assert_eq!(c.to_string(), "{\n    z: (1-2j)\n}");
    }

    #[test]
    fn show_sub_container_marks_a_leaf_and_nested_entries() {
        let c = cont(vec![
            ("a", Entry::Leaf(1i64)),
            ("b/c", Entry::Leaf(2)),
            ("b/d", Entry::Leaf(3)),
        ]);
        assert_eq!(
            c.cont_format_sub_container("b/d").ok().as_deref(),
            Some("  {\n      a: 1,\n      b: {\n          c: 2,\n>         d: 3\n      }\n  }")
        );
        let whole = c.cont_format_sub_container("").unwrap_or_default();
        assert!(whole.lines().all(|l| l.starts_with('>')));
        let err = c.cont_format_sub_container("b/x").map(|_| ()).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("cont_show_sub_container: key chain `b/x`"),
            "{err}"
        );
    }
}
