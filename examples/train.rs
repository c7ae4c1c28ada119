//! The main example: train a multilayer perceptron to tell two interleaved
//! spirals apart.
//!
//! Run with `cargo run --release --example train [-- path/to/loss.png]`.
//!
//! - The data set is made here, from ivy's random ops with a fixed seed:
//!   points along two spirals half a turn apart, with Gaussian noise.
//! - The weights of the network are one `ivy::Container`,
//!   `{l1: {w, b}, l2: {w, b}, l3: {w, b}}`, and so are their gradients and
//!   the optimiser's moments: every step is a few ops over whole containers.
//! - `ivy::execute_with_gradients` differentiates the softmax cross-entropy
//!   of a mini-batch with respect to the weights; `ivy::adam_update` updates
//!   them, its moments a Container too.
//! - A progress bar shows the running loss (on a terminal; elsewhere, as in
//!   CI, one line every few epochs), the final training accuracy is printed,
//!   and the loss curve is written as an SVG with title, axes, tick values
//!   and legend (`target/train-loss.svg`) and as a PNG beside it without the
//!   text (`target/train-loss.png`; another PNG path may be given, the SVG
//!   goes next to it).
//!
//! The program exits with an error if the accuracy is not above 95%, so CI
//! catches a regression in the gradients or the optimiser.

use indicatif::{ProgressBar, ProgressStyle};
use ivy::{Array, Container};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

/// Points per spiral (two spirals, so twice as many points in all).
const POINTS_PER_CLASS: usize = 1500;
/// Turns of each spiral.
const TURNS: f64 = 2.0;
/// Standard deviation of the noise added to each coordinate (the spirals'
/// outer radius is 1).
const NOISE: f64 = 0.04;
/// Width of the two hidden layers.
const HIDDEN: usize = 64;
/// Passes over the data set.
const EPOCHS: usize = 150;
/// Points per mini-batch.
const BATCH: usize = 250;
/// Adam's learning rate.
const LEARNING_RATE: f64 = 0.01;
/// The accuracy the example must beat.
const REQUIRED_ACCURACY: f64 = 0.95;
/// The one seed everything random derives from.
const SEED: i64 = 12;

type Fallible<T> = Result<T, Box<dyn std::error::Error>>;

/// Two interleaved spirals: `n` points of class 0 at angles
/// `theta = 0.5 + 3 pi sqrt(u)` (`u` uniform in [0, 1)) and radius
/// proportional to `theta`, and `n` points of class 1 on the same curve turned
/// by half a turn; Gaussian noise on both coordinates.
///
/// Returns the points `[2n, 2]` (float32) and their one-hot labels `[2n, 2]`.
fn spirals(n: usize) -> ivy::Result<(Array, Array)> {
    let turns = TURNS * 2.0 * std::f64::consts::PI;
    let u = ivy::random_uniform_with(ivy::opts::RandomUniform::new().shape([2 * n]).seed(SEED))?;
    let theta = ivy::add(&ivy::multiply(&ivy::sqrt(&u)?, turns)?, 0.5)?;
    let radius = ivy::divide(&theta, turns + 0.5)?;
    // Class 0 for the first n points, class 1 (turned by pi) for the rest.
    let labels = ivy::concat([
        ivy::zeros_with([n], ivy::opts::Zeros::new().dtype(ivy::Dtype::Int64))?,
        ivy::ones_with([n], ivy::opts::Ones::new().dtype(ivy::Dtype::Int64))?,
    ])?;
    let angle = ivy::add(
        &theta,
        &ivy::multiply(
            &ivy::astype(&labels, ivy::Dtype::Float32)?,
            std::f64::consts::PI,
        )?,
    )?;
    let clean = ivy::stack_with(
        vec![
            ivy::multiply(&radius, &ivy::cos(&angle)?)?,
            ivy::multiply(&radius, &ivy::sin(&angle)?)?,
        ],
        ivy::opts::Stack::new().axis(1),
    )?;
    let noise = ivy::random_normal_with(
        ivy::opts::RandomNormal::new()
            .shape([2 * n, 2])
            .seed(SEED + 1),
    )?;
    let points = ivy::add(&clean, &ivy::multiply(&noise, NOISE)?)?;
    let onehot = ivy::one_hot(&labels, 2)?;
    Ok((points, onehot))
}

/// A dense layer `{w: [fan_in, fan_out], b: [fan_out]}` with He's
/// initialisation (normal weights of variance `2 / fan_in`, zero bias).
fn dense(fan_in: usize, fan_out: usize, seed: i64) -> ivy::Result<Container> {
    let w = ivy::random_normal_with(
        ivy::opts::RandomNormal::new()
            .shape([fan_in, fan_out])
            .seed(seed),
    )?;
    let w = ivy::multiply(&w, (2.0 / fan_in as f64).sqrt())?;
    let b = ivy::zeros([fan_out])?;
    Ok(ivy::container! { w: w, b: b })
}

/// The weights of the whole network, in one container.
fn init_weights() -> ivy::Result<Container> {
    let mut weights = Container::new();
    weights.insert("l1", dense(2, HIDDEN, SEED + 2)?)?;
    weights.insert("l2", dense(HIDDEN, HIDDEN, SEED + 3)?)?;
    weights.insert("l3", dense(HIDDEN, 2, SEED + 4)?)?;
    Ok(weights)
}

/// The network's logits for a batch of points `[batch, 2]`.
fn forward(weights: &Container, x: &Array) -> ivy::Result<Array> {
    let layer = |x: &Array, name: &str| -> ivy::Result<Array> {
        let l = weights.sub(name)?;
        ivy::add(&ivy::matmul(x, l.leaf("w")?)?, l.leaf("b")?)
    };
    let h = ivy::relu(&layer(x, "l1")?)?;
    let h = ivy::relu(&layer(&h, "l2")?)?;
    layer(&h, "l3")
}

/// The mean softmax cross-entropy of the logits against one-hot labels,
/// through `log_softmax` (stable for confident predictions).
fn loss(weights: &Container, x: &Array, onehot: &Array) -> ivy::Result<Array> {
    let logp = ivy::log_softmax(&forward(weights, x)?)?;
    let per_point = ivy::sum_with(
        &ivy::multiply(&logp, onehot)?,
        ivy::opts::Sum::new().axis(-1),
    )?;
    ivy::negative(&ivy::mean(&per_point)?)
}

/// The fraction of points whose most likely class is their label.
fn accuracy(weights: &Container, x: &Array, onehot: &Array) -> ivy::Result<f64> {
    let predicted = ivy::argmax_with(&forward(weights, x)?, ivy::opts::Argmax::new().axis(-1))?;
    let label = ivy::argmax_with(onehot, ivy::opts::Argmax::new().axis(-1))?;
    let right = ivy::astype(&ivy::equal(&predicted, &label)?, ivy::Dtype::Float64)?;
    Ok(ivy::mean(&right)?.item()?.to_f64())
}

/// Adam's moments: a container of zeros shaped like the weights.
fn zeros_like(weights: &Container) -> ivy::Result<Container> {
    weights.cont_map(|w, _| ivy::zeros_like(w))
}

fn main() -> Fallible<()> {
    let out: PathBuf = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("target/train-loss.png"));
    let started = Instant::now();

    let (x, onehot) = spirals(POINTS_PER_CLASS)?;
    let data = ivy::container! { x: x.clone(), y: onehot.clone() };
    let n = x.shape().dims()[0];
    let batches = n.div_ceil(BATCH);
    println!(
        "two spirals: {n} points; MLP 2-{HIDDEN}-{HIDDEN}-2; {EPOCHS} epochs of {batches} \
         batches of {BATCH}; Adam, lr {LEARNING_RATE}"
    );

    let mut weights = init_weights()?;
    let mut mw = zeros_like(&weights)?;
    let mut vw = zeros_like(&weights)?;
    let mut step = 0;
    let mut curve: Vec<f64> = Vec::with_capacity(EPOCHS);

    // A bar on a terminal; a line every few epochs elsewhere (CI logs).
    let interactive = std::io::stdout().is_terminal();
    let bar = if interactive {
        let bar = ProgressBar::new(EPOCHS as u64);
        bar.set_style(ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] epoch {pos}/{len}  loss {msg}",
        )?);
        bar
    } else {
        ProgressBar::hidden()
    };
    let report_every = (EPOCHS / 10).max(1);

    for epoch in 0..EPOCHS {
        let shuffled = ivy::shuffle_with(
            &data,
            ivy::opts::Shuffle::new().seed(SEED + 100 + epoch as i64),
        )?;
        let parts = ivy::split_with(
            &shuffled,
            ivy::opts::Split::new().num_or_size_splits(batches),
        )?;
        let mut epoch_loss = 0.0;
        for batch in &parts {
            let (bx, by) = (batch.leaf("x")?, batch.leaf("y")?);
            let (value, grads): (Array, ivy::Nest) =
                ivy::execute_with_gradients(|w: &Container| loss(w, bx, by), &weights)?;
            let grads: Container = grads.into_tree()?;
            step += 1;
            let (w, m, v) = ivy::adam_update(&weights, &grads, LEARNING_RATE, &mw, &vw, step)?;
            (weights, mw, vw) = (w, m, v);
            epoch_loss += value.item()?.to_f64();
        }
        let epoch_loss = epoch_loss / parts.len() as f64;
        curve.push(epoch_loss);
        bar.set_message(format!("{epoch_loss:.4}"));
        bar.inc(1);
        if !interactive && ((epoch + 1) % report_every == 0 || epoch == 0) {
            println!("epoch {:>4}/{EPOCHS}  loss {epoch_loss:.4}", epoch + 1);
        }
    }
    bar.finish_and_clear();

    let acc = accuracy(&weights, &x, &onehot)?;
    let final_loss = curve.last().copied().unwrap_or(f64::NAN);
    println!(
        "final loss {final_loss:.4}, training accuracy {:.2}% ({} steps in {:.1} s)",
        acc * 100.0,
        step,
        started.elapsed().as_secs_f64()
    );

    let svg = plot(&curve, acc, &out)?;
    println!(
        "loss curve written to {} (with its text) and {}",
        svg.display(),
        out.display()
    );

    if acc <= REQUIRED_ACCURACY {
        return Err(format!(
            "training accuracy {:.2}% is not above {:.0}%",
            acc * 100.0,
            REQUIRED_ACCURACY * 100.0
        )
        .into());
    }
    Ok(())
}

/// The loss curve, twice: an SVG with a title, labelled axes, tick values
/// and a legend (`path` with the extension `svg`: the text is drawn by the
/// viewer, so no font is shipped), and the same chart as a PNG at `path`
/// without the text (the bitmap backend is built without fonts, so it needs
/// no system libraries). The loss is on a logarithmic axis with a grid line
/// at every power of ten; the title gives the final accuracy.
fn plot(curve: &[f64], accuracy: f64, path: &std::path::Path) -> Fallible<std::path::PathBuf> {
    use plotters::prelude::*;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let svg = path.with_extension("svg");
    let title = format!(
        "Two spirals, MLP 2-{HIDDEN}-{HIDDEN}-2: training loss (final accuracy {:.2}%)",
        accuracy * 100.0
    );
    chart(
        SVGBackend::new(&svg, (900, 540)).into_drawing_area(),
        curve,
        Some(&title),
    )?;
    chart(
        BitMapBackend::new(path, (900, 540)).into_drawing_area(),
        curve,
        None,
    )?;
    Ok(svg)
}

/// The chart of [`plot`] on one backend; `title` (and with it every text:
/// axis descriptions, tick values, the legend) only where text can be drawn.
fn chart<DB: plotters::prelude::DrawingBackend>(
    root: plotters::prelude::DrawingArea<DB, plotters::coord::Shift>,
    curve: &[f64],
    title: Option<&str>,
) -> Fallible<()>
where
    DB::ErrorType: 'static,
{
    use plotters::prelude::*;
    let finite = || curve.iter().copied().filter(|l| l.is_finite() && *l > 0.0);
    let lo = 10f64.powf(finite().fold(1.0f64, f64::min).log10().floor());
    let hi = 10f64.powf(finite().fold(lo * 10.0, f64::max).log10().ceil());
    let epochs = curve.len().max(1) as f64;
    let line = RGBColor(31, 119, 180);

    root.fill(&WHITE)?;
    let mut builder = ChartBuilder::on(&root);
    builder.margin(20);
    if let Some(title) = title {
        builder
            .caption(title, ("sans-serif", 22))
            .x_label_area_size(45)
            .y_label_area_size(70);
    }
    // A hair wider than the decades, so the first and last get their tick.
    let mut chart =
        builder.build_cartesian_2d(0f64..epochs, (lo * 0.999..hi * 1.001).log_scale())?;
    let mut mesh = chart.configure_mesh();
    mesh.light_line_style(RGBColor(235, 235, 235))
        .bold_line_style(RGBColor(200, 200, 200));
    if title.is_some() {
        mesh.x_desc("epoch")
            .y_desc("mean cross-entropy loss (log scale)")
            .x_labels(11)
            .y_labels(12)
            .x_label_formatter(&|e| format!("{e:.0}"))
            .y_label_formatter(&|l| format!("{}", (l * 1e6).round() / 1e6))
            .axis_desc_style(("sans-serif", 18))
            .label_style(("sans-serif", 14));
    } else {
        mesh.disable_x_mesh().x_labels(0).y_labels(0);
    }
    mesh.draw()?;
    let series = chart.draw_series(LineSeries::new(
        curve
            .iter()
            .enumerate()
            .map(|(i, &l)| (i as f64 + 1.0, l.clamp(lo, hi))),
        line.stroke_width(2),
    ))?;
    if title.is_some() {
        let last = curve.last().copied().unwrap_or(f64::NAN);
        series
            .label(format!("loss per epoch (last {last:.4})"))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], line.stroke_width(2))
            });
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .label_font(("sans-serif", 14))
            .draw()?;
    }
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plot of a made-up curve: the SVG holds the title with the
    /// accuracy, both axis descriptions, tick values and the legend; the PNG
    /// is a real picture (not a blank canvas's few hundred bytes).
    #[test]
    fn the_plot_has_its_text_and_its_picture() -> Fallible<()> {
        let dir = std::env::temp_dir().join(format!("ivy-train-plot-{}", std::process::id()));
        let png = dir.join("loss.png");
        let curve: Vec<f64> = (0..150)
            .map(|e| 0.7 * (-(e as f64) / 20.0).exp() + 1e-3)
            .collect();
        let svg = plot(&curve, 0.9973, &png)?;
        let svg = std::fs::read_to_string(&svg)?;
        // The texts of the SVG's `<text ..>text</text>` elements.
        let texts: Vec<&str> = svg
            .split("<text")
            .skip(1)
            .filter_map(|t| Some(t.split_once('>')?.1.split_once("</text>")?.0.trim()))
            .collect();
        let title = "Two spirals, MLP 2-64-64-2: training loss (final accuracy 99.73%)";
        let needed = [
            title,
            "epoch",
            "mean cross-entropy loss (log scale)",
            "0",
            "140",
            "0.001",
            "0.01",
            "0.1",
            "1",
        ];
        for t in needed {
            assert!(
                texts.contains(&t),
                "the SVG lacks the text {t:?}: {texts:?}"
            );
        }
        assert!(
            texts
                .iter()
                .any(|t| t.starts_with("loss per epoch (last 0.00")),
            "{texts:?}"
        );
        let bytes = std::fs::metadata(&png)?.len();
        assert!(bytes > 5_000, "the PNG has only {bytes} bytes");
        if std::env::var_os("IVY_KEEP_PLOT").is_none() {
            std::fs::remove_dir_all(&dir)?;
        }
        Ok(())
    }
}
