// An op is a free function: its methods are generated.
struct Model;

impl Model {
    #[ivy::op(dtypes(float))]
    fn scale(&self, x: Array) -> Array {
        ivy::multiply(x, 2.0)
    }
}

fn main() {}
