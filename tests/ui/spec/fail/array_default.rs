// An array parameter cannot have a default other than None.
ivy::__private::api! {
    category manipulation {
        /// Docs.
        #[primary]
        #[not_differentiable]
        fn my_clip(x: Array, #[default(0)] low: Array) -> Array;
    }
}

fn main() {}
