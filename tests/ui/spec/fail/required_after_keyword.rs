// Keyword parameters (with a default) come after the positional ones.
ivy::__private::api! {
    category statistical {
        /// Docs.
        #[primary]
        #[not_differentiable]
        fn my_sum(x: Array, #[default(false)] keepdims: bool, axis: Axis) -> Array;
    }
}

fn main() {}
