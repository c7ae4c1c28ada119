//! No leaks: the gradient graph is freed after every call. One test in its
//! own binary, so no other test creates nodes while it counts them.

use ivy::{Array, Container};

/// Resident memory of the process in bytes (Linux), if known.
fn resident_bytes() -> Option<usize> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: usize = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

fn step(w: &Container, x: &Array, y: &Array) -> ivy::Result<(Array, Container)> {
    let loss = |w: &Container| -> ivy::Result<Array> {
        let h = ivy::tanh(&ivy::add(
            &ivy::matmul(x, w.leaf("l1/w")?)?,
            w.leaf("l1/b")?,
        )?)?;
        let out = ivy::add(&ivy::matmul(&h, w.leaf("l2/w")?)?, w.leaf("l2/b")?)?;
        ivy::mean(&ivy::square(&ivy::subtract(&out, y)?)?)
    };
    let (l, g) = ivy::value_and_grad(loss)(w)?;
    let new_w = ivy::subtract(w, &ivy::multiply(&g, 0.05)?)?;
    Ok((l, new_w))
}

#[test]
fn a_thousand_training_steps_free_their_graphs_and_memory_stays_flat() {
    let opts = |shape: [usize; 2], seed: i64| {
        ivy::opts::RandomNormal::new()
            .shape(shape)
            .std(0.5)
            .seed(seed)
    };
    let mut w = ivy::container! {
        l1: { w: ivy::random_normal_with(opts([4, 16], 1)).unwrap(), b: ivy::zeros([16]).unwrap() },
        l2: { w: ivy::random_normal_with(opts([16, 1], 2)).unwrap(), b: ivy::zeros([1]).unwrap() },
    };
    let x = ivy::random_normal_with(opts([32, 4], 3)).unwrap();
    let y = ivy::sum_with(&x, ivy::opts::Sum::new().axis(1).keepdims(true)).unwrap();
    assert_eq!(ivy::gradients::live_nodes(), 0);
    let mut first_loss = None;
    let mut loss = None;
    let mut at_100 = None;
    for i in 0..1000 {
        let (l, nw) = step(&w, &x, &y).unwrap();
        w = nw;
        assert!(!l.is_traced());
        assert_eq!(
            ivy::gradients::live_nodes(),
            0,
            "nodes alive after step {i}"
        );
        first_loss.get_or_insert(l.to_vec::<f32>().unwrap()[0]);
        loss = Some(l.to_vec::<f32>().unwrap()[0]);
        if i == 100 {
            at_100 = resident_bytes();
        }
    }
    // It learns, too.
    assert!(
        loss.unwrap() < 0.1 * first_loss.unwrap(),
        "{loss:?} from {first_loss:?}"
    );
    // Graphs kept with `retain_grads` are counted until freed, also when
    // they are made on one thread and freed on another that then exits.
    let x = ivy::array![1.0, 2.0, 3.0];
    let kept = std::thread::spawn(move || {
        let opts = ivy::gradients::ExecuteWithGradients::new().retain_grads(true);
        let cube = |x: &Array| ivy::sum(&ivy::pow(x, 3)?);
        ivy::execute_with_gradients_with(cube, &x, opts).unwrap()
    })
    .join()
    .unwrap();
    assert!(kept.0.is_traced());
    assert!(ivy::gradients::live_nodes() > 0);
    std::thread::spawn(move || drop(kept)).join().unwrap();
    assert_eq!(ivy::gradients::live_nodes(), 0);
    if let (Some(a), Some(b)) = (at_100, resident_bytes()) {
        let growth = b.saturating_sub(a);
        assert!(
            growth < 4 << 20,
            "resident memory grew by {growth} bytes over 900 steps"
        );
    }
}
