// A binary operator needs an op with two array operands.
ivy::__private::api! {
    category elementwise {
        /// Docs.
        #[primary]
        #[operator(+)]
        #[not_differentiable]
        fn my_neg(x: Array) -> Array;
    }
}

fn main() {}
