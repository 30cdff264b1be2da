//! `labs bench`: the variants timed side by side, with the work that explains the times.
//!
//! hyperfine compares commands and criterion compares functions; neither puts variants of one
//! algorithm next to the work each one does. This module does, in two halves. The pure half
//! measures and computes: [`crate::timing`] (what is timed, shared with `cargo bench` and
//! `labs grade`: correct before fast, one search at a time after scrambling the branch predictor,
//! a time budget per cell, median, min, max, mean, σ) and [`compare`] (relative speed and work,
//! growth, ns per node and per step, learned cells), all of it testable from fixed samples. The render half only formats a
//! [`compare::Report`]: [`table`] for the terminal, [`export`] for Markdown, CSV and JSON,
//! [`plot`] for an SVG picture.
//!
//! Read in that order; [`run`] below is the whole command in a dozen lines.

pub mod compare;
pub mod config;
pub mod export;
pub mod plot;
pub mod table;

use crate::error::Error;
use crate::export::Output;
use crate::timing::Schedule;
use crate::timing::workload::Workload;
use config::Setup;
use indicatif::ProgressBar;
use std::io::Write;

/// Measures as `config` says, then writes the table to `out` and each export and the plot where
/// asked. Every output file is created before anything is timed, so a bad path fails at once.
pub fn run(config: &Setup, lang: crate::lang::Lang, out: &mut dyn Write) -> Result<(), Error> {
    let files = config.outputs.open(lang)?;
    let workloads: Vec<&dyn Workload> = config.algos.iter().map(|a| a as &dyn Workload).collect();
    let s = &config.settings;
    // Ctrl-C ends the measuring after the search under way, and the rows timed so far are
    // printed; a second one ends labs at once.
    let stop = crate::interrupt::watch().and_then(|()| crate::interrupt::exit_on_second()).ok();
    let stop = stop.map(|()| crate::interrupt::heard());
    let (runs, warmup, budget) = (s.runs, s.warmup, s.budget_seconds);
    let plan = Schedule { sizes: config.sizes.clone(), runs, warmup, budget, lang, stop };
    let progress = progress_bar();
    let samples = crate::timing::measure(&workloads, &plan, &progress);
    progress.finish_and_clear();
    let samples = samples?;
    let report = compare::report(s.clone(), &samples);
    if samples.stopped {
        // What was measured, on stdout even when an export took it: the exports are not written,
        // as they would pass for a whole run.
        if !samples.measured.is_empty() {
            out.write_all(table::render(&report, crate::term::color(), crate::width::stdout(), lang).as_bytes())?;
            eprintln!("labs bench: {}", crate::catalogue::say!(lang, BenchInterrupted, runs));
        }
        return Err(match crate::interrupt::received() {
            Some(signal) if signal != 2 => Error::Signal(signal),
            _ => Error::Interrupted,
        });
    }
    if !config.outputs.stdout_taken() {
        out.write_all(table::render(&report, crate::term::color(), crate::width::stdout(), lang).as_bytes())?;
    }
    files.write(out, |output| match output {
        Output::Export(export) => Ok(export.to_string(&report)),
        Output::Plot => plot::render(&report, lang),
    })
}

/// A spinner on stderr saying what is being measured, as `term` allows.
fn progress_bar() -> ProgressBar {
    crate::term::bar("{spinner} {elapsed:>3} {msg}", None, crate::term::Show::Now)
}
