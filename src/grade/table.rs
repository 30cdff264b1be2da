//! The terminal table of `labs grade`: one row per student, then the notes.
//!
//! One row per entry of the class, in name order: a student graded, or an entry not graded with
//! why in the score's place. Columns: the student; the verdict at each test size, as short codes under their n, aligned;
//! the score as the judge shows it, and out of 100 ([`super::book::Scoring`]); the largest n accepted, and the run's wall time and peak
//! memory there; that time over each variant's (`3.10` under `×row`: three times `row`'s time);
//! with several formats allowed, last, the format each student was judged by ([`book_row`]).
//! Rendering only formats what `book.rs` computed; [`verdict_codes`] is the one layout of the
//! verdict column, shared with the Markdown export.
//!
//! Read next: `export.rs`, the same gradebook as Markdown, CSV and JSON.

use super::baseline::VARIANTS;
use super::book::{Gradebook, Outcome, notes, rows};
use crate::catalogue::say;
use crate::lang::Lang;
use crate::units::{bytes, duration, fixed};
use crate::width;
use comfy_table::{Cell, CellAlignment, Table, presets};
use std::time::Duration;

/// Columns hidden first when the table is wider than the terminal: the ratios, then memory and
/// time; the student, the verdicts, the score and n always stay.
const DROP: [usize; 5] = [9, 8, 7, 6, 5];

/// The table and its notes, as text, fitted to `width` display columns (`None`: no limit).
pub fn render(book: &Gradebook, width: Option<usize>) -> String {
    let headers = book_headers(book);
    // The verdict codes stand under their n: never wrapped (a no-break space is no place to
    // break for the width helper or comfy-table). Names never break either; the score's words do.
    let unbroken = |text: &str| text.replace(' ', "\u{a0}");
    let cells: Vec<Vec<String>> = rows(book).into_iter().map(|each| book_row(book, each)).collect();
    // The format column, with several formats allowed, is text: left-aligned, last.
    let format_column = book.session.several_formats().then(|| headers.len() - 1);
    let (table, hidden) = width::fit(width, &DROP, |breaks| {
        let mut table = Table::new();
        table.load_style(presets::UTF8_FULL_CONDENSED);
        table.force_no_tty();
        let aligned = |i: usize, cell: Cell| match Some(i) == format_column {
            true => cell,
            false => cell.set_alignment(CellAlignment::Right),
        };
        let mut header = vec![Cell::new(&headers[0]), Cell::new(unbroken(&headers[1])), breaks.cell(2, &headers[2])];
        header.extend(headers.iter().enumerate().skip(3).map(|(i, h)| aligned(i, breaks.cell(i, h))));
        table.set_header(header);
        for cells in &cells {
            let mut row = vec![Cell::new(&cells[0]), Cell::new(unbroken(&cells[1])), breaks.cell(2, &cells[2])];
            row.extend(cells.iter().enumerate().skip(3).map(|(i, c)| aligned(i, Cell::new(c))));
            table.add_row(row);
        }
        table
    });
    let hidden: Vec<String> = hidden.into_iter().map(|i| headers[i].clone()).collect();
    let mut text = format!("{table}\n");
    for line in notes(book).into_iter().chain(width::hidden_note_in(width, &hidden, book.session.lang)) {
        text += &width::wrap(&line, width, "  ");
    }
    text
}

/// [`headers`] of `book`, and last the format column when several formats are allowed.
pub fn book_headers(book: &Gradebook) -> Vec<String> {
    let mut headers = headers(&book.session.sizes, book.session.lang);
    if book.session.several_formats() {
        headers.push(say!(book.session.lang, ColumnFormat));
    }
    headers
}

/// [`row`] in `book`, and last the format the student was judged by when several are allowed.
pub fn book_row(book: &Gradebook, each: Outcome) -> Vec<String> {
    let mut cells = row(each, &book.session.sizes, book.session.lang);
    // A row that replaced an earlier submission, or whose id another claims, says so.
    if let Outcome::Graded(mark) = each {
        let (lang, student) = (book.session.lang, &mark.graded.student);
        if !mark.replaces.is_empty() {
            let earlier = mark.replaces.join(&say!(lang, ListSeparator));
            cells[0] = say!(lang, ReplacesCell, student, earlier);
        } else if mark.id_claimed_twice {
            cells[0] = say!(lang, ConflictCell, student);
        }
    }
    if book.session.several_formats() {
        cells.push(format_of(each).to_string());
    }
    cells
}

/// The format a row's student was judged by, with several allowed; blank for a row not graded.
pub fn format_of(each: Outcome<'_>) -> &str {
    match each {
        Outcome::Graded(mark) => mark.graded.format.as_deref().unwrap_or_default(),
        Outcome::NotGraded(_) | Outcome::Missing(_) => "",
    }
}

/// The column headers, in the report's language: student, the verdicts under their n, score,
/// /100, n, time, memory, then one per variant.
pub fn headers(sizes: &[usize], lang: Lang) -> Vec<String> {
    let mut headers = vec![say!(lang, ColumnStudent), size_header(sizes), say!(lang, ColumnScore)];
    headers.extend(["/100".to_string(), "n".to_string(), say!(lang, ColumnTime), say!(lang, ColumnMemory)]);
    headers.extend(VARIANTS.map(|a| format!("×{}", a.name())));
    headers
}

/// A row's cells as text: name, verdicts, score, the score out of 100, n, time, memory, then one
/// per variant; an entry not graded has its name, why in the score's place, and nothing else.
pub fn row(row: Outcome, sizes: &[usize], lang: Lang) -> Vec<String> {
    let mark = match row {
        Outcome::Graded(mark) => mark,
        Outcome::NotGraded(skipped) => {
            let mut cells = vec![skipped.entry.clone(), String::new(), skipped.score.clone(), "–".into(), "–".into()];
            cells.resize(7 + VARIANTS.len(), String::new());
            return cells;
        }
        Outcome::Missing(who) => {
            let name = if who.id.is_empty() { who.name.clone() } else { format!("{}_{}", who.id, who.name) };
            let mut cells = vec![name, String::new(), say!(lang, NoSubmission), "0".into(), "–".into()];
            cells.resize(7 + VARIANTS.len(), String::new());
            return cells;
        }
    };
    let g = &mark.graded;
    let codes = match &g.compile_error {
        Some(_) => "    CE".to_string(),
        None => verdict_codes(sizes, &g.points.iter().map(|p| (p.n, p.code.as_str())).collect::<Vec<_>>()),
    };
    let mut cells = vec![
        g.student.clone(),
        codes,
        g.score.clone(),
        score_100(mark.score_100),
        mark.largest.map(|n| n.to_string()).unwrap_or_else(|| "–".into()),
        mark.seconds.map(|s| time_within(s, mark.spread, lang)).unwrap_or_default(),
        mark.peak_bytes.map(bytes).unwrap_or_default(),
    ];
    cells.extend(mark.against.iter().map(|a| a.ratio.map(fixed).unwrap_or_default()));
    cells
}

/// A student's time as the reports show it: `1.30 ms`, or `≤ start-up` for a search that took no
/// longer than an empty program (the note under the table says why), never `0 ns`.
pub fn time(seconds: f64, lang: Lang) -> String {
    match seconds > 0.0 {
        true => duration(Duration::from_secs_f64(seconds)),
        false => say!(lang, TimeWithinStartup),
    }
}

/// [`time`], with half the spread of the runs it is the median of, if it is of several:
/// `500 µs ±150 µs`.
pub fn time_within(seconds: f64, spread: Option<f64>, lang: Lang) -> String {
    match spread {
        Some(spread) => format!("{} ±{}", time(seconds, lang), duration(Duration::from_secs_f64(spread))),
        None => time(seconds, lang),
    }
}

/// A score out of 100 as the reports show it: `100`, `87.5`.
pub fn score_100(score: f64) -> String {
    format!("{score}")
}

/// The width of one verdict code under its n: the widest code (TLE) or the widest n.
fn slot(sizes: &[usize]) -> usize {
    sizes.iter().map(|n| n.to_string().len()).max().unwrap_or(0).max(3)
}

/// The verdict column's header: each n over its code.
pub fn size_header(sizes: &[usize]) -> String {
    let w = slot(sizes);
    let words: Vec<String> = sizes.iter().map(|n| format!("{n:<w$}")).collect();
    format!("n = {}", words.join(" ")).trim_end().to_string()
}

/// The verdict codes of `points` (n, code) under [`size_header`]'s n, blank where a size has none.
pub fn verdict_codes(sizes: &[usize], points: &[(usize, &str)]) -> String {
    let w = slot(sizes);
    let words: Vec<String> = sizes
        .iter()
        .map(|n| {
            let code = points.iter().find(|p| p.0 == *n).map_or("", |p| p.1);
            format!("{code:<w$}")
        })
        .collect();
    format!("    {}", words.join(" ")).trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn a_time_lost_in_the_start_up_is_never_zero() {
        let shown = [time(0.0, Lang::En), time(0.0, Lang::Zh), time(0.000_4, Lang::En), time(0.001_3, Lang::En)];
        assert_eq!(shown, ["≤ start-up", "≤ 启动", "400 µs", "1.30 ms"]);
    }
}
