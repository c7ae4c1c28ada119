// Rows of an array literal have one length.
fn main() {
    let _ = ivy::array![[1, 2], [3]];
}
