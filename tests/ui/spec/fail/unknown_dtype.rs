// A spec entry names a dtype that does not exist.
ivy::__private::api! {
    category elementwise {
        /// Docs.
        #[primary]
        #[dtypes(float | flaot)]
        #[not_differentiable]
        fn my_tan(x: Array) -> Array;
    }
}

fn main() {}
