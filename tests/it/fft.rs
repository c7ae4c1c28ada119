//! Fourier transforms: round trips (`ifft(fft(x))`, `irfft(rfft(x), n)`,
//! n-d), Parseval's identity, the three normalisations, a direct DFT as
//! reference, padding and truncation, the frequency helpers and the shifts
//! of even and odd lengths.

use ivy::{Array, Dtype, opts};
use proptest::prelude::*;

fn f64s(a: &Array) -> Vec<f64> {
    ivy::astype(a, Dtype::Float64)
        .unwrap()
        .to_vec::<f64>()
        .unwrap()
}

fn max_diff(a: &Array, b: &Array) -> f64 {
    assert_eq!(a.shape(), b.shape(), "shapes differ");
    f64s(&ivy::abs(&ivy::subtract(a, b).unwrap()).unwrap())
        .into_iter()
        .fold(0.0, f64::max)
}

/// The DFT of `x` by its definition, in complex128.
fn naive_dft(x: &[f64]) -> Vec<(f64, f64)> {
    let n = x.len();
    (0..n)
        .map(|k| {
            x.iter().enumerate().fold((0.0, 0.0), |(re, im), (t, &v)| {
                let a = -2.0 * std::f64::consts::PI * (k * t) as f64 / n as f64;
                (re + v * a.cos(), im + v * a.sin())
            })
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn round_trips_and_parseval(v in prop::collection::vec(-1.0f64..1.0, 1..40)) {
        let n = v.len();
        let x = Array::from_shape_vec([n], v.clone()).unwrap();
        let y = ivy::fft(&x).unwrap();
        prop_assert_eq!(y.dtype(), Dtype::Complex128);
        // Against the definition.
        let re = f64s(&ivy::real(&y).unwrap());
        let im = f64s(&ivy::imag(&y).unwrap());
        for (k, (r, i)) in naive_dft(&v).into_iter().enumerate() {
            prop_assert!((re[k] - r).abs() < 1e-9 && (im[k] - i).abs() < 1e-9);
        }
        let back = ivy::real(&ivy::ifft(&y).unwrap()).unwrap();
        prop_assert!(max_diff(&back, &x) < 1e-12);
        // Parseval: sum |x|^2 = sum |X|^2 / n.
        let ex: f64 = v.iter().map(|a| a * a).sum();
        let ey: f64 = f64s(&ivy::abs(&y).unwrap()).iter().map(|a| a * a).sum::<f64>() / n as f64;
        prop_assert!((ex - ey).abs() < 1e-9 * ex.max(1.0));
        // Ortho is unitary: the energy is kept as is.
        let yo = ivy::fft_with(&x, opts::Fft::new().norm("ortho")).unwrap();
        let eo: f64 = f64s(&ivy::abs(&yo).unwrap()).iter().map(|a| a * a).sum();
        prop_assert!((ex - eo).abs() < 1e-9 * ex.max(1.0));
        // Forward: the forward transform divides by n.
        let yf = ivy::fft_with(&x, opts::Fft::new().norm("forward")).unwrap();
        prop_assert!(max_diff(&ivy::multiply(&yf, n as f64).unwrap(), &y) < 1e-9);
        let bf = ivy::ifft_with(&yf, opts::Ifft::new().norm("forward")).unwrap();
        prop_assert!(max_diff(&ivy::real(&bf).unwrap(), &x) < 1e-12);
        // The real transform is the first n / 2 + 1 terms, and inverts with n.
        let r = ivy::rfft(&x).unwrap();
        prop_assert_eq!(r.shape().dims(), &[n / 2 + 1]);
        let head = y.get(ivy::s![..(n / 2 + 1) as i64]).unwrap();
        prop_assert!(max_diff(&r, &head) < 1e-9);
        let xr = ivy::irfft_with(&r, opts::Irfft::new().n(n)).unwrap();
        prop_assert_eq!(xr.dtype(), Dtype::Float64);
        prop_assert!(max_diff(&xr, &x) < 1e-12);
        // hfft / ihfft are each other's inverse too.
        let h = ivy::ihfft(&x).unwrap();
        prop_assert!(max_diff(&ivy::hfft_with(&h, opts::Hfft::new().n(n)).unwrap(), &x) < 1e-12);
    }

    #[test]
    fn nd_round_trips(rows in 1usize..6, cols in 1usize..6, seed in 0u64..1000) {
        let v: Vec<f64> = (0..rows * cols).map(|i| ((i as u64 * 7919 + seed) % 101) as f64 / 50.0 - 1.0).collect();
        let x = Array::from_shape_vec([rows, cols], v).unwrap();
        let y = ivy::fftn(&x).unwrap();
        // fftn is fft along each axis.
        let twice = ivy::fft_with(&ivy::fft_with(&x, opts::Fft::new().axis(0)).unwrap(), opts::Fft::new().axis(1)).unwrap();
        prop_assert!(max_diff(&y, &twice) < 1e-9);
        prop_assert!(max_diff(&ivy::real(&ivy::ifftn(&y).unwrap()).unwrap(), &x) < 1e-12);
        let r = ivy::rfftn(&x).unwrap();
        prop_assert_eq!(r.shape().dims(), &[rows, cols / 2 + 1]);
        let back = ivy::irfftn_with(&r, opts::Irfftn::new().s([rows as i64, cols as i64])).unwrap();
        prop_assert!(max_diff(&back, &x) < 1e-12);
    }
}

#[test]
fn n_pads_or_truncates_along_the_axis() {
    let x = ivy::array![[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]];
    let pad = ivy::fft_with(&x, opts::Fft::new().n(4usize)).unwrap();
    let direct = ivy::fft(&ivy::array![[1.0, 2.0, 3.0, 0.0], [4.0, 5.0, 6.0, 0.0]]).unwrap();
    assert_eq!(pad.shape().dims(), &[2, 4]);
    assert!(max_diff(&pad, &direct) < 1e-6);
    let cut = ivy::fft_with(&x, opts::Fft::new().n(2usize).axis(0)).unwrap();
    assert_eq!(cut, ivy::fft_with(&x, opts::Fft::new().axis(0)).unwrap());
    let cut1 = ivy::fft_with(&x, opts::Fft::new().n(1usize)).unwrap();
    assert_eq!(ivy::real(&cut1).unwrap(), ivy::array![[1.0], [4.0]]);
    assert_eq!(ivy::fft(&x).unwrap().dtype(), Dtype::Complex64);
}

#[test]
fn frequencies_and_shifts() {
    assert_eq!(ivy::fftfreq(1).unwrap(), ivy::array![0.0]);
    let f = ivy::fftfreq_with(6, opts::Fftfreq::new().d(0.5).dtype(Dtype::Float64)).unwrap();
    let want = [0.0, 1.0, 2.0, -3.0, -2.0, -1.0].map(|k| k / 3.0);
    assert_eq!(f.to_vec::<f64>().unwrap(), want.to_vec());
    assert_eq!(ivy::rfftfreq(5).unwrap(), ivy::array![0.0, 0.2, 0.4]);
    // Even and odd lengths; the inverse shift undoes the shift.
    for n in [4usize, 5, 6, 7] {
        let x = ivy::fftfreq(n).unwrap();
        let s = ivy::fftshift(&x).unwrap();
        let v = s.to_vec::<f32>().unwrap();
        assert!(
            v.windows(2).all(|w| w[0] < w[1]),
            "fftshift of fftfreq({n}) is sorted: {v:?}"
        );
        assert_eq!(ivy::ifftshift(&s).unwrap(), x);
    }
    let m = ivy::array![[0, 1, 2], [3, 4, 5]];
    assert_eq!(
        ivy::fftshift(&m).unwrap(),
        ivy::array![[5, 3, 4], [2, 0, 1]]
    );
    let one = ivy::fftshift_with(&m, opts::Fftshift::new().axes([1])).unwrap();
    assert_eq!(one, ivy::array![[2, 0, 1], [5, 3, 4]]);
}

#[test]
fn gradient_of_a_power_spectrum() {
    // sum |fft(x)|^2 = n sum x^2, so its gradient is 2 n x.
    let x = ivy::array![1.0f64, -2.0, 0.5];
    let f =
        |x: &Array| -> ivy::Result<Array> { ivy::sum(&ivy::square(&ivy::abs(&ivy::fft(x)?)?)?) };
    let g = ivy::grad(f)(&x).unwrap();
    assert!(max_diff(&g, &ivy::multiply(&x, 6.0).unwrap()) < 1e-12);
}

#[test]
fn bad_arguments_are_errors_naming_the_op() {
    let x = ivy::array![1.0, 2.0];
    let e = ivy::fft_with(&x, opts::Fft::new().norm("both"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("fft") && e.contains("both"), "{e}");
    let e = ivy::fft_with(&x, opts::Fft::new().n(0usize))
        .unwrap_err()
        .to_string();
    assert!(e.contains("fft"), "{e}");
    let e = ivy::fft_with(&x, opts::Fft::new().axis(3))
        .unwrap_err()
        .to_string();
    assert!(e.contains("fft"), "{e}");
    assert!(
        ivy::rfft(&ivy::fft(&x).unwrap())
            .unwrap_err()
            .to_string()
            .contains("rfft")
    );
    assert!(
        ivy::fft(&ivy::array![1, 2])
            .unwrap_err()
            .to_string()
            .contains("fft")
    );
    let e = ivy::fftn_with(&x, opts::Fftn::new().s([2, 2]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("fftn"), "{e}");
    let e = ivy::fftfreq_with(4, opts::Fftfreq::new().dtype(Dtype::Int32))
        .unwrap_err()
        .to_string();
    assert!(e.contains("fftfreq"), "{e}");
}
