// A cast goes to the default dtype of a kind.
ivy::__private::api! {
    category elementwise {
        /// Docs.
        #[primary]
        #[cast(integer => float32)]
        #[not_differentiable]
        fn my_sqrt(x: Array) -> Array;
    }
}

fn main() {}
