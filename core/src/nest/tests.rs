//! Unit tests of the nest module.
