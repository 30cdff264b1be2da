//! `labs trace --own FILE --html PAGE`: the program's own search as the page `labs trace --html`
//! writes (`page.rs`), its source beside its board with the line of each event lit.
//!
//! The page's one lane is the program's: its steps are its events, encoded as a variant's are
//! (`p3.5` a place, `x3.5` a remove, `s` the board it completed) but that a refusal is `r3.5` (the
//! program says no line) and that an event's ` @LINE` rides on its step (`p3.5@12`, from 1). It
//! has no probes, no structures and no call stack: it wrote only its steps. Its listing is the
//! source file itself, when `--own` was given one; a command (`-- CMD`) or a folder has none, and
//! the page says so.
//!
//! With `--vs ALGO` the variant's own search is recorded beside it ([`Recorder`]), over its own
//! tree: the page keeps it where its place/remove stream stands with the program's, and marks
//! the first difference ([`Difference::index`], the same K as `--json`'s) on both trees and on
//! the timeline. The comparison in words, as the text trace says it, is on the page too.
//!
//! The program's events are read from the spooled stderr a line at a time; what is kept is the
//! page itself, which holds no more than [`TRACE_PAGE_BYTES`].

use super::own::{Theirs, events, said};
use super::page::{self, Recorder};
use crate::catalogue::{Key, say};
use crate::error::Error;
use crate::facts::{TRACE_PAGE_BYTES, TRACE_PAGE_WHY};
use crate::units::{bytes_in, counted_in};
use nqueens::own::{Compared, OwnEvent};
use std::fmt::Write as _;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::Path;

/// The most of a source file the page shows: more is not a student's one program.
const SOURCE_BYTES: u64 = 1 << 20;

/// Writes the page of the program's run (its events spooled in `stderr`) to `file`, and one line
/// to `out` that says so.
pub fn write(file: &str, stderr: &Path, ask: &Theirs, compared: &Compared, out: &mut dyn Write) -> Result<(), Error> {
    let lang = ask.options.lang;
    let n = ask.n;
    let budget = TRACE_PAGE_BYTES / if ask.vs.is_some() { 2 } else { 1 };
    let recorded = record(stderr, ask, budget)?;
    let yours = Key::HtmlOwn.text(lang);
    let names = match ask.vs {
        Some(b) => say!(lang, HtmlVs, a = yours, b = b.name()),
        None => yours.to_string(),
    };
    if recorded.full {
        let holds = bytes_in(TRACE_PAGE_BYTES as u64, lang);
        let (why, fitting) = (TRACE_PAGE_WHY.text(lang), recorded.steps);
        return Err(Error::Usage(say!(lang, HtmlTooLong, names, n, holds, why, fitting, smaller = "")));
    }
    let code: Vec<[String; 3]> =
        source(&ask.program).lines().map(|l| [l.to_string(), String::new(), String::new()]).collect();
    let board = serde_json::json!({
        "algo": "own", "caption": yours, "unit": "square", "steps": recorded.text, "code": code,
        "flags": [], "board": "", "shape": "none", "masks": [], "frame": [],
    });
    let vs = ask.vs.map(|algo| {
        let mut recorder = Recorder::new(n, None, budget);
        let flow = algo.solve(n, &mut recorder);
        let complete = flow.is_continue() && !recorder.full();
        serde_json::json!({ "board": page::board(algo, recorder.text(), lang), "complete": complete })
    });
    let own = serde_json::json!({
        "said": said(compared, ask, lang),
        "index": compared.difference.as_ref().map(|d| d.index),
        "vs": vs,
    });
    let trace = serde_json::json!({
        "n": n, "names": names, "complete": recorded.complete, "boards": [board], "own": own,
    });
    let html = page::html(trace, lang);
    std::fs::write(file, &html).map_err(|error| Error::Failed(say!(lang, TraceCannotWrite, file, error)))?;
    let steps = counted_in(lang, recorded.steps, Key::PageStepsOne, Key::PageStepsOther);
    let size = bytes_in(html.len() as u64, lang);
    Ok(writeln!(out, "{}", say!(lang, HtmlWrote, file, names, n, steps, size))?)
}

/// The program's steps, encoded for the page.
struct Recorded {
    text: String,
    steps: u64,
    /// Every event was read (none cut by `--max-steps`, none past a wrong one).
    complete: bool,
    /// The page's budget ran out: `steps` fit.
    full: bool,
}

/// The program's events, up to the first wrong one (which the page cannot replay, and the
/// comparison's words name), each a step with its completed board after it, as `--json` counts
/// them; within `--max-steps` and `budget` bytes.
fn record(stderr: &Path, ask: &Theirs, budget: usize) -> std::io::Result<Recorded> {
    let mut recorded = Recorded { text: String::new(), steps: 0, complete: true, full: false };
    let limit = ask.options.max_steps.unwrap_or(u64::MAX);
    let push = |recorded: &mut Recorded, piece: &str| {
        if recorded.steps == limit {
            recorded.complete = false;
            return ControlFlow::Break(());
        }
        let sep = usize::from(!recorded.text.is_empty());
        if recorded.text.len() + sep + piece.len() > budget {
            recorded.full = true;
            return ControlFlow::Break(());
        }
        if sep == 1 {
            recorded.text.push(';');
        }
        recorded.text += piece;
        recorded.steps += 1;
        ControlFlow::Continue(())
    };
    events(stderr, ask, |replay, sourced, wrong| {
        if wrong {
            return ControlFlow::Break(());
        }
        let (r, c) = sourced.event.square();
        let mut piece = String::new();
        let kind = match sourced.event {
            OwnEvent::Place(..) => 'p',
            OwnEvent::Remove(..) => 'x',
            OwnEvent::Reject(..) => 'r',
        };
        let _ = write!(piece, "{kind}{r}.{c}");
        if let Some(line) = sourced.line {
            let _ = write!(piece, "@{line}");
        }
        push(&mut recorded, &piece)?;
        if matches!(sourced.event, OwnEvent::Place(..)) && replay.queens() + 1 == ask.n {
            push(&mut recorded, "s")?;
        }
        ControlFlow::Continue(())
    })?;
    Ok(recorded)
}

/// The program's source, when `--own` was given one file: its lines are those `@LINE` counts.
/// A command, a folder or a file that cannot be read has none (the page says so).
fn source(program: &[std::ffi::OsString]) -> String {
    let [path] = program else { return String::new() };
    let path = Path::new(path);
    if !path.is_file() {
        return String::new();
    }
    let mut bytes = Vec::new();
    let read = std::fs::File::open(path)
        .and_then(|f| std::io::Read::read_to_end(&mut std::io::Read::take(f, SOURCE_BYTES), &mut bytes));
    match read {
        Ok(_) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(_) => String::new(),
    }
}
