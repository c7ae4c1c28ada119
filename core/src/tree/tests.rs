//! Unit tests of the tree module.
