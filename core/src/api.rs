//! PLACEHOLDER until the generator lands.
use crate::backend::BackendBase;
/// The backend trait.
pub trait Backend: BackendBase {}
impl<T: BackendBase> Backend for T {}
