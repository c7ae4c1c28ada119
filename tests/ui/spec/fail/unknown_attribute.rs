// A misspelt attribute is not silently ignored.
ivy::__private::api! {
    category elementwise {
        /// Docs.
        #[primary]
        #[not_differentiable]
        #[promoted]
        fn my_add(x1: Array, x2: Array) -> Array;
    }
}

fn main() {}
