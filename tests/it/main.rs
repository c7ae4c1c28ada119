//! The integration tests of the facade crate, as one test binary: each
//! module is one topic (the file of that name). One binary links the crate
//! once instead of once per file, which is most of the test build's time
//! and disk. Run one topic with a filter: `cargo test --test it conformance::`.
//!
//! Tests that need a process of their own stay apart: `tests/backends.rs`
//! (it registers test backends and user ops, which the catalogue-driven
//! tests here would otherwise see), `tests/gradients_leak.rs` (it measures
//! the process's memory), `tests/thread_count.rs` (every op at a size that
//! splits, on one and on four threads: run by hand in an optimised build)
//! and `tests/ui.rs` (trybuild).

mod array_api;
mod array_api_extra;
mod candle;
mod catalogue;
mod conformance;
mod container_compare;
mod container_io;
mod container_ops;
mod container_props;
mod dlpack;
mod dtype;
mod fft;
mod fuzz;
mod gradcheck;
mod gradients;
mod indexing;
mod layers;
mod linalg;
mod nn_functional;
mod optimizers;
mod random;
mod smoke;
mod support_matrix;
mod threads;
mod tree;
mod tree_props;
