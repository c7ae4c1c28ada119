//! Proc macros of ivy. (Being written.)
