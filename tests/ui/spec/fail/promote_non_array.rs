// Only array parameters can be promoted.
ivy::__private::api! {
    category elementwise {
        /// Docs.
        #[primary]
        #[promote(x, decimals)]
        #[not_differentiable]
        fn my_round(x: Array, decimals: i64) -> Array;
    }
}

fn main() {}
