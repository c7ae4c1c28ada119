// A compositional op needs its body.
ivy::__private::api! {
    category activations {
        /// Docs.
        #[compositional]
        fn my_relu(x: Array) -> Array;
    }
}

fn main() {}
