//! The report as a picture: time per search and search-tree nodes against n, both on log scales.
//!
//! Two panels side by side in one SVG file. On the left, one line per algorithm through its median
//! times: on a log scale, exponential growth is a straight line, its slope the growth factor, and
//! the vertical gap between two lines their speed ratio. On the right, the nodes of the search
//! tree: algorithms that walk the same tree share one line (five of the six do), so the picture
//! shows at once that the gaps on the left come from the cost of a step, not the number of steps,
//! except for `cell`, whose tree is larger. Colours follow the algorithms across both panels.
//!
//! Drawn with the toolkit's drawing kit ([`crate::chart`]), as `labs grade`'s picture is: a marker
//! of its own shape per algorithm, every word in the chosen language (`--lang`), in fonts that
//! hold Chinese where the words are Chinese.

use super::compare::Report;
use crate::catalogue::say;
use crate::chart::{
    CJK_FONTS, COLORS, Legend, Lettering, Marker, Series, TITLE_FONT, algo_color, panel, picture, tick, time_label,
};
use crate::lang::Lang;
use crate::solvers::Algo;

/// Width and height of the picture, in pixels.
const SIZE: (u32, u32) = (1280, 560);

/// The report drawn as SVG text, its words in `lang`; an error names what plotters could not draw.
pub fn render(report: &Report, lang: Lang) -> Result<String, String> {
    let mut names: Vec<&str> = Vec::new();
    for row in report.rows() {
        if !names.contains(&row.algo.as_str()) {
            names.push(&row.algo);
        }
    }
    // Each variant keeps its colour and shape whatever else is measured.
    let index = |name: &str| {
        let known = Algo::ALL.iter().position(|a| a.name() == name);
        known.unwrap_or_else(|| names.iter().position(|n| *n == name).unwrap_or(0))
    };
    let color = |name: &str| algo_color(name).unwrap_or(COLORS[index(name) % COLORS.len()]);
    let marker = |name: &str| Marker::nth(index(name));
    let series = |name: &str, value: &dyn Fn(&super::compare::Row) -> f64| -> Vec<(i32, f64)> {
        report.rows().filter(|r| r.algo == name).map(|r| (r.n as i32, value(r))).collect()
    };
    let times: Vec<Series> = names
        .iter()
        .map(|&name| Series {
            label: name.into(),
            color: color(name),
            marker: marker(name),
            width: 2,
            points: series(name, &|r| r.stats.median),
            floor: Vec::new(),
        })
        .collect();
    let mut trees: Vec<Series> = Vec::new();
    for &name in &names {
        let points = series(name, &|r| r.nodes as f64);
        let same = trees.iter_mut().find(|t| t.points.iter().all(|p| points.iter().all(|q| p.0 != q.0 || p.1 == q.1)));
        match same {
            Some(tree) => {
                tree.label = format!("{}, {name}", tree.label);
                tree.points.extend(points);
                tree.points.sort_by_key(|p| p.0);
                tree.points.dedup_by_key(|p| p.0);
            }
            None => trees.push(Series {
                label: name.into(),
                color: color(name),
                marker: marker(name),
                width: 2,
                points,
                floor: Vec::new(),
            }),
        }
    }

    let font = match lang {
        Lang::En => "sans-serif",
        Lang::Zh => CJK_FONTS,
    };
    let n_axis = say!(lang, PlotBoardSize);
    let lettering = Lettering { font, n_axis: &n_axis, floor: "" };
    picture(SIZE, (&say!(lang, PlotBench), TITLE_FONT), font, |root| {
        let (left, right) = root.split_horizontally(SIZE.0 / 2);
        let time = (say!(lang, PlotBenchTime), say!(lang, PlotTimeAxis));
        panel(&left, (&time.0, &time.1), &times, &time_label, Legend::Inside, &lettering)?;
        let nodes = |v: f64| tick(v, &[(1.0, ""), (1e3, "k"), (1e6, "M"), (1e9, "G")], "");
        let work = (say!(lang, PlotBenchNodes), say!(lang, PlotNodesAxis));
        panel(&right, (&work.0, &work.1), &trees, &nodes, Legend::Inside, &lettering)
    })
}
