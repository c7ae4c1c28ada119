// Array literals: unsuffixed literals follow the default dtypes at run time,
// suffixed ones fix the dtype.
use ivy::Dtype;

fn main() {
    assert_eq!(ivy::array![1, 2].dtype(), Dtype::Int32);
    assert_eq!(ivy::array![1.0, 2].dtype(), Dtype::Float32);
    assert_eq!(ivy::array![1i8, 2].dtype(), Dtype::Int8);
    assert_eq!(ivy::array![true, false].dtype(), Dtype::Bool);
    assert_eq!(ivy::array![3000000000, 1].dtype(), Dtype::Int64);
    assert_eq!(ivy::array![1e300].dtype(), Dtype::Float64);
    assert_eq!(ivy::array![[1, 2], [3, 4]].shape().dims(), &[2, 2]);
    assert_eq!(ivy::array![].shape().dims(), &[0]);
    let v = 2.5f32;
    assert_eq!(ivy::array![v, -v].dtype(), Dtype::Float32);
    ivy::with_default_float_dtype(Dtype::Float64, || {
        assert_eq!(ivy::array![0.5].dtype(), Dtype::Float64);
    })
    .unwrap();
}
