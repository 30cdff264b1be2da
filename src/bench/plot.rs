//! The report as a picture: time per search and search-tree nodes against n, both on log scales.
//!
//! Two panels side by side in one SVG file. On the left, one line per algorithm through its median
//! times: on a log scale, exponential growth is a straight line, its slope the growth factor, and
//! the vertical gap between two lines their speed ratio. On the right, the nodes of the search
//! tree: algorithms that walk the same tree share one line (five of the six do), so the picture
//! shows at once that the gaps on the left come from the cost of a step, not the number of steps,
//! except for `cell`, whose tree is larger. Colours follow the algorithms across both panels.
//!
//! Drawn with the toolkit's drawing kit ([`crate::chart`]), as `labs grade`'s picture is.

use super::compare::Report;
use crate::chart::{BENCH, COLORS, Legend, Series, algo_color, panel, picture, tick, time_label};

/// Width and height of the picture, in pixels.
const SIZE: (u32, u32) = (1280, 560);

/// The report drawn as SVG text; an error names what plotters could not draw.
pub fn render(report: &Report) -> Result<String, String> {
    let mut names: Vec<&str> = Vec::new();
    for row in report.rows() {
        if !names.contains(&row.algo.as_str()) {
            names.push(&row.algo);
        }
    }
    let color = |name: &str| {
        algo_color(name).unwrap_or(COLORS[names.iter().position(|n| *n == name).unwrap_or(0) % COLORS.len()])
    };
    let series = |name: &str, value: &dyn Fn(&super::compare::Row) -> f64| -> Vec<(i32, f64)> {
        report.rows().filter(|r| r.algo == name).map(|r| (r.n as i32, value(r))).collect()
    };
    let times: Vec<Series> = names
        .iter()
        .map(|&name| Series {
            label: name.into(),
            color: color(name),
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
            None => trees.push(Series { label: name.into(), color: color(name), width: 2, points, floor: Vec::new() }),
        }
    }

    picture(SIZE, ("labs bench: time and work of the N-Queens searches", 26), BENCH.font, |root| {
        let (left, right) = root.split_horizontally(SIZE.0 / 2);
        panel(&left, "Time per search (median, log scale)", &times, &time_label, Legend::Inside, &BENCH)?;
        let nodes = |v: f64| tick(v, &[(1.0, ""), (1e3, "k"), (1e6, "M"), (1e9, "G")], "");
        panel(&right, "Search-tree nodes (log scale)", &trees, &nodes, Legend::Inside, &BENCH)
    })
}
