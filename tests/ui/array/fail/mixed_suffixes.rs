// Suffixed literals fix the dtype; two different ones contradict.
fn main() {
    let _ = ivy::array![1i8, 2u8];
}
