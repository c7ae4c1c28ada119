// A dtype table on a spec entry has a version key outside the grammar.
ivy::__private::api! {
    category elementwise {
        /// Docs.
        #[compositional]
        #[unsupported_dtypes(backend = "ndarray", "0.16 and beyond" => (float16))]
        fn my_relu(x: Array) -> Array {
            ivy::my_relu(x)
        }
    }
}

fn main() {}
