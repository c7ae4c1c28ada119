//! Dtype tables: what a backend's kernels declare, and what they resolve to for
//! the backend's version.
//!
//! A kernel's table is written on it, as Ivy's decorators are:
//!
//! ```text
//! #[ivy::kernels]
//! impl ElementwiseKernels for MyBackend {
//!     #[unsupported_dtypes("1.2 and below" => (float16, bfloat16))]
//!     fn tan(&self, x: &Array) -> Result<Array> { ... }
//! }
//! ```
//!
//! When a backend is first used, every table is resolved for its version (see
//! [`resolve_version`]) into one [`DtypeSet`] per op, so a call checks its
//! dtype with one mask test and never parses anything. The README's
//! "Backends and their dtype tables" runs a whole backend with such a table.

use super::{Backend, BackendEntry, resolve_version};
use crate::catalogue::{self, OpId, OpInfo, OpKind};
use crate::dtype::DtypeSet;
use std::collections::HashMap;

/// Whether a kernel's table lists the supported or the unsupported dtypes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableMode {
    /// No table: every valid dtype.
    All,
    /// Only the listed dtypes (Ivy's `with_supported_dtypes`).
    Supported,
    /// All but the listed dtypes (Ivy's `with_unsupported_dtypes`).
    Unsupported,
}

/// The dtype table of one kernel of a backend.
#[derive(Clone, Copy, Debug)]
pub struct KernelTable {
    /// The op the kernel implements.
    pub op: &'static str,
    /// How to read the rows.
    pub mode: TableMode,
    /// Version keys and dtype sets, in the order written.
    pub rows: &'static [(&'static str, DtypeSet)],
}

impl KernelTable {
    /// The dtypes the kernel runs for `version`, among `valid`.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::backend::{KernelTable, TableMode};
    /// use ivy::{Dtype, DtypeSet};
    /// const ROWS: &[(&str, DtypeSet)] =
    ///     &[("0.16 and below", DtypeSet::of(&[Dtype::Float16])), ("0.17 and above", DtypeSet::EMPTY)];
    /// let t = KernelTable { op: "tan", mode: TableMode::Unsupported, rows: ROWS };
    /// assert!(!t.resolve("0.15.0", DtypeSet::ALL).contains(Dtype::Float16));
    /// assert!(t.resolve("0.17.2", DtypeSet::ALL).contains(Dtype::Float16));
    /// ```
    pub fn resolve(&self, version: &str, valid: DtypeSet) -> DtypeSet {
        let rows = resolve_rows(self.rows, version);
        match self.mode {
            TableMode::All => valid,
            TableMode::Supported => valid & rows.unwrap_or(DtypeSet::ALL),
            TableMode::Unsupported => valid - rows.unwrap_or(DtypeSet::EMPTY),
        }
    }
}

/// The set a version-keyed table gives `version`; an unparsable version takes
/// the last row, as a version newer than every key does.
fn resolve_rows(rows: &[(&str, DtypeSet)], version: &str) -> Option<DtypeSet> {
    match resolve_version(rows, version) {
        Ok(v) => v.copied(),
        Err(_) => rows.last().map(|(_, s)| *s),
    }
}

/// A backend's tables resolved for its version: one mask per built-in op.
#[derive(Debug)]
pub struct Resolved {
    /// The dtypes valid on the backend.
    pub valid: DtypeSet,
    kernel: Vec<DtypeSet>,
    implemented: Vec<bool>,
    supported: Vec<DtypeSet>,
}

impl Resolved {
    pub(crate) fn resolve(backend: &dyn Backend, version: &str) -> Resolved {
        let valid = resolve_rows(backend.valid_dtypes_table(), version).unwrap_or(DtypeSet::ALL);
        let mut by_name: HashMap<&'static str, &'static KernelTable> = HashMap::new();
        for tables in crate::kernels::kernel_tables(backend) {
            for t in tables {
                by_name.insert(t.op, t);
            }
        }
        let ops = &crate::api::__catalogue::BUILTIN;
        let n = ops.len();
        let mut kernel = vec![DtypeSet::EMPTY; n];
        let mut implemented = vec![false; n];
        for (i, op) in ops.iter().enumerate() {
            if matches!(op.kind, OpKind::Primary | OpKind::Mixed)
                && let Some(t) = by_name.get(op.name)
            {
                implemented[i] = true;
                kernel[i] = spec_tables(op, backend.name(), version, t.resolve(version, valid));
            }
        }
        let mut r = Resolved {
            valid,
            kernel,
            implemented,
            supported: vec![DtypeSet::EMPTY; n],
        };
        let mut memo: HashMap<&'static str, DtypeSet> = HashMap::new();
        for (i, op) in ops.iter().enumerate() {
            r.supported[i] = r.support_of(op, backend.name(), version, &mut memo, &mut Vec::new());
        }
        r
    }

    /// The dtypes the kernel of `op` runs (empty when there is none).
    #[inline]
    pub fn kernel_mask(&self, op: OpId) -> DtypeSet {
        self.kernel
            .get(op.0 as usize)
            .copied()
            .unwrap_or(DtypeSet::EMPTY)
    }

    /// Whether the backend implements a kernel for `op`.
    #[inline]
    pub fn has_kernel(&self, op: OpId) -> bool {
        self.implemented
            .get(op.0 as usize)
            .copied()
            .unwrap_or(false)
    }

    /// The input dtypes `op` supports.
    #[inline]
    pub fn supported(&self, op: OpId) -> DtypeSet {
        self.supported
            .get(op.0 as usize)
            .copied()
            .unwrap_or(DtypeSet::EMPTY)
    }

    fn support_of(
        &self,
        op: &'static OpInfo,
        backend: &str,
        version: &str,
        memo: &mut HashMap<&'static str, DtypeSet>,
        stack: &mut Vec<&'static str>,
    ) -> DtypeSet {
        if let Some(s) = memo.get(op.name) {
            return *s;
        }
        let own = op.dtypes & self.valid;
        let kernel_path = op.id.filter(|id| self.has_kernel(*id));
        let s = match (op.kind, kernel_path) {
            (OpKind::Primary, None) => DtypeSet::EMPTY,
            (OpKind::Primary | OpKind::Mixed, Some(id)) => {
                let k = self.kernel_mask(id);
                own.iter()
                    .filter(|d| k.contains(op.kernel_dtype(*d)))
                    .collect()
            }
            (OpKind::Standalone, _) => own,
            (OpKind::Compositional, _) | (OpKind::Mixed, None) if !op.derived_dtypes => own,
            (OpKind::Compositional, _) | (OpKind::Mixed, None) => {
                if stack.contains(&op.name) {
                    return own;
                }
                stack.push(op.name);
                let mut s = own;
                for callee in op.callees {
                    if let Ok(c) = catalogue::op(callee) {
                        s = s & self.support_of(c, backend, version, memo, stack);
                    }
                }
                stack.pop();
                s
            }
        };
        let s = spec_tables(op, backend, version, s);
        memo.insert(op.name, s);
        s
    }
}

/// Apply the tables written on the spec entry for `backend`.
fn spec_tables(op: &OpInfo, backend: &str, version: &str, s: DtypeSet) -> DtypeSet {
    op.tables
        .iter()
        .filter(|t| t.backend == backend)
        .fold(s, |s, t| match resolve_rows(t.rows, version) {
            Some(rows) if t.supported => s & rows,
            Some(rows) => s - rows,
            None => s,
        })
}

/// The supported dtypes of an op that is not built in (a user's `#[op]`),
/// derived from the ops it calls.
pub fn derived_support(op: &'static OpInfo, backend: &BackendEntry) -> DtypeSet {
    let r = backend.resolved();
    let mut memo = HashMap::new();
    r.support_of(
        op,
        backend.name(),
        backend.version(),
        &mut memo,
        &mut Vec::new(),
    )
}
