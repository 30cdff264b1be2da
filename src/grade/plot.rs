//! The class as a picture, readable at 40 students and more: small multiples.
//!
//! First a histogram of the class (students by score out of 100, [`super::summary`]), then
//! one panel per group of [`GROUP`] students in name order, each with the variants' time per
//! search in grey and each student's time at every n they were accepted on, against n on a log
//! scale. Inside a group the colours are all different (`COLORS`), the legend stands in a
//! column beside the chart, clear of the data, and every student of the group is in it: one
//! accepted at no n is listed with "no n accepted" and has no line. The axes are fitted to what
//! each panel draws. Drawn by the same code as `labs bench`'s (`bench/plot.rs`), every word from
//! the catalogue in the gradebook's language, in fonts that hold Chinese (`chart::CJK_FONTS`), and
//! every label inside the picture: a name too long for the legend is cut with `…`.
//!
//! A student's time is net of start-up, as the table's is ([`super::rerun`]): the run's time on
//! the clock the start-up was measured on (CPU time where the judge measures it, else wall
//! time) less their language's start-up, so that the line stands beside the variants' in-process
//! searches, and its slope is the search's growth factor. A time within the start-up (the
//! table's "≤ start-up") is a hollow dot on the panel's floor, not a value a log scale cannot
//! hold. Where no program of the language had its start-up measured, the line is the whole times
//! and the legend says so.

use super::baseline::VARIANTS;
use super::book::Gradebook;
use super::mark::Mark;
use super::rerun::Timed;
use crate::catalogue::say;
use crate::chart::{
    AXIS_FONT, BESIDE_TEXT, CJK_FONTS, Legend, Lettering, Marker, PANEL_FONT, Series, TEXT_FONT, TITLE_FONT, column_px,
    fit, over_white, panel, picture, time_label,
};
use crate::judge::compile::Language;
use crate::lang::Lang;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;

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
const PANEL: (u32, u32) = (720, 420);
const TITLE: u32 = 48;
const LEGEND: u32 = 280;

/// The gradebook drawn as SVG text; an error names what plotters could not draw.
pub fn render(book: &Gradebook) -> Result<String, String> {
    let lang = book.session.lang;
    let groups: Vec<&[Mark]> = book.marks.chunks(GROUP).collect();
    let panels = 1 + groups.len();
    let rows = panels.div_ceil(2) as u32;
    let size = (2 * PANEL.0, TITLE + rows * PANEL.1);
    let variants: Vec<Series> = VARIANTS
        .iter()
        .zip(GREYS)
        .enumerate()
        .filter_map(|(i, (algo, color))| {
            let points: Vec<(i32, f64)> = book
                .baseline
                .timings
                .iter()
                .filter(|t| t.algo == algo.name())
                .map(|t| (t.n as i32, t.seconds))
                .collect();
            let label = say!(lang, PlotVariant, algo = algo.name());
            let marker = Marker::nth(i);
            (!points.is_empty()).then_some(Series { label, color, marker, width: 1, points, floor: Vec::new() })
        })
        .collect();
    let (n_axis, floor) = (say!(lang, PlotBoardSize), say!(lang, PlotFloor));
    let lettering = Lettering { font: CJK_FONTS, n_axis: &n_axis, floor: &floor };
    let time_axis = say!(lang, PlotTimeAxis);
    picture(size, (&say!(lang, PlotClass), TITLE_FONT), CJK_FONTS, |root| {
        let cells = root.split_evenly((rows as usize, 2));
        histogram(&cells[0], book)?;
        for (k, (group, cell)) in groups.iter().zip(&cells[1..]).enumerate() {
            let mut lines = variants.clone();
            let students = group.iter().zip(COLORS).enumerate();
            // Shapes after the variants', so that no student's is a variant's.
            lines
                .extend(students.map(|(i, (mark, color))| student(book, mark, color, Marker::nth(VARIANTS.len() + i))));
            let first = k * GROUP + 1;
            let title = say!(lang, PlotPanel, first, last = first + group.len() - 1);
            if lines.iter().all(|l| l.points.is_empty()) {
                cell.titled(&title, (CJK_FONTS, PANEL_FONT)).map_err(|e| e.to_string())?;
                continue;
            }
            panel(cell, (&title, &time_axis), &lines, &time_label, Legend::Beside(LEGEND), &lettering)?;
        }
        Ok(())
    })
}

/// A student's line in `color` and `marker`: at each n accepted, the time net of start-up
/// ([`net`]), on the floor where that is none; the legend names them, cut to the legend's width.
fn student(book: &Gradebook, mark: &Mark, color: RGBColor, marker: Marker) -> Series {
    let lang = book.session.lang;
    let startup = startup(book, mark);
    let (mut points, mut floor) = (Vec::new(), Vec::new());
    for p in mark.graded.points.iter().filter(|p| p.code == "AC") {
        // By the measure the limit holds, as the table's time and its near-the-limit mark.
        match net(super::book::taken(p), startup) {
            Some(seconds) => points.push((p.n as i32, seconds)),
            None => floor.push(p.n as i32),
        }
    }
    let label = |who: &str| match (points.is_empty() && floor.is_empty(), startup) {
        (true, _) => say!(lang, PlotNoneAccepted, who),
        (false, None) => say!(lang, PlotStartupIncluded, who),
        (false, Some(_)) => who.to_string(),
    };
    let columns = (f64::from(LEGEND - BESIDE_TEXT.0 - 4) / column_px(BESIDE_TEXT.1)) as usize;
    let room = columns.saturating_sub(crate::width::of(&label("")));
    let label = label(&fit(&mark.graded.student, room));
    Series { label, color, marker, width: 2, points, floor }
}

/// A time less the start-up, if any is left; the whole time where no start-up was measured.
fn net(seconds: f64, startup: Option<f64>) -> Option<f64> {
    let left = seconds - startup.unwrap_or(0.0);
    (left > 0.0).then_some(left)
}

/// The start-up taken from `mark`'s times: their own program's ([`super::rerun`]), else that of
/// another program in the same language, which is the same measurement; `None` if none was made.
fn startup(book: &Gradebook, mark: &Mark) -> Option<f64> {
    let language = Language::of(Path::new(&mark.graded.source)).map(|l| l.facts().name);
    let same = || book.marks.iter().filter_map(repeated).find(|(l, _)| Some(*l) == language);
    repeated(mark).or_else(same).map(|(_, startup)| startup)
}

/// The language and start-up of `mark`'s program timed again, if its start-up was measured.
fn repeated(mark: &Mark) -> Option<(&str, f64)> {
    match &mark.graded.timed {
        Some(Timed::Repeated(r)) => r.startup.map(|startup| (r.language.as_str(), startup)),
        _ => None,
    }
}

/// The histogram of the class: students by score out of 100, a bar per ten points and one for
/// 100, each bar's count above it.
fn histogram(area: &DrawingArea<SVGBackend, Shift>, book: &Gradebook) -> Result<(), String> {
    let lang: Lang = book.session.lang;
    let bins = &book.summary.counts.scores;
    let most = bins.iter().map(|b| b.students).max().unwrap_or(0).max(1);
    let mut chart = ChartBuilder::on(area)
        .caption(say!(lang, PlotScores), (CJK_FONTS, PANEL_FONT))
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
        .x_desc(say!(lang, PlotScoreAxis))
        .x_labels(bins.len() * 2 + 1)
        .x_label_formatter(&label)
        .y_labels(most.min(10) + 1)
        .y_label_formatter(&|v| if v.fract() == 0.0 { format!("{v}") } else { String::new() })
        .label_style((CJK_FONTS, TEXT_FONT))
        .axis_desc_style((CJK_FONTS, AXIS_FONT))
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
    let font = (CJK_FONTS, TEXT_FONT).into_text_style(area).pos(anchor);
    chart
        .draw_series(
            bins.iter()
                .enumerate()
                .map(|(i, b)| Text::new(b.students.to_string(), (i as f64, b.students as f64), font.clone())),
        )
        .map_err(|e| e.to_string())?;
    Ok(())
}
