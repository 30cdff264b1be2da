//! The toolkit's drawing kit: every picture it draws (`labs bench`'s, `labs grade`'s) is an SVG
//! made here, so each command only says what goes in it.
//!
//! Drawn with plotters' SVG backend only: no fonts or bitmaps are needed to write it. The SVG
//! looks the same in a browser, in `rsvg-convert` and in ImageMagick's `convert`, whose own SVG
//! reader (what instructors reach for first) reads less of SVG than the other two: `portable`
//! writes plotters' SVG in the part of it all three read, every colour is opaque (it ignores
//! `opacity`), and no text is rotated (it draws none): a y axis's title stands level over it.
//!
//! Made to be projected: no text under 14 px (plotters writes a size of `s` as `s / 1.24` px, so
//! the smallest asked for is 18), and every line has a marker of its own shape as well as its
//! colour, so that lines stay apart in grey print and for the colour-blind.
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

/// The shape drawn at each point of a line, and beside its name in the legend.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Marker {
    Circle,
    Square,
    Triangle,
    Diamond,
    Down,
    Plus,
}

impl Marker {
    /// Every shape, in the order lines take them: `ALL[i % ALL.len()]` for the i-th.
    pub(crate) const ALL: [Marker; 6] =
        [Marker::Circle, Marker::Square, Marker::Triangle, Marker::Diamond, Marker::Down, Marker::Plus];

    /// The i-th shape, over again after the last.
    pub(crate) fn nth(i: usize) -> Marker {
        Marker::ALL[i % Marker::ALL.len()]
    }

    /// The shape's outline around (0, 0), `radius` pixels from its centre to its corners: every
    /// shape is a polygon (the circle one of 16 sides), so that one element type draws them all.
    fn corners(self, radius: i32) -> Vec<(i32, i32)> {
        let (r, s, w) = (radius, radius * 4 / 5, (radius / 3).max(1));
        match self {
            Marker::Circle => (0..16)
                .map(|k| {
                    let angle = f64::from(k) * std::f64::consts::PI / 8.0;
                    let at = |v: f64| (v * f64::from(r)).round() as i32;
                    (at(angle.cos()), at(angle.sin()))
                })
                .collect(),
            Marker::Square => vec![(-s, -s), (s, -s), (s, s), (-s, s)],
            Marker::Triangle => vec![(0, -r - 1), (r + 1, r - 1), (-r - 1, r - 1)],
            Marker::Diamond => vec![(0, -r - 1), (r, 0), (0, r + 1), (-r, 0)],
            Marker::Down => vec![(0, r + 1), (r + 1, 1 - r), (-r - 1, 1 - r)],
            Marker::Plus => vec![
                (w, r),
                (w, w),
                (r, w),
                (r, -w),
                (w, -w),
                (w, -r),
                (-w, -r),
                (-w, -w),
                (-r, -w),
                (-r, w),
                (-w, w),
                (-w, r),
            ],
        }
    }
}

/// One line of a panel: its legend, its colour and marker, its width in pixels, its points (n,
/// value), and the n whose value is at or below the axis's floor (a time within the start-up),
/// drawn as a hollow dot on the floor, never as a value a log scale cannot hold. A series with no
/// points is a legend entry alone.
#[derive(Clone)]
pub(crate) struct Series {
    pub(crate) label: String,
    pub(crate) color: RGBColor,
    pub(crate) marker: Marker,
    pub(crate) width: u32,
    pub(crate) points: Vec<(i32, f64)>,
    pub(crate) floor: Vec<i32>,
}

/// What a picture writes besides its data: the fonts its text asks for, the n axis's name, and
/// the legend's entry for the hollow dots on the floor (shown only where a panel has one); each
/// command's come from the catalogue in its language.
#[derive(Clone, Copy)]
pub(crate) struct Lettering<'a> {
    pub(crate) font: &'a str,
    pub(crate) n_axis: &'a str,
    pub(crate) floor: &'a str,
}

/// The font sizes asked of plotters (which writes `s / 1.24` px): a picture's title, a panel's
/// title, an axis's title, and every other text (ticks, legends, counts), 14.5 px.
pub(crate) const TITLE_FONT: u32 = 28;
pub(crate) const PANEL_FONT: u32 = 24;
pub(crate) const AXIS_FONT: u32 = 20;
pub(crate) const TEXT_FONT: u32 = 18;

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
pub(crate) const BESIDE_TEXT: (u32, u32) = (34, TEXT_FONT);

/// A legend in a column of its own: a short line in each series' colour and its label, from the
/// top, then, if a series has a dot on the floor, a hollow dot and `lettering.floor`; a series with
/// no points has no line. Every label is cut ([`fit`]) to the column's width.
fn legend_beside(area: &DrawingArea<SVGBackend, Shift>, lines: &[Series], lettering: &Lettering) -> Result<(), String> {
    const ROW: i32 = 24;
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
            let path = PathElement::new(vec![(4, y), (28, y)], line.color.stroke_width(line.width + 1));
            area.draw(&path).map_err(|e| e.to_string())?;
            let shape = EmptyElement::at((16, y)) + Polygon::new(line.marker.corners(5), line.color.filled());
            area.draw(&shape).map_err(|e| e.to_string())?;
        }
        area.draw(&text).map_err(|e| e.to_string())?;
    }
    if lines.iter().any(|l| !l.floor.is_empty()) {
        let (y, text) = label(lines.len(), lettering.floor);
        area.draw(&Circle::new((16, y), 5, BLACK.stroke_width(1))).map_err(|e| e.to_string())?;
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

/// Pixels kept above a chart for its y axis's title, and around a chart.
const Y_TITLE: u32 = 30;
const MARGIN: u32 = 16;

/// One panel under `title`: `lines` against n on a log scale, the n axis from the first n to the
/// last with half a step either side, the y axis's title (`y_title`) level over its labels, and a
/// legend where `legend` says. The title stands over the chart and any legend beside it, so that
/// it has the panel's width. The y axis is fitted to the values; dots on the floor sit on its
/// bottom edge.
pub(crate) fn panel(
    area: &DrawingArea<SVGBackend, Shift>,
    (title, y_title): (&str, &str),
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
    let area =
        area.margin(MARGIN / 2, 0, 0, 0).titled(title, (lettering.font, PANEL_FONT)).map_err(|e| e.to_string())?;
    let (area, beside) = match legend {
        Legend::Inside => (area, None),
        Legend::Beside(width) => {
            let (chart, beside) = area.split_horizontally(area.dim_in_pixel().0.saturating_sub(width));
            (chart, Some(beside))
        }
    };
    let (over, area) = area.split_vertically(Y_TITLE);
    let x = |n: i32| f64::from(n);
    let floor = bottom / 2.0;
    let mut chart = ChartBuilder::on(&area)
        .margin(MARGIN)
        .margin_top(4)
        .x_label_area_size(50)
        .y_label_area_size(96)
        .build_cartesian_2d(x(lo) - 0.5..x(hi) + 0.5, (floor..top * 2.0).log_scale())
        .map_err(|e| e.to_string())?;
    // Level, over the y axis's labels, its left edge at theirs.
    let y_title = Text::new(y_title.to_string(), (MARGIN as i32, 6), (lettering.font, AXIS_FONT));
    over.draw(&y_title).map_err(|e| e.to_string())?;
    // A label at each whole n, none between.
    let whole = |v: &f64| if (v - v.round()).abs() < 1e-6 { format!("{}", v.round()) } else { String::new() };
    chart
        .configure_mesh()
        .x_desc(lettering.n_axis)
        .x_labels(((hi - lo) as usize + 1) * 2 + 1)
        .x_label_formatter(&whole)
        .y_label_formatter(&|v| y_label(*v))
        .label_style((lettering.font, TEXT_FONT))
        .axis_desc_style((lettering.font, AXIS_FONT))
        .bold_line_style(over_white(BLACK, 0.2))
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(|e| e.to_string())?;
    for line in lines {
        let style = line.color.stroke_width(line.width);
        let points: Vec<(f64, f64)> = line.points.iter().map(|&(n, v)| (x(n), v)).collect();
        let drawn = chart.draw_series(LineSeries::new(points.iter().copied(), style)).map_err(|e| e.to_string())?;
        let (marker, color, dot) = (line.marker, line.color, line.width as i32 + 3);
        if beside.is_none() {
            drawn.label(&line.label).legend(move |(x, y)| {
                let path = PathElement::new(vec![(-14, 0), (14, 0)], style);
                EmptyElement::at((x + 10, y)) + path + Polygon::new(marker.corners(5), color.filled())
            });
        }
        let shape = |p: &(f64, f64)| EmptyElement::at(*p) + Polygon::new(marker.corners(dot), color.filled());
        chart.draw_series(points.iter().map(shape)).map_err(|e| e.to_string())?;
        let dot = line.width + 2;
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
        .label_font((lettering.font, TEXT_FONT))
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
