// A compositional op calls an op the spec does not have.
ivy::__private::api! {
    category activations {
        /// Docs.
        #[compositional]
        fn my_relu(x: Array) -> Array {
            ivy::maximum_of(x, 0)
        }
    }
}

fn main() {}
