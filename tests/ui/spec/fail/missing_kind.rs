// Every op says which kind of function it is.
ivy::__private::api! {
    category elementwise {
        /// Docs.
        #[not_differentiable]
        fn my_tan(x: Array) -> Array;
    }
}

fn main() {}
