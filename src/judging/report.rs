//! How a judgement reads: a table with one line per test point, what went wrong and why, a
//! short diff for the first output that failed, whether it ran in the sandbox and under which
//! process cap, and the score as the judge shows it.
//!
//! Everything quoted from the program passes through [`crate::escape`] and is cut at [`SCREEN`]
//! display columns, saying how much was cut, so a report never moves the cursor; the report's
//! own sentences are never cut: they are wrapped to the terminal's width ([`crate::width`]), and
//! left whole off a terminal.

use super::words;
use crate::catalogue::{Key, say};
use crate::escape::{self, SCREEN, clip};
use crate::judge::diff::More;
use crate::judge::facts::STDERR_LINES;
use crate::judge::process::Guarantees;
use crate::judge::sandbox::ProcessCap;
use crate::judge::verdict::{Mismatch, Verdict};
use crate::judge::{Judged, Judgement};
use crate::lang::Lang;
use crate::units::{bytes_in as size, duration};
use crate::width::wrap;
use comfy_table::{Cell, CellAlignment, Color, Table, presets};
use similar::ChangeTag;

/// The colour of a verdict on a terminal: green for AC, yellow for PE and the limits, red for the
/// rest.
fn color_of(verdict: &Verdict) -> Color {
    match verdict {
        Verdict::Accepted => Color::Green,
        Verdict::PresentationError(_)
        | Verdict::TimeLimitExceeded(_)
        | Verdict::MemoryLimitExceeded
        | Verdict::OutputLimitExceeded => Color::Yellow,
        Verdict::WrongAnswer(_) | Verdict::RuntimeError(_) | Verdict::CompileError(_) => Color::Red,
    }
}

/// ANSI colour codes for a whole line, as the table's cells get them.
fn paint(text: &str, color: Option<Color>) -> String {
    let code = match color {
        None => return text.to_string(),
        Some(Color::Green) => 32,
        Some(Color::Yellow) => 33,
        Some(_) => 31,
    };
    format!("\x1b[{code}m{text}\x1b[0m")
}

/// The report for `judged`, with ANSI colours when `color`, its sentences wrapped to `width`
/// display columns (`None`: not wrapped).
pub fn render(judged: &Judged, lang: Lang, color: bool, width: Option<usize>) -> String {
    let pta = judged.site == crate::judge::site::Site::Pta;
    let tint = |v: &Verdict| color.then(|| color_of(v));
    let mut text = String::new();
    if let Some(command) = &judged.built_with {
        text += &wrap(&say!(lang, BuiltWith, command = words::built_with(command)), width, "  ");
    }
    if let Some(failure) = &judged.compile_error {
        let ce = Verdict::CompileError(failure.clone());
        text += &paint(&words::label(&ce, pta, lang), tint(&ce));
        text += "\n";
        for line in words::build_failure(failure, lang).lines() {
            text += &format!("  {line}\n");
        }
    } else {
        text += &table(&judged.cases, lang, pta, color, judged.guarantees.usage);
        let mut shown = Vec::new();
        for (i, case) in judged.cases.iter().enumerate() {
            // A stderr the same as at an earlier size is shown there once, saying where else.
            let repeats: Vec<usize> = match stderr(case) {
                Some(bytes) if !shown.contains(&bytes) => {
                    shown.push(bytes);
                    judged.cases[i + 1..].iter().filter(|c| stderr(c) == Some(bytes)).map(|c| c.n).collect()
                }
                Some(_) => {
                    text += &details(case, &words::label(&case.verdict, pta, lang), lang, width, None);
                    continue;
                }
                None => Vec::new(),
            };
            text += &details(case, &words::label(&case.verdict, pta, lang), lang, width, Some(&repeats));
        }
        for note in &judged.notes {
            text += &wrap(&say!(lang, Note, note = words::note(note, lang)), width, "  ");
        }
        let first_bad_output = judged
            .cases
            .iter()
            .find(|c| c.diff && matches!(c.verdict, Verdict::WrongAnswer(_) | Verdict::PresentationError(_)));
        if let Some(case) = first_bad_output {
            text += "\n";
            text += &diff(case.n, &case.expected, &case.run.stdout, color, lang);
        }
    }
    text += &wrap(&super::terms_line(&judged.terms, judged.site, lang), width, "  ");
    text += &wrap(&isolation(judged, lang), width, "  ");
    if let Some(unheld) = unheld(judged.guarantees, lang) {
        text += &wrap(&unheld, width, "  ");
    }
    let verdicts = judged.verdicts();
    let overall = verdicts.iter().find(|v| !v.accepted()).unwrap_or(&Verdict::Accepted);
    let score = say!(lang, ScoreLine, site = words::site(judged.site, lang), score = words::score(judged, lang));
    text += "\n";
    text += &wrap(&score, width, "  ").lines().map(|l| paint(l, tint(overall)) + "\n").collect::<String>();
    text
}

/// One line: whether the runs were sandboxed, and what held their process cap.
fn isolation(judged: &Judged, lang: Lang) -> String {
    let sandbox = if judged.sandboxed { say!(lang, SandboxOn) } else { say!(lang, SandboxOff) };
    let cap = match judged.process_cap {
        None => say!(lang, ProcessesUncapped),
        Some((_, ProcessCap::Unenforced)) => say!(lang, ProcessesUnheld),
        Some((k, by)) => say!(lang, ProcessesCapped, k, by = held_by(by)),
    };
    format!("{sandbox}{}{cap}", say!(lang, Separator))
}

/// A sentence naming what the backend cannot hold here, if anything.
fn unheld(held: Guarantees, lang: Lang) -> Option<String> {
    let what: Vec<&str> = [
        (held.memory_limit, Key::NotHeldMemory),
        (held.memory_counts_all || !held.memory_limit, Key::NotHeldMemoryTogether),
        (held.usage, Key::NotHeldUsage),
        (held.escapes_caught, Key::NotHeldEscapes),
        (held.stack, Key::NotHeldStack),
    ]
    .into_iter()
    .filter(|(holds, _)| !holds)
    .map(|(_, key)| key.text(lang))
    .collect();
    (!what.is_empty()).then(|| {
        say!(
            lang,
            NotHeld,
            backend = super::backend_name(held.backend).text(lang),
            what = what.join(Key::ListSeparator.text(lang))
        )
    })
}

fn held_by(cap: ProcessCap) -> &'static str {
    match cap {
        ProcessCap::Cgroup => "pids cgroup",
        ProcessCap::UserNamespace | ProcessCap::Unenforced => "RLIMIT_NPROC",
    }
}

/// The stderr a report shows for `case`, if it shows one.
fn stderr(case: &Judgement) -> Option<&[u8]> {
    (case.verdict.shows_stderr() && !case.run.stderr.is_empty()).then_some(&case.run.stderr)
}

/// The table: one line per n, with its verdict, wall time, CPU time, peak memory and output.
fn table(cases: &[Judgement], lang: Lang, pta: bool, color: bool, measured: bool) -> String {
    let header = ["n".to_string()].into_iter().chain(
        [Key::ColumnVerdict, Key::ColumnTime, Key::ColumnCpu, Key::ColumnMemory, Key::ColumnOutput]
            .map(|k| k.text(lang).to_string()),
    );
    let mut table = Table::new();
    table.load_style(presets::UTF8_FULL_CONDENSED).set_header(header);
    if color {
        table.enforce_styling();
    }
    for case in cases {
        let mut verdict = Cell::new(words::label(&case.verdict, pta, lang));
        if color {
            verdict = verdict.fg(color_of(&case.verdict));
        }
        let right = |s: String| Cell::new(s).set_alignment(CellAlignment::Right);
        table.add_row([
            right(case.n.to_string()),
            verdict,
            right(duration(case.run.elapsed)),
            // Unmeasured is not zero.
            right(if measured { duration(case.run.usage.cpu) } else { "–".into() }),
            right(if measured { size(case.run.usage.peak_memory, lang) } else { "–".into() }),
            right(size(case.run.stdout.len() as u64, lang)),
        ]);
    }
    format!("{table}\n")
}

/// What went wrong at one n: the verdict's detail, stderr's last lines (unless `stderr_also_at` is
/// `None`: shown at an earlier n; else the later sizes whose stderr is the same), the notes.
fn details(
    case: &Judgement,
    named: &str,
    lang: Lang,
    width: Option<usize>,
    stderr_also_at: Option<&[usize]>,
) -> String {
    let (n, verdict) = (case.n, named);
    let mut text = String::new();
    let mut lines = Vec::new();
    if !case.verdict.accepted() {
        let problems = match &case.verdict {
            Verdict::WrongAnswer(Mismatch::Boards(unmatched)) => words::problems(unmatched, lang),
            other => vec![words::detail(other, lang)],
        };
        match problems.as_slice() {
            [one] if one.is_empty() => lines.push(say!(lang, PointFailedBare, n, verdict)),
            [one] => lines.push(say!(lang, PointFailed, n, verdict, detail = one)),
            // One problem a line, so that none is cut.
            many => {
                lines.push(say!(lang, PointFailedMany, n, verdict));
                lines.extend(many.iter().map(|p| format!("  {p}")));
            }
        }
    }
    for line in lines {
        text += &wrap(&line, width, "    ");
    }
    if let Some(also) = stderr_also_at
        && stderr(case).is_some()
    {
        let (last, skipped) = escape::last_lines(&case.run.stderr, STDERR_LINES, lang);
        let dropped = case.run.stderr_written - case.run.stderr.len() as u64;
        let mut heading: String = match (skipped, dropped) {
            (0, 0) => say!(lang, StderrAll),
            (k, 0) => say!(lang, StderrAfter, k),
            (_, d) => say!(lang, StderrEnd, bytes = size(d, lang)),
        };
        if !also.is_empty() {
            // Before the heading's colon: `stderr (the same at n = 2..9):`.
            let colon = heading.pop().unwrap_or(':');
            let gap = if lang == Lang::En { " " } else { "" };
            heading =
                format!("{heading}{gap}{}{colon}", say!(lang, SameStderrAt, sizes = crate::input::sizes_named(also)));
        }
        text += &wrap(&format!("  {heading}"), width, "    ");
        // The program's own bytes, each line already cut by `last_lines`.
        text += &last.into_iter().map(|l| format!("  | {l}\n")).collect::<String>();
    }
    let mut notes: Vec<String> = case.notes.iter().map(|note| words::note(note, lang)).collect();
    match case.run.left_behind {
        0 => {}
        1 => notes.push(say!(lang, LeftOneBehind)),
        k => notes.push(say!(lang, LeftManyBehind, k)),
    }
    if case.run.pipes_held {
        notes.push(say!(lang, PipesHeld));
    }
    for note in notes {
        // A note's later lines (a board it draws) are the program's kind of text: never wrapped.
        let mut lines = note.lines();
        text += &wrap(&format!("  {}", say!(lang, Note, note = lines.next().unwrap_or(""))), width, "    ");
        text += &lines.map(|l| format!("    {l}\n")).collect::<String>();
    }
    text
}

/// The diff around the first difference ([`crate::judge::diff`]), each line made visible by
/// [`escape::line`], under its header.
pub fn diff(n: usize, expected: &[u8], got: &[u8], color: bool, lang: Lang) -> String {
    let Some(window) = crate::judge::diff::window(expected, got) else { return String::new() };
    let mut lines = vec![say!(lang, DiffHeader, n, line = window.line)];
    let mut marked = false;
    for (tag, value) in window.lines {
        let (sign, tint) = match tag {
            ChangeTag::Delete => ('-', Some(Color::Red)),
            ChangeTag::Insert => ('+', Some(Color::Green)),
            ChangeTag::Equal => (' ', None),
        };
        let (body, missing_newline) = match value.strip_suffix(b"\n") {
            Some(body) => (body, String::new()),
            None => (value, format!("  {}", say!(lang, NoNewlineAtEnd))),
        };
        let shown = clip(&format!("{sign}{}{missing_newline}", escape::line(body)), SCREEN, lang);
        marked |= shown.contains('·');
        lines.push(paint(&shown, tint.filter(|_| color)));
    }
    match window.more {
        More::Nothing => {}
        More::Lines(k) => lines.push(say!(lang, MoreDiffLines, k)),
        More::Further => lines.push(say!(lang, DiffGoesOn, e = line_count(expected), g = line_count(got))),
    }
    if marked {
        lines.push(say!(lang, DiffMarks));
    }
    lines.join("\n") + "\n"
}

/// The number of lines in `bytes`, a last line without its newline included.
fn line_count(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count() + usize::from(!bytes.is_empty() && !bytes.ends_with(b"\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn the_diff_shows_trailing_spaces_and_missing_lines() {
        assert_eq!(
            diff(4, b"a\nb\nc\n\n", b"a\nb \nc\n", false, Lang::En),
            "n = 4, from line 1, expected (-) against got (+):\n a\n-b\n+b·\n c\n-\n(· marks a space at the end of a line)\n"
        );
    }

    #[test]
    fn the_diff_never_sends_control_characters() {
        assert_eq!(
            diff(4, b"a\n", b"a\x1b[2J\r\n", false, Lang::En),
            "n = 4, from line 1, expected (-) against got (+):\n-a\n+a\\e[2J\\r\n"
        );
    }
}
