// The kinds are mutually exclusive.
ivy::__private::api! {
    category elementwise {
        /// Docs.
        #[primary]
        #[standalone]
        #[not_differentiable]
        fn my_tan(x: Array) -> Array;
    }
}

fn main() {}
