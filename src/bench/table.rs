//! The terminal table of `labs bench`: one row per board size and algorithm, then the notes.
//!
//! Rendering only formats what `compare.rs` computed. Rows are grouped by n (the size and its
//! solution count are written once per group); each time column has one unit for the whole table
//! (see `units.rs`), fitted to the medians, and σ is written to the median's precision; counts
//! of a million and more shrink to three digits and M or G. The table fits the width it is given
//! (`width.rs`): on a narrow terminal the columns go in the order of [`DROP`], and a note says
//! which went. A skipped cell is one row saying so, with the reason in the
//! notes below the table. Colour marks the reference of each size and the skipped cells, only when
//! the caller allows it (a terminal, and no `NO_COLOR`).
//!
//! Read next: `export/`, the same report as Markdown, CSV and JSON.

use super::compare::{Entry, LEARNED, Report, Row};
use crate::catalogue::{Key, say};
use crate::lang::Lang;
use crate::units::{TimeUnit, count, counted_in, fixed, to_precision_of};
use crate::width;
use comfy_table::{Attribute, Cell, CellAlignment, Color, LineStyle, Table, TableStyle};

/// One rule under the header and columns apart by spaces only, which leaves room for twelve
/// columns in 100.
const STYLE: TableStyle = TableStyle::new().header_separator(LineStyle::none().fill('─'));

/// The columns a narrow terminal hides, the first first: the spread (min…max, then σ) and the
/// growth before the counts, the counts before the comparison; n, algo, the median, ns per node
/// and per step, and ×ref always stay.
pub const DROP: [usize; 7] = [7, 12, 6, 2, 4, 3, 11];

/// The table and its notes, as text, within `width` display columns (`None`: no limit); `color`
/// allows ANSI colours.
pub fn render(report: &Report, color: bool, width: Option<usize>, lang: Lang) -> String {
    let unit = TimeUnit::fitting(&report.rows().map(|r| r.stats.median).collect::<Vec<_>>());
    let u = unit.symbol();
    let headers = [
        "n".to_string(),
        Key::BenchAlgo.text(lang).into(),
        Key::BenchSolutions.text(lang).into(),
        Key::BenchNodes.text(lang).into(),
        Key::BenchProbes.text(lang).into(),
        format!("{}\n{u}", Key::BenchMedian.text(lang)),
        format!("±σ\n{u}"),
        format!("min…max\n{u}"),
        "ns/\nnode".into(),
        "ns/\nstep".into(),
        "×ref".into(),
        "×work".into(),
        "×n−1".into(),
    ];
    let mark = learned_mark(report);
    let build = |breaks: &width::Breaks| {
        let mut table = Table::new();
        table.load_style(STYLE);
        if color {
            table.enforce_styling();
        } else {
            table.force_no_tty();
        }
        table.set_header(headers.iter().enumerate().map(|(i, h)| {
            let cell = paint(breaks.cell(i, h), color, None, true);
            if i == 1 { cell } else { cell.set_alignment(CellAlignment::Right) }
        }));
        // n heads its group of rows, and its solution count goes on the group's first measured row.
        let (mut last_n, mut counted) = (None, None);
        for entry in &report.entries {
            let (n, algo) = match entry {
                Entry::Measured(r) => (r.n, &r.algo),
                Entry::Skipped(s) => (s.n, &s.algo),
            };
            let first = last_n != Some(n);
            last_n = Some(n);
            let mut cells = vec![right(if first { n.to_string() } else { String::new() }), breaks.cell(1, algo)];
            match entry {
                Entry::Measured(r) => {
                    let count_here = counted != Some(n);
                    counted = Some(n);
                    let median = unit.format(r.stats.median);
                    let sigma = r.stats.stddev.map(|s| to_precision_of(s / unit.seconds(), &median));
                    let median = median + mark(r);
                    let speed = right(fixed(r.relative_speed));
                    cells.extend([
                        right(if count_here { r.solutions.to_string() } else { String::new() }),
                        right(count(r.nodes)),
                        right(count(r.probes)),
                        right(median),
                        right(sigma.unwrap_or_default()),
                        right(format!("{}…{}", unit.format(r.stats.min), unit.format(r.stats.max))),
                        right(fixed(r.ns_per_node)),
                        right(fixed(r.ns_per_step)),
                        if r.is_reference() { paint(speed, color, Some(Color::Green), true) } else { speed },
                        right(fixed(r.relative_work)),
                        right(r.growth.map(fixed).unwrap_or_default()),
                    ]);
                }
                Entry::Skipped(_) => {
                    cells.extend([Cell::new(""), Cell::new(""), Cell::new("")]);
                    let skipped =
                        breaks.cell(cells.len(), Key::BenchSkipped.text(lang)).set_alignment(CellAlignment::Right);
                    cells.push(paint(skipped, color, Some(Color::Yellow), false));
                }
            }
            table.add_row(cells);
        }
        table
    };
    let (table, hidden) = width::fit(width, &DROP, build);
    let hidden: Vec<String> = hidden.into_iter().map(|i| headers[i].clone()).collect();
    let mut text = format!("{table}\n");
    // Notes wrap to the terminal, or at 100 columns in a file, where they are read as prose.
    for line in notes(report, lang).into_iter().chain(width::hidden_note_in(width, &hidden, lang)) {
        text += &width::wrap(&line, Some(width.unwrap_or(100)), "  ");
    }
    text
}

/// The lines under the table (and the Markdown export): how the cells were timed and how to read
/// them, which cells are learned, why cells were skipped; in `lang`, but for the reason a cell was
/// skipped, which the timing words in English.
pub fn notes(report: &Report, lang: Lang) -> Vec<String> {
    let s = &report.settings;
    let reference = match &s.reference {
        Some(name) => name.clone(),
        None => Key::BenchFastest.text(lang).into(),
    };
    let clock = match report.clock.as_str() {
        "CPU time" => Key::BenchCpuTime.text(lang),
        "wall time" => Key::BenchWallTime.text(lang),
        other => other,
    };
    let runs = counted_in(lang, u64::from(s.runs), Key::BenchRunOne, Key::BenchRunOther);
    let warmup = counted_in(lang, u64::from(s.warmup), Key::BenchWarmupOne, Key::BenchWarmupOther);
    let mut lines = vec![
        say!(lang, BenchTimed, runs, warmup, clock),
        say!(lang, BenchPerNode),
        say!(lang, BenchRef, reference),
        say!(lang, BenchWork),
    ];
    if report.rows().any(|r| r.learned) {
        lines.push(say!(lang, BenchLearned, times = LEARNED));
    }
    lines.extend(report.skips().map(|skip| {
        // The English is the timing's own words, which the exports carry too.
        let reason = match (lang, skip.over) {
            (Lang::Zh, Some(over)) => over.words(lang),
            _ => skip.reason.clone(),
        };
        say!(lang, BenchSkip, algo = skip.algo, n = skip.n, reason)
    }));
    lines
}

/// The mark after a learned cell's median: `*`, and a space after the others' when any is marked,
/// so that the digits stay aligned.
pub fn learned_mark(report: &Report) -> impl Fn(&Row) -> &'static str {
    let any = report.rows().any(|r| r.learned);
    move |r| match (r.learned, any) {
        (true, _) => "*",
        (false, true) => " ",
        (false, false) => "",
    }
}

/// A right-aligned cell.
fn right(text: String) -> Cell {
    Cell::new(text).set_alignment(CellAlignment::Right)
}

/// `cell` in `fg` and bold (as asked) when colour is allowed.
fn paint(cell: Cell, color: bool, fg: Option<Color>, bold: bool) -> Cell {
    match (color, fg) {
        (false, _) => cell,
        (true, Some(fg)) if bold => cell.fg(fg).add_attribute(Attribute::Bold),
        (true, Some(fg)) => cell.fg(fg),
        (true, None) if bold => cell.add_attribute(Attribute::Bold),
        (true, None) => cell,
    }
}
