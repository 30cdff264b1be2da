//! Timing the workloads: correct before fast, and never past the budget.
//!
//! Board sizes are visited in ascending order. At each size, every algorithm still running first
//! counts the solutions with its work tallied, and the counts must agree with one another and with
//! OEIS A000170; if they do not, nothing at that size is timed and `labs bench` refuses, naming who
//! found what. Then each algorithm is timed: one search to calibrate, `warmup` untimed runs, `runs`
//! timed ones. A run repeats the search enough times to last [`MIN_RUN`], so that a search of a few
//! hundred nanoseconds is not lost in the clock's grain; its time is divided back to one search.
//!
//! The budget is per cell. Before an algorithm starts a size, its time at the size below and its
//! growth factor (the ratio to the size below that) predict what the new cell would cost; if that
//! is over the budget, the algorithm stops there and the cell is reported as skipped with the
//! reason. Sizes between the requested ones (`--n 12` starts measuring nothing until 12) are
//! scouted with a single search each, so that the prediction always has the size just below.
//!
//! Read next: `compare.rs`, which turns these samples into a report.

use super::workload::Workload;
use crate::error::Error;
use crate::facts::A000170;
use crate::input::Sizes;
use crate::solvers::Work;
use crate::units::duration;
use indicatif::ProgressBar;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The shortest a timed run may be: a run repeats a short search until it lasts this long.
pub const MIN_RUN: f64 = 0.002;

/// One algorithm measured at one board size.
#[derive(Clone, Debug, PartialEq)]
pub struct Measurement {
    /// Board size.
    pub n: usize,
    /// Algorithm name.
    pub algo: String,
    /// What the search does, from its tallied run.
    pub work: Work,
    /// Searches per timed run.
    pub iterations: u64,
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
    /// The prediction that stopped it, in words.
    pub reason: String,
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
}

/// How to measure.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// Which board sizes.
    pub sizes: Sizes,
    /// Timed runs per cell.
    pub runs: u32,
    /// Untimed runs per cell before the timed ones.
    pub warmup: u32,
    /// Seconds one cell may take.
    pub budget: f64,
}

impl Plan {
    /// What a cell whose search takes `search` seconds costs: the tallied check, the calibrating
    /// search, and the warm-up and timed runs, each at least [`MIN_RUN`] long.
    pub fn cell_cost(&self, search: f64) -> f64 {
        2.0 * search + f64::from(self.warmup + self.runs) * search.max(MIN_RUN)
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
/// refusal, naming each count and who found it.
pub fn disagreement(n: usize, counts: &[(&str, u64)]) -> Option<String> {
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
    let mut parts: Vec<String> = groups.iter().map(|(c, names)| format!("{} found {c}", names.join(", "))).collect();
    parts.extend(known.map(|k| format!("OEIS A000170 says {k}")));
    Some(format!("refusing to time wrong answers: at n = {n}, {}", parts.join("; ")))
}

/// Per algorithm: its time per search at the last two sizes visited, or why it stopped.
struct Track {
    before: Option<f64>,
    last: Option<f64>,
    stopped: bool,
}

/// Measures `workloads` as `plan` says, reporting what it does on `progress`.
pub fn measure(workloads: &[&dyn Workload], plan: &Plan, progress: &ProgressBar) -> Result<Samples, Error> {
    let mut samples = Samples { algos: workloads.iter().map(|w| w.name().to_string()).collect(), ..Samples::default() };
    let mut tracks: Vec<Track> = workloads.iter().map(|_| Track { before: None, last: None, stopped: false }).collect();
    for n in plan.sizes.first().min(4)..=plan.sizes.last() {
        let requested = plan.sizes.contains(n);
        for (w, track) in workloads.iter().zip(&mut tracks).filter(|(_, t)| !t.stopped) {
            let Some(last) = track.last else { continue };
            let search = predict(track.before, last);
            let cost = if requested { plan.cell_cost(search) } else { search };
            if cost > plan.budget {
                track.stopped = true;
                if let Some(first) = (n..=plan.sizes.last()).find(|&m| plan.sizes.contains(m)) {
                    let reason = stop_reason(n, track, cost, plan.budget);
                    samples.skipped.push(Skip { n: first, algo: w.name().to_string(), reason });
                }
            }
        }
        let active: Vec<(usize, &dyn Workload)> =
            workloads.iter().enumerate().filter(|(i, _)| !tracks[*i].stopped).map(|(i, w)| (i, *w)).collect();
        if active.is_empty() {
            break;
        }
        if !requested {
            for &(i, w) in &active {
                progress.set_message(format!("n = {n}: {} (scouting)", w.name()));
                let (_, t) = time(|| w.count(n));
                tracks[i].before = tracks[i].last.replace(t.as_secs_f64());
            }
            continue;
        }
        let works = verify(n, &active, progress)?;
        for (&(i, w), work) in active.iter().zip(works) {
            let m = time_cell(w, n, work, plan, progress)?;
            let median = super::stats::Stats::of(&m.times).median;
            tracks[i].before = tracks[i].last.replace(median);
            samples.measured.push(m);
        }
    }
    Ok(samples)
}

/// Why an algorithm stops at `n`, in one sentence.
fn stop_reason(n: usize, track: &Track, cost: f64, budget: f64) -> String {
    let dur = |s: f64| duration(Duration::from_secs_f64(s.min(1e9)));
    let last = track.last.unwrap_or(0.0);
    let growth = match track.before {
        Some(b) if b > 0.0 => format!(", {:.1}× its time at n = {}", last / b, n - 2),
        _ => String::new(),
    };
    format!(
        "at n = {} one search took {}{growth}; n = {n} would take about {}, over the {} budget",
        n - 1,
        dur(last),
        dur(cost),
        dur(budget)
    )
}

/// Runs every active workload's tallied search at `n` and checks the counts agree.
fn verify(n: usize, active: &[(usize, &dyn Workload)], progress: &ProgressBar) -> Result<Vec<Work>, Error> {
    let works: Vec<Work> = active
        .iter()
        .map(|(_, w)| {
            progress.set_message(format!("n = {n}: {} (checking the count)", w.name()));
            w.tally(n)
        })
        .collect();
    let counts: Vec<(&str, u64)> = active.iter().zip(&works).map(|((_, w), work)| (w.name(), work.solutions)).collect();
    match disagreement(n, &counts) {
        Some(message) => Err(Error::Failed(message)),
        None => Ok(works),
    }
}

/// Times one cell: calibrate, warm up, then the timed runs. `labs grade` times a student's
/// program with it too, as a workload whose search is one run of the program.
pub fn time_cell(
    w: &dyn Workload,
    n: usize,
    work: Work,
    plan: &Plan,
    progress: &ProgressBar,
) -> Result<Measurement, Error> {
    let name = w.name();
    progress.set_message(format!("n = {n}: {name} (calibrating)"));
    let (count, once) = time(|| w.count(n));
    if count != work.solutions {
        return Err(Error::Failed(format!(
            "{name} at n = {n}: the plain search found {count}, the tallied one {}",
            work.solutions
        )));
    }
    let iterations = (MIN_RUN / once.as_secs_f64().max(1e-9)).ceil().clamp(1.0, 1e7) as u64;
    let batch = || {
        let started = w.clock();
        let (total, elapsed) = time(|| {
            let mut total = 0;
            for _ in 0..iterations {
                total += w.count(black_box(n));
            }
            total
        });
        // A workload that keeps its own clock is timed by it ([`Workload::clock`]).
        match (started, w.clock()) {
            (Some(before), Some(after)) => (total, after.saturating_sub(before)),
            _ => (total, elapsed),
        }
    };
    for k in 1..=plan.warmup {
        progress.set_message(format!("n = {n}: {name} (warm-up {k}/{})", plan.warmup));
        batch();
    }
    let mut times = Vec::with_capacity(plan.runs as usize);
    for k in 1..=plan.runs {
        progress.set_message(format!("n = {n}: {name} (run {k}/{})", plan.runs));
        let (total, elapsed) = batch();
        if total != iterations * work.solutions {
            return Err(Error::Failed(format!("{name} at n = {n}: a timed search found another count")));
        }
        times.push(elapsed.as_secs_f64() / iterations as f64);
    }
    Ok(Measurement { n, algo: name.to_string(), work, iterations, times })
}

/// Runs `f` once; its result and how long it took.
fn time<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let value = black_box(f());
    (value, start.elapsed())
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
    fn a_cell_costs_its_runs_and_two_searches() {
        let plan = Plan { sizes: Sizes::From(4), runs: 10, warmup: 1, budget: 3.0 };
        assert_eq!(plan.cell_cost(1.0), 13.0);
        assert_eq!(plan.cell_cost(0.0), 11.0 * MIN_RUN);
    }

    #[test]
    fn disagreement_names_everyone() {
        assert_eq!(disagreement(8, &[("row", 92), ("bits", 92)]), None);
        assert_eq!(disagreement(30, &[("row", 5), ("bits", 5)]), None);
        assert_eq!(
            disagreement(8, &[("row", 92), ("bogus", 91), ("bits", 92)]).unwrap(),
            "refusing to time wrong answers: at n = 8, row, bits found 92; bogus found 91; OEIS A000170 says 92"
        );
        assert_eq!(
            disagreement(8, &[("bogus", 91)]).unwrap(),
            "refusing to time wrong answers: at n = 8, bogus found 91; OEIS A000170 says 92"
        );
    }
}
