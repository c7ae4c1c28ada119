// Compositional ops are differentiable through their body; a #[vjp] there,
// or on an op marked not differentiable, is a mistake.
ivy::__private::api! {
    category elementwise {
        /// Docs.
        #[compositional]
        #[vjp(x = Ok(g.clone()))]
        fn my_relu(x: Array) -> Array {
            ivy::my_sign(x)
        }

        /// Docs.
        #[primary]
        #[not_differentiable]
        #[vjp(x = zero)]
        fn my_sign(x: Array) -> Array;
    }
}

fn main() {}
