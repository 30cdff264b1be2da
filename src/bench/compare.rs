//! Cells side by side: relative speed, relative work, growth and cost per node, as pure functions.
//!
//! Input is what measuring found ([`Samples`]: every cell's work and run times, and where each
//! algorithm stopped); output is a [`Report`], one entry per cell in the order a table shows them
//! (by n, then by algorithm). Nothing here reads a clock, so every number of a report can be pinned
//! by a test from fixed samples, and every renderer (table, exports, plot) only formats them.
//!
//! - *relative speed*: the cell's median over the reference's at the same n (the `--reference`
//!   algorithm, or else the fastest there), with the spread propagated from both σ's, as hyperfine
//!   does; 1.00 is the reference, 3.00 three times its time.
//! - *relative work*: nodes + probes over the reference's: how much of the time difference the
//!   counted work explains, and how much is the cost of one step.
//! - *growth*: the median over the same algorithm's at n − 1.
//! - *ns per node* and *ns per step*: the median over the nodes of the search tree, and over its
//!   steps (nodes and probes together), the cost of one unit of the work the table counts.
//! - *learned*: the first search at this size took more than [`LEARNED`] times the slowest timed
//!   run, so the timed runs still know something of the search that a single run does not (Lab 7).
//!
//! Read next: `table.rs` and `export/`, which render a report.

use crate::timing::stats::Stats;
use crate::timing::{Measurement, Samples, Skip};
use serde::Serialize;

/// How many times its slowest timed run a cell's first search may take before the cell is marked
/// learned. Measured for `row` and `bits` at n = 8 to 12 (Lab 7; 80 cells, a load of 4 to 8 on
/// 2 cores), the first search took 0.77–2.53× the median, since one search can be slow by chance
/// on a busy machine, but over 1.5× the slowest run only once (1.76×); cold searches in fresh
/// processes took 0.85–1.2× the median. A search learned by heart runs three to four times faster
/// than a cold one, every run of it, so the slowest run is the yardstick, not the median.
pub const LEARNED: f64 = 1.5;

/// How the cells were measured, as reports and exports state it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Settings {
    /// Timed runs per cell.
    pub runs: u32,
    /// Untimed warm-up runs per cell.
    pub warmup: u32,
    /// The time one cell may take, in seconds.
    pub budget_seconds: f64,
    /// The algorithm others are compared with; `None` means the fastest at each n.
    pub reference: Option<String>,
}

/// One measured cell with everything derived from it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// Board size.
    pub n: usize,
    /// Algorithm name.
    pub algo: String,
    /// Solutions found.
    pub solutions: u64,
    /// Nodes of the search tree, the empty board included.
    pub nodes: u64,
    /// Squares, flags or masks examined by safety checks.
    pub probes: u64,
    /// Seconds of the first search at this size, before any timed run.
    pub first: f64,
    /// Whether the first search took more than [`LEARNED`] times the slowest timed run.
    pub learned: bool,
    /// The summary of `times`, in seconds per search.
    #[serde(flatten)]
    pub stats: Stats,
    /// Median nanoseconds per node.
    pub ns_per_node: f64,
    /// Median nanoseconds per step: per node or probe.
    pub ns_per_step: f64,
    /// The reference's name at this n.
    pub reference: String,
    /// Median over the reference's median.
    pub relative_speed: f64,
    /// Spread of `relative_speed`; `None` for the reference itself or with a single run.
    pub relative_speed_stddev: Option<f64>,
    /// Nodes + probes over the reference's.
    pub relative_work: f64,
    /// Median over the same algorithm's at n − 1, when that was measured.
    pub growth: Option<f64>,
    /// Every run's time, in seconds per search.
    pub times: Vec<f64>,
}

impl Row {
    /// Whether this row is the one the others at its n are compared with.
    pub fn is_reference(&self) -> bool {
        self.algo == self.reference
    }
}

/// One cell of a report: measured, or skipped with the reason.
#[derive(Clone, Debug, PartialEq)]
pub enum Entry {
    /// The cell was measured.
    Measured(Row),
    /// The algorithm stopped before this n.
    Skipped(Skip),
}

/// Everything `labs bench` found, ready to render.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// How it was measured.
    pub settings: Settings,
    /// The clock that timed the searches: `CPU time` or `wall time`.
    pub clock: String,
    /// The cells, by n and then in the order the algorithms were given.
    pub entries: Vec<Entry>,
}

impl Report {
    /// The measured rows, in order.
    pub fn rows(&self) -> impl Iterator<Item = &Row> + Clone {
        self.entries.iter().filter_map(|e| match e {
            Entry::Measured(row) => Some(row),
            Entry::Skipped(_) => None,
        })
    }

    /// The skipped cells, in order.
    pub fn skips(&self) -> impl Iterator<Item = &Skip> {
        self.entries.iter().filter_map(|e| match e {
            Entry::Skipped(skip) => Some(skip),
            Entry::Measured(_) => None,
        })
    }
}

/// Derives every comparison from `samples`, measured as `settings` says.
pub fn report(settings: Settings, samples: &Samples) -> Report {
    let mut sizes: Vec<usize> =
        samples.measured.iter().map(|m| m.n).chain(samples.skipped.iter().map(|s| s.n)).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let mut entries = Vec::new();
    for n in sizes {
        let here: Vec<&Measurement> = samples.measured.iter().filter(|m| m.n == n).collect();
        let reference = reference_at(&here, settings.reference.as_deref());
        for algo in &samples.algos {
            if let Some(m) = here.iter().find(|m| &m.algo == algo) {
                let previous = samples.measured.iter().find(|p| p.n + 1 == n && &p.algo == algo);
                entries.push(Entry::Measured(row(m, reference.expect("a cell was measured here"), previous)));
            } else if let Some(skip) = samples.skipped.iter().find(|s| s.n == n && &s.algo == algo) {
                entries.push(Entry::Skipped(skip.clone()));
            }
        }
    }
    Report { settings, clock: samples.clock.clone(), entries }
}

/// The cell the others at one n are compared with: the named algorithm if it was measured there,
/// else the one with the smallest median.
fn reference_at<'a>(here: &[&'a Measurement], named: Option<&str>) -> Option<(&'a Measurement, Stats)> {
    let with_stats = || here.iter().map(|m| (*m, Stats::of(&m.times)));
    with_stats()
        .find(|(m, _)| Some(m.algo.as_str()) == named)
        .or_else(|| with_stats().min_by(|a, b| a.1.median.total_cmp(&b.1.median)))
}

/// One row: `m` compared with the reference and with its own cell at n − 1.
fn row(m: &Measurement, (reference, ref_stats): (&Measurement, Stats), previous: Option<&Measurement>) -> Row {
    let stats = Stats::of(&m.times);
    let (speed, speed_stddev) = relative_speed(&stats, &ref_stats);
    let is_reference = std::ptr::eq(m, reference);
    Row {
        n: m.n,
        algo: m.algo.clone(),
        solutions: m.work.solutions,
        nodes: m.work.nodes(),
        probes: m.work.probes,
        first: m.first,
        learned: m.first > LEARNED * stats.max,
        stats,
        ns_per_node: stats.median * 1e9 / m.work.nodes() as f64,
        ns_per_step: stats.median * 1e9 / steps(m) as f64,
        reference: reference.algo.clone(),
        relative_speed: if is_reference { 1.0 } else { speed },
        relative_speed_stddev: if is_reference { None } else { speed_stddev },
        relative_work: steps(m) as f64 / steps(reference) as f64,
        growth: previous.map(|p| stats.median / Stats::of(&p.times).median),
        times: m.times.clone(),
    }
}

/// Every counted step of a search: nodes and probes together.
fn steps(m: &Measurement) -> u64 {
    m.work.nodes() + m.work.probes
}

/// `cell`'s median over `reference`'s, and its standard deviation by first-order propagation of
/// both relative spreads (the two cells are measured independently).
pub fn relative_speed(cell: &Stats, reference: &Stats) -> (f64, Option<f64>) {
    let ratio = cell.median / reference.median;
    let spread = match (cell.stddev, reference.stddev) {
        (Some(a), Some(b)) => Some(ratio * ((a / cell.median).powi(2) + (b / reference.median).powi(2)).sqrt()),
        _ => None,
    };
    (ratio, spread)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::Work;

    fn cell(n: usize, algo: &str, nodes: u64, probes: u64, times: &[f64]) -> Measurement {
        let work = Work { placed: nodes - 1, probes, solutions: 92 };
        Measurement { n, algo: algo.into(), work, first: times[0], times: times.to_vec() }
    }

    fn settings(reference: Option<&str>) -> Settings {
        Settings { runs: 3, warmup: 0, budget_seconds: 1.0, reference: reference.map(String::from) }
    }

    fn samples() -> Samples {
        Samples {
            algos: vec!["slow".into(), "fast".into()],
            measured: vec![
                cell(7, "slow", 10, 90, &[2.0, 2.0, 2.0]),
                cell(8, "slow", 10, 90, &[6.0, 6.0, 6.0]),
                cell(8, "fast", 10, 10, &[2.0, 2.0, 2.0]),
            ],
            skipped: vec![Skip { n: 9, algo: "slow".into(), reason: "over budget".into(), over: None }],
            clock: "CPU time".into(),
            stopped: false,
        }
    }

    #[test]
    fn the_fastest_is_the_default_reference() {
        let report = report(settings(None), &samples());
        let rows: Vec<_> = report.rows().map(|r| (r.n, r.algo.as_str(), r.relative_speed, r.relative_work)).collect();
        assert_eq!(rows, [(7, "slow", 1.0, 1.0), (8, "slow", 3.0, 5.0), (8, "fast", 1.0, 1.0)]);
        assert_eq!(report.rows().nth(1).unwrap().growth, Some(3.0));
        assert_eq!(report.rows().nth(1).unwrap().ns_per_node, 6e8);
        assert_eq!(report.rows().nth(1).unwrap().ns_per_step, 6e7);
        assert_eq!(report.skips().count(), 1);
    }

    #[test]
    fn a_named_reference_may_be_slower() {
        let report = report(settings(Some("slow")), &samples());
        let speeds: Vec<_> = report.rows().map(|r| (r.algo.as_str(), r.relative_speed)).collect();
        assert_eq!(speeds, [("slow", 1.0), ("slow", 1.0), ("fast", 2.0 / 6.0)]);
    }

    #[test]
    fn a_first_search_over_half_again_the_slowest_run_marks_the_cell_learned() {
        let mut samples = samples();
        samples.measured[0].first = 3.0;
        samples.measured[1].first = 9.01;
        samples.measured[2].times = vec![1.0, 2.0, 4.0];
        samples.measured[2].first = 5.0;
        let learned: Vec<_> = report(settings(None), &samples).rows().map(|r| r.learned).collect();
        assert_eq!(learned, [false, true, false]);
    }

    #[test]
    fn spreads_propagate() {
        let a = Stats::of(&[3.0, 4.0, 5.0]);
        let b = Stats::of(&[1.0, 2.0, 3.0]);
        let (ratio, spread) = relative_speed(&a, &b);
        assert_eq!(ratio, 2.0);
        assert!((spread.unwrap() - 2.0 * (0.0625f64 + 0.25).sqrt()).abs() < 1e-12);
    }
}
