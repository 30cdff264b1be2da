//! `labs trace --own`: a student's own search, traced from the events their program writes, and
//! compared with the variants'.
//!
//! The program is built and run exactly as `labs judge` builds and runs it (the same config, the
//! sandbox, the limits, n on stdin), its whole standard error spooled to a file of the trace's
//! own, capped ([`crate::facts::TRACE_OWN_BYTES`]: a flood past it ends the run). The file is then
//! read three times, a line at a time, so that memory stays flat whatever the program wrote:
//! once to replay and compare the events ([`nqueens::own`]), once to print the search in the
//! shape of `labs trace --tree` (the same [`Tracer`], driven by the student's events instead of
//! a variant's), once to show the program's other lines apart. Then the comparison, in words:
//! the same search as a variant, or the first step where it leaves it, the board there and why.
//!
//! `--json` writes one object per event (`step`, `event`, `square`, `node`, and `line`: the
//! source line of ` @LINE`, or `null`) and a last object that sums up: `reference`,
//! `own_nodes`, `reference_nodes` and `first_difference`.

use super::{Options, Tracer};
use crate::catalogue::{Key, say};
use crate::error::Error;
use crate::facts::{TRACE_OWN_BYTES, TRACE_OWN_EVENTS, TRACE_OWN_LINE_BYTES, TRACE_OWN_OTHER_LINES};
use crate::flags::plan::Judging;
use crate::format::{Grid, SPACED_ROWS};
use crate::judge::process::Spool;
use crate::judge::scratch::Scratch;
use crate::judge::{self, Prepared};
use crate::judging;
use crate::judging::words::{own_misstep, own_step as stepped, own_why as why};
use crate::lang::Lang;
use crate::solvers::{Algo, Visitor};
use crate::units::counted_in;
use nqueens::own::{
    Compared, Comparison, Difference, Origin, OwnEvent, Parsed, Replay, Sourced, Square, Why, Wrong, parse,
};
use std::ffi::OsString;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::Path;

/// Whose search to trace, and how: the program, the board, how it counts, what to compare it
/// with, and how to show it.
#[derive(Debug)]
pub struct Theirs {
    /// A source file or folder, or a program and its arguments, as `labs judge` takes them.
    pub program: Vec<OsString>,
    /// How it is built and run: as `labs judge` would, under the trace's limits
    /// ([`crate::flags::plan::own_program`]).
    pub judging: Judging,
    /// The board size, given to the program on stdin.
    pub n: usize,
    /// Where the program's rows and columns start.
    pub origin: Origin,
    /// The variant to compare with (`None`: every variant, one of each tree).
    pub vs: Option<Algo>,
    /// How the search is shown: `--summary`, `--boards`, `--max-steps`, `--json`, the language.
    pub options: Options,
    /// `--html FILE`: the page of the run, written there instead (`own_page.rs`).
    pub html: Option<String>,
}

/// Builds and runs the program of `ask`, and writes its search and the comparison to `out`.
pub fn trace(ask: &Theirs, out: &mut dyn Write) -> Result<(), Error> {
    let lang = ask.options.lang;
    let Judging { session, rules, submission } = &ask.judging;
    crate::interrupt::watch()?;
    let ready = match judge::ready(session, rules, submission).map_err(|e| judging::error(e, lang))? {
        Prepared::Ready(ready) => ready,
        Prepared::CompileError(failure) => {
            writeln!(out, "{}", judging::words::build_failure(&failure, lang))?;
            return Err(Error::Failed(say!(lang, DidNotCompile)));
        }
    };
    // Out of the program's reach: the guard writes it, and it goes with this value.
    let scratch = Scratch::new("trace")?;
    let stderr = scratch.path().join("stderr");
    let spool = Spool::create(&stderr, TRACE_OWN_BYTES)?;
    let ran = judge::run_spooled_at(session, rules, &ready, ask.n, Some(spool.clone()));
    let (run, _) = ran.map_err(|e| judging::error(e, lang))?;
    if spool.finish()?.cut {
        return Err(Error::Failed(say!(lang, TraceOwnCutBytes, size = crate::units::bytes(TRACE_OWN_BYTES))));
    }
    let against = match ask.vs {
        Some(algo) => vec![algo],
        None => nqueens::own::TREES.to_vec(),
    };
    let read = compare(&stderr, ask.n, ask.origin, &against)?;
    if read.events > TRACE_OWN_EVENTS {
        return Err(Error::Failed(say!(lang, TraceOwnCutEvents, k = TRACE_OWN_EVENTS)));
    }
    if let Some(file) = &ask.html {
        return super::own_page::write(file, &stderr, ask, &read.compared, out);
    }
    if ask.options.json {
        json_events(&stderr, ask, out)?;
        return Ok(writeln!(out, "{}", summary(&read.compared))?);
    }
    if !ask.options.summary {
        writeln!(out, "{}", say!(lang, TraceOwnHeader, n = ask.n))?;
    }
    search(&stderr, ask, out)?;
    let memory = rules.memory_limit.filter(|_| session.host.guarantees().memory_limit);
    if let Some(verdict) = judge::verdict::from_ending(&run, memory, rules.max_processes) {
        writeln!(out, "{}", say!(lang, TraceOwnEnded, how = judging::words::label(&verdict, false, lang)))?;
    }
    match read.others {
        0 => writeln!(out)?,
        k => others(&stderr, k, ask.origin, out, lang)?,
    }
    let words = said(&read.compared, ask, lang);
    Ok(writeln!(out, "{}", words.join("\n"))?)
}

/// What the first reading of the events found.
struct Read {
    compared: Compared,
    /// Events read (place, remove and reject lines), at most one past the cap.
    events: u64,
    /// Other lines.
    others: u64,
}

/// Reads the events of `stderr` into a comparison with `against`, up to one past the cap.
fn compare(stderr: &Path, n: usize, origin: Origin, against: &[Algo]) -> io::Result<Read> {
    let mut comparison = Comparison::new(n, against)?;
    let (mut events, mut others) = (0, 0);
    each_line(stderr, |line| {
        match parse(line, origin) {
            Parsed::Other(_) => others += 1,
            Parsed::Event(event) => {
                events += 1;
                // After a wrong event, the rest are counted, not taken.
                let _ = comparison.feed(event);
            }
        }
        match events > TRACE_OWN_EVENTS {
            true => ControlFlow::Break(()),
            false => ControlFlow::Continue(()),
        }
    })?;
    Ok(Read { compared: comparison.finish(), events, others })
}

/// Calls `each` with every line of the file at `path` (without its `\n`), each cut to
/// [`LINE_KEPT`] bytes ([`nqueens::own::event::each_line`]).
fn each_line(path: &Path, each: impl FnMut(&[u8]) -> ControlFlow<()>) -> io::Result<()> {
    let reader = io::BufReader::with_capacity(1 << 16, std::fs::File::open(path)?);
    nqueens::own::event::each_line(reader, LINE_KEPT, each)
}

/// The bytes of a line kept: more than an event can take, and than an other line shows.
const LINE_KEPT: usize = if TRACE_OWN_LINE_BYTES > nqueens::own::event::LONGEST {
    TRACE_OWN_LINE_BYTES + 1
} else {
    nqueens::own::event::LONGEST + 1
};

/// The program's events of `stderr`, each with the board before it, up to the first wrong one,
/// which is the last (`true` beside it).
pub(super) fn events(
    stderr: &Path,
    ask: &Theirs,
    mut each: impl FnMut(&Replay, Sourced, bool) -> ControlFlow<()>,
) -> io::Result<()> {
    let mut replay = Replay::new(ask.n);
    let mut read = 0;
    each_line(stderr, |line| {
        let Parsed::Event(event) = parse(line, ask.origin) else { return ControlFlow::Continue(()) };
        read += 1;
        if read > TRACE_OWN_EVENTS {
            return ControlFlow::Break(());
        }
        let wrong = replay.fault(event.event).is_some();
        each(&replay, event, wrong)?;
        match replay.apply(event) {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        }
    })
}

/// The search as `labs trace --tree` prints a variant's: one line a place, remove and completed
/// board, indented by the queens on the board, then the tally and the nodes per level.
fn search(stderr: &Path, ask: &Theirs, out: &mut dyn Write) -> Result<(), Error> {
    let options = Options { tree: true, json: false, animate: None, ..ask.options.clone() };
    // In tree mode a tracer prints nothing of its variant: the algorithm is a placeholder.
    let mut tracer = Tracer::new(Algo::Row, ask.n, &options, out);
    let mut cols = vec![0; ask.n];
    events(stderr, ask, |replay, sourced, wrong| {
        if wrong {
            return ControlFlow::Break(());
        }
        match sourced.event {
            OwnEvent::Place(r, c) => {
                tracer.node(r, c);
                cols[r] = c;
                if replay.queens() + 1 == ask.n {
                    tracer.solution(&cols)?;
                }
            }
            OwnEvent::Remove(r, c) => tracer.backtrack(r, c),
            OwnEvent::Reject(..) => {}
        }
        tracer.proceed()
    })?;
    Ok(tracer.finish()?)
}

/// One JSON object a step, as `labs trace --json` writes them, with what applies to a program's
/// own events: its step from 1 (rejects and completed boards included), the event, its square,
/// the search-tree node (`"0.1 1.3"`) and the source line; up to the first wrong event, which
/// is the last.
fn json_events(stderr: &Path, ask: &Theirs, out: &mut dyn Write) -> Result<(), Error> {
    let mut step = 0u64;
    let mut failed = None;
    let mut write = |value: serde_json::Value, out: &mut dyn Write| match writeln!(out, "{value}") {
        Ok(()) => ControlFlow::Continue(()),
        Err(e) => {
            failed = Some(e);
            ControlFlow::Break(())
        }
    };
    events(stderr, ask, |replay, sourced, wrong| {
        let event = sourced.event;
        let (r, c) = event.square();
        let mut squares: Vec<String> = placed(replay.board()).map(|(r, c)| format!("{r}.{c}")).collect();
        if !matches!(event, OwnEvent::Remove(..)) {
            squares.push(format!("{r}.{c}"));
        }
        step += 1;
        let node = squares.join(" ");
        let line = serde_json::json!({
            "step": step, "event": event.word(), "square": [r, c], "node": node, "line": sourced.line,
        });
        write(line, out)?;
        if !wrong && matches!(event, OwnEvent::Place(..)) && replay.queens() + 1 == ask.n {
            step += 1;
            let line = serde_json::json!({
                "step": step, "event": "solution", "square": null, "node": node, "line": null,
            });
            write(line, out)?;
        }
        ControlFlow::Continue(())
    })?;
    Ok(failed.map_or(Ok(()), Err)?)
}

/// The queens of `board`, top row first.
fn placed(board: &[Option<usize>]) -> impl Iterator<Item = Square> + '_ {
    board.iter().enumerate().filter_map(|(r, c)| c.map(|c| (r, c)))
}

/// The last JSON object: the variant compared, both counts of nodes and the first difference.
pub fn summary(compared: &Compared) -> serde_json::Value {
    let step = |event: Option<OwnEvent>| {
        event.map(|e| serde_json::json!({"event": e.word(), "row": e.square().0, "col": e.square().1}))
    };
    let first = compared.difference.as_ref().map(
        |d| serde_json::json!({"index": d.index, "own": step(d.own.map(|s| s.event)), "reference": step(d.reference)}),
    );
    serde_json::json!({
        "reference": compared.reference.name(),
        "own_nodes": compared.own_nodes,
        "reference_nodes": compared.reference_nodes,
        "first_difference": first,
    })
}

/// The program's other lines of stderr, apart: the first few, each made visible and cut.
fn others(stderr: &Path, count: u64, origin: Origin, out: &mut dyn Write, lang: Lang) -> Result<(), Error> {
    let mut text = format!("\n{}\n", say!(lang, TraceOwnOther, k = count));
    let mut shown = 0;
    each_line(stderr, |line| {
        if let Parsed::Other(line) = parse(line, origin) {
            shown += 1;
            let line = crate::escape::clip(&crate::escape::line(line), TRACE_OWN_LINE_BYTES, lang);
            text += &format!("  | {line}\n");
        }
        if shown == TRACE_OWN_OTHER_LINES { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    })?;
    if count > shown as u64 {
        text += &format!("  {}\n", say!(lang, TraceOwnOtherMore, k = count - shown as u64));
    }
    Ok(writeln!(out, "{text}")?)
}

/// The comparison in words: the same search, or where it leaves the variant, the board and why;
/// the stream's own first wrong step; which variants share a tree.
pub(super) fn said(compared: &Compared, ask: &Theirs, lang: Lang) -> Vec<String> {
    let name = compared.reference.name();
    let n = ask.n;
    let mut lines = Vec::new();
    match &compared.difference {
        None => {
            let placements =
                counted_in(lang, compared.own_nodes, Key::TraceOwnPlacementOne, Key::TraceOwnPlacementOther);
            lines.push(say!(lang, TraceOwnSame, name, placements, n));
        }
        Some(Difference { index: 1, own: None, .. }) => lines.push(say!(lang, TraceOwnNoEvents)),
        Some(Difference { why: Why::Wrong(_), .. }) => {}
        Some(difference) => {
            let step =
                |event: Option<OwnEvent>| event.map_or(Key::TraceOwnOver.text(lang).to_string(), |e| stepped(e, lang));
            let (own, reference) = (step(difference.own.map(|s| s.event)), step(difference.reference));
            lines.push(say!(lang, TraceOwnDeparts, name, k = difference.index, own, reference));
            lines.push(say!(lang, TraceOwnBoard));
            let mut grid = Grid::new(n, &SPACED_ROWS);
            for &queen in &difference.board {
                grid.pending().extend_from_slice(b"  ");
                grid.row(queen);
            }
            lines.push(grid.take_text().trim_end().to_string());
            lines.push(why(difference.why, name, lang));
        }
    }
    if let Some(wrong) = compared.wrong {
        lines.push(wrong_said(wrong, ask, lang));
    }
    if compared.difference.is_some() {
        let (own, reference) = (compared.own_nodes, compared.reference_nodes);
        lines.push(say!(lang, TraceOwnCounts, own, name, reference));
    }
    // Compared with every variant: which of them the one named stands for.
    if ask.vs.is_none() {
        lines.push(say!(lang, TraceOwnShared));
    }
    lines
}

/// The stream's first wrong step, and what is wrong with it.
fn wrong_said(wrong: Wrong, ask: &Theirs, lang: Lang) -> String {
    let (r, c) = wrong.event.event.square();
    let written = |k| ask.origin.written(k);
    let event = format!("{} {} {}", wrong.event.event.word(), written(r), written(c));
    let why = own_misstep(wrong.fault, wrong.event.event, ask.origin, ask.n, lang);
    say!(lang, TraceOwnWrong, k = wrong.index, event, why)
}
