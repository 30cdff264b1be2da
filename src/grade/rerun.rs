//! A student's time that compares: the program run again at its largest accepted n, several
//! times, less what starting any program of its language costs.
//!
//! One run's wall time is mostly the start of a process (and of the sandbox, and of a JVM), and
//! it wanders with the machine's load: forty copies of one C program ran in 16–155 ms at n = 8
//! with the load at 11. So once a student is judged, their built program is run again at the
//! largest n they were accepted on, through the very measuring code of `labs bench`
//! ([`timing::time_cell`]: a first run, a warm-up, then `--runs` timed runs): a
//! workload whose "search" is one run of the program, counted 1 when it printed the accepted
//! output again (`Rerun`), and whose clock ([`Workload::clock`]) is the CPU time of the run
//! and everything it started, which the load of other programs hardly stretches (the wall clock
//! where the backend measures no CPU time). The median of those runs, less the start-up, is the
//! time compared with the variants (whose in-process search is on the CPU all the time it takes).
//! The start-up is measured once per language, the same way: an empty program ([`Language::facts`]) built
//! and run under the same rules, sandbox and guard, so that everything but the search cancels
//! out. A program that searches on several threads counts each thread's time.
//!
//! Below [`GRADE_RATIO_MIN_N`] nothing is run again: the search is lost in the start-up there.
//!
//! Read next: `book.rs`, which puts the times beside the variants'.

use super::journal::Startup;
use crate::catalogue::say;
use crate::error::Error;
use crate::facts::GRADE_RATIO_MIN_N;
use crate::input::Sizes;
use crate::judge::compile::Language;
use crate::judge::process::{Ended, Run, Signal};
use crate::judge::{self, Judged, Submission};
use crate::lang::Lang;
use crate::solvers::Work;
use crate::timing::stats::Stats;
use crate::timing::workload::Workload;
use crate::timing::{self, Schedule};
use indicatif::ProgressBar;

pub use labs_grade::timed::{Repeated, Timed};
use std::cell::Cell;
use std::sync::Mutex;
use std::time::Duration;

/// Why a run again did not count ([`missed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missed {
    /// It ended well but printed something else, or crashed: the program's doing.
    Changed,
    /// It ran out of time, or was killed by SIGKILL: the program was accepted within the limit
    /// once, and a loaded machine stretches a run, so the time says nothing of it.
    OutOfTime,
    /// labs could not run it at all ([`judge::run_at`] failed): the machine's.
    NotRun,
}

/// Why `run`, of a program that printed `output` when it was judged, does not count as a run of
/// it again, if it does not ([`Missed`]).
pub fn missed(run: &Run, output: &[u8]) -> Option<Missed> {
    match run.ended {
        Ended::Exited(0) if run.stdout == output => None,
        Ended::TimedOut(_) => Some(Missed::OutOfTime),
        Ended::Signalled(signal) if signal == Signal::Kill.number() => Some(Missed::OutOfTime),
        _ => Some(Missed::Changed),
    }
}

/// The session and the rules a program is run again in and under.
pub type Under<'a> = (&'a judge::Session, &'a judge::Rules);

/// One run of an already built program at n, as a [`Workload`] of `labs bench`: its count is 1
/// when the run ended well and printed `output` again, else 0 (which the measuring code refuses
/// to time).
struct Rerun<'a> {
    /// The session and the rules it was judged in.
    under: Under<'a>,
    ready: &'a judge::Ready,
    output: &'a [u8],
    /// The CPU time of every run so far: the workload's own clock.
    spent: Cell<Duration>,
    /// Why the last run that did not count did not.
    missed: Cell<Option<Missed>>,
}

impl Workload for Rerun<'_> {
    fn name(&self) -> &str {
        "rerun"
    }
    fn count(&self, n: usize) -> u64 {
        let (session, rules) = self.under;
        let missed = match judge::run_at(session, rules, self.ready, n) {
            Ok((run, _)) => {
                self.spent.set(self.spent.get() + run.usage.cpu);
                missed(&run, self.output)
            }
            Err(_) => Some(Missed::NotRun),
        };
        self.missed.set(missed.or(self.missed.get()));
        u64::from(missed.is_none())
    }
    fn clock(&self) -> Option<Duration> {
        // Where the backend measures no CPU time, the wall clock it is.
        self.under.0.host.guarantees().usage.then(|| self.spent.get())
    }
    fn tally(&self, n: usize) -> Work {
        Work { placed: 0, probes: 0, solutions: self.count(n) }
    }
}

/// The times of `runs` runs of `ready`'s program at `n`, each printing `output`; why not, if one
/// did not.
fn repeat(under: Under, ready: &judge::Ready, n: usize, output: &[u8], runs: u32) -> Result<Stats, Missed> {
    let rerun = Rerun { under, ready, output, spent: Cell::new(Duration::ZERO), missed: Cell::new(None) };
    // Its words are never read: the bar is hidden, and an error becomes a `Missed`.
    let plan =
        Schedule { sizes: Sizes::List(vec![n]), runs, warmup: 1, budget: f64::INFINITY, lang: Lang::En, stop: None };
    let once = Work { placed: 0, probes: 0, solutions: 1 };
    let cell = timing::time_cell(&rerun, n, once, &plan, &ProgressBar::hidden());
    cell.map(|cell| Stats::of(&cell.times)).map_err(|_| rerun.missed.get().unwrap_or(Missed::Changed))
}

/// The start-up of each language met so far, measured once per grading: once per run, or kept
/// from the journal of the runs before it ([`Startups::keep`]).
#[derive(Debug)]
pub struct Startups {
    /// Timed runs of each program.
    pub runs: u32,
    /// Each language's start-up, and whether this run measured it.
    measured: Mutex<Vec<(Language, Option<f64>, bool)>>,
}

impl Startups {
    /// None measured yet; each will take `runs` timed runs.
    pub fn new(runs: u32) -> Startups {
        Startups { runs, measured: Mutex::new(Vec::new()) }
    }

    /// Takes the start-ups an earlier run of the same grading measured with as many runs (the
    /// journal's), to use as they are: every student of a class graded over several runs is
    /// then net of the same start-up.
    pub fn keep<'a>(&self, kept: impl IntoIterator<Item = &'a Startup>) {
        let mut measured = self.measured.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        for startup in kept.into_iter().filter(|s| s.runs == self.runs) {
            let language = Language::ALL.into_iter().find(|l| l.facts().name == startup.startup);
            if let Some(language) = language.filter(|l| !measured.iter().any(|(m, ..)| m == l)) {
                measured.push((language, startup.seconds, false));
            }
        }
    }

    /// The start-ups this run measured, as the journal keeps them.
    pub fn measured(&self) -> Vec<Startup> {
        let measured = self.measured.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let new = measured.iter().filter(|(.., new)| *new);
        new.map(|(l, seconds, _)| Startup { startup: l.facts().name.to_string(), seconds: *seconds, runs: self.runs })
            .collect()
    }

    /// The start-up of `language` in a session under rules (`under`, at `n`, which an empty
    /// program does not read), measured the first time it is asked for; `None` if its empty
    /// program could not be built or run.
    fn of(&self, language: Language, under: Under, n: usize, lang: Lang) -> Result<Option<f64>, Error> {
        let (session, rules) = under;
        let mut measured = self.measured.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some((_, startup, _)) = measured.iter().find(|(l, ..)| *l == language) {
            return Ok(*startup);
        }
        // labs's own folder, locked for its life and owner-only: a killed grader's is swept as any.
        let dir = judge::scratch::Scratch::new("empty")?;
        let class = rules.site().java_class().unwrap_or("Main");
        let (name, text) = language.facts().empty;
        let path = dir.path().join(name.replace("{class}", class));
        std::fs::write(&path, text.replace("{class}", class))?;
        let empty = Submission::Source(path, language, Vec::new());
        let startup = match judge::ready(session, rules, &empty).map_err(|e| crate::judging::error(e, lang))? {
            judge::Prepared::Ready(ready) => repeat(under, &ready, n, b"", self.runs).ok().map(|stats| stats.median),
            judge::Prepared::CompileError(_) => None,
        };
        measured.push((language, startup, true));
        Ok(startup)
    }
}

/// Times `judged`'s program (`ready`, built in a session under rules, `under`) again at the largest n it was accepted
/// on, if that is at least [`GRADE_RATIO_MIN_N`]; a signal meanwhile is [`Error::Signal`], so
/// that the student is judged again by `--resume`.
pub fn time(
    under: Under,
    language: Language,
    ready: &judge::Ready,
    judged: &Judged,
    startups: &Startups,
    lang: Lang,
) -> Result<Option<Timed>, Error> {
    let best = judged.cases.iter().filter(|c| c.verdict.accepted()).max_by_key(|c| c.n);
    let Some(best) = best.filter(|c| c.n >= GRADE_RATIO_MIN_N && judged.compile_error.is_none()) else {
        return Ok(None);
    };
    let n = best.n;
    let stats = repeat(under, ready, n, &best.run.stdout, startups.runs);
    let startup = match stats {
        Ok(_) => startups.of(language, under, n, lang)?,
        Err(_) => None,
    };
    if let Some(signal) = crate::interrupt::received() {
        return Err(Error::Signal(signal));
    }
    Ok(Some(match stats {
        Ok(s) => {
            let language = language.facts().name.to_string();
            Timed::Repeated(Repeated {
                n,
                runs: startups.runs,
                median: s.median,
                min: s.min,
                max: s.max,
                startup,
                language,
            })
        }
        Err(Missed::Changed) => Timed::Untimed(say!(lang, RerunFailed, n)),
        Err(Missed::OutOfTime) => Timed::NotTimed(say!(lang, RerunOutOfTime, n)),
        Err(Missed::NotRun) => Timed::NotTimed(say!(lang, RerunNotRun, n)),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::process::{Bound, Usage};

    fn ended(ended: Ended, stdout: &[u8]) -> Run {
        Run {
            stdout: stdout.to_vec(),
            stderr: Vec::new(),
            stderr_written: 0,
            ended,
            elapsed: Duration::from_millis(5),
            usage: Usage::default(),
            left_behind: 0,
            outran: 0,
            pipes_held: false,
        }
    }

    #[test]
    fn a_run_again_out_of_time_or_killed_is_not_timed_and_only_another_output_is_a_change() {
        let accepted = b"2\n";
        let second = Duration::from_secs(1);
        assert_eq!(missed(&ended(Ended::Exited(0), accepted), accepted), None);
        // Out of time on a loaded machine: nothing printed, or half of it, never "another answer".
        assert_eq!(missed(&ended(Ended::TimedOut(Bound::Cpu(second)), b""), accepted), Some(Missed::OutOfTime));
        assert_eq!(missed(&ended(Ended::TimedOut(Bound::Wall(second)), b"2"), accepted), Some(Missed::OutOfTime));
        let kill = Signal::Kill.number();
        assert_eq!(missed(&ended(Ended::Signalled(kill), b""), accepted), Some(Missed::OutOfTime));
        assert_eq!(missed(&ended(Ended::Exited(0), b"3\n"), accepted), Some(Missed::Changed));
        let segv = Signal::Segv.number();
        assert_eq!(missed(&ended(Ended::Signalled(segv), accepted), accepted), Some(Missed::Changed));
    }
}
