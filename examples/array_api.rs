//! Print the table of the Array API standard 2024.12 and where each of its
//! functions lives in ivy, as Markdown. `docs/array-api.md` is its output:
//!
//! ```text
//! cargo run --example array_api > docs/array-api.md
//! ```

fn main() {
    print!("{}", ivy::array_api::coverage_page());
}
