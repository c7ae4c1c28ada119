// The same op is written twice.
ivy::__private::api! {
    category elementwise {
        /// Docs.
        #[primary]
        #[not_differentiable]
        fn my_tan(x: Array) -> Array;
    }
    category creation {
        /// Docs.
        #[primary]
        #[not_differentiable]
        fn my_tan(x: Array) -> Array;
    }
}

fn main() {}
