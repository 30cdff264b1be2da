#![cfg(target_os = "linux")]
//! The plot as a picture: `--plot x.png` writes a PNG, and the SVG looks the same in Chromium,
//! rsvg-convert, ImageMagick's `convert` and resvg (the PNG's renderer). Each renders the same
//! SVG; the pictures are compared pixel by pixel. Only the text may differ: ImageMagick draws it
//! in a font of its own. Linux only: the three renderers are Debian's packages (`.ci/run`
//! installs them); elsewhere, and without them outside CI, the test says so and skips.

use crate::common;

use common::{labs, text};
use nqueens_labs::export::png;
use resvg::tiny_skia::Pixmap;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// `tool` found on PATH.
fn found(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Runs `command` to its end, killed after a minute; whether it succeeded.
fn run(command: &mut Command) -> bool {
    let mut child = command.stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.success();
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The share of pixels of `a` and `b` (the same size) that differ by more than a quarter of the
/// range in some channel: what `compare -metric AE -fuzz 25%` counts, over the picture's area.
fn differing(a: &Pixmap, b: &Pixmap) -> f64 {
    assert_eq!((a.width(), a.height()), (b.width(), b.height()));
    let far = a.pixels().iter().zip(b.pixels()).filter(|(p, q)| {
        let channels = [(p.red(), q.red()), (p.green(), q.green()), (p.blue(), q.blue())];
        channels.iter().any(|&(x, y)| x.abs_diff(y) > 64)
    });
    far.count() as f64 / a.pixels().len() as f64
}

#[test]
fn the_plot_is_drawn_alike_by_every_renderer_and_as_png() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name);
    let args = ["bench", "--algo", "naive,row,bits", "--n", "4..=6", "--runs", "1", "--warmup", "0", "--plot"];
    for file in ["plot.svg", "plot.png"] {
        let out = labs(&[&args[..], &[at(file).to_str().unwrap()]].concat(), b"");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    }
    let picture = Pixmap::decode_png(&std::fs::read(at("plot.png")).unwrap()).unwrap();
    assert_eq!((picture.width(), picture.height()), (1280, 560));

    let tools = [("chromium", "chromium"), ("rsvg-convert", "librsvg2-bin"), ("convert", "imagemagick")];
    let missing: Vec<&str> = tools.iter().filter(|(tool, _)| !found(tool)).map(|(_, package)| *package).collect();
    if !missing.is_empty() {
        assert!(std::env::var_os("CI").is_none(), "CI has no {missing:?}: .ci/run installs them");
        eprintln!("the renderers' comparison: SKIPPED, apt-get install {}", missing.join(" "));
        return;
    }
    let svg = std::fs::read_to_string(at("plot.svg")).unwrap();
    std::fs::write(at("resvg.png"), png::from_svg(&svg).unwrap()).unwrap();
    let url = format!("file://{}", at("plot.svg").display());
    let profile = format!("--user-data-dir={}", at("profile").display());
    let screenshot = format!("--screenshot={}", at("chromium.png").display());
    let drawn = [
        run(Command::new("rsvg-convert").arg(at("plot.svg")).arg("-o").arg(at("rsvg.png"))),
        run(Command::new("convert").arg(at("plot.svg")).arg(format!("PNG32:{}", at("convert.png").display()))),
        run(Command::new("chromium")
            .args(["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"])
            .args([&profile, "--window-size=1280,560", &screenshot, &url])),
    ];
    assert_eq!(drawn, [true; 3], "rsvg-convert, convert, chromium");
    let load = |name: &str| Pixmap::decode_png(&std::fs::read(at(name)).unwrap()).unwrap();
    let names = ["resvg.png", "rsvg.png", "convert.png", "chromium.png"];
    let pictures: Vec<Pixmap> = names.iter().map(|n| load(n)).collect();
    // Measured on Debian 12: resvg and rsvg-convert differ in under 0.1 % of the pixels, Chromium
    // in 1.2–1.3 % (anti-aliasing, hinting), ImageMagick 6 in 2.5–2.8 % (its own font). Before the
    // SVG was mended, ImageMagick's picture differed in 9.3 %: black wedges between the points.
    let mut worst = Vec::new();
    for (i, a) in pictures.iter().enumerate() {
        for (j, b) in pictures.iter().enumerate().skip(i + 1) {
            let share = differing(a, b);
            worst.push(format!("{} / {}: {:.1} %", names[i], names[j], share * 100.0));
            assert!(share < 0.04, "{worst:?}; the pictures are in {}", dir.keep().display());
        }
    }
    eprintln!("{worst:?}");
}
