//! The support matrix: which dtypes every op supports on a backend, as
//! Markdown, read from the resolved tables (what a call checks, so the page
//! cannot disagree with the code).
//!
//! `cargo run --example support_matrix --features candle` prints the page for
//! every backend compiled in; `docs/support-matrix.md` is its committed
//! output, and `tests/it/support_matrix.rs` checks that the section of each
//! backend of the test build is current.

use super::{BACKENDS, BackendEntry};
use crate::catalogue;
use crate::dtype::Dtype;
use std::fmt::Write;

/// The short column heading of a dtype.
fn short(d: Dtype) -> &'static str {
    match d {
        Dtype::Bool => "bool",
        Dtype::Int8 => "i8",
        Dtype::Int16 => "i16",
        Dtype::Int32 => "i32",
        Dtype::Int64 => "i64",
        Dtype::UInt8 => "u8",
        Dtype::UInt16 => "u16",
        Dtype::UInt32 => "u32",
        Dtype::UInt64 => "u64",
        Dtype::BFloat16 => "bf16",
        Dtype::Float16 => "f16",
        Dtype::Float32 => "f32",
        Dtype::Float64 => "f64",
        Dtype::Complex64 => "c64",
        Dtype::Complex128 => "c128",
    }
}

/// The section of the support matrix for one backend: a heading with its name
/// and version, its valid dtypes, and one row per built-in op with a column
/// per dtype (`✓` supported, `·` valid on the backend but not supported by
/// the op, blank where the dtype is not valid on the backend).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let page = ivy::backend::support_matrix(ivy::current_backend());
/// assert!(page.starts_with("## ndarray "));
/// // bitwise_and takes bool (the first column) and integers, not floats.
/// assert!(page.lines().any(|l| l.starts_with("| `bitwise_and` | primary | ✓ |")));
/// ```
pub fn support_matrix(backend: &BackendEntry) -> String {
    let valid = backend.valid_dtypes();
    let order = columns();
    let mut s = String::new();
    let _ = writeln!(s, "## {} {}\n", backend.name(), backend.version());
    let names: Vec<String> = valid.iter().map(|d| d.to_string()).collect();
    let _ = writeln!(s, "Valid dtypes: {}.\n", names.join(", "));
    s.push_str("| op | kind |");
    for d in &order {
        let _ = write!(s, " {} |", short(*d));
    }
    s.push_str("\n|---|---|");
    for _ in &order {
        s.push_str(":-:|");
    }
    s.push('\n');
    for op in catalogue::ops().filter(|o| o.id.is_some()) {
        let supported = op.supported_dtypes(backend);
        let _ = write!(s, "| `{}` | {} |", op.name, op.kind.name());
        for d in &order {
            let cell = if supported.contains(*d) {
                "✓"
            } else if valid.contains(*d) {
                "·"
            } else {
                " "
            };
            let _ = write!(s, " {cell} |");
        }
        s.push('\n');
    }
    s
}

/// The columns, in the order a reader scans them: bool, the signed and
/// unsigned integers, the floats, the complex dtypes.
fn columns() -> Vec<Dtype> {
    let mut order: Vec<Dtype> = vec![Dtype::Bool];
    order.extend(Dtype::ALL.iter().copied().filter(|d| *d != Dtype::Bool));
    order
}

/// The whole page: a header, then [`support_matrix`] for every backend linked
/// into the program, by name.
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// let page = ivy::backend::support_matrix_page();
/// assert!(page.contains(&ivy::backend::support_matrix(ivy::current_backend())));
/// ```
pub fn support_matrix_page() -> String {
    let mut backends: Vec<&BackendEntry> = BACKENDS.iter().copied().collect();
    backends.sort_by_key(|b| b.name());
    backends.dedup_by_key(|b| b.name());
    let mut s = String::from(
        "# Supported dtypes per op and backend\n\n\
         Generated from the catalogue and the backends' resolved tables by \
         `cargo run --example support_matrix --features candle > docs/support-matrix.md`; \
         `tests/it/support_matrix.rs` fails when a section is out of date.\n\n\
         `✓`: the op runs on inputs of this dtype. `·`: the dtype is valid on the \
         backend but the op refuses it with `Error::UnsupportedDtype` (naming the op, \
         the dtype, the backend and its version). Blank: the dtype is not valid \
         on the backend at all. Compositional ops are supported where every op \
         they call is (intersection), narrowed by their own tables.\n\n",
    );
    for b in backends {
        s.push_str(&support_matrix(b));
        s.push('\n');
    }
    s
}
