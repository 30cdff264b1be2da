//! `labs verify` — every variant checked three ways, for every board size up to a limit.
//!
//! The checks of `tests/toolkit/agree.rs`, as a command an instructor runs after editing a variant. For each
//! [`Candidate`] and each n: its count must equal OEIS A000170 ([`A000170`]); its ordered
//! stream must equal `row`'s; and every solution it reports must pass [`is_solution`], which knows
//! nothing of any search. Nothing is stored: the stream is compared through an order-sensitive hash
//! of every solution in turn, taken as the solver reports it, so `--max 14` needs no more memory
//! than `--max 4`.
//!
//! A check grows about tenfold per n (the textbook variants' searches do), so it keeps a budget
//! (`--budget`, ten minutes unless told). After each size it predicts what the sizes left would
//! take ([`Pace`]: the last size's time, times the growth known from larger runs,
//! [`VERIFY_GROWTH`], per size); the first prediction over a minute is said on stderr,
//! and one past the budget stops the check before those sizes start, so `--max 14` learns in a
//! second that it needs hours. A signal (Ctrl-C) stops the search at its next solution; what was
//! checked before is reported all the same ([`Stopped`]).
//!
//! [`verify`] takes the candidates as plain functions, so a test can hand it a deliberately broken
//! variant and watch the report fail; [`Findings::table`] and [`Findings::mismatches`] only format what
//! it found.
//!
//! Read `trace` for what one variant does step by step, and `tests/toolkit/verify.rs` for broken variants.

use crate::catalogue::{Key, say};
use crate::error::Error;
use crate::estimate::{SAMPLE, WORTH_SAYING};
use crate::facts::{A000170, VERIFY, VERIFY_GROWTH};
use crate::input::sizes_named;
use crate::lang::Lang;
use crate::solvers::{Algo, Visitor, is_solution};
use crate::units::{duration, roughly_in};
use comfy_table::{Cell, CellAlignment, Table, presets};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::Write;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A search on an n×n board that streams its solutions to a visitor, as every variant's `solve`.
pub type Search<'a> = dyn Fn(usize, &mut dyn Visitor) -> ControlFlow<()> + 'a;

/// A search to check: the name the table shows, and the function that runs it on an n×n board.
pub struct Candidate<'a> {
    /// The column header in the table and the name in a mismatch.
    pub name: String,
    solve: Box<Search<'a>>,
}

impl<'a> Candidate<'a> {
    /// Any search that streams solutions of an `n`×`n` board to a visitor.
    pub fn new(name: &str, solve: impl Fn(usize, &mut dyn Visitor) -> ControlFlow<()> + 'a) -> Self {
        Candidate { name: name.to_string(), solve: Box::new(solve) }
    }

    /// One of the toolkit's own variants.
    pub fn of(algo: Algo) -> Candidate<'static> {
        Candidate::new(algo.name(), move |n, v| algo.solve(n, v))
    }
}

/// What a candidate's stream looked like at one n.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Solutions reported.
    pub count: u64,
    /// Solutions that `is_solution` refused (or of the wrong length).
    pub invalid: u64,
    /// Whether the ordered stream equals `row`'s.
    pub same_stream: bool,
}

/// The fingerprint of a stream: its count, its invalid solutions and an order-sensitive hash.
struct Stream<'a> {
    n: usize,
    count: u64,
    invalid: u64,
    hash: DefaultHasher,
    /// Set by a signal: the search stops at its next solution.
    stop: &'a AtomicBool,
}

impl<'a> Stream<'a> {
    /// Runs `solve` on the `n`×`n` board and fingerprints what it reports, unless `stop` is set.
    fn of(n: usize, solve: &Search, stop: &'a AtomicBool) -> Self {
        let mut stream = Stream { n, count: 0, invalid: 0, hash: DefaultHasher::new(), stop };
        let _ = solve(n, &mut stream);
        stream
    }
}

impl Visitor for Stream<'_> {
    fn solution(&mut self, cols: &[usize]) -> ControlFlow<()> {
        if self.stop.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        self.count += 1;
        if cols.len() != self.n || !is_solution(cols) {
            self.invalid += 1;
        }
        cols.hash(&mut self.hash);
        ControlFlow::Continue(())
    }
}

/// Everything one run of [`verify`] found: a verdict per board size and candidate.
#[derive(Clone, Debug)]
pub struct Findings {
    /// The candidates' names, in the order they were given.
    pub names: Vec<String>,
    /// `rows[k]` holds n = k + 1: one verdict per candidate, for every size checked.
    pub rows: Vec<Vec<Finding>>,
    /// The largest size asked for.
    pub max: usize,
    /// Why the check ended before `max`, if it did.
    pub stopped: Option<Stopped>,
}

/// Why a check ended before the largest size asked for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stopped {
    /// A signal came while size `n` was checked.
    Interrupted { n: usize },
    /// The sizes from `n` on were predicted to take longer than the budget left.
    OverBudget { n: usize, pace: Pace },
}

/// What the sizes left should take, predicted from the sizes checked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pace {
    /// The last size checked.
    pub last_n: usize,
    /// How long the last size took.
    pub last: Duration,
    /// The growth per n assumed.
    pub growth: f64,
    /// The expected time of every size left, up to the largest.
    pub rest: Duration,
}

impl Pace {
    /// The prediction after the sizes whose times are `times` (`times[k]`: n = k + 1), for sizes
    /// up to `max`; `None` while the last took under [`SAMPLE`] (mostly start-up, too short to
    /// scale) or when nothing is left.
    pub fn after(times: &[Duration], max: usize) -> Option<Pace> {
        let &last = times.last()?;
        let last_n = times.len();
        if last < SAMPLE || last_n >= max {
            return None;
        }
        // The known growth, not one measured between two short sizes: under load that said ×33.
        let growth = VERIFY_GROWTH;
        let rest: f64 = (1..=max - last_n).map(|k| last.as_secs_f64() * growth.powi(k as i32)).sum();
        Some(Pace { last_n, last, growth, rest: Duration::from_secs_f64(rest.min(1e12)) })
    }
}

/// What [`verify`] tells as it goes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Event<'a> {
    /// This candidate (`None`: the reference, `row`) is about to be checked at this size.
    Checking(Option<&'a str>, usize),
    /// The sizes left are predicted to take over [`WORTH_SAYING`]: said once, before they start.
    Expect(Pace),
}

/// Checks every candidate at every n from 1 to `max` (within [`VERIFY`]), within `budget`;
/// `progress` hears of each (name, n) before it runs, and of a long prediction. `stop` (the
/// signal flag) ends the check at the next solution; the size it interrupted is left out.
pub fn verify(
    candidates: &[Candidate],
    max: usize,
    budget: Duration,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(Event),
) -> Findings {
    assert!(VERIFY.contains(max), "no known count for n = {max}");
    let reference = Candidate::of(Algo::Row);
    let started = Instant::now();
    let (mut rows, mut times, mut stopped, mut said) = (Vec::new(), Vec::new(), None, false);
    for n in 1..=max {
        if let Some(pace) = Pace::after(&times, max) {
            let expected = started.elapsed() + pace.rest;
            if expected > budget {
                stopped = Some(Stopped::OverBudget { n, pace });
                break;
            }
            if expected > WORTH_SAYING && !std::mem::replace(&mut said, true) {
                progress(Event::Expect(pace));
            }
        }
        let began = Instant::now();
        progress(Event::Checking(None, n));
        let expected = Stream::of(n, &reference.solve, stop).hash.finish();
        let row = candidates
            .iter()
            .map(|c| {
                progress(Event::Checking(Some(&c.name), n));
                let s = Stream::of(n, &c.solve, stop);
                Finding { count: s.count, invalid: s.invalid, same_stream: s.hash.finish() == expected }
            })
            .collect();
        if stop.load(Ordering::Relaxed) {
            stopped = Some(Stopped::Interrupted { n });
            break;
        }
        rows.push(row);
        times.push(began.elapsed());
    }
    Findings { names: candidates.iter().map(|c| c.name.clone()).collect(), rows, max, stopped }
}

/// One way a candidate failed at one n.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// It reported `got` solutions where OEIS A000170 says `known`.
    Count { got: u64, known: u64 },
    /// Its ordered stream is not `row`'s.
    Order,
    /// This many of its solutions are not solutions.
    Invalid(u64),
}

impl Fault {
    /// A few words for a table cell.
    fn short(self, lang: Lang) -> String {
        match self {
            Fault::Count { got, .. } => say!(lang, FaultCountShort, got),
            Fault::Order => say!(lang, FaultOrderShort),
            Fault::Invalid(k) => say!(lang, FaultInvalidShort, k),
        }
    }

    /// A phrase for the list of mismatches.
    fn long(self, lang: Lang) -> String {
        match self {
            Fault::Count { got, known } => say!(lang, FaultCount, got, known),
            Fault::Order => say!(lang, FaultOrder),
            Fault::Invalid(1) => say!(lang, FaultInvalidOne),
            Fault::Invalid(k) => say!(lang, FaultInvalid, k),
        }
    }
}

impl Finding {
    /// What went wrong at board size `n`; empty when every check passed.
    pub fn faults(&self, n: usize) -> Vec<Fault> {
        let known = A000170[n];
        let mut faults = Vec::new();
        if self.count != known {
            faults.push(Fault::Count { got: self.count, known });
        }
        if !self.same_stream {
            faults.push(Fault::Order);
        }
        if self.invalid > 0 {
            faults.push(Fault::Invalid(self.invalid));
        }
        faults
    }
}

/// The faults' phrases in `lang`, in one string.
fn joined(faults: &[Fault], phrase: fn(Fault, Lang) -> String, separator: Key, lang: Lang) -> String {
    faults.iter().map(|&f| phrase(f, lang)).collect::<Vec<_>>().join(separator.text(lang))
}

impl Findings {
    /// Each failed (candidate, n), as `name at n=k: what went wrong`, in `lang`.
    pub fn mismatches(&self, lang: Lang) -> Vec<String> {
        let mut found = Vec::new();
        for (k, row) in self.rows.iter().enumerate() {
            for (name, verdict) in self.names.iter().zip(row) {
                let faults = verdict.faults(k + 1);
                if !faults.is_empty() {
                    let faults = joined(&faults, Fault::long, Key::Separator, lang);
                    found.push(say!(lang, VerifyMismatch, name, n = k + 1, faults));
                }
            }
        }
        found
    }

    /// One row per n: the known count, then ✓ or ✗ and the faults for each candidate, in `lang`,
    /// fitted to `width` display columns (`None`: no limit).
    pub fn table(&self, lang: Lang, width: Option<usize>) -> Table {
        let (table, _) = crate::width::fit(width, &[], |breaks| {
            let mut table = Table::new();
            table.load_style(presets::UTF8_FULL_CONDENSED);
            table.set_header(["n", "OEIS"].into_iter().map(String::from).chain(self.names.iter().cloned()));
            for (k, row) in self.rows.iter().enumerate() {
                let n = k + 1;
                let mut cells = vec![
                    Cell::new(n).set_alignment(CellAlignment::Right),
                    Cell::new(A000170[n]).set_alignment(CellAlignment::Right),
                ];
                cells.extend(row.iter().enumerate().map(|(i, verdict)| {
                    let faults = verdict.faults(n);
                    breaks.cell(
                        i + 2,
                        match faults.is_empty() {
                            true => "✓".to_string(),
                            false => format!("✗ {}", joined(&faults, Fault::short, Key::ListSeparator, lang)),
                        },
                    )
                }));
                table.add_row(cells);
            }
            table
        });
        table
    }

    /// The line under a table that passed: how many checks, and how many solutions, in `lang`.
    pub fn summary(&self, lang: Lang) -> String {
        let checked: u64 = self.rows.iter().flatten().map(|v| v.count).sum();
        let passed = match self.rows.len() * self.names.len() {
            1 => say!(lang, VerifyPassesOne),
            k => say!(lang, VerifyPassesAll, k),
        };
        let solutions = match checked {
            1 => say!(lang, SolutionOne),
            k => say!(lang, SolutionMany, k),
        };
        say!(lang, VerifySummary, passed, solutions)
    }
}

/// `labs verify`: checks `candidates` for n = 1..=`max` within `budget`, writes the ✓/✗ table
/// of the sizes checked to `out`, then the summary or every mismatch, then why it stopped early
/// if it did. A signal (`stop` set) is [`Error::Interrupted`]; a stop for the budget, or any
/// mismatch, is an [`Error::Failed`] that says which. Progress and the estimate go to stderr
/// when it is a terminal.
pub fn check(
    candidates: &[Candidate],
    max: usize,
    budget: Duration,
    stop: &AtomicBool,
    lang: Lang,
    out: &mut dyn Write,
) -> Result<(), Error> {
    let bar = crate::term::bar("{spinner} labs verify: {msg}, {elapsed}", None, crate::term::Show::Later);
    let findings = verify(candidates, max, budget, stop, &mut |event| match event {
        Event::Checking(name, n) => {
            let name = name.unwrap_or(Key::VerifyReference.text(lang));
            bar.set_message(say!(lang, VerifyChecking, name, n));
        }
        Event::Expect(pace) => {
            let line = say!(
                lang,
                VerifyEstimate,
                sizes = sizes_named(&(pace.last_n + 1..=max).collect::<Vec<_>>()),
                time = roughly_in(pace.rest, lang),
                m = pace.last_n,
                took = duration(pace.last),
                growth = format!("{:.0}", pace.growth),
                budget = roughly_in(budget, lang)
            );
            bar.suspend(|| eprint!("{}", crate::width::wrap(&line, crate::width::stderr(), "  ")));
        }
    });
    bar.finish_and_clear();
    let width = crate::width::stdout();
    let table = findings.table(lang, width);
    writeln!(out, "{table}")?;
    let mismatches = findings.mismatches(lang);
    if mismatches.is_empty() {
        write!(out, "{}", crate::width::wrap(&findings.summary(lang), width, "  "))?;
    } else {
        writeln!(out, "{}", say!(lang, VerifyMismatches, k = mismatches.len()))?;
        for line in &mismatches {
            write!(out, "{}", crate::width::wrap(&format!("  {line}"), width, "    "))?;
        }
    }
    let left = |n: usize| sizes_named(&(n..=max).collect::<Vec<_>>());
    match findings.stopped {
        Some(Stopped::Interrupted { n }) => {
            write!(out, "{}", crate::width::wrap(&say!(lang, VerifyInterrupted, n, sizes = left(n)), width, "  "))?;
            return Err(Error::Interrupted);
        }
        Some(Stopped::OverBudget { n, pace }) => {
            return Err(Error::Failed(say!(
                lang,
                VerifyOverBudget,
                sizes = left(n),
                time = roughly_in(pace.rest, lang),
                m = pace.last_n,
                took = duration(pace.last),
                growth = format!("{:.0}", pace.growth),
                budget = roughly_in(budget, lang)
            )));
        }
        None => {}
    }
    if mismatches.is_empty() {
        return Ok(());
    }
    let others = match mismatches.len() {
        1 => String::new(),
        k => say!(lang, VerifyOthers, k = k - 1),
    };
    Err(Error::Failed(say!(lang, VerifyFailed, first = mismatches[0], others)))
}
