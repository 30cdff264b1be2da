//! The class as a picture: each student's wall time at every n they were accepted on, beside
//! the variants' time per search, against n on a log scale.
//!
//! One panel, drawn by the same code as `labs bench`'s (`bench/plot.rs`), the variants in the
//! colours they have there. A student's line sits far above the variants at small n, where
//! starting a process is all the time there is, and comes down to one of them as n grows if the
//! search is as good as that variant's: the slope is the search's growth factor.

use super::baseline::VARIANTS;
use super::book::Gradebook;
use crate::bench::plot::{Series, algo_color, panel, picture, time_label};
use plotters::prelude::*;

/// Width and height of the picture, in pixels.
const SIZE: (u32, u32) = (960, 600);

/// The gradebook drawn as SVG text; an error names what plotters could not draw.
pub fn render(book: &Gradebook) -> Result<String, String> {
    let mut lines: Vec<Series> = Vec::new();
    for algo in VARIANTS {
        let points: Vec<(i32, f64)> =
            book.baseline.timings.iter().filter(|t| t.algo == algo.name()).map(|t| (t.n as i32, t.seconds)).collect();
        if !points.is_empty() {
            let color = algo_color(algo.name()).unwrap_or(BLACK);
            lines.push(Series { label: format!("{} (variant, one search)", algo.name()), color, points });
        }
    }
    for (i, mark) in book.marks.iter().enumerate() {
        let points: Vec<(i32, f64)> =
            mark.graded.points.iter().filter(|p| p.code == "AC").map(|p| (p.n as i32, p.seconds)).collect();
        if !points.is_empty() {
            let (r, g, b) = Palette99::pick(i + 7).rgb();
            lines.push(Series { label: mark.graded.student.clone(), color: RGBColor(r, g, b), points });
        }
    }
    picture(SIZE, ("labs grade: the class's times beside the variants'", 24), |root| {
        panel(root, "Wall time per run, at each n accepted (log scale)", "time", &lines, &time_label)
    })
}
