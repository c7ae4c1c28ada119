// A primary op is implemented by kernels, so it has no body.
ivy::__private::api! {
    category elementwise {
        /// Docs.
        #[primary]
        #[not_differentiable]
        fn my_square(x: Array) -> Array {
            ivy::multiply(x, x)
        }
    }
}

fn main() {}
