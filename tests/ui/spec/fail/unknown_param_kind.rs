// A parameter's type is not one of the spec's parameter kinds.
ivy::__private::api! {
    category manipulation {
        /// Docs.
        #[primary]
        #[not_differentiable]
        fn my_repeat(x: Array, times: u32) -> Array;
    }
}

fn main() {}
