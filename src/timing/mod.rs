//! Timing the workloads: correct before fast, one search at a time, never past the budget.
//!
//! `labs bench` and `labs grade` both time searches this way, so it sits below both: [`workload`]
//! (what is timed, shared with `cargo bench`), [`clock`] (CPU time where the system keeps it
//! finely), this module (measuring) and [`stats`] (median, min, max, mean, σ). It imports neither
//! command.
//!
//! Board sizes are visited in ascending order. At each size, every algorithm still running first
//! counts the solutions with its work tallied, and the counts must agree with one another and with
//! OEIS A000170; if they do not, nothing at that size is timed and `labs bench` refuses, naming who
//! found what. Then each algorithm's first plain search at that size is timed: no search before it
//! in this run walked that tree with that code.
//!
//! The timed runs come once every size is checked, in rounds: each round times one search of every
//! cell (an algorithm at a size), the `warmup` first rounds untimed. A run is one search, never the
//! same search repeated back to back: a search of a few thousand nodes repeated is a pattern the
//! processor's branch predictor learns by heart, and would then be timed faster than any program
//! runs it once (Lab 7 shows by how much). So before every search [`scramble`] fills the
//! predictor with random outcomes, and the rounds interleave sizes and algorithms, so that a load
//! that comes and goes touches every cell alike. The clock is the thread's CPU time where the
//! system keeps it finely ([`Stopwatch`]), less the cost of reading it.
//!
//! The budget is per cell. Before an algorithm starts a size, its first search at the size below
//! and its growth factor (the ratio to the size below that) predict what the new cell would cost;
//! if that is over the budget, the size below is searched once more (one cold search can take a
//! thousand times the next), the faster of the two predicts again, and if that too is over the
//! budget, the algorithm stops there and the cell is reported as skipped with
//! the reason. Sizes between the requested ones (`--n 12` starts measuring nothing until 12) are
//! scouted with a single search each, so that the prediction always has the size just below.
//!
//! Read next: `bench/compare.rs`, which turns these samples into a report.

pub mod clock;
pub mod stats;
pub mod workload;

use crate::catalogue::say;
use crate::error::Error;
use crate::facts::A000170;
use crate::input::Sizes;
use crate::lang::Lang;
use crate::solvers::Work;
use crate::units::duration;
use clock::Stopwatch;
use indicatif::ProgressBar;
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use workload::Workload;

/// Random branches taken before each timed search: enough to overwrite the tables of a branch
/// predictor (a few thousand entries in each), at a fraction of a millisecond.
pub const SCRAMBLE: u32 = 1 << 15;

/// One algorithm measured at one board size.
#[derive(Clone, Debug, PartialEq)]
pub struct Measurement {
    /// Board size.
    pub n: usize,
    /// Algorithm name.
    pub algo: String,
    /// What the search does, from its tallied run.
    pub work: Work,
    /// Seconds of the first plain search at this size: one no predictor had seen.
    pub first: f64,
    /// Seconds per search, one value per timed run.
    pub times: Vec<f64>,
}

/// An algorithm that stopped before a board size, and why.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Skip {
    /// The first requested size it did not measure.
    pub n: usize,
    /// Algorithm name.
    pub algo: String,
    /// The prediction that stopped it, in English words (for the exports).
    pub reason: String,
    /// The same prediction as numbers, for words in another language; `None` where only the
    /// words are known (a report read back).
    #[serde(skip)]
    pub over: Option<Over>,
}

/// The prediction that stopped an algorithm before `n`: at `n - 1` one search took `last`
/// seconds (`growth` times its time at `n - 2`, if known), and `n` would take `cost`, over the
/// `budget`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Over {
    pub n: usize,
    pub last: f64,
    pub growth: Option<f64>,
    pub cost: f64,
    pub budget: f64,
}

impl Over {
    /// The prediction in `lang`, as one clause.
    pub fn words(&self, lang: Lang) -> String {
        let dur = |s: f64| duration(Duration::from_secs_f64(s.min(1e9)));
        let n = self.n;
        let growth = match self.growth {
            Some(times) => say!(lang, BenchOverGrowth, times = format!("{times:.1}"), k = n - 2),
            None => String::new(),
        };
        say!(
            lang,
            BenchOver,
            m = n - 1,
            took = dur(self.last),
            growth,
            n,
            cost = dur(self.cost),
            budget = dur(self.budget)
        )
    }
}

/// Everything measured: the algorithms in order, their cells, where each one stopped.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Samples {
    /// The algorithms' names, in the order given.
    pub algos: Vec<String>,
    /// The measured cells, by n and then by algorithm.
    pub measured: Vec<Measurement>,
    /// At most one entry per algorithm: the first requested size it skipped.
    pub skipped: Vec<Skip>,
    /// The clock that timed the searches, by name ([`Stopwatch::name`]).
    pub clock: String,
    /// Whether the plan's stop flag ended the measuring early: `measured` holds the cells timed
    /// so far, each with the timed runs it had (a cell not yet in the rounds, its first search).
    pub stopped: bool,
}

/// How to measure.
#[derive(Clone, Debug)]
pub struct Schedule {
    /// Which board sizes.
    pub sizes: Sizes,
    /// Timed runs per cell.
    pub runs: u32,
    /// Untimed runs per cell before the timed ones.
    pub warmup: u32,
    /// Seconds one cell may take.
    pub budget: f64,
    /// The language of the progress lines and the errors.
    pub lang: Lang,
    /// Set (by Ctrl-C) to end the measuring after the search under way, keeping what was timed.
    pub stop: Option<&'static AtomicBool>,
}

impl Schedule {
    /// Whether the stop flag is set.
    fn stopped(&self) -> bool {
        self.stop.is_some_and(|stop| stop.load(Ordering::SeqCst))
    }

    /// What a cell whose search takes `search` seconds costs: the tallied check, the first
    /// search, and the warm-up and timed runs, one search each.
    pub fn cell_cost(&self, search: f64) -> f64 {
        f64::from(2 + self.warmup + self.runs) * search
    }
}

/// The time of one search at the next size, from the times at the two sizes below it (`last`
/// and, if known, `before`): the last time times the last growth factor.
pub fn predict(before: Option<f64>, last: f64) -> f64 {
    match before {
        Some(b) if b > 0.0 => last * (last / b),
        _ => last,
    }
}

/// `None` if every count at `n` agrees with the others and with the known count; otherwise the
/// refusal, naming each count and who found it, in `lang`.
pub fn disagreement(n: usize, counts: &[(&str, u64)], lang: Lang) -> Option<String> {
    let known = A000170.get(n).copied();
    let agree = counts.windows(2).all(|w| w[0].1 == w[1].1);
    if agree && known.is_none_or(|k| counts.iter().all(|&(_, c)| c == k)) {
        return None;
    }
    let mut groups: Vec<(u64, Vec<&str>)> = Vec::new();
    for &(name, count) in counts {
        match groups.iter_mut().find(|(c, _)| *c == count) {
            Some((_, names)) => names.push(name),
            None => groups.push((count, vec![name])),
        }
    }
    let mut parts: Vec<String> =
        groups.iter().map(|(count, names)| say!(lang, BenchFound, names = names.join(", "), count)).collect();
    parts.extend(known.map(|k| say!(lang, BenchOeisSays, k)));
    Some(say!(lang, BenchWrongAnswers, n, parts = parts.join(say!(lang, BenchPartsJoin).as_str())))
}

/// Per algorithm: its time per search at the last two sizes visited, or why it stopped.
struct Track {
    before: Option<f64>,
    last: Option<f64>,
    stopped: bool,
}

/// Measures `workloads` as `plan` says, reporting what it does on `progress`; once the plan's stop
/// flag is set, returns what was timed so far ([`Samples::stopped`]).
pub fn measure(workloads: &[&dyn Workload], plan: &Schedule, progress: &ProgressBar) -> Result<Samples, Error> {
    let watch = Stopwatch::new();
    let mut samples = Samples {
        algos: workloads.iter().map(|w| w.name().to_string()).collect(),
        clock: watch.name().to_string(),
        ..Samples::default()
    };
    let mut tracks: Vec<Track> = workloads.iter().map(|_| Track { before: None, last: None, stopped: false }).collect();
    let mut cells: Vec<(&dyn Workload, Measurement)> = Vec::new();
    for n in plan.sizes.first().min(4)..=plan.sizes.last() {
        let requested = plan.sizes.contains(n);
        for (w, track) in workloads.iter().zip(&mut tracks).filter(|(_, t)| !t.stopped) {
            let Some(last) = track.last else { continue };
            let mut cost = predicted_cost(track.before, last, requested, plan);
            if cost > plan.budget {
                // One search is no measure to stop on: a cold one (its pages not yet mapped, the
                // machine busy a moment) can take a thousand times the next. The size below is
                // searched once more, and the faster of the two predicts.
                progress.set_message(say!(plan.lang, BenchScouting, n = n - 1, algo = w.name()));
                let again = time_search(*w, n - 1, &watch, n as u64).1;
                if again < last {
                    track.last = Some(again);
                    cost = predicted_cost(track.before, again, requested, plan);
                }
            }
            if cost > plan.budget {
                track.stopped = true;
                if let Some(first) = (n..=plan.sizes.last()).find(|&m| plan.sizes.contains(m)) {
                    let over = stop_reason(n, track, cost, plan.budget);
                    let reason = over.words(Lang::En);
                    samples.skipped.push(Skip { n: first, algo: w.name().to_string(), reason, over: Some(over) });
                }
            }
        }
        let active: Vec<(usize, &dyn Workload)> =
            workloads.iter().enumerate().filter(|(i, _)| !tracks[*i].stopped).map(|(i, w)| (i, *w)).collect();
        if active.is_empty() || plan.stopped() {
            break;
        }
        if !requested {
            for &(i, w) in &active {
                progress.set_message(say!(plan.lang, BenchScouting, n, algo = w.name()));
                let (_, t) = watch.time(|| w.count(n));
                tracks[i].before = tracks[i].last.replace(t.as_secs_f64());
            }
            continue;
        }
        let works = verify(n, &active, plan, progress)?;
        for (&(i, w), work) in active.iter().zip(works) {
            let cell = first_search(w, n, work, &watch, plan.lang, progress)?;
            tracks[i].before = tracks[i].last.replace(cell.first);
            cells.push((w, cell));
        }
    }
    rounds(&mut cells, plan, &watch, progress)?;
    samples.stopped = plan.stopped();
    samples.measured = cells.into_iter().map(|(_, cell)| cell).collect();
    if samples.stopped {
        // A cell stopped before its timed runs has its first search: one search timed all the same.
        for cell in samples.measured.iter_mut().filter(|cell| cell.times.is_empty()) {
            cell.times.push(cell.first);
        }
    }
    Ok(samples)
}

/// What the next size would cost, from the times at the two sizes below it: a whole cell where
/// the size is `requested`, else the one scouting search.
fn predicted_cost(before: Option<f64>, last: f64, requested: bool, plan: &Schedule) -> f64 {
    let search = predict(before, last);
    if requested { plan.cell_cost(search) } else { search }
}

/// Why an algorithm stops at `n`.
fn stop_reason(n: usize, track: &Track, cost: f64, budget: f64) -> Over {
    let last = track.last.unwrap_or(0.0);
    let growth = track.before.filter(|&b| b > 0.0).map(|b| last / b);
    Over { n, last, growth, cost, budget }
}

/// Runs every active workload's tallied search at `n` and checks the counts agree.
fn verify(
    n: usize,
    active: &[(usize, &dyn Workload)],
    plan: &Schedule,
    progress: &ProgressBar,
) -> Result<Vec<Work>, Error> {
    let works: Vec<Work> = active
        .iter()
        .map(|(_, w)| {
            progress.set_message(say!(plan.lang, BenchChecking, n, algo = w.name()));
            w.tally(n)
        })
        .collect();
    let counts: Vec<(&str, u64)> = active.iter().zip(&works).map(|((_, w), work)| (w.name(), work.solutions)).collect();
    match disagreement(n, &counts, plan.lang) {
        Some(message) => Err(Error::Failed(message)),
        None => Ok(works),
    }
}

/// Times one cell: its first search, the warm-up, then the timed runs. `labs grade` times a
/// student's program with it, as a workload whose search is one run of the program.
pub fn time_cell(
    w: &dyn Workload,
    n: usize,
    work: Work,
    plan: &Schedule,
    progress: &ProgressBar,
) -> Result<Measurement, Error> {
    let watch = Stopwatch::new();
    let mut cells = [(w, first_search(w, n, work, &watch, plan.lang, progress)?)];
    rounds(&mut cells, plan, &watch, progress)?;
    let [(_, cell)] = cells;
    Ok(cell)
}

/// A cell with `w`'s first plain search at `n` timed, checked against the tallied count.
fn first_search(
    w: &dyn Workload,
    n: usize,
    work: Work,
    watch: &Stopwatch,
    lang: Lang,
    progress: &ProgressBar,
) -> Result<Measurement, Error> {
    let name = w.name();
    progress.set_message(say!(lang, BenchFirstSearch, n, algo = name));
    let (count, first) = time_search(w, n, watch, n as u64);
    if count != work.solutions {
        return Err(Error::Failed(say!(lang, BenchPlainDiffers, algo = name, n, count, tallied = work.solutions)));
    }
    Ok(Measurement { n, algo: name.to_string(), work, first, times: Vec::new() })
}

/// The warm-up rounds, then the timed ones: each round times one search of every cell in turn.
fn rounds(
    cells: &mut [(&dyn Workload, Measurement)],
    plan: &Schedule,
    watch: &Stopwatch,
    progress: &ProgressBar,
) -> Result<(), Error> {
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let lang = plan.lang;
    for round in 1..=plan.warmup + plan.runs {
        let stage = match round.checked_sub(plan.warmup) {
            Some(k) if k > 0 => say!(lang, BenchRun, k, of = plan.runs),
            _ => say!(lang, BenchWarmUp, k = round, of = plan.warmup),
        };
        for (w, cell) in cells.iter_mut() {
            if plan.stopped() {
                return Ok(());
            }
            progress.set_message(say!(lang, BenchStage, n = cell.n, algo = cell.algo, stage));
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let (count, seconds) = time_search(*w, cell.n, watch, seed);
            if count != cell.work.solutions {
                return Err(Error::Failed(say!(lang, BenchTimedDiffers, algo = cell.algo, n = cell.n)));
            }
            if round > plan.warmup {
                cell.times.push(seconds);
            }
        }
    }
    Ok(())
}

/// One search of `w` at `n`, after [`scramble`] with `seed`: its count and its seconds, by the
/// workload's own clock if it keeps one ([`Workload::clock`]), else by `watch`.
fn time_search(w: &dyn Workload, n: usize, watch: &Stopwatch, seed: u64) -> (u64, f64) {
    black_box(scramble(seed, SCRAMBLE));
    let started = w.clock();
    let (count, spent) = watch.time(|| w.count(black_box(n)));
    match (started, w.clock()) {
        (Some(before), Some(after)) => (count, after.saturating_sub(before).as_secs_f64()),
        _ => (count, spent.as_secs_f64()),
    }
}

/// Takes `rounds` branches whose outcomes are random (xorshift from `seed`), three per round, so
/// that whatever the branch predictor learned of the search before is overwritten. Each branch
/// stores through [`black_box`], so that the compiler cannot turn it into a conditional move.
pub fn scramble(seed: u64, rounds: u32) -> u64 {
    let (mut x, mut acc) = (seed | 1, 0u64);
    for _ in 0..rounds {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        if x & 1 != 0 {
            acc = black_box(acc.wrapping_add(x));
        } else {
            acc = black_box(acc ^ x);
        }
        if x & 2 != 0 {
            acc = black_box(acc.rotate_left(3));
        }
        if x & 4 != 0 {
            acc = black_box(acc.wrapping_mul(5));
        }
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_growth_factor_predicts_the_next_size() {
        assert_eq!(predict(Some(1.0), 4.0), 16.0);
        assert_eq!(predict(None, 4.0), 4.0);
    }

    #[test]
    fn a_cell_costs_its_runs_and_two_searches_one_search_each() {
        let plan = Schedule { sizes: Sizes::From(4), runs: 10, warmup: 1, budget: 3.0, lang: Lang::En, stop: None };
        assert_eq!(plan.cell_cost(1.0), 13.0);
        assert_eq!(plan.cell_cost(0.5), 6.5);
    }

    #[test]
    fn disagreement_names_everyone() {
        assert_eq!(disagreement(8, &[("row", 92), ("bits", 92)], Lang::En), None);
        assert_eq!(disagreement(30, &[("row", 5), ("bits", 5)], Lang::En), None);
        assert_eq!(
            disagreement(8, &[("row", 92), ("bogus", 91), ("bits", 92)], Lang::En).unwrap(),
            "refusing to time wrong answers: at n = 8, row, bits found 92; bogus found 91; OEIS A000170 says 92"
        );
        assert_eq!(
            disagreement(8, &[("bogus", 91)], Lang::En).unwrap(),
            "refusing to time wrong answers: at n = 8, bogus found 91; OEIS A000170 says 92"
        );
        assert_eq!(
            disagreement(8, &[("bogus", 91)], Lang::Zh).unwrap(),
            "拒绝为错误的答案计时：n = 8 时，bogus 找到 91 个解；OEIS A000170 给出 92"
        );
    }
}
