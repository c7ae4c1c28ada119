// A primary op must say whether gradients flow through it.
ivy::__private::api! {
    category elementwise {
        /// Docs.
        #[primary]
        fn my_floor(x: Array) -> Array;
    }
}

fn main() {}
