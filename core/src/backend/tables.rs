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
//! Device tables sit beside them (`#[unsupported_devices("1.0 and above" =>
//! (gpu))]`, `#[unsupported_device_and_dtypes("1.0 and above" => { cpu:
//! (float16) })]`): they are resolved into the device kinds and the dtypes
//! per device kind of each op, which `function_supported_devices` and
//! `function_supported_devices_and_dtypes` report (derived for
//! compositional ops: intersection of the callees'). The cpu row of a
//! device-and-dtype table narrows the mask calls are checked against: the
//! cpu is the only device the compiled-in backends place arrays on.
//!
//! When a backend is first used, every table is resolved for its version (see
//! [`resolve_version`]) into one [`DtypeSet`] per op, so a call checks its
//! dtype with one mask test and never parses anything. The guide (page
//! `docs/guide/backends.md`) runs a whole backend with such a table.

use super::{Backend, BackendEntry, resolve_version};
use crate::catalogue::{self, OpId, OpInfo, OpKind};
use crate::device::{Device, DeviceSet};
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
    /// The kernel's device table (Ivy's `with_(un)supported_devices`).
    pub devices: DeviceTable,
    /// The kernel's device-and-dtype table (Ivy's
    /// `with_(un)supported_device_and_dtypes`).
    pub device_dtypes: DeviceDtypeTable,
}

/// A kernel's device table: version keys and device kinds.
#[derive(Clone, Copy, Debug)]
pub struct DeviceTable {
    /// How to read the rows ([`TableMode::All`]: no table).
    pub mode: TableMode,
    /// Version keys and device sets, in the order written.
    pub rows: &'static [(&'static str, DeviceSet)],
}

impl DeviceTable {
    /// No table: every device of the backend.
    pub const NONE: DeviceTable = DeviceTable {
        mode: TableMode::All,
        rows: &[],
    };

    /// The devices the kernel runs on for `version`, among `valid`.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::backend::{DeviceTable, TableMode};
    /// use ivy::DeviceSet;
    /// let t = DeviceTable { mode: TableMode::Unsupported, rows: &[("1.0 and above", DeviceSet::GPU)] };
    /// assert_eq!(t.resolve("1.2.0", DeviceSet::CPU | DeviceSet::GPU), DeviceSet::CPU);
    /// ```
    pub fn resolve(&self, version: &str, valid: DeviceSet) -> DeviceSet {
        let rows = match resolve_version(self.rows, version) {
            Ok(v) => v.copied(),
            Err(_) => self.rows.last().map(|(_, s)| *s),
        };
        match self.mode {
            TableMode::All => valid,
            TableMode::Supported => valid & rows.unwrap_or(DeviceSet::ALL),
            TableMode::Unsupported => valid - rows.unwrap_or(DeviceSet::EMPTY),
        }
    }
}

/// A kernel's device-and-dtype table: version keys and, per device kind
/// (cpu, gpu, tpu, in that order), a dtype set. Ivy's `"all"` key is
/// expanded into the three when the table is written.
#[derive(Clone, Copy, Debug)]
pub struct DeviceDtypeTable {
    /// How to read the rows ([`TableMode::All`]: no table).
    pub mode: TableMode,
    /// Version keys and the dtype set of each device kind.
    pub rows: &'static [(&'static str, [DtypeSet; 3])],
}

impl DeviceDtypeTable {
    /// No table.
    pub const NONE: DeviceDtypeTable = DeviceDtypeTable {
        mode: TableMode::All,
        rows: &[],
    };

    /// `s` (dtypes the kernel runs) narrowed for the device kind `device`
    /// (0 cpu, 1 gpu, 2 tpu) at `version`.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::backend::{DeviceDtypeTable, TableMode};
    /// use ivy::{Dtype, DtypeSet};
    /// const F16: DtypeSet = DtypeSet::of(&[Dtype::Float16]);
    /// let t = DeviceDtypeTable {
    ///     mode: TableMode::Unsupported,
    ///     rows: &[("1.0 and above", [F16, DtypeSet::EMPTY, DtypeSet::EMPTY])],
    /// };
    /// assert!(!t.apply("1.0", 0, DtypeSet::FLOAT).contains(Dtype::Float16));
    /// assert!(t.apply("1.0", 1, DtypeSet::FLOAT).contains(Dtype::Float16));
    /// ```
    pub fn apply(&self, version: &str, device: usize, s: DtypeSet) -> DtypeSet {
        let row = match resolve_version(self.rows, version) {
            Ok(v) => v.copied(),
            Err(_) => self.rows.last().map(|(_, r)| *r),
        };
        let Some(row) = row else { return s };
        let d = row.get(device).copied().unwrap_or(DtypeSet::EMPTY);
        match self.mode {
            TableMode::All => s,
            TableMode::Supported => s & d,
            TableMode::Unsupported => s - d,
        }
    }
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
    /// let t = KernelTable {
    ///     op: "tan",
    ///     mode: TableMode::Unsupported,
    ///     rows: ROWS,
    ///     devices: ivy::backend::DeviceTable::NONE,
    ///     device_dtypes: ivy::backend::DeviceDtypeTable::NONE,
    /// };
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
    /// The device kinds the backend places arrays on.
    pub valid_devices: DeviceSet,
    backend_name: &'static str,
    version: &'static str,
    /// The kernel masks on cpu (what calls are checked against: cpu is the
    /// only device the compiled-in backends place arrays on).
    kernel: Vec<DtypeSet>,
    /// The kernel masks per device kind (cpu, gpu, tpu).
    kernel_by_device: Vec<[DtypeSet; 3]>,
    kernel_devices: Vec<DeviceSet>,
    implemented: Vec<bool>,
    supported: Vec<DtypeSet>,
    supported_by_device: Vec<[DtypeSet; 3]>,
    devices: Vec<DeviceSet>,
}

impl Resolved {
    pub(crate) fn resolve(backend: &dyn Backend, version: &str) -> Resolved {
        let valid = resolve_rows(backend.valid_dtypes_table(), version).unwrap_or(DtypeSet::ALL);
        let valid_devices: DeviceSet = backend.devices().iter().copied().collect();
        let mut by_name: HashMap<&'static str, &'static KernelTable> = HashMap::new();
        for tables in crate::kernels::kernel_tables(backend) {
            for t in tables {
                by_name.insert(t.op, t);
            }
        }
        let ops = &crate::api::__catalogue::BUILTIN;
        let n = ops.len();
        let mut kernel_by_device = vec![[DtypeSet::EMPTY; 3]; n];
        let mut kernel_devices = vec![DeviceSet::EMPTY; n];
        let mut implemented = vec![false; n];
        for (i, op) in ops.iter().enumerate() {
            if matches!(op.kind, OpKind::Primary | OpKind::Mixed)
                && let Some(t) = by_name.get(op.name)
            {
                implemented[i] = true;
                let devices = t.devices.resolve(version, valid_devices);
                kernel_devices[i] = devices;
                let k = spec_tables(op, backend.name(), version, t.resolve(version, valid));
                for (d, dev) in [Device::Cpu, Device::Gpu(0), Device::Tpu(0)]
                    .into_iter()
                    .enumerate()
                {
                    kernel_by_device[i][d] = if devices.contains(dev) {
                        t.device_dtypes.apply(version, d, k)
                    } else {
                        DtypeSet::EMPTY
                    };
                }
            }
        }
        let mut r = Resolved {
            valid,
            valid_devices,
            backend_name: backend.name(),
            version: backend.version(),
            kernel: kernel_by_device.iter().map(|k| k[0]).collect(),
            kernel_by_device,
            kernel_devices,
            implemented,
            supported: vec![DtypeSet::EMPTY; n],
            supported_by_device: vec![[DtypeSet::EMPTY; 3]; n],
            devices: vec![DeviceSet::EMPTY; n],
        };
        let mut memo: HashMap<&'static str, DeviceSet> = HashMap::new();
        for (i, op) in ops.iter().enumerate() {
            r.devices[i] = r.devices_of(op, &mut memo, &mut Vec::new());
        }
        for d in 0..3 {
            let mut memo: HashMap<&'static str, DtypeSet> = HashMap::new();
            for (i, op) in ops.iter().enumerate() {
                let s = r.support_of(op, d, backend.name(), version, &mut memo, &mut Vec::new());
                r.supported_by_device[i][d] = s;
            }
        }
        r.supported = r.supported_by_device.iter().map(|s| s[0]).collect();
        r
    }

    /// The device kinds `op` runs on (a primary op: its kernel's device
    /// table; a compositional one: the intersection over the ops it calls).
    fn devices_of(
        &self,
        op: &'static OpInfo,
        memo: &mut HashMap<&'static str, DeviceSet>,
        stack: &mut Vec<&'static str>,
    ) -> DeviceSet {
        if let Some(s) = memo.get(op.name) {
            return *s;
        }
        let kernel_path = op.id.filter(|id| self.has_kernel(*id));
        let s = match (op.kind, kernel_path) {
            (OpKind::Primary, None) => DeviceSet::EMPTY,
            (OpKind::Primary | OpKind::Mixed, Some(id)) => self
                .kernel_devices
                .get(id.0 as usize)
                .copied()
                .unwrap_or(DeviceSet::EMPTY),
            (OpKind::Standalone, _) => self.valid_devices,
            (OpKind::Compositional, _) | (OpKind::Mixed, None) => {
                if stack.contains(&op.name) {
                    return self.valid_devices;
                }
                stack.push(op.name);
                let mut s = self.valid_devices;
                for callee in op.callees {
                    if let Ok(c) = catalogue::op(callee) {
                        s = s & self.devices_of(c, memo, stack);
                    }
                }
                stack.pop();
                s
            }
        };
        let s = spec_device_tables(op, self.backend_name, self.version, s);
        memo.insert(op.name, s);
        s
    }

    /// The dtypes the kernel of `op` runs (empty when there is none).
    #[inline]
    pub fn kernel_mask(&self, op: OpId) -> DtypeSet {
        self.kernel
            .get(op.0 as usize)
            .copied()
            .unwrap_or(DtypeSet::EMPTY)
    }

    /// The device kinds `op` runs on.
    #[inline]
    pub fn devices(&self, op: OpId) -> DeviceSet {
        self.devices
            .get(op.0 as usize)
            .copied()
            .unwrap_or(DeviceSet::EMPTY)
    }

    /// The input dtypes `op` supports on each device kind (cpu, gpu, tpu);
    /// empty for a device it does not run on.
    #[inline]
    pub fn supported_by_device(&self, op: OpId) -> [DtypeSet; 3] {
        let devices = self.devices(op);
        let mut s = self
            .supported_by_device
            .get(op.0 as usize)
            .copied()
            .unwrap_or([DtypeSet::EMPTY; 3]);
        for (i, dev) in [Device::Cpu, Device::Gpu(0), Device::Tpu(0)]
            .into_iter()
            .enumerate()
        {
            if !devices.contains(dev) {
                s[i] = DtypeSet::EMPTY;
            }
        }
        s
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
        device: usize,
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
                let k = self
                    .kernel_by_device
                    .get(id.0 as usize)
                    .map(|k| k[device])
                    .unwrap_or(DtypeSet::EMPTY);
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
                        s = s & self.support_of(c, device, backend, version, memo, stack);
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

/// Apply the device tables written on the spec entry for `backend`.
fn spec_device_tables(op: &OpInfo, backend: &str, version: &str, s: DeviceSet) -> DeviceSet {
    op.device_tables
        .iter()
        .filter(|t| t.backend == backend)
        .fold(s, |s, t| {
            let rows = match resolve_version(t.rows, version) {
                Ok(v) => v.copied(),
                Err(_) => t.rows.last().map(|(_, r)| *r),
            };
            match rows {
                Some(rows) if t.supported => s & rows,
                Some(rows) => s - rows,
                None => s,
            }
        })
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
    derived_support_on(op, backend, 0)
}

/// [`derived_support`] on one device kind (0 cpu, 1 gpu, 2 tpu).
pub fn derived_support_on(op: &'static OpInfo, backend: &BackendEntry, device: usize) -> DtypeSet {
    let r = backend.resolved();
    let mut memo = HashMap::new();
    r.support_of(
        op,
        device,
        backend.name(),
        backend.version(),
        &mut memo,
        &mut Vec::new(),
    )
}

/// The device kinds an op that is not built in (a user's `#[op]`) runs on,
/// derived from the ops it calls.
pub fn derived_devices(op: &'static OpInfo, backend: &BackendEntry) -> DeviceSet {
    backend
        .resolved()
        .devices_of(op, &mut HashMap::new(), &mut Vec::new())
}
