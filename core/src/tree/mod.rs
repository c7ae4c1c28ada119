//! Pytrees: the `Tree` trait, `TreeDef`, `#[derive(Tree)]` and the `tree_*`
//! functions. (Being written.)
