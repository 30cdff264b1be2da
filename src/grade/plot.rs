//! The class as a picture, readable at 40 students and more: small multiples.
//!
//! First a histogram of the class (students by score out of 100, [`super::summary`]), then
//! one panel per group of [`GROUP`] students in name order, each with the variants' time per
//! search in grey and each student's wall time at every n they were accepted on, against n on a
//! log scale. Inside a group the colours are all different (`COLORS`), the legend stands in a
//! column beside the chart, clear of the data, and every student of the group is in it: one
//! accepted at no n is listed with "no n accepted" and has no line. The axes are fitted to what
//! each panel draws. Drawn by the same code as `labs bench`'s (`bench/plot.rs`).
//!
//! A student's line sits far above the variants at small n, where starting a process is all the
//! time there is, and comes down to one of them as n grows if the search is as good as that
//! variant's: the slope is the search's growth factor.

use super::baseline::VARIANTS;
use super::book::Gradebook;
use super::mark::Mark;
use crate::chart::{Legend, Series, over_white, panel, picture, time_label};
use plotters::coord::Shift;
use plotters::prelude::*;

/// Students per panel: as many as `COLORS` tells apart.
pub const GROUP: usize = 9;

/// The students' colours in a panel (Tableau's ten, without its grey, which the variants use).
const COLORS: [RGBColor; GROUP] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
];

/// The variants' greys, in the order of [`VARIANTS`]: the slowest lightest.
const GREYS: [RGBColor; 3] = [RGBColor(190, 190, 190), RGBColor(140, 140, 140), RGBColor(70, 70, 70)];

/// Width of a panel, height of a row of panels, height of the title, width of a legend.
const PANEL: (u32, u32) = (640, 400);
const TITLE: u32 = 48;
const LEGEND: u32 = 210;

/// The gradebook drawn as SVG text; an error names what plotters could not draw.
pub fn render(book: &Gradebook) -> Result<String, String> {
    let groups: Vec<&[Mark]> = book.marks.chunks(GROUP).collect();
    let panels = 1 + groups.len();
    let rows = panels.div_ceil(2) as u32;
    let size = (2 * PANEL.0, TITLE + rows * PANEL.1);
    let variants: Vec<Series> = VARIANTS
        .iter()
        .zip(GREYS)
        .filter_map(|(algo, color)| {
            let points: Vec<(i32, f64)> = book
                .baseline
                .timings
                .iter()
                .filter(|t| t.algo == algo.name())
                .map(|t| (t.n as i32, t.seconds))
                .collect();
            let label = format!("{} (variant, one search)", algo.name());
            (!points.is_empty()).then_some(Series { label, color, width: 1, points })
        })
        .collect();
    picture(size, ("labs grade: the class, and its times beside the variants'", 24), |root| {
        let cells = root.split_evenly((rows as usize, 2));
        histogram(&cells[0], book)?;
        for (k, (group, cell)) in groups.iter().zip(&cells[1..]).enumerate() {
            let mut lines = variants.clone();
            for (mark, color) in group.iter().zip(COLORS) {
                let points: Vec<(i32, f64)> =
                    mark.graded.points.iter().filter(|p| p.code == "AC").map(|p| (p.n as i32, p.seconds)).collect();
                let label = match points.is_empty() {
                    true => format!("{}: no n accepted", mark.graded.student),
                    false => mark.graded.student.clone(),
                };
                lines.push(Series { label, color, width: 2, points });
            }
            let first = k * GROUP + 1;
            let title = format!("Students {first}–{}: wall time per run (log)", first + group.len() - 1);
            if lines.iter().all(|l| l.points.is_empty()) {
                cell.titled(&title, ("sans-serif", 20)).map_err(|e| e.to_string())?;
                continue;
            }
            panel(cell, &title, &lines, &time_label, Legend::Beside(LEGEND))?;
        }
        Ok(())
    })
}

/// The histogram of the class: students by score out of 100, a bar per ten points and one for
/// 100, each bar's count above it.
fn histogram(area: &DrawingArea<SVGBackend, Shift>, book: &Gradebook) -> Result<(), String> {
    let bins = &book.summary.counts.scores;
    let most = bins.iter().map(|b| b.students).max().unwrap_or(0).max(1);
    let mut chart = ChartBuilder::on(area)
        .caption("Students by score", ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(60)
        .build_cartesian_2d(-0.5..bins.len() as f64 - 0.5, 0.0..most as f64 * 1.15)
        .map_err(|e| e.to_string())?;
    let label = |v: &f64| match (v - v.round()).abs() < 1e-6 && *v >= 0.0 {
        true => bins.get(v.round() as usize).map_or(String::new(), |b| b.label.clone()),
        false => String::new(),
    };
    chart
        .configure_mesh()
        .x_desc("score out of 100")
        .x_labels(bins.len() * 2 + 1)
        .x_label_formatter(&label)
        .y_labels(most.min(10) + 1)
        .y_label_formatter(&|v| if v.fract() == 0.0 { format!("{v}") } else { String::new() })
        .label_style(("sans-serif", 14))
        .axis_desc_style(("sans-serif", 16))
        .bold_line_style(over_white(BLACK, 0.2))
        .light_line_style(WHITE.mix(0.0))
        .disable_x_mesh()
        .draw()
        .map_err(|e| e.to_string())?;
    let bar = COLORS[0];
    chart
        .draw_series(
            bins.iter().enumerate().map(|(i, b)| {
                Rectangle::new([(i as f64 - 0.4, 0.0), (i as f64 + 0.4, b.students as f64)], bar.filled())
            }),
        )
        .map_err(|e| e.to_string())?;
    let anchor = plotters::style::text_anchor::Pos::new(
        plotters::style::text_anchor::HPos::Center,
        plotters::style::text_anchor::VPos::Bottom,
    );
    let font = ("sans-serif", 14).into_text_style(area).pos(anchor);
    chart
        .draw_series(
            bins.iter()
                .enumerate()
                .map(|(i, b)| Text::new(b.students.to_string(), (i as f64, b.students as f64), font.clone())),
        )
        .map_err(|e| e.to_string())?;
    Ok(())
}
