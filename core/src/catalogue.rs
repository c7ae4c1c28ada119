//! The op catalogue: every op with its kind, category, nestability,
//! differentiability, dtypes and signature, generated from the spec (and from
//! every `#[op]` in the program). Tests, docs and tools read it instead of
//! keeping their own lists, and [`call`] runs any op by name.
//!
//! ```
//! # extern crate ivy_ndarray;
//! # extern crate ivy_core as ivy;
//! use ivy::catalogue::{self, OpKind};
//! let tan = catalogue::op("tan")?;
//! assert_eq!(tan.kind, OpKind::Primary);
//! assert_eq!(tan.category, "elementwise");
//! let on_ndarray = tan.supported_dtypes(ivy::current_backend());
//! assert!(on_ndarray.contains(ivy::Dtype::Float32));
//! assert!(catalogue::ops().count() >= 80);
//! # Ok::<(), ivy::Error>(())
//! ```

use crate::args::{ArrayLike, Contraction, Ints, Splits};
use crate::array::Array;
use crate::backend::BackendEntry;
use crate::device::{Device, DeviceSet};
use crate::dtype::{Dtype, DtypeSet};
use crate::error::{Error, Result};
use crate::index::Index;
use crate::scalar::Scalar;
use crate::shape::Shape;

pub use crate::api::__catalogue::{builtin, ids};

/// Index of a built-in op (primary, mixed and compositional ops of the spec);
/// backends resolve one dtype mask per id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpId(pub u16);

/// How an op meets containers (seed 001's nestable and container-dependent
/// functions).
///
/// ```
/// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
/// use ivy::catalogue::Nestability;
/// assert_eq!(ivy::catalogue::op("tan")?.nestability, Nestability::Nestable);
/// let mha = ivy::catalogue::op("multi_head_attention")?;
/// assert_eq!(mha.nestability, Nestability::ContainerDependent);
/// assert!(!mha.nestability.is_nestable());
/// assert_eq!(mha.nestability.name(), "container-dependent");
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Nestability {
    /// A container may stand for any array argument: the op runs at every
    /// leaf and returns containers.
    Nestable,
    /// Arrays and scalars only (a container is a compile error).
    NotNestable,
    /// Has `Container` parameters, whose arguments, if given, are
    /// containers taken whole (many containers to one result); its array
    /// arguments take arrays and scalars only. Never nestable.
    ContainerDependent,
}

impl Nestability {
    /// Whether a container may stand for an array argument.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// assert!(ivy::catalogue::Nestability::Nestable.is_nestable());
    /// ```
    pub fn is_nestable(self) -> bool {
        self == Nestability::Nestable
    }

    /// Its name in docs and tables: `nestable`, `not nestable` or
    /// `container-dependent`.
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// assert_eq!(ivy::catalogue::Nestability::NotNestable.name(), "not nestable");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Nestability::Nestable => "nestable",
            Nestability::NotNestable => "not nestable",
            Nestability::ContainerDependent => "container-dependent",
        }
    }
}

/// How an op is implemented (Ivy's function types).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpKind {
    /// A kernel per backend.
    Primary,
    /// Written in terms of other ops.
    Compositional,
    /// A kernel on some backends and a compositional fallback.
    Mixed,
    /// Calls no other op.
    Standalone,
}

impl OpKind {
    /// Its name in docs and tables: `primary`, `compositional`, `mixed` or
    /// `standalone`.
    ///
    /// ```
    /// # extern crate ivy_core as ivy; extern crate ivy_ndarray;
    /// assert_eq!(ivy::catalogue::op("tan")?.kind.name(), "primary");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            OpKind::Primary => "primary",
            OpKind::Compositional => "compositional",
            OpKind::Mixed => "mixed",
            OpKind::Standalone => "standalone",
        }
    }
}

/// Whether gradients flow through an op.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Differentiability {
    /// The op has a derivative.
    Yes,
    /// The op is stated not differentiable: a gradient through it is an error.
    No,
    /// Differentiable when every op it calls is (compositional ops).
    Derived,
    /// Computes no array (standalone functions).
    NotApplicable,
}

/// Where an input cast goes: the default dtype of a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

impl CastTarget {
    /// The dtype it means with the current defaults.
    pub fn dtype(self) -> Dtype {
        match self {
            CastTarget::Float => crate::dtype::default_float_dtype(),
            CastTarget::Int => crate::dtype::default_int_dtype(),
            CastTarget::Bool => Dtype::Bool,
            CastTarget::Complex => crate::dtype::default_complex_dtype(),
        }
    }
}

/// How the output dtype follows the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutRule {
    /// The dtype of the (promoted, cast) input.
    Same,
    /// `bool`.
    Bool,
    /// The real dtype of the same precision.
    Real,
    /// The resolved `dtype` argument.
    DtypeParam,
    /// `int64`.
    Index,
    /// Several outputs, each of the input's dtype.
    SameEach,
    /// Described on the op.
    Custom,
}

/// One parameter of an op.
#[derive(Clone, Copy, Debug)]
pub struct ParamInfo {
    /// Its name.
    pub name: &'static str,
    /// Its kind in the spec (`Array`, `Axes`, `Option<Dtype>`, ...).
    pub kind: &'static str,
    /// The default, for keyword parameters (as written in the spec).
    pub default: Option<&'static str>,
}

impl ParamInfo {
    /// Whether it is a keyword parameter.
    pub fn is_keyword(&self) -> bool {
        self.default.is_some()
    }
}

/// A version-keyed dtype table written on a spec entry for one backend.
#[derive(Clone, Copy, Debug)]
pub struct SpecTable {
    /// The backend it applies to.
    pub backend: &'static str,
    /// Whether the rows list supported (else unsupported) dtypes.
    pub supported: bool,
    /// Version keys and dtype sets.
    pub rows: &'static [(&'static str, DtypeSet)],
}

/// A device table written on a spec entry for one backend (Ivy's
/// `unsupported_devices` attribute of a compositional function).
#[derive(Debug, Clone, Copy)]
pub struct SpecDeviceTable {
    /// The backend it applies to.
    pub backend: &'static str,
    /// Whether the rows list supported (else unsupported) device kinds.
    pub supported: bool,
    /// Version keys and device sets.
    pub rows: &'static [(&'static str, DeviceSet)],
}

/// Everything the catalogue knows about one op.
#[derive(Debug)]
pub struct OpInfo {
    /// Its name, as in Ivy.
    pub name: &'static str,
    /// Its index, for built-in ops.
    pub id: Option<OpId>,
    /// How it is implemented.
    pub kind: OpKind,
    /// Its category (the module it lives in).
    pub category: &'static str,
    /// Whether Containers may stand in for its array arguments, or are
    /// taken whole by its `Container` parameters.
    pub nestability: Nestability,
    /// Whether gradients flow through it.
    pub differentiable: Differentiability,
    /// Whether Ivy counts it as a convenience function.
    pub convenience: bool,
    /// The dtypes it accepts before any backend is considered.
    pub dtypes: DtypeSet,
    /// Whether its dtypes are derived from the ops it calls (a compositional
    /// op that does not state them) rather than stated in its entry.
    pub derived_dtypes: bool,
    /// Input casts before the kernel.
    pub casts: &'static [(DtypeSet, CastTarget)],
    /// How the output dtype follows.
    pub out: OutRule,
    /// Ops its body calls (compositional and mixed ops).
    pub callees: &'static [&'static str],
    /// Its parameters.
    pub params: &'static [ParamInfo],
    /// Its return type.
    pub returns: &'static str,
    /// The first paragraph of its docs.
    pub summary: &'static str,
    /// Dtype tables written on the spec entry, per backend.
    pub tables: &'static [SpecTable],
    /// Device tables written on the spec entry, per backend.
    pub device_tables: &'static [SpecDeviceTable],
    /// Run it with dynamic arguments (not for standalone functions).
    pub call: Option<CallFn>,
    /// Run it with dynamic arguments and a container in place of one array
    /// operand (nestable ops).
    pub call_nested: Option<NestedCallFn>,
    /// Arguments for a call on inputs of a dtype (what the catalogue-driven
    /// tests use).
    #[doc(hidden)]
    pub sample: Option<fn(Dtype) -> CallArgs>,
}

/// How the catalogue runs an op on dynamic arguments: every output array, in
/// order.
///
/// ```
/// # extern crate ivy_ndarray;
/// # extern crate ivy_core as ivy;
/// let call: Option<ivy::catalogue::CallFn> = ivy::catalogue::op("tan")?.call;
/// assert!(call.is_some());
/// # Ok::<(), ivy::Error>(())
/// ```
pub type CallFn = fn(&CallArgs) -> Result<Vec<Array>>;

/// How the catalogue runs a nestable op with a container in place of its
/// `pos`-th array parameter (counting the `Array` and `Arrays` parameters
/// only; a list becomes a list of that container, as long as the list in
/// the `CallArgs`): every output container, in order. The other arguments
/// come from the `CallArgs`.
///
/// ```
/// # extern crate ivy_ndarray;
/// # extern crate ivy_core as ivy;
/// use ivy::catalogue::CallArgs;
/// let c = ivy::container! { a: [1.0, 2.0], b: { c: 3.0 } };
/// let call = ivy::catalogue::op("add")?.call_nested.expect("add is nestable");
/// let out = call(&CallArgs::new().arg(ivy::array![0.0]).arg(ivy::array![10.0]), 1, &c)?;
/// assert_eq!(out[0].leaf("b/c")?.to_vec::<f32>()?, vec![3.0]);
///
/// // A list position: `concat` of `[d, d]`.
/// let d = ivy::container! { a: [1.0, 2.0], b: { c: [3.0] } };
/// let concat = ivy::catalogue::op("concat")?.call_nested.expect("concat is nestable");
/// let out = concat(&CallArgs::new().arg(vec![ivy::array![0.0], ivy::array![0.0]]), 0, &d)?;
/// assert_eq!(out[0].leaf("a")?.to_vec::<f32>()?, vec![1.0, 2.0, 1.0, 2.0]);
/// assert_eq!(out[0].leaf("b/c")?.to_vec::<f32>()?, vec![3.0, 3.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub type NestedCallFn = fn(&CallArgs, usize, &crate::Container) -> Result<Vec<crate::Container>>;

/// What a nestable op returns over containers, as a list of containers.
pub trait IntoContainers {
    /// The containers.
    fn into_containers(self) -> Vec<crate::Container>;
}

impl IntoContainers for crate::Container {
    fn into_containers(self) -> Vec<crate::Container> {
        vec![self]
    }
}

impl IntoContainers for Vec<crate::Container> {
    fn into_containers(self) -> Vec<crate::Container> {
        self
    }
}

macro_rules! into_containers_tuple {
    ($($i:tt),*) => {
        impl IntoContainers for ($(into_containers_tuple!(@c $i),)*) {
            fn into_containers(self) -> Vec<crate::Container> {
                vec![$(self.$i),*]
            }
        }
    };
    (@c $i:tt) => { crate::Container };
}
into_containers_tuple!(0, 1);
into_containers_tuple!(0, 1, 2);
into_containers_tuple!(0, 1, 2, 3);

impl OpInfo {
    /// The dtypes the op supports on `backend` (Ivy's
    /// `function_supported_dtypes`): its own dtypes, valid on the backend,
    /// whose (cast) kernel dtype the backend's tables allow; for compositional
    /// ops that do not state their dtypes, the intersection over the ops they
    /// call (Ivy's derivation).
    pub fn supported_dtypes(&'static self, backend: &BackendEntry) -> DtypeSet {
        match self.id {
            Some(id) => backend.supported_dtypes(id),
            None => crate::backend::derived_support(self, backend),
        }
    }

    /// The valid dtypes the op does not support on `backend`.
    pub fn unsupported_dtypes(&'static self, backend: &BackendEntry) -> DtypeSet {
        DtypeSet::ALL - self.supported_dtypes(backend)
    }

    /// The device kinds the op runs on with `backend` (Ivy's
    /// `function_supported_devices`): a primary op's kernel device table
    /// among the backend's devices; for compositional ops, the
    /// intersection over the ops they call.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let op = ivy::catalogue::op("tan")?;
    /// assert_eq!(op.supported_devices(ivy::current_backend()), ivy::DeviceSet::CPU);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn supported_devices(&'static self, backend: &BackendEntry) -> DeviceSet {
        match self.id {
            Some(id) => backend.resolved().devices(id),
            None => crate::backend::derived_devices(self, backend),
        }
    }

    /// The device kinds (of cpu, gpu, tpu) the op does not run on with
    /// `backend`.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let op = ivy::catalogue::op("tan")?;
    /// assert!(op.unsupported_devices(ivy::current_backend()).contains(ivy::Device::Gpu(0)));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn unsupported_devices(&'static self, backend: &BackendEntry) -> DeviceSet {
        DeviceSet::ALL - self.supported_devices(backend)
    }

    /// The input dtypes on each device kind (cpu, gpu, tpu; empty where the
    /// op does not run).
    fn dtypes_by_device(&'static self, backend: &BackendEntry) -> [DtypeSet; 3] {
        match self.id {
            Some(id) => backend.resolved().supported_by_device(id),
            None => {
                let devices = self.supported_devices(backend);
                let mut out = [DtypeSet::EMPTY; 3];
                for d in devices.iter() {
                    let i = DeviceSet::index(d);
                    out[i] = crate::backend::derived_support_on(self, backend, i);
                }
                out
            }
        }
    }

    /// The supported dtypes per supported device kind (Ivy's
    /// `function_supported_devices_and_dtypes`, a dict device -> dtypes):
    /// the op's dtype table narrowed by its kernel's device-and-dtype
    /// table; for compositional ops, intersected over the ops they call.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let op = ivy::catalogue::op("bitwise_and")?;
    /// let by_device = op.supported_devices_and_dtypes(ivy::current_backend());
    /// assert_eq!(by_device.len(), 1);
    /// let (device, dtypes) = by_device[0];
    /// assert_eq!(device, ivy::Device::Cpu);
    /// assert!(dtypes.contains(ivy::Dtype::Int8) && !dtypes.contains(ivy::Dtype::Float32));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn supported_devices_and_dtypes(
        &'static self,
        backend: &BackendEntry,
    ) -> Vec<(Device, DtypeSet)> {
        let per = self.dtypes_by_device(backend);
        self.supported_devices(backend)
            .iter()
            .map(|d| (d, per[DeviceSet::index(d)]))
            .collect()
    }

    /// The unsupported dtypes per device kind, for every kind (cpu, gpu,
    /// tpu): every dtype on a device the op does not run on (Ivy's
    /// `function_unsupported_devices_and_dtypes`).
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// let op = ivy::catalogue::op("tan")?;
    /// let by_device = op.unsupported_devices_and_dtypes(ivy::current_backend());
    /// assert_eq!(by_device[1], (ivy::Device::Gpu(0), ivy::DtypeSet::ALL));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn unsupported_devices_and_dtypes(
        &'static self,
        backend: &BackendEntry,
    ) -> Vec<(Device, DtypeSet)> {
        let per = self.dtypes_by_device(backend);
        DeviceSet::ALL
            .iter()
            .map(|d| (d, DtypeSet::ALL - per[DeviceSet::index(d)]))
            .collect()
    }

    /// The dtype an input of `dtype` reaches the kernel as, after the op's
    /// casts (with the current default dtypes).
    pub fn kernel_dtype(&self, dtype: Dtype) -> Dtype {
        self.casts
            .iter()
            .find(|(set, _)| set.contains(dtype))
            .map(|(_, t)| t.dtype())
            .unwrap_or(dtype)
    }

    /// Run the op with dynamic arguments.
    ///
    /// ```
    /// # extern crate ivy_ndarray;
    /// # extern crate ivy_core as ivy;
    /// use ivy::catalogue::{self, CallArgs};
    /// let x = ivy::array![[1.0, 2.0], [3.0, 4.0]];
    /// let out = catalogue::op("sum")?.call(&CallArgs::new().arg(x).kwarg("axis", 0))?;
    /// assert_eq!(out[0].to_vec::<f32>()?, vec![4.0, 6.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn call(&self, args: &CallArgs) -> Result<Vec<Array>> {
        match self.call {
            Some(f) => f(args),
            None => Err(Error::invalid(
                self.name,
                "this function cannot be called dynamically",
            )),
        }
    }
}

/// The user ops of the program (`#[op]` registers each here).
#[linkme::distributed_slice]
pub static USER_OPS: [&'static OpInfo];

/// Every op: the built-in ones in spec order, then the `#[op]` ops of the
/// program.
pub fn ops() -> impl Iterator<Item = &'static OpInfo> {
    crate::api::__catalogue::BUILTIN
        .iter()
        .copied()
        .chain(USER_OPS.iter().copied())
}

/// The op named `name`.
pub fn op(name: &str) -> Result<&'static OpInfo> {
    ops()
        .find(|o| o.name == name)
        .ok_or_else(|| Error::UnknownOp {
            name: name.to_string(),
        })
}

/// Ivy's `function_supported_dtypes`, on the current backend.
///
/// ```
/// # extern crate ivy_ndarray;
/// # extern crate ivy_core as ivy;
/// let s = ivy::function_supported_dtypes("bitwise_and")?;
/// assert!(s.contains(ivy::Dtype::Int8) && !s.contains(ivy::Dtype::Float32));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn function_supported_dtypes(name: &str) -> Result<DtypeSet> {
    Ok(op(name)?.supported_dtypes(crate::backend::current_backend()))
}

/// Ivy's `function_unsupported_dtypes`, on the current backend.
///
/// ```
/// # extern crate ivy_ndarray;
/// # extern crate ivy_core as ivy;
/// let u = ivy::function_unsupported_dtypes("bitwise_and")?;
/// assert!(u.contains(ivy::Dtype::Float32));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn function_unsupported_dtypes(name: &str) -> Result<DtypeSet> {
    Ok(op(name)?.unsupported_dtypes(crate::backend::current_backend()))
}

/// Ivy's `function_supported_devices`, on the current backend.
///
/// ```
/// # extern crate ivy_ndarray;
/// # extern crate ivy_core as ivy;
/// assert_eq!(ivy::function_supported_devices("tan")?, ivy::DeviceSet::CPU);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn function_supported_devices(name: &str) -> Result<DeviceSet> {
    Ok(op(name)?.supported_devices(crate::backend::current_backend()))
}

/// Ivy's `function_unsupported_devices`, on the current backend.
///
/// ```
/// # extern crate ivy_ndarray;
/// # extern crate ivy_core as ivy;
/// assert_eq!(ivy::function_unsupported_devices("tan")?, ivy::DeviceSet::GPU | ivy::DeviceSet::TPU);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn function_unsupported_devices(name: &str) -> Result<DeviceSet> {
    Ok(op(name)?.unsupported_devices(crate::backend::current_backend()))
}

/// Ivy's `function_supported_devices_and_dtypes`, on the current backend:
/// each supported device kind with its dtypes.
///
/// ```
/// # extern crate ivy_ndarray;
/// # extern crate ivy_core as ivy;
/// let s = ivy::function_supported_devices_and_dtypes("tan")?;
/// assert_eq!(s[0].0, ivy::Device::Cpu);
/// assert_eq!(s[0].1, ivy::function_supported_dtypes("tan")?);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn function_supported_devices_and_dtypes(name: &str) -> Result<Vec<(Device, DtypeSet)>> {
    Ok(op(name)?.supported_devices_and_dtypes(crate::backend::current_backend()))
}

/// Ivy's `function_unsupported_devices_and_dtypes`, on the current
/// backend: every device kind with the dtypes the op does not take there.
///
/// ```
/// # extern crate ivy_ndarray;
/// # extern crate ivy_core as ivy;
/// let u = ivy::function_unsupported_devices_and_dtypes("bitwise_and")?;
/// assert!(u[0].1.contains(ivy::Dtype::Float32));
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn function_unsupported_devices_and_dtypes(name: &str) -> Result<Vec<(Device, DtypeSet)>> {
    Ok(op(name)?.unsupported_devices_and_dtypes(crate::backend::current_backend()))
}

/// Run the op `name` with dynamic arguments.
///
/// ```
/// # extern crate ivy_ndarray;
/// # extern crate ivy_core as ivy;
/// use ivy::catalogue::CallArgs;
/// let out = ivy::catalogue::call("zeros", &CallArgs::new().arg([2usize, 3]))?;
/// assert_eq!(out[0].shape().dims(), &[2, 3]);
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn call(name: &str, args: &CallArgs) -> Result<Vec<Array>> {
    op(name)?.call(args)
}

/// A dynamically typed argument.
#[derive(Clone, Debug)]
pub enum Value {
    /// `None` (for optional parameters).
    None,
    /// An array.
    Array(Array),
    /// Several arrays.
    Arrays(Vec<Array>),
    /// A scalar (a Rust number).
    Scalar(Scalar),
    /// A list of integers (axes, a shape).
    Ints(Ints),
    /// How to split.
    Splits(Splits),
    /// What `tensordot` contracts.
    Contraction(Contraction),
    /// An index (`get_item`, `set_item`).
    Index(Index),
    /// A dtype.
    Dtype(Dtype),
    /// A device.
    Device(Device),
    /// A string option.
    Str(String),
    /// A container, for a `Container` parameter of a container-dependent op.
    Container(crate::Container),
}

impl From<crate::Container> for Value {
    fn from(c: crate::Container) -> Value {
        Value::Container(c)
    }
}

impl From<&crate::Container> for Value {
    fn from(c: &crate::Container) -> Value {
        Value::Container(c.clone())
    }
}

impl FromValue for crate::Container {
    fn from_value(op: &str, param: &str, v: &Value) -> Result<crate::Container> {
        match v {
            Value::Container(c) => Ok(c.clone()),
            other => Err(mismatch(op, param, "a container", other)),
        }
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::Str(s.to_string())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::Str(s)
    }
}

impl FromValue for String {
    fn from_value(op: &str, param: &str, v: &Value) -> Result<String> {
        match v {
            Value::Str(s) => Ok(s.clone()),
            other => Err(mismatch(op, param, "a string", other)),
        }
    }
}

macro_rules! value_from_scalar {
    ($($t:ty),*) => {$(
        impl From<$t> for Value {
            fn from(v: $t) -> Value { Value::Scalar(Scalar::from(v)) }
        }
    )*};
}
value_from_scalar!(
    bool, i8, i16, i32, i64, u8, u16, u32, u64, usize, f32, f64, Scalar
);

impl From<Array> for Value {
    fn from(a: Array) -> Value {
        Value::Array(a)
    }
}

impl From<&Array> for Value {
    fn from(a: &Array) -> Value {
        Value::Array(a.clone())
    }
}

impl From<Vec<Array>> for Value {
    fn from(a: Vec<Array>) -> Value {
        Value::Arrays(a)
    }
}

impl<const N: usize> From<[usize; N]> for Value {
    fn from(v: [usize; N]) -> Value {
        Value::Ints(Ints::from(v))
    }
}

impl<const N: usize> From<[i64; N]> for Value {
    fn from(v: [i64; N]) -> Value {
        Value::Ints(Ints::from(v))
    }
}

impl<const N: usize> From<[i32; N]> for Value {
    fn from(v: [i32; N]) -> Value {
        Value::Ints(Ints::from(v))
    }
}

impl From<Ints> for Value {
    fn from(v: Ints) -> Value {
        Value::Ints(v)
    }
}

impl From<Shape> for Value {
    fn from(s: Shape) -> Value {
        Value::Ints(Ints::from(&s))
    }
}

impl From<crate::Padding> for Value {
    fn from(p: crate::Padding) -> Value {
        Value::Str(p.as_str().to_string())
    }
}

impl FromValue for crate::Padding {
    fn from_value(op: &str, param: &str, v: &Value) -> Result<crate::Padding> {
        match v {
            Value::Str(s) => Ok(crate::Padding::from(s.as_str())),
            Value::Scalar(Scalar::Int(i)) => Ok(crate::Padding::from(*i as i64)),
            other => Err(mismatch(
                op,
                param,
                "a padding (a string or a number)",
                other,
            )),
        }
    }
}

impl From<Contraction> for Value {
    fn from(c: Contraction) -> Value {
        Value::Contraction(c)
    }
}

impl FromValue for Contraction {
    fn from_value(op: &str, param: &str, v: &Value) -> Result<Contraction> {
        match v {
            Value::Contraction(c) => Ok(c.clone()),
            Value::Scalar(Scalar::Int(i)) => Ok(Contraction::Count(*i as i64)),
            other => Err(mismatch(
                op,
                param,
                "a number of axes or a pair of axis lists",
                other,
            )),
        }
    }
}

impl From<Splits> for Value {
    fn from(s: Splits) -> Value {
        Value::Splits(s)
    }
}

impl From<Index> for Value {
    fn from(i: Index) -> Value {
        Value::Index(i)
    }
}

impl From<Dtype> for Value {
    fn from(d: Dtype) -> Value {
        Value::Dtype(d)
    }
}

impl From<Device> for Value {
    fn from(d: Device) -> Value {
        Value::Device(d)
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map(Into::into).unwrap_or(Value::None)
    }
}

/// Converting a [`Value`] into an argument type, naming the op and parameter
/// when it does not fit.
pub trait FromValue: Sized {
    /// The conversion.
    fn from_value(op: &str, param: &str, v: &Value) -> Result<Self>;
}

fn mismatch(op: &str, param: &str, want: &str, v: &Value) -> Error {
    Error::invalid(op, format!("argument `{param}` expects {want}, got {v:?}"))
}

impl FromValue for Array {
    fn from_value(op: &str, param: &str, v: &Value) -> Result<Array> {
        match v {
            Value::Array(a) => Ok(a.clone()),
            other => Err(mismatch(op, param, "an array", other)),
        }
    }
}

impl FromValue for ArrayLike {
    fn from_value(op: &str, param: &str, v: &Value) -> Result<ArrayLike> {
        match v {
            Value::Array(a) => Ok(ArrayLike::Array(a.clone())),
            Value::Scalar(s) => Ok(ArrayLike::Scalar(*s)),
            other => Err(mismatch(op, param, "an array or a scalar", other)),
        }
    }
}

impl FromValue for Vec<Array> {
    fn from_value(op: &str, param: &str, v: &Value) -> Result<Vec<Array>> {
        match v {
            Value::Arrays(a) => Ok(a.clone()),
            Value::Array(a) => Ok(vec![a.clone()]),
            other => Err(mismatch(op, param, "a list of arrays", other)),
        }
    }
}

impl FromValue for Ints {
    fn from_value(op: &str, param: &str, v: &Value) -> Result<Ints> {
        match v {
            Value::Ints(i) => Ok(i.clone()),
            Value::Scalar(Scalar::Int(i)) => Ok(Ints::from(*i as i64)),
            other => Err(mismatch(op, param, "a list of integers", other)),
        }
    }
}

impl FromValue for Shape {
    fn from_value(op: &str, param: &str, v: &Value) -> Result<Shape> {
        let ints = Ints::from_value(op, param, v)?;
        ints.as_slice()
            .iter()
            .map(|&d| {
                usize::try_from(d)
                    .map_err(|_| mismatch(op, param, "a shape of non-negative sizes", v))
            })
            .collect()
    }
}

impl FromValue for Splits {
    fn from_value(op: &str, param: &str, v: &Value) -> Result<Splits> {
        match v {
            Value::Splits(s) => Ok(s.clone()),
            Value::Scalar(Scalar::Int(i)) if *i >= 0 => Ok(Splits::Sections(*i as usize)),
            Value::Ints(i) => Ok(Splits::Sizes(
                Shape::from_value(op, param, &Value::Ints(i.clone()))?.to_vec(),
            )),
            other => Err(mismatch(
                op,
                param,
                "a number of sections or a list of sizes",
                other,
            )),
        }
    }
}

impl FromValue for Index {
    fn from_value(op: &str, param: &str, v: &Value) -> Result<Index> {
        match v {
            Value::Index(i) => Ok(i.clone()),
            Value::Scalar(Scalar::Int(i)) => i64::try_from(*i)
                .map(Index::from)
                .map_err(|_| mismatch(op, param, "an index", v)),
            Value::Array(a) => Ok(Index::from(a)),
            other => Err(mismatch(op, param, "an index", other)),
        }
    }
}

impl FromValue for Dtype {
    fn from_value(op: &str, param: &str, v: &Value) -> Result<Dtype> {
        match v {
            Value::Dtype(d) => Ok(*d),
            other => Err(mismatch(op, param, "a dtype", other)),
        }
    }
}

impl FromValue for Device {
    fn from_value(op: &str, param: &str, v: &Value) -> Result<Device> {
        match v {
            Value::Device(d) => Ok(*d),
            other => Err(mismatch(op, param, "a device", other)),
        }
    }
}

impl FromValue for Scalar {
    fn from_value(op: &str, param: &str, v: &Value) -> Result<Scalar> {
        match v {
            Value::Scalar(s) => Ok(*s),
            other => Err(mismatch(op, param, "a scalar", other)),
        }
    }
}

impl FromValue for bool {
    fn from_value(op: &str, param: &str, v: &Value) -> Result<bool> {
        match v {
            Value::Scalar(Scalar::Bool(b)) => Ok(*b),
            other => Err(mismatch(op, param, "a bool", other)),
        }
    }
}

impl FromValue for i64 {
    fn from_value(op: &str, param: &str, v: &Value) -> Result<i64> {
        match v {
            Value::Scalar(Scalar::Int(i)) => {
                i64::try_from(*i).map_err(|_| mismatch(op, param, "an i64", v))
            }
            other => Err(mismatch(op, param, "an integer", other)),
        }
    }
}

impl FromValue for usize {
    fn from_value(op: &str, param: &str, v: &Value) -> Result<usize> {
        match v {
            Value::Scalar(Scalar::Int(i)) => {
                usize::try_from(*i).map_err(|_| mismatch(op, param, "a non-negative integer", v))
            }
            other => Err(mismatch(op, param, "a non-negative integer", other)),
        }
    }
}

impl FromValue for f64 {
    fn from_value(op: &str, param: &str, v: &Value) -> Result<f64> {
        match v {
            Value::Scalar(s @ (Scalar::Float(_) | Scalar::Int(_))) => Ok(s.to_f64()),
            other => Err(mismatch(op, param, "a number", other)),
        }
    }
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(op: &str, param: &str, v: &Value) -> Result<Option<T>> {
        match v {
            Value::None => Ok(None),
            other => T::from_value(op, param, other).map(Some),
        }
    }
}

/// Dynamic arguments: positional ones in order and keyword ones by name.
///
/// ```
/// # extern crate ivy_core as ivy;
/// use ivy::catalogue::CallArgs;
/// let a = CallArgs::new().arg(1.5).kwarg("keepdims", true);
/// assert_eq!(a.positional().len(), 1);
/// assert!(a.keyword("keepdims").is_some());
/// ```
#[derive(Clone, Debug, Default)]
pub struct CallArgs {
    positional: Vec<Value>,
    keyword: Vec<(String, Value)>,
}

impl CallArgs {
    /// No arguments.
    pub fn new() -> CallArgs {
        CallArgs::default()
    }

    /// Add a positional argument.
    #[must_use]
    pub fn arg(mut self, v: impl Into<Value>) -> CallArgs {
        self.positional.push(v.into());
        self
    }

    /// Add (or replace) a keyword argument.
    #[must_use]
    pub fn kwarg(mut self, name: &str, v: impl Into<Value>) -> CallArgs {
        self.keyword.retain(|(n, _)| n != name);
        self.keyword.push((name.to_string(), v.into()));
        self
    }

    /// The positional arguments.
    pub fn positional(&self) -> &[Value] {
        &self.positional
    }

    /// These arguments with the `i`-th positional one replaced (appended
    /// when there are only `i`).
    ///
    /// ```
    /// # extern crate ivy_core as ivy;
    /// use ivy::catalogue::{CallArgs, Value};
    /// let a = CallArgs::new().arg(1).arg(2).with_arg(0, 5);
    /// assert!(matches!(a.positional()[0], Value::Scalar(s) if s.to_f64() == 5.0));
    /// ```
    #[must_use]
    pub fn with_arg(mut self, i: usize, v: impl Into<Value>) -> CallArgs {
        match self.positional.get_mut(i) {
            Some(slot) => *slot = v.into(),
            None => self.positional.push(v.into()),
        }
        self
    }

    /// The keyword argument `name`.
    pub fn keyword(&self, name: &str) -> Option<&Value> {
        self.keyword.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// Check the counts and names against an op's parameters.
    pub fn expect(&self, op: &str, positional: &[&str], keyword: &[&str]) -> Result<()> {
        if self.positional.len() != positional.len() {
            return Err(Error::invalid(
                op,
                format!(
                    "takes {} positional argument{} ({}), got {}",
                    positional.len(),
                    if positional.len() == 1 { "" } else { "s" },
                    positional.join(", "),
                    self.positional.len()
                ),
            ));
        }
        for (name, _) in &self.keyword {
            if !keyword.contains(&name.as_str()) {
                return Err(Error::invalid(
                    op,
                    format!(
                        "unexpected keyword argument `{name}`; keyword arguments: {}",
                        keyword.join(", ")
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The positional argument `i`, converted.
    pub fn get<T: FromValue>(&self, op: &str, i: usize, name: &str) -> Result<T> {
        match self.positional.get(i) {
            Some(v) => T::from_value(op, name, v),
            None => Err(Error::invalid(op, format!("missing argument `{name}`"))),
        }
    }

    /// The keyword argument `name`, converted, if given.
    pub fn get_keyword<T: FromValue>(&self, op: &str, name: &str) -> Result<Option<T>> {
        self.keyword(name)
            .map(|v| T::from_value(op, name, v))
            .transpose()
    }
}

/// What an op returns, as a list of arrays.
pub trait IntoOutputs {
    /// The arrays.
    fn into_outputs(self) -> Vec<Array>;
}

impl IntoOutputs for Array {
    fn into_outputs(self) -> Vec<Array> {
        vec![self]
    }
}

impl IntoOutputs for Vec<Array> {
    fn into_outputs(self) -> Vec<Array> {
        self
    }
}

impl IntoOutputs for (Array, Array) {
    fn into_outputs(self) -> Vec<Array> {
        vec![self.0, self.1]
    }
}

impl IntoOutputs for (Array, Array, Array) {
    fn into_outputs(self) -> Vec<Array> {
        vec![self.0, self.1, self.2]
    }
}

impl IntoOutputs for (Array, Array, Array, Array) {
    fn into_outputs(self) -> Vec<Array> {
        vec![self.0, self.1, self.2, self.3]
    }
}
