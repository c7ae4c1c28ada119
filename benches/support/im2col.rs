//! The direct convolution the conv benches compare with: an im2col loop on
//! plain slices and one `ndarray` matrix product. Shared by `benches/conv.rs`
//! and `benches/large.rs` (included with `#[path]`).

use ndarray::{Array2, ArrayView2};

/// Batch, height, width, input and output channels, kernel size.
pub const N: usize = 64;
/// Image height.
pub const H: usize = 32;
/// Image width.
pub const W: usize = 32;
/// Input channels.
pub const CIN: usize = 16;
/// Output channels.
pub const COUT: usize = 32;
/// Kernel height and width.
pub const K: usize = 3;

/// im2col (SAME padding, stride 1) and one matrix product, on plain slices
/// and ndarray.
pub fn im2col_dot(x: &[f32], w: ArrayView2<'_, f32>) -> Array2<f32> {
    let rows = N * H * W;
    let cols = K * K * CIN;
    let mut m = vec![0f32; rows * cols];
    let mut r = 0;
    for n in 0..N {
        for i in 0..H {
            for j in 0..W {
                let row = &mut m[r * cols..(r + 1) * cols];
                for ki in 0..K {
                    let y = i as isize + ki as isize - 1;
                    for kj in 0..K {
                        let xx = j as isize + kj as isize - 1;
                        if y < 0 || y >= H as isize || xx < 0 || xx >= W as isize {
                            continue;
                        }
                        let src = ((n * H + y as usize) * W + xx as usize) * CIN;
                        let dst = (ki * K + kj) * CIN;
                        row[dst..dst + CIN].copy_from_slice(&x[src..src + CIN]);
                    }
                }
                r += 1;
            }
        }
    }
    let m = Array2::from_shape_vec((rows, cols), m).expect("shape");
    let mut out = Array2::<f32>::zeros((rows, COUT));
    ndarray::linalg::general_mat_mul(1.0, &m, &w, 0.0, &mut out);
    out
}
