// A Container parameter belongs to a compositional op: a kernel works on
// arrays.
ivy::__private::api! {
    category layers {
        /// Docs.
        #[primary]
        #[not_differentiable]
        fn my_layer(x: Array, #[default(None)] weights: Option<Container>) -> Array;
    }
}

fn main() {}
