//! `multi_head_attention` is container-dependent (its weights may come as
//! one container): it is never mapped over containers, so a container given
//! for `query` is refused at compile time with a message that says why.

fn main() {
    let weights = ivy::container! { q_proj_weights: [[1.0]] };
    let q = ivy::container! { a: [[[1.0]]] };
    let o = ivy::opts::MultiHeadAttention::new().num_heads(1usize).weights(&weights);
    let _ = ivy::multi_head_attention_with(&q, o);
}
