// A #[vjp] entry names an array parameter, once.
ivy::__private::api! {
    category elementwise {
        /// Docs.
        #[primary]
        #[differentiable]
        #[vjp(x = Ok(g.clone()), y = Ok(g.clone()), x = zero, k = zero)]
        fn my_shift(x: Array, k: i64) -> Array;
    }
}

fn main() {}
