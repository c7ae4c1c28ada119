//! Printing arrays in Ivy's form.
/// Format a float as Python's repr does.
pub fn format_float(x: f64) -> String { format!("{x:?}") }
impl std::fmt::Display for super::Array {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "ivy.array(..)") }
}
