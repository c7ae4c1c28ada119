//! PLACEHOLDER
use super::Backend;
use crate::catalogue::OpId;
use crate::dtype::DtypeSet;
/// Kernel table.
pub struct KernelTable;
/// Resolved tables.
pub struct Resolved { /// valid
 pub valid: DtypeSet }
impl Resolved {
    pub(crate) fn resolve(_b: &dyn Backend, _v: &str) -> Resolved { Resolved { valid: DtypeSet::ALL } }
    /// supported
    pub fn supported(&self, _op: OpId) -> DtypeSet { DtypeSet::ALL }
    /// mask
    pub fn kernel_mask(&self, _op: OpId) -> DtypeSet { DtypeSet::ALL }
}
