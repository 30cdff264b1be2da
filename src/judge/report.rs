//! How a judgement reads: a summary table, then a short diff for the first case that failed on
//! its output.

use super::Judgement;
use super::verdict::Verdict;
use crate::units::duration;
use comfy_table::{Cell, CellAlignment, Table, presets};
use similar::{ChangeTag, TextDiff};

/// Lines of diff shown at most.
const DIFF_LINES: usize = 16;

/// The report for `cases`, with ANSI colours in the diff when `color`.
pub fn render(cases: &[Judgement], color: bool) -> String {
    let mut table = Table::new();
    table.load_style(presets::UTF8_FULL_CONDENSED).set_header(["n", "verdict", "time", "output"]);
    for case in cases {
        table.add_row([
            Cell::new(case.n).set_alignment(CellAlignment::Right),
            Cell::new(format!("{} {}", case.verdict.code(), case.verdict.name())),
            Cell::new(duration(case.run.elapsed)).set_alignment(CellAlignment::Right),
            Cell::new(format!("{} bytes", case.run.stdout.len())).set_alignment(CellAlignment::Right),
        ]);
    }
    let mut text = format!("{table}\n");
    for case in cases.iter().filter(|c| c.verdict != Verdict::Accepted) {
        let detail = case.verdict.detail();
        let sep = if detail.is_empty() { "" } else { ": " };
        text += &format!("n = {}: {}{sep}{detail}\n", case.n, case.verdict.name());
    }
    let first_bad_output =
        cases.iter().find(|c| matches!(c.verdict, Verdict::WrongAnswer(_) | Verdict::PresentationError));
    if let Some(case) = first_bad_output {
        text += &format!("\nn = {}, expected (-) against got (+):\n", case.n);
        text += &diff(&case.expected, &case.run.stdout, color);
    }
    let accepted = cases.iter().filter(|c| c.verdict == Verdict::Accepted).count();
    text += &format!("\n{accepted} of {} accepted.\n", cases.len());
    text
}

/// A unified diff of at most [`DIFF_LINES`] lines, trailing spaces made visible as `·`.
fn diff(expected: &[u8], got: &[u8], color: bool) -> String {
    let (e, g) = (String::from_utf8_lossy(expected), String::from_utf8_lossy(got));
    let diff = TextDiff::from_lines(e.as_ref(), g.as_ref());
    let mut lines = Vec::new();
    for group in diff.grouped_ops(1) {
        for op in group {
            for change in diff.iter_changes(&op) {
                let (sign, paint) = match change.tag() {
                    ChangeTag::Delete => ('-', "\x1b[31m"),
                    ChangeTag::Insert => ('+', "\x1b[32m"),
                    ChangeTag::Equal => (' ', ""),
                };
                let value = change.value();
                let body = value.strip_suffix('\n').unwrap_or(value);
                let trimmed = body.trim_end_matches(' ');
                let visible = format!("{trimmed}{}", "·".repeat(body.len() - trimmed.len()));
                let missing_newline = if value.ends_with('\n') { "" } else { "  (no newline at the end)" };
                lines.push(match (color, paint) {
                    (true, p) if !p.is_empty() => format!("{p}{sign}{visible}{missing_newline}\x1b[0m"),
                    _ => format!("{sign}{visible}{missing_newline}"),
                });
            }
        }
    }
    let more = lines.len().saturating_sub(DIFF_LINES);
    lines.truncate(DIFF_LINES);
    if more > 0 {
        lines.push(format!("… {more} more diff lines"));
    }
    lines.join("\n") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn the_diff_shows_trailing_spaces_and_missing_lines() {
        assert_eq!(diff(b"a\nb\nc\n\n", b"a\nb \nc\n", false), " a\n-b\n+b·\n c\n-\n");
    }
}
