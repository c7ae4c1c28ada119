//! PLACEHOLDER until the generator lands.
/// Op id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpId(pub u16);
