//! A union cannot be flattened: which field is live is not known.
use ivy::Tree;

#[derive(Tree)]
union Bits {
    f: f32,
    u: u32,
}

fn main() {}
