//! Conversions between arrays and Rust data.
