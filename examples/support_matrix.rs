//! Print the support matrix (which dtypes every op supports on every backend
//! compiled in) as Markdown. `docs/support-matrix.md` is its output with the
//! `candle` feature:
//!
//! ```text
//! cargo run --example support_matrix --features candle > docs/support-matrix.md
//! ```

fn main() {
    print!("{}", ivy::backend::support_matrix_page());
}
