//! The toolkit's drawing kit: every picture it draws (`labs bench`'s, `labs grade`'s) is an SVG
//! made here, so each command only says what goes in it.
//!
//! Drawn with plotters' SVG backend only: no fonts or bitmaps are needed to write it. The SVG
//! looks the same in a browser, in `rsvg-convert` and in ImageMagick's `convert`, whose own SVG
//! reader (what instructors reach for first) reads less of SVG than the other two: `portable`
//! writes plotters' SVG in the part of it all three read, every colour is opaque (it ignores
//! `opacity`), and no text is rotated (it draws none): the panels' titles name the y axis.
//! A test renders a plot with all three and compares the pixels (tests/toolkit/plot.rs).

use crate::solvers::Algo;
use crate::units::TimeUnit;
use plotters::coord::Shift;
use plotters::prelude::*;
use unicode_width::UnicodeWidthChar;

/// One colour per algorithm, in the order of `Algo::ALL`, so that each keeps its colour whatever
/// else is selected.
pub(crate) const COLORS: [RGBColor; 6] = [
    RGBColor(214, 39, 40),
    RGBColor(255, 127, 14),
    RGBColor(148, 103, 189),
    RGBColor(31, 119, 180),
    RGBColor(44, 160, 44),
    RGBColor(60, 60, 60),
];

/// One line of a panel: its legend, its colour, its width in pixels, its points (n, value), and
/// the n whose value is at or below the axis's floor (a time within the start-up), drawn as a
/// hollow dot on the floor, never as a value a log scale cannot hold. A series with no points
/// is a legend entry alone.
#[derive(Clone)]
pub(crate) struct Series {
    pub(crate) label: String,
    pub(crate) color: RGBColor,
    pub(crate) width: u32,
    pub(crate) points: Vec<(i32, f64)>,
    pub(crate) floor: Vec<i32>,
}

/// What a picture writes besides its data: the fonts its text asks for, the n axis's name, and
/// the legend's entry for the hollow dots on the floor (shown only where a panel has one).
/// `labs bench`'s are [`BENCH`]; `labs grade`'s come from the catalogue in the gradebook's
/// language.
#[derive(Clone, Copy)]
pub(crate) struct Lettering<'a> {
    pub(crate) font: &'a str,
    pub(crate) n_axis: &'a str,
    pub(crate) floor: &'a str,
}

/// `labs bench`'s words: English, in `sans-serif`.
pub(crate) const BENCH: Lettering = Lettering { font: "sans-serif", n_axis: "n (board size)", floor: "" };

/// Fonts that hold Chinese as well as Latin, for a picture with names or words in either: Linux's,
/// Windows' and macOS's, then whatever `sans-serif` is. Where none of the three is installed,
/// resvg and browsers take each character `sans-serif` lacks from a font that has it (on this
/// Debian, Droid Sans Fallback): naming such a font here would draw the Latin text in whatever
/// face it falls back to for Latin.
pub(crate) const CJK_FONTS: &str = "'Noto Sans CJK SC', 'Microsoft YaHei', 'PingFang SC', sans-serif";

/// Pixels per display column of a text at `size` (plotters' size, as in `("sans-serif", 14)`),
/// over rather than under what any of [`CJK_FONTS`] takes: Latin letters average about half an
/// em, Chinese ones are one em (two columns), and plotters writes `size / 1.24` as the SVG's.
pub(crate) fn column_px(size: u32) -> f64 {
    0.6 * f64::from(size) / 1.24
}

/// `text` cut to at most `columns` display columns, its end replaced by `…` where it is cut.
pub(crate) fn fit(text: &str, columns: usize) -> String {
    if crate::width::of(text) <= columns {
        return text.to_string();
    }
    // The `…` takes one column of them.
    let mut used = 1;
    let kept: String = text
        .chars()
        .take_while(|c| {
            used += c.width().unwrap_or(0);
            used <= columns
        })
        .collect();
    kept + "…"
}

/// Where a panel's legend goes: over the chart's upper left corner, or in a column of this many
/// pixels beside it, clear of the data (for many lines).
#[derive(Clone, Copy)]
pub(crate) enum Legend {
    Inside,
    Beside(u32),
}

/// The colour of a variant, the same in every picture the toolkit draws.
pub(crate) fn algo_color(name: &str) -> Option<RGBColor> {
    Algo::ALL.iter().position(|a| a.name() == name).map(|i| COLORS[i])
}

/// An SVG picture of `size` pixels on white under `title` (text, font size), its area below the
/// title drawn by `draw`; an error names what plotters could not draw. Every picture the toolkit
/// draws (`labs bench`'s, `labs grade`'s) is made here, so each only says what goes in it.
pub(crate) fn picture(
    size: (u32, u32),
    (title, font): (&str, u32),
    family: &str,
    draw: impl FnOnce(&DrawingArea<SVGBackend, Shift>) -> Result<(), String>,
) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let root = root.titled(title, (family, font)).map_err(|e| e.to_string())?;
        draw(&root)?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(portable(&svg))
}

/// Mixes `color` with white, as `color` drawn at `alpha` over the white page looks: an opaque
/// colour that every renderer draws alike.
pub(crate) fn over_white(color: RGBColor, alpha: f64) -> RGBColor {
    let mix = |c: u8| (f64::from(c) * alpha + 255.0 * (1.0 - alpha)).round() as u8;
    RGBColor(mix(color.0), mix(color.1), mix(color.2))
}

/// plotters' SVG in the part of SVG that ImageMagick's reader reads as browsers do. Two things:
/// - `opacity="1"` goes: after `fill="none"` ImageMagick reads it as "fill opaquely", so every
///   line was filled as a polygon, black wedges between its points.
/// - `dy="0.76em"` (plotters' way to hang text from its top) is ignored by ImageMagick, which then
///   draws titles a line too high, half off the picture: it is added to `y` instead.
pub(crate) fn portable(svg: &str) -> String {
    let mut out = String::with_capacity(svg.len());
    for line in svg.split_inclusive('\n') {
        let line = line.replace(" opacity=\"1\"", "");
        out += &match hanging_text(&line) {
            Some(fixed) => fixed,
            None => line,
        };
    }
    out
}

/// A `<text …>` tag with `y="Y" dy="0.76em"` and `font-size="S"`, as the same tag with
/// `y="Y + 0.76 S"` and no `dy`; `None` for any other line.
fn hanging_text(line: &str) -> Option<String> {
    const DY: &str = " dy=\"0.76em\"";
    let attribute = |name: &str| -> Option<f64> {
        let start = line.find(&format!(" {name}=\""))? + name.len() + 3;
        line[start..].split('"').next()?.parse().ok()
    };
    if !line.starts_with("<text ") || !line.contains(DY) {
        return None;
    }
    let (y, size) = (attribute("y")?, attribute("font-size")?);
    let moved = (y + 0.76 * size).round();
    Some(line.replacen(&format!(" y=\"{y}\""), &format!(" y=\"{moved}\""), 1).replacen(DY, "", 1))
}

/// Where a legend beside a chart writes its labels, from its left edge, and their font size.
pub(crate) const BESIDE_TEXT: (u32, u32) = (30, 14);

/// A legend in a column of its own: a short line in each series' colour and its label, from the
/// top, then, if a series has a dot on the floor, a hollow dot and `lettering.floor`; a series with
/// no points has no line. Every label is cut ([`fit`]) to the column's width.
fn legend_beside(area: &DrawingArea<SVGBackend, Shift>, lines: &[Series], lettering: &Lettering) -> Result<(), String> {
    const ROW: i32 = 20;
    let (left, size) = BESIDE_TEXT;
    let font = (lettering.font, size).into_font();
    let columns = (f64::from(area.dim_in_pixel().0.saturating_sub(left + 4)) / column_px(size)) as usize;
    let label = |i: usize, text: &str| {
        let y = 32 + i as i32 * ROW;
        (y, Text::new(fit(text, columns), (left as i32, y - 7), font.clone()))
    };
    for (i, line) in lines.iter().enumerate() {
        let (y, text) = label(i, &line.label);
        if !line.points.is_empty() {
            let path = PathElement::new(vec![(4, y), (24, y)], line.color.stroke_width(line.width + 1));
            area.draw(&path).map_err(|e| e.to_string())?;
        }
        area.draw(&text).map_err(|e| e.to_string())?;
    }
    if lines.iter().any(|l| !l.floor.is_empty()) {
        let (y, text) = label(lines.len(), lettering.floor);
        area.draw(&Circle::new((14, y), 4, BLACK.stroke_width(1))).map_err(|e| e.to_string())?;
        area.draw(&text).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// An axis label: `value` in the largest of `units` (scale, symbol) it reaches, with no more
/// digits than it needs (`10 ms`, `2.5 µs`, `100k`).
pub(crate) fn tick(value: f64, units: &[(f64, &str)], space: &str) -> String {
    let (scale, symbol) = units.iter().rev().find(|(scale, _)| value >= scale * 0.999).unwrap_or(&units[0]);
    let scaled = format!("{:.2}", value / scale);
    let digits = scaled.trim_end_matches('0').trim_end_matches('.');
    format!("{digits}{space}{symbol}")
}

/// A time axis label: `10 ms`, `2.5 µs`, in the units the tables use.
pub(crate) fn time_label(seconds: f64) -> String {
    tick(seconds, &TimeUnit::ALL.map(|u| (u.seconds(), u.symbol())), " ")
}

/// One panel: `lines` against n on a log scale, the n axis from the first n to the last with
/// half a step either side, and a legend where `legend` says; `title` names the y axis too. With
/// the legend beside the chart, the title stands over both, so that it has the panel's width.
/// The y axis is fitted to the values; dots on the floor sit on its bottom edge.
pub(crate) fn panel(
    area: &DrawingArea<SVGBackend, Shift>,
    title: &str,
    lines: &[Series],
    y_label: &dyn Fn(f64) -> String,
    legend: Legend,
    lettering: &Lettering,
) -> Result<(), String> {
    let every_n = lines.iter().flat_map(|l| l.points.iter().map(|p| p.0).chain(l.floor.iter().copied()));
    let (lo, hi) = every_n.fold((i32::MAX, i32::MIN), |(lo, hi), n| (lo.min(n), hi.max(n)));
    let all = lines.iter().flat_map(|l| &l.points);
    let (bottom, top) = all.fold((f64::MAX, f64::MIN), |(b, t), p| (b.min(p.1), t.max(p.1)));
    if lo > hi || bottom <= 0.0 || bottom > top {
        return Err("nothing measured to plot".into());
    }
    let (area, beside) = match legend {
        Legend::Inside => (area.clone(), None),
        Legend::Beside(width) => {
            let area = area.titled(title, (lettering.font, 20)).map_err(|e| e.to_string())?;
            let (chart, beside) = area.split_horizontally(area.dim_in_pixel().0.saturating_sub(width));
            (chart, Some(beside))
        }
    };
    let x = |n: i32| f64::from(n);
    let floor = bottom / 2.0;
    let mut builder = ChartBuilder::on(&area);
    builder.margin(16).x_label_area_size(44).y_label_area_size(90);
    if beside.is_none() {
        builder.caption(title, (lettering.font, 20));
    }
    let mut chart = builder
        .build_cartesian_2d(x(lo) - 0.5..x(hi) + 0.5, (floor..top * 2.0).log_scale())
        .map_err(|e| e.to_string())?;
    // A label at each whole n, none between.
    let whole = |v: &f64| if (v - v.round()).abs() < 1e-6 { format!("{}", v.round()) } else { String::new() };
    chart
        .configure_mesh()
        .x_desc(lettering.n_axis)
        .x_labels(((hi - lo) as usize + 1) * 2 + 1)
        .x_label_formatter(&whole)
        .y_label_formatter(&|v| y_label(*v))
        .label_style((lettering.font, 14))
        .axis_desc_style((lettering.font, 16))
        .bold_line_style(over_white(BLACK, 0.2))
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(|e| e.to_string())?;
    for line in lines {
        let style = line.color.stroke_width(line.width);
        let points: Vec<(f64, f64)> = line.points.iter().map(|&(n, v)| (x(n), v)).collect();
        let drawn = chart.draw_series(LineSeries::new(points.iter().copied(), style)).map_err(|e| e.to_string())?;
        if beside.is_none() {
            drawn.label(&line.label).legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], style));
        }
        let dot = line.width + 2;
        chart
            .draw_series(points.iter().map(|&p| Circle::new(p, dot, line.color.filled())))
            .map_err(|e| e.to_string())?;
        let hollow = line.color.stroke_width(line.width);
        chart
            .draw_series(line.floor.iter().map(|&n| Circle::new((x(n), floor), dot + 1, hollow)))
            .map_err(|e| e.to_string())?;
    }
    if let Some(beside) = beside {
        return legend_beside(&beside, lines, lettering);
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .label_font((lettering.font, 15))
        .background_style(WHITE)
        .border_style(over_white(BLACK, 0.4))
        .draw()
        .map_err(|e| e.to_string())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn the_svg_keeps_to_what_every_renderer_reads() {
        let plotters = "<polyline fill=\"none\" opacity=\"1\" stroke=\"#1F77B4\" stroke-width=\"2\" points=\"1,2 3,4 \"/>\n\
                        <text x=\"640\" y=\"5\" dy=\"0.76em\" text-anchor=\"middle\" font-family=\"sans-serif\" \
                        font-size=\"20\" opacity=\"1\" fill=\"#000000\">\ntitle\n</text>\n";
        assert_eq!(
            portable(plotters),
            "<polyline fill=\"none\" stroke=\"#1F77B4\" stroke-width=\"2\" points=\"1,2 3,4 \"/>\n\
             <text x=\"640\" y=\"20\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"20\" \
             fill=\"#000000\">\ntitle\n</text>\n"
        );
        assert_eq!(over_white(BLACK, 0.2), RGBColor(204, 204, 204));
    }

    #[test]
    fn a_label_is_cut_by_display_columns() {
        assert_eq!(
            [fit("alice", 5), fit("alice", 4), fit("欧阳娜娜", 7), fit("欧阳娜娜", 8)],
            ["alice", "ali…", "欧阳娜…", "欧阳娜娜"]
        );
    }
}
