// A device table on a spec entry names the backend it is about.
ivy::__private::api! {
    category elementwise {
        /// Docs.
        #[compositional]
        #[unsupported_devices("1.0 and above" => (gpu))]
        fn my_abs(x: Array) -> Array {
            Ok(x.clone())
        }
    }
}

fn main() {}
