//! The op spec of ivy. (Being written.)
