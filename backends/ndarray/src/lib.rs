//! The ndarray backend of ivy. (Being written.)
